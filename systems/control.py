"""Control changes (CR 108.4, 613.2 layer 2) and what they reset.

The layer system decides who controls each permanent; when that differs from
the stored `Controller`, the permanent changed controller just now: it leaves
combat (506.4; a planeswalker stops being attacked) and becomes summoning sick for its
new controller (302.6). One whose controller would now be a player who has left the game
is exiled instead (800.4c).
"""
from __future__ import annotations

from mtg_ecs.components import Controller, Attacking, Blocking
from mtg_ecs.systems.combat import check_removed_from_combat, defender_removed
from mtg_ecs.systems.durations import control_changed
from mtg_ecs.systems.hideaway import controller_changed
from mtg_ecs.systems import zones


def update_control(game) -> bool:
    # Controllers can only differ from the stored ones after characteristics were
    # recomputed; a permanent that entered since then got its Controller as it entered.
    if game.control_checked == game.cversion and game.chars_version == game.cversion:
        return False
    allc = game.all_chars()             # game.chars(e) of permanents, without a call each
    if game.layer_plan is not None and game.control_plain:
        # No effect of layers 1-2 applies (`layers.local_plan` allows none) and no
        # permanent's Controller names a base (`control_plain`: only this function writes
        # one that does; a permanent entering gets one that doesn't): each permanent's
        # controller is its stored one (`layers.make_base`), nothing to update.
        game.control_checked = game.cversion
        check_removed_from_combat(game)
        return False
    changed = False
    plain = True                        # (no Controller naming a base left)
    ents = game.world.ents
    orphans = []
    for eid in list(game.battlefield):
        c = allc.get(eid) or game.chars(eid)
        stored = ents[eid].get(Controller)
        if stored is None or stored.player != c.controller:
            if game.players[c.controller].lost:
                orphans.append(eid)                 # 800.4c
                continue
            base = stored.player if stored is not None and stored.base is None else \
                (stored.base if stored is not None else None)
            if base == c.controller:
                base = None
            else:
                plain = False
            game.world.add(eid, Controller(c.controller, game.tick(), base))
            # CR 506.4: removed from combat; a planeswalker it was stops being attacked
            # (the creatures attacking it keep its old controller as defending player)
            if game.world.has(eid, Attacking) or game.world.has(eid, Blocking):
                game.world.remove(eid, Attacking)
                game.world.remove(eid, Blocking)
            if stored is not None:
                defender_removed(game, eid, stored.player)
            game.version += 1
            control_changed(game, eid, c.controller)        # 611.2b: 'for as long as you control'
            if eid in game.linked_exile:
                controller_changed(game, eid, c.controller)
            game.emit("control_change", eid=eid, player=c.controller)
            changed = True
        elif stored.base is not None:
            plain = False
    game.control_checked = game.cversion
    # (a phased-out permanent isn't walked: it may phase in naming a base, 702.26)
    game.control_plain = plain and not orphans and not game.phased_out
    check_removed_from_combat(game)              # CR 506.4 (characteristics were recomputed)
    if orphans:
        # 800.4c: a control effect ended and the player who would control the object now
        # has left the game: it is exiled
        for eid in orphans:
            zones.move(game, eid, "exile", cause="left_game")
        return True
    return changed
