"""Priority (CR 117): who may act, what they may do, and passing.

The legal actions of the player with priority are listed in full: pass, each
land they may play (305), each spell they may cast (601, with timing 117.1a,
307.1, 702.8), each ability they may activate (602, 605, 606).
"""
from __future__ import annotations


from mtg_ecs.components import Card, CopyOf, LoyaltyActivated
from mtg_ecs.core.decisions import (Decision, IllegalAction, Pass, PlayLand, Cast, Activate, play_land_option,
                           cast_option, activate_option, new_decision)
from mtg_ecs.components.mana import ZERO, add_costs, COLORS, IDX, covers, feasible_split
from mtg_ecs.systems import costs, flash, zones, permissions, graveyard_abilities, graveyard_casting, \
    commander
from mtg_ecs.systems.board import board, statics_with_rule
from mtg_ecs.systems.layers import base_chars, has_cda
from mtg_ecs.systems.casting import CastTask, ActivateTask, spell_target_specs
from mtg_ecs.systems.targeting import TargetContext, has_candidates
from mtg_ecs.systems.naming import activation_forbidden
from mtg_ecs.systems.restrictions import restricted
from mtg_ecs.systems.stack import ResolveTask
from mtg_ecs.systems.teams import next_priority, on_active_team

MAIN_PHASES = ("main1", "main2")


def sorcery_timing(game, player: int) -> bool:
    """CR 117.1a/307.1: own main phase, stack empty."""
    # (805.4a, 805.5a: in a team game, any player on the active team)
    return (game.active == player or game.teams and on_active_team(game, player)) \
        and game.step in MAIN_PHASES and not game.stack


def decision(game, player: int) -> Decision:
    """`data["mana_abilities"]` is a slice: options[slice] are the activations of {T}
    mana abilities (605.1a; mana nothing uses yet, which agents usually leave to the payer)."""
    hit = game.actions_cache[player]        # _cached, inline when current (as after `only_pass`)
    if hit is not None and hit[0] == game.changes and (hit[1] == game.step
                                                        or _alike(game, player, hit[1])):
        acts, span = hit[2], hit[3]
    else:
        acts, span = _cached(game, player)
    return new_decision("priority", player, acts, 1, 1, "priority", {"mana_abilities": span})


def _alike(game, player: int, step: str) -> bool:
    """With nothing changed since the player's list was made in `step` of this turn (the
    same `version`: a turn's beginning and the stack change it), is it still right now?
    All a list reads of the step is sorcery timing (117.1a, 307.1: a main phase, for the
    active player with the stack empty) and 'cast this spell only during combat' (601.3)."""
    now = game.step
    if (step in COMBAT_STEPS) != (now in COMBAT_STEPS):
        return False
    if (step in MAIN_PHASES) == (now in MAIN_PHASES):
        return True
    active = game.active == player or game.teams and on_active_team(game, player)
    return not (active and not game.stack)


def cached_actions(game, player: int) -> list:
    return _cached(game, player)[0]


def _cached(game, player: int) -> tuple:
    """The player's legal actions, kept per player and computed again only when anything
    changed (`version`: a turn's beginning too) or what the step means for them (`_alike`).
    (A finer key, naming only what a list of lands and plain spells reads, was kept too
    until session 22: building it for every list cost more than the few lists it kept.)"""
    hit = game.actions_cache[player]
    version = game.changes                  # (`game.version` without the property call)
    step = game.step
    if hit is not None and hit[0] == version and (hit[1] == step or _alike(game, player, hit[1])):
        return hit[2], hit[3]
    acts, span = _legal_actions(game, player)
    game.actions_cache[player] = (version, step, acts, span)
    return acts, span


def only_pass(game, player: int) -> bool:
    """True when passing is the only action apart from activating mana abilities
    (whose mana nothing could use): the auto-pass of `Game(auto_pass=True)`."""
    if game.active != player and not (game.teams and on_active_team(game, player)) \
            or game.stack or game.step not in MAIN_PHASES:
        # not sorcery timing (117.1a): anything to do at all? Every player still in the
        # game quiet (or still, with the stack empty): this one too (asked first: it is
        # usually current; a player who left the game isn't among them)
        q = game.quiet_cache                            # `_quiet_all` when stale
        if q[0] != game.cversion or q[1] != game.zversion:
            q = _quiet_all(game)
        if (q[2] or q[4] and not game.stack) and not game.players[player].lost:
            return True
        hit = game.idle_cache[player]                   # `_idle`, inline when current
        if hit is not None and hit[0] == game.changes:
            if hit[1]:
                return True
        elif _idle(game, player):
            return True                 # nothing could be cast or activated now
    elif not game.players[player].hand and _nothing_but_hand(game, player):
        return True                     # an empty hand: no land, no spell (305.1, 601.3)
    # the full list, kept for the decision that follows when there is something to do
    acts, span = _cached(game, player)
    if span.start != 1:
        return False                    # a land or a spell (options[0] is Pass)
    for a in acts[span.stop:]:                  # other abilities: mana abilities with other costs?
        if not costs.activated_abilities(game, a.source)[a.index].mana:
            return False
    return True


def _nothing_but_hand(game, player: int) -> bool:
    """Could the player do nothing but play or cast from their hand (and activate {T}
    mana abilities)? No activated ability of a permanent but those (the board's
    `holders`), no static ability changing rules (casting from the top of the library
    or a graveyard), no permission to play from elsewhere, no card in a graveyard or
    command zone that could be cast or activated there."""
    b = game.board                      # board(game), without the call when it is current
    if b is None:
        b = board(game)
    return not (b.rule_statics or player in b.holders or game.play_permissions
                or game.graveyard_abilities or game.commanders)


def _idle(game, player: int) -> bool:
    """Outside sorcery timing (117.1a), can the player do nothing but pass (and activate
    {T} mana abilities whose mana nothing could use), seen without a list of their actions
    (`_hand_state`, `_hand_idle`, `_field_idle`)? False: not known without one. Kept per
    player while nothing changes (`changes`, in `idle_cache`): nothing it reads depends on
    the step, sorcery timing aside."""
    hit = game.instant_cache[player]
    if hit is None or hit[0] != game.cversion or hit[1] != game.zversion:
        hit = _hand_state(game, player)
    answer = hit[3] or hit[7] and not game.stack or hit[5] and (
        not hit[2][0] or _hand_idle(game, player, hit[2][0])) and (not hit[6] or _field_idle(game, player))
    game.idle_cache[player] = (game.changes, answer)
    return answer


def everyone_quiet(game) -> bool:
    """Every player still in the game can do nothing at instant speed but pass (and
    activate {T} mana abilities whose mana nothing could use), whatever the mana, the
    tapped permanents and the stack: `_hand_state`'s `quiet`."""
    q = game.quiet_cache
    if q[0] != game.cversion or q[1] != game.zversion:
        q = _quiet_all(game)
    return q[2]


def everyone_idle(game) -> bool:
    """Outside sorcery timing for all (no main phase, or the stack not empty), every
    player still in the game can do nothing but pass (`only_pass` without a list: all
    quiet, all still with the stack empty, or each `_idle`): a priority round would be
    each of them passing in turn (117.4)."""
    q = game.quiet_cache
    if q[0] != game.cversion or q[1] != game.zversion:
        q = _quiet_all(game)
    return q[2] or not game.teams and (q[4] and not game.stack or _each_idle(game))


def _each_idle(game) -> bool:
    """`everyone_idle` asked of each player still in the game (`_idle`). Not asked in a
    team game: there a round gone round leaves the team's count of passes (805.5,
    `teams.next_priority`) as its last pass set it, which a round ended at once doesn't."""
    memo = game.idle_cache
    changes = game.changes
    for q in game.players:
        if not q.lost:
            hit = memo[q.index]
            if hit is not None and hit[0] == changes:
                if not hit[1]:
                    return False
            elif not _idle(game, q.index):
                return False
    return True


_PASS = Pass()


def legal_actions(game, player: int) -> list:
    return _legal_actions(game, player)[0]


def _card_info(game, c: int, cards: dict) -> tuple:
    """(castable at instant speed?, abilities that function in the hand, a land?, its
    definition, `_plain_cost`) of a card in hand, from its characteristics; cached per characteristics
    state (`hand_cards_cache`: off the battlefield only characteristic-defining P/T
    can change with other state, 604.3, and none of these reads it; a printed entry is
    kept into the next state, `_hand_cards_anew`)."""
    comps = game.world.ents[c]
    defn = comps[Card].defn
    if CopyOf not in comps and (not defn.abilities or not has_cda(defn)):
        for ce in game.effects:
            if ce.objects is not None and c in ce.objects:
                break                   # an effect naming it (611.2c)
        else:
            # no characteristic-defining ability (604.3), no copy effect (707.2) and no
            # effect naming it (off the battlefield only those apply): its characteristics
            # are the printed ones (layers.compute_offfield), the same for every card of
            # the definition
            info = _PRINTED_INFO.get(defn)
            if info is None:
                info = _PRINTED_INFO[defn] = _info_of(base_chars(game, c))
            cards[c] = info
            return info
    info = cards[c] = _info_of(game.chars(c))
    return info


_PRINTED_INFO = {}      # card definition -> `_card_info` of its printed characteristics


def _info_of(ch) -> tuple:
    types = ch.types
    plain = _plain_cost(ch.defn)
    # (whether it may be cast at instant speed: True, or its conditional flash to check then)
    return ("Instant" in types or ch.has("flash") or (flash.conditional(ch) if ch.abilities else False),
            [(i, ab) for i, ab in enumerate(costs.activated_of(ch)) if ab.zone == "hand"],
            "Land" in types, ch.defn, plain)


def _hand_cards(game) -> dict:
    cards = game.hand_cards_cache
    if cards[0] != game.cversion:
        cards = _hand_cards_anew(game, cards[1])
    return cards[1]


def _hand_cards_anew(game, old: dict) -> tuple:
    """The `hand_cards_cache` entry at a new cversion: a card in hand whose entry was its
    definition's printed one keeps it unless an effect names it now (611.2c), the only
    thing of `_card_info`'s that can have changed (a copy effect and a characteristic-
    defining ability are the object's for its life, 707.2, 604.3)."""
    cards = {}
    if old:
        named = None
        for ce in game.effects:
            if ce.objects is not None:
                named = ce.objects if named is None else named | ce.objects
        for p in game.players:
            for c in p.hand:
                info = old.get(c)
                if info is not None and info is _PRINTED_INFO.get(info[3]) \
                        and (named is None or c not in named):
                    cards[c] = info
    hit = game.hand_cards_cache = (game.cversion, cards)
    return hit


# available mana `base` (costs.available_mana, when no source has a choice) -> {card
# definition: can the mana of its cost (`_fixed_mana`) be paid with it}; for a plain spell
# (`_plain_cost`: its mana cost alone limits it, 601.2f-h), can it be cast: a pure function
_COVERS = {}


def _legal_actions(game, player: int) -> tuple:
    """(actions, slice): Pass, lands, spells, then {T} mana abilities as
    actions[slice], then other activated abilities."""
    srcs = costs.mana_sources(game, player)
    acts = [_PASS]
    p = game.players[player]
    sorcery_ok = (game.active == player or game.teams and on_active_team(game, player)) \
        and not game.stack and game.step in MAIN_PHASES
    hand_items = []         # cards with abilities that function in the hand (702.29a)
    b = game.board                      # (nothing below changes the state: the same index)
    if b is None:
        b = board(game)
    statics = b.rule_statics            # none: no static ability changes what can be done
    # lands (305.1-305.2) and spells (601.3, 117.1a)
    if p.hand:
        lands_ok = sorcery_ok and p.lands_played < p.land_plays
        free = None if statics else False
        castable = None         # card definition -> castable (cards alike behave alike)
        mana = None             # what the player could pay with, worked out once (plain spells)
        other = None            # `_other_mana`, worked out once
        cards = game.hand_cards_cache                   # _hand_cards, inline
        if cards[0] != game.cversion:
            cards = _hand_cards_anew(game, cards[1])
        cards = cards[1]
        for c in p.hand:
            info = cards.get(c)
            if info is None:
                info = _card_info(game, c, cards)
            instant, in_hand, land, defn, plain = info
            if in_hand:
                hand_items.append((c, in_hand))
            if land:
                if lands_ok:
                    acts.append(play_land_option(c))
                continue
            if not sorcery_ok and instant is not True:
                if instant:
                    instant = instant.condition(game, player)     # conditional flash (702.8a)
                if not instant:
                    continue            # (not now, whatever else)
            if mana is None:
                # what the player could pay with, or False when something else could
                # matter (Silence: 101.2; a static ability that could change costs)
                if statics or (game.player_restrictions and restricted(game, player, "cast_spells")) \
                        or p.restricted:
                    mana = False
                else:
                    mana = _available(game, player, srcs)
                    base, multi, known = mana
            if plain is not None:
                if mana is not False:
                    if multi:
                        ok = feasible_split(base, multi, plain)
                    else:
                        ok = known.get(defn)
                        if ok is None:
                            ok = known[defn] = covers(base, plain)
                    if not ok and player in b.holders:
                        # or with mana abilities that sacrifice their source (601.2g), or
                        # whose mana only some spells may use (106.6): none without a mana
                        # ability among the player's other abilities (`_other_mana`)
                        if other is None:
                            other = _other_mana(b, player)
                        ok = other and (costs.sacrifice_mana_sources(game, player)
                                        or costs.restricted_mana_sources(game, player, game.chars(c))) \
                            and costs.can_pay_mana(game, player, plain, spell=game.chars(c))
                    if ok:
                        acts.append(cast_option(c))
                    continue            # (no alternative cost: `_plain_cost`; free: statics)
                paid = None
                alts = ()               # (a plain spell has none: `_plain_cost`)
            else:
                # can the mana of its cost be paid? (None: not known)
                paid = None
                if mana is not False:
                    paid = known.get(defn) if known is not None else None   # _mana_paid, inline
                    if paid is None:
                        paid = _mana_paid(mana, defn)
                if paid is False:
                    if other is None:
                        other = _other_mana(b, player)
                    if other or game.graveyard_abilities:
                        paid = None     # (other mana than the sources': `costs.can_pay_mana`)
                alts = _ALTS.get(defn)          # _keyword_alts, inline when known
                if alts is None:
                    alts = _keyword_alts(defn)
            if castable is None:
                castable = {}
            ok = castable.get(defn)
            if ok is None:
                # its mana cost that can't be paid, or a spell to target needed with the
                # stack empty (`_targets_only_spells`), it can't be cast whatever else
                # (601.2c-h): `can_cast` would say so last
                ok = castable[defn] = paid is not False and not (
                    not game.stack and _targets_only_spells(defn)) and can_cast(game, player, c, None, paid)
            if ok:
                acts.append(cast_option(c))
            if defn.alt_cost is not None and can_cast(game, player, c, "alt"):
                acts.append(Cast(c, alt="alt"))              # 118.9: same timing (004 DD-2)
            for alt in alts:                                 # blitz (702.152a): same timing
                if can_cast(game, player, c, alt):
                    acts.append(Cast(c, alt=alt))
            if free is None:
                free = _casts_free_from_hand(game, player)
            if free and can_cast(game, player, c, "free"):
                acts.append(Cast(c, alt="free"))
    # "you may play the top card of your library": playing a land is the turn's land play,
    # playing a nonland card is casting it with the usual timing and costs (305.1, 601.3)
    if statics and p.library and _plays_top_of_library(game, player):
        c = p.library[-1]
        ch = game.chars(c)
        if "Land" in ch.types:
            if sorcery_ok and p.lands_played < p.land_plays:
                acts.append(play_land_option(c))
        elif (sorcery_ok or "Instant" in ch.types or ch.has("flash")
              or (ch.abilities and flash.any_time(game, player, ch))) and can_cast(game, player, c, None):
            acts.append(cast_option(c))
    elif statics and p.library and permissions.casts_top_removing_counter(game, player) and \
            permissions.counter_holders(game, player):
        # '... by removing a counter from a creature you control in addition to paying
        # their other costs' (Falco Spara): spells only, their alternative costs too
        c = p.library[-1]
        ch = game.chars(c)
        if "Land" not in ch.types and (sorcery_ok or "Instant" in ch.types or ch.has("flash")):
            for alt in (None,) + ch.defn.keyword_alts:
                if can_cast(game, player, c, alt):
                    acts.append(Cast(c, alt=alt) if alt else cast_option(c))
    # cards a permission lets the player play from another zone (601.3, 305.1)
    if game.play_permissions:
        acts += permissions.actions(game, player, sorcery_ok, can_cast)
    # the player's commander in the command zone (903.8)
    if game.commanders:
        acts += commander.actions(game, player, sorcery_ok, can_cast)
    # instants and sorceries a permanent lets the player cast from their graveyard
    if statics:
        for a in graveyard_casting.actions(game, player, sorcery_ok, _can_cast_sacrificing):
            if a not in acts:
                acts.append(a)
    # mana abilities that can be activated now (listed with the mana sources)
    i = len(acts)
    acts += srcs.options
    j = len(acts)
    # other activated abilities: of permanents, then of cards in hand that function there
    # (cycling, 702.29a), then of cards in the graveyard that function there (113.6k)
    field = b.holders.get(player)
    grave = graveyard_abilities.items(game, player) if game.graveyard_abilities else ()
    if field or hand_items or grave:
        for holders in (field, hand_items, grave):
            if holders:
                for e, items in holders:
                    for k, ab in items:
                        if can_activate(game, player, e, ab, sorcery_ok, k):
                            acts.append(activate_option(e, k))
    return acts, slice(i, j)


def _available(game, player: int, srcs) -> tuple:
    """(base, choices, memo): what the player could pay mana with (costs.available_mana
    of their mana sources `srcs`) and, when no source has a choice, the shared memo of
    `_COVERS` for that base (None otherwise)."""
    base, multi = srcs.split            # costs.available_mana, inline (made with the list)
    pool = game.players[player].pool
    if pool != _EMPTY_POOL:
        base = tuple(map(int.__add__, pool, base))
    if multi:
        return base, multi, None
    known = _COVERS.get(base)
    if known is None:
        if len(_COVERS) > 512:
            _COVERS.clear()             # (bounded: a game with many kinds of pools)
        known = _COVERS[base] = {}
    return base, multi, known


def _keyword_alts(defn) -> tuple:
    alts = _ALTS.get(defn)
    if alts is None:
        alts = _ALTS[defn] = defn.keyword_alts
    return alts


def _mana_paid(mana, defn):
    """Can the mana the player could pay with (`mana`: base, choices and the memo of
    `_COVERS` for base) pay the mana of the card's cost (`_fixed_mana`)? None: not known."""
    cost = _FIXED.get(defn, False)                      # _fixed_mana, inline when known
    if cost is False:
        cost = _fixed_mana(defn)
    if cost is None:
        return None
    base, multi, known = mana
    if multi:
        return feasible_split(base, multi, cost)
    paid = known.get(defn)
    if paid is None:
        paid = known[defn] = covers(base, cost)
    return paid


def _other_mana(b, player: int) -> bool:
    """Has the player a mana ability besides those of their {T} mana sources (one that
    sacrifices its source, 111.10a; one whose mana only some spells may use, 106.6)? The
    board index `b` lists them with the other activated abilities."""
    for _, items in b.holders.get(player, ()):
        for _, ab in items:
            if ab.mana:
                return True
    return False


def _hand_state(game, player: int) -> tuple:
    """(cversion, zversion, hand summary, quiet, hand, rest, held, still): the player's
    `instant_cache` entry. The hand summary: (the cards castable at instant speed, as
    (card, definition) in hand order; abilities that function in the hand: 117.1a,
    702.29a; whether every one of those cards needs a spell or ability on the stack to
    target, `_targets_only_spells`: Essence Scatter); `quiet`: the player can do nothing but pass and
    activate {T} mana abilities when it isn't sorcery timing — no non-mana activated
    ability of a permanent (the board's `holders`), no instant or flash card and no hand
    ability, no 'play from the top of your library'; `rest`: the same but for the
    permanents' activated abilities and the instant and flash cards (`_field_idle` and
    `_hand_idle` look at those as they are now); `held`: a permanent of the player's has
    an activated ability but mana abilities (`_field_idle` looks at them); `still`: quiet
    while the stack is empty (601.2c: `_hand_idle` passes over every such card then, and
    `_field_idle` isn't asked). Everything it
    reads changes only with the characteristics (cversion) or some zone's contents
    (zversion: a permanent entering or leaving too); the hand summary
    only with the characteristics and the player's hand, so it is taken over when
    another zone changed. (Taking it over for a changed hand without instants, looking
    at the new cards alone, saved nothing measurable: dropped in session 22.)"""
    hand = tuple(game.players[player].hand)
    old = game.instant_cache[player]
    if old is not None and old[0] == game.cversion and old[4] == hand:
        instant, items, waiting = res = old[2]
    else:
        # per card: characteristics off the battlefield change only with cversion
        cards = game.hand_cards_cache                   # _hand_cards, inline
        if cards[0] != game.cversion:
            cards = _hand_cards_anew(game, cards[1])
        cards = cards[1]
        instant = []
        items = []
        waiting = True                  # (every instant needs a spell to target)
        for c in hand:
            hit = cards.get(c)
            if hit is None:
                hit = _card_info(game, c, cards)
            if hit[0]:
                instant.append((c, hit[3]))
                if waiting:
                    waiting = _SPELL_TARGETS.get(hit[3])     # _targets_only_spells, inline when known
                    if waiting is None:
                        waiting = _targets_only_spells(hit[3])
            if hit[1]:
                items.append((c, hit[1]))
        res = (instant, items, waiting)
    b = game.board                      # board(game), without the call when it is current
    if b is None:
        b = board(game)
    # (no static ability changing rules, permission, graveyard ability or commander, the
    # commonest: only the hand's abilities count, each of the checks below being true)
    rest = not items and (not (b.rule_statics or game.play_permissions or game.graveyard_abilities
                               or game.commanders) or
        (not b.rule_statics or not _casts_from_top(game, player)) and
        not (game.play_permissions and permissions.has_any(game, player)) and
        not (game.graveyard_abilities and graveyard_abilities.items(game, player)) and
        not (game.commanders and commander.castable_any_time(game, player)) and
        not (b.rule_statics and statics_with_rule(game, graveyard_casting.RULE, player)))
    held = player in b.holders
    quiet = rest and not instant and not held
    hit = game.instant_cache[player] = (game.cversion, game.zversion, res, quiet, hand, rest, held,
                                        rest and not held and waiting)
    return hit


def _hand_idle(game, player: int, instants=None) -> bool:
    """Outside sorcery timing, no card in the player's hand can be cast now, seen without
    a list: each instant or flash card needs a spell to target and the stack is empty
    (601.2c: `_targets_only_spells`), or has no alternative cost and either the mana of
    its cost (`_fixed_mana`) can't be paid while nothing else could make mana or change
    costs (no static ability changing rules, no mana ability but the {T} sources':
    `_other_mana`), or a target it needs has no legal choice (601.2c, as `can_cast`
    checks: Essence Scatter with no creature spell on the stack, Unsummon with no
    creature on the battlefield). `instants`: the cards in hand castable at instant speed
    (117.1a), as the player's hand summary lists them (`_hand_state`), if the caller has
    it."""
    if instants is None:
        hit = game.instant_cache[player]
        if hit is None or hit[0] != game.cversion or hit[1] != game.zversion:
            hit = _hand_state(game, player)
        instants = hit[2][0]
    b = game.board                      # board(game), without the call when it is current
    if b is None:
        b = board(game)
    mana = None
    for c, defn in instants:
        plan = _INSTANT_PLANS.get(defn)
        if plan is None:
            plan = _INSTANT_PLANS[defn] = (_targets_only_spells(defn),
                                           defn.alt_cost is not None or bool(_keyword_alts(defn)),
                                           _needed_targets(defn))
        if plan[0] and not game.stack:
            continue
        if plan[1]:
            return False
        if mana is None:
            mana = _mana_alone(game, player, b)
        if mana is not False:
            paid = mana[2].get(defn) if mana[2] is not None else None     # _mana_paid, inline
            if paid is False or paid is None and _mana_paid(mana, defn) is False:
                continue
        if not plan[2] or _has_targets(game, player, c, plan[2]):
            return False
    return True


# card definition -> (`_targets_only_spells`, an alternative cost?, `_needed_targets`)
_INSTANT_PLANS = {}


def _needed_targets(defn) -> tuple:
    """The target phrases of the spell that need a legal choice for it to be cast (601.2c;
    those of modes only as the modes are chosen). Once per card definition."""
    hit = _NEEDED.get(defn)
    if hit is None:
        hit = _NEEDED[defn] = () if defn.spell is not None and defn.spell.modes else \
            tuple(spec for spec in spell_target_specs(defn, ()) if spec.min)
    return hit


_NEEDED = {}    # card definition -> `_needed_targets`


def _has_targets(game, player: int, source: int, specs, index=None) -> bool:
    """Has each of `specs` enough legal choices (601.2c, 602.2b), with `source` as the
    spell's (`_needed_targets`) or, given the `index` of its activated ability, the
    ability's source? Kept while nothing changes (`changes`; `cversion` too: an effect
    beginning changes characteristics without `changes`), where an idle check that found
    the card castable is followed by the list that asks again. The answer for phrases
    naming only permanents of some types, with no filter or a subtype one
    (`_plain_specs`), is kept longer, while the battlefield and the characteristics are
    the same (`bversion`, `cversion`) and no player restriction exists: that is all their
    search reads (permanents' types, subtypes, keywords and controllers, the source's
    characteristics for protection; phasing moves both counters), so a tap, combat or a
    life total changing keeps it."""
    memo = game.targets_memo
    cversion = game.cversion
    if memo[0] != game.changes or memo[1] != cversion:
        bversion = game.bversion
        memo = game.targets_memo = (game.changes, cversion, {}, bversion,
                                    memo[4] if memo[1] == cversion and memo[3] == bversion else {})
    key = (player, source) if index is None else (player, source, index)
    hit = memo[2].get(key)
    if hit is None and not game.player_restrictions:
        hit = memo[4].get(key)          # (the source's phrases are the same while cversion is)
    if hit is None:
        hit = True
        tc = _SearchContext(game, player, source, index is None)
        for spec in specs:
            if spec.min and not has_candidates(game, spec, tc, spec.min):
                hit = False
                break
        memo[4 if not game.player_restrictions and _plain_specs(specs) else 2][key] = hit
    return hit


class _SearchContext(TargetContext):
    """`_has_targets`' TargetContext: the source's characteristics are worked out only if
    the search reads them (protection, a targeting restriction, a filter that looks). Most
    searches read none (a player found first, permanents without keywords), and those of
    a card in hand are computed afresh after every zone change (`offfield_cache`). The
    search changes nothing, so they are the same whenever read."""

    __slots__ = ("game",)

    def __init__(self, game, controller, source, is_spell):
        self.game = game
        self.controller = controller
        self.source = source
        self.is_spell = is_spell
        self.info = {}
        self.obj = source if is_spell else None

    @property
    def source_chars(self):
        return self.game.chars(self.source)


def _plain_specs(specs) -> bool:
    """Do the target phrases name only permanents (no player, no other zone), with no
    filter or one declared by subtype (`targeting.subtype_filter`)?"""
    for spec in specs:
        if spec.zone != "battlefield" or not spec.kinds.isdisjoint(_PLAYER_KINDS) or \
                spec.filter is not None and getattr(spec.filter, "subtype", None) is None:
            return False
    return True


def _mana_alone(game, player: int, b):
    """What the player could pay mana with — `_available`, as `_legal_actions`
    works it out — or False when something else could make mana
    or change costs: a static ability changing rules, a restriction, a mana ability but
    the {T} sources' (`_other_mana`). Kept on the sources while the pool is empty (the
    board, and so its abilities, as current as they are: `costs.Sources.alone`)."""
    p = game.players[player]
    if p.restricted or game.player_restrictions or game.graveyard_abilities:
        return False
    srcs = costs.mana_sources(game, player)
    if p.pool != _EMPTY_POOL:
        return False if b.rule_statics or _other_mana(b, player) else _available(game, player, srcs)
    alone = srcs.alone
    version = b.key
    if alone is None or alone[0] != version:
        # (kept with the index's version: the sources may outlive the index they were read
        # off, costs.mana_sources)
        alone = srcs.alone = (version, False if b.rule_statics or _other_mana(b, player)
                              else _available(game, player, srcs))
    return alone[1]


_EMPTY_POOL = [0] * 6


_SPELL_TARGETS = {}     # card definition -> `_targets_only_spells`


def _targets_only_spells(defn) -> bool:
    """Does the spell (without modes) have a target phrase that only a spell or ability
    on the stack can answer ('target creature spell': Essence Scatter)? Once per card
    definition."""
    hit = _SPELL_TARGETS.get(defn)
    if hit is None:
        sa = defn.spell
        hit = _SPELL_TARGETS[defn] = sa is not None and not sa.modes and any(
            spec.min and spec.zone == "stack" and not spec.kinds & _PLAYER_KINDS
            for spec in spell_target_specs(defn, ()))
    return hit


_PLAYER_KINDS = frozenset(("player", "opponent", "any"))


def _field_idle(game, player: int) -> bool:
    """Outside sorcery timing, none of the player's permanents' activated abilities but
    mana abilities can be activated now: each is a loyalty ability or one activated only
    as a sorcery (606.3, 117.1a), has {T} in its cost and its permanent can't be tapped
    for it (tapped, or a summoning-sick creature: 302.6, 118.3), or has a mana cost of
    its own (no X, no reduction, not payable with any color) the player can't pay while
    nothing else could make mana (`_mana_alone`; 118.3)."""
    b = game.board                      # board(game), without the call when it is current
    if b is None:
        b = board(game)
    mana = None
    for e, items in b.holders.get(player, ()):
        for _, ab in items:
            if ab.mana or ab.timing == "sorcery" or ab.cost.loyalty is not None:
                continue
            if ab.cost.tap and not costs.can_tap_for_cost(game, e):
                continue
            m = ab.cost.mana
            if m.total and not m.x and not ab.any_color and getattr(ab, "reduction", None) is None:
                if mana is None:
                    mana = _mana_alone(game, player, b)
                if mana is not False and not (feasible_split(mana[0], mana[1], m) if mana[1]
                                              else covers(mana[0], m)):
                    continue
            return False
    return True


def _casts_from_top(game, player) -> bool:
    """May the player cast the top card of their library (with or without an additional
    cost)?"""
    return _plays_top_of_library(game, player) or permissions.casts_top_removing_counter(game, player)


def _plays_top_of_library(game, player) -> bool:
    """A static ability of a permanent `player` controls: 'You may play lands and cast
    spells from the top of your library.'"""
    return bool(statics_with_rule(game, "play_top_of_library", player))


def _casts_free_from_hand(game, player) -> bool:
    """Omniscience-style rules: 'You may cast spells from your hand without paying
    their mana costs.'"""
    return bool(statics_with_rule(game, "cast_from_hand_free", player))


_PLAIN = {}     # card definition -> its mana cost with X = 0 if nothing else limits casting it


def _plain_cost(defn):
    """A spell with no targets, modes, additional or alternative cost and no timing
    restriction of its own is castable exactly when its mana cost can be paid: the
    cost to check (X = 0), else None. Once per card definition."""
    hit = _PLAIN.get(defn, False)
    if hit is False:
        sa = defn.spell
        plain = (sa is None or not (sa.modes or sa.additional_cost or sa.cast_only or sa.targets
                                    or sa.additional_cost_options or sa.exile_from_graveyard)) \
            and defn.alt_cost is None and defn.cost_reduction is None and "Aura" not in defn.subtypes \
            and not defn.keyword_alts
        cost = defn.cost
        hit = _PLAIN[defn] = (cost.with_x(0) if cost.x else cost) if plain else None
    return hit


_FIXED = {}     # card definition -> `_fixed_mana`
_ALTS = {}      # card definition -> its keyword alternative costs (CardDef.keyword_alts)


def _fixed_mana(defn):
    """The mana `fixed_cost` asks for a card cast from the hand with its mana cost while no
    static ability can change costs (no increase, no commander tax: 601.2f): its mana cost
    with X = 0 and its mandatory additional mana; None if the spell reduces its own cost
    (that reads the game). Once per card definition."""
    hit = _FIXED.get(defn, False)
    if hit is False:
        cost = defn.cost
        cost = cost.with_x(0) if cost.x else cost
        add = defn.spell.additional_cost if defn.spell is not None else None
        if add and add.mana.total:
            cost = add_costs(cost, add.mana)
        hit = _FIXED[defn] = cost if defn.cost_reduction is None else None
    return hit


def can_cast(game, player: int, card: int, alt, mana_paid=None) -> bool:
    """Can the player cast the card now, its timing aside (601.2c-h, 601.3)? `mana_paid`
    True: the caller knows the mana of its cost can be paid (`_mana_paid`, with no static
    ability changing rules and no restriction, Silence's included: its `fixed_cost` is
    `_fixed_mana`), for a card in hand."""
    defn = game.world.ents[card][Card].defn
    if mana_paid is True and alt is None:
        bare = _BARE.get(defn)
        if bare is None:
            bare = _BARE[defn] = _bare(defn)
        if bare:
            # (the caller found no restriction nor static ability: nothing below applies
            # but the targets)
            specs = _needed_targets(defn)
            return not specs or _has_targets(game, player, card, specs)
    if restricted(game, player, "cast_spells"):          # Silence (601.3, 101.2)
        return False
    if alt is None and not board(game).rule_statics and not (game.commanders and card in game.command):
        # no cost increase can apply (no static ability, no commander tax: 903.8)
        plain = _plain_cost(defn)
        if plain is not None:
            return plain.total == 0 or costs.can_pay_mana(game, player, plain, spell=game.chars(card))
    # targets must exist (601.2c) — checked with the card's characteristics as source
    specs = _needed_targets(defn)
    if specs and not _has_targets(game, player, card, specs):
        return False
    # 601.2f, 118.3, 118.9: the additional and the alternative cost must be payable in full
    parts = [defn.spell.additional_cost] if defn.spell is not None and defn.spell.additional_cost else []
    if alt == "alt":
        if defn.alt_cost is None:
            return False
        parts.append(defn.alt_cost)
    if alt == "madness" and not any(k.name == "madness" for k in defn.keywords):
        return False
    if alt not in (None, "free", "alt", "madness") and defn.keyword_alt_cost(alt) is None:
        return False
    options = defn.spell.additional_cost_options if defn.spell is not None else ()
    # 118.3: a sacrifice leaves the mana payable (`costs.sacrifices_leaving_mana`)
    # (loops, not generator expressions: in 3.11 each of those is a function call, and this
    # check runs for every castable card at every decision)
    mana = None
    for c in (*parts, *options):
        if c.sacrifice is not None:
            mana = fixed_cost(game, player, card, alt, parts)
            break
    spell = game.chars(card) if mana is not None else None
    life = 0
    for add in parts:
        if not costs.non_mana_payable(game, player, card, add, mana, spell):
            return False
        life += add.life
    if life and life > game.players[player].life:     # 119.4: only a payment above 0
        return False
    if options:                                         # 'A, B, or C': one must be payable
        for c in options:
            if costs.non_mana_payable(game, player, card, c,
                                      None if mana is None else add_costs(mana, c.mana), spell):
                break
        else:
            return False
    exile = defn.spell.exile_from_graveyard if defn.spell is not None else None
    if exile is not None and not costs.graveyard_exile_candidates(game, player, card, exile):
        return False
    if defn.spell is not None and defn.spell.cast_only == "combat" and game.step not in COMBAT_STEPS:
        return False                                    # 'Cast this spell only during combat' (601.3)
    return mana_paid is True or fixed_cost_payable(game, player, card, alt, parts)


_BARE = {}      # card definition -> `_bare`


def _bare(defn) -> bool:
    """Does nothing but its mana cost and its targets limit casting the spell from the hand
    (no additional cost, no exile from a graveyard, no timing of its own: `can_cast`)?"""
    sa = defn.spell
    return sa is None or not (sa.additional_cost or sa.additional_cost_options
                              or sa.exile_from_graveyard or sa.cast_only)


def _can_cast_sacrificing(game, player: int, card: int, alt) -> bool:
    """`can_cast`, by sacrificing a creature too (systems/graveyard_casting.py): one whose
    sacrifice leaves the mana payable (118.3, `costs.sacrifices_leaving_mana`)."""
    return can_cast(game, player, card, alt) and bool(costs.sacrifices_leaving_mana(
        game, player, costs.sacrifice_candidates(game, player, graveyard_casting.SACRIFICE_A_CREATURE),
        1, fixed_cost(game, player, card, alt), spell=game.chars(card)))


COMBAT_STEPS = frozenset(("beginning_of_combat", "declare_attackers", "declare_blockers",
                          "first_strike_damage", "combat_damage", "end_of_combat"))


def fixed_cost(game, player: int, card: int, alt, parts=None):
    """601.2f: the mana to pay for a card before any choice — its mana cost (X = 0), the
    alternative cost or nothing ('free'), plus mandatory additional mana costs and cost
    increases."""
    defn = game.world.ents[card][Card].defn
    if parts is None:
        parts = [defn.spell.additional_cost] if defn.spell is not None and defn.spell.additional_cost else []
        if alt == "alt" and defn.alt_cost is not None:
            parts.append(defn.alt_cost)
    if alt == "madness":
        from mtg_ecs.systems.madness import madness_cost
        cost = madness_cost(defn)
    else:
        cost = ZERO if alt == "free" else defn.alt_cost.mana if alt == "alt" else \
            defn.cost if alt is None else defn.keyword_alt_cost(alt)
    cost = cost.with_x(0) if cost.x else cost
    for add in parts:
        if add.mana.total:
            cost = add_costs(cost, add.mana)
    increase = costs.cost_increase(game, player, game.chars(card)) + commander.tax(game, player, card)
    return costs.with_generic_change(cost, increase, costs.self_reduction(game, player, defn))  # 601.2f


def fixed_cost_payable(game, player, card, alt, parts=None) -> bool:
    cost = fixed_cost(game, player, card, alt, parts)
    return cost.total == 0 or costs.can_pay_mana(game, player, cost, spell=game.chars(card))


def can_activate(game, player: int, eid: int, ab, sorcery_ok: bool, index: int) -> bool:
    """Can the player activate `ab`, the activated ability `index` of `eid`, now?"""
    if ab.timing == "sorcery" and not sorcery_ok:
        return False
    if ab.cost.tap and not costs.can_tap_for_cost(game, eid):
        return False                    # (the commonest no, asked first: 302.6, 118.3)
    if "cant_activate" in game.chars(eid).flags:       # Ice Cage (602.5)
        return False
    rules = game.board                  # board(game), without the call when it is current
    if rules is None:
        rules = board(game)
    if rules.rule_statics and activation_forbidden(game, eid, ab):     # Pithing Needle (602.5)
        return False
    if ab.cost.loyalty is not None:
        # 606.3: sorcery timing, once per turn per permanent
        if not sorcery_ok:
            return False
        la = game.world.get(eid, LoyaltyActivated)
        if la is not None and la.turn == game.turn:
            return False
    if ab.mana:
        # a mana ability is listed only if it can be activated now, on its own (605.3a):
        # its mana cost paid from the pool and by tapping, as activating it alone asks no
        # permanent to sacrifice for mana (a Treasure is activated first, then this)
        mana = costs.ability_mana(ab, ab.cost.mana)
        return costs.can_pay_cost(game, player, eid, ab.cost, mana_cost=mana) and \
            (not mana.total or costs.can_pay_mana_tapping(game, player, mana))
    if not ab.cost.tap_alone and not costs.can_pay_cost(
            game, player, eid, ab.cost, mana_cost=costs.activation_mana(game, player, eid, ab)):
        return False                    # ({T} alone: paid, as checked first)
    return not ab.targets or _has_targets(game, player, eid, ab.targets, index)


def _matches(action, options) -> bool:
    """Is `action` (not one of `options` itself) equal to one of them?"""
    if isinstance(action, Cast):
        return action.base() in options
    if isinstance(action, Activate):
        return action.base() in options
    return action in options


def needs_rewind(action) -> bool:
    """Casting and activating with choices given up front can fail after the card
    moved to the stack (those choices are checked in order, 601.2); without them,
    every choice is asked and checked before anything changes, and the action is
    offered only if its costs can be paid."""
    t = type(action)
    if t is Pass:
        return False                    # (the commonest answer)
    if t is Cast or isinstance(action, Cast):
        return not (action.targets is None and action.modes is None and action.x is None
                    and action.divide is None and action.pay is None and action.mana is None)
    if t is Activate or isinstance(action, Activate):
        return not (action.targets is None and action.x is None and action.divide is None
                    and action.pay is None and action.mana is None and action.choice is None)
    return False


def take_action(game, player: int, action) -> None:
    d = game.pending
    if d is None or d.kind != "priority" or d.player != player:
        raise IllegalAction(f"p{player} doesn't have priority")
    for o in d.options:
        if o is action:
            break                       # one of the options itself (agents answer so)
    else:
        if isinstance(getattr(action, "source" if isinstance(action, Activate) else "card", None), bool):
            raise IllegalAction(f"malformed action {action!r}: objects are entity ids, not booleans")
        if not _matches(action, d.options):
            raise IllegalAction(f"illegal action for p{player} now: {describe(game, action)}"
                                f"{_refusal(game, player, action)}")
    if isinstance(action, Pass):
        pass_priority(game, player)
        return
    game.passes = 0
    if isinstance(action, PlayLand):
        p = game.players[player]
        if game.play_permissions and game.zone_of(action.card) != "hand":
            permissions.used(game, action.card)
        p.lands_played += 1
        new = zones.put_onto_battlefield(game, action.card, controller=player, cause="play")
        if new is None:
            game.touch()            # a land Aura with nothing to enchant stays (303.4g): the play is used
        if game.hears("land_played"):
            game.emit("land_played", eid=new, player=player)
        return
    if isinstance(action, Cast):
        task = CastTask(player, action)
        b = game.board if game.board is not None else board(game)
        if b.rule_statics:
            # cast from the graveyard with a permanent's permission (Maestros Ascendancy)
            task.granted_by = graveyard_casting.granter_for(game, player, action.card)
            if permissions.top_cast_by_counter(game, player, action.card):
                task.by_counter = True  # the permission's additional cost (Falco Spara, 601.2f)
        game.agenda.append(task)
        return
    if isinstance(action, Activate):
        abilities = costs.activated_abilities(game, action.source)
        ab = abilities[action.index]
        if ab.mana:
            choice = 0
            if action.choice is None and len(ab.mana) > 1:
                # which mana it makes is the player's choice (605.3b): ask
                game.agenda.append(ManaChoiceTask(player, action.source, action.index, ab))
                return
            if action.choice is not None:
                letter = str(action.choice).upper()
                choice = None
                for i, m in enumerate(ab.mana):
                    if letter in IDX and m[IDX[letter]]:
                        choice = i
                        break
                if choice is None:
                    raise IllegalAction(f"{game.name(action.source)} can't make {action.choice}")
            costs.activate_mana_ability(game, player, action.source, action.index, choice)
            return
        game.agenda.append(ActivateTask(player, action, ab))
        return
    raise IllegalAction(f"unknown action {action!r}")


class ManaChoiceTask:
    """A mana ability that can make several kinds of mana, activated on its own:
    its controller chooses which (a `mana_choice` decision, answered 'B', 'R', ...)."""

    __slots__ = ("player", "source", "index", "letters", "done")
    needs_rewind = True

    def __init__(self, player, source, index, ability):
        self.player = player
        self.source = source
        self.index = index
        self.letters = [_letters(m) for m in ability.mana]
        self.done = False

    def player_left(self, game, player: int) -> bool:
        return self.player == player                # 800.4a: nothing more to choose

    def copy(self):
        t = ManaChoiceTask.__new__(ManaChoiceTask)
        t.player = self.player
        t.source = self.source
        t.index = self.index
        t.letters = self.letters        # never changed after it is made
        t.done = self.done
        return t

    def run(self, game):
        if self.done:
            return None
        return Decision("mana_choice", self.player, list(self.letters), prompt="which mana?")

    def answer(self, game, decision, answer):
        a = str(answer).upper().strip("{}")
        if a not in self.letters:
            raise IllegalAction(f"{game.name(self.source)} can't make {answer} (choose {self.letters})")
        costs.activate_mana_ability(game, self.player, self.source, self.index,
                                    self.letters.index(a))
        self.done = True


def _letters(pool) -> str:
    return "".join(COLORS[i] * n for i, n in enumerate(pool))


def auto_pass_round(game, player: int):
    """Auto-pass (`Game(auto_pass=True)`): pass for `player`, then for the next player,
    while passing is all the player holding priority can do (`only_pass`). A pass
    changes only who holds priority (117.3d), so what the checks before priority read
    (117.5) is unchanged for the next player. Returns the player to ask, or None when
    every player passed (117.4: the top of the stack resolves or the step ends)."""
    if game.stack or game.step not in MAIN_PHASES:
        # nobody has sorcery timing (117.1a): if no player can do anything, each passes
        # in turn and the round ends
        hit = game.quiet_cache                           # everyone_idle, inline
        if hit[0] != game.cversion or hit[1] != game.zversion:
            hit = _quiet_all(game)
        if hit[2] or not game.teams and (hit[4] and not game.stack or _each_idle(game)):
            game.passes = 0
            game.priority = None
            if game.stack:
                game.agenda.append(ResolveTask(game.stack[-1]))          # 608.1
            return None
    players = game.players
    living = None           # counted at the first pass (a pass changes no player's status)
    while only_pass(game, player):
        if living is None:
            living = 0
            for q in players:
                if not q.lost:
                    living += 1
            n = len(players)
        passes = game.passes = game.passes + 1             # pass_priority, inline
        if passes >= living:
            game.passes = 0
            game.priority = None
            if game.stack:
                game.agenda.append(ResolveTask(game.stack[-1]))          # 608.1
            return None
        if game.teams:
            q = next_priority(game, player)                      # 805.5
        else:
            for i in range(1, n + 1):                            # game.next_player
                q = (player + i) % n
                if not players[q].lost:
                    break
            else:
                q = player
        player = game.priority = q
    return player


def _quiet_all(game) -> tuple:
    """The `quiet_cache` entry: (cversion, zversion, every player still in the game can
    do nothing at instant speed but pass: `_hand_state`, the cards in their hands if so,
    every one of them can't while the stack is empty: `_hand_state`'s `still`)."""
    cversion = game.cversion
    old = game.quiet_cache
    if old[0] == cversion and old[2]:
        b = game.board                  # board(game), without the call when it is current
        if b is None:
            b = board(game)
        if not b.holders and not b.rule_statics and not game.play_permissions and not game.graveyard_abilities \
                and not game.commanders:
            # with no activated ability but mana abilities on the battlefield and no
            # static ability, only an instant, a flash card or a hand ability lets a player
            # act at instant speed (117.1a, 702.8a, 702.29a). The cards in hand at the
            # last check were none, with the same characteristics (cversion: a card's
            # entry in `_hand_cards` is as it was): only cards new to a hand need a look.
            known = old[3]
            cards = None
            for q in game.players:
                if not q.lost and not known.issuperset(q.hand):
                    for c in q.hand:
                        if c not in known:
                            if cards is None:
                                cards = _hand_cards(game)
                            info = cards.get(c)
                            if info is None:
                                info = _card_info(game, c, cards)
                            if info[0] or info[1]:
                                # (`still` not worked out: False sends its readers to
                                # each player's own check, which answers exactly)
                                hit = game.quiet_cache = (cversion, game.zversion, False, None, False)
                                return hit
                            known.add(c)        # (known: quiet cards at this cversion)
            hit = game.quiet_cache = (cversion, game.zversion, True, known, True)
            return hit
    cache = game.instant_cache
    quiet = still = True
    for q in game.players:
        if not q.lost:
            hit = cache[q.index]
            if hit is None or hit[0] != cversion or hit[1] != game.zversion:
                hit = _hand_state(game, q.index)
            if not hit[7]:
                quiet = still = False
                break
            if not hit[3]:
                quiet = False
    # every card in a hand of a player still in the game is quiet, if they all are
    known = None
    if quiet:
        known = set()
        for q in game.players:
            if not q.lost:
                known.update(q.hand)
    hit = game.quiet_cache = (cversion, game.zversion, quiet, known, still)
    return hit


def pass_priority(game, player: int) -> None:
    """CR 117.3d, 117.4: the next player gets priority; when all have passed in
    succession the top of the stack resolves, or the step ends if it is empty."""
    passes = game.passes = game.passes + 1
    living = 0
    for q in game.players:
        if not q.lost:
            living += 1
    if passes >= living:
        game.passes = 0
        game.priority = None
        if game.stack:
            game.agenda.append(ResolveTask(game.stack[-1]))          # 608.1
        # else 500.2: the step ends
    elif game.teams:
        game.priority = next_priority(game, player)                 # 805.5
    else:
        game.priority = game.next_player(player)


def _refusal(game, player: int, action) -> str:
    """Why an action isn't among the legal ones (': reason', or '' if no single reason
    is found), for the message of the refusal."""
    if not isinstance(action, (Pass, PlayLand, Cast, Activate)):
        return " (a priority answer is Pass(), PlayLand(card), Cast(card, ...) or Activate(source, index, ...))"
    if isinstance(action, Pass):
        return ""
    obj = action.source if isinstance(action, Activate) else action.card
    if not game.exists(obj):
        return f": {obj!r} is no object in the game"
    name = game.name(obj)
    p = game.players[player]
    ch = game.chars(obj)
    timing = sorcery_timing(game, player)
    elsewhere = obj not in p.hand and game.play_permissions and permissions.permitted(game, player, obj)
    command = game.commanders and obj in game.command and game.owner(obj) == player and \
        commander.is_commander(game, obj)                                   # 903.8
    elsewhere = elsewhere or command
    if isinstance(action, PlayLand):
        if obj not in p.hand and not elsewhere and not (
                _plays_top_of_library(game, player) and p.library and p.library[-1] == obj):
            return f": {name} is not in p{player}'s hand (CR 305.1)"
        if "Land" not in ch.types:
            return f": {name} is not a land (CR 305.1)"
        if not timing:
            return (": a land can be played only in your own main phase while the stack is "
                    "empty (CR 305.1, 116.2a)")
        if p.lands_played >= p.land_plays:
            return f": p{player} has already played {p.lands_played} land(s) this turn (CR 305.2)"
        return ""
    if isinstance(action, Cast):
        if obj not in p.hand and not elsewhere and not (
                _casts_from_top(game, player) and p.library and p.library[-1] == obj):
            return (f": {name} is not in p{player}'s hand, and no effect lets p{player} cast it "
                    f"from the {game.zone_of(obj)} now (CR 601.2a, 601.3)")
        if "Land" in ch.types:
            return f": {name} is a land: it is played, not cast (CR 305.9)"
        if not (timing or flash.any_time(game, player, ch)):
            return (f": {name} is not an instant and has no flash: it can be cast only in your "
                    "own main phase while the stack is empty (CR 117.1a, 307.1)")
        if restricted(game, player, "cast_spells"):
            return f": p{player} can't cast spells this turn (CR 101.2)"
        defn = ch.defn
        if action.alt is None and not costs.can_pay_mana(
                game, player, defn.cost.with_x(0) if defn.cost.x else defn.cost, spell=ch):
            return f": p{player} can't pay its mana cost {defn.cost} (CR 601.2g-h)"
        if command and not fixed_cost_payable(game, player, obj, action.alt):
            return (f": p{player} can't pay its cost and the commander tax of "
                    f"{{{commander.tax(game, player, obj)}}} (CR 903.8, 601.2f)")
        if not can_cast(game, player, obj, action.alt):
            return ": a choice it needs (a target, an additional cost) can't be made (CR 601.2c, 601.2f)"
        return ""
    abilities = costs.activated_abilities(game, obj)
    if not isinstance(action.index, int) or isinstance(action.index, bool) \
            or not 0 <= action.index < len(abilities):
        return f": {name} has no activated ability {action.index!r} (CR 602.1)"
    ab = abilities[action.index]
    if ch.controller != player and ab.zone == "battlefield":
        return f": p{player} doesn't control {name} (CR 602.2)"
    if (ab.timing == "sorcery" or ab.cost.loyalty is not None) and not timing:
        return (": it can be activated only as a sorcery: in your own main phase while the "
                "stack is empty (CR 602.5d, 606.3)")
    if not costs.can_pay_cost(game, player, obj, ab.cost, mana_cost=costs.activation_mana(game, player, obj, ab)):
        return f": p{player} can't pay its cost (CR 602.2b, 601.2g-h)"
    return ""


def describe(game, action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, PlayLand):
        return f"play {game.name(action.card)}"
    if isinstance(action, Cast):
        return f"cast {game.name(action.card)}" + (f" ({action.alt})" if action.alt else "")
    if isinstance(action, Activate):
        return f"activate {game.name(action.source)}:{action.index}"
    return repr(action)
