"""Tokens of Streets of New Capenna (spec 002), as the Oracle token data defines
them (`shared/spec/oracle-2022.json` `tokens`; CR 111.4: the effect that creates a token
names its characteristics, these are the ones the set's cards name)."""
from __future__ import annotations

from mtg_ecs.cards import register_token
from mtg_ecs.components.definitions import StaticAbility, TriggeredAbility, act, make_card, mana_ability
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.targeting import any_target

for _name, _types, _pt, _colors, _kw in (
        ("Citizen", "Citizen", (1, 1), ["green", "white"], ()),
        ("Rhino Warrior", "Rhino Warrior", (4, 4), ["green"], ()),
        ("Cat", "Cat", (2, 2), ["green"], ("haste",)),
        ("Dog", "Dog", (3, 1), ["green"], ("vigilance",)),
        ("Angel", "Angel", (3, 3), ["white"], ("flying",)),
        ("Spirit", "Spirit", (2, 2), ["white"], ("flying",)),
        ("Rogue", "Rogue", (2, 2), ["black"], ())):
    register_token(make_card(_name, None, f"Token Creature — {_types}", pt=_pt, colors=_colors,
                             keywords=list(_kw)))

register_token(make_card(
    "Fish", None, "Token Creature — Fish", pt=(1, 1), colors=["blue"],
    abilities=[StaticAbility(continuous=(st.rule_flag(st.this_object(), "cant_be_blocked"),),
                             text="This creature can't be blocked.")]))

register_token(make_card(
    "Devil", None, "Token Creature — Devil", pt=(1, 1), colors=["red"],
    abilities=[TriggeredAbility(tr.Dies(), (fx.DealDamage(1, fx.TARGET(0)),), targets=(any_target(),),
                                text="When this creature dies, it deals 1 damage to any target.")]))

# --- artifact tokens (CR 111.10: predefined tokens) --------------------------------------
register_token(make_card(
    "Treasure", None, "Token Artifact — Treasure",
    abilities=[mana_ability("{T}, Sacrifice this artifact", "W", "U", "B", "R", "G",
                            text="{T}, Sacrifice this artifact: Add one mana of any color.")]))
register_token(make_card(
    "Food", None, "Token Artifact — Food",
    abilities=[act("{2}, {T}, Sacrifice this artifact", fx.GainLife(fx.YOU, 3),
                   text="{2}, {T}, Sacrifice this artifact: You gain 3 life.")]))
register_token(make_card(
    "Clue", None, "Token Artifact — Clue",
    abilities=[act("{2}, Sacrifice this artifact", fx.Draw(fx.YOU, 1),
                   text="{2}, Sacrifice this artifact: Draw a card.")]))
