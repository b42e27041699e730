"""The OpenSpiel game `python_mtg_ecs`, registered when `mtg_ecs.rl` is imported with
open_spiel installed.

    >>> import pyspiel
    >>> import mtg_ecs.rl
    >>> game = pyspiel.load_game("python_mtg_ecs", {"decks": "green-red-beasts,esper-fliers"})
    >>> state = game.new_initial_state()
    >>> state.current_player() in (0, 1), len(state.observation_tensor(0)) > 0
    (True, True)

A two-player, zero-sum game of imperfect information whose chance is sampled
(`SAMPLED_STOCHASTIC`): shuffles, coin flips and random choices come from the engine's own
seeded RNG inside the state, so there are no chance nodes; each new initial state deals a
new game, its seed drawn from the game's parameter `seed`. Actions are the Table's steps
(mtg_ecs.rl.table, the encoding's Discrete space); an observation (string and tensor) is
the encoding of the player's view (mtg_ecs.rl.encoding: no card they couldn't see).
`resample_from_infostate(player, sampler)` gives a state consistent with what the player
knows, through `Table.determinize` (the engine's `game.determinize`), its randomness
reseeded from the sampler.

Parameters: `decks` (deck names or card names, a comma between decks), `seed`,
`turn_limit` (0: none) and `max_game_length` (steps; a game that reaches it is a draw,
"decision limit").
"""
from __future__ import annotations

import hashlib
import random

import numpy as np

from mtg_ecs.rl.actions import decode
from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE
from mtg_ecs.rl.episodes import SEED_BOUND
from mtg_ecs.rl.extras import require
from mtg_ecs.rl.render import render_text
from mtg_ecs.rl.table import Table

pyspiel = require("pyspiel", "mtg_ecs.rl's OpenSpiel game")

NAME = "python_mtg_ecs"
DEFAULTS = {"decks": "green-red-beasts,esper-fliers", "seed": 0, "turn_limit": 0,
            "max_game_length": 10000}
GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="mtg-ecs: Magic: The Gathering",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS)


class MtgGame(pyspiel.Game):
    """`pyspiel.load_game("python_mtg_ecs", {...})` makes one (parameters: module doc)."""

    def __init__(self, params=None):
        params = {**DEFAULTS, **(params or {})}
        decks = [d.strip() for d in params["decks"].split(",")]
        if len(decks) != 2:
            raise ValueError(f"{NAME} is a two-player game: decks {params['decks']!r}")
        super().__init__(GAME_TYPE, pyspiel.GameInfo(
            num_distinct_actions=ACTION_SIZE, max_chance_outcomes=0, num_players=2,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=params["max_game_length"]), params)
        self.decks = decks
        self.turn_limit = params["turn_limit"] or None
        self.max_game_length = params["max_game_length"]
        self._seeds = random.Random(params["seed"])

    def new_initial_state(self):
        return MtgState(self)

    def deal(self) -> Table:
        """A new game, its seed the next of the game's seeds."""
        return Table(self.decks, self._seeds.randrange(SEED_BOUND), turn_limit=self.turn_limit)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return MtgObserver(iig_obs_type, params)


class Deal:
    """A state's Table, dealt when first used. OpenSpiel clones a Python state by making a
    new initial state and deep-copying the original's attributes into it: dealing eagerly
    would deal (and draw a seed for) a game only to throw it away. A deep copy is the
    Table's clone (its RNG included, so both play the same future)."""

    __slots__ = ("game", "table")

    def __init__(self, game: MtgGame, table: Table | None = None):
        self.game = game
        self.table = table

    def get(self) -> Table:
        if self.table is None:
            self.table = self.game.deal()
        return self.table

    def __deepcopy__(self, memo):
        return Deal(self.game, self.get().clone())


class MtgState(pyspiel.State):
    """A game in progress (module doc)."""

    def __init__(self, game: MtgGame):
        super().__init__(game)
        self.deal = Deal(game)
        self.steps = 0

    @property
    def table(self) -> Table:
        return self.deal.get()

    def current_player(self):
        t = self.table
        return pyspiel.PlayerId.TERMINAL if t.over else t.current_player

    def is_terminal(self) -> bool:
        return self.table.over

    def _legal_actions(self, player):
        return self.table.legal_actions()

    def _apply_action(self, action) -> None:
        t = self.table
        t.step(action)
        self.steps += 1
        if not t.over and self.steps >= self.deal.game.max_game_length:
            t.game.end_as_draw("decision limit")

    def _action_to_string(self, player, action) -> str:
        verb, slot = decode(action)
        return f"p{player} {verb} {slot}"

    def returns(self):
        return [float(r) for r in self.table.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler):
        """A state `player_id` can't tell from this one: what they can't know resampled
        (Table.determinize), its randomness seeded from `probability_sampler()`."""
        state = self.clone()
        rng = random.Random(int(probability_sampler() * SEED_BOUND))
        state.deal.table = self.table.determinize(player_id, rng)
        return state

    def __str__(self) -> str:
        t = self.table
        d = t.game.pending
        waiting = "" if d is None else f"\np{d.player} decides: {d.kind}"
        return render_text(t.game) + waiting + f"\nsteps {self.steps}"


class MtgObserver:
    """OpenSpiel's Python observer: the encoding's arrays of the player's view, as one flat
    float32 tensor with a named view per array (`dict`). Only observations, the current
    view (imperfect recall) with the player's private information."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
                iig_obs_type.perfect_recall
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only the player's own observation is supported "
                             "(perfect_recall=False, private_info=SINGLE_PLAYER)")
        sizes = {name: int(np.prod(shape)) for name, (shape, *_rest) in OBSERVATION_SPACE.items()}
        self.tensor = np.zeros(sum(sizes.values()), np.float32)
        self.dict = {}
        start = 0
        for name, (shape, *_rest) in OBSERVATION_SPACE.items():
            self.dict[name] = self.tensor[start:start + sizes[name]].reshape(shape)
            start += sizes[name]

    def set_from(self, state: MtgState, player: int) -> None:
        for name, a in state.table.observe(player).items():
            self.dict[name][...] = a

    def string_from(self, state: MtgState, player: int) -> str:
        """The view, and a digest of its arrays (equal observations, equal strings)."""
        t = state.table
        digest = hashlib.blake2b(digest_size=12)
        for a in t.observe(player).values():
            digest.update(a.tobytes())
        return f"{t.game.view(player)!r} {digest.hexdigest()}"


if NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, MtgGame)
