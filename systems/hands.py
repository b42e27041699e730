"""'Target opponent reveals their hand. You choose a <quality> card from it and <do
something with> that card' (Nimble Larcenist).

The choice is the controller's and is mandatory when a card qualifies (002 Nimble
Larcenist R1): asked even when one card qualifies, not asked when none does. The chosen
card goes to ctx.vars[key] for the steps that follow (`fx.CHOSEN(key)`).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey, only
from mtg_ecs.systems.effects import Step


class YouChooseFromHand(Step):
    def __init__(self, whose, filter, then, key="chosen"):
        self.whose = whose              # a reference to the player whose hand it is
        self.filter = filter            # filter(chars) -> bool
        self.then = tuple(then)
        self.key = key

    def _st(self, ctx):
        return ctx.vars.setdefault(("from_hand", StepKey(self)), {"asked": False, "i": 0})

    def run(self, game, ctx):
        st = self._st(ctx)
        if not st["asked"]:
            st["asked"] = True
            players = [p for p in self.whose.resolve(game, ctx) if isinstance(p, PlayerRef)]
            opts = [c for p in players for c in game.players[p.index].hand if self.filter(game.chars(c))]
            ctx.vars[self.key] = []
            if opts:
                return Decision("choose", ctx.controller, opts, 1, 1, "choose a card",
                                data=only(opts) if len(opts) == 1 else {})
        while ctx.vars[self.key] and st["i"] < len(self.then):
            d = self.then[st["i"]].run(game, ctx)
            if d is not None:
                return d
            st["i"] += 1
        return None

    def answer(self, game, ctx, decision, answer):
        st = self._st(ctx)
        if ctx.vars[self.key]:
            self.then[st["i"]].answer(game, ctx, decision, answer)
            return
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != 1 or chosen[0] not in decision.options:
            raise IllegalAction("choose one of the cards that qualify")
        ctx.vars[self.key] = list(chosen)
