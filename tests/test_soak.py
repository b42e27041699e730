"""Soak: 10,000 random games in one process; memory stays flat and no esper world
outlives its game (each game owns its own world, ecs/world.py).

Marked slow (excluded from the default run): `python -m pytest -m slow tests/test_soak.py -s`
prints the memory figures. About three minutes at ~60 games/s."""
from __future__ import annotations

import gc
import os
import time

import esper
import pytest

GAMES = 10_000
SAMPLE_EVERY = 1_000
WARM_UP = 2_000                 # caches, interned strings, allocator arenas settle first
MAX_GROWTH_MB = 8.0             # allowed RSS growth from the end of warm-up to the end


def rss_mb() -> float:
    """Resident set size of this process, from /proc (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def live_worlds() -> int:
    return sum(1 for name in esper.list_worlds() if name.startswith("mtg-ecs-"))


def vanilla_decks():
    """The benchmark's vanilla decks (bench/decks): creatures and basic lands."""
    from mtg_ecs.apps.simulate import load_card_file, load_deck
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench", "decks")
    cards = load_card_file(os.path.join(here, "vanilla-cards.yaml"))
    return tuple(load_deck(os.path.join(here, f"vanilla-{n}.txt"), cards).cards
                 for n in ("gold", "silver"))


def play_one(decks, seed: int):
    from mtg_ecs import Game
    from mtg_ecs.apps.agents import RandomAgent, play
    g = Game.new(list(decks), seed=seed, log=False, turn_limit=200, auto_pass=True)
    play(g, [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)])
    assert g.over
    return g


@pytest.mark.slow
def test_ten_thousand_games_memory_stays_flat():
    decks = vanilla_decks()
    worlds_before = live_worlds()
    gc.collect()
    samples = [(0, rss_mb(), live_worlds())]     # (games played, RSS MB, live worlds)
    t0 = time.perf_counter()
    for i in range(GAMES):
        g = play_one(decks, i)
        # the game is dropped without close(): its world must go with it (weakref finalizer)
        del g
        if (i + 1) % SAMPLE_EVERY == 0:
            gc.collect()
            samples.append((i + 1, rss_mb(), live_worlds()))
    seconds = time.perf_counter() - t0
    for n, mb, worlds in samples:
        print(f"games {n:6d}  RSS {mb:7.1f} MB  live worlds {worlds}")
    print(f"{GAMES} games in {seconds:.0f} s ({GAMES / seconds:.0f} games/s)")
    # no esper world outlives its game
    assert all(w <= worlds_before for _, _, w in samples), samples
    # memory flat after warm-up
    base = next(mb for n, mb, _ in samples if n == WARM_UP)
    growth = samples[-1][1] - base
    assert growth < MAX_GROWTH_MB, f"RSS grew {growth:.1f} MB after warm-up: {samples}"
    # and no steady climb: no single 1,000-game interval after warm-up adds more than half
    steps = [b[1] - a[1] for a, b in zip(samples, samples[1:]) if a[0] >= WARM_UP]
    assert max(steps) < MAX_GROWTH_MB / 2, steps


def test_dropped_game_frees_its_world():
    """A game dropped without close() takes its esper world with it (cheap check of
    the soak's world-leak assertion, in the default run); a clone has a world of its own.
    (A world is registered with esper the first time esper is used in it.)"""
    from mtg_ecs.components import Card
    g = play_one(vanilla_decks(), 3)
    c = g.clone()
    assert g.world.query(Card) and c.world.query(Card)
    names = {g.world.name, c.world.name}
    assert len(names) == 2 and names <= set(esper.list_worlds())
    del g, c
    gc.collect()
    assert not names & set(esper.list_worlds())
