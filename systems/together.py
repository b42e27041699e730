"""Simultaneous events (CR 603.2, 603.6a, 603.10a).

Objects that change zones at the same time (Open the Vaults, "put all ... onto the
battlefield") are moved one by one by the engine, but no ability may trigger until
every move is done: a permanent entering at the same time as another creature sees
that creature enter (Soul Warden). `together(game)` collects the events announced
inside it and checks triggers for each afterwards, against the finished state.

    with together(game):
        for card in cards:
            zones.put_onto_battlefield(game, card)
"""
from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def together(game):
    if game.event_batch is not None:   # already inside one event
        yield
        return
    game.event_batch = []
    game.together_before = set(game.battlefield)     # what replacement effects see (614.12)
    try:
        yield
    finally:
        batch, game.event_batch = game.event_batch, None
        game.together_before = None
    from mtg_ecs.systems.triggers import check_triggers
    # the objects that left the battlefield in this event: their leaves-the-battlefield
    # abilities look back at each other (603.10a)
    game.left_together = [(d["old"], d.get("card")) for k, d in batch
                          if k == "zone_change" and d.get("frm") == "battlefield"]
    try:
        for kind, data in batch:
            check_triggers(game, kind, data)
    finally:
        game.left_together = ()


def move_all_together(game, eids, to="battlefield", **kw) -> list:
    """Move several objects to one zone as one event; returns the new entities."""
    from mtg_ecs.systems import zones
    out = []
    with together(game):
        for e in eids:
            if to == "battlefield":
                out.append(zones.put_onto_battlefield(game, e, **kw))
            else:
                out.append(zones.move(game, e, to, **kw))
    return out


# ---------------------------------------------------------------------------
# "Return all <cards> from all graveyards to the battlefield" (Open the Vaults)
# ---------------------------------------------------------------------------
from mtg_ecs.core.decisions import Decision, IllegalAction  # noqa: E402
from mtg_ecs.systems.effects import Step  # noqa: E402


def aura_attach_options(game, aura):
    """What an Aura card put onto the battlefield (not cast) could enchant: objects its
    enchant ability allows that it could legally be attached to (303.4a, 303.4f, 702.16d;
    not targeted: hexproof doesn't matter)."""
    from mtg_ecs.systems.casting import aura_target
    from mtg_ecs.systems.targeting import TargetContext, is_legal
    from mtg_ecs.components import Card
    defn = game.world.ents[aura][Card].defn
    spec = aura_target(defn)
    if spec is None:
        return []
    ach = game.chars(aura)
    out = []
    for e in game.battlefield:
        tc = TargetContext(game.chars(e).controller, aura, ach, False)
        if is_legal(game, spec, e, tc):
            out.append(e)
    return out


class ReturnAllFromGraveyards(Step):
    """'Return all <filter> cards from all graveyards to the battlefield under their owners'
    control.' Each Aura's owner chooses what it will enchant, the active player first,
    then the others in turn order (303.4a, 101.4); an Aura can't enchant something that
    enters with it (it isn't on the battlefield yet) and one with nothing to enchant stays
    in the graveyard; an Aura that can enter must. Then everything enters at once
    (`together`: abilities trigger for all of them afterwards, 603.2)."""

    def __init__(self, filter):
        self.filter = filter            # filter(game, card, chars) -> bool

    def run(self, game, ctx):
        key = ("return_all", id(self))
        st = ctx.vars.get(key)
        if st is None:
            cards = [c for p in game.apnap() for c in game.players[p].graveyard
                     if self.filter(game, c, game.chars(c))]
            auras = [c for c in cards if "Aura" in game.chars(c).subtypes]
            st = ctx.vars[key] = {"cards": cards, "auras": auras, "i": 0, "attach": {}}
        while st["i"] < len(st["auras"]):
            a = st["auras"][st["i"]]
            opts = aura_attach_options(game, a)
            if not opts:
                st["attach"][a] = None              # stays in the graveyard
                st["i"] += 1
                continue
            return Decision("choose", game.owner(a), opts, 1, 1,
                            f"choose what {game.name(a)} will enchant", data={"aura": a})
        with together(game):
            for c in st["cards"]:
                if c in st["attach"] and st["attach"][c] is None:
                    continue
                if game.zone_of(c) != "graveyard":
                    continue
                zones_put(game, c, game.owner(c), st["attach"].get(c))
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("return_all", id(self))]
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction(f"{game.name(decision.data['aura'])} can't enchant that")
        st["attach"][decision.data["aura"]] = a
        st["i"] += 1


def zones_put(game, card, owner, attach_to):
    from mtg_ecs.systems import zones
    zones.put_onto_battlefield(game, card, controller=owner, attach_to=attach_to)
