"""A Gymnasium environment: one learning player against a fixed opponent policy.

    >>> from mtg_ecs.rl import GymEnv
    >>> env = GymEnv(decks=["green-red-beasts", "esper-fliers"], seed=1)
    >>> obs, info = env.reset()
    >>> int(info["action_mask"].sum()) > 0
    True

The learner (seat `player`) takes the Table's steps (mtg_ecs.rl.table: a whole engine
decision can take several), seeing only its view (the encoding's arrays,
`mtg_ecs.rl.encoding.observe`); `info["action_mask"]` (int8) says which actions are legal
now, and `action_masks()` gives the same as booleans (sb3-contrib's MaskablePPO reads it).
Whenever another player decides, the opponent answers the whole engine decision with
`act(view, decision)`, like any agent of `mtg_ecs.play` (the default: a `RandomAgent`
seeded from the environment's RNG). The reward is `Table.returns()[player]` when the game
ends, 0 before; in a multiplayer game the episode ends with -1 as soon as the learner is
eliminated; a game stopped by the turn limit is truncated (mtg_ecs.rl.episodes).

A masked-out action changes nothing: the step returns the same observation, reward 0 and
`info["illegal_action"] = True` (Gymnasium's checker, and unmasked learners, send any
action of the space); so does any action once the game is over, still terminated.
"""
from __future__ import annotations

import numpy as np

from mtg_ecs.apps.agents import MAX_DECISIONS, RandomAgent, answer_once
from mtg_ecs.rl.extras import require
from mtg_ecs.rl.episodes import eliminated, new_seed, truncated
from mtg_ecs.rl.render import render_text
from mtg_ecs.rl.spaces import action_space, as_mask, observation_space
from mtg_ecs.rl.table import Table

gymnasium = require("gymnasium", "mtg_ecs.rl.GymEnv")


class GymEnv(gymnasium.Env):
    """`GymEnv(decks=[...], seed=0, opponent=None, player=0, render_mode=None,
    **table_options)`; `table_options` go to `Table` (format, turn_limit, mana_abilities).
    The first reset without a seed uses `seed`; each reset deals a new game whose seed is
    drawn from the environment's RNG."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, decks, seed: int = 0, opponent=None, player: int = 0,
                 render_mode: str | None = None, **table_options):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.table = Table(decks, seed, **table_options)
        if not 0 <= player < self.table.num_players:
            raise ValueError(f"no player {player} among {self.table.num_players}")
        self.player = player
        self.opponent = opponent
        self.observation_space = observation_space()
        self.action_space = action_space(seed)      # its sample() repeats too
        self._first_seed = seed
        self._agents = []
        self._answers = 0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = self._first_seed
        self._first_seed = None
        super().reset(seed=seed)
        rng = self.np_random
        self.table.reset(new_seed(rng))
        opponent = self.opponent or RandomAgent(new_seed(rng))
        self._agents = [opponent] * self.table.num_players
        self._answers = 0
        self._opponents_turn()
        return self.table.observe(self.player), self._info()

    def step(self, action):
        t = self.table
        action = int(action)
        legal = 0 <= action < self.action_space.n and self.action_masks()[action]
        if legal:
            t.step(action)
            self._answers += 1
            self._opponents_turn()
        cut = truncated(t.game)
        out = self._out()
        reward = 0.0
        if legal and out:
            reward = -1.0 if not t.over else float(t.returns()[self.player])
        info = self._info() if legal else self._info(illegal_action=True)
        return t.observe(self.player), reward, out and not cut, cut, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (all False once the episode is over)."""
        return np.zeros(self.action_space.n, bool) if self._out() \
            else np.asarray(self.table.action_mask(), bool)

    def _out(self) -> bool:
        """Is the learner's episode over: the game, or (multiplayer) the learner in it?"""
        return self.table.over or eliminated(self.table.game, self.player)

    def render(self):
        """The game as text ("ansi"): turn, step and each player's public state."""
        return None if self.render_mode is None else render_text(self.table.game)

    def _opponents_turn(self) -> None:
        """The opponent answers every decision until the learner's turn or the game's end;
        past MAX_DECISIONS answers the game is a draw (an optional loop only the agents can
        stop, CR 732.4: a bound of the simulation, as in `mtg_ecs.play`)."""
        t = self.table
        while not self._out() and t.current_player != self.player:
            if self._answers >= MAX_DECISIONS:
                t.game.end_as_draw("decision limit")
                return
            answer_once(t.game, self._agents)
            self._answers += 1

    def _info(self, **extra) -> dict:
        return {"action_mask": as_mask(self.action_masks()), **extra}


def gym_vector_env(decks, num_envs: int, seed: int = 0, **options):
    """GymEnv's vector form: `num_envs` GymEnvs (the i-th seeded `seed + i`; `options` as
    GymEnv's) in Gymnasium's `SyncVectorEnv`, which stacks their observations and their
    infos' action masks."""
    from functools import partial
    return gymnasium.vector.SyncVectorEnv([partial(GymEnv, decks, seed + i, **options)
                                           for i in range(num_envs)])
