"""Rules fuzzing: random agents play random decks while invariants are checked
after every decision.

    mtg-ecs fuzz --games 200 --seed 1 --jobs 2      # play and check; failures write scenario files
    mtg-ecs fuzz --games 200 --seed 1 --first 400   # games 400..599 of seed 1
    mtg-ecs scenario fuzz-failures/fuzz-1-7.yaml    # replay one failure (or: fuzz --repro)

Every game gets its seeds from numpy's SeedSequence (like `ecs.simulate`): the
two 60-card decks (24 lands from the basic lands and Dragonskull Summit, 36 other
cards from every registered card), the game's seed, one seed per agent and one for
the harness (when to test cloning). A game depends only on (seed, game index).

Checked after every decision (see `check_state`):
* zones: every object in exactly one zone list, its Zone component agreeing with
  the list; every card object in some zone list;
* no negative counters or damage; life totals change only through life_loss /
  life_gain events in the log; no spell or ability targeting itself (115.5) or one
  object twice for one "target" (601.2c);
* the stack is empty and then mana pools are empty whenever a step changes (500.2, 500.4);
* the characteristics `game.chars` serves equal a from-scratch layer pass;
* when a priority decision is pending (state-based actions done, 704.3): no illegal
  Aura or Equipment attachment, no creature with 0 toughness or lethal damage, no
  planeswalker with 0 loyalty, no player at 0 life (or 10 poison) still in the game,
  no two legendary permanents of one name and controller; nothing in combat that isn't a
  creature, no creature attacking a planeswalker that has left combat unmarked (506.4);
* now and then, the offered priority actions equal a fresh computation with no cache;
* a refused answer leaves the game exactly as it was;
* `game.clone()` at a random decision (more often at a choice made while a task is
  under way: its progress must be copied, not shared) continues exactly like the
  original under the same answers (equal `mtg_ecs.core.hashing.state_hash` after each answer, compared as
  `state_snapshot`s);
* the game ends within its turn limit.

None of these is sampled to save time (the offered-actions check is sampled by
design, as it always was); work is only reused when it provably gives the same:
every write to an entity table is counted by the world itself (`World.writes`, and
the entities written in `World.written` where a snapshot asks for them), so the object
scan, a layer pass without continuous effects and the per-object text of a state
snapshot are redone only after the objects they read were written.

The harness attaches through declared hooks only: the end-of-step checks are a
`core.loop.Observer` (`StepChecks`) in the checked game's `observers`, and the
write counts are the `World`'s own; no function, method or module attribute is
replaced, so nothing outlives the game or reaches another one.

`--jobs N` plays games in N worker processes with results in game order, so
nothing printed depends on N; a failure is written as a scenario file that replays
the whole game (`mtg_ecs.apps.scenario.fuzzgame`).
"""
from __future__ import annotations

import dataclasses
import os
import random
import re
import time
import traceback
import weakref
from dataclasses import dataclass, field

import numpy as np

from mtg_ecs.core.loop import Observer
from mtg_ecs.systems.teams import shares_resources, team_of
from mtg_ecs.core.decisions import (Activate, Cast, Decision, IllegalAction, Pass, PlayLand, PlayerRef)

DEFAULT_TURN_LIMIT = 40
# who plays the fuzz games: the fuzz agent (random answers of every kind, some of them
# malformed or illegal) or the agents of `mtg-ecs simulate`
AGENTS = ("fuzz", "random", "heuristic")
DEFAULT_AGENTS = ("fuzz", "fuzz")
MAX_DECISIONS = 30000
MAX_REFUSALS = 50          # refused answers in a row before 'no legal answer found'
# answers in a repro file: every decision's answer, and the refused ones before it
MAX_SCRIPT = 2 * MAX_DECISIONS + MAX_REFUSALS + 1
CLONE_WINDOW = 40          # answers replayed on a clone
CLONE_CHANCE = 1 / 120     # per decision, when no clone check is running
CLONE_CHANCE_MID_TASK = 1 / 15   # a choice while a task is under way (resolving, casting,
                                 # combat): where a clone can share the task's progress
ACTIONS_CHECK_CHANCE = 0.05
LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Dragonskull Summit")


class FuzzFailure(Exception):
    def __init__(self, message: str, index: int):
        super().__init__(message)
        self.message = message
        self.index = index

    def __reduce__(self):
        # a worker of `--jobs` sends its results back pickled
        return (FuzzFailure, (self.message, self.index))


# ---------------------------------------------------------------------------
# decks and seeds
# ---------------------------------------------------------------------------
def card_pool():
    """(lands, other cards): every registered card."""
    from mtg_ecs.cards import all_cards
    names = all_cards()
    lands = [n for n in LANDS if n in names]
    others = [n for n in names if n not in lands]
    return lands, others


def random_deck(rng: np.random.Generator, lands_n: int = 24, others=None, size: int = 60) -> list:
    """`size` cards: `lands_n` lands, the rest drawn from `others` (default: every
    registered nonland card)."""
    lands, every = card_pool()
    others = every if others is None else others
    deck = [lands[i] for i in rng.integers(0, len(lands), lands_n)]
    deck += [others[i] for i in rng.integers(0, len(others), size - lands_n)]
    return deck


def legendary_creatures() -> list:
    """The registered cards that can be a commander (903.3: a legendary creature card)."""
    from mtg_ecs.cards import get_card
    return [n for n in card_pool()[1]
            if "Legendary" in (d := get_card(n)).supertypes and "Creature" in d.types]


@dataclass
class GameSpec:
    index: int
    root_seed: int
    seed: int                    # the game's seed (shuffles, starting player)
    agent_seeds: tuple
    harness_seed: int
    decks: list
    turn_limit: int = DEFAULT_TURN_LIMIT
    rules: str = "current"       # a fifth of the games use the m10 profile (blocker order)
    pool: int | None = None      # the nonland cards of every deck come from this many
    agents: tuple = DEFAULT_AGENTS       # AGENTS kinds of p0, p1, ...
    format: str = "duel"         # free-for-all with 3 or more players (mtg_ecs.core.formats)
    commanders: tuple | None = None      # format commander: each player's commander (903.3)

    def variant(self) -> str:
        """What sets the run apart from the default one ('' for none): players, format,
        pool, agents."""
        return _variant(self.pool, self.agents, self.players, self.format)

    @property
    def players(self) -> int:
        return len(self.agent_seeds)


def non_default_agents(agents) -> bool:
    return any(a != "fuzz" for a in agents)


def _variant(pool, agents, players: int = 2, fmt: str | None = None) -> str:
    out = [f"{players} players"] if players != 2 else []
    if fmt is not None and fmt != table_format(players):
        out.append(fmt)
    if pool:
        out.append(f"pool {pool}")
    if non_default_agents(agents):
        out.append("agents " + ",".join(agents))
    return ", ".join(out)


def table_format(players: int) -> str:
    """The format of a fuzz game of `players` players unless another is asked for: a
    duel, or free-for-all (806)."""
    return "duel" if players == 2 else "free-for-all"


# the formats fuzz plays (mtg_ecs.core.formats), and the size and lands of their decks
FUZZ_FORMATS = ("duel", "free-for-all", "commander", "two-headed-giant", "archenemy")
COMMANDER_DECK = (99, 37)      # 903.5a: 100 cards with the commander


def parse_agents(text: str, players: int = 2) -> tuple:
    """'heuristic' or 'random,fuzz,...': the agents of p0, p1, ... (one name: everyone's)."""
    kinds = tuple(k.strip() for k in text.split(","))
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players or any(k not in AGENTS for k in kinds):
        raise ValueError(f"agents: one, or one per player ({players}), of {', '.join(AGENTS)}, "
                         "separated by commas")
    return kinds


def check_fuzz_format(fmt: str, players: int) -> None:
    """ValueError unless fuzz plays format `fmt` with `players` players."""
    from mtg_ecs.core.formats import check_format
    if fmt not in FUZZ_FORMATS:
        raise ValueError(f"format: one of {', '.join(FUZZ_FORMATS)} (got {fmt!r})")
    check_format(fmt, players)          # a FormatError is a ValueError


def game_specs(seed: int, games: int, first: int = 0, turn_limit: int = DEFAULT_TURN_LIMIT,
               pool: int | None = None, agents: tuple | None = None, players: int = 2,
               fmt: str | None = None):
    """The games first..first+games-1 of `seed`, of `players` players in format `fmt`
    (default: a duel, or free-for-all from 3). With `pool`, each game first picks that
    many different nonland cards and every deck draws its from them: with several copies
    of few cards, their interactions come up far more often. `agents` (one per player)
    doesn't change the decks or seeds of a game, only who plays it (default: the fuzz agent
    for all). A Commander game's decks have 99 cards and a random legendary creature as
    commander (its colors not checked: the rules of play are what is tested)."""
    fmt = fmt or table_format(players)
    check_fuzz_format(fmt, players)
    agents = tuple(agents) if agents else ("fuzz",) * players
    legends = legendary_creatures() if fmt == "commander" else None
    for i in range(games):
        # the (first + i)-th child of SeedSequence(seed).spawn(...), made directly so
        # that game 99,999 costs no more to reach than game 0; its words: the game's
        # seed, one per player's agent, the harness's and the decks' (a duel's five are
        # what they always were)
        ch = np.random.SeedSequence(seed, spawn_key=(first + i,))
        g, *rest = (int(x) for x in ch.generate_state(3 + players, dtype=np.uint32))
        agent_seeds, (h, d) = tuple(rest[:players]), rest[players:]
        rng = np.random.default_rng(d)
        others = None
        if pool is not None:
            every = card_pool()[1]
            others = [every[j] for j in sorted(rng.choice(len(every), min(pool, len(every)),
                                                           replace=False))]
        if fmt == "commander":
            size, lands_n = COMMANDER_DECK
            decks = [random_deck(rng, lands_n, others, size) for _ in range(players)]
        else:
            decks = [random_deck(rng, others=others) for _ in range(players)]
        rules = "m10" if rng.random() < 0.2 else "current"
        commanders = None
        if legends:             # drawn last: the other formats' games stay what they were
            commanders = tuple(legends[j] for j in rng.integers(0, len(legends), players))
        yield GameSpec(first + i, seed, g, agent_seeds, h, decks, turn_limit, rules, pool,
                       agents, fmt, commanders)


# ---------------------------------------------------------------------------
# the agent
# ---------------------------------------------------------------------------
class FuzzAgent:
    """Random over every decision kind: RandomAgent's choices, plus standalone mana
    abilities, mulligans, and random (possibly illegal) combinatorial answers."""

    def __init__(self, seed: int):
        from mtg_ecs.apps.agents import RandomAgent
        self.rng = random.Random(seed)
        self.base = RandomAgent(0)
        self.base.rng = self.rng
        self.plain = Pass()       # the offered action behind an answer with choices up front

    GARBAGE = (None, -1, "nonsense", [], {}, [[]], 10 ** 6, True)
    # a harness probing the engine with answers aimed anywhere (targets on the battlefield
    # its view wouldn't show, ...): it reads the game itself
    sees_everything = True

    def act(self, game, d: Decision):
        r = self.rng
        k = d.kind
        if r.random() < 0.01:
            if k == "priority":
                self.plain = r.choice(d.options)
            return Garbage(r.choice(self.GARBAGE))    # must be refused, the game unchanged
        if k == "priority":
            from mtg_ecs.systems.costs import activated_abilities
            mana = [a for a in d.options if isinstance(a, Activate)
                    and activated_abilities(game, a.source)[a.index].mana]
            if mana and r.random() < 0.15:
                return r.choice(mana)
            other = [a for a in d.options if a not in mana] or [Pass()]
            # pass less often than uniformly, so that more happens
            acts = [a for a in other if not isinstance(a, Pass)]
            a = r.choice(acts) if acts and r.random() < 0.7 else r.choice(other)
            self.plain = a
            if isinstance(a, (Cast, Activate)) and r.random() < 0.3:
                return self._up_front(game, d, a)
            return a
        if k == "mulligan":
            p = game.players[d.player]
            return "mulligan" if p.mulligans < 2 and r.random() < 0.2 else "keep"
        if k == "bottom":
            return r.sample(list(d.options), d.min)
        if k in ("starting_player", "color", "mana_choice", "legend_rule", "top_or_bottom", "choice"):
            return r.choice(d.options)
        if k == "replacement":
            return Shield(r.choice(d.options).sid)
        if k == "trigger_order":
            idx = list(range(len(d.options)))
            r.shuffle(idx)
            return Order(idx)
        if k == "prevention":
            from mtg_ecs.apps.agents import random_split
            return random_split(r, d.data["damage"], d.data["amount"])
        if k == "damage_assignment" and r.random() < 0.5:
            out = {x: 0 for x in d.options}
            for _ in range(d.data["total"]):
                out[r.choice(d.options)] += 1
            return out
        if k == "blockers" and r.random() < 0.2:
            # sometimes a creature tries to block several attackers
            out = {}
            for b, attackers in d.options:
                if r.random() < 0.5:
                    out[b] = r.sample(list(attackers), r.randint(1, len(attackers)))
            return out
        if k == "divide":
            total = d.data["total"]
            tg = list(d.options)
            if d.data.get("any_number") or total < len(tg):
                tg = r.sample(tg, r.randint(1, max(1, min(total, len(tg)))))
            out = {t: 1 for t in tg}
            for _ in range(total - len(tg)):
                out[r.choice(tg)] += 1
            return out
        if k in ("targets", "modes", "choose", "discard", "cost"):
            opts = list(d.options)
            hi = min(d.max, len(opts))
            n = r.randint(d.min, hi) if hi >= d.min else d.min
            return r.sample(opts, min(n, len(opts)))
        return self.base.act(game, d)

    def _up_front(self, game, d, a):
        """The action with some of its choices given up front (601.2: targets, X, the
        mana sources), at random: often illegal, then refused with the game unchanged."""
        r = self.rng
        pool = list(game.battlefield) + [PlayerRef(p.index) for p in game.players]
        ch = {}
        if r.random() < 0.6:
            ch["targets"] = [[r.choice(pool)] for _ in range(r.randint(1, 2))]
        if r.random() < 0.3:
            ch["x"] = r.randint(0, 4)
        if r.random() < 0.4:
            mine = [e for e in game.battlefield if game.chars(e).controller == d.player]
            ch["mana"] = r.sample(mine, r.randint(0, min(4, len(mine))))
        if isinstance(a, Cast) and r.random() < 0.2:
            ch["modes"] = [r.randint(0, 2) for _ in range(r.randint(1, 2))]
        if r.random() < 0.15:
            ch["divide"] = {r.choice(pool): r.randint(0, 3) for _ in range(r.randint(1, 2))}
        return dataclasses.replace(a, **ch) if ch else a

    def fallback(self, game, d: Decision):
        """An answer more likely to be legal, after a refused one."""
        from mtg_ecs.apps.agents import random_assignment
        if d.kind == "priority":
            return self.plain
        if d.kind == "damage_assignment":
            return random_assignment(self.rng, d)
        if d.kind in ("attackers", "blockers") and self.rng.random() < 0.3:
            return {}
        return self.act(game, d)


class PlayingAgent:
    """A built-in agent (`ecs.agents`) as a fuzz player: the answers `simulate` would
    give, without garbage; after a refusal it is simply asked again."""

    def __init__(self, agent):
        self.agent = agent

    def act(self, game, d: Decision):
        from mtg_ecs.apps.agents import seen_by
        return portable(self.agent.act(seen_by(self.agent, game, d.player), d), d)

    fallback = act


def portable(answer, d: Decision):
    """The answer with the engine's own objects among the options (pending triggers,
    replacement effects) named as the repro files write them: by position (`Order`) or
    stable id (`Shield`)."""
    if d.kind == "trigger_order" and isinstance(answer, (list, tuple)) and \
            all(any(o is t for o in d.options) for t in answer):
        return Order([next(i for i, o in enumerate(d.options) if o is t) for t in answer])
    if d.kind == "replacement":
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if hasattr(a, "sid"):
            return Shield(a.sid)
    return answer


def make_agent(kind: str, seed: int):
    from mtg_ecs.apps.agents import HeuristicAgent, RandomAgent
    if kind == "fuzz":
        return FuzzAgent(seed)
    return PlayingAgent({"random": RandomAgent, "heuristic": HeuristicAgent}[kind](seed))


@dataclass
class Garbage:
    """A malformed answer (shown as such in repro files)."""
    value: object

    def __repr__(self):
        return f"Garbage({self.value!r})"


@dataclass
class Shield:
    """A prevention effect named by its stable id (answers to `replacement`)."""
    sid: object

    def __repr__(self):
        return f"Shield({self.sid!r})"


@dataclass
class Order:
    """A trigger order as positions in the decision's options (the engine wants the
    pending trigger objects themselves, which differ between a game and its clone)."""
    idx: list

    def __post_init__(self):
        self.idx = list(self.idx)

    def __repr__(self):
        return f"Order({self.idx!r})"


def concrete(answer, d: Decision):
    """The answer to give the engine for decision `d`."""
    if isinstance(answer, Order):
        return [d.options[i] for i in answer.idx]
    if isinstance(answer, Garbage):
        return answer.value
    return answer


# ---------------------------------------------------------------------------
# answers as text (repro files)
#
# A repro file is data that people share (a bug report), so its answers are read by a
# small grammar of exactly the forms `encode` writes, never evaluated as Python:
#
#   answer  := literal | player | list | tuple | dict | call
#   literal := an int (optionally negative), a string, None, True, False
#   player  := p0, p1, ...                           (PlayerRef)
#   list    := [answer, ...]      tuple := (answer, ...)      dict := {answer: answer, ...}
#   call    := NAME(answer, ..., field=answer, ...)  NAME one of ANSWER_CONSTRUCTORS
#
# Anything else (attributes, subscripts, operators, other names or calls) is an
# AnswerError naming the answer, before anything runs.
# ---------------------------------------------------------------------------
ANSWER_CONSTRUCTORS = {"Pass": Pass, "PlayLand": PlayLand, "Cast": Cast, "Activate": Activate,
                       "Shield": Shield, "Order": Order, "Garbage": Garbage}
MAX_ANSWER_TEXT = 20000        # characters of one answer (the longest written are a few hundred)
MAX_ANSWER_DEPTH = 12          # nesting of lists, dicts and calls (Cast(targets=[[p0]]) is 3)
MAX_ANSWER_INT = 2 ** 63       # |n| of an integer in an answer
MAX_PLAYER_REF = 64


class AnswerError(ValueError):
    """An answer text outside the grammar of `decode`."""


def encode(answer) -> str:
    """The text of an answer (the inverse of `decode`): Python's repr of the value,
    written only for the kinds in the grammar; any other kind is an AnswerError (a repro
    file that could not be read back would be worthless)."""
    t = type(answer)
    if answer is None or t is bool or t is int or t is str:
        return repr(answer)
    if t is PlayerRef:
        return repr(answer)
    if t is Pass:
        return "Pass()"
    if t is list:
        return "[" + ", ".join(map(encode, answer)) + "]"
    if t is tuple:
        return "(" + ", ".join(map(encode, answer)) + ("," if len(answer) == 1 else "") + ")"
    if t is dict:
        return "{" + ", ".join(f"{encode(k)}: {encode(v)}" for k, v in answer.items()) + "}"
    if t in (PlayLand, Cast, Activate):
        return t.__name__ + "(" + ", ".join(
            f"{f.name}={encode(getattr(answer, f.name))}" for f in dataclasses.fields(t)) + ")"
    if t is Shield:
        return f"Shield({encode(answer.sid)})"
    if t is Order:
        return f"Order({encode(answer.idx)})"
    if t is Garbage:
        return f"Garbage({encode(answer.value)})"
    raise AnswerError(f"an answer of type {t.__name__} ({answer!r}) can't be written to a "
                      f"repro file")


def decode(text: str):
    """The answer written as `text` by `encode`. Parsed with `ast.parse` and built by
    walking only the node types of the grammar above (nothing is evaluated)."""
    import ast
    if not isinstance(text, str):
        raise AnswerError(f"an answer is a string (got {type(text).__name__} {text!r:.80})")
    if len(text) > MAX_ANSWER_TEXT:
        raise AnswerError(f"answer of {len(text)} characters (at most {MAX_ANSWER_TEXT})")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as ex:
        raise AnswerError(f"{text!r:.200} is not an answer: {getattr(ex, 'msg', ex)}") from None
    try:
        return _answer(tree.body, 0)
    except AnswerError as ex:
        raise AnswerError(f"{text!r:.200} is not an answer the fuzzer writes: {ex}") from None


def _answer(node, depth: int):
    import ast
    if depth > MAX_ANSWER_DEPTH:
        raise AnswerError(f"nested more than {MAX_ANSWER_DEPTH} deep")
    t = type(node)
    if t is ast.Constant:
        v = node.value
        if v is None or type(v) in (bool, str):
            return v
        if type(v) is int:
            return _bounded(v)
        raise AnswerError(f"the constant {v!r:.40} (only integers, strings, None, True, False)")
    if t is ast.UnaryOp and type(node.op) is ast.USub and type(node.operand) is ast.Constant \
            and type(node.operand.value) is int:
        return _bounded(-node.operand.value)
    if t is ast.Name:
        m = re.fullmatch(r"p(0|[1-9][0-9]?)", node.id)
        if m and int(m.group(1)) < MAX_PLAYER_REF:
            return PlayerRef(int(m.group(1)))
        raise AnswerError(f"unknown name {node.id!r} (only players p0, p1, ...)")
    if t is ast.List:
        return [_answer(x, depth + 1) for x in node.elts]
    if t is ast.Tuple:
        return tuple(_answer(x, depth + 1) for x in node.elts)
    if t is ast.Dict:
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                raise AnswerError("'**' in a mapping")
            key = _answer(k, depth + 1)
            try:
                hash(key)
            except TypeError:
                raise AnswerError("a list or mapping as a key") from None
            out[key] = _answer(v, depth + 1)
        return out
    if t is ast.Call:
        f = node.func
        if type(f) is not ast.Name or f.id not in ANSWER_CONSTRUCTORS:
            what = repr(f.id) if type(f) is ast.Name else f"an expression ({type(f).__name__})"
            raise AnswerError(f"a call of {what} (only {', '.join(ANSWER_CONSTRUCTORS)})")
        args = []
        for a in node.args:
            if type(a) is ast.Starred:
                raise AnswerError("'*' in a call")
            args.append(_answer(a, depth + 1))
        kw = {}
        for k in node.keywords:
            if k.arg is None:
                raise AnswerError("'**' in a call")
            kw[k.arg] = _answer(k.value, depth + 1)
        cls = ANSWER_CONSTRUCTORS[f.id]
        try:
            out = cls(*args, **kw)
        except TypeError as ex:
            raise AnswerError(f"{f.id}: {ex}") from None
        if cls is Order and not all(type(i) is int and i >= 0 for i in out.idx):
            raise AnswerError("Order: a list of positions (integers 0 or more)")
        return out
    raise AnswerError(f"{type(node).__name__} is not part of an answer")


def _bounded(v: int) -> int:
    if abs(v) > MAX_ANSWER_INT:
        raise AnswerError(f"integer {v} out of range")
    return v


def decode_script(items) -> list:
    """[(refused, answer)] of a repro file's answers (text, or {refused: text}); an
    AnswerError names the first answer outside the grammar, before anything runs."""
    if not isinstance(items, list):
        raise AnswerError("answers: a list")
    if len(items) > MAX_SCRIPT:
        raise AnswerError(f"answers: {len(items)} answers (at most {MAX_SCRIPT})")
    out = []
    for i, item in enumerate(items):
        refused = isinstance(item, dict)
        if refused and set(item) != {"refused"}:
            raise AnswerError(f"answers[{i}]: a mapping is {{refused: answer}} "
                              f"(got keys {sorted(map(str, item))})")
        try:
            out.append((refused, decode(item["refused"] if refused else item)))
        except AnswerError as ex:
            raise AnswerError(f"answers[{i}]: {ex}") from None
    return out


# ---------------------------------------------------------------------------
# invariants
# ---------------------------------------------------------------------------
class StepChecks(Observer):
    """The end-of-step invariants of one game, as hooks of the loop (`core.loop.Observer`,
    in `game.observers` while the game is checked): the stack is empty when a step ends
    (500.2), every mana pool is empty after the step changed (500.4), and no damage is
    left at the next turn's untap step (514.2). What they find waits in `errors` for the
    next `Checker.check`. Clones of the game share its observers (the field's copy rule);
    they are ignored here: a clone is checked by comparison with the game."""

    def __init__(self, game):
        self.game = game
        self.errors = []

    def step_ending(self, game):
        if game is self.game and game.stack:
            self.errors.append(f"step {game.step} ends with a nonempty stack "
                               f"({[game.name(e) for e in game.stack]})")

    def step_began(self, game, before):
        if game is not self.game:
            return
        if game.step == "untap" and before[1] == "cleanup":
            from mtg_ecs.components import Damage
            for e in game.battlefield:
                if game.world.has(e, Damage):
                    self.errors.append(f"{game.name(e)} ({e}) still has damage marked at the "
                                       f"next turn's untap step (514.2)")
        if (game.turn, game.step) != before and not game.over:
            for p in game.players:
                if any(p.pool):
                    self.errors.append(f"p{p.index}'s mana pool {p.pool} not empty after the "
                                       f"step changed to {game.step}")


class Checker:
    """Invariants over one game, checked after every decision."""

    def __init__(self, game, rng: random.Random):
        self.game = game
        self.rng = rng
        self.life = [p.life for p in game.players]
        self.log_at = len(game.log)
        self.cards = scan_objects(game)[1]
        # each card's owner, for the cards that leave the game with a player (800.4a)
        self.owners = {cid: game.owner(e) for cid, e in game.card_entity.items() if cid in self.cards}
        self.scan_key = self.card_entity = None
        self.layers = {}           # the last from-scratch layer pass (check_chars)
        self.steps = StepChecks(game)
        game.observers += (self.steps,)

    def close(self):
        """The game unobserved again (`game.observers` as before)."""
        g = self.game
        g.observers = tuple(o for o in g.observers if o is not self.steps)

    def check(self, index: int):
        g = self.game
        errs = []
        step_errs = self.steps.errors
        if step_errs:
            errs.extend(step_errs)
            step_errs.clear()
        zone_errs, ids, card_errs, value_errs = self._scan()
        errs += zone_errs
        errs += self._cards(ids, card_errs)
        errs += self._life()
        errs += value_errs
        errs += check_chars(g, self.layers)
        d = g.pending
        if d is not None and d.kind == "priority":
            errs += check_sba(g)
            errs += check_auto_pass(g, d)
            if self.rng.random() < ACTIONS_CHECK_CHANCE:
                errs += check_actions(g, d)
        if g.turn_limit is not None and g.turn > g.turn_limit:
            errs.append(f"turn {g.turn} beyond the turn limit {g.turn_limit}")
        if errs:
            raise FuzzFailure("; ".join(errs), index)

    def _scan(self):
        """`scan_objects`, or its last (clean) result when nothing it reads has changed:
        no world write, the same world, zone lists, card_entity and combat status."""
        g = self.game
        w = g.world
        key = (w, w.writes, g.step in COMBAT_STEPS, _zone_contents(g))
        if key == self.scan_key and g.card_entity == self.card_entity:
            return [], self.cards, [], _player_values(g)
        out = scan_objects(g)
        if not any(out[i] for i in (0, 2, 3)):
            self.scan_key, self.card_entity = key, dict(g.card_entity)
        return out

    def _cards(self, now, errs):
        """No card is duplicated or lost (400.7: a zone change makes a new object of
        the same card), and game.card_entity follows each card; but every card a player
        who has left the game owns has left it too (800.4a)."""
        if now != self.cards and self.game.multiplayer:
            left = {p.index for p in self.game.players if p.lost}
            self.cards = {c for c in self.cards if self.owners.get(c) not in left}
            stayed = sorted(c for c in now if self.owners.get(c) in left)
            if stayed:
                errs.append(f"cards {stayed[:5]} of a player who left are still in the game")
            now = {c for c in now if self.owners.get(c) not in left}
        if now != self.cards:
            lost, new = sorted(self.cards - now), sorted(now - self.cards)
            errs.append(f"cards lost {lost[:5]} / appeared {new[:5]}")
        return errs

    def _life(self):
        g = self.game
        delta = [0] * len(g.players)
        for kind, data in g.log[self.log_at:]:
            if kind == "life_loss":
                delta[data["player"]] -= data["amount"]
            elif kind == "life_gain":
                delta[data["player"]] += data["amount"]
        self.log_at = len(g.log)
        if g.teams and shares_resources(g):
            # 810.9: each player's life change is the team's, and every teammate's total
            # is the team's shared one
            delta = [sum(delta[q] for q in team_of(g, p.index)) for p in g.players]
        errs = []
        for p in g.players:
            if p.life - self.life[p.index] != delta[p.index]:
                errs.append(f"p{p.index}'s life changed by {p.life - self.life[p.index]} "
                            f"but the log's life events add up to {delta[p.index]}")
            self.life[p.index] = p.life
        return errs


def _zone_contents(g) -> tuple:
    return (tuple(g.battlefield), tuple(g.stack), tuple(g.exile),
            tuple(getattr(g, "command", ())),
            tuple(tuple(z) for p in g.players for z in (p.library, p.hand, p.graveyard)))


def zone_lists(g):
    """({object: (zone, player)} over the zone lists, errors): every object in one
    list, and every listed object existing (its Zone is compared in `scan_objects`)."""
    lists = [("battlefield", None, g.battlefield), ("stack", None, g.stack),
             ("battlefield", None, [r[0] for r in g.phased_out]),       # still there (702.26b)
             ("exile", None, g.exile), ("command", None, getattr(g, "command", []))]
    for p in g.players:
        for z in ("library", "hand", "graveyard"):
            lists.append((z, p.index, getattr(p, z)))
    where = {}
    for name, player, lst in lists:
        where.update(dict.fromkeys(lst, (name, player)))
    errs = []
    if len(where) != sum(len(lst) for _, _, lst in lists):
        errs += _duplicates(lists)
    ents = g.world.ents
    if not where.keys() <= ents.keys():
        errs += [f"{where[e][0]} holds {e}, which doesn't exist" for e in where if e not in ents]
    return where, errs


def _duplicates(lists) -> list:
    seen, errs = {}, []
    for name, player, lst in lists:
        for e in lst:
            if e in seen:
                errs.append(f"object {e} is in {seen[e]} and {name}"
                            f"{'' if player is None else ' of p%d' % player}")
            else:
                seen[e] = (name, player)
    return errs


COMBAT_STEPS = ("declare_attackers", "declare_blockers", "first_strike_damage",
                "combat_damage", "end_of_combat")


def scan_objects(g):
    """One pass over every object (the world's entity table) for three checks, so
    the table is walked once per decision instead of three times. Returns
    (zone errors, physical card ids, card errors, value errors):
    * zones: every object in exactly one zone list (`zone_lists`), its Zone component
      agreeing with the list; every card object in some zone list;
    * cards: one object per physical card, followed by `game.card_entity` (400.7);
    * values: no negative counters, damage or poison; nothing off the battlefield
      tapped, damaged, in combat or attached (400.7); no combat status outside combat
      (511.3); no negative mana in a pool; no spell or ability on the stack targeting
      itself (115.5) or one object twice for one "target" (601.2c)."""
    from mtg_ecs.components import (Card, Zone, Counters, Damage, Attacking, Blocking, StackAbility,
                            Spell)
    where, zone_errs = zone_lists(g)
    ids, card_errs, value_errs = set(), [], []
    card_entity = g.card_entity
    in_combat = g.step in COMBAT_STEPS
    located = where.get
    clean = _OFF_FIELD.isdisjoint
    for e, comps in g.world.ents.items():
        z = comps.get(Zone)
        loc = located(e)
        if loc is None:
            if Card in comps:
                zone_errs.append(f"{comps[Card].defn.name} ({e}, Zone {z}) is in no zone list")
        elif z is None:
            if StackAbility not in comps:
                zone_errs.append(f"object {e} in {loc[0]} has no Zone component")
        elif z.name != loc[0] or (loc[1] is not None and z.player != loc[1]):
            zone_errs.append(_zone_mismatch(g, e, loc, z))
        c = comps.get(Card)
        # a card in the command zone is a commander (903.6), not an emblem (114.1)
        if c is not None and not c.token and (z is None or z.name != "command"
                                              or c.card_id in g.commanders):
            if c.card_id in ids:
                card_errs.append(f"card {c.card_id} ({c.defn.name}) is two objects")
            ids.add(c.card_id)
            if card_entity.get(c.card_id) != e:
                card_errs.append(f"card_entity[{c.card_id}] is {card_entity.get(c.card_id)}, "
                                 f"not {e} ({c.defn.name})")
        if z is not None and z.name != "battlefield":
            if not clean(comps):
                value_errs += [f"{g.name(e)} ({e}) in {z.name} has {t.__name__} (400.7)"
                               for t in _off_field_types() if t in comps]
        elif not in_combat and (Attacking in comps or Blocking in comps):
            value_errs.append(f"{g.name(e)} ({e}) is still in combat in step {g.step} (511.3)")
        cnt = comps.get(Counters)
        if cnt is not None:
            value_errs += [f"{g.name(e)} has {n} {k} counters" for k, n in cnt.items if n < 0]
        d = comps.get(Damage)
        if d is not None and d.amount < 0:
            value_errs.append(f"{g.name(e)} has {d.amount} damage")
        so = comps.get(Spell) or comps.get(StackAbility)
        if so is not None:
            for grp in so.targets:
                if e in grp:
                    value_errs.append(f"{g.name(e)} ({e}) on the stack targets itself (115.5)")
                if len(set(grp)) != len(grp):
                    value_errs.append(f"{g.name(e)} ({e}) has one object twice among the "
                                      f"targets of one 'target' {grp} (601.2c)")
    return zone_errs, ids, card_errs, value_errs + _player_values(g)


def _player_values(g) -> list:
    errs = []
    for p in g.players:
        if p.poison < 0:
            errs.append(f"p{p.index} has {p.poison} poison counters")
        if any(n < 0 for n in p.pool):
            errs.append(f"p{p.index}'s mana pool {p.pool} has a negative amount")
    return errs


def _zone_mismatch(g, e, loc, z) -> str:
    name, player = loc
    return (f"{g.name(e)} ({e}) is in the {name} list"
            f"{'' if player is None else ' of p%d' % player} but its Zone says "
            f"{z.name}{'' if z.player is None else ' of p%d' % z.player}")


def _off_field_types():
    from mtg_ecs.components import Tapped, Damage, Attacking, Blocking, Attached
    return (Tapped, Damage, Attacking, Blocking, Attached)


_OFF_FIELD = frozenset(_off_field_types())


def _chars_key(c):
    return (c.name, c.power, c.toughness, frozenset(c.types), frozenset(c.subtypes),
            frozenset(c.supertypes), frozenset(c.colors), c.controller,
            tuple(sorted(str(k.name) + ":" + str(k.param) for k in c.keywords)))


def _same_fields(c, f) -> bool:
    """True only when `_chars_key` is equal for both, found without building the keys:
    equal fields give equal keys (equal collections give equal frozensets), and the
    keywords are the same object or both empty (equal Keyword values could still show
    different text: `1 == True`). False means: compare the keys."""
    return (c.name == f.name and c.power == f.power and c.toughness == f.toughness
            and c.controller == f.controller and c.types == f.types
            and c.subtypes == f.subtypes and c.supertypes == f.supertypes
            and c.colors == f.colors
            and (c.keywords is f.keywords or (not c.keywords and not f.keywords)))


def check_chars(g, last: dict | None = None) -> list:
    """The served characteristics equal a from-scratch layer pass (CR 613). `last`
    (kept by the caller between decisions) lets `_fresh_battlefield` reuse a pass."""
    from mtg_ecs.systems.layers import compute_offfield
    served = {e: g.chars(e) for e in g.battlefield}
    served_stack = {e: g.chars(e) for e in g.stack if _is_card(g, e)}
    saved = (g.base_chars, g.volatile, g.chars_independent, g.chars_closed, g.layer_plan)
    g.base_chars = {}
    try:
        fresh = _fresh_battlefield(g, {} if last is None else last)
        fresh_stack = {e: compute_offfield(g, e) for e in served_stack}
    finally:
        g.base_chars, g.volatile, g.chars_independent, g.chars_closed, g.layer_plan = saved
    errs = []
    for e, c in list(served.items()) + list(served_stack.items()):
        f = fresh.get(e) if e in served else fresh_stack.get(e)
        if f is None:
            errs.append(f"{c.name} ({e}) missing from the recomputed characteristics")
            continue
        if _same_fields(c, f):
            continue
        a, b = _chars_key(c), _chars_key(f)
        if a != b:
            errs.append(f"{c.name} ({e}): served characteristics {a} != recomputed {b}")
    return errs


def _fresh_battlefield(g, last: dict) -> dict:
    """`compute_battlefield` with no cache, or the last such pass when it provably
    gives the same: that pass found no continuous effect (so its result depends only
    on the battlefield's order and its objects' components: printed characteristics,
    counters, timestamps), there is still no effect in `game.effects`, and neither the
    battlefield nor any component has changed since (the same world, its `World.writes`
    unchanged). The result is the harness's own: nothing else holds it to change it."""
    from mtg_ecs.systems.layers import compute_battlefield
    w = g.world
    key = (w, w.writes, tuple(g.battlefield))
    if last.get("key") == key and not g.effects:
        return last["fresh"]
    fresh = compute_battlefield(g)
    last["key"] = key if g.chars_independent else None      # set by the pass: no effect
    last["fresh"] = fresh
    return fresh


def _is_card(g, e) -> bool:
    from mtg_ecs.components import Card
    comps = g.world.ents.get(e)
    return comps is not None and Card in comps


def check_sba(g) -> list:
    """After state-based actions (a priority decision is pending), none applies (704)."""
    from mtg_ecs.components import Attached, Damage, Counters, Attacking, Blocking
    from mtg_ecs.systems.protection import has_quality
    errs = []
    legends = {}
    for e in g.battlefield:
        c = g.chars(e)
        comps = g.world.ents[e]
        if "Creature" in c.types:
            t = c.toughness or 0
            d = comps.get(Damage)
            if t <= 0:
                errs.append(f"{c.name} ({e}) is a creature with toughness {t} (704.5f)")
            elif d is not None and not c.has("indestructible") and \
                    (d.amount >= t or (d.deathtouch and d.amount > 0)):
                errs.append(f"{c.name} ({e}) has lethal damage {d.amount} (704.5g-h)")
        if "Planeswalker" in c.types:
            cnt = comps.get(Counters)
            if cnt is None or cnt.get("loyalty") <= 0:
                errs.append(f"{c.name} ({e}) is a planeswalker with 0 loyalty (704.5i)")
        if "Legendary" in c.supertypes:
            legends.setdefault((c.controller, c.name), []).append(e)
        if (Attacking in comps or Blocking in comps) and "Creature" not in c.types:
            errs.append(f"{c.name} ({e}) is no creature but still in combat (506.4)")
        at = comps.get(Attacking)
        if at is not None and not at.removed and not isinstance(at.defender, PlayerRef) and \
                (at.defender not in g.battlefield or "Planeswalker" not in g.chars(at.defender).types):
            errs.append(f"{c.name} ({e}) attacks {at.defender}, no planeswalker on the battlefield (506.4)")
        cnt = comps.get(Counters)
        if cnt is not None and cnt.get("+1/+1") and cnt.get("-1/-1"):
            errs.append(f"{c.name} ({e}) has both +1/+1 and -1/-1 counters (704.5q)")
        a = comps.get(Attached)
        if "Aura" in c.subtypes:
            if a is None:
                errs.append(f"Aura {c.name} ({e}) attached to nothing (704.5m)")
            elif isinstance(a.to, PlayerRef):
                pass
            elif a.to not in g.battlefield or a.to == e:
                errs.append(f"Aura {c.name} ({e}) attached to {a.to}, not on the battlefield (704.5m)")
            else:
                tc = g.chars(a.to)
                for what in c.params("enchant"):
                    if what in ("creature", "land", "artifact", "enchantment", "planeswalker") \
                            and what.capitalize() not in tc.types:
                        errs.append(f"Aura {c.name} ({e}) with enchant {what} attached to "
                                    f"{tc.name} ({a.to}) (704.5m)")
                for q in tc.params("protection"):
                    if has_quality(g, q, c, tc):
                        errs.append(f"Aura {c.name} ({e}) attached to {tc.name} with "
                                    f"protection from {q} (704.5m)")
        elif a is not None:
            if "Equipment" in c.subtypes:
                if a.to not in g.battlefield or "Creature" not in g.chars(a.to).types:
                    errs.append(f"Equipment {c.name} ({e}) attached to a non-creature (704.5n)")
            else:
                errs.append(f"{c.name} ({e}) is attached but is no Aura or Equipment (704.5p)")
    for (ctl, name), es in legends.items():
        if len(es) > 1:
            errs.append(f"p{ctl} controls {len(es)} legendary {name} (704.5j)")
    from mtg_ecs.systems.player_rules import cant_lose
    for p in g.players:
        if cant_lose(g, p.index):
            continue                          # 'you can't lose the game' (Platinum Angel)
        if not p.lost and p.life <= 0:
            errs.append(f"p{p.index} at {p.life} life is still in the game (704.5a)")
        if not p.lost and p.poison >= 10:
            errs.append(f"p{p.index} with {p.poison} poison is still in the game (704.5c)")
    return errs


def check_auto_pass(g, d) -> list:
    """`Game(auto_pass=True)` passes only when passing (or a mana ability) is all a
    player could do."""
    from mtg_ecs.systems import priority
    from mtg_ecs.systems.costs import activated_abilities
    if not priority.only_pass(g, d.player):
        return []
    real = [a for a in d.options if not isinstance(a, Pass) and not (
        isinstance(a, Activate) and activated_abilities(g, a.source)[a.index].mana)]
    if real:
        return [f"auto-pass would pass for p{d.player}, who could {real[:3]}"]
    return []


def check_actions(g, d) -> list:
    """The offered priority actions equal a computation with every cache empty."""
    from mtg_ecs.systems import priority
    c = g.clone()
    try:
        c.chars_version = -1
        c.chars_cache = None
        c.base_chars = {}
        c.actions_cache = [None] * len(c.players)
        fresh = priority.legal_actions(c, d.player)
    finally:
        c.close()
    a, b = set(map(repr, d.options)), set(map(repr, fresh))
    if a != b:
        return [f"priority actions offered {sorted(a - b)} not in a fresh computation, "
                f"missing {sorted(b - a)}"]
    return []


# ---------------------------------------------------------------------------
# playing one game
# ---------------------------------------------------------------------------
@dataclass
class Result:
    spec: GameSpec
    decisions: int = 0
    failure: FuzzFailure | None = None
    trace: str = ""
    script: list = field(default_factory=list)     # answers given: text, or {"refused": text}
    clone_at: int | None = None
    turns: int = 0
    winner: object = None
    reason: str | None = None
    repro: str | None = None


def run_game(spec: GameSpec, script=None, clone_at=None) -> Result:
    """Play one game with fuzz agents (or replay `script` with `clone_at` from a repro
    file), checking the invariants after every decision. The harness's hooks are the
    game's own (an observer in `game.observers`, `World.writes` and `World.written` of
    its worlds): nothing of the engine is replaced, no other game is touched. A script
    answer outside the grammar of `decode` is an AnswerError before the game starts."""
    if script is not None:
        script = decode_script(script)
    from mtg_ecs.game import Game
    res = Result(spec)
    hrng = random.Random(spec.harness_seed)
    agents = [make_agent(k, seed) for k, seed in zip(spec.agents, spec.agent_seeds)]
    try:
        g = Game.new(spec.decks, seed=spec.seed, log=True, turn_limit=spec.turn_limit,
                     rules=spec.rules, format=spec.format, commanders=spec.commanders)
    except Exception as ex:
        res.failure = FuzzFailure(f"starting the game: {type(ex).__name__}: {ex}", 0)
        res.trace = traceback.format_exc()
        return res
    chk = Checker(g, hrng)
    texts = {}            # state_snapshot's cache for the game
    clone = None          # (clone, [answers since], [snapshots of the original after each])
    replay = list(script) if script is not None else None
    index = 0
    pos = 0
    exhausted = False     # a replayed script ran out (the failure didn't happen)
    action_hash = None    # the game before an action given with choices up front
    in_flight = None      # the answer being given
    try:
        chk.check(index)
        while g.pending is not None:
            if index >= MAX_DECISIONS:
                raise FuzzFailure(f"no end after {index} decisions (turn {g.turn})", index)
            # the clone check
            # the harness draws the same numbers when replaying (its checks run at
            # the same decisions), but the clone starts where the repro file says
            chance = CLONE_CHANCE_MID_TASK if g.agenda else CLONE_CHANCE
            start_clone = clone is None and hrng.random() < chance
            if replay is not None:
                start_clone = index == clone_at
            if start_clone and clone is None:
                clone = (g.clone(), [], [])
                res.clone_at = index
            d = g.pending
            tries = 0
            reversed_ = False
            while True:
                if replay is not None:
                    if pos >= len(replay):
                        exhausted = True
                        break
                    refused, answer = replay[pos]
                    pos += 1
                else:
                    ag = agents[d.player]
                    answer = ag.act(g, d) if tries == 0 else ag.fallback(g, d)
                    refused = None
                text = encode(answer)
                offered = d.kind == "priority" and answer in d.options
                before = snapshot(g, texts) if not offered else None
                in_flight = text          # recorded even if the engine crashes on it
                try:
                    g.decide(concrete(answer, d))
                except IllegalAction as ex:
                    in_flight = None
                    if replay is None:
                        res.script.append({"refused": text})
                    if offered:
                        raise FuzzFailure(f"offered action {text} refused: {ex}", index)
                    after = snapshot(g, texts)
                    if after != before and after == action_hash and d.kind != "priority" \
                            and g.pending is not None and g.pending.kind == "priority":
                        # an action with choices given up front failed part-way and
                        # was reversed (601.2): back at the priority decision
                        reversed_ = True
                        action_hash = None
                        if refused is False:
                            raise FuzzFailure(f"answer {text} was accepted before, now it "
                                              f"reverses the action: {ex}", index)
                        break
                    if after != before:
                        raise FuzzFailure(f"refused answer {text} ({ex}) changed the game", index)
                    if refused is False:
                        raise FuzzFailure(f"answer {text} was accepted before, refused now: {ex}",
                                          index)
                    tries += 1
                    if tries > MAX_REFUSALS:          # replayed too: a file can't loop here
                        raise FuzzFailure(f"no legal answer found for {d}", index)
                    continue
                if refused:
                    raise FuzzFailure(f"answer {text} was refused before, accepted now", index)
                if isinstance(answer, Garbage) and not _garbage_ok(answer.value, d):
                    raise FuzzFailure(f"malformed answer {text} accepted for {d}", index)
                if d.kind == "priority" and not offered:
                    action_hash = before          # to recognize the action being reversed
                break
            if exhausted:
                # the repro of 'no legal answer found': the answers refused were
                # replayed; the built-in agents (the fuzz agents' base) try again
                from mtg_ecs.apps.scenario.checked import agents_answer
                why = agents_answer(g)
                if why is not None:
                    raise FuzzFailure(f"no legal answer found for {d}: {why}", index)
                break
            if g.pending is not None and g.pending.kind == "priority" and not reversed_:
                action_hash = None
            if reversed_:
                if isinstance(clone, tuple):
                    clone[1].append(Refused(answer))
                    clone[2].append(snapshot(g, texts))
                continue
            if replay is None:
                res.script.append(text)
            in_flight = None
            index += 1
            res.decisions = index
            if isinstance(clone, tuple):
                clone[1].append(answer)
                clone[2].append(snapshot(g, texts))
                if len(clone[1]) >= CLONE_WINDOW or g.pending is None:
                    _check_clone(clone, res.clone_at)
                    clone[0].close()
                    clone = "done"
            chk.check(index)
        if not g.over and not exhausted:
            raise FuzzFailure("no decision pending but the game is not over", index)
        if g.end_reason == "loop draw" and not exhausted:
            # 104.4b: no card in the pool makes a mandatory loop; the engine spinning
            # without a decision means something repeats (an SBA that changes nothing)
            raise FuzzFailure(f"the game ended as a loop draw on turn {g.turn} "
                              "(the engine's step limit without a decision)", index)
        if isinstance(clone, tuple):
            _check_clone(clone, res.clone_at)
    except FuzzFailure as f:
        res.failure = f
    except Exception as ex:       # an engine crash is a failure too
        if replay is None and in_flight is not None:
            res.script.append(in_flight)
        res.failure = FuzzFailure(f"{type(ex).__name__}: {ex}", index)
        res.trace = traceback.format_exc()
    finally:
        chk.close()
        forget(texts)
        if isinstance(clone, tuple):
            clone[0].close()
    res.turns, res.winner, res.reason = g.turn, g.winner, g.end_reason
    g.close()
    return res


def _garbage_ok(v, d) -> bool:
    """A 'garbage' value that happens to be a legal answer (an empty choice where none
    is required, yes/no as True, a number among the options)."""
    if d.kind in ("attackers", "blockers", "prevention") and v == {}:
        return True
    if d.kind == "may" and v is True:
        return True
    if isinstance(v, list) and not v and d.min == 0:
        return True
    if d.kind == "trigger_order" and isinstance(v, list) and not d.options:
        return True
    return not isinstance(v, (list, dict)) and v in d.options


class Refused:
    def __init__(self, answer):
        self.answer = answer

    def __repr__(self):
        return f"Refused({self.answer!r})"


def snapshot(g, caches: dict) -> tuple:
    """`mtg_ecs.core.hashing.state_snapshot` of the game, looking again only at the objects
    written since the last snapshot of its world (the world's `World.written` set, which
    the first snapshot of a world sets). `caches` (one per game, emptied by `forget`)
    holds a cache per world: a rewind or a clone is another world."""
    w = g.world
    cache = caches.get(w.name)
    if cache is None:
        cache = caches[w.name] = {"world": weakref.ref(w), "written": set()}
        w.written = cache["written"]
    from mtg_ecs.core.hashing import state_snapshot
    return state_snapshot(g, cache, cache["written"])


def forget(caches: dict) -> None:
    """Drop the caches, and stop keeping the written entities of their worlds."""
    for cache in caches.values():
        w = cache["world"]()
        if w is not None and w.written is cache["written"]:
            w.written = None
    caches.clear()


def _check_clone(clone, at):
    texts = {}
    try:
        _replay_on_clone(clone, at, texts)
    finally:
        forget(texts)


def _replay_on_clone(clone, at, texts):
    c, answers, snapshots = clone
    for i, (a, h) in enumerate(zip(answers, snapshots)):
        try:
            if isinstance(a, Refused):
                try:
                    c.decide(concrete(a.answer, c.pending))
                except IllegalAction:
                    pass
                else:
                    raise FuzzFailure(f"clone taken at decision {at} accepted answer {i} "
                                      f"({encode(a.answer)}) the original refused", at + i)
            else:
                c.decide(concrete(a, c.pending))
        except FuzzFailure:
            raise
        except Exception as ex:
            raise FuzzFailure(f"clone taken at decision {at} refused answer {i} "
                              f"({encode(a)}) the original accepted: {type(ex).__name__}: {ex}",
                              at + i)
        if snapshot(c, texts) != h:
            raise FuzzFailure(f"clone taken at decision {at} differs from the original "
                              f"after answer {i} ({encode(a)})", at + i + 1)


# ---------------------------------------------------------------------------
# repro files
# ---------------------------------------------------------------------------
def write_repro(res: Result, folder: str) -> str:
    """Write the failed game as a scenario file (`mtg_ecs.apps.scenario.fuzzgame`): both
    `mtg-ecs scenario` and `mtg-ecs fuzz --repro` replay it."""
    import yaml
    from mtg_ecs.apps.scenario.fuzzgame import scenario_data
    os.makedirs(folder, exist_ok=True)
    s = res.spec
    pool = f"-{s.players}p" if s.players != 2 else ""
    pool += f"-{s.format}" if s.format != table_format(s.players) else ""
    pool += f"-pool{s.pool}" if s.pool else ""
    if non_default_agents(s.agents):
        pool += "-" + "-".join(s.agents)
    path = os.path.join(folder, f"fuzz-{s.root_seed}{pool}-{s.index}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        yaml.safe_dump(scenario_data(res), f, sort_keys=False, width=120)
    res.repro = path
    return path


def load_repro(path: str):
    """(spec, answers, clone_at, recorded failure) of a repro: a scenario file with the
    `fuzz` key, or the flat YAML files written before."""
    from mtg_ecs.apps.scenario.runner import read_yaml
    data = read_yaml(path)          # bounded in size (position.MAX_FILE_BYTES)
    if not isinstance(data, dict):
        raise ValueError("a repro file is a YAML mapping")
    from mtg_ecs.apps.scenario.fuzzgame import spec_of
    if "fuzz" in data:
        spec, answers, clone_at = spec_of(data)
        return spec, answers, clone_at, data["fuzz"].get("failure")
    # the flat form: checked as the same scenario (its limits, the answers' grammar)
    decks = data["decks"]
    spec, answers, clone_at = spec_of({
        "name": "repro", "seed": data["seed"], "rules": data.get("rules", "current"),
        "players": [{"library": d} for d in decks] if isinstance(decks, list) else decks,
        "fuzz": {k: data[k] for k in ("answers", "harness_seed", "clone_at", "turn_limit",
                                      "agent_seeds") if k in data}})
    spec.index, spec.root_seed = data.get("index", 0), data.get("root_seed", 0)
    return spec, answers, clone_at, data.get("failure")


def run_repro(path: str) -> Result:
    spec, answers, clone_at, _ = load_repro(path)
    return run_game(spec, script=answers, clone_at=clone_at)


# ---------------------------------------------------------------------------
# many games
# ---------------------------------------------------------------------------
def fuzz(games: int = 100, seed: int = 0, first: int = 0, turn_limit: int = DEFAULT_TURN_LIMIT,
         out: str | None = "fuzz-failures", report=None, stop_after: int | None = None,
         jobs: int = 1, pool: int | None = None, agents: tuple | None = None,
         players: int = 2, fmt: str | None = None):
    """Play games first..first+games-1 of `seed` (`players` players each); returns
    (results, summary). `agents`: one kind per player (default: the fuzz agent for all).

    `jobs` worker processes play the games; results come back (and `report` is
    called) in game order, so results and summary never depend on `jobs`."""
    t0 = time.perf_counter()
    results = []
    failures = 0
    agents = tuple(agents) if agents else ("fuzz",) * players
    if len(agents) != players:
        raise ValueError(f"agents: one per player ({players}), got {len(agents)}")
    fmt = fmt or table_format(players)
    for res in _play_all(game_specs(seed, games, first, turn_limit, pool, agents, players, fmt),
                         jobs):
        if res.failure is not None:
            failures += 1
            if out:
                write_repro(res, out)
        results.append(res)
        if report:
            report(res)
        if stop_after is not None and failures >= stop_after:
            break
    seconds = time.perf_counter() - t0
    summary = {"games": len(results), "failures": failures, "seconds": seconds,
               "decisions": sum(r.decisions for r in results), "seed": seed, "first": first,
               "pool": pool, "agents": tuple(agents), "players": players, "format": fmt}
    return results, summary


def _play_all(specs, jobs: int):
    """Results of the games, in game order."""
    if jobs <= 1:
        yield from map(_play, specs)
        return
    import multiprocessing as mp
    with mp.get_context("fork").Pool(jobs) as pool:
        # ordered (imap, not imap_unordered): failures are reported in game order and
        # --stop-after stops at the same game whatever the number of workers
        yield from pool.imap(_play, specs, chunksize=4)


def _play(spec: GameSpec) -> Result:
    """One game; a game without failure keeps no answers and no decks (nothing needs
    them, and a 100,000-game run must not hold them all)."""
    res = run_game(spec)
    if res.failure is None:
        res.script = []
        res.spec = dataclasses.replace(spec, decks=[])
    return res


def format_summary(summary: dict) -> str:
    s = summary
    last = s["first"] + s["games"] - 1
    v = _variant(s.get("pool"), s.get("agents", DEFAULT_AGENTS), s.get("players", 2),
                 s.get("format"))
    pool = f", {v}" if v else ""
    return (f"fuzz: {s['games']} games (seed {s['seed']}{pool}, games {s['first']}..{last}), "
            f"{s['decisions']} decisions, {s['failures']} failed, {s['seconds']:.1f} s")


def describe_failure(res: Result, where: str | None = None) -> str:
    """The failure in one line (then the repro file and the traceback); `where` names
    a replayed repro file instead of the game's place in a run."""
    s = res.spec
    pool = f", {s.variant()}" if s.variant() else ""
    game = where if where is not None else \
        f"game {s.index} (seed {s.root_seed}{pool}, game seed {s.seed})"
    out = f"FAIL {game} at decision {res.failure.index}: {res.failure.message}"
    if res.repro:
        out += f"\n  repro: {res.repro}"
    if res.trace:
        out += "\n" + res.trace.rstrip()
    return out
