"""Choosing a player (CR 101.4, 102.2-102.3): "choose an opponent", "an opponent of your
choice" (Khârn the Betrayer: "an opponent of your choice gains control of it"); choices
made for each player ("for each opponent, choose a nonland permanent that player
controls": Chaos Defiler, `ChooseForEachPlayer`).

The choice is a decision of the player the effect names (kind "choose"; its options the
opponents still in the game, 800.4a, in turn order), asked even when there is one
(`data[ONLY]`). The chosen player goes to ctx.vars[key] (a PlayerRef) for the steps after
it, which name them with `CHOSEN_PLAYER(key)` ("that player"). A random choice of a player
is no decision: systems/random_choice.py.
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey, only
from mtg_ecs.systems.effects import EACH_OPPONENT, YOU, Ref, Step


class ChoosePlayer(Step):
    """'<chooser> chooses <one of among>' as the effect resolves (not targeted: hexproof
    and the like don't matter, 115.10); by default the controller chooses an opponent."""

    def __init__(self, among=EACH_OPPONENT, key="chosen_player", chooser=YOU,
                 prompt="choose an opponent"):
        self.among = among
        self.key = key
        self.chooser = chooser
        self.prompt = prompt

    def run(self, game, ctx):
        if (self.key, StepKey(self)) in ctx.vars:
            return None
        opts = [p for p in self.among.resolve(game, ctx) if isinstance(p, PlayerRef)]
        if not opts:
            ctx.vars[self.key] = None
            ctx.vars[(self.key, StepKey(self))] = True
            return None
        who = self.chooser.resolve(game, ctx)[0].index
        return Decision("choose", who, opts, 1, 1, self.prompt,
                        data=only([opts[0]]) if len(opts) == 1 else {})

    def answer(self, game, ctx, decision, answer):
        ctx.vars[self.key] = _one_of(game, decision, answer)
        ctx.vars[(self.key, StepKey(self))] = True


class _ChosenPlayer(Ref):
    def __init__(self, key):
        self.key = key

    def resolve(self, game, ctx):
        p = ctx.vars.get(self.key)
        return [] if p is None or game.players[p.index].lost else [p]


def CHOSEN_PLAYER(key="chosen_player") -> Ref:
    """The player a step before chose ('that player'), while still in the game."""
    return _ChosenPlayer(key)


class ChooseForEachPlayer(Step):
    """'For each opponent, choose a <filter> permanent that player controls': the
    ability's controller makes one choice per player, in their order (APNAP), passing over
    a player who controls none; the chosen objects go to ctx.vars[key] (`effects.CHOSEN`).
    `filter(game, eid, chars)`."""

    def __init__(self, filter, for_each=EACH_OPPONENT, key="chosen", prompt="choose a permanent"):
        self.filter = filter
        self.for_each = for_each
        self.key = key
        self.prompt = prompt

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("each", StepKey(self)), {"players": None, "chosen": []})
        if st["players"] is None:
            st["players"] = [p.index for p in self.for_each.resolve(game, ctx)
                             if isinstance(p, PlayerRef)]
        while st["players"]:
            p = st["players"][0]
            opts = [e for e in game.battlefield
                    if game.chars(e).controller == p and self.filter(game, e, game.chars(e))]
            if opts:
                return Decision("choose", ctx.controller, opts, 1, 1, f"{self.prompt} p{p} controls",
                                data={"for_player": PlayerRef(p),
                                      **(only([opts[0]]) if len(opts) == 1 else {})})
            st["players"].pop(0)
        ctx.vars[self.key] = list(st["chosen"])
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("each", StepKey(self))]
        st["chosen"].append(_one_of(game, decision, answer))
        st["players"].pop(0)


def _one_of(game, decision, answer):
    """The one option a "choose" answer names (a list of one, or the option itself)."""
    chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    if len(chosen) != 1 or chosen[0] not in decision.options:
        raise IllegalAction(f"choose one of: {', '.join(game.name(o) for o in decision.options)}")
    return chosen[0]
