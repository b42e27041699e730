"""The engine loop and the one decision door, against a rules protocol.

The loop knows no rule of Magic: the game carries the rules it runs as
`game.pipeline` (`Rules` below; the real one is `mtg_ecs.systems.pipeline.PIPELINE`,
whose tables say what runs in which order). Work in progress is a stack of tasks
(`Task`); a task asks players through `Decision`s and takes their answers.

Observers (`game.observers`, `Observer` below) are told when a step ends and begins, and
before and after each answer; test harnesses (fuzz, checked decisions) attach there
instead of replacing functions. With no observer (every game but a harness's) the loop
pays one test of an empty tuple per step change and per answer. `observe_new_games`
attaches an observer to every game made while it is active.
"""
from __future__ import annotations

import contextlib
import threading
from typing import Any, Protocol, runtime_checkable

from mtg_ecs.core.decisions import Decision, IllegalAction, KINDS

# what an answer of the wrong shape (a dict for a list, ...) raises where it is read: an
# illegal answer too
MALFORMED = (TypeError, ValueError, KeyError, IndexError, AttributeError)

LOOP_LIMIT = 200_000      # engine steps without any decision: a mandatory loop (104.4b)
_TICKS = range(LOOP_LIMIT)   # (an iterator of it for each run: `iter` is a fast call, where
                             # `itertools.repeat(True, n)` parses its arguments)


class EngineError(RuntimeError):
    """The engine reached a state the rules don't allow (a bug, never a player error)."""


@runtime_checkable
class Task(Protocol):
    """Work in progress on `game.agenda` (casting, resolving, declaring attackers, ...).

    `run` goes on until it needs a player's choice (it returns the `Decision`) or is done
    (None: it is taken off the agenda). `answer` takes a player's answer to the decision
    `run` returned, raising `IllegalAction` before changing anything if it is illegal.
    `copy` gives an independent copy for a clone of the game (no progress shared).
    `needs_rewind`: an answer may fail part-way, so the game is rewound from a clone.
    Optional: `player_left(game, player) -> bool`, told when a player leaves the game
    (800.4a, systems/leaving.py): True ends the task (what that player was doing) with the
    tasks above it."""

    needs_rewind: bool

    def run(self, game) -> Decision | None: ...

    def answer(self, game, decision: Decision, answer: Any) -> None: ...

    def copy(self) -> "Task": ...


class Rules(Protocol):
    """What the loop runs (`mtg_ecs.systems.pipeline.Pipeline`)."""

    before_priority: tuple    # Check(name, rule, due(game), run(game) -> bool), in order
    nothing_due: Any          # (game) -> bool: no check of `before_priority` is due, all read
                              # at once; or None (then each check's `due` is asked)

    def next_step(self, game) -> None: ...

    def priority_decision(self, game, player: int) -> Decision: ...

    def only_pass(self, game, player: int) -> bool: ...

    def pass_priority(self, game, player: int) -> None: ...

    def auto_pass_round(self, game, player: int) -> int | None:
        """Pass for `player` and the players after them while passing is all they can
        do; the player to ask, or None when the round ended (117.4)."""

    def needs_rewind(self, action) -> bool: ...

    def take_action(self, game, player: int, action) -> None: ...


class Observer:
    """Hooks of the loop; subclass and override what you need, add to `game.observers`
    (a tuple: `game.observers += (o,)`).

    A clone shares its game's observers (the copy rule of the field, core/state.py): a
    clone of an observed game is observed too (a checked game's clones are checked). A
    rewind (`Game.adopt`) keeps the game's own observers, whenever its clone was taken.
    Every hook is given the game, so an observer that follows one game compares `game is`
    its own; a harness that wants an unobserved clone sets `clone.observers = ()`. A hook
    may raise to stop the game (a harness's failure)."""

    def step_ending(self, game) -> None:
        """The current step is about to end (500.2), before its mana empties."""

    def step_began(self, game, before: tuple) -> None:
        """The game moved on from (turn, step) `before` to the current step."""

    def deciding(self, game, decision: Decision, answer: Any) -> None:
        """`answer` is about to be given to the pending `decision` (nothing changed yet)."""

    def answered(self, game, decision: Decision, answer: Any) -> None:
        """`answer` to `decision` was accepted, and the game went on to its next decision."""

    def refused(self, game, decision: Decision, answer: Any, error: IllegalAction) -> None:
        """`answer` to `decision` was refused with `error` (raised after this), the game
        as it was before (or back at the priority decision of a reversed action, 601.2)."""


# -- observers of new games (declared hook for harnesses) ---------------------------------
_NEW_GAME_OBSERVERS: list = []      # attached to every game made (Game()), in order
_NEW_GAME_LOCK = threading.Lock()


def new_game_observers() -> tuple:
    """The observers a game made now starts with (`Game.__init__`; a clone shares its
    game's instead)."""
    return tuple(_NEW_GAME_OBSERVERS) if _NEW_GAME_OBSERVERS else ()


@contextlib.contextmanager
def observe_new_games(observer: Observer):
    """Every game made while the block runs, in any thread (`Game.new`, `from_setup`,
    unpickling: anything through `Game()`), starts with `observer` among its observers.
    Games made before, or after the block, are not touched."""
    with _NEW_GAME_LOCK:
        _NEW_GAME_OBSERVERS.append(observer)
    try:
        yield observer
    finally:
        with _NEW_GAME_LOCK:
            _NEW_GAME_OBSERVERS.remove(observer)


def advance(game) -> None:
    """Run until a decision is needed or the game is over (CR 117.5 order)."""
    rules = game.pipeline
    nothing_due = rules.nothing_due     # all the checks' `due` at once
    # (the rules' functions as locals: a function held by an instance is read by a method
    # look-up the interpreter never specialises, ~200 instructions a call)
    next_step, auto_pass_round = rules.next_step, rules.auto_pass_round
    priority_decision = rules.priority_decision
    agenda = game.agenda                # (the list: a game's agenda is never replaced)
    ticks = iter(_TICKS)                # engine steps left before a loop draw
    for _ in ticks:
        if game.over:
            game.pending = None
            return
        if agenda:
            task = agenda[-1]
            d = task.run(game)
            if d is not None:
                game.pending = d
                return
            if agenda and agenda[-1] is task:
                agenda.pop()
            continue
        p = game.priority
        if p is None:
            observers = game.observers
            if observers:
                before = (game.turn, game.step)
                for o in observers:
                    o.step_ending(game)
                next_step(game)
                for o in observers:
                    o.step_began(game, before)
            else:
                next_step(game)
            p = game.priority
            if p is None or agenda or game.over:
                continue
            # the step began with priority: on to it, as the loop's top would
            if next(ticks, None) is None:
                game.end_as_draw("loop draw")       # 104.4b
                return
        # A player would receive priority: SBAs, then triggers, repeated (117.5).
        if nothing_due is None or not nothing_due(game):
            acted = False
            for check in rules.before_priority:
                if check.due(game) and check.run(game):
                    acted = True
                    break
            if acted:
                continue                # from the first check again
        if game.auto_pass:
            # a pass changes nothing the checks read: players who can only pass
            # pass in turn without running them again (the round may end here)
            p = auto_pass_round(game, p)
            if p is None:
                continue
        game.pending = priority_decision(game, p)
        return
    # CR 104.4b: a loop of mandatory actions nobody can stop is a draw
    game.end_as_draw("loop draw")


def decide(game, answer) -> None:
    """Answer the pending decision. Illegal answers raise IllegalAction and leave the
    game unchanged."""
    d = game.pending
    if d is None:
        raise IllegalAction("no decision is pending" + (" (the game is over)" if game.over else ""))
    observers = game.observers
    if not observers:
        answer_pending(game, d, answer)
        return
    # -- observed (harnesses only) --
    for o in observers:
        o.deciding(game, d, answer)
    try:
        answer_pending(game, d, answer)
    except IllegalAction as ex:
        for o in observers:
            o.refused(game, d, answer, ex)
        raise
    for o in observers:
        o.answered(game, d, answer)


def answer_pending(game, d: Decision, answer) -> None:
    """`decide` without the observers: give `answer` to the pending decision `d` (which
    is `game.pending`, not None; `Game.decide` calls this directly for an unobserved game)."""
    rules = game.pipeline
    task = None
    if d.kind == "priority":
        # An action is checked before anything changes. Casting or activating with
        # choices given up front can still fail part-way (601.2, 602.2): those are
        # rewound from a clone.
        before = game.clone() if rules.needs_rewind(answer) else None
        step = rules.take_action
        about = d.player                  # take_action(game, player, action)
    else:
        task = game.agenda[-1]
        before = game.clone() if task.needs_rewind else None
        step = task.answer
        about = d                         # answer(game, decision, answer)
    try:
        try:
            step(game, about, answer)     # raises before changing anything
        except MALFORMED as ex:
            # an answer of the wrong shape (a dict for a list, ...) is illegal too
            shape = KINDS.get(d.kind)
            raise IllegalAction(f"malformed answer {answer!r} to {d.kind}"
                                + (f" (expected {shape})" if shape else "")
                                + f": {ex}") from ex
        game.pending = None
        game.answers.append(answer)
        advance(game)
    except IllegalAction as ex:
        if before is not None:
            game.adopt(before)
            raise
        origin = getattr(task, "origin", None)
        if game.pending is None and origin is not None:
            # 601.2: a choice given up front made a later step of the action
            # impossible: the whole action is reversed
            game.adopt(origin)
            raise IllegalAction(f"{ex} (the action is reversed)") from ex
        if game.pending is None:
            # the answer was accepted but the game couldn't go on: an action was
            # offered that the rules don't allow completing
            raise EngineError(f"engine error after a legal answer: {ex}") from ex
        raise
    if before is not None:
        if d.kind == "priority" and game.pending is not None and game.pending.kind != "priority":
            # the action goes on with choices asked: it can still be reversed (601.2)
            proc = next((t for t in reversed(game.agenda) if getattr(t, "reversible", False)),
                        None)
            if proc is not None:
                proc.origin = before
                return
        before.close()
