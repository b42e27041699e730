"""Continuous effects and the layer system (CR 611, 613).

Every question about an object's characteristics asks `chars(game, eid)`, which
serves the result of applying all continuous effects in layer order to the
stored (printed) values. The result is cached until the game's state version
changes.

Layers: 1 copy, 2 control, 3 text, 4 type, 5 color, 6 ability, 7a characteristic-
defining P/T, 7b P/T setting, 7c P/T modification (effects and counters),
7d switching; then rules effects ("can't block") that read the finished values.
Within a layer effects apply in timestamp order (613.7) unless one depends on
another (613.8), in which case the dependent one waits.
"""
from __future__ import annotations

from operator import attrgetter

from mtg_ecs.components import Card, Controller, Counters, Zone, Owner, CopyOf, Spell
from mtg_ecs.components.definitions import StaticAbility, BASIC_LAND_MANA, parse_keyword

L_COPY, L_CONTROL, L_TEXT, L_TYPE, L_COLOR, L_ABILITY = 1, 2, 3, 4, 5, 6
L_7A, L_7B, L_7C, L_7D, L_RULES = 7.1, 7.2, 7.3, 7.4, 8
LAYERS = (L_COPY, L_CONTROL, L_TEXT, L_TYPE, L_COLOR, L_ABILITY, L_7A, L_7B, L_7C, L_7D, L_RULES)


class Chars:
    """An object's characteristics after the layers (CR 109.3, 613)."""

    __slots__ = ("eid", "defn", "name", "cost", "colors", "types", "subtypes", "supertypes",
                 "power", "toughness", "keywords", "abilities", "controller", "owner", "flags",
                 "zone", "token", "acts", "board_entry")
    # slots that cache values computed from the others (costs.activated_abilities, what the
    # object puts in the board index: systems.board): not part of the characteristics'
    # value (mtg_ecs.core.hashing.canonical skips them)
    CACHE_SLOTS = ("acts", "board_entry")

    def copy(self) -> "Chars":
        c = Chars.__new__(Chars)
        c.eid = self.eid
        c.defn = self.defn
        c.name = self.name
        c.cost = self.cost
        c.colors = self.colors
        c.types = self.types
        c.subtypes = self.subtypes
        c.supertypes = self.supertypes
        c.power = self.power
        c.toughness = self.toughness
        c.keywords = self.keywords
        c.abilities = self.abilities
        c.controller = self.controller
        c.owner = self.owner
        c.flags = self.flags
        c.zone = self.zone
        c.token = self.token
        c.acts = None
        c.board_entry = None
        return c

    # convenient predicates ------------------------------------------------
    def is_(self, t: str) -> bool:
        return t in self.types

    def has(self, kw: str) -> bool:
        for k in self.keywords:
            if k.name == kw:
                return True
        return False

    def params(self, kw: str) -> list:
        out = []            # (a loop, not a comprehension: that is one more call in 3.11)
        for k in self.keywords:
            if k.name == kw:
                out.append(k.param)
        return out

    def has_subtype(self, s: str) -> bool:
        return s in self.subtypes

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_permanent(self) -> bool:
        return not ({"Instant", "Sorcery"} & self.types)

    @property
    def mana_value(self) -> int:
        return self.cost.mana_value

    def __repr__(self):
        pt = f" {self.power}/{self.toughness}" if self.power is not None else ""
        return f"<{self.name}{pt}>"


class CE:
    """A continuous effect (CR 611).

    `objects` is a frozenset of affected objects locked when the effect began
    (611.2c) or None when `filter(game, ce, eid, chars)` decides continuously
    (static abilities, 611.3a). `apply(game, ce, chars_of_obj, all_chars)` changes
    the working characteristics of one object."""

    __slots__ = ("layer", "ts", "source", "controller", "objects", "filter", "apply",
                 "duration", "data", "condition", "players_effect", "volatile", "affects")
    # `affects`: a static ability's own `affects(game, source, obj, chars, all_chars)`,
    # which `filter` calls (the layer pass calls it directly); derived from `filter`, so
    # not part of the effect's value (mtg_ecs.core.hashing.canonical skips it)
    CACHE_SLOTS = ("affects",)

    def __init__(self, layer, ts, source, controller, apply, objects=None, filter=None,
                 duration="static", data=None, condition=None, volatile=False):
        self.layer = layer
        self.ts = ts
        self.source = source
        self.controller = controller
        self.objects = objects
        self.filter = filter
        self.apply = apply
        self.duration = duration      # 'static' | 'eot' | 'forever' | 'while_source' | 'while_controlled'
        #                               | 'until_your_next_turn' (systems/durations.py)
        self.data = data
        self.condition = condition
        # reads game state beyond characteristics (life totals, ...): the cache must
        # follow every state change (Game.touch, Game.set), CR 611.3a
        self.volatile = volatile
        self.affects = None

    def __repr__(self):
        return f"<CE layer={self.layer} ts={self.ts} src={self.source} {self.duration}>"


# ---------------------------------------------------------------------------
# Static ability templates: turn a card's static ability into CEs each time
# ---------------------------------------------------------------------------
class StaticEffect:
    """Template for the continuous effect a static ability generates (CR 604, 611.3).

    `affects(game, src, obj, chars, all_chars) -> bool` picks the objects; `apply`
    changes one object's characteristics; `condition(game, src, all_chars)` is an
    'as long as' condition checked when the effect would apply."""

    def __init__(self, layer, affects, apply, condition=None, self_only=False, volatile=False):
        self.layer = layer
        self.affects = affects
        self.apply = apply
        self.condition = condition
        self.self_only = self_only
        self.volatile = volatile      # its values read game state beyond characteristics

    def instantiate(self, game, src, ts, controller):
        affects = self.affects
        filt = (lambda g, ce, e, ch, allc: affects(g, ce.source, e, ch, allc))
        ce = CE(self.layer, ts, src, controller, self.apply, None, filt, "static",
                condition=self.condition, volatile=self.volatile)
        ce.affects = affects
        return ce


# ---------------------------------------------------------------------------
# Base characteristics (before any effect)
# ---------------------------------------------------------------------------
def base_chars(game, eid: int) -> Chars:
    """Printed characteristics (shared and cached per object: never mutate the
    result; copy it first)."""
    comps = game.world.ents[eid]
    ctl = comps.get(Controller)
    hit = game.base_chars.get(eid)
    if hit is not None and hit[0] is ctl:
        return hit[1]
    c = make_base(comps, eid)
    game.base_chars[eid] = (ctl, c)
    return c


_NO_FLAGS = frozenset()


def make_base(comps, eid: int) -> Chars:
    card = comps[Card]
    d = card.defn
    cp = comps.get(CopyOf)
    if cp is not None and cp.defn is not None:
        d = cp.defn                     # 613.2a, 707.2: copiable values from a copy effect
    c = Chars()
    c.eid = eid
    c.defn = d
    c.name = d.name
    c.cost = d.cost
    c.colors = d.base_colors
    c.types = d.types
    c.subtypes = d.subtypes
    c.supertypes = d.supertypes
    c.power = d.power
    c.toughness = d.toughness
    c.keywords = d.keywords
    c.abilities = d.abilities
    ctl = comps.get(Controller)
    own = comps.get(Owner)
    c.owner = own.player if own is not None else None
    c.controller = (ctl.player if ctl.base is None else ctl.base) if ctl is not None else c.owner
    c.flags = _NO_FLAGS
    z = comps.get(Zone)
    c.zone = z.name if z is not None else None
    c.token = card.token
    c.acts = None
    c.board_entry = None
    return c


def mana_value(game, eid: int) -> int:
    """CR 202.3: the total amount of mana in its mana cost; on the stack X is the
    value chosen for it (202.3e), everywhere else X is 0 (202.3e)."""
    mv = game.chars(eid).mana_value
    sp = game.world.get(eid, Spell)
    if sp is not None and game.zone_of(eid) == "stack":
        mv += game.chars(eid).cost.x * (sp.x or 0)
    return mv


def intrinsic_mana_abilities(chars: Chars) -> tuple:
    """CR 305.6: a land with a basic land type has '{T}: Add [mana]'."""
    # in the order the land has its subtypes: printed types first, then ones an
    # effect added (so a granted ability numbers after the printed one)
    out = []
    if "Land" in chars.types:
        for sub in chars.subtypes:
            letter = BASIC_LAND_MANA.get(sub)
            if letter is not None and letter not in out:
                out.append(letter)
    return tuple(out)


# ---------------------------------------------------------------------------
# The computation
# ---------------------------------------------------------------------------
def _counters_apply(game, eid, c: Chars, comps):
    cnt = comps.get(Counters)
    if cnt is not None and c.power is not None:
        p = cnt.get("+1/+1") - cnt.get("-1/-1")
        if p:
            c.power += p
            c.toughness += p


# CR 122.1b: a keyword counter gives the permanent that keyword (a shield counter is not
# one, 122.1c: 002 §2.6 #8)
KEYWORD_COUNTERS = {k: parse_keyword(k) for k in (
    "flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "trample", "vigilance")}


def counter_keywords(cnt) -> tuple:
    """The keyword abilities the keyword counters of a Counters value give (122.1b)."""
    out = []                # (a loop, not a generator: one call less in 3.11)
    for k, _ in cnt.items:
        if k in KEYWORD_COUNTERS:
            out.append(KEYWORD_COUNTERS[k])
    return tuple(out)


def _keyword_counters_apply(c: Chars, kws) -> None:
    """Layer 6 (613.1f): the keywords of its keyword counters, added to the abilities it
    has as the layer begins (an effect that removes abilities removes them too)."""
    have = {k.name for k in c.keywords}
    c.keywords = c.keywords + tuple(k for k in kws if k.name not in have)


def gather_effects(game, bf_chars: dict) -> list:
    """All continuous effects now in the game: those of static abilities of objects
    in the zones where those abilities function, and those created by resolved
    spells and abilities (game.effects)."""
    effects = []
    for eid, ch in bf_chars.items():
        if ch.abilities:
            _static_effects(game, eid, ch, effects)
    effects.extend(game.effects)
    return effects


def _static_effects(game, eid, ch, out: list) -> list:
    """Append to `out` the continuous effects of the static abilities of a permanent with
    characteristics `ch` (611.3, 604.2)."""
    ts = None
    for ab in ch.abilities:
        if isinstance(ab, StaticAbility) and "battlefield" in ab.zones:
            for tmpl in ab.continuous:
                if ts is None:
                    ts = game.timestamp_of(eid)
                ce = tmpl.instantiate(game, eid, ts, ch.controller)
                if ce.data is None:
                    ce.data = ("static_ability", ab)    # its origin, for 613.1f below
                out.append(ce)
    return out


def reads(*names, requires=None, source=None):
    """Declare the characteristics (Chars slots) an `affects(game, source, obj, chars,
    all_chars)` function reads, of any object: `@reads("types", "controller")`. Other
    game state it reads must be state no layer effect changes (the world's components).
    `requires`: a card type without which it is false ('creatures you control':
    "Creature"): objects without it are passed over without a call. A function true of
    one object at most may name it: `f.single(game, source)` (the object or None), and
    the layer pass asks no other. `source`: declared when it reads no other object than
    `obj` but its source, and of the source only these ('you control': `("controller",)`),
    and no state a zone change of another object changes (`local_plan`)."""
    names = frozenset(names)
    src = None if source is None else frozenset(source)

    def mark(f):
        f.reads = names
        f.requires = requires
        f.source_reads = src
        return f
    return mark


def writes(*names, alone=False):
    """Declare the characteristics (Chars slots) an effect's `apply(game, ce, chars,
    all_chars)` may change (only of the object it is given, as every apply). `alone`: it
    reads nothing but those characteristics and its effect's own values (no other object,
    no other game state), so its result for an object depends on that object alone."""
    names = frozenset(names)

    def mark(f):
        f.writes = names
        f.alone = alone
        return f
    return mark


def _independent(a: CE, b: CE) -> bool:
    """`a` can't depend on `b` whatever the objects (613.8a): `a` applies to objects locked
    in (611.2c) or to none, or `b` changes none of the characteristics `a`'s filter reads
    (both declared: `reads`, `writes`)."""
    if a.objects is not None or a.filter is None:
        return True
    r = getattr(a.affects, "reads", None)
    if r is not None:
        w = getattr(b.apply, "writes", None)
        if w is not None and r.isdisjoint(w):
            return True
    return False


def _depends(game, a: CE, b: CE, working) -> bool:
    """CR 613.8a: does `a` depend on `b`? Applying `b` changes what `a` applies to
    (or whether it exists). Checked by trial application on a copy, unless it can't
    (`_independent`)."""
    if _independent(a, b):
        return False
    before = _applies_to(game, a, working)
    trial = dict(working)
    _apply_effect(game, b, trial, set())     # copies what `b` changes: `working` stays
    return _applies_to(game, a, trial) != before


def _applies_to(game, ce: CE, working: dict) -> set:
    """The objects a (filtered) effect applies to now."""
    affects = ce.affects
    if affects is not None:
        src = ce.source
        req = getattr(affects, "requires", None)
        return {e for e, ch in working.items()
                if (req is None or req in ch.types) and affects(game, src, e, ch, working)}
    filt = ce.filter
    return {e for e, ch in working.items() if filt(game, ce, e, ch, working)}


def _applies(game, ce: CE, eid, ch, allc) -> bool:
    if ce.objects is not None:
        return eid in ce.objects
    if ce.affects is not None:
        return ce.affects(game, ce.source, eid, ch, allc)
    return ce.filter(game, ce, eid, ch, allc)


def _apply_effect(game, ce: CE, working: dict, own: set) -> None:
    """Apply one effect to every object it applies to, in battlefield order (each object
    judged after the effect changed the ones before it); an object's characteristics are
    copied the first time they change (`own`: the copies already made)."""
    apply = ce.apply
    objects = ce.objects
    if objects is not None:
        for eid, c in working.items():
            if eid in objects:
                if eid not in own:
                    c = working[eid] = c.copy()
                    own.add(eid)
                apply(game, ce, c, working)
        return
    affects = ce.affects
    if affects is not None:
        src = ce.source
        single = getattr(affects, "single", None)
        if single is not None:
            # one object at most (`single(game, source)`: the only one `affects` is true of)
            eid = single(game, src)
            c = working.get(eid)
            if c is not None:
                if eid not in own:
                    c = working[eid] = c.copy()
                    own.add(eid)
                apply(game, ce, c, working)
            return
        req = getattr(affects, "requires", None)
        if req is not None:
            for eid, c in working.items():
                if req in c.types and affects(game, src, eid, c, working):
                    if eid not in own:
                        c = working[eid] = c.copy()
                        own.add(eid)
                    apply(game, ce, c, working)
            return
        for eid, c in working.items():
            if affects(game, src, eid, c, working):
                if eid not in own:
                    c = working[eid] = c.copy()
                    own.add(eid)
                apply(game, ce, c, working)
        return
    filt = ce.filter
    for eid, c in working.items():
        if filt(game, ce, eid, c, working):
            if eid not in own:
                c = working[eid] = c.copy()
                own.add(eid)
            apply(game, ce, c, working)


def _order_layer(game, effs, working):
    """Timestamp order, except an effect that depends on another applies after it
    (613.8b); a dependency loop falls back to timestamps (613.8b).

    A generator: the caller applies each effect before asking for the next, because
    whether an effect depends on another is judged on the characteristics as they are
    at that point of the layer (613.8a: "applying the other would change ... what it
    applies to"): 'creatures with flying have first strike' doesn't depend on 'all
    creatures gain flying' while they all have flying, but does once an earlier effect
    of the layer has removed it."""
    effs = sorted(effs, key=lambda e: e.ts)
    if len(effs) < 2:
        yield from effs
        return
    pending = list(effs)
    while pending:
        chosen = None
        for cand in pending:
            if not any(o is not cand and _depends(game, cand, o, working) for o in pending):
                chosen = cand
                break
        if chosen is None:
            chosen = pending[0]
        pending.remove(chosen)
        yield chosen


def compute_battlefield(game) -> dict:
    """Characteristics of every object on the battlefield.

    Copy on write: every object starts with its printed characteristics (`base_chars`,
    shared, never changed) and gets a copy of its own the first time an effect or its
    counters change it (an effect's `apply` changes only the characteristics it is
    given); objects nothing changes keep the shared printed values, as when there is no
    effect at all."""
    world = game.world
    ents = world.ents
    cached = game.base_chars
    working = {}
    for eid in game.battlefield:            # base_chars, inlined
        hit = cached.get(eid)
        if hit is not None and hit[0] is ents[eid].get(Controller):
            working[eid] = hit[1]
        else:
            working[eid] = base_chars(game, eid)
    effects = gather_effects(game, working)
    volatile = conditional = False
    for ce in effects:
        if getattr(ce, "volatile", False):
            volatile = True
        if ce.condition is not None:
            conditional = True
    game.volatile = volatile
    game.chars_independent = not effects
    # (effects read the characteristics and components of objects on the battlefield; a
    # condition or a volatile value may read anything: a graveyard, a hand, 611.3a)
    game.chars_closed = not volatile and not conditional
    game.layer_plan = local_plan(game, effects)
    if not effects:
        counted = world.comps.get(Counters)
        if counted:
            for eid, c in working.items():
                if eid in counted and (c.power is not None or counter_keywords(ents[eid][Counters])):
                    c = working[eid] = c.copy()
                    _keyword_counters_apply(c, counter_keywords(ents[eid][Counters]))
                    _counters_apply(game, eid, c, ents[eid])
        return working
    own = set()                         # objects whose characteristics are a copy already
    by_layer = {}
    for ce in effects:
        by_layer.setdefault(ce.layer, []).append(ce)
    for layer in LAYERS:
        effs = by_layer.get(layer)
        if layer == L_7C:
            # counters apply in 7c (CR 613.4c) together with effects, order irrelevant for sums
            counted = world.comps.get(Counters)
            if counted:
                ents = world.ents
                for eid, c in working.items():
                    if eid in counted and c.power is not None:
                        cnt = ents[eid][Counters]
                        if cnt.get("+1/+1") - cnt.get("-1/-1"):
                            if eid not in own:
                                c = working[eid] = c.copy()
                                own.add(eid)
                            _counters_apply(game, eid, c, ents[eid])
        if layer == L_ABILITY:
            # static abilities granted by layer-6 effects don't exist before it; newly
            # added static abilities begin to apply from layer 7 on (613.6 simplification).
            # Keyword counters (122.1b) give their keywords first, as abilities it has
            counted = world.comps.get(Counters)
            if counted:
                ents = world.ents
                for eid, c in working.items():
                    if eid in counted:
                        kws = counter_keywords(ents[eid][Counters])
                        if kws:
                            if eid not in own:
                                c = working[eid] = c.copy()
                                own.add(eid)
                            _keyword_counters_apply(c, kws)
        if not effs:
            if layer == L_ABILITY:
                _add_granted_statics(game, working, by_layer, own)
            continue
        if layer in (L_TYPE, L_ABILITY, L_CONTROL):
            effs = _order_layer(game, effs, working)
        else:
            effs = sorted(effs, key=lambda e: e.ts)
        for ce in effs:
            if ce.condition is not None and not ce.condition(game, ce.source, working):
                continue
            _apply_effect(game, ce, working, own)
        if layer == L_ABILITY:
            _drop_removed_statics(working, by_layer)
            _add_granted_statics(game, working, by_layer, own)
    return working


def effects_changed(game, added=(), removed=()) -> None:
    """`game.effects` gained the effects `added` and lost `removed`: a change of state
    (`Game.version`). While the cache was current under a `local_plan`, and every one of
    them is of the kind it allows and applies to objects locked in (611.2c), only those
    objects' characteristics change: patched (`one_object`) instead of a full pass; the
    board index follows (`Board.replace`)."""
    current = game.chars_version == game.cversion and game.layer_plan is not None
    b = game.board
    clean = game.sba_clean == game.sversion
    game.version += 1
    if not current:
        return
    for ce in (*added, *removed):
        if ce.objects is None:
            return
    plan = _replanned(game.layer_plan, added, removed)
    if plan is None:
        return
    objs = set()
    for ce in added:
        objs |= ce.objects
    for ce in removed:
        objs |= ce.objects
    # one effect beginning last in layer order (a pump, 7c: after every other effect and the
    # counters, 613.4c, 613.7): the objects' characteristics now with it applied
    last = added[0] if not removed and len(added) == 1 and plan[-1] is added[0] \
        and added[0].layer >= L_7C else None
    changed = _repatch(game, plan, objs, b, bumped=True, last=last)
    if game.offfield_cache:             # (a locked effect may name an object off it, 611.2c)
        game.offfield_cache = {}
    if clean:
        # an effect beginning or ending ('gets +2/+2 until end of turn'): the check that
        # found no state-based action may still find none (704.3)
        if _sba is None:
            _bind_sba()
        if _sba.still_clean(game, changed):
            game.sba_clean = game.sversion


_sba = None        # systems.sba, bound at its first use (it imports this module)


def _bind_sba() -> None:
    global _sba
    from mtg_ecs.systems import sba
    _sba = sba


def counters_changed(game, eid) -> None:
    """The counters on `eid` changed: a change of characteristics (`Game.chars_changed`:
    122.1a, 613.4c, 122.1b), which for an object on the battlefield under a `local_plan`
    is that object's alone: recomputed (`one_object`) instead of a full pass."""
    current = game.chars_version == game.cversion and game.layer_plan is not None
    b = game.board
    game.chars_changed()
    if current and eid in game.chars_cache:
        _repatch(game, game.layer_plan, (eid,), b, bumped=True)


def _repatch(game, plan, objs, b, bumped=False, last=None) -> list:
    """`plan` is now the cache's: recompute the objects `objs` of the battlefield under it
    (`one_object`); those whose characteristics changed are a change of characteristics
    (`Game.chars_changed`, unless `bumped` already), the cache staying current, and the
    board index `b` (current before) holds their new characteristics (`Board.replace`)
    or is rebuilt. `last`: the plan's last effect, the only one new to it, of layer 7c or
    later (whatever an object's counters do comes before it): applied to the cached
    characteristics instead, which are those of the plan without it. Returns those that
    changed, (eid, old, new) each."""
    cache = game.chars_cache
    changed = []
    for eid in objs:
        old = cache.get(eid)
        if old is not None:
            if last is None:
                new = one_object(game, eid, plan, cache)
            elif _applies(game, last, eid, old, cache):
                new = old.copy()
                last.apply(game, last, new, cache)
            else:
                new = old
            if new is old or same_chars(new, old):
                continue
            cache[eid] = new
            changed.append((eid, old, new))
    game.layer_plan = plan
    game.chars_independent = not plan
    if not changed and not bumped:
        return changed
    if not bumped:
        game.chars_changed()
    game.chars_version = game.cversion
    if b is not None and b.shared:
        b = b.copy()                        # (a clone's too: systems.board.Board.shared)
    if b is not None and b.replace(game, changed):
        b.key = (game.cversion, game.bversion)
        game.board = b
    return changed


# the characteristics' values, not the caches kept on them, as one tuple
_values = attrgetter(*(s for s in Chars.__slots__ if s not in Chars.CACHE_SLOTS))


def same_chars(a: Chars, b: Chars) -> bool:
    """Equal characteristics (their values, not the caches kept on them; a tuple compares
    its items as `is` or `==`)."""
    return _values(a) == _values(b)


def _replanned(plan, added, removed) -> tuple | None:
    """`plan` without `removed` and with `added` where the layer pass would apply them
    (their layer, after the effects of that layer with an earlier or equal timestamp,
    613.7), or None if one of the added isn't of the kind `local_plan` allows."""
    if not removed and len(added) == 1:
        ce = added[0]
        if ce.layer not in (L_TYPE, L_ABILITY) and (not plan or (plan[-1].layer, plan[-1].ts)
                                                     <= (ce.layer, ce.ts)):
            # the newest effect of the last layer in the plan (a pump): it goes last
            return plan + (ce,) if _local(ce) else None
    out = list(plan)
    if removed:
        gone = set()            # (loops, not comprehensions: each of those is a call in 3.11)
        for ce in removed:
            gone.add(id(ce))
        out = []
        for x in plan:
            if id(x) not in gone:
                out.append(x)
        if len(gone) != len(removed) or len(out) != len(plan) - len(gone):
            return None                 # one of them isn't in the plan once: a full pass
    for ce in added:
        if not _local(ce):
            return None
        at = len(out)
        while at and (out[at - 1].layer, out[at - 1].ts) > (ce.layer, ce.ts):
            at -= 1
        out.insert(at, ce)
    for ce in added:
        if ce.layer in (L_TYPE, L_ABILITY) and not _independent_of_layer(ce, out):
            return None
    return tuple(out)


def _independent_of_layer(ce, plan) -> bool:
    """Is `ce` independent of each other effect of its layer in `plan`, both ways?"""
    for x in plan:
        if x.layer == ce.layer and x is not ce and not (_independent(ce, x) and _independent(x, ce)):
            return False
    return True


def _local(ce) -> bool:
    """An effect `local_plan` allows (its conditions on the whole set aside)."""
    if ce.layer <= L_CONTROL or ce.condition is not None or ce.volatile:
        return False
    w = getattr(ce.apply, "writes", None)
    if w is None or "abilities" in w or not getattr(ce.apply, "alone", False):
        return False
    if ce.objects is None:
        src = getattr(ce.affects, "source_reads", None)
        return src is not None and src <= {"controller"}
    return True


def local_plan(game, effects) -> tuple | None:
    """The effects in the order the layer pass applies them, when each object's
    characteristics follow from its own printed values, its counters and these effects
    alone, in that order whatever the other objects: no effect with a condition or a
    volatile value (611.3a), none of layers 1-2 (copy, control: other objects read the
    controller), every one applying to objects locked in (611.2c) or chosen by a filter
    that reads the object and at most its source's controller (`reads(source=...)`), its
    `apply` reading only the object (`writes(alone=True)`) and changing no abilities (no
    static ability gained or lost, 613.6), and in layers 4 and 6 none that could depend on
    another (613.8): timestamp order. Then an object entering or leaving the battlefield
    changes no other's characteristics (`one_object`). None otherwise."""
    if not effects:
        return ()
    by_layer = {}
    for ce in effects:
        if not _local(ce):
            return None
        by_layer.setdefault(ce.layer, []).append(ce)
    plan = []
    for layer in LAYERS:
        effs = by_layer.get(layer)
        if effs is None:
            continue
        if layer in (L_TYPE, L_ABILITY) and len(effs) > 1 and not all(
                _independent(a, b) for a in effs for b in effs if a is not b):
            return None
        plan.extend(sorted(effs, key=lambda e: e.ts))
    return tuple(plan)


def one_object(game, eid: int, plan: tuple, allc: dict, base=None) -> Chars:
    """The characteristics of one object on the battlefield under `local_plan`'s effects
    (the others' in `allc`): what the layer pass gives it, with its counters in layers 6
    (122.1b) and 7c (613.4c), copied only if something changes it. `base`: its
    `base_chars`, if at hand."""
    c = base_chars(game, eid) if base is None else base
    comps = game.world.ents[eid]
    cnt = comps.get(Counters)
    layer6 = layer7c = cnt is None
    copied = False
    for ce in plan:
        if not layer6 and ce.layer >= L_ABILITY:
            c, copied = _counters_of_layer(game, eid, c, comps, copied, L_ABILITY)
            layer6 = True
        if not layer7c and ce.layer >= L_7C:
            c, copied = _counters_of_layer(game, eid, c, comps, copied, L_7C)
            layer7c = True
        if _applies(game, ce, eid, c, allc):
            if not copied:
                c = c.copy()
                copied = True
            ce.apply(game, ce, c, allc)
    if not layer6:
        c, copied = _counters_of_layer(game, eid, c, comps, copied, L_ABILITY)
    if not layer7c:
        c, copied = _counters_of_layer(game, eid, c, comps, copied, L_7C)
    return c


def _counters_of_layer(game, eid, c, comps, copied, layer):
    """What an object's counters do in layer 6 (keyword counters) or 7c (+1/+1, -1/-1),
    as the layer pass applies them: (characteristics, copied)."""
    cnt = comps[Counters]
    if layer == L_ABILITY:
        kws = counter_keywords(cnt)
        if not kws:
            return c, copied
        if not copied:
            c = c.copy()
        _keyword_counters_apply(c, kws)
        return c, True
    if c.power is None or not cnt.get("+1/+1") - cnt.get("-1/-1"):
        return c, copied
    if not copied:
        c = c.copy()
    _counters_apply(game, eid, c, comps)
    return c, True


def _started(ab) -> bool:
    """Does the static ability have an effect in a layer before the ability layer (6)?"""
    for t in ab.continuous:     # (a loop, not any(...): a generator is one call more in 3.11)
        if t.layer < L_ABILITY:
            return True
    return False


def _drop_removed_statics(working, by_layer):
    """CR 613.1f, 613.6: a static ability removed in layer 6 no longer exists, so its effects
    in later layers (P/T, rules effects such as 'can't attack') don't apply; an effect that
    already began to apply in an earlier layer (e.g. type-changing, layer 4) goes on."""
    for layer, effs in by_layer.items():
        if layer <= L_ABILITY:
            continue
        keep = []
        for ce in effs:
            d = ce.data
            if isinstance(d, tuple) and len(d) == 2 and d[0] == "static_ability":
                ab = d[1]
                ch = working.get(ce.source)
                if ch is not None and ab not in ch.abilities and not _started(ab):
                    continue
            keep.append(ce)
        effs[:] = keep


def _add_granted_statics(game, working, by_layer, own):
    """Static abilities an object gained in layer 6 generate layer-7 effects (613.6).
    Only an object an effect changed (`own`) can have abilities other than its card's
    (printed characteristics have them)."""
    if not own:
        return
    for eid in [e for e in working if e in own]:
        ch = working[eid]
        base = ch.defn.abilities
        if ch.abilities is base:
            continue
        for ab in ch.abilities:
            if isinstance(ab, StaticAbility) and ab not in base:
                for tmpl in ab.continuous:
                    if tmpl.layer > L_ABILITY:
                        by_layer.setdefault(tmpl.layer, []).append(
                            tmpl.instantiate(game, eid, game.timestamp_of(eid), ch.controller))


_CDA = {}       # card definition -> `has_cda`


def has_cda(defn) -> bool:
    """Has the card a characteristic-defining ability (604.3: a static ability of layer
    7a, which functions in every zone)? Once per card definition."""
    hit = _CDA.get(defn)
    if hit is None:
        hit = _CDA[defn] = any(isinstance(ab, StaticAbility) and any(t.layer == L_7A for t in ab.continuous)
                               for ab in defn.abilities)
    return hit


def compute_offfield(game, eid: int) -> Chars:
    """Characteristics of an object not on the battlefield: printed values plus
    characteristic-defining abilities, which work in every zone (CR 604.3)."""
    base = base_chars(game, eid)
    if not game.effects and (not base.defn.abilities or not has_cda(base.defn)):
        return base                      # nothing can change it: share the printed values
    cda = base.defn.abilities and has_cda(base.defn)
    # (of the effects, only those locked to it can change it: 611.2c)
    named = []
    for ce in game.effects:
        if ce.objects is not None and eid in ce.objects:
            named.append(ce)
    if not cda and not named:
        return base
    c = base.copy()
    if cda:
        for ab in c.abilities:
            if isinstance(ab, StaticAbility):
                for tmpl in ab.continuous:
                    if tmpl.layer == L_7A:
                        ce = tmpl.instantiate(game, eid, 0, c.controller)
                        tmpl.apply(game, ce, c, {eid: c})
    for ce in named:
        ce.apply(game, ce, c, {eid: c})
    return c


def _has_static(c: Chars) -> bool:
    for ab in c.abilities:
        if isinstance(ab, StaticAbility) and ab.continuous:
            return True
    return False


def patch_battlefield(game, left, entered) -> bool:
    """Update the cached characteristics for one object leaving and/or one entering
    the battlefield, valid only while the last layer pass found a `local_plan` (no
    continuous effect, or only effects under which no object's characteristics depend on
    another's). The effects of static abilities of one of them begin or end with it
    (`_statics_moved`). False if a full recomputation is needed."""
    cache = game.chars_cache
    plan = game.layer_plan
    new_c = base_chars(game, entered) if entered is not None else None
    moved = None
    if (left is not None and left in cache and _has_static(cache[left])) or \
            (new_c is not None and _has_static(new_c)):
        moved = _statics_moved(game, left, entered, new_c)
        if moved is None:
            return False
        plan = moved[0]
    if new_c is not None:
        if moved is None and plan:
            plan = _open_plan(plan)     # (the effects it can fall under)
        if plan or Counters in game.world.ents[entered]:
            # (in the cache first: a lord's own filter reads its source's controller, which
            # no effect of a local plan changes)
            cache[entered] = new_c
            new_c = one_object(game, entered, plan, cache, new_c)
    gone = cache.pop(left, None) if left is not None else None
    if new_c is not None:
        cache[entered] = new_c
    b = game.board                     # keep the ability index in step (systems.board)
    if b is not None:
        key = b.key
        if key[0] == game.cversion and key[1] == game.bversion - 1:
            if b.shared:                # (a clone's too: systems.board.Board.shared)
                b = game.board = b.copy()
            b.patch(game, left, entered if new_c is not None else None, (game.cversion, game.bversion),
                    gone, new_c)
        else:
            game.board = b = None
    if moved:
        objs = moved[1]
        if moved[2]:                    # objects no effect changed have printed characteristics
            base = game.base_chars
            for e, c in cache.items():
                if e not in base or base[e][1] is not c:
                    objs.add(e)
        objs.discard(entered)
        if moved[3]:
            objs = _reached(game, moved[3], plan, objs)
        _repatch(game, plan, objs, b)
    return True


# what an object's counters change in the layers (122.1b keywords, 613.4c power and toughness)
_COUNTER_WRITES = frozenset(("keywords", "power", "toughness"))


def _reached(game, added, plan, objs):
    """Of `objs` (every other permanent), those the effects `added` (of a permanent that entered,
    each naming no one object: a lord's 'other Merfolk creatures you control'), now in
    `plan`, apply to; the others' characteristics under `plan` are those cached, which
    `_repatch` would find again (every other effect of `plan` is where it was, and none of
    `added` applies to them). Exact when no effect of `plan` and no counter changes what
    a filter of `added` reads (`reads`; of its source only the controller, which no local
    effect changes, `_local`): the cached characteristics then hold, for the filter, the
    values it sees at its layer. `objs` itself when that can't be told. (A list in `objs`'
    order: `_repatch` meets the changed ones in the order it would have.)"""
    for ce in added:
        r = getattr(ce.affects, "reads", None)
        if r is None or not r.isdisjoint(_COUNTER_WRITES):
            return objs
        for x in plan:
            w = getattr(x.apply, "writes", None)
            if w is None or (x is not ce and not r.isdisjoint(w)):
                return objs
    cache = game.chars_cache
    out = []
    for e in objs:
        ch = cache.get(e)
        if ch is None:
            continue                    # (the one that left: gone from the cache)
        for ce in added:
            req = ce.affects.requires
            if (req is None or req in ch.types) and ce.affects(game, ce.source, e, ch, cache):
                out.append(e)
                break
    return out


_open_last = (None, ())      # the last plan given to `_open_plan`, its answer


def _open_plan(plan) -> tuple:
    """The effects of `plan` an object that has just entered the battlefield can fall under
    (its own static abilities' effects apart: `_statics_moved`): not one locked to its objects,
    which were chosen before it existed (611.2c), nor one that names its one object
    (`single`: its source, or what its source is attached to, 303.4): the object is new
    (400.7). Kept for the last plan asked about (a plan is a tuple, never changed: the same
    tuple, the same answer)."""
    global _open_last
    last = _open_last
    if last[0] is plan:
        return last[1]
    out = []
    for ce in plan:
        if ce.objects is None and not getattr(ce.affects, "single", None):
            out.append(ce)
    out = tuple(out)
    _open_last = (plan, out)
    return out


def _statics_moved(game, left, entered, new_c):
    """The effects of the static abilities of the one that left end (611.3b); those of
    the one that entered begin if each is of the kind `local_plan` allows: (the plan
    without and with them, the objects they may begin to apply to, whether some ended:
    then every object an effect changed is to be recomputed, the effects that began when
    one names no one object and none ended: `_reached`), or None. The objects: the
    one each effect names (an Aura's 'enchanted creature': `single`), or every permanent
    when one names none (a lord's 'other Merfolk creatures you control': a filter reading
    only the object and its source's controller, so each permanent recomputed alone under
    the new plan gets what a full pass gives it)."""
    plan = game.layer_plan
    removed = added = ()
    if left is not None and left in game.chars_cache and _has_static(game.chars_cache[left]):
        kept = set()
        for ce in game.effects:
            kept.add(id(ce))
        removed = []
        for ce in plan:
            if ce.source == left and id(ce) not in kept:
                removed.append(ce)
    every = False
    if new_c is not None and _has_static(new_c):
        added = _static_effects(game, entered, new_c, [])
        for ce in added:
            if not getattr(ce.affects, "single", None):
                every = True
    plan = _replanned(plan, added, removed)
    if plan is None:
        return None
    if every:
        objs = set(game.chars_cache)
    else:
        objs = set()
        for ce in added:
            objs.add(ce.affects.single(game, entered))
    return plan, objs, bool(removed), added if every and not removed else None
