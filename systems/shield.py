"""Shield counters (CR 122.1c).

One or more shield counters on a permanent make ONE replacement effect, "If this
permanent would be destroyed as the result of an effect, instead remove a shield counter
from it", and ONE prevention effect, "If damage would be dealt to this permanent, prevent
that damage and remove a shield counter from it". They are the counters' effects, not
abilities of the permanent: a permanent that lost all abilities keeps them (002 Rhox
Pummeler R6). A sacrifice (701.17) and a state-based destruction (704.5g-h) are not a
destruction by an effect, and are not replaced (002 Rhox Pummeler R1, R5).

The damage half joins the other prevention effects of a damage event
(`replacement.applicable`: the affected player orders them, 616.1); where damage can't be
prevented (615.12) the counter is still removed and the damage dealt (002 Rhox Pummeler R4).
One damage event removes one counter, however many sources deal damage to the permanent
in it (combat damage: 510.2; `damage.deal` removes the counters after the whole event).
"""
from __future__ import annotations

from mtg_ecs.components import Card, Counters, RegenerationShields
from mtg_ecs.core.decisions import Decision, PlayerRef

SHIELD = "shield"


def anywhere(game) -> bool:
    """Has some object a shield counter? Only objects with counters are looked at (the
    world's index of the Counters component): none, the usual case, answers at once."""
    have = game.world.comps.get(Counters)
    if not have:
        return False
    ents = game.world.ents
    for e in have:          # (a loop, not any(...): a generator is one more call in 3.11)
        if ents[e][Counters].get(SHIELD):
            return True
    return False


def shielded(game, target) -> bool:
    """Is `target` (an entity or a PlayerRef) a permanent with a shield counter on it?"""
    if isinstance(target, PlayerRef):
        return False
    comps = game.world.ents.get(target)
    if comps is None:
        return False
    cnt = comps.get(Counters)
    return cnt is not None and cnt.get(SHIELD) > 0 and target in game.battlefield


def remove_one(game, eid) -> None:
    """'Remove a shield counter from it' (one, however many it has: 002 Rhox Pummeler R3)."""
    from mtg_ecs.systems import zones        # zones imports replacement, which imports this
    zones.remove_counters(game, eid, SHIELD, 1)


def spend(game, eid, spent) -> None:
    """The prevention effect applied to damage to `eid`: its counter is removed now, or,
    inside a damage event (`spent`: the event's record), once after the whole event."""
    if spent is None:
        remove_one(game, eid)
    else:
        spent[eid] = True


class DestructionReplacement:
    """One of the two replacement effects that can save a permanent an effect would
    destroy (its shield counters', 122.1c, or a regeneration shield, 701.19), as its
    controller names it when choosing which applies (616.1): by the permanent."""

    def __init__(self, game, eid, kind):
        self.sid = (kind, eid)
        self.source_card = game.world.ents[eid][Card].card_id


def destruction_order(game, eids, orders, regenerate=True):
    """616.1: a permanent that both its shield counters and a regeneration shield would
    save from destruction: its controller chooses which replacement applies (the other
    stays unused). The next such choice ('replacement', answered into `orders` by
    `replacement.answer_order`: eid -> [sid]), or None when all are made."""
    if not regenerate:
        return None
    ents = game.world.ents
    for e in eids:
        if e in orders or not isinstance(e, int) or e not in ents:
            continue
        s = ents[e].get(RegenerationShields)
        if s is not None and s.count > 0 and shielded(game, e):
            return Decision("replacement", game.chars(e).controller,
                            [DestructionReplacement(game, e, "shield counter"),
                             DestructionReplacement(game, e, "regeneration")], 1, 1,
                            f"which replacement effect saves {game.name(e)} (616.1)", data={"event": e})
    return None


def regeneration_first(orders, eid) -> bool:
    """Did the controller choose the regeneration shield over the shield counters?"""
    return ("regeneration", eid) in orders.get(eid, ())


def replaces_destruction(game, eid) -> bool:
    """122.1c: a permanent with a shield counter that an effect would destroy loses a
    shield counter instead (not a regeneration: it stays untapped and in combat, and
    'can't be regenerated' doesn't stop it: 002 Rhox Pummeler R2). True if it did."""
    if not shielded(game, eid):
        return False
    remove_one(game, eid)
    return True


class ShieldCounterPrevention:
    """The shield counters' prevention effect applying to one damage event (615, 122.1c).
    A player names it by the permanent it is on (616.1)."""
    duration = "static"

    def __init__(self, game, target):
        self.sid = ("shield counter", target)
        self.source_card = game.world.ents[target][Card].card_id
        self.target = target

    def would_prevent(self, amount):
        return amount

    def prevents(self, game, source, target, amount, combat):
        return amount
