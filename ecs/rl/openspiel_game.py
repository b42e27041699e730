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
The information state is perfect recall (`Recall`): the string names the sequence of the
player's observations and own actions so far; the tensor, of fixed size, is the current
observation and how often the player took each action.
`resample_from_infostate(player, sampler)` gives a state consistent with what the player
knows, through `Table.determinize` (the engine's `game.determinize`), its randomness
reseeded from the sampler.

Parameters: `decks` (deck names or card names, a comma between decks), `seed`,
`turn_limit` (0: none) and `max_game_length` (steps; a game that reaches it is a draw,
"decision limit").
"""
from __future__ import annotations

import copy
import random

import numpy as np

from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.rl.actions import decode
from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE
from mtg_ecs.rl.episodes import SEED_BOUND
from mtg_ecs.rl.recall import Recall, digest
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
    provides_information_state_string=True,
    provides_information_state_tensor=True,
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
        self.decks = [load_deck(d) for d in decks]
        self.turn_limit = params["turn_limit"] or None
        self.max_game_length = params["max_game_length"]
        self._seeds = random.Random(params["seed"])

    def new_initial_state(self):
        return MtgState(self)

    def deal(self, seed=None) -> Table:
        """A new game, its seed the next of the game's seeds (or `seed`: that game again)."""
        if seed is None:
            seed = self._seeds.randrange(SEED_BOUND)
        return Table(self.decks, seed, turn_limit=self.turn_limit)

    def advance(self, table: Table, action: int, steps: int) -> None:
        """Take `action`, the `steps`-th of the game: a game reaching the game's length
        bound is a draw ("decision limit")."""
        table.step(action)
        if not table.over and steps >= self.max_game_length:
            table.game.end_as_draw("decision limit")

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
        self._recall = None

    @property
    def table(self) -> Table:
        return self.deal.get()

    def recall(self) -> Recall:
        """The players' information states now (`Recall`)."""
        return self._recalled().catch_up()

    def _recalled(self) -> Recall:
        if self._recall is None:            # from the deal: a copy of its first position
            self._recall = Recall(self.deal.game.advance, self.table.clone())
        return self._recall

    def current_player(self):
        t = self.table
        return pyspiel.PlayerId.TERMINAL if t.over else t.current_player

    def is_terminal(self) -> bool:
        return self.table.over

    def _legal_actions(self, player):
        return self.table.legal_actions()

    def _apply_action(self, action) -> None:
        self._recalled().pending.append(action)
        self.steps += 1
        self.deal.game.advance(self.table, action, self.steps)

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
        table = self.table.determinize(player_id, rng)
        state.deal.table = table
        # the recall so far is the player's here too; from here on, this deal's
        state._recall = recall = copy.deepcopy(self._recalled())
        recall.table, recall.owned = table.clone(), True
        return state

    def __str__(self) -> str:
        t = self.table
        d = t.game.pending
        waiting = "" if d is None else f"\np{d.player} decides: {d.kind}"
        return render_text(t.game) + waiting + f"\nsteps {self.steps}"


class MtgObserver:
    """OpenSpiel's Python observer: the encoding's arrays of the player's view as one flat
    float32 tensor with a named view per array (`dict`); for the information state
    (`perfect_recall`), also `actions`: how often the player took each action, and as a
    string the player's recall (`Recall`). Only the player's own information
    (private_info=SINGLE_PLAYER)."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("only the player's own information is supported "
                             "(private_info=SINGLE_PLAYER, public_info=True)")
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        shapes = {name: shape for name, (shape, *_rest) in OBSERVATION_SPACE.items()}
        if self.recall:
            shapes["actions"] = (ACTION_SIZE,)
        sizes = {name: int(np.prod(shape)) for name, shape in shapes.items()}
        self.tensor = np.zeros(sum(sizes.values()), np.float32)
        self.dict = {}
        start = 0
        for name, shape in shapes.items():
            self.dict[name] = self.tensor[start:start + sizes[name]].reshape(shape)
            start += sizes[name]

    def set_from(self, state: MtgState, player: int) -> None:
        for name, a in state.table.observe(player).items():
            self.dict[name][...] = a
        if self.recall:
            actions = self.dict["actions"]
            actions[...] = 0
            for a, n in state.recall().counts[player].items():
                actions[a] = n

    def string_from(self, state: MtgState, player: int) -> str:
        """The observation: the view and a digest of its arrays (equal observations, equal
        strings); the information state: the player's recall."""
        if self.recall:
            return state.recall().string(player)
        t = state.table
        return f"{t.game.view(player)!r} {digest(t.observe(player)).hex()}"


if NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, MtgGame)
