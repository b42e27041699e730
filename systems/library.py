"""Library manipulation: scry (CR 701.22) and "look at the top N cards and put them back
in any order" (CR 401.4: the owner arranges them as told).

Both are one decision for the player: kind "scry" (top and bottom allowed) or
"look_order" (top only), options = the looked-at cards (top first), answered with
{"top": [cards, top first], "bottom": [cards, top first]}. Looking is private: the
cards are not revealed (701.22a says "look at").
"""
from __future__ import annotations

from ecs.decisions import Decision, IllegalAction, PlayerRef
from systems.effects import Step


def top_cards(game, player: int, n: int) -> list:
    """The top n cards of a library, top first (fewer if the library is smaller)."""
    lib = game.players[player].library
    n = max(0, min(n, len(lib)))
    return list(reversed(lib[len(lib) - n:])) if n else []


def look_decision(game, player: int, n: int, bottom: bool = True, prompt=None):
    """The decision for scry n (bottom=True) or look-and-reorder n; None if there is
    nothing to look at (701.22b: scry 0 does nothing; an empty library shows nothing)."""
    cards = top_cards(game, player, n)
    if not cards:
        return None
    kind = "scry" if bottom else "look_order"
    return Decision(kind, player, cards, len(cards), len(cards),
                    prompt or (f"scry {n}: choose cards for the top and the bottom (top first)"
                               if bottom else f"put the top {len(cards)} cards back in any order"),
                    data={"n": n})


def check_answer(decision, answer):
    """Validate {"top": [...], "bottom": [...]}: every looked-at card exactly once."""
    if not isinstance(answer, dict) or set(answer) - {"top", "bottom"}:
        raise IllegalAction("answer {top: [cards, top first], bottom: [cards, top first]}")
    top = list(answer.get("top") or [])
    bottom = list(answer.get("bottom") or [])
    if bottom and decision.kind != "scry":
        raise IllegalAction("these cards can only be put back on top")
    if sorted(top + bottom) != sorted(decision.options) or len(set(top + bottom)) != len(top + bottom):
        raise IllegalAction("put each looked-at card back exactly once")
    return top, bottom


def put_back(game, player: int, top, bottom) -> None:
    """Put the looked-at cards back: `top` on top of the library and `bottom` on the
    bottom, each list given top first (701.22a: in any order). The library list's top
    is its end."""
    lib = game.players[player].library
    moved = set(top) | set(bottom)
    rest = [c for c in lib if c not in moved]
    lib[:] = list(reversed(bottom)) + rest + list(reversed(top))
    game.touch()


def scry(game, player: int, decision, answer) -> None:
    top, bottom = check_answer(decision, answer)
    put_back(game, player, top, bottom)
    if decision.kind == "scry":
        game.emit("scry", player=player, n=decision.data.get("n", len(decision.options)))


class Scry(Step):
    """'Scry N' (CR 701.22): look at the top N cards of your library, put any number of
    them on the bottom in any order and the rest on top in any order."""

    bottom = True

    def __init__(self, n, who=None):
        self.n = n
        self.who = who

    def _player(self, game, ctx):
        if self.who is None:
            return ctx.controller
        ps = [p for p in self.who.resolve(game, ctx) if isinstance(p, PlayerRef)]
        return ps[0].index if ps else None

    def run(self, game, ctx):
        from systems.effects import amount
        key = ("look", id(self))
        if ctx.vars.get(key):
            ctx.vars.pop(key)
            return None
        p = self._player(game, ctx)
        if p is None:
            return None
        d = look_decision(game, p, amount(self.n, game, ctx), bottom=self.bottom)
        if d is None:
            return None
        return d

    def answer(self, game, ctx, decision, answer):
        scry(game, decision.player, decision, answer)
        ctx.vars[("look", id(self))] = True


class LookAndReorder(Scry):
    """'Look at the top N cards of your library, then put them back in any order.'"""

    bottom = False
