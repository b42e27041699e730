"""Random games of the sample decks, for tests that check an invariant at every decision."""
from __future__ import annotations

from mtg_ecs import Game, RandomAgent
from mtg_ecs.apps.simulate import load_deck

DECKS = ("green-red-beasts", "esper-fliers")


def decisions(seeds, until_turn: int, decks=DECKS):
    """Each game of `seeds` (random agents) at each of its decisions before turn
    `until_turn`: the caller looks, then the agent answers; each game is closed at its end."""
    cards = [load_deck(d).cards for d in decks]
    for seed in seeds:
        g = Game.new(cards, seed=seed, log=False, auto_pass=True)
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        try:
            while g.pending is not None and g.turn < until_turn:
                yield g
                g.decide(agents[g.pending.player].act(g, g.pending))
        finally:
            g.close()
