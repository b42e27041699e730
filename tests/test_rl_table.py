"""The Table of mtg_ecs.rl (issue 17, item 3): a game stepped one choice at a time through
a fixed masked action space and its pointer form (docs/rl.md)."""
from __future__ import annotations

import doctest
import random

import numpy as np
import pytest

from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.rl import actions as acts
from mtg_ecs.rl import table as table_module
from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE, ROW_START
from mtg_ecs.rl.table import OPTION_FEATURES, Table

SAMPLES = ("green-red-beasts", "esper-fliers", "obscura-connive", "riveteers-casualty")


def _matchup(k):
    return [SAMPLES[k % 4], SAMPLES[(k // 4 + k) % 4]]


def _play(t, rng, until=None):
    """Random legal actions (uniform over the mask) until the game ends or `until(t)`."""
    while not t.over and not (until and until(t)):
        mask = t.action_mask()
        assert mask.dtype == bool and mask.shape == (ACTION_SIZE,) and mask.any()
        t.step(int(rng.choice(np.flatnonzero(mask))))


def test_random_legal_actions_finish_30_games_of_the_sample_decks():
    steps = refusals = decisions = 0
    kinds = set()
    for k in range(30):
        t = Table(_matchup(k), seed=k)
        rng = random.Random(k)
        while not t.over:
            d = t.game.pending
            kinds.add(d.kind)
            legal = t.legal_actions()
            assert legal == list(np.flatnonzero(t.action_mask()))
            t.step(rng.choice(legal))
            steps += 1
            decisions += t.game.pending is not d
        assert t.game.over
        r = t.returns()
        assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
        refusals += t.refusals
    assert {"priority", "attackers", "blockers", "targets", "mulligan"} <= kinds
    assert refusals <= decisions / 1000, (refusals, decisions)


def test_observations_of_the_table_conform_and_show_the_step():
    t = Table(_matchup(1), seed=4)
    rng = random.Random(4)
    seen_focus = False
    while not t.over:
        p = t.current_player
        for q in range(t.num_players):
            obs = t.observe(q)
            for k, (shape, dtype, lo, hi) in OBSERVATION_SPACE.items():
                assert obs[k].shape == shape and obs[k].dtype == dtype, k
                assert (obs[k] >= lo).all() and (obs[k] <= hi).all(), k
            if q != p:
                assert not obs["focus"].any() and not obs["step"].any()
        if t.game.pending.kind == "attackers":
            obs = t.observe(p)
            seen_focus |= bool(obs["focus"][ROW_START["battlefield"]:].any())
        t.step(rng.choice(t.legal_actions()))
    assert seen_focus


def test_an_attack_is_declared_one_candidate_at_a_time():
    t = Table(_matchup(0), seed=2)
    rng = random.Random(2)
    _play(t, rng, until=lambda t: t.game.pending.kind == "attackers"
          and len(t.game.pending.options) >= 2)
    d = t.game.pending
    attacked = []
    for attacker, defenders in d.options:
        obs = t.observe(d.player)
        focus = np.flatnonzero(obs["focus"])
        assert len(focus) == 1
        legal = t.legal_actions()
        assert acts.action("no_attack") in legal
        assert len(legal) == 1 + len(defenders)
        attack = [a for a in legal if acts.decode(a)[0] == "attack"][0]
        t.step(attack)
        attacked.append(attacker)
    assert t.game.pending is not d
    assert all(t.game.is_attacking(a) for a in attacked)


def test_a_masked_out_action_is_refused_and_changes_nothing():
    t = Table(_matchup(2), seed=1)
    _play(t, random.Random(1), until=lambda t: t.game.turn >= 4)
    before = state_hash(t.game)
    bad = int(np.flatnonzero(~t.action_mask())[0])
    with pytest.raises(IllegalAction):
        t.step(bad)
    assert state_hash(t.game) == before


def test_the_pointer_form_offers_the_same_choices_as_the_discrete_form():
    t = Table(_matchup(3), seed=6)
    rng = random.Random(6)
    n = 0
    while not t.over and n < 400:
        legal = t.legal_actions()
        rows = t.pointer_options()
        assert rows.shape == (len(legal), len(OPTION_FEATURES)) and rows.dtype == np.float32
        verbs = [acts.decode(a)[0] for a in legal]
        col = {v: OPTION_FEATURES.index(f"verb:{v}") for v in set(verbs)}
        assert all(rows[k, col[v]] == 1 for k, v in enumerate(verbs))
        k = rng.randrange(len(legal))
        twin = t.clone()
        t.step_pointer(k)
        twin.step(legal[k])
        assert state_hash(t.game) == state_hash(twin.game)
        assert t.legal_actions() == twin.legal_actions()
        n += 1


def test_a_clone_is_independent_and_keeps_the_steps_taken():
    t = Table(_matchup(0), seed=2)
    rng = random.Random(2)
    _play(t, rng, until=lambda t: t.game.pending.kind == "attackers"
          and len(t.game.pending.options) >= 2)
    t.step(acts.action("no_attack"))            # one step of the declaration taken
    c = t.clone(seed=9)
    assert c.legal_actions() == t.legal_actions()
    assert np.array_equal(c.observe(c.current_player)["step"], t.observe(t.current_player)["step"])
    before = state_hash(t.game)
    _play(c, random.Random(3))
    assert c.over and state_hash(t.game) == before and not t.over


def test_a_determinized_table_shows_its_player_the_same_and_is_independent():
    t = Table(_matchup(5), seed=8)
    rng = random.Random(8)
    _play(t, rng, until=lambda t: t.game.turn >= 5 and t.game.pending.kind == "priority")
    p = t.current_player
    d = t.determinize(p, random.Random(1))
    a, b = t.observe(p), d.observe(p)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert d.legal_actions() == t.legal_actions()
    before = state_hash(t.game)
    _play(d, random.Random(4))
    assert state_hash(t.game) == before


def test_a_draw_returns_zero_each():
    t = Table(_matchup(1), seed=3, turn_limit=2)
    _play(t, random.Random(3))
    assert t.game.winner is None and t.returns() == [0.0, 0.0]


def test_mana_abilities_are_offered_only_when_asked_for():
    def activations(t):
        n = 0
        rng = random.Random(0)
        while not t.over and t.game.turn < 6:
            legal = t.legal_actions()
            n += sum(acts.decode(a)[0] == "activate" for a in legal)
            t.step(rng.choice(legal))
        return n
    hidden = activations(Table(["green-red-beasts"] * 2, seed=1))
    shown = activations(Table(["green-red-beasts"] * 2, seed=1, mana_abilities=True))
    assert shown > hidden


def test_reset_starts_a_new_game():
    t = Table(_matchup(0), seed=1)
    _play(t, random.Random(1), until=lambda t: t.game.turn >= 3)
    t.reset()
    assert t.seed == 2 and t.game.turn <= 1 and t.current_player is not None
    t.reset(seed=1)
    assert t.seed == 1


def test_the_modules_example_runs():
    assert doctest.testmod(table_module).failed == 0


@pytest.mark.parametrize("fmt,n", [("free-for-all", 3), ("two-headed-giant", 4)])
def test_multiplayer_games_play_to_the_end(fmt, n):
    t = Table([SAMPLES[k % 4] for k in range(n)], seed=0, format=fmt, turn_limit=30)
    _play(t, random.Random(0))
    r = t.returns()
    assert len(r) == n and t.over and t.game.winner is not None
    assert r[t.game.winner] == 1.0 and r.count(-1.0) == (n - 1 if fmt == "free-for-all" else 2)
    if fmt == "two-headed-giant":
        team = next(team for team in t.game.teams if t.game.winner in team)
        assert [r[i] for i in team] == [1.0, 1.0] and sum(r) == 0


def test_a_refused_answer_restarts_the_decisions_steps_and_a_refused_action_is_not_offered_again(
        monkeypatch):
    from mtg_ecs.game import Game
    t = Table(_matchup(0), seed=2)
    rng = random.Random(2)
    _play(t, rng, until=lambda t: t.game.pending.kind == "attackers"
          and len(t.game.pending.options) >= 2)
    real = Game.decide
    calls = []

    def refuse_once(game, answer):
        calls.append(answer)
        if len(calls) == 1:
            raise IllegalAction("a constraint the mask can't show")
        real(game, answer)
    monkeypatch.setattr(Game, "decide", refuse_once)
    first = t.legal_actions()
    d = t.game.pending
    for _ in d.options:
        t.step(acts.action("no_attack"))
    assert t.refusals == 1 and t.game.pending is d and t.legal_actions() == first
    assert len(t.observe(d.player)["focus"].nonzero()[0]) == 1 and t.observe(d.player)["step"][0] == 0
    for _ in d.options:
        t.step(acts.action("no_attack"))
    assert t.game.pending is not d and len(calls) == 2
    # a priority action the engine refuses is not offered again at that decision
    _play(t, rng, until=lambda t: t.game.pending.kind == "priority"
          and len(t.legal_actions()) >= 2)
    calls.clear()
    a = t.legal_actions()[1]
    t.step(a)
    assert t.refusals == 2 and a not in t.legal_actions()


def test_random_decks_of_every_card_play_through_every_kind_of_step():
    """Decks drawn from every registered card bring the rarer decisions (divide, scry,
    name, prevention, modes, ...): each is stepped to its answer with no error, an empty
    mask or a pointer row missing."""
    from mtg_ecs.cards import all_cards, get_card
    spells = [n for n in all_cards() if "Land" not in get_card(n).types]
    basics = ["Forest", "Mountain", "Island", "Plains", "Swamp"]
    kinds = set()
    refusals = steps = 0
    for k in range(30):
        r = random.Random(k)
        decks = [[r.choice(spells) for _ in range(36)] + [r.choice(basics) for _ in range(24)]
                 for _ in range(2)]
        t = Table(decks, seed=k, turn_limit=25)
        while not t.over:
            kinds.add(t.game.pending.kind)
            legal = t.legal_actions()
            assert legal and len(t.pointer_options()) == len(legal)
            t.step(r.choice(legal))
            steps += 1
        refusals += t.refusals
    assert refusals <= steps / 500, (refusals, steps)
    assert {"divide", "modes", "name", "scry", "damage_assignment", "x", "trigger_order",
            "look_order", "choice", "top_or_bottom"} <= kinds


def _until_decision(test, seeds=range(40)):
    """A table at the first decision `test` accepts, in games of the sample decks."""
    for k in seeds:
        t = Table(_matchup(k), seed=k)
        _play(t, random.Random(k), until=lambda t: test(t.game.pending))
        if not t.over:
            return t
    raise AssertionError("no such decision")


def test_a_choice_of_one_is_one_step():
    t = _until_decision(lambda d: d.kind == "targets" and d.min == d.max == 1
                        and len(d.options) >= 2)
    d = t.game.pending
    assert acts.action("done") not in t.legal_actions()       # one must be chosen
    t.step(acts.action("option", 1))
    assert t.game.pending is not d and t.refusals == 0


def test_up_to_one_target_may_be_none_by_done_or_one_in_one_step():
    t = _until_decision(lambda d: d.kind == "targets" and d.min == 0 and d.max == 1
                        and len(d.options) >= 2)
    d = t.game.pending
    legal = t.legal_actions()
    assert legal == [acts.action("option", i) for i in range(len(d.options))] + [acts.action("done")]
    none = t.clone()
    n = len(t.game.answers)
    none.step(acts.action("done"))
    t.step(acts.action("option", 0))
    assert none.game.answers[n] == [] and t.game.answers[n] == [d.options[0]]
    assert none.refusals == t.refusals == 0


def test_trample_damage_is_assigned_a_unit_at_a_time_lethal_to_the_blockers_first():
    """510.1c-d, 702.19b: the defender can get damage only once each blocker has lethal."""
    t = _until_decision(lambda d: d.kind == "damage_assignment" and d.data["trample"],
                        range(3, 200))
    d = t.game.pending
    blockers, player = d.data["blockers"], d.options.index(d.data["defender"])
    n = len(t.game.answers)
    for b in blockers:
        for _ in range(d.data["lethal"][b]):
            assert acts.action("option", player) not in t.legal_actions()
            assert t.observe(d.player)["step"][4] > 0               # units left
            t.step(acts.action("option", d.options.index(b)))
    while t.game.pending is d:
        t.step(acts.action("option", player))
    answer = t.game.answers[n]
    assert answer[d.data["defender"]] == d.data["total"] - sum(d.data["lethal"].values())
    assert t.refusals == 0


def test_a_pointer_row_holds_the_observation_row_of_the_object_it_names():
    t = _until_decision(lambda d: d.kind == "priority" and any(
        type(a).__name__ == "Cast" for a in d.options))
    p = t.current_player
    obs = t.observe(p)
    rows = t.pointer_options()
    n = cid = OPTION_FEATURES.index("card_id")        # the object's features come first
    casts = 0
    for k, a in enumerate(t.legal_actions()):
        verb, slot = acts.decode(a)
        if verb in ("cast", "play_land"):
            r = ROW_START["hand"] + slot
            assert np.array_equal(rows[k, :n], obs["objects"][r])
            assert rows[k, cid] == obs["object_ids"][r] > 0
            casts += verb == "cast"
        elif verb == "activate":
            r = ROW_START["battlefield"] + slot // acts.MAX_ABILITIES
            assert np.array_equal(rows[k, :n], obs["objects"][r])
            assert rows[k, OPTION_FEATURES.index("slot")] == slot
    assert casts


def test_a_player_who_lost_before_a_draw_returns_minus_one():
    """800.4a: a player who lost left the game; the others drawing later doesn't undo it."""
    t = Table([["Forest"] * 40] * 3, seed=1, format="free-for-all")
    t.game.players[2].lost = True
    t.game.end_as_draw("turn limit")
    assert t.returns() == [0.0, 0.0, -1.0]
