"""Cards of the Magic 2011 FAQ (spec 004-m11-faq-jp), with today's Oracle text, plus the
members of the cycles the FAQ describes (tap-lands, lucky charms)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import (spell, act, mana_ability, ActivatedAbility, TriggeredAbility, StaticAbility,
                       parse_activation_cost)
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.playing import CastAnyNumberFree
from mtg_ecs.systems.search import If
from mtg_ecs.systems.library import (Search, PutFoundOneEach, Shuffle, RevealUntilPutOntoBattlefield,
                             EachNamesThenRevealsTop)
from mtg_ecs.components import Attacking
from mtg_ecs.systems.movement import (PutOntoBattlefield, DealsDamage, POWER_OF, SOURCE, ExileAndRemember,
                              ReturnSourceFromGraveyardAttached, RevealAtRandomPlayOrCast,
                              ReturnFromExile, ExileAllCounting, ExileLinked, LinkedExiledToHand)
from mtg_ecs.systems.replacement import (EntersTappedUnless, DoubleDamage, ExileInsteadOfOpponentsGraveyard,
                                 DiscardedByOpponentOntoBattlefield)
from mtg_ecs.systems.restrictions import CantThisTurn
from mtg_ecs.systems.retarget import ChooseNewTargets
from mtg_ecs.systems.start import BEGIN_ON_BATTLEFIELD
from mtg_ecs.systems.targeting import target, any_target, creature, CantBeTargetedBy, NONGREEN
from mtg_ecs.components import Card, Owner
from mtg_ecs.core.decisions import PlayerRef

_ALL_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")


def _greatest_power_you_control(g, ctx):
    """X = the greatest power among creatures you control, as the spell resolves (608.2h)."""
    return max([g.chars(e).power or 0 for e in g.battlefield
                if "Creature" in g.chars(e).types and g.chars(e).controller == ctx.controller] or [0])


def _leyline(name):
    return StaticAbility(rules=(BEGIN_ON_BATTLEFIELD,), zones=("hand",),
                         text=f"If {name} is in your opening hand, you may begin the game with it on the battlefield.")


# --- Leylines (CR 103.6) --------------------------------------------------------------
card("Leyline of Punishment", "{2}{R}{R}", "Enchantment",
     abilities=[_leyline("Leyline of Punishment"),
                StaticAbility(rules=("players_cant_gain_life",), text="Players can't gain life."),
                StaticAbility(rules=("damage_cant_be_prevented",), text="Damage can't be prevented.")])
card("Leyline of the Void", "{2}{B}{B}", "Enchantment",
     abilities=[_leyline("Leyline of the Void"),
                StaticAbility(replacement=(ExileInsteadOfOpponentsGraveyard(),),
                              text="If a card would be put into an opponent's graveyard from anywhere, "
                                   "exile it instead.")])


# --- an Aura that moves on (CR 303.4, 603.10a) ----------------------------------------------
def _opponent_of_chooser(g, t, tc):
    """'target creature one of their opponents controls': 'their' is the player choosing
    (the enchanted creature's controller as it last existed)."""
    return g.is_opponent(tc.info.get("creature_controller"), g.chars(t).controller)


card("Necrotic Plague", "{2}{B}{B}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[StaticAbility(continuous=(st.grant_abilities(st.attached_object(), TriggeredAbility(
                    tr.AtBeginningOf("upkeep", "your"), (fx.SacrificeIt(fx.SELF),),
                    text="At the beginning of your upkeep, sacrifice this creature.")),),
                              text="Enchanted creature has \"At the beginning of your upkeep, sacrifice this "
                                   "creature.\""),
                TriggeredAbility(tr.EnchantedDies(), (ReturnSourceFromGraveyardAttached(fx.TARGET(0)),),
                                 targets=(creature("target creature one of their opponents controls",
                                                   filter=_opponent_of_chooser),),
                                 chooser="creature_controller",
                                 text="When enchanted creature dies, its controller chooses target creature one of "
                                      "their opponents controls. Return Necrotic Plague from its owner's graveyard "
                                      "to the battlefield attached to that creature.")])

# --- casting during a resolution (CR 608.2g) -----------------------------------------------
card("Wild Evocation", "{5}{R}", "Enchantment",
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "each"), (RevealAtRandomPlayOrCast(fx.INFO("active")),),
                                 text="At the beginning of each player's upkeep, that player reveals a card at random "
                                      "from their hand. If it's a land card, the player puts it onto the battlefield. "
                                      "Otherwise, the player casts it without paying its mana cost if able.")])

# --- an alternative cost (CR 118.9) -------------------------------------------------------
_BLACK_CREATURES = {"black creatures": lambda g, e, p: "Creature" in g.chars(e).types and "B" in g.chars(e).colors}
card("Demon of Death's Gate", "{6}{B}{B}{B}", "Creature — Demon", pt=(9, 9), keywords=["flying", "trample"],
     alt_cost=parse_activation_cost("Pay 6 life, Sacrifice three black creatures", _BLACK_CREATURES),
     text="You may pay 6 life and sacrifice three black creatures rather than pay this spell's mana cost.")

# --- discard (CR 701.9) ------------------------------------------------------------------
card("Obstinate Baloth", "{2}{G}{G}", "Creature — Beast", pt=(4, 4),
     abilities=[TriggeredAbility(tr.Enters(), (fx.GainLife(fx.YOU, 4),),
                                 text="When Obstinate Baloth enters, you gain 4 life."),
                StaticAbility(replacement=(DiscardedByOpponentOntoBattlefield(),), zones=("hand",),
                              text="If a spell or ability an opponent controls causes you to discard "
                                   "Obstinate Baloth, put it onto the battlefield instead of putting it "
                                   "into your graveyard.")])


def _red_card_discarded(g, ctx):
    """'If a red card is discarded this way': the card as it was discarded, wherever it went
    (004 Leyline of the Void R3)."""
    return any("R" in ch.colors for ch in ctx.vars.get("discarded", ()))


card("Chandra Ablaze", "{4}{R}{R}", "Legendary Planeswalker — Chandra", loyalty=5,
     abilities=[act("+1", fx.Discard(fx.YOU, 1), If(_red_card_discarded, (fx.DealDamage(4, fx.TARGET(0)),)),
                    timing="sorcery", targets=[any_target()],
                    text="+1: Discard a card. If a red card is discarded this way, Chandra Ablaze deals 4 "
                         "damage to any target."),
                act("-2", fx.Discard(fx.EACH_PLAYER, "hand"), fx.Draw(fx.EACH_PLAYER, 3), timing="sorcery",
                    text="−2: Each player discards their hand, then draws three cards."),
                act("-7", CastAnyNumberFree(lambda g, ch: "R" in ch.colors and bool({"Instant", "Sorcery"} & ch.types)),
                    timing="sorcery",
                    text="−7: Cast any number of red instant and/or sorcery cards from your graveyard without "
                         "paying their mana costs.")])
card("Liliana's Caress", "{1}{B}", "Enchantment",
     abilities=[TriggeredAbility(tr.OpponentDiscards(), (fx.LoseLife(fx.INFO("player"), 2),),
                                 text="Whenever an opponent discards a card, that player loses 2 life.")])

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
                    mana_ability("{T}", _m1, _m2, text=f"{{T}}: Add {{{_m1}}} or {{{_m2}}}.")])

# --- creatures -------------------------------------------------------------------------
card("Brindle Boar", "{2}{G}", "Creature — Boar", pt=(2, 2),
     abilities=[act("Sacrifice this creature", fx.GainLife(fx.YOU, 4),
                    text="Sacrifice Brindle Boar: You gain 4 life.")])

card("Inferno Titan", "{4}{R}{R}", "Creature — Giant", pt=(6, 6),
     abilities=[act("{R}", fx.ModifyPT(fx.SELF, 1, 0),
                    text="{R}: Inferno Titan gets +1/+0 until end of turn."),
                TriggeredAbility(tr.EntersOrAttacks(), (fx.DealDamage(3, fx.TARGET(0), divided=True),),
                                 targets=(target("one, two, or three targets", "any", min=1, max=3),),
                                 divide=3,
                                 text="Whenever Inferno Titan enters the battlefield or attacks, it deals 3 damage "
                                      "divided as you choose among one, two, or three targets.")])


def _permanent_card_mv3_in_your_graveyard(g, t, tc):
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
     spell=spell(fx.ModifyPT(fx.TARGET(0), 2, 0), fx.GrantKeywords(fx.TARGET(0), ["first strike"]),
                 targets=[creature()],
                 text="Target creature gets +2/+0 and gains first strike until end of turn."))

card("Ajani's Pridemate", "{1}{W}", "Creature — Cat Soldier", pt=(2, 2),
     abilities=[TriggeredAbility(tr.YouGainLife(), (fx.AddCounters(fx.SELF, "+1/+1", 1),),
                                 text="Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.")])


def _defending_players_creature(g, t, tc):
    """'target creature defending player controls': the player the creature was attacking
    when the attack trigger triggered, or the controller of the planeswalker it attacked
    (CR 506.2, 508.5); remembered by the trigger, so it holds even if the source left."""
    d = tc.info.get("defender")
    if isinstance(d, PlayerRef):
        defender = d.index
    elif d is not None and g.exists(d):
        defender = g.chars(d).controller
    else:
        return False
    return g.chars(t).controller == defender


card("Cyclops Gladiator", "{1}{R}{R}{R}", "Creature — Cyclops Warrior", pt=(4, 4),
     abilities=[TriggeredAbility(tr.Attacks(),
                                 (DealsDamage(SOURCE, POWER_OF(SOURCE), fx.TARGET(0)),
                                  DealsDamage(fx.TARGET(0), POWER_OF(fx.TARGET(0)), fx.SELF)),
                                 targets=(creature("target creature defending player controls",
                                                   filter=_defending_players_creature),),
                                 optional=True,
                                 text="Whenever Cyclops Gladiator attacks, you may have it deal damage equal to its "
                                      "power to target creature defending player controls. If you do, that creature "
                                      "deals damage equal to its power to Cyclops Gladiator.")])

card("Destructive Force", "{5}{R}{R}", "Sorcery",
     spell=spell(fx.Sacrifice(fx.EACH_PLAYER, 5, lambda g, e, ch: "Land" in ch.types),
                 fx.DealDamageEach(5, players=False),
                 text="Each player sacrifices five lands. Destructive Force deals 5 damage to each creature."))

card("Cultivate", "{2}{G}", "Sorcery",
     spell=spell(Search(lambda g, c, ch: "Basic" in ch.supertypes and "Land" in ch.types, up_to=2,
                        reveal=True, then=(PutFoundOneEach(first=("battlefield", True), second="hand"),)),
                 Shuffle(),
                 text="Search your library for up to two basic land cards, reveal those cards, put one onto "
                      "the battlefield tapped and the other into your hand, then shuffle."))

card("Fling", "{1}{R}", "Instant",
     spell=spell(fx.DealDamage(POWER_OF(fx.INFO("sacrificed")), fx.TARGET(0)), targets=[any_target()],
                 additional_cost=parse_activation_cost("Sacrifice a creature",
                                                       {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}),
                 text="As an additional cost to cast this spell, sacrifice a creature. "
                      "Fling deals damage equal to the sacrificed creature's power to any target."))

card("Jinxed Idol", "{2}", "Artifact",
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"), (fx.DealDamage(2, fx.YOU),),
                                 text="At the beginning of your upkeep, Jinxed Idol deals 2 damage to you."),
                ActivatedAbility(cost=parse_activation_cost("Sacrifice a creature",
                                                            {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}),
                                 effects=(fx.GainControl(fx.SELF, to=fx.TARGET(0)),),
                                 targets=(target("target opponent", "opponent"),),
                                 text="Sacrifice a creature: Target opponent gains control of Jinxed Idol.")])

card("Overwhelming Stampede", "{3}{G}{G}", "Sorcery",
     spell=spell(fx.GrantKeywords(fx.ALL(fx.YOUR_CREATURES), ["trample"]),
                 fx.ModifyPT(fx.ALL(fx.YOUR_CREATURES), _greatest_power_you_control, _greatest_power_you_control),
                 text="Until end of turn, creatures you control gain trample and get +X/+X, where X is the "
                      "greatest power among creatures you control."))

card("Gaea's Revenge", "{5}{G}{G}", "Creature — Elemental", pt=(8, 5), keywords=["haste"],
     abilities=[StaticAbility(rules=("cant_be_countered",), zones=("stack",),
                              text="This spell can't be countered."),
                StaticAbility(rules=(CantBeTargetedBy(NONGREEN),),
                              text="Gaea's Revenge can't be the target of nongreen spells or abilities from nongreen sources.")])

def _attacking(g, t):
    """An attacking creature: declared as an attacker (or put onto the battlefield attacking)
    and not removed from combat (506.4: a creature removed from combat has no `Attacking`)."""
    return g.world.has(t, Attacking)


card("Mystifying Maze", None, "Land",
     abilities=[mana_ability("{T}", "C", text="{T}: Add {C}."),
                act("{4}, {T}", ExileAndRemember(fx.TARGET(0), "exiled"),
                    fx.CreateDelayedTrigger(tr.AtBeginningOf("end", "each"),
                                            TriggeredAbility(None, (ReturnFromExile(fx.INFO("that"), tapped=True),),
                                                             text="return it to the battlefield tapped under its owner's control"),
                                            remember={"that": fx.CHOSEN("exiled")}),
                    targets=[creature("target attacking creature an opponent controls",
                                      filter=lambda g, t, tc: _attacking(g, t) and
                                      g.is_opponent(tc.controller, g.chars(t).controller))],
                    text="{4}, {T}: Exile target attacking creature an opponent controls. At the beginning of the "
                         "next end step, return it to the battlefield tapped under its owner's control.")])

card("Mass Polymorph", "{5}{U}", "Sorcery",
     spell=spell(ExileAllCounting(lambda g, e, ch, ctx: "Creature" in ch.types and ch.controller == ctx.controller),
                 RevealUntilPutOntoBattlefield(lambda g, c, ch: "Creature" in ch.types, lambda g, ctx: ctx.vars["count"]),
                 text="Exile all creatures you control, then reveal cards from the top of your library until you reveal "
                      "that many creature cards. Put all creature cards revealed this way onto the battlefield, then "
                      "shuffle the rest of the revealed cards into your library."))

card("Conundrum Sphinx", "{2}{U}{U}", "Creature — Sphinx", pt=(4, 4), keywords=["flying"],
     abilities=[TriggeredAbility(tr.Attacks(), (EachNamesThenRevealsTop(),),
                                 text="Whenever Conundrum Sphinx attacks, each player chooses a card name. Then each player "
                                      "reveals the top card of their library. If the card a player revealed has the name "
                                      "they chose, that player puts it into their hand. If it doesn't, that player puts "
                                      "it on the bottom of their library.")])

card("Hoarding Dragon", "{3}{R}{R}", "Creature — Dragon", pt=(4, 4), keywords=["flying"],
     abilities=[TriggeredAbility(tr.Enters(),
                                 (Search(lambda g, c, ch: "Artifact" in ch.types, up_to=1, then=(ExileLinked(),)),
                                  Shuffle()),
                                 optional=True,
                                 text="When Hoarding Dragon enters, you may search your library for an artifact card, "
                                      "exile it, then shuffle."),
                TriggeredAbility(tr.Dies(), (LinkedExiledToHand(),), optional=True,
                                 text="When Hoarding Dragon dies, you may put the exiled card into its owner's hand.")])

card("Autumn's Veil", "{G}", "Instant",
     spell=spell(CantThisTurn(fx.YOU, "spells_uncounterable_by_blue_black"),
                 CantThisTurn(fx.YOU, "creatures_untargetable_by_blue_black"),
                 text="Spells you control can't be countered by blue or black spells this turn, and creatures you "
                      "control can't be the targets of blue or black spells this turn."))

card("Chandra's Spitfire", "{2}{R}", "Creature — Elemental", pt=(1, 3), keywords=["flying"],
     abilities=[TriggeredAbility(tr.OpponentDealtNoncombatDamage(), (fx.ModifyPT(fx.SELF, 3, 0),),
                                 text="Whenever an opponent is dealt noncombat damage, Chandra's Spitfire gets +3/+0 "
                                      "until end of turn.")])


def _red_instant_or_sorcery_spell_you_control(g, src, source, source_chars):
    """'a red instant or sorcery spell you control' as the source of the damage (609.7):
    the spell itself, on the stack."""
    return (source_chars is not None and g.exists(source) and g.zone_of(source) == "stack"
            and ({"Instant", "Sorcery"} & source_chars.types) and "R" in source_chars.colors
            and source_chars.controller == g.chars(src).controller)


card("Fire Servant", "{3}{R}{R}", "Creature — Elemental", pt=(4, 3),
     abilities=[StaticAbility(replacement=(DoubleDamage(_red_instant_or_sorcery_spell_you_control),),
                              text="If a red instant or sorcery spell you control would deal damage, it deals "
                                   "double that damage instead.")])

card("Lava Axe", "{4}{R}", "Sorcery",
     spell=spell(fx.DealDamage(5, fx.TARGET(0)),
                 targets=[target("target player or planeswalker", "player", "planeswalker")],
                 text="Lava Axe deals 5 damage to target player or planeswalker."))

card("Soul's Fire", "{2}{R}", "Instant",
     spell=spell(DealsDamage(fx.TARGET(0), POWER_OF(fx.TARGET(0)), fx.TARGET(1)),
                 targets=[target("target creature you control", "creature",
                                 filter=lambda g, t, tc: g.chars(t).controller == tc.controller),
                          any_target()],
                 text="Target creature you control deals damage equal to its power to any target."))

card("Redirect", "{U}{U}", "Instant",
     spell=spell(ChooseNewTargets(fx.TARGET(0)),
                 targets=[target("target spell", "spell", zone="stack")],
                 text="You may choose new targets for target spell."))

_VAMPIRES = {"vampires": lambda g, e, p: "Creature" in g.chars(e).types and "Vampire" in g.chars(e).subtypes}

card("Captivating Vampire", "{1}{B}{B}", "Creature — Vampire", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.modify_pt(st.other_creatures_you_control("Vampire"), 1, 1),),
                              text="Other Vampire creatures you control get +1/+1."),
                ActivatedAbility(cost=parse_activation_cost("Tap five untapped Vampires you control", _VAMPIRES),
                                 effects=(fx.GainControl(fx.TARGET(0)),
                                          fx.BecomesInAddition(fx.TARGET(0), subtypes=("Vampire",))),
                                 targets=(creature(),),
                                 text="Tap five untapped Vampires you control: Gain control of target creature. "
                                      "It becomes a Vampire in addition to its other types.")])


def _fireball_share(g, ctx):
    """X divided evenly, rounded down, among the chosen targets (their number as cast)."""
    n = len(ctx.targets[0]) if ctx.targets else 0
    return ctx.x // n if n else 0


card("Fireball", "{X}{R}", "Sorcery",
     spell=spell(fx.DealDamage(_fireball_share, fx.TARGET(0)),
                 targets=[target("any number of targets", "any", min=1, max=99)],
                 extra_generic=lambda targets: max(0, len(targets[0]) - 1) if targets else 0,
                 text="This spell costs {1} more to cast for each target beyond the first. Fireball deals X "
                      "damage divided evenly, rounded down, among any number of targets."))
