"""Engine bugs found by `mtg-ecs fuzz` (ecs/fuzz.py), one regression test each."""
from __future__ import annotations

from cards.dsl import make_card, StaticAbility
from ecs import Game, Pass
from ecs.decisions import PlayerRef
from systems import statics as st


def _life_total(g, src, ch, allc):
    life = g.players[ch.controller].life
    return life, life


LIFE_AVATAR = make_card("Test Life Avatar", "{W}", "Creature — Avatar", pt=("*", "*"),
                        abilities=[StaticAbility(continuous=(st.cda_pt(_life_total),),
                                                 text="Power and toughness are each equal "
                                                      "to your life total.")])


def test_cda_reading_life_total_follows_life_changes():
    """CR 604.3, 611.3a: a characteristic-defining ability is re-evaluated all the time,
    so a P/T equal to its controller's life total changes as soon as the life total does
    (fuzz: the layer cache kept the old value after life loss, because nothing marked the
    effect as reading state beyond characteristics)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Test Life Avatar", "id": "av"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]}],
        "turn": {"active": 1}}, defs={"Test Life Avatar": LIFE_AVATAR})
    av = game.card_entity[h["av"]]
    cc = game.card_entity[h["cc"]]
    assert (game.chars(av).power, game.chars(av).toughness) == (20, 20)
    while game.players[0].life == 20:
        d = game.pending
        game.decide({"attackers": {cc: PlayerRef(0)}, "blockers": {}}.get(d.kind, Pass()))
    assert game.players[0].life == 17                     # 3 combat damage, no zone change
    assert (game.chars(av).power, game.chars(av).toughness) == (17, 17)
