"""Copies of spells (CR 707.10).

A copy of a spell is created on the stack: it copies the spell's copiable values
(707.2: its card's characteristics) and every choice made for it — modes (707.10),
targets, X (107.3), division, additional costs paid (707.10, 601.2f) — and is
controlled by the player who put it there (its owner too, 110.2). It isn't cast
(707.10: no "cast" triggers). The copier may be allowed to choose new targets
(707.10c): each target may be changed to a new legal one or left unchanged, even if
it is illegal; a target for which no new legal target exists stays unchanged. When a
copy leaves the stack it ceases to exist (704.5e): it is kept as a token-like object,
so the state-based action that removes tokens off the battlefield removes it too.

    CopySpell(TARGET(0))                # Twincast: copy target spell, may choose new targets
    EachOtherPlayerCopies(INFO("spell"))  # Hive Mind
"""
from __future__ import annotations

import dataclasses

from mtg_ecs.components import Card, Counters, Spell, CopyOf, EntersAsCopy, TAPPED
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.targeting import TargetContext, candidates, is_legal
from mtg_ecs.systems.stack import spell_parts


def copy_spell(game, spell_eid: int, controller: int, values=None) -> int | None:
    """Put a copy of the spell on the stack under `controller`'s control (707.10).
    `values(defn, spell)`: the copiable values with the exceptions the copy effect states
    (707.9b: 'the copy isn't legendary and has starting loyalty X').

    An effect copying a spell that has left the stack (countered or bounced before the
    casualty or storm trigger that copies it resolves) still copies it, as it last existed
    on the stack: its copiable values and every choice made for it (608.2h last known
    information; 707.10). None if it never was a spell."""
    last = last_spell(game, spell_eid)
    if last is None:
        return None
    card, sp = last
    defn = card.defn if values is None else values(card.defn, sp)
    eid = game.create_object(defn, controller, "stack", token=True, controller=controller)
    game.token_limbo.discard(eid)             # it ceases to exist only once it leaves the stack
    game.set(eid, dataclasses.replace(sp, controller=controller, copy=True, paid_alt=None))
    game.version += 1
    return eid


def last_spell(game, eid: int):
    """(Card, Spell) of the spell `eid`: on the stack now, else as it last existed there
    (608.2h); None if it never was a spell."""
    comps = game.world.ents.get(eid)
    if comps is not None and Spell in comps and eid in game.stack:
        return comps[Card], comps[Spell]
    return (game.lki_extra.get(eid) or {}).get("spell")


def _target_specs(game, eid):
    comps = game.world.ents[eid]
    return spell_parts(comps[Card].defn, comps[Spell].modes)[0]


class _CopyProcess:
    """The choices after a copy is created: 'may choose new targets' (yes/no), then one
    `targets` decision per target phrase (the current targets are always allowed)."""

    def __init__(self, eid, player, may_new=True):
        self.eid = eid
        self.player = player
        self.may_new = may_new
        self.state = "ask" if may_new else "done"
        self.i = 0

    def copy_progress(self):
        """For a game clone: its own process, where the original's goes on unchanged."""
        c = _CopyProcess.__new__(_CopyProcess)
        c.__dict__.update(self.__dict__)
        return c

    def step(self, game):
        if self.state == "ask":
            specs = _target_specs(game, self.eid)
            if not specs or not game.world.get(self.eid, Spell).targets:
                self.state = "done"
            else:
                return Decision("may", self.player, [True, False], 1, 1,
                                "choose new targets for the copy?", data={"what": "new_targets"})
        if self.state == "choose":
            specs = _target_specs(game, self.eid)
            sp = game.world.get(self.eid, Spell)
            tc = TargetContext(self.player, self.eid, game.chars(self.eid), True)
            while self.i < len(specs):
                spec = specs[self.i]
                cur = list(sp.targets[self.i]) if self.i < len(sp.targets) else []
                opts = candidates(game, spec, tc)
                new = [o for o in opts if o not in cur]
                if not new:                           # 707.10c: left unchanged
                    self.i += 1
                    continue
                return Decision("targets", self.player, cur + new, spec.min, spec.max, spec.text,
                                data={"copy_target": self.i, "current": cur})
            self.state = "done"
        if self.state == "done":
            game.emit("copy_on_stack", eid=self.eid, player=self.player)
            self.state = "emitted"
        return None

    def answer(self, game, decision, answer):
        if decision.kind == "may":
            if answer not in (True, False, "yes", "no"):
                raise IllegalAction("answer yes or no")
            self.state = "choose" if answer in (True, "yes") else "done"
            return
        grp = answer if isinstance(answer, (list, tuple)) else [answer]
        specs = _target_specs(game, self.eid)
        spec = specs[self.i]
        cur = decision.data["current"]
        if not (spec.min <= len(grp) <= spec.max) or len(set(grp)) != len(grp):
            raise IllegalAction(f"{spec.text}: choose {spec.min}..{spec.max} different targets")
        tc = TargetContext(self.player, self.eid, game.chars(self.eid), True)
        for t in grp:
            if t not in decision.options or (t not in cur and not is_legal(game, spec, t, tc)):
                raise IllegalAction(f"{game.name(t) if not isinstance(t, PlayerRef) else t} "
                                    f"is not a legal new target for {spec.text}")
        sp = game.world.get(self.eid, Spell)
        targets = list(sp.targets)
        targets[self.i] = tuple(grp)
        game.set(self.eid, dataclasses.replace(sp, targets=tuple(targets)))
        self.i += 1


class CopySpell(Step):
    """'Copy <target spell>. You may choose new targets for the copy.' (Twincast)"""

    def __init__(self, what, may_choose_new_targets=True, values=None):
        self.what = what
        self.may_new = may_choose_new_targets
        self.values = values            # copy_spell's exceptions to the copiable values

    def run(self, game, ctx):
        key = ("copy", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            st = ctx.vars[key] = {"procs": [], "i": 0}
            for s in self.what.resolve(game, ctx):
                if isinstance(s, PlayerRef):
                    continue
                new = copy_spell(game, s, ctx.controller, self.values)
                if new is not None:
                    st["procs"].append(_CopyProcess(new, ctx.controller, self.may_new))
        return _run_procs(game, st)

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("copy", StepKey(self))]
        st["procs"][st["i"]].answer(game, decision, answer)


class EachOtherPlayerCopies(Step):
    """'Each other player copies that spell. Each of those players may choose new targets
    for their copy.' (Hive Mind): in APNAP order, skipping the spell's controller
    (101.4); each copy is put on the stack after the previous one's choices."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        key = ("copies", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            spells = [s for s in self.what.resolve(game, ctx) if not isinstance(s, PlayerRef)]
            spell = spells[0] if spells else None
            last = last_spell(game, spell) if spell is not None else None
            caster = last[1].controller if last is not None else ctx.controller
            st = ctx.vars[key] = {"spell": spell, "players": [p for p in game.apnap()
                                                              if p != caster and not game.players[p].lost],
                                  "procs": [], "i": 0}
        while True:
            if st["i"] < len(st["procs"]):
                d = st["procs"][st["i"]].step(game)
                if d is not None:
                    return d
                st["i"] += 1
                continue
            if not st["players"] or st["spell"] is None:
                return None
            p = st["players"].pop(0)
            new = copy_spell(game, st["spell"], p)
            if new is None:
                return None
            st["procs"].append(_CopyProcess(new, p, True))

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("copies", StepKey(self))]
        st["procs"][st["i"]].answer(game, decision, answer)


def _run_procs(game, st):
    while st["i"] < len(st["procs"]):
        d = st["procs"][st["i"]].step(game)
        if d is not None:
            return d
        st["i"] += 1
    return None


# ---------------------------------------------------------------------------
# Entering as a copy of a permanent (CR 707.2, 707.5, 614.1c, 614.12)
# ---------------------------------------------------------------------------
from mtg_ecs.systems import replacement, token_creation
from mtg_ecs.systems.replacement import Replacement


def copiable_defn(game, eid):
    """The copiable values of a permanent (707.2): what a copy effect gave it, else its
    card (a token: the characteristics its creating effect stated, 707.2/111.4)."""
    cp = game.world.get(eid, CopyOf)
    if cp is not None and cp.defn is not None:
        return cp.defn
    return game.world.ents[eid][Card].defn


class EnterAsCopy(Replacement):
    """'You may have ~ enter the battlefield as a copy of any <filter> on the battlefield'
    (Clone). The choice is made as the permanent spell resolves, right before it moves
    (614.12: nothing happens in between); then this replacement gives the entering object
    the chosen copiable values, so its 'enters with' / 'as ~ enters' abilities apply and
    its enters triggers trigger (001 Clone R5). Counters, tapped state, Auras and other
    effects on the chosen object aren't copied (707.2). Put onto the battlefield other
    than by resolving, no choice is asked (it enters as itself)."""
    kind = "zone_change"
    functions_in = "self_entering"

    def __init__(self, filter=lambda g, e, ch: "Creature" in ch.types, what="creature"):
        self.filter = filter
        self.what = what

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield" and ev.get("copy_of") is None \
            and game.world.get(eid, EntersAsCopy) is not None

    def apply(self, game, eid, ev) -> None:
        ev["copy_of"] = game.world.get(eid, EntersAsCopy).defn

    def pre_entry_step(self, eid=None, player=None):
        return ChooseCopy(self, eid, player)


class ChooseCopy(Step):
    """The 'you may' (yes/no) and then the object to copy, for EnterAsCopy. `eid`: the
    object about to enter (default: the resolving permanent spell); `player`: who will
    control it (default: the spell's controller)."""

    def __init__(self, repl, eid=None, player=None):
        self.repl = repl
        self.eid = eid
        self.player = player

    def _var(self):
        # made for one resolution: its progress is keyed by what it is (the card's
        # replacement effect, the object), never by this object's id, so that a game
        # and its clones, each making their own, keep equal state
        return ("copy_choice", id(self.repl), self.eid)

    def _options(self, game):
        return [e for e in game.battlefield if self.repl.filter(game, e, game.chars(e))]

    def run(self, game, ctx):
        key = self._var()
        st = ctx.vars.get(key)
        if st is None:
            if not self._options(game):
                return None                     # nothing to copy: no 'may' to ask
            return Decision("may", self._player(ctx), [True, False], 1, 1,
                            f"enter as a copy of a {self.repl.what}?")
        if st == "yes":
            return Decision("choose", self._player(ctx), self._options(game), 1, 1,
                            f"choose a {self.repl.what} to copy")
        return None

    def answer(self, game, ctx, decision, answer):
        key = self._var()
        if decision.kind == "may":
            if answer not in (True, False, "yes", "no"):
                raise IllegalAction("answer yes or no")
            ctx.vars[key] = "yes" if answer in (True, "yes") else "no"
            return
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction(f"choose one of the {self.repl.what}s on the battlefield")
        game.set(self.eid if self.eid is not None else ctx.obj, EntersAsCopy(copiable_defn(game, a)))
        ctx.vars[key] = "done"

    def _player(self, ctx):
        return self.player if self.player is not None else ctx.controller


# ---------------------------------------------------------------------------
# Token copies of permanents (CR 111.10, 707.2, 707.9)
# ---------------------------------------------------------------------------
class CreateTokenCopy(Step):
    """'Create a token that's a copy of <it>' (Jaxis, the Troublemaker): the token's
    characteristics are the object's copiable values only (707.2): not its counters, tapped
    state, attachments or non-copy effects (002 Jaxis R1); what that object is copying, or
    a token's characteristics as its creating effect stated (R3, R4: `copiable_defn`); it
    wasn't cast, so X is 0 (107.3, R2). Its 'enters with' and 'as enters' replacement
    effects apply and its enters abilities trigger (614.1c, 614.12; R5). The tokens made
    go to ctx.vars[key] ('it' later in the effect)."""

    def __init__(self, what, key="created"):
        self.what = what
        self.key = key

    def run(self, game, ctx):
        key = ("token_copy", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            objs = [e for e in self.what.resolve(game, ctx)
                    if not isinstance(e, PlayerRef) and e in game.battlefield]
            # 614.1a: creating token copies is creating tokens (Doubling Season, Jinnie Fay);
            # the copiable values are taken now, as the effect would create them
            st = ctx.vars[key] = {"copies": [copiable_defn(game, e) for e in objs],
                                  "replace": token_creation.start(game, ctx.controller, len(objs))}
        rep = st["replace"]
        name = st["copies"][0].name if st["copies"] else ""
        d = token_creation.next_choice(game, ctx.controller, rep, name)
        if d is not None:
            return d
        copies = st["copies"]
        if rep["token"] is not None:             # 'that many <A>' instead: not copies at all
            copies = [game.catalog.token(rep["token"])] * len(copies)
        per = rep["n"] // len(copies) if copies else 0
        ctx.vars[self.key] = [create_token(game, defn, ctx.controller)
                              for defn in copies for _ in range(per)]

    def answer(self, game, ctx, decision, answer):
        token_creation.answer(game, ctx.vars[("token_copy", StepKey(self))]["replace"], decision, answer)


def create_token(game, defn, controller: int) -> int:
    """CR 111.2: a token with the characteristics `defn` enters the battlefield under
    `controller`'s control (who owns it); replacement effects that modify how it enters
    apply to it (614.1c), then it is announced as created."""
    eid = game.create_object(defn, controller, "battlefield", token=True)
    game.battlefield.remove(eid)
    game.battlefield.append(eid)
    if replacement.could_replace_move(game, defn):
        ev = {"eid": eid, "from": None, "to": "battlefield", "position": "top", "cause": "create",
              "tapped": False, "controller": controller, "shuffle": False, "reveal": False,
              "x": None, "counters": {}, "by": controller, "order": ()}
        replacement.zone_change(game, ev)
        if ev["counters"]:                          # it enters with them (122.6): not 'put'
            game.set(eid, Counters(tuple(sorted(ev["counters"].items()))))
        if ev["tapped"]:
            game.set(eid, TAPPED)
        for hook in ev.get("after_enter", ()):      # 'as ~ enters' choices (systems/entering.py)
            hook(game, eid)
    game.emit("zone_change", old=None, new=eid, frm=None, to="battlefield", owner=controller,
              controller=controller, cause="create", card=None)
    return eid
