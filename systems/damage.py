"""Damage, life and poison (CR 119, 120).

All damage in one batch is dealt simultaneously (510.2 for combat damage): it is
prevented first (615), then results are applied together, lifelink gains (702.15b)
happen with the damage, and the events are announced for triggers afterwards.
"""
from __future__ import annotations

from mtg_ecs.components import Damage
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems.replacement import prevent_damage, protection_prevents, replacing_statics
from mtg_ecs.systems import commander, shield
from mtg_ecs.systems.statics import rule_in_effect
from mtg_ecs.systems.teams import share_life, shares_resources
from mtg_ecs.systems.zones import remove_counters


def deal(game, batch, combat: bool = False, orders=None, plain=None) -> list:
    """`batch`: list of (source entity, source chars, recipient, amount); `orders`:
    event index -> prevention effects in the order the affected player chose (616.1,
    see `replacement.order_decision`); `plain`: True if the caller found no shield, no
    static replacement or prevention effect and no shield counter just before (None:
    not known). Returns the list of (source, source chars, recipient, amount dealt)."""
    skips = {}
    if game.shields:                                        # a redirection is a shield
        from mtg_ecs.systems import redirect
        batch = redirect.apply(game, batch, consume=True, orders=orders, skips=skips,
                               combat=combat)               # 614.9 redirection (Harm's Way)
    dealt = []
    # prevent_damage's own first test (615): with no shield, no static replacement or
    # prevention effect and no shield counter only protection can prevent damage, and then
    # nothing changes (checked again after any event that went through the full path)
    if not plain:
        plain = not game.shields and not replacing_statics(game) and not shield.anywhere(game)
    allc = game.all_chars()             # (current: the board index was just read)
    spent = {}                          # permanents whose shield counters prevented damage
    for i, item in enumerate(batch):
        src, sc, target, amount = item
        if amount <= 0:
            continue
        if plain and (isinstance(target, PlayerRef) or (target in allc and not allc[target].keywords)
                      or not protection_prevents(game, sc, target)):
            dealt.append(item)          # (a permanent with no keyword has no protection: 702.16)
            continue
        n = prevent_damage(game, src, sc, target, amount, combat,
                           orders.get(i, ()) if orders else (), skip=skips.get(i, ()), spent=spent)
        plain = not game.shields and not replacing_statics(game) and not shield.anywhere(game)
        allc = game.all_chars()
        if n > 0:
            dealt.append((src, sc, target, n))
    for e in spent:                     # one counter per damage event (122.1c; 002 §2.6 #3)
        shield.remove_one(game, e)
    gains = {}
    battlefield = game.battlefield
    ents = game.world.ents
    # a check of state-based actions that found none still finds none if this event only
    # marked damage on creatures, each below its toughness and none from deathtouch
    # (704.5g-h): each such mark is one `sversion` step, anything else more
    clean = game.sba_clean == game.sversion
    before = game.sversion
    marks = 0
    for src, sc, target, n in dealt:
        if isinstance(target, PlayerRef):
            lose_life(game, target.index, n, from_damage=True)          # 120.3a
            if combat and game.commanders:
                commander.combat_damage(game, src, target.index, n)     # 704.6c, 903.10a
        elif target in battlefield:     # (an object, no PlayerRef: it exists if there)
            tc = game.chars(target)
            if not combat and target not in game.noncombat_damaged:
                game.noncombat_damaged += (target,)
            if "Planeswalker" in tc.types:                             # 120.3c
                remove_counters(game, target, "loyalty", n)
            if "Creature" in tc.types:                                 # 120.3e
                d = ents[target].get(Damage)
                deathtouch = sc.has("deathtouch") if sc.keywords else False
                marked = n
                if d is not None:
                    marked += d.amount
                    deathtouch = deathtouch or d.deathtouch
                game.set(target, Damage(marked, deathtouch))
                t = tc.toughness
                if not deathtouch and t is not None and marked < t:
                    marks += 1
        if sc.keywords and sc.has("lifelink"):                         # 702.15b
            # one life-gain event per source (119.10, 702.15b)
            gains[(src, sc.controller)] = gains.get((src, sc.controller), 0) + n
    for (_, p), n in gains.items():
        gain_life(game, p, n)
    if game.hears("damage"):            # else no emit below does anything
        own = _heard_sources(game)
        for src, sc, target, n in dealt:
            if own is None or src in own:
                game.emit("damage", source=src, target=target, amount=n, combat=combat,
                          source_controller=sc.controller)
    if clean and marks and game.sversion == before + marks:
        game.sba_clean = game.sversion
    return dealt


def _heard_sources(game):
    """The sources whose damage events something could hear, when `game.hears("damage")`:
    None for any (the log is kept, events are collected, a delayed ability waits, or an
    ability on the battlefield watches damage from others); else the sources of the
    abilities watching for damage, each of which matches only its own source's
    (`Trigger.source_only`: Scroll Thief), so no other source's event could trigger one."""
    b = game.board
    if b is None or game.log_enabled or game.event_batch is not None or game.delayed:
        return None
    own = []
    for e, _, _, ab in b.watch["damage"]:      # (hears: some ability watches for it)
        if not ab.trigger.source_only:
            return None
        own.append(e)
    return own


def lose_life(game, player: int, n: int, from_damage: bool = False) -> None:
    """CR 119.3. Losing life isn't damage and isn't prevented (unless from damage)."""
    if n <= 0:
        return
    p = game.players[player]
    p.life -= n
    p.life_lost_turn += n
    _life_changed(game, p)
    if game.log_enabled:                # (triggers.LOG_ONLY)
        game.emit("life_loss", player=player, amount=n, damage=from_damage)


def _life_changed(game, p) -> None:
    """A life total changed: a state-based action can apply only at 0 or less (704.5a).
    In Two-Headed Giant the change is the team's shared total's (810.9)."""
    if game.teams and shares_resources(game):
        share_life(game, p.index)
    if p.life > 0:
        game.touch_hidden()
    else:
        game.touch()


def gain_life(game, player: int, n: int) -> None:
    """CR 119.9 (a gain of 0 is no event); 119.7: an effect that says a player can't
    gain life makes the gain do nothing (no event)."""
    if n <= 0:
        return
    if rule_in_effect(game, "players_cant_gain_life"):
        return
    p = game.players[player]
    p.life += n
    p.life_gained_turn += n
    _life_changed(game, p)
    if game.hears("life_gain"):
        game.emit("life_gain", player=player, amount=n)


def pay_life(game, player: int, n: int) -> None:
    """CR 119.4: possible only if life >= n; it is not damage or loss prevention-able."""
    p = game.players[player]
    p.life -= n
    p.life_lost_turn += n
    _life_changed(game, p)
    if game.log_enabled:                # (triggers.LOG_ONLY)
        game.emit("life_loss", player=player, amount=n, damage=False)


def dealt_noncombat_damage_this_turn(game, eid) -> bool:
    """'If it was dealt noncombat damage this turn' (Grisly Sigil): this object, since it
    is on the battlefield (400.7)."""
    return eid in game.noncombat_damaged
