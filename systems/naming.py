"""Naming a card (CR 201.3, 614.12) and what a chosen name does.

"As ~ enters, choose a card name." (Pithing Needle) is a replacement effect of the
entering object: the name is chosen as it enters (asked right after the move, before
anything else happens, like the other "as ~ enters" choices of systems/entering.py)
and kept on the permanent (`Chosen`, key "name"). Only the name of a real card can
be chosen (201.3: not a token's name unless a card has it).

`CantActivateNamed` (a rules entry of a static ability): activated abilities of
sources with the chosen name can't be activated unless they're mana abilities
(602.5, 605.1a) — in every zone, tokens and copies included.
"""
from __future__ import annotations

from dataclasses import dataclass

from mtg_ecs.components import Chosen
from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems.replacement import Replacement
from mtg_ecs.systems.board import statics_with_rule
from mtg_ecs.systems.entering import schedule


def chosen(game, eid: int, key: str):
    c = game.world.get(eid, Chosen)
    if c is None:
        return None
    return dict(c.values).get(key)


class ChooseNameAsEnters(Replacement):
    """'As ~ enters, choose a card name.'"""
    kind = "zone_change"
    functions_in = "self_entering"

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield"

    def apply(self, game, eid, ev) -> None:
        ev.setdefault("after_enter", []).append(lambda g, new: schedule(g, ChooseNameTask(new)))


class ChooseNameTask:
    needs_rewind = False

    def __init__(self, eid: int):
        self.eid = eid
        self.done = False

    def copy(self):
        t = ChooseNameTask(self.eid)
        t.done = self.done
        return t

    def run(self, game):
        if self.done or self.eid not in game.battlefield:
            return None
        return Decision("name", game.chars(self.eid).controller, game.catalog.card_names(), 1, 1,
                        f"choose a card name for {game.name(self.eid)}")

    def answer(self, game, decision, answer):
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction(f"{a!r} is not the name of a card")
        old = game.world.get(self.eid, Chosen)
        vals = dict(old.values) if old is not None else {}
        vals["name"] = a
        game.set(self.eid, Chosen(tuple(sorted(vals.items()))))
        self.done = True


@dataclass(frozen=True)
class CantActivateNamed:
    """'Activated abilities of sources with the chosen name can't be activated unless
    they're mana abilities.'"""


def activation_forbidden(game, source: int, ability) -> bool:
    """Is activating `ability` of `source` forbidden by a CantActivateNamed rule?"""
    if ability.is_mana_ability:
        return False
    name = None
    for e, _, _ in statics_with_rule(game, CantActivateNamed):
        n = chosen(game, e, "name")
        if n is None:
            continue
        if name is None:
            name = game.chars(source).name
        if n == name:
            return True
    return False
