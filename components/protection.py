"""Protection qualities as values (CR 702.16a): what "protection from <text>" names,
read in the rules' own words when a card is defined. What protection does with them
is `systems/protection.py`.

    >>> [q.text for q in parse_protection("black and from red")]
    ['black', 'red']
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from mtg_ecs.components.types import subtype_from_plural

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


