"""Cards of the Magic 2010 FAQ (spec 001), Part 1 and the first card entries: the
combat examples (damage assignment order), lifelink, Selfless Exorcist, and the M10
dual-land example (Stomping Ground). Today's Oracle text. (Kraken's Eye, also among
these entries, is registered with the other lucky charms in cards/m11.py.)"""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import spell, act, StaticAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.entering import PayLifeOrEntersTapped
from mtg_ecs.systems.targeting import any_target, creature, target


def _self_flag(flag, text):
    """A rules effect on this object only (combat requirements and restrictions,
    systems/combat.py)."""
    return StaticAbility(continuous=(st.rule_flag(st.this_object(), flag),), text=text)


# --- vanilla and keyword creatures ------------------------------------------------
card("Craw Wurm", "{4}{G}{G}", "Creature — Wurm", pt=(6, 4))
card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", pt=(2, 1))
card("Enormous Baloth", "{6}{G}", "Creature — Beast", pt=(7, 7))
card("Child of Night", "{1}{B}", "Creature — Vampire", pt=(2, 1), keywords=["lifelink"])
card("Stampeding Rhino", "{4}{G}", "Creature — Rhino", pt=(4, 4), keywords=["trample"])

# --- creatures with abilities ------------------------------------------------------
card("Palace Guard", "{2}{W}", "Creature — Human Soldier", pt=(1, 4),
     abilities=[_self_flag("block_any_number", "Palace Guard can block any number of creatures.")])
card("Wall of Faith", "{3}{W}", "Creature — Wall", pt=(0, 5), keywords=["defender"],
     abilities=[act("{W}", fx.ModifyPT(fx.SELF, 0, 1),
                    text="{W}: Wall of Faith gets +0/+1 until end of turn.")])
card("Berserkers of Blood Ridge", "{4}{R}", "Creature — Human Berserker", pt=(4, 4),
     abilities=[_self_flag("attacks_each_combat",
                           "Berserkers of Blood Ridge attacks each combat if able.")])

card("Selfless Exorcist", "{3}{W}{W}", "Creature — Human Cleric", pt=(3, 4),
     abilities=[act("{T}", fx.ExileThenDealsPower(fx.TARGET(0), fx.SELF),
                    targets=[target("target creature card from a graveyard", "card", zone="graveyard",
                                    filter=lambda g, t, tc: "Creature" in g.chars(t).types)],
                    text="{T}: Exile target creature card from a graveyard. That card deals damage "
                         "equal to its power to Selfless Exorcist.")])

# --- instants ------------------------------------------------------------------------
card("Giant Growth", "{G}", "Instant",
     spell=spell(fx.ModifyPT(fx.TARGET(0), 3, 3), targets=[creature()],
                 text="Target creature gets +3/+3 until end of turn."))
card("Mending Hands", "{W}", "Instant",
     spell=spell(fx.PreventNextDamageTo(fx.TARGET(0), 4), targets=[any_target()],
                 text="Prevent the next 4 damage that would be dealt to any target this turn."))
card("Lightning Bolt", "{R}", "Instant",
     spell=spell(fx.DealDamage(3, fx.TARGET(0)), targets=[any_target()],
                 text="Lightning Bolt deals 3 damage to any target."))

# --- lands -------------------------------------------------------------------------------
card("Stomping Ground", None, "Land — Mountain Forest",
     abilities=[StaticAbility(replacement=(PayLifeOrEntersTapped(2),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="As Stomping Ground enters, you may pay 2 life. "
                                   "If you don't, it enters tapped.")],
     text="({T}: Add {R} or {G}.)")
