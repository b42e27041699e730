"""Determinization: a game consistent with what one player knows, for search over hidden
information (Game.determinize; Cowling, Powley and Whitehouse's determinized search for
Magic). The player doesn't know (CR 400.2) which cards are in the other players' hands,
the order of any library, nor a face-down card they may not look at (702.75a); they do know
their own hand, every public zone, and the hidden cards they have seen
(systems/knowledge.py), which stay where they are.

Each owner's unknown cards are dealt at random among the places of that owner's unknown
cards: the cards of an opponent's hand and library are mixed (the player can't tell them
apart), their own library's unknown cards reordered. The number of cards in each zone,
each card's owner, and every object the player can see are kept; objects keep their
entities (only which card each is changes), so a decision's options still name them.
What each owner's cards are as a whole is the game's own (deck lists are known: the
usual assumption of determinized search for card games).
"""
from __future__ import annotations

from mtg_ecs.components import Card, FaceDown, MayLook, Owner, Zone
from mtg_ecs.systems.knowledge import HIDDEN, knows, seen_hidden


def unseen_options(game, player: int) -> list:
    """The cards `player` can't know among the options of another player's pending
    decision that isn't priority (the cards of a hand to discard from, ...)."""
    d = game.pending
    if d is None or d.player == player or d.kind == "priority":
        return []
    ents = game.world.ents
    return [o for o in d.options if type(o) is int and o in ents
            and ents[o][Zone].name in HIDDEN and not knows(game, player, o, ents[o][Zone])]


def new_deal(game, player: int, rng) -> tuple:
    """A new deal of every card `player` can't know (module docstring), with `rng`: the
    places whose card changes, as (object, card id) pairs."""
    ents = game.world.ents
    seen = seen_hidden(game, player)

    def unknown(e) -> bool:
        return e not in seen

    face_down = {}
    for e in game.exile:
        comps = ents[e]
        if FaceDown in comps:
            ml = comps.get(MayLook)
            if ml is None or player not in ml.players:
                face_down.setdefault(comps[Owner].player, []).append(e)
    out = []
    for p in game.players:
        places = [e for e in p.library if unknown(e)]
        if p.index != player:
            places += [e for e in p.hand if unknown(e)]
        places += face_down.get(p.index, [])
        # in the order of their card ids first: the deal depends on the rng and on what
        # the player knows only, not on where the cards really are
        ids = sorted(ents[e][Card].card_id for e in places)
        rng.shuffle(ids)
        out += [(e, cid) for e, cid in zip(places, ids) if ents[e][Card].card_id != cid]
    return tuple(out)


def deal(game, player: int, placements) -> None:
    """Put the cards of `placements` ((object, card id) pairs: `new_deal`) in those places.
    A priority decision of another player is asked again (what they may cast comes from
    their hand); any other pending decision stays as it is: `unseen_options` was checked
    (none of its options is a card dealt anew: a task's decision can't be asked twice)."""
    if not placements:
        return
    ents = game.world.ents
    cards = {ents[game.card_entity[cid]][Card].card_id: ents[game.card_entity[cid]][Card]
             for _, cid in placements}
    for e, cid in placements:
        game.world.add(e, cards[cid])
        game.card_entity[cid] = e
    game.drop_caches()
    d = game.pending
    if d is not None and d.player != player and d.kind == "priority":
        game.pending = game.pipeline.priority_decision(game, d.player)
