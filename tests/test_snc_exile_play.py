"""Streets of New Capenna (spec 002 §6.2-6.3): cards played or cast from exile — what a
scenario file can't state (a card leaving exile by an effect no registered card has, the
abilities a land has)."""
from __future__ import annotations

import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Activate, Cast
from mtg_ecs.systems import zones
from mtg_ecs.systems.costs import activated_abilities
from mtg_ecs.systems.priority import legal_actions

CYCLE = {"Glamorous Outlaw": "UBR", "Masked Bandits": "BRG", "Rakish Revelers": "RGW",
         "Shattered Seraph": "WUB", "Spara's Adjudicators": "GWU"}


def _exiled(name, mana=None):
    """`name` exiled from p0's hand for {2} (paid from the pool) targeting a Plains."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Plains", "id": "land"}], "hand": [{"card": name, "id": "c"}],
         "mana": mana or {"C": 2}, "library": ["Island"] * 5}, {"library": ["Island"] * 5}]})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Activate(e("c"), 0, targets=[e("land")]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("c")) == "exile" and not game.stack
    return game, e


def _granted(game, land):
    return [ab for ab in activated_abilities(game, land) if len(ab.mana) == 3]


@pytest.mark.parametrize("name", sorted(CYCLE))
def test_the_land_keeps_the_ability_if_the_card_leaves_exile_uncast(name):
    """002 Glamorous Outlaw R2; 002 Masked Bandits R2; 002 Rakish Revelers R2;
    002 Shattered Seraph R2; 002 Spara's Adjudicators R2; 002 §6.3: put from exile into the
    graveyard by another effect, the land has the granted ability for good."""
    game, e = _exiled(name)
    land = e("land")
    assert len(_granted(game, land)) == 1
    zones.move(game, e("c"), "graveyard", cause="effect")
    for _ in range(4):                                   # turns go by
        game.decide(Pass())
        while game.pending.kind != "priority" or game.step != "main1":
            game.decide(Pass() if game.pending.kind == "priority" else [])
    assert game.turn >= 3
    assert len(_granted(game, land)) == 1
    letters = "".join(sorted(CYCLE[name]))
    pools = _granted(game, land)[0].mana
    assert "".join(sorted("WUBRG"[next(i for i, n in enumerate(m) if n)] for m in pools)) == letters


@pytest.mark.parametrize("name", sorted(CYCLE))
def test_the_ability_ends_when_the_card_is_cast_from_exile(name):
    """002 Glamorous Outlaw R1; 002 Masked Bandits R1; 002 Rakish Revelers R1;
    002 Shattered Seraph R1; 002 Spara's Adjudicators R1; 002 §6.3: the land's ability lasts
    until the card is cast from exile (the effect ends as it becomes cast, after its mana
    was paid)."""
    game, e = _exiled(name, {"W": 3, "U": 3, "B": 3, "R": 3, "G": 3, "C": 2})
    land = e("land")
    card = e("c")
    assert len(_granted(game, land)) == 1
    assert Cast(card) in legal_actions(game, 0)
    game.decide(Cast(card))
    assert game.zone_of(e("c")) == "stack"
    assert _granted(game, land) == []


def test_the_ability_functions_only_from_the_hand():
    """002 §6.3: 'Exile ~ from your hand' is an ability of the card in hand: not offered
    for the creature on the battlefield."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Masked Bandits", "id": "c"}, {"card": "Plains", "id": "land"}],
         "mana": {"C": 2}}, {}]})
    c = game.card_entity[h["c"]]
    assert not [a for a in legal_actions(game, 0) if isinstance(a, Activate) and a.source == c]


def _urabrask_replaces(p1_library):
    from mtg_ecs.systems.effects import Ctx
    from mtg_ecs.systems.permissions import NextDrawExilesInstead
    game, h = Game.from_setup({"turn": {"number": 2, "active": 1, "step": "upkeep"}, "players": [
        {"battlefield": [{"card": "Urabrask, Heretic Praetor", "id": "u"}]},
        {"library": p1_library}]})
    NextDrawExilesInstead().run(game, Ctx(None, game.card_entity[h["u"]], 0, info={"active": 1}))
    return game, (lambda k: game.card_entity[h[k]])


def test_urabrask_replaces_only_the_next_draw():
    """002 Urabrask, Heretic Praetor R1; CR 614.11: 'the next time they would draw a card':
    of two draws, the first is replaced (the top card is exiled, playable this turn), the
    second is a draw."""
    game, e = _urabrask_replaces([{"card": "Forest", "id": "a"}, {"card": "Island", "id": "b"}, "Island"])
    assert zones.draw(game, 1, 2) == 1
    assert game.zone_of(e("a")) == "exile" and game.zone_of(e("b")) == "hand"
    assert game.players[1].cards_drawn_turn == 1
    from mtg_ecs.systems.permissions import permitted
    assert permitted(game, 1, e("a"))


def test_urabrask_replacement_applies_to_a_draw_from_an_empty_library():
    """CR 614.11, 121.3: the replaced draw isn't a draw from the empty library: nothing is
    exiled and the player doesn't lose for it."""
    game, e = _urabrask_replaces([])
    zones.draw(game, 1, 1)
    assert not game.players[1].drew_from_empty and not game.exile


def test_a_permission_renews_the_cached_legal_actions():
    """CR 601.3, 305.1: the legal-action list is cached on what it depends on; a permission
    given (and a card leaving its zone) renews it, and a refused play says why."""
    from mtg_ecs.core.decisions import IllegalAction, PlayLand
    from mtg_ecs.systems import permissions, priority
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"], "library": [{"card": "Forest", "id": "f"}, "Island"]}, {}]})
    before = priority.decision(game, 0).options
    assert not any(isinstance(a, PlayLand) for a in before)
    (card,) = permissions.exile_top(game, 0, 1)
    assert PlayLand(card) not in priority.decision(game, 0).options     # exiled, no permission
    permissions.grant(game, [card], 0, "turn")
    assert PlayLand(card) in priority.decision(game, 0).options
    game.pending = priority.decision(game, 0)
    game.decide(PlayLand(card))
    assert game.zone_of(game.card_entity[h["f"]]) == "battlefield"
    assert not permissions.current(game, 0)


def test_refusal_names_the_zone():
    """A cast refused from exile says no effect lets the player cast it from there."""
    from mtg_ecs.core.decisions import IllegalAction
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"], "exile": [{"card": "Lightning Bolt", "id": "b"}]}, {}]})
    with pytest.raises(IllegalAction, match="from the exile"):
        game.decide(Cast(game.card_entity[h["b"]]))
