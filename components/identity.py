"""Color identity (CR 903.4): the colors of a card for Commander deck construction.

    >>> from mtg_ecs.cards import get_card
    >>> sorted(color_identity(get_card("Jinnie Fay, Jetmir's Second")))
    ['G', 'R', 'W']

A card's color identity is its colors (its mana cost, 105.2, or its color indicator, 204)
and the colors of every mana symbol in its rules text (903.4): a hybrid symbol counts as
both its colors ({R/G}: red and green; {2/W}: white), a Phyrexian one as its color.
Reminder text (in parentheses, 207.2) is not rules text and is ignored; a land's basic land
types give it their intrinsic mana abilities (305.6: a Forest has "{T}: Add {G}"). The
card data has no back faces (903.4d) and no characteristic-defining color abilities
(903.4a) among its cards; a color indicator is `CardDef.colors`.
"""
from __future__ import annotations

import re

COLORS = "WUBRG"
_SYMBOL = re.compile(r"\{([^{}]*)\}")
_REMINDER = re.compile(r"\([^()]*\)")
_LAND_TYPE_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_CACHE: dict = {}           # card definition -> its color identity (definitions are immutable)


def color_identity(defn) -> frozenset:
    """The color identity of the card `defn` (a CardDef): a set of 'W', 'U', 'B', 'R', 'G'."""
    hit = _CACHE.get(defn)
    if hit is None:
        hit = _CACHE[defn] = frozenset(_identity(defn))
    return hit


def within(defn, identity) -> bool:
    """903.5c: is the card's color identity among the colors of `identity`?"""
    return color_identity(defn) <= frozenset(identity)


def _identity(defn) -> set:
    out = set(defn.base_colors)                       # mana cost or color indicator
    for pair in defn.cost.hybrid:                     # ({2/W}'s '2' is no color)
        out.update(c for c in pair if c in COLORS)
    for text in _rules_text(defn):
        for sym in _SYMBOL.findall(_REMINDER.sub("", text)):
            out.update(c for c in sym.upper().split("/") if c in COLORS)
    if "Land" in defn.types:
        out.update(_LAND_TYPE_COLORS[t] for t in defn.subtypes if t in _LAND_TYPE_COLORS)
    return out


def _rules_text(defn):
    """Every piece of the card's rules text: its keywords, abilities and spell ability,
    its alternative cost, and any text of its own."""
    yield defn.text
    for k in defn.keywords:
        yield k.text
    for ab in defn.abilities:
        yield getattr(ab, "text", "") or ""
    if defn.spell is not None:
        yield getattr(defn.spell, "text", "") or ""
    if defn.alt_cost is not None:
        yield getattr(defn.alt_cost.mana, "text", "") or ""
