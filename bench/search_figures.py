"""Figures a search or learning loop depends on (issue 17): from mid-game positions of the
sample decks (green-red-beasts vs esper-fliers, random agents, turn 8), the cost of
`Game.clone()`, of `state_hash`, of `game.state_key()` taken once after each decision
(the next `KEYED` decisions of random agents from the position: decide, key, decide, ...),
of the key of a clone made right after a key of its original, of `game.view(p)`, of
`game.determinize(p, rng)`, and how many random playouts to the end of the game one
core plays per second.

    python bench/search_figures.py [--positions 20] [--playouts 10]

Each figure is the median over the positions; playouts/s is the total over all.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.core.hashing import state_hash

AUTO_PASS = True
DECKS = ("green-red-beasts", "esper-fliers")
KEYED = 40                  # decisions keyed from each position


def mid_game(seed: int, turn: int = 8) -> Game:
    """A game of the sample decks played by random agents until `turn` (a position with
    a decision pending), or the last position before the game ended."""
    decks = [load_deck(d).cards for d in DECKS]
    g = Game.new(decks, seed=seed, log=False, auto_pass=AUTO_PASS)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    last = g.clone()
    while g.pending is not None and g.turn < turn:
        last = g.clone() if g.turn >= turn - 1 else last
        g.decide(agents[g.pending.player].act(g, g.pending))
    return g if g.pending is not None else last


def timed(fn, n: int) -> float:
    """Median seconds of one call of `fn` over n calls (best of 3 batches)."""
    best = []
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        best.append((time.perf_counter() - t) / n)
    return min(best)


def keyed(g: Game, seed: int) -> float:
    """Median seconds of `state_key()` taken after each of the next KEYED decisions of
    random agents on a clone of `g` (keyed first, as a search keys the node it expands)."""
    c = g.clone()
    c.state_key()
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    times = []
    while c.pending is not None and len(times) < KEYED:
        c.decide(agents[c.pending.player].act(c, c.pending))
        t = time.perf_counter()
        c.state_key()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--playouts", type=int, default=10, help="playouts per position")
    a = ap.parse_args(argv)
    positions = [mid_game(s) for s in range(1, a.positions + 1)]
    figs = {"clone": [], "state_hash": [], "state_key": [], "key of clone": [], "view": [],
            "determinize": []}
    for i, g in enumerate(positions):
        p = g.pending.player
        figs["clone"].append(timed(g.clone, 200))
        figs["state_hash"].append(timed(lambda: state_hash(g), 20))
        figs["state_key"].append(keyed(g, i))
        k = g.clone()                   # (the positions themselves stay unkeyed)
        k.state_key()
        figs["key of clone"].append(timed(lambda: k.clone().state_key(), 200)
                                    - timed(k.clone, 200))
        if hasattr(g, "view"):
            figs["view"].append(timed(lambda: g.view(p), 200))
        if hasattr(g, "determinize"):
            rng = random.Random(1)
            figs["determinize"].append(timed(lambda: g.determinize(p, rng), 100))
    for name, xs in figs.items():
        if xs:
            print(f"{name:12s} median {statistics.median(xs) * 1e6:8.1f} µs")
    decisions = games = 0
    t = time.perf_counter()
    for i, g in enumerate(positions):
        for k in range(a.playouts):
            c = g.clone(seed=1000 * i + k)
            decisions += play(c, [RandomAgent(k), RandomAgent(k + 7)])
            games += 1
    dt = time.perf_counter() - t
    print(f"playouts     {games / dt:8.1f} /s  ({decisions / dt:,.0f} decisions/s, "
          f"{decisions / games:.0f} decisions per playout, {games} playouts)")


if __name__ == "__main__":
    main()
