"""One esper world per game, safe in any number of threads.

esper 3 keeps its worlds as module globals: the functions `esper.create_entity`,
`esper.get_components`, ... act on the *current* world, switched with
`esper.switch_world`. That global is shared by every thread, so a game must never
depend on it: a `World` keeps its own tables, `ents` (entity -> {type: component}) and
`comps` (type -> set of entities), and every write and read goes straight to them. Writes
are the hot path (every tap, counter and zone change), so they are plain dict and set
operations with exactly esper's semantics (an emptied component set is dropped, as
`esper.remove_component` does); no esper function is called and esper's current world
is never touched.

esper's view of the world stays exact all the same: the first time esper is used in it
(`in_esper()`, `query()`), the world is registered with esper under its own name
(`esper.list_worlds()`), holding *these same* dict objects, so `esper.get_components` and
friends in that world read exactly these tables. (A world esper is never used in, as in
most games and clones, is never registered: registering costs a `switch_world` there
and back under the lock.) Only two
things can go stale, and both are brought up to date each time esper is entered:

* esper's query cache (`get_component(s)` results): a write marks the world dirty, and
  `esper.clear_cache()` runs before the next call into esper in that world;
* esper's entity counter (writes here number the entities themselves): re-installed from
  `next_id` on entry, and read back on exit in case esper created entities.

Anything that needs esper's current world (a query through esper, or any esper function)
goes through `World.in_esper()` / `World.query()`, which take the module lock `ESPER_LOCK`,
switch to the world, call, and switch back to whatever was current. Code outside this
module that calls esper's module functions itself, in threads that run games, must hold
`ESPER_LOCK` too, and must not switch to a `World`'s name by hand.

esper internals are used in two marked blocks of this module only: "esper internals (1 of
2)" (the three module globals esper's functions read a world's tables and entity counter
from, set and read only while the world is esper's current one) and "(2 of 2)",
`esper_problems`, which checks at import that the installed esper still works that way
(the engine refuses to import on an esper where it doesn't, rather than play wrong
games). Everything else is esper's public API: `switch_world`, `current_world`,
`delete_world`, `list_worlds`, `clear_cache` and the query functions.

Components are immutable values (see `components`), so `clone()` copies the two tables
one level deep and shares the per-entity dicts and the component sets with the original
until either side writes to one (copy on write, `World`): a few microseconds for a
mid-game state.

Writes seen from outside (declared hooks, for test harnesses: `mtg_ecs.apps.fuzz`): every
write (`create`, `add`, a `remove` or `delete` that removes something) adds 1 to
`World.writes`, and, when `World.written` is a set rather than None (the default), adds
the entity written to it. Components are immutable and every write to the tables goes
through these four methods (the engine calls none of esper's writers), so an unchanged
`writes` proves that no object changed. Neither is part of the state: a new world, and so
every `clone()`, starts with `writes` 0 and `written` None, whatever the original had; a
harness that wants the entities written in a world sets `written` on that world itself.

The state key (`core.keying.state_key`) keeps its own marks: once a key was taken,
`World.changed` is the set of entities written since (`changed_since`: the key's parts),
which a clone copies, so a clone's first key reads only what changed since its original's
last key. Writes through esper in `in_esper()` aren't seen: it clears `changed_since`.
"""
from __future__ import annotations

import contextlib
import itertools
import threading
import weakref

import esper

_world_ids = itertools.count(1)

# Held by whoever makes esper's current world one of ours: a switch, the call, and the
# switch back happen as one step for every other thread. Re-entrant, because a garbage
# collection inside a locked section can run a world's finalizer (`_drop_world`) in the
# same thread.
ESPER_LOCK = threading.RLock()


# -- esper internals (1 of 2) ---------------------------------------------------------------
def _install(ents: dict, comps: dict, next_id: int) -> None:
    """Make the *current* esper world's tables `ents` and `comps`, and its next entity id
    `next_id`. Caller holds ESPER_LOCK and has switched to the world.

    esper 3.9's functions read a world's tables from the module globals `_entities` and
    `_components` and number entities with `next(_entity_count)`; `switch_world` saves
    those globals into the world's context and restores them, whatever its layout. So
    setting them while the world is current is all it takes, and survives switches."""
    esper._entities = ents
    esper._components = comps
    esper._entity_count = itertools.count(next_id)


def _next_id_in_esper() -> int:
    """The next id esper would give in the current world (it may have created entities).
    Caller holds ESPER_LOCK and has switched to the world."""
    n = next(esper._entity_count)
    esper._entity_count = itertools.count(n)
    return n


def _tables_in_esper() -> tuple:
    return esper._entities, esper._components
# ---------------------------------------------------------------------------------------------


def _register(name: str, ents: dict, comps: dict, next_id: int) -> None:
    """A new esper world named `name` whose tables are `ents` and `comps`."""
    with ESPER_LOCK:
        prev = esper.current_world
        esper.switch_world(name)                 # creates it, with esper's own defaults
        try:
            _install(ents, comps, next_id)
        finally:
            esper.switch_world(prev)


def _drop_world(name: str) -> None:
    """Delete the esper world `name` (on close, or when its World is collected)."""
    with ESPER_LOCK:
        if esper.current_world == name:          # only if someone switched to it by hand
            esper.switch_world("default")
        try:
            esper.delete_world(name)
        except KeyError:
            pass


class World:
    """The entity tables of one game, registered as an esper world of its own the first
    time esper is used in it.

    A World belongs to one thread at a time (a game is not shared between threads while
    it is advanced); any number of Worlds can be used in as many threads at once.

    Copy on write: `clone()` copies the entity table `ents` (a dict of per-entity dicts)
    and the index `comps` (a dict of sets) one level only; the per-entity dicts and the
    sets are then shared by both worlds until one of them writes to them. Every write goes
    through `create` / `add` / `remove` / `delete`, which first make the dict or set they
    change this world's own (`_own`: the entities whose dict this world may change,
    `_ownc`: the component types whose set it may change; None: all of them, a world never
    cloned since it last owned everything, or for `_ownc` alone a clone that settled:
    `clone`). Components are immutable values, so sharing
    the dicts until written is exactly a copy. esper's writers are only reached through
    `in_esper()`, which makes everything this world's own first.

    Unindexed types: `comps` leaves out the component types in `unindexed` (given at
    creation, kept by clones), components nobody asks "which entities have one" of (a
    game's Card, Owner and Zone, which every object has, Controller and Timestamp, which
    every permanent has: the engine reads them per entity), so a write doesn't update
    their sets. `index(t)` gives the set for any type;
    esper sees every type indexed: the sets of unindexed types are made from `ents` each
    time esper is entered, and dropped from `comps` on the way out."""

    __slots__ = ("name", "ents", "comps", "next_id", "_own", "_ownc", "_settle", "writes", "written",
                 "changed", "changed_since", "_cleared", "_fin", "unindexed", "_skip", "_inside",
                 "__weakref__")
    # not part of the state (mtg_ecs.core.hashing)
    CACHE_SLOTS = ("name", "_own", "_ownc", "_settle", "writes", "written", "changed",
                   "changed_since", "_cleared", "_fin", "unindexed", "_skip", "_inside")

    def __init__(self, _tables=None, unindexed=()):
        self.name = f"mtg-ecs-{next(_world_ids)}"
        self.unindexed = frozenset(unindexed)
        self._skip = self.unindexed   # the types writes don't index: none while in esper
        self._inside = 0              # how many `_entered` blocks are open
        if _tables is None:
            self.ents: dict[int, dict] = {}
            self.comps: dict[type, set] = {}
            self.next_id = 1
            self._own = self._ownc = None
        else:
            self.ents, self.comps, self.next_id, self._own, self._ownc = _tables
        self.writes = 0               # writes to the tables so far (a declared hook)
        # copy on write: after this many writes every index set is made the world's own at
        # once (`clone`): each write that checks what it shares costs more than the copy
        self._settle = SETTLE_WRITES
        self.written = None           # a set of the entities written, kept if not None
        # the entities written since `changed_since` (an opaque token: the state key's
        # cache, core.keying.state_key), kept once a key was taken; a clone keeps a copy
        self.changed = None
        self.changed_since = None
        self._cleared = 0             # `writes` when esper's query cache was last cleared
        # None: not registered with esper yet; False: closed before it was; else the
        # finalizer that deletes the esper world
        self._fin = None

    # -- copy on write ----------------------------------------------------------------------
    def _row(self, eid: int) -> dict:
        """The entity's dict, made this world's own (KeyError if `eid` doesn't exist)."""
        d = self.ents[eid]
        own = self._own
        if own is not None and eid not in own:
            d = self.ents[eid] = d.copy()
            own.add(eid)
        return d

    def _index(self, t: type):
        """The set of entities having a component of type `t`, made this world's own
        (None if no entity has one)."""
        s = self.comps.get(t)
        own = self._ownc
        if s is not None and own is not None and t not in own:
            s = self.comps[t] = s.copy()
            own.add(t)
        return s

    def _own_all(self) -> None:
        """Make every dict and set of the tables this world's own (before esper, which
        writes to them directly, is called)."""
        if self._own is not None:
            ents, own = self.ents, self._own
            for e, d in ents.items():
                if e not in own:
                    ents[e] = d.copy()
            self._own = None
        self._own_index()

    def _own_index(self) -> None:
        """Make every set of `comps` this world's own."""
        if self._ownc is not None:
            comps, own = self.comps, self._ownc
            for t, s in comps.items():
                if t not in own:
                    comps[t] = s.copy()
            self._ownc = None

    # -- writes (this world's tables only; esper's semantics) -----------------------------
    def create(self, *components) -> int:
        eid = self.next_id
        self.next_id = eid + 1
        comps = self.comps
        ownc = self._ownc
        unindexed = self._skip
        d = {}
        for c in components:
            t = type(c)
            if t in unindexed:
                d[t] = c
                continue
            s = comps.get(t)
            if s is None:
                comps[t] = {eid}
                if ownc is not None:
                    ownc.add(t)
            elif ownc is None or t in ownc:
                s.add(eid)
            else:
                comps[t] = s | {eid}
                ownc.add(t)
            d[t] = c
        self.ents[eid] = d
        if self._own is not None:
            self._own.add(eid)
        self.writes += 1
        if self.written is not None:
            self.written.add(eid)
        if self.changed is not None:
            self.changed.add(eid)
        return eid

    def create_many(self, firsts, *shared) -> range:
        """`create(c, *shared)` for each `c` of `firsts` in order (a library at game
        setup): the same entities, ids and tables, each index set filled in one step.
        `shared`: components (immutable values) every one of the entities has."""
        firsts = list(firsts)
        kinds = {type(c) for c in firsts}
        if len(kinds) != 1 or any(type(c) in kinds for c in shared) or \
                len({type(c) for c in shared}) != len(shared):
            # mixed or repeated component types: one at a time (the same result)
            start = self.next_id
            for c in firsts:
                self.create(c, *shared)
            return range(start, self.next_id)
        start = self.next_id
        eids = range(start, start + len(firsts))
        self.next_id = start + len(firsts)
        t0 = kinds.pop()
        rest = {type(c): c for c in shared}
        ents = self.ents
        for eid, c in zip(eids, firsts):
            ents[eid] = {t0: c, **rest}          # the key order of create's dict
        comps = self.comps
        for t in (t0, *rest):
            if t in self._skip:
                continue
            s = self._index(t)
            if s is None:
                comps[t] = set(eids)              # the same adds, in the same order
                if self._ownc is not None:
                    self._ownc.add(t)
            else:
                s.update(eids)
        if self._own is not None:
            self._own.update(eids)
        self.writes += len(eids)
        if self.written is not None:
            self.written.update(eids)
        if self.changed is not None:
            self.changed.update(eids)
        return eids

    def recreate(self, old: int, *components) -> int:
        """`delete(old)` then `create(*components)`, returning the new entity (a zone
        change: a new object, CR 400.7): the same tables, in one pass."""
        return self.recreate_headed(old, {}, components)

    def recreate_headed(self, old: int, head: dict, components=()) -> int:
        """`recreate(old, *head.values(), *components)`, where `head` is a new dict of
        components by type that becomes the new entity's own (a zone change: the object's
        Card, Owner and Zone). When every type in `head` is one writes don't index, only
        `components` are indexed: the same tables, in fewer steps. (`components` a
        sequence, not more arguments: a call unpacking a list is ~1.7 k instructions
        more, and `zones.move` makes one per zone change.)"""
        if self._ownc is not None or old not in self.ents or not self._skip.issuperset(head):
            if self._ownc is not None and self.writes >= self._settle:
                self._own_index()                 # (a world that keeps writing: `clone`)
                return self.recreate_headed(old, head, components)
            if self._ownc is None or old not in self.ents or not self._skip.issuperset(head):
                self.delete(old)                  # (nothing to delete)
                return self.create(*head.values(), *components)
            eid = self._recreate_shared(old, head, components)
        else:
            comps = self.comps
            ents = self.ents
            unindexed = self._skip
            for t in ents.pop(old):               # delete's body, nothing shared
                if t in unindexed:
                    continue
                s = comps[t]
                s.discard(old)
                if not s:
                    del comps[t]
            eid = self.next_id                    # create's body, nothing shared
            self.next_id = eid + 1
            ents[eid] = head                      # (head's types: nothing to index)
            if self._own is not None:
                self._own.add(eid)                # (`old` may stay in `_own`: ids aren't reused)
            for c in components:
                t = type(c)
                head[t] = c
                if t in unindexed:
                    continue
                s = comps.get(t)
                if s is None:
                    comps[t] = {eid}
                else:
                    s.add(eid)
        self.writes += 2
        if self.written is not None:
            self.written.add(old)
            self.written.add(eid)
        if self.changed is not None:
            self.changed.add(old)
            self.changed.add(eid)
        return eid

    def _recreate_shared(self, old: int, head: dict, components) -> int:
        """The tables of `recreate_headed` in a world that shares them with a clone (`_own`,
        `_ownc` not None): those of `delete(old)` then `create`, each set written made this
        world's own as they make it (the same copies: the same tables), in one pass."""
        comps = self.comps
        ents = self.ents
        unindexed = self._skip
        owned = self._ownc
        for t in ents.pop(old):
            if t not in unindexed:
                if t in owned:
                    comps[t].discard(old)
                else:
                    comps[t] = comps[t].copy()
                    comps[t].discard(old)
                    owned.add(t)
                if not comps[t]:
                    del comps[t]
        self._own.discard(old)
        eid = self.next_id
        self.next_id = eid + 1
        ents[eid] = head                          # (head's types: nothing to index)
        self._own.add(eid)
        for c in components:
            t = type(c)
            head[t] = c
            if t not in unindexed:
                s = comps.get(t)
                if s is not None and t in owned:
                    s.add(eid)
                else:
                    comps[t] = {eid} if s is None else s | {eid}
                    owned.add(t)
        return eid

    def add(self, eid: int, component) -> None:
        """Add or replace (KeyError if `eid` doesn't exist, with nothing changed)."""
        d = self.ents[eid]
        own = self._own
        if own is not None and eid not in own:    # cloned: copy on write
            d = self._row(eid)
        t = type(component)
        s = self.comps.get(t)
        if s is None:
            if t not in self._skip:
                self.comps[t] = {eid}
                if self._ownc is not None:
                    self._ownc.add(t)
        elif eid not in s:
            if self._ownc is not None:
                s = self._index(t)
            s.add(eid)
        d[t] = component
        self.writes += 1
        if self.written is not None:
            self.written.add(eid)
        if self.changed is not None:
            self.changed.add(eid)

    def add_many(self, eids, component) -> None:
        """`add(e, component)` for each of `eids` (entities that exist, each listed once) in
        one pass, the index updated once."""
        t = type(component)
        own = self._own
        if own is not None:                       # cloned: copy on write
            ents, row = self.ents, self._row
            for eid in eids:
                (ents[eid] if eid in own else row(eid))[t] = component
        else:
            ents = self.ents
            for eid in eids:
                ents[eid][t] = component
        if t not in self._skip:
            s = self._index(t)
            if s is None:
                self.comps[t] = set(eids)
                if self._ownc is not None:
                    self._ownc.add(t)
            else:
                s.update(eids)
        self.writes += len(eids)
        if self.written is not None:
            self.written.update(eids)
        if self.changed is not None:
            self.changed.update(eids)

    def remove(self, eid: int, ctype: type) -> bool:
        """Remove if present (KeyError if `eid` doesn't exist); True if it was."""
        d = self.ents[eid]
        if ctype in d:
            if self._own is not None:             # cloned: copy on write
                d = self._row(eid)
            del d[ctype]
            if ctype not in self._skip:
                s = self.comps[ctype]
                if self._ownc is not None:
                    s = self._index(ctype)
                s.discard(eid)
                if not s:
                    del self.comps[ctype]
            self.writes += 1
            if self.written is not None:
                self.written.add(eid)
            if self.changed is not None:
                self.changed.add(eid)
            return True
        return False

    def remove_many(self, eids, ctype: type) -> int:
        """`remove(e, ctype)` for each of `eids` (entities that exist, each listed once) in
        one pass, the index updated once; how many had one."""
        ents = self.ents
        own = self._own
        gone = []
        for eid in eids:
            d = ents[eid]
            if ctype in d:
                if own is not None and eid not in own:    # cloned: copy on write
                    d = self._row(eid)
                del d[ctype]
                gone.append(eid)
        if gone:
            if ctype not in self._skip:
                s = self._index(ctype) if self._ownc is not None else self.comps[ctype]
                s.difference_update(gone)
                if not s:
                    del self.comps[ctype]
            self.writes += len(gone)
            if self.written is not None:
                self.written.update(gone)
            if self.changed is not None:
                self.changed.update(gone)
        return len(gone)

    def delete(self, eid: int) -> None:
        """Delete now, if it exists."""
        d = self.ents.pop(eid, None)
        if d is not None:
            if self._own is not None:
                self._own.discard(eid)
            comps = self.comps
            cow = self._ownc is not None
            skip = self._skip
            for t in d:
                if t in skip:
                    continue
                s = self._index(t) if cow else comps[t]
                s.discard(eid)
                if not s:
                    del comps[t]
            self.writes += 1
            if self.written is not None:
                self.written.add(eid)
            if self.changed is not None:
                self.changed.add(eid)

    # -- reads (direct) -------------------------------------------------------------------
    def get(self, eid: int, ctype: type):
        c = self.ents.get(eid)
        return None if c is None else c.get(ctype)

    def has(self, eid: int, ctype: type) -> bool:
        c = self.ents.get(eid)
        return c is not None and ctype in c

    def exists(self, eid: int) -> bool:
        return eid in self.ents

    def index(self, t: type) -> set:
        """The entities having a component of type `t` (a new set: don't change it)."""
        if t in self.unindexed:
            return {e for e, d in self.ents.items() if t in d}
        return set(self.comps.get(t, ()))

    # -- esper, in this world -------------------------------------------------------------
    def _registered(self) -> None:
        """Register the tables with esper (once; caller holds ESPER_LOCK)."""
        if self._fin is None:
            _register(self.name, self.ents, self.comps, self.next_id)
            self._fin = weakref.finalize(self, _drop_world, self.name)
        elif self._fin is False or not self._fin.alive:
            raise RuntimeError(f"{self.name} is closed")

    @contextlib.contextmanager
    def in_esper(self):
        """`with world.in_esper() as e:` makes this world esper's current world for the block
        (under ESPER_LOCK: keep the block short), with esper's query cache and entity
        counter brought up to date; `e` is the esper module. Entities esper creates get
        ids from this world's `next_id` and are seen by the World at once (same tables).
        The first call registers the world with esper."""
        self._own_all()                  # esper may write: nothing may be shared then
        self.changed_since = None        # ... and its writes aren't seen: no key reuses
        with self._entered() as e:
            yield e

    @contextlib.contextmanager
    def _entered(self):
        with ESPER_LOCK:
            self._registered()
            prev = esper.current_world
            if prev == self.name:
                # entered again inside a block in this world: esper may have numbered
                # entities since (not re-installing the counter from a stale next_id)
                self.next_id = max(self.next_id, _next_id_in_esper())
            esper.switch_world(self.name)
            replaced = False
            self._inside += 1
            try:
                ents, comps = _tables_in_esper()
                if ents is not self.ents or comps is not self.comps:
                    raise RuntimeError(f"esper's tables for {self.name} are not the World's")
                if self._inside == 1:
                    self._index_unindexed()
                    self._skip = frozenset()      # esper writes to them too meanwhile
                _install(self.ents, self.comps, self.next_id)
                if self.writes != self._cleared:
                    esper.clear_cache()
                    self._cleared = self.writes
                yield esper
            finally:
                if esper.current_world == self.name:
                    self.next_id = max(self.next_id, _next_id_in_esper())
                    ents, comps = _tables_in_esper()
                    replaced = ents is not self.ents or comps is not self.comps
                self._inside -= 1
                if self._inside == 0:             # kept only while esper is in the world
                    self._skip = self.unindexed
                    for t in self.unindexed:
                        self.comps.pop(t, None)
                esper.switch_world(prev)
            if replaced:
                raise RuntimeError(f"an esper call replaced {self.name}'s tables")

    def _index_unindexed(self) -> None:
        """Put the sets of the unindexed types in `comps`, made from `ents`, for esper (new
        sets, this world's own; none for a type no entity has, as esper keeps it)."""
        if not self.unindexed:
            return
        sets = {t: set() for t in self.unindexed}
        for e, d in self.ents.items():
            for t in d:
                s = sets.get(t)
                if s is not None:
                    s.add(e)
        for t, s in sets.items():
            if s:
                self.comps[t] = s
                if self._ownc is not None:
                    self._ownc.add(t)
            else:
                self.comps.pop(t, None)

    def query(self, *ctypes) -> list:
        """`esper.get_components(*ctypes)` in this world (cached by esper until the next
        write). A query only reads: the tables may stay shared with clones."""
        with self._entered() as e:
            return e.get_components(*ctypes)

    # -- cloning and closing --------------------------------------------------------------
    def clone(self) -> "World":
        """An independent copy: the tables one level deep, their dicts and sets shared
        with this world until either writes to them (copy on write). Either that goes on
        writing (SETTLE_WRITES more zone changes or other writes: a game played on, not a
        look ahead of a few actions) makes all the sets it still shares its own at its next
        zone change, and its writes no longer check which sets they share. Its entity
        dicts stay copy on write: most are never written again (a library's cards: a
        random playout wrote in place ~1 of the ~100 a settling copied, ~1.1 k instructions
        each), where a write's check is a set lookup."""
        self._own = set()
        self._ownc = set()
        self._settle = self.writes + SETTLE_WRITES
        comps = self.comps.copy()
        if self._inside:                  # the sets made for esper aren't kept
            for t in self.unindexed:
                comps.pop(t, None)
        w = World((self.ents.copy(), comps, self.next_id, set(), set()), self.unindexed)
        if self.changed is not None:
            w.changed = set(self.changed)
            w.changed_since = self.changed_since
        return w

    def close(self) -> None:
        """Delete the esper world now (otherwise done when the World is collected). The
        tables stay readable; calls into esper are refused."""
        if self._fin is None:
            self._fin = False
        elif self._fin is not False:
            self._fin()


SETTLE_WRITES = 64      # writes after a clone before a world makes its index sets its own (`clone`)


# -- esper internals (2 of 2) ---------------------------------------------------------------
def esper_problems() -> list[str]:
    """What in the installed esper doesn't work the way this module relies on (empty:
    nothing). Checked on a throwaway world, under ESPER_LOCK, at import."""
    problems = []
    for f in ("switch_world", "delete_world", "list_worlds", "clear_cache", "create_entity",
              "get_component", "get_components", "entity_exists"):
        if not callable(getattr(esper, f, None)):
            problems.append(f"esper.{f} is missing")
    for g in ("current_world", "_entities", "_components", "_entity_count"):
        if not hasattr(esper, g):
            problems.append(f"esper.{g} is missing")
    if problems:
        return problems

    class _Probe:
        pass

    name = f"mtg-ecs-probe-{next(_world_ids)}"
    with ESPER_LOCK:
        prev = esper.current_world
        try:
            esper.switch_world(name)
            ents, comps, p = {7: {}}, {}, _Probe()
            _install(ents, comps, 8)
            esper.switch_world(prev)
            esper.switch_world(name)
            if _tables_in_esper()[0] is not ents or _tables_in_esper()[1] is not comps:
                problems.append("switch_world doesn't keep a world's tables in the globals "
                                "_entities / _components")
            if esper.get_component(_Probe) != []:
                problems.append("get_component doesn't read the tables from _components")
            ents[7][_Probe] = p                      # a write straight to the tables
            comps[_Probe] = {7}
            if esper.get_component(_Probe) != []:
                problems.append("get_component isn't cached until clear_cache()")
            esper.clear_cache()
            if esper.get_component(_Probe) != [(7, p)] or not esper.entity_exists(7) \
                    or esper.component_for_entity(7, _Probe) is not p:
                problems.append("esper's readers don't see the tables in _entities / "
                                "_components after clear_cache()")
            if esper.create_entity() != 8 or _next_id_in_esper() != 9 or 8 not in ents:
                problems.append("create_entity doesn't number entities from _entity_count")
        except Exception as ex:                               # noqa: BLE001 - reported
            problems.append(f"probing esper raised {type(ex).__name__}: {ex}")
        finally:
            esper.switch_world(prev)
            if name in esper.list_worlds():
                esper.delete_world(name)
    return problems


_PROBLEMS = esper_problems()
if _PROBLEMS:
    raise ImportError(f"mtg_ecs.core.world: esper {getattr(esper, '__version__', '?')} "
                      f"doesn't work the way this adapter relies on: " + "; ".join(_PROBLEMS))
