"""Games in different threads never interfere (ecs/core/world.py): each `World` writes and
reads only its own tables, never esper's global current world, and a query through esper
switches to the world, calls and switches back under one module-level lock.

Both tests run with `sys.setswitchinterval(1e-6)`, so the threads are interrupted between
almost any two bytecodes: an adapter that switched esper's current world on a write (as
it did before) gives different games here, or `KeyError`s."""
from __future__ import annotations

import os
import random
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent, play
from mtg_ecs.core.hashing import log_hash, state_hash
from mtg_ecs.core.world import World

GAMES = 40
THREADS = 4
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class _Switchy:
    """`sys.setswitchinterval(1e-6)` for the duration of the block."""

    def __enter__(self):
        self.old = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)

    def __exit__(self, *exc):
        sys.setswitchinterval(self.old)


def _vanilla_decks():
    from mtg_ecs.apps.simulate import load_card_file, load_deck
    here = os.path.join(ROOT, "bench", "decks")
    cards = load_card_file(os.path.join(here, "vanilla-cards.yaml"))
    return tuple(load_deck(os.path.join(here, f"vanilla-{n}.txt"), cards).cards
                 for n in ("gold", "silver"))


def _outcome(decks, seed: int):
    """One seeded random game to its end: what it came to, and the hashes of its final
    state and of its event log. An exception is an outcome too (compared, not raised in
    the worker)."""
    try:
        g = Game.new(list(decks), seed=seed, log=True, turn_limit=60, auto_pass=True)
        play(g, [RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)])
        out = (g.winner, g.turn, g.end_reason, len(g.log), state_hash(g), log_hash(g))
        g.close()
        return out
    except Exception as ex:                   # noqa: BLE001 - reported by the comparison
        return ("raised", f"{type(ex).__name__}: {ex}")


def test_games_in_threads_equal_games_played_one_after_another():
    decks = _vanilla_decks()
    seeds = range(100, 100 + GAMES)
    alone = [_outcome(decks, s) for s in seeds]
    assert all(o[0] != "raised" for o in alone), alone
    with _Switchy(), ThreadPoolExecutor(THREADS) as pool:
        threaded = list(pool.map(lambda s: _outcome(decks, s), seeds))
    differ = [(s, a, t) for s, a, t in zip(seeds, alone, threaded) if a != t]
    assert not differ, (f"{len(differ)} of {GAMES} games differ when played in {THREADS} "
                        f"threads; first (seed, alone, threaded): {differ[0]}")


# -- world writes in many threads, esper queries interleaved --------------------------------

class A:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return type(other) is A and other.v == self.v

    __hash__ = None


class B(A):
    pass


class C(A):
    pass


TYPES = (A, B, C)


def _churn(seed: int, steps: int, barrier: threading.Barrier):
    """Random creates/adds/removes/deletes/clones on a world of this thread's own, checked
    against a plain model after every step, with esper queries in between that must see
    exactly the world's tables. Returns the problems found (empty: none)."""
    rng = random.Random(seed)
    w = World()
    model: dict[int, dict] = {}          # what the world must hold
    problems = []
    barrier.wait()
    for i in range(steps):
        try:
            r = rng.random()
            live = list(model)
            if r < 0.25 or not live:
                comps = [t(rng.randrange(1000)) for t in rng.sample(TYPES, rng.randrange(4))]
                eid = w.create(*comps)
                if eid in model:
                    problems.append(f"step {i}: create gave a live id {eid}")
                model[eid] = {type(c): c for c in comps}
            elif r < 0.55:
                eid, t = rng.choice(live), rng.choice(TYPES)
                c = t(rng.randrange(1000))
                w.add(eid, c)
                model[eid][t] = c
            elif r < 0.75:
                eid, t = rng.choice(live), rng.choice(TYPES)
                w.remove(eid, t)
                model[eid].pop(t, None)
            elif r < 0.85:
                eid = rng.choice(live)
                w.delete(eid)
                del model[eid]
            elif r < 0.88:
                old, w = w, w.clone()        # go on in the clone; the original is dropped
                old.close()
            else:
                t = rng.choice(TYPES)
                got = sorted((e, c.v) for e, (c,) in w.query(t))
                want = sorted((e, cs[t].v) for e, cs in model.items() if t in cs)
                if got != want:
                    problems.append(f"step {i}: query({t.__name__}) saw {got[:5]}... "
                                    f"instead of {want[:5]}...")
            if w.ents != model:
                problems.append(f"step {i}: the world's entity table differs from the model")
            comps = {t: {e for e, cs in model.items() if t in cs} for t in TYPES}
            if {t: s for t, s in w.comps.items()} != {t: s for t, s in comps.items() if s}:
                problems.append(f"step {i}: the world's component index differs from the model")
        except Exception as ex:              # noqa: BLE001 - reported below
            problems.append(f"step {i}: {type(ex).__name__}: {ex}")
        if len(problems) > 3:
            break
    w.close()
    return problems


def test_world_writes_in_threads_with_esper_queries_interleaved():
    threads = 8
    barrier = threading.Barrier(threads)
    with _Switchy(), ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(lambda s: _churn(s, 2000, barrier), range(threads)))
    bad = {i: p for i, p in enumerate(results) if p}
    assert not bad, f"threads with problems: {bad}"
