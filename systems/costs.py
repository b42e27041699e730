"""Costs and mana abilities (CR 118, 601.2f-h, 602.2, 605, 606).

The automatic payer is a player's helper, not the engine choosing for them: it
is used when the action names no mana sources, and it finds a payment whenever
one exists (exact search over the mana abilities the player could activate).
"""
from __future__ import annotations

import operator
from functools import lru_cache

from mtg_ecs.components import Tapped, TAPPED
from mtg_ecs.components.definitions import ActivatedAbility, Cost
from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.systems.board import board
from mtg_ecs.components.mana import (COLORS, IDX, covers, still_needed, find_payment, pay_from_pool, parse_cost, ManaCost, feasible,
                      feasible_split, split_sources, UNIT_MANA)
from mtg_ecs.systems.layers import intrinsic_mana_abilities
from mtg_ecs.systems.targeting import creature_you_control

_TAP = Cost(tap=True, text="{T}")
_plus = operator.add
_EMPTY = [0] * 6        # an empty mana pool (Player.pool)


@lru_cache(maxsize=None)
def intrinsic_ability(letter: str) -> ActivatedAbility:
    """CR 305.6: '{T}: Add [mana]' of a basic land type."""
    pool = [0] * 6
    pool[IDX[letter]] = 1
    return ActivatedAbility(cost=_TAP, mana=(tuple(pool),), text=f"{{T}}: Add {{{letter}}}.")


@lru_cache(maxsize=None)
def equip_ability(cost: ManaCost) -> ActivatedAbility:
    """CR 702.6a: 'Equip [cost]' = '[Cost]: Attach to target creature you control.
    Activate only as a sorcery.'"""
    from mtg_ecs.systems import effects as fx
    return ActivatedAbility(cost=Cost(mana=cost, text=str(cost)),
                            effects=(fx.AttachSelfTo(fx.TARGET(0)),),
                            targets=(creature_you_control("target creature you control"),),
                            timing="sorcery", keyword="equip", text=f"Equip {cost}")


def activated_abilities(game, eid: int) -> tuple:
    """The object's activated abilities in printed order (mana abilities included),
    then intrinsic land mana abilities, then keyword ones (equip). Cached on the
    object's characteristics (which are themselves cached per state)."""
    return activated_of(game.chars(eid))


def activated_of(c) -> tuple:
    """`activated_abilities` of these characteristics."""
    acts = c.acts
    if acts is None:
        d = c.defn
        if c.abilities is d.abilities and c.types is d.types and c.subtypes is d.subtypes \
                and (c.keywords is d.keywords or not (keyword_abilities(c.keywords)
                                                      or keyword_abilities(d.keywords))):
            # what the list depends on is as printed (an effect changed only other
            # characteristics, or gave keywords that are no activated abilities, like
            # haste): the same abilities for every object of the card
            acts = _PRINTED.get(d)
            if acts is None:
                acts = _PRINTED[d] = _activated(c)
        else:
            acts = _activated(c)
        c.acts = acts
    return acts


def keyword_abilities(keywords) -> bool:
    """Are there keywords among these that are activated abilities (`_activated`)?"""
    for kw in keywords:
        if kw.name == "equip" or kw.name == "cycling":
            return True
    return False


_PRINTED = {}       # card definition -> activated abilities of its printed characteristics


def printed_activated(defn):
    """The shared activated-ability list of the card's printed characteristics, once
    some object of it has asked (None before)."""
    return _PRINTED.get(defn)


def _activated(c) -> tuple:
    out = [a for a in c.abilities if isinstance(a, ActivatedAbility)]
    for letter in intrinsic_mana_abilities(c):
        out.append(intrinsic_ability(letter))
    for kw in c.keywords:
        if kw.name == "equip":
            out.append(equip_ability(kw.param))
        elif kw.name == "cycling":
            out.append(cycling_ability(kw.param))
    return tuple(out)


@lru_cache(maxsize=None)
def cycling_ability(cost: ManaCost) -> ActivatedAbility:
    """CR 702.29a: 'Cycling [cost]' means '[Cost], Discard this card: Draw a card.' — an
    activated ability that functions only while the card is in its owner's hand."""
    from mtg_ecs.systems import effects as fx
    return ActivatedAbility(cost=Cost(mana=cost, discard_self=True, text=f"{cost.text}, Discard this card"),
                            effects=(fx.Draw(fx.YOU, 1),), keyword="cycling", zone="hand",
                            text=f"Cycling {cost.text}")


def is_simple_mana(ab) -> bool:
    """A mana ability whose only cost is {T} (listed through `mana_sources`)."""
    c = ab.cost
    return (c.tap and not c.mana.total and c.sacrifice is None and not c.discard and not c.life
            and not c.untap and not c.sacrifice_self)


def can_tap_for_cost(game, eid: int) -> bool:
    """{T} in a cost: untapped, and a creature must not be summoning sick (302.6)."""
    if eid in game.world.comps.get(Tapped, ()):
        return False
    c = game.chars(eid)
    if "Creature" in c.types and game.is_sick(eid, c) and not c.has("haste"):
        return False
    return True


class Sources(list):
    """`mana_sources`' list, with what is derived from it kept on it (while a recomputed
    list equal to it is replaced by it, see `mana_sources`): `split` (split_sources) and
    `options` (the priority options of their mana abilities, systems.priority)."""

    __slots__ = ("split", "options")


def mana_sources(game, player: int, exclude=()) -> list:
    """(key, options) for each mana ability the player could activate for free
    apart from {T} (no other cost), as pools per color choice."""
    if not exclude:
        # what can make mana changes only with the battlefield, characteristics,
        # tapped status and (for creatures' summoning sickness) the turn
        key = (game.cversion, game.bversion, game.tversion, game.turn)
        cache = game.mana_cache
        hit = cache.get(player)
        if hit is not None and hit[0] == key:
            return hit[1]
        out = _mana_sources(game, player, ())
        if hit is not None and hit[1] == out:
            # the same sources (another player's permanent changed): keep the list, so
            # what is kept on it (split, options) still is
            out = hit[1]
        cache[player] = (key, out)
        return out
    return _mana_sources(game, player, exclude)


def _mana_sources(game, player: int, exclude) -> list:
    """One entry per untapped mana source: (eid, pools, choices) where pools lists
    every mana it could make with one of its {T} mana abilities and choices maps
    each pool to (ability index, color choice)."""
    out = Sources()
    out.split = out.options = None
    tapped = game.world.comps.get(Tapped, ())
    if exclude:
        tapped = set(tapped).union(exclude)
    b = game.board                      # board(game), without the call when it is current
    if b is None:
        b = board(game)
    for eid, prof, sick_matters in b.mana.get(player, ()):
        if eid in tapped:                               # {T}: only an untapped permanent (107.5)
            continue
        if sick_matters and game.is_sick(eid):          # 302.6
            continue
        if prof.pools is not None:
            out.append((eid, prof.pools, prof.choices))
            continue
        pools = []
        choices = []
        for i, ab in prof.items:
            for j, m in enumerate(ab.mana):
                pools.append(tuple(m(game, eid) if callable(m) else m))   # an amount that varies
                choices.append((i, j))
        out.append((eid, tuple(pools), tuple(choices)))
    return out


def potential_mana(game, player: int, exclude=()) -> int:
    p = game.players[player]
    return sum(p.pool) + sum(max(sum(o) for o in pools)
                             for _, pools, _ in mana_sources(game, player, exclude))


def can_pay_mana(game, player: int, cost: ManaCost, exclude=()) -> bool:
    p = game.players[player]
    if covers(p.pool, cost):
        return True
    if exclude:
        return feasible(p.pool, cost, [(e, pools) for e, pools, _ in mana_sources(game, player, exclude)])
    fixed, multi = _split_sources(game, player)
    return feasible_split([a + b for a, b in zip(p.pool, fixed)], multi, cost)


def available_mana(game, player: int, srcs=None) -> tuple:
    """(pool plus the one-option sources' mana as a tuple, the choices of the others):
    what `covers_or_feasible` needs to check many costs against the same state. `srcs`:
    the player's mana_sources, if the caller has them."""
    if srcs is None:
        srcs = mana_sources(game, player)
    split = srcs.split
    if split is None:
        split = srcs.split = split_sources(srcs)
    pool = game.players[player].pool
    if pool == _EMPTY:
        return split                    # (an empty pool adds nothing: the sources' own tuple)
    return tuple(map(_plus, pool, split[0])), split[1]


def covers_or_feasible(mana: tuple, cost: ManaCost) -> bool:
    """can_pay_mana against an `available_mana` result."""
    base, multi = mana
    return feasible_split(base, multi, cost)


def _split_sources(game, player: int) -> tuple:
    """split_sources of the player's mana sources, kept on them (as in available_mana)."""
    srcs = mana_sources(game, player)
    split = srcs.split
    if split is None:
        split = srcs.split = split_sources(srcs)
    return split


def activate_mana_ability(game, player: int, eid: int, index: int, choice: int = 0) -> None:
    """CR 605.3: a mana ability resolves immediately, without the stack."""
    c = game.chars(eid)
    abilities = c.acts if c.acts is not None else activated_abilities(game, eid)
    if index >= len(abilities) or not abilities[index].mana:
        raise IllegalAction(f"{game.name(eid)} has no mana ability {index}")
    ab = abilities[index]
    if c.controller != player:
        raise IllegalAction(f"p{player} doesn't control {game.name(eid)}")
    cost = ab.cost
    if cost.tap and not can_tap_for_cost(game, eid):
        raise IllegalAction(f"{game.name(eid)} can't be tapped for mana now")
    if cost.mana.total:
        pay_mana(game, player, cost.mana)
    if cost.tap:
        game.set(eid, TAPPED)
        became_tapped(game, eid)
    if not (0 <= choice < len(ab.mana)):
        raise IllegalAction(f"{game.name(eid)} can't make that mana")
    add = ab.mana[choice]
    if callable(add):                      # 'Add {G} for each Elf you control' (106.1, 605.1a)
        add = tuple(add(game, eid))
    pool = game.players[player].pool
    pool[:] = map(_plus, pool, add)
    game.touch_hidden()
    if game.hears("mana_ability"):
        game.emit("mana_ability", eid=eid, player=player, mana=tuple(add), tapped=cost.tap)


def became_tapped(game, eid: int) -> None:
    """A permanent became tapped for a mana ability's {T} or by attacking (508.1f): the
    'tapped' event, announced when a triggered ability watches for it ('whenever a
    creature an opponent controls becomes tapped'); the game log keeps the taps of
    effects and of other costs (zones.tap, casting)."""
    b = game.board
    if b is None:
        b = board(game)
    if "tapped" in b.watch:
        game.emit("tapped", eid=eid)


def pay_mana(game, player: int, cost: ManaCost, sources=None, exclude=()) -> None:
    """Pay a mana cost (601.2g-h): activate mana abilities, then pay from the pool.
    `sources` names the permanents (or (permanent, ability index)) to use;
    None = the automatic payer."""
    p = game.players[player]
    if cost.total == 0:
        return
    srcs = mana_sources(game, player, exclude)
    if sources is None and not cost.hybrid and not game.volatile:
        plan = _unit_payment(p.pool, cost, srcs)
        if plan is not None:
            # each source listed for this payment is activated (605.3a) without the checks
            # of `activate_mana_ability`: no effect reads state beyond characteristics
            # (not game.volatile), so each check holds (untapped, controlled, not
            # summoning sick, {T} its only cost: 302.6) and tapping another source changes
            # none of them, nor what `game.hears` reads
            heard = game.hears("mana_ability")
            pool = p.pool
            chars = game.chars
            for eid, (idx, choice) in plan:
                c = chars(eid)
                ab = (c.acts if c.acts is not None else activated_abilities(game, eid))[idx]
                game.set(eid, TAPPED)
                became_tapped(game, eid)
                add = ab.mana[choice]
                if callable(add):              # 'Add {G} for each Elf you control' (106.1, 605.1a)
                    add = tuple(add(game, eid))
                pool[:] = map(_plus, pool, add)
                if heard:
                    game.emit("mana_ability", eid=eid, player=player, mana=tuple(add), tapped=True)
            left = pay_from_pool(pool, cost)
            if left is None:
                raise IllegalAction(f"p{player} can't pay {cost}")
            pool[:] = left
            # game.touch_hidden() for each mana added and for the payment: not game.volatile,
            # so only the change count
            game.changes += len(plan) + 1
            return
    avail = {e: (pools, choices) for e, pools, choices in srcs}
    if sources is None:
        keys = [(e, pools) for e, (pools, _) in avail.items()]
    else:
        keys = []
        for s in sources:
            eid, idx = s if isinstance(s, tuple) else (s, None)
            if eid not in avail:
                raise IllegalAction(f"{game.name(eid)} can't produce mana now")
            pools, choices = avail[eid]
            if idx is not None:
                sel = [k for k, (i, _) in enumerate(choices) if i == idx]
                if not sel:
                    raise IllegalAction(f"{game.name(eid)} has no mana ability {idx} it can use now")
                pools = tuple(pools[k] for k in sel)
                avail[eid] = (pools, tuple(choices[k] for k in sel))
            keys.append((eid, pools))
    if sources is None:
        plan = find_payment(p.pool, cost, keys)
    else:
        plan = _use_all(p.pool, cost, keys)     # the player named them: tap every one
    if plan is None:
        raise IllegalAction(f"p{player} can't pay {cost}" if sources is None
                            else f"the named mana sources can't pay {cost}")
    for eid, k in plan:
        idx, choice = avail[eid][1][k]
        activate_mana_ability(game, player, eid, idx, choice)
    left = pay_from_pool(p.pool, cost)
    if left is None:
        raise IllegalAction(f"p{player} can't pay {cost}")
    p.pool[:] = left
    game.touch_hidden()


def _unit_payment(pool, cost: ManaCost, srcs):
    """`find_payment` when each of `srcs` (mana_sources) has one option making one mana
    (basic lands) and the cost has no hybrid symbol: the same plan, as
    (eid, (ability index, option)). Each colored need from the first sources of its
    color, then generic from the first sources left (then the pool plus their mana
    pays: each color's need is met and `generic` more mana is made). None if they can't
    pay or a source makes something else (find_payment then decides). The pool pays
    first. Once each colored need is met and `generic` sources are left over, the later
    sources change nothing (find_payment would put any of them, one-kind or not, after
    those in its list of what is left), and aren't looked at."""
    if any(pool) and covers(pool, cost):
        return ()
    need, generic = still_needed(pool, cost)
    chosen = []
    rest = []
    colored = sum(need)                      # colored mana still needed
    unit = UNIT_MANA.get
    for eid, pools, choices in srcs:
        if len(pools) != 1:
            return None
        o = pools[0]
        c = unit(o) if type(o) is tuple else None
        if c is None:
            return None
        if need[c] > 0:
            need[c] -= 1
            colored -= 1
            chosen.append((eid, choices[0]))
        elif len(rest) < generic:
            rest.append((eid, choices[0]))
        elif not colored:
            break
    if colored or len(rest) < generic:
        return None
    chosen += rest
    return chosen


def _use_all(pool, cost, keys):
    """A color choice for every named source such that the pool pays `cost`."""
    import itertools
    for combo in itertools.product(*[range(len(pools)) for _, pools in keys]):
        p = list(pool)
        for (eid, pools), k in zip(keys, combo):
            for i in range(6):
                p[i] += pools[k][i]
        if pay_from_pool(p, cost) is not None:
            return [(eid, k) for (eid, _), k in zip(keys, combo)]
    return None


def can_pay_cost(game, player: int, eid: int | None, cost: Cost, ab=None,
                 mana_cost: ManaCost | None = None, exclude_card=None) -> bool:
    """Could the player pay this whole cost now (118.3)?"""
    if cost.tap and (eid is None or not can_tap_for_cost(game, eid)):
        return False
    if cost.untap and (eid is None or not game.world.has(eid, Tapped)):
        return False
    if cost.life and game.players[player].life < cost.life:
        return False
    if cost.discard:
        hand = [c for c in game.players[player].hand if c != exclude_card]
        if len(hand) < cost.discard:
            return False
    if cost.sacrifice_self and (eid is None or eid not in game.battlefield):
        return False
    if cost.sacrifice is not None and not sacrifice_candidates(game, player, cost):
        return False
    if cost.loyalty is not None and cost.loyalty < 0:
        if game.counters(eid).get("loyalty") < -cost.loyalty:
            return False
    if cost.discard_self and (eid is None or game.zone_of(eid) != "hand"):
        return False
    if cost.tap_untapped and len(tap_candidates(game, player, cost)) < cost.tap_untapped[0]:
        return False
    untap = getattr(cost, "untap_tapped", ())
    if untap and len(untap_candidates(game, player, cost)) < untap[0]:
        return False
    for kind, n in cost.remove_counters:                # 118.3: can't remove what isn't there
        if eid is None or game.counters(eid).get(kind) < n:
            return False
    m = mana_cost if mana_cost is not None else cost.mana
    if m.total:
        exclude = (eid,) if cost.tap and eid is not None else ()
        if not can_pay_mana(game, player, m, exclude):
            return False
    return True


def sacrifice_candidates(game, player: int, cost: Cost) -> list:
    """CR 701.17a: only permanents you control."""
    return [e for e in game.battlefield
            if game.chars(e).controller == player and cost.sacrifice(game, e, player)]


def tap_candidates(game, player: int, cost: Cost) -> list:
    """'Tap N untapped <filter> you control': untapped permanents the player controls that
    match; summoning sickness doesn't matter (no {T} symbol, 302.6)."""
    if not cost.tap_untapped:
        return []
    _, filt = cost.tap_untapped
    return [e for e in game.battlefield
            if game.chars(e).controller == player and not game.world.has(e, Tapped)
            and filt(game, e, player)]


def untap_candidates(game, player: int, cost: Cost) -> list:
    """'Untap N tapped <filter> you control': the tapped permanents the player controls that
    match, and the untapped ones that can be tapped for mana now: mana abilities are
    activated before the costs are paid (601.2g-h), so such a one is tapped for mana, then
    untapped (002 Halo Fountain R2; `tap_for_mana_first`)."""
    _, filt = cost.untap_tapped
    producers = {e for e, _, _ in mana_sources(game, player)}
    return [e for e in game.battlefield
            if game.chars(e).controller == player and filt(game, e, player)
            and (game.world.has(e, Tapped) or e in producers)]


def tap_for_mana_first(game, player: int, eids) -> None:
    """601.2g: of the permanents chosen to untap for a cost, those still untapped are
    tapped for mana first (their first mana ability, its first choice, unless the player
    named it as a mana source: then the payment taps it); the mana stays in the pool for
    the payment."""
    srcs = {e: choices for e, _, choices in mana_sources(game, player)}
    for e in eids:
        if not game.world.has(e, Tapped) and e in srcs:
            idx, choice = srcs[e][0]
            activate_mana_ability(game, player, e, idx, choice)


# ---------------------------------------------------------------------------
# Cost increases (CR 601.2f)
# ---------------------------------------------------------------------------
class SpellCostIncrease:
    """A static ability's '<spells> cost {N} more to cast' (601.2f): the increase applies to
    the total cost, whichever cost it starts from — the mana cost, an alternative cost (004
    Demon of Death's Gate R3) or 'without paying its mana cost' (118.9d). A template for
    StaticAbility(rules=...); `applies(game, source, spell_chars, caster)`."""

    def __init__(self, applies, generic: int):
        self.applies = applies
        self.generic = generic


def _cost_increases(game) -> list:
    statics = board(game).statics
    if not statics:
        return ()
    return [(e, r) for e, _, ab in statics for r in ab.rules if isinstance(r, SpellCostIncrease)]


def spell_cost_increase(game, player: int, eid: int) -> int:
    """`cost_increase` for the object `eid`, its characteristics read only if some
    static ability could increase a cost."""
    incs = _cost_increases(game)
    if not incs:
        return 0
    spell_chars = game.chars(eid)
    return sum(r.generic for e, r in incs if r.applies(game, e, spell_chars, player))


def cost_increase(game, player: int, spell_chars) -> int:
    """The generic mana the static abilities on the battlefield add to casting a spell with
    these characteristics (601.2f)."""
    return sum(r.generic for e, r in _cost_increases(game) if r.applies(game, e, spell_chars, player))
