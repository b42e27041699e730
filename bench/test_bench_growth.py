"""Per-game cost against board size: games where the boards only grow.

Both players play a land and cast what they can every turn and never attack or block
(`Builder`), so the battlefield grows to ~100 permanents by turn 90 on the vanilla decks
(bench/decks; each player's turn 45). The time of every decision is recorded with the
number of permanents on the battlefield when it was asked, and the time of every turn
with the permanents at its start; grouped by board size, the cost per decision and per
turn must grow linearly with the permanents (the rules look at each permanent a bounded
number of times per decision), never quadratically.

    pytest bench/test_bench_growth.py --benchmark-enable     # one growth game
    python bench/test_bench_growth.py [games] [turns]         # the table of bench/README.md
"""
from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from mtg_ecs import Game, Pass  # noqa: E402
from mtg_ecs.apps.agents import RandomAgent  # noqa: E402
from mtg_ecs.core.decisions import Cast, PlayLand  # noqa: E402
from mtg_ecs.systems.combat import legal_declaration  # noqa: E402

from test_bench_games import _cards, _deck  # noqa: E402


class Builder(RandomAgent):
    """Plays a land, then casts a spell whenever it can; never attacks or blocks (the
    least the rules allow); anything else as RandomAgent."""

    def act(self, game, d):
        if d.kind == "priority":
            lands = [a for a in d.options if isinstance(a, PlayLand)]
            if lands:
                return lands[0]
            casts = [a for a in d.options if isinstance(a, Cast)]
            if casts:
                return self.rng.choice(casts)
            return Pass()
        if d.kind in ("attackers", "blockers"):
            return legal_declaration(game, d, {})
        return super().act(game, d)


def vanilla_decks():
    cards = _cards()
    return [_deck("vanilla-gold.txt", cards), _deck("vanilla-silver.txt", cards)]


def effect_decks():
    """The vanilla decks with continuous effects: 4 Fervor (creatures you control have
    haste) for gold's 4 Test Ranger, 4 Master of the Pearl Trident (other Merfolk you
    control get +1/+1 and have islandwalk) for silver's 4 Test Behemoth. With one on the
    battlefield every change recomputes the layers (no patching)."""
    from mtg_ecs.cards import get_card
    gold, silver = vanilla_decks()
    gold = [get_card("Fervor") if c.name == "Test Ranger" else c for c in gold]
    silver = [get_card("Master of the Pearl Trident") if c.name == "Test Behemoth" else c
              for c in silver]
    return [gold, silver]


def growth_game(decks, seed: int, turns: int, record=None, record_turn=None):
    """Play a growth game to `turns`; `record(permanents, seconds)` for each decision,
    `record_turn(permanents at its start, seconds)` for each whole turn."""
    g = Game.new(decks, seed=seed, log=False, turn_limit=turns, auto_pass=True)
    agents = [Builder(2 * seed), Builder(2 * seed + 1)]
    clock = time.perf_counter
    turn, turn_n, turn_t = g.turn, len(g.battlefield), 0.0
    while g.pending is not None:
        d = g.pending
        answer = agents[d.player].act(g, d)
        n = len(g.battlefield)
        t0 = clock()
        g.decide(answer)
        t = clock() - t0
        if record is not None:
            record(n, t)
        turn_t += t
        if g.turn != turn:
            if record_turn is not None:
                record_turn(turn_n, turn_t)
            turn, turn_n, turn_t = g.turn, len(g.battlefield), 0.0
    return g


def test_growth_game_90_turns(benchmark):
    decks = vanilla_decks()
    g = benchmark.pedantic(growth_game, args=(decks, 1, 90), rounds=3, iterations=1)
    assert len(g.battlefield) >= 80


def test_growth_game_90_turns_with_effects(benchmark):
    decks = effect_decks()
    g = benchmark.pedantic(growth_game, args=(decks, 1, 90), rounds=3, iterations=1)
    assert len(g.battlefield) >= 80 and not g.chars_independent


def table(decks, games: int = 10, turns: int = 90, width: int = 10):
    """Per board-size bucket of `width` permanents: decisions, median µs per decision,
    turns, median µs per turn."""
    dec, trn = {}, {}
    for s in range(games):
        growth_game(decks, s, turns, lambda n, t: dec.setdefault(n // width, []).append(t),
                    lambda n, t: trn.setdefault(n // width, []).append(t))
    rows = []
    for b in sorted(dec):
        ds, ts = dec[b], trn.get(b, [0.0])
        rows.append((b * width, b * width + width - 1, len(ds), statistics.median(ds) * 1e6,
                     len(trn.get(b, ())), statistics.median(ts) * 1e6))
    return rows


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    turns = int(sys.argv[2]) if len(sys.argv) > 2 else 90
    for name, decks in (("vanilla", vanilla_decks()), ("with effects", effect_decks())):
        print(f"\n{name}\n")
        print("| permanents | decisions | median µs per decision | turns | median µs per turn |")
        print("|---|---|---|---|---|")
        for lo, hi, nd, med, nt, tmed in table(decks, games, turns):
            print(f"| {lo}-{hi} | {nd} | {med:.0f} | {nt} | {tmed:.0f} |")
