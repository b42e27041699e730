"""Cycling (CR 702.29): "Cycling [cost]" means "[Cost], Discard this card: Draw a card."
(systems/costs.py `cycling_ability`, an ability that works only in the hand). To cycle a
card is to activate its cycling ability (702.29c); "When you cycle ~" abilities (702.29d)
trigger from the graveyard the card went to as the cost was paid: they are found on the
card there and triggered here (the trigger classes below mark them with `on_cycle`).
"""
from __future__ import annotations

from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.systems.triggers import Dies, Trigger, PendingTrigger


class WhenYouCycle(Trigger):
    """'When you cycle ~'."""
    events = ()
    on_cycle = True

    def match(self, game, source, controller, kind, data):
        return None


class CycleOrDies(Dies):
    """'When you cycle ~ or it dies'."""
    on_cycle = True


def cycled(game, player: int, card_id: int) -> None:
    game.emit("cycled", player=player, card=card_id)
    eid = game.card_entity.get(card_id)
    if eid is None or not game.exists(eid):
        return
    trig = [a for a in game.chars(eid).abilities if isinstance(a, TriggeredAbility)]
    for i, ab in enumerate(trig):
        if getattr(ab.trigger, "on_cycle", False):
            game.pending_triggers.append(PendingTrigger(ab, eid, player, {"cycled": eid}, card_id, i))
