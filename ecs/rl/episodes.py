"""Where the adapters' episodes start and end.

A new episode is a new game whose seed is drawn from the adapter's own numpy RNG (seeded
by the adapter's `seed` or `reset(seed=...)`), so a seeded run deals the same games.

An episode ends as reinforcement-learning libraries tell it apart: a game the rules ended
(a win, a loss, a draw: terminated) or one stopped by a bound of the simulation (the turn
limit, the decision limit: truncated, its value unknown). In a multiplayer game a player's
episode ends when they are eliminated, the others playing on.
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


def eliminated(game, seat: int) -> bool:
    """Has the player lost, and every teammate (810.8a)? Then they have left the game
    (800.4a), their return -1 whatever the others do."""
    team = next((t for t in game.teams if seat in t), (seat,))
    return all(game.players[i].lost for i in team)
