"""Choices made as a permanent enters the battlefield (CR 614.12, 614.1c-d).

"As ~ enters, you may pay 2 life. If you don't, it enters tapped." (the shock lands)
is a replacement effect of the entering object. The engine moves objects in one
synchronous step, so the choice is asked as its own decision right after the move,
before anything else happens (no player receives priority, no state-based action
or trigger is handled in between): the permanent's controller answers `may` (yes:
pay the life; no: it is tapped as if it had entered tapped). A player who can't pay
(CR 119.4: life total lower than the payment) isn't asked, and it enters tapped.
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, StepKey
from mtg_ecs.systems.replacement import Replacement
from mtg_ecs.components.definitions import StaticAbility
from mtg_ecs.components import Card, TAPPED
from mtg_ecs.systems.auras import AuraChoice, STAYS
from mtg_ecs.systems import zones, damage


def schedule(game, task) -> None:
    """Run `task` next: above the agenda when nothing runs (a special action such as
    playing a land), else just below the task now running, so it is asked as soon as
    the event that moved the object is over."""
    if game.agenda:
        game.agenda.insert(len(game.agenda) - 1, task)
    else:
        game.agenda.append(task)


class PayLifeOrEntersTapped(Replacement):
    """'As ~ enters, you may pay N life. If you don't, it enters tapped.'"""
    kind = "zone_change"
    functions_in = "self_entering"

    def __init__(self, life: int):
        self.life = life

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield"

    def apply(self, game, eid, ev) -> None:
        life = self.life
        ev.setdefault("after_enter", []).append(
            lambda g, new: schedule(g, PayLifeOrTapTask(new, life)))


class PayLifeOrTapTask:
    needs_rewind = False

    def __init__(self, eid: int, life: int):
        self.eid = eid
        self.life = life
        self.done = False

    def copy(self):
        t = PayLifeOrTapTask(self.eid, self.life)
        t.done = self.done
        return t

    def run(self, game):
        if self.done or self.eid not in game.battlefield:
            return None
        who = game.chars(self.eid).controller
        if game.players[who].life < self.life:      # 119.4: can't pay
            self._tap(game)
            return None
        return Decision("may", who, [True, False], 1, 1,
                        f"pay {self.life} life so that {game.name(self.eid)} enters untapped?")

    def _tap(self, game):
        self.done = True
        game.set(self.eid, TAPPED)

    def answer(self, game, decision, answer):
        if answer not in (True, False, "yes", "no"):
            raise IllegalAction("answer yes or no")
        if answer in (True, "yes"):
            self.done = True
            damage.pay_life(game, decision.player, self.life)
        else:
            self._tap(game)


# ---------------------------------------------------------------------------------------
# Choices made before an effect puts cards onto the battlefield (614.12, 303.4f)
# ---------------------------------------------------------------------------------------
def _key(owner_step):
    return ("entry_choices", StepKey(owner_step))


def entry_choices(game, ctx, owner_step, cards, controller_of, among=None):
    """Before an effect puts `cards` onto the battlefield (not cast), the choices made as
    they enter, asked in order: for each card, those of its 'as ~ enters' replacement effects
    that must be made before it moves (614.12: enter as a copy), then for each Aura what it
    will enchant (303.4f), the players choosing in APNAP order (101.4). Call from the
    effect step's run() until it returns None, route its answers to `entry_choices_answer`,
    then move each card with `put_entering`. `controller_of(card)`: the player under whose
    control it will enter; `among`: the permanents an Aura may choose from (default: those
    on the battlefield when it is asked; nothing that enters with it is there yet)."""
    key = _key(owner_step)
    st = ctx.vars.get(key)
    if st is None:
        steps = []
        live = [c for c in cards if game.exists(c)]
        for c in live:
            defn = game.world.ents[c][Card].defn
            for ab in defn.abilities:
                if isinstance(ab, StaticAbility):
                    for r in ab.replacement:
                        if hasattr(r, "pre_entry_step"):
                            steps.append(r.pre_entry_step(c, controller_of(c)))
        order = {p: i for i, p in enumerate(game.apnap())}
        for c in sorted(live, key=lambda c: order.get(controller_of(c), len(order))):
            steps.append(AuraChoice(c, controller_of(c), key + ("aura",), among))   # CR 303.4f
        st = ctx.vars[key] = tuple(steps)
        ctx.vars[key + ("i",)] = 0
    while ctx.vars[key + ("i",)] < len(st):        # the index apart: game clones copy ctx.vars
        d = st[ctx.vars[key + ("i",)]].run(game, ctx)
        if d is not None:
            return d
        ctx.vars[key + ("i",)] += 1
    return None


def entry_choices_answer(game, ctx, owner_step, decision, answer):
    key = _key(owner_step)
    ctx.vars[key][ctx.vars[key + ("i",)]].answer(game, ctx, decision, answer)


def entering_attachment(ctx, owner_step, card):
    """What `entry_choices` recorded for an Aura card: the object or player it will enchant,
    `auras.STAYS` (nothing to enchant), or None (not an Aura)."""
    return ctx.vars.get(_key(owner_step) + ("aura",), {}).get(card)


def put_entering(game, ctx, owner_step, card, controller=None, tapped=False, cause="effect",
                 counters=None):
    """Put `card` onto the battlefield with the choices `entry_choices` made for it: an Aura
    enters attached to what its controller chose, or, with nothing it could enchant, stays
    where it is (303.4g). `counters`: {kind: n} it enters with. Returns the new object
    (None if it didn't enter)."""
    to = entering_attachment(ctx, owner_step, card)
    if to == STAYS:
        return None                                   # CR 303.4g
    return zones.put_onto_battlefield(game, card, controller=controller, tapped=tapped,
                                      attach_to=to, cause=cause, counters=counters)
