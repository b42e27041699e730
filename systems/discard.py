"""Moving chosen cards with the order of replacement effects (CR 616.1): discards (701.9),
sacrifices (701.17), mills (701.13).

A discarded card goes from its owner's hand to the graveyard (701.9a) unless a replacement
effect puts it elsewhere (Leyline of the Void: exile; Obstinate Baloth: the battlefield); it
is discarded either way (004 Obstinate Baloth R2, Leyline of the Void R3). When two or more
replacement effects would apply to one card, its owner chooses one to apply first, then
again among those that still apply (616.1, 616.1e). The engine moves cards in one
synchronous step, so the choices are asked before the cards move, as `replacement`
decisions; then all the cards are discarded at once (one event, 603.2).

The same holds for any move an effect makes (`start_moves`: a sacrificed or milled Darksteel
Colossus with an opponent's Leyline of the Void: shuffled into the library or exiled).

A step keeps the progress as plain data (`start(...)`) and drives it:

    st = discard.start([(player, card), ...], by=ctx.controller)
    d = discard.next_choice(game, st)      # a Decision, or None when every order is set
    discard.answer(game, st, decision, answer)
    discard.perform(game, st)
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems import replacement, zones


def start(cards, by) -> dict:
    """`cards`: (player, card) pairs; `by`: the controller of the spell or ability that
    makes them discard (None: the cleanup step's game rule)."""
    return {"cards": [list(pc) for pc in cards], "by": by, "orders": {}, "to": "graveyard",
            "cause": "discard"}


def start_moves(cards, to, cause, by=None) -> dict:
    """Moves of `cards` (objects) to zone `to` for `cause` ('sacrifice', 'mill', ...)."""
    return {"cards": [[None, c] for c in cards], "by": by, "orders": {}, "to": to, "cause": cause}


def _event(game, card, st) -> dict:
    return {"eid": card, "from": game.zone_of(card), "to": st["to"], "position": "top",
            "cause": st["cause"], "tapped": False, "controller": None, "shuffle": False,
            "reveal": False, "x": None, "counters": {}, "by": st["by"]}


def next_choice(game, st):
    """The next 616.1 choice: the affected object's owner (a card in a hand or library) or
    controller picks the effect that applies first."""
    for p, c in st["cards"]:
        if not game.exists(c):
            continue
        chosen = st["orders"].get(c, [])
        opts = replacement.order_options(game, _event(game, c, st), chosen)
        if len(opts) >= 2:
            who = game.chars(c).controller if game.zone_of(c) in ("battlefield", "stack") else game.owner(c)
            return Decision("replacement", who, opts, 1, 1,
                            f"which replacement effect applies first to {game.name(c)} (616.1)",
                            data={"card": c})
    return None


def answer(game, st, decision, ans) -> None:
    """An effect of the decision's options, its sid, or the card id of its source."""
    a = ans[0] if isinstance(ans, (list, tuple)) and len(ans) == 1 else ans
    match = [z for z in decision.options if z is a or z.sid == getattr(a, "sid", None)
             or (isinstance(a, int) and not isinstance(a, bool) and z.source_card == a)]
    if len(match) != 1:
        raise IllegalAction("choose one of the replacement effects that apply")
    st["orders"].setdefault(decision.data["card"], []).append(match[0].sid)


def perform_moves(game, st, move) -> list:
    """Move every card at once (603.2) with `move(game, card, order)`; returns the new objects."""
    from mtg_ecs.systems.together import together
    out = []
    with together(game):
        for p, c in st["cards"]:
            if game.exists(c):
                out.append(move(game, c, st["orders"].get(c, ())))
    st["cards"] = []
    return out


def perform(game, st) -> list:
    """Discard every card at once (701.9a, 603.2); returns the new objects."""
    return perform_moves(game, st, lambda g, c, order: zones.discard(g, g.owner(c), c, by=st["by"], order=order)
                         if g.zone_of(c) == "hand" else None)
