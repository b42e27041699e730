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


@contextmanager
def together(game):
    if game.__dict__.get("event_batch") is not None:   # already inside one event
        yield
        return
    game.event_batch = []
    game.together_before = set(game.battlefield)     # what replacement effects see (614.12)
    try:
        yield
    finally:
        batch, game.event_batch = game.event_batch, None
        game.together_before = None
    from systems.triggers import check_triggers
    for kind, data in batch:
        check_triggers(game, kind, data)


def move_all_together(game, eids, to="battlefield", **kw) -> list:
    """Move several objects to one zone as one event; returns the new entities."""
    from systems import zones
    out = []
    with together(game):
        for e in eids:
            if to == "battlefield":
                out.append(zones.put_onto_battlefield(game, e, **kw))
            else:
                out.append(zones.move(game, e, to, **kw))
    return out
