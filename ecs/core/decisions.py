"""The one decision interface (style: Argentum's `process(state, action)`).

The game runs until a player must decide something, then exposes a `Decision`
with its legal options. Every choice the rules give a player comes through here:
priority actions, modes, X, targets, attackers, blockers, damage assignment,
trigger order, discards, mulligans, "may" choices. An illegal answer raises
`IllegalAction` and leaves the game exactly as it was.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from mtg_ecs.components import init_by_slots


class IllegalAction(Exception):
    """An answer or action the rules don't allow; the game is unchanged."""


def yes_no(answer) -> bool:
    """The answer to a 'may' decision: True/'yes' or False/'no' (anything else is illegal)."""
    if answer not in (True, False, "yes", "no"):
        raise IllegalAction("answer yes or no")
    return answer in (True, "yes")


class PlayerRef:
    """A player as a target or choice (objects are entity ids). Deliberately not a
    tuple, so it is never mistaken for a list of choices."""

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index

    def __eq__(self, other):
        return isinstance(other, PlayerRef) and other.index == self.index

    def __hash__(self):
        return hash(("player", self.index))

    def __lt__(self, other):
        return (0, self.index) < ((0, other.index) if isinstance(other, PlayerRef) else (1, other))

    def __repr__(self):
        return f"p{self.index}"


# ---------------------------------------------------------------------------
# Priority actions (CR 117.1)
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Pass:
    """Pass priority (CR 117.3d)."""

    def __repr__(self):
        return "Pass()"


@dataclass(frozen=True, slots=True)
class PlayLand:
    """Play a land: a special action (CR 116.2a, 305.1)."""
    card: int


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast a spell (CR 601). Choices left as None are asked as decisions in the
    order the rules make them; giving them here answers those decisions up front.

    `alt`: an alternative cost ('free' = without paying its mana cost).
    `mana`: None = automatic payment; otherwise the mana sources to use,
    each an entity or (entity, ability index)."""
    card: int
    targets: Any = None
    modes: Any = None
    x: Any = None
    divide: Any = None
    alt: Any = None
    pay: Any = None
    mana: Any = None

    def base(self):
        return Cast(self.card, alt=self.alt)


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate an ability (CR 602; 605 for mana abilities). `index` counts the
    object's activated abilities in printed order, mana abilities included."""
    source: int
    index: int
    targets: Any = None
    x: Any = None
    divide: Any = None
    pay: Any = None
    mana: Any = None
    choice: Any = None        # mana ability color choice ('R'), if it has several

    def base(self):
        return Activate(self.source, self.index)


# The actions the caches below miss (new objects, ~12 a playout) are made as components are
# (`components.init_by_slots`: slotted, fields set without the frozen `__setattr__`): a Cast
# or an Activate (8 fields) cost ~13 k instructions to make as a plain frozen dataclass.
# (Fields put straight in a `__dict__` instead cost more than they saved: the dict the
# object then keeps makes its fields dearer to read, at every comparison of options.)
for _cls in (PlayLand, Cast, Activate):
    init_by_slots(_cls)
del _cls

# The plain options of a priority decision, built for every decision: the actions are
# immutable values, so equal ones are shared instead of constructed each time.
play_land_option = lru_cache(maxsize=65536)(PlayLand)
cast_option = lru_cache(maxsize=65536)(Cast)
activate_option = lru_cache(maxsize=65536)(Activate)


# ---------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Concession:
    """A player's concession (CR 104.3a), as recorded among a game's answers."""
    player: int


@dataclass(frozen=True, slots=True)
class Reseed:
    """`Game.clone(seed=...)`: the clone's randomness reseeded, as recorded among its
    answers (so that unpickling, which gives the answers again, makes the same game)."""
    seed: int


@dataclass(frozen=True, slots=True)
class Redeal:
    """`Game.determinize`: the cards the player couldn't know dealt anew, as recorded among
    the determinized game's answers: `placements`, (object, card id) pairs."""
    player: int
    placements: tuple


@dataclass(slots=True)
class Decision:
    """A choice the game is waiting for.

    kind      what is being decided (see KINDS)
    player    who decides (index)
    options   the legal answers when they can be listed one by one; for
              combinatorial choices (attackers, blockers, damage assignment)
              `options` lists the parts and `legal(answer)` checks a whole answer
    min, max  how many options to choose, for choices of several
    prompt    a readable description
    data      more about the choice; `data[ONLY]`, where present, is the one legal answer
              of a choice the rules give the player even though nothing else could be
              chosen (discarding the whole hand when told to discard that many, dividing
              among a single target): still the player's decision, asked like any other
              (shared/scenario-format.md, "Decisions (strict)"); an agent may answer it
              without deliberating
    """
    kind: str
    player: int
    options: list = field(default_factory=list)
    min: int = 1
    max: int = 1
    prompt: str = ""
    data: dict = field(default_factory=dict)

    def __repr__(self):
        opts = self.options if len(self.options) <= 12 else self.options[:12] + ["..."]
        return f"<Decision {self.kind} p{self.player} {self.prompt!r} options={opts}>"

    def __copy__(self) -> "Decision":
        """A shallow copy, as `copy.copy` makes (a clone copies the pending decision; copy's
        generic protocol for slots costs ten times more). Every field is listed here
        (tests/test_state.py checks it)."""
        return Decision(self.kind, self.player, self.options, self.min, self.max, self.prompt,
                        self.data)


_new_object = object.__new__


def new_decision(kind: str, player: int, options: list, min: int, max: int, prompt: str,
                 data: dict) -> Decision:
    """`Decision(kind, player, options, min, max, prompt, data)`, every field given, made
    without the class call (its type call and the `__init__` frame it enters from C: ~2.9 k
    instructions, ~2.4 k so; more with `data=` by keyword), for the decisions made most:
    priority (at every priority, ~70 a playout), attackers, blockers, targets. Every field
    is set here (tests/test_state.py checks it, as for `Decision.__copy__`)."""
    d = _new_object(Decision)
    d.kind = kind
    d.player = player
    d.options = options
    d.min = min
    d.max = max
    d.prompt = prompt
    d.data = data
    return d


# the key of Decision.data holding the one legal answer (see Decision)
ONLY = "only_answer"


def only(answer) -> dict:
    """Decision.data for a choice with exactly this one legal answer."""
    return {ONLY: answer}


KINDS = {
    "priority": "an Action: Pass(), PlayLand(card), Cast(card, ...), Activate(source, index, ...)",
    "mulligan": "'keep' or 'mulligan'",
    "bottom": "list of cards from hand to put on the bottom of the library",
    "starting_player": "the index of the player who takes the first turn (103.1)",
    "modes": "list of mode indices",
    "x": "a number",
    "targets": "list of targets for one target phrase",
    "divide": "{target: amount}",
    "cost": "list of objects to pay a cost with (sacrifice, discard)",
    "attackers": "{attacker: defender}",
    "blockers": "{blocker: attacker or [attackers]}",
    "damage_assignment": "{recipient: amount}",
    "blocker_order": "list of blockers (m10 profile)",
    "trigger_order": "list of triggers (or of their positions in the options), first to go on the stack first",
    "may": "'yes' or 'no'",
    "choose": "list of objects or players",
    "discard": "list of cards",
    "legend_rule": "the object to keep",
    "replacement": "which replacement/prevention effect applies first",
    "prevention": "{source: amount}: which damage a fixed-amount shield prevents (615.7)",
    "redirect": "{recipient: amount}: which damage a redirection shield redirects (614.9)",
    "name": "a card name (a list of one is accepted)",
    "color": "a color name",
    "choice": "one of the options, itself (a kind of counter, a keyword)",
    "mana_choice": "which mana an ability produces",
    "mana_sacrifice": "list of permanents to sacrifice for mana (Treasures) while paying a cost (601.2g)",
    "scry": "{'top': [cards, top first], 'bottom': [cards, top first]} (701.22)",
    "look_order": "{'top': [cards, top first]}: put looked-at cards back in any order",
    "top_or_bottom": "'top' or 'bottom': where in their library the owner puts a card",
}


class StepKey:
    """A key for a step's progress in `ctx.vars`: the step object itself, compared by
    identity (two equal steps of one ability keep apart), hashed by its values in
    `state_hash` (so a clone that rebuilt an equal step hashes alike, and no memory
    address enters the hash), and keeping the step alive (an id is never reused)."""

    __slots__ = ("step",)

    def __init__(self, step):
        self.step = step

    def __hash__(self) -> int:
        return id(self.step)

    def __eq__(self, other) -> bool:
        return type(other) is StepKey and other.step is self.step

    def __repr__(self) -> str:
        return f"StepKey({type(self.step).__name__})"
