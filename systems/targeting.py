"""Targets (CR 115): who and what can be targeted, checked when chosen and
again on resolution (608.2b).

A target spec is `components.definitions.TargetSpec`; constructors here build the common
phrases. Targetability also depends on hexproof (702.11), shroud (702.18) and
protection (702.16b), checked against the spell or ability's source.
"""
from __future__ import annotations

from dataclasses import dataclass

from mtg_ecs.components.definitions import TargetSpec, StaticAbility
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems.protection import has_quality
from mtg_ecs.components import StackAbility
from mtg_ecs.systems.phasing import is_phased_out


class TargetContext:
    """Who is targeting: the controller and the characteristics of the source
    (the spell itself, or the source of an ability); `obj`, the spell or ability on
    the stack that targets (a spell by default), which can't target itself (115.5)."""

    __slots__ = ("controller", "source", "source_chars", "is_spell", "info", "obj")

    def __init__(self, controller, source, source_chars, is_spell, info=None, obj=None):
        self.controller = controller
        self.source = source
        self.source_chars = source_chars
        self.is_spell = is_spell
        self.info = info or {}          # what a triggered ability remembers (defending player, ...)
        self.obj = source if is_spell and obj is None else obj


def candidates(game, spec: TargetSpec, tc: TargetContext, chosen_other=()) -> list:
    """Every legal choice for one target phrase, in a stable order."""
    return _candidates(game, spec, tc, 0)


def has_candidates(game, spec: TargetSpec, tc: TargetContext, n: int) -> bool:
    """Are there at least `n` legal choices (601.2c: enough targets to cast or
    activate)? Stops at the n-th."""
    if n <= 0:
        return True
    return len(_candidates(game, spec, tc, n)) >= n


def _candidates(game, spec: TargetSpec, tc: TargetContext, most: int) -> list:
    """The legal choices for the phrase in `candidates`' order, the first `most` of them
    (all if `most` is 0). A list built as it goes, not a generator: a generator's every
    step is a frame resumed, and a list is what callers want."""
    out = []
    kinds = spec.kinds
    if "player" in kinds or "opponent" in kinds or "any" in kinds:
        for p in game.players:
            if p.lost:
                continue
            ref = PlayerRef(p.index)
            if is_legal(game, spec, ref, tc):
                out.append(ref)
                if len(out) == most:
                    return out
    zones = (spec.zone,) if type(spec.zone) is str else spec.zone
    for zone in zones:
        if zone == "battlefield" and not kinds <= _PLAYER_KINDS:
            allc = game.all_chars()     # (the characteristics of permanents, without a call each)
            wanted = _WANTED.get(kinds, False)
            if wanted is False:
                wanted = _wanted(kinds)
            b = game.board
            # nothing phased out, no restriction on players, the index current and listing
            # no rule-changing static ability: a permanent without keywords is targetable
            # (`_targetable_permanent` would find nothing to stop it) and only the phrase's
            # filter is left
            plain = b is not None and not b.rule_statics and not game.phased_out \
                and not game.player_restrictions
            filt = spec.filter
            sub = getattr(filt, "subtype", None)    # a filter declared by `subtype_filter`:
            if sub is not None:                     # tested on `c`, without its two calls
                filt = None
            for e in game.battlefield:
                try:
                    c = allc[e]
                except KeyError:        # (not expected: `all_chars` holds every permanent)
                    c = game.chars(e)
                if wanted is not None and wanted.isdisjoint(c.types):
                    continue
                if plain and not c.keywords:
                    if filt is not None:
                        if not filt(game, e, tc):
                            continue
                    elif sub is not None and sub not in c.subtypes:
                        continue
                elif not _targetable_permanent(game, spec, e, c, tc):
                    continue
                out.append(e)
                if len(out) == most:
                    return out
        elif zone == "stack":
            for e in reversed(game.stack):
                if is_legal(game, spec, e, tc):
                    out.append(e)
                    if len(out) == most:
                        return out
        elif zone == "graveyard":
            for p in game.players:
                for e in p.graveyard:
                    if is_legal(game, spec, e, tc):
                        out.append(e)
                        if len(out) == most:
                            return out
    return out


def is_legal(game, spec: TargetSpec, t, tc: TargetContext) -> bool:
    kinds = spec.kinds
    if isinstance(t, PlayerRef):
        if t.index >= len(game.players) or game.players[t.index].lost:
            return False
        if not ("player" in kinds or "any" in kinds or
                ("opponent" in kinds and game.is_opponent(tc.controller, t.index))):
            return False
        if "opponent" in kinds and "player" not in kinds and not game.is_opponent(tc.controller, t.index):
            return False
        if spec.player_filter is not None and not spec.player_filter(game, t.index, tc):
            return False
        return True
    if not game.exists(t):
        return False
    zone = game.zone_of(t)
    if zone != spec.zone and (type(spec.zone) is str or zone not in spec.zone):
        return False
    if zone == "stack":
        if t == tc.obj:
            return False                # 115.5: a spell or ability can't target itself
        # CR 112.1, 113.1b: "target spell" can't be an ability on the stack and vice versa
        if ("ability" if game.has(t, StackAbility) else "spell") not in kinds:
            return False
    if zone == "battlefield":
        return _legal_permanent(game, spec, t, game.chars(t), tc)
    if spec.filter is not None and not spec.filter(game, t, tc):
        return False
    return True


def _legal_permanent(game, spec: TargetSpec, t: int, c, tc: TargetContext) -> bool:
    """`is_legal` for `t`, a permanent on the battlefield with characteristics `c`."""
    wanted = _wanted(spec.kinds)
    if wanted is not None and wanted.isdisjoint(c.types):
        return False
    return _targetable_permanent(game, spec, t, c, tc)


def _targetable_permanent(game, spec: TargetSpec, t: int, c, tc: TargetContext) -> bool:
    """`_legal_permanent` for a permanent of a type the phrase names."""
    if game.phased_out and is_phased_out(game, t):
        return False                    # 702.26b: treated as though it doesn't exist
    if not targetable_by(game, t, c, tc):
        return False
    return spec.filter is None or spec.filter(game, t, tc)


def _wanted(kinds) -> frozenset | None:
    """`_wanted_types` of a phrase's kinds, worked out once per kinds."""
    wanted = _WANTED.get(kinds, False)
    if wanted is False:
        wanted = _WANTED[kinds] = _wanted_types(kinds)
    return wanted


_WANTED = {}    # a target phrase's kinds -> `_wanted_types`
_PLAYER_KINDS = frozenset({"player", "opponent"})
_KIND_TYPES = (("creature", "Creature"), ("planeswalker", "Planeswalker"), ("any", "Planeswalker"),
               ("any", "Creature"), ("artifact", "Artifact"), ("enchantment", "Enchantment"),
               ("land", "Land"))


def _wanted_types(kinds) -> frozenset | None:
    """The card types of which a permanent must have one to be a target of a phrase of
    these kinds ('any target': a creature or planeswalker, 115.4); None: every permanent."""
    if "permanent" in kinds:
        return None
    return frozenset(t for k, t in _KIND_TYPES if k in kinds)


def illegal_target_message(game, spec: TargetSpec, t) -> str:
    """The refusal of a chosen target that isn't legal (CR 601.2c, 115.1)."""
    if not isinstance(t, PlayerRef) and not game.exists(t):
        return (f"{t!r} is not an object or player, so it can't be a target for {spec.text} "
                "(a target is an object id or a PlayerRef; CR 115.1)")
    return f"{game.name(t)} is not a legal target for {spec.text} (CR 601.2c)"


_BLUE_BLACK = frozenset("UB")


def targetable_by(game, t, c, tc: TargetContext) -> bool:
    """Hexproof, shroud and protection (CR 702.11b, 702.18a, 702.16b), and the 'can't be
    the target of' abilities (115.4) of `t`, a permanent with characteristics `c`."""
    for k in c.keywords:
        if k.name == "shroud":
            return False
        if k.name == "hexproof" and game.is_opponent(c.controller, tc.controller):   # 702.11b
            return False
        if k.name == "protection" and tc.source_chars is not None and \
                has_quality(game, k.param, tc.source_chars, c):      # CR 702.16b
            return False
    if game.player_restrictions and tc.is_spell and tc.source_chars is not None \
            and not _BLUE_BLACK.isdisjoint(tc.source_chars.colors) and "Creature" in c.types:
        # Autumn's Veil: "creatures you control can't be the targets of blue or black spells this turn"
        from mtg_ecs.systems.restrictions import restricted
        if restricted(game, c.controller, "creatures_untargetable_by_blue_black"):
            return False
    b = game.board
    if b is not None and not b.rule_statics:
        # `t` is on the battlefield and the index current: no permanent there has a static
        # ability changing rules, a targeting restriction among them (115.4)
        return True
    for ab in c.abilities:
        if isinstance(ab, StaticAbility) and ab.rules:
            for r in ab.rules:
                if isinstance(r, CantBeTargetedBy) and r.forbids(game, t, c, tc):
                    return False
    return True


class CantBeTargetedBy:
    """A static ability's targeting restriction (CR 115.4 'can't be the target of ...'):
    `StaticAbility(rules=(CantBeTargetedBy(pred),))` where pred(game, tc) is true for the
    spells and abilities that can't target it (tc.is_spell, tc.source_chars: the spell, or
    the source of the ability). E.g. Gaea's Revenge: 'nongreen spells or abilities from
    nongreen sources'."""

    def __init__(self, pred, text=""):
        self.pred = pred
        self.text = text

    def forbids(self, game, t, chars, tc) -> bool:
        return bool(self.pred(game, tc))


def NONGREEN(game, tc) -> bool:
    sc = tc.source_chars
    return sc is None or "G" not in sc.colors


# ---------------------------------------------------------------------------
# Common phrases
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TargetGroupSpec(TargetSpec):
    """A 'target ...' phrase with a condition on the targets chosen together: group(game,
    targets) -> bool ('up to two target cards from a single graveyard', 601.2c)."""
    group: object = None


@dataclass(frozen=True)
class RandomTargetSpec(TargetSpec):
    """'target <...> chosen at random' (Knight Rampager: "target opponent chosen at
    random"): still a target, chosen among the legal ones by the game's RNG as a triggered
    ability is put on the stack (603.3d), not by a player (`random_targets`)."""
    at_random: bool = True


def random_targets(game, spec, opts) -> list:
    """As many of the legal targets `opts` (a stable order) as the phrase takes, at random."""
    chosen = game.rng.sample(list(opts), min(spec.max, len(opts)))
    game.touch_hidden()                     # the RNG's state is the game's state
    return chosen


def target(text: str, *kinds, filter=None, player_filter=None, min=1, max=1, zone="battlefield",
           group=None, at_random=False):
    if at_random:
        return RandomTargetSpec(text, frozenset(kinds), filter, player_filter, min, max, zone)
    if group is not None:
        return TargetGroupSpec(text, frozenset(kinds), filter, player_filter, min, max, zone, group)
    return TargetSpec(text, frozenset(kinds), filter, player_filter, min, max, zone)


def subtype_filter(subtype: str, fn):
    """`fn`, a target filter that is exactly `subtype in g.chars(t).subtypes` ('target
    Forest'), declared so: the candidates' search tests the characteristics it holds for
    each permanent instead of calling `fn` (and `fn` calling `Game.chars`). `fn` itself is
    still the filter everywhere else, and what the state and log hashes see (a function is
    hashed by its name and closure, not its attributes): declaring it changes no value.
    tests/test_targeting.py checks each declaration against its function."""
    fn.subtype = subtype
    return fn


def from_one_graveyard(game, grp) -> bool:
    """'target cards from a single graveyard': all owned by one player."""
    return len({game.owner(t) for t in grp}) <= 1


def any_target(text="any target"):
    """CR 115.4: a creature, player, planeswalker or battle."""
    return target(text, "any")


def creature(text="target creature", filter=None):
    return target(text, "creature", filter=filter)


def creature_you_control(text="target creature you control"):
    return target(text, "creature", filter=lambda g, t, tc: g.chars(t).controller == tc.controller)


def player(text="target player"):
    return target(text, "player")


def opponent(text="target opponent"):
    return target(text, "opponent")
