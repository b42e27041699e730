"""Blitz (CR 702.152).

702.152a: "Blitz [cost]" means "You may cast this spell by paying [cost] rather than its
mana cost" (an alternative cost, 118.9: `Cast(card, alt="blitz")`, same timing, never
combined with another alternative cost) and "If this spell's blitz cost was paid, sacrifice
the permanent this spell becomes at the beginning of the next end step" and "As long as
this permanent's blitz cost was paid, it has haste and 'When this permanent is put into a
graveyard from the battlefield, draw a card.'"

The haste and the draw ability are the status of that one object, not copiable values
(707.2): an effect on the object (layer 6, 613.1f) that ends when it leaves the battlefield
(400.7), so a copy of it gets none of it (002 Mayhem Patrol R4). The sacrifice is a delayed
trigger (603.7) remembering that object: if it changed zones, it does nothing (R2).
Jaxis, the Troublemaker gives its tokens the same package (`GainsBlitzPackage`).
"""
from __future__ import annotations

from mtg_ecs.components.definitions import TriggeredAbility, keywords_of
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems.effects import INFO, YOU, Draw, SacrificeIt, Step, add_effect
from mtg_ecs.systems.layers import CE, L_ABILITY
from mtg_ecs.systems.triggers import AtBeginningOf, DelayedTrigger, Dies

DRAW_WHEN_DIES = TriggeredAbility(Dies(), (Draw(YOU, 1),), text="When this creature dies, draw a card.")
SACRIFICE_AT_END = TriggeredAbility(AtBeginningOf("end", "each"), (SacrificeIt(INFO("it")),),
                                    text="Sacrifice it at the beginning of the next end step.")
_HASTE = keywords_of(["haste"])


def _grant(g, ce, ch, allc):
    ch.keywords = ch.keywords + _HASTE
    ch.abilities = tuple(ch.abilities) + (DRAW_WHEN_DIES,)


def give_package(game, eid: int, controller: int, source: int) -> None:
    """The permanent `eid` has haste and 'When this creature dies, draw a card.' while it
    is this object, and `controller` sacrifices it at the beginning of the next end step
    (702.152a). `source`: what made the delayed trigger (the permanent, or Jaxis)."""
    add_effect(game, CE(L_ABILITY, game.tick(), eid, controller, _grant,
                        objects=frozenset((eid,)), duration="while_source"))
    game.delayed.append(DelayedTrigger(AtBeginningOf("end", "each"), SACRIFICE_AT_END, source,
                                       controller, True, {"it": (eid,)}))


def resolved(game, eid: int, controller: int) -> None:
    """A permanent spell whose blitz cost was paid became the permanent `eid` (608.3)."""
    give_package(game, eid, controller, eid)


class GainsBlitzPackage(Step):
    """'<it> gains haste and "When this creature dies, draw a card." Sacrifice it at the
    beginning of the next end step.' (Jaxis, the Troublemaker), for each object named
    that is on the battlefield."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        for e in self.what.resolve(game, ctx):
            if not isinstance(e, PlayerRef) and e in game.battlefield:
                give_package(game, e, ctx.controller, ctx.source)
