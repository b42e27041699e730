"""Paying without the mana abilities `mana_sources` doesn't list (601.2g-h, 106.6): a
player whose permanents have none (Arbor Elf's untap ability is no mana ability) has
nothing to sacrifice for mana and no mana only some spells may use; the spell is paid
as before either way."""
from mtg_ecs import Game, Cast, Pass
from mtg_ecs.components import Tapped
from mtg_ecs.systems.costs import other_mana_abilities


def _game(mine):
    g, h = Game.from_setup({"players": [{"battlefield": mine, "hand": [{"card": "Centaur Courser", "id": "cc"}]},
                                        {}], "turn": {"step": "main1"}})
    return g, {k: g.card_entity[v] for k, v in h.items()}


def test_only_a_mana_ability_beside_tap_ones_counts():
    assert not other_mana_abilities(_game(["Forest"] * 3 + ["Arbor Elf"])[0], 0)
    assert other_mana_abilities(_game(["Forest"] * 3 + ["Goldhound"])[0], 0)       # sacrifice: mana
    assert other_mana_abilities(_game(["Forest"] * 3 + ["Giada, Font of Hope"])[0], 0)   # Angels only
    g, _ = _game(["Goldhound"])
    assert not other_mana_abilities(g, 1)


def test_a_spell_is_paid_by_tapping_beside_an_untap_ability():
    g, e = _game(["Forest"] * 3 + ["Arbor Elf"])
    g.decide(Cast(e["cc"]))
    assert g.pending.kind == "priority" and len(g.stack) == 1
    assert [g.name(x) for x in g.battlefield if g.world.has(x, Tapped)] == ["Forest"] * 3
    g.decide(Pass())
    g.decide(Pass())
    assert "Centaur Courser" in [g.name(x) for x in g.battlefield]


def test_a_goldhound_is_offered_for_mana_when_tapping_cant_pay():
    g, e = _game(["Forest", "Forest", "Goldhound"])
    g.decide(Cast(e["cc"]))
    assert g.pending.kind == "mana_sacrifice"
