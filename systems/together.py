"""Simultaneous events (CR 603.2, 603.6a, 603.10a).

Objects that change zones at the same time (Open the Vaults, "put all ... onto the
battlefield") are moved one by one by the engine, but no ability may trigger until
every move is done: a permanent entering at the same time as another creature sees
that creature enter (Soul Warden). `together(game)` collects the events announced
inside it and checks triggers for each afterwards, against the finished state.

    with together(game):
        for card in cards:
            zones.put_onto_battlefield(game, card)
"""
from __future__ import annotations

from contextlib import contextmanager
from mtg_ecs.systems.triggers import check_triggers
from mtg_ecs.systems import zones
from mtg_ecs.systems.entering import entry_choices, put_entering, entry_choices_answer


@contextmanager
def together(game):
    if game.event_batch is not None:   # already inside one event
        yield
        return
    game.event_batch = []
    game.together_before = set(game.battlefield)     # what replacement effects see (614.12)
    try:
        yield
    finally:
        batch, game.event_batch = game.event_batch, None
        game.together_before = None
        game.together_chars = None
    # the objects that left the battlefield in this event: their leaves-the-battlefield
    # abilities look back at each other (603.10a)
    left = game.left_together = []  # (a loop, not a comprehension: one call less in 3.11)
    for k, d in batch:
        if k == "zone_change" and d.get("frm") == "battlefield":
            left.append((d["old"], d.get("card")))
    try:
        for kind, data in batch:
            check_triggers(game, kind, data)
    finally:
        game.left_together = ()


def move_all_together(game, eids, to="battlefield", **kw) -> list:
    """Move several objects to one zone as one event; returns the new entities."""
    out = []
    with together(game):
        for e in eids:
            if to == "battlefield":
                out.append(zones.put_onto_battlefield(game, e, **kw))
            else:
                out.append(zones.move(game, e, to, **kw))
    return out


# ---------------------------------------------------------------------------
# "Return all <cards> from all graveyards to the battlefield" (Open the Vaults)
# ---------------------------------------------------------------------------
from mtg_ecs.systems.effects import Step  # noqa: E402
from mtg_ecs.core.decisions import StepKey


class ReturnAllFromGraveyards(Step):
    """'Return all <filter> cards from all graveyards to the battlefield under their owners'
    control.' Each Aura's owner (it enters under their control) chooses what it will
    enchant, the active player first, then the others in turn order (303.4f, 101.4); an
    Aura can't enchant something that enters with it (it isn't on the battlefield yet) and
    one with nothing to enchant stays in the graveyard (303.4g); an Aura that can enter
    must. Then everything enters at once (`together`: abilities trigger for all of them
    afterwards, 603.2)."""

    def __init__(self, filter):
        self.filter = filter            # filter(game, card, chars) -> bool

    def run(self, game, ctx):
        key = ("return_all", StepKey(self))
        cards = ctx.vars.get(key)
        if cards is None:
            cards = ctx.vars[key] = [c for p in game.apnap() for c in game.players[p].graveyard
                                     if self.filter(game, c, game.chars(c))]
        d = entry_choices(game, ctx, self, cards, game.owner)      # CR 303.4f
        if d is not None:
            return d
        with together(game):
            for c in cards:
                if game.exists(c) and game.zone_of(c) == "graveyard":
                    put_entering(game, ctx, self, c, controller=game.owner(c))
        return None

    def answer(self, game, ctx, decision, answer):
        entry_choices_answer(game, ctx, self, decision, answer)
