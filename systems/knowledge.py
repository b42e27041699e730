"""What each player knows of the objects in hidden zones (CR 400.2: libraries and hands are
hidden zones), for the players' views and determinization (`Game.view`, `Game.determinize`).

`game.known` maps an object in a hand or library to the players who know which card it is,
besides its owner's own hand (a player always sees their hand). It changes only the
players' information, never the rules' outcome, so it is not part of the state's hash.

How a player comes to know a hidden card, and how the knowledge follows the card:
- it is revealed (701.16a: the `reveal` event): every player knows it;
- it is one of the options of a decision they were given (looking at the top cards of a
  library, searching it, choosing from a hand shown to them): they saw it;
- it went from a public zone into a hand or library (a creature returned to its owner's
  hand, a card put on top of its owner's library from a graveyard): everybody saw which;
- it went from its owner's hand into the library (put back, 400.7: a new object): the
  owner knows it, and whoever knew it in the hand;
- it was drawn or otherwise went between hidden zones: who knew it still does.
A known card in a library is known where it is: what moves it (a draw, a card put on top
or n-th from the top, a revealed card put on the bottom) is public. A library shuffled
(701.20) is a new random order: what anyone knew of where its cards are is gone; so are
cards put back in an order only the player who looked at them knows, or in a random
order (`lost_track`).
"""
from __future__ import annotations

from mtg_ecs.components import Zone

HIDDEN = frozenset({"library", "hand"})       # CR 400.2


def revealed(game, objects) -> None:
    """701.16a: every player knows these cards (their zone may be hidden)."""
    everyone = frozenset(range(len(game.players)))
    ents = game.world.ents
    for e in objects:
        comps = ents.get(e) if isinstance(e, int) else None
        if comps is not None and comps[Zone].name in HIDDEN:
            game.known[e] = everyone


def saw_options(game, decision) -> None:
    """The player deciding sees the hidden cards among the decision's options."""
    ents = game.world.ents
    known = game.known
    p = decision.player
    for o in decision.options:
        if type(o) is not int:
            continue
        comps = ents.get(o)
        if comps is None:
            continue
        z = comps[Zone]
        if z.name in HIDDEN and not (z.name == "hand" and z.player == p):
            who = known.get(o)
            if who is None or p not in who:
                known[o] = (who or frozenset()) | {p}


def moved(game, old: int, new: int | None, frm: str | None, to: str, owner: int) -> None:
    """`old` became `new` in zone `to` (400.7): who knows it now."""
    who = game.known.pop(old, None) if game.known else None
    if new is None or to not in HIDDEN:
        return
    if frm not in HIDDEN:
        who = frozenset(range(len(game.players)))       # everybody saw it go there
    elif frm == "hand" and to == "library":
        who = (who or frozenset()) | {owner}
    if who:
        game.known[new] = who


def shuffled(game, player: int) -> None:
    """701.20: nobody knows where the cards of the shuffled library are."""
    known = game.known
    if known:
        for e in game.players[player].library:
            known.pop(e, None)


def lost_track(game, cards, keeper: int | None = None) -> None:
    """`cards` were put in a library in an order only `keeper` knows (401.4: the order the
    player who looked at them chose; none: a random order): whoever else knew which card
    each is no longer knows where it is, nor so which it is. A card alone was seen going
    where it went: who knew it still does."""
    known = game.known
    if len(cards) < 2 or not known:
        return
    for e in cards:
        who = known.pop(e, None)
        if who is not None and keeper in who:
            known[e] = frozenset((keeper,))


def knows(game, player: int, e: int, zone) -> bool:
    """Does `player` know which card the object `e` is, in the hidden zone `zone` (its Zone
    component)? Their own hand, or one of `seen_hidden`."""
    if zone.player == player and zone.name == "hand":
        return True
    return e in seen_hidden(game, player)


def seen_hidden(game, player: int) -> set:
    """The objects in hidden zones `player` knows besides their own hand: a card they know
    (above); the top card of their library while they may look at it (401.2, Falco Spara);
    a card their pending decision offers them (a card to choose, a spell they may cast
    from the top of their library)."""
    out = {e for e, who in game.known.items() if player in who}
    lib = game.players[player].library
    if lib and _may_look_at_top(game, player):
        out.add(lib[-1])
    d = game.pending
    if d is not None and d.player == player:
        if d.kind != "priority":
            out.update(o for o in d.options if type(o) is int)
        else:
            out.update(a.card for a in d.options if getattr(a, "card", None) is not None)
    return out


def _may_look_at_top(game, player: int) -> bool:
    from mtg_ecs.systems.permissions import may_look_at_top      # (permissions moves cards)
    return may_look_at_top(game, player)
