"""Whole-game throughput: random vs random on the reference vanilla decks
(bench/decks, copied from shared/bench), the workload other engines are compared on.

    pytest bench/test_bench_games.py --benchmark-enable
"""
from __future__ import annotations

import os

import yaml

from mtg_ecs.cards import get_card
from mtg_ecs.components.definitions import make_card
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent, play

HERE = os.path.join(os.path.dirname(__file__), "decks")


def _cards():
    with open(os.path.join(HERE, "vanilla-cards.yaml")) as f:
        return {c["name"]: make_card(c["name"], c["cost"], c["type"], pt=c["pt"], extra=True)
                for c in yaml.safe_load(f)}


def _deck(name, cards):
    out = []
    with open(os.path.join(HERE, name)) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            n, card = line.split(" ", 1)
            out += [cards.get(card) or get_card(card)] * int(n)
    return out


def play_games(n: int, seed: int = 0) -> int:
    cards = _cards()
    a, b = _deck("vanilla-gold.txt", cards), _deck("vanilla-silver.txt", cards)
    turns = 0
    for s in range(seed, seed + n):
        g = Game.new([a, b], seed=s, log=False, turn_limit=200, auto_pass=True)
        play(g, [RandomAgent(2 * s), RandomAgent(2 * s + 1)])
        assert g.over
        turns += g.turn
        g.close()
    return turns


def test_vanilla_random_games(benchmark):
    """10 random-vs-random games per round; games/s = 10 / mean."""
    turns = benchmark.pedantic(play_games, args=(10,), rounds=5, iterations=1)
    assert turns > 0


def play_sample_games(n: int, agent: str, seed: int = 0) -> int:
    """The embedded sample decks (green-red-beasts vs esper-fliers): real cards, with
    instants, triggers, activated abilities and flying."""
    from mtg_ecs.apps.simulate import load_deck, make_agent
    a, b = load_deck("green-red-beasts"), load_deck("esper-fliers")
    turns = 0
    for s in range(seed, seed + n):
        g = Game.new([a.cards, b.cards], seed=s, log=False, turn_limit=200, auto_pass=True)
        play(g, [make_agent(agent, 2 * s), make_agent(agent, 2 * s + 1)])
        assert g.over
        turns += g.turn
        g.close()
    return turns


def test_sample_decks_random_games(benchmark):
    """10 random-vs-random games of the sample decks per round."""
    turns = benchmark.pedantic(play_sample_games, args=(10, "random"), rounds=5, iterations=1)
    assert turns > 0


def test_sample_decks_heuristic_games(benchmark):
    """10 heuristic-vs-heuristic games of the sample decks per round."""
    turns = benchmark.pedantic(play_sample_games, args=(10, "heuristic"), rounds=5, iterations=1)
    assert turns > 0
