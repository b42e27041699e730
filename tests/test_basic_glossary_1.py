"""Basic Rulebook (spec 000) glossary G-001..G-083 (T-165..T-300): statements a scenario
file can't express — test-only cards with rules text, the decision interface, deck
construction, seeded shuffles."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import (make_card, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility,
                       parse_activation_cost)
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast, Activate, IllegalAction, PlayerRef, PlayLand
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems import zones
from mtg_ecs.systems.targeting import creature, creature_you_control, target, opponent
from mtg_ecs.systems.replacement import add_shield


def setup(p0, p1=None, **kw):
    return {"players": [p0, p1 or {}], **kw}


def pass_until(game, pred, limit=300):
    for _ in range(limit):
        if pred(game):
            return
        d = game.pending
        assert d is not None, "game ended"
        if d.kind == "priority":
            game.decide(Pass())
        elif d.kind in ("attackers", "blockers"):
            game.decide({})
        else:
            raise AssertionError(f"unexpected decision {d}")
    raise AssertionError("condition never reached")


def resolve_top(game):
    """Both players pass once: the top of the stack resolves."""
    top = game.stack[-1]
    while top in game.stack:
        assert game.pending is not None and game.pending.kind == "priority", game.pending
        game.decide(Pass())


def ent(game, h, handle):
    return game.card_entity[h[handle]]


# --------------------------------------------------------------------------
# test-only cards
# --------------------------------------------------------------------------
def _act(cost, *effects, targets=(), text=""):
    return ActivatedAbility(cost=parse_activation_cost(cost), effects=tuple(effects),
                            targets=tuple(targets), text=text or cost)


LIFE_TAP = make_card("Test Life Tap", "{2}", "Artifact",
                     abilities=[_act("{T}", fx.GainLife(fx.YOU, 1), text="{T}: You gain 1 life.")])

PHANTOM = make_card("Test Phantom", "{1}{U}", "Creature — Spirit", pt=(2, 2),
                    abilities=[StaticAbility(continuous=(st.rule_flag(st.this_object(), "cant_be_blocked"),),
                                             text="Test Phantom can't be blocked.")])

BRAWL = make_card("Test Brawl", "{G}", "Sorcery", spell=SpellAbility(
    effects=(fx.Fight(fx.TARGET(0), fx.TARGET(1)),),
    targets=(creature_you_control(),
             creature("target creature you don't control",
                      filter=lambda g, t, tc: g.chars(t).controller != tc.controller)),
    text="Target creature you control fights target creature you don't control."))

BLOOD_ALTAR = make_card("Test Blood Altar", "{1}", "Artifact", abilities=[
    _act("Pay 4 life", fx.Draw(fx.YOU, 1), text="Pay 4 life: Draw a card."),
    _act("Pay 3 life", fx.Draw(fx.YOU, 1), text="Pay 3 life: Draw a card.")])

GRAVE_WATCHER = make_card("Test Grave Watcher", "{1}{B}", "Enchantment", abilities=[
    TriggeredAbility(tr.Dies(self_only=False), (fx.GainLife(fx.YOU, 1),),
                     text="Whenever a creature dies, you gain 1 life.")])

BANISH = make_card("Test Banish", "{W}", "Instant", spell=SpellAbility(
    effects=(fx.Exile(fx.TARGET(0)),), targets=(creature(),), text="Exile target creature."))

REFRESH = make_card("Test Refresh", "{W}", "Instant", spell=SpellAbility(
    effects=(fx.Untap(fx.TARGET(0)),), targets=(creature(),), text="Untap target creature."))

TAUNT = make_card("Test Taunt", "{B}", "Instant", spell=SpellAbility(
    effects=(fx.LoseLife(fx.TARGET(0), 1),), targets=(opponent(),), text="Target opponent loses 1 life."))


def _dig(game, ctx):
    lib = game.players[ctx.controller].library
    if lib:
        zones.move(game, lib[-1], "hand", cause="effect")


DIG = make_card("Test Dig", "{U}", "Instant", spell=SpellAbility(
    effects=(fx.Custom(_dig),), text="Put the top card of your library into your hand."))


def _summon_all(game, ctx):
    for c in list(game.players[ctx.controller].hand):
        if "Creature" in game.chars(c).types:
            zones.put_onto_battlefield(game, c, controller=ctx.controller, cause="effect")


SUMMONING = make_card("Test Summoning", "{G}", "Sorcery", spell=SpellAbility(
    effects=(fx.Custom(_summon_all),),
    text="Put all creature cards from your hand onto the battlefield."))

DEFS = {d.name: d for d in (LIFE_TAP, PHANTOM, BRAWL, BLOOD_ALTAR, GRAVE_WATCHER, BANISH, REFRESH,
                            TAUNT, DIG, SUMMONING)}


def game_of(p0, p1=None, **kw):
    return Game.from_setup(setup(p0, p1, **kw), defs=DEFS)


# --------------------------------------------------------------------------
# G-007 {T}
# --------------------------------------------------------------------------
def test_noncreature_tap_ability_not_summoning_sick():
    """000 T-173: a noncreature artifact with a {T} ability that entered this turn can be
    activated; summoning sickness applies only to creatures (CR 302.6)."""
    g, h = game_of({"battlefield": [{"card": "Test Life Tap", "id": "lt", "sick": True},
                                    {"card": "Intrepid Hero", "id": "ih", "sick": True}]},
                   {"battlefield": ["Serra Angel"]})
    lt, ih = ent(g, h, "lt"), ent(g, h, "ih")
    assert Activate(lt, 0) in g.pending.options
    assert not any(isinstance(a, Activate) and a.source == ih for a in g.pending.options)
    g.decide(Activate(lt, 0))
    assert g.is_tapped(lt)
    resolve_top(g)
    assert g.players[0].life == 21


# --------------------------------------------------------------------------
# G-008 hybrid, G-040 multicolored: mana value
# --------------------------------------------------------------------------
def test_hybrid_card_mana_value():
    """000 T-175: a card with mana cost {1}{W/U} is white and blue and has mana value 2."""
    guard = make_card("Test Azorius Guard", "{1}{W/U}", "Creature — Human Soldier", pt=(2, 2))
    g, h = Game.from_setup(setup({"hand": [{"card": guard.name, "id": "g"}]}), defs={guard.name: guard})
    c = g.chars(ent(g, h, "g"))
    assert c.colors == frozenset({"W", "U"})
    assert c.mana_value == 2


def test_bolas_multicolored_mana_value():
    """000 T-225: Nicol Bolas, Planeswalker ({4}{U}{B}{B}{R}) is blue, black and red and has
    mana value 8."""
    g, h = game_of({"hand": [{"card": "Nicol Bolas, Planeswalker", "id": "nb"}]})
    c = g.chars(ent(g, h, "nb"))
    assert c.colors == frozenset({"U", "B", "R"})
    assert len(c.colors) > 1
    assert c.mana_value == 8


# --------------------------------------------------------------------------
# G-014 can't be blocked
# --------------------------------------------------------------------------
def test_cant_be_blocked():
    """000 T-186: the defending player can't declare any blocker for an attacking creature
    that can't be blocked (CR 509.1b)."""
    g, h = game_of({"battlefield": [{"card": "Test Phantom", "id": "ph"}, {"card": "Centaur Courser", "id": "cc"}]},
                   {"battlefield": [{"card": "Serra Angel", "id": "sa"}]})
    ph, cc, sa = (ent(g, h, x) for x in ("ph", "cc", "sa"))
    pass_until(g, lambda g: g.pending.kind == "attackers")
    g.decide({ph: PlayerRef(1), cc: PlayerRef(1)})
    pass_until(g, lambda g: g.pending.kind == "blockers")
    with pytest.raises(IllegalAction):
        g.decide({sa: ph})
    g.decide({sa: cc})
    pass_until(g, lambda g: g.step == "end_of_combat")
    assert g.players[1].life == 18


# --------------------------------------------------------------------------
# G-016 fight
# --------------------------------------------------------------------------
def test_fight_courser_and_scroll_thief():
    """000 T-191: Centaur Courser (3/3) fighting Scroll Thief (1/3): each deals damage equal to
    its power to the other; Thief is destroyed, Courser survives with 1 damage; the damage is
    not combat damage, so Scroll Thief's trigger doesn't apply (CR 701.14a)."""
    g, h = game_of({"battlefield": ["Forest", {"card": "Centaur Courser", "id": "cc"}],
                    "hand": [{"card": "Test Brawl", "id": "br"}]},
                   {"battlefield": [{"card": "Scroll Thief", "id": "st"}], "library": ["Island"]})
    cc, stf = ent(g, h, "cc"), ent(g, h, "st")
    g.decide(Cast(ent(g, h, "br"), targets=[[cc], [stf]]))
    resolve_top(g)
    assert g.zone_of(g.card_entity[h["st"]]) == "graveyard"
    assert g.damage_on(cc) == 1
    dmg = [d for k, d in g.log if k == "damage"]
    assert len(dmg) == 2 and not any(d["combat"] for d in dmg)
    assert len(g.players[1].hand) == 0 and not g.stack


def test_fight_deathtouch():
    """000 T-192: Deadly Recluse (deathtouch) fighting Stormtide Leviathan: both are destroyed
    (deathtouch applies to any damage, CR 702.2b)."""
    g, h = game_of({"battlefield": ["Forest", {"card": "Deadly Recluse", "id": "dr"}],
                    "hand": [{"card": "Test Brawl", "id": "br"}]},
                   {"battlefield": [{"card": "Stormtide Leviathan", "id": "sl"}]})
    g.decide(Cast(ent(g, h, "br"), targets=[[ent(g, h, "dr")], [ent(g, h, "sl")]]))
    resolve_top(g)
    assert g.zone_of(g.card_entity[h["dr"]]) == "graveyard"
    assert g.zone_of(g.card_entity[h["sl"]]) == "graveyard"


# --------------------------------------------------------------------------
# G-011 one-shot effect
# --------------------------------------------------------------------------
def test_one_shot_effect_leaves_nothing_behind():
    """000 T-183: Divination's effect is complete when it resolves: two cards drawn and no
    continuous effect, shield or delayed trigger left in the game (CR 610.1)."""
    g, h = game_of({"battlefield": ["Island", "Island", "Island"], "hand": [{"card": "Divination", "id": "dv"}],
                    "library": ["Forest"] * 10})
    g.decide(Cast(ent(g, h, "dv")))
    resolve_top(g)
    assert len(g.players[0].hand) == 2 and len(g.players[0].library) == 8
    assert g.effects == [] and g.shields == [] and g.delayed == []


# --------------------------------------------------------------------------
# G-017 counter: no response while resolving
# --------------------------------------------------------------------------
def test_no_priority_while_resolving():
    """000 T-195: once Divination starts to resolve nobody gets priority until it has finished:
    the next decision after the last pass is the active player's priority with the cards drawn
    and the stack empty (CR 608.2, 117.3b)."""
    g, h = game_of({"battlefield": ["Island", "Island", "Island"], "hand": [{"card": "Divination", "id": "dv"}],
                    "library": ["Forest", "Forest", "Forest"]},
                   {"battlefield": ["Island", "Island"], "hand": ["Essence Scatter"]})
    g.decide(Cast(ent(g, h, "dv")))
    g.decide(Pass())
    assert g.pending.player == 1 and g.stack          # p1 could respond now
    g.decide(Pass())
    assert g.pending.kind == "priority" and g.pending.player == 0
    assert not g.stack and len(g.players[0].hand) == 2
    assert g.zone_of(g.card_entity[h["dv"]]) == "graveyard"


# --------------------------------------------------------------------------
# G-019 pay life
# --------------------------------------------------------------------------
def test_pay_life_limits():
    """000 T-197: with 3 life a player can't pay 4 life but can pay 3 life, going to 0 and
    losing at the next state-based-action check (CR 119.4, 704.5a)."""
    g, h = game_of({"life": 3, "battlefield": [{"card": "Test Blood Altar", "id": "ba"}],
                    "library": ["Forest", "Forest"]})
    ba = ent(g, h, "ba")
    assert Activate(ba, 0) not in g.pending.options
    with pytest.raises(IllegalAction):
        g.decide(Activate(ba, 0))
    assert g.players[0].life == 3
    g.decide(Activate(ba, 1))
    assert g.players[0].life == 0
    assert g.over and g.winner == 1


def test_paying_life_not_prevented_by_fog():
    """000 T-198: paying life isn't damage, so Fog's prevention doesn't affect it (CR 119.4)."""
    g, h = game_of({"life": 10, "battlefield": ["Forest", {"card": "Test Blood Altar", "id": "ba"}],
                    "hand": [{"card": "Fog", "id": "fog"}], "library": ["Forest", "Forest"]})
    g.decide(Cast(ent(g, h, "fog")))
    resolve_top(g)
    g.decide(Activate(ent(g, h, "ba"), 1))
    assert g.players[0].life == 7


# --------------------------------------------------------------------------
# G-025 permanent
# --------------------------------------------------------------------------
def test_no_action_removes_own_permanent():
    """000 T-206: no action lets a player remove their own permanent without an effect or cost
    saying so (CR 110.1): the only legal action is to pass."""
    g, h = game_of({"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Kitesail"]})
    opts = g.pending.options
    assert all(isinstance(a, (Pass, Activate)) for a in opts)
    # Kitesail's equip is its only activated ability; nothing else is offered
    assert [a for a in opts if not isinstance(a, Pass)] == [
        a for a in opts if isinstance(a, Activate) and g.chars(a.source).name == "Kitesail"]


# --------------------------------------------------------------------------
# G-042 dies, G-082 tokens
# --------------------------------------------------------------------------
def test_bounce_and_exile_are_not_dying():
    """000 T-229: a creature returned to hand (Unsummon) or exiled did not die (CR 700.4)."""
    g, h = game_of({"life": 10, "mana": {"U": 1, "W": 1},
                    "battlefield": ["Test Grave Watcher"],
                    "hand": [{"card": "Unsummon", "id": "un"}, {"card": "Test Banish", "id": "bn"}]},
                   {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, {"card": "Serra Angel", "id": "sa"}]})
    g.decide(Cast(ent(g, h, "un"), targets=[ent(g, h, "cc")]))
    resolve_top(g)
    g.decide(Cast(ent(g, h, "bn"), targets=[ent(g, h, "sa")]))
    resolve_top(g)
    assert g.zone_of(g.card_entity[h["cc"]]) == "hand"
    assert g.zone_of(g.card_entity[h["sa"]]) == "exile"
    assert not g.stack and not g.pending_triggers
    assert g.players[0].life == 10


def test_colossus_shuffled_in_did_not_die():
    """000 T-230: Darksteel Colossus that would be put into a graveyard from the battlefield is
    shuffled into its owner's library instead and did not die."""
    g, h = game_of({"life": 10, "battlefield": ["Test Grave Watcher", {"card": "Bloodthrone Vampire", "id": "bv"},
                                                 {"card": "Darksteel Colossus", "id": "dc"}]})
    g.decide(Activate(ent(g, h, "bv"), 0, pay={"sacrifice": [ent(g, h, "dc")]}))
    assert g.zone_of(g.card_entity[h["dc"]]) == "library"
    resolve_top(g)
    assert not g.stack and g.players[0].life == 10


def test_sacrificed_creature_died():
    """000 T-231: a sacrificed creature dies (put into a graveyard from the battlefield)."""
    g, h = game_of({"life": 10, "battlefield": ["Test Grave Watcher", {"card": "Bloodthrone Vampire", "id": "bv"},
                                                 {"card": "Centaur Courser", "id": "cc"}]})
    g.decide(Activate(ent(g, h, "bv"), 0, pay={"sacrifice": [ent(g, h, "cc")]}))
    assert g.zone_of(g.card_entity[h["cc"]]) == "graveyard"
    assert len(g.stack) == 2            # the Vampire's ability and the dies trigger on top
    resolve_top(g)
    assert g.players[0].life == 11


def test_token_dies_then_ceases_to_exist():
    """000 T-295: a destroyed Beast token is put into its owner's graveyard (a "dies" trigger
    triggers) and then ceases to exist; no card is left in the graveyard (CR 111.7, 704.5d)."""
    g, h = game_of({"life": 10, "battlefield": ["Test Grave Watcher", {"card": "Beast", "id": "tok", "token": True}]},
                   {"battlefield": ["Mountain", "Mountain"], "hand": [{"card": "Searing Spear", "id": "sp"}]})
    g.decide(Pass())
    g.decide(Cast(ent(g, h, "sp"), targets=[ent(g, h, "tok")]))
    resolve_top(g)
    assert any(k == "zone_change" and d.get("to") == "graveyard" and d.get("frm") == "battlefield"
               for k, d in g.log)
    assert g.players[0].graveyard == []
    assert h["tok"] not in g.card_entity or not g.exists(g.card_entity[h["tok"]])
    resolve_top(g)                      # the Watcher's dies trigger
    assert g.players[0].life == 11


# --------------------------------------------------------------------------
# G-048 attack
# --------------------------------------------------------------------------
def test_untapped_attacker_still_attacking():
    """000 T-239: declaring an attacker (without vigilance) taps it; untapped afterwards, it is
    still an attacking creature and deals combat damage (CR 508.1f, 506.4)."""
    g, h = game_of({"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Plains"],
                    "hand": [{"card": "Test Refresh", "id": "rf"}]})
    cc = ent(g, h, "cc")
    pass_until(g, lambda g: g.pending.kind == "attackers")
    g.decide({cc: PlayerRef(1)})
    assert g.is_tapped(cc)
    g.decide(Cast(ent(g, h, "rf"), targets=[cc]))
    resolve_top(g)
    assert not g.is_tapped(cc)
    from mtg_ecs.components import Attacking
    assert g.world.has(cc, Attacking)
    pass_until(g, lambda g: g.step == "end_of_combat")
    assert g.players[1].life == 17


# --------------------------------------------------------------------------
# G-052 prevention: a fixed-amount shield against simultaneous sources
# --------------------------------------------------------------------------
def _shield3(game, ctx):
    from mtg_ecs.systems.replacement import PreventNextDamage
    for t in fx.TARGET(0).resolve(game, ctx):
        add_shield(game, PreventNextDamage(t, 3))


MENDING = make_card("Test Mending", "{W}", "Instant", spell=SpellAbility(
    effects=(fx.Custom(_shield3),), targets=(creature(),),
    text="Prevent the next 3 damage that would be dealt to target creature this turn."))
VENOM = make_card("Test Venom Bear", "{1}{B}", "Creature — Bear", pt=(2, 2), keywords=["deathtouch"])
DEFS.update({MENDING.name: MENDING, VENOM.name: VENOM})


def _double_blocked_courser():
    g, h = game_of({"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Plains"],
                    "hand": [{"card": "Test Mending", "id": "tm"}]},
                   {"battlefield": [{"card": "Test Venom Bear", "id": "vb"}, {"card": "Canyon Minotaur", "id": "cm"}]})
    cc, vb, cm = (ent(g, h, x) for x in ("cc", "vb", "cm"))
    pass_until(g, lambda g: g.pending.kind == "attackers")
    g.decide({cc: PlayerRef(1)})
    pass_until(g, lambda g: g.pending.kind == "blockers")
    g.decide({vb: cc, cm: cc})
    assert g.pending.kind == "priority" and g.pending.player == 0
    g.decide(Cast(ent(g, h, "tm"), targets=[cc]))
    resolve_top(g)
    pass_until(g, lambda g: g.pending.kind != "priority")
    assert g.pending.kind == "damage_assignment"
    g.decide({vb: 3, cm: 0})
    return g, h, cc, vb, cm


def test_prevention_shield_choice_among_sources():
    """000 T-243: a "prevent the next 3 damage" shield on a creature that two sources would
    damage at once (2 deathtouch + 3): the creature's controller chooses which damage it
    prevents (CR 615.7); preventing all deathtouch damage keeps the creature alive."""
    g, h, cc, vb, cm = _double_blocked_courser()
    d = g.pending
    assert d.kind == "prevention" and d.player == 0
    assert set(d.options) == {vb, cm}
    with pytest.raises(IllegalAction):
        g.decide({vb: 3})                   # more than that source deals
    with pytest.raises(IllegalAction):
        g.decide({vb: 1, cm: 1})            # the shield prevents exactly 3
    g.decide({vb: 2, cm: 1})
    pass_until(g, lambda g: g.step == "end_of_combat")
    assert g.zone_of(cc) == "battlefield" and g.damage_on(cc) == 2


def test_prevention_shield_other_choice():
    """000 T-243: the same shield applied the other way (all 3 from the Minotaur) leaves the
    deathtouch damage, and the creature is destroyed — the choice matters (CR 615.7)."""
    g, h, cc, vb, cm = _double_blocked_courser()
    g.decide({vb: 0, cm: 3})
    pass_until(g, lambda g: g.step == "end_of_combat")
    assert g.zone_of(g.card_entity[h["cc"]]) == "graveyard"


# --------------------------------------------------------------------------
# G-062 draw a card
# --------------------------------------------------------------------------
def test_put_into_hand_is_not_drawing():
    """000 T-266, 000 T-267: putting the top card of a library into hand without the word "draw"
    isn't drawing: it doesn't count as a draw, and with an empty library it makes nobody lose
    (CR 121.1, 704.5b)."""
    g, h = game_of({"mana": {"U": 2}, "hand": [{"card": "Test Dig", "id": "d1"}, {"card": "Test Dig", "id": "d2"}],
                    "library": [{"card": "Forest", "id": "f"}]})
    g.decide(Cast(ent(g, h, "d1")))
    resolve_top(g)
    assert g.zone_of(g.card_entity[h["f"]]) == "hand"
    assert g.players[0].cards_drawn_turn == 0
    assert not any(k == "draw" for k, _ in g.log)
    g.decide(Cast(ent(g, h, "d2")))
    resolve_top(g)
    assert not g.players[0].library
    assert not g.over and not g.players[0].lost
    assert g.pending.kind == "priority"


# --------------------------------------------------------------------------
# G-055 play
# --------------------------------------------------------------------------
TOP_SIGHT = make_card("Test Top Sight", "{2}{U}", "Enchantment", abilities=[
    StaticAbility(rules=("play_top_of_library",),
                  text="You may play lands and cast spells from the top of your library.")])
DEFS[TOP_SIGHT.name] = TOP_SIGHT


def test_play_land_from_library_uses_land_play():
    """000 T-248: "you may play the top card of your library": a land on top may be played,
    and that is the turn's land play (CR 305.2, 305.1) — a second land can't be played, and a
    land from the top can't be played after a land from hand."""
    g, h = game_of({"battlefield": ["Test Top Sight"],
                    "hand": [{"card": "Island", "id": "isl"}],
                    "library": [{"card": "Forest", "id": "f1"}, {"card": "Forest", "id": "f2"}]})
    f1 = ent(g, h, "f1")
    assert PlayLand(f1) in g.pending.options
    assert PlayLand(ent(g, h, "f2")) not in g.pending.options      # only the top card
    g.decide(PlayLand(f1))
    assert g.zone_of(g.card_entity[h["f1"]]) == "battlefield"
    assert g.players[0].lands_played == 1
    f2 = ent(g, h, "f2")
    assert PlayLand(f2) not in g.pending.options
    with pytest.raises(IllegalAction):
        g.decide(PlayLand(f2))
    with pytest.raises(IllegalAction):
        g.decide(PlayLand(ent(g, h, "isl")))

    g, h = game_of({"battlefield": ["Test Top Sight"], "hand": [{"card": "Island", "id": "isl"}],
                    "library": [{"card": "Forest", "id": "f1"}]})
    g.decide(PlayLand(ent(g, h, "isl")))
    with pytest.raises(IllegalAction):
        g.decide(PlayLand(ent(g, h, "f1")))


def test_play_nonland_from_library_is_casting():
    """000 T-249: "play" a nonland card from the top of the library means casting it: its
    costs are paid and the timing rules apply (CR 601.2, 307.1)."""
    g, h = game_of({"battlefield": ["Test Top Sight", {"card": "Forest", "id": "fa"}, {"card": "Forest", "id": "fb"},
                                    {"card": "Forest", "id": "fc"}],
                    "hand": [{"card": "Titanic Growth", "id": "tg"}],
                    "library": [{"card": "Centaur Courser", "id": "cc"}, {"card": "Forest", "id": "x"}]},
                   {"battlefield": [{"card": "Serra Angel", "id": "sa"}]})
    cc = ent(g, h, "cc")
    assert Cast(cc) in g.pending.options
    # sorcery timing: not with a spell on the stack
    g.decide(Cast(ent(g, h, "tg"), targets=[ent(g, h, "sa")], mana=[ent(g, h, "fa"), ent(g, h, "fb")]))
    assert Cast(cc) not in g.pending.options
    with pytest.raises(IllegalAction):
        g.decide(Cast(cc))
    resolve_top(g)
    # one Forest left: {2}{G} can't be paid
    assert Cast(cc) not in g.pending.options
    g, h = game_of({"battlefield": ["Test Top Sight", {"card": "Forest", "id": "fa"}, {"card": "Forest", "id": "fb"},
                                    {"card": "Forest", "id": "fc"}],
                    "library": [{"card": "Centaur Courser", "id": "cc"}]})
    g.decide(Cast(ent(g, h, "cc")))
    assert all(g.is_tapped(ent(g, h, x)) for x in ("fa", "fb", "fc"))
    assert g.players[0].spells_cast_turn == 1
    resolve_top(g)
    assert g.zone_of(g.card_entity[h["cc"]]) == "battlefield"


# --------------------------------------------------------------------------
# G-065 put onto the battlefield
# --------------------------------------------------------------------------
def test_put_onto_battlefield_is_not_casting():
    """000 T-269: a red creature card put onto the battlefield by an effect isn't cast, so Goblin
    Battle Jester's "whenever you cast a red spell" doesn't trigger; enters triggers (Elvish
    Visionary) do (CR 110.2, 603.6a)."""
    g, h = game_of({"battlefield": ["Forest", {"card": "Goblin Battle Jester", "id": "gbj"}],
                    "hand": [{"card": "Test Summoning", "id": "ts"}, {"card": "Canyon Minotaur", "id": "cm"},
                             {"card": "Elvish Visionary", "id": "ev"}],
                    "library": ["Island", "Island"]},
                   {"battlefield": ["Serra Angel"]})
    g.decide(Cast(ent(g, h, "ts")))
    resolve_top(g)
    assert g.zone_of(g.card_entity[h["cm"]]) == "battlefield"
    assert g.zone_of(g.card_entity[h["ev"]]) == "battlefield"
    assert g.players[0].spells_cast_turn == 1              # only Test Summoning was cast
    from mtg_ecs.components import StackAbility
    on_stack = [g.world.ents[e][StackAbility].source_card for e in g.stack]
    assert on_stack == [h["ev"]]
    resolve_top(g)
    assert len(g.players[0].hand) == 1


# --------------------------------------------------------------------------
# G-068 player
# --------------------------------------------------------------------------
def test_target_opponent_not_self():
    """000 T-272: "target opponent" can't be the spell's controller (CR 102.3, 115.1)."""
    g, h = game_of({"mana": {"B": 1}, "hand": [{"card": "Test Taunt", "id": "tt"}]})
    tt = ent(g, h, "tt")
    with pytest.raises(IllegalAction):
        g.decide(Cast(tt, targets=[PlayerRef(0)]))
    g.decide(Cast(tt, targets=[PlayerRef(1)]))
    resolve_top(g)
    assert g.players[1].life == 19 and g.players[0].life == 20


# --------------------------------------------------------------------------
# G-071 nonbasic land: deck construction
# --------------------------------------------------------------------------
def test_nonbasic_land_four_copies():
    """000 T-278: Dragonskull Summit has no basic supertype, so a constructed deck may hold at
    most four; basic lands are unlimited (CR 100.2a, 205.4c)."""
    from mtg_ecs.apps import decklist
    from mtg_ecs.cards import get_card
    assert "Basic" not in get_card("Dragonskull Summit").supertypes
    ok = ["Dragonskull Summit"] * 4 + ["Mountain"] * 56
    decklist.validate(ok)
    bad = ["Dragonskull Summit"] * 5 + ["Mountain"] * 55
    with pytest.raises(decklist.DeckInvalid):
        decklist.validate(bad)


# --------------------------------------------------------------------------
# G-080 shuffle
# --------------------------------------------------------------------------
DECK = (["Forest"] * 17 + ["Centaur Courser"] * 4 + ["Arbor Elf"] * 4 + ["Titanic Growth"] * 4
        + ["Elvish Visionary"] * 4 + ["Island"] * 10 + ["Unsummon"] * 4 + ["Divination"] * 4
        + ["Kraken Hatchling"] * 4 + ["Wind Drake"] * 5)


def _started(seed):
    g = Game.new([list(DECK), list(DECK)], seed=seed)
    while g.pending is not None and g.pending.kind == "mulligan":
        g.decide("keep")
    return g


def test_same_seed_same_library_order():
    """000 T-294: two games started with the same seed and the same decisions have identical
    library orders (and hands); shuffles come from the game's seeded RNG (CR 103.2)."""
    a, b = _started(7), _started(7)
    for pa, pb in zip(a.players, b.players):
        assert [a.chars(e).name for e in pa.library] == [b.chars(e).name for e in pb.library]
        assert [a.chars(e).name for e in pa.hand] == [b.chars(e).name for e in pb.hand]
    c = _started(8)
    assert any([a.chars(e).name for e in pa.library] != [c.chars(e).name for e in pc.library]
               for pa, pc in zip(a.players, c.players))
