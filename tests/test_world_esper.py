"""The World adapter (ecs/core/world.py) against the installed esper: esper's own
functions in a World's esper world see exactly the World's tables after any mix of
writes made straight to the tables; esper's current world is never changed by them; the
esper world goes when the World is closed or collected; and the esper internals the
adapter relies on are still there (a future esper in the pinned range that changes them
fails here, with the reason, rather than giving wrong games)."""
from __future__ import annotations

import gc
import random

import esper
import pytest

from mtg_ecs.core import world as world_mod
from mtg_ecs.core.world import World, esper_problems


class P:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v


class Q(P):
    pass


class R(P):
    pass


TYPES = (P, Q, R)


# -- the internals the adapter relies on -------------------------------------------------

def test_installed_esper_works_the_way_the_adapter_relies_on():
    problems = esper_problems()
    assert not problems, (
        f"esper {esper.__version__} doesn't work the way mtg_ecs.core.world relies on "
        f"(its module globals _entities / _components / _entity_count and cache): "
        f"{problems}. Adapt `_install` / `esper_problems` in ecs/core/world.py to it.")
    assert esper.current_world == "default"     # the probe put everything back
    assert not [n for n in esper.list_worlds() if n.startswith("mtg-ecs-probe")]


def test_the_check_catches_a_changed_esper(monkeypatch):
    """The check isn't vacuous: an esper that works otherwise is reported."""
    with monkeypatch.context() as m:       # tables no longer module globals
        m.delattr(esper, "_components")
        assert "esper._components is missing" in esper_problems()
    with monkeypatch.context() as m:       # a query cache no longer cleared by clear_cache
        m.setattr(esper, "clear_cache", lambda: None)
        assert any("clear_cache" in p for p in esper_problems())
    with monkeypatch.context() as m:       # queries that don't read the globals
        m.setattr(esper, "get_component", lambda t: [])
        assert any("readers don't see the tables" in p for p in esper_problems())
    with monkeypatch.context() as m:       # ids not numbered from _entity_count
        m.setattr(esper, "create_entity", lambda *c: 1)
        assert any("_entity_count" in p for p in esper_problems())
    assert esper_problems() == []
    assert esper.current_world == "default"


# -- esper's view of a World --------------------------------------------------------------

def _agree(w: World) -> None:
    """esper's readers, in w's esper world, against w's own tables."""
    ents = w.ents
    with w.in_esper() as e:
        assert e.current_world == w.name
        for t in TYPES:
            want = sorted((eid, cs[t].v) for eid, cs in ents.items() if t in cs)
            assert sorted((eid, c.v) for eid, c in e.get_component(t)) == want
            assert sorted((eid, c.v) for eid, (c,) in e.get_components(t)) == want
        want = sorted((eid, cs[P].v, cs[R].v) for eid, cs in ents.items() if P in cs and R in cs)
        assert sorted((eid, p.v, r.v) for eid, (p, r) in e.get_components(P, R)) == want
        assert set(e.get_entities()) == set(ents)
        for eid in range(0, w.next_id + 2):
            assert e.entity_exists(eid) == (eid in ents)
            if eid in ents:
                for t in TYPES:
                    assert e.has_component(eid, t) == (t in ents[eid])
                    if t in ents[eid]:
                        assert e.component_for_entity(eid, t) is ents[eid][t]
                    else:
                        with pytest.raises(KeyError):
                            e.component_for_entity(eid, t)
            else:
                with pytest.raises(KeyError):
                    e.component_for_entity(eid, P)


def test_esper_sees_exactly_the_worlds_tables_after_any_writes():
    rng = random.Random(20261201)
    esper.switch_world("h3-bystander")             # someone else's current world
    by = esper.create_entity(P(-1))
    try:
        w = World()
        worlds = [w]
        for step in range(1500):
            r = rng.random()
            live = list(w.ents)
            if r < 0.25 or not live:
                w.create(*(t(rng.randrange(100)) for t in rng.sample(TYPES, rng.randrange(4))))
            elif r < 0.5:
                w.add(rng.choice(live), rng.choice(TYPES)(rng.randrange(100)))
            elif r < 0.65:
                w.remove(rng.choice(live), rng.choice(TYPES))
            elif r < 0.75:
                w.delete(rng.choice(live))
            elif r < 0.8:
                w = w.clone()
                worlds.append(w)
            elif r < 0.85:
                # esper's own writers in the world: seen by the World, ids from next_id
                with w.in_esper() as e:
                    want = w.next_id
                    eid = e.create_entity(Q(step))
                    assert eid == want
                    e.add_component(eid, R(step))
                assert w.next_id == want + 1 and w.get(eid, R).v == step
            # the writes never touched esper's current world, nor its tables
            assert esper.current_world == "h3-bystander"
            assert esper.get_component(P) == [(by, esper.component_for_entity(by, P))]
            if step % 5 == 0 or r >= 0.75:
                _agree(w)
        for old in worlds:                      # clones stay independent and exact
            _agree(old)
        assert len({o.name for o in worlds}) == len(worlds)
        for o in worlds:
            o.close()
    finally:
        esper.switch_world("default")
        esper.delete_world("h3-bystander")


def test_a_query_right_after_a_write_is_not_served_from_esper_s_cache():
    w = World()
    a = w.create(P(1))
    assert [c.v for _, (c,) in w.query(P)] == [1]
    w.add(a, P(2))                                  # replaced: same entities, new value
    assert [c.v for _, (c,) in w.query(P)] == [2]
    w.remove(a, P)
    assert w.query(P) == []
    b = w.create(P(3))
    assert [(e, c.v) for e, (c,) in w.query(P)] == [(b, 3)]
    w.delete(b)
    assert w.query(P) == []
    w.close()


def test_the_current_world_is_restored_when_an_esper_call_fails():
    w = World()
    with pytest.raises(KeyError):
        with w.in_esper() as e:
            e.component_for_entity(99, P)
    assert esper.current_world == "default"
    w.close()


def test_worlds_are_registered_on_first_use_and_freed_on_close_and_on_collection():
    w = World()
    w.create(P(1))
    c = w.clone()
    assert not {w.name, c.name} & set(esper.list_worlds())     # esper not used yet
    assert [e for e, _ in w.query(P)] == [1] and [e for e, _ in c.query(P)] == [1]
    assert {w.name, c.name} <= set(esper.list_worlds())
    w.close()
    assert w.name not in esper.list_worlds() and c.name in esper.list_worlds()
    w.close()                                       # twice: nothing more to do
    with pytest.raises(RuntimeError, match="closed"):
        w.query(P)
    assert w.get(1, P).v == 1                       # the tables stay readable
    name = c.name
    del c
    gc.collect()
    assert name not in esper.list_worlds()
    assert esper.current_world == "default"


def test_a_world_never_used_with_esper_is_closed_without_it():
    w = World()
    w.create(P(1))
    w.close()
    assert w.name not in esper.list_worlds()
    with pytest.raises(RuntimeError, match="closed"):
        w.query(P)
    assert w.name not in esper.list_worlds() and w.get(1, P).v == 1


def test_a_world_switched_to_by_hand_is_still_freed():
    w = World()
    w.query(P)                                      # registered
    name = w.name
    esper.switch_world(name)
    w.close()
    assert name not in esper.list_worlds() and esper.current_world == "default"


def test_every_esper_internal_is_in_the_adapter():
    """Nothing else in the package reads or writes esper's private names."""
    import pathlib
    import re
    root = pathlib.Path(world_mod.__file__).resolve().parents[2]
    private = re.compile(r"esper\._\w+")
    offenders = []
    for d in ("ecs", "systems", "components", "cards", "tests", "bench"):
        for f in (root / d).rglob("*.py"):
            if f.resolve() == pathlib.Path(world_mod.__file__).resolve() or \
                    f.name == "test_world_esper.py":
                continue
            if private.search(f.read_text(encoding="utf-8")):
                offenders.append(str(f.relative_to(root)))
    assert not offenders, f"esper internals used outside ecs/core/world.py: {offenders}"


def test_clones_share_nothing_they_write_copy_on_write(monkeypatch):
    """Clones share the per-entity dicts and component sets until written (copy on
    write, until SETTLE_WRITES writes: then a zone change makes all its own): random
    writes to any of a family of clones, each against a model of its own, through the
    World's writers and through esper's; every world always equals its model (tables and
    index), whatever was written to the others."""
    monkeypatch.setattr(world_mod, "SETTLE_WRITES", 7)
    rng = random.Random(20261125)
    worlds = [World()]
    models = [{}]
    for step in range(3000):
        i = rng.randrange(len(worlds))
        w, m = worlds[i], models[i]
        r = rng.random()
        live = sorted(m)
        if r < 0.2 or not live:
            comps = [t(rng.randrange(100)) for t in rng.sample(TYPES, rng.randrange(4))]
            eid = w.create(*comps)
            m[eid] = {type(c): c for c in comps}
        elif r < 0.45:
            eid, c = rng.choice(live), rng.choice(TYPES)(rng.randrange(100))
            w.add(eid, c)
            m[eid][type(c)] = c
        elif r < 0.65:
            eid, t = rng.choice(live), rng.choice(TYPES)
            w.remove(eid, t)
            m[eid].pop(t, None)
        elif r < 0.7:
            eid = rng.choice(live)
            w.delete(eid)
            del m[eid]
        elif r < 0.75:                           # a zone change: a new entity (400.7)
            eid, c = rng.choice(live), rng.choice(TYPES)(rng.randrange(100))
            new = w.recreate(eid, c)
            del m[eid]
            m[new] = {type(c): c}
        elif r < 0.8:
            q, target, c = Q(step), rng.choice(live), R(step)
            with w.in_esper() as e:              # esper's writers: nothing shared then
                eid = e.create_entity(q)
                e.add_component(target, c)
            m[eid] = {Q: q}
            m[target][R] = c
        elif r < 0.86:
            assert sorted(e for e, _ in w.query(P)) == sorted(e for e in m if P in m[e])
        else:
            worlds.append(w.clone())
            models.append({e: dict(cs) for e, cs in m.items()})
        if step % 50 == 0 or r >= 0.86:
            for w2, m2 in zip(worlds, models):
                assert w2.ents == m2
                want = {t: {e for e, cs in m2.items() if t in cs} for t in TYPES}
                assert w2.comps == {t: s for t, s in want.items() if s}
    for w2 in worlds:
        w2.close()
    assert esper.current_world == "default"


def test_unindexed_types_are_indexed_for_esper_only():
    """A world that doesn't index some types (`World(unindexed=...)`: a game's Card, Owner
    and Zone) keeps no set for them in `comps`, yet `index()` and esper (queries, its
    writers, nested entries, clones) see them exactly: random writes through every writer
    of the World and of esper, against a model."""
    rng = random.Random(20261126)
    worlds = [World(unindexed=(Q,))]
    models = [{}]
    for step in range(3000):
        i = rng.randrange(len(worlds))
        w, m = worlds[i], models[i]
        r = rng.random()
        live = sorted(m)
        if r < 0.2 or not live:
            comps = [t(rng.randrange(100)) for t in rng.sample(TYPES, rng.randrange(4))]
            eid = w.create(*comps)
            m[eid] = {type(c): c for c in comps}
        elif r < 0.3:
            old = rng.choice(live)
            comps = [t(rng.randrange(100)) for t in rng.sample(TYPES, rng.randrange(4))]
            eid = w.recreate(old, *comps)
            del m[old]
            m[eid] = {type(c): c for c in comps}
        elif r < 0.33:
            comps = [Q(rng.randrange(100)) for _ in range(rng.randrange(4))]
            shared = [t(rng.randrange(100)) for t in rng.sample((P, R), rng.randrange(3))]
            for eid, c in zip(w.create_many(comps, *shared), comps):
                m[eid] = {Q: c, **{type(x): x for x in shared}}
        elif r < 0.5:
            eid, c = rng.choice(live), rng.choice(TYPES)(rng.randrange(100))
            w.add(eid, c)
            m[eid][type(c)] = c
        elif r < 0.65:
            eid, t = rng.choice(live), rng.choice(TYPES)
            w.remove(eid, t)
            m[eid].pop(t, None)
        elif r < 0.72:
            eid = rng.choice(live)
            w.delete(eid)
            del m[eid]
        elif r < 0.8:
            target, c, new = rng.choice(live), Q(step), (R(step), Q(step))
            with w.in_esper() as e:              # esper's writers, and a nested entry
                eid = e.create_entity(*new)
                e.add_component(target, c)
                assert sorted(x for x, _ in w.query(Q)) == sorted(
                    set(x for x in m if Q in m[x]) | {eid, target})
                if rng.random() < 0.3:
                    e.delete_entity(eid, immediate=True)
                    eid = None
            if eid is not None:
                m[eid] = {R: new[0], Q: new[1]}
            m[target][Q] = c
        elif r < 0.9:
            t = rng.choice(TYPES)
            assert sorted(e for e, _ in w.query(t)) == sorted(e for e in m if t in m[e])
        else:
            worlds.append(w.clone())
            models.append({e: dict(cs) for e, cs in m.items()})
        if step % 25 == 0 or r >= 0.7:
            for w2, m2 in zip(worlds, models):
                assert w2.ents == m2, step
                want = {t: {e for e, cs in m2.items() if t in cs} for t in TYPES}
                assert Q not in w2.comps
                assert w2.comps == {t: s for t, s in want.items() if s and t is not Q}
                assert all(w2.index(t) == want[t] for t in TYPES)
    for w2 in worlds:
        w2.close()
    assert esper.current_world == "default"


def test_a_clone_that_keeps_writing_makes_its_index_its_own(monkeypatch):
    """Copy on write ends for the index of a world that goes on writing: SETTLE_WRITES
    writes after a clone, its next zone change (`recreate`) makes every set it still shares
    its own; its entity dicts stay shared until written (most never are: copying them all
    then was most of a playout's settling), each write to one still copying it first. The
    original keeps its tables as they were, and later writes to either are not seen by
    the other."""
    monkeypatch.setattr(world_mod, "SETTLE_WRITES", 4)
    w = World()
    a, b = w.create(P(1), Q(2)), w.create(P(3))
    d, e, f = w.create(P(4), R(0)), w.create(Q(5), R(1)), w.create(P(6))
    c = w.clone()
    for i in range(4):
        c.add(b, R(i))
    assert c._ownc is not None                      # (not yet: a write short)
    new = c.recreate(a, P(9))
    assert c._ownc is None
    assert all(c.ents[x] is w.ents[x] for x in (d, e, f))     # not copied: not written
    c.add(b, Q(5))
    c.add(d, Q(8))
    c.add_many([e, f], P(2))
    c.remove_many([d, e], R)
    w.add(a, R(7))
    w.add(f, Q(9))
    assert {x: {t: y.v for t, y in r.items()} for x, r in w.ents.items()} == {
        a: {P: 1, Q: 2, R: 7}, b: {P: 3}, d: {P: 4, R: 0}, e: {Q: 5, R: 1}, f: {P: 6, Q: 9}}
    assert w.comps == {P: {a, b, d, f}, Q: {a, e, f}, R: {a, d, e}}
    assert {x: {t: y.v for t, y in r.items()} for x, r in c.ents.items()} == {
        b: {P: 3, R: 3, Q: 5}, d: {P: 4, Q: 8}, e: {Q: 5, P: 2}, f: {P: 2}, new: {P: 9}}
    assert c.comps == {P: {b, d, e, f, new}, Q: {b, d, e}, R: {b}}
    w.close()
    c.close()


def test_a_zone_change_in_a_clone_is_one_pass_with_the_tables_of_delete_and_create(monkeypatch):
    """A zone change (`recreate_headed`) in a world still sharing its tables with a clone
    goes without `delete` and `create` (one pass), yet leaves exactly their tables: the
    sets it writes made its own (the other world's unchanged), the new entity's dict in
    `create`'s key order, and the same writes, `written` and `changed`."""
    def world_pair():
        w = World(unindexed=(R,))
        a, b = w.create(P(1), Q(2)), w.create(P(3), Q(4))
        w.written, w.changed = set(), set()
        return w, w.clone(), a, b

    w0, c0, a, b = world_pair()
    c0.delete(a)                                   # the two steps it stands for
    want = c0.create(R(5), P(6), Q(7))
    w, c, a, b = world_pair()
    for name in ("delete", "create"):
        monkeypatch.setattr(World, name, lambda *args: pytest.fail("not one pass"))
    new = c.recreate_headed(a, {R: R(5)}, (P(6), Q(7)))
    monkeypatch.undo()
    assert new == want
    assert [(e, [(t, x.v) for t, x in d.items()]) for e, d in c.ents.items()] == \
        [(e, [(t, x.v) for t, x in d.items()]) for e, d in c0.ents.items()]
    assert c.comps == c0.comps == {P: {b, new}, Q: {b, new}}
    assert (c.writes, c.written, c.changed) == (c0.writes, c0.written, c0.changed)
    assert w.comps == {P: {a, b}, Q: {a, b}} and a in w.ents    # the original as it was
    c.add(b, Q(8))                                 # the sets it wrote are its own now
    assert w.ents[b][Q].v == 4 and c.ents[b][Q].v == 8
    w.close(), c.close(), w0.close(), c0.close()
