"""'Exile ... until ~ leaves the battlefield' (CR 610.3).

The one-shot effect exiles the objects and remembers them with the permanent
(`game.exiled_until`: (that permanent, the effect's controller, the exiled cards' ids)).
As soon as that permanent leaves the battlefield the cards return to the battlefield under
their owners' control (610.3c, zones.move: no triggered ability, nothing can respond). If
it has already left as the effect would exile them, nothing is exiled (610.3c). Phasing out
is no leaving (702.26d).

'When an exiled card enters the battlefield under your control this way, ...' (Lagrella,
the Magpie) is a delayed triggered ability made as the cards are exiled (603.7): it
triggers for each card that returns under its controller's control because the permanent
left, whatever that permanent's abilities are by then (002 Lagrella, the Magpie R1, R2).
"""
from __future__ import annotations

from mtg_ecs.components import Card
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems import zones
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.triggers import DelayedTrigger, Trigger


class ExileUntilLeaves(Step):
    """'Exile <what> until ~ leaves the battlefield'; `returned`: the delayed triggered
    ability 'when an exiled card enters the battlefield under your control this way'."""

    def __init__(self, what, returned=None):
        self.what = what
        self.returned = returned

    def run(self, game, ctx):
        src = ctx.source
        if src not in game.battlefield:
            return None                                     # 610.3c: it already left
        ids = []
        for t in self.what.resolve(game, ctx):
            if isinstance(t, PlayerRef) or t not in game.battlefield:
                continue
            cid = game.world.ents[t][Card].card_id
            new = zones.exile(game, t)
            if new is not None and game.exists(new) and game.zone_of(new) == "exile":
                ids.append(cid)
        if not ids:
            return None
        game.exiled_until = game.exiled_until + ((src, ctx.controller, tuple(ids)),)
        if self.returned is not None:
            game.delayed.append(DelayedTrigger(ReturnedUnderYourControl(src, tuple(ids)), self.returned,
                                               src, ctx.controller, once=False))
        game.version += 1
        return None


class ReturnedUnderYourControl(Trigger):
    """'When an exiled card enters the battlefield under your control this way': one of the
    cards `ids` returning because `link` left the battlefield (cause 'until_leaves')."""
    events = ("zone_change",)
    zone_to = "battlefield"

    def __init__(self, link, ids):
        self.link = link
        self.ids = ids

    def match(self, game, source, controller, kind, data):
        if data["to"] != "battlefield" or data["cause"] != "until_leaves" or data["card"] not in self.ids:
            return None
        new = data["new"]
        if not game.exists(new) or game.chars(new).controller != controller:
            return None
        return {"entered": new}
