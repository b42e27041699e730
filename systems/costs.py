"""Costs and mana abilities (CR 118, 601.2f-h, 602.2, 605, 606).

The automatic payer is a player's helper, not the engine choosing for them: it
is used when the action names no mana sources, and it finds a payment whenever
one exists (exact search over the mana abilities the player could activate).
"""
from __future__ import annotations

import operator
from functools import lru_cache
from itertools import combinations

from mtg_ecs.components import Tapped, TAPPED
from mtg_ecs.components.definitions import ActivatedAbility, Cost
from mtg_ecs.core.decisions import Decision, IllegalAction, only
from mtg_ecs.systems import zones
from mtg_ecs.systems.board import board
from mtg_ecs.components.mana import (COLORS, IDX, add_costs, as_any_color, covers, still_needed, find_payment, pay_from_pool, parse_cost, ManaCost, feasible,
                      feasible_split, UNIT_MANA, pays_exactly)
from mtg_ecs.systems.layers import intrinsic_mana_abilities
from mtg_ecs.systems.targeting import creature_you_control, target

_TAP = Cost(tap=True, text="{T}")
_plus = operator.add
_EMPTY = [0] * 6        # an empty mana pool (Player.pool)
_EMPTY_SPENT = (0,) * 6


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
    return _attach_ability(cost, creature_you_control("target creature you control"), "equip")


@lru_cache(maxsize=None)
def equip_planeswalker_ability(cost: ManaCost) -> ActivatedAbility:
    """'Equip planeswalker [cost]' = '[Cost]: Attach this permanent to target planeswalker you
    control as though it were a creature. Activate only as a sorcery.' (702.6, 002 Luxior,
    Giada's Gift R1)."""
    return _attach_ability(cost, target("target planeswalker you control", "planeswalker",
                                        filter=lambda g, t, tc: g.chars(t).controller == tc.controller),
                           "equip planeswalker")


def _attach_ability(cost: ManaCost, spec, keyword: str) -> ActivatedAbility:
    from mtg_ecs.systems import effects as fx
    return ActivatedAbility(cost=Cost(mana=cost, text=str(cost)),
                            effects=(fx.AttachSelfTo(fx.TARGET(0)),), targets=(spec,),
                            timing="sorcery", keyword=keyword, text=f"{keyword.capitalize()} {cost}")


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
        if kw.name in _KEYWORD_ABILITIES:
            return True
    return False


_KEYWORD_ABILITIES = frozenset({"equip", "equip planeswalker", "cycling", "crew"})
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
        elif kw.name == "equip planeswalker":
            out.append(equip_planeswalker_ability(kw.param))
        elif kw.name == "cycling":
            out.append(cycling_ability(kw.param))
        elif kw.name == "crew":
            from mtg_ecs.systems.crew import crew_ability     # (crew imports this module)
            out.append(crew_ability(kw.param))
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
    """A mana ability whose only cost is {T} and whose mana any cost may use (listed
    through `mana_sources`)."""
    c = ab.cost
    return (c.tap and not c.mana.total and c.sacrifice is None and not c.discard and not c.life
            and not c.untap and not c.sacrifice_self and getattr(ab, "only", None) is None)


def can_tap_for_cost(game, eid: int) -> bool:
    """{T} in a cost: untapped, and a creature must not be summoning sick (302.6)."""
    if eid in game.world.comps.get(Tapped, ()):
        return False
    c = game.chars(eid)
    if "Creature" in c.types and game.is_sick(eid, c) and not c.has("haste"):
        return False
    return True


class Sources(list):
    """`mana_sources`' list, with what is derived from it kept on it: `split`
    (split_sources) and `options` (the priority options of their mana abilities,
    systems.priority), both made with the list; `alone`: what systems.priority's idle
    checks pay with while the pool is empty, which reads the board's other mana abilities
    too, kept with the board index's version; `fixed`: no source's amount varies (each
    makes what its index entry says) and `plain`: fixed and no creature's summoning
    sickness read (the list depends on the board index's entries and the tapped
    permanents alone), both set with the list; `units`: for each source, the index of the
    one mana it makes when it has one option of one mana (`UNIT_MANA`), else None (read by
    `_unit_payment`; the board index's `ManaProfile.unit` where it lists the source)."""

    __slots__ = ("split", "options", "alone", "fixed", "plain", "units")


def mana_sources(game, player: int, exclude=()) -> list:
    """(key, options) for each mana ability the player could activate for free
    apart from {T} (no other cost), as pools per color choice."""
    if not exclude:
        # (the cache is the game's: a clone starts without one, a rewind takes the clone's)
        if game.board is None:
            board(game)         # (a new index forgets the lists kept: they read the old one)
        hit = game.mana_cache[player]
        if hit is not None:
            key = hit[0]
            # None: the list read only the board index's {T} mana sources of the player and
            # whether each is tapped, and is forgotten whenever either changes (the index's
            # patch or rebuild, Game.tapped_changed). Else what can make mana changes only
            # with the battlefield, characteristics, tapped status and (for creatures'
            # summoning sickness) the turn: their counts only grow, so their sum changes
            # whenever one of them does
            if key is None or key == game.cversion + game.bversion + game.tversion + game.turn:
                return hit[1]
        out = _mana_sources(game, player, ())
        game.mana_cache[player] = (
            None if out.plain else game.cversion + game.bversion + game.tversion + game.turn, out)
        return out
    return _mana_sources(game, player, exclude)


def _mana_sources(game, player: int, exclude) -> list:
    """One entry per untapped mana source: (eid, pools, choices) where pools lists
    every mana it could make with one of its {T} mana abilities and choices maps
    each pool to (ability index, color choice). Their `split_sources` is worked out on
    the way (most sources make one mana of one kind: counted without a look-up)."""
    out = Sources()
    out.alone = None
    out.fixed = True
    out.options = options = []
    out.units = units = []
    plain = True
    tapped = game.world.comps.get(Tapped, ())
    if exclude:
        tapped = set(tapped).union(exclude)
    b = game.board                      # board(game), without the call when it is current
    if b is None:
        b = board(game)
    base = [0] * 6
    multi = []
    for eid, prof, sick_matters, src, acts in b.mana.get(player, ()):
        if eid in tapped:                               # {T}: only an untapped permanent (107.5)
            continue
        if sick_matters:
            plain = False
            if game.is_sick(eid):                       # 302.6
                continue
        if src is not None:
            out.append(src)
            unit = prof.unit
            units.append(unit)
            if unit is not None:
                base[unit] += 1
                options.append(acts[0])                 # (one ability: one option)
                continue
            pools = src[1]
        else:
            out.fixed = plain = False
            pools = []
            choices = []
            for i, ab in prof.items:
                for j, m in enumerate(ab.mana):
                    pools.append(tuple(m(game, eid) if callable(m) else m))   # an amount that varies
                    choices.append((i, j))
            pools = tuple(pools)
            out.append((eid, pools, tuple(choices)))
            units.append(UNIT_MANA.get(pools[0]) if len(pools) == 1 else None)
        options += acts
        if len(pools) == 1:                             # (split_sources, for one source)
            unit = UNIT_MANA.get(pools[0])
            if unit is not None:
                base[unit] += 1
            else:
                base = list(map(int.__add__, base, pools[0]))
        else:
            multi.append(pools)
    out.split = (tuple(base), multi)
    out.plain = plain
    return out


def is_sacrifice_mana(ab) -> bool:
    """A mana ability whose cost is sacrificing its source, with or without {T}, and
    nothing else ('{T}, Sacrifice this artifact: Add one mana of any color': a Treasure,
    111.10a; Goldhound)."""
    c = ab.cost
    return (c.sacrifice_self and not c.mana.total and not c.mana.x and c.sacrifice is None
            and not c.discard and not c.life and not c.untap and c.loyalty is None
            and not c.remove_counters and not c.discard_self and not c.tap_untapped)


def other_mana_abilities(game, player: int) -> bool:
    """Has one of the player's permanents a mana ability that `mana_sources` doesn't list
    (one with another cost than {T}, or whose mana only some spells may use)? Without one
    the player has nothing to sacrifice for mana (`sacrifice_mana_sources`) and no mana
    only some spells may use to make (`restricted_mana_sources`, 106.6): the board index
    lists such abilities with the other activated abilities (`holders`)."""
    b = game.board
    if b is None:
        b = board(game)
    held = b.holders.get(player)
    if held:
        for _, items in held:
            for _, ab in items:
                if ab.mana:
                    return True
    return False


def sacrifice_mana_sources(game, player: int, exclude=()) -> list:
    """(eid, pools, choices) as in `mana_sources`, for the mana abilities the player could
    activate now whose cost sacrifices their source (`is_sacrifice_mana`). They are no
    `mana_sources`: the automatic payer never sacrifices a permanent on its own; a player
    activates them while paying a cost only by choosing them (601.2g, 605.3a). The board
    index lists them with the other activated abilities (`holders`): with none there, the
    answer is immediate."""
    b = game.board
    if b is None:
        b = board(game)
    held = b.holders.get(player)
    if not held:
        return ()
    out = []
    for eid, items in held:
        if eid in exclude:
            continue
        pools = []
        choices = []
        for i, ab in items:
            if ab.mana and is_sacrifice_mana(ab) and (not ab.cost.tap or can_tap_for_cost(game, eid)) \
                    and "cant_activate" not in game.chars(eid).flags:            # 602.5
                for j, m in enumerate(ab.mana):
                    pools.append(tuple(m(game, eid)) if callable(m) else m)
                    choices.append((i, j))
        if pools:
            out.append((eid, tuple(pools), tuple(choices)))
    return out


def restricted_mana_sources(game, player: int, spell) -> list:
    """(eid, ability index, mana) for the {T} mana abilities the player could activate now
    whose mana only some spells may use (`RestrictedManaAbility`, 106.6), usable for the
    spell with characteristics `spell`; listed by the board index with the other activated
    abilities (`holders`)."""
    b = game.board
    if b is None:
        b = board(game)
    held = b.holders.get(player)
    if not held:
        return []
    out = []
    for eid, items in held:
        for i, ab in items:
            only = getattr(ab, "only", None)
            if only is not None and only(game, spell) and can_tap_for_cost(game, eid) \
                    and "cant_activate" not in game.chars(eid).flags:            # 602.5
                out.append((eid, i, ab.mana[0]))
    return out


def _with_sacrifice_sources(srcs, extra) -> list:
    """(eid, pools) of the {T} sources `srcs` and the sacrifice sources `extra`, one entry
    per permanent (one activation each: both kinds need it untapped or on the battlefield)."""
    keys = {}               # (loops, not a comprehension: one call less in 3.11)
    for e, pools, _ in srcs:
        keys[e] = pools
    for e, pools, _ in extra:
        keys[e] = keys.get(e, ()) + pools
    return list(keys.items())


def potential_mana(game, player: int, exclude=(), spell=None) -> int:
    p = game.players[player]
    extra = sum(_merged(usable_restricted(game, player, spell))) if spell is not None and p.restricted else 0
    keys = _with_sacrifice_sources(mana_sources(game, player, exclude),
                                   sacrifice_mana_sources(game, player, exclude))
    total = sum(p.pool) + extra
    for _, pools in keys:                       # (no generator expression: a call each in 3.11)
        total += max(map(sum, pools))
    return total


def can_pay_mana(game, player: int, cost: ManaCost, exclude=(), spell=None, sacrificing=()) -> bool:
    """Could the player pay `cost` now, activating any mana abilities they could (601.2g),
    those that sacrifice their source included. `spell`: the characteristics of the spell
    it pays for, if it does (mana that can be spent only on some spells:
    `usable_restricted`). `sacrificing`: permanents sacrificed for another part of the
    cost: tapped for mana first if they can (601.2g comes before 601.2h), never
    sacrificed for mana too."""
    if can_pay_mana_tapping(game, player, cost, exclude, spell) or \
            (spell is not None and _payable_with_restricted(game, player, cost, exclude, spell)):
        return True
    if game.graveyard_abilities and converters_pay(game, player, cost, exclude):
        return True
    extra = sacrifice_mana_sources(game, player, tuple(exclude) + tuple(sacrificing))
    if not extra:
        return False
    p = game.players[player]
    pool = p.pool
    if spell is not None and p.restricted:
        pool = list(map(_plus, pool, _merged(usable_restricted(game, player, spell))))
    keys = _with_sacrifice_sources(mana_sources(game, player, exclude), extra)
    return feasible(pool, cost, keys)


def converters_pay(game, player: int, cost: ManaCost, exclude=()) -> bool:
    """Could the automatic payer pay `cost` with the pool, the {T} mana sources and mana
    abilities of cards in the graveyard (`converters_needed`)? (A Treasure sacrificed
    with them is named among the sources: `mana:`.)"""
    conv = graveyard_converters(game, player)
    return bool(conv) and converters_needed(
        conv, cost, [(e, pools) for e, pools, _ in mana_sources(game, player, exclude)],
        game.players[player].pool) is not None


def graveyard_converters(game, player: int) -> list:
    """(card, ability index, ability) of each card in the player's graveyard with a mana
    ability that functions there and costs generic mana ('{1}, Exile Jack-o'-Lantern from
    your graveyard: Add one mana of any color', 113.6k, 605.1a): it turns mana into
    another kind, so it can make a cost payable that the permanents' mana can't."""
    out = []
    for c in game.players[player].graveyard:
        for i, ab in enumerate(activated_abilities(game, c)):
            if ab.zone == "graveyard" and ab.mana and not any(map(callable, ab.mana)) \
                    and ab.cost.mana.total == ab.cost.mana.generic:
                out.append((c, i, ab))
                break
    return out


MAX_CONVERTERS = 4      # graveyard converters tried together (each one used costs a card)


def converters_needed(conv, cost: ManaCost, keys, pool) -> list | None:
    """The fewest of the graveyard converters `conv` with which the mana sources `keys`
    and `pool` pay `cost` and the converters' own costs (None: not even with them all).
    Fewest: a converter used costs its card, so none is used that the payment can spare
    (and each of the fewest is needed, so its own cost is paid by another source)."""
    conv = conv[:MAX_CONVERTERS]
    for r in range(1, len(conv) + 1):
        for combo in combinations(conv, r):
            total = cost
            for _, _, ab in combo:
                total = add_costs(total, ab.cost.mana)
            if feasible(pool, total, keys + [(c, ab.mana) for c, _, ab in combo]):
                return list(combo)
    return None


def _payable_with_restricted(game, player: int, cost: ManaCost, exclude, spell) -> bool:
    """Could the pool and the {T} mana sources pay `cost` with the {T} mana abilities whose
    mana only this spell may use (106.6; the automatic payer taps those too,
    `_tap_restricted_sources`)?"""
    mine = [m for e, _, m in restricted_mana_sources(game, player, spell) if e not in exclude]
    if not mine:
        return False
    p = game.players[player]
    pool = list(p.pool)
    if p.restricted:
        pool = list(map(_plus, pool, _merged(usable_restricted(game, player, spell))))
    for m in mine:
        pool = list(map(_plus, pool, m))
    return feasible(pool, cost, [(e, pools) for e, pools, _ in mana_sources(game, player, exclude)])


def can_pay_mana_tapping(game, player: int, cost: ManaCost, exclude=(), spell=None) -> bool:
    """Could the pool and the {T} mana sources alone pay `cost` (the automatic payer)?"""
    p = game.players[player]
    pool = p.pool
    if spell is not None and p.restricted:
        pool = list(map(_plus, pool, _merged(usable_restricted(game, player, spell))))
    if covers(pool, cost):
        return True
    if exclude:
        return feasible(pool, cost, [(e, pools) for e, pools, _ in mana_sources(game, player, exclude)])
    fixed, multi = _split_sources(game, player)
    return feasible_split(list(map(_plus, pool, fixed)), multi, cost)


def usable_restricted(game, player: int, spell) -> tuple:
    """The mana in the player's pool with a spending restriction that the spell with these
    characteristics may use (106.6: 'Spend this mana only to cast spells with exactly three
    colors')."""
    return tuple(r for r in game.players[player].restricted if r[0](game, spell))


def _merged(entries) -> list:
    out = [0] * 6
    for _, mana in entries:
        out = list(map(_plus, out, mana))
    return out


def _pay_with_restricted(game, player: int, cost: ManaCost, sources, exclude, sacrificed, usable) -> tuple:
    """pay_mana for a spell that may use restricted mana: the pool and that mana together
    (the payer's usual choice of kinds for generic mana: colorless first, then the most
    plentiful color); of each kind the restricted mana is spent first, and what is left of
    it keeps its restriction."""
    p = game.players[player]
    own = list(p.pool)
    p.pool = list(map(_plus, own, _merged(usable)))
    p.restricted = tuple(r for r in p.restricted if r not in usable)
    spent = pay_mana(game, player, cost, sources, exclude, sacrificed)
    kept = [max(0, a - b) for a, b in zip(p.pool, own)]      # restricted mana left, per kind
    p.pool = [a - b for a, b in zip(p.pool, kept)]
    back = []
    for only, mana in usable:                                # it keeps its restriction
        keep = tuple(map(min, mana, kept))
        kept = [a - b for a, b in zip(kept, keep)]
        if any(keep):
            back.append((only, keep))
    p.restricted += tuple(back)
    game.touch_hidden()
    return spent


def available_mana(game, player: int, srcs=None) -> tuple:
    """(pool plus the one-option sources' mana as a tuple, the choices of the others):
    what `covers_or_feasible` needs to check many costs against the same state. `srcs`:
    the player's mana_sources, if the caller has them."""
    if srcs is None:
        srcs = mana_sources(game, player)
    split = srcs.split
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
    return mana_sources(game, player).split


def activate_mana_ability(game, player: int, eid: int, index: int, choice: int = 0,
                          paid_with=None) -> None:
    """CR 605.3: a mana ability resolves immediately, without the stack. `paid_with`: the
    mana of the pool that pays its own mana cost, when the payer chose it (a pool)."""
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
    if cost.exile_self and eid not in game.zone_list(cost.exile_zone, player):
        raise IllegalAction(f"{game.name(eid)} isn't in p{player}'s {cost.exile_zone}")
    if paid_with is not None:
        pool = game.players[player].pool
        if any(map(operator.gt, paid_with, pool)):
            raise IllegalAction(f"p{player}'s mana pool can't pay {cost.mana}")
        pool[:] = map(operator.sub, pool, paid_with)
    elif cost.mana.total:
        pay_mana(game, player, ability_mana(ab, cost.mana))
    if cost.sacrifice_self and eid not in game.battlefield:
        raise IllegalAction(f"{game.name(eid)} can't be sacrificed")
    if not (0 <= choice < len(ab.mana)):
        raise IllegalAction(f"{game.name(eid)} can't make that mana")
    add = ab.mana[choice]
    if callable(add):                      # 'Add {G} for each Elf you control' (106.1, 605.1a)
        add = tuple(add(game, eid))
    if cost.tap:
        game.set(eid, TAPPED)
        became_tapped(game, eid)
    if cost.sacrifice_self:                # 602.2h: the costs are paid, then the mana is added
        zones.sacrifice(game, eid)
    if cost.exile_self:                    # 'Exile ~ from your graveyard' (113.6k)
        zones.exile(game, eid)
    only = getattr(ab, "only", None)
    if only is not None:                   # 106.6: spent only as it says
        p = game.players[player]
        p.restricted = p.restricted + ((only, tuple(add)),)
    else:
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
    if taps_watched(game):
        game.emit("tapped", eid=eid)


def taps_watched(game) -> bool:
    """Does a triggered ability watch for permanents becoming tapped (`became_tapped`)?
    Tapping changes no characteristics, so the answer holds through a batch of taps."""
    b = game.board
    if b is None:
        b = board(game)
    return "tapped" in b.watch


def pay_mana(game, player: int, cost: ManaCost, sources=None, exclude=(), sacrificed=(),
             spell=None) -> tuple:
    """Pay a mana cost (601.2g-h): activate mana abilities, then pay from the pool.
    `sources` names the permanents (or (permanent, ability index)) to use;
    None = the automatic payer, which taps {T} mana sources only, after activating the
    mana abilities of the permanents `sacrificed` the player chose to sacrifice for mana
    (`sacrifice_mana_sources`, `sacrifice_plan`). Returns the mana spent, as a pool
    ('if three colors of mana were spent', 601.2h). `spell`: the characteristics of the
    spell it pays for (mana that only some spells may use, `usable_restricted`)."""
    p = game.players[player]
    if cost.total == 0:
        return _EMPTY_SPENT
    if spell is not None and sources is None and not sacrificed:
        _tap_restricted_sources(game, player, cost, exclude, spell)
    if spell is not None and p.restricted:
        usable = usable_restricted(game, player, spell)
        if usable:
            return _pay_with_restricted(game, player, cost, sources, exclude, sacrificed, usable)
    if sacrificed:
        plan = sacrifice_plan(game, player, cost, sacrificed, exclude)
        if plan is None:
            raise IllegalAction(f"p{player} can't pay {cost} sacrificing those for mana")
        for eid, (idx, choice) in plan:
            activate_mana_ability(game, player, eid, idx, choice)
    srcs = mana_sources(game, player, exclude)
    if sources is None and not cost.hybrid and not game.volatile:
        pool = p.pool
        fresh = not any(pool)
        plan = _unit_payment(pool, cost, srcs, fresh)
        if plan is not None:
            # each source listed for this payment is activated (605.3a) without the checks
            # of `activate_mana_ability`: no effect reads state beyond characteristics
            # (not game.volatile), so each check holds (untapped, controlled, not
            # summoning sick, {T} its only cost: 302.6) and tapping another source changes
            # none of them, nor what `game.hears` reads
            heard = game.hears("mana_ability")
            taps_heard = taps_watched(game)
            untapped = []                       # sources to tap, tapped at once (tap_many)
            exact = False                       # does the pool hold just the cost now?
            if srcs.fixed and not heard and not taps_heard:
                # nothing announced, and each source makes the one mana its index entry
                # lists (no amount that varies): its ability needn't be read; from an
                # empty pool, the plan's mana is exactly the cost (`_unit_payment`)
                exact = fresh
                for eid, _, kind in plan:
                    untapped.append(eid)
                    pool[kind] += 1
            else:
                chars = game.chars
                for eid, (idx, choice), kind in plan:
                    c = chars(eid)
                    ab = (c.acts if c.acts is not None else activated_abilities(game, eid))[idx]
                    add = ab.mana[choice]
                    untapped.append(eid)
                    if taps_heard or heard or callable(add):
                        # an event announced or the game read after this tap: the taps so
                        # far are made first, as one at a time would have
                        game.tap_many(untapped)
                        untapped = []
                        if taps_heard:
                            game.emit("tapped", eid=eid)
                    if callable(add):          # 'Add {G} for each Elf you control' (106.1, 605.1a)
                        add = tuple(add(game, eid))
                        pool[:] = map(_plus, pool, add)
                    else:
                        pool[kind] += 1         # (its one mana: the source's only pool)
                    if heard:
                        game.emit("mana_ability", eid=eid, player=player, mana=tuple(add), tapped=True)
            if untapped:
                game.tap_many(untapped)
            if exact or pays_exactly(pool, cost):  # (what pay_from_pool would leave: nothing)
                spent = tuple(pool)
                pool[:] = _EMPTY
            else:
                left = pay_from_pool(pool, cost)
                if left is None:
                    raise IllegalAction(f"p{player} can't pay {cost}")
                spent = tuple(map(operator.sub, pool, left))
                pool[:] = left
            # game.touch_hidden() for each mana added and for the payment: not game.volatile,
            # so only the change count
            game.changes += len(plan) + 1
            return spent
    avail = {e: (pools, choices) for e, pools, choices in srcs}
    converters = None
    if sources is not None:
        # a named permanent may also be one sacrificed for mana (a Treasure)
        for e, pools, choices in sacrifice_mana_sources(game, player, exclude):
            old = avail.get(e)
            avail[e] = (pools, choices) if old is None else (old[0] + pools, old[1] + choices)
        # or a card in the graveyard with a mana ability that functions there (113.6k)
        converters = graveyard_mana(game, player, sources) if game.graveyard_abilities else None
        if converters:
            for e, (idx, ab) in converters.items():
                avail[e] = (ab.mana, _choices_of(idx, ab))
                cost = add_costs(cost, ab.cost.mana)    # its own mana cost is paid as well
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
                pools, choices = _ability_mana(pools, choices, idx)
                if not choices:
                    raise IllegalAction(f"{game.name(eid)} has no mana ability {idx} it can use now")
                avail[eid] = (pools, choices)
            keys.append((eid, pools))
    if sources is None:
        plan = find_payment(p.pool, cost, keys)
        if plan is None and game.graveyard_abilities:
            # the automatic payer uses graveyard mana (Jack-o'-Lantern) only when the cost
            # can't be paid without it, and then the fewest such cards (601.2g)
            combo = converters_needed(graveyard_converters(game, player), cost, keys, p.pool)
            if combo:
                converters = {c: (i, ab) for c, i, ab in combo}
                for c, i, ab in combo:
                    avail[c] = (ab.mana, _choices_of(i, ab))
                    cost = add_costs(cost, ab.cost.mana)
                keys = keys + [(c, ab.mana) for c, _, ab in combo]
                plan = find_payment(p.pool, cost, keys)
    else:
        plan = _use_all(p.pool, cost, keys)     # the player named them: tap every one
    if plan is None:
        raise IllegalAction(f"p{player} can't pay {cost}" if sources is None
                            else f"the named mana sources can't pay {cost}")
    if converters:
        cost = _activate_converters(game, player, cost, plan, avail, converters)
    else:
        for eid, k in plan:
            idx, choice = avail[eid][1][k]
            activate_mana_ability(game, player, eid, idx, choice)
    left = pay_from_pool(p.pool, cost)
    if left is None:
        raise IllegalAction(f"p{player} can't pay {cost}")
    spent = tuple(map(operator.sub, p.pool, left))
    p.pool[:] = left
    game.touch_hidden()
    return spent


# (the two helpers below are pay_mana's comprehensions: one in pay_mana would make a cell of
# each local it reads, at every call, on 3.11)
def _choices_of(idx: int, ab) -> tuple:
    """The choices of a mana ability `ab` (index `idx`) as a mana source lists them."""
    return tuple((idx, j) for j in range(len(ab.mana)))


def _ability_mana(pools, choices, idx: int) -> tuple:
    """(pools, choices) of a mana source: those of its ability `idx` alone."""
    sel = [k for k, (i, _) in enumerate(choices) if i == idx]
    return tuple(pools[k] for k in sel), tuple(choices[k] for k in sel)


def graveyard_mana(game, player: int, sources) -> dict:
    """{card: (ability index, ability)} for the named `sources` that are cards in the
    player's graveyard with a mana ability that functions there ('{1}, Exile ~ from your
    graveyard: Add one mana of any color', 113.6k, 605.1a), activated while paying (601.2g)
    because the player names it (the automatic payer uses one only when the cost can't be
    paid otherwise: `converters_needed`)."""
    gy = game.players[player].graveyard
    out = {}
    for s in sources:
        eid, idx = s if isinstance(s, tuple) else (s, None)
        if eid in gy:
            found = [(i, ab) for i, ab in enumerate(activated_abilities(game, eid))
                     if ab.zone == "graveyard" and ab.mana and (idx is None or i == idx)]
            if not found:
                raise IllegalAction(f"{game.name(eid)} has no mana ability that functions in a graveyard")
            out[eid] = found[0]
    return out


def _activate_converters(game, player: int, total: ManaCost, plan, avail, converters) -> ManaCost:
    """601.2g: activate the mana abilities of `plan` (`_use_all` of the named sources, paying
    `total`: the cost and the graveyard abilities' own mana costs), the permanents' first,
    then each graveyard card's, its own cost paid from the pool with mana that leaves the
    rest payable. Returns the cost still to pay from the pool."""
    rest = []
    for eid, k in plan:
        idx, choice = avail[eid][1][k]
        if eid in converters:
            rest.append((eid, idx, choice))
        else:
            activate_mana_ability(game, player, eid, idx, choice)
    pool = game.players[player].pool
    cost = total
    for n, (eid, idx, choice) in enumerate(rest):
        ab = converters[eid][1]
        own = ab.cost.mana
        cost = with_generic_change(cost, 0, own.generic)        # (generic mana costs only)
        later = [0] * 6                 # what this one and the ones after it will make
        for e, _, c in rest[n:]:
            later = list(map(_plus, later, converters[e][1].mana[c]))
        paid = [0] * 6
        for _ in range(own.generic):
            for kind in (5, 0, 1, 2, 3, 4):                  # colorless first
                if pool[kind] - paid[kind] > 0:
                    trial = list(paid)
                    trial[kind] += 1
                    after = [a - b + c for a, b, c in zip(pool, trial, later)]
                    if pay_from_pool(after, cost) is not None:
                        paid = trial
                        break
            else:
                raise IllegalAction(f"p{player} can't pay {own} for {game.name(eid)}")
        activate_mana_ability(game, player, eid, idx, choice, paid_with=tuple(paid))
    return cost


def _tap_restricted_sources(game, player: int, cost: ManaCost, exclude, spell) -> None:
    """The automatic payer taps {T} mana sources whose mana only this spell may use (106.6:
    Giada's mana for an Angel spell) one at a time, while the pool and the other sources
    can't pay the cost without them."""
    b = game.board
    if b is None:
        b = board(game)
    if player not in b.holders:
        return
    for eid, i, _ in restricted_mana_sources(game, player, spell):
        if can_pay_mana_tapping(game, player, cost, exclude, spell):
            return
        if eid not in exclude:
            activate_mana_ability(game, player, eid, i)


def sacrifice_plan(game, player: int, cost: ManaCost, chosen, exclude=(), sacrificing=(), extra=None):
    """[(eid, (ability index, option))]: one mana ability of each of the permanents
    `chosen` that sacrifice themselves for mana, with the kind of mana each makes, such
    that the pool, their mana and the {T} mana sources can pay `cost`; None if there is
    none (a permanent chosen twice or that can't be sacrificed for mana now). `exclude`:
    permanents that make no mana for it; `sacrificing`: permanents sacrificed for another
    part of the cost, which may be tapped for mana first (601.2g comes before 601.2h) but
    not sacrificed twice. `extra`: mana in the pool only this spell may use (106.6:
    `usable_restricted`), as a pool."""
    import itertools
    avail = {e: (pools, choices) for e, pools, choices in
             sacrifice_mana_sources(game, player, tuple(exclude) + tuple(sacrificing))}
    if len(set(chosen)) != len(chosen) or any(e not in avail for e in chosen):
        return None
    rest = [(e, pools) for e, pools, _ in mana_sources(game, player, tuple(exclude) + tuple(chosen))]
    pool = game.players[player].pool
    if extra:
        pool = list(map(_plus, pool, extra))
    for combo in itertools.product(*[range(len(avail[e][0])) for e in chosen]):
        p = list(pool)
        for e, k in zip(chosen, combo):
            p = list(map(_plus, p, avail[e][0][k]))
        if feasible(p, cost, rest):
            return [(e, avail[e][1][k]) for e, k in zip(chosen, combo)]
    return None


def mana_sacrifice_decision(game, player: int, cost: ManaCost, exclude=(), spell=None, sacrificing=()):
    """601.2g, 605.3a: the player activates the mana abilities they choose. With a cost the
    automatic payer can't pay by tapping {T} mana sources, the player chooses which
    permanents to sacrifice for mana (Treasures, 111.10a: `sacrifice_mana_sources`): a
    `mana_sacrifice` decision, the answer any set of them that pays (`data["least"]`: one
    with the fewest; `data["cost"]`, `data["exclude"]`, `data["sacrificing"]`: what it pays,
    for `chosen_for_mana`). The same choice whether the cost is a spell's, an ability's or
    one paid as an ability resolves (ward, 'you may pay': 118.3). `exclude`, `sacrificing`:
    as in `sacrifice_plan`. None when there is nothing to choose; IllegalAction when
    nothing pays."""
    # (with no such permanent, the usual case, the answer is immediate)
    opts = [e for e, _, _ in sacrifice_mana_sources(game, player, tuple(exclude) + tuple(sacrificing))]
    if not opts or cost.total == 0 or can_pay_mana_tapping(game, player, cost, exclude, spell) or \
            (spell is not None and _payable_with_restricted(game, player, cost, exclude, spell)) or \
            (game.graveyard_abilities and converters_pay(game, player, cost, exclude)):
        return None
    # mana only this spell may use (106.6) pays with the rest
    extra = tuple(_merged(usable_restricted(game, player, spell))) \
        if spell is not None and game.players[player].restricted else None
    least = next((list(c) for n in range(1, len(opts) + 1) for c in combinations(opts, n)
                  if sacrifice_plan(game, player, cost, c, exclude, sacrificing, extra) is not None), None)
    if least is None:
        raise IllegalAction(f"p{player} can't pay {cost}")
    data = only(least) if len(opts) == 1 else {"least": least}
    if extra and any(extra):
        data["extra_pool"] = extra
    return Decision("mana_sacrifice", player, opts, len(least), len(opts),
                    f"sacrifice which permanents for mana to pay {cost}?",
                    data={**data, "cost": cost, "exclude": tuple(exclude), "sacrificing": tuple(sacrificing)})


def chosen_for_mana(game, decision, answer) -> tuple:
    """The permanents of an answer to `mana_sacrifice_decision`, if sacrificing them for
    mana lets the player pay the cost (else IllegalAction)."""
    grp = tuple(answer) if isinstance(answer, (list, tuple)) else (answer,)
    cost = decision.data["cost"]
    if any(g not in decision.options for g in grp) or sacrifice_plan(
            game, decision.player, cost, grp, decision.data["exclude"], decision.data["sacrificing"],
            decision.data.get("extra_pool")) is None:
        raise IllegalAction(f"sacrificing {list(grp)} for mana doesn't pay {cost}")
    return grp


def _unit_payment(pool, cost: ManaCost, srcs, fresh: bool):
    """`find_payment` when each of `srcs` (mana_sources) has one option making one mana
    (basic lands) and the cost has no hybrid symbol: the same plan, as (eid, (ability
    index, option), the index of the kind of mana it makes). Each colored need from the
    first sources of its color, then generic from the first sources left (then the pool
    plus their mana pays: each color's need is met and `generic` more mana is made). None
    if they can't pay or a source makes something else (find_payment then decides). The
    pool pays first. Once each colored need is met and `generic` sources are left over,
    the later sources change nothing (find_payment would put any of them, one-kind or not,
    after those in its list of what is left), and aren't looked at. `fresh`: the pool is
    empty (the plan's sources then make exactly the cost: each color's need, and as many
    more as its generic part)."""
    if fresh:
        need, generic = list(cost.colored), cost.generic
    else:
        if covers(pool, cost):
            return ()
        need, generic = still_needed(pool, cost)
    chosen = []
    rest = []
    colored = sum(need)                      # colored mana still needed
    for (eid, _, choices), c in zip(srcs, srcs.units):
        if c is None:
            return None
        if need[c] > 0:
            need[c] -= 1
            colored -= 1
            chosen.append((eid, choices[0], c))
        elif len(rest) < generic:
            rest.append((eid, choices[0], c))
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


def ability_mana(ab, m: ManaCost) -> ManaCost:
    """The mana `m` of the ability's cost as it is paid: with mana of any color if the
    ability allows it (609.4b)."""
    return as_any_color(m) if ab.any_color else m


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
        hand = game.players[player].hand
        if len(hand) - (exclude_card in hand) < cost.discard:      # (a card is in it once)
            return False
    if cost.sacrifice_self and (eid is None or eid not in game.battlefield):
        return False
    if cost.sacrifice is not None and not sacrifice_candidates(game, player, cost, eid):
        return False
    if cost.loyalty is not None and cost.loyalty < 0:
        if game.counters(eid).get("loyalty") < -cost.loyalty:
            return False
    if cost.discard_self and (eid is None or game.zone_of(eid) != "hand"):
        return False
    if cost.exile_self and (eid is None or eid not in game.zone_list(cost.exile_zone, player)):
        return False                    # 'from your hand / graveyard': the player's own
    if cost.tap_untapped and len(tap_candidates(game, player, cost)) < cost.tap_untapped[0]:
        return False
    crew = getattr(cost, "crew", 0)                     # (crew.CrewCost)
    if crew and total_power(game, crew_candidates(game, player)) < crew:
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
        if cost.sacrifice is not None and not sacrifices_leaving_mana(
                game, player, sacrifice_candidates(game, player, cost, eid), 1, m, exclude):
            return False                                # 118.3: the whole cost is paid
    return True


def non_mana_payable(game, player: int, card: int, cost: Cost, mana: ManaCost | None = None,
                     spell=None) -> bool:
    """CR 601.2f, 118.3: the sacrifice, discard and life of a spell's additional or
    alternative cost can be paid in full (701.21a: only your own permanents; 119.4: life up
    to your life total; the card being cast can't be discarded for its own cost). `mana`:
    the mana of the total cost, paid too (`sacrifices_leaving_mana`)."""
    if cost.sacrifice is not None:
        opts = sacrifice_candidates(game, player, cost)
        if len(opts) < cost.sacrifice_n or (mana is not None and not sacrifices_leaving_mana(
                game, player, opts, cost.sacrifice_n, mana, spell=spell)):
            return False
    if cost.discard:
        hand = game.players[player].hand
        if len(hand) - (card in hand) < cost.discard:      # (the card cast can't pay it)
            return False
    # 119.4: a life total limits only a payment of more than 0 life (at -2 life, under
    # Platinum Angel, a cost paying none is still payable)
    return not cost.life or cost.life <= game.players[player].life


def graveyard_exile_candidates(game, player: int, card: int, filter) -> list:
    """'Exile a <...> card from your graveyard' (a cost, 118.3): the cards there `filter`
    (game, card, chars) matches."""
    return [c for c in game.players[player].graveyard if c != card and filter(game, c, game.chars(c))]


def sacrifices_leaving_mana(game, player: int, opts, n: int, mana: ManaCost, exclude=(),
                            spell=None, also=()) -> list:
    """The permanents of `opts` that can be among `n` sacrificed for a cost while the mana
    `mana` of the same total cost is still paid (118.3: the whole cost is paid): a
    permanent that makes mana only by sacrificing itself (a Treasure, Goldhound) can't
    both be sacrificed for the cost and for mana (601.2g-h). `also`: permanents sacrificed
    for another part of the same cost."""
    srcs = {e for e, _, _ in sacrifice_mana_sources(game, player, exclude)} if mana.total else ()
    mine = [e for e in opts if e in srcs]
    also = tuple(also)
    if not mine or can_pay_mana(game, player, mana, exclude, spell, sacrificing=also + tuple(mine)):
        return list(opts)                       # (the usual case: nothing to check)
    ok = set()
    for grp in combinations(opts, n):
        if not ok.issuperset(grp) and can_pay_mana(game, player, mana, exclude, spell,
                                                   sacrificing=also + grp):
            ok.update(grp)
    return [e for e in opts if e in ok]


def sacrifice_candidates(game, player: int, cost: Cost, source=None) -> list:
    """CR 701.17a: only permanents you control; 'another' is not the cost's source."""
    other = source if getattr(cost.sacrifice, "other", False) else None
    return [e for e in game.battlefield
            if e != other and game.chars(e).controller == player and cost.sacrifice(game, e, player)]


def sacrifices_payable(game, player: int, parts, taken=()) -> bool:
    """601.2h, 701.21a: each sacrifice among a spell's costs (its own additional cost and a
    permission's, Maestros Ascendancy) takes permanents of its own — one permanent can't be
    sacrificed twice: whether every part of `parts` can be paid besides those `taken`."""
    needs = [(sacrifice_candidates(game, player, c), c.sacrifice_n) for c in parts if c.sacrifice is not None]
    return _assignable(needs, frozenset(taken))


def _assignable(needs, used) -> bool:
    if not needs:
        return True
    (cands, n), rest = needs[0], needs[1:]
    free = [e for e in cands if e not in used]
    if not rest:
        return len(free) >= n
    return any(_assignable(rest, used | set(pick)) for pick in combinations(free, n))


def tap_candidates(game, player: int, cost: Cost) -> list:
    """'Tap N untapped <filter> you control': untapped permanents the player controls that
    match; summoning sickness doesn't matter (no {T} symbol, 302.6)."""
    if not cost.tap_untapped:
        return []
    _, filt = cost.tap_untapped
    return [e for e in game.battlefield
            if game.chars(e).controller == player and not game.world.has(e, Tapped)
            and filt(game, e, player)]


def crew_candidates(game, player: int) -> list:
    """Crew N (702.122a): the untapped creatures the player controls (tapping them is no
    {T} cost: summoning sickness doesn't matter, 302.6)."""
    tapped = game.world.comps.get(Tapped, ())
    return [e for e in board(game).creatures.get(player, ()) if e not in tapped]


def total_power(game, creatures) -> int:
    """Their total power; a creature with power 0 or less adds nothing (702.122a)."""
    return sum(max(0, game.chars(e).power or 0) for e in creatures)


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


def tap_for_mana_first(game, player: int, eids, cost: ManaCost | None = None, exclude=()) -> None:
    """601.2g: of the permanents chosen to untap for a cost, those still untapped are
    tapped for mana first (unless the player named it as a mana source: then the payment
    taps it); the mana stays in the pool for the payment of `cost`. Each makes the first
    mana of its abilities with which the pool and the other untapped sources (not
    `exclude`) can still pay `cost` (a Forest that is also a Plains makes {W} for a {W}
    cost), else its first."""
    srcs = {e: (pools, choices) for e, pools, choices in mana_sources(game, player, exclude)}
    for e in eids:
        if game.world.has(e, Tapped) or e not in srcs:
            continue
        pools, choices = srcs[e]
        k = 0
        if cost is not None and len(choices) > 1:
            pool = game.players[player].pool
            rest = [(f, ps) for f, (ps, _) in srcs.items() if f != e and not game.world.has(f, Tapped)]
            k = next((i for i, m in enumerate(pools)
                      if feasible([a + b for a, b in zip(pool, m)], cost, rest)), 0)
        idx, choice = choices[k]
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
    b = game.board                      # board(game), without the call when it is current
    # (a cost increase is a rule of a static ability)
    statics = (b if b is not None else board(game)).rule_statics
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
    n = 0                       # (a loop: a comprehension would make three cells a call, 3.11)
    for e, r in incs:
        if r.applies(game, e, spell_chars, player):
            n += r.generic
    return n


def cost_increase(game, player: int, spell_chars) -> int:
    """The generic mana the static abilities on the battlefield add to casting a spell with
    these characteristics (601.2f)."""
    return sum(r.generic for e, r in _cost_increases(game) if r.applies(game, e, spell_chars, player))


def with_generic_change(cost: ManaCost, increase: int, reduction: int) -> ManaCost:
    """601.2f: the total cost with increases added and then reductions taken from its
    generic part (a reduction never reduces colored mana nor goes below zero)."""
    if not increase and not reduction:
        return cost
    from dataclasses import replace
    return replace(cost, generic=max(0, cost.generic + increase - reduction))


def activation_mana(game, player: int, source: int, ab, x: int = 0) -> ManaCost:
    """The mana of the ability's total cost (601.2f via 602.2b): X chosen, its own 'costs
    {N} less to activate' taken off the generic part, paid as though of any color if it
    says so (609.4b). Read once, before mana abilities are activated (601.2g)."""
    m = ab.cost.mana.with_x(x) if ab.cost.mana.x else ab.cost.mana
    reduction = getattr(ab, "reduction", None)
    if reduction is not None:
        m = with_generic_change(m, 0, reduction(game, player, source))
    return ability_mana(ab, m)


def self_reduction(game, player: int, defn) -> int:
    """The spell's own 'this spell costs {N} less to cast' (601.2f), 0 if it has none."""
    return defn.cost_reduction(game, player) if defn.cost_reduction is not None else 0
