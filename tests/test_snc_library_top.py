"""Falco Spara, Pactweaver (spec 002): the top of the library as hidden information a player
may look at, and casting from it by removing a counter (systems/permissions.py); what the
scenarios in tests/scenarios/snc/library-top/ can't state."""
from __future__ import annotations

import pytest

from mtg_ecs import HeuristicAgent, RandomAgent
from mtg_ecs.core.decisions import Cast, IllegalAction, Pass
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.game import Game
from mtg_ecs.systems.permissions import may_look_at_top

ONE_ONE = {"name": "Test One One", "cost": "{G}", "type": "Creature — Elf", "pt": [1, 1]}


def _eid(game, h, name):
    return game.card_entity[h[name]]


def _setup(**p0):
    return Game.from_setup({"cards": [ONE_ONE], "players": [
        {"battlefield": [{"card": "Falco Spara, Pactweaver", "id": "falco", "counters": {"shield": 1}},
                         {"card": "Test One One", "id": "t", "counters": {"+1/+1": 2}},
                         "Mountain", "Mountain", "Forest", "Plains", "Island"],
         "library": [{"card": "Lightning Bolt", "id": "bolt"}, "Island", "Island"], **p0},
        {"library": ["Island"] * 3}]})


def test_falco_enters_with_a_shield_counter_and_lets_its_controller_look_at_the_top():
    """Falco Spara, Pactweaver's first abilities: it enters with a shield counter (122.1c);
    'You may look at the top card of your library any time' is its controller's alone
    (hidden information, 401.2), and only while they control it."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Forest", "Plains", "Island", "Island"],
         "hand": [{"card": "Falco Spara, Pactweaver", "id": "falco"}], "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]})
    assert not may_look_at_top(game, 0)
    game.decide(Cast(_eid(game, h, "falco")))
    game.decide(Pass())
    game.decide(Pass())
    falco = _eid(game, h, "falco")
    assert falco in game.battlefield and game.counters(falco).get("shield") == 1
    assert may_look_at_top(game, 0) and not may_look_at_top(game, 1)


def test_the_top_spell_is_offered_while_a_creature_has_a_counter():
    """002 Falco Spara, Pactweaver R1: the top card is among the legal actions (an instant:
    any time the player has priority), and casting it asks which creature loses a counter,
    then which kind (any kind: shield or +1/+1); a kind the creature doesn't have is
    refused, the game unchanged."""
    game, h = _setup()
    bolt, t = _eid(game, h, "bolt"), _eid(game, h, "t")
    assert any(isinstance(a, Cast) and a.card == bolt for a in game.pending.options)
    game.decide(Cast(bolt))
    d = game.pending
    assert d.kind == "targets"
    game.decide([t])
    d = game.pending
    assert d.kind == "cost" and d.data["what"] == "remove_counter" and set(d.options) == {
        t, _eid(game, h, "falco")}
    game.decide([t])
    d = game.pending
    assert d.kind == "choice" and d.options == ["+1/+1"]
    before = state_hash(game)
    with pytest.raises(IllegalAction):
        game.decide("shield")
    assert state_hash(game) == before
    game.decide("+1/+1")
    assert game.counters(t).get("+1/+1") == 1 and bolt not in game.players[0].library


def test_agents_answer_the_counter_choices():
    """Every decision of the cost is answerable by RandomAgent and HeuristicAgent."""
    for agent in (RandomAgent(3), HeuristicAgent(3)):
        game, h = _setup()
        bolt = _eid(game, h, "bolt")
        game.decide(Cast(bolt, targets=[[_eid(game, h, "t")]]))
        for _ in range(2):
            d = game.pending
            assert d.kind in ("cost", "choice")
            game.decide(agent.act(game, d))
        assert game.pending.kind == "priority" and len(game.stack) == 1


def test_no_counter_cost_without_falco_and_no_cast_without_a_counter():
    """The cost belongs to the permission: a counter removal named for a spell cast from the
    hand is refused; with no counter on a creature, the top card isn't offered."""
    game, h = _setup(hand=[{"card": "Lightning Bolt", "id": "b2"}])
    t = _eid(game, h, "t")
    with pytest.raises(IllegalAction):
        game.decide(Cast(_eid(game, h, "b2"), targets=[[t]], pay={"remove_counters": {t: {"+1/+1": 1}}}))
    game2, h2 = Game.from_setup({"players": [
        {"battlefield": ["Falco Spara, Pactweaver", "Mountain"],
         "library": [{"card": "Lightning Bolt", "id": "bolt"}, "Island"]},
        {"library": ["Island"] * 3}]})
    bolt = _eid(game2, h2, "bolt")
    assert not any(isinstance(a, Cast) and a.card == bolt for a in game2.pending.options)
