"""A hash of the whole game state: equal hashes mean equal games (used to prove
that a refused action changed nothing, and for determinism checks)."""
from __future__ import annotations

import hashlib

from components import Card


def state_tuple(game) -> tuple:
    ents = []
    for eid in sorted(game.world.ents):
        comps = game.world.ents[eid]
        items = []
        for t, c in sorted(comps.items(), key=lambda kv: kv[0].__name__):
            if t is Card:
                items.append(("Card", c.defn.name, c.card_id, c.token))
            else:
                items.append((t.__name__, repr(c)))
        ents.append((eid, tuple(items)))
    players = tuple((p.life, p.poison, tuple(p.pool), tuple(p.library), tuple(p.hand),
                     tuple(p.graveyard), p.lost, p.lands_played, p.drew_from_empty)
                    for p in game.players)
    effects = tuple((ce.layer, ce.ts, ce.source, ce.duration,
                     tuple(sorted(ce.objects)) if ce.objects else None) for ce in game.effects)
    return (tuple(ents), players, tuple(game.battlefield), tuple(game.stack), tuple(game.exile),
            game.turn, game.active, game.step, game.priority, game.passes, effects,
            len(game.shields), len(game.pending_triggers), len(game.agenda), game.over,
            game.winner, repr(game.pending) if game.pending else None, game.rng.getstate()[1][:4])


def state_hash(game) -> str:
    return hashlib.sha256(repr(state_tuple(game)).encode()).hexdigest()
