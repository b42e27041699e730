"""Magic 2010 FAQ (spec 001) cards 91-110: green, artifacts, and cards named only in
their rulings — with today's Oracle text (oracle-2022.json)."""
from __future__ import annotations

from mtg_ecs.cards import card, register_token
from mtg_ecs.components.definitions import (SpellAbility, TriggeredAbility, StaticAbility, ActivatedAbility, parse_activation_cost,
                       make_card)
from mtg_ecs.components import Card
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.player_rules import HandSize, SkipStep, CantLose, OpponentsCantWin
from mtg_ecs.systems.replacement import PreventDamageTo, EntersWithCounters
from mtg_ecs.systems.naming import ChooseNameAsEnters, CantActivateNamed
from mtg_ecs.systems.targeting import target, creature
from mtg_ecs.core.decisions import StepKey
from mtg_ecs.components import FaceDown
from mtg_ecs.core.decisions import Decision, IllegalAction, only
from mtg_ecs.systems import commander, zones
from mtg_ecs.systems.entering import entry_choices, put_entering, entry_choices_answer
from mtg_ecs.systems.library import check_answer

_ALL_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")


def _your_creatures(g, e, ch, ctx):
    return "Creature" in ch.types and ch.controller == ctx.controller


# --- counterspells and "can't be countered" ------------------------------------------
card("Cancel", "{1}{U}{U}", "Instant",
     spell=SpellAbility(effects=(fx.CounterSpell(fx.TARGET(0)),),
                        targets=(target("target spell", "spell", zone="stack"),),
                        text="Counter target spell."))

card("Great Sable Stag", "{1}{G}{G}", "Creature — Elk", pt=(3, 3),
     keywords=["protection from blue and from black"],             # 702.16g: two abilities
     abilities=[StaticAbility(rules=("cant_be_countered",), zones=("stack",),
                              text="This spell can't be countered.")])

# --- green ---------------------------------------------------------------------------
card("Mold Adder", "{G}", "Creature — Fungus Snake", pt=(1, 1),
     abilities=[TriggeredAbility(tr.OpponentCasts(lambda g, ch: bool({"U", "B"} & set(ch.colors))),
                                 (fx.AddCounters(fx.SELF, "+1/+1", 1),), optional=True,
                                 text="Whenever an opponent casts a blue or black spell, you may put a "
                                      "+1/+1 counter on Mold Adder.")])

card("Overrun", "{2}{G}{G}{G}", "Sorcery",
     spell=SpellAbility(effects=(fx.ModifyPT(fx.ALL(_your_creatures), 3, 3),
                                 fx.GrantKeywords(fx.ALL(_your_creatures), ["trample"])),
                        text="Creatures you control get +3/+3 and gain trample until end of turn."))


# --- artifacts -------------------------------------------------------------------------
def _shares_creature_type(g, src, e, ch, allc):
    mine = set(ch.subtypes)
    n = 0
    for o, oc in allc.items():
        if o != e and "Creature" in oc.types and oc.zone == "battlefield" and mine & set(oc.subtypes):
            n += 1                     # counts creatures, not shared types
    return n, n


card("Coat of Arms", "{5}", "Artifact",
     abilities=[StaticAbility(continuous=(st.modify_pt_by(st.all_creatures(), _shares_creature_type),),
                              text="Each creature gets +1/+1 for each other creature on the battlefield "
                                   "that shares at least one creature type with it.")])

card("Levitation", "{2}{U}{U}", "Enchantment",
     abilities=[StaticAbility(continuous=(st.grant(st.creatures_you_control(), "flying"),),
                              text="Creatures you control have flying.")])

card("Spellbook", "{0}", "Artifact",
     abilities=[StaticAbility(rules=(HandSize(None),), text="You have no maximum hand size.")])

card("Null Profusion", "{4}{B}{B}", "Enchantment",
     abilities=[StaticAbility(rules=(SkipStep("draw"),), text="Skip your draw step."),
                TriggeredAbility(tr.YouPlayCard(), (fx.Draw(fx.YOU, 1),),
                                 text="Whenever you play a card, draw a card."),
                StaticAbility(rules=(HandSize(2),), text="Your maximum hand size is two.")])

card("Platinum Angel", "{7}", "Artifact Creature — Angel", pt=(4, 4), keywords=["flying"],
     abilities=[StaticAbility(rules=(CantLose(), OpponentsCantWin()),
                              text="You can't lose the game and your opponents can't win the game.")])


def _twenty_creature_cards(g, src, controller, info):
    gy = g.players[controller].graveyard
    return sum(1 for c in gy if "Creature" in g.world.ents[c][Card].defn.types) >= 20


card("Mortal Combat", "{2}{B}{B}", "Enchantment",
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"), (fx.WinGame(fx.YOU),),
                                 intervening_if=_twenty_creature_cards,
                                 text="At the beginning of your upkeep, if twenty or more creature cards "
                                      "are in your graveyard, you win the game.")])

card("Magebane Armor", "{3}", "Artifact — Equipment", keywords=["equip {2}"],
     abilities=[StaticAbility(continuous=(st.modify_pt(st.attached_object(), 2, 4),
                                          st.lose_keywords(st.attached_object(), "flying")),
                              text="Equipped creature gets +2/+4 and loses flying."),
                StaticAbility(replacement=(PreventDamageTo(st.attached_object(), combat=False),),
                              text="Prevent all noncombat damage that would be dealt to equipped creature.")])

card("Divine Intervention", "{6}{W}{W}", "Enchantment",
     abilities=[StaticAbility(replacement=(EntersWithCounters("intervention", 2),), zones=_ALL_ZONES,
                              text="Divine Intervention enters the battlefield with two intervention counters on it."),
                TriggeredAbility(tr.AtBeginningOf("upkeep", "your"),
                                 (fx.RemoveCounters(fx.SELF, "intervention", 1),),
                                 text="At the beginning of your upkeep, remove an intervention counter from "
                                      "Divine Intervention."),
                TriggeredAbility(tr.LastCounterRemovedFromSelf("intervention"), (fx.DrawGame(),),
                                 text="When you remove the last intervention counter from Divine Intervention, "
                                      "the game is a draw.")])

card("Pithing Needle", "{1}", "Artifact",
     abilities=[StaticAbility(replacement=(ChooseNameAsEnters(),), zones=_ALL_ZONES,
                              text="As Pithing Needle enters the battlefield, choose a card name."),
                StaticAbility(rules=(CantActivateNamed(),),
                              text="Activated abilities of sources with the chosen name can't be activated "
                                   "unless they're mana abilities.")])


# --- Mirror of Fate: choose exiled cards, exile the library, put them on top in any order ----
class _ChooseOwnFaceUpExiled(fx.Step):
    """'Choose up to N face-up exiled cards you own' (chosen as it resolves; not targets)."""

    def __init__(self, n, key="chosen"):
        self.n = n
        self.key = key

    def run(self, game, ctx):
        if self.key in ctx.vars:
            return None
        p = ctx.controller
        opts = [c for c in game.exile if game.owner(c) == p and not game.world.has(c, FaceDown)]
        if not opts:
            ctx.vars[self.key] = []
            return None
        return Decision("choose", p, opts, 0, min(self.n, len(opts)),
                        f"choose up to {self.n} face-up exiled cards you own")

    def answer(self, game, ctx, decision, answer):
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(set(chosen)) != len(chosen) or not (decision.min <= len(chosen) <= decision.max) or \
                any(c not in decision.options for c in chosen):
            raise IllegalAction(f"choose up to {decision.max} of the face-up exiled cards you own")
        ctx.vars[self.key] = [game.world.ents[c][Card].card_id for c in chosen]


class _ExileLibrary(fx.Step):
    """'Exile all the cards from your library' (face up, 406.3)."""

    def run(self, game, ctx):
        for c in list(game.players[ctx.controller].library):
            zones.exile(game, c)


class _PutChosenOnTop(fx.Step):
    """'Put the chosen cards on top of your library' in the order their owner chooses
    (401.4); the order isn't revealed."""

    def __init__(self, key="chosen"):
        self.key = key

    def run(self, game, ctx):
        if ctx.vars.get(("put", StepKey(self))):
            return None
        cards = [game.card_entity[cid] for cid in ctx.vars.get(self.key, [])]
        cards = [c for c in cards if game.zone_of(c) == "exile"]
        # 903.9b: a chosen commander's owner may put it into the command zone instead
        d = commander.ask_instead(game, ctx, self, cards, "library")
        if d is not None:
            return d
        instead = commander.instead(ctx, self)
        cards = [c for c in cards if not instead.get(c)]
        if len(cards) > 1:
            return Decision("look_order", ctx.controller, cards, len(cards), len(cards),
                            "put the chosen cards on top of your library in any order (top first)")
        self._put(game, ctx, cards)
        return None

    def _put(self, game, ctx, top_first):
        for c, yes in commander.instead(ctx, self).items():
            if yes and game.exists(c) and game.zone_of(c) == "exile":
                zones.move(game, c, "command", cause="effect")
        for c in reversed(top_first):
            zones.move(game, c, "library", position="top", cause="mirror")

    def answer(self, game, ctx, decision, answer):
        if decision.data.get("what") == "command zone":
            commander.answer_instead(ctx, self, decision, answer)
            return
        top, _ = check_answer(decision, answer)
        self._put(game, ctx, top)
        ctx.vars[("put", StepKey(self))] = True


card("Mirror of Fate", "{5}", "Artifact",
     abilities=[ActivatedAbility(cost=parse_activation_cost("{T}, Sacrifice this artifact"),
                                 effects=(_ChooseOwnFaceUpExiled(7), _ExileLibrary(), _PutChosenOnTop()),
                                 text="{T}, Sacrifice Mirror of Fate: Choose up to seven face-up exiled cards "
                                      "you own. Exile all the cards from your library, then put the chosen "
                                      "cards on top of your library.")])


# --- Protean Hydra ---------------------------------------------------------------------
def _remove_that_many(game, src, target, amount):
    """'... and remove that many +1/+1 counters from it' (as many as it has)."""
    if target in game.battlefield:
        zones.remove_counters(game, target, "+1/+1", amount)


_HYDRA_LATER = TriggeredAbility(tr.AtBeginningOf("end", "each"), (fx.AddCounters(fx.SELF, "+1/+1", 2),),
                                text="At the beginning of the next end step, put two +1/+1 counters on "
                                     "Protean Hydra.")

card("Protean Hydra", "{X}{G}", "Creature — Hydra", pt=(0, 0),
     abilities=[StaticAbility(replacement=(EntersWithCounters("+1/+1", "X"),), zones=_ALL_ZONES,
                              text="Protean Hydra enters the battlefield with X +1/+1 counters on it."),
                StaticAbility(replacement=(PreventDamageTo(st.this_object(), then=_remove_that_many),),
                              text="If damage would be dealt to Protean Hydra, prevent that damage and "
                                   "remove that many +1/+1 counters from it."),
                TriggeredAbility(tr.CountersRemovedFromSelf("+1/+1"),
                                 (fx.CreateDelayedTrigger(tr.AtBeginningOf("end", "each"), _HYDRA_LATER),),
                                 text="Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 "
                                      "counters on it at the beginning of the next end step.")])


# --- Lurking Predators -------------------------------------------------------------------------
class _RevealTopCreatureOrBottom(fx.Step):
    """'Reveal the top card of your library. If it's a creature card, put it onto the
    battlefield. Otherwise, you may put that card on the bottom of your library.'"""

    def run(self, game, ctx):
        key = ("lurking", StepKey(self))
        st = ctx.vars.get(key)
        lib = game.players[ctx.controller].library
        if st is None:
            if not lib:
                return None
            top = lib[-1]
            game.emit("reveal", eid=top)                      # 701.16a
            if "Creature" not in game.chars(top).types:
                ctx.vars[key] = top
                return Decision("may", ctx.controller, [True, False], 1, 1,
                                f"put {game.name(top)} on the bottom of your library?")
            st = ctx.vars[key] = ["put", top]
        if isinstance(st, list):                              # a creature card: it enters
            top = st[1]
            d = entry_choices(game, ctx, self, [top], lambda c: ctx.controller)   # 614.12, 303.4f
            if d is not None:
                return d
            ctx.vars[key] = "done"
            if game.exists(top) and game.zone_of(top) == "library":
                put_entering(game, ctx, self, top, controller=ctx.controller)
        return None

    def answer(self, game, ctx, decision, answer):
        if isinstance(ctx.vars.get(("lurking", StepKey(self))), list):
            entry_choices_answer(game, ctx, self, decision, answer)
            return
        if answer not in (True, False, "yes", "no"):
            raise IllegalAction("answer yes or no")
        top = ctx.vars[("lurking", StepKey(self))]
        ctx.vars[("lurking", StepKey(self))] = "done"
        if answer in (True, "yes") and game.exists(top) and game.zone_of(top) == "library":
            lib = game.players[ctx.controller].library
            lib.remove(top)
            lib.insert(0, top)                                 # the bottom is the list's start
            game.touch()


card("Lurking Predators", "{4}{G}{G}", "Enchantment",
     abilities=[TriggeredAbility(tr.OpponentCasts(), (_RevealTopCreatureOrBottom(),),
                                 text="Whenever an opponent casts a spell, reveal the top card of your library. "
                                      "If it's a creature card, put it onto the battlefield. Otherwise, you may "
                                      "put that card on the bottom of your library.")])

card("Prized Unicorn", "{3}{G}", "Creature — Unicorn", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.rule_flag(st.this_object(), "must_be_blocked_by_all"),),
                              text="All creatures able to block Prized Unicorn do so.")])


# --- Master of the Wild Hunt -------------------------------------------------------------------
register_token(make_card("Wolf", None, "Token Creature — Wolf", pt=(2, 2), colors=["green"]))


class _WolvesHunt(fx.Step):
    """'Tap all untapped Wolf creatures you control. Each Wolf tapped this way deals damage
    equal to its power to target creature. That creature deals damage equal to its power
    divided as its controller chooses among any number of those Wolves.' Tapping is part
    of the effect (001 Master of the Wild Hunt R1); the Wolves deal their damage first
    (R3); the division is chosen as it resolves, each chosen Wolf at least 1 (R6); lethal
    damage is checked after the whole ability resolved (R4, 704.3)."""

    def run(self, game, ctx):
        st = ctx.vars.setdefault(("hunt", StepKey(self)), {"phase": 0, "wolves": [], "division": None})
        targets = fx.TARGET(0).resolve(game, ctx)
        if not targets:
            return None
        t = targets[0]
        if st["phase"] == 0:
            for e in list(game.battlefield):
                ch = game.chars(e)
                if ch.controller == ctx.controller and "Creature" in ch.types and "Wolf" in ch.subtypes \
                        and not game.is_tapped(e):
                    zones.tap(game, e)
                    st["wolves"].append(e)
            st["phase"] = 1
        if st["phase"] == 1:
            batch = [(w, game.chars(w), t, game.chars(w).power or 0) for w in st["wolves"]
                     if w in game.battlefield and (game.chars(w).power or 0) > 0]
            d = fx.deal_with_choices(game, ctx, self, batch) if batch else None
            if d is not None:
                return d
            st["phase"] = 2
        if st["phase"] == 2:
            wolves = [w for w in st["wolves"] if w in game.battlefield]
            power = game.chars(t).power or 0 if t in game.battlefield else 0
            if power <= 0 or not wolves:
                return None
            if st["division"] is None:
                # 001 Master of the Wild Hunt R6: the creature's controller divides as the
                # ability resolves -- a decision even with one Wolf (one legal answer)
                return Decision("divide", game.chars(t).controller, wolves, 1, len(wolves),
                                f"divide {power} damage among any number of those Wolves",
                                data={"total": power, "any_number": True,
                                      **(only({wolves[0]: power}) if len(wolves) == 1 else {})})
            st["phase"] = 3
        if st["phase"] == 3:
            src = t if t in game.battlefield else None
            if src is None:
                return None
            batch = [(src, game.chars(src), w, n) for w, n in st["division"].items() if w in game.battlefield]
            d = fx.deal_with_choices(game, ctx, self, batch)
            if d is not None:
                return d
            st["phase"] = 4
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("hunt", StepKey(self))]
        if decision.kind == "divide":
            if not isinstance(answer, dict) or not answer:
                raise IllegalAction("a division is {wolf: amount}")
            if any(w not in decision.options for w in answer):
                raise IllegalAction("only Wolves tapped by this ability can be dealt this damage")
            if any((not isinstance(v, int)) or v < 1 for v in answer.values()):
                raise IllegalAction("each chosen Wolf is assigned at least 1 damage")
            if sum(answer.values()) != decision.data["total"]:
                raise IllegalAction(f"the division must total {decision.data['total']}")
            st["division"] = dict(answer)
            return
        fx.answer_damage_choice(game, ctx, self, decision, answer)


card("Master of the Wild Hunt", "{2}{G}{G}", "Creature — Human Shaman", pt=(3, 3),
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"), (fx.CreateTokens("Wolf", 1),),
                                 text="At the beginning of your upkeep, create a 2/2 green Wolf creature token."),
                ActivatedAbility(cost=parse_activation_cost("{T}"), effects=(_WolvesHunt(),),
                                 targets=(creature(),),
                                 text="{T}: Tap all untapped Wolf creatures you control. Each Wolf tapped this way "
                                      "deals damage equal to its power to target creature. That creature deals "
                                      "damage equal to its power divided as its controller chooses among any "
                                      "number of those Wolves.")])

card("Phage the Untouchable", "{3}{B}{B}{B}{B}", "Legendary Creature — Avatar Minion", pt=(4, 4),
     abilities=[TriggeredAbility(tr.EntersNotCastFrom("hand"), (fx.LoseGame(fx.YOU),),
                                 text="When Phage the Untouchable enters the battlefield, if you didn't cast it "
                                      "from your hand, you lose the game."),
                TriggeredAbility(tr.DealsCombatDamageToCreature(), (fx.DestroyNoRegenerate(fx.INFO("creature")),),
                                 text="Whenever Phage deals combat damage to a creature, destroy that creature. "
                                      "It can't be regenerated."),
                TriggeredAbility(tr.DealsCombatDamageToPlayer(), (fx.LoseGame(fx.INFO("player")),),
                                 text="Whenever Phage deals combat damage to a player, that player loses the game.")])
