"""mtg-ecs: a Magic: The Gathering rules engine on esper.

The public API. Everything a script needs is importable from here:

    >>> from mtg_ecs import Game, IllegalAction, RandomAgent, play
    >>> game = Game.new([["Forest"] * 40, ["Forest"] * 40], seed=1, auto_pass=True)
    >>> game.pending.kind
    'mulligan'
    >>> decisions = play(game, [RandomAgent(1), RandomAgent(2)])
    >>> game.over
    True

The applications (agents, `play`, `simulate`) sit above the engine and are loaded on
first use, so importing a rules system never loads them; type checkers see them through
the TYPE_CHECKING imports below (the package is typed: `py.typed`, PEP 561).
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from mtg_ecs.core.lazy import lazy_attributes
from mtg_ecs.game import Game, Player, EngineError  # noqa: F401
from mtg_ecs.core.decisions import (Decision, IllegalAction, PlayerRef, Pass, PlayLand,  # noqa: F401
                                    Cast, Activate, KINDS)

__all__ = ["Game", "Player", "EngineError", "Decision", "IllegalAction", "PlayerRef", "Pass",
           "PlayLand", "Cast", "Activate", "KINDS", "RandomAgent", "HeuristicAgent", "play",
           "simulate"]

if TYPE_CHECKING:
    from mtg_ecs.apps.agents import HeuristicAgent, RandomAgent, play
    from mtg_ecs.apps.simulate import simulate

# name -> module of the applications layer that defines it (PEP 562 lazy attributes)
_APPS = {"RandomAgent": "mtg_ecs.apps.agents", "HeuristicAgent": "mtg_ecs.apps.agents",
         "play": "mtg_ecs.apps.agents", "simulate": "mtg_ecs.apps.simulate"}
__getattr__, __dir__ = lazy_attributes(__name__, _APPS)
