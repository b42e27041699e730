"""Damage with no static replacement or prevention effect on the battlefield (615, 616.1):
an anthem or a lord changes no damage, so dealing it takes the path where only protection
and shield counters could prevent any (`replacement.replacing_statics`); a static
prevention effect still applies and still asks its order."""
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems import damage
from mtg_ecs.systems.board import board
from mtg_ecs.systems.replacement import replacing_statics


def _game(p1_battlefield):
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Canyon Minotaur", "id": "m"}, {"card": "Elvish Archdruid", "id": "lord"}]},
        {"battlefield": p1_battlefield}]})
    return g, {k: g.card_entity[v] for k, v in h.items()}


def test_a_lord_is_no_replacing_static_and_its_damage_is_dealt_in_full():
    g, e = _game(["Forest"])
    assert board(g).statics and not replacing_statics(g)
    damage.deal(g, [(e["m"], g.chars(e["m"]), PlayerRef(1), 3)])
    assert g.players[1].life == 17


def test_a_static_prevention_beside_a_lord_applies():
    g, e = _game([{"card": "Guardian Seraph", "id": "s"}])
    assert replacing_statics(g)
    damage.deal(g, [(e["m"], g.chars(e["m"]), PlayerRef(1), 3)])
    assert g.players[1].life == 18            # 1 of it prevented


def test_two_static_preventions_ask_their_order_in_combat():
    # 616.1: two Guardian Seraphs would each prevent 1 of the Minotaur's combat damage:
    # the defending player chooses which applies first
    g, e = _game([{"card": "Guardian Seraph", "id": "s1"}, {"card": "Guardian Seraph", "id": "s2"}])
    while g.pending.kind == "priority":
        g.decide(Pass())
    g.decide({e["m"]: PlayerRef(1)})
    while g.pending.kind == "priority":
        g.decide(Pass())
    g.decide({})                                # no block
    while g.pending.kind == "priority":
        g.decide(Pass())
    assert g.pending.kind == "replacement" and g.pending.player == 1
    g.decide(g.pending.options[0])
    assert g.players[1].life == 19
