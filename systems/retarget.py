"""Changing the targets of a spell (CR 115.7): "You may choose new targets for target spell"
(Redirect).

115.7d: the player may change any number of the spell's targets, including all or none;
each new target must be legal; a target that can't be changed to another legal target is
left unchanged, even if it is illegal now. The spell's modes are never changed (700.2).
A spell can't target itself (115.5): its own object is never a candidate. A spell with no
targets is left as it is.

Decisions: a "may" (choose new targets?), then one `targets` decision per target phrase,
whose options are the current targets plus the legal new ones.
"""
from __future__ import annotations

import dataclasses

from mtg_ecs.components import Card, Spell
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.targeting import TargetContext, candidates, is_legal
from mtg_ecs.systems.casting import spell_target_specs


def _specs(game, eid):
    comps = game.world.ents[eid]
    return spell_target_specs(comps[Card].defn, comps[Spell].modes)


class ChooseNewTargets(Step):
    """'You may choose new targets for <target spell>'."""

    def __init__(self, what):
        self.what = what

    def _state(self, ctx):
        return ctx.vars.get(("retarget", StepKey(self)))

    def run(self, game, ctx):
        st = self._state(ctx)
        if st is None:
            spells = [s for s in self.what.resolve(game, ctx)
                      if not isinstance(s, PlayerRef) and game.exists(s) and game.has(s, Spell)]
            sp = game.world.get(spells[0], Spell) if spells else None
            if sp is None or not sp.targets or not _specs(game, spells[0]):
                return None                      # R4: a spell without targets: nothing happens
            ctx.vars[("retarget", StepKey(self))] = {"eid": spells[0], "state": "ask", "i": 0}
            return Decision("may", ctx.controller, [True, False], 1, 1,
                            f"choose new targets for {game.name(spells[0])}?")
        if st["state"] != "choose":
            return None
        eid = st["eid"]
        if not game.exists(eid) or eid not in game.stack:
            return None
        specs = _specs(game, eid)
        sp = game.world.get(eid, Spell)
        tc = TargetContext(sp.controller, eid, game.chars(eid), True)
        i = st["i"]
        while i < len(specs):
            cur = list(sp.targets[i]) if i < len(sp.targets) else []
            new = [o for o in candidates(game, specs[i], tc) if o not in cur and o != eid]   # 115.5
            if new:
                ctx.vars[("retarget", StepKey(self))] = {**st, "i": i}
                return Decision("targets", ctx.controller, cur + new, specs[i].min, specs[i].max,
                                specs[i].text, data={"retarget": i, "current": cur})
            i += 1                               # can't be changed: left unchanged (115.7d)
        ctx.vars[("retarget", StepKey(self))] = {**st, "state": "done", "i": i}
        return None

    def answer(self, game, ctx, decision, answer):
        st = self._state(ctx)
        if decision.kind == "may":
            if answer not in (True, False, "yes", "no"):
                raise IllegalAction("answer yes or no")
            ctx.vars[("retarget", StepKey(self))] = {**st, "state": "choose" if answer in (True, "yes") else "done"}
            return
        eid = st["eid"]
        i = decision.data["retarget"]
        spec = _specs(game, eid)[i]
        grp = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        cur = decision.data["current"]
        if not (spec.min <= len(grp) <= spec.max) or len(set(grp)) != len(grp):
            raise IllegalAction(f"{spec.text}: choose {spec.min}..{spec.max} different targets")
        sp = game.world.get(eid, Spell)
        tc = TargetContext(sp.controller, eid, game.chars(eid), True)
        for t in grp:
            if t not in decision.options or (t not in cur and not is_legal(game, spec, t, tc)):
                raise IllegalAction(f"{t} is not a legal new target for {spec.text}")
        targets = list(sp.targets)
        targets[i] = tuple(grp)
        game.set(eid, dataclasses.replace(sp, targets=tuple(targets)))
        ctx.vars[("retarget", StepKey(self))] = {**st, "i": i + 1}
