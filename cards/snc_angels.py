"""Streets of New Capenna (spec 002), with today's Oracle text: Giada, Font of Hope — a
replacement effect on other Angels entering (614.1c: `replacement.OthersEnterWithCounters`)
and mana only Angel spells may use (106.6: `RestrictedManaAbility`)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import RestrictedManaAbility, StaticAbility, parse_activation_cost
from mtg_ecs.systems.replacement import OthersEnterWithCounters


def _angel(game, ch) -> bool:
    """An Angel permanent, or an Angel spell (its characteristics on the stack or where it
    is cast from)."""
    return "Angel" in ch.subtypes


card("Giada, Font of Hope", "{1}{W}", "Legendary Creature — Angel", pt=(2, 2),
     keywords=["flying", "vigilance"],
     abilities=[StaticAbility(replacement=(OthersEnterWithCounters("+1/+1", _angel),),
                              text="Each other Angel you control enters the battlefield with an additional "
                                   "+1/+1 counter on it for each Angel you already control."),
                RestrictedManaAbility(cost=parse_activation_cost("{T}"), mana=((1, 0, 0, 0, 0, 0),), only=_angel,
                                      text="{T}: Add {W}. Spend this mana only to cast an Angel spell.")])
