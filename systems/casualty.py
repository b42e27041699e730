"""Casualty N and casualty X (CR 702.153).

702.153a: "Casualty N" means "As you cast this spell, you may sacrifice a creature with
power N or greater" (an optional additional cost, 601.2b/601.2f-h: the intention is
announced with the modes, the creature chosen with the total cost and its power checked
when the cost is paid) and "When you cast this spell, if a casualty cost was paid for it,
copy it. If the spell has any targets, you may choose new targets for the copy." One
creature, one copy. The copy is put on the stack by the trigger, so it is not cast
(707.10) and resolves before the original. A spell countered or removed before the
trigger resolves is still copied, as it last existed on the stack (608.2h:
`copy.copy_spell`).

Casualty X (Ob Nixilis, the Adversary): the caster chooses X with the intention to pay
(601.2b), and sacrifices a creature with power X or greater. Casting a spell without
paying its mana cost still allows paying casualty: it is an additional cost (118.9d).
With another sacrifice cost (Maestros Ascendancy's), one creature can't pay both
(701.21a): casualty is offered only if a creature would be left for it, and the other
cost's choice must leave one (`leaves_one`), so every cost announced can be paid (601.2h).

`CastTask` (systems/casting.py) asks and pays it; `cast` puts the trigger among the
pending triggers as the spell becomes cast (601.2i).
"""
from __future__ import annotations

import dataclasses

from mtg_ecs.components import Card, Spell
from mtg_ecs.components.definitions import StaticAbility, TriggeredAbility
from mtg_ecs.systems.copy import CopySpell
from mtg_ecs.systems.effects import INFO
from mtg_ecs.systems.triggers import CastThisSpell, PendingTrigger


def casualty_of(defn):
    """The card's casualty number (an int, or 'X'), or None (702.153a)."""
    k = defn.keyword("casualty")
    return None if k is None else k.param


def power_needed(defn, x) -> int:
    """The least power a creature sacrificed for casualty must have (702.153a): N, or the
    X the caster chose."""
    n = casualty_of(defn)
    return x if n == "X" else n


def candidates(game, player: int, power: int) -> list:
    """Creatures `player` controls with power `power` or greater (701.21a: only your own
    permanents can be sacrificed), their power as it is now."""
    out = []
    for e in game.battlefield:
        ch = game.chars(e)
        if ch.controller == player and "Creature" in ch.types and (ch.power or 0) >= power:
            out.append(e)
    return out


def greatest_power(game, creatures, spared=lambda e: True) -> int:
    """Casualty X: the greatest X one of `creatures` (those that could be sacrificed for
    it) could pay for (0 with none); `spared(e)`: whether the spell's other costs can be
    paid without sacrificing `e`."""
    return max([game.chars(e).power or 0 for e in creatures if spared(e)] or [0])


def leaves_one(cands, opts, n: int, group=()) -> bool:
    """Whether `n` permanents of `opts`, `group` among them, can be sacrificed for another
    cost of the spell while a creature of `cands` is left to sacrifice for casualty: one
    permanent can't be sacrificed twice (701.21a), and every cost announced must be paid
    (601.2h)."""
    return any(c not in group and len(group) + sum(1 for o in opts if o != c and o not in group) >= n
               for c in cands)


def _paid(game, source, controller, info) -> bool:
    return bool(info.get("casualty"))


# "The copy isn't legendary and has starting loyalty X." (Ob Nixilis, the Adversary): the
# rule of a static ability of the spell, read by its casualty copy (707.9b)
COPY_NONLEGENDARY_LOYALTY_X = "casualty_copy_nonlegendary_loyalty_x"


def copy_nonlegendary_loyalty_x(text: str) -> StaticAbility:
    return StaticAbility(rules=(COPY_NONLEGENDARY_LOYALTY_X,), zones=("stack",), text=text)


def _copy_values(defn, sp):
    """The casualty copy's copiable values: the spell's, with the exceptions it states."""
    if any(isinstance(ab, StaticAbility) and COPY_NONLEGENDARY_LOYALTY_X in ab.rules
           for ab in defn.abilities):
        return dataclasses.replace(defn, supertypes=defn.supertypes - {"Legendary"}, loyalty=sp.x)
    return defn


CASUALTY_TRIGGER = TriggeredAbility(
    CastThisSpell(), (CopySpell(INFO("spell"), values=_copy_values),), intervening_if=_paid,
    text="When you cast this spell, if a casualty cost was paid for it, copy it. "
         "If the spell has any targets, you may choose new targets for the copy.")


def cast(game, eid: int) -> None:
    """601.2i: the spell `eid` became cast; if its casualty cost was paid, its casualty
    ability triggers (603.2)."""
    sp = game.world.ents[eid][Spell]
    if sp.casualty:
        game.pending_triggers.append(PendingTrigger(
            CASUALTY_TRIGGER, eid, sp.controller, {"spell": eid, "casualty": True},
            game.world.ents[eid][Card].card_id, 0))
