"""Search agents on views and determinization (issue 17, item 7): they finish games, their
choices depend only on what their player may know, and (slow run) the flat Monte-Carlo
agent beats RandomAgent over 100 games."""
from __future__ import annotations

import random

import pytest

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.apps.search import FlatMonteCarloAgent, ISMCTSAgent
from mtg_ecs.apps.stats import wilson

GREEN = ["Forest"] * 17 + ["Centaur Courser"] * 12 + ["Giant Growth"] * 11
RED = ["Mountain"] * 17 + ["Lightning Bolt"] * 12 + ["Goblin Piker"] * 11


def match(make, games: int, seed: int = 0) -> int:
    """Games the search agent wins against RandomAgent, seats and decks alternating."""
    wins = 0
    for s in range(seed, seed + games):
        me = s % 2
        decks = [GREEN, RED] if s % 4 < 2 else [RED, GREEN]
        g = Game.new(decks, seed=s, auto_pass=True, log=False)
        agents = [RandomAgent(s + 100)] * 2
        agents[me] = make(s)
        play(g, agents)
        assert g.over
        wins += g.winner == me
        g.close()
    return wins


@pytest.mark.parametrize("make", [lambda s: FlatMonteCarloAgent(playouts=1, seed=s),
                                  lambda s: ISMCTSAgent(iterations=4, seed=s)])
def test_search_agents_play_whole_games(make):
    assert match(make, 2) in (0, 1, 2)


def _position(seed):
    g = Game.new([GREEN, RED], seed=seed, auto_pass=True, log=False)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while g.turn < 5 and g.pending is not None:
        g.decide(agents[g.pending.player].act(g.view(g.pending.player), g.pending))
    while g.pending is not None and len(g.pending.options) < 2:
        g.decide(agents[g.pending.player].act(g.view(g.pending.player), g.pending))
    return g


@pytest.mark.parametrize("make", [lambda: FlatMonteCarloAgent(playouts=3, seed=4),
                                  lambda: ISMCTSAgent(iterations=12, seed=4)])
def test_a_search_agent_chooses_the_same_whatever_the_cards_it_cannot_see(make):
    """The same view (a game, or a determinization of it for the deciding player) gives the
    same answer: the agent searches what its player knows, not the real hidden cards."""
    for seed in range(3):
        g = _position(seed)
        p = g.pending.player
        other = g.determinize(p, random.Random(seed))
        assert make().act(g.view(p), g.pending) == make().act(other.view(p), other.pending)


@pytest.mark.slow
def test_flat_monte_carlo_beats_random_over_100_games():
    """bench/README.md: the figure, with its 95% Wilson interval."""
    wins = match(lambda s: FlatMonteCarloAgent(playouts=4, seed=s), 100)
    low, high = wilson(wins, 100)
    print(f"flat Monte-Carlo vs random: {wins}/100, 95% interval {low:.2f}-{high:.2f}")
    assert low > 0.5
