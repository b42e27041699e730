"""A hash of the whole game state: equal hashes mean equal games (used to prove
that a refused action changed nothing, and for determinism checks), and a hash of
the event log.

Both are canonical: they depend on values only, never on where objects live in
memory (a default `repr` shows `id()`) nor on the iteration order of sets and
dicts of strings (PYTHONHASHSEED), so the same game gives the same hashes in any
process.
"""
from __future__ import annotations

import dataclasses
import hashlib
import marshal
import types
from itertools import chain, compress, count
from operator import attrgetter, call, is_, is_not, itemgetter

from mtg_ecs.components import Card
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.core.state import FIELDS, STATE_FIELDS, SPARSE_DEFAULTS, GameState, Player

_ATOMS = frozenset({int, float, str, bytes, bool, type(None)})
_MAX_DEPTH = 24
_FIELDS = {}               # dataclass type -> its field names


def canonical(v, _depth: int = 0, _memo=None):
    """A value built only from atoms and tuples that equals for equal game values in
    any process: sets and dicts sorted, dataclasses and plain objects by their fields,
    card definitions by name, functions by qualified name (and closed-over values)."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is tuple:
        for x in v:
            if type(x) not in _ATOMS:
                break
        else:
            return v                  # a tuple of atoms is canonical already
    if _memo is None:
        _memo = {}
    key = id(v)
    hit = _memo.get(key)
    if hit is not None:
        return hit[1]
    if _depth > _MAX_DEPTH:
        return ("...", t.__qualname__)
    _memo[key] = (v, ("cycle", t.__qualname__))     # keeps v alive, breaks cycles
    out = _canonical(v, t, _depth + 1, _memo)
    _memo[key] = (v, out)
    return out


def _canonical(v, t, d, memo):
    c = canonical
    if t is PlayerRef:
        return ("p", v.index)
    if isinstance(v, (tuple, list)):
        return tuple(c(x, d, memo) for x in v)
    if isinstance(v, (set, frozenset)):
        return ("set",) + tuple(sorted((c(x, d, memo) for x in v), key=repr))
    if isinstance(v, dict):
        return ("dict",) + tuple(sorted(((c(k, d, memo), c(x, d, memo)) for k, x in v.items()),
                                        key=repr))
    names = _FIELDS.get(t)
    if names is None and t not in _FIELDS:
        names = _FIELDS[t] = (tuple(f.name for f in dataclasses.fields(t))
                              if dataclasses.is_dataclass(t) else None)
    if names is not None:
        if t.__name__ == "CardDef":
            return ("CardDef", v.name)
        return (t.__qualname__,) + tuple(c(getattr(v, n), d, memo) for n in names)
    if isinstance(v, (type, types.BuiltinFunctionType)):
        return ("fn", v.__qualname__)
    if isinstance(v, types.FunctionType):
        # a closure is told apart by the values it closes over (modify_pt(..., 1, 1))
        cells = tuple(_cell(cl) for cl in v.__closure__ or ())
        return ("fn", v.__qualname__, c(cells, d, memo))
    if isinstance(v, types.MethodType):
        return ("method", v.__func__.__qualname__, c(v.__self__, d, memo))
    if t.__name__ == "CardDef":
        return ("CardDef", v.name)
    if isinstance(v, GameState):       # a game kept by a task (a rewind point): its state
        return ("Game",) + _state_tuple(v, memo)
    fields = getattr(v, "__dict__", None)
    if fields is not None:
        return (t.__qualname__, c(fields, d, memo))
    skip = getattr(t, "CACHE_SLOTS", ())             # caches aren't part of the value
    sparse = getattr(t, "SPARSE_SLOTS", None)        # hashed only when not at their default
    slots = [s for k in t.__mro__ for s in getattr(k, "__slots__", ())
             if s != "__weakref__" and s not in skip
             and not (sparse and s in sparse and getattr(v, s, None) == sparse[s])]
    if slots:
        return (t.__qualname__,) + tuple(c(getattr(v, s, None), d, memo) for s in slots)
    return (t.__qualname__, repr(v))


def _cell(cell):
    try:
        return cell.cell_contents
    except ValueError:            # a cell not filled yet
        return None


def _entity_items(comps, memo) -> tuple:
    items = []
    for t, comp in sorted(comps.items(), key=_type_name):
        if t is Card:
            items.append(("Card", comp.defn.name, comp.card_id, comp.token))
        else:
            items.append(canonical(comp, 0, memo))
    return tuple(items)


def _type_name(kv):
    return kv[0].__name__


def _rest(game, memo) -> tuple:
    """Every field of the game declared part of its state (core/state.py), by name:
    a field can't escape the hash, since the declaration is the only place fields are
    made. The entity table is `state_tuple`'s first part."""
    out = []
    for name in STATE_FIELDS:
        if name == "world":
            continue
        v = getattr(game, name)
        if name in SPARSE_DEFAULTS and v == SPARSE_DEFAULTS[name]:
            continue                    # a sparse field at its default (core/state.py)
        if name == "rng":
            v = v.getstate()
        out.append((name, canonical(v, 0, memo)))
    return tuple(out)


def state_tuple(game) -> tuple:
    return _state_tuple(game, {})


def _state_tuple(game, memo) -> tuple:
    ents = game.world.ents
    return (tuple((eid, _entity_items(ents[eid], memo)) for eid in sorted(ents)),
            ) + _rest(game, memo)


def state_difference(a, b) -> str:
    """Where two games' states differ: the fields (and objects) whose values differ."""
    ta, tb = state_tuple(a), state_tuple(b)
    out = []
    ea, eb = dict(ta[0]), dict(tb[0])
    for e in sorted(set(ea) | set(eb)):
        if ea.get(e) != eb.get(e):
            out.append(f"object {e}")
    ra, rb = dict(ta[1:]), dict(tb[1:])           # (a sparse field may be in one only)
    for name in [n for n, _ in ta[1:]] + [n for n, _ in tb[1:] if n not in ra]:
        if ra.get(name) != rb.get(name):
            out.append(name)
    return ", ".join(out) or "nothing"


def state_hash(game) -> str:
    return hashlib.sha256(repr(state_tuple(game)).encode()).hexdigest()


def state_snapshot(game, cache: dict, dirty: set | None = None) -> tuple:
    """A value equal for two states exactly when their `state_hash`es are (it holds
    the `repr` of each part of `state_tuple`, and the repr of a tuple of atoms is
    injective), but cheaper to take again and again: an entity whose components are
    the same deeply immutable objects as at the last call reuses its text from `cache`
    (components are replaced, never changed, so identical objects mean equal values).

    `cache` is a dict owned by the caller, one per esper world. `dirty`: a set the
    caller keeps of every entity of this world written since the last call (emptied
    here); then only those, and entities holding a mutable value, are looked at."""
    memo = {}
    ents = game.world.ents
    texts = cache.setdefault("texts", {})          # eid -> (ids, components, text)
    loose = cache.setdefault("loose", set())       # entities with a mutable value
    if dirty is not None and cache.get("primed"):
        for eid in dirty - ents.keys():
            texts.pop(eid, None)
        todo = (dirty | loose) & ents.keys()
    else:
        todo = ents.keys()
    for eid in list(todo):
        comps = ents[eid]
        ids = tuple(map(id, comps.values()))
        hit = texts.get(eid)
        if hit is not None and hit[0] == ids and eid not in loose:
            continue
        text = repr((eid, _entity_items(comps, memo)))
        if all(map(_frozen, comps.values())):
            # the objects are kept alive with their ids, so an id is never reused
            texts[eid] = (ids, tuple(comps.values()), text)
            loose.discard(eid)
        else:
            texts[eid] = (None, None, text)
            loose.add(eid)
    if dirty is not None:
        dirty.clear()
        cache["primed"] = True
    return tuple(texts[eid][2] for eid in sorted(ents)), _text(_rest(game, memo))


def _text(v):
    """A text of a tuple of atoms that is equal exactly for equal values, types
    included (like `repr`): marshal format 2 (no back-references, so equal values give
    equal bytes whatever objects they share; loads inverts it, so equal bytes mean
    equal values), which is written in C; `repr` for a value marshal can't write
    (bytes and str never compare equal, so the two kinds never mix up)."""
    try:
        return marshal.dumps(v, 2)
    except ValueError:
        return repr(v)


_FROZEN_TYPES = {}         # type -> whether its instances are frozen dataclasses


def _frozen(v) -> bool:
    """A value no code can change: atoms, tuples and frozensets of them, frozen
    dataclasses of them (a card definition counts by its name, as in `canonical`)."""
    t = type(v)
    if t in _ATOMS:
        return True
    if t is tuple or t is frozenset:
        return all(map(_frozen, v))
    if t is Card:
        return True                  # only its name, card id and token flag are read
    ok = _FROZEN_TYPES.get(t)
    if ok is None:
        params = getattr(t, "__dataclass_params__", None)
        ok = _FROZEN_TYPES[t] = bool(params is not None and params.frozen
                                     and t.__name__ != "CardDef")
    if not ok:
        return False
    names = _FIELDS.get(t)
    if names is None:
        names = _FIELDS[t] = tuple(f.name for f in dataclasses.fields(t))
    return all(_frozen(getattr(v, n)) for n in names)


def log_hash(game) -> str:
    """A hash of the game's event log (`game.log`, kept when the game is made with
    log=True): the same events with the same data give the same hash in any process."""
    h = hashlib.sha256()
    memo = {}
    for kind, data in game.log:
        h.update(repr((kind, canonical(data, 0, memo))).encode())
        h.update(b"\n")
    return h.hexdigest()


# -- the state key ---------------------------------------------------------------------------
# `state_key(game)`: 128 bits equal for two states exactly when their `state_hash`es are
# (with overwhelming probability), cheap to take after every decision. The key is the sum
# (mod 2**128) of one blake2b digest per part of `state_tuple`: per entity, per state field,
# per item of a dict field; a sum, so a part that didn't change keeps its digest. What
# changed is found without canonicalising anything:
#   entities: the world's `changed` set (every write marks its entity, core/world.py);
#   fields a clone shares: by identity (their values are immutable);
#   other fields: each value's "probe", its objects down to the depth where its copy rule
#     makes them immutable (core/state.py: the clone shares them, so nobody changes them in
#     place), compared by identity with the probe kept from the last key (identical
#     objects: equal values). Tasks, whose depth isn't known, are canonicalised each time.
# The parts are kept in `game.key_cache`, never changed once made: a clone shares them.

_MASK = (1 << 128) - 1
_OPEN = object()            # in a probe: a container follows (its type, length and parts)
_NO_DEFAULT = object()


def _plan() -> tuple:
    rules = {f.name: f.copy for f in FIELDS}
    fields = [(n, n.encode(), rules[n], SPARSE_DEFAULTS.get(n, _NO_DEFAULT))
              for n in STATE_FIELDS if n != "world"]
    return (tuple(f for f in fields if f[2] == "share"),
            tuple(f for f in fields if f[2] != "share"))


_SHARED, _OTHER = _plan()
_GET_SHARED = attrgetter(*(f[0] for f in _SHARED))
_GET_OTHER = attrgetter(*(f[0] for f in _OTHER))


class _KeyParts:
    """What one state key was made of (never changed once made)."""

    __slots__ = ("ents", "loose", "ent_sum", "shared", "shared_digests", "probes", "snaps",
                 "other", "key")

    def __init__(self, ents, loose, ent_sum, shared, shared_digests, probes, snaps, other):
        self.ents = ents            # eid -> (its components if all frozen else None, digest)
        self.loose = loose          # entities holding a component that isn't frozen
        self.ent_sum = ent_sum
        self.shared = shared        # the values of _SHARED's fields
        self.shared_digests = shared_digests
        self.probes = probes        # per _OTHER: its probe (see _other_again)
        self.snaps = snaps          # per _GROUPS: its fields at once
        self.other = other          # per _OTHER: (digest, {item key: (value, key, digest)})
        self.key = (ent_sum + sum(shared_digests) + sum(o[0] for o in other)) & _MASK


def state_key(game) -> int:
    """A 128-bit key of the game's state: equal for two games exactly when their
    `state_hash`es are (different states collide with probability about 2**-128), the
    same in every process, and cheap when taken again: only what changed since the last
    key of this game (or of the game it was cloned from) is looked at."""
    old = game.key_cache
    w = game.world
    if old is None or w.changed is None or w.changed_since is not old:
        ents = _entities_from_scratch(w.ents)
    else:
        ents = _entities_again(w.ents, old, w.changed)
    shared, digests = _shared_again(game, old)
    other = _other_again(game, old)
    if old is not None and ents[0] is old.ents and shared is old.shared \
            and other[2] is old.other:
        parts = old
    else:
        parts = game.key_cache = _KeyParts(*ents, shared, digests, *other)
    if w.changed is None:
        w.changed = set()
    else:
        w.changed.clear()
    w.changed_since = parts
    return parts.key


def _digest(tag: bytes, value) -> int:
    """The digest of a canonical value under its tag (a field's name and a separator no
    name holds): 128 bits of blake2b of its `_text`."""
    text = _text(value)
    text = b"m" + text if type(text) is bytes else b"r" + text.encode()
    return int.from_bytes(hashlib.blake2b(tag + text, digest_size=16).digest(), "little")


# -- entities -----------------------------------------------------------------------------------
def _entity_digest(eid, comps) -> tuple:
    """(the components if all are frozen else None, the entity's digest)."""
    vals = tuple(comps.values())
    return (vals if all(map(_frozen, vals)) else None), _digest(b"#", (eid, _entity_canon(comps)))


_ORDERS = {}                # component types in a dict's order -> sorted by name


def _entity_canon(comps) -> tuple:
    """`_entity_items(comps)`, the same value, faster."""
    types = tuple(comps)
    order = _ORDERS.get(types)
    if order is None:
        order = _ORDERS[types] = tuple(sorted(types, key=attrgetter("__name__")))
    out = []
    for t in order:
        c = comps[t]
        out.append(("Card", c.defn.name, c.card_id, c.token) if t is Card else _quick(c))
    return tuple(out)


def _entities_from_scratch(table) -> tuple:
    ents = {eid: _entity_digest(eid, comps) for eid, comps in table.items()}
    loose = frozenset(e for e, (vals, _) in ents.items() if vals is None)
    return ents, loose, sum(d for _, d in ents.values()) & _MASK


def _entities_again(table, old, changed) -> tuple:
    """The entity parts after the writes in `changed` (and with the loose ones looked at
    again); `old`'s own if no digest changed."""
    ents, loose, total = old.ents, old.loose, old.ent_sum
    copied = False
    for eid in (changed | loose) if loose else changed:
        was = ents.get(eid)
        comps = table.get(eid)
        if comps is None:
            now = None
        elif was is not None and was[0] is not None and len(was[0]) == len(comps) \
                and all(map(is_, was[0], comps.values())):
            continue                        # written back to the same components
        else:
            now = _entity_digest(eid, comps)
        if (was and was[1]) == (now and now[1]):
            continue
        if not copied:
            ents, loose, copied = dict(ents), set(loose), True
        if was is not None:
            total -= was[1]
        if now is None:
            del ents[eid]
            loose.discard(eid)
        else:
            ents[eid] = now
            total += now[1]
            (loose.add if now[0] is None else loose.discard)(eid)
    if not copied:
        return old.ents, old.loose, old.ent_sum
    return ents, frozenset(loose), total & _MASK


# -- fields -------------------------------------------------------------------------------------
def _shared_again(game, old) -> tuple:
    """The values of the fields a clone shares, and their digests: a value that is the
    same object as at the last key has the same digest."""
    vals = _GET_SHARED(game)
    if old is None:
        return vals, tuple(map(_field_digest, _SHARED, vals))
    if all(map(is_, vals, old.shared)):
        return old.shared, old.shared_digests
    digests = list(old.shared_digests)
    for i in compress(count(), map(is_not, vals, old.shared)):
        digests[i] = _field_digest(_SHARED[i], vals[i])
    return vals, tuple(digests)


def _field_digest(field, v) -> int:
    name, tag, rule, default = field
    if default is not _NO_DEFAULT and v == default:
        return 0                                    # as state_tuple: left out
    if rule == "rng":
        v = v.getstate()
    return _digest(tag + b"=", _quick(v))


def _other_again(game, old) -> tuple:
    """Each other field's probe and (digest, items), `old`'s where the probe finds the
    same objects; `old`'s own tuples if every field is unchanged. Groups of fields are
    first compared all at once by C loops (`_GROUPS`): a group found unchanged keeps its
    fields' probes without making them."""
    vals = _GET_OTHER(game)
    snaps = tuple(snap(get(vals)) for _, snap, get in _GROUPS)
    if old is None:
        todo, probes = range(len(_OTHER)), [None] * len(_OTHER)
    else:
        todo, probes = list(_SINGLE), list(old.probes)
        for (idx, _, _), a, b in zip(_GROUPS, snaps, old.snaps):
            if a is None or b is None or a[0] != b[0] or a[1] != b[1] or not _same(a[2], b[2]):
                todo += idx
    out = None
    for i in todo:
        probe = probes[i] = _PROBES[i](vals[i])
        if old is not None and not _differ(probe, old.probes[i]):
            continue
        if out is None:
            out = list(old.other) if old is not None else [None] * len(_OTHER)
        field, v = _OTHER[i], vals[i]
        if field[2] == "dict" and type(v) is dict and v != field[3]:
            out[i] = _dict_field(field[1], v, probe, old and old.probes[i], old and old.other[i])
        else:
            out[i] = (_field_digest(field, v), None)
    if out is None:
        return old.probes, snaps, old.other
    return tuple(probes), snaps, tuple(out)


def _snap_seq(vs):
    """Lists and sets of immutable items: (their types, lengths, items), or None."""
    types = tuple(map(type, vs))
    if not _SEQ_TYPES.issuperset(types):
        return None
    return types, tuple(map(len, vs)), tuple(chain.from_iterable(vs))


def _snap_map(vs):
    """Dicts of immutable keys and values: (their types, lengths, keys and values)."""
    types = tuple(map(type, vs))
    if set(types) != {dict}:
        return None
    return types, tuple(map(len, vs)), (*chain.from_iterable(vs),
                                         *chain.from_iterable(map(dict.values, vs)))


def _snap_quiet(vs):
    """Fields usually None or empty: their types, when all are (an empty container of
    a type, or None, is one value)."""
    types = tuple(map(type, vs))
    if any(vs) or not _QUIET_TYPES.issuperset(types):
        return None
    return types, (), ()


_SEQ_TYPES = frozenset({list, tuple, set, frozenset})
_QUIET_TYPES = frozenset({type(None), list, tuple, set, frozenset, dict})


def _groups() -> tuple:
    """Which fields `_other_again` compares in groups: lists and sets, dicts, and the
    fields whose default is None or which are nested; the rest one by one."""
    defaults = {f.name: f.default() for f in FIELDS}
    seq, maps, quiet, single = [], [], [], []
    for i, (name, _, rule, _) in enumerate(_OTHER):
        d = defaults[name]
        if rule in ("list", "set") and d is not None:
            seq.append(i)
        elif rule == "dict" and d is not None:
            maps.append(i)
        elif rule in ("list", "set", "dict", "nested", "items"):
            quiet.append(i)
        else:
            single.append(i)
    return tuple((tuple(idx), snap, itemgetter(*idx)) for idx, snap in
                 ((seq, _snap_seq), (maps, _snap_map), (quiet, _snap_quiet))), tuple(single)


def _differ(a, b) -> bool:
    """Two probes that may stand for different values (an unprobed one always may)."""
    return a is not b and (len(a) != len(b) or a[-1] is not _END or not all(map(is_, a, b)))


def _same(a, b) -> bool:
    return len(a) == len(b) and all(map(is_, a, b))


def _dict_field(tag, v, probe, was_probe, was) -> tuple:
    """A dict field's (digest, {key: (value, key, digest)}): the sum of one digest per
    (key, value) (canonical sorts the items: the sum doesn't depend on their order),
    `was`'s per key whose value is the same object."""
    items = was[1] if was is not None and was[1] is not None else None
    if items is not None and len(probe) == len(was_probe) and all(map(is_, probe[1:len(v) + 1],
                                                                      was_probe[1:len(v) + 1])):
        # the same keys in the same order (a value replaced): only the new values
        new = dict(items)
        total = was[0]
        for k in compress(probe[1:len(v) + 1], map(is_not, probe[len(v) + 1:-1],
                                                  was_probe[len(v) + 1:-1])):
            total -= items[k][2]
            hit = new[k] = (v[k], k, _digest(tag + b":", (_quick(k), _quick(v[k]))))
            total += hit[2]
        return total & _MASK, new
    items = items or {}
    new = {}
    total = _digest(tag + b"{", None)               # a dict, even an empty one
    for k, x in v.items():
        hit = items.get(k)
        if hit is None or hit[0] is not x or hit[1] is not k:
            hit = (x, k, _digest(tag + b":", (_quick(k), _quick(x))))
        new[k] = hit
        total += hit[2]
    return total & _MASK, new


# -- probes ------------------------------------------------------------------------------------
_END = object()             # ends a field's probe (never a game's value)


def _probe_items(v) -> tuple:
    """A list, set or dict whose items a clone shares (immutable): its type and items."""
    t = type(v)
    if t is list or t is tuple or t is set or t is frozenset:
        return (t, *v, _END)
    if t is dict:
        return (t, *v, *v.values(), _END)
    return _probe_deep(v, 1)


def _probe_object(v) -> tuple:
    """An object a clone copies with copy.copy (the pending decision): its values."""
    return _probe_deep(v, 1)


def _probe_deep(v, depth) -> tuple:
    out = []
    return (*out, _END) if _probe(v, depth, out) else _unprobed()


def _unprobed() -> tuple:
    """The probe of a value that can't be probed: equal to no other (it has no _END)."""
    return (object(),)


def _probe_rng(v) -> tuple:
    pinned = getattr(v, "pinned", None)             # (core.rng.GameRandom)
    return _unprobed() if pinned is None else (pinned(), _END)


def _probe_each(v) -> tuple:
    """Players (Player.copy copies their lists and shares their other values), or tasks,
    whose depth isn't known (not probed: canonicalised every time)."""
    if type(v) is not list:
        return _unprobed()
    out = [list, len(v)]
    for p in v:
        if type(p) is not Player:
            return _unprobed()
        out += _PLAYER_VALUES(p)
        for x in _PLAYER_LISTS(p):
            out.append(len(x))
            out += x
    out.append(_END)
    return tuple(out)


_PROBE_BY_RULE = {"list": _probe_items, "set": _probe_items, "dict": _probe_items,
                  "shallow": _probe_object, "nested": lambda v: _probe_deep(v, 2),
                  "items": lambda v: _probe_deep(v, 2), "rng": _probe_rng,
                  "each": _probe_each}
_PROBES = tuple(_PROBE_BY_RULE[f[2]] for f in _OTHER)
_GROUPS, _SINGLE = _groups()
_PLAYER_LISTS = attrgetter(*Player.LISTS)
# a player's other values: shared by Player.copy, so immutable
_PLAYER_VALUES = attrgetter(*(s for s in Player.__slots__ if s not in Player.LISTS))


def _probe(v, depth, out) -> bool:
    """Append v's probe to `out`: v itself at depth 0 or if an atom; else _OPEN, its type,
    its number of parts and each part's probe one level down. False when v has parts
    this can't list (then v can't be probed)."""
    t = type(v)
    if depth == 0 or t in _ATOMS:
        out.append(v)
        return True
    get = _KIDS.get(t, _OPEN)
    if get is _OPEN:
        get = _KIDS[t] = _kids_getter(t)
    if get is None:
        return False
    kids = get(v)
    out += (_OPEN, t, len(kids))
    if depth == 1:
        out += kids
        return True
    for k in kids:
        if type(k) in _ATOMS:
            out.append(k)
        elif not _probe(k, depth - 1, out):
            return False
    return True


_KIDS = {}                  # type -> a function giving an object's parts, or None


def _kids_getter(t):
    if t in (list, tuple, set, frozenset):
        return tuple
    if t is dict:
        return lambda d: (*d, *d.values())
    if dataclasses.is_dataclass(t):
        names = tuple(f.name for f in dataclasses.fields(t))
    elif t.__dictoffset__:                          # a plain object: its attributes
        if any(getattr(k, "__slots__", ()) for k in t.__mro__):
            return None
        return lambda v: (*vars(v), *vars(v).values())
    else:
        names = tuple(s for k in t.__mro__ for s in getattr(k, "__slots__", ())
                      if s != "__weakref__")
    return _getter(names)


def _getter(names):
    """A function giving the tuple of an object's attributes `names`."""
    if len(names) > 1:
        return attrgetter(*names)
    return (lambda v, n=names[0]: (getattr(v, n),)) if names else (lambda v: ())


# -- canonical values, faster --------------------------------------------------------------------
_ATOM_TYPES = frozenset(_ATOMS)


def _quick(v, d=0):
    """`canonical(v, d)`, the same value, faster for the common shapes (lists, tuples,
    dicts and sets, dataclasses, players): no memo, atoms found by C loops."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is tuple or t is list:
        if _ATOM_TYPES.issuperset(map(type, v)):
            return v if t is tuple else tuple(v)
        if d > 3:
            return canonical(v, d, {})
        return tuple([x if type(x) in _ATOMS else _quick(x, d + 1) for x in v])
    if d > 3:
        return canonical(v, d, {})
    if t is dict:
        return ("dict",) + tuple(sorted([(_quick(k, d + 1), _quick(x, d + 1))
                                         for k, x in v.items()], key=repr))
    if t is set or t is frozenset:
        return ("set",) + tuple(sorted([_quick(x, d + 1) for x in v], key=repr))
    if t is PlayerRef:
        return ("p", v.index)
    if t is slice:
        return ("slice", repr(v))
    shape = _SHAPES.get(t, _OPEN)
    if shape is _OPEN:
        shape = _SHAPES[t] = _shape(t)
    if shape is None:
        return canonical(v, d, {})
    name, get, sparse = shape
    vals = get(v)
    if sparse:
        vals = tuple([x for x, default in zip(vals, sparse)
                      if default is _NO_DEFAULT or x != default])
    if _ATOM_TYPES.issuperset(map(type, vals)):
        return (name,) + vals
    return (name,) + tuple([x if type(x) in _ATOMS else _quick(x, d + 1) for x in vals])


_SHAPES = {}                # type -> (qualified name, getter of its parts, sparse defaults)


def _shape(t):
    """How `canonical` writes an object of type `t`, when it is by its values in order:
    a dataclass (but a card definition), or `Player` (by its slots, a sparse one left
    out at its default); None for any other type."""
    if t is Player:
        slots = tuple(s for k in t.__mro__ for s in getattr(k, "__slots__", ())
                      if s != "__weakref__" and s not in getattr(t, "CACHE_SLOTS", ()))
        sparse = tuple(t.SPARSE_SLOTS.get(s, _NO_DEFAULT) for s in slots)
        return t.__qualname__, _getter(slots), sparse
    if t is PlayerRef or t.__name__ == "CardDef" or not dataclasses.is_dataclass(t) \
            or issubclass(t, (tuple, list, set, frozenset, dict)):
        return None
    return t.__qualname__, _getter(tuple(f.name for f in dataclasses.fields(t))), None
