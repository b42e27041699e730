"""Checked decisions: while `checked_decisions()` is active, every answer given to a
game (`Game.decide`) is also given to a clone taken just before it, and the fuzzer's
invariants (ecs/fuzz.py) are checked after it:

* the clone accepts or refuses the answer like the game, and is equal after it
  (`mtg_ecs.core.hashing.state_hash`): no progress of a choice is shared instead of copied;
* every object in exactly one zone, one object per card (400.7), no negative counters
  or damage (`scan_objects`);
* the characteristics served equal a from-scratch layer pass (613, `check_chars`);
* at a priority decision: no state-based action left to perform (704.3, `check_sba`),
  and the offered actions equal a computation with every cache empty;
* before it, the built-in agents (`RandomAgent`, `HeuristicAgent`), each on a clone,
  find a legal answer within the tries `play()` gives them: a simulation never stops
  at a decision its agents can't answer.

Scenario files reach the rare choices and interactions of their cards (a copy's new
targets, replacement order, layer dependencies), which random games meet seldom:

    mtg-ecs scenario --check tests/scenarios
    MTG_CHECK=1 python -m pytest              # every test's games
"""
from __future__ import annotations

import contextlib


class CheckFailure(AssertionError):
    pass


def agents_answer(g, real_decide) -> str | None:
    """Each built-in agent, on its own clone of `g`, answers `g.pending` until an answer
    is accepted (at most REFUSALS_ALLOWED tries, as in `play()`). Returns why one
    couldn't, or None. `real_decide` is the unchecked `Game.decide`."""
    from mtg_ecs.apps.agents import REFUSALS_ALLOWED, HeuristicAgent, RandomAgent
    from mtg_ecs.core.decisions import IllegalAction
    seed = g.turn * 1009 + g._v
    for agent in (RandomAgent(seed), HeuristicAgent(seed)):
        twin = g.clone()
        try:
            last = None
            for _ in range(REFUSALS_ALLOWED):
                try:
                    real_decide(twin, agent.act(twin, twin.pending))
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


@contextlib.contextmanager
def checked_decisions():
    """Check every `Game.decide` as above; a violation raises CheckFailure from the
    `decide` that showed it. Yields a dict counting the answers checked."""
    from mtg_ecs.core.decisions import IllegalAction
    from mtg_ecs.game import Game
    from mtg_ecs.core.hashing import state_hash, state_difference
    real = Game.decide
    stats = {"checked": 0, "kinds": set()}
    inside = [False]                 # the clone's own decide and the checks run unchecked
    asked = [None]                   # the last decision put to the agents

    def twin_decides(twin, answer):
        inside[0] = True
        try:
            real(twin, answer)
        finally:
            inside[0] = False

    def decide(self, answer):
        if inside[0] or self.pending is None:
            return real(self, answer)
        inside[0] = True
        try:
            if self.pending is not asked[0]:      # once per decision, not per refused answer
                asked[0] = self.pending
                why = agents_answer(self, real)
                if why is not None:
                    raise CheckFailure(why)
                stats["kinds"].add(self.pending.kind)
            twin = self.clone()
        finally:
            inside[0] = False
        try:
            try:
                real(self, answer)
            except IllegalAction as ex:
                try:
                    twin_decides(twin, answer)
                except IllegalAction:
                    raise ex from None
                raise CheckFailure(f"a clone accepted {answer!r}, which the game refused "
                                   f"({ex})") from None
            try:
                twin_decides(twin, answer)
            except IllegalAction as ex:
                raise CheckFailure(f"a clone refused {answer!r}, which the game accepted: "
                                   f"{ex}") from None
            if state_hash(twin) != state_hash(self):
                raise CheckFailure(f"a clone given {answer!r} differs from the game after it"
                                   f" ({state_difference(twin, self)})")
            inside[0] = True
            try:
                errs = _invariants(self)
            finally:
                inside[0] = False
            if errs:
                raise CheckFailure(f"after {answer!r}: " + "; ".join(errs[:3]))
            stats["checked"] += 1
        finally:
            twin.close()

    Game.decide = decide
    try:
        yield stats
    finally:
        Game.decide = real
