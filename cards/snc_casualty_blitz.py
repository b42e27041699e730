"""Streets of New Capenna (spec 002): the casualty and blitz cards, copies of spells and
permanent spells, token copies (systems/casualty.py, systems/blitz.py, systems/copy.py)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components import Attached
from mtg_ecs.components.definitions import (Keyword, StaticAbility, TriggeredAbility, act,
                                            parse_activation_cost, spell)
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.casualty import copy_nonlegendary_loyalty_x
from mtg_ecs.systems.blitz import GainsBlitzPackage
from mtg_ecs.systems.copy import CopySpell, CreateTokenCopy
from mtg_ecs.systems.damage import dealt_noncombat_damage_this_turn
from mtg_ecs.systems.library import LookPutOneIntoHand
from mtg_ecs.systems.movement import POWER_OF, ReturnFromGraveyardToHand
from mtg_ecs.systems.permissions import ExileTopMayPlay
from mtg_ecs.systems.playing import RevealTopMayPlayFree
from mtg_ecs.systems.search import If
from mtg_ecs.systems.targeting import creature, player, target
from mtg_ecs.systems.unless import LoseLifeUnlessDiscards


def _half_their_library(g, ctx):
    """Half the target player's library, rounded down, as it resolves."""
    ps = fx.TARGET(0).resolve(g, ctx)
    return len(g.players[ps[0].index].library) // 2 if ps else 0


def _target_dealt_noncombat_damage(g, ctx):
    ts = fx.TARGET(0).resolve(g, ctx)
    return bool(ts) and dealt_noncombat_damage_this_turn(g, ts[0])


card("A Little Chat", "{1}{U}", "Instant", keywords=["casualty 1"],
     spell=spell(LookPutOneIntoHand(),
                 text="Look at the top two cards of your library. Put one of them into your hand and "
                      "the other on the bottom of your library."))

card("Cut Your Losses", "{4}{U}{U}", "Sorcery", keywords=["casualty 2"],
     spell=spell(fx.Mill(fx.TARGET(0), _half_their_library), targets=[player()],
                 text="Target player mills half their library, rounded down."))

card("Dig Up the Body", "{2}{B}", "Instant", keywords=["casualty 1"],
     spell=spell(fx.Mill(fx.YOU, 2),
                 ReturnFromGraveyardToHand(lambda g, c, ch: "Creature" in ch.types, "creature card"),
                 text="Mill two cards, then you may return a creature card from your graveyard to "
                      "your hand."))

card("Grisly Sigil", "{B}", "Sorcery", keywords=["casualty 1"],
     spell=spell(If(_target_dealt_noncombat_damage,
                    (fx.DealDamage(3, fx.TARGET(0)), fx.GainLife(fx.YOU, 3)),
                    otherwise=(fx.DealDamage(1, fx.TARGET(0)), fx.GainLife(fx.YOU, 1))),
                 targets=[target("target creature or planeswalker", "creature", "planeswalker")],
                 text="Choose target creature or planeswalker. If it was dealt noncombat damage this "
                      "turn, Grisly Sigil deals 3 damage to it and you gain 3 life. Otherwise, Grisly "
                      "Sigil deals 1 damage to it and you gain 1 life."))

card("Cut of the Profits", "{X}{B}{B}", "Sorcery", keywords=["casualty 3"],
     spell=spell(fx.Draw(fx.YOU, "X"), fx.LoseLife(fx.YOU, "X"),
                 text="You draw X cards and you lose X life."))

card("Rob the Archives", "{1}{R}", "Sorcery", keywords=["casualty 1"],
     spell=spell(ExileTopMayPlay(2, "turn"),
                 text="Exile the top two cards of your library. You may play those cards this turn."))

card("Mayhem Patrol", "{1}{R}", "Creature — Devil Warrior", pt=(1, 2),
     keywords=["menace", "blitz {1}{R}"],
     abilities=[TriggeredAbility(tr.Attacks(), (fx.ModifyPT(fx.TARGET(0), 1, 0),), targets=(creature(),),
                                 text="Whenever Mayhem Patrol attacks, target creature gets +1/+0 until "
                                      "end of turn.")])

def _another_creature_you_control(g, t, tc) -> bool:
    return t != tc.source and g.chars(t).controller == tc.controller


card("Jaxis, the Troublemaker", "{3}{R}", "Legendary Creature — Human Warrior", pt=(2, 3),
     keywords=["blitz {1}{R}"],
     abilities=[act("{R}, {T}, Discard a card", CreateTokenCopy(fx.TARGET(0)),
                    GainsBlitzPackage(fx.CHOSEN("created")),
                    targets=[creature("another target creature you control", _another_creature_you_control)],
                    timing="sorcery",
                    text="{R}, {T}, Discard a card: Create a token that's a copy of another target creature you "
                         "control. It gains haste and \"When this creature dies, draw a card.\" Sacrifice it at "
                         "the beginning of the next end step. Activate only as a sorcery.")])


def _two_equipment_attached(g, src, allc):
    """'as long as two or more Equipment are attached to it' (the creature this is attached to)."""
    a = g.world.get(src, Attached)
    return a is not None and sum(
        1 for e in g.battlefield
        if g.world.get(e, Attached) == a and e in allc and "Equipment" in allc[e].subtypes) >= 2


card("Brass Knuckles", "{4}", "Artifact — Equipment", keywords=["equip {1}"],
     abilities=[TriggeredAbility(tr.CastThisSpell(), (CopySpell(fx.INFO("spell")),),
                                 text="When you cast this spell, copy it."),
                StaticAbility(continuous=(st.grant(st.attached_object(), "double strike",
                                                   condition=_two_equipment_attached),),
                              text="Equipped creature has double strike as long as two or more "
                                   "Equipment are attached to it.")])


def _you_control_demon_or_devil(g, ctx):
    return any(g.chars(e).controller == ctx.controller and {"Demon", "Devil"} & set(g.chars(e).subtypes)
               for e in g.battlefield)


card("Ob Nixilis, the Adversary", "{1}{B}{R}", "Legendary Planeswalker — Nixilis", loyalty=3,
     keywords=[Keyword("casualty", "X", "casualty X.")],
     abilities=[copy_nonlegendary_loyalty_x("The copy isn't legendary and has starting loyalty X."),
                act("+1", LoseLifeUnlessDiscards(fx.EACH_OPPONENT, 2),
                    If(_you_control_demon_or_devil, (fx.GainLife(fx.YOU, 2),)),
                    text="+1: Each opponent loses 2 life unless they discard a card. If you control a "
                         "Demon or Devil, you gain 2 life."),
                act("-2", fx.CreateTokens("Devil"),
                    text="−2: Create a 1/1 red Devil creature token with \"When this creature dies, it "
                         "deals 1 damage to any target.\""),
                act("-7", fx.Draw(fx.TARGET(0), 7), fx.LoseLife(fx.TARGET(0), 7), targets=[player()],
                    text="−7: Target player draws seven cards and loses 7 life.")])


def _shares_a_card_type_with_sacrificed(g, e, ch, ctx):
    """'a permanent ... that shares a type with the sacrificed permanent' (a card type): its card
    types as it last existed on the battlefield (608.2h); a copy uses the original's
    (002 Fatal Grudge R2, 707.10)."""
    sac = [g.lki.get(s) for s in ctx.info.get("sacrificed", ())]
    return any(lk is not None and lk.types & ch.types for lk in sac)


card("Fatal Grudge", "{B}{R}", "Sorcery",
     spell=spell(fx.Sacrifice(fx.EACH_OPPONENT, 1, ctx_filter=_shares_a_card_type_with_sacrificed),
                 fx.Draw(fx.YOU, 1),
                 additional_cost=parse_activation_cost(
                     "Sacrifice a nonland permanent",
                     {"a nonland permanent": lambda g, e, p: "Land" not in g.chars(e).types}),
                 text="As an additional cost to cast this spell, sacrifice a nonland permanent. Each "
                      "opponent chooses a permanent they control that shares a type with the "
                      "sacrificed permanent and sacrifices it. Draw a card."))

_CREATURE = {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}

card("Dusk Mangler", "{5}{B}{B}", "Creature — Horror", pt=(5, 4),
     spell=spell(additional_cost_options=(parse_activation_cost("Sacrifice a creature", _CREATURE),
                                          parse_activation_cost("Discard a card"),
                                          parse_activation_cost("Pay 4 life")),
                 text="As an additional cost to cast this spell, sacrifice a creature, discard a card, "
                      "or pay 4 life."),
     abilities=[TriggeredAbility(tr.Enters(),
                                 (fx.Sacrifice(fx.EACH_OPPONENT, 1, lambda g, e, ch: "Creature" in ch.types),
                                  fx.Discard(fx.EACH_OPPONENT, 1),
                                  fx.LoseLife(fx.EACH_OPPONENT, 4)),
                                 text="When Dusk Mangler enters the battlefield, each opponent sacrifices a "
                                      "creature, discards a card, and loses 4 life.")])

card("Corpse Explosion", "{1}{B}{R}", "Sorcery",
     spell=spell(fx.DealDamageEach(POWER_OF(fx.INFO("exiled")), players=False, planeswalkers=True),
                 exile_from_graveyard=lambda g, c, ch: "Creature" in ch.types,
                 text="As an additional cost to cast this spell, exile a creature card from your graveyard. "
                      "Corpse Explosion deals damage equal to the exiled card's power to each creature and "
                      "each planeswalker."))

card("Ziatora's Envoy", "{1}{B}{R}{G}", "Creature — Viashino Warrior", pt=(5, 4),
     keywords=["trample", "blitz {2}{B}{R}{G}"],
     abilities=[TriggeredAbility(
         tr.DealsCombatDamageToPlayer(),
         (RevealTopMayPlayFree(reveal=False, max_mana_value=lambda g, ctx: ctx.info["amount"], otherwise="hand"),),
         text="Whenever Ziatora's Envoy deals combat damage to a player, look at the top card of your library. "
              "You may play a land from the top of your library or cast a spell with mana value less than or "
              "equal to the damage dealt from the top of your library without paying its mana cost. If you "
              "don't, put that card into your hand.")])
