"""Magic 2010 FAQ (spec 001) black/red/green cards (Cemetery Reaper .. Garruk Wildspeaker):
rulings a scenario file can't express, and the mechanisms these cards brought."""
from __future__ import annotations

import pytest

from ecs import Game, Pass
from ecs.decisions import Cast, Activate, PlayerRef, IllegalAction
from ecs.decklist import problems
from systems.replacement import PreventNextDamage


def _ents(game, h):
    return lambda k: game.card_entity[h[k]]


def _resolve(game):
    game.decide(Pass())
    game.decide(Pass())


def test_tendrils_gain_ignores_prevention():
    """001 Tendrils of Corruption R1: its controller gains life equal to the number of
    Swamps they control, not the damage actually dealt when some is prevented (CR 615)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp"] * 4, "hand": [{"card": "Tendrils of Corruption", "id": "t"}]},
        {"battlefield": [{"card": "Vastwood Gorger", "id": "g"}]}]})
    e = _ents(game, h)
    game.shields.append(PreventNextDamage(e("g"), 3))
    game.decide(Cast(e("t"), targets=[[e("g")]]))
    _resolve(game)
    from components import Damage
    assert game.world.get(e("g"), Damage).amount == 1
    assert game.players[0].life == 24


def test_relentless_rats_any_number_in_deck():
    """001 Relentless Rats R1: 'A deck can have any number of cards named Relentless Rats'
    overrides the four-copy rule of constructed (CR 100.2a); other cards still can't."""
    deck = ["Relentless Rats"] * 20 + ["Swamp"] * 40
    assert problems(deck, (), "constructed") == []
    deck = ["Relentless Rats"] * 20 + ["Centaur Courser"] * 5 + ["Swamp"] * 35
    out = problems(deck, (), "constructed")
    assert len(out) == 1 and "Centaur Courser" in out[0]


def test_control_until_end_of_turn_returns():
    """Mechanism (CR 611.2a, 613.2, 514.2): a control change 'until end of turn' ends in
    the cleanup step and the permanent returns to the controller it had before the
    effect (the one it entered under)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Act of Treason", "id": "aot"}],
         "library": ["Island"] * 3},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}], "library": ["Island"] * 3}]})
    e = _ents(game, h)
    from components import Controller
    game.decide(Cast(e("aot"), targets=[[e("cc")]]))
    _resolve(game)
    assert game.chars(e("cc")).controller == 0
    assert game.world.get(e("cc"), Controller).base == 1
    while game.turn == 1:
        game.decide(Pass() if game.pending.kind == "priority" else {})
    assert game.chars(e("cc")).controller == 1
    assert game.world.get(e("cc"), Controller).base is None


def _paint():
    from cards.dsl import make_card, SpellAbility
    from systems import effects as fx
    from systems.targeting import creature
    return make_card("Test Paint", "{0}", "Sorcery", spell=SpellAbility(
        effects=(fx.SetColors(fx.TARGET(0), {"G"}, duration="forever"),
                 fx.SetSubtypes(fx.TARGET(0), ("Elf",), duration="forever")),
        targets=(creature(),),
        text="Target creature becomes green and an Elf (it loses its other colors and creature types)."))


def test_rise_from_the_grave_later_effects_override():
    """001 Rise from the Grave R3: a later effect that sets the creature's color makes it
    only that color, and a later effect that sets its creature types removes the Zombie
    part too (layers 4 and 5, timestamp order, CR 613.7)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp"] * 5, "hand": [{"card": "Rise from the Grave", "id": "r"},
                                                {"card": "Test Paint", "id": "paint"}]},
        {"graveyard": [{"card": "Serra Angel", "id": "a"}]}]}, defs={"Test Paint": _paint()})
    e = _ents(game, h)
    game.decide(Cast(e("r"), targets=[[e("a")]]))
    _resolve(game)
    ch = game.chars(e("a"))
    assert ch.colors == frozenset({"W", "B"}) and set(ch.subtypes) == {"Angel", "Zombie"}
    game.decide(Cast(e("paint"), targets=[[e("a")]]))
    _resolve(game)
    ch = game.chars(e("a"))
    assert ch.colors == frozenset({"G"})
    assert ch.subtypes == ("Elf",)
    assert ch.controller == 0
