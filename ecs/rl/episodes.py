"""Where the adapters' episodes start and end.

A new episode is a new game whose seed is drawn from the adapter's own numpy RNG (seeded
by the adapter's `seed` or `reset(seed=...)`), so a seeded run deals the same games.

An episode ends as reinforcement-learning libraries tell it apart: a game the rules ended
(a win, a loss, a draw: terminated) or one stopped by a bound of the simulation (the turn
limit, the decision limit: truncated, its value unknown).
"""
from __future__ import annotations

SEED_BOUND = 2 ** 31
# end reasons that are bounds of the simulation, not rules (ecs/apps/simulate.py)
BOUNDS = frozenset({"turn limit", "decision limit"})


def new_seed(rng) -> int:
    """A game's seed from an adapter's numpy Generator."""
    return int(rng.integers(SEED_BOUND))


def truncated(game) -> bool:
    """Did the game end at a bound of the simulation rather than by the rules?"""
    return game.over and game.end_reason in BOUNDS
