"""A game as a sequence of fixed-size steps, for learning and search (docs/rl.md).

`Table` runs one game (with `auto_pass`: priority is asked only where a player has
something to do) and turns each decision into the steps of `mtg_ecs.rl.actions`: the
player to act (`current_player`) observes (`observe`), sees the legal actions
(`action_mask`, or one feature row each: `pointer_options`) and takes one (`step`,
`step_pointer`); once a decision's steps are complete the Table gives the engine the
assembled answer. If the engine refuses it (a constraint the mask can't show, 601.2f-h),
the steps of whatever decision is then pending start again (`refusals` counts them), and a
refused priority action is not offered again at that decision.

    >>> t = Table(["green-red-beasts", "esper-fliers"], seed=3)
    >>> import random; rng = random.Random(0)
    >>> while not t.over:
    ...     t.step(rng.choice(t.legal_actions()))
    >>> sorted(t.returns())
    [-1.0, 1.0]
"""
from __future__ import annotations

import numpy as np

from mtg_ecs.apps.agents import useful_actions
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.core.decisions import IllegalAction, PlayerRef
from mtg_ecs.game import Game
from mtg_ecs.rl import actions as acts
from mtg_ecs.rl.episodes import eliminated
from mtg_ecs.rl.cards import card_id
from mtg_ecs.rl.encoding import (ACTION_SIZE, MAX_PLAYERS, OBJECT_FEATURES, OBJECT_ZONES,
                                 ROW_START, ZONES, object_features, object_rows, observe,
                                 relative)

# the pointer form: one row per legal action: the object it names (its observation row,
# zeros if none), its verb, its slot, a number it stands for, the player it names
OPTION_FEATURES = OBJECT_FEATURES + ("card_id",) + tuple(f"verb:{v}" for v in acts.VERB_NAMES) \
    + ("slot", "value", "has_object") + tuple(f"player:{i}" for i in range(MAX_PLAYERS))
_OPT = {name: i for i, name in enumerate(OPTION_FEATURES)}
_N_OBJ = len(OBJECT_FEATURES)


class Table:
    """One game stepped one choice at a time (module docstring). `decks`: one list of
    card names per player, or a sample deck's name ("green-red-beasts")."""

    def __init__(self, decks, seed=0, *, format="duel", turn_limit=None,
                 mana_abilities=False):
        self.decks = [load_deck(d) if isinstance(d, str) else d for d in decks]
        self.format = format
        self.turn_limit = turn_limit
        self.mana_abilities = mana_abilities
        self.num_players = len(decks)
        self.reset(seed)

    @classmethod
    def from_game(cls, game: Game, *, mana_abilities=False) -> "Table":
        """A Table stepping `game` (a position of `Game.from_setup`, a game played so far)
        from its pending decision. It has no decks: `reset` is an error."""
        t = cls.__new__(cls)
        t.decks, t.format, t.turn_limit = None, game.format, game.turn_limit
        t.mana_abilities, t.num_players = mana_abilities, len(game.players)
        t.seed, t.refusals, t.game = None, 0, game
        t._restart()
        return t

    # -- the game -------------------------------------------------------------------
    def reset(self, seed=None) -> None:
        """A new game: with `seed`, else with the seed after the last game's.
        `refusals` counts the answers the engine refused in this game."""
        if self.decks is None:
            raise ValueError("a Table made from a game has no decks to deal a new one")
        self.seed = self.seed + 1 if seed is None else seed
        self.refusals = 0
        cards = [d.cards if hasattr(d, "cards") else list(d) for d in self.decks]
        commanders = [d.commander for d in self.decks] if self.format == "commander" else None
        self.game = Game.new(cards, seed=self.seed, log=False, auto_pass=True,
                             format=self.format, turn_limit=self.turn_limit,
                             commanders=commanders)
        self._restart()

    def _restart(self, taken=()) -> None:
        """Start the steps of the pending decision (again), then take `taken`."""
        self._refused_at, self._refused = None, ()
        self._decision = None
        self._builder = None
        self._steps = []
        for a in taken:
            if type(a) is int:
                self.step(a)
            else:
                self.step_pointer(self._current().ordered().index(a))

    @property
    def over(self) -> bool:
        return self.game.over or self.game.pending is None

    @property
    def current_player(self) -> int | None:
        d = self.game.pending
        return None if self.game.over or d is None else d.player

    def returns(self) -> list[float]:
        """+1 for the winner (each player of the winning team, 810.8a), -1 for the others;
        for a draw or a game not over, -1 for a player who has lost (with their team: they
        left the game, 800.4a, 104.3) and 0 for the others."""
        w = self.game.winner if self.game.over else None
        if w is None:
            return [-1.0 if eliminated(self.game, i) else 0.0 for i in range(self.num_players)]
        won = next((t for t in self.game.teams if w in t), (w,))
        return [1.0 if i in won else -1.0 for i in range(self.num_players)]

    # -- steps ------------------------------------------------------------------------
    def _current(self) -> acts.Builder:
        d = self.game.pending
        if d is None:
            raise IllegalAction("the game is over")
        if self._decision is not d:
            view = self.game.view(d.player)
            rows = object_rows(view)
            offered = None
            if d.kind == "priority" and not self.mana_abilities:
                offered = useful_actions(view, d)
            refused = self._refused if self._refused_at == (d.player, d.options) else ()
            self._builder = acts.builder(view, d, rows, offered, refused)
            self._decision = d
            self._steps = []
        return self._builder

    def action_mask(self) -> np.ndarray:
        mask = np.zeros(ACTION_SIZE, bool)
        if not self.over:
            mask[list(self._current().choices())] = True
        return mask

    def legal_actions(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.action_mask())]

    def step(self, action: int) -> None:
        """Take one legal action (IllegalAction, the game unchanged, if it is masked out)."""
        b = self._current()
        choices = b.choices()
        if action not in choices:
            raise IllegalAction(f"action {action} {acts.decode(action)} is not legal now")
        self._take(b, choices[action], action)

    def step_pointer(self, k: int) -> None:
        """Take option k of `pointer_options()`."""
        b = self._current()
        keys = b.ordered()
        if not 0 <= k < len(keys):
            raise IllegalAction(f"no option {k} of {len(keys)}")
        self._take(b, keys[k], keys[k])

    def _take(self, b: acts.Builder, key, record) -> None:
        """Take choice `key` of builder `b` (None: turn the page); `record` is the step
        as `_restart` takes it again (an action index, or a pointer form's key)."""
        self._steps.append(record)
        if key is None:
            b.turn_page()
            return
        answer = b.take(key)
        if answer is None:
            return
        d = self._decision
        try:
            self.game.decide(answer)
        except IllegalAction:
            self.refusals += 1
            if d.kind == "priority":
                at = (d.player, d.options)
                refused = self._refused if self._refused_at == at else ()
                self._refused_at, self._refused = at, refused + (answer,)
            self._decision = None
            return
        self._decision = None
        self._refused_at = None

    # -- observations -----------------------------------------------------------------
    def observe(self, player: int) -> dict[str, np.ndarray]:
        """The observation of `player`'s view, with the step asked now when it is theirs."""
        view = self.game.view(player)
        known = view.known
        rows = object_rows(view, known)
        obs = observe(view, rows, known)
        if not self.over and self.current_player == player:
            b = self._current()
            rows_of = _row_index(rows)
            step = obs["step"]
            b.choices()
            for i, v in enumerate((len(self._steps), len(b.chosen), b.min_left(),
                                   b.max_left(), b.units_left(), b.page, b.pages)):
                step[i] = v
            if b.focus in rows_of:
                obs["focus"][rows_of[b.focus]] = 1
            for e in b.marked():
                if e in rows_of:
                    obs["chosen"][rows_of[e]] = 1
        return obs

    def pointer_options(self) -> np.ndarray:
        """float32[K, len(OPTION_FEATURES)]: one row per legal choice of the step, on every
        page (no `page` row), in the order of their actions: `legal_actions()` when the
        step has one page."""
        if self.over:
            return np.zeros((0, len(OPTION_FEATURES)), np.float32)
        b = self._current()
        items = b.items()
        keys = b.ordered()
        out = np.zeros((len(keys), len(OPTION_FEATURES)), np.float32)
        view = b.view
        for k, key in enumerate(keys):
            verb, slot = key
            row = out[k]
            row[_OPT[f"verb:{verb}"]] = 1
            row[_OPT["slot"]] = slot
            what = items[key]
            obj, value = b.pointed(what)
            if value is not None:
                row[_OPT["value"]] = value
            if isinstance(obj, PlayerRef):
                rel = relative(view, obj.index)
                if rel < MAX_PLAYERS:
                    row[_OPT[f"player:{rel}"]] = 1
            elif obj is not None and view.exists(obj) and view.zone_of(obj) in OBJECT_ZONES:
                row[_OPT["has_object"]] = 1
                row[_OPT["card_id"]] = object_features(view, obj, view.zone_of(obj),
                                                       row[:_N_OBJ])
            elif isinstance(what, str):
                row[_OPT["card_id"]] = card_id(what)
        return out

    # -- search -----------------------------------------------------------------------
    def _copy_with(self, game) -> "Table":
        t = Table.__new__(Table)
        t.__dict__.update(self.__dict__)
        t.game = game
        t._restart(self._steps if self._decision is not None else ())
        t._refused_at, t._refused = self._refused_at, self._refused
        return t

    def clone(self, seed=None) -> "Table":
        """An independent copy at the same step (`Game.clone(seed=...)`)."""
        return self._copy_with(self.game.clone(seed=seed))

    def determinize(self, player, rng) -> "Table":
        """A copy in which what `player` can't know is resampled (`Game.determinize`)."""
        return self._copy_with(self.game.determinize(player, rng))


def _row_index(rows: dict) -> dict:
    return {e: ROW_START[z] + k for z in ZONES for k, e in enumerate(rows[z])}

