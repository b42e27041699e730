"""Cards of the Magic 2013 Basic Rulebook (spec 000), with today's Oracle text."""
from __future__ import annotations

from mtg_ecs.cards import card, register_token
from mtg_ecs.components.definitions import spell, act, mana_ability, TriggeredAbility, StaticAbility, make_card
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.replacement import InsteadOfGraveyardShuffle, EntersTappedUnless
from mtg_ecs.systems.targeting import target, any_target, creature, player, subtype_filter

RED = lambda g, ch: "R" in ch.colors


_SAC = {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}

# --- tokens (CR 111) -------------------------------------------------------
register_token(make_card("Beast", None, "Token Creature — Beast", pt=(3, 3), colors=["green"]))
register_token(make_card("Wurm", None, "Token Creature — Wurm", pt=(6, 6), colors=["green"]))

# --- vanilla and keyword creatures ----------------------------------------
card("Vastwood Gorger", "{5}{G}", "Creature — Wurm", pt=(5, 6))
card("Kraken Hatchling", "{U}", "Creature — Kraken", pt=(0, 4))
card("Centaur Courser", "{2}{G}", "Creature — Centaur Warrior", pt=(3, 3))
card("Canyon Minotaur", "{3}{R}", "Creature — Minotaur Warrior", pt=(3, 3))
card("Wind Drake", "{2}{U}", "Creature — Drake", pt=(2, 2), keywords=["flying"])
card("Serra Angel", "{3}{W}{W}", "Creature — Angel", pt=(4, 4), keywords=["flying", "vigilance"])
card("Primal Huntbeast", "{3}{G}", "Creature — Beast", pt=(3, 3), keywords=["hexproof"])
card("Deadly Recluse", "{1}{G}", "Creature — Spider", pt=(1, 2), keywords=["reach", "deathtouch"])

# --- creatures with abilities ------------------------------------------------
card("Furnace Whelp", "{2}{R}{R}", "Creature — Dragon", pt=(2, 2), keywords=["flying"],
     abilities=[act("{R}", fx.ModifyPT(fx.SELF, 1, 0),
                    text="{R}: Furnace Whelp gets +1/+0 until end of turn.")])

card("Arbor Elf", "{G}", "Creature — Elf Druid", pt=(1, 1),
     abilities=[act("{T}", fx.Untap(fx.TARGET(0)),
                    targets=[target("target Forest", "permanent", filter=subtype_filter(
                        "Forest", lambda g, t, tc: "Forest" in g.chars(t).subtypes))],
                    text="{T}: Untap target Forest.")])

card("Scroll Thief", "{2}{U}", "Creature — Merfolk Rogue", pt=(1, 3),
     abilities=[TriggeredAbility(tr.DealsCombatDamageToPlayer(), (fx.Draw(fx.YOU, 1),),
                                 text="Whenever Scroll Thief deals combat damage to a player, draw a card.")])


def _no_flying_or_islandwalk(g, src, e, ch, allc):
    return "Creature" in ch.types and not ch.has("flying") and "Island" not in ch.params("landwalk")


card("Stormtide Leviathan", "{5}{U}{U}{U}", "Creature — Leviathan", pt=(8, 8),
     keywords=["islandwalk"],
     abilities=[StaticAbility(continuous=(st.add_subtypes(st.all_lands(), "Island"),),
                              text="All lands are Islands in addition to their other types."),
                StaticAbility(continuous=(st.rule_flag(_no_flying_or_islandwalk, "cant_attack"),),
                              text="Creatures without flying or islandwalk can't attack.")])

card("Intrepid Hero", "{2}{W}", "Creature — Human Soldier", pt=(1, 1),
     abilities=[act("{T}", fx.Destroy(fx.TARGET(0)),
                    targets=[creature("target creature with power 4 or greater",
                                      filter=lambda g, t, tc: (g.chars(t).power or 0) >= 4)],
                    text="{T}: Destroy target creature with power 4 or greater.")])

card("Acidic Slime", "{3}{G}{G}", "Creature — Ooze", pt=(2, 2), keywords=["deathtouch"],
     abilities=[TriggeredAbility(tr.Enters(), (fx.Destroy(fx.TARGET(0)),),
                                 targets=(target("target artifact, enchantment, or land",
                                                 "artifact", "enchantment", "land"),),
                                 text="When Acidic Slime enters, destroy target artifact, enchantment, or land.")])

card("Elvish Visionary", "{1}{G}", "Creature — Elf Shaman", pt=(1, 1),
     abilities=[TriggeredAbility(tr.Enters(), (fx.Draw(fx.YOU, 1),),
                                 text="When Elvish Visionary enters, draw a card.")])

card("Bloodthrone Vampire", "{1}{B}", "Creature — Vampire", pt=(1, 1),
     abilities=[act("Sacrifice a creature", fx.ModifyPT(fx.SELF, 2, 2), sac=_SAC,
                    text="Sacrifice a creature: Bloodthrone Vampire gets +2/+2 until end of turn.")])

card("Rummaging Goblin", "{2}{R}", "Creature — Goblin Rogue", pt=(1, 1),
     abilities=[act("{T}, Discard a card", fx.Draw(fx.YOU, 1), text="{T}, Discard a card: Draw a card.")])

card("Goblin Battle Jester", "{3}{R}", "Creature — Goblin", pt=(2, 2),
     abilities=[TriggeredAbility(tr.YouCast(RED), (fx.AddFlag(fx.TARGET(0), "cant_block"),),
                                 targets=(creature(),),
                                 text="Whenever you cast a red spell, target creature can't block this turn.")])


def _creature_you_control(g, e, ch, p, ctx):
    return "Creature" in ch.types and ch.controller == p


card("Roaring Primadox", "{3}{G}", "Creature — Beast", pt=(4, 4),
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"),
                                 (fx.ChooseObjects(fx.YOU, _creature_you_control,
                                                   (fx.ReturnToHand(fx.CHOSEN()),),
                                                   prompt="return a creature you control"),),
                                 text="At the beginning of your upkeep, return a creature you control to its owner's hand.")])

card("Yeva's Forcemage", "{2}{G}", "Creature — Elf Shaman", pt=(2, 2),
     abilities=[TriggeredAbility(tr.Enters(), (fx.ModifyPT(fx.TARGET(0), 2, 2),),
                                 targets=(creature(),),
                                 text="When Yeva's Forcemage enters, target creature gets +2/+2 until end of turn.")])


def _creatures_you_control_count(g, src, ch, allc):
    me = ch.controller
    pool = allc if src in allc and src in g.battlefield else g.all_chars()
    n = sum(1 for c in pool.values() if "Creature" in c.types and c.controller == me)
    return n, n


card("Crusader of Odric", "{2}{W}", "Creature — Human Soldier", pt=("*", "*"),
     abilities=[StaticAbility(continuous=(st.cda_pt(_creatures_you_control_count),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="Crusader of Odric's power and toughness are each equal to the number of creatures you control.")])

card("Master of the Pearl Trident", "{U}{U}", "Creature — Merfolk", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.modify_pt(st.other_creatures_you_control("Merfolk"), 1, 1),
                                          st.grant(st.other_creatures_you_control("Merfolk"), "islandwalk")),
                              text="Other Merfolk creatures you control get +1/+1 and have islandwalk.")])

card("Crimson Muckwader", "{1}{R}", "Creature — Lizard", pt=(2, 1),
     abilities=[StaticAbility(continuous=(st.modify_pt(st.this_object(), 1, 1,
                                                       condition=st.you_control(lambda ch: "Swamp" in ch.subtypes)),),
                              text="Crimson Muckwader gets +1/+1 as long as you control a Swamp."),
                act("{2}{B}", fx.Regenerate(fx.SELF), text="{2}{B}: Regenerate Crimson Muckwader.")])

card("Darksteel Colossus", "{11}", "Artifact Creature — Golem", pt=(11, 11),
     keywords=["trample", "indestructible"],
     abilities=[StaticAbility(replacement=(InsteadOfGraveyardShuffle(),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="If Darksteel Colossus would be put into a graveyard from anywhere, reveal Darksteel Colossus and shuffle it into its owner's library instead.")])

card("Bloodhunter Bat", "{3}{B}", "Creature — Bat", pt=(2, 2), keywords=["flying"],
     abilities=[TriggeredAbility(tr.Enters(), (fx.LoseLife(fx.TARGET(0), 2), fx.GainLife(fx.YOU, 2)),
                                 targets=(player(),),
                                 text="When Bloodhunter Bat enters, target player loses 2 life and you gain 2 life.")])

# --- instants and sorceries --------------------------------------------------
card("Planar Cleansing", "{3}{W}{W}{W}", "Sorcery",
     spell=spell(fx.DestroyAll(lambda g, e, ch: "Land" not in ch.types), text="Destroy all nonland permanents."))
card("Unsummon", "{U}", "Instant",
     spell=spell(fx.ReturnToHand(fx.TARGET(0)), targets=[creature()],
                 text="Return target creature to its owner's hand."))
card("Searing Spear", "{1}{R}", "Instant",
     spell=spell(fx.DealDamage(3, fx.TARGET(0)), targets=[any_target()],
                 text="Searing Spear deals 3 damage to any target."))
card("Volcanic Geyser", "{X}{R}{R}", "Instant",
     spell=spell(fx.DealDamage("X", fx.TARGET(0)), targets=[any_target()],
                 text="Volcanic Geyser deals X damage to any target."))
card("Essence Scatter", "{1}{U}", "Instant",
     spell=spell(fx.CounterSpell(fx.TARGET(0)),
                 targets=[target("target creature spell", "spell", zone="stack",
                                 filter=lambda g, t, tc: "Creature" in g.chars(t).types)],
                 text="Counter target creature spell."))
card("Erase", "{W}", "Instant",
     spell=spell(fx.Exile(fx.TARGET(0)), targets=[target("target enchantment", "enchantment")],
                 text="Exile target enchantment."))
card("Titanic Growth", "{1}{G}", "Instant",
     spell=spell(fx.ModifyPT(fx.TARGET(0), 4, 4), targets=[creature()],
                 text="Target creature gets +4/+4 until end of turn."))
card("Divination", "{2}{U}", "Sorcery", spell=spell(fx.Draw(fx.YOU, 2), text="Draw two cards."))
card("Earthquake", "{X}{R}", "Sorcery",
     spell=spell(fx.DealDamageEach("X", lambda g, e, ch: not ch.has("flying")),
                 text="Earthquake deals X damage to each creature without flying and each player."))
card("Fog", "{G}", "Instant",
     spell=spell(fx.PreventCombatDamageThisTurn(), text="Prevent all combat damage that would be dealt this turn."))

# --- enchantments, artifacts ---------------------------------------------------
card("Blood Reckoning", "{3}{B}", "Enchantment",
     abilities=[TriggeredAbility(tr.CreatureAttacksYouOrYourPlaneswalker(),
                                 (fx.LoseLife(fx.PLAYER_OF(fx.INFO("attacker")), 1),),
                                 text="Whenever a creature attacks you or a planeswalker you control, that creature's controller loses 1 life.")])
card("Fervor", "{2}{R}", "Enchantment",
     abilities=[StaticAbility(continuous=(st.grant(st.creatures_you_control(), "haste"),),
                              text="Creatures you control have haste.")])
card("Omniscience", "{7}{U}{U}{U}", "Enchantment",
     abilities=[StaticAbility(rules=("cast_from_hand_free",),
                              text="You may cast spells from your hand without paying their mana costs.")])
card("Crippling Blight", "{B}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.modify_pt(st.attached_object(), -1, -1),
                                          st.rule_flag(st.attached_object(), "cant_block")),
                              text="Enchanted creature gets -1/-1 and can't block.")])
card("Mark of the Vampire", "{3}{B}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.modify_pt(st.attached_object(), 2, 2),
                                          st.grant(st.attached_object(), "lifelink")),
                              text="Enchanted creature gets +2/+2 and has lifelink.")])
card("Kitesail", "{2}", "Artifact — Equipment", keywords=["equip {2}"],
     abilities=[StaticAbility(continuous=(st.modify_pt(st.attached_object(), 1, 0),
                                          st.grant(st.attached_object(), "flying")),
                              text="Equipped creature gets +1/+0 and has flying.")])

# --- lands -------------------------------------------------------------------------
card("Dragonskull Summit", None, "Land",
     abilities=[StaticAbility(replacement=(EntersTappedUnless(
                    lambda g, e, p: any(g.chars(x).controller == p and
                                        ({"Swamp", "Mountain"} & set(g.chars(x).subtypes))
                                        for x in g.battlefield)),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="This land enters tapped unless you control a Swamp or a Mountain."),
                mana_ability("{T}", "B", "R", text="{T}: Add {B} or {R}.")])

# --- planeswalkers -------------------------------------------------------------------
card("Garruk, Primal Hunter", "{2}{G}{G}{G}", "Legendary Planeswalker — Garruk", loyalty=3,
     abilities=[act("+1", fx.CreateTokens("Beast", 1), timing="sorcery",
                    text="+1: Create a 3/3 green Beast creature token."),
                act("-3", fx.Draw(fx.YOU, lambda g, ctx: max(
                    [g.chars(e).power or 0 for e in g.creatures(ctx.controller)] or [0])),
                    timing="sorcery",
                    text="−3: Draw cards equal to the greatest power among creatures you control."),
                act("-6", fx.CreateTokens("Wurm", lambda g, ctx: sum(
                    1 for e in g.battlefield if g.chars(e).controller == ctx.controller and
                    "Land" in g.chars(e).types)), timing="sorcery",
                    text="−6: Create a 6/6 green Wurm creature token for each land you control.")])

card("Nicol Bolas, Planeswalker", "{4}{U}{B}{B}{R}", "Legendary Planeswalker — Bolas", loyalty=5,
     abilities=[act("+3", fx.Destroy(fx.TARGET(0)), timing="sorcery",
                    targets=[target("target noncreature permanent", "permanent",
                                    filter=lambda g, t, tc: "Creature" not in g.chars(t).types)],
                    text="+3: Destroy target noncreature permanent."),
                act("-2", fx.GainControl(fx.TARGET(0)), timing="sorcery", targets=[creature()],
                    text="−2: Gain control of target creature."),
                act("-9", fx.DealDamage(7, fx.TARGET(0)),
                    fx.Discard(fx.PLAYER_OF(fx.TARGET(0)), 7),
                    fx.Sacrifice(fx.PLAYER_OF(fx.TARGET(0)), 7),
                    timing="sorcery",
                    targets=[target("target player or planeswalker", "player", "planeswalker")],
                    text="−9: Nicol Bolas, Planeswalker deals 7 damage to target player or planeswalker. "
                         "That player or that planeswalker's controller discards seven cards, then sacrifices seven permanents.")])
