"""Streets of New Capenna (spec 002-snc-release-notes): hideaway, and cards played or cast
from exile or from the top of the library (systems/hideaway.py, systems/permissions.py)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import (ActivatedAbility, SpellAbility, StaticAbility, TriggeredAbility,
                                            act, mana_ability, parse_activation_cost, spell)
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.choices import ChoosePermanentAsEnters, chosen
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.hideaway import PlayHiddenFree
from mtg_ecs.systems.library import Scry, SearchRelative, Shuffle
from mtg_ecs.systems.movement import ExileAndRemember, ExileGraveyard, ExileLinked, linked_exile
from mtg_ecs.systems.playing import CastCopiesFree, MayCastFound
from mtg_ecs.systems.permissions import (LOOK_AT_TOP, CastTopRemovingCounter, ExileTopMayPlay,
                                         GainAbilityUntilCast, MayCastWhileExiled, NextDrawExilesInstead)
from mtg_ecs.systems.replacement import EntersWithCounters
from mtg_ecs.systems.shield import SHIELD
from mtg_ecs.systems.search import If
from mtg_ecs.systems.targeting import creature, opponent, player, target


card("Unlucky Witness", "{R}", "Creature — Human Citizen", pt=(1, 1),
     abilities=[TriggeredAbility(
         tr.Dies(), effects=(ExileTopMayPlay(2, "next_end_step", one=True),),
         text="When Unlucky Witness dies, exile the top two cards of your library. Until your "
              "next end step, you may play one of those cards.")])

card("Urabrask, Heretic Praetor", "{3}{R}{R}", "Legendary Creature — Phyrexian Praetor", pt=(4, 4),
     keywords=["haste"],
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep"), effects=(ExileTopMayPlay(1, "turn"),),
                                 text="At the beginning of your upkeep, exile the top card of your "
                                      "library. You may play it this turn."),
                TriggeredAbility(tr.AtBeginningOf("upkeep", whose="opponent"),
                                 effects=(NextDrawExilesInstead(),),
                                 text="At the beginning of each opponent's upkeep, the next time they "
                                      "would draw a card this turn, instead they exile the top card "
                                      "of their library. They may play it this turn.")])


def _graveyard_at_least(n):
    def cond(game, ctx):
        return len(game.players[ctx.controller].graveyard) >= n
    return cond


card("Cemetery Tampering", "{2}{B}", "Enchantment", keywords=["hideaway 5"],
     abilities=[TriggeredAbility(
         tr.AtBeginningOf("upkeep"),
         effects=(fx.MayStep([fx.Mill(fx.YOU, 3)], prompt="mill three cards?"),
                  If(_graveyard_at_least(20), [PlayHiddenFree()])),
         text="At the beginning of your upkeep, you may mill three cards. Then if there are "
              "twenty or more cards in your graveyard, you may play the exiled card without "
              "paying its mana cost.")])

card("Widespread Thieving", "{2}{R}", "Enchantment", keywords=["hideaway 5"],
     abilities=[TriggeredAbility(
         tr.YouCast(lambda game, ch: len(ch.colors) >= 2),               # multicolored (105.2b)
         effects=(fx.CreateTokens("Treasure"), fx.MayPayMana("{W}{U}{B}{R}{G}", [PlayHiddenFree()])),
         text="Whenever you cast a multicolored spell, create a Treasure token. Then you may pay "
              "{W}{U}{B}{R}{G}. If you do, you may play the exiled card without paying its mana cost.")])


# --- "{2}, Exile ~ from your hand: Target land gains '{T}: Add A, B, or C' until ~ is cast
# from exile. You may cast ~ for as long as it remains exiled." (002 §6.3) ----------------------
def _exile_from_hand(name, a, b, c):
    gained = mana_ability("{T}", a, b, c, text=f"{{T}}: Add {{{a}}}, {{{b}}}, or {{{c}}}.")
    return ActivatedAbility(
        cost=parse_activation_cost("{2}, Exile this card from your hand"),
        effects=(GainAbilityUntilCast(fx.TARGET(0), gained), MayCastWhileExiled()),
        targets=(target("target land", "land"),), zone="hand",
        text=f'{{2}}, Exile {name} from your hand: Target land gains "{{T}}: Add {{{a}}}, {{{b}}}, '
             f'or {{{c}}}" until {name} is cast from exile. You may cast {name} for as long as it '
             f'remains exiled.')


card("Glamorous Outlaw", "{3}{U}{B}{R}", "Creature — Vampire Rogue", pt=(4, 5),
     abilities=[TriggeredAbility(tr.Enters(), effects=(fx.DealDamage(2, fx.EACH_OPPONENT), Scry(2)),
                                 text="When Glamorous Outlaw enters the battlefield, it deals 2 damage "
                                      "to each opponent and you scry 2."),
                _exile_from_hand("Glamorous Outlaw", "U", "B", "R")])
card("Masked Bandits", "{3}{B}{R}{G}", "Creature — Raccoon Rogue", pt=(5, 5),
     keywords=["vigilance", "menace"],
     abilities=[_exile_from_hand("Masked Bandits", "B", "R", "G")])
card("Rakish Revelers", "{2}{R}{G}{W}", "Creature — Elf Druid Rogue", pt=(5, 3),
     abilities=[TriggeredAbility(tr.Enters(), effects=(fx.CreateTokens("Citizen"),),
                                 text="When Rakish Revelers enters the battlefield, create a 1/1 green "
                                      "and white Citizen creature token."),
                _exile_from_hand("Rakish Revelers", "R", "G", "W")])
card("Shattered Seraph", "{4}{W}{U}{B}", "Creature — Angel Rogue", pt=(4, 4), keywords=["flying"],
     abilities=[TriggeredAbility(tr.Enters(), effects=(fx.GainLife(fx.YOU, 3),),
                                 text="When Shattered Seraph enters the battlefield, you gain 3 life."),
                _exile_from_hand("Shattered Seraph", "W", "U", "B")])

card("Spara's Adjudicators", "{2}{G}{W}{U}", "Creature — Cat Citizen", pt=(4, 4),
     abilities=[TriggeredAbility(
         tr.Enters(),
         effects=(fx.AddFlag(fx.TARGET(0), "cant_attack", duration="until_your_next_turn"),
                  fx.AddFlag(fx.TARGET(0), "cant_block", duration="until_your_next_turn")),
         targets=(creature("target creature an opponent controls",
                           filter=lambda g, t, tc: g.is_opponent(tc.controller, g.chars(t).controller)),),
         text="When Spara's Adjudicators enters the battlefield, target creature an opponent "
              "controls can't attack or block until your next turn."),
                _exile_from_hand("Spara's Adjudicators", "G", "W", "U")])


_CREATURE_OR_PW = frozenset(("Creature", "Planeswalker"))


def _highest_mana_value_creature_or_planeswalker(game, e, ch):
    """A creature or planeswalker with the highest mana value among the creatures and
    planeswalkers its controller controls (ties: its controller chooses among them)."""
    if not _CREATURE_OR_PW & ch.types:
        return False
    return ch.mana_value == max(game.chars(x).mana_value for x in game.battlefield
                                if game.chars(x).controller == ch.controller
                                and _CREATURE_OR_PW & game.chars(x).types)


card("Riveteers Charm", "{B}{R}{G}", "Instant", spell=SpellAbility(
    modes=(("Target opponent sacrifices a creature or planeswalker they control with the highest "
            "mana value among creatures and planeswalkers they control.", (opponent(),),
            (fx.Sacrifice(fx.TARGET(0), 1, _highest_mana_value_creature_or_planeswalker),)),
           ("Exile the top three cards of your library. Until your next end step, you may play "
            "those cards.", (), (ExileTopMayPlay(3, "next_end_step"),)),
           ("Exile target player's graveyard.", (player(),), (ExileGraveyard(fx.TARGET(0)),))),
    text="Choose one —\n• Target opponent sacrifices a creature or planeswalker they control with the "
         "highest mana value among creatures and planeswalkers they control.\n• Exile the top three "
         "cards of your library. Until your next end step, you may play those cards.\n• Exile target "
         "player's graveyard."))


# --- Evolving Door ---------------------------------------------------------------------------
def _count_sacrificed_colors(game, ctx):
    """'Count the colors of the sacrificed creature': as it last existed on the battlefield
    (608.2h; 002 Evolving Door R5); the number only is remembered (R1)."""
    sac = ctx.info.get("sacrificed", ())
    lk = game.lki.get(sac[0]) if sac else None
    ctx.vars["colors"] = len(lk.colors) if lk is not None else 0



def _exactly_one_more_color(game, c, ch, ctx):
    """'a creature card that's exactly that many colors plus one' (002 Evolving Door R1-R2)."""
    return "Creature" in ch.types and len(ch.colors) == ctx.vars["colors"] + 1


card("Evolving Door", "{2}{G}", "Artifact",
     abilities=[act("{1}, {T}, Sacrifice a creature",
                    fx.Custom(_count_sacrificed_colors),
                    SearchRelative(_exactly_one_more_color, then=(ExileAndRemember(fx.CHOSEN("found")),)),
                    Shuffle(), MayCastFound("exiled"),
                    timing="sorcery", sac={"a creature": lambda g, e, p: "Creature" in g.chars(e).types},
                    text="{1}, {T}, Sacrifice a creature: Count the colors of the sacrificed creature, "
                         "then search your library for a creature card that's exactly that many colors "
                         "plus one. Exile that card, then shuffle. You may cast the exiled card. "
                         "Activate only as a sorcery.")])


# --- Scheming Fence ----------------------------------------------------------------------------
def _fence_choice(game, source):
    """The permanent chosen as Scheming Fence entered, while it is still that object."""
    e = chosen(game, source, "permanent")
    return e if e is not None and e in game.battlefield else None


card("Scheming Fence", "{W}{U}", "Creature — Human Citizen", pt=(2, 3),
     abilities=[StaticAbility(replacement=(ChoosePermanentAsEnters(
                    "permanent", lambda g, e, ch: "Land" not in ch.types, "you may choose a nonland permanent"),),
                    zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                    text="As Scheming Fence enters the battlefield, you may choose a nonland permanent."),
                StaticAbility(continuous=(st.rule_flag(
                    st.reads()(lambda g, src, e, ch, allc: e == _fence_choice(g, src)), "cant_activate"),),
                    text="Activated abilities of the chosen permanent can't be activated."),
                StaticAbility(continuous=(st.activated_abilities_of(_fence_choice, any_color=True),),
                              text="Scheming Fence has all activated abilities of the chosen permanent "
                                   "except for loyalty abilities. You may spend mana as though it were "
                                   "mana of any color to activate those abilities.")])


# --- Arcane Bombardment -------------------------------------------------------------------------
_INSTANT_OR_SORCERY = frozenset(("Instant", "Sorcery"))


def _first_instant_or_sorcery(game, ch):
    """'your first instant or sorcery spell each turn' (counted whether or not Arcane
    Bombardment was there: 002 Arcane Bombardment R2)."""
    return bool(_INSTANT_OR_SORCERY & ch.types) and \
        game.players[ch.controller].instants_sorceries_cast_turn == 1


def _one_at_random(game, ctx):
    """'an instant or sorcery card at random from your graveyard' (the game's RNG)."""
    gy = [c for c in game.players[ctx.controller].graveyard if _INSTANT_OR_SORCERY & game.chars(c).types]
    ctx.vars["found"] = [game.rng.choice(gy)] if gy else []


def _exiled_with_this(game, ctx):
    """Each card exiled with this Arcane Bombardment, still in exile (607.2a: this object's
    own, not an earlier or another Bombardment's: 002 Arcane Bombardment R5)."""
    out = []
    for cid in linked_exile(game, ctx.source):
        e = game.card_entity.get(cid)
        if e is not None and game.exists(e) and game.zone_of(e) == "exile":
            out.append(e)
    return out


card("Arcane Bombardment", "{4}{R}{R}", "Enchantment",
     abilities=[TriggeredAbility(
         tr.YouCast(_first_instant_or_sorcery),
         effects=(fx.Custom(_one_at_random), ExileLinked("found"), CastCopiesFree(_exiled_with_this)),
         text="Whenever you cast your first instant or sorcery spell each turn, exile an instant or "
              "sorcery card at random from your graveyard. Then copy each card exiled with Arcane "
              "Bombardment. You may cast any number of the copies without paying their mana costs.")])


# --- Meeting of the Five ---------------------------------------------------------------------------
def _exactly_three_colors(game, ch):
    return len(ch.colors) == 3


card("Meeting of the Five", "{3}{W}{U}{B}{R}{G}", "Sorcery", spell=spell(
    ExileTopMayPlay(10, "turn", verb="cast", only=_exactly_three_colors),
    fx.AddRestrictedMana("WWUUBBRRGG", _exactly_three_colors),
    text="Exile the top ten cards of your library. You may cast spells with exactly three colors "
         "from among them this turn. Add {W}{W}{U}{U}{B}{B}{R}{R}{G}{G}. Spend this mana only to "
         "cast spells with exactly three colors."))

card("Falco Spara, Pactweaver", "{1}{G}{W}{U}", "Legendary Creature — Bird Demon", pt=(3, 3),
     keywords=["flying", "trample"],
     abilities=[StaticAbility(replacement=(EntersWithCounters(SHIELD, 1),),
                              zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"),
                              text="Falco Spara, Pactweaver enters the battlefield with a shield counter on it."),
                StaticAbility(rules=(LOOK_AT_TOP,),
                              text="You may look at the top card of your library any time."),
                StaticAbility(rules=(CastTopRemovingCounter(),),
                              text="You may cast spells from the top of your library by removing a counter "
                                   "from a creature you control in addition to paying their other costs.")])
