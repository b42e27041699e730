"""Searching a library (CR 701.19), naming a card (201.3) and conditional steps, for
effects such as Sphinx Ambassador's: "search that player's library for a card, then
that player chooses a card name. If you searched for a creature card that doesn't have
that name, you may put it onto the battlefield under your control. Then that player
shuffles."

* `SearchLibrary(whose, key)`: the effect's controller looks through that library and
  picks a card (a `choose` decision over the library); "a card" has no stated quality,
  so one must be picked if the library isn't empty (701.19b). The card stays in the
  library (hidden) and is remembered in ctx.vars[key].
* `NameCard(who, key)`: a player chooses the name of a real card (201.3; a `name`
  decision answered with the card's English name).
* `If(condition, steps)`: runs `steps` only when condition(game, ctx) holds.
* `PutOntoBattlefield(key)`: the remembered cards enter under the controller's control.
* `Shuffle(who)`: those players shuffle their libraries (701.20).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey
from mtg_ecs.systems import zones
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.entering import entry_choices, put_entering, entry_choices_answer


class SearchLibrary(Step):
    def __init__(self, whose, key="found", filter=None):
        self.whose = whose
        self.key = key
        self.filter = filter

    def run(self, game, ctx):
        if self.key in ctx.vars:
            return None
        ps = [p for p in self.whose.resolve(game, ctx) if isinstance(p, PlayerRef)]
        if not ps:
            ctx.vars[self.key] = []
            return None
        lib = [c for c in reversed(game.players[ps[0].index].library)
               if self.filter is None or self.filter(game, c)]
        if not lib:
            ctx.vars[self.key] = []
            return None
        n_min = 1 if self.filter is None else 0          # 701.19b
        return Decision("choose", ctx.controller, lib, n_min, 1, "search for a card")

    def answer(self, game, ctx, decision, answer):
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if not (decision.min <= len(chosen) <= decision.max) or any(c not in decision.options for c in chosen):
            raise IllegalAction("choose a card of that library")
        ctx.vars[self.key] = chosen


class NameCard(Step):
    def __init__(self, who, key="named"):
        self.who = who
        self.key = key

    def run(self, game, ctx):
        if self.key in ctx.vars:
            return None
        p = self.who.resolve(game, ctx)[0]
        return Decision("name", p.index, game.catalog.card_names(), 1, 1, "choose a card name")

    def answer(self, game, ctx, decision, answer):
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction(f"{a!r} is not the name of a card")
        ctx.vars[self.key] = a


class If(Step):
    """'If <condition>, <steps>. Otherwise, <otherwise>.': the condition is checked once,
    as this step begins (what the branch then does doesn't change the branch taken)."""

    def __init__(self, condition, steps, otherwise=()):
        self.condition = condition
        self.steps = tuple(steps)
        self.otherwise = tuple(otherwise)

    def _branch(self, st):
        return self.steps if st["ok"] else self.otherwise

    def run(self, game, ctx):
        key = ("if", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            st = ctx.vars[key] = {"ok": bool(self.condition(game, ctx)), "i": 0}
        steps = self._branch(st)
        while st["i"] < len(steps):
            d = steps[st["i"]].run(game, ctx)
            if d is not None:
                return d
            st["i"] += 1
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("if", StepKey(self))]
        self._branch(st)[st["i"]].answer(game, ctx, decision, answer)


class IfColorsSpent(If):
    """'If exactly N colors of mana were spent to activate this ability' (`unless`: if not):
    the mana spent is kept with the ability as it is activated (601.2h; `reads_mana_spent`);
    colorless isn't a color (105.1, 002 Paragon of Modernity R1)."""
    reads_mana_spent = True

    def __init__(self, n, steps, unless=False):
        super().__init__(lambda g, ctx: (sum(1 for a in ctx.info.get("mana_spent", ())[:5] if a) == n)
                         != unless, steps)


class PutOntoBattlefield(Step):
    def __init__(self, key="found"):
        self.key = key

    def run(self, game, ctx):
        d = entry_choices(game, ctx, self, ctx.vars.get(self.key, []), lambda c: ctx.controller)
        if d is not None:
            return d                    # 614.12 (a Clone chooses what to copy), 303.4f (an Aura)
        for c in ctx.vars.get(self.key, []):
            if game.exists(c) and game.zone_of(c) in ("library", "graveyard", "hand", "exile"):
                put_entering(game, ctx, self, c, controller=ctx.controller, cause=None)

    def answer(self, game, ctx, decision, answer):
        entry_choices_answer(game, ctx, self, decision, answer)


class Shuffle(Step):
    def __init__(self, who):
        self.who = who

    def run(self, game, ctx):
        for p in self.who.resolve(game, ctx):
            if isinstance(p, PlayerRef):
                zones.shuffle(game, p.index)
