"""The stack and resolution (CR 405, 608).

When all players pass in succession with objects on the stack, the top object
resolves (117.4): its targets are checked again (608.2b); if every target is
illegal it doesn't resolve, otherwise it does what it can. Afterwards the
active player receives priority (117.3b).
"""
from __future__ import annotations

from mtg_ecs.components import Card, Spell, StackAbility
from mtg_ecs.components.definitions import StaticAbility, mode_parts
from mtg_ecs.systems import blitz, zones
from mtg_ecs.systems.effects import Ctx, MayStep
from mtg_ecs.systems.leaving import first_to_act
from mtg_ecs.systems.restrictions import restricted
from mtg_ecs.systems.targeting import TargetContext, is_legal


class ResolveTask:
    """Resolves the top object of the stack; a step may ask for a decision."""

    __slots__ = ("eid", "ctx", "steps", "started", "awaiting")
    needs_rewind = False

    def __init__(self, eid: int):
        self.eid = eid
        self.ctx = None
        self.steps = ()
        self.started = False
        self.awaiting = None

    def copy(self):
        t = ResolveTask.__new__(ResolveTask)
        t.eid = self.eid
        t.steps = self.steps                # a tuple of immutable steps
        t.started = self.started
        t.awaiting = self.awaiting          # one of `steps`
        t.ctx = self.ctx.copy() if self.ctx is not None else None
        return t

    def run(self, game):
        if not self.started:
            self.started = True
            done = self._begin(game)
            if done:
                return None
        ctx = self.ctx
        if ctx is not None:
            steps = self.steps
            n = len(steps)
            while ctx.step < n:
                step = steps[ctx.step]
                d = step.run(game, ctx)
                if d is not None:
                    self.awaiting = step
                    return d
                ctx.step += 1
        self._finish(game)
        return None

    def answer(self, game, decision, answer):
        self.awaiting.answer(game, self.ctx, decision, answer)

    # ------------------------------------------------------------------
    def _begin(self, game) -> bool:
        eid = self.eid
        comps = game.world.ents[eid]
        spell = comps.get(Spell)
        if game.log_enabled:            # (triggers.LOG_ONLY)
            game.emit("resolving", eid=eid)
        if spell is not None:
            defn = comps[Card].defn
            if defn.spell is None and not spell.targets and not _entry_choices(defn):
                # a permanent spell with no spell ability, no 'as ~ enters' choice (614.12)
                # and no target (608.2b): nothing to do but enter (608.3), no context to
                # resolve it in
                return False
            tspecs, steps = spell_parts(defn, spell.modes)
            if "Aura" in defn.subtypes:
                # 303.4a, 608.3b: an Aura spell's target is the one its enchant ability gives
                from mtg_ecs.systems.casting import spell_target_specs    # (casting imports this module)
                tspecs = spell_target_specs(defn, spell.modes)
            if defn.is_permanent_card:
                # 614.12: choices for 'as ~ enters' replacement effects that must be made
                # before it enters (enter as a copy: systems/copy.py)
                steps = tuple(steps)
                if _entry_choices(defn):
                    steps += tuple(
                        r.pre_entry_step() for ab in defn.abilities if isinstance(ab, StaticAbility)
                        for r in ab.replacement if hasattr(r, "pre_entry_step"))
            targets = spell.targets
            info = None
            if spell.sacrificed or spell.exiled:       # 'the sacrificed creature', 'the exiled card'
                info = {"sacrificed": spell.sacrificed, "exiled": spell.exiled}
            self.ctx = Ctx(eid, eid, spell.controller, targets, spell.x, spell.modes,
                           is_spell=True, division=spell.division, info=info)
        else:
            ab = comps[StackAbility]
            tspecs, steps = ability_parts(ab.ability, ab.modes)
            self.ctx = Ctx(eid, ab.source, ab.controller, ab.targets, ab.x, ab.modes,
                           info=ab.info, division=ab.division)
        # 608.2b: targets illegal now are not affected; all illegal -> it doesn't resolve
        targets = self.ctx.targets
        if targets:
            any_legal = False
            tc = None                   # who targets: made at the first target
            for spec, chosen in zip(tspecs, targets):
                for j, t in enumerate(chosen):
                    if tc is None:
                        tc = _target_context(game, eid, comps, spell)
                    if is_legal(game, spec, t, tc):
                        any_legal = True
                    else:
                        chosen[j] = None
            if tc is not None and not any_legal:
                game.emit("fizzle", eid=eid)
                game.note(f"{game.name(eid)} doesn't resolve: all its targets are illegal")
                self._remove(game, countered=False)
                return True
        if spell is None:
            cond = getattr(ab.ability, "intervening_if", None)
            if ab.triggered and cond is not None and \
                    not cond(game, ab.source, ab.controller, dict(ab.info)):
                # 603.4: an intervening 'if' is checked again on resolution
                game.note(f"{ab.ability.text!r}: its condition is no longer true")
                self._remove(game, countered=False)
                return True
            if ab.triggered and getattr(ab.ability, "optional", False):
                # 'you may': the controller chooses as it resolves (603.5)
                steps = (MayStep(tuple(steps), key="optional trigger"),)
        self.steps = steps
        return False

    def _finish(self, game) -> None:
        eid = self.eid
        comps = game.world.ents.get(eid)
        if comps is None:
            self._after(game)
            return
        spell = comps.get(Spell)
        if spell is not None:
            defn = comps[Card].defn
            if defn.is_permanent_card:
                # 608.3: a permanent spell enters the battlefield under its controller's control;
                # a copy of one is a token already (608.3f, 111.12: it isn't 'created', so no
                # token-creation replacement or trigger sees it: 002 Brass Knuckles R2)
                attach = None
                if "Aura" in defn.subtypes:
                    legal = [t for t in self.ctx.targets[0] if t is not None] \
                        if self.ctx is not None and self.ctx.targets else []
                    if not legal:
                        # 608.3b: its target is illegal: it doesn't resolve
                        self._remove(game, countered=False)
                        return
                    attach = legal[0]
                game.stack.remove(eid)
                new = zones.put_onto_battlefield(game, eid, controller=spell.controller,
                                                 attach_to=attach, cause="resolve",
                                                 x=spell.x if defn.cost.x else None)
                bf = game.battlefield
                if new is not None and bf and bf[-1] != new and new in bf:
                    bf.remove(new)          # (already the last: nothing to change)
                    bf.append(new)
                if spell.paid_alt == "blitz" and new is not None and new in bf:
                    blitz.resolved(game, new, spell.controller)          # 702.152a
            else:
                # 608.2n: an instant or sorcery goes to its owner's graveyard
                zones.move(game, eid, "graveyard", cause="resolve")
        else:
            game.stack.remove(eid)
            game.world.delete(eid)
            game.ability_stack_changed()
        self._after(game)

    def _remove(self, game, countered: bool) -> None:
        eid = self.eid
        comps = game.world.ents.get(eid)
        if comps is not None and Spell in comps:
            zones.move(game, eid, "graveyard", cause="countered" if countered else "fizzle")
        elif comps is not None:
            game.stack.remove(eid)
            game.world.delete(eid)
            game.ability_stack_changed()
        self._after(game)

    def _after(self, game) -> None:
        game.resolved += 1
        game.priority = first_to_act(game)   # 117.3b, 800.4j
        game.passes = 0


_ENTRY_CHOICES = {}     # card definition -> has an 'as ~ enters' choice


def _entry_choices(defn) -> bool:
    """Does the card have an 'as ~ enters' replacement effect whose choice is made before
    it enters (614.12: `pre_entry_step`)? Read once per definition."""
    hit = _ENTRY_CHOICES.get(defn)
    if hit is None:
        hit = _ENTRY_CHOICES[defn] = any(
            hasattr(r, "pre_entry_step") for ab in defn.abilities if isinstance(ab, StaticAbility)
            for r in ab.replacement)
    return hit


def _target_context(game, eid: int, comps, spell) -> TargetContext:
    """The TargetContext of the spell or ability `eid` resolving."""
    if spell is not None:
        return TargetContext(spell.controller, eid, game.chars(eid), True)
    ab = comps[StackAbility]
    src_chars = game.lki.get(ab.source) if not game.exists(ab.source) else game.chars(ab.source)
    return TargetContext(ab.controller, ab.source, src_chars, False, dict(ab.info), obj=eid)


def spell_parts(defn, modes=()):
    """(target specs, effect steps) of a spell, for its chosen modes."""
    sa = defn.spell
    if sa is None:
        return (), ()
    if sa.modes:
        return mode_parts(sa.modes, modes)
    return sa.targets, sa.effects


def ability_parts(ab, modes=()):
    """(target specs, effect steps) of an ability, for its chosen modes (a modal triggered
    ability, 700.2: the chosen modes in printed order; systems/modes.py)."""
    if modes and getattr(ab, "modes", None):
        return mode_parts(ab.modes, modes)
    return ab.targets, ab.effects


def counterable(game, eid: int, by=None) -> bool:
    """Would countering this spell or ability now do anything? `by`: (is_spell,
    characteristics) of what counters it."""
    if eid not in game.stack:
        return False
    if cant_be_countered(game, eid):
        return False                                # 'can't be countered': nothing happens
    if by is not None and Spell in game.world.ents[eid] and by[0] and by[1] is not None:
        # Autumn's Veil: "spells you control can't be countered by blue or black spells this turn"
        if {"U", "B"} & set(by[1].colors) and \
                restricted(game, game.chars(eid).controller, "spells_uncounterable_by_blue_black"):
            return False
    return True


def counter(game, eid: int, by=None, order=()) -> None:
    """CR 701.6a: remove a spell or ability from the stack; a spell goes to its
    owner's graveyard (replacement effects in `order`, 616.1)."""
    if not counterable(game, eid, by):
        return
    comps = game.world.ents[eid]
    if Spell in comps:
        zones.move(game, eid, "graveyard", cause="countered", order=order)
    else:
        game.stack.remove(eid)
        game.world.delete(eid)
        game.ability_stack_changed()
    if game.log_enabled:            # (triggers.LOG_ONLY)
        game.emit("countered", eid=eid)


def cant_be_countered(game, eid: int) -> bool:
    """A spell with "This spell can't be countered" (a static ability that works on
    the stack, CR 604.1 / 113.6): an effect that would counter it does nothing,
    the rest of that effect still happens; it can still be targeted. An ability on the
    stack has no characteristics of its own to read (113.7)."""
    if not game.has(eid, Spell):
        return False
    for ab in game.chars(eid).abilities:
        if isinstance(ab, StaticAbility) and "cant_be_countered" in ab.rules:
            return True
    return False
