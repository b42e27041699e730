"""A choice with exactly one legal answer is still the player's decision (shared/scenario-
format.md, "Decisions (strict)"): the engine asks it, with the answer in
`Decision.data[ONLY]`, instead of answering for the player. The format's exceptions stay
unasked (no legal answer, mana payment, a single trigger's order, the damage of a creature
blocked by one creature without trample), and so do effects that give no choice at all
("discard your hand") and a copy's target with no new legal choice (001 Twincast R3: "you
can't choose a new legal target": no legal answer; tests/test_m10_white_blue.py). The built-in agents answer such a decision without drawing from
their RNG, so simulations play on exactly as when the engine didn't ask."""
from __future__ import annotations

import pytest

from mtg_ecs import HeuristicAgent, RandomAgent
from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.core.decisions import ONLY, IllegalAction, PlayerRef
from mtg_ecs.core.hashing import state_hash


def _runner(players, actions, **top):
    """The position after the actions (which leave a decision waiting: run() would fail)."""
    r = Runner({"name": "one legal answer", "players": players, **top})
    for i, act in enumerate(actions):
        verb = next(k for k in act if k not in ("player", "targets", "ability", "divide"))
        r.do(verb, act, f"action {i + 1}")
    return r


def discard_one_of_one():
    """Chandra Ablaze +1, 'discard a card', with one card in hand (CR 701.9b)."""
    r = _runner([{"battlefield": [{"card": "Chandra Ablaze", "id": "ch"}],
                  "hand": [{"card": "Forest", "id": "f"}]}, {}],
                [{"activate": "ch", "ability": "+1", "targets": ["p1"]}, {"resolve": 1}])
    return r, "discard", 0, ["f"], [[]]


def discard_seven_of_three():
    """Nicol Bolas -9: 'discards seven cards' with three in hand: all three (701.9b)."""
    r = _runner([{"battlefield": [{"card": "Nicol Bolas, Planeswalker", "id": "bolas",
                                   "counters": {"loyalty": 10}}]},
                 {"hand": [{"card": "Forest", "id": "h1"}, {"card": "Island", "id": "h2"},
                           {"card": "Forest", "id": "h3"}]}],
                [{"activate": "bolas", "ability": "-9", "targets": ["p1"]}, {"resolve": 1}])
    return r, "discard", 1, ["h1", "h2", "h3"], [["h1", "h2"]]


def sacrifice_one_of_one():
    """Yawning Fissure, 'each opponent sacrifices a land', with one land (701.21a)."""
    r = _runner([{"battlefield": [{"card": "Mountain", "count": 5}],
                  "hand": [{"card": "Yawning Fissure", "id": "yf"}]},
                 {"battlefield": [{"card": "Forest", "id": "f"}, {"card": "Centaur Courser", "id": "cc"}]}],
                [{"cast": "yf"}, {"resolve": 1}])
    return r, "choose", 1, ["f"], [["cc"], []]


def spell_division_one_target():
    """Ignite Disorder: '3 damage divided as you choose among one, two, or three target
    white and/or blue creatures' with one target: the division is announced (601.2d)."""
    r = _runner([{"battlefield": [{"card": "Mountain", "count": 2}],
                  "hand": [{"card": "Ignite Disorder", "id": "id"}]},
                 {"battlefield": [{"card": "Test White Bear", "id": "wb"}]}],
                [{"cast": "id", "targets": ["wb"]}],
                cards=[{"name": "Test White Bear", "cost": "{1}{W}", "type": "Creature — Bear",
                        "pt": [2, 2]}])
    return r, "divide", 0, {"wb": 3}, [{"wb": 2}, {"wb": 4}]


def trigger_division_one_target():
    """Inferno Titan's trigger with one target: '3 damage to one target' is one of the
    splits the player picks (004 Inferno Titan R1; 603.3d)."""
    r = _runner([{"battlefield": [{"card": "Mountain", "count": 6}],
                  "hand": [{"card": "Inferno Titan", "id": "titan"}]}, {}],
                [{"cast": "titan"}, {"resolve": 1}, {"choose": ["p1"]}])
    return r, "divide", 0, {"p1": 3}, [{"p1": 1}]


def wolves_division_one_wolf():
    """Master of the Wild Hunt: the creature's controller divides its damage among the
    Wolves as the ability resolves, even with one Wolf (001 Master of the Wild Hunt R6)."""
    r = _runner([{"battlefield": [{"card": "Master of the Wild Hunt", "id": "master"},
                                  {"card": "Wolf", "token": True, "id": "w1"}]},
                 {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]}],
                [{"activate": "master", "ability": 0, "targets": ["cc"]}, {"resolve": 1}])
    return r, "divide", 1, {"w1": 3}, [{"w1": 2}]


CASES = [discard_one_of_one, discard_seven_of_three, sacrifice_one_of_one, spell_division_one_target,
         trigger_division_one_target, wolves_division_one_wolf]


def _value(r, v):
    """Handles in a scenario answer -> the engine's objects."""
    if isinstance(v, dict):
        return {r.obj(k): n for k, n in v.items()}
    return [r.obj(x) for x in v]


@pytest.mark.parametrize("case", CASES, ids=[c.__name__ for c in CASES])
def test_a_choice_with_one_legal_answer_is_asked(case):
    r, kind, player, answer, wrong = case()
    g = r.game
    d = g.pending
    assert d is not None and (d.kind, d.player) == (kind, player), d
    assert d.data[ONLY] == _value(r, answer)
    before = state_hash(g)
    for w in wrong:                       # the player can still answer wrongly: refused
        with pytest.raises(IllegalAction):
            g.decide(_value(r, w))
        assert state_hash(g) == before
    g.decide(_value(r, answer))
    assert g.pending is None or g.pending is not d


@pytest.mark.parametrize("case", CASES, ids=[c.__name__ for c in CASES])
@pytest.mark.parametrize("agent", [RandomAgent, HeuristicAgent])
def test_agents_answer_it_without_drawing_random_numbers(case, agent):
    r, kind, player, answer, _ = case()
    d = r.game.pending
    a = agent(7)
    state = a.rng.getstate()
    got = a.act(r.game, d)
    assert got == _value(r, answer) and got is not d.data[ONLY]
    assert a.rng.getstate() == state
    r.game.decide(got)


def test_agents_still_draw_for_real_choices():
    """A choice with two legal answers (discard one of two cards) is the agents' own."""
    r = _runner([{"battlefield": [{"card": "Chandra Ablaze", "id": "ch"}],
                  "hand": ["Forest", "Island"]}, {}],
                [{"activate": "ch", "ability": "+1", "targets": ["p1"]}, {"resolve": 1}])
    d = r.game.pending
    assert d.kind == "discard" and ONLY not in d.data
    a = RandomAgent(7)
    state = a.rng.getstate()
    a.act(r.game, d)
    assert a.rng.getstate() != state


def test_no_choice_is_not_asked():
    """'Each player discards their hand' (Chandra Ablaze -2) gives no choice (701.9b: the
    player doesn't choose among the cards): nothing is asked."""
    r = _runner([{"battlefield": [{"card": "Chandra Ablaze", "id": "ch"}],
                  "hand": ["Forest", "Island"], "library": ["Island"] * 5},
                 {"hand": ["Forest"], "library": ["Island"] * 5}],
                [{"activate": "ch", "ability": "-2"}, {"resolve": 1}])
    assert r.game.pending.kind == "priority"
    assert [len(p.graveyard) for p in r.game.players] == [2, 1]


def test_division_given_up_front_is_not_asked_again():
    r = _runner([{"battlefield": [{"card": "Mountain", "count": 2}],
                  "hand": [{"card": "Ignite Disorder", "id": "id"}]},
                 {"battlefield": [{"card": "Test White Bear", "id": "wb"}]}],
                [{"cast": "id", "targets": ["wb"], "divide": {"wb": 3}}, {"resolve": 1}],
                cards=[{"name": "Test White Bear", "cost": "{1}{W}", "type": "Creature — Bear",
                        "pt": [2, 2]}])
    assert r.game.pending.kind == "priority"
    assert r.game.zone_of(r.obj("wb")) == "graveyard"


def test_unanswered_decision_at_the_end_fails_the_scenario():
    """Format, "Decisions (strict)": unanswered decisions fail the scenario (the runner used
    to check the expectations in the middle of the resolution and pass)."""
    from mtg_ecs.apps.scenario import run_data
    data = {"name": "x", "players": [{"battlefield": [{"card": "Chandra Ablaze", "id": "ch"}],
                                      "hand": [{"card": "Forest", "id": "f"}]}, {}],
            "actions": [{"activate": "ch", "ability": "+1", "targets": ["p1"]}, {"resolve": 1}],
            "expect": {"zone": {"f": "hand"}}}
    r = run_data(data)
    assert not r.passed and r.message == (
        "after the last action: a decision is left unanswered: discard for p0 (discard 1)")
    data["actions"].append({"choose": ["f"]})
    data["expect"] = {"zone": {"f": "graveyard"}, "counters": {"ch": {"loyalty": 6}}}
    r = run_data(data)
    assert r.passed, r.message
