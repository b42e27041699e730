"""The fixed Discrete action space: verb x slot (docs/rl.md has the table).

A priority decision is one step: pass, play or cast hand slot i (an alternative cost as a
verb of its own), activate ability k of battlefield slot j, or an action of a card
elsewhere (a graveyard, exile, the top of a library) as "other" slot m. Every other
decision is broken into steps, one object at a time (`builder`): each attacker in turn
(don't attack / attack defender slot d), each blocker in turn (no block / block attacker
slot a), options chosen one at a time then "done", damage and divisions one unit at a
time, orders one object at a time. A builder returns the engine's answer once its steps
are complete. Slots of hand and battlefield are the rows of the observation
(`encoding.object_rows`).

Nothing is cut at a slot limit: a step's choices are (verb, index) pairs, the index
unbounded; index i of a verb of n slots is slot i % n on page i // n. When a step has
more than one page, the `page` verb shows the next one (the last wraps to the first), a
step that changes nothing else; verbs of one slot (pass, done, ...) are on every page.
"""
from __future__ import annotations

from itertools import combinations

from mtg_ecs.components.definitions import KEYWORD_ALT_COSTS
from mtg_ecs.core.decisions import Activate, Cast, Pass, PlayLand, PlayerRef
from mtg_ecs.rl.cards import card_id
from mtg_ecs.rl.sizes import ROWS

MAX_HAND = ROWS["hand"]
MAX_PERMANENTS = ROWS["battlefield"]
MAX_ABILITIES = 4           # activated abilities per permanent (printed order, 602)
# slots of a page (more are reached through the `page` verb: module docstring)
MAX_OTHER = 16              # priority actions of cards outside hand and battlefield
MAX_OPTIONS = 64            # options of a choice (targets, cards, ...), in the engine's order
MAX_VALUE = 32              # X and other numbers: the value itself
MAX_DEFENDERS = 16          # opponents by seat (slots 0-4), then planeswalkers and battles
MAX_ATTACKERS = 32          # attacking creatures a blocker may block, in battlefield order
MAX_NAMES = 512             # card names (naming a card, 201.3): the card id
ALT_COSTS = ("alt", "free") + KEYWORD_ALT_COSTS    # Cast(alt=...) as verbs of their own

VERBS = (("pass", 1), ("play_land", MAX_HAND), ("cast", MAX_HAND)) \
    + tuple((f"cast_{a}", MAX_HAND) for a in ALT_COSTS) \
    + (("activate", MAX_PERMANENTS * MAX_ABILITIES), ("other", MAX_OTHER),
       ("option", MAX_OPTIONS), ("done", 1), ("yes", 1), ("no", 1),
       ("keep", 1), ("mulligan", 1), ("value", MAX_VALUE),
       ("no_attack", 1), ("attack", MAX_DEFENDERS), ("no_block", 1), ("block", MAX_ATTACKERS),
       ("name", MAX_NAMES), ("page", 1))
VERB_SIZE = dict(VERBS)
VERB_START: dict[str, int] = {}
_n = 0
for _v, _size in VERBS:
    VERB_START[_v] = _n
    _n += _size
ACTION_SIZE = _n
VERB_NAMES = tuple(v for v, _ in VERBS)
_VERB_OF = [v for v, size in VERBS for _ in range(size)]


def action(verb: str, slot: int = 0) -> int:
    return VERB_START[verb] + slot


def decode(a: int) -> tuple[str, int]:
    """(verb, slot) of an action index."""
    v = _VERB_OF[a]
    return v, a - VERB_START[v]


class Builder:
    """The steps of one decision. `items()` maps each legal choice of the step, as (verb,
    index), to what it stands for (an option, an object, a value); `choices()` maps the
    action indices of the page shown to those choices (None: the `page` verb); `take(key)`
    takes one and returns the engine's answer when the decision is complete, else None.
    `focus`: the object the step asks about; `chosen`: the objects chosen so far."""

    focus = None

    def __init__(self, view, d, rows: dict):
        self.view = view
        self.d = d
        self.rows = rows            # zone -> objects in row order (encoding.object_rows)
        self.taken = 0
        self.chosen: list = []
        self.page = 0

    def pointed(self, what):
        """(object or player, number) an action standing for `what` points at, for the
        pointer form (None where there is none)."""
        if isinstance(what, PlayerRef) or (type(what) is int and self.view.exists(what)):
            return what, None
        return None, None

    def min_left(self) -> int:
        return max(0, self.d.min - len(self.chosen))

    def max_left(self) -> int:
        return max(0, self.d.max - len(self.chosen))

    def units_left(self) -> int:
        return 0

    def marked(self) -> list:
        """The objects the observation marks as chosen (`chosen`)."""
        return self.chosen

    _at = -1

    def items(self) -> dict:
        """{(verb, index): what it stands for} of the legal choices of this step."""
        if self._at != self.taken:          # computed once a step
            self._items, self._at = self.legal(), self.taken
            self.page, self._choices = 0, None
            self.pages = 1 + max((i // VERB_SIZE[v] for v, i in self._items), default=0)
        return self._items

    def choices(self) -> dict:
        """{action index: (verb, index)} of the page shown (None for the `page` verb)."""
        items = self.items()
        if self._choices is None:
            if self.pages == 1:
                self._choices = {VERB_START[v] + i: (v, i) for v, i in items}
            else:
                page, out = self.page, {VERB_START["page"]: None}
                for v, i in items:
                    size = VERB_SIZE[v]
                    if size == 1 or i // size == page:
                        out[VERB_START[v] + i % size] = (v, i)
                self._choices = out
        return self._choices

    def ordered(self) -> list:
        """The keys of `items()` in the order of their actions (the pointer form's rows)."""
        return sorted(self.items(), key=lambda k: (VERB_START[k[0]], k[1]))

    def turn_page(self) -> None:
        self.page = (self.page + 1) % self.pages
        self._choices = None

    def legal(self) -> dict:
        raise NotImplementedError

    def take(self, key):
        out = self.advance(self.items()[key])
        self.taken += 1
        return out

    def advance(self, what):
        raise NotImplementedError


class PriorityBuilder(Builder):
    """One step: the action itself. Mana abilities are left out unless asked for (paid
    automatically when a cost is: ecs/apps/agents.py `useful_actions`)."""

    def __init__(self, view, d, rows, actions, refused=()):
        super().__init__(view, d, rows)
        self._actions = self._map(actions, refused)

    def _map(self, actions, refused) -> dict:
        hand = {e: i for i, e in enumerate(self.rows["hand"])}
        field = {e: j for j, e in enumerate(self.rows["battlefield"])}
        out, other = {}, 0
        for act in actions:
            if act in refused:
                continue
            k = None
            t = type(act)
            if t is Pass:
                k = ("pass", 0)
            elif t is PlayLand and act.card in hand:
                k = ("play_land", hand[act.card])
            elif t is Cast and act.card in hand and (act.alt is None or act.alt in ALT_COSTS):
                k = ("cast" if act.alt is None else f"cast_{act.alt}", hand[act.card])
            elif t is Activate and act.source in field and act.index < MAX_ABILITIES:
                k = ("activate", field[act.source] * MAX_ABILITIES + act.index)
            if k is None or k in out:
                k = ("other", other)
                other += 1
            out[k] = act
        return out

    def legal(self) -> dict:
        return self._actions

    def advance(self, act):
        return act

    def pointed(self, act):
        return getattr(act, "card", None) or getattr(act, "source", None), None


class YesNoBuilder(Builder):
    """'may' (yes / no) and 'mulligan' (keep / mulligan)."""

    def legal(self) -> dict:
        if self.d.kind == "mulligan":
            return {("keep", 0): "keep", ("mulligan", 0): "mulligan"}
        return {("yes", 0): True, ("no", 0): False}

    def advance(self, what):
        return what


class OneOfBuilder(Builder):
    """An answer that is one of the options itself (a color, a counter kind, the legend to
    keep, 'top' or 'bottom'); a number (X) by its value; a card name by its id."""

    def legal(self) -> dict:
        opts = self.d.options
        if self.d.kind == "x":
            return {("value", v): v for v in opts if v >= 0}
        if self.d.kind == "name":
            ids = ((card_id(n), n) for n in opts)
            return {("name", i): n for i, n in ids if i > 0}
        return {("option", i): o for i, o in enumerate(opts)}

    def pointed(self, what):
        if self.d.kind == "x":
            return None, what
        return super().pointed(what)

    def advance(self, what):
        if self.d.kind == "name":
            return [what]
        return what


class SubsetBuilder(Builder):
    """Choose min..max of the options, one at a time, then 'done' (targets, cards to
    discard or sacrifice, modes): complete by itself when no more can be chosen. Targets
    that can't be chosen together (601.2c) are masked out."""

    def legal(self) -> dict:
        d = self.d
        out = {}
        if len(self.chosen) < d.max:
            group = d.data.get("group")
            for i, o in enumerate(d.options):
                if o in self.chosen:
                    continue
                if group is not None and not self.view.targets_go_together(d, self.chosen + [o]):
                    continue
                out[("option", i)] = o
        if len(self.chosen) >= d.min:
            out[("done", 0)] = None
        return out

    def advance(self, o):
        if o is not None:
            self.chosen.append(o)
            if len(self.chosen) < self.d.max and any(v != "done" for v, _ in self.legal()):
                return None
        return list(self.chosen)


class OrderBuilder(Builder):
    """An order of the options, first first, one at a time (trigger order: positions;
    blockers' damage order; look_order: top first); the last one by itself. Scry (701.22a:
    the rest on the bottom in any order): the cards for the top one at a time, top first,
    then 'done'; then the cards for the bottom one at a time, the one nearest the top
    first, the last by itself. Putting the rest on the bottom (`warp_bottom`) is the
    bottom order alone."""

    def __init__(self, view, d, rows):
        super().__init__(view, d, rows)
        # scry: how many of `chosen` go on top, once 'done' is taken
        self.top = 0 if d.data.get("warp_bottom") else None

    def legal(self) -> dict:
        out = {("option", i): i for i in range(len(self.d.options)) if i not in self.chosen}
        if self.d.kind == "scry" and self.top is None:
            out[("done", 0)] = None
        return out

    def pointed(self, i):
        return super().pointed(None if i is None else self.d.options[i])

    def marked(self) -> list:
        return [self.d.options[i] for i in self.chosen]

    def advance(self, i):
        d = self.d
        if i is None:
            self.top = len(self.chosen)
        else:
            self.chosen.append(i)
        n = len(d.options)
        left = n - len(self.chosen)
        if left > (d.kind != "scry" or self.top is not None):
            return None
        order = self.chosen + [k for k in range(n) if k not in self.chosen]
        if d.kind == "trigger_order":
            return order
        cards = [d.options[k] for k in order]
        if d.kind == "scry":
            top = n if self.top is None else self.top
            return {"top": cards[:top], "bottom": cards[top:]}
        if d.kind == "look_order":
            return {"top": cards}
        return cards


def defender_slots(view, d) -> list:
    """The defenders of an attack declaration in slot order: the opponents by seat, then
    planeswalkers and battles in battlefield order."""
    me, n = view.player, len(view.players)
    players = [PlayerRef((me + i) % n) for i in range(1, n)]
    objects = sorted({x for _, ds in d.options for x in ds if not isinstance(x, PlayerRef)})
    present = {x for _, ds in d.options for x in ds}
    return [p for p in players if p in present] + objects


class DeclarationBuilder(Builder):
    """A combat declaration, one candidate (the option's creature) at a time: not at all
    (`none`), or `verb` slot `slot[x]` for one of the candidate's choices; a creature that
    may block several attackers then `verb` for each further one, or `done` (509.1a)."""

    none, verb = "", ""

    def __init__(self, view, d, rows):
        super().__init__(view, d, rows)
        self.slot = self.slots(view, d, rows)
        self.answer = {}
        self.at = 0                 # the candidate asked about
        self.more: list = []        # what it is declared for so far (several: blocks)

    @property
    def focus(self):
        return self.d.options[self.at][0] if self.at < len(self.d.options) else None

    def several(self, creature) -> bool:
        """May `creature` be declared for more than one of its choices?"""
        return False

    def legal(self) -> dict:
        d = self.d
        creature, xs = d.options[self.at]
        more = self.more
        out = {} if more else {(self.none, 0): None}
        for x in xs:
            if x not in more:
                out[(self.verb, self.slot[x])] = x
        if more:
            out[("done", 0)] = None
        if self.at + 1 == len(d.options):
            # the last creature: only what leads to a legal declaration (restrictions and
            # requirements, 508.1c-d, 509.1b-c: menace), if anything does
            ends = self._legal_ends(creature, xs)
            legal = {k: x for k, x in out.items() if any(
                self._leads(x, end) for end in ends)}
            out = legal or out
        return out

    def _leads(self, x, end) -> bool:
        """Does choosing x (None: none, or done when some are chosen) now lead to `end`,
        the creature's whole declaration (a tuple of its choices, () for none)?"""
        have = set(self.more)
        if x is None:
            return set(end) == have
        return x in end and have <= set(end)

    def _legal_ends(self, creature, xs) -> list:
        """The whole declarations of the last creature that make the declaration legal:
        each of its choices alone or none, and with several, every set of up to 6 of its
        choices (the engine's own bound, systems/combat.py `_block_options`), else the ones
        one step from what it has."""
        ends = [()] + [(x,) for x in xs]
        if self.several(creature):
            if len(xs) <= 6:
                ends += [c for k in range(2, len(xs) + 1) for c in combinations(xs, k)]
            else:
                ends += [tuple(self.more) + (x,) for x in xs if x not in self.more]
        return [e for e in ends if self._legal_with(creature, e)]

    def _legal_with(self, creature, end) -> bool:
        answer = dict(self.answer)
        if end:
            answer[creature] = end[0] if len(end) == 1 else list(end)
        return self.view.legal_declaration(self.d, answer) == answer

    def marked(self) -> list:
        return self.chosen + self.more

    def advance(self, x):
        creature, xs = self.d.options[self.at]
        if x is not None:
            self.more.append(x)
            if self.several(creature) and len(self.more) < len(xs):
                return None
        if self.more:
            self.answer[creature] = self.more[0] if len(self.more) == 1 else list(self.more)
            self.chosen.append(creature)
        self.at += 1
        self.more = []
        return dict(self.answer) if self.at == len(self.d.options) else None


class AttackBuilder(DeclarationBuilder):
    """Each candidate attacker in turn: don't attack, or attack defender slot d (508.1)."""

    none, verb = "no_attack", "attack"

    @staticmethod
    def slots(view, d, rows) -> dict:
        me, n = view.player, len(view.players)
        out, k = {}, n - 1
        for x in defender_slots(view, d):
            if isinstance(x, PlayerRef):
                out[x] = (x.index - me) % n - 1
            else:
                out[x] = k
                k += 1
        return out


class BlockBuilder(DeclarationBuilder):
    """Each candidate blocker in turn: no block, or block attacker slot a (the attackers
    in battlefield order, 509.1); one that can block any number of creatures (509.1a)
    then blocks each further attacker, or is done."""

    none, verb = "no_block", "block"

    def several(self, creature) -> bool:
        return "block_any_number" in self.view.chars(creature).flags

    @staticmethod
    def slots(view, d, rows) -> dict:
        field = {e: j for j, e in enumerate(rows["battlefield"])}
        attackers = sorted({a for _, xs in d.options for a in xs},
                           key=lambda a: (field.get(a, len(field)), a))
        return {a: i for i, a in enumerate(attackers)}


class UnitsBuilder(Builder):
    """Amounts given one unit at a time to a recipient (option slot), each step masked so
    the whole stays legal: combat damage (510.1c-d: lethal damage to each blocker in order
    before the next when ordered, to every blocker before the player with trample,
    702.19b), a division among targets (601.2d: at least one each), and the damage a
    prevention or redirection shield takes (615.7, 614.9: up to each source's damage)."""

    def __init__(self, view, d, rows):
        super().__init__(view, d, rows)
        data = d.data
        k = d.kind
        if k in ("prevention", "redirect"):
            self.keys = list(data["damage"])
            self.most = dict(data["damage"])
            self.total = data["amount"] if k == "prevention" else \
                min(data["total"], sum(self.most.values()))
        else:
            self.keys = list(d.options)
            self.most = None
            self.total = data["total"]
        self.out = dict.fromkeys(self.keys, 0)
        targets = len(self.keys)
        # 601.2d: each target gets at least one (unless fewer units than targets may be
        # divided among any number of them)
        self.each = k == "divide" and not (self.total < targets and data.get("any_number"))

    def units_left(self) -> int:
        return self.total - sum(self.out.values())

    def _legal(self, r) -> bool:
        d, out = self.d, self.out
        if self.most is not None:
            return out[r] < self.most[r]
        if d.kind == "divide":
            zeros = sum(1 for x in self.keys if out[x] == 0 and x != r)
            return not self.each or self.units_left() - 1 >= zeros
        data = d.data
        blockers = list(data["blockers"])
        lethal = data["lethal"]
        if r not in blockers:                   # the player or planeswalker (trample)
            return all(out[b] >= lethal[b] for b in blockers)
        if data["ordered"]:
            k = blockers.index(r)
            return all(out[b] >= lethal[b] for b in blockers[:k])
        return True

    def legal(self) -> dict:
        return {("option", i): r for i, r in enumerate(self.keys) if self._legal(r)}

    def advance(self, r):
        self.out[r] += 1
        if self.units_left():
            return None
        if self.d.kind == "divide":
            return {t: n for t, n in self.out.items() if n}
        return dict(self.out)


ONE_OF = ("legend_rule", "color", "mana_choice", "starting_player", "cost_choice",
          "top_or_bottom", "choice", "x", "name")
ORDERS = ("trigger_order", "blocker_order", "look_order", "scry")
UNITS = ("damage_assignment", "divide", "prevention", "redirect")
BUILDERS = dict({"may": YesNoBuilder, "mulligan": YesNoBuilder, "attackers": AttackBuilder,
                 "blockers": BlockBuilder},
                **dict.fromkeys(ONE_OF, OneOfBuilder), **dict.fromkeys(ORDERS, OrderBuilder),
                **dict.fromkeys(UNITS, UnitsBuilder))


def builder(view, d, rows, actions=None, refused=()) -> Builder:
    """The steps of decision `d` of the view's player. `actions`: a priority decision's
    actions the agent is offered (without mana abilities by default); `refused`: actions
    the engine refused at this decision already (left out)."""
    if d.kind == "priority":
        return PriorityBuilder(view, d, rows, d.options if actions is None else actions, refused)
    return BUILDERS.get(d.kind, SubsetBuilder)(view, d, rows)
