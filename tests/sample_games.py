"""Random games of the sample decks, for tests that check an invariant at every decision."""
from __future__ import annotations

from mtg_ecs import Game, RandomAgent
from mtg_ecs.apps.simulate import load_deck

DECKS = ("green-red-beasts", "esper-fliers")


def decisions(seeds, until_turn: int | None = None, decks=DECKS, second: int = 7,
              most: int | None = None, after: bool = False, **options):
    """Each game of `seeds` at each of its decisions (before turn `until_turn`, the first
    `most`, where given): the caller looks, then the agent answers (with `after`, the
    other way round: each state an answer leads to, the last included, is seen).

    The agents are `RandomAgent(seed)` and `RandomAgent(seed + second)`; `decks` are deck
    names, or a function of the seed giving the players' card lists; `options` go to
    `Game.new` (log off and auto-pass on unless given). A game walked to its end is
    closed; one the caller stops in is left open for it to go on with."""
    options = {"log": False, "auto_pass": True, **options}
    named = None if callable(decks) else [load_deck(d).cards for d in decks]
    for seed in seeds:
        g = Game.new(named or decks(seed), seed=seed, **options)
        agents = [RandomAgent(seed), RandomAgent(seed + second)]
        n = 0
        while g.pending is not None and (until_turn is None or g.turn < until_turn) \
                and (most is None or n < most):
            if not after:
                yield g
            g.decide(agents[g.pending.player].act(g, g.pending))
            n += 1
            if after:
                yield g
        g.close()
