"""The numpy observation of a player's view (docs/rl.md has the tables).

`observe(view)` reads only the public API of a `View` (ecs/view.py), so an observation
holds nothing its player couldn't see: opponents' hands and every library appear as
counts, a face-down card as unknown (card id 0). Seats are relative to the viewer (0 =
the viewer, 1 = the next player in turn order, ...). Every array has the shape, dtype and
bounds `OBSERVATION_SPACE` gives; `SCHEMA_VERSION` changes whenever any of them, or the
meaning of a column, does.

Objects are rows of one table, in fixed row ranges per zone (`ZONE_ROWS`); a zone with
more objects than rows is truncated in the order given there (documented in docs/rl.md),
and `cut:<zone>` in `global` counts the objects left out.
"""
from __future__ import annotations

import numpy as np

from mtg_ecs.components.definitions import CARD_TYPES, SIMPLE_KEYWORDS
from mtg_ecs.rl.actions import ACTION_SIZE
from mtg_ecs.rl.cards import CARD_IDS, UNKNOWN, card_id
from mtg_ecs.rl.sizes import MAX_PLAYERS, ROWS, ZONE_ROWS
from mtg_ecs.systems.knowledge import HIDDEN
from mtg_ecs.systems.pipeline import STEP_NAMES

SCHEMA_VERSION = 3
__all__ = ["ACTION_SIZE", "OBSERVATION_SPACE", "SCHEMA_VERSION", "observe"]

ZONES = tuple(z for z, _ in ZONE_ROWS)          # the row ranges
# the zones an object row can be in (a known card: a hand or a library)
OBJECT_ZONES = tuple(z for z in ZONES if z != "known") + ("library",)
ROW_START = {}
_n = 0
for _z, _rows in ZONE_ROWS:
    ROW_START[_z] = _n
    _n += _rows
MAX_OBJECTS = _n

TYPES = tuple(t for t in CARD_TYPES if t != "Tribal")        # Tribal is read as Kindred
COLORS = ("W", "U", "B", "R", "G")
# the engine's keyword abilities (components/definitions.py parse_keyword), by name
KEYWORDS = tuple(sorted(SIMPLE_KEYWORDS)) + (
    "blitz", "casualty", "crew", "cycling", "enchant", "equip", "equip planeswalker",
    "hideaway", "kicker", "landwalk", "madness", "multikicker", "protection", "ward")
COUNTERS = ("+1/+1", "-1/-1", "loyalty")          # and "other": every other kind, summed

OBJECT_FEATURES = (
    tuple(f"zone:{z}" for z in ZONES)
    + tuple(f"controller:{i}" for i in range(MAX_PLAYERS))
    + tuple(f"owner:{i}" for i in range(MAX_PLAYERS))
    + tuple(f"type:{t}" for t in TYPES) + ("legendary",)
    + tuple(f"color:{c}" for c in COLORS)
    + ("mana_value", "power", "toughness", "base_power", "base_toughness", "damage")
    + tuple(f"counter:{c}" for c in COUNTERS) + ("counter:other",)
    + ("tapped", "attacking", "blocking", "summoning_sick", "token")
    + tuple(f"keyword:{k}" for k in KEYWORDS)
    + ("visible", "ability", "triggered", "face_down")
    # schema 2: a known card in a library; who knows a card in a hidden zone
    + ("zone:library",) + tuple(f"known_by:{i}" for i in range(MAX_PLAYERS))
    # where a known card is in its library: 1 the top (bottom) card, 2 the next, ...
    + ("library:from_top", "library:from_bottom"))
OF = {name: i for i, name in enumerate(OBJECT_FEATURES)}

SEAT_FEATURES = ("present", "life", "poison", "hand", "library", "graveyard", "lost")
# the engine's decision kinds (mtg_ecs.KINDS, and 'cost_choice' of casting.py) as this
# schema version knows them: a new kind is added at the end with a new SCHEMA_VERSION
# (tests/test_rl_encoding.py); an unknown one has no column
DECISION_KINDS = (
    "priority", "mulligan", "bottom", "starting_player", "modes", "x", "targets", "divide",
    "cost", "attackers", "blockers", "damage_assignment", "blocker_order", "trigger_order",
    "may", "choose", "discard", "legend_rule", "replacement", "prevention", "redirect", "name",
    "color", "choice", "mana_choice", "mana_sacrifice", "scry", "look_order", "top_or_bottom",
    "cost_choice")
GLOBAL_FEATURES = (
    ("turn",) + tuple(f"step:{s}" for s in STEP_NAMES)
    + tuple(f"active:{i}" for i in range(MAX_PLAYERS))
    + tuple(f"priority:{i}" for i in range(MAX_PLAYERS))
    + tuple(f"seat{i}:{f}" for i in range(MAX_PLAYERS) for f in SEAT_FEATURES)
    + tuple(f"pool:{c}" for c in COLORS + ("C",))
    + ("lands_played", "land_plays")
    + tuple(f"deciding:{i}" for i in range(MAX_PLAYERS))
    + tuple(f"decision:{k}" for k in DECISION_KINDS) + ("decision:min", "decision:max")
    + tuple(f"cut:{z}" for z in ZONES))      # (schema 3) objects past the zone's rows
GF = {name: i for i, name in enumerate(GLOBAL_FEATURES)}

# the step of a decision the Table asks now (filled by mtg_ecs.rl.table; zeros here)
STEP_FEATURES = ("steps_taken", "chosen", "min_left", "max_left", "units_left", "page",
                 "pages")

# values are raw counts (life, power, ...), clipped to +-VALUE_BOUND
VALUE_BOUND = 1000.0
OBSERVATION_SPACE: dict[str, tuple] = {
    "global": ((len(GLOBAL_FEATURES),), np.float32, -VALUE_BOUND, VALUE_BOUND),
    "objects": ((MAX_OBJECTS, len(OBJECT_FEATURES)), np.float32, -VALUE_BOUND, VALUE_BOUND),
    "object_ids": ((MAX_OBJECTS,), np.int32, 0, max(CARD_IDS.values(), default=0)),
    "object_mask": ((MAX_OBJECTS,), np.int8, 0, 1),
    "step": ((len(STEP_FEATURES),), np.float32, -VALUE_BOUND, VALUE_BOUND),
    "focus": ((MAX_OBJECTS,), np.int8, 0, 1),      # the object the step asks about
    "chosen": ((MAX_OBJECTS,), np.int8, 0, 1),     # objects chosen so far in the decision
}


def empty() -> dict[str, np.ndarray]:
    return {k: np.zeros(shape, dtype) for k, (shape, dtype, _, _) in OBSERVATION_SPACE.items()}


def relative(view, seat: int) -> int:
    """A seat as the viewer sees it: 0 themselves, then the others in turn order."""
    return seats(view)(seat)


def seats(view):
    """`relative` for one view as a function of the seat (the players counted once)."""
    me, n = view.player, len(view.players)
    return lambda seat: (seat - me) % n


def object_rows(view, known: dict | None = None) -> dict[str, list]:
    """The objects of each zone the observation shows, in row order (truncated to the
    zone's rows): the viewer's hand in its order; the battlefield, the viewer's permanents
    first, then each opponent's in turn order, each in the battlefield's (timestamp)
    order; the stack from its top; graveyards newest first, a card from each player in
    turn (the viewer first); exile and the command zone in their order; the known cards
    in hidden zones (`View.known`, without the viewer's hand) by seat, hands before
    libraries, each in object order. `known`: `view.known`, if the caller has it."""
    me = view.player
    n = len(view.players)
    rel = seats(view)
    battlefield = sorted(view.battlefield, key=lambda e: rel(view.controller(e)))
    graveyards = [tuple(reversed(view.players[(me + i) % n].graveyard)) for i in range(n)]
    interleaved = [c for rank in range(max(map(len, graveyards), default=0))
                   for g in graveyards if rank < len(g) for c in (g[rank],)]
    known = set(view.known if known is None else known) - set(view.hand)
    zones = {"hand": view.hand, "battlefield": battlefield, "stack": tuple(reversed(view.stack)),
             "graveyard": interleaved, "exile": view.exile, "command": view.command,
             "known": sorted(known, key=lambda e: (rel(view.owner(e)), view.zone_of(e) != "hand",
                                                   e))}
    return {z: list(zones[z][:ROWS[z]]) for z in ZONES}


def observe(view, rows: dict | None = None, known: dict | None = None) -> dict[str, np.ndarray]:
    """The observation of `view` (arrays as OBSERVATION_SPACE says). `rows`: the objects
    per zone as `object_rows(view)` gives them, `known`: `view.known`, if the caller has
    them."""
    obs = empty()
    _global(view, obs["global"])
    known = view.known if known is None else known
    _cut(view, known, obs["global"])
    rows = object_rows(view, known) if rows is None else rows
    rel = seats(view)
    ids, ones_r, ones_c, val_r, val_c, vals = [], [], [], [], [], []
    filled = []
    for z in ZONES:
        start = ROW_START[z]
        for k, e in enumerate(rows[z]):
            r = start + k
            cid, ones, cols, values = describe(view, e, view.zone_of(e) if z == "known" else z,
                                               rel, known)
            filled.append(r)
            ids.append(cid)
            ones_r += [r] * len(ones)
            ones_c += ones
            val_r += [r] * len(cols)
            val_c += cols
            vals += values
    # the whole table at once: numpy is slow one element at a time
    obs["object_mask"][filled] = 1
    obs["object_ids"][filled] = ids
    feats = obs["objects"]
    feats[ones_r, ones_c] = 1
    feats[val_r, val_c] = np.clip(vals, -VALUE_BOUND, VALUE_BOUND)
    return obs


def _global(view, out: np.ndarray) -> None:
    rel = seats(view)
    out[GF["turn"]] = view.turn
    if view.step in STEP_NAMES:
        out[GF[f"step:{view.step}"]] = 1
    out[GF[f"active:{rel(view.active)}"]] = 1
    if view.priority is not None:
        out[GF[f"priority:{rel(view.priority)}"]] = 1
    players = view.players
    for p in players:
        i = rel(p.index)
        if i >= MAX_PLAYERS:
            continue
        for f, v in zip(SEAT_FEATURES, (1, p.life, p.poison, p.hand_size, p.library_size,
                                         len(p.graveyard), p.lost)):
            out[GF[f"seat{i}:{f}"]] = v
    me = players[view.player]
    for c, v in zip(COLORS + ("C",), me.pool):
        out[GF[f"pool:{c}"]] = v
    out[GF["lands_played"]] = me.lands_played
    out[GF["land_plays"]] = me.land_plays
    waiting = view.waiting_for
    if waiting is not None:
        out[GF[f"deciding:{rel(waiting[0])}"]] = 1
    d = view.pending
    if d is not None:
        kind = GF.get(f"decision:{d.kind}")
        if kind is not None:
            out[kind] = 1
        out[GF["decision:min"]] = d.min
        out[GF["decision:max"]] = d.max


def _cut(view, known, out: np.ndarray) -> None:
    """`cut:<zone>`: how many objects of each zone `object_rows` leaves out."""
    hand = view.hand
    sizes = {"hand": len(hand), "battlefield": len(view.battlefield), "stack": len(view.stack),
             "graveyard": sum(len(p.graveyard) for p in view.players),
             "exile": len(view.exile), "command": len(view.command),
             "known": len(set(known).difference(hand))}
    for z in ZONES:
        if sizes[z] > ROWS[z]:
            out[_CUT[z]] = sizes[z] - ROWS[z]


_CUT = {z: GF[f"cut:{z}"] for z in ZONES}


# columns of the object table by what sets them to 1 (OBJECT_FEATURES)
_ZONE = {z: OF[f"zone:{z}"] for z in OBJECT_ZONES}
_KNOWN_BY = [OF[f"known_by:{i}"] for i in range(MAX_PLAYERS)]
_CONTROLLER = [OF[f"controller:{i}"] for i in range(MAX_PLAYERS)]
_OWNER = [OF[f"owner:{i}"] for i in range(MAX_PLAYERS)]
_TYPE = {t: OF[f"type:{t}"] for t in TYPES}
_COLOR = {c: OF[f"color:{c}"] for c in COLORS}
_KEYWORD = {k: OF[f"keyword:{k}"] for k in KEYWORDS}
_COUNTER = {c: OF[f"counter:{c}"] for c in COUNTERS}
_VALUES = [OF[f] for f in ("mana_value", "power", "toughness", "base_power", "base_toughness")]
_STATUS = [OF[f] for f in ("tapped", "attacking", "blocking", "summoning_sick")]
_PLACE = [OF["library:from_top"], OF["library:from_bottom"]]


def object_features(view, e, zone: str, row: np.ndarray, rel=None) -> int:
    """Fill `row` (zeros, len(OBJECT_FEATURES)) with the features of object `e` in `zone`;
    returns its card id (0 when hidden)."""
    cid, ones, cols, values = describe(view, e, zone, rel)
    row[ones] = 1
    row[cols] = np.clip(values, -VALUE_BOUND, VALUE_BOUND)
    return cid


def describe(view, e, zone: str, rel=None, known=None) -> tuple[int, list, list, list]:
    """(card id (0 when hidden), the columns that are 1, the columns with a number and
    their numbers) of object `e` in `zone`. `rel`: `seats(view)`, `known`: `view.known`,
    if the caller has them."""
    rel = seats(view) if rel is None else rel
    ones = [_ZONE[zone]]
    if zone not in ("stack", "battlefield"):
        ones.append(_OWNER[rel(view.owner(e))])
    ability = view.stack_ability(e) if zone == "stack" else None
    if ability is not None:
        controller, source, triggered = ability
        ones += [_CONTROLLER[rel(controller)], OF["ability"], OF["visible"]]
        if triggered:
            ones.append(OF["triggered"])
        return card_id(source) if source is not None else UNKNOWN, ones, [], []
    if view.face_down(e):
        ones.append(OF["face_down"])
    if not view.visible(e):
        return UNKNOWN, ones, [], []
    if zone in HIDDEN:
        # who knows which card it is: whoever has seen it (systems/knowledge.py), the
        # viewer included; a card of theirs no one else knows, the viewer's hand, only them
        who = (view.known if known is None else known).get(e) or (view.player,)
        ones += [_KNOWN_BY[rel(p)] for p in who if rel(p) < MAX_PLAYERS]
    c = view.chars(e)
    ones += [OF["visible"], _CONTROLLER[rel(c.controller)]]
    if zone in ("stack", "battlefield"):
        ones.append(_OWNER[rel(view.owner(e))])
    ones += [_TYPE[t] for t in c.types if t in _TYPE]
    ones += [_COLOR[col] for col in c.colors]
    ones += [_KEYWORD[k.name] for k in c.keywords if k.name in _KEYWORD]
    if "Legendary" in c.supertypes:
        ones.append(OF["legendary"])
    if c.token:
        ones.append(OF["token"])
    d = c.defn
    cols = list(_VALUES)
    values = [c.cost.mana_value, c.power or 0, c.toughness or 0,
              d.power or 0 if d else 0, d.toughness or 0 if d else 0]
    if zone == "battlefield":
        _permanent(view, e, c, ones, cols, values)
    elif zone == "library":
        place = view.library_place(e)
        cols += _PLACE
        values += [place + 1, view.players[view.owner(e)].library_size - place]
    return card_id(c.name), ones, cols, values


def _permanent(view, e, c, ones: list, cols: list, values: list) -> None:
    counters = {}
    for kind, n in view.counters(e).items:
        col = _COUNTER.get(kind, OF["counter:other"])
        counters[col] = counters.get(col, 0) + n
    cols += counters
    values += counters.values()
    cols.append(OF["damage"])
    values.append(view.damage_on(e))
    ones += [col for col, on in zip(_STATUS, (
        view.is_tapped(e), view.is_attacking(e), view.is_blocking(e),
        "Creature" in c.types and view.is_sick(e, c))) if on]
