"""Turn structure (CR 500-514): moving from step to step and the turn-based actions.

Which steps there are, in which order, what each does as it begins and whether
players receive priority in it is the table `systems/pipeline.py` (STEPS), which
the game carries as `game.pipeline`; this module is the machinery that walks it.
Mana empties from every pool at the end of each step and phase (500.4).
"""
from __future__ import annotations

from mtg_ecs.components import (Tapped, Damage, RegenerationShields, Attacking, Blocking, Controller,
                        LoyaltyActivated)
from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems import commander, permissions, sba, zones
from mtg_ecs.systems.board import board
from mtg_ecs.systems.control import update_control
from mtg_ecs.systems.durations import turns_passed_over
from mtg_ecs.systems.layers import effects_changed
from mtg_ecs.systems.leaving import first_to_act
from mtg_ecs.systems.player_rules import skips_step, max_hand_size
from mtg_ecs.systems.priority import MAIN_PHASES
from mtg_ecs.systems.teams import active_players, next_team_first, shares_resources, team_of


def empty_pools(game) -> None:
    """CR 500.4."""
    for p in game.players:
        if any(p.pool):
            p.pool = [0] * 6
            game.touch_hidden()
        if p.restricted:
            p.restricted = ()
            game.touch_hidden()


def next_step(game) -> None:
    """End the current step and begin the next one (500.2): `game.pipeline.next_step`,
    what the engine loop calls when nobody holds priority and no task is left. A step in
    which nothing would happen ends as it would begin, and the next follows: one of
    `passable` is not begun when `passes` finds nothing would happen in it; with auto-pass,
    one begun in which every player could only pass ends at once (`passes` asked after
    its beginning), as does one nobody gets priority in with no task (502.4 untap): what
    the loop would do through a priority round (117.3-117.4), without going round it
    (at most a turn's worth of steps, then the loop again). Exact because it stops
    wherever the loop would do anything else: a task or trigger, a check due before
    priority (117.5), a main phase (sorcery timing), a player able to act, a game watched
    by observers (they hear every step of the loop), checks before priority other than
    the pipeline's own (`at_once` is False for the last three)."""
    rules = game.pipeline
    at_once = game.auto_pass and not game.observers and rules.before_priority is rules.own_checks
    for _ in rules.step_names:              # at most a turn's worth, then the loop again
        for p in game.players:
            if p.pool != _EMPTY_POOL or p.restricted:    # (any(p.pool), without the call)
                empty_pools(game)
                break
        cur = game.step
        if cur == "cleanup":
            if game.cleanup_again:
                game.cleanup_again = False
                begin_step(game, "cleanup")
            else:
                begin_turn(game)
        else:
            while True:
                if cur == "end_of_combat":
                    end_combat(game)                 # 511.3: at its end
                nxt = rules.following[cur]
                if nxt in _MAY_BE_SKIPPED:
                    nxt = _following(game, cur)      # 508.8, 510.4
                b = game.board                       # board(game), without the call
                if b is None:                        # (current when set: Game.chars_changed)
                    b = board(game)
                if b.rule_statics:                   # only a static ability skips a step
                    while nxt != "cleanup" and skips_step(game, game.active, nxt):
                        nxt = _following(game, nxt)  # 614.10: a skipped step doesn't happen
                if nxt not in rules.passable:
                    begin_step(game, nxt)
                    break
                if not (at_once and rules.passes(game)):
                    begin_step(game, nxt)
                    # something would happen in it: asked once, unless its beginning
                    # changed what `passes` reads (an end step's beginning may drop
                    # permissions: asked again then); no turn-based action, no task
                    if not game.play_permissions or nxt != "end":
                        return
                    break
                cur = nxt                            # (its mana pools stay empty)
        if not at_once or game.agenda or game.over:
            return
        if game.priority is not None:
            if game.step in MAIN_PHASES or not rules.passes(game):
                return
            game.passes = 0                          # every player passed in succession (117.4)
            game.priority = None


_EMPTY_POOL = [0] * 6
_MAY_BE_SKIPPED = frozenset(("declare_blockers", "first_strike_damage"))   # by `_following`


def _following(game, cur: str) -> str:
    nxt = game.pipeline.following[cur]
    if nxt == "declare_blockers" and not _any_attackers(game):
        return "end_of_combat"                       # 508.8
    if nxt == "first_strike_damage" and not _first_strike_needed(game):
        return "combat_damage"                       # 510.4
    return nxt


def _any_attackers(game) -> bool:
    attacking = game.world.comps.get(Attacking)
    if not attacking:
        return False
    battlefield = game.battlefield
    for e in attacking:                                 # the fewer: the attackers
        if e in battlefield:
            return True
    return False


def _first_strike_needed(game) -> bool:
    comps = game.world.comps
    attacking = comps.get(Attacking)
    blocking = comps.get(Blocking)
    if not attacking and not blocking:
        return False
    # game.all_chars() (chars(e) of permanents), without the call when current
    allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
    for group in (attacking, blocking):
        for e in group or ():
            # (only permanents are in combat: each in the layer cache, as `untap._untap`
            # finds the tapped ones; without a look along the battlefield)
            try:
                c = allc[e]
            except KeyError:
                if e not in game.battlefield:
                    continue
                c = game.chars(e)
            for k in c.keywords:                # (c.has of either, in one walk)
                if k.name in _STRIKES:
                    return True
    return False


_STRIKES = frozenset(("first strike", "double strike"))


def begin_turn(game) -> None:
    """CR 500.1: a new turn begins with its untap step."""
    if game.turn_limit is not None and game.turn >= game.turn_limit:
        game.end_as_draw("turn limit")
        return
    game.turn += 1
    prev = game.active
    if game.teams:
        game.active = next_team_first(game, prev)   # 805.4: the next team takes its turn
        prev = team_of(game, prev)[-1]              # (its players' turn has been taken)
    else:
        game.active = game.next_player(prev)        # 800.4k: never a player who has left
    if game.effects and game.multiplayer:
        turns_passed_over(game, prev, game.active)  # 800.4m
    # "this turn" conditions of the last turn have ended: state caches are stale; the
    # characteristics only if some continuous effect may read the turn (one with a
    # condition or a volatile value: `chars_closed`). No state-based action reads the turn
    # (704.5) but through characteristics.
    game.touch_hidden()
    if (game.effects or not game.chars_independent) and not (
            game.chars_version == game.cversion and game.chars_closed):
        game.chars_changed()
    begin_step(game, game.pipeline.step_names[0])


def start_of_turn_bookkeeping(game) -> None:
    ap = game.players[game.active]
    ap.turn_started_at = game.tick()
    if game.teams:                                  # 805.4a: the turn is each teammate's turn
        for q in active_players(game):
            game.players[q].turn_started_at = ap.turn_started_at
    for p in game.players:
        p.lands_played = 0
        p.life_lost_turn = 0
        p.life_gained_turn = 0
        p.spells_cast_turn = 0
        p.instants_sorceries_cast_turn = 0
        p.cards_drawn_turn = 0
        p.creatures_died_turn = 0
    game.artifacts_to_graveyard_turn = 0
    game.combat_happened = False
    if game.noncombat_damaged:
        game.noncombat_damaged = ()


def begin_step(game, step: str) -> None:
    """A step begins (500.2): its turn-based actions, the 'beginning of step' event
    (abilities that trigger at the beginning of it, 503.1a), its task, then priority
    for the active player (117.3a) if players get priority in it."""
    actions, task, gets_priority = game.pipeline.begins[step]
    game.step = step
    game.priority = None
    game.passes = 0
    if game.play_permissions and step == "end":
        permissions.end_step_began(game)            # 'until your next end step' ends
    if actions:
        for action in actions:
            action(game)
    b = game.board
    # (Game.hears, asked only when something could hear: with the board current, no
    # log, no batch and no delayed trigger, only an ability watching for it would)
    if (b is None or "step_begin" in b.watch or game.log_enabled or game.event_batch is not None
            or game.delayed) and game.hears("step_begin"):
        game.emit("step_begin", step=step, active=game.active, turn=game.turn)
    if task is not None:
        game.agenda.append(task())
    elif gets_priority:
        ap = game.active                            # 117.3a (first_to_act, inline)
        game.priority = ap if not game.players[ap].lost else first_to_act(game)     # 800.4j


def draw_for_turn(game) -> None:
    """CR 504.1: the active player draws a card; 103.8a: the starting player skips the
    draw of their first turn in a two-player game."""
    if game.teams:
        _team_draws(game)
        return
    ap = game.active
    if game.players[ap].lost:
        return                                      # 800.4j: a turn without an active player
    skip = (game.turn == 1 and ap == game.starting_player and len(game.players) == 2
            and not game.no_first_draw_skip)
    if not skip:
        if game.commanders and commander.commander_on_top(game, ap) is not None:
            game.agenda.append(commander.DrawTask(((ap, 1),)))      # 903.9b asks first
        else:
            zones.draw(game, ap, 1)


def _team_draws(game) -> None:
    """805.4b: each player on the active team draws a card (504.1); 103.8b: in Two-Headed
    Giant the team who plays first skips the draw step of its first turn (103.8c: in
    other multiplayer games nobody skips it)."""
    if (game.turn == 1 and shares_resources(game) and game.starting_player in active_players(game)
            and not game.no_first_draw_skip):
        return
    aps = active_players(game)
    if game.commanders and any(commander.commander_on_top(game, p) is not None for p in aps):
        game.agenda.append(commander.DrawTask(tuple((p, 1) for p in aps)))     # 903.9b asks
        return
    for p in aps:
        zones.draw(game, p, 1)


def end_combat(game) -> None:
    """CR 511.3: creatures stop being attacking and blocking at the end of combat."""
    unset_on_battlefield(game, (Attacking, Blocking))
    game.fs_participants = None
    game.damage_order = {}


def unset_on_battlefield(game, ctypes) -> None:
    """Every permanent having a component of these types loses it, all at once (phased-out
    permanents included: 514.2). Only permanents have them (taps, combat, damage, shields;
    one that leaves the battlefield is a new object without them, 400.7: pinned by
    tests/test_permanent_components.py): every object having one, with no intersection
    made with the battlefield and the phased-out permanents."""
    comps = game.world.comps
    for ctype in ctypes:
        s = comps.get(ctype)
        if s:
            game.unset_many(list(s), ctype)


class CleanupTask:
    """CR 514: discard to maximum hand size, then remove damage and end
    'until end of turn' effects simultaneously; priority only if something
    happens (514.3a)."""

    __slots__ = ("discarded",)
    needs_rewind = False

    def __init__(self):
        self.discarded = False

    def copy(self):
        t = CleanupTask()
        t.discarded = self.discarded
        return t

    def run(self, game):
        if not self.discarded:
            # (805.4a: each player on the active team, in turn order; asked again after each
            # discard, a player who has discarded has no excess)
            for ap in active_players(game) if game.teams else (game.active,):
                hand = game.players[ap].hand
                size = max_hand_size(game, ap)         # 402.2 (None: no maximum)
                excess = len(hand) - size if size is not None else 0
                if excess > 0:
                    return Decision("discard", ap, list(hand), excess, excess,
                                    f"discard {excess} (maximum hand size)")
            self.discarded = True
        unset_on_battlefield(game, (Damage, RegenerationShields))      # 514.2
        if game.effects:
            ended, kept = [], []    # (a loop, not comprehensions: each is a call in 3.11)
            for ce in game.effects:
                (ended if ce.duration == "eot" else kept).append(ce)
            if ended:
                game.effects = kept
                effects_changed(game, removed=ended)
        if game.shields:
            game.shields = [s for s in game.shields if getattr(s, "duration", "eot") != "eot"]
        update_control(game)
        acted = sba.check(game)
        if acted or game.pending_triggers:
            game.cleanup_again = True
            game.priority = first_to_act(game)      # 514.3a, 800.4j
        return None

    def answer(self, game, decision, answer):
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != decision.min or len(set(chosen)) != len(chosen) or \
                any(c not in decision.options for c in chosen):
            raise IllegalAction(f"discard exactly {decision.min} card(s) from your hand")
        for c in chosen:
            zones.discard(game, decision.player, c)
