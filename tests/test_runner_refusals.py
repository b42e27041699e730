"""The scenario runner and the format's rules on refused actions (shared/scenario-format.md,
"Actions" and "Decisions (strict)"):

* an action refused because nothing of its kind is pending (a `block` with no blockers
  declaration waiting, a `choose` with no decision, ...) counts as refused like any other:
  under `illegal: true` the scenario goes on (the game unchanged), without it the scenario
  fails with the reason;
* `resolve` and `to` only pass priority: given while a decision waits (a "may", a target, a
  declaration), they are refused the same way, never a silent no-op."""
from __future__ import annotations

import pytest

from mtg_ecs.apps.scenario import run_data


def _combat(actions, expect=None):
    """p0 attacks with a Centaur Courser into p1's (CR 506-510)."""
    data = {"name": "refusals", "players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "a"}, "Mountain", "Mountain"],
         "hand": [{"card": "Searing Spear", "id": "spear"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "b"}]}], "actions": actions}
    if expect is not None:
        data["expect"] = expect
    return data


def _may(actions, expect=None):
    """Kraken's Eye: 'whenever a player casts a blue spell, you may gain 1 life' (CR 603.5);
    the two passes resolve the trigger, whose 'may' then waits."""
    data = {"name": "refusals", "turn": {"active": 1}, "players": [
        {"battlefield": [{"card": "Kraken's Eye", "id": "eye"}, {"card": "Centaur Courser", "id": "cc"}]},
        {"battlefield": ["Island"], "hand": [{"card": "Unsummon", "id": "uns"}]}],
        "actions": [{"cast": "uns", "targets": ["cc"]}, {"pass": True}, {"pass": True},
                    {"expect": {"stack": ["ability:eye", "Unsummon"]}}] + actions}
    if expect is not None:
        data["expect"] = expect
    return data


REFUSED = [
    # (case, the action, why it is refused)
    ("block with no blockers declaration", _combat, {"block": {"b": "a"}},
     "no blockers declaration is pending (pending: priority for p0)"),
    ("attack with no attackers declaration", _combat, {"attack": {"a": "p1"}},
     "no attackers declaration is pending (pending: priority for p0)"),
    ("choose with no decision", _combat, {"choose": "a"},
     "nothing to choose: no decision is pending (p0 holds priority)"),
    ("resolve with an empty stack", _combat, {"resolve": 1}, "resolve: the stack is empty"),
    ("resolve while a may waits", _may, {"resolve": 1},
     "resolve: a decision is pending and must be answered first: may for p0"),
    ("to while a may waits", _may, {"to": "end"},
     "to: a decision is pending and must be answered first: may for p0"),
    ("a priority action while a may waits", _may, {"pass": True},
     "a decision is pending and must be answered first: may for p0"),
    ("choose by the other player", _may, {"choose": "yes", "player": "p1"},
     "the pending decision (may) is p0's, not p1's"),
]


@pytest.mark.parametrize("make, action, why", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_refused_without_illegal_fails_with_the_reason(make, action, why):
    data = make([action])
    n = len(data["actions"])
    r = run_data(data)
    assert not r.passed
    verb = next(k for k in action if k != "player")
    assert r.message.startswith(f"action {n} ({verb}): refused: {why}"), r.message


@pytest.mark.parametrize("make, action, why", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_refused_under_illegal_counts_and_the_scenario_goes_on(make, action, why):
    """The refused action changes nothing (the runner compares state hashes) and the
    script continues from the same place: the combat or the 'may' still plays out."""
    if make is _combat:
        data = _combat([{**action, "illegal": True}, {"to": "declare_attackers"},
                        {"attack": {"a": "p1"}}, {"to": "declare_blockers"},
                        {"block": {"b": "a"}}, {"to": "main2"}],
                       {"zone": {"a": "graveyard", "b": "graveyard"}, "life": {"p1": 20}})
    else:
        data = _may([{**action, "illegal": True}, {"choose": "yes"},
                     {"expect": {"life": {"p0": 21}, "stack": ["Unsummon"]}}, {"resolve": 1}],
                    {"zone": {"cc": "hand"}, "life": {"p0": 21}})
    r = run_data(data)
    assert r.passed, r.message


def test_illegal_action_that_is_allowed_still_fails():
    r = run_data(_may([{"choose": "yes", "illegal": True}]))
    assert not r.passed and r.message == "action 5 (choose): expected to be illegal, but it was allowed"


def test_to_stops_at_a_decision_and_the_next_to_is_refused_until_it_is_answered():
    """CR 601.2c: a spell cast without its target named asks for it; `to` given then is
    refused (it used to pass over the pending choice silently), the `choose` answers it."""
    base = [{"cast": "spear"}]
    r = run_data(_combat(base + [{"to": "main2"}]))
    assert not r.passed and r.message.startswith(
        "action 2 (to): refused: to: a decision is pending and must be answered first: "
        "targets for p0"), r.message
    r = run_data(_combat(base + [{"to": "main2", "illegal": True}, {"choose": "b"},
                                 {"resolve": 1}], {"zone": {"b": "graveyard"}}))
    assert r.passed, r.message


def test_a_declaration_the_script_stopped_at_is_answered_before_to():
    """`to: declare_attackers` stops before the declaration (format: the next action is the
    `attack` that makes it); a `to` instead is refused, not an empty declaration."""
    r = run_data(_combat([{"to": "declare_attackers"}, {"to": "main2"}]))
    assert not r.passed and r.message.startswith(
        "action 2 (to): refused: to: a decision is pending and must be answered first: "
        "attackers for p0"), r.message


def test_acting_after_the_game_is_over_is_refused():
    data = {"name": "refusals", "players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "bolt"}]},
        {"life": 3}],
        "actions": [{"cast": "bolt", "targets": "p1"}, {"resolve": 1},
                    {"pass": True, "illegal": True}, {"choose": "yes", "illegal": True},
                    {"block": {}, "illegal": True}],
        "expect": {"winner": "p0"}}
    r = run_data(data)
    assert r.passed, r.message
    data["actions"].append({"pass": True})
    r = run_data(data)
    assert not r.passed and r.message == "action 6 (pass): refused: the game is over"
