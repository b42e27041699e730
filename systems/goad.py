"""Goad (CR 701.15).

To goad a creature is to make it attack each combat if able and attack a player other
than the goading player if able, until the goading player's next turn (701.15a-b), or
for as long as the effect says ("for the rest of the game": Life of the Party). Being
goaded is a rules effect on the creature, not an ability (it keeps it when it loses its
abilities): the flag `goaded_by:N` in layer 8 of the goading player's effect, whose
duration 'until_your_next_turn' ends as that player's next turn begins (611.2a). The
requirements it makes are read where attackers are declared (`combat.attack_requirements`,
508.1d: as many obeyed as possible), each goading player's two separately, so a creature
goaded by several players attacks one who didn't goad it if it can (701.15c).

A goading player who has left the game: a duration 'until your next turn' lasts until
that turn would have begun (800.4m, ended by the leaving-the-game system); meanwhile the
creature still attacks if able, and since the goader can't be attacked, attacking any
player obeys 'a player other than the goader' (002 Life of the Party R1).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems.combat import GOADED_BY
from mtg_ecs.systems.effects import Step, add_effect
from mtg_ecs.systems.layers import CE, L_RULES, writes

DURATIONS = ("until_your_next_turn", "forever")


def goad(game, objs, goader: int, source, duration: str = "until_your_next_turn") -> None:
    """`goader` goads the creatures `objs` (701.15a); being goaded again by the same player
    is redundant (the flag is one), by another adds that player's requirements (701.15c)."""
    objs = frozenset(objs)
    if not objs:
        return
    flag = f"{GOADED_BY}{goader}"

    @writes("flags")
    def apply(g, ce, ch, allc):
        ch.flags = ch.flags | {flag}
    add_effect(game, CE(L_RULES, game.tick(), source, goader, apply, objects=objs,
                        duration=duration))


def goaded_by(game, eid) -> list[int]:
    """The players who have goaded creature `eid` (none: not goaded)."""
    return sorted(int(f[len(GOADED_BY):]) for f in game.chars(eid).flags if f.startswith(GOADED_BY))


def is_goaded(game, eid) -> bool:
    """'goaded creatures' (Puppet Master, Life of the Party's tokens)."""
    return any(f.startswith(GOADED_BY) for f in game.chars(eid).flags)


class Goad(Step):
    """'Goad <creatures>' (701.15a): the ability's controller goads each creature the
    reference names that is still on the battlefield; `duration` 'forever' for "... for
    the rest of the game"."""

    def __init__(self, what, duration: str = "until_your_next_turn"):
        if duration not in DURATIONS:
            raise ValueError(f"Goad: duration {duration!r} (one of {', '.join(DURATIONS)})")
        self.what = what
        self.duration = duration

    def run(self, game, ctx):
        objs = [o for o in self.what.resolve(game, ctx)
                if not isinstance(o, PlayerRef) and o in game.battlefield
                and "Creature" in game.chars(o).types]
        goad(game, objs, ctx.controller, ctx.source, self.duration)
