"""Static abilities (CR 604) as layer-effect templates for card definitions.

    StaticAbility(continuous=(modify_pt(other_creatures_you_control("Merfolk"), 1, 1),
                              grant(other_creatures_you_control("Merfolk"), "islandwalk")))
"""
from __future__ import annotations

from mtg_ecs.components import Attached
from mtg_ecs.components.definitions import Keyword, parse_keyword, keywords_of  # noqa: F401
from mtg_ecs.components.definitions import ActivatedAbility, any_color_version
from mtg_ecs.systems.layers import (StaticEffect, L_TEXT, L_TYPE, L_ABILITY, L_7A, L_7B, L_7C, L_RULES,
                                    L_COLOR, reads, writes)
from mtg_ecs.systems.board import statics_with_rule
from mtg_ecs.systems.commander import controls_own_commander, is_commander


# -- which objects: affects(game, src, obj, chars, all_chars) -> bool -------------
# Each template declares the characteristics it reads (`reads`) or changes (`writes`), so
# that the layer pass can tell without a trial that one effect doesn't depend on another
# (613.8a: 'have haste' doesn't change which creatures are Merfolk you control).
# tests/test_layers.py checks each declaration against what the function does.
def creatures_you_control(subtype=None, other=False):
    @reads("types", "controller", "subtypes", requires="Creature", source=("controller",))
    def f(g, src, e, ch, allc):
        if "Creature" not in ch.types or ch.controller != allc[src].controller:
            return False
        if other and e == src:
            return False
        return subtype is None or subtype in ch.subtypes
    return f


def other_creatures_you_control(subtype=None):
    return creatures_you_control(subtype, other=True)


def commanders_you_control():
    """'Commanders you control' (903.3; 003 §3.13 #3): each commander, whoever owns it, that
    the source's controller controls. Being a commander is a property of the card, not a
    characteristic: no layer changes it."""
    @reads("controller", source=("controller",))
    def f(g, src, e, ch, allc):
        return ch.controller == allc[src].controller and is_commander(g, e)
    return f


def all_lands():
    return reads("types", requires="Land", source=())(lambda g, src, e, ch, allc: "Land" in ch.types)


def all_creatures(pred=None):
    f = lambda g, src, e, ch, allc: "Creature" in ch.types and (pred is None or pred(ch))  # noqa: E731
    if pred is None:
        return reads("types", requires="Creature", source=())(f)
    f.requires = "Creature"                                  # `pred` may read anything
    return f


def attached_object():
    """'Enchanted creature' / 'equipped creature': the object the source is attached to."""
    @reads(source=())                   # the world's Attached, which no layer effect changes
    def f(g, src, e, ch, allc):
        a = g.world.get(src, Attached)
        return a is not None and a.to == e

    def attached_to(g, src):
        a = g.world.get(src, Attached)
        return None if a is None else a.to
    f.single = attached_to
    return f


def this_object():
    f = reads(source=())(lambda g, src, e, ch, allc: e == src)
    f.single = lambda g, src: src
    return f


# -- what they do -------------------------------------------------------------------
def modify_pt(affects, p, t, condition=None):
    """Layer 7c: '+P/+T'."""
    @writes("power", "toughness", alone=True)
    def apply(g, ce, ch, allc):
        if ch.power is not None:
            ch.power += p
            ch.toughness += t
    return StaticEffect(L_7C, affects, apply, condition)


def grant(affects, *keywords, condition=None):
    """Layer 6: 'have <keyword>'."""
    kws = keywords_of(keywords)                 # 702.16g: 'from A and from B' is two

    @writes("keywords", alone=True)
    def apply(g, ce, ch, allc):
        ch.keywords = ch.keywords + kws
    return StaticEffect(L_ABILITY, affects, apply, condition)


def grant_abilities(affects, *abilities, condition=None):
    """Layer 6: 'has "<ability>"' (a quoted triggered or activated ability, 613.1f); the
    affected object is the ability's source ('this creature') and its controller controls it."""
    @writes("abilities", alone=True)
    def apply(g, ce, ch, allc):
        ch.abilities = tuple(ch.abilities) + abilities
    return StaticEffect(L_ABILITY, affects, apply, condition)


def add_subtypes(affects, *subtypes):
    """Layer 4: 'are <type> in addition to their other types' (205.1b)."""
    @writes("subtypes", alone=True)
    def apply(g, ce, ch, allc):
        ch.subtypes = ch.subtypes + tuple(s for s in subtypes if s not in ch.subtypes)
    return StaticEffect(L_TYPE, affects, apply)


def rule_flag(affects, flag, condition=None):
    """A rules effect read after the layers: 'can't block', 'can't attack'."""
    @writes("flags", alone=True)
    def apply(g, ce, ch, allc):
        ch.flags = ch.flags | {flag}
    return StaticEffect(L_RULES, affects, apply, condition)


def cda_pt(fn):
    """Layer 7a: a characteristic-defining ability setting P/T (604.3); works in
    every zone. fn(game, src, chars, all_chars) -> (power, toughness)."""
    @writes("power", "toughness")
    def apply(g, ce, ch, allc):
        p, t = fn(g, ce.source, ch, allc)
        ch.power, ch.toughness = p, t
    # 604.3, 611.3a: the value is read continuously, from any game state (life, cards)
    return StaticEffect(L_7A, this_object(), apply, volatile=True)


# -- conditions: condition(game, src, all_chars) -> bool ------------------------
def you_control_your_commander(g, src, allc) -> bool:
    """'As long as you control your commander' (903.3; 003 §3.13 #1-2)."""
    me = allc[src].controller if src in allc else g.chars(src).controller
    return controls_own_commander(g, me, allc)


def you_control(pred):
    def cond(g, src, allc):
        me = allc[src].controller if src in allc else g.chars(src).controller
        return any(ch.controller == me and pred(ch) for ch in allc.values())
    return cond


# -- rules changes that apply to the whole game ------------------------------------------
def rule_in_effect(game, rule: str) -> bool:
    """Whether a static ability of a permanent on the battlefield makes a game-wide rules
    change (CR 604.1, 613.1 'rules' effects): `StaticAbility(rules=("players_cant_gain_life",))`
    (CR 119.7), `"damage_cant_be_prevented"` (CR 615.12); or a resolved spell or ability
    makes it for a while ("Damage can't be prevented this turn": a record of the rule for
    no player in `game.player_restrictions`, systems/restrictions.py `GameRuleThisTurn`)."""
    if statics_with_rule(game, rule):
        return True
    for kind, _, turn in game.player_restrictions:      # (usually empty)
        if kind == rule and (turn is None or turn == game.turn):
            return True
    return False


def modify_pt_by(affects, fn, condition=None):
    """Layer 7c with an amount that depends on the game: fn(game, src, eid, chars,
    all_chars) -> (p, t), counted as the layer applies (613.4c, 611.3a: a static
    ability's effect is continuously re-evaluated)."""
    @writes("power", "toughness")
    def apply(g, ce, ch, allc):
        if ch.power is not None:
            p, t = fn(g, ce.source, ch.eid, ch, allc)
            ch.power += p
            ch.toughness += t
    return StaticEffect(L_7C, affects, apply, condition, volatile=True)


def lose_keywords(affects, *names, condition=None):
    """Layer 6: '<it> loses <keyword>' (613.1f); later-timestamped effects that grant
    the keyword still give it (613.7)."""
    names = frozenset(names)

    @writes("keywords", alone=True)
    def apply(g, ce, ch, allc):
        ch.keywords = tuple(k for k in ch.keywords if k.name not in names)
    return StaticEffect(L_ABILITY, affects, apply, condition)


def activated_abilities_of(other, any_color=False):
    """Layer 6: '~ has all activated abilities of <other> except for loyalty abilities'
    (Scheming Fence): its activated abilities, and the keywords that are activated abilities
    (equip: 002 Scheming Fence R2) — not its other keywords, triggered or static abilities
    (R1). `other(game, source)`: the object, or None. `any_color`: 'you may spend mana as
    though it were mana of any color to activate those abilities' (609.4b)."""

    @writes("abilities", "keywords")
    def apply(g, ce, ch, allc):
        o = other(g, ce.source)
        och = allc.get(o) if o is not None else None
        if och is None:
            return
        gained = tuple(any_color_version(a) if any_color else a for a in och.abilities
                       if isinstance(a, ActivatedAbility) and a.cost.loyalty is None)
        from mtg_ecs.systems.costs import keyword_abilities   # (costs imports zones, which import this module)
        kws = tuple(k for k in och.keywords if keyword_abilities((k,)))
        if gained:
            ch.abilities = tuple(ch.abilities) + gained
        if kws:
            ch.keywords = tuple(ch.keywords) + kws
    return StaticEffect(L_ABILITY, this_object(), apply)


# -- "is a <colors> <type> creature with base power and toughness P/T named N" -------------
def set_name(affects, name):
    """'named <name>': it loses its other names (201.2). Applied before the types: a copy
    effect (layer 1) comes first, as with every characteristic it copies."""
    @writes("name", alone=True)
    def apply(g, ce, ch, allc):
        ch.name = name
    return StaticEffect(L_TEXT, affects, apply)


def set_types(affects, types, subtypes=()):
    """Layer 4: 'is a <subtypes> <types>' (205.1a): its card types and all its subtypes
    (creature types, Equipment, Vehicle: 002 Witness Protection R1) are replaced;
    supertypes stay."""
    types, subtypes = frozenset(types), tuple(subtypes)

    @writes("types", "subtypes", alone=True)
    def apply(g, ce, ch, allc):
        ch.types = types
        ch.subtypes = subtypes
    return StaticEffect(L_TYPE, affects, apply)


def set_colors(affects, colors):
    """Layer 5: 'is <colors>' (105.3: replaces its colors)."""
    colors = frozenset(colors)

    @writes("colors", alone=True)
    def apply(g, ce, ch, allc):
        ch.colors = colors
    return StaticEffect(L_COLOR, affects, apply)


def lose_all_abilities(affects):
    """Layer 6: '<it> loses all abilities' (613.1f): printed, granted earlier and keyword
    abilities; a later-timestamped effect that grants one still gives it (613.7)."""
    @writes("abilities", "keywords", alone=True)
    def apply(g, ce, ch, allc):
        ch.abilities = ()
        ch.keywords = ()
    return StaticEffect(L_ABILITY, affects, apply)


def set_base_pt(affects, power, toughness):
    """Layer 7b: 'with base power and toughness P/T' (613.4b)."""
    @writes("power", "toughness", alone=True)
    def apply(g, ce, ch, allc):
        ch.power, ch.toughness = power, toughness
    return StaticEffect(L_7B, affects, apply)
