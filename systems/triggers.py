"""Triggered abilities (CR 603).

Events announced with `game.emit` are matched against the triggered abilities
of objects on the battlefield (and, for leaves-the-battlefield events, of the
object as it last existed: 603.10a). Triggered abilities wait in
`game.pending_triggers` and go on the stack the next time a player would
receive priority (603.3): active player first, each player ordering their own
(603.3b), targets chosen as each goes on the stack (603.3d).
"""
from __future__ import annotations

from mtg_ecs.components import (StackAbility, Card, Attached, EnteredWithX, zone_of,
                                timestamp_at)
from mtg_ecs.components.definitions import TriggeredAbility, mode_parts
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, new_decision, only
from mtg_ecs.systems.board import board
from mtg_ecs.systems import modes
from mtg_ecs.systems.teams import on_active_team
from mtg_ecs.systems.targeting import (illegal_target_message, TargetContext, candidates, has_candidates,
                                       is_legal, random_targets)


# Events no trigger condition names (`Trigger.events`): only the game log keeps them, so one
# is announced only while the log is kept (`game.log_enabled`), `game.hears` not asked
# (~0.7 k instructions an ask, ~65 asks a random playout)
LOG_ONLY = frozenset(("resolving", "countered", "attack_result", "combat_damage_dealt", "life_loss"))


class Trigger:
    """A trigger condition. `match` returns the information the ability
    remembers (a dict) or None."""
    events = ()
    look_back = False
    # the zone changes ('zone_change' events) it can match: from this zone, to this zone
    # (None: any), only its source's own (`self_only`: 'When ~ enters', 'When ~ dies', set
    # by those triggers); lets a move nothing can match go unannounced (`Board.watches_move`)
    zone_from = None
    zone_to = None
    self_only = False
    # matches only events whose source is its own source ('Whenever ~ deals combat damage'):
    # lets a damage event from any other source go unannounced (`damage.deal`)
    source_only = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if LOG_ONLY.intersection(cls.events):
            raise TypeError(f"{cls.__name__} watches an event announced only to the log "
                            f"(triggers.LOG_ONLY): {sorted(LOG_ONLY.intersection(cls.events))}")

    def match(self, game, source, controller, kind, data):
        raise NotImplementedError


class Enters(Trigger):
    """'When ~ enters (the battlefield)' or 'Whenever a <filter> enters'."""
    events = ("zone_change",)
    zone_to = "battlefield"

    def __init__(self, self_only=True, filter=None):
        self.self_only = self_only
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        if data["to"] != "battlefield":
            return None
        new = data["new"]
        if self.self_only:
            return {"entered": new} if new == source else None
        if self.filter is not None and game.exists(new) and self.filter(game, new, source, controller):
            return {"entered": new}
        return None


class Dies(Trigger):
    """'When ~ dies' (CR 700.4; look-back 603.10a); `nontoken`: 'Whenever another nontoken
    creature ... dies' (the card in the graveyard isn't a token, 111.1)."""
    events = ("zone_change",)
    zone_from = "battlefield"
    zone_to = "graveyard"
    look_back = True

    def __init__(self, self_only=True, filter=None, nontoken=False):
        self.self_only = self_only
        self.filter = filter
        self.nontoken = nontoken

    def match(self, game, source, controller, kind, data):
        if data["frm"] != "battlefield" or data["to"] != "graveyard":
            return None
        old = data["old"]
        lk = game.lki.get(old)
        if lk is None or ("Creature" not in lk.types and "Planeswalker" not in lk.types):
            return None
        if self.self_only:
            return {"died": data["new"]} if old == source else None
        if self.nontoken and _is_token(game, data["new"]):
            return None
        if self.filter is None or self.filter(game, old, source, controller):
            return {"died": data["new"]}
        return None


def _is_token(game, eid) -> bool:
    comps = game.world.ents.get(eid)
    return comps is None or comps[Card].token       # (a token gone already was one)


class AtBeginningOf(Trigger):
    """'At the beginning of [your|each|each opponent's] <step>'."""
    events = ("step_begin",)

    def __init__(self, step, whose="your"):
        self.step = step
        self.whose = whose

    def match(self, game, source, controller, kind, data):
        if data["step"] != self.step:
            return None
        active = data["active"]
        # (805.4a: in a team game the turn is each player's of the active team)
        mine = active == controller or game.teams and on_active_team(game, controller)
        if self.whose == "your" and not mine:
            return None
        if self.whose == "opponent" and mine:
            return None
        return {"active": active}


class YouCast(Trigger):
    """'Whenever you cast a <filter> spell'."""
    events = ("cast",)

    def __init__(self, filter=None):
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        if data["player"] != controller:
            return None
        if self.filter is not None and not self.filter(game, game.chars(data["eid"])):
            return None
        return {"spell": data["eid"]}


class CastThisSpell(Trigger):
    """'When you cast this spell' (603.2, 601.2i): an ability of the spell itself that
    triggers from the stack as it becomes cast (`spell_cast`, called by casting)."""
    events = ()

    def match(self, game, source, controller, kind, data):
        return None


def spell_cast(game, eid: int, controller: int, card) -> None:
    """The spell `eid` (its `Card`) became cast: its own 'when you cast this spell'
    abilities trigger; each remembers the spell as 'spell'."""
    for i, ab in enumerate(_triggered(card.defn.abilities)):
        if isinstance(ab.trigger, CastThisSpell):
            game.pending_triggers.append(PendingTrigger(ab, eid, controller, {"spell": eid},
                                                        card.card_id, i))


class Attacks(Trigger):
    """'Whenever ~ attacks': triggers when it is declared as an attacker (CR 508.1m,
    508.3a); a creature put onto the battlefield attacking never 'attacks' (508.4)."""
    events = ("attacks",)

    def match(self, game, source, controller, kind, data):
        if data["attacker"] != source:
            return None
        return {"attacker": source, "defender": data["defender"]}


class BecomesTapped(Trigger):
    """'Whenever a <filter> becomes tapped' (for any reason: an effect, a cost, attacking);
    `filter(game, eid, chars, controller)`, controller: the ability's."""
    events = ("tapped",)

    def __init__(self, filter):
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        e = data["eid"]
        if not game.exists(e) or not self.filter(game, e, game.chars(e), controller):
            return None
        return {"tapped": e}


class EntersOrAttacks(Trigger):
    """'Whenever ~ enters or attacks' (the Titans): one ability with two trigger events
    (CR 603.2); it triggers once for each."""
    events = ("zone_change", "attacks")
    zone_to = "battlefield"               # (its zone changes: those of `Enters()`)
    itself = True

    def __init__(self):
        self._enters = Enters()
        self._attacks = Attacks()

    def match(self, game, source, controller, kind, data):
        if kind == "attacks":
            return self._attacks.match(game, source, controller, kind, data)
        return self._enters.match(game, source, controller, kind, data)


class PlayerCasts(Trigger):
    """'Whenever a player casts a <filter> spell' (any player, CR 601.2i)."""
    events = ("cast",)

    def __init__(self, filter=None):
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        if self.filter is not None and not self.filter(game, game.chars(data["eid"])):
            return None
        return {"spell": data["eid"], "caster": data["player"]}


class YouGainLife(Trigger):
    """'Whenever you gain life': once per life-gain event (CR 119.9, 119.10)."""
    events = ("life_gain",)

    def match(self, game, source, controller, kind, data):
        if data["player"] != controller:
            return None
        return {"amount": data["amount"]}


class OpponentDealtNoncombatDamage(Trigger):
    """'Whenever an opponent is dealt noncombat damage': once per damage event to each
    opponent, whatever the amount (combat damage stays combat damage when redirected)."""
    events = ("damage",)

    def match(self, game, source, controller, kind, data):
        t = data["target"]
        if data["combat"] or not isinstance(t, PlayerRef) or not game.is_opponent(controller, t.index):
            return None
        return {"player": t, "amount": data["amount"]}


class DealsCombatDamageToPlayer(Trigger):
    """'Whenever ~ deals combat damage to a player'."""
    events = ("damage",)
    source_only = True

    def match(self, game, source, controller, kind, data):
        if data["source"] != source or not data["combat"] or not isinstance(data["target"], PlayerRef):
            return None
        return {"player": data["target"], "amount": data["amount"]}


class CreatureAttacksYouOrYourPlaneswalker(Trigger):
    """'Whenever a creature attacks you or a planeswalker you control'."""
    events = ("attacks",)

    def match(self, game, source, controller, kind, data):
        d = data["defender"]
        if isinstance(d, PlayerRef):
            ok = d.index == controller
        else:
            ok = game.exists(d) and game.chars(d).controller == controller
        if not ok:
            return None
        return {"attacker": data["attacker"], "attacker_controller": data["controller"]}


class PendingTrigger:
    __slots__ = ("ability", "source", "controller", "info", "source_card", "index")

    def __init__(self, ability, source, controller, info, source_card, index):
        self.ability = ability
        self.source = source
        self.controller = controller
        self.info = info
        self.source_card = source_card
        self.index = index          # which triggered ability of its source (for 'handle:N')

    def __repr__(self):
        return f"<trigger {self.ability.text!r} of #{self.source}>"


def _triggered(abilities):
    # (a loop, not a list comprehension: in 3.11 that is one more function call, and this
    # runs at every zone change of a card with abilities)
    out = []
    for a in abilities:
        if isinstance(a, TriggeredAbility):
            out.append(a)
    return out


_LOOKS_BACK = {}         # card definition -> `looks_back` of its printed abilities


def looks_back(c) -> bool:
    """Could the object, as its characteristics `c` (its last known information) show, have a
    leaves-the-battlefield ability that looks back in time at its zone change (603.10a:
    `check_triggers` reads those from the last known information)? Once per card definition
    for printed abilities."""
    abilities = c.abilities
    if abilities is c.defn.abilities:
        hit = _LOOKS_BACK.get(c.defn)
        if hit is None:
            hit = _LOOKS_BACK[c.defn] = _looks_back(abilities)
        return hit
    return _looks_back(abilities)


def _looks_back(abilities) -> bool:
    for a in abilities:
        if isinstance(a, TriggeredAbility) and a.trigger.look_back and "zone_change" in a.trigger.events:
            return True
    return False


def check_triggers(game, kind: str, data: dict) -> None:
    """CR 603.2: every ability whose trigger event happened triggers."""
    b = game.board or board(game)
    for eid, ch, i, ab in b.watch.get(kind, ()):     # the abilities watching for this event
        info = ab.trigger.match(game, eid, ch.controller, kind, data)
        if info is None:
            continue
        if ab.intervening_if is not None and not ab.intervening_if(game, eid, ch.controller, info):
            continue
        card_id = game.world.ents[eid][Card].card_id
        for _ in range(info.get("repeat", 1)):    # 603.2c: once per occurrence
            game.pending_triggers.append(PendingTrigger(ab, eid, ch.controller, info, card_id, i))
    # leaves-the-battlefield abilities look back in time (603.10a): those of the object that
    # left, and of the objects that left the battlefield in the same event (an Aura and the
    # creature it enchanted destroyed together: 004 Necrotic Plague R2)
    if kind == "zone_change" and data.get("frm") == "battlefield":
        first = data["old"]
        gone = [(first, data.get("card"))]
        for oc in game.left_together:
            if oc[0] != first:
                gone.append(oc)
        seen = None                             # still on the battlefield: checked above
        for old, card_id in gone:
            lk = game.lki.get(old)
            if lk is None or not lk.abilities:
                continue
            if seen is None:
                seen = set()
                for s in b.triggers:
                    seen.add(s[0])
            if old in seen:
                continue
            for i, ab in enumerate(_triggered(lk.abilities)):
                t = ab.trigger
                if kind in t.events and t.look_back:
                    info = t.match(game, old, lk.controller, kind, data)
                    if info is not None:
                        game.pending_triggers.append(
                            PendingTrigger(ab, old, lk.controller, info, card_id, i))
    # delayed triggered abilities (603.7)
    if not game.delayed:
        return
    for dt in list(game.delayed):
        if kind in dt.trigger.events:
            info = dt.trigger.match(game, dt.source, dt.controller, kind, data)
            if info is not None:
                info = {**info, **dt.info}
                comps = game.world.ents.get(dt.source)     # named by the card that made it
                src_card = comps[Card].card_id if comps is not None and Card in comps else -1
                game.pending_triggers.append(
                    PendingTrigger(dt.ability, dt.source, dt.controller, info, src_card, 0))
                if dt.once:
                    game.delayed.remove(dt)


def _choosable_modes(game, tr, tc) -> list:
    """The modes of trigger `tr`'s modal ability that can be chosen: those whose targets
    can be (700.2). (A function of its own: the lambda would make `_place`'s `game` and
    `tc` cells at every call, 3.11.)"""
    return modes.available(game, tr.source, tr.index, tr.ability,
                           lambda s: has_candidates(game, s, tc, s.min))


class PutTriggersTask:
    """CR 603.3b: APNAP, each player orders theirs; 603.3c: modes, 603.3d: targets on the way."""

    needs_rewind = False
    _modes = None               # the modes chosen for the ability being put on the stack (603.3c)

    def __init__(self, triggers):
        self.queue = []            # per player, in APNAP order: list of PendingTrigger
        self.ordered = None
        self.stage_player = 0
        self.groups = triggers

    def player_left(self, game, player: int) -> bool:
        """800.4d: abilities a player who left controls aren't put on the stack (the one
        being put there now included: its choices so far are dropped)."""
        if self.groups and self.groups[0][0].controller == player:
            self.ordered = self._targets = self._modes = None
        self.groups = [g for g in self.groups if g[0].controller != player]
        return False

    def copy(self):
        t = PutTriggersTask.__new__(PutTriggersTask)
        t.__dict__.update(self.__dict__)
        t.groups = [list(g) for g in self.groups]
        t.ordered = list(self.ordered) if self.ordered is not None else None
        # the targets chosen so far are appended to: each copy needs its own list
        if getattr(self, "_targets", None) is not None:
            t._targets = list(self._targets)
        return t

    def run(self, game):
        while self.groups:
            grp = self.groups[0]
            if self.ordered is None:
                if len(grp) > 1:
                    return Decision("trigger_order", grp[0].controller, list(grp), len(grp), len(grp),
                                    "order triggered abilities (first goes on the stack first)")
                self.ordered = list(grp)
            while self.ordered:
                tr = self.ordered[0]
                d = self._place(game, tr)
                if d is not None:
                    return d
                self.ordered.pop(0)
                self._targets = None
            self.groups.pop(0)
            self.ordered = None
        return None

    def _place(self, game, tr):
        ab = tr.ability
        specs = ab.targets
        modal = getattr(ab, "modes", None)
        tc = None                       # who targets: only an ability with a target asks
        if specs or modal:
            src_chars = game.chars(tr.source) if game.exists(tr.source) else game.lki.get(tr.source)
            tc = TargetContext(tr.controller, tr.source, src_chars, False, tr.info)
        if not hasattr(self, "_targets") or self._targets is None:
            self._targets = []
        # 603.3d: the controller chooses the targets, unless the ability says who does
        # ('its controller chooses target creature ...': Necrotic Plague)
        who = tr.info[ab.chooser] if getattr(ab, "chooser", None) else tr.controller
        if modal:
            # 603.3c, 700.2: a modal ability's modes are chosen as it is put on the stack
            if self._modes is None:
                opts = _choosable_modes(game, tr, tc)
                n = ab.choose
                if len(opts) < n:
                    game.note(f"{ab.text!r}: not enough modes can be chosen; it is removed")
                    self._targets = None
                    return None
                self._pending = None
                return Decision("modes", tr.controller, opts, n, n, f"choose {n} mode(s) of {ab.text!r}",
                                data={"trigger": tr, **(only(opts[:n]) if len(opts) == n else {})})
            specs = mode_parts(ab.modes, self._modes)[0]
        while len(self._targets) < len(specs):
            spec = specs[len(self._targets)]
            opts = candidates(game, spec, tc)
            if len(opts) < spec.min:
                # 603.3d: no legal target: removed from the stack
                game.note(f"{ab.text!r} has no legal target and is removed")
                self._targets = None
                self._modes = None
                return None
            if getattr(spec, "at_random", False):       # 'target ... chosen at random'
                self._targets.append(random_targets(game, spec, opts))
                continue
            self._pending = (spec, tc)
            return new_decision("targets", who, opts, spec.min, spec.max, spec.text,
                                {"trigger": tr, **({"group": spec.group} if hasattr(spec, "group") else {})})
        division = ()
        if getattr(ab, "divide", None) is not None:
            # 603.3d: the division is announced as the ability is put on the stack (601.2d)
            # announced even with one target (601.2d; 004 Inferno Titan R1: "3 damage to one
            # target" is one of the splits the player picks)
            chosen = [t for grp in self._targets for t in grp]
            if getattr(self, "_division", None) is None:
                self._pending = None
                return Decision("divide", tr.controller, chosen, prompt=f"divide {ab.divide}",
                                data={"total": ab.divide, "trigger": tr,
                                      **(only({chosen[0]: ab.divide}) if len(chosen) == 1 else {})})
            else:
                division = self._division
        self._division = None
        chosen = ()
        if self._modes is not None:
            chosen = self._modes
            for m in chosen:
                modes.chosen(game, tr.source, tr.index, ab, m)
            self._modes = None
        eid = game.world.create(
            StackAbility(tr.controller, tr.source, ab, tuple(map(tuple, self._targets)), chosen, 0,
                         division, True, tuple(sorted(tr.info.items())), tr.source_card),
            zone_of("stack", None), timestamp_at(game.tick()))     # (shared values)
        game.stack.append(eid)
        game.ability_stack_changed()
        if game.hears("trigger_on_stack"):      # (an ability that watches targeting: ward)
            game.emit("trigger_on_stack", eid=eid, source=tr.source)
        self._targets = None
        return None

    def answer(self, game, decision, answer):
        if decision.kind == "trigger_order":
            order = list(answer)
            if order and all(isinstance(i, int) and not isinstance(i, bool) for i in order):
                # positions in the options: an answer that means the same in a clone,
                # whose pending triggers are objects of its own
                if sorted(order) != list(range(len(decision.options))):
                    raise IllegalAction("order all of your triggered abilities exactly once "
                                        f"(positions 0..{len(decision.options) - 1})")
                order = [decision.options[i] for i in order]
            if sorted(map(id, order)) != sorted(map(id, decision.options)):
                raise IllegalAction("order all of your triggered abilities exactly once")
            self.ordered = order
            return
        if decision.kind == "divide":
            from mtg_ecs.systems.casting import Procedure
            Procedure.validate_division(None, game, decision, answer)
            self._division = tuple(answer.items())
            return
        if decision.kind == "modes":
            ms = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            if len(ms) != decision.min or len(set(ms)) != len(ms) or any(m not in decision.options for m in ms):
                raise IllegalAction(f"choose {decision.min} of the modes {decision.options} (CR 603.3c)")
            self._modes = tuple(sorted(ms))         # carried out in printed order (700.2)
            return
        if decision.kind == "targets":
            spec, tc = self._pending
            grp = list(answer) if isinstance(answer, (list, tuple)) and not isinstance(answer, PlayerRef) else [answer]
            if not (spec.min <= len(grp) <= spec.max) or len(set(grp)) != len(grp):
                raise IllegalAction(f"{spec.text}: choose {spec.min}..{spec.max}")
            for t in grp:
                if not is_legal(game, spec, t, tc):
                    raise IllegalAction(illegal_target_message(game, spec, t))
            group = getattr(spec, "group", None)          # (targeting.TargetGroupSpec)
            if group is not None and not group(game, grp):
                raise IllegalAction(f"{spec.text}: these targets can't be chosen together (CR 601.2c)")
            self._targets.append(grp)
            return
        raise IllegalAction(f"unexpected answer to {decision.kind}")


def due(game) -> bool:
    """Triggered abilities wait to be put on the stack (603.3)."""
    return bool(game.pending_triggers)


def put_on_stack(game) -> bool:
    """CR 603.3b: each player, in APNAP order, puts their triggered abilities on the
    stack in the order they choose (`PutTriggersTask`). True if there were any."""
    pend = game.pending_triggers
    game.pending_triggers = []
    groups = []
    for p in game.apnap():
        mine = []
        for t in pend:
            if t.controller == p:
                mine.append(t)
        if mine:
            groups.append(mine)
    if groups:
        game.agenda.append(PutTriggersTask(groups))
    return bool(groups)


class DelayedTrigger:
    """`info`: what the effect that created it remembers ('that creature', 603.7c)."""
    __slots__ = ("trigger", "ability", "source", "controller", "once", "info")

    def __init__(self, trigger, ability, source, controller, once=True, info=None):
        self.trigger = trigger
        self.ability = ability
        self.source = source
        self.controller = controller
        self.once = once
        self.info = info or {}


class BlocksOrBlockedBy(Trigger):
    """'Whenever ~ blocks or becomes blocked by a creature': once per creature
    (509.3c, 509.3d); remembers that creature as 'other'. `blocked=False`: only
    'Whenever ~ blocks a creature' (Wall of Frost)."""
    events = ("blocks",)

    def __init__(self, blocks=True, blocked=True):
        self.blocks = blocks
        self.blocked = blocked

    def match(self, game, source, controller, kind, data):
        if self.blocks and data["blocker"] == source:
            return {"other": data["attacker"]}
        if self.blocked and data["attacker"] == source:
            return {"other": data["blocker"]}
        return None


class TapsLandForMana(Trigger):
    """'Whenever a player taps a land for mana' (605.1a: the trigger itself is not a
    mana ability, 605.5a); remembers that player."""
    events = ("mana_ability",)

    def match(self, game, source, controller, kind, data):
        if not data.get("tapped"):
            return None
        e = data["eid"]
        if not game.exists(e) or "Land" not in game.chars(e).types:
            return None
        return {"player": PlayerRef(data["player"])}


class OpponentCasts(Trigger):
    """'Whenever an opponent casts a <filter> spell' (CR 601.2i): one trigger per spell,
    however many of the filter's qualities it has."""
    events = ("cast",)

    def __init__(self, filter=None):
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        if not game.is_opponent(controller, data["player"]):
            return None
        if self.filter is not None and not self.filter(game, game.chars(data["eid"])):
            return None
        return {"spell": data["eid"], "caster": data["player"]}


class YouPlayCard(Trigger):
    """'Whenever you play a card': you cast a spell from a card (not a copy) or play a
    land (CR 1.3 M10 'play' = cast or play a land; copies aren't cast, 707.10)."""
    events = ("cast", "land_played")

    def match(self, game, source, controller, kind, data):
        if data["player"] != controller:
            return None
        if kind == "cast":
            from mtg_ecs.components import Card
            comps = game.world.ents.get(data["eid"])
            if comps is None or Card not in comps or comps[Card].token:
                return None
        return {"card": data["eid"]}


class CountersRemovedFromSelf(Trigger):
    """'Whenever a <kind> counter is removed from ~': once per counter (a removal of
    several counters at once triggers that many times, CR 603.2c)."""
    events = ("counters_removed",)

    def __init__(self, kind):
        self.kind = kind

    def match(self, game, source, controller, kind, data):
        if data["eid"] != source or data["counter"] != self.kind:
            return None
        return {"n": data["n"], "repeat": data["n"]}


class LastCounterRemovedFromSelf(Trigger):
    """'When you remove the last <kind> counter from ~' (Divine Intervention): a
    removal of <kind> counters from it by its controller's effect leaves none."""
    events = ("counters_removed",)

    def __init__(self, kind):
        self.kind = kind

    def match(self, game, source, controller, kind, data):
        if data["eid"] != source or data["counter"] != self.kind:
            return None
        if game.counters(source).get(self.kind) != 0:
            return None
        return {"n": data["n"]}


class EntersNotCastFrom(Trigger):
    """'When ~ enters, if you didn't cast it from your <zone>' (Phage the Untouchable):
    the zone change of a resolving spell says where that spell was cast from."""
    events = ("zone_change",)
    zone_to = "battlefield"
    itself = True

    def __init__(self, zone="hand"):
        self.zone = zone

    def match(self, game, source, controller, kind, data):
        if data["to"] != "battlefield" or data["new"] != source:
            return None
        if data.get("frm") == "stack" and data.get("cast_from") == self.zone:
            return None
        return {"entered": source}


class DealsCombatDamageToCreature(Trigger):
    """'Whenever ~ deals combat damage to a creature': remembers that creature."""
    events = ("damage",)
    source_only = True

    def match(self, game, source, controller, kind, data):
        t = data["target"]
        if data["source"] != source or not data["combat"] or isinstance(t, PlayerRef):
            return None
        lk = game.chars(t) if game.exists(t) else game.lki.get(t)
        if lk is None or "Creature" not in lk.types:
            return None
        return {"creature": t}


class OpponentDiscards(Trigger):
    """'Whenever an opponent discards a card': the discard itself is the event (701.9), so it
    triggers wherever a replacement effect put the card (004 Obstinate Baloth R2, Leyline of
    the Void R3); remembers 'that player' and the card as it was discarded."""
    events = ("discard",)

    def match(self, game, source, controller, kind, data):
        if not game.is_opponent(controller, data["player"]):
            return None
        return {"player": PlayerRef(data["player"]), "discarded": data["card"]}


class EnchantedDies(Trigger):
    """'When enchanted creature dies' (an Aura's leaves-the-battlefield ability: it looks back
    in time, 603.10a, so it triggers also when the Aura leaves at the same time); remembers the
    creature's controller as it last existed ('its controller')."""
    events = ("zone_change",)
    zone_from = "battlefield"
    zone_to = "graveyard"
    look_back = True

    def match(self, game, source, controller, kind, data):
        if data["frm"] != "battlefield" or data["to"] != "graveyard":
            return None
        old = data["old"]
        lk = game.lki.get(old)
        if lk is None or "Creature" not in lk.types:
            return None
        att = game.world.get(source, Attached) if game.exists(source) else \
            (game.lki_extra.get(source) or {}).get("attached")
        if att is None or att.to != old:
            return None
        return {"died": data["new"], "creature_controller": lk.controller}


class PlayerCastsNthSpell(Trigger):
    """'Whenever a player casts their second spell each turn' (601.2i; copies aren't cast,
    707.10): the spell that makes that player's count of spells cast this turn `n`, however
    many were cast before the source arrived."""
    events = ("cast",)

    def __init__(self, n):
        self.n = n

    def match(self, game, source, controller, kind, data):
        if game.players[data["player"]].spells_cast_turn != self.n:
            return None
        return {"spell": data["eid"], "caster": data["player"]}


class YouAttack(Trigger):
    """'Whenever you attack' (603.2, 508.1): once per combat, when you declare one or more
    attackers; `filter(game, attackers)`: 'with one or more creatures with counters on them'."""
    events = ("attackers_declared",)

    def __init__(self, filter=None):
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        attackers = data["attackers"]
        if not attackers:
            return None
        if game.teams:      # 805.10a: a team attacks; 'you attack': with your creatures
            if not any(game.chars(a).controller == controller for a in attackers):
                return None
        elif game.active != controller:
            return None
        if self.filter is not None and not self.filter(game, attackers):
            return None
        return {"attackers": attackers}


class YouDiscard(Trigger):
    """'Whenever you discard a card': the discard itself is the event (701.9), one trigger
    per card discarded; remembers the card as it was discarded."""
    events = ("discard",)

    def match(self, game, source, controller, kind, data):
        if data["player"] != controller:
            return None
        return {"discarded": data["card"]}


class EntersRememberingCast(Trigger):
    """'When ~ enters[, if you cast it]': remembers whether it entered as a resolving spell
    that was cast (601.2a: where it was cast from; not a copy or a permanent put onto the
    battlefield) and the X paid for it (107.3m: X of the spell, 0 if cast without paying)."""
    events = ("zone_change",)
    zone_to = "battlefield"
    itself = True

    def match(self, game, source, controller, kind, data):
        if data["to"] != "battlefield" or data["new"] != source:
            return None
        x = game.get(source, EnteredWithX)
        return {"entered": source, "cast": data.get("frm") == "stack" and data.get("cast_from") is not None,
                "x": x.x if x is not None else 0}


class YouSacrifice(Trigger):
    """'Whenever you sacrifice a <filter>' (701.21a: the sacrificing player is the one who
    controlled it); remembers it as it last existed (its mana value)."""
    events = ("zone_change",)
    zone_from = "battlefield"

    def __init__(self, filter=None):
        self.filter = filter

    def match(self, game, source, controller, kind, data):
        if data.get("cause") != "sacrifice" or data["frm"] != "battlefield":
            return None
        lk = game.lki.get(data["old"])
        if lk is None or lk.controller != controller or (self.filter is not None and not self.filter(lk)):
            return None
        return {"sacrificed": data["old"], "sacrificed_mana_value": lk.mana_value}
