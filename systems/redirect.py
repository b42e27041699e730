"""Redirection of damage (CR 614.9, 615): "The next 2 damage that a source of your choice
would deal to you and/or permanents you control this turn is dealt to <target> instead."
(Harm's Way).

A `RedirectNextDamage` lives in `game.shields` until the end of the turn. It applies to
damage its chosen source would deal to its controller or to permanents they control
(creatures and planeswalkers alike), up to the amount left, whatever the recipient
(001 Harm's Way R1-R3). When prevention effects would apply to the same damage, the
affected player chooses which applies first (616.1, `order_decision`): those chosen before
the redirection reduce the damage first; then the affected events are split into the
redirected part, dealt to the new recipient, and the rest, which meets the prevention
effects not yet applied. When the source would deal more damage at once to
several of those recipients than the shield has left, its controller chooses how much
of each to redirect (a `redirect` decision answered {recipient: amount}; R4); without
a choice the damage is taken in the event's order. If the new recipient can't be dealt
damage then (a creature or planeswalker gone or no longer one, a player who left), the
damage isn't redirected (R5). Damage already dealt is never affected (R6).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey
from mtg_ecs.systems.replacement import Shield, add_shield, applicable, affected_player, prevent_damage
from mtg_ecs.components import Spell, StackAbility, Card



class RedirectNextDamage(Shield):
    def __init__(self, player, source, to, amount, source_card=None):
        super().__init__(source_card)
        self.player = player            # the controller of the effect: 'you'
        self.source = source            # the chosen source (an entity)
        self.to = to                    # the new recipient (entity or PlayerRef)
        self.left = amount

    # a redirection isn't a prevention effect
    def applies(self, game, source, target, amount, combat):
        return False

    def covers(self, game, source, target) -> bool:
        if source != self.source or self.left <= 0:
            return False
        if isinstance(target, PlayerRef):
            return target.index == self.player
        return game.exists(target) and target in game.battlefield and \
            game.chars(target).controller == self.player

    def target_ok(self, game) -> bool:
        t = self.to
        if isinstance(t, PlayerRef):
            return t.index < len(game.players) and not game.players[t.index].lost
        if not game.exists(t) or t not in game.battlefield:
            return False
        return bool({"Creature", "Planeswalker"} & game.chars(t).types)


def _shields(game):
    out = []                # (a loop, not a comprehension: that is one more call in 3.11)
    for s in game.shields:
        if isinstance(s, RedirectNextDamage) and s.left > 0:
            out.append(s)
    return out


def decision(game, batch):
    """A `redirect` decision for the first shield whose source would deal more damage to
    several covered recipients than it has left, and for which no plan was chosen."""
    plans = game.redirect_plans
    for sh in _shields(game):
        if sh.sid in plans or not sh.target_ok(game):
            continue
        per = {}
        for src, sc, t, n in batch:
            if n > 0 and sh.covers(game, src, t):
                per[t] = per.get(t, 0) + n
        if len(per) > 1 and sum(per.values()) > sh.left:
            return Decision("redirect", sh.player, list(per), 1, len(per),
                            f"choose which {sh.left} damage to redirect",
                            data={"shield": sh.sid, "total": sh.left, "damage": per})
    return None


def answer(game, decision, answer) -> None:
    data = decision.data
    if not isinstance(answer, dict) or any(t not in data["damage"] for t in answer):
        raise IllegalAction("answer {recipient: damage to redirect} among the recipients")
    if any(not isinstance(n, int) or n < 0 or n > data["damage"][t] for t, n in answer.items()):
        raise IllegalAction("each amount is between 0 and the damage that recipient would be dealt")
    if sum(answer.values()) != min(data["total"], sum(data["damage"].values())):
        raise IllegalAction(f"redirect exactly {data['total']} damage in total")
    plans = dict(game.redirect_plans)
    plans[data["shield"]] = dict(answer)
    game.redirect_plans = plans


def order_decision(game, batch, combat, orders):
    """CR 616.1: when a redirection and prevention effects would all apply to one damage event,
    the affected player chooses which applies first (then again among those left), until
    the redirection is chosen; what then reaches the original recipient meets the prevention
    effects left in the usual order (replacement.order_decision). Choices are kept in
    `orders[("pre", i)]` for event i of the damage event as it would be dealt. Returns the
    next `replacement` decision, or None."""
    shields = [sh for sh in _shields(game) if sh.target_ok(game)]
    if not shields:
        return None
    for i, (src, sc, t, n) in enumerate(batch):
        covering = [sh for sh in shields if n > 0 and sh.covers(game, src, t)]
        if not covering:
            continue
        chosen = orders.get(("pre", i), [])
        if any(sid == sh.sid for sh in covering for sid in chosen):
            continue                            # the redirection was chosen: settled
        left = n
        effs = [e for e in applicable(game, src, sc, t, n, combat) if e.sid not in chosen]
        for sid in chosen:
            e = next((e for e in applicable(game, src, sc, t, n, combat) if e.sid == sid), None)
            if e is not None:
                left -= e.would_prevent(left)
        if left > 0 and effs:
            return Decision("replacement", affected_player(game, t), covering + effs, 1, 1,
                            "which applies first: the redirection or a prevention effect (616.1)",
                            data={"event": ("pre", i)})
    return None


def _pre_prevented(game, orders, i, src, sc, t, n, combat, consume):
    """Event i after the prevention effects its affected player chose to apply before the
    redirection (616.1); returns (amount left, their sids)."""
    chosen = (orders or {}).get(("pre", i), [])
    redirect_sids = {sh.sid for sh in _shields(game)}
    pre = []
    for sid in chosen:
        if sid in redirect_sids:
            break
        pre.append(sid)
    if not pre:
        return n, ()
    if consume:
        return prevent_damage(game, src, sc, t, n, combat, pre, only=pre), tuple(pre)
    for sid in pre:
        e = next((e for e in applicable(game, src, sc, t, n, combat) if e.sid == sid), None)
        if e is not None:
            n -= e.would_prevent(n)
    return max(0, n), tuple(pre)


def apply(game, batch, consume=False, orders=None, skips=None, combat=False) -> list:
    """The damage event after redirection (see module doc). With `consume` the shields
    are used up (call it once, as the damage is dealt). Prevention effects chosen to apply
    before the redirection (`orders`, see order_decision) apply first; `skips` (a dict) is
    filled with {index in the result: sids already applied to that damage}."""
    shields = _shields(game)
    if not shields:
        return batch
    plans = game.redirect_plans
    out = []
    for i, (src, sc, t, n) in enumerate(batch):
        n2, pre = _pre_prevented(game, orders, i, src, sc, t, n, combat, consume) if orders else (n, ())
        out.append((src, sc, t, n2, pre))
    for sh in shields:
        if not sh.target_ok(game):
            continue
        left = sh.left
        plan = dict(plans.get(sh.sid, {}))
        new = []
        for src, sc, t, n, pre in out:
            if n > 0 and left > 0 and sh.covers(game, src, t):
                k = min(n, left, plan[t]) if t in plan else min(n, left)
                if t in plan:
                    plan[t] -= k
                if k > 0:
                    left -= k
                    new.append((src, sc, sh.to, k, ()))
                    if n - k > 0:
                        new.append((src, sc, t, n - k, pre))
                    continue
            new.append((src, sc, t, n, pre))
        out = new
        if consume:
            sh.left = left
    if consume and game.redirect_plans:
        game.redirect_plans = {}
    if skips is not None:
        skips.update({j: e[4] for j, e in enumerate(out) if e[4]})
    return [e[:4] for e in out]


# ---------------------------------------------------------------------------
from mtg_ecs.systems.effects import Step  # noqa: E402


# what a triggered ability remembers that is an object ('that creature', 603.7c)
_INFO_OBJECTS = ("entered", "died", "spell", "attacker", "other")


def choosable_sources(game) -> list:
    """CR 609.7a: the sources of damage a player may choose: a permanent; a spell on the
    stack; an object referred to by an object on the stack (an ability's source, a
    target, a sacrificed creature, 'that creature' of a trigger), by a prevention or
    redirection effect waiting to apply, or by a delayed triggered ability waiting to
    trigger, even if it has left its zone since (its last known information). An ability
    on the stack is not a source: its source is. (No object is in a command zone here.)"""
    out = list(game.battlefield)
    seen = set(out)

    def refer(x):
        if isinstance(x, int) and not isinstance(x, bool) and x not in seen \
                and (game.exists(x) or x in game.lki):
            seen.add(x)
            out.append(x)

    ents = game.world.ents
    for e in reversed(game.stack):
        comps = ents[e]
        sp = comps.get(Spell)
        if sp is not None:
            refer(e)
            refs = [t for grp in sp.targets for t in grp] + list(sp.sacrificed)
        else:
            sa = comps[StackAbility]
            refs = [sa.source] + [t for grp in sa.targets for t in grp] + \
                [v for k, v in sa.info if k in _INFO_OBJECTS]
        for x in refs:
            refer(x)
    for sh in game.shields:
        for attr in ("source", "to", "target"):
            refer(getattr(sh, attr, None))
    for dt in game.delayed:
        refer(dt.source)
    return out


class RedirectFromChosenSource(Step):
    """'The next N damage that a source of your choice would deal to you and/or permanents
    you control this turn is dealt to <target> instead': the source is chosen as it
    resolves, among the objects 609.7a allows (`choosable_sources`)."""

    def __init__(self, to, n):
        self.to = to
        self.n = n

    def _sources(self, game):
        return choosable_sources(game)

    def run(self, game, ctx):
        key = ("redirect_source", StepKey(self))
        if key not in ctx.vars:
            return Decision("choose", ctx.controller, self._sources(game), 1, 1,
                            "choose a source")
        to = self.to.resolve(game, ctx)
        if not to:
            return None
        card = game.world.ents.get(ctx.obj, {}).get(Card)
        add_shield(game, RedirectNextDamage(ctx.controller, ctx.vars[key], to[0], self.n,
                                               card.card_id if card else None))
        return None

    def answer(self, game, ctx, decision, answer):
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction("choose a source: a permanent, a spell on the stack, or an object a "
                                "spell, ability or effect waiting to apply refers to (CR 609.7a)")
        ctx.vars[("redirect_source", StepKey(self))] = a
