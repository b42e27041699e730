"""Where each player of a multiplayer game finished, and how many turns each took.

A `Standings` observer (`core.loop.Observer`, in the game's `observers`) watches a game as
it is played: whose turn each turn is (a player's own turns, CR 500.1), and when each
player leaves the game (CR 800.4: losing or conceding, 104.3). It only reads the game.

Finishing places (`places`) are competition ranks ("1224"): a player's place is 1 + the
number of players who finished ahead of them.
* The winner is first (104.2a).
* A game ending in a draw (104.4a: every remaining player lost at once; a turn, loop or
  decision limit) puts every player still in it first, sharing the place.
* Every player who left is behind every player still in the game when it ended; of two
  who left, the one who left later is ahead.
* Players seen leaving at the same moment share a place: the observer looks when a step
  begins and when an answer is accepted, so players who left in one state-based action
  check (704.3, several at 0 life) or between the same two of those moments tie.
"""
from __future__ import annotations

from mtg_ecs.core.loop import Observer


class Standings(Observer):
    """Each player's own turns (`turns`) and the moment they left (`left`: None while in
    the game; a larger number for a later leave) of the one game it watches."""

    def __init__(self, game):
        self.game = game
        n = len(game.players)
        self.turns = [0] * n
        self.left = [None] * n
        self.moments = 0
        if game.turn >= 1:
            self._count_turn(game)

    def _count_turn(self, game) -> None:
        a = game.active
        if a is None:
            return
        # a Two-Headed Giant team's turn is each of its players' (805.4a)
        for p in (next(t for t in game.teams if a in t) if game.teams else (a,)):
            if not game.players[p].lost:                 # 800.4j: a leaver's turn is nobody's
                self.turns[p] += 1

    def look(self, game) -> None:
        """Note the players who left since the last look."""
        seen = False
        for p in game.players:
            if p.lost and self.left[p.index] is None:
                if not seen:
                    self.moments += 1
                    seen = True
                self.left[p.index] = self.moments

    def step_began(self, game, before: tuple) -> None:
        if game is not self.game:
            return
        self.look(game)
        if game.turn != before[0]:
            self._count_turn(game)

    def answered(self, game, decision, answer) -> None:
        if game is self.game:
            self.look(game)

    def places(self) -> list:
        """Each player's finishing place (see the module's doc); call when the game is over."""
        self.look(self.game)
        # a rank per player: everyone still in the game 0, then the leavers, latest first
        last = self.moments + 1
        rank = [0 if t is None else last - t for t in self.left]
        return [1 + sum(1 for r in rank if r < mine) for mine in rank]

    def last_to_leave(self) -> list:
        """The players who left at the latest moment (whose leaving ended the game)."""
        self.look(self.game)
        if not self.moments:
            return []
        return [i for i, t in enumerate(self.left) if t == self.moments]


def standings_of(game) -> Standings | None:
    """The game's Standings observer, if it has one."""
    return next((o for o in game.observers if isinstance(o, Standings)), None)
