"""Activated abilities that function in a graveyard (CR 113.6k: an ability whose cost
exiles the card from its owner's graveyard, 'Exile ~ from your graveyard: ...';
`components.definitions.ExileFromGraveyardCost`).

Only the card's owner may activate it, from their own graveyard (602.2: 'your graveyard');
exiling the card is part of the cost (602.2b), so once the ability is announced nobody can
respond by removing the card (spec 002 Maestros Initiate R1). Graveyards are looked at only
in a game that has such a card (`game.graveyard_abilities`, set as cards are made): priority
(systems/priority.py) adds these abilities to the legal actions and counts a player with one
as able to act at instant speed.
"""
from __future__ import annotations

from mtg_ecs.systems import costs


def items(game, player: int) -> list:
    """(card, [(index, ability)]) for the cards in the player's graveyard with activated
    abilities that function there; asked only while `game.graveyard_abilities`."""
    out = []
    for c in game.players[player].graveyard:
        found = [(i, ab) for i, ab in enumerate(costs.activated_abilities(game, c)) if ab.zone == "graveyard"]
        if found:
            out.append((c, found))
    return out
