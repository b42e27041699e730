"""The research adapters of mtg_ecs.rl (issue 17, item 4): PettingZoo's api_test,
Gymnasium's check_env and OpenSpiel's random-simulation test pass; episodes end with the
Table's returns; seeded resets repeat; the opponent of GymEnv answers whole decisions from
views; OpenSpiel's resample keeps what the player saw; VectorEnv batches and auto-resets;
the README's loops run; and without the `rl` extra the adapters fail with one ImportError
naming it while the rest imports."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE

DECKS = ["green-red-beasts", "esper-fliers"]
README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def masked_choice(rng, mask) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# -- PettingZoo ---------------------------------------------------------------------------

def test_pettingzoo_api_test_passes():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    from mtg_ecs.rl import AECEnv
    api_test(AECEnv(decks=DECKS, seed=1), num_cycles=200)


def play_aec(env, seed):
    """A random masked game; (per-agent sum of rewards, steps, agents seen acting)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals, steps = {}, 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env.observation_space(agent).contains(obs)
        other = next(a for a in env.agents if a != agent)
        assert not env.observe(other)["action_mask"].any()     # only the agent to act has actions
        env.step(masked_choice(rng, obs["action_mask"]))
        steps += 1
    return totals, steps


def test_aec_game_ends_with_the_tables_returns():
    pytest.importorskip("pettingzoo")
    from mtg_ecs.rl import AECEnv
    env = AECEnv(decks=DECKS, seed=3)
    totals, steps = play_aec(env, seed=4)
    g = env.table.game
    assert g.over and env.agents == []
    expected = {f"player_{i}": r for i, r in enumerate(env.table.returns())}
    assert totals == expected
    assert sorted(expected.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert steps > 10


def test_aec_multiplayer_a_player_who_loses_leaves_at_once():
    pytest.importorskip("pettingzoo")
    from mtg_ecs.rl import AECEnv
    env = AECEnv(decks=DECKS + ["obscura-connive"], seed=1, format="free-for-all")
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    totals, left_early = {}, []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated and not env.table.over:
            left_early.append(agent)
            assert not obs["action_mask"].any()       # the actions are another player's
        env.step(None if terminated or truncated else masked_choice(rng, obs["action_mask"]))
        assert env.agents == [a for a in env.possible_agents if a in env.terminations]
    assert left_early and all(totals[a] == -1.0 for a in left_early)
    winner = env.table.game.winner
    assert totals == {f"player_{i}": 1.0 if i == winner else -1.0 for i in range(3)}


def test_aec_seeded_reset_repeats_and_illegal_action_raises():
    pytest.importorskip("pettingzoo")
    from mtg_ecs import IllegalAction
    from mtg_ecs.rl import AECEnv

    def trace(env):
        env.reset(seed=11)
        rng = np.random.default_rng(0)
        out = []
        for _ in range(60):
            obs = env.observe(env.agent_selection)
            out.append((env.agent_selection, obs["observation"]["global"].tobytes()))
            env.step(masked_choice(rng, obs["action_mask"]))
        return out

    a, b = AECEnv(decks=DECKS, seed=0), AECEnv(decks=DECKS, seed=99)
    assert trace(a) == trace(b)
    mask = a.observe(a.agent_selection)["action_mask"]
    before = a.table.game.pending
    with pytest.raises(IllegalAction):
        a.step(int(np.flatnonzero(mask == 0)[0]))
    assert a.table.game.pending is before


# -- Gymnasium -----------------------------------------------------------------------------

def test_gymnasium_check_env_passes():
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from mtg_ecs.rl import GymEnv
    check_env(GymEnv(decks=DECKS, seed=1, render_mode="ansi"))


class RecordingAgent:
    """A RandomAgent that records what it is given."""

    def __init__(self):
        from mtg_ecs import RandomAgent
        self.inner = RandomAgent(5)
        self.seen = []

    def act(self, view, decision):
        self.seen.append((view, decision))
        return self.inner.act(view, decision)


@pytest.mark.parametrize("player", [0, 1])
def test_gym_opponent_answers_whole_decisions_from_its_view(player):
    pytest.importorskip("gymnasium")
    from mtg_ecs.view import View
    from mtg_ecs.rl import GymEnv
    opponent = RecordingAgent()
    env = GymEnv(decks=DECKS, seed=2, opponent=opponent, player=player)
    obs, info = env.reset()
    rng = np.random.default_rng(1)
    reward, done, steps = 0.0, False, 0
    while not done:
        assert env.table.current_player == player       # the learner is asked only its own
        assert env.observation_space.contains(obs)       # shapes, dtypes, bounds
        obs, reward, terminated, truncated, info = env.step(masked_choice(rng, info["action_mask"]))
        done = terminated or truncated
        steps += 1
    assert opponent.seen
    for view, decision in opponent.seen:
        assert isinstance(view, View) and view.player == decision.player == 1 - player
    assert reward == env.table.returns()[player] and reward in (-1.0, 0.0, 1.0)
    assert not info["action_mask"].any()
    _obs, reward, terminated, truncated, info = env.step(0)     # after the end: nothing
    assert reward == 0.0 and terminated != truncated and info["illegal_action"]


def test_gym_multiplayer_episode_ends_when_the_learner_is_eliminated():
    pytest.importorskip("gymnasium")
    from mtg_ecs.rl import GymEnv
    env = GymEnv(decks=DECKS + ["obscura-connive"], seed=3, format="free-for-all")
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(masked_choice(rng, info["action_mask"]))
        done = terminated or truncated
    g = env.table.game
    assert g.players[0].lost and not env.table.over             # the others play on
    assert reward == -1.0 and terminated and not info["action_mask"].any()


def test_gym_masked_out_action_changes_nothing():
    pytest.importorskip("gymnasium")
    from mtg_ecs.rl import GymEnv
    env = GymEnv(decks=DECKS, seed=4)
    obs, info = env.reset()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    pending = env.table.game.pending
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert info2["illegal_action"] and reward == 0.0 and not terminated and not truncated
    assert env.table.game.pending is pending
    assert all((obs[k] == obs2[k]).all() for k in obs)
    assert (env.action_masks() == info["action_mask"].astype(bool)).all()


def test_gym_seeds_deal_the_same_games():
    pytest.importorskip("gymnasium")
    from mtg_ecs.rl import GymEnv

    def hands(env):
        g = env.table.game
        return [[g.name(e) for e in p.hand] for p in g.players]

    a, b = GymEnv(decks=DECKS, seed=7), GymEnv(decks=DECKS, seed=8)
    oa, _ = a.reset()                   # the first reset without a seed: the constructor's
    ob, _ = b.reset(seed=7)
    assert all((oa[k] == ob[k]).all() for k in oa) and hands(a) == hands(b)
    a.reset()
    b.reset()
    assert hands(a) == hands(b)
    a.reset(seed=123)
    assert hands(a) != hands(b)


def test_gym_vector_env_batches_masks():
    pytest.importorskip("gymnasium")
    from mtg_ecs.rl import gym_vector_env
    envs = gym_vector_env(DECKS, num_envs=2, seed=3)
    obs, info = envs.reset(seed=3)
    assert obs["global"].shape == (2, *OBSERVATION_SPACE["global"][0])
    assert info["action_mask"].shape == (2, ACTION_SIZE)
    rng = np.random.default_rng(0)
    for _ in range(20):
        obs, reward, terminated, truncated, info = envs.step(
            [masked_choice(rng, m) for m in info["action_mask"]])
    assert reward.shape == (2,)
    envs.close()


# -- OpenSpiel ------------------------------------------------------------------------------

def load_spiel_game(**params):
    pyspiel = pytest.importorskip("pyspiel")
    import mtg_ecs.rl  # noqa: F401  (registers python_mtg_ecs)
    return pyspiel, pyspiel.load_game("python_mtg_ecs", {"decks": ",".join(DECKS), **params})


def test_openspiel_random_simulation_test_passes():
    pyspiel, game = load_spiel_game(seed=1)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def spiel_state_at_turn(game, turn, seed):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.table.game.turn < turn:
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_openspiel_resample_keeps_what_the_player_saw():
    pyspiel, game = load_spiel_game(seed=2)
    state = spiel_state_at_turn(game, 4, seed=0)
    p = state.current_player()
    before = str(state)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(5):
        other = state.resample_from_infostate(p, sampler)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == state.history()
        g = other.table.game
        hands.add(tuple(sorted(g.name(e) for e in g.players[1 - p].library[-7:])))
        other.apply_action(other.legal_actions()[0])     # independent of the state
    assert str(state) == before
    assert len(hands) > 1                                # hidden cards were dealt anew


def test_openspiel_game_length_bound_ends_as_a_draw():
    _pyspiel, game = load_spiel_game(seed=3, max_game_length=40)
    state = spiel_state_at_turn(game, 99, seed=1)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.table.game.end_reason == "decision limit" and len(state.history()) == 40


def test_openspiel_new_states_deal_new_games_and_clones_share_the_future():
    _pyspiel, game = load_spiel_game(seed=4)
    a, b = game.new_initial_state(), game.new_initial_state()
    hand = lambda s: [s.table.game.name(e) for e in s.table.game.players[0].hand]  # noqa: E731
    assert hand(a) != hand(b)
    c = a.clone()
    for _ in range(50):
        action = a.legal_actions()[-1]
        a.apply_action(action)
        c.apply_action(action)
    assert str(a) == str(c)


def test_open_spiels_ismcts_plays_through_resampling(monkeypatch):
    """OpenSpiel's own ISMCTS searches determinizations from resample_from_infostate."""
    pyspiel, game = load_spiel_game(seed=5)
    from open_spiel.python.algorithms import ismcts, mcts
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=3, random_state=rs, use_observation_string=True)
    state = spiel_state_at_turn(game, 3, seed=2)
    calls = []
    resample = type(state).resample_from_infostate

    def counted(self, player, sampler):
        calls.append(player)
        return resample(self, player, sampler)

    monkeypatch.setattr(type(state), "resample_from_infostate", counted)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(calls) >= 9


def test_openspiel_information_state_is_the_players_recall():
    """Perfect recall: a player's information state changes with their own actions and
    what they observe, not with the other player's steps inside a decision (the engine
    hears the declaration once it is complete); a resampled state keeps it; the tensor has
    the game's information-state size."""
    from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE
    pyspiel, game = load_spiel_game(seed=6)
    size = sum(int(np.prod(shape)) for shape, *_ in OBSERVATION_SPACE.values()) + ACTION_SIZE
    assert game.information_state_tensor_size() == size
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    inside = own = 0
    while not state.is_terminal() and (inside < 3 or own < 20):
        p = state.current_player()
        before = [state.information_state_string(q) for q in (0, 1)]
        d = state.table.game.pending
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        after = [state.information_state_string(q) for q in (0, 1)]
        assert after[p] != before[p]                    # their own action
        own += 1
        if state.table.game.pending is d:               # a step inside p's decision
            assert after[1 - p] == before[1 - p]
            inside += 1
        tensor = np.asarray(state.information_state_tensor(p))
        assert tensor.shape == (size,) and tensor[-ACTION_SIZE:][action] >= 1
    assert inside >= 3
    p = state.current_player()
    other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(p) == state.information_state_string(p)
    assert other.information_state_tensor(p) == state.information_state_tensor(p)


def test_openspiel_monte_carlo_cfr_runs_on_information_states():
    """Outcome-sampling MCCFR keys its regrets by information_state_string: a key met again
    must offer the same number of legal actions (one information set, one action set)."""
    _pyspiel, game = load_spiel_game(seed=7, max_game_length=6)
    from open_spiel.python.algorithms import outcome_sampling_mccfr
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    seen = {}
    real = solver._lookup_infostate_info

    def lookup(key, n):
        assert seen.setdefault(key, n) == n
        return real(key, n)
    solver._lookup_infostate_info = lookup
    for _ in range(30):
        solver.iteration()
    assert len(seen) > 10 and {k.split()[0] for k in seen} == {"p0", "p1"}
    state = game.new_initial_state()
    probs = solver.average_policy().action_probabilities(state)
    assert set(probs) == set(state.legal_actions())


# -- VectorEnv ------------------------------------------------------------------------------

def test_vector_env_batches_and_auto_resets():
    from mtg_ecs.rl import VectorEnv
    envs = VectorEnv(decks=DECKS, num_envs=3, seed=5, turn_limit=3)
    obs, info = envs.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        for name, (shape, dtype, _low, _high) in OBSERVATION_SPACE.items():
            assert obs[name].shape == (3, *shape) and obs[name].dtype == dtype
        for i, t in enumerate(envs.tables):
            assert info["current_player"][i] == t.current_player
            assert (info["action_mask"][i] == t.action_mask()).all()
            assert (obs["global"][i] == t.observe(t.current_player)["global"]).all()
        obs, rewards, terminations, truncations, info = envs.step(
            [masked_choice(rng, m) for m in info["action_mask"]])
        done = terminations | truncations
        ended += done.sum()
        assert (rewards[~done] == 0).all()
        for i in np.flatnonzero(done):
            assert not envs.tables[i].over and envs.tables[i].game.turn <= 1   # a new game
            assert sorted(rewards[i]) in ([-1.0, 1.0], [0.0, 0.0])
    assert ended >= 3


def test_vector_env_seeded_reset_repeats():
    from mtg_ecs.rl import VectorEnv
    a, b = VectorEnv(decks=DECKS, num_envs=2, seed=1), VectorEnv(decks=DECKS, num_envs=2, seed=2)
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    assert all((oa[k] == ob[k]).all() for k in oa)


@pytest.mark.parametrize("module,extra", [("pettingzoo_env", "pettingzoo"), ("gym_env", "gymnasium"),
                                          ("vector", "numpy"), ("openspiel_game", "pyspiel")])
def test_module_examples_run(module, extra):
    import doctest
    import importlib
    pytest.importorskip(extra)
    assert doctest.testmod(importlib.import_module(f"mtg_ecs.rl.{module}")).failed == 0


# -- packaging -----------------------------------------------------------------------------

def test_adapters_name_the_extra_when_missing(monkeypatch):
    import mtg_ecs.rl as rl
    monkeypatch.setitem(sys.modules, "pettingzoo", None)       # as if not installed
    monkeypatch.delitem(sys.modules, "mtg_ecs.rl.pettingzoo_env", raising=False)
    monkeypatch.delattr(rl, "AECEnv", raising=False)
    with pytest.raises(ImportError, match=r"mtg-ecs\[rl\]"):
        from mtg_ecs.rl import AECEnv  # noqa: F401


def test_core_and_table_import_without_the_extras():
    code = ("import sys\n"
            "for m in ('pettingzoo', 'gymnasium', 'pyspiel'): sys.modules[m] = None\n"
            "import mtg_ecs, mtg_ecs.rl\n"
            "from mtg_ecs.rl import Table, VectorEnv\n"
            "try:\n    from mtg_ecs.rl import GymEnv\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'mtg-ecs[rl]'" in out.stdout


def _readme_block(marker: str) -> str:
    text = open(README, encoding="utf-8").read()
    (block,) = [b.split("```")[0] for b in text.split("```python")[1:] if marker in b.split("```")[0]]
    return block


def test_readme_pettingzoo_loop_runs():
    pytest.importorskip("pettingzoo")
    ns = {}
    exec(compile(_readme_block("AECEnv"), "README.md", "exec"), ns)
    assert ns["env"].table.over and ns["env"].agents == []


def test_readme_gymnasium_loop_runs():
    pytest.importorskip("gymnasium")
    ns = {}
    exec(compile(_readme_block("GymEnv"), "README.md", "exec"), ns)
    assert ns["env"].table.over and ns["reward"] == ns["env"].table.returns()[0]
