"""mtg-ecs: a Magic: The Gathering rules engine on esper.

    >>> from ecs import Game
    >>> game, handles = Game.from_setup({"players": [{"battlefield": ["Mountain"]}, {}]})
    >>> game.pending.kind
    'priority'
"""
from ecs.game import Game, Player  # noqa: F401
from ecs.decisions import (Decision, IllegalAction, PlayerRef, Pass, PlayLand, Cast,  # noqa: F401
                           Activate)

__all__ = ["Game", "Player", "Decision", "IllegalAction", "PlayerRef", "Pass", "PlayLand",
           "Cast", "Activate"]
