"""Magic 2010 FAQ (spec 001) black, red and green cards (Cemetery Reaper .. Garruk
Wildspeaker), with today's Oracle text."""
from __future__ import annotations

from mtg_ecs.cards import card, register_token
from mtg_ecs.components.definitions import (spell, act, ActivatedAbility, TriggeredAbility, StaticAbility,
                       parse_activation_cost, make_card)
from mtg_ecs.components import Attacking, Card
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.layers import StaticEffect, L_7C
from mtg_ecs.systems.targeting import target, any_target, creature, player, subtype_filter
from mtg_ecs.core.decisions import StepKey


def _count_you_control(pred):
    """An amount: how many permanents matching pred(chars) the controller controls."""
    def n(g, ctx):
        return sum(1 for e in g.battlefield
                   if g.chars(e).controller == ctx.controller and pred(g.chars(e)))
    return n


_SWAMPS = _count_you_control(lambda ch: "Swamp" in ch.subtypes)
_ALL_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")

_SAC = {"a creature": lambda g, e, p: "Creature" in g.chars(e).types,
        "a goblin": lambda g, e, p: "Goblin" in g.chars(e).subtypes}

_CREATURE_CARD = lambda g, t, tc: "Creature" in g.chars(t).types

# --- tokens (CR 111) ---------------------------------------------------------------
register_token(make_card("Zombie", None, "Token Creature — Zombie", pt=(2, 2), colors=["black"]))
register_token(make_card("Goblin", None, "Token Creature — Goblin", pt=(1, 1), colors=["red"]))
# (the 3/3 green Beast a card here makes is m13's: one definition a token name)

# --- black ---------------------------------------------------------------------------
card("Cemetery Reaper", "{1}{B}{B}", "Creature — Zombie", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.modify_pt(st.other_creatures_you_control("Zombie"), 1, 1),),
                              text="Other Zombie creatures you control get +1/+1."),
                act("{2}{B}, {T}", fx.Exile(fx.TARGET(0)), fx.CreateTokens("Zombie", 1),
                    targets=[target("target creature card from a graveyard", "card",
                                    zone="graveyard", filter=_CREATURE_CARD)],
                    text="{2}{B}, {T}: Exile target creature card from a graveyard. "
                         "Create a 2/2 black Zombie creature token.")])


def _swamps_pt(g, src, ch, allc):
    me = ch.controller
    pool = allc if src in allc and src in g.battlefield else g.all_chars()
    n = sum(1 for c in pool.values() if "Swamp" in c.subtypes and c.controller == me)
    return n, n


card("Nightmare", "{5}{B}", "Creature — Nightmare Horse", pt=("*", "*"), keywords=["flying"],
     abilities=[StaticAbility(continuous=(st.cda_pt(_swamps_pt),), zones=_ALL_ZONES,
                              text="Nightmare's power and toughness are each equal to the number of Swamps you control.")])


def _rats_bonus(g, ce, ch, allc):
    n = sum(1 for e, c in allc.items()
            if e != ce.source and c.name == "Relentless Rats" and "Creature" in c.types)
    if ch.power is not None:
        ch.power += n
        ch.toughness += n


card("Relentless Rats", "{1}{B}{B}", "Creature — Rat", pt=(2, 2),
     abilities=[StaticAbility(continuous=(StaticEffect(L_7C, st.this_object(), _rats_bonus),),
                              text="Relentless Rats gets +1/+1 for each other creature on the battlefield named Relentless Rats."),
                StaticAbility(rules=("any_number_in_deck",), zones=(),
                              text="A deck can have any number of cards named Relentless Rats.")])

card("Tendrils of Corruption", "{3}{B}", "Instant",
     spell=spell(fx.DealDamage(_SWAMPS, fx.TARGET(0)), fx.GainLife(fx.YOU, _SWAMPS),
                 targets=[creature()],
                 text="Tendrils of Corruption deals X damage to target creature and you gain X life, "
                      "where X is the number of Swamps you control."))

card("Vampire Aristocrat", "{2}{B}", "Creature — Vampire Rogue Noble", pt=(2, 2),
     abilities=[act("Sacrifice a creature", fx.ModifyPT(fx.SELF, 2, 2), sac=_SAC,
                    text="Sacrifice a creature: Vampire Aristocrat gets +2/+2 until end of turn.")])

# --- red -------------------------------------------------------------------------------
card("Act of Treason", "{2}{R}", "Sorcery",
     spell=spell(fx.GainControl(fx.TARGET(0), duration="eot"), fx.Untap(fx.TARGET(0)),
                 fx.GrantKeywords(fx.TARGET(0), ["haste"]),
                 targets=[creature()],
                 text="Gain control of target creature until end of turn. Untap that creature. "
                      "It gains haste until end of turn."))

card("Burst of Speed", "{R}", "Sorcery",
     spell=spell(fx.GrantKeywords(fx.ALL(fx.YOUR_CREATURES), ["haste"]),
                 text="Creatures you control gain haste until end of turn."))

card("Goblin Artillery", "{1}{R}{R}", "Creature — Goblin Warrior", pt=(1, 3),
     abilities=[act("{T}", fx.DealDamage(2, fx.TARGET(0)), fx.DealDamage(3, fx.YOU),
                    targets=[any_target()],
                    text="{T}: Goblin Artillery deals 2 damage to any target and 3 damage to you.")])

_WHITE_OR_BLUE = lambda g, t, tc: bool({"W", "U"} & g.chars(t).colors)

card("Ignite Disorder", "{1}{R}", "Instant",
     spell=spell(fx.DealDamage(0, fx.TARGET(0), divided=True),
                 targets=[target("one, two, or three target white and/or blue creatures", "creature",
                                 filter=_WHITE_OR_BLUE, min=1, max=3)],
                 divide=3,
                 text="Ignite Disorder deals 3 damage divided as you choose among one, two, or three "
                      "target white and/or blue creatures."))

card("Trumpet Blast", "{2}{R}", "Instant",
     spell=spell(fx.ModifyPT(fx.ALL(lambda g, e, ch, ctx: "Creature" in ch.types
                                    and g.world.has(e, Attacking)), 2, 0),
                 text="Attacking creatures get +2/+0 until end of turn."))

card("Yawning Fissure", "{4}{R}", "Sorcery",
     spell=spell(fx.Sacrifice(fx.EACH_OPPONENT, 1, lambda g, e, ch: "Land" in ch.types),
                 text="Each opponent sacrifices a land."))

card("Siege-Gang Commander", "{3}{R}{R}", "Creature — Goblin", pt=(2, 2),
     abilities=[TriggeredAbility(tr.Enters(), (fx.CreateTokens("Goblin", 3),),
                                 text="When Siege-Gang Commander enters the battlefield, create three 1/1 red Goblin creature tokens."),
                act("{1}{R}, Sacrifice a Goblin", fx.DealDamage(2, fx.TARGET(0)), sac=_SAC,
                    targets=[any_target()],
                    text="{1}{R}, Sacrifice a Goblin: Siege-Gang Commander deals 2 damage to any target.")])

card("Chandra Nalaar", "{3}{R}{R}", "Legendary Planeswalker — Chandra", loyalty=6,
     abilities=[act("+1", fx.DealDamage(1, fx.TARGET(0)), timing="sorcery",
                    targets=[target("target player or planeswalker", "player", "planeswalker")],
                    text="+1: Chandra Nalaar deals 1 damage to target player or planeswalker."),
                act("-X", fx.DealDamage("X", fx.TARGET(0)), timing="sorcery", targets=[creature()],
                    text="−X: Chandra Nalaar deals X damage to target creature."),
                act("-8", fx.DealDamage(10, fx.UNION(fx.TARGET(0), fx.CREATURES_OF(fx.PLAYER_OF(fx.TARGET(0))))),
                    timing="sorcery",
                    targets=[target("target player or planeswalker", "player", "planeswalker")],
                    text="−8: Chandra Nalaar deals 10 damage to target player or planeswalker and each "
                         "creature that player or that planeswalker's controller controls.")])

# --- green -----------------------------------------------------------------------------
card("Garruk Wildspeaker", "{2}{G}{G}", "Legendary Planeswalker — Garruk", loyalty=3,
     abilities=[act("+1", fx.Untap(fx.TARGET(0)), timing="sorcery",
                    targets=[target("two target lands", "land", min=2, max=2)],
                    text="+1: Untap two target lands."),
                act("-1", fx.CreateTokens("Beast", 1), timing="sorcery",
                    text="−1: Create a 3/3 green Beast creature token."),
                act("-4", fx.ModifyPT(fx.ALL(fx.YOUR_CREATURES), 3, 3),
                    fx.GrantKeywords(fx.ALL(fx.YOUR_CREATURES), ["trample"]), timing="sorcery",
                    text="−4: Creatures you control get +3/+3 and gain trample until end of turn.")])


# --- batch 2: triggers, delayed triggers, reanimation ---------------------------------
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef
from mtg_ecs.systems import zones
from mtg_ecs.systems.targeting import opponent

card("Sanguine Bond", "{3}{B}{B}", "Enchantment",
     abilities=[TriggeredAbility(tr.YouGainLife(),
                                 (fx.LoseLife(fx.TARGET(0), lambda g, ctx: ctx.info["amount"]),),
                                 targets=(opponent(),),
                                 text="Whenever you gain life, target opponent loses that much life.")])


from mtg_ecs.systems.movement import PutOntoBattlefield  # noqa: E402

card("Rise from the Grave", "{4}{B}", "Sorcery",
     spell=spell(PutOntoBattlefield(fx.TARGET(0), key="put"),
                 fx.BecomesInAddition(fx.CHOSEN("put"), subtypes=("Zombie",), colors=("B",)),
                 targets=[target("target creature card from a graveyard", "card", zone="graveyard",
                                 filter=_CREATURE_CARD)],
                 text="Put target creature card from a graveyard onto the battlefield under your control. "
                      "That creature is a black Zombie in addition to its other colors and types."))


class _SacrificeOtherThenDrain(fx.Step):
    """Xathrid Demon: 'sacrifice a creature other than ~, then each opponent loses life
    equal to the sacrificed creature's power. If you can't sacrifice a creature, tap ~
    and you lose 7 life.' 'Other than ~' means other than this object (201.5)."""

    def _options(self, game, ctx):
        return [e for e in game.battlefield if e != ctx.source
                and game.chars(e).controller == ctx.controller
                and "Creature" in game.chars(e).types]

    def run(self, game, ctx):
        if ("xathrid", StepKey(self)) in ctx.vars:
            return None
        opts = self._options(game, ctx)
        if not opts:
            for e in fx.SELF.resolve(game, ctx):
                zones.tap(game, e)
            damage.lose_life(game, ctx.controller, 7)
            return None
        return Decision("choose", ctx.controller, opts, 1, 1,
                        "sacrifice a creature other than Xathrid Demon")

    def answer(self, game, ctx, decision, answer):
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != 1 or chosen[0] not in decision.options:
            raise IllegalAction("sacrifice one creature other than Xathrid Demon")
        e = chosen[0]
        power = max(0, game.chars(e).power or 0)   # its power as it last existed (608.2h)
        zones.sacrifice(game, e)
        ctx.vars[("xathrid", StepKey(self))] = True
        for p in fx.EACH_OPPONENT.resolve(game, ctx):
            damage.lose_life(game, p.index, power)


card("Xathrid Demon", "{3}{B}{B}{B}", "Creature — Demon", pt=(7, 7), keywords=["flying", "trample"],
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"), (_SacrificeOtherThenDrain(),),
                                 text="At the beginning of your upkeep, sacrifice a creature other than "
                                      "Xathrid Demon, then each opponent loses life equal to the sacrificed "
                                      "creature's power. If you can't sacrifice a creature, tap Xathrid Demon "
                                      "and you lose 7 life.")])

card("Inferno Elemental", "{4}{R}{R}", "Creature — Elemental", pt=(4, 4),
     abilities=[TriggeredAbility(tr.BlocksOrBlockedBy(), (fx.DealDamage(3, fx.INFO("other")),),
                                 text="Whenever Inferno Elemental blocks or becomes blocked by a creature, "
                                      "Inferno Elemental deals 3 damage to that creature.")])

card("Manabarbs", "{3}{R}", "Enchantment",
     abilities=[TriggeredAbility(tr.TapsLandForMana(), (fx.DealDamage(1, fx.INFO("player")),),
                                 text="Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.")])


def _toughness_below_giant(g, t, tc):
    ch = g.chars(t)
    src = tc.source_chars
    return (ch.controller == tc.controller and ch.toughness is not None and src is not None
            and src.power is not None and ch.toughness < src.power)


card("Stone Giant", "{2}{R}{R}", "Creature — Giant", pt=(3, 4),
     abilities=[act("{T}", fx.GrantKeywords(fx.TARGET(0), ["flying"]),
                    fx.CreateDelayedTrigger(tr.AtBeginningOf("end", "each"),
                                            TriggeredAbility(None, (fx.Destroy(fx.INFO("that")),),
                                                             text="destroy that creature"),
                                            remember={"that": fx.TARGET(0)}),
                    targets=[creature("target creature you control with toughness less than Stone Giant's power",
                                      filter=_toughness_below_giant)],
                    text="{T}: Target creature you control with toughness less than Stone Giant's power "
                         "gains flying until end of turn. Destroy that creature at the beginning of the next end step.")])


# --- batch 3: untapping, animating lands, combat restrictions ------------------------
from mtg_ecs.systems.animate import BecomesCreature

card("Entangling Vines", "{3}{G}", "Enchantment — Aura", keywords=["enchant tapped creature"],
     abilities=[StaticAbility(continuous=(st.rule_flag(st.attached_object(), "doesnt_untap"),),
                              text="Enchanted creature doesn't untap during its controller's untap step.")])

card("Jackal Familiar", "{R}", "Creature — Jackal", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.rule_flag(st.this_object(), "cant_attack_alone"),
                                          st.rule_flag(st.this_object(), "cant_block_alone")),
                              text="Jackal Familiar can't attack or block alone.")])

card("Awakener Druid", "{2}{G}", "Creature — Human Druid", pt=(1, 1),
     abilities=[TriggeredAbility(tr.Enters(),
                                 (BecomesCreature(fx.TARGET(0), (4, 5), subtypes=("Treefolk",),
                                                  colors=("G",)),),
                                 targets=(target("target Forest", "permanent", filter=subtype_filter(
                                     "Forest", lambda g, t, tc: "Forest" in g.chars(t).subtypes)),),
                                 text="When Awakener Druid enters the battlefield, target Forest becomes a 4/5 "
                                      "green Treefolk creature for as long as Awakener Druid remains on the "
                                      "battlefield. It's still a land.")])


# --- batch 4: divided damage, random choices, variable mana -----------------------------
from mtg_ecs.systems.random_choice import DiscardAtRandom, DestroyOneAtRandom

card("Bogardan Hellkite", "{6}{R}{R}", "Creature — Dragon", pt=(5, 5), keywords=["flash", "flying"],
     abilities=[TriggeredAbility(tr.Enters(), (fx.DealDamage(0, fx.TARGET(0), divided=True),),
                                 targets=(target("any number of targets", "any", min=1, max=5),),
                                 divide=5,
                                 text="When Bogardan Hellkite enters the battlefield, it deals 5 damage divided "
                                      "as you choose among any number of targets.")])

card("Burning Inquiry", "{R}", "Sorcery",
     spell=spell(fx.Draw(fx.EACH_PLAYER, 3), DiscardAtRandom(fx.EACH_PLAYER, 3),
                 text="Each player draws three cards, then discards three cards at random."))

_NONLAND_YOURS = lambda g, t, tc: "Land" not in g.chars(t).types and g.chars(t).controller == tc.controller
_NONLAND_NOT_YOURS = lambda g, t, tc: "Land" not in g.chars(t).types and g.chars(t).controller != tc.controller

card("Capricious Efreet", "{4}{R}{R}", "Creature — Efreet", pt=(6, 4),
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"),
                                 (DestroyOneAtRandom(fx.UNION(fx.TARGET(0), fx.TARGET(1))),),
                                 targets=(target("target nonland permanent you control", "permanent",
                                                 filter=_NONLAND_YOURS),
                                          target("up to two target nonland permanents you don't control",
                                                 "permanent", filter=_NONLAND_NOT_YOURS, min=0, max=2)),
                                 text="At the beginning of your upkeep, choose target nonland permanent you "
                                      "control and up to two target nonland permanents you don't control. "
                                      "Destroy one of them at random.")])


def _g_per_elf(game, eid):
    me = game.chars(eid).controller
    n = sum(1 for e in game.battlefield
            if game.chars(e).controller == me and "Elf" in game.chars(e).subtypes)
    return (0, 0, 0, 0, n, 0)


card("Elvish Archdruid", "{1}{G}{G}", "Creature — Elf Druid", pt=(2, 2),
     abilities=[StaticAbility(continuous=(st.modify_pt(st.other_creatures_you_control("Elf"), 1, 1),),
                              text="Other Elf creatures you control get +1/+1."),
                ActivatedAbility(cost=parse_activation_cost("{T}"), mana=(_g_per_elf,),
                                 text="{T}: Add {G} for each Elf you control.")])


# --- batch 5: X restricted to black mana, libraries -----------------------------------
from mtg_ecs.systems.library import LookAndReorder

card("Consume Spirit", "{X}{1}{B}", "Sorcery",
     spell=spell(fx.DealDamage("X", fx.TARGET(0)), fx.GainLife(fx.YOU, "X"),
                 targets=[any_target()], x_color="B",
                 text="Spend only black mana on X. Consume Spirit deals X damage to any target and you gain X life."))


class _ShuffleYourLibrary(fx.Step):
    def run(self, game, ctx):
        zones.shuffle(game, ctx.controller)


card("Ponder", "{U}", "Sorcery",
     spell=spell(LookAndReorder(3), fx.MayStep((_ShuffleYourLibrary(),), prompt="shuffle your library?"),
                 fx.Draw(fx.YOU, 1),
                 text="Look at the top three cards of your library, then put them back in any order. "
                      "You may shuffle. Draw a card."))


class _Polymorph(fx.Step):
    """'Destroy target creature. It can't be regenerated. Its controller reveals cards
    from the top of their library until they reveal a creature card. The player puts
    that card onto the battlefield, then shuffles all other cards revealed this way into
    their library.' The rest happens even if the creature wasn't destroyed (R2)."""

    def run(self, game, ctx):
        key = ("polymorph", StepKey(self))
        st = ctx.vars.get(key)
        if st is None:
            st = ctx.vars[key] = {"player": None, "found": []}
            for t in fx.TARGET(0).resolve(game, ctx):
                if t not in game.battlefield:
                    continue
                p = st["player"] = game.chars(t).controller
                if not game.chars(t).has("indestructible"):       # 701.19c: can't be regenerated
                    zones.move(game, t, "graveyard", cause="destroy")
                lib = game.players[p].library
                revealed = []
                for c in reversed(list(lib)):                       # top first
                    revealed.append(c)
                    if "Creature" in game.chars(c).types:
                        st["found"] = [c]
                        break
                game.emit("reveal", player=p, cards=tuple(revealed))
        p = st["player"]
        if p is None:
            return None
        # the card's choices as it enters (614.12, 303.4f): made by the player putting it there
        d = entry_choices(game, ctx, self, st["found"], lambda c: p)
        if d is not None:
            return d
        for c in st["found"]:
            if game.exists(c) and game.zone_of(c) == "library":
                put_entering(game, ctx, self, c, controller=p)
        zones.shuffle(game, p)
        return None

    def answer(self, game, ctx, decision, answer):
        entry_choices_answer(game, ctx, self, decision, answer)


card("Polymorph", "{3}{U}", "Sorcery",
     spell=spell(_Polymorph(), targets=[creature()],
                 text="Destroy target creature. It can't be regenerated. Its controller reveals cards from the "
                      "top of their library until they reveal a creature card. The player puts that card onto "
                      "the battlefield, then shuffles all other cards revealed this way into their library."))


class _HauntingEchoes(fx.Step):
    """Exile all cards from target player's graveyard other than basic land cards; search
    that player's library for any number of cards with the same name as a card exiled
    this way (the searcher may leave some: 701.23b) and exile them; that player shuffles."""

    def run(self, game, ctx):
        st = ctx.vars.get(("echoes", StepKey(self)))
        if st is not None:
            return None
        ps = [p for p in fx.TARGET(0).resolve(game, ctx) if isinstance(p, PlayerRef)]
        if not ps:
            return None
        p = ps[0].index
        names = set()
        for c in list(game.players[p].graveyard):
            ch = game.chars(c)
            if "Basic" in ch.supertypes and "Land" in ch.types:
                continue
            names.add(ch.name)
            zones.exile(game, c)
        lib = list(reversed(game.players[p].library))
        opts = [c for c in lib if game.chars(c).name in names]
        ctx.vars[("echoes", StepKey(self))] = p
        if not opts:
            zones.shuffle(game, p)
            return None
        return Decision("choose", ctx.controller, opts, 0, len(opts),
                        "search for cards with the same name as the exiled cards (any number)",
                        data={"search": True})

    def answer(self, game, ctx, decision, answer):
        chosen = answer if isinstance(answer, (list, tuple)) else [answer]
        if len(set(chosen)) != len(chosen) or any(c not in decision.options for c in chosen):
            raise IllegalAction("choose cards with the same name as an exiled card")
        p = ctx.vars[("echoes", StepKey(self))]
        for c in chosen:
            zones.exile(game, c)
        zones.shuffle(game, p)


card("Haunting Echoes", "{3}{B}{B}", "Sorcery",
     spell=spell(_HauntingEchoes(), targets=[player()],
                 text="Exile all cards from target player's graveyard other than basic land cards. For each card "
                      "exiled this way, search that player's library for all cards with the same name as that card "
                      "and exile them. Then that player shuffles."))


# --- batch 6: the top card of the library --------------------------------------------
from mtg_ecs.systems.layers import L_ABILITY


def _top_card_black(g, src, allc):
    """'As long as the top card of your library is black' (read continuously: the
    layer cache is volatile for it)."""
    me = allc[src].controller if src in allc else g.chars(src).controller
    lib = g.players[me].library
    # its color as printed (a color indicator included); not g.chars or the card's own
    # characteristic-defining abilities: this is read in the middle of the layer pass
    return bool(lib) and "B" in base_chars(g, lib[-1]).colors


def _nocturnus_affects(g, src, e, ch, allc):
    return e == src or ("Creature" in ch.types and "Vampire" in ch.subtypes
                        and ch.controller == allc[src].controller)


def _plus_two_one(g, ce, ch, allc):
    if ch.power is not None:
        ch.power += 2
        ch.toughness += 1


_FLYING = (st.parse_keyword("flying"),)


def _gain_flying(g, ce, ch, allc):
    ch.keywords = ch.keywords + _FLYING


card("Vampire Nocturnus", "{1}{B}{B}{B}", "Creature — Vampire", pt=(3, 3),
     abilities=[StaticAbility(rules=("top_of_library_revealed",),
                              text="Play with the top card of your library revealed."),
                StaticAbility(continuous=(StaticEffect(L_7C, _nocturnus_affects, _plus_two_one,
                                                       _top_card_black, volatile=True),
                                          StaticEffect(L_ABILITY, _nocturnus_affects, _gain_flying,
                                                       _top_card_black, volatile=True)),
                              text="As long as the top card of your library is black, Vampire Nocturnus and "
                                   "other Vampire creatures you control get +2/+1 and have flying.")])


# --- Warp World ------------------------------------------------------------------------------
from mtg_ecs.systems import commander
from mtg_ecs.systems.together import together
from mtg_ecs.systems.replacement import EntersTappedUnless


def _enters_tapped_now(game, card, controller) -> bool:
    """614.12: an 'enters tapped unless ...' replacement of a permanent entering at the
    same time as others is decided by the game before the event: it doesn't see the
    others entering with it (Dragonskull Summit with a Mountain, 001 T2.2.5)."""
    for ab in game.world.ents[card][Card].defn.abilities:
        for r in getattr(ab, "replacement", ()):
            if isinstance(r, EntersTappedUnless):
                if r.condition is None or not r.condition(game, card, controller):
                    return True
    return False


class _WarpWorld(fx.Step):
    """Each player shuffles all permanents they own into their library, then reveals
    that many cards from the top. Each player puts all artifact, creature, and land
    cards revealed this way onto the battlefield, then does the same for enchantment
    cards (an Aura's controller chooses what it enchants among permanents already there,
    the active player first, then in turn order; with nothing to enchant it stays in the
    library: 303.4f-g), then puts the others on the bottom of their library in any order.
    Triggers wait until it has resolved (603.3)."""

    KEY = "warp"
    # the two batches that enter: each has its own entering choices (systems/entering.py)
    FIRST, ENCHANTMENTS = object(), object()

    def run(self, game, ctx):
        st = ctx.vars.get(self.KEY)
        if st is None:
            # 903.9b: each commander's owner first chooses whether it goes to the command
            # zone instead of their library (it still counts as a permanent they own: R1)
            d = commander.ask_instead(game, ctx, self, list(game.battlefield), "library")
            if d is not None:
                return d
            st = ctx.vars[self.KEY] = self._begin(game, commander.instead(ctx, self))
        who = st["who"]
        # (4) artifacts, creatures and lands, together (their choices as they enter first)
        if st["phase"] == "first":
            d = entry_choices(game, ctx, self.FIRST, [c for p, c, t in st["first"]], who.get)
            if d is not None:
                return d
            with together(game):
                for p, c, tapped in st["first"]:
                    if game.exists(c) and game.zone_of(c) == "library":
                        put_entering(game, ctx, self.FIRST, c, controller=p, tapped=tapped)
            ench = []
            for p in st["players"]:
                for c in st["revealed"][p]:
                    if game.exists(c) and game.zone_of(c) == "library" and \
                            "Enchantment" in game.chars(c).types:
                        ench.append(c)
            st["enchantments"] = ench
            st["phase"] = "enchantments"
        # (5) then the enchantments: Auras choose among permanents already there (303.4f)
        if st["phase"] == "enchantments":
            d = entry_choices(game, ctx, self.ENCHANTMENTS, st["enchantments"], who.get)
            if d is not None:
                return d
            with together(game):
                for c in st["enchantments"]:
                    if game.exists(c) and game.zone_of(c) == "library":
                        put_entering(game, ctx, self.ENCHANTMENTS, c, controller=who[c])
            st["phase"] = "bottom"
        # (6) the rest on the bottom, in any order
        while st["bottom_i"] < len(st["players"]):
            p = st["players"][st["bottom_i"]]
            rest = [c for c in st["revealed"][p] if game.zone_of(c) == "library"]
            if len(rest) > 1:
                return Decision("scry", p, rest, len(rest), len(rest),
                                "put these cards on the bottom of your library in any order",
                                data={"warp_bottom": True})
            self._bottom(game, p, rest)
            st["bottom_i"] += 1
        return None

    def _begin(self, game, to_command):
        players = list(game.apnap())
        counts = {p: 0 for p in players}
        perms = list(game.battlefield)
        for e in perms:                                  # (1) permanents each player owns
            o = game.owner(e)
            if o in counts:
                counts[o] += 1
        with together(game):                             # (2) into their owners' libraries
            for e in perms:
                if e in game.battlefield:
                    zones.move(game, e, "command" if to_command.get(e) else "library", cause="effect")
        # R3: tokens counted above aren't cards; they are never revealed (704.5d)
        for e in list(game.token_limbo):
            if game.exists(e) and game.zone_of(e) == "library":
                cease_to_exist(game, e)
        for p in players:
            zones.shuffle(game, p)
        revealed = {}
        for p in players:                                # (3) reveal that many
            lib = game.players[p].library
            n = min(counts[p], len(lib))
            revealed[p] = list(reversed(lib[len(lib) - n:])) if n else []
            game.emit("reveal", player=p, cards=tuple(revealed[p]))
        first = []
        for p in players:
            for c in revealed[p]:
                if {"Artifact", "Creature", "Land"} & game.chars(c).types:
                    first.append((p, c, _enters_tapped_now(game, c, p)))
        return {"players": players, "revealed": revealed, "first": first, "phase": "first",
                "who": {c: p for p in players for c in revealed[p]}, "bottom_i": 0}

    def _bottom(self, game, p, cards_top_first):
        lib = game.players[p].library
        for c in cards_top_first:
            lib.remove(c)
        lib[:0] = list(reversed(cards_top_first))
        game.touch()

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars.get(self.KEY)
        if st is None:                                   # 903.9b's question
            commander.answer_instead(ctx, self, decision, answer)
            return
        if st["phase"] in ("first", "enchantments"):
            entry_choices_answer(game, ctx, self.FIRST if st["phase"] == "first" else self.ENCHANTMENTS,
                                 decision, answer)
            return
        top, bottom = check_answer(decision, answer)
        if top:
            raise IllegalAction("these cards go on the bottom: answer {bottom: [...]}")
        self._bottom(game, decision.player, bottom)
        st["bottom_i"] += 1


card("Warp World", "{5}{R}{R}{R}", "Sorcery",
     spell=spell(_WarpWorld(),
                 text="Each player shuffles all permanents they own into their library, then reveals that many "
                      "cards from the top of their library. Each player puts all artifact, creature, and land "
                      "cards revealed this way onto the battlefield, then does the same for enchantment cards, "
                      "then puts all cards revealed this way that weren't put onto the battlefield on the bottom "
                      "of their library."))


# --- Wall of Frost (card 56: "doesn't untap during its controller's next untap step") ----
from mtg_ecs.systems.untap import DoesntUntapNext
from mtg_ecs.systems import damage
from mtg_ecs.systems.entering import entry_choices, put_entering, entry_choices_answer
from mtg_ecs.systems.layers import base_chars
from mtg_ecs.systems.library import check_answer
from mtg_ecs.systems.sba import cease_to_exist

card("Wall of Frost", "{1}{U}{U}", "Creature — Wall", pt=(0, 7), keywords=["defender"],
     abilities=[TriggeredAbility(tr.BlocksOrBlockedBy(blocked=False), (DoesntUntapNext(fx.INFO("other")),),
                                 text="Whenever Wall of Frost blocks a creature, that creature doesn't untap "
                                      "during its controller's next untap step.")])
