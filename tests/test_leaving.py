"""Leaving the game (CR 800.4a-e, 104.3; systems/leaving.py): what a scenario file can't
set up — a spell of another player's card, a copy of a spell, delayed and pending triggered
abilities of the player who leaves, phased-out permanents — and the two-player game, which
just ends."""
from __future__ import annotations

from mtg_ecs import Game, Pass
from mtg_ecs.components import StackAbility
from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.core.decisions import Cast, PlayerRef
from mtg_ecs.systems import effects as fx, permissions
from mtg_ecs.systems.copy import copy_spell
from mtg_ecs.systems.triggers import AtBeginningOf, DelayedTrigger, PendingTrigger

FFA = "free-for-all"


def game_of(players, **kw):
    g, h = Game.from_setup({"format": FFA, "players": players, **kw})
    return g, (lambda handle: g.card_entity[h[handle]])


def test_spell_of_another_players_card_is_exiled_and_a_copy_ceases():
    """CR 800.4a: p1 casts p0's Lightning Bolt from exile (an effect's permission) and
    controls a copy of it; p1 concedes: the copy, not represented by a card, ceases to
    exist; the Bolt p1 still controls (p0 owns it) is exiled, with p0 as its owner."""
    g, e = game_of([{"exile": [{"card": "Lightning Bolt", "id": "bolt"}]},
                    {"mana": {"R": 1}}, {}])
    permissions.grant(g, [e("bolt")], 1, "turn", verb="cast")
    g.decide(Pass())
    g.decide(Cast(e("bolt"), targets=[[PlayerRef(2)]]))
    bolt = e("bolt")
    copy = copy_spell(g, bolt, 1)
    assert g.stack == [bolt, copy] and g.pending.player == 1
    g.concede(1)
    assert g.stack == [] and not g.exists(copy)
    assert g.zone_of(e("bolt")) == "exile" and e("bolt") in g.exile
    assert g.pending.kind == "priority" and g.pending.player == 2
    while g.step == "main1":
        g.decide(Pass())
    assert [p.life for p in g.players] == [20, 20, 20]


def test_triggered_abilities_of_the_player_who_left_go():
    """CR 800.4d (800.4a): the triggered abilities waiting to be put on the stack and the
    delayed triggered abilities a player who left controls are never put on the stack;
    those of the other players stay."""
    g, e = game_of([{"battlefield": [{"card": "Centaur Courser", "id": "c0"}]},
                    {"battlefield": [{"card": "Centaur Courser", "id": "c1"}]}, {}])
    ab = TriggeredAbility(AtBeginningOf("end", "each"), (fx.GainLife(fx.YOU, 1),), text="gain 1")
    for p, h in ((0, "c0"), (1, "c1")):
        g.delayed.append(DelayedTrigger(ab.trigger, ab, e(h), p))
        g.pending_triggers.append(PendingTrigger(ab, e(h), p, {}, -1, 0))
    g.concede(1)
    assert [dt.controller for dt in g.delayed] == [0]
    # p0's goes on the stack before p0 receives priority again (117.5); p1's never does
    assert [g.world.ents[s][StackAbility].controller for s in g.stack] == [0]
    assert g.pending.kind == "priority" and g.pending.player == 0


def test_phased_out_permanents_leave_with_their_owner():
    """CR 800.4a: every object the player owns leaves the game, a phased-out permanent
    too (it is still on the battlefield, 702.26b: it just isn't seen)."""
    g, e = game_of([{}, {"battlefield": [{"card": "Centaur Courser", "id": "c1", "phased_out": True}]}, {}])
    assert [r[0] for r in g.phased_out] == [e("c1")]
    g.concede(1)
    assert g.phased_out == () and not g.exists(e("c1"))


def test_two_player_game_just_ends():
    """CR 104.2a, 104.3a: in a two-player game the player who concedes loses and the game
    is over: nothing of 800.4 happens (the other player wins, their objects stay)."""
    g, h = Game.from_setup({"players": [{"hand": [{"card": "Forest", "id": "f0"}]},
                                        {"hand": [{"card": "Forest", "id": "f1"}]}]})
    g.concede(0)
    assert g.over and g.winner == 1 and g.players[0].lost
    assert g.zone_of(g.card_entity[h["f0"]]) == "hand" and g.players[0].hand


def test_nobody_draws_for_an_active_player_who_left():
    """CR 800.4j: p0 leaves in their upkeep; the turn goes on without an active player:
    p1 receives priority where p0 would, and nobody draws in the draw step (p0 doesn't
    draw from the library that left with them)."""
    g, e = game_of([{"library": ["Forest"]}, {"library": ["Forest"]}, {"library": ["Forest"]}],
                   turn={"number": 2, "active": 0, "step": "upkeep"})
    g.concede(0)
    assert g.pending.player == 1 and g.step == "upkeep"
    while g.step != "main1":
        g.decide(Pass())
    assert g.active == 0 and g.pending.player == 1
    assert not g.players[0].drew_from_empty
    assert [len(p.hand) for p in g.players] == [0, 0, 0]
    assert [ev for ev in g.log if ev[0] in ("draw", "draw_empty")] == []
