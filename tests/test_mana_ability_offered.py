"""A mana ability activated on its own is offered only if it can be activated on its own
(CR 605.3a: activated like any activated ability, 602.2; 113.6k: Jack-o'-Lantern's '{1},
Exile ~ from your graveyard: Add one mana of any color').

Found by `mtg-ecs fuzz --seed 2026 --players 4`, game 700: priority offered the graveyard
mana ability while only a Treasure (sacrificed for mana, 111.10a) could pay its {1}; activated
alone nothing asks which permanents to sacrifice for mana (601.2g's choice is asked while
casting and activating other abilities), so every color was refused. The Treasure is
activated first, then the ability is offered with the mana in the pool.
"""
from __future__ import annotations

from mtg_ecs import Game
from mtg_ecs.core.decisions import Activate


def _jack(battlefield):
    g, h = Game.from_setup({"players": [{"graveyard": [{"card": "Jack-o'-Lantern", "id": "j"}],
                                         "battlefield": battlefield}, {}]})
    return g, g.card_entity[h["j"]]


def _offered(g, eid):
    return [a for a in g.pending.options if isinstance(a, Activate) and a.source == eid]


def test_not_offered_when_only_a_treasure_could_pay():
    g, jack = _jack([{"card": "Treasure", "token": True, "id": "t"}])
    assert _offered(g, jack) == []


def test_offered_once_the_treasure_made_the_mana():
    g, jack = _jack([{"card": "Treasure", "token": True, "id": "t"}])
    treasure = next(a for a in g.pending.options if isinstance(a, Activate) and a.source != jack)
    g.decide(treasure)
    if g.pending.kind == "mana_choice":
        g.decide("G")
    (act,) = _offered(g, jack)
    g.decide(act)
    g.decide("U")
    assert g.players[0].pool[1] == 1 and jack not in g.players[0].graveyard


def test_offered_with_a_land_to_tap():
    g, jack = _jack(["Forest"])
    (act,) = _offered(g, jack)
    g.decide(act)
    g.decide("B")
    assert g.players[0].pool[2] == 1


def test_untapped_permanent_chosen_to_untap_makes_the_mana_the_cost_needs():
    """CR 601.2g-h (002 Halo Fountain R2): a permanent chosen to be untapped for a cost, still
    untapped, is tapped for mana first, and of its mana the one that lets the cost be paid:
    Dragonskull Summit makes {R} for an {R} cost although {B} is its first choice
    (fuzz --format two-headed-giant, seed 2026 game 315: an animated land made {R}, not the
    {W} Halo Fountain needed)."""
    from mtg_ecs import Game
    from mtg_ecs.components.mana import parse_cost
    from mtg_ecs.systems import costs
    for cost, pool in (("{R}", [0, 0, 0, 1, 0, 0]), ("{B}", [0, 0, 1, 0, 0, 0])):
        game, h = Game.from_setup({"players": [
            {"battlefield": [{"card": "Dragonskull Summit", "id": "s"}, "Island"]}, {}]})
        costs.tap_for_mana_first(game, 0, [game.card_entity[h["s"]]], parse_cost(cost))
        assert list(game.players[0].pool) == pool
