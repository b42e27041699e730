"""Leaving the game (CR 800.4, 104.3): every way a player leaves goes through `leave`.

In a two-player game the first player to leave ends it (104.2a): `leave` marks the loss
and the game is over, nothing more. In a game of three or more players the others play
on, and 800.4a says what goes with the player who left, in this order:

1. every object they own leaves the game, from every zone (`gone` in scenario files):
   no zone change to another zone, the object simply ceases to be in the game;
2. effects giving them control of objects end (layer 2, 613.2): the objects return to
   whoever else controls them (800.4a);
3. their spells and abilities on the stack not represented by cards (abilities, copies
   of spells) cease to exist;
4. whatever they still control is exiled (a permanent put onto the battlefield under
   their control, a spell of another player's card they cast);
5. (800.4d) their triggered abilities waiting to be put on the stack and their delayed
   triggered abilities go: abilities a player who left controls are never put on it;
6. (800.4e) a creature attacking them attacks nothing from now on: combat damage isn't
   assigned to a player who left;
7. if they held priority, the next player in turn order still in the game receives it.

It is not a state-based action (800.4a): it happens as the player leaves.

800.4j, 800.4k: a turn whose active player left goes on without one: where the active
player would receive priority, the next player in turn order does (`first_to_act`), and
a player who left never begins a turn (`Game.next_player` passes them over). Durations
'until your next turn' of a player who left end when that turn would have begun (800.4m:
`systems/durations.py`).
"""
from __future__ import annotations

from mtg_ecs.components import Attacking, Card, Owner, Spell, StackAbility
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems import zones
from mtg_ecs.systems.layers import L_CONTROL
from mtg_ecs.systems.teams import shares_resources, team_of


def first_to_act(game) -> int:
    """Who receives priority where the active player would (117.3a-b): the active player,
    or while the turn goes on without them (800.4j) the next player in turn order."""
    ap = game.active
    if game.players[ap].lost:
        return game.next_player(ap)
    return ap


def leave(game, player: int, reason: str) -> None:
    """`player` loses or concedes (104.3) and leaves the game; the game ends if one
    player (or none) is left (104.2a, 104.4a), else 800.4a happens."""
    from mtg_ecs.systems.sba import check_game_over
    leavers = [player]
    if game.teams and shares_resources(game):
        # 810.8a-b: a team loses, and a player who concedes takes it along, together
        leavers = [q for q in team_of(game, player) if not game.players[q].lost]
    for q in leavers:
        p = game.players[q]
        p.lost = True
        p.loss_reason = reason
        game.emit("lose", player=q, reason=reason)
    check_game_over(game)
    if not game.over:
        for q in leavers:
            objects_leave(game, q)
    game.version += 1


def objects_leave(game, player: int) -> None:
    """CR 800.4a-e for a player who has just left a game that goes on."""
    from mtg_ecs.systems.control import update_control   # (control -> combat -> here)
    _owned_leave(game, player)
    if _control_effects_end(game, player):
        update_control(game)
    for e in [e for e in game.stack if _controls_stack_object(game, e, player)]:
        comps = game.world.ents[e]
        sp = comps.get(Spell)
        if sp is None or sp.copy or comps[Card].token:
            zones.leave_the_game(game, e)    # not represented by a card: it ceases to exist
        else:
            zones.move(game, e, "exile", cause="left_game")
    for e in [e for e in game.battlefield if game.chars(e).controller == player]:
        zones.move(game, e, "exile", cause="left_game")
    _tasks_end(game, player)
    game.pending_triggers = [t for t in game.pending_triggers if t.controller != player]
    if game.delayed:
        game.delayed = [dt for dt in game.delayed if dt.controller != player]
    _attackers_attack_nothing(game, player)
    if game.priority == player:
        game.priority = game.next_player(player)
        game.passes = 0
    game.emit("left_game", player=player)


def _tasks_end(game, player: int) -> None:
    """What the player who left was doing ends with them: a task that says so
    (`player_left`) ends, with the tasks it started (above it on the agenda)."""
    agenda = game.agenda
    for i, t in enumerate(agenda):
        left = getattr(t, "player_left", None)
        if left is not None and left(game, player):
            del agenda[i:]
            return


def _owned_leave(game, player: int) -> None:
    """800.4a: every object `player` owns leaves the game, from every zone."""
    p = game.players[player]
    for zone in (p.library, p.hand, p.graveyard):
        for e in zone:
            game.world.delete(e)
        zone.clear()
    # first the other zones, so that a card of theirs exiled until one of their permanents
    # leaves doesn't return as it leaves (610.3c)
    others = [e for zone in (game.stack, game.exile, game.command) for e in zone
              if _owner(game, e) == player]
    if game.phased_out:                     # (still on the battlefield, unseen: 702.26b)
        others.extend(r[0] for r in game.phased_out if _owner(game, r[0]) == player)
        game.phased_out = tuple(r for r in game.phased_out if _owner(game, r[0]) != player)
    for e in others:
        zones.leave_the_game(game, e)
    permanents = [e for e in game.battlefield if _owner(game, e) == player]
    for e in permanents:
        game.snapshot_lki(e)                # 603.10a: all as they were before any left
    for e in permanents:
        zones.leave_the_game(game, e, lki_saved=True)


def _owner(game, e):
    """The owner of an object (108.3; an ability on the stack has none)."""
    o = game.world.ents[e].get(Owner)
    return None if o is None else o.player


def _control_effects_end(game, player: int) -> bool:
    """800.4a: the control-changing effects from resolved spells and abilities that give
    `player` control of objects end (those of static abilities went with their sources).
    True if any ended."""
    kept = [ce for ce in game.effects
            if ce.layer != L_CONTROL or _gives_control_to(game, ce) != player]
    if len(kept) == len(game.effects):
        return False
    game.effects = kept
    game.version += 1
    return True


def _gives_control_to(game, ce):
    """The player a layer-2 effect makes the controller of its objects (None if it affects
    none of them now): its effect applied to a copy of one of their characteristics."""
    for e in ce.objects or ():
        if e in game.battlefield:
            c = game.chars(e).copy()
            ce.apply(game, ce, c, game.all_chars())
            return c.controller
    return None


def _controls_stack_object(game, e, player: int) -> bool:
    comps = game.world.ents[e]
    sp = comps.get(Spell)
    if sp is not None:
        return sp.controller == player
    sa = comps.get(StackAbility)
    return sa is not None and sa.controller == player


def _attackers_attack_nothing(game, player: int) -> None:
    """800.4e: combat damage isn't assigned to a player who has left: the creatures
    attacking them stay attacking creatures, attacking nothing (as 506.4c)."""
    me = PlayerRef(player)
    for a in game.permanents_with(Attacking):
        at = game.world.get(a, Attacking)
        if at.defender == me and not at.removed:
            game.set(a, Attacking(at.defender, at.blocked, True, player))
