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
from operator import attrgetter

from mtg_ecs.components import Card
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.core.state import STATE_FIELDS, SPARSE_DEFAULTS, GameState

ATOMS = frozenset({int, float, str, bytes, bool, type(None)})
MAX_DEPTH = 24
_FIELDS = {}               # dataclass type -> its field names


def canonical(v, _depth: int = 0, _memo=None):
    """A value built only from atoms and tuples that equals for equal game values in
    any process: sets and dicts sorted, dataclasses and plain objects by their fields,
    card definitions by name, functions by qualified name (and closed-over values)."""
    t = type(v)
    if t in ATOMS:
        return v
    if t is tuple:
        for x in v:
            if type(x) not in ATOMS:
                break
        else:
            return v                  # a tuple of atoms is canonical already
    if _memo is None:
        _memo = {}
    key = id(v)
    hit = _memo.get(key)
    if hit is not None:
        return hit[1]
    if _depth > MAX_DEPTH:
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
        if all(map(frozen, comps.values())):
            # the objects are kept alive with their ids, so an id is never reused
            texts[eid] = (ids, tuple(comps.values()), text)
            loose.discard(eid)
        else:
            texts[eid] = (None, None, text)
            loose.add(eid)
    if dirty is not None:
        dirty.clear()
        cache["primed"] = True
    return tuple(texts[eid][2] for eid in sorted(ents)), text_of(_rest(game, memo))


def text_of(v):
    """A text of a tuple of atoms that is equal exactly for equal values, types
    included (like `repr`): marshal format 2 (no back-references, so equal values give
    equal bytes whatever objects they share; loads inverts it, so equal bytes mean
    equal values), which is written in C; `repr` for a value marshal can't write
    (bytes and str never compare equal, so the two kinds never mix up)."""
    try:
        return marshal.dumps(v, 2)
    except ValueError:
        return repr(v)


_FROZEN_TYPES = {}         # type -> its field values' getter if a frozen dataclass, else None
_UNSEEN = object()


def frozen(v) -> bool:
    """A value no code can change: atoms, tuples and frozensets of them, frozen
    dataclasses of them (a card definition counts by its name, as in `canonical`)."""
    t = type(v)
    if t in ATOMS:
        return True
    if t is tuple or t is frozenset:
        return all(map(frozen, v))
    if t is Card:
        return True                  # only its name, card id and token flag are read
    fields = _FROZEN_TYPES.get(t, _UNSEEN)
    if fields is _UNSEEN:
        fields = _FROZEN_TYPES[t] = _frozen_fields(t)
    if fields is None:
        return False
    vals = fields(v)
    return ATOMS.issuperset(map(type, vals)) or all(map(frozen, vals))


def _frozen_fields(t):
    """The getter of the tuple of a frozen dataclass's field values (but a card
    definition's), None for another type."""
    params = getattr(t, "__dataclass_params__", None)
    if params is None or not params.frozen or t.__name__ == "CardDef":
        return None
    names = tuple(f.name for f in dataclasses.fields(t))
    if len(names) == 1:
        return lambda v, n=names[0]: (getattr(v, n),)
    return attrgetter(*names) if names else lambda v: ()


def log_hash(game) -> str:
    """A hash of the game's event log (`game.log`, kept when the game is made with
    log=True): the same events with the same data give the same hash in any process."""
    h = hashlib.sha256()
    memo = {}
    for kind, data in game.log:
        h.update(repr((kind, canonical(data, 0, memo))).encode())
        h.update(b"\n")
    return h.hexdigest()


# the incremental key of a state (equal exactly when state_hash is), built on canonical
from mtg_ecs.core.keying import state_key  # noqa: E402,F401  (keying imports this module)
