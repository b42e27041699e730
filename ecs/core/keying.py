"""The incremental key of a game's state (`Game.state_key()`, issue 17): 128 bits equal
for two states exactly when their `state_hash`es are (different states collide with
probability about 2**-128), the same in every process, and cheap to take after every
decision, for a search's transposition table.

The key is the sum (mod 2**128) of blake2b digests of the parts of `state_tuple`: one per
entity, one for the fields whose canonical values are plain (atoms, tuples of atoms:
written afresh by every key, in one marshal), one for the players, one for the plain values
of the fields that change at few decisions, one per other field (one per item of a dict
field). A part found unchanged keeps its digest:
  entities: the world's `changed` set (every write marks its entity, core/world.py);
  card_entity, lki and lki_extra: the keys written since, which the dict itself marks
    (core/marked.py: no writer can forget them);
  the fields that change at few decisions (`_GROUP`): one marshal of them all, the same
    bytes as at the last key;
  other fields: a snapshot of the value (marshal's bytes, or a probe of its objects by
    identity down to the depth where its copy rule makes them immutable), compared with
    the one kept from the last key;
  the pending decision and the agenda, new at nearly every key: no digest of their own,
    their texts are written with the plain fields (a decision's kept while its fields
    are the same objects).
The parts are kept in `game.key_cache` (a CACHE field), never changed once made: a clone
shares them, with a copy of its world's `changed` set and of its dicts' marks, so a
clone's first key looks only at what changed since its original's last key.

Values are read as `canonical` reads them (`quick`: the same values, faster), so equal
keys mean equal `state_hash`es; frozen components and list items (a decision's options)
are read once, in memos keyed by identity that keep the objects alive. marshal's bytes of
a value as it is (not its canonical value: a group's, a snapshot's, a player's slots') are
kept to stand for it only when written from atoms but bytes and builtin containers
(`_trusted`): marshal writes any buffer object (a bytearray, an array, a memoryview) as
bytes, and a code object by its parts, so bytes written from a value holding one may be
another value's.
"""
from __future__ import annotations

import dataclasses
import hashlib
import marshal
import threading
import types
from itertools import chain, compress, count, repeat
from operator import attrgetter, is_, is_not, itemgetter

from mtg_ecs.components import Card, Tapped
from mtg_ecs.core.decisions import Decision, PlayerRef
from mtg_ecs.core.hashing import ATOMS, MAX_DEPTH, canonical, frozen, text_of
from mtg_ecs.core.marked import ABSENT, MarkedDict, MarkingDict
from mtg_ecs.core.rng import GameRandom
from mtg_ecs.core.state import FIELDS, STATE, SPARSE_DEFAULTS, GameState, Player

_MASK = (1 << 128) - 1
_OPEN = object()            # in a probe: a container follows (its type, length and parts)
_NO_DEFAULT = object()


def _attributes(names, label):
    """`attrgetter(*names)` as a generated function (`return (v.a, v.b, ...)`): each read
    is an attribute instruction 3.11 specialises for the one type it meets (a slot: ~70
    instructions, against ~210 in attrgetter's generic lookup), for the few types read at
    every key (the game, a player)."""
    scope = {}
    exec(compile(f"def get(v):\n    return ({''.join(f'v.{n}, ' for n in names)})\n",  # noqa: S102
                 f"<keying getter of {label}>", "exec"), scope)
    return scope["get"]


def _plan() -> tuple:
    """The state fields but the world: those a clone shares, and the others."""
    fields = [(f.name, f.name.encode(), f.copy, SPARSE_DEFAULTS.get(f.name, _NO_DEFAULT))
              for f in FIELDS if f.kind == STATE and f.name != "world"]
    return (tuple(f for f in fields if f[2] == "share"),
            tuple(f for f in fields if f[2] != "share"))


_SHARED, _OTHER = _plan()
_GET_SHARED = _attributes([f[0] for f in _SHARED], "the shared fields")
# the fields read one by one at every key (changed at most decisions, or with marks of
# their own), and the others (_GROUP: changed at few decisions), by their index in _OTHER
_SPECIAL = tuple(i for i, f in enumerate(_OTHER)
                 if f[2] in ("each", "shallow", "rng", "marked")
                 or f[0] in ("battlefield", "stack", "effects"))
_GROUP = tuple(i for i in range(len(_OTHER)) if i not in _SPECIAL)
_GET_SPECIAL = _attributes([_OTHER[i][0] for i in _SPECIAL], "the fields of _SPECIAL")
_GET_GROUP = _attributes([_OTHER[i][0] for i in _GROUP], "the fields of _GROUP")
# among the plain values: a sparse field at its default (as state_tuple: left out), and a
# field with a digest of its own (an object). marshal writes each of these singletons as one
# byte (a 1-tuple of a str took 11-14 bytes of a text digested at every key); neither is an
# atom, so no plain value is either.
_LEFT_OUT = ...
_OPEN_MARK = StopIteration


class _KeyParts:
    """What one state key was made of (never changed once made): `state_key` sets its
    slots (no `__init__`: a call to one with eight arguments cost ~1.3 k instructions)."""

    __slots__ = ("ents", "loose", "ent_sum", "shared", "satoms", "group", "special", "text", "key")
    # ents: (base, recent) (_entities_again); loose: the entities holding a component that
    # isn't kept (`_kept`); ent_sum; shared: _shared_objects; satoms: the shared fields as the
    # plain values hold them (_shared_reader); group: _group_fields; special: per
    # _SPECIAL field None, or (snapshot, (digest, items)); text: (the plain fields' text,
    # its digest); key


_NEW = object.__new__


def state_key(game) -> int:
    """A 128-bit key of the game's state: equal for two games exactly when their
    `state_hash`es are (different states collide with probability about 2**-128), the
    same in every process. Taken again, it reads again only the objects written and the
    fields changed since the last key of this game (or of the game it was cloned from),
    and the small plain fields."""
    old = game.key_cache
    w = game.world
    parts = _NEW(_KeyParts)
    if old is None or w.changed is None or w.changed_since is not old:
        parts.ents, parts.loose, parts.ent_sum = _entities_from_scratch(w.ents)
    else:
        parts.ents, parts.loose, parts.ent_sum = _entities_again(w.ents, old, w.changed)
    fields_sum = _fields_again(game, old, parts)
    parts.key = (parts.ent_sum + fields_sum) & _MASK
    game.key_cache = parts
    if w.changed is None:
        w.changed = set()
    else:
        w.changed.clear()
    w.changed_since = parts
    return parts.key


def _digest(tag: bytes, value) -> int:
    """The digest of a canonical value under its tag (a field's name and a separator no
    name holds): 128 bits of blake2b of its `text_of`."""
    text = text_of(value)
    return _digest_text(tag, b"m" + text if type(text) is bytes else b"r" + text.encode())


def _digest_text(tag: bytes, text: bytes) -> int:
    h = _BLAKE2B_16.copy()      # (cheaper than a new one with its keyword, ~0.7 k)
    h.update(tag + text)
    return _FROM_BYTES(h.digest(), "little")    # (int.from_bytes: ~1 k more a call)


_BLAKE2B_16 = hashlib.blake2b(digest_size=16)   # never updated: only copied
_FROM_BYTES = int.from_bytes


# -- entities -----------------------------------------------------------------------------------
def _entity_digest(eid, comps) -> tuple:
    """(the components if all are kept (`_kept`) else None, the entity's digest): the digest of
    `(eid, _entity_items(comps))` but the items that read `("Tapped",)`, written as
    marshal writes the eid then each item (each is read whole by marshal: the parts can't
    run into each other), a kept component's text made once (_COMPONENTS); plus
    `_tapped_digest(eid)` per item left out (the untap step and mana abilities write
    nothing else: then the digest is had without reading the others, `_tap_toggled`)."""
    kinds = tuple(comps)
    order = _ORDERS.get(kinds)
    if order is None:
        order = _ORDERS[kinds] = tuple(sorted(kinds, key=attrgetter("__name__")))
    texts = [marshal.dumps(eid, 2)]
    all_frozen = True
    for t in order:
        c = comps[t]
        text = _COMPONENTS.get(id(c))   # (_COMPONENTS_KEEP keeps c alive: its id is its own)
        if text is None:
            text, kept = _component_entry(c, t)
            all_frozen = all_frozen and kept
        texts.append(text)
    tapped = texts.count(_TAPPED_TEXT)
    if tapped:
        texts = [x for x in texts if x != _TAPPED_TEXT]
    text = b"".join(texts)
    digest = _ENTITIES.get(text)
    if digest is None:
        if len(_ENTITIES) >= _VALUES_KEPT:
            _ENTITIES.clear()
        digest = _ENTITIES[text] = _digest_text(b"#", text)
    if tapped:
        digest = (digest + tapped * _tapped_digest(eid)) & _MASK
    return (tuple(comps.values()) if all_frozen else None), digest


def _component_entry(c, t) -> tuple:
    """(the text of component `c` of type `t` as `_entity_digest` writes it, whether it is
    kept (`_kept`): then in `_COMPONENTS`)."""
    if t is Card:                                   # (frozen: `frozen` reads no more)
        name, cid, token = c.defn.name, c.card_id, c.token     # (as state_tuple: not canonical)
        vals = ("Card", name, cid, token)
        text = (text_of(vals) if type(cid) is int and type(token) is bool
                and type(name) is str or _ATOM_TYPES.issuperset(map(type, vals))
                else repr(vals))                    # (as state_hash writes it)
        kept = True
    else:
        shape = _FROZEN_SHAPES.get(t, _OPEN)
        if shape is _OPEN:
            shape = _frozen_shape(t)
        vals = None if shape is None else shape[1](c)   # (a frozen dataclass of atoms)
        if vals is not None and _ATOM_TYPES.issuperset(map(type, vals)):
            text, kept = marshal.dumps(shape[0] + vals, 2), True
        else:
            text, kept = text_of(fast_canonical(c)), _kept(c, t)
    if type(text) is not bytes:                     # a repr, its length first (not
        text = text.encode()                        # read whole as marshal's bytes are)
        text = b"r" + len(text).to_bytes(4, "little") + text
    if kept:
        _remember(_COMPONENTS, _COMPONENTS_KEEP, _COMPONENTS_KEPT, c, text)
    return text, kept


_KEEP_LOCK = threading.Lock()


def _remember(memo: dict, keep: list, limit: int, x, value) -> None:
    """`memo[id(x)] = value`, `x` kept alive in `keep` so that an id found in `memo` is
    that object's (a memo read by id alone); both emptied when `limit` is reached. Made
    under a lock, `keep` first and emptied last: an entry made by one thread while another
    empties them could otherwise name an object gone, whose id a new object may take."""
    with _KEEP_LOCK:
        if len(memo) >= limit:
            memo.clear()
            keep.clear()
        keep.append(x)
        memo[id(x)] = value


def _tapped_digest(eid) -> int:
    """The part of an entity's digest that says it is tapped (`Tapped()`: no fields; a
    tag of its own, beginning with the separator no field's name holds)."""
    d = _TAPPED.get(eid)
    if d is None:
        if len(_TAPPED) >= _VALUES_KEPT:
            _TAPPED.clear()
        d = _TAPPED[eid] = _digest_text(b"\0tapped=", marshal.dumps(eid, 2))
    return d


_TAPPED = {}                # eid -> _tapped_digest(eid) (any game, any thread)
# an entity's text (its eid's and its components') -> its digest: a memo of values (any
# game, any thread: a card in its library, say, is the same entity in every game of the
# same decks, and in every deal of a determinized game), emptied when it grows too big
_ENTITIES = {}
_TAPPED_TEXT = marshal.dumps(("Tapped",), 2)        # a Tapped()'s, as _entity_digest reads it


def _tap_toggled(eid, was, vals, comps):
    """What the entity's digest gains when its components `vals` (`comps`' values) are
    `was`'s (all kept) with a `Tapped()` added or removed, else None."""
    n = len(vals) - len(was)
    if n == 1:
        tapped = comps.get(Tapped)
        if type(tapped) is not Tapped:
            return None
        # (most often added last: the others are `was` in its order)
        if not all(map(is_, was + (tapped,), vals)) and \
                not all(map(is_, was, [c for c in vals if c is not tapped])):
            return None
    elif n == -1:
        if type(was[-1]) is Tapped and all(map(is_, was, vals)):     # (the last removed)
            return -_tapped_digest(eid)
        tapped = next((c for c in was if type(c) is Tapped), None)
        if tapped is None or not all(map(is_, [c for c in was if c is not tapped], vals)):
            return None
    else:
        return None
    return n * _tapped_digest(eid)


def _frozen_shape(t):
    """`_FROZEN_SHAPES[t]`: for a frozen dataclass read by a getter (`_shape`), (its name
    in a tuple, the getter of its fields), for which `_entity_digest` writes an object
    whose fields are atoms (most components: a zone, an owner, a timestamp) as marshal's
    bytes of their canonical value, its name then its fields; else None."""
    params = getattr(t, "__dataclass_params__", None)
    shape = _shape(t) if params is not None and params.frozen else None
    if shape is not None and shape[1] is not None and shape[2] is None:
        shape = (shape[0],), shape[1]
    else:
        shape = None
    _FROZEN_SHAPES[t] = shape
    return shape


def _kept(c, t) -> bool:
    """A component whose value can't change: `frozen`, or a frozen dataclass whose values
    are frozen or a card definition's parts (`_PARTS`, which `_definition_part` reads once:
    a definition never changes), as an ability on the stack's `ability` (`_entity_digest` has
    put its type in `_FROZEN_SHAPES`). Its entity is then compared by identity, not read
    again at every key."""
    shape = _FROZEN_SHAPES[t]
    if shape is None:
        return frozen(c)
    return all([_PARTS.get(id(x)) is x or frozen(x) for x in shape[1](c)])


_FROZEN_SHAPES = {}         # type -> _frozen_shape(type)
_ORDERS = {}                # component types in a dict's order -> sorted by name
# id of a kept component (`_kept`) -> its text as the entity's digest reads it, the component
# kept alive in _COMPONENTS_KEEP: components are shared by clones and kept from object to
# object, so each is read once; a memo of values that can't change (any game, any thread),
# both emptied when it grows too big
_COMPONENTS = {}
_COMPONENTS_KEEP = []
_COMPONENTS_KEPT = 50_000


def _entities_from_scratch(table) -> tuple:
    ents = {eid: _entity_digest(eid, comps) for eid, comps in table.items()}
    loose = frozenset(e for e, (vals, _) in ents.items() if vals is None)
    return (ents, _NO_RECENT), loose, sum(d for _, d in ents.values()) & _MASK


# The entity parts are (base, recent), each a dict eid -> (its components if all frozen
# else None, its digest), `recent` (None: gone) read before `base`: a key copies only the
# entries written since `base` was made (a few a decision), not the ~150 of every entity
# (a copy of them all was ~20 k instructions a key); past _RECENT_KEPT, they are merged
# into a new base. Neither dict is changed once a key has it (clones share them).
_NO_RECENT = {}
_RECENT_KEPT = 64


def _entities_again(table, old, changed) -> tuple:
    """The entity parts after the writes in `changed` (and with the loose ones looked at
    again); `old`'s own if no digest changed."""
    (base, recent), loose, total = old.ents, old.loose, old.ent_sum
    copied = False
    for eid in (changed | loose) if loose else changed:
        was = recent[eid] if eid in recent else base.get(eid)
        comps = table.get(eid)
        if comps is None:
            if was is None:
                continue                            # made and deleted since
            now = None
        elif was is None or was[0] is None:
            now = _entity_digest(eid, comps)
            if was is not None and was[1] == now[1]:
                continue
        else:
            vals = tuple(comps.values())
            if len(vals) == len(was[0]):
                if all(map(is_, was[0], vals)):
                    continue                        # written back to the same components
                now = _entity_digest(eid, comps)
            else:
                toggled = _tap_toggled(eid, was[0], vals, comps)
                now = (_entity_digest(eid, comps) if toggled is None
                       else (vals, (was[1] + toggled) & _MASK))
            if was[1] == now[1]:
                continue
        if not copied:
            recent, copied = dict(recent), True
        if was is not None:
            total -= was[1]
        recent[eid] = now
        if now is not None:
            total += now[1]
            if now[0] is None:
                if eid not in loose:
                    loose = loose | {eid}
                continue
        if eid in loose:
            loose = loose - {eid}
    if not copied:
        return old.ents, old.loose, old.ent_sum
    if len(recent) > _RECENT_KEPT:
        base = {**base, **recent}
        for eid in [e for e, x in recent.items() if x is None]:
            del base[eid]
        recent = _NO_RECENT
    return (base, recent), loose, total & _MASK


# -- fields -------------------------------------------------------------------------------------
# Every key writes the shared fields whose values are atoms (the turn, the step, who has
# priority...), the plain values of the players and the texts of the pending decision and
# the agenda afresh, in one marshal and one digest: cheaper than finding which changed. The
# shared fields holding objects keep their digests while they hold the same objects; the other
# fields (zones, effects, combat...) keep theirs while one marshal of them all gives the
# same bytes (equal bytes: equal values), and are looked at one by one when not; the
# marked dicts keep their own marks (`_marked_field`). A field that isn't plain (an object,
# a dict with items) has a digest of its own, reused while its snapshot shows the same value.

def _fields_again(game, old, parts) -> int:
    """The sum of the fields' digests; sets `parts`' shared fields' part (`shared`), the
    others' part (`group`), the special fields' entries (`special`: per field of _SPECIAL
    None when plain, else (its snapshot, (digest, items))), and the plain values' text and
    its digest (`text`: the last key's if the same bytes, as after a clone keyed after its
    original or a key with nothing changed)."""
    gvals = _GET_GROUP(game)
    try:
        raw = marshal.dumps(gvals, 2)
    except ValueError:                              # (an object among them)
        raw = None
    if old is None:
        shared = _shared_objects(_GET_SHARED(game), None)
        satoms = shared[5](game, shared[2], None)[1]
        group = _group_fields(gvals, raw, None)
        plain, parts.special, total = _read_special(_GET_SPECIAL(game), None)
    else:
        # the last key's shared part while the same objects (a clone shares them: unchanged
        # unless replaced) and atoms where it had atoms (no type() of the objects)
        shared = old.shared
        same, satoms = shared[5](game, shared[2], old.satoms)
        if not same:
            shared = _shared_objects(_GET_SHARED(game), shared)
            satoms = shared[5](game, shared[2], None)[1]
        group = old.group                           # (the same bytes: the same values)
        if raw is None or raw != group[0]:
            group = _group_fields(gvals, raw, group)
        plain, parts.special, total = _read_special(_GET_SPECIAL(game), old.special)
    parts.shared, parts.satoms, parts.group = shared, satoms, group
    text = marshal.dumps((satoms, plain), 2)
    if old is None or old.text[0] != text:
        parts.text = text, _digest_text(b"\0fields=", text)
    else:
        parts.text = old.text
    return shared[4] + group[3] + total + parts.text[1]


def _read(fields, vals, was) -> tuple:
    """(per field its plain value, or _OPEN_MARK, or its text in a list (_TEXT_FIELDS), per
    field None when plain else (its snapshot, (digest, items) or [text]), the sum of their
    digests) of the _OTHER fields at `fields` holding `vals`; `was`: their entries at the
    last key, None for a key from nothing."""
    total = 0
    plain, entries = [], []
    for j, (i, v) in enumerate(zip(fields, vals)):
        value, entry, digest = _field_entry(i, v, was[j] if was is not None else None,
                                            was is None)
        plain.append(value)
        entries.append(entry)
        total += digest
    return tuple(plain), tuple(entries), total


def _field_entry(i, v, was, fresh) -> tuple:
    """(its plain value, or _OPEN_MARK, or its text in a list; None when plain, else its
    entry; its digest, 0 if none) of the field _OTHER[i] holding `v`; `was`: its entry at
    the last key, `fresh`: a key from nothing."""
    t = type(v)
    if i not in _BARE:
        value = _plain(v, i)
    elif t is list:                                 # (_plain's answers, without its call)
        value = tuple(v) if not v or _ATOM_TYPES.issuperset(map(type, v)) else _OPEN
    elif t not in _MAYBE_PLAIN or (v and (t is MarkingDict or t is MarkedDict)):
        value = _OPEN
    else:
        value = _plain(v, i)
    if value is not _OPEN:
        return value, None, 0
    if i in _TEXT_FIELDS:
        entry = _text_field(i, v, was)
        return entry[1], entry, 0
    if t is MarkingDict or t is MarkedDict:
        entry = _marked_field(_OTHER[i], v, fresh)
    elif t is GameRandom and was is not None and was[0][0] is v.pinned():
        entry = was         # the generator the last key pinned (_snapshot_rng's probe)
    else:
        entry = _other_field(i, v, was)
    return _OPEN_MARK, entry, entry[1][0]


def _read_special(vals, was) -> tuple:
    """`_read(_SPECIAL, vals, was)`: each field's usual case read inline (no loop, no
    branch on its copy rule), any other by `_field_entry`."""
    rng, players, battlefield, stack, card_entity, lki, lki_extra, effects, agenda, pending \
        = vals
    fresh = was is None
    w = _NO_ENTRIES if fresh else was
    if type(rng) is GameRandom and w[0] is not None and w[0][0][0] is rng.pinned():
        p_rng, e_rng = _OPEN_MARK, w[0]             # (as _field_entry)
        total = e_rng[1][0]
    else:
        p_rng, e_rng, total = _field_entry(_SPECIAL[0], rng, w[0], fresh)
    if (type(players) is list or type(players) is tuple) \
            and _PLAYER_TYPE.issuperset(map(type, players)):
        p_players, e_players = _OPEN_MARK, None
        total += _players_sum(players)
    else:
        p_players, e_players, d = _field_entry(_SPECIAL[1], players, w[1], fresh)
        total += d
    if type(battlefield) is list and _ATOM_TYPES.issuperset(map(type, battlefield)):
        p_battlefield, e_battlefield = tuple(battlefield), None
    else:
        p_battlefield, e_battlefield, d = _field_entry(_SPECIAL[2], battlefield, w[2], fresh)
        total += d
    if type(stack) is list and _ATOM_TYPES.issuperset(map(type, stack)):
        p_stack, e_stack = tuple(stack), None
    else:
        p_stack, e_stack, d = _field_entry(_SPECIAL[3], stack, w[3], fresh)
        total += d
    if type(card_entity) is MarkingDict and card_entity:
        p_card_entity, e_card_entity = _OPEN_MARK, _marked_field(_CARD_ENTITY, card_entity, fresh)
        total += e_card_entity[1][0]
    else:
        p_card_entity, e_card_entity, d = _field_entry(_SPECIAL[4], card_entity, w[4], fresh)
        total += d
    if type(lki) is MarkingDict and lki:
        p_lki, e_lki = _OPEN_MARK, _marked_field(_LKI, lki, fresh)
        total += e_lki[1][0]
    else:
        p_lki, e_lki, d = _field_entry(_SPECIAL[5], lki, w[5], fresh)
        total += d
    if type(lki_extra) is MarkingDict and lki_extra:
        p_lki_extra, e_lki_extra = _OPEN_MARK, _marked_field(_LKI_EXTRA, lki_extra, fresh)
        total += e_lki_extra[1][0]
    else:
        p_lki_extra, e_lki_extra, d = _field_entry(_SPECIAL[6], lki_extra, w[6], fresh)
        total += d
    if type(effects) is not list:
        p_effects, e_effects, d = _field_entry(_SPECIAL[7], effects, w[7], fresh)
        total += d
    elif _ATOM_TYPES.issuperset(map(type, effects)):        # (none, mostly)
        p_effects, e_effects = tuple(effects), None
    else:
        p_effects, e_effects = _OPEN_MARK, _other_field(_SPECIAL[7], effects, w[7])
        total += e_effects[1][0]
    if type(agenda) is not list:
        p_agenda, e_agenda, d = _field_entry(_SPECIAL[8], agenda, w[8], fresh)
        total += d
    elif agenda:
        # (as _text_field, no snapshot: `fast_canonical`'s value, each task read by it at
        # depth 1 without `_fast_item`'s memo, which a task never enters: not frozen)
        e_agenda = (), [text_of(tuple([t if type(t) in ATOMS else fast_canonical(t, 1)
                                       for t in agenda]))]
        p_agenda = e_agenda[1]
    else:
        p_agenda, e_agenda = (), None
    if type(pending) is Decision:
        e_pending = _decision_entry(pending, w[9])
        p_pending = e_pending[1]
    elif pending is None:
        p_pending = e_pending = None
    else:
        p_pending, e_pending, d = _field_entry(_SPECIAL[9], pending, w[9], fresh)
        total += d
    return ((p_rng, p_players, p_battlefield, p_stack, p_card_entity, p_lki, p_lki_extra,
             p_effects, p_agenda, p_pending),
            (e_rng, e_players, e_battlefield, e_stack, e_card_entity, e_lki, e_lki_extra,
             e_effects, e_agenda, e_pending), total)


# _read_special's fields, in _SPECIAL's order
_SPECIAL_NAMES = ("rng", "players", "battlefield", "stack", "card_entity", "lki", "lki_extra",
                  "effects", "agenda", "pending")
assert tuple(_OTHER[i][0] for i in _SPECIAL) == _SPECIAL_NAMES, \
    "the special fields, in their order, as _read_special reads them"
_NO_ENTRIES = (None,) * len(_SPECIAL)
_CARD_ENTITY, _LKI, _LKI_EXTRA = (_OTHER[i] for i in _SPECIAL[4:7])


def _shared_objects(svals, was) -> tuple:
    """(which shared fields are atoms, which aren't, the objects, per _SHARED field None or
    (value, digest), the sum of the digests, `_shared_reader(smask, left)`): each
    object's digest, `was`'s where the same object (`_fields_again` keeps `was` whole when
    the objects are the same); `left`: the objects equal to their field's default (left
    out by state_tuple as an atom equal to it is: `_LEFT_OUT` among the plain values)."""
    smask = tuple([type(v) in ATOMS for v in svals])
    others = tuple([not a for a in smask])
    objs = tuple(compress(svals, others))
    total = 0
    digests = [None] * len(_SHARED)
    for i in compress(count(), others):
        v = svals[i]
        hit = was[3][i] if was is not None else None
        digests[i] = hit if hit is not None and hit[0] is v else (v, _field_digest(_SHARED[i], v))
        total += digests[i][1]
    left = tuple([not a and f[3] is not _NO_DEFAULT and bool(v == f[3])
                  for a, f, v in zip(smask, _SHARED, svals)])
    reader = _SHARED_READERS.get((smask, left))
    if reader is None:
        reader = _SHARED_READERS[smask, left] = _shared_reader(smask, left)
    return smask, others, objs, tuple(digests), total, reader


def _shared_reader(smask, left):
    """A generated function `read(v, objs, last)` giving (whether game `v`'s shared fields
    hold the objects `objs` where `smask` tells objects and atoms where it tells atoms, the
    atoms as the plain values hold them), `last` the latter at the last key (None: no key):
    one read of each field (slot reads 3.11 specialises), an atom's type looked at only
    when it isn't the last key's object (2-3 fields a key after a decision: the objects
    compared and the atoms' types looked at by C maps over them all cost ~7 k instructions
    more); a sparse field equal to its default is `_LEFT_OUT` among the plain values (as
    state_tuple: left out; compared only when an atom: no other value's `==` is called
    before `_fields_again` finds it one), and so is an object `left` tells; another object
    is `_OPEN_MARK` (so the plain values tell which fields are objects: an object at its
    default has no digest)."""
    scope = {"L": _LEFT_OUT, "A": ATOMS, "M": _OPEN_MARK, "NO_LAST": (_OPEN_MARK,) * len(_SHARED)}
    objs, same, plain = [], [], []
    for i, (name, _, _, default) in enumerate(_SHARED):
        if not smask[i]:
            objs.append(f"o{i}, ")
            same.append(f"a{i} is o{i}")
            plain.append("L, " if left[i] else "M, ")
            continue
        if default is _NO_DEFAULT:
            same.append(f"(a{i} is w{i} or type(a{i}) in A)")
            plain.append(f"a{i}, ")
        else:                   # (the default itself, mostly: no type() nor == asked)
            scope[f"d{i}"] = default
            same.append(f"(a{i} is d{i} or a{i} is w{i} or type(a{i}) in A)")
            plain.append(f"L if a{i} is d{i} or type(a{i}) in A and a{i} == d{i} else a{i}, ")
    last = "".join(f"w{i}, " for i in range(len(_SHARED)))
    reads = "".join(f"    a{i} = v.{f[0]}\n" for i, f in enumerate(_SHARED))
    code = (f"def read(v, objs, last):\n    ({''.join(objs)}) = objs\n"
            f"    ({last}) = NO_LAST if last is None else last\n{reads}"
            f"    return ({' and '.join(same)}), ({''.join(plain)})\n")
    exec(compile(code, "<keying reader of the shared fields>", "exec"), scope)  # noqa: S102
    return scope["read"]


_SHARED_READERS = {}        # (smask, left) -> _shared_reader(smask, left) (any game, any thread)


def _group_fields(vals, raw, was) -> tuple:
    """(marshal's bytes `raw` of the _GROUP fields' values `vals` if `_trusted`, else None,
    their plain values, per field None when plain else (its snapshot, (digest, items)), the
    sum of their digests): each field read again, `was`'s digest where its snapshot is the
    same (`_fields_again` keeps `was` whole when the bytes are the same)."""
    plain, entries, total = _read(_GROUP, vals, was and was[2])
    text = marshal.dumps(plain, 2)
    return (raw if raw is not None and _trusted(raw, vals) else None, plain, entries,
            (total + _digest_text(b"\0group=", text)) & _MASK)


# the fields `_read` answers for without `_plain` when their value is a list, an object
# or a marked dict with items (no default to leave out, not the players), and the types
# whose values `_plain` may find plain
_BARE = frozenset(i for i, f in enumerate(_OTHER) if f[3] is _NO_DEFAULT and f[0] != "players")
_MAYBE_PLAIN = frozenset(ATOMS) | {list, tuple, dict, MarkingDict, MarkedDict, set, frozenset}


def _plain(v, i):
    """The canonical value of field _OTHER[i]'s value when it is plain, else _OPEN."""
    t = type(v)
    field = _OTHER[i]
    if field[3] is not _NO_DEFAULT and v == field[3]:
        return _LEFT_OUT                            # as state_tuple: left out
    if t in ATOMS:
        return v
    if t is list or t is tuple:
        if field[0] == "players":       # (a list or tuple of players: _read_special's)
            return _OPEN
        if _ATOM_TYPES.issuperset(map(type, v)):
            return v if t is tuple else tuple(v)
    elif not v and (t is dict or t is MarkingDict or t is MarkedDict or t is set
                    or t is frozenset):
        return ("set",) if t is set or t is frozenset else ("dict",)
    return _OPEN


def _other_field(i, v, was) -> tuple:
    """(snapshot, (digest, items)) of a field that isn't plain: `was`'s digest if its
    snapshot is the same."""
    field = _OTHER[i]
    snap = _SNAPSHOTS[i](v, was is not None and type(was[0]) is not bytes)
    if was is not None and not _differ(snap, was[0]):
        return was
    if type(snap) is bytes and not _trusted(snap, v):
        snap = _unprobed()
    if type(v) is dict and field[2] in ("dict", "marked"):
        return snap, _dict_field(field[1], v, was and was[1])
    return snap, (_field_digest(field, v), None)


def _field_digest(field, v) -> int:
    name, tag, rule, default = field
    if default is not _NO_DEFAULT and v == default:
        return 0                                    # as state_tuple: left out
    if rule == "rng":
        # its state: a tuple of atoms and a tuple of 625 ints, its own canonical value
        # (read by fast_canonical, the 625-tuple would be checked frozen and kept in
        # _VALUES: 190 µs a key from nothing, and 5 kB kept per state)
        return _digest(tag + b"=", _rng_state(v))
    return _digest(tag + b"=", fast_canonical(v))


def _rng_state(v):
    """The canonical value of a field of copy rule "rng": a `GameRandom`'s state as
    `getstate` gives it (atoms, and a tuple of atoms), else whatever canonical makes of it."""
    state = v.getstate()
    if type(state) is tuple and all([type(x) in ATOMS or (type(x) is tuple and
                                     _ATOM_TYPES.issuperset(map(type, x))) for x in state]):
        return state
    return fast_canonical(state)


# -- the pending decision and the agenda ------------------------------------------------------
# Both are new at nearly every key (a new decision; the tasks a key finds are seldom those
# of the key before: each asks one decision, mostly), so each is read with few Python
# steps and its text goes among the plain values (one digest for all): no digest of its own.
# A decision is read by its fields in one getter, its options' values from `_VALUES` in C
# maps (a priority decision's actions are the shared objects of `decisions.cast_option`...),
# its data's one item inline, small values (players, lists of them) with few calls.

def _text_field(i, v, was) -> tuple:
    """(snapshot, [the text of its value]) of the pending decision or the agenda
    (_TEXT_FIELDS: in a list, which no plain value is), `was` while the snapshot is the
    same. The agenda has no snapshot (rule "each": its tasks are objects, with no depth
    known below which they are immutable): read at every key."""
    if _OTHER[i][2] == "each":
        return (), [text_of(fast_canonical(v))]
    if type(v) is Decision:
        return _decision_entry(v, was)
    snap = _SNAPSHOTS[i](v, was is not None and type(was[0]) is not bytes)
    if was is not None and not _differ(snap, was[0]):
        return was
    if type(snap) is bytes and not _trusted(snap, v):
        snap = _unprobed()
    return snap, [text_of(fast_canonical(v))]


def _decision_entry(v, was) -> tuple:
    """`_text_field` of a `Decision`: its snapshot is its fields by identity (the copy
    rule "shallow": a clone shares them, so none is changed in place; no other snapshot
    holds them); its value read with its options and data inline (else `fast_canonical`),
    its text as `text_of` writes it."""
    snap = _DECISION_GET(v)
    if was is not None and len(was[0]) == len(snap) and all(map(is_, snap, was[0])):
        return was
    kind, player, options, lo, hi, prompt, data = snap
    if type(options) is list and type(data) is dict and len(data) < 2:
        text = _decision_text(kind, player, options, lo, hi, prompt, data)
        if text is not None:
            return snap, [text]
    if not _ATOM_TYPES.issuperset(map(type, (kind, player, lo, hi, prompt))) \
            or type(options) is not list or type(data) is not dict:
        return snap, [text_of(fast_canonical(v))]
    value = (_DECISION_NAME, kind, player, _options_value(options), lo, hi, prompt,
             _data_value(data))
    try:
        return snap, [marshal.dumps(value, 2)]
    except ValueError:
        return snap, [text_of(value)]


def _decision_text(kind, player, options, lo, hi, prompt, data):
    """The text `_decision_entry` writes of a decision whose data is empty or one item (a
    priority decision's, a target's), None when it can't tell: marshal's bytes of its value
    put together from its options' bytes (`_options_text`) and, around them, the bytes of
    its other fields, kept per `frame` (the fields and the data's one item as ints, strs and
    Nones, whose equal tuples are the same values of the same types: 1 is never True or
    1.0 there; a slice by its bounds)."""
    if not data:
        frame = (kind, player, lo, hi, prompt)
    else:
        (k, x), = data.items()
        if type(x) is slice:
            frame = (kind, player, lo, hi, prompt, k, x.start, x.stop, x.step)
        elif type(x) in _FRAME_TYPES:
            frame = (kind, player, lo, hi, prompt, k, x)
        else:
            return None                             # (a block's candidates)
    if not _FRAME_TYPES.issuperset(map(type, frame)):
        return None
    around = _FRAMES.get(frame)
    try:
        if around is None:
            if len(_FRAMES) >= _VALUES_KEPT:
                _FRAMES.clear()
            # (marshal format 2 writes a tuple as "(", its length in 4 bytes, its items:
            # the decision's value is `head`'s items, its options, `tail`'s items)
            head = marshal.dumps((_DECISION_NAME, kind, player), 2)
            tail = marshal.dumps((lo, hi, prompt, _data_value(data)), 2)
            around = _FRAMES[frame] = (_TUPLE_8 + head[5:], tail[5:])
        return b"".join((around[0], _options_text(options), around[1]))
    except ValueError:                              # (a value marshal can't write)
        return None


def _options_text(options) -> bytes:
    """`marshal.dumps(_options_value(options), 2)`: an object's bytes from `_TEXTS` (in C:
    `_TEXTS_KEEP` keeps its object alive, so an id found there is that object's, a frozen one
    whose bytes never change), those not there from its value (`_item_text`)."""
    if options and type(options[0]) not in _SMALL_TYPES:    # (a priority decision's)
        texts = tuple(map(_TEXTS.get, map(id, options)))
        if all(texts):          # (None: not kept; bytes are never empty)
            return b"".join((b"(", len(texts).to_bytes(4, "little")) + texts)
    if _ATOM_TYPES.issuperset(map(type, options)):
        return marshal.dumps(tuple(options), 2)
    if _SMALL_TYPES.issuperset(map(type, options)):     # (never kept: not frozen)
        return marshal.dumps(_options_value(options), 2)
    texts = tuple([_TEXTS.get(id(x)) or _item_text(x) for x in options])
    return b"".join((b"(", len(texts).to_bytes(4, "little")) + texts)


def _item_text(x) -> bytes:
    """The bytes of an option's value as `_options_value` reads it, kept in `_TEXTS` when
    the value is (`_fast_item` keeps a frozen object's)."""
    text = marshal.dumps(_fast_item(x, 2), 2)
    hit = _VALUES.get(id(x))
    if hit is not None and hit[0] is x:
        _remember(_TEXTS, _TEXTS_KEEP, _VALUES_KEPT, x, text)
    return text


# per frame of a decision (_decision_text), the bytes of its text before and after its
# options'; per id of a frozen option, its value's bytes, the options kept alive while
# there (all emptied as _VALUES)
_FRAMES = {}
_TEXTS = {}
_TEXTS_KEEP = []
_FRAME_TYPES = frozenset({int, str, type(None)})
_TUPLE_8 = b"(" + (8).to_bytes(4, "little")


def _options_value(options) -> tuple:
    """`fast_canonical(options, 1)` of a decision's list of options: atoms as they are;
    objects from `_VALUES` when all are there (in C: an entry keeps its object alive, so
    an id found there is that object's) but small values (an attacker and its defenders, a
    player to target: `_small_value`); else those not there each by `_fast_item` (which
    keeps the frozen ones)."""
    if _ATOM_TYPES.issuperset(map(type, options)):
        return tuple(options)
    if _SMALL_TYPES.issuperset(map(type, options)):     # (an attack's: never in _VALUES)
        try:
            return _small_value(options, 3)
        except _NotSmall:
            pass
    values = tuple(map(_SECOND, map(_VALUES.get, map(id, options), _NOT_KEPT)))
    if all(values):             # (None: not kept; a kept value that is an empty tuple, too)
        return values
    # (only those not kept read: an action new to the memo among those of the last decisions)
    return tuple([_fast_item(x, 2) if v is None else v for x, v in zip(options, values)])


_NOT_KEPT = repeat((None, None))        # (what _options_value reads for an id not in _VALUES)
_SMALL_TYPES = frozenset(ATOMS | {PlayerRef, list, tuple, dict, slice})   # (_small_value's)


def _data_value(data) -> tuple:
    """`fast_canonical(data, 1)` of a decision's data: one item whose key is an atom and
    value an atom or a slice (a priority decision's `mana_abilities`) read inline, small
    values (an attack's candidates) with few calls."""
    if not data:
        return _EMPTY_DICT
    if len(data) == 1:
        (k, x), = data.items()
        t = type(x)
        if type(k) in ATOMS and (t in ATOMS or t is slice):
            return _EMPTY_DICT + ((k, x if t in ATOMS else ("slice", repr(x))),)
    try:
        return _small_value(data, 3)
    except _NotSmall:
        return fast_canonical(data, 1)


def _small_value(x, depth):
    """`canonical(x)` of an atom, a `PlayerRef` or a slice, or, `depth` levels down, of a
    list, tuple or dict (keys atoms) of them; raises _NotSmall for anything else. (Loops,
    a PlayerRef inline: a comprehension and a call per level and per player cost an
    attackers decision ~14 k instructions more.)"""
    t = type(x)
    if t in ATOMS:
        return x
    if t is PlayerRef:
        return ("p", x.index)
    if depth:
        if t is list or t is tuple:
            out = []
            for y in x:
                u = type(y)
                out.append(y if u in ATOMS else ("p", y.index) if u is PlayerRef
                           else _small_value(y, depth - 1))
            return tuple(out)
        if t is dict and _ATOM_TYPES.issuperset(map(type, x)):
            out = []
            for k, y in x.items():
                u = type(y)
                out.append((k, y if u in ATOMS else ("p", y.index) if u is PlayerRef
                            else _small_value(y, depth - 1)))
            return _EMPTY_DICT + _sorted_items(out)
    if t is slice:
        return ("slice", repr(x))
    raise _NotSmall


class _NotSmall(Exception):
    """A value `_small_value` doesn't read."""


_DECISION_FIELDS = ("kind", "player", "options", "min", "max", "prompt", "data")
assert tuple(f.name for f in dataclasses.fields(Decision)) == _DECISION_FIELDS, \
    "a Decision's fields, in their order, as _decision_entry reads them"
_DECISION_GET = attrgetter(*_DECISION_FIELDS)
_DECISION_NAME = Decision.__qualname__
_SECOND = itemgetter(1)
_TEXT_FIELDS = frozenset(i for i, f in enumerate(_OTHER) if f[0] in ("pending", "agenda"))
assert all(_OTHER[i][2] in ("shallow", "each") and _OTHER[i][3] is _NO_DEFAULT
           for i in _TEXT_FIELDS), "_text_field: no default to leave out, no rng"


# -- snapshots: a value as it is now, to tell at the next key whether it changed ------------
# `marshal` writes a value of atoms, lists, tuples, dicts and sets whole, in C: equal bytes
# are an equal value (the same types too; a snapshot is kept only if `_trusted`: a buffer
# object is written as bytes), so nothing need be immutable. A value marshal
# can't write is probed (`_probe`): its objects down to the depth its copy rule makes
# immutable (core/state.py: a clone shares them, so nobody changes them in place),
# compared by identity (identical objects: equal values).

def _differ(a, b) -> bool:
    """Two snapshots that may stand for different values (an unprobed one always may)."""
    if type(a) is bytes:
        return a != b
    return a is not b and (type(b) is bytes or len(a) != len(b) or a[-1] is not _END
                           or not all(map(is_, a, b)))


def _snapshot(depth):
    """The snapshot function of a field whose copy rule makes its values immutable at
    `depth` (None: a depth not known): `snapshot(v, probed)`, marshal's bytes, or a
    probe when marshal can't write the value or couldn't at the last key (`probed`:
    lki's last known characteristics, say, are objects; a probe is right whenever the
    depth is known)."""
    def snapshot(v, probed):
        if not probed or depth is None:
            try:
                return marshal.dumps(v, 2)
            except ValueError:
                if depth is None:
                    return _unprobed()
        if depth == 1 and type(v) is dict:
            return (dict, *v, *v.values(), _END)
        out = []
        return (*out, _END) if _probe(v, depth, out) else _unprobed()
    return snapshot


def _snapshot_rng(v, probed) -> tuple:
    pinned = getattr(v, "pinned", None)             # (core.rng.GameRandom)
    return _unprobed() if pinned is None else (pinned(), _END)


def _trusted(raw, v) -> bool:
    """Whether marshal's bytes `raw` of `v` may stand for its value when kept (a later value
    with the same bytes taken for the same state). marshal writes every buffer object (a
    bytearray, an array, a memoryview) as it writes bytes, and a code object by its parts
    (its canonical value is a repr, which holds its address): bytes holding neither the
    code of bytes ("s") nor a code object's ("c") were written by values each of whose
    codes one type alone writes, which a value with the same bytes has at the same place
    (so the same value, types included). Others are trusted when `v` holds no bytes (nor
    any other object but atoms and builtin containers): then no such code is in them."""
    return (b"s" not in raw and b"c" not in raw) or _no_strings(v)


def _no_strings(v) -> bool:
    """`v` holds atoms but bytes and containers of builtin types alone, all the way down."""
    todo = [v]
    for x in todo:                                  # (the list grows as it is read)
        t = type(x)
        if t in _NO_STRING_ATOMS:
            continue
        if t is dict:
            todo += x
            todo += x.values()
        elif t is list or t is tuple or t is set or t is frozenset:
            todo += x
        else:
            return False
    return True


_NO_STRING_ATOMS = frozenset(ATOMS - {bytes})


def _unprobed() -> tuple:
    """The snapshot of a value that can't be probed: equal to no other (no _END)."""
    return (object(),)


_END = object()             # ends a probe (never a game's value)
_DEPTHS = {"list": 1, "set": 1, "dict": 1, "marked": 1, "shallow": 1, "nested": 2, "items": 2,
           "each": None}    # (tasks: a depth not known; players are plain)
_SNAPSHOTS = tuple(_snapshot_rng if f[2] == "rng" else _snapshot(_DEPTHS[f[2]])
                   for f in _OTHER)


# -- dicts that mark their writes (core.marked) -------------------------------------------------
def _marked_field(field, v, fresh) -> tuple:
    """(field, (digest, None)) of a MarkedDict field: the part the dict keeps if nothing
    was written since, else that part's digest less the old digests of the keys written,
    plus their new ones (`_dict_written`); read whole when `fresh` (a key from nothing) or
    when it keeps no part or another field's. Read whole, it keeps the new part (from here
    on it marks its writes) only when its keys are all ints (only an int key is stored as
    written: a `True` written over a `1` leaves the `1`), so a MarkingDict's part is
    always one to go on from."""
    part = v.part
    if type(v) is MarkingDict and part[0] is field and not fresh:
        if not v.written:
            return part
        part = field, (_dict_written(field[1], v, part[1][0], v.written), None)
        v.keep(part)
        return part
    part = field, (_dict_field(field[1], v, None)[0], None)
    if _INT.issuperset(map(type, v)):
        v.keep(part)
    elif type(v) is MarkingDict:
        v.forget()
    return part


def _dict_written(tag, v, total, written) -> int:
    """The digest of a dict's items (`_dict_field`'s) from `total`, that of the items
    before the keys `written` ({key: its value then}) were written."""
    for k, old in written.items():
        if old is not ABSENT:
            total -= _item_digest(tag, k, old)
        x = v.get(k, ABSENT)
        if x is not ABSENT:
            total += _item_digest(tag, k, x)
    return total & _MASK


_INT = frozenset({int})


# -- digests of changed fields --------------------------------------------------------------
def _dict_field(tag, v, was) -> tuple:
    """A dict field's (digest, {key: (value, key, digest)}): the sum of one digest per
    (key, value) (canonical sorts the items: the sum doesn't depend on their order),
    `was`'s per key whose value is the same object."""
    items = was[1] if was else None
    if items is not None and len(items) == len(v) and all(map(is_, v, items)):
        # the same keys in the same order (a value replaced): only the new values
        new, total = dict(items), was[0]
        for k in compress(v, map(is_not, v.values(), map(_FIRST, items.values()))):
            total -= items[k][2]
            hit = new[k] = (v[k], k, _item_digest(tag, k, v[k]))
            total += hit[2]
        return total & _MASK, new
    items = items or {}
    new = {}
    total = _digest(tag + b"{", None)               # a dict, even an empty one
    for k, x in v.items():
        hit = items.get(k)
        if hit is None or hit[0] is not x or hit[1] is not k:
            hit = (x, k, _item_digest(tag, k, x))
        new[k] = hit
        total += hit[2]
    return total & _MASK, new


_FIRST = itemgetter(0)


def _item_digest(tag, k, x) -> int:
    if type(k) is int:
        if type(x) is int:                          # (card_entity's: card id -> object)
            d = _INT_ITEMS.get((tag, k, x))
            if d is None:
                if len(_INT_ITEMS) >= _VALUES_KEPT:
                    _INT_ITEMS.clear()
                d = _INT_ITEMS[tag, k, x] = _digest_text(tag + b":m", marshal.dumps((k, x), 2))
            return d                                # (= _digest(tag + b":", (k, x)))
        if type(x) is dict:                         # (lki_extra's)
            text = _extra_text(x)
            if text is not None:                    # (= _digest(tag + b":", (k, canonical(x))))
                return _digest_text(tag + b":m", _PAIR_HEAD + marshal.dumps(k, 2) + text)
    return _digest(tag + b":", (k if type(k) in ATOMS else fast_canonical(k),
                                x if type(x) in ATOMS else fast_canonical(x)))


# (a field's tag, int, int) -> the digest of that item: a memo of values (any game, any
# thread; card ids and entity numbers recur from game to game, clone to clone), emptied
# when it grows too big
_INT_ITEMS = {}


# marshal (format 2) writes a tuple as its head (its length) and then each item whole, with
# no back-references: the text of a canonical value can be put together from its parts' texts
def _tuple_head(n) -> bytes:
    return marshal.dumps((None,) * n, 2)[:-n or None]


_PAIR_HEAD = _tuple_head(2)
assert marshal.dumps((1, ("a", None)), 2) == _PAIR_HEAD + marshal.dumps(1, 2) + \
    _tuple_head(2) + marshal.dumps("a", 2) + marshal.dumps(None, 2), "marshal's tuples"


def _extra_text(x):
    """`marshal.dumps(fast_canonical(x), 2)` of a dict whose keys are str and whose values
    are atoms, components or tuples of them (an lki_extra value: the last known counters,
    damage, attachment, a spell's card and choices), put together from the components'
    texts (`_component_text`: mostly those the entities' digests kept, as a spell's was
    read on the stack); None for another value. (Read as `fast_canonical(x)`, the spell,
    new to `_VALUES`, was ~56 k instructions.)"""
    shape = _EXTRA_SHAPES.get(tuple(x))
    if shape is None:
        shape = _extra_shape(tuple(x))
    if shape is _OPEN:
        return None
    head, get, key_texts = shape
    texts = [head]
    for key_text, v in zip(key_texts, get(x)):
        texts.append(key_text)
        if v is None:
            texts.append(_NONE_TEXT)
        elif type(v) is tuple:
            texts.append(_PAIR_HEAD if len(v) == 2 else _tuple_head(len(v)))
            texts += map(_component_text, v)
        else:
            texts.append(_component_text(v))
    return None if None in texts else b"".join(texts)


def _extra_shape(keys):
    """(the head of a dict's canonical text, the getter of its values in canonical's order
    of its items, the head of each item's text) when `keys` are 2 or more str, else _OPEN
    (kept in `_EXTRA_SHAPES`)."""
    if len(keys) < 2 or not _STR.issuperset(map(type, keys)):
        shape = _OPEN
    else:
        order = sorted(keys, key=repr)              # (distinct str: `_sorted_items`' order)
        shape = (_tuple_head(len(keys) + 1) + marshal.dumps(_EMPTY_DICT[0], 2),
                 itemgetter(*order), tuple([_PAIR_HEAD + marshal.dumps(k, 2) for k in order]))
    if len(_EXTRA_SHAPES) >= _VALUES_KEPT:
        _EXTRA_SHAPES.clear()
    _EXTRA_SHAPES[keys] = shape
    return shape


_EXTRA_SHAPES = {}          # a dict's keys, in its order -> _extra_shape (any game, any thread)
_NONE_TEXT = marshal.dumps(None, 2)


def _component_text(c):
    """`marshal.dumps(fast_canonical(c), 2)` of an atom or a component, or None: a kept one's
    text from `_COMPONENTS` (the entities' digests write a component whole, as marshal does
    (a tuple: "("), or as a repr: then not this text), a Card's made here (the entities'
    digest reads it by its definition's name alone, canonical by ("CardDef", name))."""
    t = type(c)
    if t is Card and type(c.defn).__name__ == "CardDef" and type(c.card_id) is int \
            and type(c.token) is bool:
        value = (_CARD_NAME, ("CardDef", c.defn.name), c.card_id, c.token)
    elif t in ATOMS:
        value = c
    else:
        hit = _COMPONENTS.get(id(c))
        if hit is not None and t is not Card and hit[:1] == b"(":
            return hit
        value = fast_canonical(c)
    text = text_of(value)
    return text if type(text) is bytes else None


_CARD_NAME = Card.__qualname__


def _players_sum(players) -> int:
    """The players' part of the key: a digest per player of its slot values
    (`_PLAYER_SLOTS`), a list slot a list and a sparse slot at its default written (a
    function of its canonical value: `_slots_again` makes them from it when the player
    isn't plain, a list slot held as a tuple, an object...), in their order each sum so
    far times 3 plus the next digest (another order is another sum; added to the key, not
    written among the plain values: 51 bytes a key less to marshal and digest). A
    digest is kept by the marshal bytes of the slots of a plain player (`_PLAYERS`: equal
    bytes are then equal values of the same types, `_trusted`): about half the decisions
    leave a player as it was."""
    total = 0
    for p in players:
        vals = _PLAYER_SLOTS(p)
        try:
            raw = marshal.dumps(vals, 2)
        except ValueError:                          # (not plain)
            raw = None
        digest = _PLAYERS.get(raw)
        if digest is None:
            plain = raw is not None and _plain_player(vals)
            text = raw if plain else marshal.dumps(_slots_again(fast_canonical(p)), 2)
            digest = _digest_text(b"\0player=", text)
            if plain:                               # (bytes that stand for one value)
                if len(_PLAYERS) >= _VALUES_KEPT:
                    _PLAYERS.clear()
                _PLAYERS[raw] = digest
        total = total * 3 + digest
    return total


# marshal's bytes of a player's slots -> the digest of its value: a memo of values (any
# game, any thread), emptied when it grows too big (as _VALUES)
_PLAYERS = {}
_PLAYER_SLOTS = _attributes(Player.__slots__, "a player")
_PLAYER_TYPE = frozenset({Player})


def _plain_values(vals) -> bool:
    """`_plain_player`'s answer, each value's type looked at."""
    if tuple(map(type, _PLAYER_TYPED(vals))) != _PLAYER_TYPES or vals[_RESTRICTED] != ():
        return False
    return (_NO_STRING_ATOMS.issuperset(map(type, chain(*_PLAYER_LISTS(vals))))
            and _NO_STRING_ATOMS.issuperset(map(type, compress(vals, _PLAYER_ATOM_SLOTS))))


def _plain_player_check():
    """`_plain_player(vals)`: its lists are lists of atoms, its other slots atoms (but
    `restricted`, empty) and its sparse slot of its default's type, none of them bytes
    (`_trusted`): then its slot values `vals` are what `_players_sum` digests, and
    marshal's bytes of them stand for their value. Asked when marshal wrote them, so each is of
    a builtin type and no item is of an int subclass: `restricted` is empty exactly when
    it equals (), and the numbers (its lists' items, the slots that are numbers in a new
    player) are ints and bools exactly when their sum is an int (in C for the lists'
    items, one sum a list started from the last's: no list made, without a type() call
    each; floats, None, strings and containers give a float,
    a complex, a string, a container or a TypeError, and are checked one by one:
    `_plain_values`). Generated from `Player.__slots__` (as `Player.copy`: no slot can be
    forgotten), the slots unpacked and their types and sum written inline: ~10 k
    instructions a player (the lists added into one and summed, ~12 k; the same test by
    C maps and getters, ~20 k)."""
    names = Player.__slots__
    v = [f"v_{n}" for n in names]
    typed = [f"type({v[i]}) is not list" for i in _PLAYER_LIST_SLOTS] + [
        f"type({v[i]}) is not {type(d).__name__}" for i, d in _PLAYER_SPARSE]
    numbers = " + ".join(compress(v, _PLAYER_NUMBER_SLOTS))
    total = numbers
    for i in _PLAYER_LIST_SLOTS:                    # (nested sums: no list made)
        total = f"sum({v[i]}, {total})"
    others = [f"type({x}) in ATOMS" for x in compress(v, _PLAYER_OTHER_SLOTS)] or ["True"]
    lines = ["def plain(vals):",
             f"    ({', '.join(v)},) = vals",
             f"    if {' or '.join(typed)} or {v[_RESTRICTED]} != ():",
             "        return False",
             "    try:",
             f"        if type({total}) is int:",
             f"            return {' and '.join(others)}",
             "    except TypeError:",
             "        pass",
             "    return slow(vals)"]
    scope = {"ATOMS": _NO_STRING_ATOMS, "slow": _plain_values}
    exec(compile("\n".join(lines) + "\n", "<keying check of a player>", "exec"), scope)  # noqa: S102
    return scope["plain"]


def _slots_again(value) -> tuple:
    """A player's slot values from its `canonical` value: lists as lists, a sparse slot
    left out at its default put back."""
    vals = list(value[1:])
    for i, default in _PLAYER_SPARSE:
        if len(vals) < len(Player.__slots__):
            vals.insert(i, default)
    for i in _PLAYER_LIST_SLOTS:
        vals[i] = list(vals[i])
    return tuple(vals)


_PLAYER_LIST_SLOTS = tuple(Player.__slots__.index(n) for n in Player.LISTS)
_PLAYER_LISTS = itemgetter(*_PLAYER_LIST_SLOTS)
_RESTRICTED = Player.__slots__.index("restricted")
_PLAYER_ATOM_SLOTS = tuple(n not in Player.LISTS and n != "restricted" for n in Player.__slots__)
# of those, the ones a new player holds numbers in (its life, counters, flags), and the others
_PLAYER_NUMBER_SLOTS = tuple(a and type(getattr(Player(0), n)) in (int, bool)
                             for a, n in zip(_PLAYER_ATOM_SLOTS, Player.__slots__))
_PLAYER_OTHER_SLOTS = tuple(a and not b for a, b in zip(_PLAYER_ATOM_SLOTS, _PLAYER_NUMBER_SLOTS))
_PLAYER_SPARSE = tuple((Player.__slots__.index(n), d) for n, d in Player.SPARSE_SLOTS.items())
assert len(_PLAYER_SPARSE) <= 1, "_slots_again puts back one sparse slot left out"
# the slots whose types are checked first (the lists, the sparse slot) and those types
_PLAYER_TYPED = itemgetter(*_PLAYER_LIST_SLOTS, *(i for i, _ in _PLAYER_SPARSE))
_PLAYER_TYPES = (list,) * len(Player.LISTS) + tuple(type(d) for _, d in _PLAYER_SPARSE)
_plain_player = _plain_player_check()


# -- probes ------------------------------------------------------------------------------------
def _probe(v, depth, out) -> bool:
    """Append v's probe to `out`: v itself at depth 0 or if an atom; else _OPEN, its type,
    its number of parts and each part's probe one level down. False when v has parts
    this can't list (then v can't be probed)."""
    t = type(v)
    if depth == 0 or t in ATOMS:
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
        if type(k) in ATOMS:
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
    if not all([k.__flags__ & _HEAP_TYPE for k in t.__mro__[:-1]]):
        return None             # a builtin type's value (an array's, an int's) isn't in parts
    if dataclasses.is_dataclass(t):
        names = tuple(f.name for f in dataclasses.fields(t))
    elif t.__dictoffset__:                          # a plain object: its attributes
        if any(getattr(k, "__slots__", ()) for k in t.__mro__):
            return None
        return lambda v: (*vars(v), *vars(v).values())
    else:
        names = tuple(s for k in t.__mro__ for s in getattr(k, "__slots__", ())
                      if s != "__weakref__")
        if not names:
            return None         # (canonical writes its repr)
    return _getter(names)


_HEAP_TYPE = 1 << 9         # Py_TPFLAGS_HEAPTYPE: a class made by a class statement


def _getter(names):
    """A function giving the tuple of an object's attributes `names`."""
    if len(names) > 1:
        return attrgetter(*names)
    return (lambda v, n=names[0]: (getattr(v, n),)) if names else (lambda v: ())


# -- canonical values, faster --------------------------------------------------------------------
_ATOM_TYPES = frozenset(ATOMS)
_EMPTY_SET = ("set",)
_NO_ITEMS = ()              # (a spell's modes, division...: canonical's own value)
_EMPTY_DICT = ("dict",)


def fast_canonical(v, d=0):
    """`canonical(v, d)`, the same value, faster for the common shapes (lists, tuples,
    dicts and sets, dataclasses, objects by their attributes or slots): no memo, atoms
    found by C loops. Deeper than _QUICK_DEPTH, `canonical` itself."""
    t = type(v)
    if t in ATOMS:
        return v
    if t is tuple or t is list:
        if _ATOM_TYPES.issuperset(map(type, v)):
            return v if t is tuple else tuple(v)
        if d > _QUICK_DEPTH:
            return canonical(v, d, {})
        return tuple([_fast_item(x, d + 1) for x in v])
    if d > _QUICK_DEPTH:
        return canonical(v, d, {})
    if t is dict or t is MarkingDict or t is MarkedDict:
        if not v:                       # (a task's choices, a targeting context's info)
            return _EMPTY_DICT
        return ("dict",) + _sorted_items([(k if type(k) in ATOMS else fast_canonical(k, d + 1),
                                           x if type(x) in ATOMS else fast_canonical(x, d + 1))
                                          for k, x in v.items()])
    if t is set or t is frozenset:
        if len(v) < 2:                  # nothing to sort (most of a Chars' sets: colors, flags)
            for x in v:
                return ("set", x if type(x) in ATOMS else fast_canonical(x, d + 1))
            return _EMPTY_SET
        return ("set",) + tuple(sorted([fast_canonical(x, d + 1) for x in v], key=repr))
    if t is PlayerRef:
        return ("p", v.index)
    if t is slice:                                  # (canonical: no fields, no slots)
        return ("slice", repr(v))
    shape = _SHAPES.get(t, _OPEN)
    if shape is _OPEN:
        shape = _SHAPES[t] = _shape(t)
    if shape is None:
        if t.__name__ == "CardDef":                 # by its name (canonical's branch)
            return ("CardDef", v.name)
        if t is _FUNCTION:                          # (an effect's apply) by canonical's branch
            cells = v.__closure__
            if cells is None:
                return ("fn", v.__qualname__, ())
            try:
                cells = tuple([c.cell_contents for c in cells])
            except ValueError:                      # a cell not filled yet
                return canonical(v, d, {})
            if _ATOM_TYPES.issuperset(map(type, cells)):    # (no cycle through atoms)
                return ("fn", v.__qualname__, cells)
        return canonical(v, d, {})
    name, get, sparse, read = shape
    if get is None:                                 # by its attributes
        return (name, _attributes_value(v.__dict__, d + 1))
    if read is not None:                            # an object made from a card definition
        return read(v, d)
    try:
        vals = get(v)
    except AttributeError:                          # a slot not set (a CE's players_effect)
        names = _SLOTS.get(t)
        if names is None:
            return canonical(v, d, {})
        vals = tuple([getattr(v, n, None) for n in names])     # (canonical reads it None)
    if sparse:
        vals = tuple([x for x, default in zip(vals, sparse)
                      if default is _NO_DEFAULT or x != default])
    if _ATOM_TYPES.issuperset(map(type, vals)):
        return (name,) + vals
    part = _PARTS.get(id(v)) is v                   # (an ability of a definition: a task's)
    if part:
        hit = _DEFINITIONS.get((id(v), d))
        if hit is not None and hit[0] is v:
            return hit[1]
    value = (name,) + tuple([x if type(x) in ATOMS or x is _NO_ITEMS else fast_canonical(x, d + 1)
                             for x in vals])
    if part:
        _keep_part(v, d, value)
    return value


def _attributes_value(attrs, d):
    """`fast_canonical(attrs, d)` of an object's attributes (a task's ~20): when their
    names' order is kept (`_sorted_items`), the values alone read in a loop and paired
    with the names in C."""
    names = tuple(attrs)
    get = _ORDERS_OF_KEYS.get(names)
    if get is None or d > _QUICK_DEPTH or not _STR.issuperset(map(type, names)):
        return fast_canonical(attrs, d)             # (which keeps the order for next time)
    return _EMPTY_DICT + get(tuple(zip(names, [x if type(x) in ATOMS else fast_canonical(x, d + 1)
                                               for x in attrs.values()])))


def _definition_part(x, d):
    """`fast_canonical(x, d)` of a value an object shares with its card definition (the
    same object under the same name: characteristics not changed by an effect), kept
    (`_DEFINITIONS`): a definition never changes (`canonical` writes it by its name), so
    each of its abilities, costs and types is read once."""
    hit = _DEFINITIONS.get((id(x), d))
    if hit is not None and hit[0] is x:
        return hit[1]
    value = fast_canonical(x, d)
    _keep_part(x, d, value)
    if type(x) is tuple:                            # its abilities, read alone by tasks
        if len(_PARTS) >= _VALUES_KEPT:
            _PARTS.clear()
        _PARTS.update([(id(y), y) for y in x if type(y) not in ATOMS])
    return value


def _definition_values(defn, t, names, d) -> tuple:
    """(per name its value in card definition `defn`, or _OPEN; the values read at depth `d`
    by `_definition_part`, None for atoms), kept per definition, type and depth: an object
    of type `t` made from `defn` shares most of its values with it (characteristics)."""
    hit = _DEFINITION_VALUES.get((id(defn), t, d))
    if hit is not None and hit[0] is defn:
        return hit[1]
    if type(defn).__name__ == "CardDef":
        objs = tuple([defn if n == "defn" else getattr(defn, n, _OPEN) for n in names])
    else:
        objs = (_OPEN,) * len(names)
    values = tuple([None if type(x) in ATOMS or x is _OPEN else _definition_part(x, d)
                    for x in objs])
    if len(_DEFINITION_VALUES) >= _VALUES_KEPT:
        _DEFINITION_VALUES.clear()
    _DEFINITION_VALUES[id(defn), t, d] = (defn, (objs, values))     # keeps defn alive
    return objs, values


# (id of a card definition, type, depth) -> (it, _definition_values): emptied as _VALUES
_DEFINITION_VALUES = {}


def _keep_part(x, d, value):
    if len(_DEFINITIONS) >= _VALUES_KEPT:
        _DEFINITIONS.clear()
    _DEFINITIONS[id(x), d] = (x, value)             # keeps x alive: its id isn't reused


# (id of a card definition's value, depth) -> (it, its value): a memo of values that can't
# change (any game, any thread), emptied when it grows too big (as _VALUES)
_DEFINITIONS = {}
# id of an item of a definition's tuple (an ability) -> it: read once per depth when found
# elsewhere (a task's ability), as the definition's other values (emptied as _VALUES)
_PARTS = {}


def _fast_item(x, d):
    """`fast_canonical(x, d)` of a list's item: a dataclass of atoms read inline, and a frozen
    one's value kept (`_VALUES`: the options of a decision are mostly the objects the
    last decision offered)."""
    t = type(x)
    if t in ATOMS:
        return x
    hit = _VALUES.get(id(x))
    if hit is not None and hit[0] is x:
        return hit[1]
    shape = _SHAPES.get(t)
    value = None
    if shape is not None and shape[1] is not None and shape[2] is None:
        try:
            vals = shape[1](x)
        except AttributeError:                      # a slot not set (fast_canonical: canonical)
            vals = None
        if vals is not None and _ATOM_TYPES.issuperset(map(type, vals)):
            value = (shape[0],) + vals
    if value is None:
        value = fast_canonical(x, d)
    if frozen(x):
        if len(_VALUES) >= _VALUES_KEPT:
            _VALUES.clear()
        _VALUES[id(x)] = (x, value)                 # keeps x alive: its id isn't reused
    return value


# id of a frozen object found in a list -> (it, its value): a memo of values that can't
# change (any game, any thread), emptied when it grows too big (as _COMPONENTS)
_VALUES = {}
_VALUES_KEPT = 50_000


def _sorted_items(pairs) -> tuple:
    """`tuple(sorted(pairs, key=repr))` (canonical's order of a dict's items) sorting by
    the keys' reprs alone when they differ: the same order (a key's repr is never a
    prefix of another's followed by a character below the ", " that ends it in the
    pair's), without writing the values out. The order is kept per tuple of keys when
    they are all str or all int (`_ORDERS_OF_KEYS`: an object's attributes, a dict of
    entities; equal tuples of such keys have the same reprs)."""
    if len(pairs) < 2:
        return tuple(pairs)
    keys = tuple(map(_FIRST, pairs))
    kinds = set(map(type, keys))
    kept = kinds == _STR or kinds == _INT
    if kept:
        get = _ORDERS_OF_KEYS.get(keys)
        if get is not None:
            return get(pairs)
    reprs = [repr(k) for k in keys]
    if len(set(reprs)) < len(reprs):
        return tuple(sorted(pairs, key=repr))
    get = itemgetter(*sorted(range(len(pairs)), key=reprs.__getitem__))
    if kept:
        if len(_ORDERS_OF_KEYS) >= _VALUES_KEPT:
            _ORDERS_OF_KEYS.clear()
        _ORDERS_OF_KEYS[keys] = get
    return get(pairs)


# a tuple of dict keys, all str or all int -> the getter of its items in canonical's order
# (a memo of orders, any game, any thread, emptied when it grows too big)
_ORDERS_OF_KEYS = {}
_STR = frozenset({str})

_QUICK_DEPTH = 8            # deeper, canonical itself (whose MAX_DEPTH cuts values short)
assert _QUICK_DEPTH < MAX_DEPTH
_SHAPES = {}                # type -> _shape(type)
_SLOTS = {}                 # type read by its slots (_shape) -> their names
_FUNCTION = types.FunctionType


def _shape(t):
    """How `canonical` writes an object of type `t` (its branches in order): a dataclass
    by its fields (but a card definition), an object with attributes by them, one with
    slots by the slots not declared a cache (a sparse one left out at its default);
    None for any other type (`canonical` itself). (qualified name, getter of its values
    or None, the sparse slots' defaults or None, the reader of its values (`_reader`)
    if one is `defn`, a card definition, and none sparse, else None.)"""
    if t is PlayerRef or t is slice or t.__name__ == "CardDef" \
            or issubclass(t, (tuple, list, set, frozenset, dict, type, types.FunctionType,
                              types.BuiltinFunctionType, types.MethodType, GameState)):
        return None
    if dataclasses.is_dataclass(t):
        names = tuple(f.name for f in dataclasses.fields(t))
        return t.__qualname__, _getter(names), None, _reader(t, names)
    if t.__dictoffset__:
        return t.__qualname__, None, None, None
    skip = getattr(t, "CACHE_SLOTS", ())
    slots = tuple(s for k in t.__mro__ for s in getattr(k, "__slots__", ())
                  if s != "__weakref__" and s not in skip)
    if not slots:
        return None
    _SLOTS[t] = slots
    sparse_slots = getattr(t, "SPARSE_SLOTS", None) or {}
    if sparse_slots:
        return (t.__qualname__, _getter(slots),
                tuple(sparse_slots.get(s, _NO_DEFAULT) for s in slots), None)
    return t.__qualname__, _getter(slots), None, _reader(t, slots)


def _reader(t, names):
    """None, or for an object of type `t` made from a card definition (its values `names`,
    one of them `defn`), `read(v, d)`: `fast_canonical(v, d)`. Generated (as
    `state.copy_fields`: from the names of the type's fields or slots alone) so that each
    value is read inline, and is mostly found as the object kept for its slot in `_READS`
    (the definition's, or one the first object read held), whose value is kept: a loop
    over a `Chars`' 17 slots with a call each for its definition's values, its colors and
    flags cost ~38 k instructions a read, this ~15 k."""
    if "defn" not in names:
        return None
    n = len(names)
    a, o, w = ([f"{c}{i}" for i in range(n)] for c in "aow")
    defn = a[names.index("defn")]
    lines = ["def read(v, d):",
             "    try:"] + [f"        {a[i]} = v.{names[i]}" for i in range(n)] + [
             "    except AttributeError:                  # a slot not set: canonical's None",
             "        return canonical(v, d, {})",
             "    d += 1",
             f"    hit = _READS.get((id({defn}), T, d))",
             f"    if hit is None or hit[0] is not {defn}:",
             f"        hit = _learn({defn}, T, NAMES, d, ({', '.join(a)},))",
             f"    ({', '.join(o)},), ({', '.join(w)},) = hit[1]",
             "    return (NAME," + "".join(f"\n        {w[i]} if {a[i]} is {o[i]} else {a[i]} if "
                                         f"type({a[i]}) in ATOMS else fc({a[i]}, d),"
                                         for i in range(n)) + ")"]
    scope = {"_READS": _READS, "_learn": _learn, "canonical": canonical, "T": t,
             "NAMES": names, "NAME": t.__qualname__, "ATOMS": ATOMS, "fc": fast_canonical}
    exec(compile("\n".join(lines) + "\n", f"<keying reader of {t.__qualname__}>", "exec"),
         scope)   # noqa: S102
    return scope["read"]


def _learn(defn, t, names, d, vals) -> tuple:
    """The objects of `_READS` (per value: `_definition_values`'s, or the value in `vals`
    where that is frozen and not an atom nor the definition's: the flags and colors of
    most objects made from `defn`, read again by identity) and their values at depth `d`
    (an atom's itself), kept per definition, type and depth."""
    objs, values = _definition_values(defn, t, names, d)
    objs, values = list(objs), list(values)
    for i, x in enumerate(vals):
        if type(x) not in ATOMS and x is not objs[i] and frozen(x):
            objs[i], values[i] = x, fast_canonical(x, d)
        elif type(objs[i]) in ATOMS:
            values[i] = objs[i]
    if len(_READS) >= _VALUES_KEPT:
        _READS.clear()
    hit = _READS[id(defn), t, d] = (defn, (tuple(objs), tuple(values)))    # keeps them alive
    return hit


# (id of a card definition, type, depth) -> (it, (objects, values)): `_learn`'s (any game,
# any thread), emptied as _VALUES
_READS = {}
