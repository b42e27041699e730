"""Playing a card while a spell or ability resolves (CR 608.2g, 601.2, 305.1):
"Reveal the top card of your library. You may play that card without paying its mana
cost. If you don't, exile it." (Djinn of Wishes)

* Timing permissions based on the card's type are ignored (a sorcery or creature can be
  cast now), other restrictions aren't: a spell needs legal targets and must be castable
  (systems.priority.can_cast: "can't cast spells" effects, additional costs).
* A land can be played only during its owner's turn with a land play left (305.2); it
  counts as the turn's land play.
* "Without paying its mana cost" is an alternative cost: no other alternative cost can be
  used, X is 0, additional costs may be paid (118.9, 107.3b).
* The spell is cast during the resolution (a `CastTask` driven by this step, asking its
  choices as decisions); then the ability finishes resolving and the spell waits on the
  stack like any other.
"""
from __future__ import annotations

from mtg_ecs.components import Card
from mtg_ecs.core.decisions import Decision, IllegalAction, Cast, StepKey
from mtg_ecs.systems import commander, zones
from mtg_ecs.systems.effects import Step, amount
from mtg_ecs.systems.priority import can_cast
from mtg_ecs.systems.casting import CastTask
from mtg_ecs.systems.teams import on_active_team


def can_play_now(game, player: int, card: int, alt="free") -> bool:
    ch = game.chars(card)
    p = game.players[player]
    if "Land" in ch.types:
        return (game.active == player or game.teams and on_active_team(game, player)) \
            and p.lands_played < p.land_plays
    return can_cast(game, player, card, alt)


class MayPlayFree(Step):
    """'You may play <a card> without paying its mana cost' during the resolution: the
    card is `_card(game, ctx)` (None: nothing to play); `_declined` says what happens to
    a card not played. `alt`: None for 'you may cast <it>', its costs paid."""

    alt = "free"

    def _card(self, game, ctx):
        raise NotImplementedError

    def _declined(self, game, ctx, card):
        """Put the card not played where it goes; a decision to answer first, or None."""
        return None

    def _playable(self, game, ctx, card) -> bool:
        return can_play_now(game, ctx.controller, card, self.alt)

    def run(self, game, ctx):
        key = ("play_free", StepKey(self))
        st = ctx.vars.get(key)
        p = game.players[ctx.controller]
        if st is None:
            card = self._card(game, ctx)
            if card is None:
                return None
            st = ctx.vars[key] = {"card": card, "state": "ask"}
            if not self._playable(game, ctx, card):
                st["state"] = "no"
        card = st["card"]
        if st["state"] == "ask":
            return Decision("may", ctx.controller, [True, False], 1, 1,
                            f"play {game.name(card)} without paying its mana cost?" if self.alt
                            else f"cast {game.name(card)}?")
        if st["state"] == "no":
            d = self._declined(game, ctx, card)
            if d is not None:
                return d                    # 903.9b: a commander's owner's choice
            st["state"] = "done"
            return None
        if st["state"] == "yes":
            if "Land" in game.chars(card).types:
                p.lands_played += 1
                new = zones.put_onto_battlefield(game, card, controller=ctx.controller, cause="play")
                if new is None:
                    game.touch()    # a land Aura with nothing to enchant stays (303.4g)
                if game.hears("land_played"):
                    game.emit("land_played", eid=new, player=ctx.controller)
                st["state"] = "done"
                return None
            ctx.vars[("cast_task", StepKey(self))] = CastTask(ctx.controller, Cast(card, alt=self.alt))
            st["state"] = "casting"
        if st["state"] == "casting":
            task = ctx.vars[("cast_task", StepKey(self))]
            d = task.run(game)
            if d is not None:
                return d
            st["state"] = "done"
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("play_free", StepKey(self))]
        if decision.data.get("what") == "command zone":
            commander.answer_instead(ctx, self, decision, answer)
            return
        if st["state"] == "ask":
            if answer not in (True, False, "yes", "no"):
                raise IllegalAction("answer yes or no")
            st["state"] = "yes" if answer in (True, "yes") else "no"
            return
        ctx.vars[("cast_task", StepKey(self))].answer(game, decision, answer)


class RevealTopMayPlayFree(MayPlayFree):
    """'Reveal the top card of your library. You may play that card without paying its mana
    cost. If you don't, exile it.' (Djinn of Wishes). `reveal=False`: 'look at' (private);
    `max_mana_value`: an amount, 'a spell with mana value N or less' (a land isn't limited:
    Ziatora's Envoy); `otherwise`: where the card goes if it isn't played ('exile', 'hand':
    'If you don't, put that card into your hand' - whether a land was played or a spell
    cast: 002 Ziatora's Envoy R1)."""

    def __init__(self, reveal=True, max_mana_value=None, otherwise="exile"):
        self.reveal = reveal
        self.max_mana_value = max_mana_value
        self.otherwise = otherwise

    def _card(self, game, ctx):
        lib = game.players[ctx.controller].library
        if not lib:
            return None
        if self.reveal:
            game.emit("reveal", eid=lib[-1])
        return lib[-1]

    def _playable(self, game, ctx, card) -> bool:
        if not super()._playable(game, ctx, card):
            return False
        ch = game.chars(card)
        return self.max_mana_value is None or "Land" in ch.types or \
            ch.cost.mana_value <= amount(self.max_mana_value, game, ctx)

    def _declined(self, game, ctx, card):
        if game.exists(card) and game.zone_of(card) == "library":
            if self.otherwise == "hand":            # 903.9b: a commander may go to the command zone
                return commander.put_into_hand_or_library(
                    game, ctx, self, [card], "hand", lambda c: zones.move(game, c, "hand", cause="effect"))
            zones.exile(game, card)
        return None


class MayCastFound(MayPlayFree):
    """'You may cast the exiled card' (Evolving Door): during the resolution, its costs
    paid, timing ignored (608.2g); the card is the one a step before left in ctx.vars[key]."""

    alt = None

    def __init__(self, key="exiled"):
        self.key = key

    def _card(self, game, ctx):
        cards = [c for c in ctx.vars.get(self.key, ()) if game.exists(c)]
        return cards[0] if cards else None


class CastAnyNumberFree(Step):
    """'Cast any number of <filter> cards from your <zone> without paying their mana costs'
    (Chandra Ablaze's −7): during the resolution the player casts them one at a time, each
    choice made knowing the ones before (608.2g, 601.2); the next card is chosen from those
    castable now ('choose' with none allowed: stop). Type-based timing is ignored, other
    restrictions aren't (can_cast); 'without paying its mana cost' is the alternative cost
    (118.9, X = 0: 107.3b). The spells wait on the stack in the order cast."""

    def __init__(self, filter, zone="graveyard"):
        self.filter = filter            # fn(game, chars) -> bool
        self.zone = zone

    def _options(self, game, ctx):
        p = ctx.controller
        return [c for c in game.zone_list(self.zone, p)
                if self.filter(game, game.chars(c)) and can_cast(game, p, c, "free")]

    def _to_cast(self, game, ctx, card):
        """The object cast for the chosen card."""
        return card

    def run(self, game, ctx):
        tkey = ("cast_any_task", StepKey(self))        # a task at the top of ctx.vars is copied with a clone
        while not ctx.vars.get(("cast_any_done", StepKey(self))):
            nxt = ctx.vars.pop(("cast_any_next", StepKey(self)), None)
            if nxt is not None:
                ctx.vars[tkey] = CastTask(ctx.controller, Cast(self._to_cast(game, ctx, nxt), alt="free"))
            task = ctx.vars.get(tkey)
            if task is not None:
                d = task.run(game)
                if d is not None:
                    return d
                del ctx.vars[tkey]
            opts = self._options(game, ctx)
            if not opts:
                return None
            return Decision("choose", ctx.controller, opts, 0, 1, "cast which card next (none: stop)")
        return None

    def answer(self, game, ctx, decision, answer):
        task = ctx.vars.get(("cast_any_task", StepKey(self)))
        if task is not None:
            task.answer(game, decision, answer)
            return
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) > 1 or any(c not in decision.options for c in chosen):
            raise IllegalAction("choose one of the cards that can be cast, or none")
        if not chosen:
            ctx.vars[("cast_any_done", StepKey(self))] = True
            return
        ctx.vars[("cast_any_next", StepKey(self))] = chosen[0]


class CastCopiesFree(CastAnyNumberFree):
    """'Copy each card exiled with ~. You may cast any number of the copies without paying
    their mana costs.' (Arcane Bombardment; 707.12): the player chooses the cards one at a
    time; the copy of each is made in exile and cast (608.2g). A copy not cast would cease
    to exist at once (704.5e), so it isn't made. `cards(game, ctx)`: the cards to copy."""

    def __init__(self, cards):
        self.cards = cards

    def _options(self, game, ctx):
        done = ctx.vars.get(("copied", StepKey(self)), ())
        return [c for c in self.cards(game, ctx)
                if c not in done and can_cast(game, ctx.controller, c, "free")]

    def _to_cast(self, game, ctx, card):
        key = ("copied", StepKey(self))
        ctx.vars[key] = ctx.vars.get(key, ()) + (card,)
        return game.create_object(game.world.ents[card][Card].defn, ctx.controller, "exile", token=True)
