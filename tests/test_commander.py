"""Commander in the engine (CR 903): the game API, the designation, commander damage.

Scenario files cover casting, the tax, the returns and the loss
(tests/scenarios/multiplayer/commander/); these check what a scenario can't say.
"""
import pickle

import pytest

from mtg_ecs import Game
from mtg_ecs.components import Card
from mtg_ecs.core.decisions import Cast
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.systems import commander, damage, zones
from mtg_ecs.systems.commander import is_commander

GIADA = "Giada, Font of Hope"


def _decks(n=4):
    return [[GIADA] + ["Plains"] * 99 for _ in range(n)]


def test_game_new_puts_each_commander_into_the_command_zone_at_40_life():
    """CR 903.6, 903.7: the commander starts in the command zone, out of the 100-card deck;
    each player starts at 40 life."""
    g = Game.new(_decks(), seed=1, format="commander", commanders=[GIADA] * 4)
    assert [p.life for p in g.players] == [40] * 4
    assert [g.owner(e) for e in g.command] == [0, 1, 2, 3]
    assert all(g.name(e) == GIADA and is_commander(g, e) for e in g.command)
    for p in g.players:
        assert len(p.library) + len(p.hand) == 99          # the commander was taken out
        assert all(g.name(c) == "Plains" for c in p.library + p.hand)
        assert commander.commanders_of(g, p.index) == [e for e in g.command if g.owner(e) == p.index]


def test_a_commander_game_pickles_and_two_player_origin_is_unchanged():
    """The game is stored as its origin (Game.new with its commanders): it replays equal."""
    g = Game.new(_decks(2), seed=5, format="commander", commanders=[GIADA, GIADA])
    h = pickle.loads(pickle.dumps(g))
    assert state_hash(h) == state_hash(g)
    duel = Game.new([["Plains"] * 40] * 2, seed=5)
    assert "commanders" not in duel.origin[2] and duel.players[0].life == 20


def test_commanders_only_in_the_commander_format():
    with pytest.raises(ValueError):
        Game.new([["Plains"] * 40] * 2, seed=1, commanders=["Plains", "Plains"])
    with pytest.raises(ValueError):
        Game.new(_decks(2), seed=1, format="commander", commanders=[GIADA])


def test_a_copy_of_a_commander_is_not_a_commander():
    """CR 903.3, 707.2: being a commander is not a copiable value; the card stays one in
    every zone (400.7: new objects, the same card)."""
    g, h = Game.from_setup({
        "format": "commander",
        "players": [{"commander": GIADA, "battlefield": [{"card": GIADA, "id": "giada"}] + ["Island"] * 4,
                     "hand": [{"card": "Clone", "id": "clone"}]}, {}]})
    giada = g.card_entity[h["giada"]]
    g.decide(Cast(g.card_entity[h["clone"]]))
    while g.pending.kind != "legend_rule":                         # 704.5j: two Giadas
        d = g.pending
        if d.kind == "priority":
            g.decide(d.options[0])                                  # pass: Clone resolves
        elif d.kind == "may":
            g.decide(True)                                          # enter as a copy
        else:
            g.decide([giada] if giada in d.options else d.options[:d.min])
    clone = g.card_entity[h["clone"]]
    assert g.zone_of(clone) == "battlefield" and g.name(clone) == GIADA
    assert not is_commander(g, clone)
    assert is_commander(g, giada)
    moved = zones.move(g, giada, "graveyard")
    assert is_commander(g, moved)


def test_commander_damage_counts_the_card_across_zone_changes():
    """CR 704.6c, 903.10a: 'the same commander' is the card: combat damage from it as one
    object and then as another adds up; noncombat damage doesn't count."""
    g, h = Game.from_setup({
        "format": "commander",
        "players": [{"commander": GIADA, "battlefield": [{"card": GIADA, "id": "giada"}]}, {}, {}]})
    e = g.card_entity[h["giada"]]
    damage.deal(g, [(e, g.chars(e), _player(1), 12)], combat=True)
    damage.deal(g, [(e, g.chars(e), _player(1), 5)], combat=False)
    e = zones.move(g, zones.move(g, e, "command"), "battlefield")
    damage.deal(g, [(e, g.chars(e), _player(1), 8)], combat=True)
    cid = g.world.ents[e][Card].card_id
    assert g.commander_damage == {(1, cid): 20}
    assert not commander.lethal_commander_damage(g, 1)
    damage.deal(g, [(e, g.chars(e), _player(1), 1)], combat=True)
    assert commander.lethal_commander_damage(g, 1)


def _player(i):
    from mtg_ecs.core.decisions import PlayerRef
    return PlayerRef(i)


# --- the card language: 'commanders you control', 'your commander', 'noncommander' ----------
def _test_cards():
    from mtg_ecs.components.definitions import StaticAbility, make_card, spell
    from mtg_ecs.systems import effects as fx
    from mtg_ecs.systems import statics as st
    from mtg_ecs.systems.targeting import target
    banner = make_card("Test Banner", "{3}", "Artifact", extra=True, abilities=[StaticAbility(
        continuous=(st.modify_pt(st.commanders_you_control(), 2, 2),),
        text="Commanders you control get +2/+2.")])
    crown = make_card("Test Crown", "{3}", "Artifact", extra=True, abilities=[StaticAbility(
        continuous=(st.modify_pt(st.creatures_you_control(), 1, 1, condition=st.you_control_your_commander),),
        text="As long as you control your commander, creatures you control get +1/+1.")])
    exile = make_card("Test Banishment", "{W}", "Instant", extra=True, spell=spell(
        fx.Exile(fx.TARGET(0)), targets=[target("target noncommander creature", "creature",
                                                filter=commander.noncommander)],
        text="Exile target noncommander creature."))
    return {d.name: d for d in (banner, crown, exile)}


def test_commanders_you_control_is_any_players_commander_you_control():
    """003 §3.13 #3; CR 903.3: 'commanders you control' means every commander its
    controller controls, their own or another player's, and no copy of one."""
    g, h = Game.from_setup({
        "format": "commander",
        "players": [{"commander": GIADA, "battlefield": [
                        {"card": GIADA, "id": "giada"}, "Test Banner", {"card": "Centaur Courser", "id": "cc"}]},
                    {"commander": "Jaxis, the Troublemaker",
                     "battlefield": [{"card": "Jaxis, the Troublemaker", "id": "jaxis"}]},
                    {"commander": "Raffine, Scheming Seer",
                     "battlefield": [{"card": "Raffine, Scheming Seer", "id": "raffine", "controller": "p0"}]}]},
        defs=_test_cards())

    def pt(k):
        c = g.chars(g.card_entity[h[k]])
        return c.power, c.toughness
    assert pt("giada") == (4, 4)            # p0's own commander: 2/2 + 2/2
    assert pt("raffine") == (3, 6)          # p2's commander, controlled by p0: 1/4 + 2/2
    assert pt("jaxis") == (2, 3)            # p1's commander, controlled by p1: unchanged
    assert pt("cc") == (3, 3)               # no commander


def test_as_long_as_you_control_your_commander():
    """003 §3.13 #1-2; CR 903.3: 'your commander' is the commander you own, and only while
    it is a permanent you control."""
    setup = {"format": "commander",
             "players": [{"commander": GIADA, "battlefield": ["Test Crown", {"card": "Centaur Courser", "id": "cc"}]},
                         {"commander": "Jaxis, the Troublemaker",
                          "battlefield": [{"card": "Jaxis, the Troublemaker", "controller": "p0"}]}]}
    g, h = Game.from_setup(setup, defs=_test_cards())
    assert g.chars(g.card_entity[h["cc"]]).power == 3        # Giada is in the command zone
    setup["players"][0]["battlefield"].append(GIADA)
    g, h = Game.from_setup(setup, defs=_test_cards())
    assert g.chars(g.card_entity[h["cc"]]).power == 4


def test_a_noncommander_target():
    """A 'noncommander' filter: a commander can't be chosen, a copy or another creature can."""
    g, h = Game.from_setup({
        "format": "commander",
        "players": [{"commander": GIADA, "battlefield": [{"card": GIADA, "id": "giada"},
                                                         {"card": "Centaur Courser", "id": "cc"}, "Plains"],
                     "hand": [{"card": "Test Banishment", "id": "b"}]}, {}]}, defs=_test_cards())
    g.decide(Cast(g.card_entity[h["b"]]))
    assert g.pending.kind == "targets"
    assert g.pending.options == [g.card_entity[h["cc"]]]


def test_a_commander_cast_refused_for_the_tax_says_so():
    """CR 903.8: the refusal names the commander tax, and the game is unchanged."""
    from mtg_ecs.core.decisions import IllegalAction
    g, h = Game.from_setup({"format": "commander", "players": [
        {"commander": "Raffine, Scheming Seer", "command": [{"card": "Raffine, Scheming Seer", "id": "r"}],
         "history": {"commander_casts": 1}, "battlefield": ["Plains", "Island", "Swamp", "Swamp"]}, {}]})
    before = state_hash(g)
    with pytest.raises(IllegalAction, match=r"commander tax of \{2\} \(CR 903.8"):
        g.decide(Cast(g.card_entity[h["r"]]))
    assert state_hash(g) == before


@pytest.mark.parametrize("setup, message", [
    ({"players": [{"commander": GIADA}, {}]}, r"players\[0\].commander: only in format: commander"),
    ({"players": [{"history": {"commander_casts": 1}}, {}]}, "commander history only in format: commander"),
    ({"format": "commander", "players": [{"commander": 3}, {}]}, r"players\[0\].commander: a card name"),
    ({"format": "commander", "players": [{"commander": GIADA, "hand": [{"card": "Forest", "id": "f"}]},
                                         {"history": {"commander_damage": {"f": 3}}}]},
     "'f' is not the handle of a commander"),
    ({"format": "commander", "players": [{"commander": GIADA, "command": [{"card": GIADA, "id": "g"}]},
                                         {"history": {"commander_damage": {"g": -1}}}]},
     r"commander_damage.g: an integer, 0 or more"),
])
def test_malformed_commander_setups_are_refused(setup, message):
    """Bad input: each malformed commander key gives one clear error naming it."""
    from mtg_ecs.position import ScenarioError
    with pytest.raises(ScenarioError, match=message):
        Game.from_setup(setup)
