"""Protection (CR 702.16): its qualities in the rules' own words, and DEBT.

"Protection from [quality]" is read when a card is defined (`parse_protection`): a quality
the engine doesn't know is refused there with a clear error (a misread quality would
otherwise silently protect from nothing). The qualities:

* a color (`white` ... `green`), `colorless`, `multicolored`, `monocolored` (105.1, 105.2);
* `everything` (702.16j: every object);
* a card type in the plural (`creatures`, `artifacts`, `instants`, ...; 205.2a);
* a subtype in the plural, with the plurals of rules text (`Elves`, `Dwarves`, `Wolves`,
  `Sphinxes`, `Goblins`; ecs/core/types.py), any kind of subtype (205.3);
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
from dataclasses import dataclass

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_PLURALS = {"artifacts": "Artifact", "battles": "Battle", "creatures": "Creature",
                 "enchantments": "Enchantment", "instants": "Instant", "lands": "Land",
                 "planeswalkers": "Planeswalker", "sorceries": "Sorcery", "kindreds": "Kindred"}


class ProtectionError(ValueError):
    """A protection quality the rules don't define (or the engine can't read)."""


@dataclass(frozen=True)
class Quality:
    """One protection quality: `kind` ('color', 'colorless', 'multicolored', 'monocolored',
    'everything', 'type', 'subtype', 'chosen_color', 'mana_value', 'opponents') and its
    value (a color letter, a card type, a subtype, (op, n))."""
    kind: str
    value: object = None
    text: str = ""

    def __str__(self):
        return self.text


def _split(text: str) -> list:
    """CR 702.16g: 'A and from B', 'A, from B, and from C' -> [A, B, C]."""
    parts = re.split(r",\s*and from\s+|,\s*from\s+|\s+and from\s+", text.strip())
    return [p.strip() for p in parts]


def parse_quality(text: str) -> tuple:
    """The qualities one 'protection from <text>' names (several for 'all colors')."""
    from mtg_ecs.core.types import subtype_from_plural
    raw = text.strip()
    q = raw.lower()
    if q in COLOR_WORDS:
        return (Quality("color", COLOR_WORDS[q], q),)
    if q in ("all colors", "each color"):                         # CR 702.16h
        return tuple(Quality("color", letter, name) for name, letter in COLOR_WORDS.items())
    if q in ("colorless", "multicolored", "monocolored", "everything"):
        return (Quality(q, None, q),)
    if q in _TYPE_PLURALS:
        return (Quality("type", _TYPE_PLURALS[q], q),)
    if q == "the chosen color":
        return (Quality("chosen_color", None, q),)
    if q in ("each of your opponents", "your opponents"):       # CR 702.16k
        return (Quality("opponents", None, q),)
    m = re.fullmatch(r"mana value (\d+) or (less|greater)", q)
    if m:
        return (Quality("mana_value", (m.group(2), int(m.group(1))), q),)
    sub = subtype_from_plural(raw)
    if sub is not None:
        return (Quality("subtype", sub, q),)
    raise ProtectionError(
        f"protection from {raw!r}: unknown quality (CR 702.16a; known: a color, 'all colors', "
        "'colorless', 'multicolored', 'monocolored', 'everything', card types and subtypes in the "
        "plural (creatures, Elves), 'the chosen color', 'mana value N or less/greater', "
        "'each of your opponents'; 'A and from B' for several)")


def parse_protection(text: str) -> tuple:
    """'protection from <qualities>' (text after 'from') -> one Quality per protection
    ability it stands for (702.16g-h), in printed order; unknown ones are refused."""
    out = []
    for part in _split(text):
        if not part:
            raise ProtectionError(f"protection from {text!r}: an empty quality")
        out.extend(parse_quality(part))
    return tuple(out)


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
        return obj.controller != holder.controller
    raise ProtectionError(f"unknown protection quality {quality!r}")


def _mana_value(game, obj) -> int:
    from mtg_ecs.components import Spell
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
