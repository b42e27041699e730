"""The World write path (ecs/core/world.py), outside the default test run:

    pytest bench/test_bench_world.py --benchmark-enable

Writes are the engine's hot path (every tap, counter and zone change): 100,000 add+remove
pairs and 100,000 create+delete pairs on one world; a new world (every clone makes one).
"""
from __future__ import annotations

from mtg_ecs.components import Tapped
from mtg_ecs.core.world import World

N = 100_000


class Other:
    __slots__ = ()


def test_add_remove_100k(benchmark):
    w = World()
    eids = [w.create(Other()) for _ in range(100)]
    t = Tapped()

    def run():
        for i in range(N):
            e = eids[i % 100]
            w.add(e, t)
            w.remove(e, Tapped)

    benchmark(run)
    assert Tapped not in w.comps and len(w.comps[Other]) == 100
    w.close()


def test_create_delete_100k(benchmark):
    w = World()
    o = Other()

    def run():
        for _ in range(N):
            w.delete(w.create(o, Tapped()))

    benchmark(run)
    assert not w.ents and not w.comps
    w.close()


def test_new_world(benchmark):
    benchmark(lambda: World().close())
