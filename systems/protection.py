"""Protection (CR 702.16): its qualities in the rules' own words, and DEBT.

"Protection from [quality]" is read when a card is defined (`parse_protection`): a quality
the engine doesn't know is refused there with a clear error (a misread quality would
otherwise silently protect from nothing). The qualities:

* a color (`white` ... `green`), `colorless`, `multicolored`, `monocolored` (105.1, 105.2);
* `everything` (702.16j: every object);
* a card type in the plural (`creatures`, `artifacts`, `instants`, ...; 205.2a);
* a subtype in the plural, with the plurals of rules text (`Elves`, `Dwarves`, `Wolves`,
  `Sphinxes`, `Goblins`; components/types.py), any kind of subtype (205.3);
* `the chosen color` (the color chosen for the object with it as it entered);
* `mana value N or less` / `N or greater` (202.3);
* `each of your opponents` (702.16k: objects your opponents control).

"Protection from A and from B" (and "from A, from B, and from C") is shorthand for separate
protection abilities (702.16g), "protection from all colors" / "each color" for one per
color (702.16h): each becomes its own keyword, and each protects.

What protection does (DEBT) asks `protection_from(game, holder, obj)`: Damage from such a
source is prevented (702.16e, replacement.protection_prevents), it can't be Enchanted or
Equipped by such an Aura or Equipment (702.16c-d, auras.can_enchant, sba), Blocked by such
a creature (702.16f, combat.block_problem), or Targeted by such a spell or by abilities
from such a source (702.16b, targeting.targetable_by).
"""
from __future__ import annotations

import re

from mtg_ecs.components.protection import (COLOR_WORDS, ProtectionError, Quality,  # noqa: F401
                                           parse_protection, parse_quality)
from mtg_ecs.components import Spell


def has_quality(game, quality: Quality, obj, holder=None) -> bool:
    """Does the object with characteristics `obj` (a source, spell, Aura, Equipment or
    creature) have `quality`, for the protection of `holder` (the characteristics of the
    object with protection: whose chosen color, whose opponents)?"""
    k = quality.kind
    if k == "color":
        return quality.value in obj.colors
    if k == "everything":                                   # CR 702.16j
        return True
    if k == "type":
        return quality.value in obj.types
    if k == "subtype":
        return quality.value in obj.subtypes
    if k == "multicolored":
        return len(obj.colors) > 1
    if k == "monocolored":
        return len(obj.colors) == 1
    if k == "colorless":
        return not obj.colors
    if k == "chosen_color":
        if holder is None or game is None:
            return False
        from mtg_ecs.systems.choices import chosen
        color = chosen(game, holder.eid, "color") if game.exists(holder.eid) else None
        letter = COLOR_WORDS.get(str(color).lower(), color) if color is not None else None
        return letter is not None and letter in obj.colors
    if k == "mana_value":
        op, n = quality.value
        mv = _mana_value(game, obj)
        return mv <= n if op == "less" else mv >= n
    if k == "opponents":                                    # CR 702.16k
        if holder is None or obj.controller is None:
            return False
        return game.is_opponent(holder.controller, obj.controller)
    raise ProtectionError(f"unknown protection quality {quality!r}")


def _mana_value(game, obj) -> int:
    mv = obj.mana_value
    if game is not None and game.exists(obj.eid) and game.zone_of(obj.eid) == "stack":
        sp = game.world.get(obj.eid, Spell)
        if sp is not None:
            mv += obj.cost.x * (sp.x or 0)                  # CR 202.3e
    return mv


def protection_from(game, holder, obj):
    """The first protection ability of `holder` (characteristics) whose quality `obj` has,
    or None: each instance protects on its own (702.16g-h)."""
    if obj is None:
        return None
    for kw in holder.keywords:
        if kw.name == "protection" and has_quality(game, kw.param, obj, holder):
            return kw
    return None
