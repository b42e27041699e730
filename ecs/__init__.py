"""mtg-ecs: a Magic: The Gathering rules engine on esper.

The public API. Everything a script needs is importable from here:

    >>> from mtg_ecs import Game, IllegalAction, RandomAgent, play
    >>> game = Game.new([["Forest"] * 40, ["Forest"] * 40], seed=1, auto_pass=True)
    >>> game.pending.kind
    'starting_player'
    >>> play(game, [RandomAgent(1), RandomAgent(2)]).over
    True

The applications (agents, `play`, `simulate`) sit above the engine and are loaded on
first use, so importing a rules system never loads them.
"""
from mtg_ecs.game import Game, Player, EngineError  # noqa: F401
from mtg_ecs.core.decisions import (Decision, IllegalAction, PlayerRef, Pass, PlayLand,  # noqa: F401
                                    Cast, Activate, KINDS)

__all__ = ["Game", "Player", "EngineError", "Decision", "IllegalAction", "PlayerRef", "Pass",
           "PlayLand", "Cast", "Activate", "KINDS", "RandomAgent", "HeuristicAgent", "play",
           "simulate"]

# name -> module of the applications layer that defines it (PEP 562 lazy attributes)
_APPS = {"RandomAgent": "mtg_ecs.apps.agents", "HeuristicAgent": "mtg_ecs.apps.agents",
         "play": "mtg_ecs.apps.agents", "simulate": "mtg_ecs.apps.simulate"}


def __getattr__(name):
    module = _APPS.get(name)
    if module is None:
        raise AttributeError(f"module 'mtg_ecs' has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_APPS))
