"""Flipping a coin (CR 705).

705.1: when the effect cares whether the player wins or loses the flip, the flipping
player calls "heads" or "tails" (a decision, kind "choice") and wins if the coin lands
as called; only that player wins or loses it. The coin is the game's RNG (705.3: two
outcomes of equal likelihood), drawn after the call. (Flips that care only about heads or
tails, 705.2, made without a call, have no card yet.)

`FlipCoins` makes the flips and keeps them in ctx.vars[key], a list of `Flip`s, for the
steps after it: `flips_won(key)` ("for each flip you win, draw a card") and
`LOST_FLIPS_FOR(key)` ("for each flip you lose, ~ deals 3 damage to that player":
Mutalith Vortex Beast, 003 §3.12 #5, one flip per opponent).
"""
from __future__ import annotations

from collections import namedtuple

from mtg_ecs.core.decisions import PlayerRef, StepKey
from mtg_ecs.systems.effects import YOU, Ref, Step, amount, choice_decision, chosen_word

SIDES = ("heads", "tails")
# one flip: whom it was made for (a PlayerRef, or None), how the coin landed, and whether
# the flipping player won it
Flip = namedtuple("Flip", "for_player result won")


class FlipCoins(Step):
    """'<who> flips a coin' (n times), or 'for each <players>, flip a coin' (`for_each`: one
    flip per player, in their order), each called by the flipping player (705.1)."""

    def __init__(self, n=1, for_each=None, who=YOU, key="flips"):
        self.n = n
        self.for_each = for_each
        self.who = who
        self.key = key

    def run(self, game, ctx):
        st = ctx.vars.get(("flips", StepKey(self)))
        if st is None:
            fors = ([p for p in self.for_each.resolve(game, ctx) if isinstance(p, PlayerRef)]
                    if self.for_each is not None else [None] * amount(self.n, game, ctx))
            st = ctx.vars[("flips", StepKey(self))] = {"for": fors, "done": []}
        if len(st["done"]) < len(st["for"]):
            who = self.who.resolve(game, ctx)[0].index
            return choice_decision(who, SIDES, "call the coin flip: heads or tails (705.1)")
        ctx.vars[self.key] = list(st["done"])
        return None

    def answer(self, game, ctx, decision, answer):
        call = chosen_word(decision, answer)
        st = ctx.vars[("flips", StepKey(self))]
        result = game.rng.choice(SIDES)
        game.touch_hidden()                 # the RNG's state is the game's state
        st["done"].append(Flip(st["for"][len(st["done"])], result, result == call))


def flips_won(key="flips"):
    """An amount: how many of the flips the flipping player won."""
    return lambda game, ctx: sum(1 for f in ctx.vars.get(key, ()) if f.won)


class _LostFlipsFor(Ref):
    def __init__(self, key):
        self.key = key

    def resolve(self, game, ctx):
        return [f.for_player for f in ctx.vars.get(self.key, ())
                if not f.won and f.for_player is not None
                and not game.players[f.for_player.index].lost]


def LOST_FLIPS_FOR(key="flips") -> Ref:
    """The players the lost flips were made for ('for each flip you lose, ... that player')."""
    return _LostFlipsFor(key)
