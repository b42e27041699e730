"""'<A> unless they <B>' (CR 118.12: the player may pay B, an unless cost, as the effect
resolves; if they don't, A happens to them).

    LoseLifeUnlessDiscards(EACH_OPPONENT, 2)    # Ob Nixilis, the Adversary's +1

Each player chooses in APNAP order (101.4) whether to discard and which card (a choice of
up to one card of their hand; none: they lose the life); then the chosen cards are
discarded at once (701.9a) and the others lose the life.
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, StepKey
from mtg_ecs.systems import damage, discard
from mtg_ecs.systems.effects import Step, amount, discard_chosen


class LoseLifeUnlessDiscards(Step):
    """'<each player> loses N life unless they discard a card.'"""

    def __init__(self, who, n):
        self.who = who
        self.n = n

    def run(self, game, ctx):
        key = ("unless_discard", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            st = ctx.vars[key] = {"players": [p.index for p in self.who.resolve(game, ctx)],
                                  "i": 0, "chosen": [], "losers": [], "batch": None}
        while st["i"] < len(st["players"]):
            p = st["players"][st["i"]]
            hand = list(game.players[p].hand)
            if hand:
                return Decision("choose", p, hand, 0, 1,
                                f"discard a card, or choose none and lose {amount(self.n, game, ctx)} life")
            st["losers"].append(p)              # nothing to discard: the cost can't be paid
            st["i"] += 1
        d = discard_chosen(game, ctx, st)
        if d is not None:
            return d
        del ctx.vars[key]
        n = amount(self.n, game, ctx)
        for p in st["losers"]:
            damage.lose_life(game, p, n)
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("unless_discard", StepKey(self))]
        if st["i"] >= len(st["players"]):          # the order of replacement effects (616.1)
            discard.answer(game, st["batch"], decision, answer)
            return
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) > 1 or any(c not in decision.options for c in chosen):
            raise IllegalAction("discard at most one card of your hand")
        p = st["players"][st["i"]]
        if chosen:
            st["chosen"].append((p, chosen[0]))
        else:
            st["losers"].append(p)
        st["i"] += 1
