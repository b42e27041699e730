"""Streets of New Capenna (spec 002) and the cards its rulings name, on these mechanisms:
Treasures and the mana abilities that sacrifice their source (systems/costs.py), Vehicles
and crew (crew.py), token-creation and counter replacement effects (token_creation.py),
phasing (phasing.py), 'for as long as' durations (durations.py), modal triggered abilities
(modes.py), 'exile until ~ leaves the battlefield' (until_leaves.py)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import ModalTriggeredAbility, StaticAbility, TriggeredAbility, act, mana_ability, spell
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.layers import L_7B, L_7C, L_TYPE, StaticEffect, writes
from mtg_ecs.systems.movement import ExileLinked, PutOntoBattlefield, linked_exile
from mtg_ecs.systems.search import IfColorsSpent
from mtg_ecs.systems.targeting import creature, creature_you_control, from_one_graveyard, target
from mtg_ecs.systems.token_creation import InsteadCreate, TwiceAsManyCounters, TwiceAsManyTokens
from mtg_ecs.systems.until_leaves import ExileUntilLeaves

_ALL_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")


def _treasures_you_control(g, ctx) -> int:
    """'each Treasure you control': any Treasure artifact, token or not (002 Goldhound R1),
    counted as the ability resolves (002 Black Market Tycoon R1)."""
    n = 0
    for e in g.battlefield:
        ch = g.chars(e)
        if ch.controller == ctx.controller and "Artifact" in ch.types and "Treasure" in ch.subtypes:
            n += 1
    return n


card("An Offer You Can't Refuse", "{U}", "Instant",
     spell=spell(fx.CounterSpell(fx.TARGET(0)),
                 fx.CreateTokens("Treasure", 2, who=fx.PLAYER_OF(fx.TARGET(0))),
                 targets=[target("target noncreature spell", "spell", zone="stack",
                                 filter=lambda g, t, tc: "Creature" not in g.chars(t).types)],
                 text="Counter target noncreature spell. Its controller creates two Treasure tokens. "
                      "(They're artifacts with \"{T}, Sacrifice this artifact: Add one mana of any color.\")"))

card("Fake Your Own Death", "{1}{B}", "Instant",
     spell=spell(fx.ModifyPT(fx.TARGET(0), 2, 0),
                 fx.GrantAbilities(fx.TARGET(0), TriggeredAbility(
                     tr.Dies(), (PutOntoBattlefield(fx.INFO("died"), tapped=True, owner=True),
                                 fx.CreateTokens("Treasure")),
                     text="When this creature dies, return it to the battlefield tapped under its owner's "
                          "control and you create a Treasure token.")),
                 targets=[creature()],
                 text="Until end of turn, target creature gets +2/+0 and gains \"When this creature dies, "
                      "return it to the battlefield tapped under its owner's control and you create a "
                      "Treasure token.\" (It's an artifact with \"{T}, Sacrifice this artifact: Add one "
                      "mana of any color.\")"))

card("Goldhound", "{R}", "Artifact Creature — Treasure Dog", pt=(1, 1), keywords=["first strike", "menace"],
     abilities=[mana_ability("{T}, Sacrifice ~", "W", "U", "B", "R", "G",
                             text="{T}, Sacrifice Goldhound: Add one mana of any color.")])

card("Black Market Tycoon", "{R}{G}", "Creature — Cat Rogue", pt=(2, 2),
     abilities=[TriggeredAbility(tr.AtBeginningOf("upkeep", "your"),
                                 (fx.DealDamage(lambda g, ctx: 2 * _treasures_you_control(g, ctx), fx.YOU),),
                                 text="At the beginning of your upkeep, Black Market Tycoon deals 2 damage to "
                                      "you for each Treasure you control."),
                act("{T}", fx.CreateTokens("Treasure"), text="{T}: Create a Treasure token.")])

def _exiled_with_it(g, src, ch, allc):
    """'equal to the number of cards exiled with it' (607.2a): its own linked cards still
    in exile (a new object, 400.7, has none)."""
    n = 0
    for cid in linked_exile(g, src):
        e = g.card_entity.get(cid)
        if e is not None and g.exists(e) and g.zone_of(e) == "exile":
            n += 1
    return n, n


card("Unlicensed Hearse", "{2}", "Artifact — Vehicle", pt=("*", "*"), keywords=["crew 2"],
     abilities=[act("{T}", ExileLinked(what=fx.TARGET(0)),
                    targets=[target("up to two target cards from a single graveyard", "card", zone="graveyard",
                                    min=0, max=2, group=from_one_graveyard)],
                    text="{T}: Exile up to two target cards from a single graveyard."),
                StaticAbility(continuous=(st.cda_pt(_exiled_with_it),), zones=_ALL_ZONES,
                              text="Unlicensed Hearse's power and toughness are each equal to the number of "
                                   "cards exiled with it.")])


card("Doubling Season", "{4}{G}", "Enchantment",
     abilities=[StaticAbility(rules=(TwiceAsManyTokens(),),
                              text="If an effect would create one or more tokens under your control, it creates "
                                   "twice that many of those tokens instead."),
                StaticAbility(rules=(TwiceAsManyCounters(),),
                              text="If an effect would put one or more counters on a permanent you control, it "
                                   "puts twice that many of those counters on that permanent instead.")])

card("Jinnie Fay, Jetmir's Second", "{R/G}{G}{G/W}", "Legendary Creature — Elf Druid", pt=(3, 3),
     abilities=[StaticAbility(rules=(InsteadCreate("Cat", "Dog"),),
                              text="If you would create one or more tokens, you may instead create that many 2/2 "
                                   "green Cat creature tokens with haste or that many 3/1 green Dog creature "
                                   "tokens with vigilance.")])


card("Slip Out the Back", "{U}", "Instant",
     spell=spell(fx.AddCounters(fx.TARGET(0), "+1/+1", 1), fx.PhaseOut(fx.TARGET(0)),
                 targets=[creature()],
                 text="Put a +1/+1 counter on target creature. It phases out. (Treat it and anything attached "
                      "to it as though they don't exist until its controller's next turn.)"))


def _creature_card_mv2_in_your_graveyard(g, t, tc):
    ch = g.chars(t)
    return (g.owner(t) == tc.controller and "Creature" in ch.types
            and ch.cost.mana_value <= 2)                                 # CR 202.3


card("Extraction Specialist", "{2}{W}", "Creature — Human Rogue", pt=(3, 2), keywords=["lifelink"],
     abilities=[TriggeredAbility(
         tr.Enters(),
         (PutOntoBattlefield(fx.TARGET(0), key="returned"),
          # 611.2b: for as long as you control it (ends if it leaves, phases out or changes control)
          fx.AddFlag(fx.CHOSEN("returned"), "cant_attack", duration="while_controlled"),
          fx.AddFlag(fx.CHOSEN("returned"), "cant_block", duration="while_controlled")),
         targets=(target("target creature card with mana value 2 or less from your graveyard", "card",
                         zone="graveyard", filter=_creature_card_mv2_in_your_graveyard),),
         text="When Extraction Specialist enters the battlefield, return target creature card with mana value "
              "2 or less from your graveyard to the battlefield. That creature can't attack or block for as "
              "long as you control Extraction Specialist.")])


card("Sleep with the Fishes", "{2}{U}{U}", "Enchantment — Aura", keywords=["enchant creature"],
     abilities=[TriggeredAbility(tr.Enters(), (fx.Tap(fx.ATTACHED), fx.CreateTokens("Fish")),
                                 text="When Sleep with the Fishes enters the battlefield, tap enchanted creature "
                                      "and you create a 1/1 blue Fish creature token with \"This creature can't be "
                                      "blocked.\""),
                StaticAbility(continuous=(st.rule_flag(st.attached_object(), "doesnt_untap"),),
                              text="Enchanted creature doesn't untap during its controller's untap step.")])

card("Quick-Draw Dagger", "{3}", "Artifact — Equipment", keywords=["flash", "equip {1}"],
     abilities=[TriggeredAbility(tr.Enters(), (fx.AttachSelfTo(fx.TARGET(0)),
                                               fx.GrantKeywords(fx.TARGET(0), ["first strike"])),
                                 targets=(creature_you_control(),),
                                 text="When Quick-Draw Dagger enters the battlefield, attach it to target creature "
                                      "you control. That creature gains first strike until end of turn."),
                StaticAbility(continuous=(st.modify_pt(st.attached_object(), 1, 1),),
                              text="Equipped creature gets +1/+1.")])


card("Paragon of Modernity", "{4}", "Artifact Creature — Angel Warrior", pt=(2, 2), keywords=["flying"],
     abilities=[act("{3}", IfColorsSpent(3, [fx.ModifyPT(fx.SELF, 1, 1)], unless=True),
                    IfColorsSpent(3, [fx.AddCounters(fx.SELF, "+1/+1", 1)]),
                    text="{3}: Paragon of Modernity gets +1/+1 until end of turn. If exactly three colors of mana "
                         "were spent to activate this ability, put a +1/+1 counter on it instead.")])


@writes("types")
def _not_a_planeswalker_but_a_creature(g, ce, ch, allc):
    ch.types = (frozenset(ch.types) - {"Planeswalker"}) | {"Creature"}


@writes("power", "toughness")
def _base_zero(g, ce, ch, allc):
    """A permanent that becomes a creature with no power and toughness of its own: base 0/0
    (002 Luxior, Giada's Gift R2: unless another effect gives it some)."""
    if ch.power is None:
        ch.power, ch.toughness = 0, 0


@writes("power", "toughness")
def _plus_one_per_counter(g, ce, ch, allc):
    n = sum(k for _, k in g.counters(ch.eid).items)
    if ch.power is not None and n:
        ch.power += n
        ch.toughness += n


card("Luxior, Giada's Gift", "{1}", "Legendary Artifact — Equipment", keywords=["equip planeswalker {1}", "equip {3}"],
     abilities=[StaticAbility(continuous=(StaticEffect(L_7C, st.attached_object(), _plus_one_per_counter),),
                              text="Equipped creature gets +1/+1 for each counter on it."),
                StaticAbility(continuous=(StaticEffect(L_TYPE, st.attached_object(), _not_a_planeswalker_but_a_creature),
                                          StaticEffect(L_7B, st.attached_object(), _base_zero)),
                              text="Equipped permanent isn't a planeswalker and is a creature in addition to its "
                                   "other types. (Loyalty abilities can still be activated.)")])


def _another_creature_you_control(g, new, source, controller):
    ch = g.chars(new)
    return new != source and "Creature" in ch.types and ch.controller == controller


card("Gala Greeters", "{1}{G}", "Creature — Elf Druid", pt=(1, 1),
     abilities=[ModalTriggeredAbility(
         tr.Enters(self_only=False, filter=_another_creature_you_control),
         modes=(("Put a +1/+1 counter on Gala Greeters.", (), (fx.AddCounters(fx.SELF, "+1/+1", 1),)),
                ("Create a tapped Treasure token.", (), (fx.CreateTokens("Treasure", tapped=True),)),
                ("You gain 2 life.", (), (fx.GainLife(fx.YOU, 2),))),
         new_each_turn=True,
         text="Alliance — Whenever another creature enters the battlefield under your control, choose one that "
              "hasn't been chosen this turn —\n• Put a +1/+1 counter on Gala Greeters.\n• Create a tapped "
              "Treasure token.\n• You gain 2 life.")])


def _controlled_by_different_players(g, grp) -> bool:
    return len({g.chars(t).controller for t in grp}) == len(grp)


card("Lagrella, the Magpie", "{G}{W}{U}", "Legendary Creature — Human Soldier", pt=(2, 3),
     abilities=[TriggeredAbility(
         tr.Enters(),
         (ExileUntilLeaves(fx.TARGET(0), returned=TriggeredAbility(
             None, (fx.AddCounters(fx.INFO("entered"), "+1/+1", 2),),
             text="When an exiled card enters the battlefield under your control this way, put two +1/+1 "
                  "counters on it.")),),
         targets=(target("any number of other target creatures controlled by different players", "creature",
                         filter=lambda g, t, tc: t != tc.source, min=0, max=99,
                         group=_controlled_by_different_players),),
         text="When Lagrella, the Magpie enters the battlefield, exile any number of other target creatures "
              "controlled by different players until Lagrella leaves the battlefield. When an exiled card "
              "enters the battlefield under your control this way, put two +1/+1 counters on it.")])
