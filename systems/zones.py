"""Zones and zone changes (CR 400-408) and the keyword actions that move cards
(701: destroy, sacrifice, exile, discard, draw, shuffle, reveal).

An object that changes zones becomes a new object with no memory of its
previous existence (CR 400.7): a new entity is created and the old one is
deleted after its last known information is saved for look-back.
"""
from __future__ import annotations

from mtg_ecs.components import (Card, Owner, Zone, Tapped, Counters, Attached,
                        Attacking, Blocking, Spell, StackAbility, RegenerationShields, Damage,
                        EnteredWithX, Chosen, zone_of, TAPPED)
from mtg_ecs.components import CopyOf, PLAYER_ZONES, timestamp_at, controller_since
from mtg_ecs.systems.knowledge import HIDDEN
from mtg_ecs.systems import knowledge, replacement, shield
from mtg_ecs.systems.durations import source_gone
from mtg_ecs.systems.token_creation import counters_entering, counters_placed


def move(game, eid: int, to: str, position: str = "top", controller: int | None = None,
         tapped: bool = False, attach_to=None, cause: str | None = None, counters=None,
         x: int | None = None, face_up_reveal: bool = False, by: int | None = None,
         order=(), report: dict | None = None, lki_saved: bool = False):
    """Move an object to a zone; returns the new object's entity (or None if it
    ceased to exist / stayed). (Callers name every argument after `to`; they aren't
    keyword-only because a call then looks up each one left out in a dict of defaults,
    ~1.5 k instructions a move, where other defaults are copied from a tuple.)
    Replacement effects on the move apply first (614), in
    `order` (sids the affected player chose, 616.1); `by`: the player whose spell or
    ability causes the move, where an effect asks (a discard: systems/discard.py).
    `lki_saved`: the caller saved the permanent's last known information just before the
    event that moves it with others began (603.10a, 608.2h: not again here, after the
    others left)."""
    world = game.world
    comps = world.ents.get(eid)
    if comps is None:
        return None
    card = comps[Card]
    zone = comps[Zone]
    frm = zone.name
    owner_comp = comps[Owner]
    owner = owner_comp.player
    if card.token and frm != "battlefield" and frm != "stack" and cause != "cast":
        return None                         # CR 111.8: it stays where it is (a copy of a card
                                            # is cast from where it was made: 707.12)
    if report is not None or replacement.could_replace_move(game, card.defn):
        ev = {"eid": eid, "from": frm, "to": to, "position": position, "cause": cause,
              "tapped": tapped, "controller": controller, "shuffle": False, "reveal": False,
              "x": x, "counters": dict(counters or {}), "by": by, "order": order}
        replacement.zone_change(game, ev)
        if report is not None:
            report.update(ev)               # what the replacement effects made of the event
        if ev["reveal"]:
            game.emit("reveal", eid=eid)
        counters = ev["counters"]
        to = ev["to"]
        position = ev["position"]
        tapped = ev["tapped"]
    else:
        ev = None                           # nothing can replace this move (614)
    if counters and to == "battlefield":
        # entering with counters: replacement effects on putting counters (Doubling Season)
        ctl = controller if controller is not None else owner
        # (a loop: a comprehension would make `game` and `ctl` cells at every move, 3.11)
        entering = {}
        for k, v in counters.items():
            entering[k] = counters_entering(game, ctl, v)
        counters = entering
    aura_among = None
    if to == "battlefield" and frm != "battlefield" and attach_to is None and \
            "Aura" in (ev.get("copy_of") if ev is not None and ev.get("copy_of") is not None
                       else card.defn).subtypes:
        # CR 303.4f-g: an Aura entering without being cast, no choice made for it by the
        # effect (a land played, 'put it onto the battlefield instead'): with nothing it could
        # enchant it doesn't enter; otherwise its controller chooses right after this event
        from mtg_ecs.systems.auras import unprepared_entry
        ctl = controller if controller is not None else owner
        instead = unprepared_entry(game, eid, game.chars(eid), ctl, frm)
        if instead == frm:
            return None                     # CR 303.4g: it stays in its zone
        if instead is not None:
            to = instead                    # CR 303.4g: from the stack, its owner's graveyard
            position = "top"
        else:
            aura_among = getattr(game, "together_before", None)
            if aura_among is None:
                aura_among = frozenset(game.battlefield)
    if frm == "battlefield":
        _leave_battlefield(game, eid, lki_saved and eid in game.lki)
    elif frm == "stack" or ((game.stack or game.pending_triggers or game.agenda)
                            and _is_ability_source(game, eid)):
        # a spell's last known information, or that of the source of an ability on the
        # stack or waiting to be put there, which still uses it (608.2h, 113.7a)
        game.snapshot_lki(eid)
    src = getattr(game.players[zone.player], frm) if frm in PLAYER_ZONES else getattr(game, frm)
    if src and src[-1] == eid:                      # game.remove_from_zone: the last object
        src.pop()                                   # (a library's top card: a draw)
        game.zversion += 1
    elif eid in src:
        src.remove(eid)
        game.zversion += 1
    # immutable values: the new object shares them (Card, Owner, Zone: first, as `create`
    # would put them; the world doesn't index them, core.world)
    head = {Card: card, Owner: owner_comp, Zone: zone_of(to, owner if to in PLAYER_ZONES else None)}
    if to == "battlefield":
        clock = game.clock = game.clock + 1                 # game.tick()
        new_comps = [timestamp_at(clock), controller_since(controller if controller is not None else owner, clock)]
        if tapped:
            new_comps.append(TAPPED)
        if counters:
            new_comps.append(Counters(tuple(sorted(counters.items()))))
        if attach_to is not None:
            new_comps.append(Attached(attach_to))
        if x is not None:
            new_comps.append(EnteredWithX(x))
        if ev is not None and ev.get("copy_of") is not None:      # 707.2: 'enter as a copy'
            new_comps.append(CopyOf(ev["copy_of"]))
    elif to == "stack":
        clock = game.clock = game.clock + 1                 # game.tick()
        new_comps = (timestamp_at(clock), controller_since(controller if controller is not None else owner, clock))
    else:
        new_comps = ()
    new = world.recreate_headed(eid, head, new_comps)     # the old object is gone (400.7)
    game.card_entity[card.card_id] = new
    if frm in HIDDEN or to in HIDDEN:
        knowledge.moved(game, eid, new, frm, to, owner)     # who knows which card it is
    if game.commanders and (to == "graveyard" or to == "exile") and card.card_id in game.commanders:
        game.sversion += 1                  # 903.9a: a commander's return may apply
    if card.token and to != "battlefield" and to != "stack":
        # a token goes to the new zone and ceases to exist at the next SBA check (111.7, 704.5d);
        # a copy of a card cast (707.12) is a spell until it leaves the stack
        game.token_limbo.add(new)
    lst = getattr(game.players[owner], to) if to in PLAYER_ZONES else getattr(game, to)
    if to != "library" or position == "top":
        lst.append(new)
    elif position == "bottom":
        lst.insert(0, new)
    elif isinstance(position, int):
        lst.insert(len(lst) - position, new)
    else:
        lst.append(new)
    game.zones_changed(eid if frm == "battlefield" else None,
                       new if to == "battlefield" else None, card.token)
    if frm == "battlefield" and to == "graveyard":
        lk = game.lki.get(eid)
        if lk is not None and "Artifact" in lk.types:
            # 'artifacts that were put into graveyards from the battlefield this turn', tokens
            # too (111.7: they go there before ceasing to exist; 002 Structural Assault R1)
            game.artifacts_to_graveyard_turn += 1
    if ev is not None:
        if ev["shuffle"]:
            shuffle(game, owner)
        for hook in ev.get("after_enter", ()):      # "as ~ enters" choices (systems/entering.py)
            hook(game, new)
    if aura_among is not None and to == "battlefield":
        from mtg_ecs.systems.auras import AttachAsEntersTask
        from mtg_ecs.systems.entering import schedule
        schedule(game, AttachAsEntersTask(new, aura_among))     # CR 303.4f
    if game.hears_zone_change(eid, frm, to, new):
        lk = game.lki.get(eid)
        old_ctl = lk.controller if lk is not None else owner
        sp = comps.get(Spell)       # (the old object's components, still readable)
        cast_from = sp.cast_from if sp is not None else None   # a resolving spell: where it was cast from
        game.emit("zone_change", old=eid, new=new, frm=frm, to=to, owner=owner,
                  controller=old_ctl, cause=cause, card=card.card_id, cast_from=cast_from)
    if frm == "battlefield" and game.exiled_until:
        _return_exiled(game, eid)
    return new


def leave_the_game(game, eid: int, lki_saved: bool = False) -> None:
    """800.4a: the object leaves the game with its owner: no zone change to another zone, it
    ceases to be in any. A permanent leaves the battlefield as it does (603.6c: its
    leaves-the-battlefield abilities trigger; 'for as long as' durations end; the cards
    exiled until it leaves return, 610.3c). `lki_saved`: as `move`. Nothing can replace it
    (614: it is no zone change)."""
    comps = game.world.ents[eid]
    if eid not in game.battlefield:        # (a phased-out permanent too: 603.6c, 702.26b)
        game.remove_from_zone(eid)
        game.token_limbo.discard(eid)
        game.world.delete(eid)
        game.zones_changed()
        return
    _leave_battlefield(game, eid, lki_saved and eid in game.lki)
    owner, card = comps[Owner].player, comps[Card].card_id
    game.world.delete(eid)
    game.zones_changed(eid, None)
    if game.hears_zone_change(eid, "battlefield"):
        lk = game.lki.get(eid)
        game.emit("zone_change", old=eid, new=None, frm="battlefield", to="gone", owner=owner,
                  controller=lk.controller if lk is not None else owner, cause="left_game",
                  card=card, cast_from=None)
    if game.exiled_until:
        _return_exiled(game, eid)


def _return_exiled(game, source: int) -> None:
    """610.3c: the cards exiled 'until <source> leaves the battlefield' return to the
    battlefield under their owners' control as it leaves (systems/until_leaves.py); the
    delayed ability watching for them ('this way') has nothing more to see."""
    links = [r for r in game.exiled_until if r[0] == source]
    if not links:
        return
    game.exiled_until = tuple(r for r in game.exiled_until if r[0] != source)
    for _, _, ids in links:
        for cid in ids:
            e = game.card_entity.get(cid)
            if e is not None and game.exists(e) and game.zone_of(e) == "exile":
                put_onto_battlefield(game, e, cause="until_leaves")
    game.delayed = [dt for dt in game.delayed if getattr(dt.trigger, "link", None) != source]
    game.version += 1


def _is_ability_source(game, eid: int) -> bool:
    for e in game.stack:
        sa = game.world.ents[e].get(StackAbility)
        if sa is not None and sa.source == eid:
            return True
    for tr in game.pending_triggers:
        if tr.source == eid:
            return True
    for t in game.agenda:
        for grp in getattr(t, "groups", None) or ():
            if isinstance(grp, list):
                for tr in grp:
                    if getattr(tr, "source", None) == eid:
                        return True
    return False


def _leave_battlefield(game, eid: int, lki_saved: bool = False) -> None:
    """Save LKI (unless `lki_saved`: saved before the event began) and take the object
    off the battlefield. Whatever was attached to it stays 'attached' to a gone object
    until the next state-based action check (704.5m/n); blockers stay blocking and
    attackers stay blocked (509.1h)."""
    if lki_saved:
        pass
    elif game.together_before is not None:
        # one event moving several permanents (systems/together.py): each one's last known
        # information is the board just before the event, not after the others left (a
        # lord's bonus to creatures destroyed with it, 603.10a, 608.2h)
        before = game.together_chars
        if before is None:
            before = game.together_chars = dict(game.all_chars())
        game.snapshot_lki(eid, before.get(eid))
    else:
        game.snapshot_lki(eid)
    game.battlefield.remove(eid)
    source_gone(game, eid)                  # 611.2b: 'for as long as' durations end


def put_onto_battlefield(game, eid: int, controller: int | None = None, tapped: bool = False,
                         attach_to=None, cause=None, x=None, counters=None) -> int | None:
    """CR 110.2, 303.4, 306.5b: the object enters (with loyalty counters if a planeswalker,
    and the `counters` {kind: n} an effect puts it onto the battlefield with, 122.6)."""
    defn = game.world.ents[eid][Card].defn
    counters = dict(counters) if counters else None
    if "Planeswalker" in defn.types and defn.loyalty is not None:
        counters = dict(counters or {}, loyalty=defn.loyalty)
    return move(game, eid, "battlefield", controller=controller, tapped=tapped,
                attach_to=attach_to, cause=cause, counters=counters, x=x)


def shuffle(game, player: int) -> None:
    """CR 701.20: a uniformly random order from the game's seeded RNG."""
    knowledge.shuffled(game, player)
    game.rng.shuffle(game.players[player].library)
    game.touch_hidden()
    game.emit("shuffle", player=player)


def draw(game, player: int, n: int = 1) -> int:
    """CR 121. Drawing from an empty library makes the player lose at the next
    state-based action check (704.5b). Returns how many were drawn."""
    p = game.players[player]
    lib = p.library
    world = game.world
    drawn = 0
    for _ in range(n):
        if replacement.skip_draw(game, player):
            continue
        if not lib:
            p.drew_from_empty = True
            game.touch()
            game.emit("draw_empty", player=player)
            continue
        top = lib[-1]
        comps = world.ents[top]
        card = comps[Card]
        if card.token or replacement.could_replace_move(game, card.defn):
            quiet = False
        else:
            # nothing hears the zone change or the draw (`Game.hears`,
            # `Game.hears_zone_change`) and characteristics stay current (the test of
            # `Game.zones_changed`: no effect reads outside the battlefield);
            # could_replace_move built the board
            b = game.board
            quiet = (b is not None and not game.log_enabled and game.event_batch is None
                     and not game.delayed and ("hand" not in b.move_to and None not in b.move_to
                                               or not b.watches_move("library", "hand"))
                     and "draw" not in b.watch and game.chars_version == game.cversion
                     and game.chars_closed)
        if quiet:
            # what `move` does with the card (CR 121.1; 400.7: a new object in its owner's hand)
            if (game.stack or game.pending_triggers or game.agenda) and \
                    _is_ability_source(game, top):
                game.snapshot_lki(top)              # (608.2h, 113.7a: as `move`)
            lib.pop()
            owner_comp = comps[Owner]
            owner = owner_comp.player
            new = world.recreate_headed(top, {Card: card, Owner: owner_comp,
                                              Zone: zone_of("hand", owner)})
            game.card_entity[card.card_id] = new
            game.players[owner].hand.append(new)
            if game.known:
                knowledge.moved(game, top, new, "library", "hand", owner)
            game.zversion += 2                      # the library's and `zones_changed`'s
            game.changes += 1                       # `zones_changed`, nothing moved on the
            if game.offfield_cache:                 # battlefield and characteristics current
                game.offfield_cache = {}
            p.cards_drawn_turn += 1
            drawn += 1
        else:
            new = move(game, top, "hand", cause="draw")
            p.cards_drawn_turn += 1
            drawn += 1
            if game.hears("draw"):
                game.emit("draw", player=player, card=new)
    return drawn


def discard(game, player: int, card: int, by: int | None = None, order=()) -> int | None:
    """CR 701.9: put a card from its owner's hand into the graveyard — or wherever a
    replacement effect puts it instead; it is discarded either way (the 'discard' event).
    `by`: the controller of the spell or ability that makes the player discard (the
    player for a cost; None for the cleanup step's game rule, 514.1)."""
    chars = game.chars(card)          # what the discarded card was, wherever it goes (608.2h)
    card_id = game.world.ents[card][Card].card_id
    rep = {}
    new = move(game, card, "graveyard", cause="discard", by=by, order=order, report=rep)
    game.emit("discard", player=player, card=new, chars=chars, by=by)
    if rep.get("madness") and new is not None:            # 702.35a: exiled this way
        from mtg_ecs.systems import madness
        madness.exiled(game, game.owner(new), new, card_id)
    return new


def destroy(game, eid: int, cause: str = "destroy", regenerate: bool = True,
            regeneration_first: bool = False) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard — unless it is
    indestructible (702.12b), or a shield counter (122.1c) or a regeneration shield
    replaces it (701.19; not when 'it can't be regenerated', 701.19c). Only effects
    call it: state-based actions destroy with `destroy_many(by_effect=False)`."""
    if eid not in game.battlefield:
        return False
    c = game.chars(eid)
    if c.has("indestructible"):
        return False
    if not regeneration_first and shield.replaces_destruction(game, eid):
        return False                    # (616.1: the controller's choice, shield.destruction_order)
    shields = game.world.get(eid, RegenerationShields)
    if regenerate and shields is not None and shields.count > 0:
        regenerate_now(game, eid, shields)
        return False
    move(game, eid, "graveyard", cause=cause)
    return True


def regenerate_now(game, eid: int, shields) -> None:
    """CR 701.19a: the shield is used up; tap it, remove all damage, remove it from combat."""
    if shields.count > 1:
        game.set(eid, RegenerationShields(shields.count - 1))
    else:
        game.unset(eid, RegenerationShields)
    game.set(eid, TAPPED)
    game.unset(eid, Damage)
    remove_from_combat(game, eid)
    game.emit("regenerate", eid=eid)


def remove_from_combat(game, eid: int) -> None:
    """CR 506.4: it stops being attacking/blocking; an attacker it blocked stays blocked;
    a planeswalker it was stops being attacked (systems/combat.py)."""
    from mtg_ecs.systems.combat import remove_from_combat as remove
    remove(game, eid)


def sacrifice(game, eid: int, order=()) -> int | None:
    """CR 701.17: not a destruction: regeneration and indestructible don't apply."""
    return move(game, eid, "graveyard", cause="sacrifice", order=order)


def exile(game, eid: int) -> int | None:
    return move(game, eid, "exile", cause="exile")


def bounce(game, eid: int) -> int | None:
    """Return to its owner's hand."""
    return move(game, eid, "hand", cause="bounce")


def tap(game, eid: int) -> bool:
    if game.world.has(eid, Tapped):
        return False
    game.set(eid, TAPPED)
    game.emit("tapped", eid=eid)
    return True


def untap(game, eid: int) -> bool:
    if not game.world.has(eid, Tapped):
        return False
    game.unset(eid, Tapped)
    game.emit("untapped", eid=eid)
    return True


def add_counters(game, eid: int, kind: str, n: int, cost: bool = False) -> None:
    """Put n counters on a permanent; by an effect (not `cost`: a loyalty ability's +N, 606.4)
    replacement effects on putting counters apply (Doubling Season, 614.1)."""
    if n <= 0:
        return
    if not cost:
        n = counters_placed(game, eid, n)
    c = game.counters(eid)
    game.set(eid, c.with_(kind, c.get(kind) + n))
    game.emit("counters_added", eid=eid, counter=kind, n=n)


def remove_counters(game, eid: int, kind: str, n: int) -> int:
    c = game.counters(eid)
    have = c.get(kind)
    n = min(n, have)
    if n:
        game.set(eid, c.with_(kind, have - n))
        game.emit("counters_removed", eid=eid, counter=kind, n=n)
    return n


def destroy_many(game, eids, orders=None, lki_saved: bool = False, by_effect: bool = True,
                 saved_by=None) -> list:
    """Destroy several permanents at once (701.8, e.g. 'destroy all'): each is
    checked for indestructible/shield counters/regeneration, then the rest move together.
    Their last known information is the state just before the event (603.10a, 608.2h),
    for all of them (`lki_saved`: the caller saved it then, for these among others).
    `by_effect`: False for state-based actions, which shield counters don't replace
    (122.1c: 'as the result of an effect'; 002 Rhox Pummeler R5). `saved_by`: the
    controllers' choices between shield counters and regeneration (616.1,
    `shield.destruction_order`)."""
    movers = []
    ents = game.world.ents
    for eid in eids:
        if eid not in game.battlefield:
            continue
        c = game.chars(eid)
        if c.keywords and c.has("indestructible"):
            continue
        if by_effect and Counters in ents[eid] and not shield.regeneration_first(saved_by or {}, eid) \
                and shield.replaces_destruction(game, eid):
            continue
        shields = ents[eid].get(RegenerationShields)
        if shields is not None and shields.count > 0:
            regenerate_now(game, eid, shields)
            continue
        movers.append(eid)
    if not lki_saved:
        for eid in movers:
            game.snapshot_lki(eid)
    orders = orders or {}
    if not replacement.could_replace_moves(game, movers) and (
            len(movers) == 1 or (game.chars_independent and not any(
                game.hears_zone_change(e, "battlefield", "graveyard") for e in movers))):
        # nothing could replace these moves (614), and one object moves, or no zone_change
        # event of them is heard: each move announces only its zone_change event, last;
        # collecting them (`together`) would only check their triggers after the moves
        # (603.2: one object, nothing else left with it, 603.10a), or check triggers nothing
        # watches for (no continuous effect exists: no move makes something watch for them)
        out = []
        for eid in movers:
            out.append(move(game, eid, "graveyard", cause="destroy", order=orders.get(eid, ()),
                            lki_saved=True))
        return out
    out = []
    from mtg_ecs.systems.together import together
    with together(game):                    # one event: triggers see all of it (603.2, 603.10a)
        for eid in movers:
            out.append(move(game, eid, "graveyard", cause="destroy", order=orders.get(eid, ()),
                            lki_saved=True))
    return out
