"""CR 616.1: the affected player chooses the order of prevention effects; the
order matters when a shield prevents a fixed amount (615.7 / 616.1e)."""
import pytest

from mtg_ecs import Game, Pass, Cast, IllegalAction
from mtg_ecs.systems.replacement import PreventNextDamage
from mtg_ecs.systems.replacement import add_shield


def _combat_with_fog_and_shield(first):
    setup = {"players": [
        {"battlefield": [{"card": "Canyon Minotaur", "id": "m"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "c"}, "Forest"],
         "hand": [{"card": "Fog", "id": "fog"}]}]}
    g, h = Game.from_setup(setup)
    c = g.card_entity[h["c"]]
    shield = PreventNextDamage(c, 3, source_card=h["c"])
    add_shield(g, shield)
    while g.pending.kind == "priority":
        g.decide(Pass())
    g.decide({g.card_entity[h["m"]]: g.pending.options[0][1][0]})     # attack
    while g.pending.kind == "priority":
        g.decide(Pass())
    g.decide({c: g.card_entity[h["m"]]})                              # block
    g.decide(Pass())                                                   # AP passes
    g.decide(Cast(g.card_entity[h["fog"]]))                            # NAP casts Fog
    g.decide(Pass()); g.decide(Pass())                                 # Fog resolves
    while g.pending.kind == "priority":
        g.decide(Pass())
    d = g.pending
    assert d.kind == "replacement" and d.player == 1
    assert {e.source_card for e in d.options} == {h["fog"], h["c"]}
    with pytest.raises(IllegalAction):
        g.decide(h["m"])
    g.decide(h[first])
    return g, c, shield


def test_fog_first_keeps_the_shield():
    g, c, shield = _combat_with_fog_and_shield("fog")
    assert g.damage_on(c) == 0
    assert [s for s in g.shields if isinstance(s, PreventNextDamage)][0].left == 3


def test_shield_first_uses_it_up():
    g, c, shield = _combat_with_fog_and_shield("c")
    assert g.damage_on(c) == 0
    assert [s for s in g.shields if isinstance(s, PreventNextDamage)][0].left == 0
