"""Core engine benchmarks (pytest-benchmark), outside the default test run:

    pytest bench --benchmark-enable

* one full state-based-action + layer pass with 10, 100 and 1000 permanents
  (cost must grow linearly with the permanents);
* combat damage with 10 and 100 attackers;
* cloning a mid-game state (Monte-Carlo search clones constantly): a set-up position,
  and a seeded random vanilla game at turn 9 (issue 13's target: at most 40 µs).
"""
from __future__ import annotations

import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.systems import sba
from mtg_ecs.systems.layers import compute_battlefield


def _board(n: int):
    """n permanents: lands, vanilla creatures, Merfolk under two lords (layer 6/7c
    effects), Fervor (layer 6 for all) and an equipped creature."""
    mine, theirs = [], []
    for i in range(n):
        k = i % 10
        if k < 4:
            mine.append("Forest" if i % 2 else "Island")
        elif k < 6:
            mine.append("Centaur Courser")
        elif k < 8:
            mine.append("Scroll Thief")
        elif k == 8:
            theirs.append("Serra Angel")
        else:
            theirs.append("Mountain")
    mine[:2] = ["Master of the Pearl Trident", "Fervor"] if n >= 2 else mine[:2]
    setup = {"players": [{"battlefield": mine, "library": ["Island"] * 5},
                         {"battlefield": theirs, "library": ["Island"] * 5}]}
    game, _ = Game.from_setup(setup, log=False)
    return game


def _full_pass(game):
    game.version += 1                 # invalidate: recompute every layer and check every SBA
    game.sba_clean = -1
    chars = compute_battlefield(game)
    game.chars_cache, game.chars_version = chars, game.cversion
    sba.check(game)
    return chars


@pytest.mark.parametrize("n", [10, 100, 1000])
def test_sba_and_layers_pass(benchmark, n):
    game = _board(n)
    chars = benchmark(_full_pass, game)
    assert len(chars) == n


@pytest.mark.parametrize("n", [10, 100])
def test_combat_damage(benchmark, n):
    """From the last passes of the declare blockers step to priority in the combat
    damage step: the damage plan and all damage dealt at once (CR 510.2)."""
    base = _combat_game_at_blockers(n)

    def one():
        g = base.clone()
        g.decide(Pass())
        g.decide(Pass())
        return g
    g = benchmark(one)
    assert g.step == "combat_damage"


def _combat_game_at_blockers(n):
    att = [{"card": "Centaur Courser", "id": f"a{i}"} for i in range(n)]
    blk = [{"card": "Centaur Courser", "id": f"b{i}"} for i in range(n // 2)]
    setup = {"players": [{"battlefield": att, "library": ["Island"] * 5},
                         {"battlefield": blk, "library": ["Island"] * 5, "life": 10000}]}
    game, handles = Game.from_setup(setup, log=False)
    while game.pending.kind == "priority":
        game.decide(Pass())
    atk = {a: ds[0] for a, ds in game.pending.options}
    game.decide(atk)
    while game.pending.kind == "priority":
        game.decide(Pass())
    opts = [b for b, _ in game.pending.options]
    attackers = list(atk)
    game.decide({b: attackers[i] for i, b in enumerate(opts)})
    assert game.step == "declare_blockers" and game.pending.kind == "priority"
    return game


def test_clone_mid_game(benchmark):
    """A mid-game state: 60-card libraries, hands, a dozen permanents each side."""
    lib = ["Forest", "Centaur Courser", "Island", "Wind Drake"] * 12
    setup = {"players": [
        {"battlefield": ["Forest"] * 6 + ["Centaur Courser", "Serra Angel", "Fervor",
                                          "Master of the Pearl Trident", "Scroll Thief", "Kitesail"],
         "hand": ["Titanic Growth", "Searing Spear", "Divination", "Unsummon"], "library": lib},
        {"battlefield": ["Island"] * 6 + ["Wind Drake", "Deadly Recluse", "Primal Huntbeast",
                                          "Crimson Muckwader", "Swamp", "Arbor Elf"],
         "hand": ["Fog", "Essence Scatter", "Erase"], "library": lib}]}
    game, _ = Game.from_setup(setup, log=False)
    c = benchmark(game.clone)
    assert len(c.battlefield) == len(game.battlefield)


def vanilla_mid_game(seed: int = 3, turn: int = 9):
    """A seeded random vanilla game (bench decks, RandomAgent, auto-pass, log off) played
    to the first decision of `turn`: seed 3 has 12 permanents and 120 objects then."""
    import os
    import sys
    sys.path.insert(0, os.path.dirname(__file__))
    from test_bench_games import _cards, _deck
    from mtg_ecs.apps.agents import RandomAgent
    cards = _cards()
    a, b = _deck("vanilla-gold.txt", cards), _deck("vanilla-silver.txt", cards)
    g = Game.new([a, b], seed=seed, log=False, turn_limit=200, auto_pass=True)
    agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
    while g.pending is not None and g.turn < turn:
        d = g.pending
        g.decide(agents[d.player].act(g, d))
    return g


def test_clone_vanilla_turn9(benchmark):
    """Game.clone() of a random vanilla game at turn 9 (12 permanents, log off)."""
    game = vanilla_mid_game()
    assert game.turn == 9 and len(game.battlefield) == 12
    c = benchmark(game.clone)
    assert c.battlefield == game.battlefield and c.world.ents == game.world.ents


def test_clone_and_play_on_vanilla_turn9(benchmark):
    """A search step: clone the turn-9 game and play 10 random decisions on the clone
    (what the clone saved by sharing, its first writes pay back)."""
    from mtg_ecs.apps.agents import RandomAgent
    game = vanilla_mid_game()

    def step():
        c = game.clone()
        agents = [RandomAgent(1), RandomAgent(2)]
        for _ in range(10):
            d = c.pending
            if d is None:
                break
            c.decide(agents[d.player].act(c, d))
        return c
    c = benchmark(step)
    assert c.turn >= 9
