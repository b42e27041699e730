"""'Any opponent may <do something>. If they do, <effect>' (Reservoir Kraken).

As the ability resolves, each opponent in turn order chooses whether to do it, even if one
earlier in turn order already did (002 Reservoir Kraken R2); the effect that follows
happens once if any of them did (101.4: choices in APNAP order).

    OpponentsMayTap((fx.Tap(fx.SELF), fx.CreateTokens("Fish")))
"""
from __future__ import annotations

from mtg_ecs.components import Tapped
from mtg_ecs.core.decisions import Decision, IllegalAction, StepKey
from mtg_ecs.systems import zones
from mtg_ecs.systems.effects import Step


class OpponentsMayTap(Step):
    """'Any opponent may tap an untapped creature they control. If they do, <then>'."""

    def __init__(self, then):
        self.then = tuple(then)

    def _key(self):
        return ("opponents_may", StepKey(self))

    def _options(self, game, p):
        return [e for e in game.battlefield if game.chars(e).controller == p
                and "Creature" in game.chars(e).types and not game.world.has(e, Tapped)]

    def run(self, game, ctx):
        st = ctx.vars.get(self._key())
        if st is None:
            st = ctx.vars[self._key()] = {
                "left": [p for p in game.apnap() if p != ctx.controller], "did": False, "i": 0}
        while st["left"]:
            p = st["left"][0]
            opts = self._options(game, p)
            if opts:
                return Decision("choose", p, opts, 0, 1, "tap an untapped creature you control? ([] for no)")
            st["left"].pop(0)
        while st["did"] and st["i"] < len(self.then):
            d = self.then[st["i"]].run(game, ctx)
            if d is not None:
                return d
            st["i"] += 1
        del ctx.vars[self._key()]
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[self._key()]
        if not st["left"]:                          # a decision of an effect that followed
            self.then[st["i"]].answer(game, ctx, decision, answer)
            return
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) > 1 or any(c not in decision.options for c in chosen):
            raise IllegalAction("choose at most one untapped creature you control")
        if chosen:
            zones.tap(game, chosen[0])
            st["did"] = True
        st["left"].pop(0)
