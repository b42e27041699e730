"""Effect steps that move cards to the battlefield or deal damage from another object
(CR 608.2, 610, 120), for abilities no other step covers:

* `PutOntoBattlefield(what, tapped=False)` — "return target card from your graveyard to
  the battlefield" (a card put onto the battlefield is not cast, 608.3 does not apply).
* `DealsDamage(source, n, to)` — "<that creature> deals damage equal to its power to <x>":
  the source is another object named by a reference, its characteristics taken from the
  battlefield or, if it left, from its last known information (608.2h, 113.7a).
* `POWER_OF(ref)` — an amount: the power of the object a reference names (LKI if gone).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef, Decision, IllegalAction, yes_no, StepKey, Cast
from mtg_ecs.systems import commander, zones
from mtg_ecs.systems.effects import Step, deal_with_choices, answer_damage_choice, amount
from mtg_ecs.systems.entering import entry_choices, put_entering, entry_choices_answer
from mtg_ecs.systems.together import together
from mtg_ecs.components import Card, StackAbility
from mtg_ecs.systems.priority import can_cast, fixed_cost
from mtg_ecs.components.mana import pay_from_pool
from mtg_ecs.systems.casting import CastTask
from mtg_ecs.systems.auras import can_enchant


def _chars_or_lki(game, e):
    if game.exists(e) and game.zone_of(e) == "battlefield":
        return game.chars(e)
    return game.lki.get(e)


def POWER_OF(ref):
    """The power of the first object `ref` names, as it is now on the battlefield or as it
    last existed there (608.2h). `SOURCE` names the ability's source even after it left."""
    def f(game, ctx):
        objs = ref.resolve(game, ctx)
        for e in objs:
            ch = _chars_or_lki(game, e)
            if ch is not None:
                return max(0, ch.power or 0)
        return 0
    return f


class _Source:
    """The source of the resolving ability, even if it has left the battlefield (LKI)."""

    def resolve(self, game, ctx):
        return [ctx.source]


SOURCE = _Source()


class PutOntoBattlefield(Step):
    """Put each named card onto the battlefield under the ability's controller (or its
    owner, `owner=True`); the choices its 'as ~ enters' abilities need are asked first
    (614.12: a Clone put onto the battlefield by Rise from the Grave may enter as a copy).
    `key`: the new objects go to ctx.vars[key] ('that creature' later in the effect)."""

    def __init__(self, what, tapped=False, owner=False, key=None):
        self.what = what
        self.tapped = tapped
        self.owner = owner
        self.key = key

    def run(self, game, ctx):
        cards = [t for t in self.what.resolve(game, ctx) if not isinstance(t, PlayerRef) and game.exists(t)]
        # 614.12 (enter as a copy), 303.4f (what an Aura will enchant)
        d = entry_choices(game, ctx, self, cards, lambda c: game.owner(c) if self.owner else ctx.controller)
        if d is not None:
            return d
        out = []
        for t in cards:
            if not game.exists(t):
                continue
            ctl = None if self.owner else ctx.controller
            new = put_entering(game, ctx, self, t, controller=ctl, tapped=self.tapped)
            if new is not None and new in game.battlefield:
                out.append(new)
        if self.key is not None:
            ctx.vars[self.key] = out

    def answer(self, game, ctx, decision, answer):
        entry_choices_answer(game, ctx, self, decision, answer)


class DealsDamage(Step):
    """'<source> deals N damage to <to>' where the source is another object (not the
    resolving spell or ability's own source). A source that has left the battlefield
    still deals damage with its last known characteristics (608.2h); damage to an object
    no longer on the battlefield is not dealt."""

    def __init__(self, source, n, to):
        self.source = source
        self.n = n
        self.to = to

    def run(self, game, ctx):
        srcs = self.source.resolve(game, ctx)
        if not srcs:
            return None
        src = srcs[0]
        sc = _chars_or_lki(game, src)
        if sc is None:
            return None
        n = amount(self.n, game, ctx)
        batch = []
        for t in self.to.resolve(game, ctx):
            if isinstance(t, PlayerRef) or (game.exists(t) and t in game.battlefield):
                batch.append((src, sc, t, n))
        if not batch:
            return None
        return deal_with_choices(game, ctx, self, batch)

    def answer(self, game, ctx, decision, answer):
        answer_damage_choice(game, ctx, self, decision, answer)


class ExileAndRemember(Step):
    """'Exile <it>' remembering the new exiled objects in ctx.vars[key], so later steps and
    delayed triggers can name 'that card' (a new object, 400.7; a token ceases to exist)."""

    def __init__(self, what, key="exiled"):
        self.what = what
        self.key = key

    def run(self, game, ctx):
        out = []
        for t in self.what.resolve(game, ctx):
            if isinstance(t, PlayerRef) or not game.exists(t):
                continue
            new = zones.exile(game, t)
            if new is not None and game.exists(new) and game.zone_of(new) == "exile":
                out.append(new)
        ctx.vars[self.key] = out


class ReturnFromExile(Step):
    """'Return that card to the battlefield [tapped] under its owner's control': only if it
    is still the same object in exile."""

    def __init__(self, what, tapped=False):
        self.what = what
        self.tapped = tapped

    def run(self, game, ctx):
        cards = [t for t in self.what.resolve(game, ctx)
                 if not isinstance(t, PlayerRef) and game.exists(t) and game.zone_of(t) == "exile"]
        d = entry_choices(game, ctx, self, cards, game.owner)       # CR 614.12, 303.4f
        if d is not None:
            return d
        for t in cards:
            if game.exists(t) and game.zone_of(t) == "exile":
                put_entering(game, ctx, self, t, controller=None, tapped=self.tapped)
        return None

    def answer(self, game, ctx, decision, answer):
        entry_choices_answer(game, ctx, self, decision, answer)


class ExileAllCounting(Step):
    """'Exile all <filter>' as one event (together), counting them into ctx.vars[key]
    ('that many'); tokens count even though they cease to exist."""

    def __init__(self, filter, key="count"):
        self.filter = filter
        self.key = key

    def run(self, game, ctx):
        objs = [e for e in game.battlefield if self.filter(game, e, game.chars(e), ctx)]
        with together(game):
            for e in objs:
                zones.exile(game, e)
        ctx.vars[self.key] = len(objs)


class ExileGraveyard(Step):
    """'Exile <player>'s graveyard': every card in it, at once (one event: 603.2)."""

    def __init__(self, who):
        self.who = who

    def run(self, game, ctx):
        with together(game):
            for p in self.who.resolve(game, ctx):
                for c in list(game.players[p.index].graveyard):
                    zones.exile(game, c)


# ---------------------------------------------------------------------------------------
# linked abilities (CR 607): "exile it" ... "the exiled card"
# ---------------------------------------------------------------------------------------
def linked_exile(game, source) -> tuple:
    """Card ids exiled 'with' this object by its own ability (607.2a), kept per object: a
    new object (400.7) has no link to cards its earlier incarnation exiled."""
    return tuple(game.linked_exile.get(source, ()))


def link_exiled(game, source, card_ids) -> None:
    d = dict(game.linked_exile)
    d[source] = tuple(d.get(source, ())) + tuple(card_ids)
    game.linked_exile = d
    game.touch()


class ExileLinked(Step):
    """'Exile it' where a linked ability refers to 'the exiled card' (607.2a): exiles the
    cards ctx.vars[key] names (or those `what` names: 'exile target card') face up and
    links them to the ability's source object."""

    what = None

    def __init__(self, key="found", what=None):
        self.key = key
        if what is not None:            # (only when given: see effects.CreateTokens)
            self.what = what

    def run(self, game, ctx):
        ids = []
        found = ctx.vars.get(self.key, []) if self.what is None else self.what.resolve(game, ctx)
        for c in list(found):
            if not game.exists(c):
                continue
            cid = game.world.ents[c][Card].card_id
            new = zones.exile(game, c)
            if new is not None and game.exists(new) and game.zone_of(new) == "exile":
                ids.append(cid)
        if ids:
            link_exiled(game, ctx.source, ids)


class LinkedExiledToHand(Step):
    """'Put the exiled card into its owner's hand': the cards linked to this source that are
    still in exile (607.2a); a commander's owner may put it into the command zone instead
    (903.9b)."""

    def run(self, game, ctx):
        cards = [e for e in map(game.card_entity.get, linked_exile(game, ctx.source))
                 if e is not None and game.exists(e) and game.zone_of(e) == "exile"]
        return commander.put_into_hand_or_library(game, ctx, self, cards, "hand",
                                                  lambda e: zones.move(game, e, "hand", cause="effect"))

    def answer(self, game, ctx, decision, answer):
        commander.answer_instead(ctx, self, decision, answer)


class RevealAtRandomPlayOrCast(Step):
    """Wild Evocation: '<that player> reveals a card at random from their hand. If it's a
    land card, the player puts it onto the battlefield. Otherwise, the player casts it
    without paying its mana cost if able.' The land isn't played (no land play used); the
    spell is cast during the resolution (608.2g) — type-based timing ignored, other
    restrictions apply (systems/playing.py), 'if able' makes it mandatory when castable;
    if it can't be cast it stays in hand. The casting player makes the casting choices.
    Mana still to pay (a mandatory additional mana cost, a cost increase: 601.2f) must be
    paid if the player's mana pool holds it; otherwise the player may decline to activate
    mana abilities, and the card stays in hand (004 Wild Evocation R4)."""

    def __init__(self, who):
        self.who = who

    def run(self, game, ctx):
        key = ("evoke", StepKey(self))
        tkey = ("evoke_task", StepKey(self))          # at the top of ctx.vars: copied with a clone
        st = ctx.vars.get(key)
        if st is None:
            ps = [p if isinstance(p, PlayerRef) else PlayerRef(p) for p in self.who.resolve(game, ctx)
                  if isinstance(p, (int, PlayerRef)) and not isinstance(p, bool)]
            if not ps or not game.players[ps[0].index].hand:
                return None
            p = ps[0].index
            card = game.rng.choice(list(game.players[p].hand))      # uniformly at random
            game.emit("reveal", player=p, cards=(card,))
            st = ctx.vars[key] = {"state": "done", "card": card, "player": p}
            if "Land" in game.chars(card).types:
                st["state"] = "land"
            else:
                d = self._spell(game, ctx, st)
                if d is not None:
                    return d
        if st["state"] == "land":
            d = entry_choices(game, ctx, self, [st["card"]], lambda c: st["player"])   # CR 303.4f
            if d is not None:
                return d
            st["state"] = "done"
            if game.exists(st["card"]) and game.zone_of(st["card"]) == "hand":
                put_entering(game, ctx, self, st["card"], controller=st["player"])
            return None
        if st["state"] == "casting":
            d = ctx.vars[tkey].run(game)
            if d is not None:
                return d
            st["state"] = "done"
        return None

    def _spell(self, game, ctx, st):
        """The revealed card isn't a land: cast it if able."""
        p, card = st["player"], st["card"]
        if not can_cast(game, p, card, "free"):
            return None
        cost = fixed_cost(game, p, card, "free")
        if cost.total and pay_from_pool(game.players[p].pool, cost) is None:
            st["state"] = "ask"
            return Decision("may", p, [True, False], 1, 1,
                            f"activate mana abilities to pay {cost.text or cost.total} and cast "
                            f"{game.name(card)}?")
        self._start(ctx, st, [] if cost.total else None)
        return None

    def _start(self, ctx, st, mana):
        """Cast it (mana=[]: the mana is paid from the pool, no mana ability activated)."""
        ctx.vars[("evoke_task", StepKey(self))] = CastTask(st["player"], Cast(st["card"], alt="free", mana=mana))
        st["state"] = "casting"

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("evoke", StepKey(self))]
        if st["state"] == "land":
            entry_choices_answer(game, ctx, self, decision, answer)
            return
        if st["state"] == "ask":
            if yes_no(answer):
                self._start(ctx, st, None)
            else:
                st["state"] = "done"                 # no mana ability activated: it can't be cast
            return
        ctx.vars[("evoke_task", StepKey(self))].answer(game, decision, answer)


class ReturnSourceFromGraveyardAttached(Step):
    """'Return ~ from its owner's graveyard to the battlefield attached to <that creature>'
    (Necrotic Plague): the card the ability came from (found by the card, whatever object it
    is now, 400.7), only if it is in its owner's graveyard, onto the battlefield under the
    control of the ability's controller (004 Necrotic Plague R3) attached to the first still
    legal object `to` names (608.2b), if the Aura could legally enchant it (303.4d)."""

    def __init__(self, to):
        self.to = to

    def run(self, game, ctx):
        card = game.card_entity.get(game.world.ents[ctx.obj][StackAbility].source_card)
        if card is None or not game.exists(card) or game.zone_of(card) != "graveyard":
            return None
        hosts = [t for t in self.to.resolve(game, ctx) if not isinstance(t, PlayerRef)]
        # CR 303.4i: onto the battlefield attached to something it can't enchant: it stays
        if not hosts or not can_enchant(game, game.chars(card), hosts[0], ctx.controller, card):
            return None
        zones.move(game, card, "battlefield", controller=ctx.controller, attach_to=hosts[0])
        return None


class ReturnFromGraveyardToHand(Step):
    """'You may return a <filter> card from your graveyard to your hand' (Dig Up the Body):
    not targeted; any such card, chosen as this step runs (after what the effect did
    before: 002 Dig Up the Body R1); the 'may' is the choice of up to one card."""

    def __init__(self, filter, what="card"):
        self.filter = filter            # fn(game, card, chars) -> bool
        self.what = what

    def run(self, game, ctx):
        chosen = ctx.vars.get(("gy_to_hand", StepKey(self)))
        if chosen is not None:                  # 903.9b for a commander, then the move
            d = commander.put_into_hand_or_library(
                game, ctx, self, chosen, "hand", lambda c: zones.move(game, c, "hand", cause="effect"))
            if d is None:
                del ctx.vars[("gy_to_hand", StepKey(self))]
            return d
        p = ctx.controller
        opts = [c for c in game.players[p].graveyard if self.filter(game, c, game.chars(c))]
        if not opts:
            return None
        return Decision("choose", p, opts, 0, 1,
                        f"you may return a {self.what} from your graveyard to your hand")

    def answer(self, game, ctx, decision, answer):
        if decision.kind == "may":
            commander.answer_instead(ctx, self, decision, answer)
            return
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) > 1 or any(c not in decision.options for c in chosen):
            raise IllegalAction(f"choose at most one {self.what} in your graveyard")
        ctx.vars[("gy_to_hand", StepKey(self))] = chosen
