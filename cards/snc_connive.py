"""Streets of New Capenna (spec 002): connive (701.50), ward (702.21), "whenever you attack",
alliance (207.2c), reflexive triggers (603.12), doubling power (701.10d)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components import Attacking
from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.connive import Connive
from mtg_ecs.systems.double import DoublePower
from mtg_ecs.systems.movement import POWER_OF, SOURCE, PutOntoBattlefield
from mtg_ecs.systems.targeting import target, creature

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
    return g.chars(t).controller != tc.controller


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
