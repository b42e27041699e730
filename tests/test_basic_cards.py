"""Basic Rulebook (spec 000) §7 card catalogue: card rulings a scenario file can't express
(test-only cards with rules text)."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import make_card, SpellAbility, StaticAbility, parse_activation_cost
from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast, PlayerRef, IllegalAction
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import zones


def _drop_red_creature(game, ctx):
    """Put a red creature card from the controller's hand onto the battlefield."""
    p = game.players[ctx.controller]
    for c in list(p.hand):
        ch = game.chars(c)
        if "Creature" in ch.types and "R" in ch.colors:
            zones.put_onto_battlefield(game, c, controller=ctx.controller)
            return


TEST_DROP = make_card("Test Drop", "{G}", "Sorcery", spell=SpellAbility(
    effects=(fx.Custom(_drop_red_creature),),
    text="Put a red creature card from your hand onto the battlefield."))


def test_jester_ignores_red_card_put_onto_battlefield():
    """000 T-506: putting a red card onto the battlefield without casting it doesn't
    trigger Goblin Battle Jester ('Whenever you cast a red spell', CR 601.2i, 603.2);
    casting a red spell does."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Goblin Battle Jester", "id": "gbj"}, "Forest",
                         "Mountain", "Mountain"],
         "hand": [{"card": "Test Drop", "id": "drop"}, {"card": "Canyon Minotaur", "id": "mino"},
                  {"card": "Searing Spear", "id": "spear"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]}]},
        defs={"Test Drop": TEST_DROP})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("drop")))
    assert game.stack == [e("drop")]               # a green spell: no trigger
    game.decide(Pass())
    game.decide(Pass())                            # Test Drop resolves
    assert game.zone_of(e("mino")) == "battlefield"
    assert "R" in game.chars(e("mino")).colors
    assert game.stack == []                        # the red card entered without being cast
    assert game.pending.kind == "priority" and game.pending.player == 0
    # control: casting a red spell does trigger it
    game.decide(Cast(e("spear"), targets=[[PlayerRef(1)]]))
    d = game.pending
    assert d.kind != "priority"                    # the Jester's trigger asks for its target
    game.decide([e("cc")])
    assert len(game.stack) == 2 and game.stack[0] == e("spear")


TOP_PERMIT = make_card("Test Top Permit", "{2}{U}", "Enchantment", abilities=[
    StaticAbility(rules=("play_top_of_library",),
                  text="You may play lands and cast spells from the top of your library.")])


def test_omniscience_only_from_hand():
    """000 T-514: Omniscience ('You may cast spells from your hand without paying their
    mana costs') doesn't apply to a card cast from anywhere else — a spell cast from the
    top of the library must have its mana cost paid (CR 601.2f, 118.9)."""
    setup = {"players": [
        {"battlefield": [{"card": "Omniscience", "id": "omni"}, {"card": "Test Top Permit", "id": "tp"},
                         {"card": "Island", "id": "i1"}, {"card": "Island", "id": "i2"},
                         {"card": "Island", "id": "i3"}],
         "hand": [{"card": "Wind Drake", "id": "hand_drake"}],
         "library": [{"card": "Serra Angel", "id": "top_angel"}, {"card": "Divination", "id": "top_div"}]},
        {}]}
    game, h = Game.from_setup(setup, defs={"Test Top Permit": TOP_PERMIT})
    e = lambda k: game.card_entity[h[k]]
    assert game.players[0].library[-1] == e("top_angel")
    # Serra Angel on top of the library: castable only by paying {3}{W}{W} (impossible here)
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("top_angel"), alt="free"))
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("top_angel")))
    assert game.zone_of(e("top_angel")) == "library"
    # the hand card is free
    game.decide(Cast(e("hand_drake"), alt="free"))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("hand_drake")) == "battlefield"
    assert not any(game.is_tapped(e(k)) for k in ("i1", "i2", "i3"))


def test_omniscience_library_top_pays():
    """000 T-514: a card cast from the top of the library while Omniscience is out is cast
    normally, paying its mana cost; the free alternative is refused."""
    setup = {"players": [
        {"battlefield": [{"card": "Omniscience", "id": "omni"}, {"card": "Test Top Permit", "id": "tp"},
                         {"card": "Island", "id": "i1"}, {"card": "Island", "id": "i2"},
                         {"card": "Island", "id": "i3"}],
         "library": [{"card": "Divination", "id": "top_div"}, {"card": "Plains", "id": "p"}]},
        {}]}
    game, h = Game.from_setup(setup, defs={"Test Top Permit": TOP_PERMIT})
    e = lambda k: game.card_entity[h[k]]
    assert game.players[0].library[-1] == e("top_div")
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("top_div"), alt="free"))
    assert not any(game.is_tapped(e(k)) for k in ("i1", "i2", "i3"))
    game.decide(Cast(e("top_div")))
    assert all(game.is_tapped(e(k)) for k in ("i1", "i2", "i3"))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("top_div")) == "graveyard"
    assert len(game.players[0].hand) == 1


def _run(data: dict, *defs):
    """Run a scenario dict with test-only CardDefs; any failure fails the test."""
    r = Runner({"name": "test", **data}, defs={d.name: d for d in defs})
    r.run()
    return r


OFFERING = make_card(
    "Test Offering", "{3}{B}", "Sorcery",
    spell=SpellAbility(effects=(fx.Draw(fx.YOU, 2),),
                       additional_cost=parse_activation_cost(
                           "Sacrifice a creature",
                           {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}),
                       text="As an additional cost to cast this spell, sacrifice a creature. Draw two cards."))


def test_omniscience_additional_cost_still_paid():
    """000 T-513: with Omniscience the mana cost is skipped, but an additional cost
    (sacrifice a creature) must still be paid: without a creature the spell can't be cast
    for free; with one, the creature is sacrificed and no mana is spent (CR 118.9, 601.2f)."""
    _run({"players": [
        {"battlefield": [{"card": "Omniscience", "id": "omni"}],
         "hand": [{"card": "Test Offering", "id": "off"}], "library": ["Island", "Island"]},
        {"battlefield": [{"card": "Centaur Courser", "id": "theirs"}]}],
        "actions": [{"cast": "off", "cost": "free", "illegal": True},
                    {"cast": "off", "cost": "free", "pay": {"sacrifice": "theirs"}, "illegal": True}],
        "expect": {"zone": {"off": "hand", "theirs": "battlefield"}}}, OFFERING)
    _run({"players": [
        {"battlefield": [{"card": "Omniscience", "id": "omni"}, {"card": "Arbor Elf", "id": "elf"},
                         {"card": "Swamp", "id": "sw"}],
         "hand": [{"card": "Test Offering", "id": "off"}], "library": ["Island", "Island"]},
        {}],
        "actions": [{"cast": "off", "cost": "free"}, {"choose": "elf", "player": "p0"},
                    {"expect": {"zone": {"elf": "graveyard"}, "stack": ["Test Offering"],
                                "tapped": {"sw": False}}},
                    {"resolve": 1}],
        "expect": {"hand_size": {"p0": 2}, "zone": {"off": "graveyard"}, "tapped": {"sw": False}}},
        OFFERING)
