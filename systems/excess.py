"""Excess damage (CR 120.10; spec 002 §6.10, Unleash the Inferno).

Damage dealt to a creature is excess damage to the extent it is greater than lethal damage,
counting the damage already marked on it (120.6); to a planeswalker, greater than the
loyalty counters on it as the damage is dealt. A permanent that is both has excess damage
only beyond both. Excess damage is never 0: none, and 'when it deals excess damage' doesn't
happen (002 Unleash the Inferno R3).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems.effects import DealDamage, deal_with_choices


def threshold(game, target):
    """The damage a permanent can be dealt before any is excess, as the damage is about to
    be dealt; None for a player or an object that is neither a creature nor a planeswalker."""
    if isinstance(target, PlayerRef) or target not in game.battlefield:
        return None
    ch = game.chars(target)
    limits = []
    if "Creature" in ch.types:
        limits.append(max(0, (ch.toughness or 0) - game.damage_on(target)))     # 120.6
    if "Planeswalker" in ch.types:
        limits.append(game.counters(target).get("loyalty"))
    return max(limits) if limits else None


class DealDamageNotingExcess(DealDamage):
    """'~ deals N damage to <target>' remembering the excess damage dealt (ctx.info['excess'],
    0 if none) for a following 'when it deals excess damage this way'."""

    def deal(self, game, ctx, batch):
        limits = {t: threshold(game, t) for _, _, t, _ in batch}
        dealt = []
        d = deal_with_choices(game, ctx, self, batch, dealt=dealt)
        if d is not None:
            return d
        ctx.info["excess"] = sum(max(0, n - limits[t]) for _, t, n in dealt if limits.get(t) is not None)
        return None
