"""A PettingZoo AEC environment: every player an agent, one engine step at a time.

    >>> from mtg_ecs.rl import AECEnv
    >>> env = AECEnv(decks=["green-red-beasts", "esper-fliers"], seed=1)
    >>> env.reset()
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Agents are "player_0", "player_1", ... (the seats). An observation follows PettingZoo's
convention for masked actions: {"observation": the encoding's arrays
(`mtg_ecs.rl.encoding.observe` of the agent's view: nothing it couldn't see),
"action_mask": int8 over the Discrete action space}, the mask all zeros for an agent that
isn't to act. The actions are the Table's steps (mtg_ecs.rl.table: a whole engine decision
can take several); a masked-out action raises `IllegalAction` and changes nothing. Rewards
come at the end, `Table.returns()`: +1 the winner, -1 each loser, 0 a draw; in a
multiplayer game a player who loses (with their whole team) is terminated at once with -1,
and the others play on. A game stopped by the turn limit is truncated, not terminated
(mtg_ecs.rl.episodes).
"""
from __future__ import annotations

import numpy as np

from mtg_ecs.rl.extras import require
from mtg_ecs.rl.episodes import eliminated, new_seed, truncated
from mtg_ecs.rl.render import render_text
from mtg_ecs.rl.spaces import action_space, as_mask, mask_space, observation_space, spaces
from mtg_ecs.rl.table import Table

pettingzoo = require("pettingzoo", "mtg_ecs.rl.AECEnv")


class AECEnv(pettingzoo.AECEnv):
    """`AECEnv(decks=[...], seed=0, render_mode=None, **table_options)`; `table_options` go
    to `Table` (format, turn_limit, mana_abilities). Each reset deals a new game whose seed
    is drawn from the environment's RNG (seeded by `seed`, or by `reset(seed=...)`)."""

    metadata = {"name": "mtg_ecs_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, decks, seed: int = 0, render_mode: str | None = None, **table_options):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.table = Table(decks, seed, **table_options)
        self._rng = np.random.default_rng(seed)
        self.possible_agents = [f"player_{i}" for i in range(self.table.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: spaces.Dict({"observation": observation_space(),
                                                   "action_mask": mask_space()})
                                   for a in self.possible_agents}
        self.action_spaces = {a: action_space(seed + i)        # their sample() repeats too
                              for i, a in enumerate(self.possible_agents)}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(new_seed(self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.current_player]

    def observe(self, agent):
        t = self.table
        if t.current_player == self._seat[agent]:       # None once the game is over
            mask = as_mask(t.action_mask())
        else:
            mask = np.zeros(self.action_spaces[agent].n, np.int8)
        return {"observation": t.observe(self._seat[agent]), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self.table
        t.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if t.over:
            done = self.truncations if truncated(t.game) else self.terminations
            for a in self.agents:
                done[a] = True
            for a, r in zip(self.possible_agents, t.returns()):
                if a in self.rewards:
                    self.rewards[a] = float(r)
        else:
            for a in self.agents:
                if not self.terminations[a] and eliminated(t.game, self._seat[a]):
                    self.terminations[a] = True
                    self.rewards[a] = -1.0
            self.agent_selection = self.possible_agents[t.current_player]
            self._deads_step_first()
        self._accumulate_rewards()

    def render(self):
        """The game as text ("ansi"): turn, step and each player's public state."""
        if self.render_mode is None:
            return None
        return render_text(self.table.game)

    def close(self) -> None:
        pass

