"""Replacement and prevention effects (CR 614-616).

Each replacement applies at most once to one event (614.5). Templates here are
used by card definitions inside `StaticAbility(replacement=...)`; effects with a
duration (Fog, prevention shields) live in `game.shields`.
"""
from __future__ import annotations

from typing import NamedTuple

from mtg_ecs.components import Card
from mtg_ecs.components.definitions import StaticAbility
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef
from mtg_ecs.systems.board import board, replaces_others_moves
from mtg_ecs.systems.player_rules import cant_draw
from mtg_ecs.systems.statics import rule_in_effect
from mtg_ecs.systems.protection import protection_from
from mtg_ecs.systems.shield import ShieldCounterPrevention, shielded, spend


class Replacement:
    """Base for a replacement effect a static ability generates."""
    kind = "zone_change"


class InsteadOfGraveyardShuffle(Replacement):
    """'If ~ would be put into a graveyard from anywhere, reveal it and shuffle
    it into its owner's library instead.' (Darksteel Colossus)"""
    kind = "zone_change"
    functions_in = "all"

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "graveyard"

    def apply(self, game, eid, ev) -> None:
        ev["to"] = "library"
        ev["shuffle"] = True
        ev["reveal"] = True                 # revealed as it moves (zones.move)


class EntersTappedUnless(Replacement):
    """'~ enters tapped unless <condition>' (CR 614.1c, 614.12)."""
    kind = "zone_change"
    functions_in = "self_entering"

    def __init__(self, condition=None):
        self.condition = condition      # fn(game, eid, controller) -> bool: enters untapped

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield"

    def apply(self, game, eid, ev) -> None:
        ctl = ev["controller"] if ev["controller"] is not None else game.owner(eid)
        if self.condition is None or not self.condition(_before_together(game), eid, ctl):
            ev["tapped"] = True


class _BattlefieldBefore:
    """The game seen without the permanents that entered earlier in the same event: a
    replacement effect of an object entering at the same time as others checks the game
    as it was before they all entered (614.12; 001 Dragonskull Summit R2)."""

    def __init__(self, game, hidden):
        self._game = game
        self.battlefield = [e for e in game.battlefield if e not in hidden]

    def __getattr__(self, name):
        return getattr(self._game, name)


def _before_together(game):
    before = game.together_before
    if game.event_batch is None or before is None:
        return game
    hidden = set(game.battlefield) - before
    return _BattlefieldBefore(game, hidden) if hidden else game


class EntersWithCounters(Replacement):
    """'~ enters (the battlefield) with N <kind> counters on it' (CR 614.1c, 122.6);
    n may be 'X': the X paid for it as a spell (107.3m; 0 if it wasn't cast)."""
    kind = "zone_change"
    functions_in = "self_entering"

    def __init__(self, counter, n):
        self.counter = counter
        self.n = n

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield"

    def apply(self, game, eid, ev) -> None:
        n = (ev.get("x") or 0) if self.n == "X" else int(self.n)
        if n > 0:
            ev["counters"][self.counter] = ev["counters"].get(self.counter, 0) + n


class OthersEnterWithCounters(Replacement):
    """'Each other <quality> you control enters (the battlefield) with an additional <kind>
    counter on it for each <quality> you already control' (614.1c, 122.6; Giada, Font of
    Hope): `quality(game, chars)`. The permanents already controlled are those on the
    battlefield as the event begins, the holder among them, not others entering with it
    (614.12; 002 Giada, Font of Hope R1). Applies to cards moving onto the battlefield and
    to tokens as they are created (`token_entering_counters`)."""
    kind = "zone_change"
    functions_in = "others"

    def __init__(self, counter, quality):
        self.counter = counter
        self.quality = quality

    def applies(self, game, holder, ev) -> bool:
        if ev["to"] != "battlefield" or ev["eid"] == holder:
            return False
        me = game.chars(holder).controller
        ctl = ev["controller"] if ev["controller"] is not None else game.owner(ev["eid"])
        return ctl == me and self.quality(game, game.chars(ev["eid"]))

    def apply(self, game, holder, ev) -> None:
        me = game.chars(holder).controller
        before = ev.get("before")
        if before is None:
            before = game.together_before
        n = 0
        for e in game.battlefield:
            if e != ev["eid"] and (before is None or e in before):
                ch = game.chars(e)
                if ch.controller == me and self.quality(game, ch):
                    n += 1
        if n:
            ev["counters"][self.counter] = ev["counters"].get(self.counter, 0) + n


def token_entering_counters(game, eid, controller, before) -> dict:
    """The counters a token just put onto the battlefield (111.2, not yet announced) enters
    with from other permanents' replacement effects (`OthersEnterWithCounters`); `before`:
    the battlefield as the tokens created together began to enter (614.12)."""
    ev = {"eid": eid, "from": None, "to": "battlefield", "controller": controller,
          "counters": {}, "before": before}
    for z in _others_replacements(game):
        if isinstance(z.template, OthersEnterWithCounters) and z.template.applies(game, z.holder, ev):
            z.template.apply(game, z.holder, ev)
    return ev["counters"]


class ZoneEffect:
    """One replacement effect that could apply to one zone change: how a player names it
    when choosing the order (616.1: `sid`, stable across clones, and `source_card`, the card
    whose ability makes it), the template and the object whose ability it is."""
    __slots__ = ("sid", "source_card", "template", "holder")

    def __init__(self, sid, source_card, template, holder):
        self.sid = sid
        self.source_card = source_card
        self.template = template
        self.holder = holder

    def __repr__(self):
        return f"<replacement {type(self.template).__name__} of card {self.source_card}>"


_OWN = {}      # card definition -> has it zone-change replacement effects of its own?


def _has_own(defn) -> bool:
    own = _OWN.get(defn)
    if own is None:
        own = _OWN[defn] = any(getattr(r, "kind", None) == "zone_change" for ab in defn.abilities
                               if isinstance(ab, StaticAbility) for r in ab.replacement) or \
            any(k.name == "madness" for k in defn.keywords)
    return own


def _own_replacements(game, eid, ev):
    """The moving object's own replacement effects (614.12: those of an object entering
    apply; 'as it is discarded' ones function in the hand)."""
    card = game.world.ents[eid][Card]
    abilities = list(card.defn.abilities)
    if ev.get("copy_of") is not None:
        # 707.2, 614.1c: entering as a copy, it has the copied object's 'enters with'
        # and 'as ~ enters' abilities (001 Clone R5)
        abilities += list(ev["copy_of"].abilities)
    zone = game.zone_of(eid)
    i = 0
    for ab in abilities:
        if not isinstance(ab, StaticAbility):
            continue
        for r in ab.replacement:
            if getattr(r, "kind", None) == "zone_change" and (
                    r.functions_in in ("self_entering", "all", zone) or zone == "battlefield"):
                yield ZoneEffect(("own", card.card_id, i), card.card_id, r, eid)
            i += 1
    if zone == "hand" and any(k.name == "madness" for k in card.defn.keywords):
        from mtg_ecs.systems.madness import MADNESS              # 702.35a: a keyword's replacement effect
        yield ZoneEffect(("own", card.card_id, "madness"), card.card_id, MADNESS, eid)


def _others_replacements(game):
    """Replacement effects of permanents that apply to other objects' zone changes
    ('If a card would be put into an opponent's graveyard from anywhere, ...'), read from
    the board index (systems/board.py)."""
    statics = board(game).statics
    if not statics:
        return []
    out = []
    last = None
    for e, _, ab in statics:
        if e != last:                   # the index counts the object's replacement templates
            last = e
            i = 0
        for r in ab.replacement:
            if replaces_others_moves(r):
                cid = game.world.ents[e][Card].card_id
                out.append(ZoneEffect(("zone", cid, i), cid, r, e))
            i += 1
    return out


def replacing_statics(game) -> bool:
    """Has a static ability on the battlefield a replacement or prevention effect (614,
    615)? Without one neither `_others_replacements` nor `static_preventions` finds
    anything: an anthem or an Aura replaces no move and changes no damage."""
    b = game.board
    if b is None:
        b = board(game)
    for _, _, ab in b.statics:
        if ab.replacement:
            return True
    return False


def zone_effects(game, ev, applied=()) -> list:
    """Every replacement effect that would apply to the zone change `ev` now, leaving out
    those already applied to it (614.5: each applies once)."""
    eid = ev["eid"]
    out = []
    for z in list(_own_replacements(game, eid, ev)) + _others_replacements(game):
        if z.sid not in applied and z.template.applies(game, z.holder, ev):
            out.append(z)
    return out


def could_replace_move(game, defn) -> bool:
    """Could any replacement effect apply to moving an object of this card (its own,
    or another permanent's)?"""
    own = _OWN.get(defn)                # _has_own, cached
    if own is None:
        own = _has_own(defn)
    if own:
        return True
    b = game.board
    if b is None:
        b = board(game)
    return bool(b.move_replacers)       # (those `_others_replacements` lists)


def could_replace_moves(game, eids) -> bool:
    """Could any replacement effect apply to moving one of these objects?"""
    ents = game.world.ents
    for e in eids:          # (a loop, not any(...): a generator is one more call in 3.11)
        if could_replace_move(game, ents[e][Card].defn):
            return True
    return False


def zone_change(game, ev) -> None:
    """Apply replacement effects to a zone change event, one at a time, checking again
    after each which still apply (614.5, 616.1e). `ev["order"]`: the sids in the order
    the affected player chose (616.1), asked before the event (systems/discard.py) for
    discards, sacrifices (effects and costs), mills, countered spells and state-based
    actions. Other moves (destroy, bounce, a resolved spell) never meet two of the
    registered cards' effects at once; there an unordered effect would apply after the
    chosen ones, the object's own first."""
    if ev.get("copy_of") is None and not could_replace_move(game, game.world.ents[ev["eid"]][Card].defn):
        return                              # nothing could apply (the common case)
    applied = set()
    order = list(ev.get("order") or ())
    while True:
        effs = zone_effects(game, ev, applied)
        if not effs:
            return
        pick = next((z for sid in order for z in effs if z.sid == sid), effs[0])
        applied.add(pick.sid)
        pick.template.apply(game, pick.holder, ev)


def order_options(game, ev, chosen) -> list:
    """616.1: the effects the affected player can still choose from, after the ones in
    `chosen` (sids) were applied in that order to a copy of the event (nothing happens)."""
    sim = dict(ev, counters=dict(ev.get("counters") or {}), after_enter=list(ev.get("after_enter", ())))
    applied = set()
    for sid in chosen:
        z = next((z for z in zone_effects(game, sim, applied) if z.sid == sid), None)
        if z is not None:
            applied.add(z.sid)
            z.template.apply(game, z.holder, sim)
    return zone_effects(game, sim, applied)


class ExileInsteadOfOpponentsGraveyard(Replacement):
    """'If a card would be put into an opponent's graveyard from anywhere, exile it instead'
    (Leyline of the Void). Only cards: a token goes to the graveyard and then ceases to
    exist (111.7; 004 Leyline of the Void R2)."""
    kind = "zone_change"
    functions_in = "others"

    def applies(self, game, holder, ev) -> bool:
        if ev["to"] != "graveyard" or game.world.ents[ev["eid"]][Card].token:
            return False
        return game.is_opponent(game.chars(holder).controller, game.owner(ev["eid"]))

    def apply(self, game, holder, ev) -> None:
        ev["to"] = "exile"


class DiscardedByOpponentOntoBattlefield(Replacement):
    """'If a spell or ability an opponent controls causes you to discard ~, put it onto the
    battlefield instead of putting it into your graveyard.' (Obstinate Baloth; 614.1a). It
    is still discarded (701.9; 004 Obstinate Baloth R2). `ev["by"]`: the controller of the
    spell or ability that makes the player discard (None: a game rule, 514.1)."""
    kind = "zone_change"
    functions_in = "hand"

    def applies(self, game, eid, ev) -> bool:
        owner = game.owner(eid)
        return (ev["eid"] == eid and ev["cause"] == "discard" and ev["to"] == "graveyard"
                and game.is_opponent(owner, ev.get("by")))

    def apply(self, game, eid, ev) -> None:
        ev["to"] = "battlefield"
        ev["controller"] = game.owner(eid)


class DrawInstead(NamedTuple):
    """'The next time <player> would draw a card this turn, instead <...>' (614.11,
    Urabrask): replaces one draw of the turn it was made in, then is gone."""
    player: int
    turn: int
    instead: object             # fn(game, player): what happens instead of the draw


def replace_next_draw(game, rec: DrawInstead) -> None:
    game.draw_replacements = game.draw_replacements + (rec,)
    game.touch()


def draw_replaced(game, player) -> bool:
    """Would `skip_draw` replace or prevent `player`'s next draw? (Asked, not applied.)"""
    b = game.board
    if b is None:
        b = board(game)
    if b.statics and cant_draw(game, player):
        return True
    return any(r.player == player and r.turn == game.turn for r in game.draw_replacements)


def skip_draw(game, player) -> bool:
    """Is this draw replaced or prevented? A player who can't draw cards doesn't
    (player_rules.CantDraw), and there is no draw to replace; otherwise what replaces it
    (614.11) has happened: an effect that replaces the next draw applies even when the
    library is empty."""
    b = game.board
    if b is None:
        b = board(game)
    if b.statics and cant_draw(game, player):     # (a rule of a static ability, if any)
        return True
    recs = game.draw_replacements
    if not recs:
        return False
    live = []                   # (a loop: a comprehension would make `game` a cell at every call)
    for r in recs:
        if r.turn == game.turn:                                 # 'this turn' (514.2)
            live.append(r)
    live = tuple(live)
    for i, r in enumerate(live):
        if r.player == player:
            game.draw_replacements = live[:i] + live[i + 1:]
            game.touch()
            r.instead(game, player)
            return True
    if live != recs:
        game.draw_replacements = live
        game.touch()
    return False


# ---------------------------------------------------------------------------
# Prevention (CR 615) and the order of several effects (616.1)
# ---------------------------------------------------------------------------

def add_shield(game, shield) -> None:
    """A prevention or redirection effect begins (615, 614.9): it gets the game's next
    shield id."""
    game.next_shield_id += 1
    shield.sid = game.next_shield_id
    game.shields.append(shield)


class Shield:
    """A prevention effect with a duration, kept in `game.shields` (added with
    `add_shield`).

    `sid` is given by the game when the shield is added, so it is the same in every
    clone and every process; `source_card` names the card whose spell or ability
    created it (how a player refers to it when choosing an order, 616.1)."""
    duration = "eot"

    def __init__(self, source_card=None):
        self.sid = None
        self.source_card = source_card

    def applies(self, game, source, target, amount, combat) -> bool:
        raise NotImplementedError

    def would_prevent(self, amount) -> int:
        return amount

    def prevents(self, game, source, target, amount, combat) -> int:
        return amount if self.applies(game, source, target, amount, combat) else 0


class PreventAllCombatDamage(Shield):
    """Fog: 'Prevent all combat damage that would be dealt this turn.'"""

    def applies(self, game, source, target, amount, combat):
        return combat and amount > 0


class PreventNextDamage(Shield):
    """'Prevent the next N damage that would be dealt to <target> this turn.'"""

    def __init__(self, target, amount, source_card=None):
        super().__init__(source_card)
        self.target = target
        self.left = amount

    def applies(self, game, source, target, amount, combat):
        return target == self.target and self.left > 0 and amount > 0

    def would_prevent(self, amount):
        return min(amount, self.left)

    def prevents(self, game, source, target, amount, combat):
        if not self.applies(game, source, target, amount, combat):
            return 0
        n = min(amount, self.left)
        plan = game.prevention_plans.get(self.sid)
        if plan is not None:                # 615.7: as the affected player chose
            n = min(n, plan.get(source, 0))
            plan[source] = plan.get(source, 0) - n
        self.left -= n
        return n


class PreventAllDamageTo(Shield):
    """'Prevent all damage that would be dealt to <recipients> this turn' (615.1a):
    `recipient(game, player, target)` decides, as each damage event happens, whether the
    target is covered ('you and creatures you control': creatures that arrive later
    too). `player` is the controller of the spell or ability that made it."""

    def __init__(self, player, recipient, source_card=None):
        super().__init__(source_card)
        self.player = player
        self.recipient = recipient

    def applies(self, game, source, target, amount, combat):
        return amount > 0 and self.recipient(game, self.player, target)


def you_and_your_creatures(game, player, target) -> bool:
    if isinstance(target, PlayerRef):
        return target.index == player
    if not game.exists(target) or target not in game.battlefield:
        return False
    c = game.chars(target)
    return "Creature" in c.types and c.controller == player


class ProtectionPrevention:
    """Protection's damage prevention (702.16e), as one of the effects that can
    apply to a damage event; its source is the protected object itself."""
    duration = "static"

    def __init__(self, game, target):
        self.sid = ("protection", target)
        self.source_card = game.world.ents[target][Card].card_id if target in game.world.ents else None

    def would_prevent(self, amount):
        return amount

    def prevents(self, game, source, target, amount, combat):
        return amount


def shield_choices(game, batch) -> list:
    """CR 615.7: when damage from several sources would be dealt at once to the
    recipient of a shield that prevents a fixed amount, and the shield can't prevent
    all of it, the recipient (or its controller) chooses which damage it prevents.
    `batch` is the damage event's (source, source chars, recipient, amount) list.
    Returns [(shield, recipient, {source: amount that would be dealt})]."""
    out = []
    if rule_in_effect(game, "damage_cant_be_prevented"):       # 615.12
        return out
    for sh in game.shields:
        if not isinstance(sh, PreventNextDamage) or sh.left <= 0:
            continue
        per = {}
        for src, sc, t, n in batch:
            if t == sh.target and n > 0 and not protection_prevents(game, sc, t):
                per[src] = per.get(src, 0) + n
        if len(per) > 1 and sum(per.values()) > sh.left:
            out.append((sh, sh.target, per))
    return out


def applicable(game, source, source_chars, target, amount, combat) -> list:
    """Every prevention effect that would apply to one damage event (615), and the
    damage-doubling replacement effects that modify it (614.1a, ordered with them: 616.1)."""
    if amount <= 0:
        return []
    if not game.shields and not replacing_statics(game):
        # no prevention shield and no static replacement or prevention effect: only
        # protection and shield counters (122.1c) could apply, unless an effect says damage
        # can't be prevented (615.12; then no doubling either: `static_preventions` is empty)
        out = [ProtectionPrevention(game, target)] \
            if protection_prevents(game, source_chars, target) else []
        if shielded(game, target):
            out.append(ShieldCounterPrevention(game, target))
        if out and rule_in_effect(game, "damage_cant_be_prevented"):
            return []
        return out
    if rule_in_effect(game, "damage_cant_be_prevented"):       # 615.12
        # only the damage-modifying replacement effects are left (614.1a)
        return [d for d in static_preventions(game, source, target, amount, combat, source_chars)
                if isinstance(d, StaticDoubling)]
    out = []
    if protection_prevents(game, source_chars, target):
        out.append(ProtectionPrevention(game, target))
    out.extend(static_preventions(game, source, target, amount, combat, source_chars))
    for sh in game.shields:
        if sh.applies(game, source, target, amount, combat):
            out.append(sh)
    if shielded(game, target):                                  # 122.1c
        out.append(ShieldCounterPrevention(game, target))
    return out


class PreventDamageTo:
    """A static ability's prevention effect (615.1a, 604.1): 'Prevent all [noncombat]
    damage that would be dealt to <affected>'. Template for StaticAbility(replacement=...);
    `affects(game, src, eid, chars, all_chars)` as in systems/statics.py; `combat`:
    None any damage, False noncombat only, True combat only. `then(game, src, target,
    amount)` is done with the prevention ('prevent that damage and ...')."""

    def __init__(self, affects, combat=None, then=None):
        self.affects = affects
        self.combat = combat
        self.then = then

    def applies(self, game, src, target, combat) -> bool:
        if self.combat is not None and combat != self.combat:
            return False
        return self.affects(game, src, target, game.chars(target), None)


class StaticPrevention:
    """One permanent's static prevention effect applying to one damage event."""
    duration = "static"

    def __init__(self, game, src, index, template):
        self.sid = ("static", game.world.ents[src][Card].card_id, index)
        self.source_card = game.world.ents[src][Card].card_id
        self.src = src
        self.template = template

    def would_prevent(self, amount):
        return amount

    def prevents(self, game, source, target, amount, combat):
        if self.template.then is not None and amount > 0:
            self.template.then(game, self.src, target, amount)
        return amount


class PreventDamageFrom:
    """A static ability's prevention effect on damage to a player or a permanent from
    some sources (615.1a, 604.1): 'If a source an opponent controls would deal damage to
    you, prevent 1 of that damage' (Guardian Seraph). Template for
    StaticAbility(replacement=...). `recipient(game, src, target)` (target: entity or
    PlayerRef); `source_ok(game, src, source, source_chars)`; `n`: how much of each
    damage event it prevents (None: all). Each such ability applies once to each event,
    so several are cumulative (616.1). `then(game, src, target, amount)` is done with the
    prevention, also where the damage can't be prevented ('prevent that damage and mill
    twice that many cards': 002 Angel of Suffering R3)."""

    then = None

    def __init__(self, recipient, source_ok=None, n=None, then=None):
        self.recipient = recipient
        self.source_ok = source_ok
        self.n = n
        if then is not None:        # (a value of the template only where given: hashing.canonical)
            self.then = then


class StaticPartialPrevention(StaticPrevention):
    def would_prevent(self, amount):
        n = self.template.n
        return amount if n is None else min(amount, n)

    def prevents(self, game, source, target, amount, combat):
        n = self.would_prevent(amount)
        if self.template.then is not None and n > 0:
            self.template.then(game, self.src, target, n)
        return n


class DoubleDamage:
    """A static ability's damage-doubling replacement effect (614.1a): 'If a red instant or
    sorcery spell you control would deal damage, it deals double that damage instead'
    (Fire Servant). Template for StaticAbility(replacement=...); `source_ok(game, src,
    source, source_chars)`. It modifies the same damage events as prevention effects, so
    the affected player orders them together (616.1); several are cumulative."""

    def __init__(self, source_ok):
        self.source_ok = source_ok


class StaticDoubling(StaticPrevention):
    """One DoubleDamage ability applying to one damage event (a negative prevention)."""

    def would_prevent(self, amount):
        return -amount

    def prevents(self, game, source, target, amount, combat):
        return -amount


def _source_controller(source_chars):
    """CR 109.4: an object with no controller (a card in a graveyard) — its owner."""
    ctl = getattr(source_chars, "controller", None)
    return ctl if ctl is not None else getattr(source_chars, "owner", None)


def opponent_controls_source(game, src, source, source_chars) -> bool:
    """'A source an opponent controls' (a card with no controller: its owner, 109.4)."""
    return game.is_opponent(game.chars(src).controller, _source_controller(source_chars))


def you(game, src, target) -> bool:
    return isinstance(target, PlayerRef) and target.index == game.chars(src).controller


def static_preventions(game, source, target, amount, combat, source_chars=None) -> list:
    """Prevention effects of static abilities of permanents that apply to damage
    that would be dealt to `target` (PreventDamageTo: a permanent; PreventDamageFrom:
    a permanent or a player)."""
    permanent = isinstance(target, int) and not isinstance(target, bool) and target in game.battlefield
    out = []
    last = None
    for e, _, ab in board(game).statics:
        if e != last:                   # indexes count the object's static abilities in order
            last = e
            i = 0
            k = 0
        if ab.replacement:
            for r in ab.replacement:
                if isinstance(r, PreventDamageTo):
                    if permanent and r.applies(game, e, target, combat):
                        out.append(StaticPrevention(game, e, i, r))
                    i += 1
                elif isinstance(r, PreventDamageFrom):
                    if r.recipient(game, e, target) and (r.source_ok is None or
                                                         r.source_ok(game, e, source, source_chars)):
                        out.append(StaticPartialPrevention(game, e, ("from", k), r))
                    k += 1
                elif isinstance(r, DoubleDamage):
                    if r.source_ok(game, e, source, source_chars):
                        out.append(StaticDoubling(game, e, ("double", k), r))
                    k += 1
    return out


def affected_player(game, target) -> int:
    """616.1: the affected player, or the controller of the affected object."""
    if isinstance(target, PlayerRef):
        return target.index
    return game.chars(target).controller


def order_decision(game, batch, combat, orders, skips=None):
    """CR 616.1: if two or more prevention effects would apply to one damage event,
    the affected player chooses one to apply first, then again among those that
    still apply. `orders` maps event index -> sids chosen so far. Returns the next
    Decision ('replacement') or None when every event's order is settled."""
    for i, (src, sc, target, amount) in enumerate(batch):
        skip = (skips or {}).get(i, ())          # applied before a redirection (redirect.py)
        effs = [e for e in applicable(game, src, sc, target, amount, combat) if e.sid not in skip]
        if len(effs) < 2:
            continue
        chosen = orders.get(i, [])
        left = amount
        by_sid = {e.sid: e for e in effs}
        for sid in chosen:
            if sid in by_sid:
                left -= by_sid[sid].would_prevent(left)
        remaining = [e for e in effs if e.sid not in chosen]
        if all(isinstance(e, StaticDoubling) for e in remaining):
            continue                        # doublings alone give the same result in any order
        if left > 0 and len(remaining) >= 2:
            return Decision("replacement", affected_player(game, target), remaining, 1, 1,
                            "which prevention effect applies first (616.1)",
                            data={"event": i})
    return None


def answer_order(game, decision, answer, orders) -> None:
    """Record the effect a player chose to apply first (an effect, the card id of its
    source, or (card id, n): the n-th of the offered effects of that source)."""
    a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
    if isinstance(a, tuple) and len(a) == 2 and all(isinstance(x, int) for x in a):
        of = [e for e in decision.options if e.source_card == a[0]]
        match = of[a[1]:a[1] + 1]
    else:
        match = [e for e in decision.options if e is a or e.sid == getattr(a, "sid", None)
                 or (isinstance(a, int) and e.source_card == a)]
    if len(match) != 1:
        raise IllegalAction("choose one of the prevention effects that apply")
    orders.setdefault(decision.data["event"], []).append(match[0].sid)


def protection_prevents(game, source_chars, target) -> bool:
    """CR 702.16e: damage from a source with a quality the target has protection from."""
    if not isinstance(target, int) or target not in game.battlefield:
        return False
    return protection_from(game, game.chars(target), source_chars) is not None


def prevent_damage(game, source, source_chars, target, amount: int, combat: bool,
                   order=(), only=None, skip=(), spent=None) -> int:
    """The damage left after prevention effects (615), applied in the order the
    affected player chose (616.1); each applies once. Returns the amount dealt.
    `spent`: the damage event's record of the permanents whose shield counters'
    prevention applied (one counter each is removed after the event: `damage.deal`);
    None: removed at once."""
    if amount > 0 and not game.shields and not replacing_statics(game) and \
            not protection_prevents(game, source_chars, target) and not shielded(game, target):
        return amount                   # nothing could prevent it (`applicable`)
    if amount > 0 and rule_in_effect(game, "damage_cant_be_prevented"):
        # 615.12: a static 'prevent that damage and <do something>' tries and fails to
        # prevent it; the rest still happens (001 Protean Hydra R2), as does the removal
        # of a shield counter (122.1c; 002 Rhox Pummeler R4)
        if shielded(game, target):
            spend(game, target, spent)
        sps = static_preventions(game, source, target, amount, combat, source_chars)
        for sp in sps:
            if getattr(sp.template, "then", None) is not None:
                sp.template.then(game, sp.src, target, amount)
        for sp in sps:
            if isinstance(sp, StaticDoubling):
                amount *= 2
        return amount
    effs = [e for e in applicable(game, source, source_chars, target, amount, combat)
            if (only is None or e.sid in only) and e.sid not in skip]
    if len(effs) > 1 and order:
        rank = {sid: i for i, sid in enumerate(order)}
        effs.sort(key=lambda e: rank.get(e.sid, len(rank)))
    for e in effs:
        if amount <= 0:
            break
        amount -= e.prevents(game, source, target, amount, combat)
        if isinstance(e, ShieldCounterPrevention):
            spend(game, target, spent)
    return max(0, amount)
