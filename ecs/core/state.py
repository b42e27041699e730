"""The game's state, declared once: every field, its default, how a clone copies it,
and whether it is part of the state (hashed) or a cache derived from it.

    >>> from mtg_ecs.core.state import FIELDS
    >>> [f.name for f in FIELDS][:4]
    ['world', 'rules', 'seed', 'rng']

`GameState` has exactly these fields as `__slots__`: no attribute is created on the
fly, `clone()` copies by the declaration, and `mtg_ecs.core.hashing.state_tuple`
covers every field declared `STATE`. A new field is added here, or nowhere.

Copy rules:
  share  immutable values (ints, strings, tuples, frozen objects): the clone shares them
  list, dict, set   one level: a new container with the same items
  nested a dict whose values are dicts, lists or sets: two levels
  each   a list of objects copied with their own `copy()` (players, tasks)
  shallow  `copy.copy` of the object (the pending decision)
  items  a list whose items are copied with `copy.copy` (prevention shields count down)
  marked a MarkedDict (core.marked), copied with its marks: once the state key has read
         it, it records the keys written since, so a key reads only those
  clone  the object's own `clone()` (the esper world)
  rng    a new generator in the same state (core.rng.GameRandom.fork: shared until drawn from)
  reset  a cache: the clone starts empty (it is rebuilt on use)

A `per_player` field is a list with one item per player, by player index (a list's item
is read for fewer instructions than a dict's): a new game's is `[None] * len(players)`
(its players are set first), a clone's copy by its rule (`reset`: as many Nones),
`drop_caches` makes it as a new game's. The players of a game are fixed when it is made
(one who leaves keeps their index, 800.4a), so the length never changes; a pickled game
is replayed from its origin, a deep copy is a clone, a rewind takes the clone's lists.
"""
from __future__ import annotations

import copy as _copy
import random
from collections import deque
from itertools import repeat
from operator import attrgetter
from typing import Any, Callable, NamedTuple

from mtg_ecs.core.marked import MarkedDict

STATE = "state"     # part of the game: changes what happens next, covered by state_hash
CACHE = "cache"     # derived from the state, rebuilt on demand
CONFIG = "config"   # how the game is run (logging, auto-pass): never changes the rules' outcome
INFO = "info"       # what players know (their views): never changes the rules' outcome


class Field(NamedTuple):
    name: str
    default: Callable[[], Any]      # a fresh default value
    copy: str                       # copy rule (module docstring)
    kind: str                       # STATE, CACHE or CONFIG
    doc: str
    sparse: bool = False            # hashed only when not at its default (below)
    per_player: bool = False        # a list by player index (module docstring)


def _f(name, default, copy, kind, doc, sparse=False, per_player=False):
    return Field(name, default if callable(default) else (lambda v=default: v), copy, kind, doc,
                 sparse, per_player)


def _pp(name, copy, doc):
    """A per-player cache (module docstring): an item of None is an empty entry."""
    return _f(name, list, copy, CACHE, doc, per_player=True)


# A `sparse` field was added after the record files of two-player games were first written
# (multiplayer, issue 15): `state_hash` covers it only when it differs from its default, so
# a game that never uses it hashes as it did before it existed (same seeds, same records).


_none = None
FIELDS: tuple[Field, ...] = (
    # -- objects and players -------------------------------------------------------
    _f("world", _none, "clone", STATE, "the game's own esper world: every object's components"),
    _f("rules", _none, "share", STATE, "the rules profile (core.rules.RulesProfile)"),
    _f("pipeline", _none, "share", CONFIG,
       "the rules the loop runs and their order (systems.pipeline.PIPELINE)"),
    _f("observers", (), "share", CONFIG,
       "core.loop.Observer hooks (test harnesses): a clone shares them, Game.adopt keeps its own"),
    _f("catalog", _none, "share", CONFIG,
       "the card catalog: card_names() a player may name (201.3), token(name) definitions"),
    _f("seed", 0, "share", STATE, "the seed the game's RNG started from"),
    _f("rng", _none, "rng", STATE, "the game's only source of randomness"),
    _f("players", list, "each", STATE, "Player objects (life, pool, library, hand, graveyard)"),
    _f("starting_life", 20, "share", STATE, "the players' starting life total (103.4)"),
    _f("battlefield", list, "list", STATE, "permanents in timestamp of entering"),
    _f("stack", list, "list", STATE, "spells and abilities; top is the end (405)"),
    _f("exile", list, "list", STATE, "exiled objects"),
    _f("command", list, "list", STATE, "the command zone"),
    _f("phased_out", (), "share", STATE,
       "phased-out permanents, out of `battlefield`: (permanent, its controller as it phased "
       "out, the permanent it phased out with or None) (702.26, systems/phasing.py)"),
    _f("card_entity", MarkedDict, "marked", STATE, "physical card id -> its current entity (400.7)"),
    _f("next_card_id", 1, "share", STATE, "the next physical card id"),
    _f("token_limbo", set, "set", STATE, "tokens off the battlefield (704.5d)"),
    _f("lki", MarkedDict, "marked", STATE, "last known characteristics, entity -> Chars (608.2h)"),
    _f("lki_extra", MarkedDict, "marked", STATE,
       "last known counters, damage and attachment, entity -> dict (603.10)"),
    # -- turn and priority -------------------------------------------------------------
    _f("turn", 1, "share", STATE, "turn number"),
    _f("active", 0, "share", STATE, "the active player"),
    _f("step", "main1", "share", STATE, "the current step (systems.pipeline.STEPS)"),
    _f("priority", None, "share", STATE, "who holds priority, None between steps"),
    _f("passes", 0, "share", STATE, "consecutive passes (117.4)"),
    _f("starting_player", 0, "share", STATE, "who took the first turn (103.1)"),
    _f("first_strike_step", False, "share", STATE, "a first-strike damage step happened"),
    _f("combat_happened", False, "share", STATE, "a combat phase happened this turn"),
    _f("cleanup_again", False, "share", STATE, "514.3a: another cleanup step follows"),
    _f("no_first_draw_skip", False, "share", STATE,
       "the starting player draws on turn 1 (a scenario starting later than turn 1)"),
    # -- effects, triggers, tasks ---------------------------------------------------------
    _f("effects", list, "list", STATE, "continuous effects from resolved spells/abilities (611)"),
    _f("shields", list, "items", STATE, "replacement/prevention effects with a duration (614, 615)"),
    _f("next_shield_id", 0, "share", STATE, "the id of the last shield added (add_shield)"),
    _f("delayed", list, "list", STATE, "delayed triggered abilities (603.7)"),
    _f("exiled_until", (), "share", STATE,
       "cards exiled until a permanent leaves the battlefield: (permanent, controller, card "
       "ids) (610.3, systems/until_leaves.py)"),
    _f("modes_chosen", dict, "dict", STATE,
       "(object, triggered ability index) -> (turn, modes chosen that turn): 'choose one that "
       "hasn't been chosen this turn' (systems/modes.py)"),
    _f("pending_triggers", list, "list", STATE, "triggered abilities waiting for the stack (603.3)"),
    _f("agenda", list, "each", STATE, "tasks in progress (core.tasks.Task), top at the end"),
    _f("pending", None, "shallow", STATE, "the decision the game waits for"),
    _f("event_batch", None, "list", STATE, "events of one simultaneous action (603.2, together.py)"),
    _f("together_before", None, "set", STATE, "the battlefield before a simultaneous move (614.12)"),
    _f("left_together", (), "list", STATE, "objects that left in one event (603.10a)"),
    _f("together_chars", None, "share", STATE,
       "the battlefield's characteristics as a simultaneous event began to move "
       "permanents: their last known information (603.10a, 608.2h)"),
    _f("damage_order", dict, "nested", STATE, "m10 profile: damage assignment orders (510.1c)"),
    _f("fs_participants", None, "set", STATE, "creatures that dealt first-strike damage (510.4)"),
    _f("redirect_plans", dict, "nested", STATE, "redirection choices for damage being dealt (614.9)"),
    _f("prevention_plans", dict, "nested", STATE, "prevention choices for combat damage (615)"),
    _f("sba_orders", None, "dict", STATE, "replacement orders chosen for state-based actions (616.1)"),
    _f("player_restrictions", (), "share", STATE, "rules effects on players with a duration"),
    _f("artifacts_to_graveyard_turn", 0, "share", STATE,
       "artifacts put into graveyards from the battlefield this turn (002 Structural Assault)"),
    _f("linked_exile", dict, "dict", STATE, "objects exiled by a source, for its linked ability (607)"),
    _f("draw_replacements", (), "share", STATE,
       "'the next time <player> would draw a card this turn, instead ...' (614.11: systems.replacement)"),
    _f("play_permissions", (), "share", STATE,
       "permissions to play cards from other zones (601.3, 305.1: systems.permissions)"),
    _f("graveyard_abilities", False, "share", STATE,
       "a card of the game has an activated ability that functions in a graveyard (113.6k): "
       "priority looks at graveyards only then (systems.priority)"),
    _f("skip_untap", (), "share", STATE, "permanents that don't untap during an untap step (502.3)"),
    _f("resolved", 0, "share", STATE, "objects resolved from the stack so far (608)"),
    _f("noncombat_damaged", (), "share", STATE,
       "permanents dealt noncombat damage this turn, in order ('if it was dealt noncombat "
       "damage this turn': Grisly Sigil)"),
    _f("scenario_cards", None, "share", STATE, "test-only card definitions of a scenario setup"),
    # -- the format (CR 100.2, 800-810, 903) -------------------------------------------------
    _f("format", "duel", "share", STATE,
       "duel, free-for-all, commander or two-headed-giant (shared/scenario-format.md)", sparse=True),
    _f("teams", (), "share", STATE,
       "teams of players, as tuples of player indices in turn order (810.1: Two-Headed Giant, "
       "904: Archenemy); () when every player plays alone", sparse=True),
    _f("commanders", (), "share", STATE,
       "the physical cards (card ids) that are commanders: a property of the card in every "
       "zone, not a copiable value (903.3, systems/commander.py)", sparse=True),
    _f("commander_damage", dict, "dict", STATE,
       "(player, commander card id) -> combat damage that commander has dealt that player "
       "this game (704.6c, 903.10a)", sparse=True),
    _f("team_passes", 0, "share", STATE,
       "shared team turns: the players of the team holding priority who have passed in "
       "succession since it received priority (805.5, systems/teams.py)", sparse=True),
    _f("commander_declined", (), "share", STATE,
       "commanders in a graveyard or exile whose owner chose to leave them there: the "
       "objects, asked again only as new objects (903.9a, 400.7)", sparse=True),
    # -- what the players know (ecs/view.py, systems/knowledge.py) ------------------------------
    _f("known", dict, "dict", INFO,
       "object in a hand or library -> the players who know which card it is (besides its "
       "owner's hand): revealed, seen among a decision's options, seen going there"),
    # -- clock and versions -------------------------------------------------------------
    _f("clock", 1, "share", STATE, "timestamps and event order (613.7)"),
    _f("changes", 0, "share", CACHE, "bumps on every change (`version` reads it; setting "
       "`version` also marks characteristics and state-based actions stale)"),
    _f("cversion", 0, "share", CACHE, "bumps on changes that can affect characteristics"),
    _f("sversion", 0, "share", CACHE, "bumps on changes that can make a state-based action apply"),
    _f("bversion", 0, "share", CACHE, "bumps when an object enters or leaves the battlefield"),
    _f("tversion", 0, "share", CACHE, "bumps when a permanent taps or untaps"),
    _f("zversion", 0, "share", CACHE, "bumps when the cards in any zone change (no ability on the stack)"),
    _f("volatile", False, "share", CACHE, "an effect reads state beyond characteristics"),
    # -- caches of the rules systems (rebuilt on demand) -----------------------------------------
    _f("chars_cache", None, "dict", CACHE, "characteristics of the battlefield (systems.layers)"),
    _f("chars_version", -1, "share", CACHE, "cversion of chars_cache"),
    _f("chars_independent", False, "share", CACHE, "the cached pass found no continuous effect"),
    _f("chars_closed", False, "share", CACHE,
       "the cached pass's effects read nothing outside the battlefield (no condition, none "
       "volatile): an object moving between other zones leaves its result as it is"),
    _f("layer_plan", None, "share", CACHE,
       "the cached pass's effects in order when each object's result depends on it alone "
       "(systems.layers.local_plan; () without effects), else None"),
    _f("offfield_cache", dict, "reset", CACHE, "characteristics of objects off the battlefield"),
    _f("base_chars", dict, "dict", CACHE, "per-object printed characteristics (systems.layers)"),
    _f("board", None, "share", CACHE, "systems.board.Board of the current state (a clone shares it: "
       "`Game.clone` marks it `shared`, and neither changes it then)"),
    _f("sba_clean", -1, "share", CACHE, "sversion at which no state-based action applied"),
    _pp("actions_cache", "list",
        "player -> (version, step, legal actions, mana span) (systems.priority)"),
    _pp("mana_cache", "reset", "player -> (version, or None: forgotten when stale, mana sources: "
        "costs.Sources) (systems.costs)"),
    _pp("instant_cache", "reset", "player -> hand summary (systems.priority)"),
    _f("quiet_cache", (-1, -1, False, None, False), "reset", CACHE,
       "(cversion, zversion, no player can act at instant speed, the cards in hand then,"
       " nor while the stack is empty) (systems.priority)"),
    _pp("idle_cache", "list",
        "player -> (changes, can do nothing but pass outside sorcery timing) (systems.priority)"),
    _f("hand_cards_cache", lambda: (-1, {}), "reset", CACHE, "(cversion, {card: abilities})"),
    _f("targets_memo", lambda: (-1, -1, {}, -1, {}), "reset", CACHE,
       "(changes, cversion, {(player, card): the spell's needed targets exist}, bversion, "
       "the same for plain phrases, kept while cversion and bversion are) (systems.priority)"),
    _f("control_checked", -1, "share", CACHE, "cversion of the last control update"),
    _f("control_plain", False, "share", CACHE,
       "no permanent's Controller names a base, as the last control update found (only it "
       "writes one that does) (systems.control)"),
    _f("combat_checked", None, "share", CACHE, "(cversion, bversion) of the last 506.4 check"),
    _f("declaration_plain", None, "reset", CACHE,
       "(decision, cversion, bversion): the pending attack or block declaration found to have "
       "no restriction or requirement on the whole then (systems.combat: by the task asking "
       "it or by legal_declaration)"),
    _f("key_cache", None, "share", CACHE,
       "the parts of the last state key (core.keying.state_key), never changed once made: a "
       "clone shares it, with its world's entities written since (World.changed)"),
    # -- the result ---------------------------------------------------------------------
    _f("over", False, "share", STATE, "the game has ended"),
    _f("winner", None, "share", STATE, "the winner's index; None: a draw or not over"),
    _f("end_reason", None, "share", STATE, "why the game ended"),
    _f("turn_limit", None, "share", STATE, "the game is a draw when this turn ends"),
    # -- how it is run ---------------------------------------------------------------------
    _f("log_enabled", True, "share", CONFIG, "keep the event log"),
    _f("log", list, "list", CONFIG, "the event log: (kind, data) pairs"),
    _f("auto_pass", False, "share", STATE, "pass for a player whose only action is passing"),
    _f("answers", list, "list", CONFIG, "every accepted answer, in order (replay, pickling)"),
    _f("origin", None, "share", CONFIG, "how the game was made: ('new', ...) or ('setup', ...)"),
)
FIELD_NAMES = tuple(f.name for f in FIELDS)
STATE_FIELDS = tuple(f.name for f in FIELDS if f.kind == STATE)
SPARSE_DEFAULTS = {f.name: f.default() for f in FIELDS if f.sparse}


def _copy_rng(r):
    if r is None:
        return None
    fork = getattr(r, "fork", None)
    if fork is not None:
        return fork()                              # core.rng.GameRandom: copy on write
    out = random.Random.__new__(random.Random)     # unseeded: Random() would read urandom
    out.setstate(r.getstate())
    return out


def _nested(d):
    if d is None:
        return None
    out = {}                # (a loop, not a comprehension: one call less in 3.11, a clone)
    for k, v in d.items():
        out[k] = (dict(v) if isinstance(v, dict) else set(v) if isinstance(v, set)
                  else list(v) if isinstance(v, list) else v)
    return out


_COPIERS: dict[str, Callable[[Any], Any]] = {
    "share": lambda v: v,
    "list": lambda v: None if v is None else list(v),
    "dict": lambda v: None if v is None else dict(v),
    "set": lambda v: None if v is None else set(v),
    "nested": _nested,
    "marked": lambda v: v.copy(),
    "each": lambda v: [x.copy() for x in v],
    "shallow": _copy.copy,
    "items": lambda v: [_copy.copy(x) for x in v],
    "clone": lambda v: v.clone(),
    "rng": _copy_rng,
}


# How each copy rule is written in the generated copier (`_copier_source`): `{v}` is the
# field's value. The same as _COPIERS, inlined (one function for the whole game instead
# of a call per field: a clone copies ~80 fields, and search clones constantly).
_INLINE = {
    "share": "{v}",
    "list": "None if {v} is None else list({v})",
    "dict": "None if {v} is None else dict({v})",
    "set": "None if {v} is None else set({v})",
    "each": "[x.copy() for x in {v}]",
    "items": "[_shallow(x) for x in {v}]",
    "marked": "{v}.copy()",
    "shallow": "_shallow({v})",
    "clone": "{v}.clone()",
}
_RESET_INLINE = {dict: "{{}}", list: "[]", set: "set()"}


def _copier_source() -> tuple[str, dict]:
    """The source of `copy_fields(src, dst)`, one assignment per field of FIELDS by its
    copy rule, and the names it uses. Generated from the declaration (like dataclasses'
    __init__), so the declaration stays the only place a field and its rule are written."""
    names = {"_shallow": _copy.copy}
    lines = ["def copy_fields(src, dst):"]
    for f in FIELDS:
        n = f.name
        if f.copy == "reset" and f.per_player:
            lines.append(f"    dst.{n} = [None] * len(src.{n})")
        elif f.copy == "reset":
            inline = _RESET_INLINE.get(f.default)
            if inline is None:
                names[f"_reset_{n}"] = f.default
                inline = f"_reset_{n}()"
            lines.append(f"    dst.{n} = {inline.format()}")
        elif f.copy in _INLINE:
            expr = _INLINE[f.copy]
            if "{v}" in expr and expr.count("{v}") > 1:
                lines.append(f"    v = src.{n}")
                lines.append(f"    dst.{n} = {expr.format(v='v')}")
            else:
                lines.append(f"    dst.{n} = {expr.format(v=f'src.{n}')}")
        else:
            names[f"_copy_{n}"] = _COPIERS[f.copy]
            lines.append(f"    dst.{n} = _copy_{n}(src.{n})")
    return "\n".join(lines) + "\n", names


def _make_copier():
    source, names = _copier_source()
    # Code generation, as dataclasses does: the source is made only from the names and copy
    # rules declared in FIELDS above, never from any input or file.
    exec(compile(source, "<mtg_ecs.core.state copy_fields>", "exec"), names)   # noqa: S102
    return names["copy_fields"]


_COPY_FIELDS = _make_copier()


def _make_init():
    """`init_fields(self, **values)`: every field of FIELDS set to its value in `values`,
    or else to its default; keyword-only parameters, so a name that isn't a field is a
    TypeError. Generated from the declaration (as `copy_fields`): a default that is the
    same immutable object on every call is the parameter's default, a fresh container is
    made inline, any other default is called; one function instead of a call per field."""
    missing = object()
    names = {"_missing": missing}
    params, lines = [], []
    for f in FIELDS:
        n = f.name
        first, again = f.default(), f.default()
        if f.per_player:                # (`players` is set first: FIELDS' order)
            params.append(f"{n}=_missing")
            lines.append(f"    self.{n} = [None] * len(self.players) if {n} is _missing else {n}")
        elif first is again and first.__hash__ is not None:      # a constant: share it
            names[f"_dflt_{n}"] = first
            params.append(f"{n}=_dflt_{n}")
            lines.append(f"    self.{n} = {n}")
        else:
            make = _RESET_INLINE.get(f.default)
            if make is None:
                names[f"_new_{n}"] = f.default
                make = f"_new_{n}()"
            params.append(f"{n}=_missing")
            lines.append(f"    self.{n} = {make.format()} if {n} is _missing else {n}")
    source = f"def init_fields(self, *, {', '.join(params)}):\n" + "\n".join(lines) + "\n"
    # Code generation, as in _make_copier: from the names declared in FIELDS only.
    exec(compile(source, "<mtg_ecs.core.state init_fields>", "exec"), names)   # noqa: S102
    init = names["init_fields"]
    init.__qualname__ = "GameState.init_fields"
    return init
_GET_ALL = attrgetter(*FIELD_NAMES)
# the CACHE fields that count changes (caches are keyed by them): moved on, never reset
VERSION_COUNTERS = ("changes", "cversion", "sversion", "bversion", "tversion", "zversion")
_CACHES = tuple(f for f in FIELDS if f.kind == CACHE and f.name not in VERSION_COUNTERS)


class GameState:
    """The declared fields of a game (FIELDS) and how a clone copies them."""

    __slots__ = FIELD_NAMES + ("__weakref__",)

    init_fields = _make_init()

    def copy_fields_to(self, other: "GameState") -> None:
        """Fill `other` with a copy of every field of this game, by each field's copy rule."""
        _COPY_FIELDS(self, other)

    def drop_caches(self) -> None:
        """Forget every cache (CACHE fields: rebuilt on demand), after a change no version
        counter follows (determinization rewriting hidden cards); the counters move on."""
        for f in _CACHES:
            setattr(self, f.name, [None] * len(self.players) if f.per_player else f.default())
        for n in VERSION_COUNTERS:
            setattr(self, n, getattr(self, n) + 1)

    def take_fields_from(self, other: "GameState") -> None:
        """Become `other` (which is given up): used to rewind to a clone."""
        deque(map(setattr, repeat(self), FIELD_NAMES, _GET_ALL(other)), 0)


class Player:
    """A player's own state (CR 102). Library top is the END of the list. Every field is
    a plain value but the four lists, which a copy copies."""

    __slots__ = ("index", "life", "poison", "pool", "library", "hand", "graveyard", "lost",
                 "conceded", "lands_played", "land_plays", "drew_from_empty", "turn_started_at",
                 "life_lost_turn", "life_gained_turn", "spells_cast_turn", "cards_drawn_turn",
                 "creatures_died_turn", "mulligans", "kept", "loss_reason",
                 "instants_sorceries_cast_turn", "restricted", "commander_casts")

    def __init__(self, index: int, life: int = 20):
        self.index = index
        self.life = life
        self.poison = 0
        self.pool = [0] * 6              # mana of each color, WUBRG and colorless (106.4)
        self.restricted = ()             # ((may pay for: fn(game, spell chars), mana), ...) (106.6)
        self.library: list[int] = []
        self.hand: list[int] = []
        self.graveyard: list[int] = []
        self.lost = False
        self.conceded = False
        self.lands_played = 0
        self.land_plays = 1
        self.drew_from_empty = False
        self.turn_started_at = -1
        self.life_lost_turn = 0
        self.life_gained_turn = 0
        self.spells_cast_turn = 0
        self.instants_sorceries_cast_turn = 0   # "your first instant or sorcery spell each turn"
        self.cards_drawn_turn = 0
        self.creatures_died_turn = 0
        self.mulligans = 0
        self.kept = True
        self.loss_reason = None
        self.commander_casts = 0         # casts of their commander from the command zone (903.8)

    LISTS = ("pool", "library", "hand", "graveyard")      # copied by copy(); the rest shared
    # slots added after two-player records were first written, hashed only when not at
    # these defaults (see SPARSE_DEFAULTS): {slot: default}
    SPARSE_SLOTS = {"commander_casts": 0}

    def copy(self) -> "Player":
        """An independent copy (replaced below by the same, generated from __slots__)."""
        p = Player.__new__(Player)
        for name in Player.__slots__:
            v = getattr(self, name)
            setattr(p, name, v.copy() if name in Player.LISTS else v)
        return p


def _player_copier():
    """Player.copy as one assignment per slot (generated from __slots__, so a new slot
    can't be forgotten): the four lists copied, every other value shared."""
    lines = ["def copy(self):", "    p = _new(Player)"]
    for n in Player.__slots__:
        lines.append(f"    p.{n} = self.{n}.copy()" if n in Player.LISTS else f"    p.{n} = self.{n}")
    lines.append("    return p")
    names = {"_new": object.__new__, "Player": Player}
    exec(compile("\n".join(lines) + "\n", "<mtg_ecs.core.state Player.copy>", "exec"),  # noqa: S102
         names)
    copy = names["copy"]
    copy.__doc__ = Player.copy.__doc__.split(" (replaced")[0] + "."
    copy.__qualname__ = "Player.copy"
    return copy


Player.copy = _player_copier()
