"""Durations of continuous effects from resolved spells and abilities (CR 611.2) that end
other than at the cleanup step ('until end of turn', 514.2).

'Until your next turn' (duration 'until_your_next_turn'): the effect ends as its
controller's next turn begins, before anything else of that turn (`your_next_turn_began`,
the first of the untap step's turn-based actions after the turn's bookkeeping); if its
controller has left the game, as that turn would have begun (800.4m, `turns_passed_over`).

'For as long as ...' (611.2b): a continuous effect from a resolved spell or
ability whose duration names a source ends as soon as that condition stops being true, and
doesn't start again if it becomes true later (002 Slip Out the Back R6).

* 'while_source': for as long as the source remains on the battlefield;
* 'while_controlled': for as long as the effect's controller controls the source
  (Extraction Specialist).

A source that phases out is treated as though it doesn't exist (702.26b): both end then too.
If the duration already ended as the effect would begin, it does nothing (611.2b:
002 Extraction Specialist R1): `ended_before`.
"""
from __future__ import annotations

from itertools import filterfalse

from mtg_ecs.systems.teams import active_players

SOURCE_DURATIONS = ("while_source", "while_controlled")


def ended_before(game, ce) -> bool:
    """Has the duration of this new effect already ended (611.2b)?"""
    if ce.duration not in SOURCE_DURATIONS:
        return False
    if ce.source not in game.battlefield:
        return True
    return ce.duration == "while_controlled" and game.chars(ce.source).controller != ce.controller


def source_gone(game, eid: int) -> None:
    """The permanent `eid` left the battlefield or phased out: effects lasting for as long
    as it remains, or for as long as someone controls it, end."""
    _end(game, lambda ce: ce.source == eid and ce.duration in SOURCE_DURATIONS)


def control_changed(game, eid: int, player: int) -> None:
    """`player` now controls `eid`: effects lasting for as long as another player controls it end."""
    _end(game, lambda ce: ce.source == eid and ce.duration == "while_controlled" and ce.controller != player)


def your_next_turn_began(game) -> None:
    """A turn began: effects its active player controls lasting 'until your next turn' end
    (805.4a: each player of the active team's)."""
    if game.effects:
        for p in active_players(game):
            _next_turn_of(game, p)


def turns_passed_over(game, prev: int, nxt: int) -> None:
    """The turn goes from `prev` to `nxt`: the players between them in turn order have left
    the game, so their turns don't begin (800.4k), but their effects lasting 'until your
    next turn' end as those turns would have begun (800.4m)."""
    n = len(game.players)
    q = (prev + 1) % n
    while q != nxt and game.effects:
        _next_turn_of(game, q)
        q = (q + 1) % n


def _next_turn_of(game, player: int) -> None:
    _end(game, lambda ce: ce.duration == "until_your_next_turn" and ce.controller == player)


def _end(game, ends) -> None:
    if game.effects:
        kept = list(filterfalse(ends, game.effects))
        if len(kept) != len(game.effects):
            game.effects = kept
            game.version += 1
