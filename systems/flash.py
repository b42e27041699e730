"""When a spell may be cast (CR 117.1a, 307.1): an instant, or a card with flash (702.8a),
any time its controller has priority; and 'this spell has flash as long as <condition>'
(`ConditionalFlash`: Graveyard Shift), whose condition is checked once, as the player
would begin to cast it (601.3): what happens while casting — the card leaving the
graveyard for the stack, a card exiled from it to pay for mana (601.2g) — doesn't make
the spell illegal to cast (spec 002 §6.1 #8, Graveyard Shift R1-R2).
"""
from __future__ import annotations

from mtg_ecs.components.definitions import ConditionalFlash


def conditional(ch):
    """The card's 'has flash as long as ...' ability, or None."""
    for a in ch.abilities:
        if isinstance(a, ConditionalFlash):
            return a
    return None


def any_time(game, player: int, ch) -> bool:
    """May `player` cast the card with these characteristics whenever they have priority
    (117.1a: an instant, flash, or the condition of its conditional flash holding now)?"""
    if "Instant" in ch.types or ch.has("flash"):
        return True
    cond = conditional(ch)
    return cond is not None and cond.condition(game, player)
