"""Streets of New Capenna (spec 002): connive (701.50), ward (702.21), "whenever you attack",
alliance (207.2c), reflexive triggers (603.12), doubling power (701.10d)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components import Attacking, Tapped
from mtg_ecs.components.definitions import StaticAbility, TriggeredAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.connive import Connive
from mtg_ecs.systems.double import DoublePower
from mtg_ecs.systems.hands import YouChooseFromHand
from mtg_ecs.systems.layers import mana_value
from mtg_ecs.systems.opponents_may import OpponentsMayTap
from mtg_ecs.systems.movement import POWER_OF, SOURCE, PutOntoBattlefield
from mtg_ecs.systems.targeting import target, creature, opponent

_CONNIVES = ("(Draw a card, then discard a card. If you discarded a nonland card, put a +1/+1 "
             "counter on this creature.)")
_CONNIVES_THAT = ("(To have a creature connive, draw a card, then discard a card. If you discarded a "
                  "nonland card, put a +1/+1 counter on that creature.)")


def _enters_connives(name):
    return TriggeredAbility(tr.Enters(), (Connive(),),
                            text=f"When {name} enters the battlefield, it connives. {_CONNIVES}")


def _enters_connives_then(name, then, spec, rest):
    """'When ~ enters, it connives. When it connives this way, <then>' (603.12: the reflexive
    ability triggers once it has connived, and its target is chosen only then)."""
    return TriggeredAbility(tr.Enters(), (Connive(), fx.Reflexive(TriggeredAbility(None, (then,), targets=(spec,),
                                                                                    text=rest))),
                            text=f"When {name} enters the battlefield, it connives. When it connives this way, "
                                 f"{rest} {_CONNIVES_THAT}")


def _opponent_controls(g, t, tc):
    return g.is_opponent(tc.controller, g.chars(t).controller)


def _nonland(g, t, tc):
    return "Land" not in g.chars(t).types


card("Echo Inspector", "{3}{U}", "Creature — Bird Rogue", pt=(2, 3), keywords=["flying"],
     abilities=[_enters_connives("Echo Inspector")])

card("Raffine's Silencer", "{2}{B}", "Creature — Human Assassin", pt=(1, 1),
     abilities=[_enters_connives("Raffine's Silencer"),
                # 002 Raffine's Silencer R1: X is its power as it last existed (608.2h)
                TriggeredAbility(tr.Dies(), (fx.ModifyPT(fx.TARGET(0), lambda g, ctx: -POWER_OF(SOURCE)(g, ctx),
                                                         lambda g, ctx: -POWER_OF(SOURCE)(g, ctx)),),
                                 targets=(creature("target creature an opponent controls", _opponent_controls),),
                                 text="When Raffine's Silencer dies, target creature an opponent controls gets "
                                      "-X/-X until end of turn, where X is Raffine's Silencer's power.")])

card("Psychic Pickpocket", "{4}{U}", "Creature — Cephalid Rogue", pt=(3, 2),
     abilities=[_enters_connives_then(
         "Psychic Pickpocket", fx.ReturnToHand(fx.TARGET(0)),
         target("up to one target nonland permanent", "permanent", filter=_nonland, min=0),
         "return up to one target nonland permanent to its owner's hand.")])

card("Obscura Interceptor", "{1}{W}{U}{B}", "Creature — Cephalid Wizard", pt=(3, 1), keywords=["flash", "lifelink"],
     abilities=[_enters_connives_then(
         "Obscura Interceptor", fx.ReturnToHand(fx.TARGET(0)),
         target("up to one target spell", "spell", zone="stack", min=0),
         "return up to one target spell to its owner's hand.")])


def _another_non_rogue_lesser_power(g, t, tc):
    """'another target non-Rogue creature card with equal or lesser power from your graveyard':
    Body Launderer's power as it last existed (002 Body Launderer R1)."""
    ch = g.chars(t)
    return (t != tc.info.get("died") and g.owner(t) == tc.controller and "Creature" in ch.types
            and "Rogue" not in ch.subtypes and (ch.power or 0) <= (tc.source_chars.power or 0))


def _yours(g, old, source, controller):
    return old != source and g.lki[old].controller == controller and "Creature" in g.lki[old].types


card("Body Launderer", "{2}{B}{B}", "Creature — Ogre Rogue", pt=(3, 3), keywords=["deathtouch"],
     abilities=[TriggeredAbility(tr.Dies(self_only=False, filter=_yours, nontoken=True), (Connive(),),
                                 text="Whenever another nontoken creature you control dies, Body Launderer "
                                      "connives."),
                TriggeredAbility(tr.Dies(), (PutOntoBattlefield(fx.TARGET(0)),),
                                 targets=(target("another target non-Rogue creature card with equal or lesser "
                                                 "power from your graveyard", "card", zone="graveyard",
                                                 filter=_another_non_rogue_lesser_power),),
                                 text="When Body Launderer dies, return another target non-Rogue creature card "
                                      "with equal or lesser power from your graveyard to the battlefield.")])

card("Ledger Shredder", "{1}{U}", "Creature — Bird Advisor", pt=(1, 3), keywords=["flying"],
     abilities=[TriggeredAbility(tr.PlayerCastsNthSpell(2), (Connive(),),
                                 text="Whenever a player casts their second spell each turn, Ledger Shredder "
                                      f"connives. {_CONNIVES}")])


# --- "whenever you attack" (508.1, 603.2) ------------------------------------------------
def _attacking(g, t, tc):
    return g.world.get(t, Attacking) is not None


def _attacking_creatures(g, ctx):
    """'the number of attacking creatures', counted as the ability resolves (608.2h)."""
    return sum(1 for e in g.battlefield if g.world.get(e, Attacking) is not None)


def _with_counters(g, attackers):
    return any(g.counters(a).items for a in attackers)


card("Raffine, Scheming Seer", "{W}{U}{B}", "Legendary Creature — Sphinx Demon", pt=(1, 4),
     keywords=["flying", "ward {1}"],
     abilities=[TriggeredAbility(tr.YouAttack(), (Connive(fx.TARGET(0), _attacking_creatures),),
                                 targets=(creature("target attacking creature", _attacking),),
                                 text="Whenever you attack, target attacking creature connives X, where X is the "
                                      "number of attacking creatures. (Draw X cards, then discard X cards. Put a "
                                      "+1/+1 counter on that creature for each nonland card discarded this way.)")])

card("Mr. Orfeo, the Boulder", "{1}{B}{R}{G}", "Legendary Creature — Rhino Warrior", pt=(2, 4),
     abilities=[TriggeredAbility(tr.YouAttack(), (DoublePower(fx.TARGET(0)),), targets=(creature(),),
                                 text="Whenever you attack, double target creature's power until end of turn.")])

card("Metropolis Angel", "{2}{W}{U}", "Creature — Angel Soldier", pt=(3, 1), keywords=["flying"],
     abilities=[TriggeredAbility(tr.YouAttack(_with_counters), (fx.Draw(fx.YOU, 1),),
                                 text="Whenever you attack with one or more creatures with counters on them, "
                                      "draw a card.")])


# --- alliance (207.2c: an ability word, no rules meaning) ---------------------------------
def _another_creature_yours(g, new, source, controller):
    """'Whenever another creature enters the battlefield under your control'."""
    ch = g.chars(new)
    return new != source and "Creature" in ch.types and ch.controller == controller


_ALLIANCE = tr.Enters(self_only=False, filter=_another_creature_yours)

card("Attended Socialite", "{1}{G}", "Creature — Elf Druid", pt=(2, 1),
     abilities=[TriggeredAbility(_ALLIANCE, (fx.ModifyPT(fx.SELF, 1, 1),),
                                 text="Alliance — Whenever another creature enters the battlefield under your "
                                      "control, Attended Socialite gets +1/+1 until end of turn.")])

card("Devilish Valet", "{2}{R}", "Creature — Devil Warrior", pt=(1, 3), keywords=["trample", "haste"],
     abilities=[TriggeredAbility(_ALLIANCE, (DoublePower(fx.SELF),),
                                 text="Alliance — Whenever another creature enters the battlefield under your "
                                      "control, double Devilish Valet's power until end of turn.")])


# --- ward and an intervening 'if' (702.21, 603.4) ------------------------------------------
def _untapped(g, src, controller, info):
    return g.exists(src) and not g.world.has(src, Tapped)


card("Reservoir Kraken", "{2}{U}{U}", "Creature — Kraken", pt=(6, 6), keywords=["trample", "ward {2}"],
     abilities=[TriggeredAbility(tr.AtBeginningOf("beginning_of_combat", "each"),
                                 (OpponentsMayTap((fx.Tap(fx.SELF), fx.CreateTokens("Fish"))),),
                                 intervening_if=_untapped,
                                 text="At the beginning of each combat, if Reservoir Kraken is untapped, any "
                                      "opponent may tap an untapped creature they control. If they do, tap "
                                      "Reservoir Kraken and create a 1/1 blue Fish creature token with \"This "
                                      "creature can't be blocked.\"")])


# --- counters among creatures (002 Backstreet Bruiser R1) -----------------------------------
def _two_counters_among_your_creatures(g, src, allc):
    me = allc[src].controller if src in allc else g.chars(src).controller
    return sum(n for e, ch in allc.items() if ch.controller == me and "Creature" in ch.types
               and e in g.battlefield for _, n in g.counters(e).items) >= 2


card("Backstreet Bruiser", "{1}{U}", "Creature — Cephalid Rogue", pt=(3, 3), keywords=["defender"],
     abilities=[StaticAbility(continuous=(st.rule_flag(st.this_object(), "attacks_despite_defender",
                                                       _two_counters_among_your_creatures),),
                              text="As long as there are two or more counters among creatures you control, "
                                   "Backstreet Bruiser can attack as though it didn't have defender.")])


# --- a mandatory choice from a revealed hand ------------------------------------------------
def _artifact_instant_sorcery(ch):
    return bool({"Artifact", "Instant", "Sorcery"} & ch.types)


card("Nimble Larcenist", "{W}{U}{B}", "Creature — Bird Rogue", pt=(2, 1), keywords=["flying"],
     abilities=[TriggeredAbility(tr.Enters(), (YouChooseFromHand(fx.TARGET(0), _artifact_instant_sorcery,
                                                                 (fx.Exile(fx.CHOSEN()),)),),
                                 targets=(opponent(),),
                                 text="When Nimble Larcenist enters the battlefield, target opponent reveals their "
                                      "hand. You choose an artifact, instant, or sorcery card from it and exile "
                                      "that card.")])


# --- an intervening 'if' on a cast trigger (603.4; 002 Obscura Ascendancy R2) --------------
def _spell_mana_value(g, eid):
    if g.exists(eid):
        return mana_value(g, eid)
    lk = g.lki.get(eid)
    return None if lk is None else lk.mana_value


def _one_plus_soul_counters(g, src, controller, info):
    return _spell_mana_value(g, info["spell"]) == 1 + g.counters(src).get("soul")


def _five_soul_counters(g, src, allc):
    return g.counters(src).get("soul") >= 5


card("Obscura Ascendancy", "{W}{U}{B}", "Enchantment",
     abilities=[TriggeredAbility(tr.YouCast(), (fx.AddCounters(fx.SELF, "soul"), fx.CreateTokens("Spirit")),
                                 intervening_if=_one_plus_soul_counters,
                                 text="Whenever you cast a spell, if its mana value is equal to 1 plus the number "
                                      "of soul counters on Obscura Ascendancy, put a soul counter on Obscura "
                                      "Ascendancy, then create a 2/2 white Spirit creature token with flying."),
                StaticAbility(continuous=(st.modify_pt(st.creatures_you_control("Spirit"), 3, 3,
                                                       _five_soul_counters),),
                              text="As long as there are five or more soul counters on Obscura Ascendancy, "
                                   "Spirits you control get +3/+3.")])
