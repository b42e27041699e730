"""Madness (CR 702.35): "If a player would discard this card, that player discards it, but
exiles it instead of putting it into their graveyard. When this card is exiled this way, its
owner may cast it by paying [cost] rather than paying its mana cost. If that player doesn't,
they put this card into their graveyard."

* The static ability is a replacement effect of the card in its owner's hand (`MADNESS`,
  yielded by `replacement._own_replacements` for a card with the keyword); with another one
  that would apply to the same discard (an opponent's Leyline of the Void) the owner chooses
  the order (616.1; 004 LV-9, Leyline of the Void R3). The card is still discarded.
* The triggered ability triggers only when the madness replacement exiled it (`exiled()`,
  called by zones.discard); it is an ability of the card in exile.
* Casting it as the trigger resolves ignores timing permissions (608.2g); 'paying [cost]
  rather than its mana cost' is an alternative cost (118.9): Cast(alt="madness").
"""
from __future__ import annotations

from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.core.decisions import Decision, Cast, yes_no, StepKey
from mtg_ecs.systems import zones
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.replacement import Replacement
from mtg_ecs.systems.triggers import Trigger, PendingTrigger
from mtg_ecs.systems.priority import can_cast
from mtg_ecs.systems.casting import CastTask


def madness_cost(defn):
    """The madness cost of a card (a ManaCost), or None."""
    return next((k.param for k in defn.keywords if k.name == "madness"), None)


class MadnessExile(Replacement):
    """702.35a, the static ability: a discard of this card puts it into exile instead."""
    kind = "zone_change"
    functions_in = "hand"

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["cause"] == "discard" and ev["to"] == "graveyard"

    def apply(self, game, eid, ev) -> None:
        ev["to"] = "exile"
        ev["madness"] = True


MADNESS = MadnessExile()


class _ExiledThisWay(Trigger):
    """Only put among pending triggers by `exiled` (no event watches exile)."""
    events = ()


class CastForMadness(Step):
    """'its owner may cast it by paying [cost] rather than paying its mana cost. If that player
    doesn't, they put this card into their graveyard.'"""

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("madness", StepKey(self)), {"state": "start"})
        tkey = ("madness_task", StepKey(self))            # at the top of ctx.vars: copied with a clone
        card = game.card_entity.get(ctx.info["card"])
        if st["state"] == "start":
            if card is None or not game.exists(card) or game.zone_of(card) != "exile" or \
                    not can_cast(game, ctx.controller, card, "madness"):
                st["state"] = "decline"
            else:
                st["state"] = "ask"
                return Decision("may", ctx.controller, [True, False], 1, 1,
                                f"cast {game.name(card)} for its madness cost?")
        if st["state"] == "casting":
            d = ctx.vars[tkey].run(game)
            if d is not None:
                return d
            st["state"] = "done"
        if st["state"] == "decline":
            st["state"] = "done"
            if card is not None and game.exists(card) and game.zone_of(card) == "exile":
                zones.move(game, card, "graveyard", cause="madness")
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("madness", StepKey(self))]
        if st["state"] == "ask":
            if yes_no(answer):
                card = game.card_entity[ctx.info["card"]]
                ctx.vars[("madness_task", StepKey(self))] = CastTask(ctx.controller, Cast(card, alt="madness"))
                st["state"] = "casting"
            else:
                st["state"] = "decline"
            return
        ctx.vars[("madness_task", StepKey(self))].answer(game, decision, answer)


MADNESS_TRIGGER = TriggeredAbility(
    _ExiledThisWay(), (CastForMadness(),),
    text="When this card is exiled this way, its owner may cast it by paying its madness cost rather "
         "than paying its mana cost. If that player doesn't, they put this card into their graveyard.")


def exiled(game, owner: int, new: int, card_id: int) -> None:
    """702.35a: the card was exiled by its madness ability: its trigger triggers."""
    game.pending_triggers.append(PendingTrigger(MADNESS_TRIGGER, new, owner, {"card": card_id}, card_id, 0))
