"""Effect steps: what spells and abilities do as they resolve (CR 608.2, 609-611).

A card's effect is a tuple of steps run in order. A step that needs a player's
choice returns a `Decision`; the resolution resumes at that step with the
answer. Steps never choose for a player.

References (`TARGET(0)`, `SELF`, `YOU`, ...) resolve to objects or players at
the moment the step runs; an illegal target is skipped (608.2b).
"""
from __future__ import annotations

from mtg_ecs.components import (Card, Tapped, Attached, RegenerationShields, Controller, Counters,
                                Timestamp)
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, only, StepKey
from mtg_ecs.systems import combat, commander, zones, damage, costs, shield
from mtg_ecs.systems import discard as discarding
from mtg_ecs.systems import token_creation
from mtg_ecs.systems.durations import ended_before
from mtg_ecs.systems.phasing import is_phased_out, phase_out
from mtg_ecs.systems.layers import CE, L_7C, L_ABILITY, L_CONTROL, L_RULES, L_TYPE, L_COLOR, base_chars, make_base, writes, effects_changed
from mtg_ecs.components.definitions import keywords_of, CardError, CardDef
from mtg_ecs.systems.replacement import (order_decision, answer_order, PreventAllCombatDamage, add_shield, PreventNextDamage,
                                         PreventAllDamageTo, token_entering_counters)
from mtg_ecs.systems.zones import destroy_many
from mtg_ecs.systems.board import board
from mtg_ecs.systems.teams import on_active_team
from mtg_ecs.systems.token_creation import counters_entering
from mtg_ecs.components import Spell, StackAbility, owned_by, Owner
from mtg_ecs.components.types import subtype_kind, replace_subtypes
from mtg_ecs.components.mana import IDX, NO_COST, NAME_TO_LETTER, parse_cost
from mtg_ecs.systems.triggers import PendingTrigger, DelayedTrigger
from mtg_ecs.systems.player_rules import lose, win, draw_game


class Ctx:
    """The resolving object's context: who controls it, its targets and choices."""

    __slots__ = ("obj", "source", "controller", "targets", "x", "modes", "info", "vars",
                 "step", "is_spell", "division")

    def __init__(self, obj, source, controller, targets=(), x=0, modes=(), info=None,
                 is_spell=False, division=()):
        self.obj = obj
        self.source = source
        self.controller = controller
        self.targets = list(map(list, targets))
        self.x = x
        self.modes = modes
        self.info = dict(info) if info else {}
        self.vars = {}
        self.step = 0
        self.is_spell = is_spell
        self.division = dict(division) if division else {}

    def copy(self):
        c = Ctx.__new__(Ctx)
        for s in Ctx.__slots__:
            v = getattr(self, s)
            setattr(c, s, [list(t) for t in v] if s == "targets" else
                    (dict(v) if isinstance(v, dict) else v))
        # a task driven by a step (casting during resolution, systems/playing.py) is copied;
        # a step's progress kept in a list or dict is copied too (a clone must not share it)
        c.vars = {k: (x.copy() if hasattr(x, "needs_rewind") else copy_state(x))
                  for k, x in c.vars.items()}
        return c

    def source_chars(self, game):
        return game.chars(self.source)


def copy_state(x):
    """A copy of a step's saved progress: containers are copied (recursively), an object
    that keeps progress of its own copies itself (`copy_progress`), other objects and
    values are shared (they are immutable: ids, PlayerRefs, names)."""
    if hasattr(x, "copy_progress"):
        return x.copy_progress()
    if isinstance(x, dict):
        return {k: copy_state(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy_state(v) for v in x]
    if isinstance(x, set):
        return set(x)
    return x


# ---------------------------------------------------------------------------
# references
# ---------------------------------------------------------------------------
class Ref:
    def resolve(self, game, ctx) -> list:
        raise NotImplementedError


class _Target(Ref):
    def __init__(self, i):
        self.i = i

    def resolve(self, game, ctx):
        if self.i >= len(ctx.targets):
            return []
        # (a loop, not a comprehension: in 3.11 that is one more function call, and targets
        # are read at each resolution)
        out = []
        for t in ctx.targets[self.i]:
            if t is not None:
                out.append(t)
        return out


def TARGET(i: int = 0) -> Ref:
    return _Target(i)


class _ModeTarget(Ref):
    """A target of one mode of a modal spell or ability: the chosen modes' targets are
    listed one after the other (700.2, `mode_parts`), so its place depends on the modes
    chosen before it. `per_mode`: how many target phrases each mode has."""

    def __init__(self, mode, per_mode, i=0):
        self.mode = mode
        self.per_mode = tuple(per_mode)
        self.i = i

    def resolve(self, game, ctx):
        k = sum(self.per_mode[m] for m in ctx.modes if m < self.mode) + self.i
        return _Target(k).resolve(game, ctx)


def MODE_TARGET(mode, per_mode, i=0) -> Ref:
    return _ModeTarget(mode, per_mode, i)


class _Self(Ref):
    """The object with the ability ('~'), if it's still the same object."""

    def resolve(self, game, ctx):
        return [ctx.source] if game.exists(ctx.source) and game.zone_of(ctx.source) == "battlefield" \
            and not (game.phased_out and is_phased_out(game, ctx.source)) else []


SELF = _Self()


class _You(Ref):
    def resolve(self, game, ctx):
        return [PlayerRef(ctx.controller)]


YOU = _You()


class _EachPlayer(Ref):
    def resolve(self, game, ctx):
        return [PlayerRef(p) for p in game.apnap()]


EACH_PLAYER = _EachPlayer()


class _PlayerOf(Ref):
    """'That player or that planeswalker's controller' for a target group."""

    def __init__(self, ref):
        self.ref = ref

    def resolve(self, game, ctx):
        out = []
        for t in self.ref.resolve(game, ctx):
            if isinstance(t, PlayerRef):
                out.append(t)
            elif game.exists(t):
                out.append(PlayerRef(game.chars(t).controller))
            elif t in game.lki:
                out.append(PlayerRef(game.lki[t].controller))
        return out


def PLAYER_OF(ref) -> Ref:
    return _PlayerOf(ref)


class _Info(Ref):
    """Something the trigger remembered ('that creature', 'that player')."""

    def __init__(self, key):
        self.key = key

    def resolve(self, game, ctx):
        v = ctx.info.get(self.key)
        return [] if v is None else (list(v) if isinstance(v, (list, tuple)) else [v])


def INFO(key) -> Ref:
    return _Info(key)


class _All(Ref):
    """Every object on the battlefield matching filter(game, eid, chars, ctx), locked
    in as the step runs ('creatures you control gain haste': 611.2c)."""

    def __init__(self, filter):
        self.filter = filter

    def resolve(self, game, ctx):
        return [e for e in game.battlefield if self.filter(game, e, game.chars(e), ctx)]


def ALL(filter) -> Ref:
    return _All(filter)


def YOUR_CREATURES(game, e, ch, ctx):
    return "Creature" in ch.types and ch.controller == ctx.controller


class _Opponents(Ref):
    """'Each opponent', in APNAP order (101.4)."""

    def resolve(self, game, ctx):
        return [PlayerRef(p) for p in game.apnap() if p != ctx.controller and not game.players[p].lost]


EACH_OPPONENT = _Opponents()


class _Union(Ref):
    """Several references as one group (objects dealt damage in one event)."""

    def __init__(self, *refs):
        self.refs = refs

    def resolve(self, game, ctx):
        out = []
        for r in self.refs:
            for t in r.resolve(game, ctx):
                if t not in out:
                    out.append(t)
        return out


def UNION(*refs) -> Ref:
    return _Union(*refs)


class _CreaturesOf(Ref):
    """'Each creature that player controls' for the players a reference names."""

    def __init__(self, players):
        self.players = players

    def resolve(self, game, ctx):
        ps = {p.index for p in self.players.resolve(game, ctx) if isinstance(p, PlayerRef)}
        return [e for e in game.battlefield
                if "Creature" in game.chars(e).types and game.chars(e).controller in ps]


def CREATURES_OF(players) -> Ref:
    return _CreaturesOf(players)


class _Attached(Ref):
    def resolve(self, game, ctx):
        a = game.world.get(ctx.source, Attached)
        return [a.to] if a is not None and game.exists(a.to) else []


ATTACHED = _Attached()


def amount(v, game, ctx) -> int:
    if type(v) is int:
        return v
    if callable(v):
        return int(v(game, ctx))
    if v == "X":
        return ctx.x
    return int(v)


# ---------------------------------------------------------------------------
# steps
# ---------------------------------------------------------------------------
class Step:
    needs_decision = False

    def run(self, game, ctx):
        raise NotImplementedError

    def answer(self, game, ctx, decision, answer):
        raise IllegalAction("this step asked nothing")


def deal_with_choices(game, ctx, step, batch, combat=False, dealt=None):
    """Deal a damage event, first asking the affected players the order of any
    prevention effects that apply together (616.1). `dealt`: a list to get the damage
    dealt, as (source, recipient, amount)."""
    from mtg_ecs.systems import redirect
    orders = ctx.vars.setdefault(("orders", StepKey(step)), {})
    d = redirect.decision(game, batch)              # which damage a redirection takes (614.9)
    if d is not None:
        return d
    d = redirect.order_decision(game, batch, combat, orders)     # redirection vs prevention (616.1)
    if d is not None:
        return d
    skips = {}
    d = order_decision(game, redirect.apply(game, batch, orders=orders, skips=skips, combat=combat),
                       combat, orders, skips)
    if d is not None:
        return d
    result = damage.deal(game, batch, combat, orders)
    if dealt is not None:
        dealt.extend((s, t, n) for s, _, t, n in result)
    return None


def answer_damage_choice(game, ctx, step, decision, answer):
    if decision.kind == "redirect":
        from mtg_ecs.systems import redirect
        redirect.answer(game, decision, answer)
        return
    answer_order(game, decision, answer, ctx.vars.setdefault(("orders", StepKey(step)), {}))


class _EachObject(Step):
    """A step doing one thing to each object a reference names."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        for t in self.what.resolve(game, ctx):
            self.act(game, t)


class _EachPlayer(Step):
    """A step doing one thing (with an amount) to each player a reference names."""

    def __init__(self, who, n):
        self.who = who
        self.n = n

    def run(self, game, ctx):
        n = amount(self.n, game, ctx)
        for p in self.who.resolve(game, ctx):
            self.act(game, p, n)


class DealDamage(Step):
    """'~ deals N damage to <target>' (CR 120). Divided damage uses ctx.division."""

    def __init__(self, n, to, divided=False):
        self.n = n
        self.to = to
        self.divided = divided

    def run(self, game, ctx):
        sc = ctx.source_chars(game)
        batch = []
        for t in self.to.resolve(game, ctx):
            n = ctx.division.get(t, 0) if self.divided else amount(self.n, game, ctx)
            batch.append((ctx.source, sc, t, n))
        return self.deal(game, ctx, batch)

    def deal(self, game, ctx, batch):
        return deal_with_choices(game, ctx, self, batch)

    def answer(self, game, ctx, decision, answer):
        answer_damage_choice(game, ctx, self, decision, answer)


class DealDamageEach(Step):
    """'~ deals N damage to each creature [filter] and each player' (Earthquake);
    `planeswalkers`: '... and each planeswalker' (Corpse Explosion)."""

    def __init__(self, n, creature_filter=None, players=True, planeswalkers=False):
        self.n = n
        self.creature_filter = creature_filter
        self.players = players
        self.planeswalkers = planeswalkers

    def run(self, game, ctx):
        sc = ctx.source_chars(game)
        n = amount(self.n, game, ctx)
        batch = []
        for e in game.battlefield:
            c = game.chars(e)
            if ("Creature" in c.types and (self.creature_filter is None or self.creature_filter(game, e, c))) \
                    or (self.planeswalkers and "Planeswalker" in c.types):
                batch.append((ctx.source, sc, e, n))
        if self.players:
            for p in game.apnap():
                batch.append((ctx.source, sc, PlayerRef(p), n))
        return deal_with_choices(game, ctx, self, batch)

    def answer(self, game, ctx, decision, answer):
        answer_damage_choice(game, ctx, self, decision, answer)


class _Destroys(Step):
    """A destruction by an effect: first the choices of 616.1 between a permanent's shield
    counters and its regeneration shield (systems/shield.py), then `destroy(game, ctx,
    victims, saved_by)`."""

    def run(self, game, ctx):
        key = ("saved_by", StepKey(self))
        saved_by = ctx.vars.setdefault(key, {})
        victims = self.victims(game, ctx)
        d = shield.destruction_order(game, victims, saved_by)
        if d is not None:
            return d
        del ctx.vars[key]
        self.destroy(game, victims, saved_by)

    def answer(self, game, ctx, decision, answer):
        answer_order(game, decision, answer, ctx.vars[("saved_by", StepKey(self))])


class Destroy(_Destroys):
    def __init__(self, what):
        self.what = what

    def victims(self, game, ctx):
        return [t for t in self.what.resolve(game, ctx) if not isinstance(t, PlayerRef)]

    def destroy(self, game, victims, saved_by):
        for t in victims:
            zones.destroy(game, t, regeneration_first=shield.regeneration_first(saved_by, t))


class DestroyAll(_Destroys):
    """'Destroy all <filter>' — simultaneously (701.8)."""

    def __init__(self, filter):
        self.filter = filter

    def victims(self, game, ctx):
        return [e for e in game.battlefield if self.filter(game, e, game.chars(e))]

    def destroy(self, game, victims, saved_by):
        destroy_many(game, victims, saved_by=saved_by)


class DestroyTogether(Destroy):
    """'Destroy up to three target <permanents>': all of them at once, one event (701.8;
    603.10a: leaves-the-battlefield abilities see the others leave)."""

    def destroy(self, game, victims, saved_by):
        destroy_many(game, victims, saved_by=saved_by)


class Exile(_EachObject):
    def act(self, game, t):
        zones.exile(game, t)


class ExileThenDealsPower(Step):
    """'Exile <card>. That card deals damage equal to its power to <to>.' (Selfless
    Exorcist). The card deals the damage from exile: its lifelink and deathtouch apply
    there (702.15b, 702.2b); with no controller, its owner gains the life."""

    def __init__(self, what, to):
        self.what = what
        self.to = to

    def run(self, game, ctx):
        key = ("exiled", StepKey(self))
        if key not in ctx.vars:
            moved = []
            for t in self.what.resolve(game, ctx):
                new = zones.exile(game, t)
                if new is not None:
                    moved.append(new)
            ctx.vars[key] = moved
        batch = []
        for new in ctx.vars[key]:
            if not game.exists(new) or game.zone_of(new) != "exile":
                continue
            ch = game.chars(new)
            for r in self.to.resolve(game, ctx):
                batch.append((new, ch, r, max(0, ch.power or 0)))
        return deal_with_choices(game, ctx, self, batch)

    def answer(self, game, ctx, decision, answer):
        answer_damage_choice(game, ctx, self, decision, answer)


class ReturnToHand(Step):
    """'Return <it> to its owner's hand.' The owner of a commander among them may put it
    into the command zone instead (903.9b: asked before anything moves)."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        return commander.put_into_hand_or_library(game, ctx, self, list(self.what.resolve(game, ctx)),
                                                  "hand", lambda t: zones.bounce(game, t))

    def answer(self, game, ctx, decision, answer):
        commander.answer_instead(ctx, self, decision, answer)


class CounterSpell(Step):
    """CR 701.6: the countered spell goes to its owner's graveyard."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        from mtg_ecs.systems.stack import counter, counterable
        sc = game.chars(ctx.source) if game.exists(ctx.source) else game.lki.get(ctx.source)
        st = ctx.vars.setdefault(("counter", StepKey(self)), {"batch": None})
        if st["batch"] is None:
            # 616.1: the order of replacement effects on the countered spell's move is asked first
            spells = [t for t in self.what.resolve(game, ctx) if isinstance(t, int) and
                      counterable(game, t, (ctx.is_spell, sc)) and game.has(t, Spell)]
            st["batch"] = discarding.start_moves(spells, "graveyard", "countered")
        d = discarding.next_choice(game, st["batch"])
        if d is not None:
            return d
        for t in self.what.resolve(game, ctx):
            counter(game, t, by=(ctx.is_spell, sc), order=st["batch"]["orders"].get(t, ()))
        del ctx.vars[("counter", StepKey(self))]           # done: nothing left over for a later run
        return None

    def answer(self, game, ctx, decision, answer):
        discarding.answer(game, ctx.vars[("counter", StepKey(self))]["batch"], decision, answer)


def _objects(what, game, ctx) -> frozenset:
    """The objects (not players) `what` stands for."""
    objs = []
    for o in what.resolve(game, ctx):
        if not isinstance(o, PlayerRef):
            objs.append(o)
    return frozenset(objs)


class ModifyPT(Step):
    """'<it> gets +P/+T until end of turn' — a layer 7c effect locked to the
    objects at resolution (611.2c); `duration="until_your_next_turn"`: until the next turn of
    the controller of the spell or ability (611.2a, systems/durations.py)."""

    def __init__(self, what, p, t, duration="eot"):
        self.what = what
        self.p = p
        self.t = t
        self.duration = duration

    def run(self, game, ctx):
        objs = _objects(self.what, game, ctx)
        if not objs:
            return
        p, t = amount(self.p, game, ctx), amount(self.t, game, ctx)
        duration = self.duration                # (systems/durations.py ends 'until_your_next_turn')

        def apply(g, ce, ch, allc, p=p, t=t):
            if ch.power is not None:
                ch.power += p
                ch.toughness += t
        add_effect(game, CE(L_7C, game.tick(), ctx.source, ctx.controller, _PT_ALONE(apply),
                            objects=objs, duration=duration))


_PT_ALONE = writes("power", "toughness", alone=True)     # (ModifyPT's declaration, made once)


def choice_decision(player, options, prompt) -> Decision:
    """A choice among words ('your choice of first strike or lifelink', a kind of
    counter): decision kind "choice", answered with one of the options itself (asked even
    with one option: `data[ONLY]`)."""
    options = list(options)
    return Decision("choice", player, options, 1, 1, prompt,
                    data=only(options[0]) if len(options) == 1 else {})


def chosen_word(decision, answer):
    """The option a "choice" answer names (a list of one is accepted)."""
    a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
    if a not in decision.options:
        raise IllegalAction("choose one of: " + ", ".join(decision.options))
    return a


class GainChosenKeyword(Step):
    """'<them> gain your choice of <A> or <B> until end of turn': one choice as the effect
    resolves, the same keyword for all of them (002 Ballroom Brawlers R1)."""

    def __init__(self, what, choices, duration="eot"):
        self.what = what
        self.choices = tuple(choices)
        self.duration = duration

    def run(self, game, ctx):
        key = ("keyword", StepKey(self))
        kw = ctx.vars.get(key)
        if kw is None:
            return choice_decision(ctx.controller, self.choices,
                                   "choose: " + " or ".join(self.choices))
        del ctx.vars[key]
        return GrantKeywords(self.what, [kw], self.duration).run(game, ctx)

    def answer(self, game, ctx, decision, answer):
        ctx.vars[("keyword", StepKey(self))] = chosen_word(decision, answer)


class GrantKeywords(Step):
    def __init__(self, what, keywords, duration="eot"):
        self.what = what
        self.keywords = keywords_of(keywords)       # read (and checked) as the card is defined
        self.duration = duration

    def run(self, game, ctx):
        objs = frozenset(self.what.resolve(game, ctx))
        if not objs:
            return
        kws = self.keywords

        @writes("keywords", alone=True)
        def apply(g, ce, ch, allc):
            ch.keywords = ch.keywords + kws
        add_effect(game, CE(L_ABILITY, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=self.duration))


class PhaseOut(Step):
    """'<it> phases out' (702.26a; systems/phasing.py)."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        phase_out(game, [o for o in self.what.resolve(game, ctx)
                         if not isinstance(o, PlayerRef) and o in game.battlefield])


class GrantAbilities(Step):
    """'<it> gains "<ability>" until end of turn' (layer 6, 613.1f): the object is the
    ability's source and its controller controls it."""

    def __init__(self, what, *abilities, duration="eot"):
        self.what = what
        self.abilities = abilities
        self.duration = duration

    def run(self, game, ctx):
        objs = _objects(self.what, game, ctx)
        if not objs:
            return
        abilities = self.abilities

        def apply(g, ce, ch, allc):
            ch.abilities = tuple(ch.abilities) + abilities
        add_effect(game, CE(L_ABILITY, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=self.duration))


class AddFlag(Step):
    """A rules effect on objects: 'can't block this turn' etc."""

    def __init__(self, what, flag, duration="eot"):
        self.what = what
        self.flag = flag
        self.duration = duration

    def run(self, game, ctx):
        objs = frozenset(self.what.resolve(game, ctx))
        if not objs:
            return
        # a flag naming a player ('attacks you': must_attack:N) may be computed as it resolves
        flag = self.flag(game, ctx) if callable(self.flag) else self.flag

        @writes("flags", alone=True)
        def apply(g, ce, ch, allc):
            ch.flags = ch.flags | {flag}
        add_effect(game, CE(L_RULES, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=self.duration))


class SetSubtypes(Step):
    """'<it> becomes a <type> until end of turn' (205.1a: replaces the old subtypes of that
    kind only — an animated Forest Treefolk that becomes an Elf is a Forest Elf)."""

    def __init__(self, what, subtypes, duration="eot"):
        self.what = what
        self.subtypes = tuple(subtypes)
        self.duration = duration
        unknown = [s for s in self.subtypes if subtype_kind(s) is None]
        if unknown:
            raise CardError(f"SetSubtypes: {', '.join(map(repr, unknown))} is no subtype (CR 205.3)")

    def run(self, game, ctx):
        objs = frozenset(self.what.resolve(game, ctx))
        subs = self.subtypes

        @writes("subtypes", alone=True)
        def apply(g, ce, ch, allc):
            ch.subtypes = replace_subtypes(ch.subtypes, subs)      # CR 205.1a
        add_effect(game, CE(L_TYPE, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=self.duration))


class SetColors(Step):
    """'<it> becomes <color> until end of turn' (105.3: replaces its colors).
    `colors`: color letters, or fn(game, ctx) -> letters (e.g. CHOSEN_COLOR)."""

    def __init__(self, what, colors, duration="eot"):
        self.what = what
        self.colors = colors if callable(colors) else frozenset(colors)
        self.duration = duration

    def run(self, game, ctx):
        objs = frozenset(self.what.resolve(game, ctx))
        cols = frozenset(self.colors(game, ctx)) if callable(self.colors) else self.colors

        @writes("colors", alone=True)
        def apply(g, ce, ch, allc):
            ch.colors = cols
        add_effect(game, CE(L_COLOR, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=self.duration))


class BecomesInAddition(Step):
    """'<it> is a black Zombie in addition to its other colors and types': adds
    subtypes (layer 4, 205.1b) and colors (layer 5, 105.3) without removing any;
    a later color- or type-setting effect overrides it (613.7 timestamps)."""

    def __init__(self, what, subtypes=(), colors=(), duration="forever"):
        self.what = what
        self.subtypes = tuple(subtypes)
        self.colors = frozenset(colors)
        self.duration = duration

    def run(self, game, ctx):
        objs = _objects(self.what, game, ctx)
        if not objs:
            return
        subs, cols = self.subtypes, self.colors
        if subs:
            @writes("subtypes", alone=True)
            def add_types(g, ce, ch, allc):
                ch.subtypes = ch.subtypes + tuple(x for x in subs if x not in ch.subtypes)
            add_effect(game, CE(L_TYPE, game.tick(), ctx.source, ctx.controller, add_types,
                                objects=objs, duration=self.duration))
        if cols:
            @writes("colors", alone=True)
            def add_colors(g, ce, ch, allc):
                ch.colors = frozenset(ch.colors) | cols
            add_effect(game, CE(L_COLOR, game.tick(), ctx.source, ctx.controller, add_colors,
                                objects=objs, duration=self.duration))


class GainControl(Step):
    """'Gain control of <it>' (layer 2, indefinitely unless a duration is given)."""

    def __init__(self, what, duration="forever", to=None):
        self.what = what
        self.duration = duration
        self.to = to                # 'target opponent gains control of ~': a player reference

    def run(self, game, ctx):
        objs = frozenset(o for o in self.what.resolve(game, ctx))
        if not objs:
            return
        new = ctx.controller
        if self.to is not None:
            ps = [p for p in self.to.resolve(game, ctx) if isinstance(p, PlayerRef)]
            if not ps:
                return
            new = ps[0].index

        def apply(g, ce, ch, allc, new=new):
            ch.controller = new
        add_effect(game, CE(L_CONTROL, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=self.duration))
        from mtg_ecs.systems.control import update_control
        update_control(game)


class Draw(_EachPlayer):
    """'<players> draw N cards' (121.2). With commanders in the game the cards are drawn
    one at a time, so that 903.9b can ask before one is drawn (commander.draw_queue)."""

    def __init__(self, who, n=1):
        super().__init__(who, n)

    def run(self, game, ctx):
        if not game.commanders:
            return super().run(game, ctx)
        key = ("draws", StepKey(self))
        q = ctx.vars.pop(key, None)
        if q is None:
            n = amount(self.n, game, ctx)
            q = tuple((p.index, n) for p in self.who.resolve(game, ctx))
        q, d = commander.draw_queue(game, q)
        if d is not None:
            ctx.vars[key] = q
        return d

    def answer(self, game, ctx, decision, answer):
        key = ("draws", StepKey(self))
        ctx.vars[key] = commander.answer_draw(game, ctx.vars[key], decision, answer)

    def act(self, game, p, n):
        zones.draw(game, p.index, n)


class LoseLife(_EachPlayer):
    def act(self, game, p, n):
        damage.lose_life(game, p.index, n)


class GainLife(_EachPlayer):
    def act(self, game, p, n):
        damage.gain_life(game, p.index, n)


class Untap(_EachObject):
    def act(self, game, t):
        zones.untap(game, t)


class Tap(_EachObject):
    def act(self, game, t):
        zones.tap(game, t)


class Regenerate(Step):
    """CR 701.19: the next time it would be destroyed this turn, instead ..."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        for t in self.what.resolve(game, ctx):
            s = game.world.get(t, RegenerationShields)
            game.set(t, RegenerationShields((s.count if s else 0) + 1))


COMBAT_AFTER_ATTACKS = ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                        "end_of_combat")


class CreateTokens(Step):
    """CR 111.2: 'Create N <token>' under the control of the player who creates them
    (`who`, a player reference: the controller if None; 'its controller creates'); they
    own them. `tapped`: 'create a tapped <token>'. `key`: the new tokens go to
    ctx.vars[key] ('then attach ~ to it')."""

    who = None
    tapped = False
    key = None
    attacking = False           # CreateTokensAttacking

    def __init__(self, token, n=1, who=None, tapped=False, key=None):
        self.token = token
        self.n = n
        # (kept on the step only when given: the step's value, which hashes of abilities
        # read, stays that of a plain 'create N <token>')
        if who is not None:
            self.who = who
        if tapped:
            self.tapped = tapped
        if key is not None:
            self.key = key

    def run(self, game, ctx):
        defn = game.catalog.token(self.token) if isinstance(self.token, str) else self.token
        creator = ctx.controller
        if self.who is not None:
            players = [p for p in self.who.resolve(game, ctx) if isinstance(p, PlayerRef)]
            if not players:
                return None
            creator = players[0].index
        key = ("tokens", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            # 614.1a: replacement effects on creating tokens (Doubling Season, Jinnie Fay)
            st = ctx.vars[key] = {"attach": [], "defender": None, "replace": token_creation.start(
                game, creator, amount(self.n, game, ctx))}
        rep = st["replace"]
        d = token_creation.next_choice(game, creator, rep, defn.name)
        if d is not None:
            return d
        n = rep["n"]
        if rep["token"] is not None:
            defn = game.catalog.token(rep["token"])
        if self.attacking and st["defender"] is None and game.step in COMBAT_AFTER_ATTACKS \
                and (creator == game.active or game.teams and on_active_team(game, creator)):
            opts = combat.defenders_of(game, creator)
            if opts:
                return Decision("choose", creator, opts, 1, 1,
                                f"choose what the {defn.name} token attacks (CR 508.4)",
                                data={"defender": True, **(only(opts[0]) if len(opts) == 1 else {})})
        if "Aura" in defn.subtypes:
            # CR 303.4f: the player it enters under chooses what each Aura token enchants
            # before it's created; with nothing to enchant it isn't created (303.4g)
            from mtg_ecs.systems.auras import enchant_options, STAYS
            ch = make_base({Card: Card(defn, -1, True), Owner: owned_by(creator),
                             Controller: Controller(creator)}, None)
            while len(st["attach"]) < n:
                opts = enchant_options(game, None, creator, chars=ch)
                if not opts:
                    st["attach"].append(STAYS)
                    continue
                return Decision("choose", creator, opts, 1, 1,
                                f"choose what the {defn.name} token will enchant (CR 303.4f)",
                                data={"aura": None})
        from mtg_ecs.systems.auras import STAYS
        before = entering_together(game)
        for i in range(n):
            extra = ()
            if st["attach"]:
                to = st["attach"][i]
                if to == STAYS:
                    continue                                    # CR 303.4g: isn't created
                extra = (Attached(to),)
            new = create_token(game, defn, creator, extra, tapped=self.tapped or self.attacking,
                               attacking=st["defender"], before=before)
            if self.key is not None:
                ctx.vars[self.key] = ctx.vars.get(self.key, []) + [new]

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("tokens", StepKey(self))]
        if decision.data.get("what") == "instead_create":
            token_creation.answer(game, st["replace"], decision, answer)
            return
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if decision.data.get("defender"):
            if a not in decision.options:
                raise IllegalAction(f"the token can't attack {game.name(a)} (CR 508.4)")
            st["defender"] = a
            return
        if a not in decision.options:
            raise IllegalAction(f"the token can't enchant {game.name(a)}: choose one of the objects "
                                "or players it could enchant (CR 303.4f)")
        st["attach"].append(a)


class CreateTokensAttacking(CreateTokens):
    """'Create N tapped and attacking <token>' (508.4: during combat its controller chooses
    what it attacks, among what the active player's creatures could; outside combat, or
    for a player who isn't attacking, it just enters tapped)."""

    attacking = True


def entering_together(game) -> frozenset:
    """The battlefield as tokens created together begin to enter, for 'for each ... you
    already control' (614.12): kept only while a permanent has a static ability (empty
    otherwise: no such effect exists)."""
    b = game.board if game.board is not None else board(game)
    return frozenset(game.battlefield) if b.statics else frozenset()


def create_token(game, defn, player, extra=(), tapped=False, attacking=None, before=None) -> int:
    """CR 111.2: a token of `defn` enters the battlefield under `player`'s control, owned
    by them; `attacking`: what it attacks as it enters (508.4); `before`: the battlefield as
    the tokens created with it began to enter (`entering_together`; None: this one alone)."""
    if before is None:
        before = entering_together(game)
    eid = game.create_object(defn, player, "battlefield", token=True, extra=extra, tapped=tapped)
    game.battlefield.remove(eid)
    game.battlefield.append(eid)
    if before:
        # 614.1c: 'each other <quality> you control enters with ... counters' (Giada)
        extra_counters = token_entering_counters(game, eid, player, before)
        for kind, k in extra_counters.items():
            k = counters_entering(game, player, k)
            c = game.counters(eid)
            game.set(eid, c.with_(kind, c.get(kind) + k))
    if attacking is not None:
        combat.put_attacking(game, eid, attacking)
    game.emit("zone_change", old=None, new=eid, frm=None, to="battlefield",
              owner=player, controller=player, cause="create", card=None)
    return eid


class EachControllerCreates(Step):
    """'For each of those permanents, its controller creates <token>' (111.2): one token
    for each object the reference names (a target still legal, 608.2b), under the control
    of its controller now, or as it last existed if it left (608.2h)."""

    def __init__(self, what, token):
        self.what = what
        self.token = token

    def run(self, game, ctx):
        key = ("each_creates", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            counts = {}
            for t in self.what.resolve(game, ctx):
                if isinstance(t, PlayerRef):
                    continue
                ch = game.chars(t) if game.exists(t) else game.lki.get(t)
                if ch is not None:
                    counts[ch.controller] = counts.get(ch.controller, 0) + 1
            # 614.1a: each player's tokens are replaced by what applies to that player
            st = ctx.vars[key] = token_creation.start_each(game, counts)
        d = token_creation.next_each_choice(game, st, self.token)
        if d is not None:
            return d
        for player, rep in st["events"]:
            defn = game.catalog.token(rep["token"] or self.token)
            for _ in range(rep["n"]):
                create_token(game, defn, player)

    def answer(self, game, ctx, decision, answer):
        token_creation.answer_each(game, ctx.vars[("each_creates", StepKey(self))], decision, answer)


class CreateEmblem(Step):
    """CR 114.1-114.4: 'You get an emblem with "<static ability>"'. The emblem is
    an object in the command zone, owned and controlled by that player; it isn't a
    permanent (nothing can destroy or exile it) and its abilities work for the
    rest of the game, whatever happens to the object that made it."""

    def __init__(self, abilities, name="Emblem"):
        self.abilities = tuple(abilities)
        self.name = name

    def run(self, game, ctx):
        defn = CardDef(name=self.name, cost=NO_COST, supertypes=frozenset(), types=frozenset(),
                       subtypes=(), abilities=self.abilities, text="emblem")
        eid = game.create_object(defn, ctx.controller, "command")
        for ab in self.abilities:
            for tmpl in getattr(ab, "continuous", ()):
                add_effect(game, CE(tmpl.layer, game.tick(), eid, ctx.controller, tmpl.apply, None,
                                    _emblem_view(tmpl.affects), "forever",
                                    condition=_emblem_view(tmpl.condition, cond=True)
                                    if tmpl.condition else None))


def _emblem_view(fn, cond=False):
    """Static-ability templates read their source from the characteristics of the
    objects on the battlefield; an emblem's source is in the command zone."""

    def view(g, allc, src):
        return allc if src in allc else {**allc, src: base_chars(g, src)}
    if cond:
        return lambda g, src, allc: fn(g, src, view(g, allc, src))
    return lambda g, ce, e, ch, allc: fn(g, ce.source, e, ch, view(g, allc, ce.source))


def _source_card(game, ctx):
    """The card whose spell or ability made an effect (how a player names it, 616.1)."""
    from mtg_ecs.components import Card, StackAbility
    comps = game.world.ents.get(ctx.obj, {})
    card = comps.get(Card)
    if card is not None:
        return card.card_id
    sa = comps.get(StackAbility)
    return sa.source_card if sa is not None and sa.source_card >= 0 else None


class PreventCombatDamageThisTurn(Step):
    def run(self, game, ctx):
        from mtg_ecs.components import Card
        card = game.world.ents.get(ctx.obj, {}).get(Card)
        add_shield(game, PreventAllCombatDamage(card.card_id if card else None))


class PreventNextDamageTo(Step):
    """'Prevent the next N damage that would be dealt to <target> this turn' (CR 615.7):
    a shield on that object or player, used up as damage is prevented."""

    def __init__(self, to, n):
        self.to = to
        self.n = n

    def run(self, game, ctx):
        n = amount(self.n, game, ctx)
        for t in self.to.resolve(game, ctx):
            add_shield(game, PreventNextDamage(t, n, _source_card(game, ctx)))


class Fight(Step):
    """CR 701.14: each deals damage equal to its power to the other."""

    def __init__(self, a, b):
        self.a = a
        self.b = b

    def run(self, game, ctx):
        a = [x for x in self.a.resolve(game, ctx) if x in game.battlefield]
        b = [x for x in self.b.resolve(game, ctx) if x in game.battlefield]
        if not a or not b:
            return
        a, b = a[0], b[0]
        ca, cb = game.chars(a), game.chars(b)
        if "Creature" not in ca.types or "Creature" not in cb.types:
            return
        return deal_with_choices(game, ctx, self, [(a, ca, b, max(0, ca.power)), (b, cb, a, max(0, cb.power))])

    def answer(self, game, ctx, decision, answer):
        answer_damage_choice(game, ctx, self, decision, answer)


_ATTACHABLE = frozenset(("Aura", "Equipment", "Fortification"))


class AttachSelfTo(Step):
    """Equip / attach: the source becomes attached to the object (701.3)."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        src = ctx.source
        if src not in game.battlefield:
            return
        if not _ATTACHABLE & set(game.chars(src).subtypes):
            return      # 701.3a: only an Aura, Equipment or Fortification can be attached
        for t in self.what.resolve(game, ctx):
            if t == src:
                return
            cur = game.world.get(src, Attached)
            if cur is not None and cur.to == t:
                return                          # 701.3b: nothing happens
            game.set(src, Attached(t))
            game.set(src, Timestamp(game.tick()))     # 613.7e: attaching gives a new timestamp
            game.emit("attached", eid=src, to=t)
            return


class ChooseObjects(Step):
    """A player chooses objects as the effect resolves (not targeted), then
    `then` runs with them in ctx.vars[key]. Mandatory when `min` > 0: if fewer
    exist, all of them are chosen without a decision only when that is the one
    legal answer is not assumed — the player still confirms."""

    def __init__(self, who, filter, then, n=1, key="chosen", up_to=False, prompt=""):
        self.who = who
        self.filter = filter
        self.then = then
        self.n = n
        self.key = key
        self.up_to = up_to
        self.prompt = prompt

    def _options(self, game, ctx, p):
        return [e for e in game.battlefield if self.filter(game, e, game.chars(e), p, ctx)]

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("choose", StepKey(self)), {"players": None, "i": 0, "chosen": {}})
        if st["players"] is None:
            st["players"] = [p.index for p in self.who.resolve(game, ctx)]
        while st["i"] < len(st["players"]):
            p = st["players"][st["i"]]
            if p not in st["chosen"]:
                opts = self._options(game, ctx, p)
                n = amount(self.n, game, ctx)
                need = min(n, len(opts))
                if not opts:
                    st["chosen"][p] = []
                else:
                    return Decision("choose", p, opts, 0 if self.up_to else need, need,
                                    self.prompt or f"choose {need}")
            st["i"] += 1
        for p in st["players"]:
            ctx.vars[self.key] = st["chosen"][p]
            ctx.vars[self.key + "_player"] = p
            for step in self.then:
                step.run(game, ctx)
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("choose", StepKey(self))]
        p = st["players"][st["i"]]
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(set(chosen)) != len(chosen):
            raise IllegalAction("the same object was chosen twice")
        if not (decision.min <= len(chosen) <= decision.max):
            raise IllegalAction(f"choose {decision.min}..{decision.max}, got {len(chosen)}")
        for c in chosen:
            if c not in decision.options:
                raise IllegalAction(f"{game.name(c)} can't be chosen")
        st["chosen"][p] = list(chosen)


class ChooseColor(Step):
    """'Choose a color' as the effect resolves: one of the five colors only,
    never colorless or multicolored (CR 105.1, 105.2c). The letter goes to
    ctx.vars[key]; then `then` runs."""

    COLORS = ("white", "blue", "black", "red", "green")

    def __init__(self, who, then=(), key="color", prompt="choose a color"):
        self.who = who
        self.then = tuple(then)
        self.key = key
        self.prompt = prompt

    def run(self, game, ctx):
        if self.key not in ctx.vars:
            p = self.who.resolve(game, ctx)[0]
            return Decision("color", p.index, list(self.COLORS), 1, 1, self.prompt)
        for step in self.then:
            step.run(game, ctx)
        return None

    def answer(self, game, ctx, decision, answer):
        if answer not in self.COLORS:
            raise IllegalAction(f"{answer!r} is not a color (choose one of {', '.join(self.COLORS)})")
        ctx.vars[self.key] = NAME_TO_LETTER[answer]


def CHOSEN_COLOR(game, ctx, key="color"):
    """The color chosen by ChooseColor, as a set of letters (for SetColors)."""
    return {ctx.vars[key]}


class _Vars(Ref):
    def __init__(self, key):
        self.key = key

    def resolve(self, game, ctx):
        return list(ctx.vars.get(self.key, []))


def CHOSEN(key="chosen") -> Ref:
    return _Vars(key)


class Discard(Step):
    """'<player> discards N cards' — the discarding player chooses (701.9b); N = "hand":
    '<player> discards their hand'. The cards as they were discarded are kept for a later
    step ('if a red card is discarded this way': ctx.vars['discarded'], wherever a
    replacement effect put them; 004 Leyline of the Void R3)."""

    def __init__(self, who, n):
        self.who = who
        self.n = n

    def run(self, game, ctx):
        # 101.4: each player chooses in APNAP order, then all the cards are discarded at once
        st = ctx.vars.setdefault(("discard", StepKey(self)), {"players": None, "i": 0, "chosen": [],
                                                          "batch": None})
        if st["players"] is None:
            st["players"] = [p.index for p in self.who.resolve(game, ctx)]
        while st["i"] < len(st["players"]):
            p = st["players"][st["i"]]
            hand = list(game.players[p].hand)
            n = len(hand) if self.n == "hand" else min(amount(self.n, game, ctx), len(hand))
            if n and self.n != "hand":
                # 701.9b: the player chooses the cards to discard -- still a decision when
                # the whole hand must go (one legal answer; scenario format, "Decisions")
                return Decision("discard", p, hand, n, n, f"discard {n}",
                                data=only(hand) if n == len(hand) else {})
            st["chosen"] += [[p, c] for c in hand[:n]]   # none, or "discards their hand"
            st["i"] += 1
        return discard_chosen(game, ctx, st)

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("discard", StepKey(self))]
        if decision.kind == "replacement":
            discarding.answer(game, st["batch"], decision, answer)
            return
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        _check_choice(game, decision, chosen)
        st["chosen"] += [[decision.player, c] for c in chosen]
        st["i"] += 1


class RevealHandChooseDiscard(Step):
    """'<Target player> reveals their hand. You may choose a <kind> card from it. That player
    discards that card.' (701.20 reveal; 701.9b: the spell's controller chooses what is
    discarded; a 'may' with no card to choose isn't asked.) `filter(chars)` picks the kind."""

    def __init__(self, who, filter, prompt="choose a card to be discarded (or none)"):
        self.who = who
        self.filter = filter
        self.prompt = prompt

    def run(self, game, ctx):
        key = ("reveal_discard", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            ps = [p.index for p in self.who.resolve(game, ctx) if isinstance(p, PlayerRef)]
            if not ps:
                return None
            st = ctx.vars[key] = {"player": ps[0], "chosen": None, "batch": None}
            game.emit("reveal", player=ps[0], cards=tuple(game.players[ps[0]].hand))
        if st["chosen"] is None:
            opts = [c for c in game.players[st["player"]].hand if self.filter(game.chars(c))]
            if opts:
                return Decision("choose", ctx.controller, opts, 0, 1, self.prompt)
            st["chosen"] = []
        return discard_chosen(game, ctx, st) if st["chosen"] else None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("reveal_discard", StepKey(self))]
        chosen = _answer_choice(game, st, decision, answer)
        if chosen is not None:
            st["chosen"] = [[st["player"], c] for c in chosen]


def discard_chosen(game, ctx, st):
    """Discard the cards in st['chosen'] once the order of replacement effects on each is
    chosen (616.1; systems/discard.py); the spell's or ability's controller makes them discard."""
    if st["batch"] is None:
        st["batch"] = discarding.start(st["chosen"], by=ctx.controller)
    d = discarding.next_choice(game, st["batch"])
    if d is not None:
        return d
    ctx.vars["discarded"] = [game.chars(c) for p, c in st["batch"]["cards"]]
    discarding.perform(game, st["batch"])
    return None


class Sacrifice(Step):
    """'<player> sacrifices N permanents [filter]' — that player chooses (701.17).
    `ctx_filter(game, e, chars, ctx)`: a filter that reads the resolving object ('that shares
    a card type with the sacrificed permanent')."""

    def __init__(self, who, n, filter=None, ctx_filter=None):
        self.who = who
        self.n = n
        self.filter = filter
        self.ctx_filter = ctx_filter

    def run(self, game, ctx):
        # 101.4: each player chooses in APNAP order, then all are sacrificed at once
        st = ctx.vars.setdefault(("sac", StepKey(self)), {"players": None, "i": 0, "chosen": []})
        if st["players"] is None:
            st["players"] = [p.index for p in self.who.resolve(game, ctx)]
        while st["i"] < len(st["players"]):
            p = st["players"][st["i"]]
            opts = [e for e in game.battlefield if game.chars(e).controller == p and
                    (self.filter is None or self.filter(game, e, game.chars(e))) and
                    (self.ctx_filter is None or self.ctx_filter(game, e, game.chars(e), ctx))]
            n = min(amount(self.n, game, ctx), len(opts))
            if n == 0:
                st["i"] += 1
                continue
            # 701.21a: the player chooses what to sacrifice -- still a decision when every
            # permanent that qualifies must go (one legal answer)
            data = only(opts) if n == len(opts) else {}
            if st["chosen"]:
                data["chosen_before"] = tuple(st["chosen"])  # 101.4: known to later players
            return Decision("choose", p, opts, n, n, f"sacrifice {n}", data=data)
        return _move_chosen(game, st, "sacrifice", lambda g, e, order: zones.sacrifice(g, e, order))

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("sac", StepKey(self))]
        chosen = _answer_choice(game, st, decision, answer)
        if chosen is not None:
            st["chosen"].extend(chosen)
            st["i"] += 1


class YouMaySacrifice(Step):
    """'You may sacrifice a <filter>': the controller chooses one or none (701.21a); what was
    sacrificed, as it last existed on the battlefield (608.2h), is remembered for what
    follows ('when you do', 'if you do': ctx.info['sacrificed'], its power and mana value).
    `filter(game, eid, chars, ctx)`; a 'may' with nothing to sacrifice isn't asked."""

    def __init__(self, filter, prompt="sacrifice?"):
        self.filter = filter
        self.prompt = prompt

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("may_sac", StepKey(self)), {"chosen": None, "batch": None})
        if st["chosen"] is None:
            opts = [e for e in game.battlefield if game.chars(e).controller == ctx.controller
                    and self.filter(game, e, game.chars(e), ctx)]
            if not opts:
                return None
            return Decision("choose", ctx.controller, opts, 0, 1, self.prompt)
        if st["chosen"] and "sacrificed" not in ctx.info:
            ch = game.chars(st["chosen"][0])
            ctx.info.update(sacrificed=st["chosen"][0], sacrificed_power=ch.power or 0,
                            sacrificed_mana_value=ch.mana_value)
        return _move_chosen(game, st, "sacrifice", lambda g, e, order: zones.sacrifice(g, e, order))

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("may_sac", StepKey(self))]
        chosen = _answer_choice(game, st, decision, answer)
        if chosen is not None:
            st["chosen"] = list(chosen)


def _move_chosen(game, st, cause, move, to="graveyard"):
    """Move st['chosen'] at once, once the order of the replacement effects on each is chosen
    (616.1; systems/discard.py)."""
    if not st["chosen"]:
        return None
    if st.get("batch") is None:
        st["batch"] = discarding.start_moves(st["chosen"], to, cause)
    d = discarding.next_choice(game, st["batch"])
    if d is not None:
        return d
    discarding.perform_moves(game, st["batch"], move)
    st["chosen"], st["batch"] = [], None
    return None


def _answer_choice(game, st, decision, answer):
    """An answer to a step that chooses objects and then moves them: a replacement-order
    answer goes to the moves under way (st['batch'], 616.1) and gives None; else the
    chosen objects, checked against the decision."""
    if decision.kind == "replacement":
        discarding.answer(game, st["batch"], decision, answer)
        return None
    chosen = answer if isinstance(answer, (list, tuple)) else [answer]
    _check_choice(game, decision, chosen)
    return chosen


def _check_choice(game, decision, chosen):
    if len(set(chosen)) != len(chosen):
        raise IllegalAction("the same object was chosen twice")
    if not (decision.min <= len(chosen) <= decision.max):
        raise IllegalAction(f"choose {decision.min}..{decision.max}, got {len(chosen)}")
    for c in chosen:
        if c not in decision.options:
            raise IllegalAction(f"{game.name(c)} can't be chosen")


class MayStep(Step):
    """'You may <do something>': the controller chooses yes or no as it resolves;
    a 'may' that can't be done isn't asked."""

    def __init__(self, steps, who=None, prompt="do it?", key=None):
        self.steps = tuple(steps)
        self.who = who
        self.prompt = prompt
        # its progress in ctx.vars: a card's step is one object for the whole process;
        # a step made for one resolution (an optional trigger, systems/stack.py) is
        # given a key, so that a game and its clones, making their own, keep equal state
        self.key = key

    def _var(self):
        return ("may", id(self) if self.key is None else self.key)

    def run(self, game, ctx):
        key = self._var()
        st = ctx.vars.get(key)
        if st is None:
            p = ctx.controller if self.who is None else self.who.resolve(game, ctx)[0].index
            return Decision("may", p, [True, False], 1, 1, self.prompt)
        if st["yes"]:
            while st["i"] < len(self.steps):
                d = self.steps[st["i"]].run(game, ctx)
                if d is not None:
                    st["awaiting"] = st["i"]
                    return d
                st["i"] += 1
        return None

    def answer(self, game, ctx, decision, answer):
        key = self._var()
        st = ctx.vars.get(key)
        if st is None:
            if answer not in (True, False, "yes", "no"):
                raise IllegalAction("answer yes or no")
            ctx.vars[key] = {"yes": answer in (True, "yes"), "i": 0}
            return
        self.steps[st["i"]].answer(game, ctx, decision, answer)


class MayPayLife(MayStep):
    """'You may pay N life. If you do, <steps>': not asked when the player can't pay (119.4:
    life total below N; then they don't)."""

    def __init__(self, n, then, key=None):
        super().__init__((_PayLife(n),) + tuple(then), prompt=f"pay {n} life?", key=key)
        self.n = n

    def run(self, game, ctx):
        if ctx.vars.get(self._var()) is None and game.players[ctx.controller].life < self.n:
            return None
        return super().run(game, ctx)


class _PayLife(Step):
    def __init__(self, n):
        self.n = n

    def run(self, game, ctx):
        damage.pay_life(game, ctx.controller, self.n)


class MayPayMana(MayStep):
    """'You may pay <mana>. If you do, <steps>' as the ability resolves: asked only when
    the player could pay it (with mana abilities activated now: 117.1d, 601.2g-h), paid
    at once when they say yes, after choosing the permanents to sacrifice for mana if
    tapping can't pay it (`costs.mana_sacrifice_decision`)."""

    def __init__(self, cost: str, steps):
        super().__init__(steps, prompt=f"pay {cost}?")
        self.cost = parse_cost(cost)

    def run(self, game, ctx):
        st = ctx.vars.get(self._var())
        if st is None:
            if not costs.can_pay_mana(game, ctx.controller, self.cost):
                return None                         # a 'may' that can't be done
        elif st["yes"] and not st.get("paid"):
            if "sacrificed" not in st:              # 601.2g: Treasures it would take, chosen
                d = costs.mana_sacrifice_decision(game, ctx.controller, self.cost)
                if d is not None:
                    return d
                st["sacrificed"] = ()
            costs.pay_mana(game, ctx.controller, self.cost, sacrificed=st["sacrificed"])
            st["paid"] = True
        return super().run(game, ctx)

    def answer(self, game, ctx, decision, answer):
        if decision.kind == "mana_sacrifice" and "paid" not in ctx.vars[self._var()]:
            ctx.vars[self._var()]["sacrificed"] = costs.chosen_for_mana(game, decision, answer)
            return
        super().answer(game, ctx, decision, answer)


class AddRestrictedMana(Step):
    """'Add <mana>. Spend this mana only to cast <spells>.' (106.6): mana in its
    controller's pool that only spells `only(game, chars)` accept (costs.usable_restricted);
    it empties from the pool like any mana (500.4)."""

    def __init__(self, letters: str, only):
        pool = [0] * 6
        for letter in letters:
            pool[IDX[letter]] += 1
        self.mana = tuple(pool)
        self.only = only

    def run(self, game, ctx):
        p = game.players[ctx.controller]
        p.restricted = p.restricted + ((self.only, self.mana),)
        game.touch_hidden()


class Reflexive(Step):
    """'When you do, ...': a reflexive triggered ability (603.12) triggers now and goes
    on the stack the next time a player would receive priority. `condition(game,
    ctx)` says whether the earlier action was done."""

    def __init__(self, ability, condition=None):
        self.ability = ability
        self.condition = condition

    def run(self, game, ctx):
        if self.condition is not None and not self.condition(game, ctx):
            return None
        # named by the card of the ability that made it ('ability:handle')
        sa = game.world.get(ctx.obj, StackAbility) if ctx.obj is not None else None
        card = sa.source_card if sa is not None else _card_of(game, ctx.source)
        game.pending_triggers.append(PendingTrigger(self.ability, ctx.source, ctx.controller,
                                                    dict(ctx.info), card, 0))
        return None


def _card_of(game, eid) -> int:
    comps = game.world.ents.get(eid)
    return comps[Card].card_id if comps is not None and Card in comps else -1


class CreateDelayedTrigger(Step):
    """A delayed triggered ability (603.7): 'at the beginning of the next end step, ...'."""

    def __init__(self, trigger, ability, once=True, remember=None):
        self.trigger = trigger
        self.ability = ability
        self.once = once
        self.remember = remember or {}      # info key -> Ref, resolved now ('that creature')

    def run(self, game, ctx):
        info = {k: tuple(r.resolve(game, ctx)) for k, r in self.remember.items()}
        game.delayed.append(DelayedTrigger(self.trigger, self.ability, ctx.source, ctx.controller,
                                           self.once, info))
        game.version += 1


class Custom(Step):
    """A card-specific effect written in Python: fn(game, ctx)."""

    def __init__(self, fn):
        self.fn = fn

    def run(self, game, ctx):
        self.fn(game, ctx)


def add_effect(game, ce: CE) -> None:
    if ended_before(game, ce):
        return                          # 611.2b: its duration ended before it began
    game.effects.append(ce)
    effects_changed(game, added=(ce,))


# ---------------------------------------------------------------------------
# refs and steps added for the M10 cards (white/blue)
# ---------------------------------------------------------------------------
class Mill(Step):
    """CR 701.13: '<player> mills N cards' — the top N of their library go to their
    graveyard at once (as many as there are, 701.13b)."""

    def __init__(self, who, n):
        self.who = who
        self.n = n

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("mill", StepKey(self)), {"chosen": None, "batch": None})
        if st["chosen"] is None:
            n = amount(self.n, game, ctx)
            st["chosen"] = [c for p in self.who.resolve(game, ctx)      # library top: the END
                            for c in list(reversed(game.players[p.index].library))[:n]]
        d = _move_chosen(game, st, "mill",
                         lambda g, c, order: zones.move(g, c, "graveyard", cause="mill", order=order))
        if d is None:
            del ctx.vars[("mill", StepKey(self))]          # done: nothing left over for a later run
        return d

    def answer(self, game, ctx, decision, answer):
        discarding.answer(game, ctx.vars[("mill", StepKey(self))]["batch"], decision, answer)


class MillRemembering(Mill):
    """'Mill N cards' remembering the cards milled (ctx.vars['milled'], card ids) for a
    following '... milled this way'."""

    def run(self, game, ctx):
        if "milled" not in ctx.vars:
            n = amount(self.n, game, ctx)
            ctx.vars["milled"] = [game.world.ents[c][Card].card_id for p in self.who.resolve(game, ctx)
                                  for c in list(reversed(game.players[p.index].library))[:n]]
        return super().run(game, ctx)


class PutMilledIntoHand(Step):
    """'Then put any number of <filter> cards milled this way into your hand': the cards
    `MillRemembering` put into a graveyard that qualify (filter(chars)); any number, none
    included."""

    def run(self, game, ctx):
        key = ("milled_to_hand", StepKey(self))
        chosen = ctx.vars.get(key)
        if chosen is not None:                          # answered: 903.9b for a commander, the move
            d = commander.put_into_hand_or_library(game, ctx, self, list(chosen), "hand",
                                                   lambda c: zones.move(game, c, "hand"))
            if d is None:
                del ctx.vars[key]
            return d
        opts = [game.card_entity[cid] for cid in ctx.vars.get("milled", ())
                if game.zone_of(game.card_entity[cid]) == "graveyard"
                and self.filter(game.chars(game.card_entity[cid]))]
        if not opts:
            return None
        return Decision("choose", ctx.controller, opts, 0, len(opts), "put any number of them into your hand")

    def __init__(self, filter):
        self.filter = filter

    def answer(self, game, ctx, decision, answer):
        if decision.data.get("what") == "command zone":
            commander.answer_instead(ctx, self, decision, answer)
            return
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        _check_choice(game, decision, chosen)
        ctx.vars[("milled_to_hand", StepKey(self))] = tuple(chosen)


class PreventAllDamageThisTurn(Step):
    """'Prevent all damage that would be dealt to <recipients> this turn' (Safe Passage):
    a prevention shield; recipient(game, controller, target) -> bool."""

    def __init__(self, recipient):
        self.recipient = recipient

    def run(self, game, ctx):
        from mtg_ecs.components import Card
        card = game.world.ents.get(ctx.obj, {}).get(Card)
        add_shield(game, PreventAllDamageTo(ctx.controller, self.recipient,
                                               card.card_id if card else None))


class SacrificeIt(Step):
    """'Sacrifice it' / 'sacrifice ~': each permanent a reference names, if it is still
    on the battlefield (701.17a: only its controller can; the effect's controller does)."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("sac_it", StepKey(self)), {"chosen": None, "batch": None})
        if st["chosen"] is None:
            st["chosen"] = [t for t in self.what.resolve(game, ctx)
                            if not isinstance(t, PlayerRef) and t in game.battlefield]
        d = _move_chosen(game, st, "sacrifice", lambda g, e, order: zones.sacrifice(g, e, order))
        if d is None:
            del ctx.vars[("sac_it", StepKey(self))]        # done: nothing left over for a later run
        return d

    def answer(self, game, ctx, decision, answer):
        discarding.answer(game, ctx.vars[("sac_it", StepKey(self))]["batch"], decision, answer)


class AddCounters(_EachObject):
    """'Put N <kind> counters on <each object>' (CR 122.1)."""

    def __init__(self, what, kind, n=1):
        super().__init__(what)
        self.kind = kind
        self.n = n

    def run(self, game, ctx):
        n = amount(self.n, game, ctx)
        for t in self.what.resolve(game, ctx):
            if not isinstance(t, PlayerRef) and t in game.battlefield:
                zones.add_counters(game, t, self.kind, n)


# ---------------------------------------------------------------------------
# winning, losing, drawing (CR 104) — see systems/player_rules.py
# ---------------------------------------------------------------------------
class LoseGame(_EachPlayer):
    """'<player> loses the game' (104.3e)."""

    def __init__(self, who):
        super().__init__(who, 0)

    def act(self, game, p, n):
        lose(game, p.index)


class WinGame(_EachPlayer):
    """'You win the game' (104.2b)."""

    def __init__(self, who):
        super().__init__(who, 0)

    def act(self, game, p, n):
        win(game, p.index)


class DrawGame(Step):
    """'The game is a draw' (104.4c)."""

    def run(self, game, ctx):
        draw_game(game)


class RemoveCounters(_EachObject):
    """'Remove N <kind> counters from <it>' (CR 122.8)."""

    def __init__(self, what, kind, n=1):
        super().__init__(what)
        self.kind = kind
        self.n = n

    def run(self, game, ctx):
        n = amount(self.n, game, ctx)
        for t in self.what.resolve(game, ctx):
            if not isinstance(t, PlayerRef) and t in game.battlefield:
                zones.remove_counters(game, t, self.kind, n)


class DestroyNoRegenerate(_EachObject):
    """'Destroy <it>. It can't be regenerated.' (701.19c)"""

    def act(self, game, t):
        zones.destroy(game, t, regenerate=False)
