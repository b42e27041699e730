"""The built-in agents answer every kind of decision the engine asks.

`play()` gives an agent REFUSALS_ALLOWED tries at a decision; an agent that can't find a
legal answer stops a simulation. Checked decisions (ecs/scenario/checked.py, run on every
scenario by tests/test_checked.py) put each decision to `RandomAgent` and
`HeuristicAgent` on clones; here, the kinds no scenario reaches. Fuzz game 39300 of seed
2026 found the gap: a Harm's Way redirect split (614.9) was answered with a list, never a
{recipient: amount}, so `play()` gave up.
"""
from __future__ import annotations

import os

import pytest

from mtg_ecs.core.decisions import KINDS
from mtg_ecs import Game, Pass
from mtg_ecs.apps.scenario import collect, run_file
from mtg_ecs.apps.scenario.checked import agents_answer, checked_decisions

SCENARIOS = os.path.join(os.path.dirname(__file__), "scenarios")

# reached by no scenario file: a game's start (tests/test_simulate.py plays whole games
# with both agents) and the kinds answered by the tests below
NOT_IN_SCENARIOS = {"starting_player", "mulligan", "bottom", "color", "modes", "prevention"}


def test_every_kind_of_decision_in_the_scenarios_is_put_to_the_agents():
    with checked_decisions() as stats:
        failed = [f for f in collect([SCENARIOS]) if not run_file(f).passed]
    assert failed == []
    assert set(KINDS) - NOT_IN_SCENARIOS <= stats["kinds"], set(KINDS) - stats["kinds"]


def test_agents_split_a_harms_way_redirection():
    """001 Harm's Way R4: the source would deal more damage to several of your
    permanents and you than the shield has left; the agents' {recipient: amount}
    redirects exactly what is left (614.9)."""
    path = os.path.join(SCENARIOS, "m10-faq", "white-blue", "harms-way-r4-divide.yaml")
    with checked_decisions() as stats:
        assert run_file(path).passed
    assert "redirect" in stats["kinds"]


def test_agents_choose_which_mana_a_dual_land_makes():
    """A mana ability with a choice of color (CR 106.1, 605.3): a 'mana_choice' decision is
    answered with one of its letters."""
    path = os.path.join(SCENARIOS, "basic-rulebook", "cards", "summit-mana-choice.yaml")
    with checked_decisions() as stats:
        assert run_file(path).passed
    assert "mana_choice" in stats["kinds"]


def test_agents_split_a_prevention_shield():
    """000 T-243: a 'prevent the next 3 damage' shield against two sources at once: the
    agents' {source: amount} prevents exactly 3 (CR 615.7)."""
    from test_basic_glossary_1 import _double_blocked_courser
    g = _double_blocked_courser()[0]
    assert g.pending.kind == "prevention"
    assert agents_answer(g) is None


def test_agents_choose_a_color():
    """000 T-346: "choose a color" (CR 105.1): both agents name one of the five."""
    from test_basic_glossary_2 import test_choose_a_color_offers_exactly_five_colors
    with checked_decisions() as stats:
        test_choose_a_color_offers_exactly_five_colors()
    assert "color" in stats["kinds"]


def test_agents_choose_the_modes_of_a_modal_spell():
    """A modal spell cast without its modes given up front: the caster chooses them as
    it is cast (CR 700.2, 601.2b); both agents answer."""
    from mtg_ecs.core.decisions import Cast
    from test_basic_glossary_2 import MODAL, run
    r = run({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Test Modal Charm", "id": "charm"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]}]}, MODAL)
    g = r.game
    g.decide(Cast(g.players[0].hand[0]))                 # the charm, the only card in hand
    assert g.pending.kind == "modes"
    assert agents_answer(g) is None


@pytest.mark.plants_fault
def test_an_agent_without_an_answer_is_caught(monkeypatch):
    """A planted gap: RandomAgent answers a mana choice with a list of one letter, which
    the ability refuses; the check names the agent and the decision."""
    from mtg_ecs.apps.agents import RandomAgent
    real = RandomAgent.act
    monkeypatch.setattr(RandomAgent, "act", lambda self, g, d: [d.options[0]]
                        if d.kind == "mana_choice" else real(self, g, d))
    path = os.path.join(SCENARIOS, "basic-rulebook", "cards", "summit-mana-choice.yaml")
    with checked_decisions():
        r = run_file(path)
    assert not r.passed
    assert "RandomAgent found no legal answer to <Decision mana_choice" in r.message


def test_a_trigger_order_by_positions_means_the_same_in_a_clone():
    """Two Soul Wardens see a creature enter: their controller orders the two triggers
    (CR 603.3b). The pending triggers are objects of each game, so an order given as
    those objects can't be given to a clone; an order by positions in the options can,
    and is what the agents answer (fuzz: clones refused the agents' orders)."""
    from mtg_ecs.apps.agents import RandomAgent
    from mtg_ecs.core.decisions import Cast, IllegalAction
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Soul Warden", "id": "w1"}, {"card": "Soul Warden", "id": "w2"},
                         "Forest", "Forest", "Forest", "Forest"],
         "hand": [{"card": "Centaur Courser", "id": "cc"}]}, {}]})
    twin = game.clone()                         # taken before the triggers exist
    for g in (game, twin):
        g.decide(Cast(g.card_entity[h["cc"]]))
        g.decide(Pass())
        g.decide(Pass())
    d = game.pending
    assert d.kind == "trigger_order" and len(d.options) == 2
    answer = RandomAgent(3).act(game, d)
    assert sorted(answer) == [0, 1]
    for bad in ([0], [0, 0], [0, 1, 2], [True, False]):
        with pytest.raises(IllegalAction, match="order all of your triggered abilities"):
            game.decide(bad)
    with pytest.raises(IllegalAction):
        twin.decide(list(d.options))             # the original's trigger objects
    game.decide(answer)
    twin.decide(answer)
    from mtg_ecs.core.hashing import state_hash
    assert state_hash(game) == state_hash(twin)


def test_heuristic_agent_keeps_a_copys_targets():
    """Offered to choose new targets for a copy (707.10c), the heuristic agent keeps
    the original's: retargeting a copy of Twincast at the copied Twincast again and
    again made a game of heuristic agents loop for ever (fuzz --agents heuristic)."""
    from mtg_ecs.apps.agents import HeuristicAgent
    from mtg_ecs.core.decisions import Decision
    new_targets = Decision("may", 0, [True, False], 1, 1, "choose new targets for the copy?",
                           data={"what": "new_targets"})
    assert HeuristicAgent(0).act(None, new_targets) is False
    assert HeuristicAgent(0).act(None, Decision("may", 0, [True, False], 1, 1, "draw?")) is True


def _snc_game(me, them=None):
    game, h = Game.from_setup({"players": [me, them or {}]})
    return game, h


def test_heuristic_agent_pays_casualty_only_with_a_cheap_creature():
    """Casualty (702.153a): the heuristic agent sacrifices a token or a creature costing 2
    or less for the copy, never a bigger one (before, it always paid, with whatever was
    least valuable: a Ziatora's Envoy for a Grisly Sigil)."""
    from mtg_ecs.apps.agents import HeuristicAgent
    from mtg_ecs.core.decisions import Cast
    for mine, pays in (("Unlucky Witness", True), ("Ziatora's Envoy", False)):
        game, h = _snc_game({"battlefield": [{"card": mine, "id": "c"}, "Swamp"],
                             "hand": [{"card": "Grisly Sigil", "id": "s"}]},
                            {"battlefield": [{"card": "Centaur Courser", "id": "b"}]})
        game.decide(Cast(game.card_entity[h["s"]]))
        agent = HeuristicAgent(1)
        while game.pending.kind != "may" or game.pending.data.get("what") != "casualty":
            game.decide(agent.act(game, game.pending))
        assert agent.act(game, game.pending) is pays
        game.decide(pays)
        if pays:
            while game.pending.kind != "cost":
                game.decide(agent.act(game, game.pending))
            assert agent.act(game, game.pending) == [game.card_entity[h["c"]]]


def test_heuristic_agent_chooses_casualty_x_as_its_fodders_power():
    """Ob Nixilis, the Adversary (casualty X): X is the power of the creature it will
    sacrifice, so that the copy has that much loyalty."""
    from mtg_ecs.apps.agents import HeuristicAgent
    from mtg_ecs.core.decisions import Cast
    game, h = _snc_game({"battlefield": [{"card": "Goldhound", "id": "g"}, "Swamp", "Mountain", "Mountain"],
                         "hand": [{"card": "Ob Nixilis, the Adversary", "id": "o"}]})
    game.decide(Cast(game.card_entity[h["o"]]))
    agent = HeuristicAgent(1)
    assert game.pending.kind == "may" and agent.act(game, game.pending) is True
    game.decide(True)
    assert game.pending.kind == "x" and agent.act(game, game.pending) == 1


def test_heuristic_agent_blitzes_only_to_attack_at_once():
    """Blitz (702.152a): cast for its blitz cost in the first main phase when it can
    attack without being killed for free; otherwise cast normally."""
    from mtg_ecs.apps.agents import HeuristicAgent
    from mtg_ecs.core.decisions import Cast
    for blockers, alt in (([], "blitz"), ([{"card": "Serra Angel"}], None)):
        game, h = _snc_game({"battlefield": ["Mountain", "Mountain"],
                             "hand": [{"card": "Mayhem Patrol", "id": "m"}]},
                            {"battlefield": blockers})
        while game.step != "main1":
            game.decide(Pass())
        a = HeuristicAgent(1).act(game, game.pending)
        assert isinstance(a, Cast) and a.card == game.card_entity[h["m"]] and a.alt == alt


def test_heuristic_agent_crews_a_vehicle_to_attack():
    """Crew N (702.122a): in its first main phase the heuristic agent crews a Vehicle with
    more power than N that could attack safely (before, it never activated crew)."""
    from mtg_ecs.apps.agents import HeuristicAgent
    from mtg_ecs.core.decisions import Activate
    game, h = Game.from_setup({
        "cards": [{"name": "Test Wagon", "cost": "{2}", "type": "Artifact — Vehicle", "pt": [4, 4],
                   "keywords": ["crew 1"]}],
        "players": [{"battlefield": [{"card": "Test Wagon", "id": "w"}, {"card": "Unlucky Witness", "id": "u"}]},
                    {}]})
    while game.step != "main1":
        game.decide(Pass())
    agent = HeuristicAgent(1)
    a = agent.act(game, game.pending)
    assert isinstance(a, Activate) and a.source == game.card_entity[h["w"]]
    game.decide(a)
    while game.pending.kind != "priority":
        game.decide(agent.act(game, game.pending))
    while game.stack:                                   # the crew ability resolves
        game.decide(Pass())
    assert "Creature" in game.chars(game.card_entity[h["w"]]).types
    assert agent.act(game, game.pending) == Pass()       # crewed once


def test_heuristic_agent_pays_the_most_x_it_can_and_the_decision_names_the_spell():
    """Issue 16: the heuristic agent chose X = 0 in most X decisions (Fireball for 0 on
    turn 2). X of a spell is now the most the player can pay (the options stop there, CR
    107.3, 601.2f), and the `x` decision says which spell it is for."""
    from mtg_ecs import Game, HeuristicAgent
    from mtg_ecs.core.decisions import Cast
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 5, "hand": [{"card": "Fireball", "id": "fb"}]}, {}]})
    fb = game.card_entity[h["fb"]]
    game.decide(Cast(fb))
    d = game.pending
    assert d.kind == "x" and d.options == [0, 1, 2, 3, 4]
    assert d.prompt == "choose X for Fireball" and d.data == {"what": "spell", "card": fb}
    assert HeuristicAgent(0).act(game, d) == 4


def test_heuristic_agent_activates_loyalty_abilities():
    """606.3: a planeswalker's loyalty ability once a turn: the one adding loyalty, or
    its ultimate once that leaves the planeswalker alive."""
    from mtg_ecs.apps.agents import HeuristicAgent
    from mtg_ecs.core.decisions import Activate
    from mtg_ecs.systems.costs import activated_abilities
    for loyalty, cost in ((3, 1), (8, -7)):
        game, h = _snc_game({"battlefield": [{"card": "Ob Nixilis, the Adversary", "id": "o",
                                              "counters": {"loyalty": loyalty}}]})
        while game.step != "main1":
            game.decide(Pass())
        a = HeuristicAgent(1).act(game, game.pending)
        assert isinstance(a, Activate) and activated_abilities(game, a.source)[a.index].cost.loyalty == cost


def test_random_agents_picks_are_the_draws_of_choice_and_randint():
    """`RandomAgent` draws its common picks by `_below` (`getrandbits` by rejection): the
    same numbers as `random.Random.choice`, `randint` and a `sample` of one, so its games
    are those it played with them (recorded games stay valid), and nothing is drawn from an
    empty range."""
    import random
    from mtg_ecs.apps.agents import _below
    for seed in range(50):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 100, 1000):
            items = list(range(n))
            assert items[_below(b, n)] == a.choice(items)
            assert 3 + _below(b, n) == a.randint(3, n + 2)
            assert [items[_below(b, n)]] == a.sample(items, 1)
        assert a.random() == b.random()
    with pytest.raises(ValueError):
        _below(random.Random(0), 0)
