"""Casting spells and activating abilities (CR 601, 602, 606).

Both follow the same procedure: announce (the object goes on the stack), choose
modes and X, choose targets, divide, determine the total cost, activate mana
abilities and pay, then the spell becomes cast / the ability activated. Each
choice not given up front in the action is asked as a decision, in that order.
If the procedure can't be completed the game rewinds to before it (601.2, 723).
"""
from __future__ import annotations

from dataclasses import replace

from mtg_ecs.components import (Card, Spell, StackAbility, Tapped, TAPPED, Controller, timestamp_at,
                        LoyaltyActivated, zone_of)
from mtg_ecs.components.definitions import ActivatedAbility, TargetSpec
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, new_decision, only, yes_no
from mtg_ecs.components.mana import IDX, ManaCost, ZERO, add_costs
from mtg_ecs.systems import costs, zones, discard, casualty, permissions, graveyard_casting, commander
from mtg_ecs.systems.stack import spell_parts
from mtg_ecs.systems.targeting import (illegal_target_message, TargetContext, candidates, has_candidates,
                                       is_legal, target)
from mtg_ecs.systems.effects import copy_state
from mtg_ecs.systems.damage import pay_life
from mtg_ecs.systems.cycling import cycled
from mtg_ecs.systems.triggers import spell_cast
from mtg_ecs.systems.crew import check_crew, crew_decision


def madness_cost(defn):
    from mtg_ecs.systems.madness import madness_cost as cost
    return cost(defn)


_ENCHANTABLE = {"creature", "permanent", "land", "artifact", "enchantment", "player",
                "opponent", "planeswalker"}


_AURA_TARGET = {}   # card definition -> `aura_target`


def aura_target(defn) -> TargetSpec | None:
    """CR 303.4a: an Aura spell targets what its enchant ability allows (made once per
    card definition)."""
    hit = _AURA_TARGET.get(defn, False)
    if hit is False:
        hit = _AURA_TARGET[defn] = _aura_target(defn)
    return hit


def _aura_target(defn) -> TargetSpec | None:
    for k in defn.keywords:
        if k.name == "enchant":
            if k.param == "tapped creature":
                return target("enchant tapped creature", "creature",
                              filter=lambda g, t, tc: g.world.has(t, Tapped))
            if k.param not in _ENCHANTABLE:
                raise IllegalAction(f"unsupported enchant quality {k.param!r}")
            return target(f"enchant {k.param}", k.param)
    return None


def spell_target_specs(defn, modes=()) -> tuple:
    if "Aura" in defn.subtypes:
        t = aura_target(defn)
        return (t,) if t is not None else ()
    return spell_parts(defn, modes)[0]


def _norm_targets(given, n_specs):
    """Accept `t`, `[t]` or `[[t1], [t2, t3]]` for the spell's target phrases."""
    if given is None:
        return None

    def group(x):       # a PlayerRef is a NamedTuple, but one target, not a group
        return isinstance(x, (list, tuple)) and not isinstance(x, PlayerRef)
    if n_specs == 1:
        if group(given):
            if len(given) == 1 and group(given[0]):
                out = [list(given[0])]
            else:
                out = [list(given)]
        else:
            out = [[given]]
    else:
        if not group(given) or len(given) != n_specs:
            raise IllegalAction(f"give one target entry per target phrase ({n_specs})")
        out = [list(g) if group(g) else [g] for g in given]
    # 115.1: each target is one object or player
    if any(isinstance(t, bool) or not isinstance(t, (int, PlayerRef)) for g in out for t in g):
        raise IllegalAction(f"a target is an object or a player, not {given!r}")
    return out


_PLAIN = {}         # card definition -> `_plain_permanent`
_NO_CHOICES = {}    # (controller, zone cast from) -> the Spell of a spell cast with no choice


def _plain_permanent(defn) -> bool:
    """Nothing in the card asks a choice before its total cost (601.2b-f) when it has no
    spell ability: no X, kicker or casualty, and no Aura (whose spell targets, 303.4a).
    Read once per definition."""
    hit = _PLAIN.get(defn)
    if hit is None:
        hit = _PLAIN[defn] = not defn.cost.x and "Aura" not in defn.subtypes \
            and _kicker_of(defn)[0] is None and casualty.casualty_of(defn) is None
    return hit


_TARGETS_ONLY = {}  # card definition -> `_targets_only`


def _targets_only(defn) -> bool:
    """The spell ability asks no choice before the total cost but its targets (601.2b-f):
    no modes, X, division, kicker or casualty, no additional cost and no card to exile from
    the graveyard. Read once per definition."""
    hit = _TARGETS_ONLY.get(defn)
    if hit is None:
        sa = defn.spell
        hit = _TARGETS_ONLY[defn] = not sa.modes and sa.divide is None and not defn.cost.x \
            and sa.additional_cost is None and not sa.additional_cost_options \
            and sa.exile_from_graveyard is None and _kicker_of(defn)[0] is None \
            and casualty.casualty_of(defn) is None
    return hit


def _kicker_of(defn):
    """(cost, multikicker?) of the card's kicker (702.33a) or multikicker (702.33c)."""
    for k in defn.keywords:
        if k.name == "kicker" or k.name == "multikicker":
            return k.param, k.name == "multikicker"
    return None, False


class Procedure:
    """Shared by casting and activating: the choice sequence as explicit state,
    so a game can be cloned at any decision."""

    # Each answer is checked before it changes anything, and the action was offered
    # only if it could be completed, so answering needs no snapshot to rewind to.
    needs_rewind = False
    # With choices given up front (Cast(..., mana=...)) a later step can still fail after
    # the card moved: `origin` is the game before the action, to return to (601.2).
    origin = None
    reversible = True           # the loop keeps `origin` while choices are asked

    def player_left(self, game, player: int) -> bool:
        """800.4a: a spell or ability a player who left was announcing goes with them."""
        return self.player == player

    def copy(self):
        t = self.__class__.__new__(self.__class__)
        t.__dict__.update(self.__dict__)
        t.targets = [list(x) for x in self.targets] if self.targets is not None else None
        t.pay_choices = dict(self.pay_choices)
        if self.sac_moves is not None:
            t.sac_moves = copy_state(self.sac_moves)
        if self.origin is not None:
            t.origin = self.origin.clone()
        return t

    # -- choices ------------------------------------------------------------
    def _choose_targets(self, game, specs, tc):
        if self.targets is None:
            self.targets = []
            given = _norm_targets(self.pre_targets, len(specs)) if self.pre_targets is not None else None
            self._given = given
        while len(self.targets) < len(specs):
            i = len(self.targets)
            spec = specs[i]
            if self._given is not None:
                grp = self._given[i]
                self._validate_targets(game, spec, grp, tc)
                self.targets.append(list(grp))
                continue
            opts = candidates(game, spec, tc)
            if len(opts) < spec.min:
                raise IllegalAction(f"no legal target for {spec.text}")
            self._pending_spec = (spec, tc)
            group = {"group": spec.group} if hasattr(spec, "group") else {}
            return new_decision("targets", self.player, opts, spec.min,
                                self._most_targets(game, spec, opts), spec.text, {"index": i, **group})
        return None

    def _most_targets(self, game, spec, opts) -> int:
        """The most targets the player may choose: a spell that costs more for each target
        (601.2f) can have only as many as its total cost can be paid with (601.2g-h)."""
        sa = getattr(self.defn, "spell", None)
        hi = spec.max
        if sa is None or sa.extra_generic is None:
            return hi
        hi = min(hi, len(opts))
        while hi > spec.min:
            self.targets.append(opts[:hi])
            ok = costs.can_pay_mana(game, self.player, self._total_cost(game), spell=self._spell(game))
            self.targets.pop()
            if ok:
                break
            hi -= 1
        return hi

    def _validate_targets(self, game, spec, grp, tc, offered=()):
        """`offered`: the options of the decision `grp` answers, the legal targets
        (`candidates`) of the state it still is: one of them isn't checked again."""
        if not (spec.min <= len(grp) <= spec.max):
            raise IllegalAction(f"{spec.text}: choose {spec.min}..{spec.max} targets, got {len(grp)}")
        if len(set(grp)) != len(grp):
            raise IllegalAction(f"{spec.text}: the same target twice")  # 115.3
        for t in grp:
            if (type(t) is int or type(t) is PlayerRef) and t in offered:
                continue
            if not is_legal(game, spec, t, tc):
                raise IllegalAction(illegal_target_message(game, spec, t))
        group = getattr(spec, "group", None)          # (targeting.TargetGroupSpec)
        if group is not None and not group(game, grp):
            raise IllegalAction(f"{spec.text}: these targets can't be chosen together (CR 601.2c)")

    def _spell(self, game):
        """The characteristics of the spell being cast (None: an ability), for mana that
        can be spent only on some spells (106.6)."""
        return None

    def _sacrifice_order(self, game):
        """616.1: the order of replacement effects on each permanent sacrificed to pay a cost
        (a Darksteel Colossus with an opponent's Leyline of the Void), asked before paying."""
        sac = self._sacrificing()
        if not sac:
            return None
        if self.sac_moves is None:
            self.sac_moves = discard.start_moves(sac, "graveyard", "sacrifice")
        return discard.next_choice(game, self.sac_moves)

    def _sacrifice_paid(self, game, e):
        orders = self.sac_moves["orders"] if self.sac_moves is not None else {}
        zones.sacrifice(game, e, orders.get(e, ()))

    sacrificed_for_mana = None  # the permanents the player chose to sacrifice for mana

    def _mana_to_sacrifice(self, game, cost, exclude=(), spell=None):
        """601.2g: the permanents to sacrifice for mana, when tapping can't pay the cost
        (`costs.mana_sacrifice_decision`). None when there is nothing to choose. A
        permanent sacrificed for another part of the cost may still be tapped for mana
        (601.2g comes before 601.2h)."""
        if self.mana_sources is not None or self.sacrificed_for_mana is not None:
            return None
        return costs.mana_sacrifice_decision(game, self.player, cost, exclude, spell, self._sacrificing())

    def _sacrificing(self) -> tuple:
        """The permanents chosen to sacrifice for the cost (its sacrifice, then casualty)."""
        pc = self.pay_choices
        if not pc:
            return ()
        return tuple(pc.get("sacrifice", ())) + tuple(pc.get("casualty", ()))

    def answer(self, game, decision, answer):
        k = decision.kind
        if k == "mana_sacrifice":
            self.sacrificed_for_mana = costs.chosen_for_mana(game, decision, answer)
            return
        if k == "replacement":
            discard.answer(game, self.sac_moves, decision, answer)
            return
        if k == "targets":
            spec, tc = self._pending_spec
            grp = list(answer) if isinstance(answer, (list, tuple)) and not isinstance(answer, PlayerRef) else [answer]
            self._validate_targets(game, spec, grp, tc, decision.options)
            self.targets.append(grp)
            sa = getattr(self.defn, "spell", None)
            if sa is not None and sa.extra_generic is not None and \
                    not costs.can_pay_mana(game, self.player, self._total_cost(game), spell=self._spell(game)):
                self.targets.pop()            # 601.2f-h: the increased total cost can't be paid
                raise IllegalAction("the cost increased by these targets can't be paid")
        elif k == "modes":
            ms = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            self._validate_modes(decision, ms)
            self.modes = tuple(ms)
        elif k == "x" and decision.data.get("what") != "multikicker":
            if not isinstance(answer, int) or answer not in decision.options:
                raise IllegalAction(f"X can't be {answer!r} (legal: 0..{max(decision.options)})")
            self.x = answer
        elif k == "divide":
            self.validate_division(game, decision, answer)
            self.division = tuple(answer.items())
        elif k == "may" and decision.data.get("what") == "kicker":
            self.kicked = yes_no(answer)
        elif k == "cost_choice":
            if isinstance(answer, bool) or answer not in decision.options:
                raise IllegalAction(f"choose one of the additional costs {decision.options}")
            self.cost_option = answer
        elif k == "may" and decision.data.get("what") == "casualty":
            self.casualty = yes_no(answer)
        elif k == "x" and decision.data.get("what") == "multikicker":
            if not isinstance(answer, int) or isinstance(answer, bool) or answer not in decision.options:
                raise IllegalAction(f"pay the multikicker 0..{max(decision.options)} times")
            self.kicked = answer
        elif k == "choice" and decision.data.get("what") == "counter_kind":
            if isinstance(answer, (list, tuple)) and len(answer) == 1:
                answer = answer[0]
            if answer not in decision.options:
                raise IllegalAction(f"choose one of the kinds of counters {decision.options}")
            self.pay_choices["remove_counters"] = {self.pay_choices["remove_counter"][0]: {answer: 1}}
        elif k == "cost" and "crew" in decision.data:
            grp = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            check_crew(game, self.player, self.ability.cost, grp)
            self.pay_choices["tap"] = grp
        elif k == "cost":
            grp = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            if len(grp) != decision.min or not all(map(decision.options.__contains__, grp)) or \
                    len(set(grp)) != len(grp):
                raise IllegalAction(f"illegal choice for {decision.prompt}: {grp}")
            what = decision.data["what"]
            # a spell's sacrifices are chosen part after part (601.2h: each its own permanents)
            before = self.pay_choices.get(what, []) if what == "sacrifice" else []
            self.pay_choices[what] = list(before) + grp
        else:
            raise IllegalAction(f"unexpected answer to {k}")

    def _choosable_modes(self, game, sa) -> list:
        """700.2, 601.2c: a mode whose targets can't all be chosen can't be chosen (002 Brokers
        Charm R1)."""
        tc = TargetContext(self.player, self.eid, game.chars(self.eid), True)
        return [i for i, (_, mt, _) in enumerate(sa.modes)
                if all(has_candidates(game, spec, tc, spec.min) for spec in mt)]

    def _validate_modes(self, decision, ms):
        if len(ms) < decision.min or len(ms) > decision.max or len(set(ms)) != len(ms) or \
                any(m not in decision.options for m in ms):
            raise IllegalAction(f"illegal modes {ms}")

    def validate_division(self, game, decision, answer):
        if not isinstance(answer, dict):
            raise IllegalAction("a division is {target: amount}")
        tg = decision.options
        if set(answer) != set(tg):
            raise IllegalAction("divide among exactly the chosen targets")
        if any((not isinstance(v, int)) or v < 1 for v in answer.values()):
            raise IllegalAction("each target gets at least 1 (601.2d)")
        if sum(answer.values()) != decision.data["total"]:
            raise IllegalAction(f"the division must total {decision.data['total']}")


class CastTask(Procedure):
    """CR 601.2: casting a spell."""

    # the permanent whose static ability lets the card be cast from the graveyard with an
    # additional cost (systems/graveyard_casting.py), set by priority as the action is taken
    granted_by = None

    def __init__(self, player: int, action):
        self.player = player
        self.card = action.card
        self.alt = action.alt
        self.pre_targets = action.targets
        self.modes = tuple(action.modes) if action.modes is not None else None
        self.pre_modes = self.modes
        self.x = action.x
        self.pre_divide = action.divide
        self.division = None
        self.mana_sources = action.mana
        self.pay_choices = dict(action.pay or {})
        self.kicked = self.pay_choices.pop("kicker", None)
        # casualty (702.153a): None until the intention is announced (601.2b)
        self.casualty = True if "casualty" in self.pay_choices else None
        self.cost_option = None     # which of 'A, B, or C' additional costs (601.2f)
        self.eid = None
        self.targets = None
        self._given = None
        self.done = False
        self.defn = None            # the card's definition, once on the stack (601.2a)
        self.from_zone = None       # the zone it was cast from (601.2a)
        self._pending_spec = None   # (target spec, context) of the targets asked
        self.sac_moves = None       # sacrifices being paid, with their 616.1 orders

    def run(self, game):
        if self.done:
            return None
        if self.eid is None:
            # 601.2a: the card moves to the stack
            defn = game.world.ents[self.card][Card].defn
            self.defn = defn
            if self.alt not in (None, "free") and not (self.alt == "alt" and defn.alt_cost is not None) \
                    and not (self.alt == "madness" and madness_cost(defn) is not None) \
                    and defn.keyword_alt_cost(self.alt) is None:
                raise IllegalAction(f"{defn.name} has no alternative cost {self.alt!r}")
            self.from_zone = game.zone_of(self.card)
            if self.from_zone != "hand" and game.play_permissions:
                permissions.used(game, self.card)
            # (onto the top of the stack: `move` puts it there)
            self.eid = zones.move(game, self.card, "stack", controller=self.player, cause="cast")
        defn = self.defn
        sa = defn.spell
        if sa is None and self.x is None and self.modes is None and self.kicked is None \
                and self.alt is None and self.pre_targets is None and not self.pay_choices \
                and _plain_permanent(defn) and self.granted_by is None and not self.by_counter:
            # a plain permanent spell (no spell ability, X, kicker, target or additional or
            # alternative cost, nor a permission's additional cost: Falco Spara's counter,
            # 601.2f) with nothing announced: no choice to make before the total cost
            # (601.2b-f), each step below would find nothing to ask
            self.x = 0
            self.kicked = False
            self.targets = []
            return self._pay_and_cast(game, self._fixed_cost(game, ()), ())
        x = self.x
        if sa is not None and self.modes is None and not self.kicked and self.alt is None \
                and not self.pay_choices and (x is None or (type(x) is int and not x)) \
                and _targets_only(defn) and self.granted_by is None and not self.by_counter:
            # a spell whose only choice before its total cost is its targets (601.2c), with
            # nothing else announced: each step below but the targets would find nothing to
            # ask, and record the same (no X, no kicker, no casualty)
            self.x = 0
            self.kicked = False
            self.casualty = False
            specs = spell_target_specs(defn, ())
            d = self._choose_targets(game, specs, TargetContext(
                self.player, self.eid, game.chars(self.eid), True) if specs else None)
            if d is not None:
                return d
            return self._pay_and_cast(game, self._fixed_cost(game, ()), ())
        # 601.2b: modes, then X
        if sa is not None and sa.modes and self.modes is None:
            opts = self._choosable_modes(game, sa)
            if len(opts) < sa.choose:
                raise IllegalAction(f"{defn.name}: no {sa.choose} mode(s) with legal targets (CR 700.2, 601.2c)")
            return Decision("modes", self.player, opts, sa.choose, sa.choose,
                            f"choose {sa.choose} mode(s)")
        if self.modes is not None and sa is not None and sa.modes:
            d = Decision("modes", self.player, self._choosable_modes(game, sa), sa.choose, sa.choose)
            self._validate_modes(d, list(self.modes))
        elif self.modes:
            raise IllegalAction(f"{defn.name} is not modal: it has no modes to choose (CR 700.2)")
        cas = casualty.casualty_of(defn)
        if self.x not in (None, 0) and not defn.cost.x and cas != "X":
            raise IllegalAction(f"{defn.name} has no X in its cost (CR 107.3)")
        # 601.2b: the intention to pay an optional additional cost (kicker, 702.33a) is
        # announced with the modes; asked only when it could be paid (with a free cast too,
        # 118.9: 004 Wild Evocation R3)
        kicker, multi = _kicker_of(self.defn)
        if kicker is None:
            if self.kicked:
                raise IllegalAction(f"{defn.name} has no kicker")
            self.kicked = False
        elif self.kicked is None:
            base = self._fixed_cost(game)
            n = 0                                # how many times it could be paid (multikicker: 702.33c)
            while n < (20 if multi else 1) and \
                    costs.can_pay_mana(game, self.player, add_costs(base, self._times(kicker, n + 1)),
                                       spell=self._spell(game)):
                n += 1
            if n and multi:
                return Decision("x", self.player, list(range(n + 1)), 1, 1,
                                f"how many times to pay the multikicker cost {kicker.text or ''}",
                                data={"what": "multikicker"})
            if n:
                return Decision("may", self.player, [True, False], 1, 1,
                                f"pay the kicker cost {kicker.text or ''} of {defn.name}?",
                                data={"what": "kicker"})
            self.kicked = False
        if multi:
            if not isinstance(self.kicked, int) or self.kicked < 0:
                raise IllegalAction("multikicker is paid a number of times (0 or more)")
            self.kicked = int(self.kicked)
        elif not isinstance(self.kicked, bool):
            raise IllegalAction("kicker is paid or not (true or false)")
        d = self._announce_casualty(game, cas)
        if d is not None:
            return d
        if defn.cost.x and self.x is None:
            if self.alt == "free":
                self.x = 0                               # 107.3b
            else:
                return Decision("x", self.player, list(range(0, self._max_x(game) + 1)), 1, 1,
                                f"choose X for {defn.name}", data={"what": "spell", "card": self.card})
        if self.x is None:
            self.x = 0
        if not isinstance(self.x, int) or self.x < 0:
            raise IllegalAction(f"X can't be {self.x!r}: it is 0 or more (107.1b)")
        if defn.cost.x and self.alt == "free" and self.x != 0:
            raise IllegalAction("X must be 0 when a spell is cast without paying its mana cost (107.3b)")
        if self.x and not defn.cost.x and not (cas == "X" and self.casualty):
            raise IllegalAction(f"{defn.name} has no X (casualty X is chosen only when it is paid)")
        if self.x and defn.cost.x and self.x > self._max_x(game):
            raise IllegalAction(f"p{self.player} can't pay X={self.x}")
        # 601.2c: targets
        specs = spell_target_specs(defn, self.modes or ())
        tc = TargetContext(self.player, self.eid, game.chars(self.eid), True) if specs else None
        d = self._choose_targets(game, specs, tc)
        if d is not None:
            return d
        # 601.2d: division
        if sa is not None and sa.divide is not None and self.division is None:
            tg = [t for grp in self.targets for t in grp]
            total = self.x if sa.divide == "X" else sa.divide
            # the player announces the division even with one target (601.2d: "among one
            # or more targets"; all of it to that target is then the one legal answer)
            if self.pre_divide is not None:
                dd = Decision("divide", self.player, tg, data={"total": total})
                self.validate_division(game, dd, self.pre_divide)
                self.division = tuple(self.pre_divide.items())
            else:
                return Decision("divide", self.player, tg, prompt=f"divide {total}",
                                data={"total": total,
                                      **(only({tg[0]: total}) if len(tg) == 1 else {})})
        # 601.2f: additional costs (sacrifice, discard) are chosen with the total cost
        d = self._additional_cost_choices(game, sa) or self._counter_to_remove(game) or \
            self._casualty_choice(game) or self._sacrifice_order(game)
        if d is not None:
            return d
        # 601.2f-h: total cost, mana abilities, payment
        return self._pay_and_cast(game, self._total_cost(game))

    def _announce_casualty(self, game, cas):
        """601.2b: the intention to pay casualty (702.153a) is announced, asked only when a
        creature could be sacrificed for it (free casts too: 002 §2.3 #8); casualty X: the
        value of X with it (002 Ob Nixilis, the Adversary R2)."""
        if cas is None:
            if self.casualty:
                raise IllegalAction(f"{self.defn.name} has no casualty")
            self.casualty = False
            return None
        least = 0 if cas == "X" else cas
        if self.casualty is None:
            if not any(self._spares(game, e) for e in self._casualty_candidates(game, least, self._fixed_cost(game))):
                self.casualty = False
                return None
            return Decision("may", self.player, [True, False], 1, 1,
                            f"pay the casualty {cas} cost of {self.defn.name}?", data={"what": "casualty"})
        if cas == "X" and self.casualty and self.x is None:
            hi = casualty.greatest_power(game, self._casualty_candidates(game, -10 ** 9, self._fixed_cost(game)),
                                         lambda e: self._spares(game, e))
            return Decision("x", self.player, list(range(hi + 1)), 1, 1, "choose X for casualty X",
                            data={"what": "casualty"})
        return None

    def _casualty_candidates(self, game, power: int, mana) -> list:
        """The creatures with power `power` or greater that can be sacrificed for casualty:
        not one sacrificed for another part of the cost, nor one the mana `mana` needs
        sacrificed for mana (118.3, 601.2g-h: Goldhound)."""
        other = tuple(self.pay_choices.get("sacrifice", ()))
        opts = [e for e in casualty.candidates(game, self.player, power) if e not in other]
        return costs.sacrifices_leaving_mana(game, self.player, opts, 1, mana,
                                             spell=self._spell(game), also=other)

    def _spares(self, game, e) -> bool:
        """Whether the spell's sacrifice costs known at its announcement (601.2b) can be
        paid without `e`, left for casualty."""
        return all(casualty.leaves_one((e,), costs.sacrifice_candidates(game, self.player, add),
                                       add.sacrifice_n)
                   for add in self._cost_parts() if add.sacrifice is not None)

    def _casualty_left(self, game, add, opts, group=(), taken=()) -> bool:
        """601.2f: with casualty announced and its creature not yet chosen, the sacrifice
        cost `add` (of `opts`, `group` chosen for it; `taken` by the costs before it)
        leaves a creature for casualty."""
        if not self.casualty or "casualty" in self.pay_choices:
            return True
        need = casualty.power_needed(self.defn, self.x)
        cands = [c for c in casualty.candidates(game, self.player, need) if c not in taken]
        return casualty.leaves_one(cands, opts, add.sacrifice_n, group)

    # cast by the permission whose cost is removing a counter (Falco Spara): set by
    # `priority` for a player's action, never for a cast during a resolution (608.2g)
    by_counter = False

    def _counter_to_remove(self, game):
        """601.2f: 'removing a counter from a creature you control' (a permission's
        additional cost, permissions.CastTopRemovingCounter): the creature, then the kind
        of counter (any kind: shield, +1/+1, ...). `pay: {remove_counters: {creature:
        {kind: 1}}}` names both."""
        given = self.pay_choices.get("remove_counters")
        if not self.by_counter:
            if given:
                raise IllegalAction(f"{self.defn.name} has no cost removing counters")
            return None
        holders = permissions.counter_holders(game, self.player)
        if not holders:
            raise IllegalAction("no creature you control has a counter to remove")
        if given is None:
            if "remove_counter" not in self.pay_choices:
                return Decision("cost", self.player, holders, 1, 1,
                                "remove a counter from a creature you control",
                                data={"what": "remove_counter", **(only(holders) if len(holders) == 1 else {})})
            e = self.pay_choices["remove_counter"][0]
            kinds = [k for k, n in game.counters(e).items if n > 0]
            return Decision("choice", self.player, kinds, 1, 1,
                            f"remove which counter from {game.name(e)}?",
                            data={"what": "counter_kind", **(only(kinds[0]) if len(kinds) == 1 else {})})
        items = [(e, k, n) for e, kinds in dict(given).items() for k, n in dict(kinds).items()]
        if len(items) != 1 or items[0][2] != 1 or items[0][0] not in holders \
                or not game.counters(items[0][0]).get(items[0][1]):
            raise IllegalAction("remove one counter from one creature you control that has it (118.3)")
        return None

    def _casualty_choice(self, game):
        """601.2f: the creature to sacrifice for casualty, with power N (or X) or greater."""
        if not self.casualty:
            if "casualty" in self.pay_choices:
                raise IllegalAction("casualty is paid or not: a creature is named only when it is")
            return None
        need = casualty.power_needed(self.defn, self.x)
        opts = self._casualty_candidates(game, need, self._total_cost(game))
        if "casualty" not in self.pay_choices:
            if not opts:
                raise IllegalAction(f"no creature with power {need} or greater to sacrifice for casualty")
            return Decision("cost", self.player, opts, 1, 1,
                            f"casualty: sacrifice a creature with power {need} or greater",
                            data={"what": "casualty", **(only([opts[0]]) if len(opts) == 1 else {})})
        grp = list(self.pay_choices["casualty"])
        if len(grp) != 1 or grp[0] not in opts:
            raise IllegalAction(f"casualty: sacrifice one creature you control with power {need} "
                                "or greater (702.153a, 701.21a)")
        return None

    def _pay_and_cast(self, game, cost, parts=None):
        """601.2g-i: the total cost `cost` is paid, then the spell becomes cast. `parts`: the
        spell's `_cost_parts`, if the caller knows them (`run`'s plain and targets-only paths:
        none, as no additional or alternative cost is paid there)."""
        other = costs.other_mana_abilities(game, self.player)
        # the spell's characteristics matter to its payment only for mana that only some
        # spells may use (106.6), in the pool or from an ability
        spell = self._spell(game) if other or game.players[self.player].restricted else None
        if other:
            d = self._mana_to_sacrifice(game, cost, spell=spell)
            if d is not None:
                return d
        pc = self.pay_choices
        removal = pc.get("remove_counters") if pc else None
        if removal:
            # 601.2h: costs are paid in any order; the counter first, so the creature may
            # then be sacrificed for casualty — if its power is still enough (002 Falco
            # Spara, Pactweaver R2)
            for e, kinds in dict(removal).items():
                for k, n in dict(kinds).items():
                    zones.remove_counters(game, e, k, n)
            if spell is None and costs.other_mana_abilities(game, self.player):
                spell = self._spell(game)
        if self.casualty:
            self._casualty_choice(game)               # 601.2h: its power is checked as it is paid
        game.set(self.eid, self._spell_value())
        costs.pay_mana(game, self.player, cost, self.mana_sources, sacrificed=self.sacrificed_for_mana or (),
                       spell=spell)
        if parts is None:
            parts = self._cost_parts()
        life = sum(c.life for c in parts) if parts else 0
        if life:
            pay_life(game, self.player, life)                 # 119.4
        if pc:
            self._pay_chosen(game, pc)
        # 601.2i: it becomes cast
        if self.from_zone == "exile" and game.effects:
            permissions.cast_from_exile(game, self.card)
        elif self.from_zone == "command":
            commander.cast_from_command_zone(game, self.player, self.eid)
        if self.granted_by is not None:
            graveyard_casting.cast_this_way(game, self.granted_by, self.eid)
        self.done = True
        p = game.players[self.player]
        p.spells_cast_turn += 1
        if "Instant" in self.defn.types or "Sorcery" in self.defn.types:
            p.instants_sorceries_cast_turn += 1
        if game.hears("cast"):
            game.emit("cast", eid=self.eid, player=self.player, from_zone=self.from_zone)
        if self.casualty:
            casualty.cast(game, self.eid)             # 702.153a: its casualty ability triggers
        if self.defn.abilities:
            spell_cast(game, self.eid, self.player, game.world.ents[self.eid][Card])
        game.priority = self.player               # 117.3c
        game.passes = 0
        return None

    def _pay_chosen(self, game, pc):
        """601.2h: the cards and permanents chosen for the costs (`pay_choices`: a
        discard, sacrifices, casualty, cards exiled from the graveyard)."""
        for e in pc.get("discard", []):
            zones.discard(game, self.player, e, by=self.player)
        sacrificed = tuple(pc.get("sacrifice", []))
        for e in sacrificed + tuple(pc.get("casualty", ())):
            self._sacrifice_paid(game, e)
        if self.granted_by is not None:           # 'the sacrificed ...' is the spell's own (607.2)
            sacrificed = sacrificed[:len(sacrificed) - graveyard_casting.SACRIFICE_A_CREATURE.sacrifice_n]
        if sacrificed:                            # 'the sacrificed creature' (608.2h: its LKI)
            game.set(self.eid, replace(game.world.ents[self.eid][Spell], sacrificed=sacrificed))
        exiled = tuple(pc.get("exile", ()))
        if exiled:                                # 'the exiled card': as it last was in the graveyard
            for e in exiled:
                game.snapshot_lki(e)
                zones.move(game, e, "exile", cause="cost")
            game.set(self.eid, replace(game.world.ents[self.eid][Spell], exiled=exiled))

    def _spell(self, game):
        return game.chars(self.eid) if self.eid is not None else game.chars(self.card)

    def _spell_value(self) -> Spell:
        """The spell's `Spell` component: the choices made while casting it. With none
        made (no target, mode, X, division, alternative cost, kicker or casualty: most
        permanent spells) it is one shared value per controller and zone cast from."""
        if not self.targets and not self.modes and not self.division and self.alt is None \
                and not self.kicked and not self.casualty and type(self.x) is int and not self.x:
            key = (self.player, self.from_zone)
            hit = _NO_CHOICES.get(key)
            if hit is None:
                hit = _NO_CHOICES[key] = Spell(self.player, cast_from=self.from_zone)
            return hit
        return Spell(self.player, tuple(map(tuple, self.targets)), self.modes or (), self.x,
                     self.division or (), self.alt, kicked=int(self.kicked),
                     cast_from=self.from_zone, casualty=bool(self.casualty))

    def _cost_parts(self):
        """The non-mana costs to pay besides the mana: the spell's additional cost (601.2f)
        and the alternative cost chosen (118.9)."""
        sa = self.defn.spell
        parts = [sa.additional_cost] if sa is not None and sa.additional_cost is not None else []
        if self.cost_option is not None:
            parts.append(sa.additional_cost_options[self.cost_option])
        if self.alt == "alt":
            parts.append(self.defn.alt_cost)
        if self.granted_by is not None:         # 'by sacrificing a creature in addition ...'
            parts.append(graveyard_casting.SACRIFICE_A_CREATURE)
        return parts

    def _additional_cost_choices(self, game, sa):
        """CR 601.2f, 118.3: an additional or alternative cost must be payable in full; a
        sacrifice can use only permanents the caster controls (701.21a); life can be paid
        only up to the life total (119.4)."""
        d = self._choose_cost_option(game, sa) or self._graveyard_exile_choice(game, sa)
        if d is not None:
            return d
        parts = self._cost_parts()
        if not parts and not self.pay_choices:
            return None                 # no additional or alternative cost, nothing chosen
        for what in ("sacrifice", "discard"):
            if what in self.pay_choices and not any(getattr(c, what) for c in parts):
                raise IllegalAction(f"{self.defn.name} has no {what} cost")
        life = sum(c.life for c in parts)
        if life and game.players[self.player].life < life:
            raise IllegalAction(f"p{self.player} can't pay {life} life (119.4)")
        # 601.2h: each sacrifice takes permanents of its own (`pay: {sacrifice: [...]}` lists
        # them part after part: the spell's own cost first, a permission's last)
        given = list(self.pay_choices.get("sacrifice", ()))
        taken = []
        for i, add in enumerate(parts):
            if add.sacrifice is not None:
                n = add.sacrifice_n
                rest = parts[i + 1:]
                # 118.3: not what the mana of the total cost needs sacrificed for mana
                opts = [e for e in costs.sacrifices_leaving_mana(
                    game, self.player, costs.sacrifice_candidates(game, self.player, add), n,
                    self._total_cost(game), spell=self._spell(game)) if e not in taken]
                grp = given[len(taken):len(taken) + n]
                if not grp:
                    opts = [e for e in opts if costs.sacrifices_payable(game, self.player, rest, taken + [e])
                            and self._casualty_left(game, add, opts, (e,), taken)]
                    if len(opts) < n:
                        raise IllegalAction(f"not enough to sacrifice for {self.defn.name}")
                    return Decision("cost", self.player, opts, n, n, "sacrifice", data={"what": "sacrifice"})
                if len(grp) != n or len(set(grp)) != n or any(g not in opts for g in grp) \
                        or not self._casualty_left(game, add, opts, grp, taken) \
                        or not costs.can_pay_mana(game, self.player, self._total_cost(game),
                                                  spell=self._spell(game), sacrificing=tuple(taken) + tuple(grp)):
                    raise IllegalAction(f"can't sacrifice {[game.name(g) for g in grp]} for this cost")
                taken += grp
            if add.discard:
                hand = [c for c in game.players[self.player].hand if c != self.card]
                if len(hand) < add.discard:
                    raise IllegalAction(f"not enough cards in hand to discard for {self.defn.name}")
                if "discard" not in self.pay_choices:
                    return Decision("cost", self.player, hand, add.discard, add.discard, "discard",
                                    data={"what": "discard"})
                grp = list(self.pay_choices["discard"])
                if len(grp) != add.discard or len(set(grp)) != len(grp) or any(c not in hand for c in grp):
                    raise IllegalAction("illegal discard for this cost")
        if len(given) > len(taken):
            raise IllegalAction(f"more to sacrifice than the costs of {self.defn.name} ask")
        return None

    def _choose_cost_option(self, game, sa):
        """601.2f: 'As an additional cost to cast this spell, A, B, or C': the caster chooses
        one they can pay; the action's `pay` may name it (a sacrifice, a discard, life)."""
        options = sa.additional_cost_options if sa is not None else ()
        if not options or self.cost_option is not None:
            return None
        total, spell = self._total_cost(game), self._spell(game)
        payable = [i for i, c in enumerate(options)
                   if costs.non_mana_payable(game, self.player, self.card, c,
                                             add_costs(total, c.mana), spell) and (
                       c.sacrifice is None or self._casualty_left(
                           game, c, costs.sacrifice_candidates(game, self.player, c)))]
        if not payable:
            raise IllegalAction(f"none of the additional costs of {self.defn.name} can be paid")
        named = [i for i in payable if any(
            k in self.pay_choices and bool(getattr(options[i], k)) for k in ("sacrifice", "discard", "life"))]
        if len(named) == 1:
            self.cost_option = named[0]
            self.pay_choices.pop("life", None)      # (named the cost; its amount is the card's)
            return None
        return Decision("cost_choice", self.player, payable, 1, 1,
                        "choose the additional cost to pay: " + "; ".join(
                            f"{i}: {options[i].text}" for i in payable),
                        data={"what": "additional cost", **(only(payable[0]) if len(payable) == 1 else {})})

    def _graveyard_exile_choice(self, game, sa):
        """601.2f, 118.3: 'As an additional cost to cast this spell, exile a <...> card from
        your graveyard': the card is chosen now and exiled as the costs are paid."""
        filt = sa.exile_from_graveyard if sa is not None else None
        if filt is None:
            if "exile" in self.pay_choices:
                raise IllegalAction(f"{self.defn.name} has no exile cost")
            return None
        opts = costs.graveyard_exile_candidates(game, self.player, self.card, filt)
        if not opts:
            raise IllegalAction(f"no card in the graveyard to exile for {self.defn.name}")
        if "exile" not in self.pay_choices:
            return Decision("cost", self.player, opts, 1, 1, "exile", data={"what": "exile"})
        grp = list(self.pay_choices["exile"])
        if len(grp) != 1 or grp[0] not in opts:
            raise IllegalAction(f"can't exile {[game.name(g) for g in grp]} for this cost")
        return None

    def _base_cost(self):
        if self.alt == "free":
            return ZERO
        if self.alt == "alt":
            return self.defn.alt_cost.mana
        if self.alt == "madness":
            return madness_cost(self.defn)
        if self.alt is not None:
            return self.defn.keyword_alt_cost(self.alt)     # blitz (702.152a)
        return self.defn.cost

    @classmethod
    def _times(cls, c: ManaCost, n: int) -> ManaCost:
        out = ManaCost()
        for _ in range(n):
            out = add_costs(out, c)
        return out

    def _fixed_cost(self, game, parts=None) -> ManaCost:
        """601.2f: the mana cost or alternative cost, plus mana additional costs (a kicker
        paid; 'as an additional cost, pay {1}') and cost increases — before X and target
        dependent increases. `parts`: as `_pay_and_cast`'s."""
        c = self.defn.cost if self.alt is None else self._base_cost()     # (most: no call)
        sa = self.defn.spell
        for add in self._cost_parts() if parts is None else parts:
            if add.mana.total:
                c = add_costs(c, add.mana)
        if self.kicked:
            c = add_costs(c, self._times(_kicker_of(self.defn)[0], int(self.kicked)))
        obj = self.eid if self.eid is not None else self.card
        n = costs.spell_cost_increase(game, self.player, obj)
        if game.commanders:
            n += commander.tax(game, self.player, obj, self.from_zone)          # 903.8
        if sa is not None and sa.extra_generic is not None:
            n += sa.extra_generic(self.targets or [])
        if self.defn.cost_reduction is None and not n:
            return c                            # (nothing changes the generic part)
        return costs.with_generic_change(c, n, costs.self_reduction(game, self.player, self.defn))

    def _total_cost(self, game) -> ManaCost:
        c = self._fixed_cost(game)
        return self._with_x(c, self.x or 0) if c.x else c

    def _with_x(self, c, x):
        """X's value in the cost (107.3a); mana spent on X restricted to one color
        ('Spend only black mana on X') is that color's symbols instead of generic."""
        color = self.defn.spell.x_color if self.defn.spell is not None else None
        if not color:
            return c.with_x(x)
        col = list(c.colored)
        col[IDX[color]] += c.x * x
        return ManaCost(c.generic, tuple(col), c.hybrid, 0, c.text)

    def _max_x(self, game) -> int:
        """The largest X the player could pay with the rest of the cost: the mana cost with
        what is already known to be added (kicker, cost increases, commander tax: 601.2f)."""
        avail = costs.potential_mana(game, self.player, spell=self._spell(game))
        base = self._fixed_cost(game)
        hi = max(0, (avail - base.total) // max(1, base.x))
        while hi > 0 and not costs.can_pay_mana(game, self.player, self._with_x(base, hi),
                                                spell=self._spell(game)):
            hi -= 1
        return hi


class ActivateTask(Procedure):
    """CR 602.2: activating an ability (606 for loyalty abilities)."""

    def __init__(self, player: int, action, ability: ActivatedAbility):
        self.player = player
        self.source = action.source
        self.index = action.index
        self.ability = ability
        self.pre_targets = action.targets
        self.x = action.x
        self.pre_divide = action.divide
        self.division = None
        self.mana_sources = action.mana
        self.pay_choices = dict(action.pay or {})
        self.modes = ()
        self.eid = None
        self.targets = None
        self._given = None
        self.done = False
        self.defn = None            # an ability has no card definition of its own
        self._pending_spec = None   # (target spec, context) of the targets asked
        self.sac_moves = None       # sacrifices being paid, with their 616.1 orders
        self.total = None           # the mana of the total cost, once determined (601.2f)

    def run(self, game):
        if self.done:
            return None
        ab = self.ability
        if self.eid is None:
            self.eid = game.world.create(
                StackAbility(self.player, self.source, ab, source_card=game.world.ents[self.source][Card].card_id),
                zone_of("stack"), timestamp_at(game.tick()))
            game.stack.append(self.eid)
            game.ability_stack_changed()
        if (ab.cost.mana.x or ab.cost.loyalty_x) and self.x is None:
            return Decision("x", self.player, list(range(0, self._max_x(game) + 1)), 1, 1,
                            f"choose X for the ability of {game.name(self.source)}",
                            data={"what": "loyalty" if ab.cost.loyalty_x else "ability",
                                  "source": self.source})
        if self.x is None:
            self.x = 0
        if not isinstance(self.x, int) or self.x < 0:
            raise IllegalAction(f"X can't be {self.x!r}: it is 0 or more (107.1b)")
        tc = TargetContext(self.player, self.source, game.chars(self.source), False, obj=self.eid) \
            if ab.targets else None
        d = self._choose_targets(game, ab.targets, tc)
        if d is not None:
            return d
        # additional cost choices: sacrifice, discard
        cost = ab.cost
        if cost.sacrifice is not None and "sacrifice" not in self.pay_choices:
            opts = self._sacrifice_options(game)
            if not opts:
                raise IllegalAction(f"nothing to sacrifice for {cost.text!r}")
            return Decision("cost", self.player, opts, 1, 1, "sacrifice", data={"what": "sacrifice"})
        if cost.tap_untapped and "tap" not in self.pay_choices:
            opts = costs.tap_candidates(game, self.player, cost)
            n = cost.tap_untapped[0]
            if len(opts) < n:
                raise IllegalAction(f"not enough untapped permanents to tap for {cost.text!r}")
            return Decision("cost", self.player, opts, n, n, "tap", data={"what": "tap"})
        if getattr(cost, "crew", 0) and "tap" not in self.pay_choices:
            return crew_decision(game, self.player, cost)                   # 702.122a
        untap = getattr(cost, "untap_tapped", ())
        if untap and "untap" not in self.pay_choices:
            opts = costs.untap_candidates(game, self.player, cost)
            if len(opts) < untap[0]:
                raise IllegalAction(f"not enough tapped permanents to untap for {cost.text!r}")
            return Decision("cost", self.player, opts, untap[0], untap[0], "untap", data={"what": "untap"})
        if cost.discard and "discard" not in self.pay_choices:
            opts = list(game.players[self.player].hand)
            return Decision("cost", self.player, opts, cost.discard, cost.discard, "discard",
                            data={"what": "discard"})
        self._validate_pay_choices(game)
        if self.total is None:          # 601.2f: the total cost, locked before mana abilities
            self.total = costs.activation_mana(game, self.player, self.source, ab, self.x)
        d = self._sacrifice_order(game)
        if d is None and costs.other_mana_abilities(game, self.player):
            d = self._mana_to_sacrifice(game, self.total, self._mana_exclude_self())
        if d is not None:
            return d
        if self.targets or self.division or type(self.x) is not int or self.x:
            # the choices made (without any, the value it was put on the stack with)
            game.set(self.eid, StackAbility(self.player, self.source, ab,
                                            tuple(map(tuple, self.targets)), (), self.x,
                                            self.division or (), False, (),
                                            game.world.ents[self.eid][StackAbility].source_card))
        self._pay(game)
        self.done = True
        if game.hears("activate"):
            game.emit("activate", eid=self.eid, source=self.source, player=self.player)
        game.priority = self.player
        game.passes = 0
        return None

    def _validate_pay_choices(self, game):
        # (no comprehension reads a local here: each such local would be made a cell at
        # every call, 3.11)
        cost = self.ability.cost
        for what, grp in self.pay_choices.items():
            grp = grp if isinstance(grp, (list, tuple)) else [grp]
            self.pay_choices[what] = list(grp)
            if what == "sacrifice":
                if cost.sacrifice is None:
                    raise IllegalAction("this ability has no sacrifice cost")
                opts = self._sacrifice_options(game)
                if len(grp) != 1 or grp[0] not in opts:
                    raise IllegalAction(f"can't sacrifice {list(map(game.name, grp))} for this cost")
            elif what == "tap" and getattr(cost, "crew", 0):
                check_crew(game, self.player, cost, grp)
            elif what == "tap":
                opts = costs.tap_candidates(game, self.player, cost)
                if not cost.tap_untapped or len(grp) != cost.tap_untapped[0] or \
                        len(set(grp)) != len(grp) or not set(grp).issubset(opts):
                    raise IllegalAction(f"can't tap {list(map(game.name, grp))} for this cost")
            elif what == "untap":
                untap = getattr(cost, "untap_tapped", ())
                opts = costs.untap_candidates(game, self.player, cost) if untap else []
                if not untap or len(grp) != untap[0] or len(set(grp)) != len(grp) or \
                        not set(grp).issubset(opts):
                    raise IllegalAction(f"can't untap {list(map(game.name, grp))} for this cost")
            elif what == "discard":
                hand = game.players[self.player].hand
                if len(grp) != cost.discard or not all(map(hand.__contains__, grp)):
                    raise IllegalAction("illegal discard for this cost")
            else:
                raise IllegalAction(f"unknown cost choice {what!r}")

    def _pay(self, game):
        """CR 602.2h: pay all costs, in any order (mana first here, then the rest)."""
        ab = self.ability
        cost = ab.cost
        src = self.source
        if cost.tap:
            if not costs.can_tap_for_cost(game, src):
                raise IllegalAction(f"{game.name(src)} can't be tapped to pay this cost")
        if cost.untap and not game.world.has(src, Tapped):
            raise IllegalAction(f"{game.name(src)} isn't tapped")
        if cost.life and game.players[self.player].life < cost.life:
            raise IllegalAction("not enough life to pay")
        if cost.loyalty is not None:
            n = -self.x if cost.loyalty_x else cost.loyalty
            if n < 0 and game.counters(src).get("loyalty") < -n:
                raise IllegalAction(f"{game.name(src)} doesn't have {-n} loyalty counters")
        for kind, k in cost.remove_counters:
            if game.counters(src).get(kind) < k:
                raise IllegalAction(f"{game.name(src)} doesn't have {k} {kind} counter(s)")
        m = self.total
        if self.pay_choices.get("untap"):
            named = {s[0] if isinstance(s, tuple) else s for s in (self.mana_sources or ())}
            costs.tap_for_mana_first(game, self.player,
                                     [e for e in self.pay_choices["untap"] if e not in named],
                                     m, exclude=(src,) if cost.tap else ())
        if self.sacrificed_for_mana:
            spent = costs.pay_mana(game, self.player, m, None, self._mana_exclude_self(),
                                   sacrificed=self.sacrificed_for_mana)
        else:
            spent = costs.pay_mana(game, self.player, m, self.mana_sources,
                                   exclude=(src,) if cost.tap else ())
        for s in ab.effects:
            if getattr(s, "reads_mana_spent", False):
                # 'if N colors of mana were spent to activate this ability': kept with it (601.2h)
                sa = game.world.ents[self.eid][StackAbility]
                game.set(self.eid, replace(sa, info=sa.info + (("mana_spent", spent),)))
                break
        if cost.tap:
            game.set(src, TAPPED)
            game.emit("tapped", eid=src)
        if cost.untap:
            game.unset(src, Tapped)
        if cost.life:
            pay_life(game, self.player, cost.life)
        if cost.loyalty is not None:
            n = -self.x if cost.loyalty_x else cost.loyalty
            if n > 0:
                zones.add_counters(game, src, "loyalty", n, cost=True)
            elif n < 0:
                zones.remove_counters(game, src, "loyalty", -n)
            game.set(src, LoyaltyActivated(game.turn))
        for kind, k in cost.remove_counters:            # 118.3, 602.2b
            zones.remove_counters(game, src, kind, k)
        if cost.discard_self:                           # cycling (702.29a)
            card_id = game.world.ents[src][Card].card_id
            zones.discard(game, self.player, src, by=self.player)
            if self.ability.keyword == "cycling":
                cycled(game, self.player, card_id)
        paid = ()           # what the ability refers to: 'the exiled card', 'the sacrificed creature'
        if cost.exile_self:                             # 'Exile ~ from your hand/graveyard'
            paid += (("exiled", zones.exile(game, src)),)
        for e in self.pay_choices.get("tap", []):          # 'tap N untapped ...' (602.2b)
            game.set(e, TAPPED)
            game.emit("tapped", eid=e)
        for e in self.pay_choices.get("untap", []):        # 'untap N tapped ...', after the mana (601.2g-h)
            if not zones.untap(game, e):
                raise IllegalAction(f"{game.name(e)} isn't tapped: it can't be untapped to pay this cost")
        for e in self.pay_choices.get("discard", []):
            zones.discard(game, self.player, e, by=self.player)
        sacrificed = tuple(self.pay_choices.get("sacrifice", []))
        for e in sacrificed:
            self._sacrifice_paid(game, e)
        if sacrificed:                                  # (608.2h: their last known information)
            paid += (("sacrificed", sacrificed),)
        if cost.sacrifice_self:
            zones.sacrifice(game, src)
        if paid:
            sa = game.world.ents[self.eid][StackAbility]
            game.set(self.eid, replace(sa, info=sa.info + paid))

    def _sacrifice_options(self, game) -> list:
        """The permanents that can be sacrificed for the cost with its mana still paid
        (118.3: not one that mana needs sacrificed for mana, 601.2g-h)."""
        cost = self.ability.cost
        return costs.sacrifices_leaving_mana(
            game, self.player, costs.sacrifice_candidates(game, self.player, cost, self.source), 1,
            costs.activation_mana(game, self.player, self.source, self.ability, self.x),
            self._mana_exclude_self())

    def _mana_exclude_self(self) -> tuple:
        """The source can't also make mana for a cost that taps or sacrifices it."""
        cost = self.ability.cost
        return (self.source,) if cost.tap or cost.sacrifice_self else ()

    def _max_x(self, game) -> int:
        if self.ability.cost.loyalty_x:
            return game.counters(self.source).get("loyalty")
        avail = costs.potential_mana(game, self.player, (self.source,) if self.ability.cost.tap else ())
        return max(0, avail - self.ability.cost.mana.total)
