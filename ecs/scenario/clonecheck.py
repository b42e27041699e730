"""Clone checking for scenario runs: before every answer given to a game, a clone
(`Game.clone`) is taken and given the same answer; both must accept or refuse it
alike, and be equal after it (`ecs.state.state_hash`). A scenario reaches the rare
choices of its cards (a copy's new targets, a replacement's order, a divided
damage), where a task's progress could be shared with a clone instead of copied.

    mtg-ecs scenario --clone-check tests/scenarios
"""
from __future__ import annotations

import contextlib


class CloneMismatch(AssertionError):
    pass


@contextlib.contextmanager
def clone_checking():
    """While active, every `Game.decide` is checked against a clone; a difference
    raises CloneMismatch (from the `decide` that showed it). Yields a dict counting
    the decisions checked."""
    from ecs.decisions import IllegalAction
    from ecs.game import Game
    from ecs.state import state_hash
    real = Game.decide
    stats = {"checked": 0}
    busy = [False]

    def decide(self, answer):
        if busy[0] or self.pending is None:
            return real(self, answer)
        busy[0] = True
        try:
            twin = self.clone()
        finally:
            busy[0] = False
        try:
            try:
                real(self, answer)
            except IllegalAction as ex:
                busy[0] = True
                try:
                    real(twin, answer)
                except IllegalAction:
                    pass
                else:
                    raise CloneMismatch(f"a clone accepted {answer!r}, which the game refused "
                                        f"({ex})") from None
                finally:
                    busy[0] = False
                raise
            busy[0] = True
            try:
                real(twin, answer)
            except IllegalAction as ex:
                raise CloneMismatch(f"a clone refused {answer!r}, which the game accepted: "
                                    f"{ex}") from None
            finally:
                busy[0] = False
            if state_hash(twin) != state_hash(self):
                raise CloneMismatch(f"a clone given {answer!r} differs from the game after it")
            stats["checked"] += 1
        finally:
            twin.close()

    Game.decide = decide
    try:
        yield stats
    finally:
        Game.decide = real
