"""Streets of New Capenna (spec 002), with today's Oracle text: cards with activated
abilities that function in their owner's graveyard (113.6k: 'Exile ~ from your graveyard:
...'; systems/graveyard_abilities.py), what their mana does to costs already locked in
(601.2f-g, spec 002 §6.1 #7-8), and casting spells from a graveyard (601.3:
systems/flash.py, systems/graveyard_casting.py)."""
from __future__ import annotations

from dataclasses import replace

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import (ConditionalFlash, ReducedActivatedAbility, StaticAbility, act,
                                            mana_ability, spell)
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import graveyard_casting as gc
from mtg_ecs.systems import graveyard_values as gv
from mtg_ecs.systems.movement import PutOntoBattlefield
from mtg_ecs.systems.targeting import target

_INITIATE = "{4}{U/R}, Exile Maestros Initiate from your graveyard"
card("Maestros Initiate", "{2}{B}", "Creature — Human Citizen", pt=(3, 1),
     abilities=[replace(act("{4}{U/R}, Exile ~ from your graveyard",
                            fx.Draw(fx.YOU, 2), fx.Discard(fx.YOU, 1),
                            text=f"{_INITIATE}: Draw two cards, then discard a card."),
                        zone="graveyard")])

# (MID; spec 002 §5: the card the Sewer Crocodile and Graveyard Shift rulings exile for mana)
card("Jack-o'-Lantern", "{1}", "Artifact",
     abilities=[act("{1}, {T}, Sacrifice ~", fx.Exile(fx.TARGET(0)), fx.Draw(fx.YOU, 1),
                    targets=[target("up to one target card from a graveyard", "card", zone="graveyard", min=0)],
                    text="{1}, {T}, Sacrifice Jack-o'-Lantern: Exile up to one target card from a "
                         "graveyard. Draw a card."),
                replace(mana_ability("{1}, Exile ~ from your graveyard", "W", "U", "B", "R", "G",
                                     text="{1}, Exile Jack-o'-Lantern from your graveyard: Add one "
                                          "mana of any color."),
                        zone="graveyard")])


def _three_less_with_five_values(game, player, source) -> int:
    """'This ability costs {3} less to activate if there are five or more mana values among
    cards in your graveyard' (read as the total cost is determined: 002 Sewer Crocodile R1)."""
    return 3 if gv.five_or_more(game, player) else 0


_CROCODILE = act("{3}{U}", fx.AddFlag(fx.SELF, "cant_be_blocked"),
                 text="{3}{U}: Sewer Crocodile can't be blocked this turn. This ability costs {3} "
                      "less to activate if there are five or more mana values among cards in your "
                      "graveyard.")
card("Sewer Crocodile", "{5}{U}", "Creature — Crocodile", pt=(4, 6),
     abilities=[ReducedActivatedAbility(**{f: getattr(_CROCODILE, f) for f in _CROCODILE.__dataclass_fields__},
                                        reduction=_three_less_with_five_values)])


def _creature_card_in_your_graveyard(game, t, tc) -> bool:
    return "Creature" in game.chars(t).types and game.owner(t) == tc.controller


card("Graveyard Shift", "{4}{B}", "Sorcery",
     abilities=[ConditionalFlash(condition=gv.five_or_more, zones=("hand", "graveyard", "exile", "library"),
                                 text="This spell has flash as long as there are five or more mana "
                                      "values among cards in your graveyard.")],
     spell=spell(PutOntoBattlefield(fx.TARGET(0)),
                 targets=[target("target creature card from your graveyard", "card", zone="graveyard",
                                 filter=_creature_card_in_your_graveyard)],
                 text="Return target creature card from your graveyard to the battlefield."))


card("Maestros Ascendancy", "{U}{B}{R}", "Enchantment",
     abilities=[StaticAbility(rules=(gc.RULE,), replacement=(gc.ExileIfCastThisWay(),),
                              text="Once during each of your turns, you may cast an instant or sorcery "
                                   "spell from your graveyard by sacrificing a creature in addition to "
                                   "paying its other costs. If a spell cast this way would be put into "
                                   "your graveyard, exile it instead.")])
