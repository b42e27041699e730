"""Streets of New Capenna (spec 002): the cards that count mana values among cards in a
graveyard (§6.1; systems/graveyard_values.py), with today's Oracle text."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import StaticAbility, TriggeredAbility, spell
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import graveyard_values as gv
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.search import If

_FIVE = "As long as there are five or more mana values among cards in your graveyard, "


def _five_or_more_bonus(name, p, t, *keywords):
    """'As long as there are five or more mana values among cards in your graveyard, ~ gets
    +P/+T [and has <keyword>]' (611.3a: on and off at once, 002 §6.1 #6)."""
    effects = [st.modify_pt(st.this_object(), p, t, condition=gv.static_condition)]
    has = ""
    if keywords:
        effects.append(st.grant(st.this_object(), *keywords, condition=gv.static_condition))
        has = " and has " + " and ".join(keywords)
    return StaticAbility(continuous=tuple(effects), text=f"{_FIVE}{name} gets +{p}/+{t}{has}.")


card("Syndicate Infiltrator", "{2}{U}{B}", "Creature — Vampire Wizard", pt=(3, 3),
     keywords=["flying"],
     abilities=[_five_or_more_bonus("Syndicate Infiltrator", 2, 2)])

card("Snooping Newsie", "{U}{B}", "Creature — Human Rogue", pt=(2, 2),
     abilities=[TriggeredAbility(tr.Enters(), (fx.Mill(fx.YOU, 2),),
                                 text="When Snooping Newsie enters the battlefield, mill two cards."),
                _five_or_more_bonus("Snooping Newsie", 1, 1, "lifelink")])

card("Aven Heartstabber", "{U}{B}", "Creature — Bird Assassin", pt=(1, 1),
     keywords=["flying"],
     abilities=[_five_or_more_bonus("Aven Heartstabber", 2, 2, "deathtouch"),
                TriggeredAbility(tr.Dies(), (fx.Mill(fx.YOU, 2), fx.Draw(fx.YOU, 1)),
                                 text="When Aven Heartstabber dies, mill two cards, then draw a card.")])

card("Tainted Indulgence", "{U}{B}", "Instant",
     spell=spell(fx.Draw(fx.YOU, 2),
                 If(lambda g, ctx: not gv.ctx_condition(g, ctx), [fx.Discard(fx.YOU, 1)]),
                 text="Draw two cards. Then discard a card unless there are five or more mana "
                      "values among cards in your graveyard."))
