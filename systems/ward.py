"""Ward (CR 702.21).

    card(..., keywords=["ward {2}"])

702.21a: "Ward [cost]" means "Whenever this permanent becomes the target of a spell or
ability an opponent controls, counter that spell or ability unless that player pays
[cost]." The keyword stands for that triggered ability (`ward_ability`), which the board
index lists with the permanent's other triggered abilities (`systems/board.py`), whether
the keyword is printed or granted. It watches the targeting events of `systems/targeted.py`.
As it resolves, the controller of the targeting spell or ability chooses whether to pay
(mana abilities may be activated for it: the automatic payer, 118.3, or Treasures they
choose to sacrifice, `costs.mana_sacrifice_decision`); one who can't pay
isn't asked, and the spell or ability is countered (701.6).
"""
from __future__ import annotations

from functools import lru_cache

from mtg_ecs.components import Spell, StackAbility
from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.components.mana import ManaCost
from mtg_ecs.core.decisions import Decision, IllegalAction, StepKey
from mtg_ecs.systems import costs
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems.targeted import BecomesTarget


def _stack_controller(game, eid):
    comp = game.world.get(eid, Spell) or game.world.get(eid, StackAbility)
    return None if comp is None else comp.controller


class BecomesTargetOfOpponent(BecomesTarget):
    """'Whenever ~ becomes the target of a spell or ability an opponent controls'."""

    def match(self, game, source, controller, kind, data):
        info = super().match(game, source, controller, kind, data)
        if info is None:
            return None
        who = _stack_controller(game, info["targeted_by"])
        if who is None or who == controller:
            return None
        return {**info, "player": who}


class CounterUnlessPays(fx.Step):
    """'Counter <it> unless its controller pays <cost>' (701.6a, 118.12): the payment is
    that player's choice, asked only if they can pay; paying with Treasures, they choose
    which (a `mana_sacrifice` decision after the yes)."""

    def __init__(self, what, cost: ManaCost):
        self.what = what
        self.cost = cost
        self.counter = fx.CounterSpell(what)

    def _key(self):
        return ("unless", StepKey(self))

    def run(self, game, ctx):
        st = ctx.vars.get(self._key())
        if st is not None and "paying" in st:       # yes, with Treasures to choose (605.3a)
            return costs.mana_sacrifice_decision(game, st["paying"], self.cost)
        if st is None:
            objs = [o for o in self.what.resolve(game, ctx) if isinstance(o, int) and o in game.stack]
            if not objs:
                return None
            p = _stack_controller(game, objs[0])
            if not costs.can_pay_mana(game, p, self.cost):
                st = ctx.vars[self._key()] = {"paid": False}
            else:
                return Decision("may", p, [True, False], 1, 1, f"pay {self.cost.text}? (else it is countered)")
        if st["paid"]:
            return None
        return self.counter.run(game, ctx)

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars.get(self._key())
        if st is not None and "paying" in st:
            grp = costs.chosen_for_mana(game, decision, answer)
            costs.pay_mana(game, decision.player, self.cost, sacrificed=grp)
            ctx.vars[self._key()] = {"paid": True}
            return
        if st is not None:                          # the countered spell's replacement order
            self.counter.answer(game, ctx, decision, answer)
            return
        if answer not in (True, False, "yes", "no"):
            raise IllegalAction("answer yes (pay) or no")
        paid = answer in (True, "yes")
        if paid and costs.mana_sacrifice_decision(game, decision.player, self.cost) is not None:
            ctx.vars[self._key()] = {"paying": decision.player}
            return
        if paid:
            costs.pay_mana(game, decision.player, self.cost)
        ctx.vars[self._key()] = {"paid": paid}


@lru_cache(maxsize=None)
def ward_ability(cost: ManaCost) -> TriggeredAbility:
    """The triggered ability 'Ward [cost]' stands for (702.21a)."""
    return TriggeredAbility(BecomesTargetOfOpponent(),
                            (CounterUnlessPays(fx.INFO("targeted_by"), cost),),
                            text=f"Ward {cost.text}")


def keyword_triggers(keywords) -> list:
    """The triggered abilities keyword abilities stand for (ward)."""
    return [ward_ability(k.param) for k in keywords if k.name == "ward"]
