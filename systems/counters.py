"""Effects that choose counters (CR 122): "put a +1/+1 counter and a counter from among
flying, first strike, lifelink, or vigilance on it" (a keyword counter, 122.1b: its
keyword is given in layer 6, `layers.counter_keywords`), and "you may remove a counter
from a creature or planeswalker you control. If you do, ..." (any kind of counter).

The kind of counter is one decision, kind "choice" (its options are the kinds' names,
answered with one of them); which permanent is a "choose" of up to one object.
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey
from mtg_ecs.systems import zones
from mtg_ecs.systems.effects import Step, choice_decision, chosen_word


class PutCountersWithChosenKind(Step):
    """'Put <also> and a counter from among <kinds> on <it>': the kind is chosen as the
    effect resolves, then all the counters are put on together (002 Elspeth Resplendent
    R1). Nothing is asked when there is nothing to put them on."""

    def __init__(self, what, kinds, also=()):
        self.what = what
        self.kinds = tuple(kinds)
        self.also = tuple(also)

    def run(self, game, ctx):
        objs = [t for t in self.what.resolve(game, ctx)
                if not isinstance(t, PlayerRef) and t in game.battlefield]
        if not objs:
            return None
        key = ("kind", StepKey(self))
        kind = ctx.vars.get(key)
        if kind is None:
            return choice_decision(ctx.controller, self.kinds,
                                   "choose a kind of counter: " + ", ".join(self.kinds))
        del ctx.vars[key]
        for t in objs:
            for k in self.also + (kind,):
                zones.add_counters(game, t, k, 1)
        return None

    def answer(self, game, ctx, decision, answer):
        ctx.vars[("kind", StepKey(self))] = chosen_word(decision, answer)


class MayRemoveACounter(Step):
    """'You may remove a counter from a <filter> you control. If you do, <then>': any kind
    of counter (002 Sanctuary Warden R1). The player chooses up to one permanent that has a
    counter, then, if it has several kinds, the kind; with none to choose, nothing is
    asked and nothing is done. `filter(game, eid, chars)`."""

    def __init__(self, filter, then=()):
        self.filter = filter
        self.then = tuple(then)

    def _key(self, part):
        return (part, StepKey(self))

    def run(self, game, ctx):
        done = ctx.vars.get(self._key("i"))
        if done is None:
            d = self._choose(game, ctx)
            if d is not None:
                return d
            done = ctx.vars.get(self._key("i"))
            if done is None:
                return None                                 # nothing removed: no 'if you do'
        i = done
        while i < len(self.then):
            d = self.then[i].run(game, ctx)
            if d is not None:
                ctx.vars[self._key("i")] = i
                return d
            i += 1
        ctx.vars.pop(self._key("i"), None)
        return None

    def _choose(self, game, ctx):
        vars_ = ctx.vars
        obj = vars_.get(self._key("obj"))
        if obj is None:
            opts = [e for e in game.battlefield if game.chars(e).controller == ctx.controller
                    and game.counters(e).items and self.filter(game, e, game.chars(e))]
            if not opts:
                return None
            return Decision("choose", ctx.controller, opts, 0, 1,
                            "you may remove a counter from one of these", data={"remove_from": True})
        if obj == "none":
            vars_.pop(self._key("obj"))
            return None
        kinds = [k for k, _ in game.counters(obj).items]
        kind = vars_.get(self._key("kind"))
        if kind is None:
            return choice_decision(ctx.controller, kinds, "choose the kind of counter to remove")
        vars_.pop(self._key("obj"))
        vars_.pop(self._key("kind"))
        if zones.remove_counters(game, obj, kind, 1):
            vars_[self._key("i")] = 0
        return None

    def answer(self, game, ctx, decision, answer):
        i = ctx.vars.get(self._key("i"))
        if i is not None:
            self.then[i].answer(game, ctx, decision, answer)
            return
        if decision.data.get("remove_from"):
            chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            if len(chosen) > 1 or any(c not in decision.options for c in chosen):
                raise IllegalAction("choose at most one of the permanents with counters")
            ctx.vars[self._key("obj")] = chosen[0] if chosen else "none"
            return
        ctx.vars[self._key("kind")] = chosen_word(decision, answer)
