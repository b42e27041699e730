"""Streets of New Capenna (spec 002 §6.1 #8): what a scenario file can't state — a card
cast from a graveyard by an effect no registered card gives (a permission, 601.3)."""
from __future__ import annotations

from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast
from mtg_ecs.systems import graveyard_values as gv
from mtg_ecs.systems import permissions
from mtg_ecs.systems.priority import legal_actions


def _game(graveyard):
    game, h = Game.from_setup({"turn": {"number": 2, "active": 1, "step": "end"}, "players": [
        {"battlefield": ["Swamp"] * 5, "graveyard": graveyard}, {}]})
    e = lambda k: game.card_entity[h[k]]
    permissions.grant(game, [e("gs")], 0, "turn", verb="cast")    # 'you may cast it this turn'
    game.decide(Pass())                                          # p1 passes: p0 has priority
    assert game.pending.kind == "priority" and game.pending.player == 0
    return game, e


def test_graveyard_shift_cast_from_the_graveyard_counts_itself():
    """002 Graveyard Shift R2; 002 §6.1 #8; CR 601.3: cast from the graveyard at instant
    speed, the five mana values are counted immediately before it begins to be cast — with
    its own 5 — although only four are left once it is on the stack."""
    game, e = _game(["Island", "Lightning Bolt", "Searing Spear", "Divination",
                     {"card": "Awakener Druid", "id": "druid"}, {"card": "Graveyard Shift", "id": "gs"}])
    assert gv.count(game, 0) == 5
    assert Cast(e("gs")) in legal_actions(game, 0)
    game.decide(Cast(e("gs"), targets=[e("druid")]))
    assert game.zone_of(e("gs")) == "stack" and gv.count(game, 0) == 4
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("druid")) == "battlefield"


def test_graveyard_shift_in_the_graveyard_without_five_values_has_no_flash():
    """002 Graveyard Shift R2; 002 Graveyard Shift R3: four values with it counted — it
    can't be cast from the graveyard in the opponent's turn."""
    game, e = _game(["Island", "Lightning Bolt", "Divination",
                     {"card": "Awakener Druid", "id": "druid"}, {"card": "Graveyard Shift", "id": "gs"}])
    assert gv.count(game, 0) == 4
    assert all(getattr(a, "card", None) != e("gs") for a in legal_actions(game, 0))


def test_a_spell_payable_only_with_jack_o_lanterns_graveyard_mana_is_offered():
    """CR 601.2g, 113.6k, 605.1a; oracle-2022 Jack-o'-Lantern: the legal actions list every
    spell its caster could pay for, mana abilities that function in the graveyard included:
    a Plains and a Jack-o'-Lantern in the graveyard pay {U} (the Plains pays the Jack's {1}),
    a Plains alone doesn't."""
    def unsummon_offered(graveyard):
        game, h = Game.from_setup({"players": [
            {"battlefield": ["Plains"], "graveyard": graveyard, "hand": [{"card": "Unsummon", "id": "u"}]},
            {"battlefield": ["Enormous Baloth"]}]})
        return Cast(game.card_entity[h["u"]]) in legal_actions(game, 0)

    assert unsummon_offered(["Jack-o'-Lantern"])
    assert not unsummon_offered([])
    assert not unsummon_offered(["Lightning Bolt"])
