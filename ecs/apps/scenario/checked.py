"""Checked decisions: while `checked_decisions()` is active, every game made (through
`Game()`: `Game.new`, `Game.from_setup`, unpickling) is observed by a `CheckedDecisions`
(a `core.loop.Observer`: nothing of the engine is replaced), and so are its clones.
Every answer given to such a game (`Game.decide`) is also given to a clone taken just
before it, and the fuzzer's invariants (ecs/apps/fuzz.py) are checked after it:

* the clone accepts or refuses the answer like the game, and is equal after it
  (`mtg_ecs.core.hashing.state_hash`): no progress of a choice is shared instead of copied;
* every object in exactly one zone, one object per card (400.7), no negative counters
  or damage (`scan_objects`);
* the characteristics served equal a from-scratch layer pass (613, `check_chars`);
* at a priority decision: no state-based action left to perform (704.3, `check_sba`),
  and the offered actions equal a computation with every cache empty;
* before it, the built-in agents (`RandomAgent`, `HeuristicAgent`), each on a clone
  (given their player's view of it), find a legal answer within the tries `play()` gives them: a simulation never stops
  at a decision its agents can't answer.

Scenario files reach the rare choices and interactions of their cards (a copy's new
targets, replacement order, layer dependencies), which random games meet seldom:

    mtg-ecs scenario --check tests/scenarios
    MTG_CHECK=1 python -m pytest              # every test's games
"""
from __future__ import annotations

import contextlib

from mtg_ecs.core.loop import Observer, observe_new_games


class CheckFailure(AssertionError):
    pass


def agents_answer(g) -> str | None:
    """Each built-in agent, on its own clone of `g` (unobserved), answers `g.pending`
    until an answer is accepted (at most REFUSALS_ALLOWED tries, as in `play()`).
    Returns why one couldn't, or None."""
    from mtg_ecs.apps.agents import REFUSALS_ALLOWED, HeuristicAgent, RandomAgent, seen_by
    from mtg_ecs.core.decisions import IllegalAction
    seed = g.turn * 1009 + g.changes
    for agent in (RandomAgent(seed), HeuristicAgent(seed)):
        twin = g.clone()
        twin.observers = ()
        try:
            last = None
            for _ in range(REFUSALS_ALLOWED):
                try:
                    d = twin.pending
                    twin.decide(agent.act(seen_by(agent, twin, d.player), d))
                    break
                except IllegalAction as ex:
                    last = ex
            else:
                return f"{type(agent).__name__} found no legal answer to {g.pending}: {last}"
        finally:
            twin.close()
    return None


def _invariants(g) -> list:
    from mtg_ecs.apps import fuzz
    zone_errs, _, card_errs, value_errs = fuzz.scan_objects(g)
    errs = zone_errs + card_errs + value_errs + fuzz.check_chars(g)
    d = g.pending
    if d is not None and d.kind == "priority":
        errs += fuzz.check_sba(g) + fuzz.check_actions(g, d)
    return errs


class CheckedDecisions(Observer):
    """The checks above, as hooks of the decision door (`core.loop.decide`): before an
    answer, the agents' check (once per decision) and a twin (an unobserved clone);
    after it, the twin given the same answer and the invariants. A violation raises
    CheckFailure from the `decide` that showed it. `stats` counts the answers checked
    and the kinds of decision met."""

    def __init__(self):
        self.stats = {"checked": 0, "kinds": set()}
        self.asked = None            # the last decision put to the agents
        self.twins = {}              # id(game) -> (game, its twin) while an answer is given

    def deciding(self, game, decision, answer):
        self._drop(game)             # a twin left by a decide that crashed
        if decision is not self.asked:      # once per decision, not per refused answer
            self.asked = decision
            why = agents_answer(game)
            if why is not None:
                raise CheckFailure(why)
            self.stats["kinds"].add(decision.kind)
        twin = game.clone()
        twin.observers = ()          # the twin's own decide and the checks run unchecked
        self.twins[id(game)] = (game, twin)

    def refused(self, game, decision, answer, error):
        from mtg_ecs.core.decisions import IllegalAction
        twin = self._take(game)
        try:
            twin.decide(answer)
        except IllegalAction:
            return
        finally:
            twin.close()
        raise CheckFailure(f"a clone accepted {answer!r}, which the game refused ({error})") \
            from None

    def answered(self, game, decision, answer):
        from mtg_ecs.core.decisions import IllegalAction
        from mtg_ecs.core.hashing import state_hash, state_difference
        twin = self._take(game)
        try:
            try:
                twin.decide(answer)
            except IllegalAction as ex:
                raise CheckFailure(f"a clone refused {answer!r}, which the game accepted: "
                                   f"{ex}") from None
            if state_hash(twin) != state_hash(game):
                raise CheckFailure(f"a clone given {answer!r} differs from the game after it"
                                   f" ({state_difference(twin, game)})")
        finally:
            twin.close()
        errs = _invariants(game)
        if errs:
            raise CheckFailure(f"after {answer!r}: " + "; ".join(errs[:3]))
        self.stats["checked"] += 1

    def _take(self, game):
        return self.twins.pop(id(game))[1]

    def _drop(self, game):
        left = self.twins.pop(id(game), None)
        if left is not None:
            left[1].close()

    def close(self):
        """Free the twins of answers that never came back (an engine crash)."""
        while self.twins:
            self.twins.popitem()[1][1].close()


@contextlib.contextmanager
def checked_decisions():
    """Check every decision of every game made in the block, as above; a violation
    raises CheckFailure from the `decide` that showed it. Yields a dict counting the
    answers checked."""
    checker = CheckedDecisions()
    try:
        with observe_new_games(checker):
            yield checker.stats
    finally:
        checker.close()
