"""Cards of the Magic 2011 FAQ (spec 004-m11-faq-jp), with today's Oracle text, plus the
members of the cycles the FAQ describes (tap-lands, lucky charms)."""
from __future__ import annotations

from cards import card
from cards.dsl import (SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility,
                       parse_activation_cost)
from ecs.mana import IDX
from systems import effects as fx
from systems import statics as st
from systems import triggers as tr
from systems.movement import PutOntoBattlefield
from systems.replacement import EntersTappedUnless
from systems.start import BEGIN_ON_BATTLEFIELD
from systems.targeting import target, any_target, creature

_ALL_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")


def _spell(*effects, targets=(), **kw):
    return SpellAbility(effects=tuple(effects), targets=tuple(targets), **kw)


def _act(cost, *effects, targets=(), timing="instant", text=""):
    return ActivatedAbility(cost=parse_activation_cost(cost), effects=tuple(effects),
                            targets=tuple(targets), timing=timing, text=text or cost)


def _mana(cost, *letters, text=""):
    pools = []
    for L in letters:
        p = [0] * 6
        p[IDX[L]] = 1
        pools.append(tuple(p))
    return ActivatedAbility(cost=parse_activation_cost(cost), mana=tuple(pools), text=text)


def _leyline(name):
    return StaticAbility(rules=(BEGIN_ON_BATTLEFIELD,), zones=("hand",),
                         text=f"If {name} is in your opening hand, you may begin the game with it on the battlefield.")


# --- Leylines (CR 103.6) --------------------------------------------------------------
card("Leyline of Punishment", "{2}{R}{R}", "Enchantment",
     abilities=[_leyline("Leyline of Punishment"),
                StaticAbility(rules=("players_cant_gain_life",), text="Players can't gain life."),
                StaticAbility(rules=("damage_cant_be_prevented",), text="Damage can't be prevented.")])

# --- lucky charms: "Whenever a player casts a <color> spell, you may gain 1 life." -------
for _name, _letter, _word in (("Angel's Feather", "W", "white"), ("Kraken's Eye", "U", "blue"),
                              ("Demon's Horn", "B", "black"), ("Dragon's Claw", "R", "red"),
                              ("Wurm's Tooth", "G", "green")):
    card(_name, "{2}", "Artifact",
         abilities=[TriggeredAbility(tr.PlayerCasts(lambda g, ch, L=_letter: L in ch.colors),
                                     (fx.GainLife(fx.YOU, 1),), optional=True,
                                     text=f"Whenever a player casts a {_word} spell, you may gain 1 life.")])

# --- tap-lands: "This land enters tapped unless you control a <A> or a <B>." -------------
for _name, (_a, _b), (_m1, _m2) in (("Drowned Catacomb", ("Island", "Swamp"), ("U", "B")),
                                    ("Glacial Fortress", ("Plains", "Island"), ("W", "U")),
                                    ("Rootbound Crag", ("Mountain", "Forest"), ("R", "G")),
                                    ("Sunpetal Grove", ("Forest", "Plains"), ("G", "W"))):
    card(_name, None, "Land",
         abilities=[StaticAbility(replacement=(EntersTappedUnless(
                        lambda g, e, p, types=frozenset((_a, _b)): any(
                            g.chars(x).controller == p and (types & set(g.chars(x).subtypes))
                            for x in g.battlefield)),),
                                  zones=_ALL_ZONES,
                                  text=f"This land enters tapped unless you control a {_a} or an {_b}."
                                  if _b[0] in "AEIOU" else
                                  f"This land enters tapped unless you control a {_a} or a {_b}."),
                    _mana("{T}", _m1, _m2, text=f"{{T}}: Add {{{_m1}}} or {{{_m2}}}.")])

# --- creatures -------------------------------------------------------------------------
card("Brindle Boar", "{2}{G}", "Creature — Boar", pt=(2, 2),
     abilities=[_act("Sacrifice this creature", fx.GainLife(fx.YOU, 4),
                     text="Sacrifice Brindle Boar: You gain 4 life.")])

card("Inferno Titan", "{4}{R}{R}", "Creature — Giant", pt=(6, 6),
     abilities=[_act("{R}", fx.ModifyPT(fx.SELF, 1, 0),
                     text="{R}: Inferno Titan gets +1/+0 until end of turn."),
                TriggeredAbility(tr.EntersOrAttacks(), (fx.DealDamage(3, fx.TARGET(0), divided=True),),
                                 targets=(target("one, two, or three targets", "any", min=1, max=3),),
                                 divide=3,
                                 text="Whenever Inferno Titan enters the battlefield or attacks, it deals 3 damage "
                                      "divided as you choose among one, two, or three targets.")])


def _permanent_card_mv3_in_your_graveyard(g, t, tc):
    from components import Card, Owner
    comps = g.world.ents[t]
    defn = comps[Card].defn
    return (comps[Owner].player == tc.controller and defn.is_permanent_card
            and g.chars(t).cost.mana_value <= 3)                    # CR 202.3, 110.4


card("Sun Titan", "{4}{W}{W}", "Creature — Giant", pt=(6, 6), keywords=["vigilance"],
     abilities=[TriggeredAbility(tr.EntersOrAttacks(), (PutOntoBattlefield(fx.TARGET(0)),),
                                 targets=(target("target permanent card with mana value 3 or less from your graveyard",
                                                 "card", zone="graveyard",
                                                 filter=_permanent_card_mv3_in_your_graveyard),),
                                 optional=True,
                                 text="Whenever Sun Titan enters the battlefield or attacks, you may return target "
                                      "permanent card with mana value 3 or less from your graveyard to the battlefield.")])

# --- instants and sorceries ---------------------------------------------------------------
card("Thunder Strike", "{1}{R}", "Instant",
     spell=_spell(fx.ModifyPT(fx.TARGET(0), 2, 0), fx.GrantKeywords(fx.TARGET(0), ["first strike"]),
                  targets=[creature()],
                  text="Target creature gets +2/+0 and gains first strike until end of turn."))

card("Ajani's Pridemate", "{1}{W}", "Creature — Cat Soldier", pt=(2, 2),
     abilities=[TriggeredAbility(tr.YouGainLife(), (fx.AddCounters(fx.SELF, "+1/+1", 1),),
                                 text="Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.")])
