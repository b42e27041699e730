"""CR 702.16: protection qualities read in the rules' own words (colors, 'all colors',
multicolored/monocolored/colorless, everything, card types and subtypes with their real
plurals, the chosen color, mana value, each of your opponents), 'from A and from B' as
separate abilities (702.16g-h), unknown qualities refused when a card is defined, and what
protection does (DEBT, 702.16b-f) for each quality through the engine's own checks."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import CardError, make_card, parse_keyword
from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.systems.targeting import TargetContext, targetable_by
from mtg_ecs.systems.replacement import protection_prevents
from mtg_ecs.systems.combat import block_problem
from mtg_ecs.systems.sba import _equipment_legal


def ent(r, handle):
    return r.game.card_entity[r.handles[handle]]


def _c(name, cost, type_line, pt=(2, 2)):
    return {"name": name, "cost": cost, "type": type_line, "pt": list(pt)}


# objects that have (M) or lack (N) a quality: test creatures, one per characteristic
SOURCES = [
    _c("Test White Bear", "{1}{W}", "Creature — Bear"),
    _c("Test Red Bear", "{1}{R}", "Creature — Bear"),
    _c("Test Black Bear", "{1}{B}", "Creature — Bear"),
    _c("Test Gold Bear", "{R}{G}", "Creature — Bear"),
    _c("Test Iron Bear", "{2}", "Artifact Creature — Bear"),
    _c("Test Elf Scout", "{1}{G}", "Creature — Elf Scout"),
    _c("Test Dwarf Smith", "{1}{R}", "Creature — Dwarf Artificer"),
    _c("Test Wolf Pup", "{1}{G}", "Creature — Wolf"),
    _c("Test Big Bear", "{4}{G}", "Creature — Bear"),
]

# quality -> (sources with it, sources without it)
MATRIX = {
    "white": (["Test White Bear"], ["Test Red Bear", "Test Iron Bear"]),
    "Elves": (["Test Elf Scout"], ["Test Red Bear", "Test Wolf Pup"]),
    "Dwarves": (["Test Dwarf Smith"], ["Test Elf Scout"]),
    "Wolves": (["Test Wolf Pup"], ["Test Elf Scout"]),
    "black and from red": (["Test Black Bear", "Test Red Bear", "Test Gold Bear", "Test Dwarf Smith"],
                           ["Test White Bear", "Test Elf Scout"]),
    "all colors": (["Test White Bear", "Test Red Bear", "Test Gold Bear"], ["Test Iron Bear"]),
    "multicolored": (["Test Gold Bear"], ["Test Red Bear", "Test Iron Bear"]),
    "monocolored": (["Test Red Bear", "Test Elf Scout"], ["Test Gold Bear", "Test Iron Bear"]),
    "colorless": (["Test Iron Bear"], ["Test Red Bear"]),
    "everything": (["Test Iron Bear", "Test Red Bear", "Test Elf Scout"], []),
    "artifacts": (["Test Iron Bear"], ["Test Red Bear"]),
    "creatures": (["Test Iron Bear", "Test Elf Scout"], []),
    "the chosen color": (["Test Red Bear", "Test Gold Bear"], ["Test White Bear", "Test Iron Bear"]),
    "mana value 2 or less": (["Test Elf Scout", "Test Iron Bear"], ["Test Big Bear"]),
    "each of your opponents": (["Test Red Bear"], []),
}


def _debt(quality):
    """A game with a creature with 'protection from <quality>' (p0's, red chosen for it) and
    each test source on the battlefield (p1's)."""
    holder = {"name": "Test Warded", "cost": "{1}{W}", "type": "Creature — Human Knight", "pt": [2, 2],
              "keywords": [f"protection from {quality}"]}
    data = {"name": "debt", "cards": [holder] + SOURCES,
            "players": [{"battlefield": [{"card": "Test Warded", "id": "h", "chosen": {"color": "red"}}]},
                        {"battlefield": [{"card": c["name"], "id": c["name"]} for c in SOURCES]}]}
    r = Runner(data)
    return r.game, ent(r, "h"), {c["name"]: ent(r, c["name"]) for c in SOURCES}


def _protected(g, h, s) -> dict:
    """What protection does (DEBT) between holder h and source s, through the engine."""
    from mtg_ecs.systems.auras import can_enchant
    hc, sc = g.chars(h), g.chars(s)
    from mtg_ecs.components import Attacking
    from mtg_ecs.core.decisions import PlayerRef
    g.set(h, Attacking(PlayerRef(1)))
    return {"damage": protection_prevents(g, sc, h),
            "equipped": not _equipment_legal(g, s, sc, h),
            "enchanted": not can_enchant(g, _as_aura(sc), h),
            "blocked": block_problem(g, s, h) is not None,
            "targeted": not targetable_by(g, h, hc, TargetContext(sc.controller, s, sc, False))}


def _as_aura(sc):
    """The same characteristics as an 'enchant creature' Aura (not a creature, 303.4d)."""
    c = sc.copy()
    c.types = frozenset(c.types - {"Creature"}) | {"Enchantment"}
    c.subtypes = c.subtypes + ("Aura",)
    c.keywords = c.keywords + (parse_keyword("enchant creature"),)
    return c


@pytest.mark.parametrize("quality", list(MATRIX))
def test_protection_debt_for_each_quality(quality):
    """CR 702.16b-f: damage from, enchanting/equipping by, blocking by and targeting by an
    object with the quality are all stopped; objects without it aren't stopped."""
    g, h, src = _debt(quality)
    having, lacking = MATRIX[quality]
    debt = ("damage", "equipped", "enchanted", "blocked", "targeted")
    if quality == "creatures":
        debt = ("damage", "equipped", "blocked", "targeted")     # an Aura is never a creature (303.4d)
    for name in having:
        got = _protected(g, h, src[name])
        assert {k: got[k] for k in debt} == dict.fromkeys(debt, True), name
    for name in lacking:
        assert not any(_protected(g, h, src[name]).values()), name


def test_protection_from_each_of_your_opponents_not_from_your_own_objects():
    """CR 702.16k: only objects an opponent controls are stopped."""
    data = {"name": "opp", "cards": [{"name": "Test Warded", "cost": "{1}{W}", "type": "Creature — Human",
                                      "pt": [2, 2], "keywords": ["protection from each of your opponents"]}],
            "players": [{"battlefield": [{"card": "Test Warded", "id": "h"}, {"card": "Centaur Courser", "id": "mine"}]},
                        {"battlefield": [{"card": "Centaur Courser", "id": "theirs"}]}]}
    r = Runner(data)
    g, h = r.game, ent(r, "h")
    assert protection_prevents(g, g.chars(ent(r, "theirs")), h)
    assert not protection_prevents(g, g.chars(ent(r, "mine")), h)


@pytest.mark.parametrize("text,qualities", [
    ("protection from black and from red", ["black", "red"]),
    ("protection from blue, from black, and from red", ["blue", "black", "red"]),
    ("Protection from Demons and from Dragons", ["demons", "dragons"]),
    ("protection from all colors", ["white", "blue", "black", "red", "green"]),
])
def test_protection_from_several_qualities_is_several_abilities(text, qualities):
    """CR 702.16g-h: one keyword per protection ability."""
    from mtg_ecs.components.definitions import parse_keywords
    kws = parse_keywords(text)
    assert [k.name for k in kws] == ["protection"] * len(qualities)
    assert [k.text for k in kws] == [f"protection from {q}" for q in qualities]


@pytest.mark.parametrize("text", ["protection from Elve", "protection from fish sticks",
                                  "protection from red and from spoons", "protection from black and red",
                                  "protection from"])
def test_unknown_protection_quality_is_refused_when_the_card_is_defined(text):
    """CR 702.16a: a quality the engine can't read is an error at definition time, not a
    protection that silently protects from nothing."""
    with pytest.raises(CardError, match="unknown quality|unknown keyword"):
        make_card("Test Bad Ward", "{W}", "Creature — Human", pt=(1, 1), keywords=[text])


@pytest.mark.parametrize("word,subtype", [("Elves", "Elf"), ("Dwarves", "Dwarf"), ("Wolves", "Wolf"),
                                          ("Werewolves", "Werewolf"), ("Mice", "Mouse"),
                                          ("Sphinxes", "Sphinx"), ("Goblins", "Goblin"),
                                          ("Merfolk", "Merfolk"), ("Allies", "Ally"), ("Fungi", "Fungus")])
def test_subtype_plurals(word, subtype):
    from mtg_ecs.components.types import subtype_from_plural
    assert subtype_from_plural(word) == subtype


def test_every_subtype_of_the_cards_is_known():
    """Every subtype a registered card or token has is in the CR 205.3 lists (its plural can
    be read in 'protection from ...' and its kind in 'becomes a ...')."""
    from mtg_ecs import cards
    from mtg_ecs.components.types import ALL_SUBTYPES
    cards._load()
    subs = {s for n in cards.all_cards() for s in cards.get_card(n).subtypes}
    subs |= {s for d in cards._TOKENS.values() for s in d.subtypes}
    assert subs - ALL_SUBTYPES == set()
