"""Hideaway N (CR 702.75, today's wording; spec 002 §2.7).

702.75a: "When this permanent enters, look at the top N cards of your library. Exile one
of them face down and put the rest on the bottom of your library in a random order. The
exiled card gains 'Any player who has controlled the permanent that exiled this card may
look at this card in the exile zone.'" 702.75b: the permanent doesn't enter tapped (older
hideaway lands say so in their own text).

* The keyword is the triggered ability: `keyword_triggers` gives it to any object with
  the keyword (the board index asks), so a test card with `keywords: ["hideaway 5"]`
  hides a card too.
* The random order comes from the game's RNG; nobody chooses it.
* The exiled card is linked to the object that exiled it (607.2a, `movement.link_exiled`):
  a later "play the exiled card" of that object finds it while it is still that face-down
  object (`hidden_card`). It keeps `MayLook`: the players who have controlled the
  permanent (`controller_changed` adds a new controller) — hidden information the
  engine doesn't yet show per player, kept for the players' views.
* "You may play the exiled card without paying its mana cost" happens during the
  resolution (608.2g, `playing.MayPlayFree`): timing is ignored, but a land needs a land
  play left (305.2).
"""
from __future__ import annotations

from functools import lru_cache

from mtg_ecs.components import Card, FaceDown, MayLook
from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.core.decisions import Decision, IllegalAction, StepKey, only
from mtg_ecs.systems import zones
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.library import bottom_in_random_order
from mtg_ecs.systems.movement import link_exiled, linked_exile
from mtg_ecs.systems.playing import MayPlayFree
from mtg_ecs.systems.triggers import Enters


class Hideaway(Step):
    """The hideaway trigger's effect (702.75a)."""

    def __init__(self, n: int):
        self.n = n

    def run(self, game, ctx):
        key = ("hideaway", StepKey(self))
        st = ctx.vars.get(key)
        p = ctx.controller
        if st is None:
            looked = list(reversed(game.players[p].library))[:self.n]   # top first (fewer: all)
            if not looked:
                return None
            st = ctx.vars[key] = {"looked": looked, "chosen": None}
        if st["chosen"] is None:
            opts = st["looked"]
            return Decision("choose", p, list(opts), 1, 1, "exile one of them face down (hideaway)",
                            data=only([opts[0]]) if len(opts) == 1 else {})
        del ctx.vars[key]
        chosen = st["chosen"]
        new = zones.exile(game, chosen)
        if new is not None and game.exists(new) and game.zone_of(new) == "exile":
            hide(game, ctx.source, new, p)
        bottom_in_random_order(game, [c for c in st["looked"] if c != chosen], cause="hideaway")
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("hideaway", StepKey(self))]
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != 1 or chosen[0] not in decision.options:
            raise IllegalAction("choose one of the cards looked at")
        st["chosen"] = chosen[0]


def hide(game, source, card, player) -> None:
    """`card`, in exile, is face down, linked to `source` (607.2a); `player`, who
    controls `source`, may look at it."""
    game.set(card, FaceDown())
    game.set(card, MayLook(frozenset((player,))))
    link_exiled(game, source, [game.world.ents[card][Card].card_id])


@lru_cache(maxsize=None)
def hideaway_trigger(n: int) -> TriggeredAbility:
    return TriggeredAbility(Enters(), effects=(Hideaway(n),), text=f"Hideaway {n}")


def keyword_triggers(keywords) -> list:
    """The triggered abilities keywords stand for (702.75a)."""
    return [hideaway_trigger(k.param) for k in keywords if k.name == "hideaway"]


def hidden_card(game, source):
    """The card `source` exiled face down with hideaway, while it is still that object."""
    for cid in linked_exile(game, source):
        e = game.card_entity.get(cid)
        if e is not None and game.exists(e) and game.zone_of(e) == "exile" \
                and game.world.has(e, FaceDown):
            return e
    return None


def may_look(game, player: int, card: int) -> bool:
    ml = game.world.get(card, MayLook)
    return ml is not None and player in ml.players


def controller_changed(game, eid: int, player: int) -> None:
    """A permanent changed controller: its new controller may look at the cards it
    exiled face down, and those who could still may ("has controlled")."""
    for cid in linked_exile(game, eid):
        e = game.card_entity.get(cid)
        if e is not None and game.exists(e):
            ml = game.world.get(e, MayLook)
            if ml is not None and player not in ml.players:
                game.set(e, MayLook(ml.players | {player}))


class PlayHiddenFree(MayPlayFree):
    """'You may play the exiled card without paying its mana cost' (the card this
    object exiled with hideaway; 608.2g)."""

    def _card(self, game, ctx):
        return hidden_card(game, ctx.source)
