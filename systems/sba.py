"""State-based actions (CR 704) and the end of the game (104).

All applicable state-based actions are performed at once as one event (704.3),
then checked again, before any player would receive priority.
"""
from __future__ import annotations

from operator import attrgetter

from mtg_ecs.components import Card, Damage, Counters, Attached
from mtg_ecs.components.definitions import StaticAbility
from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems import commander, zones, discard
from mtg_ecs.systems.board import board
from mtg_ecs.systems.player_rules import cant_lose
from mtg_ecs.systems.protection import protection_from
from mtg_ecs.systems.replacement import could_replace_moves
from mtg_ecs.systems.auras import can_enchant
from mtg_ecs.systems.leaving import objects_leave
from mtg_ecs.systems.teams import shares_resources, team_losses, winning_team
from mtg_ecs.systems.effects import copy_state
from mtg_ecs.systems.layers import Chars


def due(game) -> bool:
    """Could a state-based action apply? Not when nothing they look at changed since
    the last check found none (704.3)."""
    return game.sba_clean != game.sversion


def could_apply_after_move(game, left, entered, gone=None) -> bool:
    """After a zone change that changed no other object's characteristics (the
    characteristic cache was patched, systems.layers.patch_battlefield), could a
    state-based action now apply where none did? Only to the object that entered if it is
    one `_check` looks at (the board's `sba` watch: creatures, planeswalkers, legendaries,
    Auras, Equipment; or with counters, damage or attached), a creature only with
    toughness 0 or less or damage (704.5f-h); to an object attached to the one that left
    (704.5m-p); or if a static ability of the one that left (characteristics `gone`)
    stopped one ('you can't lose the game', 104.3b). Triggered and activated abilities do
    nothing until they trigger or resolve."""
    if gone is not None and gone.abilities and _has_static(gone):
        return True
    attached = game.world.comps.get(Attached)
    if left is not None and attached:
        ents = game.world.ents
        for e in attached:
            if ents[e][Attached].to == left:
                return True
    if entered is None:
        return False
    ents = game.world.ents[entered]
    if Counters in ents or Attached in ents or Damage in ents:
        return True
    c = game.chars_cache[entered]
    if c.abilities and _has_static(c):
        return True                       # whatever it does
    if "Creature" in c.types and (c.toughness is None or c.toughness <= 0):
        return True
    return "Planeswalker" in c.types or "Legendary" in c.supertypes \
        or "Aura" in c.subtypes or "Equipment" in c.subtypes


# the characteristics' values but power and toughness, as one tuple
_not_pt = attrgetter(*(s for s in Chars.__slots__
                       if s not in Chars.CACHE_SLOTS and s not in ("power", "toughness")))


def still_clean(game, changed) -> bool:
    """Does a check that found no state-based action still find none after only these
    objects' characteristics changed ((eid, old, new) each)? Yes if each changed only its
    power and toughness, its toughness none the lower or still above 0 with no damage:
    of their characteristics the checks read the toughness (704.5f-h), not the power, and
    the rest (types, names, abilities: 704.5i-n, 104.3b) is as it was."""
    damaged = game.world.comps.get(Damage, ())
    for e, old, new in changed:
        t, u = old.toughness, new.toughness
        if t is None or u is None or u < t and (u <= 0 or e in damaged):
            return False
        if _not_pt(old) != _not_pt(new):        # (a tuple compares items as `is` or `==`)
            return False
    return True


def _has_static(c) -> bool:
    for ab in c.abilities:
        if isinstance(ab, StaticAbility):
            return True
    return False


def check(game) -> bool:
    """Perform one round of state-based actions. True if anything happened.

    The check reads only game state, so a state already found clean (same
    version) is not checked again."""
    if game.sba_clean == game.sversion:
        return False
    if _check(game):
        return True
    game.sba_clean = game.sversion
    return False


def _check(game) -> bool:
    if game.over:
        # CR 104.1: a game that has ended is over: nothing more is performed (a drawn
        # game's players stay at 0 life without losing again, 104.4a)
        return False
    lose = []
    shared = game.teams and shares_resources(game)    # Two-Headed Giant (810)
    for p in game.players:
        if p.lost:
            continue
        if p.life <= 0:                               # 704.5a
            lose.append((p.index, "life"))
        elif p.drew_from_empty:                        # 704.5b
            lose.append((p.index, "library"))
        elif p.poison >= 10 and not shared:            # 704.5c
            lose.append((p.index, "poison"))
        elif game.commander_damage and commander.lethal_commander_damage(game, p.index):
            lose.append((p.index, "commander damage"))    # 704.6c
    if shared:
        lose = team_losses(game, lose)                # 704.6, 810.8a, 810.8c-d
    if lose:                                          # 'you can't lose the game' (104.3)
        # (loops, not comprehensions, in this function: in 3.11 each comprehension is a
        # call, and a local it reads is made a cell at every call of the function)
        kept = []
        for x in lose:
            if not cant_lose(game, x[0]):
                kept.append(x)
        lose = kept
    to_gy = []          # put into graveyard (not destroy): 704.5f, 704.5i, 704.5m
    to_destroy = []     # 704.5g, 704.5h
    unattach = []       # 704.5n, 704.5p
    cease = []          # 704.5d
    annihilate = []     # 704.5q
    legend = {}         # 704.5j: (controller, name) -> [eids]
    for e in game.token_limbo:                    # tokens that left the battlefield
        if e in game.world.ents:
            cease.append(e)
    b = game.board                      # board(game), without the call when current
    if b is None:
        b = board(game)
    allc = game.chars_cache             # (current with the board)
    ents = game.world.ents
    wc = game.world.comps
    # the permanents a state-based action could apply to: those whose characteristics make
    # one look (b.sba_look: toughness 0 or less, planeswalkers, legendaries, Auras), the
    # damaged ones among those it watches (704.5g-h: creatures), anything attached
    # (704.5m-p) or with counters (704.5i, 704.5q). For any other permanent the loop below
    # finds nothing: a creature with toughness above 0, no damage, nothing attached and no
    # counters, or an unattached Equipment
    look = b.sba_look
    attached, counters, damaged = wc.get(Attached), wc.get(Counters), wc.get(Damage)
    if attached or counters:
        look = look.union(attached or (), counters or ())
    if damaged:
        look = look | (damaged & b.sba)
    bf = game.battlefield
    if not look:
        order = ()
    elif len(look) <= 4:                # a few: those on the battlefield, in its order
        order = []
        for e in look:
            if e in bf:
                order.append(e)
        if len(order) > 1:
            order.sort(key=bf.index)
    else:
        order = list(filter(look.__contains__, bf))
    for e in order:                     # (any other: no state-based action can apply to it)
        c = allc[e]
        comps = ents[e]
        if "Creature" in c.types:
            t = c.toughness if c.toughness is not None else 0
            if t <= 0:
                to_gy.append(e)                       # 704.5f
            else:
                d = comps.get(Damage)
                if d is not None and (d.amount >= t or (d.deathtouch and d.amount > 0)) \
                        and not c.has("indestructible"):
                    to_destroy.append(e)              # 704.5g / 704.5h (702.12b: not destroyed)
        if "Planeswalker" in c.types:
            cnt = comps.get(Counters)
            if cnt is None or cnt.get("loyalty") <= 0:
                to_gy.append(e)                       # 704.5i
        if "Legendary" in c.supertypes:
            legend.setdefault((c.controller, c.name), []).append(e)
        a = comps.get(Attached)
        if a is not None:
            if "Aura" in c.subtypes:
                if not _aura_legal(game, e, c, a.to):
                    to_gy.append(e)                   # 704.5m
            elif "Equipment" in c.subtypes:
                if not _equipment_legal(game, e, c, a.to):
                    unattach.append(e)                # 704.5n
            else:
                unattach.append(e)                    # 704.5p
        elif "Aura" in c.subtypes:
            to_gy.append(e)                           # 704.5m: not attached to anything
        cnt = comps.get(Counters)
        if cnt is not None and cnt.get("+1/+1") and cnt.get("-1/-1"):
            annihilate.append(e)                      # 704.5q
    legend_groups = []
    for v in legend.values():
        if len(v) > 1:
            legend_groups.append(v)
    back = commander.returnable(game) if game.commanders else ()      # 903.9a
    if not (lose or to_gy or to_destroy or unattach or cease or annihilate or legend_groups or back):
        return False
    if legend_groups or back:
        # 704.5j and 903.9a need the players' choices first; everything else waits for them
        if back:
            game.agenda.append(commander.ReturnTask(back))
        if legend_groups:
            game.agenda.append(LegendRuleTask(legend_groups))
        return True
    bf = game.battlefield
    gy = []
    for e in dict.fromkeys(to_gy):
        if e in bf:
            gy.append(e)
    dest = []
    for e in dict.fromkeys(to_destroy):
        if e in bf and e not in gy:
            dest.append(e)
    orders, game.sba_orders = game.sba_orders, None
    if orders is None and not could_replace_moves(game, gy + dest):
        orders = {}                 # 616.1: no replacement effect could apply to these moves
    if orders is None:
        # 616.1: the order of replacement effects on a permanent's move is chosen first
        batches = [discard.start_moves(gy, "graveyard", "sba"),
                   discard.start_moves(dest, "graveyard", "destroy")]
        for b in batches:
            if discard.next_choice(game, b) is not None:
                game.agenda.append(ReplacementOrderTask(batches))
                return True
        orders = {}
    before = game.sversion
    # 104.4a: if all the players remaining lose at once, the game is a draw: nobody has lost
    draw = len(game.players) > 1 and lose and len(lose) == len(game.living())
    for idx, reason in lose:
        p = game.players[idx]
        p.lost = not draw
        p.loss_reason = reason
    for idx, reason in lose:
        game.emit("draw" if draw else "lose", player=idx, reason=reason)
    for e in cease:
        cease_to_exist(game, e)
    for e in unattach:
        game.unset(e, Attached)
    for e in annihilate:
        cnt = game.counters(e)
        n = min(cnt.get("+1/+1"), cnt.get("-1/-1"))
        game.set(e, cnt.with_("+1/+1", cnt.get("+1/+1") - n).with_("-1/-1", cnt.get("-1/-1") - n))
        for kind in ("+1/+1", "-1/-1"):               # removed: 'whenever a counter is removed'
            game.emit("counters_removed", eid=e, counter=kind, n=n)
    for e in gy + dest:
        game.snapshot_lki(e)                # 603.10a, 608.2h: all as they were before the event
    for e in gy:
        zones.move(game, e, "graveyard", cause="sba", order=orders.get(e, ()), lki_saved=True)
    zones.destroy_many(game, dest, orders, lki_saved=True, by_effect=False)   # 122.1c
    check_game_over(game, draw=bool(draw))
    if lose and not game.over:
        for idx, _ in lose:
            objects_leave(game, idx)                  # 800.4a: the game goes on for the others
    if game.sversion == before and not lose:
        # 704.3: the check is repeated, and would find nothing: what it looks at changed
        # only by the permanents that left, and none of them could make an action apply
        # (`sversion` unchanged: no token, nothing attached, no ability of what left, no
        # continuous effect, Game.zones_changed); the others were found clean just now
        game.sba_clean = before
    return True


def cease_to_exist(game, e):
    game.token_limbo.discard(e)
    game.remove_from_zone(e)
    game.world.delete(e)
    game.version += 1


def _aura_legal(game, aura, c, to) -> bool:
    """CR 303.4d, 702.5, 702.16c: attached to an object or player it could enchant."""
    return can_enchant(game, c, to, aura=aura)


def _equipment_legal(game, eq, c, to) -> bool:
    """CR 301.5c: Equipment attached to a non-creature or illegal object becomes unattached."""
    if not game.exists(to) or to not in game.battlefield:
        return False
    tc = game.chars(to)
    if "Creature" not in tc.types:
        return False
    return protection_from(game, tc, c) is None                 # CR 702.16d


class ReplacementOrderTask:
    """616.1 before state-based actions move permanents: for each with two or more
    replacement effects that would apply (a Darksteel Colossus with 0 toughness and an
    opponent's Leyline of the Void), its controller chooses the order; the state-based
    actions are then performed with it (game.sba_orders)."""

    needs_rewind = False

    def __init__(self, batches):
        self.batches = batches

    def copy(self):
        return ReplacementOrderTask(copy_state(self.batches))

    def run(self, game):
        for b in self.batches:
            d = discard.next_choice(game, b)
            if d is not None:
                return d
        game.sba_orders = {e: o for b in self.batches for e, o in b["orders"].items()}
        return None

    def answer(self, game, decision, answer):
        b = next(b for b in self.batches if any(c == decision.data["card"] for _, c in b["cards"]))
        discard.answer(game, b, decision, answer)


class LegendRuleTask:
    """CR 704.5j: a player with two or more legendary permanents of one name
    chooses one; the rest go to their owners' graveyards."""

    needs_rewind = False

    def __init__(self, groups):
        self.groups = [list(g) for g in groups]
        self.keep = []

    def copy(self):
        t = LegendRuleTask(self.groups)
        t.keep = list(self.keep)
        return t

    def run(self, game):
        if len(self.keep) < len(self.groups):
            g = self.groups[len(self.keep)]
            return Decision("legend_rule", game.chars(g[0]).controller, list(g), 1, 1,
                            f"legend rule: choose one {game.name(g[0])} to keep")
        losers = [e for g, k in zip(self.groups, self.keep) for e in g if e != k]
        for e in losers:
            game.snapshot_lki(e)
        for e in losers:
            if e in game.battlefield:
                zones.move(game, e, "graveyard", cause="sba", lki_saved=True)   # 603.10a
        return None

    def answer(self, game, decision, answer):
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction("keep one of the legendary permanents named")
        self.keep.append(a)


def check_game_over(game, draw: bool = False) -> None:
    """CR 104.2-104.4: the last player standing wins; everyone losing at once is a draw."""
    if game.over:
        return
    living = game.living()
    team = winning_team(game, living) if game.teams and living else None
    if team is not None or len(living) == 1 and len(game.players) > 1:
        game.over = True
        game.winner = living[0] if team is None else team[0]     # 810.8a: the team wins
        game.end_reason = next((p.loss_reason for p in game.players if p.lost and p.loss_reason), None)
    elif not living or draw:
        game.over = True
        game.winner = None
        game.end_reason = "draw"
    if game.over:
        game.pending = None
        game.emit("game_over", winner=game.winner)
