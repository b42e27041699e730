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
