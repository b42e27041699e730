"""Discarding chosen cards, with the order of replacement effects (CR 701.9, 616.1).

A discarded card goes from its owner's hand to the graveyard (701.9a) unless a replacement
effect puts it elsewhere (Leyline of the Void: exile; Obstinate Baloth: the battlefield); it
is discarded either way (004 Obstinate Baloth R2, Leyline of the Void R3). When two or more
replacement effects would apply to one card, its owner chooses one to apply first, then
again among those that still apply (616.1, 616.1e). The engine moves cards in one
synchronous step, so the choices are asked before the cards move, as `replacement`
decisions; then all the cards are discarded at once (one event, 603.2).

A step keeps the progress as plain data (`start(...)`) and drives it:

    st = discard.start([(player, card), ...], by=ctx.controller)
    d = discard.next_choice(game, st)      # a Decision, or None when every order is set
    discard.answer(game, st, decision, answer)
    discard.perform(game, st)
"""
from __future__ import annotations

from ecs.decisions import Decision, IllegalAction
from systems import replacement, zones


def start(cards, by) -> dict:
    """`cards`: (player, card) pairs; `by`: the controller of the spell or ability that
    makes them discard (None: the cleanup step's game rule)."""
    return {"cards": [list(pc) for pc in cards], "by": by, "orders": {}}


def _event(game, card, by) -> dict:
    return {"eid": card, "from": "hand", "to": "graveyard", "position": "top", "cause": "discard",
            "tapped": False, "controller": None, "shuffle": False, "reveal": False, "x": None,
            "counters": {}, "by": by}


def next_choice(game, st):
    """The next 616.1 choice: the card's owner picks the effect that applies first."""
    for p, c in st["cards"]:
        chosen = st["orders"].get(c, [])
        opts = replacement.order_options(game, _event(game, c, st["by"]), chosen)
        if len(opts) >= 2:
            return Decision("replacement", game.owner(c), opts, 1, 1,
                            f"which replacement effect applies first to discarding {game.name(c)} (616.1)",
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


def perform(game, st) -> list:
    """Discard every card at once (701.9a, 603.2); returns the new objects."""
    from systems.together import together
    out = []
    with together(game):
        for p, c in st["cards"]:
            if game.exists(c) and game.zone_of(c) == "hand":
                out.append(zones.discard(game, p, c, by=st["by"], order=st["orders"].get(c, ())))
    st["cards"] = []
    return out
