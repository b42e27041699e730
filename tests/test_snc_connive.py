"""Connive (CR 701.50), alliance (207.2c) and doubling power (701.10d) with test-only cards:
what the Streets of New Capenna scenarios can't set up (a 'can't draw cards' effect,
several permanents conniving at once, a 'whenever ~ connives' trigger)."""
import pytest

from mtg_ecs import Cast, Game, IllegalAction, Pass, PlayerRef
from mtg_ecs.components import TAPPED, Damage, Tapped
from mtg_ecs.components.definitions import SpellAbility, StaticAbility, TriggeredAbility, make_card
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.connive import Connive, Connives
from mtg_ecs.systems.player_rules import CantDraw
from mtg_ecs.systems.targeting import creature

MUZZLE = make_card("Test Muzzle", "{1}", "Artifact", abilities=[
    StaticAbility(rules=(CantDraw(),), text="You can't draw cards.")])
SCHEME = make_card("Test Scheme", "{B}", "Sorcery", spell=SpellAbility(effects=(
    Connive(fx.ALL(lambda g, e, ch, ctx: "Creature" in ch.types)),), text="Each creature connives."))
PLOTTER = make_card("Test Plotter", "{U}", "Creature — Rogue", pt=(1, 1), abilities=[
    TriggeredAbility(tr.Enters(), (Connive(),), text="When this creature enters, it connives."),
    TriggeredAbility(Connives(), (fx.GainLife(fx.YOU, 1),),
                     text="Whenever this creature connives, you gain 1 life.")])
SHRINK = make_card("Test Shrink", "{B}", "Instant", spell=SpellAbility(
    effects=(fx.ModifyPT(fx.TARGET(0), -3, 0),), targets=(creature(),),
    text="Target creature gets -3/-0 until end of turn."))
DEFS = {d.name: d for d in (MUZZLE, SCHEME, PLOTTER, SHRINK)}


def _game(p0, p1=None, active=0):
    setup = {"players": [p0, p1 or {}], "turn": {"active": active}}
    return Game.from_setup(setup, defs=DEFS)


def _e(g, h, name):
    return g.card_entity[h[name]]


def _resolve(g):
    """Pass until the top of the stack has resolved or something other than priority is asked."""
    top = g.stack[-1]
    while g.pending.kind == "priority" and top in g.stack:
        g.decide(Pass())


def test_cant_draw_and_empty_hand_connives_without_counter_and_still_triggers():
    """002 §2.2 #4; 002 Raffine, Scheming Seer R2; CR 701.50b: nothing is drawn or discarded,
    no counter; the permanent still connives ('whenever ~ connives' triggers, and Psychic
    Pickpocket's 'when it connives this way' reflexive trigger still happens)."""
    g, h = _game({"hand": [{"card": "Test Plotter", "id": "tp"}], "library": ["Island"],
                  "battlefield": ["Test Muzzle", "Island"]})
    g.decide(Cast(_e(g, h, "tp")))
    _resolve(g)                                 # the creature resolves, its trigger goes on
    assert len(g.stack) == 1
    _resolve(g)
    tp = _e(g, h, "tp")
    assert g.pending.kind == "priority" and len(g.stack) == 1      # 'whenever ~ connives'
    assert g.players[0].hand == [] and len(g.players[0].library) == 1
    assert g.counters(tp).get("+1/+1") == 0
    _resolve(g)
    assert g.players[0].life == 21


def test_pickpocket_cant_draw_reflexive_trigger_still_happens():
    """002 §2.2 #4; 002 Raffine, Scheming Seer R2: Psychic Pickpocket connives with an empty
    hand under 'can't draw': its reflexive trigger still asks for its target."""
    g, h = _game({"hand": [{"card": "Psychic Pickpocket", "id": "pp"}], "library": ["Island"],
                  "battlefield": ["Test Muzzle", "Island", "Island", "Island", "Island", "Island"]},
                 {"battlefield": [{"card": "Goblin Piker", "id": "gp"}]})
    g.decide(Cast(_e(g, h, "pp")))
    _resolve(g)
    _resolve(g)
    assert g.pending.kind == "targets" and g.pending.player == 0
    assert g.counters(_e(g, h, "pp")).get("+1/+1") == 0 and g.players[0].hand == []
    g.decide([_e(g, h, "gp")])
    _resolve(g)
    assert g.zone_of(_e(g, h, "gp")) == "hand"


def test_raffine_target_gets_no_counter_when_nothing_is_discarded():
    """002 Raffine, Scheming Seer R2: the attacking creature connives X with nothing drawn
    or discarded: its counters stay as they were."""
    g, h = _game({"battlefield": [{"card": "Raffine, Scheming Seer", "id": "r"},
                                  {"card": "Goblin Piker", "id": "gp", "counters": {"+1/+1": 1}},
                                  "Test Muzzle"],
                  "library": ["Island", "Island"]})
    while g.pending.kind != "attackers":
        g.decide(Pass())
    g.decide({_e(g, h, "r"): PlayerRef(1), _e(g, h, "gp"): PlayerRef(1)})
    assert g.pending.kind == "targets"
    g.decide([_e(g, h, "gp")])
    _resolve(g)
    assert not g.stack and g.pending.kind == "priority"
    assert g.counters(_e(g, h, "gp")).get("+1/+1") == 1 and len(g.players[0].library) == 2


def test_several_connive_one_at_a_time_apnap_each_controller_choosing():
    """CR 701.50d; 002 §2.2 #7: the first player in APNAP order who controls a conniver
    chooses one; it connives completely (draw, discard, counter) before the next begins;
    then the next player's."""
    g, h = _game({"hand": [{"card": "Test Scheme", "id": "s"}, {"card": "Lightning Bolt", "id": "b0"}],
                  "library": [{"card": "Giant Growth", "id": "gg"}, {"card": "Lightning Bolt", "id": "lb"}],
                  "battlefield": ["Swamp", {"card": "Goblin Piker", "id": "a"},
                                  {"card": "Centaur Courser", "id": "b"}]},
                 {"battlefield": [{"card": "Kraken Hatchling", "id": "k"}],
                  "hand": [{"card": "Forest", "id": "f"}], "library": ["Island"]})
    a, b, k = _e(g, h, "a"), _e(g, h, "b"), _e(g, h, "k")
    g.decide(Cast(_e(g, h, "s")))
    _resolve(g)
    assert g.pending.kind == "choose" and g.pending.player == 0 and set(g.pending.options) == {a, b}
    with pytest.raises(IllegalAction):
        g.decide([k])                           # not p0's to choose
    g.decide([b])
    assert g.pending.kind == "discard" and g.pending.player == 0
    g.decide([_e(g, h, "b0")])                  # b connives: a nonland card
    assert g.counters(b).get("+1/+1") == 1 and g.counters(a).get("+1/+1") == 0
    # a is p0's last one: p0 still chooses it (a choice with one legal answer is asked)
    assert g.pending.kind == "choose" and g.pending.options == [a] and g.pending.player == 0
    g.decide([a])
    assert g.pending.kind == "discard"
    g.decide([_e(g, h, "gg")])
    assert g.counters(a).get("+1/+1") == 1
    assert g.pending.kind == "discard" and g.pending.player == 1      # then p1's creature
    g.decide([_e(g, h, "f")])
    assert g.counters(k).get("+1/+1") == 0 and not g.stack


def test_valet_doubles_a_negative_power():
    """002 Devilish Valet R1; CR 701.10d, 107.1b: power -2 doubled is -4."""
    g, h = _game({"battlefield": [{"card": "Devilish Valet", "id": "v"}, "Swamp", "Mountain", "Mountain"],
                  "hand": [{"card": "Test Shrink", "id": "s"}, {"card": "Goblin Piker", "id": "gp"}]})
    v = _e(g, h, "v")
    g.decide(Cast(_e(g, h, "s"), targets=[[v]]))
    _resolve(g)
    assert g.chars(v).power == -2
    g.decide(Cast(_e(g, h, "gp")))
    _resolve(g)
    _resolve(g)
    assert (g.chars(v).power, g.chars(v).toughness) == (-4, 3)


def test_alliance_is_only_a_label():
    """002 §2.5 #4; CR 207.2c: an ability word has no rules meaning: the same ability
    without the label works the same."""
    from mtg_ecs.cards import get_card
    soc = get_card("Attended Socialite")
    ab = soc.abilities[0]
    plain = make_card("Test Socialite", "{1}{G}", "Creature — Elf Druid", pt=(2, 1), abilities=[
        TriggeredAbility(ab.trigger, ab.effects, text=ab.text.replace("Alliance — ", ""))])
    results = []
    for name, d in (("Attended Socialite", soc), ("Test Socialite", plain)):
        g, h = Game.from_setup({"players": [
            {"battlefield": [{"card": name, "id": "s"}, "Mountain", "Mountain"],
             "hand": [{"card": "Goblin Piker", "id": "gp"}]}, {}]}, defs={**DEFS, "Test Socialite": plain})
        g.decide(Cast(_e(g, h, "gp")))
        _resolve(g)
        _resolve(g)
        s = _e(g, h, "s")
        results.append((g.chars(s).power, g.chars(s).toughness))
    assert results == [(3, 2), (3, 2)]


def _to_beginning_of_combat(g):
    while not (g.step == "beginning_of_combat" and g.pending.kind == "priority"):
        g.decide(Pass())


def test_kraken_tapped_before_its_trigger_resolves_does_nothing():
    """CR 603.4; 002 §6.6: the intervening 'if' (untapped) is checked again on resolution."""
    g, h = _game({"battlefield": [{"card": "Reservoir Kraken", "id": "k"}]},
                 {"battlefield": [{"card": "Goblin Piker", "id": "a"}]})
    _to_beginning_of_combat(g)
    assert len(g.stack) == 1
    g.set(_e(g, h, "k"), TAPPED)                # tapped in response (no card of the tests taps)
    _resolve(g)
    assert not g.stack and g.pending.kind == "priority"
    assert not g.world.has(_e(g, h, "a"), Tapped) and len(g.battlefield) == 2


def test_ward_granted_by_an_effect_triggers():
    """CR 702.21a: ward given by a static ability works like printed ward (the board index
    lists the triggered ability the keyword stands for whenever the object has it)."""
    cloak = make_card("Test Cloak", "{1}", "Artifact", abilities=[StaticAbility(
        continuous=(st.grant(st.creatures_you_control(), "ward {1}"),),
        text="Creatures you control have ward {1}.")])
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "c"}, {"card": "Test Cloak", "id": "k"}]},
        {"hand": [{"card": "Lightning Bolt", "id": "b"}], "battlefield": ["Mountain"]}],
        "turn": {"active": 1}}, defs={"Test Cloak": cloak})
    c = _e(g, h, "c")
    g.decide(Cast(_e(g, h, "b"), targets=[[c]]))
    assert len(g.stack) == 2                    # the bolt and the ward trigger
    _resolve(g)                                 # p1 can't pay {1}: countered
    assert not g.stack and g.zone_of(_e(g, h, "b")) == "graveyard" and g.chars(c).toughness == 3
    assert g.world.get(c, Damage) is None
