"""Card-defined alternative costs (CR 118.9) and cost increases (601.2f): Demon of Death's
Gate (spec 004) and a test-only 'Creature spells cost {1} more to cast' enchantment."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import make_card, StaticAbility, parse_activation_cost
from mtg_ecs import Game
from mtg_ecs.core.decisions import Cast, IllegalAction
from mtg_ecs.systems.costs import SpellCostIncrease
from mtg_ecs.components import Tapped

TAX = make_card("Test Creature Tax", "{2}", "Enchantment", abilities=[StaticAbility(
    rules=(SpellCostIncrease(lambda g, src, ch, caster: "Creature" in ch.types, 1),),
    text="Creature spells cost {1} more to cast.")])
DEFS = {TAX.name: TAX}
BLACK3 = [{"card": "Child of Night", "id": "a"}, {"card": "Vampire Aristocrat", "id": "b"},
          {"card": "Bloodthrone Vampire", "id": "c"}]


def _game(p0_extra=(), p1=None, hand=("Demon of Death's Gate",)):
    game, h = Game.from_setup({"players": [
        {"battlefield": BLACK3 + list(p0_extra),
         "hand": [{"card": n, "id": f"h{i}"} for i, n in enumerate(hand)]},
        p1 or {}]}, defs=DEFS)
    return game, (lambda k: game.card_entity[h[k]])


def test_sacrifice_n_cost_parses():
    """'Sacrifice three black creatures' is one cost component: three matching permanents."""
    c = parse_activation_cost("Pay 6 life, Sacrifice three black creatures",
                              {"black creatures": lambda g, e, p: True})
    assert c.life == 6 and c.sacrifice is not None and c.sacrifice_n == 3 and c.mana.total == 0


def test_alternative_cost_keeps_mana_value():
    """004 DD-3, 004 Demon of Death's Gate R2 (CR 118.9c, 202.3): cast for its alternative cost,
    the Demon's mana cost and mana value are still {6}{B}{B}{B} and 9."""
    game, e = _game()
    game.decide(Cast(e("h0"), alt="alt", pay={"sacrifice": [e("a"), e("b"), e("c")]}))
    demon = e("h0")
    assert game.zone_of(demon) == "stack"
    assert game.chars(demon).mana_value == 9
    assert game.players[0].life == 14


def test_cost_increase_applies_to_alternative_cost():
    """004 DD-4, 004 Demon of Death's Gate R3 (CR 601.2f): with 'Creature spells cost {1} more',
    the alternative cost is {1} plus 6 life plus three black creatures: without mana it can't be
    cast; with a Swamp it can, and the Swamp pays the {1}."""
    game, e = _game(p1={"battlefield": [{"card": "Test Creature Tax", "id": "tax"}]})
    assert Cast(e("h0"), alt="alt") not in game.pending.options
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("h0"), alt="alt", pay={"sacrifice": [e("a"), e("b"), e("c")]}))
    assert game.zone_of(e("h0")) == "hand" and game.players[0].life == 20

    game, e = _game(p0_extra=[{"card": "Swamp", "id": "sw"}],
                    p1={"battlefield": [{"card": "Test Creature Tax", "id": "tax"}]})
    assert Cast(e("h0"), alt="alt") in game.pending.options
    game.decide(Cast(e("h0"), alt="alt", pay={"sacrifice": [e("a"), e("b"), e("c")]}))
    assert game.zone_of(e("h0")) == "stack"
    assert game.world.has(e("sw"), Tapped)
    assert game.players[0].life == 14


def test_cost_increase_applies_to_mana_cost_and_only_to_its_spells():
    """CR 601.2f: the increase is added to the total cost of the spells it names — a creature
    spell costs {1} more, an instant doesn't."""
    game, e = _game(p0_extra=[{"card": "Forest", "id": "f1"}, {"card": "Forest", "id": "f2"}],
                    p1={"battlefield": [{"card": "Test Creature Tax", "id": "tax"}]},
                    hand=("Centaur Courser", "Giant Growth"))
    # Centaur Courser {2}{G} + {1}: two Forests aren't enough; Giant Growth {G} is castable
    assert Cast(e("h0")) not in game.pending.options
    assert Cast(e("h1")) in game.pending.options


def test_no_alternative_cost_refused():
    """CR 118.9: a spell without an alternative cost can't be cast 'for its alternative cost'."""
    game, e = _game(hand=("Centaur Courser",))
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("h0"), alt="alt"))


KICKER_BEAR = make_card("Test Kicker Bear", "{1}{G}", "Creature — Bear", pt=(2, 2), keywords=["kicker {2}"])


def test_kicker_optional_additional_cost():
    """CR 702.33a, 601.2b, 601.2f: kicker is an optional additional cost announced while casting:
    asked when it could be paid (yes adds {2} to the total cost and the spell is kicked), not
    asked when it couldn't; given up front it isn't asked."""
    from mtg_ecs.components import Spell, Tapped

    def game_with(n_forests):
        g, h = Game.from_setup({"players": [
            {"hand": [{"card": "Test Kicker Bear", "id": "k"}],
             "battlefield": [{"card": "Forest", "id": f"f{i}"} for i in range(n_forests)]}, {}]},
            defs={KICKER_BEAR.name: KICKER_BEAR})
        return g, (lambda k: g.card_entity[h[k]])

    g, e = game_with(4)
    g.decide(Cast(e("k")))
    assert g.pending.kind == "may" and g.pending.data.get("what") == "kicker"
    g.decide(True)
    assert g.world.ents[e("k")][Spell].kicked == 1
    assert sum(g.world.has(e(f"f{i}"), Tapped) for i in range(4)) == 4

    g, e = game_with(4)
    g.decide(Cast(e("k"), pay={"kicker": False}))
    assert g.world.ents[e("k")][Spell].kicked == 0
    assert sum(g.world.has(e(f"f{i}"), Tapped) for i in range(4)) == 2

    g, e = game_with(3)                    # {1}{G} + {2} can't be paid: nothing asked
    g.decide(Cast(e("k")))
    assert g.zone_of(e("k")) == "stack" and g.pending.kind == "priority"
    g, e = game_with(3)
    with pytest.raises(IllegalAction):
        g.decide(Cast(e("k"), pay={"kicker": True}))
    assert g.zone_of(e("k")) == "hand"


def test_cost_increase_from_a_permanent_cast_this_game():
    """CR 601.2f, 611.3a: the increase applies as soon as its source is on the battlefield
    (a permanent that entered during the game, not only one set up before)."""
    from mtg_ecs import Pass
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Forest"}] * 5,
         "hand": [{"card": "Test Creature Tax", "id": "tax"}, {"card": "Centaur Courser", "id": "cc"}]},
        {}]}, defs=DEFS)
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("tax")))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("tax")) == "battlefield"
    assert Cast(e("cc")) not in game.pending.options      # {2}{G} + {1} with three Forests left


MULTI_BEAR = make_card("Test Multikicker Bear", "{G}", "Creature — Bear", pt=(1, 1), keywords=["multikicker {1}"])


def test_multikicker_any_number_of_times():
    """CR 702.33c: multikicker is paid any number of times, chosen while casting (601.2b):
    the choice offers 0..what could be paid; each payment adds the cost; the count is kept."""
    from mtg_ecs.components import Spell, Tapped
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": MULTI_BEAR.name, "id": "k"}],
         "battlefield": [{"card": "Forest", "id": f"f{i}"} for i in range(4)]}, {}]},
        defs={MULTI_BEAR.name: MULTI_BEAR})
    e = lambda k: g.card_entity[h[k]]
    g.decide(Cast(e("k")))
    assert g.pending.kind == "x" and g.pending.options == [0, 1, 2, 3]
    with pytest.raises(IllegalAction):
        g.decide(4)
    g.decide(2)
    assert g.world.ents[e("k")][Spell].kicked == 2
    assert sum(g.world.has(e(f"f{i}"), Tapped) for i in range(4)) == 3
