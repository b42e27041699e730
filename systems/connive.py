"""Connive and connive N (CR 701.50).

    Connive()                       # '~ connives' (its source, even if it has left: SOURCE)
    Connive(fx.TARGET(0), X)        # 'target attacking creature connives X'

To connive N, the permanent's controller draws N cards, then discards N cards, then puts a
+1/+1 counter on it for each nonland card discarded this way (701.50a, 701.50e). It all
happens inside one effect step: nobody gets priority in between (002 §2.2 #3). A permanent
that left the battlefield still connives: its controller as it last existed draws and
discards, and no counter is put on anything (701.50c). It connives even if some or all of
these actions were impossible (701.50b): the "connive" event is announced each time.
Several permanents conniving at once connive one at a time: the first player in APNAP order
who controls one of them chooses one, it connives, and so on (701.50d).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey, only
from mtg_ecs.systems import commander, discard as discarding, zones
from mtg_ecs.systems.effects import Step, amount, discard_chosen
from mtg_ecs.systems.movement import SOURCE
from mtg_ecs.systems.triggers import Trigger


def _controller(game, eid, fallback):
    """The conniving permanent's controller, or as it last existed (701.50c)."""
    if game.exists(eid) and game.zone_of(eid) == "battlefield":
        return game.chars(eid).controller
    lk = game.lki.get(eid)
    return lk.controller if lk is not None else fallback


class Connive(Step):
    """'<it> connives [N]': `what` a reference to the conniving permanents."""

    def __init__(self, what=SOURCE, n=1):
        self.what = what
        self.n = n

    def _key(self):
        return ("connive", StepKey(self))

    def run(self, game, ctx):
        st = ctx.vars.get(self._key())
        if st is None:
            objs = [o for o in self.what.resolve(game, ctx) if not isinstance(o, PlayerRef)]
            st = ctx.vars[self._key()] = {
                "n": amount(self.n, game, ctx),
                "left": [[o, _controller(game, o, ctx.controller)] for o in objs],
                "cur": None, "drawn": False, "chosen": [], "batch": None}
        while True:
            if st["cur"] is None:
                if not st["left"]:
                    del ctx.vars[self._key()]
                    return None
                d = self._next(game, st)
                if d is not None:
                    return d
            d = self._connive(game, ctx, st)
            if d is not None:
                return d

    def _next(self, game, st):
        """701.50d: the first player in APNAP order controlling a conniver picks one."""
        for p in game.apnap():
            mine = [o for o, c in st["left"] if c == p]
            if mine:
                if len(st["left"]) == 1:
                    self._pick(st, mine[0])
                    return None
                return Decision("choose", p, mine, 1, 1, "choose which permanent connives next (701.50d)",
                                data=only(mine) if len(mine) == 1 else {})
        self._pick(st, st["left"][0][0])    # controllers who have left the game: in order
        return None

    @staticmethod
    def _pick(st, obj):
        i = [o for o, _ in st["left"]].index(obj)
        st["cur"] = st["left"].pop(i)

    def _connive(self, game, ctx, st):
        obj, p = st["cur"]
        n = st["n"]
        if not st["drawn"]:
            if game.commanders:             # one card at a time: 903.9b may ask (commander.draw_queue)
                q, d = commander.draw_queue(game, st.get("draw_q") or ((p, n),))
                if d is not None:
                    st["draw_q"] = q
                    return d
                st["draw_q"] = None
            else:
                zones.draw(game, p, n)                          # 701.50a: draws N
            st["drawn"] = True
            hand = list(game.players[p].hand)
            k = min(n, len(hand))
            if k:
                # the player chooses from the whole hand, the cards just drawn included
                return Decision("discard", p, hand, k, k, f"discard {k} (connive)",
                                data=only(hand) if k == len(hand) else {})
        d = discard_chosen(game, ctx, st)                       # 701.50a: then discards N
        if d is not None:
            return d
        nonland = sum(1 for ch in ctx.vars.pop("discarded", ()) if "Land" not in ch.types)
        if nonland and game.exists(obj) and game.zone_of(obj) == "battlefield":
            zones.add_counters(game, obj, "+1/+1", nonland)      # 701.50a, 701.50c: not if gone
        st.update(cur=None, drawn=False, chosen=[], batch=None)
        game.emit("connive", eid=obj, player=p, n=n, nonland=nonland)   # 701.50b: always
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[self._key()]
        if decision.data.get("draw"):                           # 903.9b: a commander on top
            st["draw_q"] = commander.answer_draw(game, st["draw_q"], decision, answer)
            return
        if decision.kind == "replacement":
            discarding.answer(game, st["batch"], decision, answer)
            return
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(set(chosen)) != len(chosen) or not decision.min <= len(chosen) <= decision.max \
                or any(c not in decision.options for c in chosen):
            raise IllegalAction(f"choose {decision.min} of {[game.name(c) for c in decision.options]}")
        if decision.kind == "choose":
            self._pick(st, chosen[0])
            return
        st["chosen"] = [[decision.player, c] for c in chosen]


class Connives(Trigger):
    """'Whenever ~ connives' (701.50b: even if nothing was drawn or discarded)."""
    events = ("connive",)

    def match(self, game, source, controller, kind, data):
        return {"nonland": data["nonland"]} if data["eid"] == source else None
