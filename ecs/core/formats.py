"""Game formats and how many players each seats (CR 100.2, 800-810, 903).

    duel               two players (the default)
    free-for-all       3-6 players, each on their own, with the attack multiple players
                       option (802) and no limited range of influence (801)
    commander          2-6 players, Commander rules (903) on a free-for-all table
    two-headed-giant   two teams of two (810)
    archenemy          the archenemy alone against a team of the others (904): its setup
                       only (904.2, 904.5, 904.6); scheme cards are not played. Not a scenario
                       file format (shared/scenario-format.md): `Game.new(decks, format=...)`

A format is part of the game's state (`Game.format`): rules that differ by format
read it (103.8: who skips the first draw; 810: shared life and turns; 903: the command
zone), never the number of players alone.
"""
from __future__ import annotations

FORMATS = {"duel": (2, 2), "free-for-all": (3, 6), "commander": (2, 6),
           "two-headed-giant": (4, 4), "archenemy": (3, 6)}
# formats the engine plays today (the others are named, and refused with a clear error)
SUPPORTED = {"duel", "free-for-all", "commander", "two-headed-giant", "archenemy"}
# starting life where the format changes it (103.4): 40 in Commander (903.7), a
# Two-Headed Giant team's shared 30 (103.4a, 810.4); Archenemy: systems/teams.py (904.5)
STARTING_LIFE = {"commander": 40, "two-headed-giant": 30}


def starting_life(fmt: str) -> int:
    """Each player's starting life total in format `fmt` (103.4, 903.7)."""
    return STARTING_LIFE.get(fmt, 20)


class FormatError(ValueError):
    """An unknown or unsupported format, or a number of players it doesn't seat."""


def check_format(fmt: str, players: int) -> None:
    """Raise FormatError unless `fmt` is a format the engine plays with `players` seats."""
    if fmt not in FORMATS:
        raise FormatError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")
    if fmt not in SUPPORTED:
        raise FormatError(f"format {fmt} is not supported yet")
    lo, hi = FORMATS[fmt]
    if not lo <= players <= hi:
        seats = f"{lo}" if lo == hi else f"{lo} to {hi}"
        more = " (free-for-all seats 3 to 6)" if fmt == "duel" else ""
        raise FormatError(f"a {fmt} game has {seats} players, not {players}{more}")
