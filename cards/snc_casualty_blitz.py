"""Streets of New Capenna (spec 002): the casualty and blitz cards, copies of spells and
permanent spells, token copies (systems/casualty.py, systems/blitz.py, systems/copy.py)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components import Attached
from mtg_ecs.components.definitions import Keyword, StaticAbility, TriggeredAbility, act, spell
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.casualty import copy_nonlegendary_loyalty_x
from mtg_ecs.systems.copy import CopySpell
from mtg_ecs.systems.damage import dealt_noncombat_damage_this_turn
from mtg_ecs.systems.library import LookPutOneIntoHand
from mtg_ecs.systems.movement import ReturnFromGraveyardToHand
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

card("Mayhem Patrol", "{1}{R}", "Creature — Devil Warrior", pt=(1, 2),
     keywords=["menace", "blitz {1}{R}"],
     abilities=[TriggeredAbility(tr.Attacks(), (fx.ModifyPT(fx.TARGET(0), 1, 0),), targets=(creature(),),
                                 text="Whenever Mayhem Patrol attacks, target creature gets +1/+0 until "
                                      "end of turn.")])

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
