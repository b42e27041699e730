"""'Do this only once each turn' (an ability's instruction to itself; spec 002 Riveteers
Ascendancy R1-R4): what it limits is the thing done (returning a card), not the triggering,
and each permanent's ability counts on its own. Once done this turn, the ability no longer
triggers and instances already on the stack do nothing: the same as an intervening 'if'
(603.4) on 'you haven't done this this turn'."""
from __future__ import annotations

from mtg_ecs.components import DidThisTurn
from mtg_ecs.systems.effects import Step


def not_done_this_turn(game, source, controller, info) -> bool:
    """The triggered ability's condition, as it triggers and as it resolves."""
    done = game.get(source, DidThisTurn) if game.exists(source) else None
    return done is None or done.turn != game.turn


class MarkDone(Step):
    """It is being done now: the source's ability won't do it again this turn."""

    def run(self, game, ctx):
        if game.exists(ctx.source) and game.zone_of(ctx.source) == "battlefield":
            game.set(ctx.source, DidThisTurn(game.turn))
