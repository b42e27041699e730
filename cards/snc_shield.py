"""Streets of New Capenna (spec 002-snc-release-notes): shield counters (CR 122.1c),
keyword counters (122.1b) and other counters; white and Brokers cards."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import (ModalTriggeredAbility, SpellAbility, StaticAbility, TriggeredAbility,
                                           act, mana_ability, spell)
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.movement import POWER_OF, DealsDamage
from mtg_ecs.systems.counters import MayRemoveACounter, PutCountersWithChosenKind
from mtg_ecs.systems.animate import BecomesCreature
from mtg_ecs.systems.layers import L_ABILITY, StaticEffect, writes
from mtg_ecs.systems.library import LookPutOntoBattlefield, Scry
from mtg_ecs.systems.replacement import EntersWithCounters, PreventDamageFrom, you
from mtg_ecs.systems import zones
from mtg_ecs.systems.together import together
from mtg_ecs.systems.restrictions import GameRuleThisTurn
from mtg_ecs.systems.shield import SHIELD
from mtg_ecs.systems.targeting import any_target, creature, player, target

_ALL_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")


def _has_shield_counter(g, src, allc) -> bool:
    return g.counters(src).get(SHIELD) > 0


card("Boon of Safety", "{W}", "Instant",
     spell=spell(fx.AddCounters(fx.TARGET(0), SHIELD), Scry(1), targets=[creature()],
                 text="Put a shield counter on target creature. (If that creature would be dealt "
                      "damage or destroyed, remove a shield counter from it instead.)\nScry 1."))

card("Rhox Pummeler", "{5}{G}", "Creature — Rhino Soldier", pt=(6, 3),
     abilities=[StaticAbility(replacement=(EntersWithCounters(SHIELD, 1),), zones=_ALL_ZONES,
                              text="Rhox Pummeler enters the battlefield with a shield counter on it. "
                                   "(If it would be dealt damage or destroyed, remove a shield counter "
                                   "from it instead.)"),
                StaticAbility(continuous=(st.grant(st.this_object(), "trample",
                                                   condition=_has_shield_counter),),
                              text="Rhox Pummeler has trample as long as it has a shield counter on it.")])

card("Call In a Professional", "{2}{R}", "Instant",
     spell=spell(GameRuleThisTurn("players_cant_gain_life"), GameRuleThisTurn("damage_cant_be_prevented"),
                 fx.DealDamage(3, fx.TARGET(0)), targets=[any_target()],
                 text="Players can't gain life this turn. Damage can't be prevented this turn. "
                      "Call In a Professional deals 3 damage to any target. (Shield counters don't "
                      "prevent this damage as they're removed.)"))

_WITNESS = st.attached_object()
card("Witness Protection", "{U}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.set_name(_WITNESS, "Legitimate Businessperson"),
                                          st.set_types(_WITNESS, ("Creature",), ("Citizen",)),
                                          st.set_colors(_WITNESS, "GW"),
                                          st.lose_all_abilities(_WITNESS),
                                          st.set_base_pt(_WITNESS, 1, 1)),
                              text="Enchanted creature loses all abilities and is a green and white Citizen "
                                   "creature with base power and toughness 1/1 named Legitimate Businessperson. "
                                   "(It loses all other colors, card types, creature types, and names.)")])


def _permanent_card_mv_3_or_less(g, c, ch) -> bool:
    return not ({"Instant", "Sorcery"} & ch.types) and ch.mana_value <= 3


card("Elspeth Resplendent", "{3}{W}{W}", "Legendary Planeswalker — Elspeth", loyalty=5,
     abilities=[act("+1", PutCountersWithChosenKind(fx.TARGET(0), ("flying", "first strike", "lifelink", "vigilance"),
                                                    also=("+1/+1",)),
                    targets=[target("up to one target creature", "creature", min=0, max=1)], timing="sorcery",
                    text="+1: Choose up to one target creature. Put a +1/+1 counter and a counter from among "
                         "flying, first strike, lifelink, or vigilance on it."),
                act("-3", LookPutOntoBattlefield(7, _permanent_card_mv_3_or_less, counters={SHIELD: 1}),
                    timing="sorcery",
                    text="−3: Look at the top seven cards of your library. You may put a permanent card with mana "
                         "value 3 or less from among them onto the battlefield with a shield counter on it. Put the "
                         "rest on the bottom of your library in a random order."),
                act("-7", fx.CreateTokens("Angel", 5), timing="sorcery",
                    text="−7: Create five 3/3 white Angel creature tokens with flying.")])


def _creature_or_planeswalker(g, e, ch) -> bool:
    return bool({"Creature", "Planeswalker"} & ch.types)


card("Sanctuary Warden", "{4}{W}{W}", "Creature — Angel Soldier", pt=(5, 5), keywords=["flying"],
     abilities=[StaticAbility(replacement=(EntersWithCounters(SHIELD, 2),), zones=_ALL_ZONES,
                              text="Sanctuary Warden enters the battlefield with two shield counters on it."),
                TriggeredAbility(tr.EntersOrAttacks(),
                                 (MayRemoveACounter(_creature_or_planeswalker,
                                                    then=(fx.Draw(fx.YOU, 1), fx.CreateTokens("Citizen", 1))),),
                                 text="Whenever Sanctuary Warden enters the battlefield or attacks, you may remove "
                                      "a counter from a creature or planeswalker you control. If you do, draw a "
                                      "card and create a 1/1 green and white Citizen creature token.")])


def _other_nonland(g, t, tc) -> bool:
    return t != tc.source and "Land" not in g.chars(t).types


card("Soul of Emancipation", "{4}{G}{W}{U}", "Creature — Avatar", pt=(5, 7),
     abilities=[TriggeredAbility(tr.Enters(), (fx.DestroyTogether(fx.TARGET(0)),
                                               fx.EachControllerCreates(fx.TARGET(0), "Angel")),
                                 targets=(target("up to three other target nonland permanents", "permanent",
                                                 filter=_other_nonland, min=0, max=3),),
                                 text="When Soul of Emancipation enters the battlefield, destroy up to three other "
                                      "target nonland permanents. For each of those permanents, its controller "
                                      "creates a 3/3 white Angel creature token with flying.")])


def _opponent_controls(g, t, tc) -> bool:
    return g.is_opponent(tc.controller, g.chars(t).controller)


def _you_control(g, t, tc) -> bool:
    return g.chars(t).controller == tc.controller


card("Brokers Charm", "{G}{W}{U}", "Instant",
     spell=SpellAbility(modes=(
         ("Target creature you control gets +1/+0 until end of turn. It deals damage equal to its power to "
          "target creature or planeswalker an opponent controls.",
          (target("target creature you control", "creature", filter=_you_control),
           target("target creature or planeswalker an opponent controls", "creature", "planeswalker",
                  filter=_opponent_controls)),
          (fx.ModifyPT(fx.TARGET(0), 1, 0),
           DealsDamage(fx.TARGET(0), POWER_OF(fx.TARGET(0)), fx.TARGET(1)))),
         ("Destroy target enchantment.", (target("target enchantment", "enchantment"),),
          (fx.Destroy(fx.TARGET(0)),)),
         ("Draw two cards.", (), (fx.Draw(fx.YOU, 2),))),
         text="Choose one —\n• Target creature you control gets +1/+0 until end of turn. It deals damage equal "
              "to its power to target creature or planeswalker an opponent controls.\n• Destroy target "
              "enchantment.\n• Draw two cards."))


def _each_of_yours(card_type):
    return fx.ALL(lambda g, e, ch, ctx: card_type in ch.types and ch.controller == ctx.controller)


card("Brokers Ascendancy", "{G}{W}{U}", "Enchantment",
     abilities=[TriggeredAbility(tr.AtBeginningOf("end", "your"),
                                 (fx.AddCounters(_each_of_yours("Creature"), "+1/+1"),
                                  fx.AddCounters(_each_of_yours("Planeswalker"), "loyalty")),
                                 text="At the beginning of your end step, put a +1/+1 counter on each creature "
                                      "you control and a loyalty counter on each planeswalker you control.")])


def _mill_twice_that_many(game, src, target, amount):
    """'... and mill twice that many cards' (701.13: as many as there are, 002 Angel of
    Suffering R1), the cards moving together."""
    p = game.chars(src).controller
    with together(game):
        for c in list(reversed(game.players[p].library))[:2 * amount]:
            zones.move(game, c, "graveyard", cause="mill")


card("Angel of Suffering", "{3}{B}{B}", "Creature — Nightmare Angel", pt=(5, 3), keywords=["flying"],
     abilities=[StaticAbility(replacement=(PreventDamageFrom(you, then=_mill_twice_that_many),),
                              text="If damage would be dealt to you, prevent that damage and mill twice that many "
                                   "cards.")])


card("Majestic Metamorphosis", "{2}{U}", "Instant",
     spell=spell(BecomesCreature(fx.TARGET(0), (4, 4), subtypes=("Angel",), types=("Artifact", "Creature"),
                                 duration="eot"),
                 fx.GrantKeywords(fx.TARGET(0), ["flying"]), fx.Draw(fx.YOU, 1),
                 targets=[target("target artifact or creature", "artifact", "creature")],
                 text="Until end of turn, target artifact or creature becomes a 4/4 Angel artifact creature and "
                      "gains flying.\nDraw a card."))


def _other_creature_you_control(g, t, tc) -> bool:
    return t != tc.source and g.chars(t).controller == tc.controller


card("Ballroom Brawlers", "{3}{W}{W}", "Creature — Human Warrior", pt=(3, 5),
     abilities=[TriggeredAbility(tr.Attacks(),
                                 (fx.GainChosenKeyword(fx.UNION(fx.SELF, fx.TARGET(0)), ("first strike", "lifelink")),),
                                 targets=(target("up to one other target creature you control", "creature",
                                                 filter=_other_creature_you_control, min=0, max=1),),
                                 text="Whenever Ballroom Brawlers attacks, Ballroom Brawlers and up to one other "
                                      "target creature you control both gain your choice of first strike or "
                                      "lifelink until end of turn.")])


class _TheObject(fx.Ref):
    """One object, named when the ability was made (the Aura that grants it)."""

    def __init__(self, eid):
        self.eid = eid

    def resolve(self, game, ctx):
        return [self.eid]


_RANSOM = {}        # the Aura's entity -> the ability it grants (the same object every layer pass)


def _ransom_ability(aura):
    ab = _RANSOM.get(aura)
    if ab is None:
        it = _TheObject(aura)
        ab = _RANSOM[aura] = act("{7}", fx.SacrificeIt(it), fx.Draw(fx.PLAYER_OF(it), 1), timing="sorcery",
                                 text="{7}: Hold for Ransom's controller sacrifices it and draws a card. "
                                      "Activate only as a sorcery.")
    return ab


def _grant_ransom_ability():
    """Layer 6: the enchanted creature has an ability naming this Aura ('Hold for Ransom's
    controller sacrifices it'), activated by the creature's controller (002 Hold for Ransom R1)."""
    @writes("abilities")
    def apply(g, ce, ch, allc):
        ch.abilities = tuple(ch.abilities) + (_ransom_ability(ce.source),)
    return StaticEffect(L_ABILITY, st.attached_object(), apply)


card("Hold for Ransom", "{1}{W}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.rule_flag(st.attached_object(), "cant_attack"),
                                          st.rule_flag(st.attached_object(), "cant_block"),
                                          _grant_ransom_ability()),
                              text="Enchanted creature can't attack or block and has \"{7}: Hold for Ransom's "
                                   "controller sacrifices it and draws a card. Activate only as a sorcery.\"")])


card("Structural Assault", "{3}{R}{R}", "Sorcery",
     spell=spell(fx.DestroyAll(lambda g, e, ch: "Artifact" in ch.types),
                 fx.DealDamageEach(lambda g, ctx: g.artifacts_to_graveyard_turn, players=False),
                 text="Destroy all artifacts, then Structural Assault deals damage to each creature equal to the "
                      "number of artifacts that were put into graveyards from the battlefield this turn."))


_TITAN_TARGETS = (1, 1, 0, 0)
card("Titan of Industry", "{4}{G}{G}{G}", "Creature — Elemental", pt=(7, 7), keywords=["reach", "trample"],
     abilities=[ModalTriggeredAbility(
         tr.Enters(), choose=2,
         modes=(("Destroy target artifact or enchantment.",
                 (target("target artifact or enchantment", "artifact", "enchantment"),),
                 (fx.Destroy(fx.MODE_TARGET(0, _TITAN_TARGETS)),)),
                ("Target player gains 5 life.", (player(),),
                 (fx.GainLife(fx.MODE_TARGET(1, _TITAN_TARGETS), 5),)),
                ("Create a 4/4 green Rhino Warrior creature token.", (), (fx.CreateTokens("Rhino Warrior", 1),)),
                ("Put a shield counter on a creature you control.", (),
                 (fx.ChooseObjects(fx.YOU, lambda g, e, ch, p, ctx: "Creature" in ch.types and ch.controller == p,
                                   (fx.AddCounters(fx.CHOSEN(), SHIELD),),
                                   prompt="choose a creature you control to put a shield counter on"),))),
         text="When Titan of Industry enters the battlefield, choose two —\n• Destroy target artifact or "
              "enchantment.\n• Target player gains 5 life.\n• Create a 4/4 green Rhino Warrior creature "
              "token.\n• Put a shield counter on a creature you control.")])


card("Palliation Accord", "{3}{W}{U}", "Enchantment",
     abilities=[TriggeredAbility(tr.BecomesTapped(lambda g, e, ch, you: "Creature" in ch.types and g.is_opponent(you, ch.controller)),
                                 (fx.AddCounters(fx.SELF, "palliation"),),
                                 text="Whenever a creature an opponent controls becomes tapped, put a palliation "
                                      "counter on Palliation Accord."),
                act("Remove a palliation counter from ~", fx.PreventNextDamageTo(fx.YOU, 1),
                    text="Remove a palliation counter from Palliation Accord: Prevent the next 1 damage that "
                         "would be dealt to you this turn.")])


_CROWBAR = {}       # the Equipment's entity -> the ability it grants


def _crowbar_ability(equipment):
    """'{W}, {T}, Sacrifice Citizen's Crowbar: ...': only a player who controls that
    Equipment can pay the sacrifice (002 Citizen's Crowbar R1)."""
    ab = _CROWBAR.get(equipment)
    if ab is None:
        ab = _CROWBAR[equipment] = act(
            "{W}, {T}, Sacrifice Citizen's Crowbar", fx.Destroy(fx.TARGET(0)),
            targets=[target("target artifact or enchantment", "artifact", "enchantment")],
            sac={"citizen's crowbar": lambda g, e, p, eq=equipment: e == eq},
            text="{W}, {T}, Sacrifice Citizen's Crowbar: Destroy target artifact or enchantment.")
    return ab


def _grant_crowbar_ability():
    @writes("abilities")
    def apply(g, ce, ch, allc):
        ch.abilities = tuple(ch.abilities) + (_crowbar_ability(ce.source),)
    return StaticEffect(L_ABILITY, st.attached_object(), apply)


card("Citizen's Crowbar", "{1}{W}", "Artifact — Equipment", keywords=["equip {2}"],
     abilities=[TriggeredAbility(tr.Enters(), (fx.CreateTokens("Citizen", 1, key="citizen"),
                                               fx.AttachSelfTo(fx.CHOSEN("citizen"))),
                                 text="When Citizen's Crowbar enters the battlefield, create a 1/1 green and white "
                                      "Citizen creature token, then attach Citizen's Crowbar to it."),
                StaticAbility(continuous=(st.modify_pt(st.attached_object(), 1, 1), _grant_crowbar_ability()),
                              text="Equipped creature gets +1/+1 and has \"{W}, {T}, Sacrifice Citizen's Crowbar: "
                                   "Destroy target artifact or enchantment.\"")])


_CREATURE_YOU_CONTROL = {"creature": lambda g, e, p: "Creature" in g.chars(e).types,
                         "creatures": lambda g, e, p: "Creature" in g.chars(e).types}
card("Halo Fountain", "{2}{W}", "Artifact",
     abilities=[act("{W}, {T}, Untap a tapped creature you control", fx.CreateTokens("Citizen", 1),
                    sac=_CREATURE_YOU_CONTROL,
                    text="{W}, {T}, Untap a tapped creature you control: Create a 1/1 green and white Citizen "
                         "creature token."),
                act("{W}{W}, {T}, Untap two tapped creatures you control", fx.Draw(fx.YOU, 1),
                    sac=_CREATURE_YOU_CONTROL,
                    text="{W}{W}, {T}, Untap two tapped creatures you control: Draw a card."),
                act("{W}{W}{W}{W}{W}, {T}, Untap fifteen tapped creatures you control", fx.WinGame(fx.YOU),
                    sac=_CREATURE_YOU_CONTROL,
                    text="{W}{W}{W}{W}{W}, {T}, Untap fifteen tapped creatures you control: You win the game.")])


# named in Halo Fountain's rulings (002 §5)
card("Avacyn's Pilgrim", "{G}", "Creature — Human Monk", pt=(1, 1),
     abilities=[mana_ability("{T}", "W", text="{T}: Add {W}.")])
