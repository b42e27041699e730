"""N games stepped in one process, with batched numpy arrays: the form a learner that
plays every seat (self-play) feeds a batch to its network in.

    >>> import numpy as np
    >>> from mtg_ecs.rl import VectorEnv
    >>> envs = VectorEnv(decks=["green-red-beasts", "esper-fliers"], num_envs=4, seed=1)
    >>> obs, info = envs.reset()
    >>> info["action_mask"].shape[0], info["current_player"].shape
    (4, (4,))
    >>> rng = np.random.default_rng(0)
    >>> actions = [rng.choice(np.flatnonzero(m)) for m in info["action_mask"]]
    >>> obs, rewards, terminations, truncations, info = envs.step(actions)
    >>> rewards.shape
    (4, 2)

Each game's arrays are those of the player who acts next in it (`info["current_player"]`),
stacked over the games: `obs[name]` has shape (num_envs, *OBSERVATION_SPACE[name][0]).
`step(actions)` takes one action per game for its current player (a masked-out action
raises `IllegalAction`, that game unchanged). A game that ends in a step gives every
player its return in `rewards[i]` (+1 the winner, -1 each loser, 0 a draw), sets
`terminations[i]` (or `truncations[i]` at the turn limit) and is replaced at once by a
new game (auto-reset in the same step): `obs` and `info` are then the new game's.
"""
from __future__ import annotations

import numpy as np

from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE
from mtg_ecs.rl.episodes import new_seed, truncated
from mtg_ecs.rl.table import Table


class VectorEnv:
    """`VectorEnv(decks=[...], num_envs=N, seed=0, **table_options)`; `table_options` go to
    each `Table` (format, turn_limit, mana_abilities). Games' seeds are drawn from one
    numpy RNG seeded by `seed` (or by `reset(seed=...)`)."""

    def __init__(self, decks, num_envs: int, seed: int = 0, **table_options):
        if num_envs < 1:
            raise ValueError(f"num_envs {num_envs}: at least 1")
        self._rng = np.random.default_rng(seed)
        self.tables = [Table(decks, new_seed(self._rng), **table_options)
                       for _ in range(num_envs)]
        self.num_envs = num_envs
        self.num_players = self.tables[0].num_players

    def reset(self, seed: int | None = None):
        """New games in every slot: (obs, info)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        for t in self.tables:
            t.reset(new_seed(self._rng))
        return self._observe(), self._info()

    def step(self, actions):
        """One action per game: (obs, rewards, terminations, truncations, info)."""
        if len(actions) != self.num_envs:
            raise ValueError(f"{len(actions)} actions for {self.num_envs} games")
        rewards = np.zeros((self.num_envs, self.num_players), np.float32)
        terminations = np.zeros(self.num_envs, bool)
        truncations = np.zeros(self.num_envs, bool)
        for i, (t, a) in enumerate(zip(self.tables, actions)):
            t.step(int(a))
            if t.over:
                rewards[i] = t.returns()
                (truncations if truncated(t.game) else terminations)[i] = True
                t.reset(new_seed(self._rng))
        return self._observe(), rewards, terminations, truncations, self._info()

    def _observe(self) -> dict:
        out = {name: np.empty((self.num_envs, *shape), dtype)
               for name, (shape, dtype, _low, _high) in OBSERVATION_SPACE.items()}
        for i, t in enumerate(self.tables):
            for name, a in t.observe(t.current_player).items():
                out[name][i] = a
        return out

    def _info(self) -> dict:
        mask = np.zeros((self.num_envs, ACTION_SIZE), bool)
        for i, t in enumerate(self.tables):
            mask[i] = t.action_mask()
        return {"action_mask": mask,
                "current_player": np.array([t.current_player for t in self.tables], np.int64)}
