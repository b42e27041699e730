"""Magic 2010 FAQ (spec 001) white and blue cards, with today's Oracle text (oracle-2022.json)."""
from __future__ import annotations

from mtg_ecs.cards import card, register_token
from mtg_ecs.components.definitions import spell, act, TriggeredAbility, StaticAbility, make_card
from mtg_ecs.components import Attacking, Blocking
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.layers import StaticEffect, L_7C
from mtg_ecs.systems.targeting import target, creature, player, subtype_filter


def _black_or_red(g, t, tc):
    return bool({"B", "R"} & g.chars(t).colors)


def _attacking_or_blocking(g, t, tc):
    return g.world.has(t, Attacking) or g.world.has(t, Blocking)


def _blocking(g, t, tc):
    return g.world.has(t, Blocking)


# --- tokens (CR 111) ---------------------------------------------------------------
register_token(make_card("Soldier", None, "Token Creature — Soldier", pt=(1, 1), colors=["white"]))


def _life_total(g, src, ch, allc):
    life = g.players[ch.controller].life
    return life, life


register_token(make_card(
    "Avatar", None, "Token Creature — Avatar", pt=("*", "*"), colors=["white"],
    abilities=[StaticAbility(continuous=(st.cda_pt(_life_total),),
                             zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                             text="This creature's power and toughness are each equal to your life total.")]))

# --- white -------------------------------------------------------------------------
card("Ajani Goldmane", "{2}{W}{W}", "Legendary Planeswalker — Ajani", loyalty=4,
     abilities=[act("+1", fx.GainLife(fx.YOU, 2), timing="sorcery", text="+1: You gain 2 life."),
                act("-1", fx.AddCounters(fx.ALL(fx.YOUR_CREATURES), "+1/+1", 1),
                    fx.GrantKeywords(fx.ALL(fx.YOUR_CREATURES), ["vigilance"]), timing="sorcery",
                    text="−1: Put a +1/+1 counter on each creature you control. "
                         "Those creatures gain vigilance until end of turn."),
                act("-6", fx.CreateTokens("Avatar", 1), timing="sorcery",
                    text="−6: Create a white Avatar creature token. It has \"This creature's power "
                         "and toughness are each equal to your life total.\"")])


def _plains_you_control(g, ce, ch, allc):
    me = allc[ce.source].controller if ce.source in allc else g.chars(ce.source).controller
    pool = allc if ce.source in allc and ce.source in g.battlefield else g.all_chars()
    n = sum(1 for c in pool.values()
            if c.controller == me and "Plains" in c.subtypes and c.eid in g.battlefield)
    if ch.power is not None:
        ch.power += n
        ch.toughness += n


card("Armored Ascension", "{3}{W}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(StaticEffect(L_7C, st.attached_object(), _plains_you_control),
                                          st.grant(st.attached_object(), "flying")),
                              text="Enchanted creature gets +1/+1 for each Plains you control and has flying.")])

card("Baneslayer Angel", "{3}{W}{W}", "Creature — Angel", pt=(5, 5),
     keywords=["flying", "first strike", "lifelink",
               "protection from Demons and from Dragons"])      # 702.16g: two protection abilities

card("Captain of the Watch", "{4}{W}{W}", "Creature — Human Soldier", pt=(3, 3), keywords=["vigilance"],
     abilities=[StaticAbility(continuous=(st.modify_pt(st.other_creatures_you_control("Soldier"), 1, 1),
                                          st.grant(st.other_creatures_you_control("Soldier"), "vigilance")),
                              text="Other Soldier creatures you control get +1/+1 and have vigilance."),
                TriggeredAbility(tr.Enters(), (fx.CreateTokens("Soldier", 3),),
                                 text="When Captain of the Watch enters the battlefield, create three "
                                      "1/1 white Soldier creature tokens.")])

card("Celestial Purge", "{1}{W}", "Instant",
     spell=spell(fx.Exile(fx.TARGET(0)),
                 targets=[target("target black or red permanent", "permanent", filter=_black_or_red)],
                 text="Exile target black or red permanent."))

card("Divine Verdict", "{3}{W}", "Instant",
     spell=spell(fx.Destroy(fx.TARGET(0)),
                 targets=[creature("target attacking or blocking creature", filter=_attacking_or_blocking)],
                 text="Destroy target attacking or blocking creature."))

card("Glorious Charge", "{1}{W}", "Instant",
     spell=spell(fx.ModifyPT(fx.ALL(fx.YOUR_CREATURES), 1, 1),
                 text="Creatures you control get +1/+1 until end of turn."))

card("Indestructibility", "{3}{W}", "Enchantment — Aura", keywords=["enchant permanent"],
     abilities=[StaticAbility(continuous=(st.grant(st.attached_object(), "indestructible"),),
                              text="Enchanted permanent has indestructible.")])

card("Lifelink", "{W}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.grant(st.attached_object(), "lifelink"),),
                              text="Enchanted creature has lifelink.")])

card("Mesa Enchantress", "{1}{W}{W}", "Creature — Human Druid", pt=(0, 2),
     abilities=[TriggeredAbility(tr.YouCast(lambda g, ch: "Enchantment" in ch.types),
                                 (fx.MayStep((fx.Draw(fx.YOU, 1),), prompt="draw a card?"),),
                                 text="Whenever you cast an enchantment spell, you may draw a card.")])

card("Righteousness", "{W}", "Instant",
     spell=spell(fx.ModifyPT(fx.TARGET(0), 7, 7),
                 targets=[creature("target blocking creature", filter=_blocking)],
                 text="Target blocking creature gets +7/+7 until end of turn."))

card("Solemn Offering", "{2}{W}", "Sorcery",
     spell=spell(fx.Destroy(fx.TARGET(0)), fx.GainLife(fx.YOU, 4),
                 targets=[target("target artifact or enchantment", "artifact", "enchantment")],
                 text="Destroy target artifact or enchantment. You gain 4 life."))


def _another_creature(g, new, source, controller):
    return new != source and "Creature" in g.chars(new).types


card("Soul Warden", "{W}", "Creature — Human Cleric", pt=(1, 1),
     abilities=[TriggeredAbility(tr.Enters(self_only=False, filter=_another_creature),
                                 (fx.GainLife(fx.YOU, 1),),
                                 text="Whenever another creature enters the battlefield, you gain 1 life.")])

card("Undead Slayer", "{2}{W}", "Creature — Human Cleric", pt=(2, 2),
     abilities=[act("{W}, {T}", fx.Exile(fx.TARGET(0)),
                    targets=[target("target Skeleton, Vampire, or Zombie", "permanent",
                                    filter=lambda g, t, tc: bool({"Skeleton", "Vampire", "Zombie"}
                                                                 & set(g.chars(t).subtypes)))],
                    text="{W}, {T}: Exile target Skeleton, Vampire, or Zombie.")])

# --- red reference cards of the white section ------------------------------------
card("Pyroclasm", "{1}{R}", "Sorcery",
     spell=spell(fx.DealDamageEach(2, players=False), text="Pyroclasm deals 2 damage to each creature."))

# --- blue --------------------------------------------------------------------------
card("Disorient", "{3}{U}", "Instant",
     spell=spell(fx.ModifyPT(fx.TARGET(0), -7, 0), targets=[creature()],
                 text="Target creature gets -7/-0 until end of turn."))

card("Jace Beleren", "{1}{U}{U}", "Legendary Planeswalker — Jace", loyalty=3,
     abilities=[act("+2", fx.Draw(fx.EACH_PLAYER, 1), timing="sorcery", text="+2: Each player draws a card."),
                act("-1", fx.Draw(fx.TARGET(0), 1), targets=[player()], timing="sorcery",
                    text="−1: Target player draws a card."),
                act("-10", fx.Mill(fx.TARGET(0), 20), targets=[player()], timing="sorcery",
                    text="−10: Target player mills twenty cards.")])

card("Jump", "{U}", "Instant",
     spell=spell(fx.GrantKeywords(fx.TARGET(0), ["flying"]), targets=[creature()],
                 text="Target creature gains flying until end of turn."))

card("Merfolk Sovereign", "{1}{U}{U}", "Creature — Merfolk Noble", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.modify_pt(st.other_creatures_you_control("Merfolk"), 1, 1),),
                              text="Other Merfolk creatures you control get +1/+1."),
                act("{T}", fx.AddFlag(fx.TARGET(0), "cant_be_blocked"),
                    targets=[creature("target Merfolk creature", filter=subtype_filter(
                        "Merfolk", lambda g, t, tc: "Merfolk" in g.chars(t).subtypes))],
                    text="{T}: Target Merfolk creature can't be blocked this turn.")])

card("Tome Scour", "{U}", "Sorcery",
     spell=spell(fx.Mill(fx.TARGET(0), 5), targets=[player()],
                 text="Target player mills five cards."))

from mtg_ecs.systems.restrictions import CantThisTurn

card("Silence", "{W}", "Instant",
     spell=spell(CantThisTurn(fx.EACH_OPPONENT, "cast_spells"),
                 text="Your opponents can't cast spells this turn."))

from mtg_ecs.systems.targeted import BecomesTarget

card("Illusionary Servant", "{1}{U}{U}", "Creature — Illusion", pt=(3, 4), keywords=["flying"],
     abilities=[TriggeredAbility(BecomesTarget(), (fx.SacrificeIt(fx.SELF),),
                                 text="When Illusionary Servant becomes the target of a spell or ability, sacrifice it.")])

card("Ice Cage", "{1}{U}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.rule_flag(st.attached_object(), "cant_attack"),
                                          st.rule_flag(st.attached_object(), "cant_block"),
                                          st.rule_flag(st.attached_object(), "cant_activate")),
                              text="Enchanted creature can't attack or block, and its activated abilities can't be activated."),
                TriggeredAbility(BecomesTarget("attached"), (fx.Destroy(fx.SELF),),
                                 text="When enchanted creature becomes the target of a spell or ability, destroy Ice Cage.")])

from mtg_ecs.systems.replacement import PreventDamageFrom, opponent_controls_source, you, you_and_your_creatures

card("Guardian Seraph", "{2}{W}{W}", "Creature — Angel", pt=(3, 4), keywords=["flying"],
     abilities=[StaticAbility(replacement=(PreventDamageFrom(you, opponent_controls_source, 1),),
                              text="If a source an opponent controls would deal damage to you, prevent 1 of that damage.")])

card("Safe Passage", "{2}{W}", "Instant",
     spell=spell(fx.PreventAllDamageThisTurn(you_and_your_creatures),
                 text="Prevent all damage that would be dealt to you and creatures you control this turn."))

from mtg_ecs.systems.copy import CopySpell, EachOtherPlayerCopies


def _instant_or_sorcery_spell(g, t, tc):
    return bool({"Instant", "Sorcery"} & g.chars(t).types)


card("Twincast", "{U}{U}", "Instant",
     spell=spell(CopySpell(fx.TARGET(0)),
                 targets=[target("target instant or sorcery spell", "spell", zone="stack",
                                 filter=_instant_or_sorcery_spell)],
                 text="Copy target instant or sorcery spell. You may choose new targets for the copy."))

card("Hive Mind", "{5}{U}", "Enchantment",
     abilities=[TriggeredAbility(tr.PlayerCasts(lambda g, ch: bool({"Instant", "Sorcery"} & ch.types)),
                                 (EachOtherPlayerCopies(fx.INFO("spell")),),
                                 text="Whenever a player casts an instant or sorcery spell, each other player "
                                      "copies that spell. Each of those players may choose new targets for their copy.")])

from mtg_ecs.systems.copy import EnterAsCopy

card("Clone", "{3}{U}", "Creature — Shapeshifter", pt=(0, 0),
     abilities=[StaticAbility(replacement=(EnterAsCopy(),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="You may have Clone enter the battlefield as a copy of any creature on the battlefield.")])

from mtg_ecs.systems.untap import DoesntUntapNext

card("Sleep", "{2}{U}{U}", "Sorcery",
     spell=spell(fx.Tap(fx.CREATURES_OF(fx.TARGET(0))),
                 DoesntUntapNext(fx.CREATURES_OF(fx.TARGET(0)), player=fx.TARGET(0)),
                 targets=[player()],
                 text="Tap all creatures target player controls. Those creatures don't untap during "
                      "that player's next untap step."))

card("Alluring Siren", "{1}{U}", "Creature — Siren", pt=(1, 1),
     abilities=[act("{T}", fx.AddFlag(fx.TARGET(0), lambda g, ctx: f"must_attack:{ctx.controller}"),
                    targets=[creature("target creature an opponent controls",
                                      filter=lambda g, t, tc: g.is_opponent(tc.controller, g.chars(t).controller))],
                    text="{T}: Target creature an opponent controls attacks you this turn if able.")])


def _black_or_red_of_damaged_player(g, t, tc):
    p = tc.info.get("player")
    return _black_or_red(g, t, tc) and p is not None and g.chars(t).controller == p.index


card("Lightwielder Paladin", "{3}{W}{W}", "Creature — Human Knight", pt=(4, 4), keywords=["first strike"],
     abilities=[TriggeredAbility(tr.DealsCombatDamageToPlayer(),
                                 (fx.MayStep((fx.Exile(fx.TARGET(0)),), prompt="exile it?"),),
                                 targets=(target("target black or red permanent that player controls", "permanent",
                                                 filter=_black_or_red_of_damaged_player),),
                                 text="Whenever Lightwielder Paladin deals combat damage to a player, you may "
                                      "exile target black or red permanent that player controls.")])

from mtg_ecs.systems.redirect import RedirectFromChosenSource
from mtg_ecs.systems.targeting import any_target

card("Harm's Way", "{W}", "Instant",
     spell=spell(RedirectFromChosenSource(fx.TARGET(0), 2), targets=[any_target()],
                 text="The next 2 damage that a source of your choice would deal to you and/or "
                      "permanents you control this turn is dealt to any target instead."))

from mtg_ecs.systems.search import SearchLibrary, NameCard, If, PutOntoBattlefield, Shuffle


def _found_creature_not_named(g, ctx):
    found = ctx.vars.get("found", [])
    if not found or not g.exists(found[0]):
        return False
    ch = g.chars(found[0])
    return "Creature" in ch.types and ch.name != ctx.vars.get("named")


card("Sphinx Ambassador", "{5}{U}{U}", "Creature — Sphinx", pt=(5, 5), keywords=["flying"],
     abilities=[TriggeredAbility(tr.DealsCombatDamageToPlayer(),
                                 (SearchLibrary(fx.INFO("player"), "found"),
                                  NameCard(fx.INFO("player"), "named"),
                                  If(_found_creature_not_named,
                                     (fx.MayStep((PutOntoBattlefield("found"),), prompt="put it onto the battlefield?"),)),
                                  Shuffle(fx.INFO("player"))),
                                 text="Whenever Sphinx Ambassador deals combat damage to a player, search that "
                                      "player's library for a card, then that player chooses a card name. If you "
                                      "searched for a creature card that doesn't have that name, you may put it onto "
                                      "the battlefield under your control. Then that player shuffles.")])

from mtg_ecs.systems.choices import ChooseAsEnters, BASIC_LAND_TYPES, chosen, set_basic_land_type
from mtg_ecs.systems.layers import L_TYPE

card("Convincing Mirage", "{1}{U}", "Enchantment — Aura", keywords=["enchant land"],
     abilities=[StaticAbility(replacement=(ChooseAsEnters("land_type", BASIC_LAND_TYPES,
                                                          "choose a basic land type"),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="As Convincing Mirage enters the battlefield, choose a basic land type."),
                StaticAbility(continuous=(StaticEffect(L_TYPE, st.attached_object(), set_basic_land_type(
                    lambda g, ce: chosen(g, ce.source, "land_type"))),),
                              text="Enchanted land is the chosen type.")])

from mtg_ecs.systems.together import ReturnAllFromGraveyards

card("Open the Vaults", "{4}{W}{W}", "Sorcery",
     spell=spell(ReturnAllFromGraveyards(lambda g, c, ch: bool({"Artifact", "Enchantment"} & ch.types)),
                 text="Return all artifact and enchantment cards from all graveyards to the battlefield "
                      "under their owners' control. (Auras with nothing to enchant remain in graveyards.)"))

from mtg_ecs.systems.replacement import EntersWithCounters
from mtg_ecs.systems.playing import RevealTopMayPlayFree

card("Djinn of Wishes", "{3}{U}{U}", "Creature — Djinn", pt=(4, 4), keywords=["flying"],
     abilities=[StaticAbility(replacement=(EntersWithCounters("wish", 3),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="Djinn of Wishes enters the battlefield with three wish counters on it."),
                act("{2}{U}{U}, Remove a wish counter from ~", RevealTopMayPlayFree(),
                    text="{2}{U}{U}, Remove a wish counter from Djinn of Wishes: Reveal the top card of "
                         "your library. You may play that card without paying its mana cost. If you don't, exile it.")])

from mtg_ecs.systems.cycling import CycleOrDies

card("Jund Sojourners", "{B}{R}{G}", "Creature — Viashino Shaman", pt=(3, 2), keywords=["cycling {2}{R}"],
     abilities=[TriggeredAbility(CycleOrDies(), (fx.DealDamage(1, fx.TARGET(0)),), targets=(any_target(),),
                                 optional=True,
                                 text="When you cycle Jund Sojourners or it dies, you may have it deal 1 damage "
                                      "to any target.")])
