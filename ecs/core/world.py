"""One esper world per game.

esper 3 keeps its worlds as module globals switched with `esper.switch_world`.
A `World` owns one uniquely named context; every write switches to it first,
so two games advanced alternately never see each other's entities. Reads go
straight to this world's own entity table, which needs no switch.

Components are immutable values (see `components`), so `clone()` is a shallow
copy of the entity table: tens of microseconds for a mid-game state.
"""
from __future__ import annotations

import itertools
import weakref

import esper

_world_ids = itertools.count(1)


def _drop_world(name: str) -> None:
    if name not in esper._context_map and esper._current_world != name:
        return
    if esper._current_world == name:
        esper.switch_world("default")
    esper._context_map.pop(name, None)


class World:
    """An esper context owned by one game."""

    __slots__ = ("name", "ents", "comps", "next_id", "__weakref__")
    CACHE_SLOTS = ("name",)     # not part of the state (mtg_ecs.core.hashing)

    def __init__(self, _tables=None):
        self.name = f"mtg-ecs-{next(_world_ids)}"
        if _tables is None:
            ents, comps, next_id = {}, {}, 1
        else:
            ents, comps, next_id = _tables
        self.ents: dict[int, dict] = ents
        self.comps: dict[type, set] = comps
        self.next_id = next_id
        esper._context_map[self.name] = (
            itertools.count(next_id), comps, ents, set(), {}, {}, [], {}, False, {}, {})
        weakref.finalize(self, _drop_world, self.name)

    # -- switching -------------------------------------------------------
    def activate(self) -> None:
        if esper._current_world != self.name:
            esper.switch_world(self.name)

    # -- writes (through esper, in this world) ---------------------------
    def create(self, *components) -> int:
        self.activate()
        eid = esper.create_entity(*components)
        self.next_id = eid + 1
        return eid

    def add(self, eid: int, component) -> None:
        self.activate()
        esper.add_component(eid, component)

    def remove(self, eid: int, ctype: type) -> None:
        if ctype in self.ents[eid]:
            self.activate()
            esper.remove_component(eid, ctype)

    def delete(self, eid: int) -> None:
        if eid in self.ents:
            self.activate()
            esper.delete_entity(eid, immediate=True)

    # -- reads (direct) ----------------------------------------------------
    def get(self, eid: int, ctype: type):
        c = self.ents.get(eid)
        return None if c is None else c.get(ctype)

    def has(self, eid: int, ctype: type) -> bool:
        c = self.ents.get(eid)
        return c is not None and ctype in c

    def exists(self, eid: int) -> bool:
        return eid in self.ents

    def query(self, *ctypes):
        """esper.get_components in this world (cached by esper until the next write)."""
        self.activate()
        return esper.get_components(*ctypes)

    # -- cloning -------------------------------------------------------------
    def clone(self) -> "World":
        ents = {e: c.copy() for e, c in self.ents.items()}
        comps = {t: s.copy() for t, s in self.comps.items()}
        return World((ents, comps, self.next_id))

    def close(self) -> None:
        _drop_world(self.name)
