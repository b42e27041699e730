"""What the engine runs, in order: the one table to read first.

The engine loop (`mtg_ecs.core.loop`) knows no rule; it runs what this module lists:

1. the top task of the agenda (casting, resolving, declaring attackers, ...), until it
   asks a player something or finishes;
2. with no task and nobody holding priority, the next step begins (`STEPS` below: its
   turn-based actions, then its task, then priority if players get it);
3. before a player would receive priority, the checks of `BEFORE_PRIORITY` run in order,
   from the first again each time one acts (CR 117.5);
4. then the player holding priority is asked (or passes by auto-pass).

    >>> [c.name for c in BEFORE_PRIORITY]
    ['removed from combat', 'state-based actions', 'triggered abilities go on the stack']
    >>> [s.name for s in STEPS if not s.priority]
    ['untap', 'cleanup']
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from mtg_ecs.systems import combat, durations, phasing, priority, sba, triggers, turn, untap


class Check(NamedTuple):
    """Something that happens before a player receives priority, if `due`."""
    name: str
    rule: str
    due: Callable            # (game) -> bool: could it apply now? (cheap)
    run: Callable            # (game) -> bool: did it do anything?


class Step(NamedTuple):
    """A step of the turn: its turn-based actions (run in order as it begins, before the
    'beginning of step' event), the task that carries out its turn-based action when
    that needs players' choices, and whether players receive priority in it."""
    name: str
    rule: str
    actions: tuple = ()      # (game) -> None each, run as the step begins
    task: Callable | None = None    # () -> Task, put on the agenda after the event
    priority: bool = True


# CR 117.5: each time a player would receive priority, state-based actions are checked
# (704.3), then triggered abilities that triggered since are put on the stack (603.3b);
# this repeats until neither does anything.
BEFORE_PRIORITY: tuple[Check, ...] = (
    # CR 506.4: whatever stopped being a creature (or a planeswalker being attacked) by
    # now is removed from combat first, so nothing sees it still attacking
    Check("removed from combat", "506.4", combat.removal_due, combat.removal_check),
    Check("state-based actions", "704.3", sba.due, sba.check),
    Check("triggered abilities go on the stack", "603.3b", triggers.due, triggers.put_on_stack),
)

# CR 500-514: the steps of a turn in order. A step that no rule skips (508.8, 510.4,
# 614.10) begins with its turn-based actions.
STEPS: tuple[Step, ...] = (
    Step("untap", "502", actions=(turn.start_of_turn_bookkeeping, durations.your_next_turn_began,
                                  phasing.phase_in_untap_step, untap.untap_turn_based_action),
         priority=False),                                          # 502.4: no priority
    Step("upkeep", "503"),
    Step("draw", "504", actions=(turn.draw_for_turn,)),            # 504.1, 103.8a
    Step("main1", "505"),
    Step("beginning_of_combat", "507"),
    Step("declare_attackers", "508", task=combat.DeclareAttackersTask),
    Step("declare_blockers", "509", task=combat.DeclareBlockersTask),
    Step("first_strike_damage", "510.4", task=combat.first_strike_damage_task),
    Step("combat_damage", "510", task=combat.combat_damage_task),
    Step("end_of_combat", "511"),                                  # 511.3: at its end
    Step("main2", "505"),
    Step("end", "513"),
    Step("cleanup", "514", task=turn.CleanupTask, priority=False),  # 514.3a: unless
)
STEP_NAMES = tuple(s.name for s in STEPS)
STEP_INDEX = {s.name: i for i, s in enumerate(STEPS)}


def nothing_due(game) -> bool:
    """No check of BEFORE_PRIORITY is due: `combat.removal_due`, `sba.due` and
    `triggers.due` all false, read at once (tests/test_pipeline_fast.py holds them equal)."""
    if game.sba_clean == game.sversion and not game.pending_triggers:
        done = game.combat_checked          # (compared by item: no tuple made, ints compared)
        if done is not None and done[0] == game.cversion and done[1] == game.bversion:
            return True
    return False


class Pipeline:
    """The rules the core loop runs (its `Rules` protocol), built from the tables above.
    Its tables are the instance's own attributes, not the class's: the interpreter reads
    an instance's attribute at a fraction of the cost of a class attribute read through
    an instance, and the step machinery reads them at every step."""

    def __init__(self):
        self.before_priority = BEFORE_PRIORITY
        # what each step does as it begins (`turn.begin_step`), as plain tuples (unpacked
        # faster than a Step)
        self.begins = {s.name: (s.actions, s.task, s.priority) for s in STEPS}
        self.step_names = STEP_NAMES
        self.following = dict(zip(STEP_NAMES, STEP_NAMES[1:]))  # the step after each, in order
        # the steps `passes` may find nothing would happen in: priority, but no turn-based
        # action, no task, no main phase
        self.passable = frozenset(s.name for s in STEPS if s.priority and not s.actions
                                  and s.task is None and s.name not in priority.MAIN_PHASES)
        # the systems' functions themselves (no wrapper call in between; the instance's, as
        # a staticmethod read through an instance is never specialised either)
        self.priority_decision = priority.decision
        self.only_pass = priority.only_pass
        self.pass_priority = priority.pass_priority
        self.auto_pass_round = priority.auto_pass_round
        self.needs_rewind = priority.needs_rewind
        self.take_action = priority.take_action
        self.next_step = turn.next_step     # (the steps, and those gone through at once)
        self.own_checks = BEFORE_PRIORITY   # (`turn.next_step`: are the checks these?)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name == "before_priority":       # (a harness's checks: `nothing_due` follows them)
            object.__setattr__(self, "nothing_due", self.quick_due())

    def quick_due(self):
        """`nothing_due` while the checks before priority are those of BEFORE_PRIORITY (or
        some of them: then nothing due among all is nothing due among those); else None.
        The loop reads it as the attribute `nothing_due`, set whenever `before_priority` is
        (no call a run of the loop)."""
        checks = self.before_priority
        if checks is BEFORE_PRIORITY or all(any(c is k for k in BEFORE_PRIORITY) for c in checks):
            return nothing_due
        return None

    def passes(self, game) -> bool:
        """Outside a main phase (no sorcery timing, 117.1a), the current step, or one of
        `passable` about to begin, would end at once, nothing happening: nothing hears a
        step begin (no ability triggers, 503.1a; no log, no observer: they hear every
        step), the stack is empty, nothing is due before priority (117.5: `nothing_due`,
        inline) and, with auto-pass, every player only passes in succession (117.4:
        `priority.everyone_idle`, the quiet cache read inline when current; the players'
        answers read no step, so a step about to begin is asked about before).
        `turn.next_step` then goes on to the step after a passable one, without beginning
        it (500.2). Asked only with auto-pass, no observer and these checks before
        priority (`turn.next_step`'s `at_once`: otherwise no step passes)."""
        if game.agenda or game.stack:
            return False
        b = game.board                      # (Game.hears, with the board current)
        if b is None or "step_begin" in b.watch or game.log_enabled \
                or game.event_batch is not None or game.delayed:
            return False
        if game.sba_clean != game.sversion or game.pending_triggers:
            return False
        done = game.combat_checked
        if done is None or done[0] != game.cversion or done[1] != game.bversion:
            return False
        quiet = game.quiet_cache
        if quiet[0] == game.cversion and quiet[1] == game.zversion and (
                quiet[2] or quiet[4] and not game.teams and not game.play_permissions):
            return True                 # (everyone_idle's first answers, inline: the stack is empty)
        if game.play_permissions:
            # an end step beginning ends some permissions and drops spent ones
            # (`permissions.end_step_began`), some of which no player's check reads (a
            # player's who left the game): gone through only with every player quiet
            return priority.everyone_quiet(game)
        return priority.everyone_idle(game)


PIPELINE = Pipeline()
