"""Streets of New Capenna (spec 002), with today's Oracle text: the cards that count mana
values among cards in a graveyard (§6.1; systems/graveyard_values.py), change their own
costs (601.2f) or look at what happened this turn, and the black, red and multicolored
cards that stand on them."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import SpellAbility, StaticAbility, TriggeredAbility, act, spell
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import graveyard_values as gv
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.library import LookMayPutIntoGraveyard, OwnerPutsOnTopOrBottom, Scry, SearchRelative, Shuffle
from mtg_ecs.systems.search import If, PutOntoBattlefield
from mtg_ecs.systems.excess import DealDamageNotingExcess
from mtg_ecs.systems.movement import PutOntoBattlefield as PutCardsOntoBattlefield
from mtg_ecs.systems.once_each_turn import MarkDone, not_done_this_turn
from mtg_ecs.systems.targeting import any_target, creature, opponent, target

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


def _minus_mana_values(g, ctx):
    """-X, X the number of different mana values among cards in your graveyard as the
    ability resolves (608.2h)."""
    return -gv.count(g, ctx.controller)


card("All-Seeing Arbiter", "{4}{U}{U}", "Creature — Avatar", pt=(5, 4),
     keywords=["flying"],
     abilities=[TriggeredAbility(tr.EntersOrAttacks(), (fx.Draw(fx.YOU, 2), fx.Discard(fx.YOU, 1)),
                                 text="Whenever All-Seeing Arbiter enters the battlefield or attacks, "
                                      "draw two cards, then discard a card."),
                TriggeredAbility(tr.YouDiscard(),
                                 (fx.ModifyPT(fx.TARGET(0), _minus_mana_values, 0,
                                              duration="until_your_next_turn"),),
                                 targets=(creature("target creature an opponent controls",
                                                   filter=lambda g, t, tc: g.is_opponent(tc.controller, g.chars(t).controller)),),
                                 text="Whenever you discard a card, target creature an opponent controls "
                                      "gets -X/-0 until your next turn, where X is the number of different "
                                      "mana values among cards in your graveyard.")])

card("Sanguine Spy", "{2}{B}", "Creature — Vampire Rogue", pt=(2, 3),
     keywords=["menace", "lifelink"],
     abilities=[act("{1}, Sacrifice another creature", LookMayPutIntoGraveyard(),
                    sac={"creature": lambda g, e, p: "Creature" in g.chars(e).types},
                    text="{1}, Sacrifice another creature: Look at the top card of your library. "
                         "You may put that card into your graveyard."),
                # 603.4: the condition is checked as it triggers and again as it resolves
                TriggeredAbility(tr.AtBeginningOf("end"), (fx.MayPayLife(2, (fx.Draw(fx.YOU, 1),)),),
                                 intervening_if=gv.intervening_if,
                                 text="At the beginning of your end step, if there are five or more "
                                      "mana values among cards in your graveyard, you may pay 2 life. "
                                      "If you do, draw a card.")])


def _life_difference(g, player):
    """'If your life total is less than your starting life total, ... {X} less, where X is
    the difference' (103.4, 601.2f)."""
    return max(0, g.starting_life - g.players[player].life)


card("Shadow of Mortality", "{13}{B}{B}", "Creature — Avatar", pt=(7, 7),
     cost_reduction=_life_difference,
     text="If your life total is less than your starting life total, this spell costs {X} less "
          "to cast, where X is the difference.")

card("Daring Escape", "{R}", "Instant",
     spell=spell(fx.ModifyPT(fx.TARGET(0), 1, 0), fx.GrantKeywords(fx.TARGET(0), ["first strike"]),
                 Scry(1), targets=[creature()],
                 text="Target creature gets +1/+0 and gains first strike until end of turn. Scry 1."))

card("Extract the Truth", "{1}{B}", "Sorcery",
     spell=SpellAbility(modes=(
         ("Target opponent reveals their hand. You may choose a creature, enchantment, or "
          "planeswalker card from it. That player discards that card.", (opponent(),),
          (fx.RevealHandChooseDiscard(fx.TARGET(0),
                                      lambda ch: bool({"Creature", "Enchantment", "Planeswalker"} & ch.types)),)),
         ("Target opponent sacrifices an enchantment.", (opponent(),),
          (fx.Sacrifice(fx.TARGET(0), 1, filter=lambda g, e, ch: "Enchantment" in ch.types),))),
         text="Choose one —\n• Target opponent reveals their hand. You may choose a creature, enchantment, "
              "or planeswalker card from it. That player discards that card.\n"
              "• Target opponent sacrifices an enchantment."))


def _no_devil_token(g, source, controller, info):
    """'if you don't control a Devil token' (603.4: on triggering and on resolution)."""
    return not any(g.chars(e).token and "Devil" in g.chars(e).subtypes and g.chars(e).controller == controller
                   for e in g.battlefield)


card("Maestros Diabolist", "{U}{B}{R}", "Creature — Vampire Warrior", pt=(1, 4),
     keywords=["deathtouch", "haste"],
     abilities=[TriggeredAbility(tr.Attacks(), (fx.CreateTokensAttacking("Devil", 1),),
                                 intervening_if=_no_devil_token,
                                 text="Whenever Maestros Diabolist attacks, if you don't control a Devil token, "
                                      "create a tapped and attacking 1/1 red Devil creature token with \"When "
                                      "this creature dies, it deals 1 damage to any target.\"")])

# 603.12: the reflexive ability's target is chosen once the creature was sacrificed; the
# damage is that creature's power as it last existed on the battlefield (608.2h)
_ZIATORA_DAMAGE = TriggeredAbility(
    None, (fx.DealDamage(lambda g, ctx: ctx.info["sacrificed_power"], fx.TARGET(0)),
           fx.CreateTokens("Treasure", 3)),
    targets=(any_target(),),
    text="When you do, Ziatora, the Incinerator deals damage equal to that creature's power to any "
         "target and you create three Treasure tokens.")

card("Ziatora, the Incinerator", "{3}{B}{R}{G}", "Legendary Creature — Demon Dragon", pt=(6, 6),
     keywords=["flying"],
     abilities=[TriggeredAbility(
         tr.AtBeginningOf("end"),
         (fx.YouMaySacrifice(lambda g, e, ch, ctx: "Creature" in ch.types and e != ctx.source,
                             prompt="sacrifice another creature?"),
          fx.Reflexive(_ZIATORA_DAMAGE, lambda g, ctx: "sacrificed" in ctx.info)),
         text="At the beginning of your end step, you may sacrifice another creature. When you do, "
              "Ziatora, the Incinerator deals damage equal to that creature's power to any target "
              "and you create three Treasure tokens.")])


def _control_creatures(n):
    """'as long as you control N or more creatures' (611.3a: checked continuously)."""
    def cond(g, src, allc):
        me = allc[src].controller if src in allc else g.chars(src).controller
        return sum(1 for ch in allc.values() if ch.controller == me and "Creature" in ch.types) >= n
    return cond


def _jetmir(n, keyword, text):
    cond = _control_creatures(n)
    return StaticAbility(continuous=(st.modify_pt(st.creatures_you_control(), 1, 0, condition=cond),
                                     st.grant(st.creatures_you_control(), keyword, condition=cond)),
                         text=text)


card("Jetmir, Nexus of Revels", "{1}{R}{G}{W}", "Legendary Creature — Cat Demon", pt=(5, 4),
     abilities=[_jetmir(3, "vigilance", "Creatures you control get +1/+0 and have vigilance as long as "
                                        "you control three or more creatures."),
                _jetmir(6, "trample", "Creatures you control also get +1/+0 and have trample as long as "
                                      "you control six or more creatures."),
                _jetmir(9, "double strike", "Creatures you control also get +1/+0 and have double strike "
                                            "as long as you control nine or more creatures.")])


def _artifact_or_enchantment_within_excess(g, t, tc):
    ch = g.chars(t)
    return bool({"Artifact", "Enchantment"} & ch.types) and g.is_opponent(tc.controller, ch.controller) \
        and ch.mana_value <= tc.info.get("excess", 0)


# 603.12: a reflexive ability; its target is chosen once the excess damage is known
_UNLEASH_DESTROY = TriggeredAbility(
    None, (fx.Destroy(fx.TARGET(0)),),
    targets=(target("target artifact or enchantment an opponent controls with mana value less than or "
                    "equal to that amount of excess damage", "permanent",
                    filter=_artifact_or_enchantment_within_excess),),
    text="When it deals excess damage this way, destroy target artifact or enchantment an opponent "
         "controls with mana value less than or equal to that amount of excess damage.")

card("Unleash the Inferno", "{1}{B}{R}{G}", "Instant",
     spell=spell(DealDamageNotingExcess(7, fx.TARGET(0)),
                 fx.Reflexive(_UNLEASH_DESTROY, lambda g, ctx: ctx.info.get("excess", 0) > 0),
                 targets=[target("target creature or planeswalker", "creature", "planeswalker")],
                 text="Unleash the Inferno deals 7 damage to target creature or planeswalker. When it deals "
                      "excess damage this way, destroy target artifact or enchantment an opponent controls "
                      "with mana value less than or equal to that amount of excess damage."))


def _nonland(g, t, tc):
    return "Land" not in g.chars(t).types


card("Run Out of Town", "{3}{U}", "Instant",
     spell=spell(OwnerPutsOnTopOrBottom(fx.TARGET(0)),
                 targets=[target("target nonland permanent", "permanent", filter=_nonland)],
                 text="The owner of target nonland permanent puts it on the top or bottom of their library."))


def _spell_nonland_permanent_or_card(g, t, tc):
    """'target spell, nonland permanent, or card in a graveyard' (115.1)."""
    return g.zone_of(t) != "battlefield" or "Land" not in g.chars(t).types


card("Endless Detour", "{G}{W}{U}", "Instant",
     spell=spell(OwnerPutsOnTopOrBottom(fx.TARGET(0)),
                 targets=[target("target spell, nonland permanent, or card in a graveyard",
                                 "spell", "permanent", "card", filter=_spell_nonland_permanent_or_card,
                                 zone=("stack", "battlefield", "graveyard"))],
                 text="The owner of target spell, nonland permanent, or card in a graveyard puts it on the "
                      "top or bottom of their library."))


card("Rocco, Cabaretti Caterer", "{X}{R}{G}{W}", "Legendary Creature — Elf Druid", pt=(3, 1),
     abilities=[TriggeredAbility(
         tr.EntersRememberingCast(),
         (fx.MayStep((SearchRelative(lambda g, c, ch, ctx: "Creature" in ch.types and ch.mana_value <= ctx.info["x"],
                                     then=(PutOntoBattlefield(),)),
                      Shuffle()), prompt="search your library?"),),
         intervening_if=lambda g, source, controller, info: info["cast"],       # 603.4
         text="When Rocco, Cabaretti Caterer enters the battlefield, if you cast it, you may search your "
              "library for a creature card with mana value X or less, put it onto the battlefield, then "
              "shuffle.")])



def _one_more_than_sacrificed(g, c, ch, ctx):
    return "Creature" in ch.types and ch.mana_value == 1 + ctx.info["sacrificed_mana_value"]


card("Vivien on the Hunt", "{4}{G}{G}", "Legendary Planeswalker — Vivien", loyalty=4,
     abilities=[act("+2", fx.YouMaySacrifice(lambda g, e, ch, ctx: "Creature" in ch.types,
                                             prompt="sacrifice a creature?"),
                    If(lambda g, ctx: "sacrificed" in ctx.info,
                       [SearchRelative(_one_more_than_sacrificed, then=(PutOntoBattlefield(),)), Shuffle()]),
                    timing="sorcery",
                    text="+2: You may sacrifice a creature. If you do, search your library for a creature card "
                         "with mana value equal to 1 plus the sacrificed creature's mana value, put it onto the "
                         "battlefield, then shuffle."),
                act("+1", fx.MillRemembering(fx.YOU, 5), fx.PutMilledIntoHand(lambda ch: "Creature" in ch.types),
                    timing="sorcery",
                    text="+1: Mill five cards, then put any number of creature cards milled this way into your hand."),
                act("-1", fx.CreateTokens("Rhino Warrior", 1), timing="sorcery",
                    text="−1: Create a 4/4 green Rhino Warrior creature token.")])



def _lesser_creature_card_in_your_graveyard(g, t, tc):
    ch = g.chars(t)
    return "Creature" in ch.types and g.owner(t) == tc.controller \
        and ch.mana_value < tc.info["sacrificed_mana_value"]


card("Riveteers Ascendancy", "{B}{R}{G}", "Enchantment",
     abilities=[TriggeredAbility(
         tr.YouSacrifice(lambda ch: "Creature" in ch.types),
         (fx.MayStep((MarkDone(), PutCardsOntoBattlefield(fx.TARGET(0), tapped=True)),
                     prompt="return it to the battlefield tapped?"),),
         targets=(target("target creature card with lesser mana value from your graveyard", "card",
                         zone="graveyard", filter=_lesser_creature_card_in_your_graveyard),),
         intervening_if=not_done_this_turn,
         text="Whenever you sacrifice a creature, you may return target creature card with lesser mana "
              "value from your graveyard to the battlefield tapped. Do this only once each turn.")])
