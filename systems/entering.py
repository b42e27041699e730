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

from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems.replacement import Replacement


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
        from mtg_ecs.components import TAPPED
        self.done = True
        game.set(self.eid, TAPPED)

    def answer(self, game, decision, answer):
        if answer not in (True, False, "yes", "no"):
            raise IllegalAction("answer yes or no")
        if answer in (True, "yes"):
            from mtg_ecs.systems import damage
            self.done = True
            damage.pay_life(game, decision.player, self.life)
        else:
            self._tap(game)
