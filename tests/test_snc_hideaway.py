"""Streets of New Capenna (spec 002 §2.7): hideaway N, today's wording (CR 702.75a-b) —
what a scenario file can't state (the random order over many seeds, who may look at the
face-down card, an older hideaway land)."""
from __future__ import annotations

from mtg_ecs import Game, Pass
from mtg_ecs.components import FaceDown, Tapped
from mtg_ecs.components.definitions import StaticAbility, make_card, mana_ability
from mtg_ecs.core.decisions import Cast, PlayLand
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems.control import update_control
from mtg_ecs.systems.effects import Ctx
from mtg_ecs.systems.hideaway import may_look
from mtg_ecs.systems.replacement import EntersTappedUnless

NAMES = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Divination", "Lightning Bolt"]


def _tampering_game(n_library, seed=0):
    lib = [{"card": NAMES[i % len(NAMES)], "id": f"c{i}"} for i in range(n_library)]
    game, h = Game.from_setup({"seed": seed, "players": [
        {"battlefield": ["Swamp", "Swamp", "Swamp"], "hand": [{"card": "Cemetery Tampering", "id": "ct"}],
         "library": lib}, {}]})
    return game, (lambda k: game.card_entity[h[k]])


def _cast_and_resolve_trigger(game, e):
    game.decide(Cast(e("ct")))
    game.decide(Pass())
    game.decide(Pass())          # Tampering resolves; its trigger goes on the stack
    game.decide(Pass())
    game.decide(Pass())          # the trigger resolves


def _bottom_order(seed):
    game, e = _tampering_game(10, seed)
    _cast_and_resolve_trigger(game, e)
    d = game.pending
    assert d.kind == "choose" and d.options == [e(f"c{i}") for i in range(5)]
    game.decide(e("c0"))
    # no other decision: nobody chooses the order (702.75a: random)
    assert game.pending.kind == "priority" and not game.stack
    lib = game.players[0].library
    return [next(k for k in (f"c{i}" for i in range(1, 5)) if e(k) == c) for c in lib[:4]]


def test_the_rest_go_to_the_bottom_in_a_random_order():
    """002 §2.7 #2; 002 Cemetery Tampering R3; CR 702.75a: the four cards not exiled go to
    the bottom in an order the game's RNG makes — a different seed can give another order,
    the same seed the same one."""
    orders = {tuple(_bottom_order(seed)) for seed in range(8)}
    assert all(sorted(o) == ["c1", "c2", "c3", "c4"] for o in orders)
    assert len(orders) > 1
    assert _bottom_order(3) == _bottom_order(3)


def test_fewer_cards_than_n():
    """002 §2.7 #6: with three cards in the library, hideaway 5 looks at all three, exiles
    one and puts the other two on the bottom."""
    game, e = _tampering_game(3)
    _cast_and_resolve_trigger(game, e)
    d = game.pending
    assert d.kind == "choose" and sorted(d.options) == sorted(e(f"c{i}") for i in range(3))
    game.decide(e("c1"))
    assert game.zone_of(e("c1")) == "exile" and game.world.has(e("c1"), FaceDown)
    assert sorted(game.players[0].library) == sorted([e("c0"), e("c2")])


def test_empty_library_hides_nothing():
    """002 §2.7 #6: with no card in the library, the trigger does nothing (no decision)."""
    game, e = _tampering_game(0)
    _cast_and_resolve_trigger(game, e)
    assert game.pending.kind == "priority" and not game.stack and not game.exile


def test_any_player_who_has_controlled_it_may_look():
    """002 §2.7 #3; 002 Cemetery Tampering R1: the exiled card is seen by P1; when P2 gains
    control of Tampering, P2 may look at it too, and P1 still may."""
    game, e = _tampering_game(10)
    _cast_and_resolve_trigger(game, e)
    game.decide(e("c2"))
    card = e("c2")
    assert may_look(game, 0, card) and not may_look(game, 1, card)
    tampering = e("ct")
    fx.GainControl(fx.TARGET(0)).run(game, Ctx(None, None, 1, targets=[[tampering]]))
    update_control(game)
    assert game.chars(tampering).controller == 1
    assert may_look(game, 1, card) and may_look(game, 0, card)


HIDEAWAY_LAND = make_card(
    "Test Hideaway Land", None, "Land", keywords=["hideaway 4"],
    abilities=[StaticAbility(replacement=(EntersTappedUnless(),), zones=("battlefield", "hand", "library",
                                                                          "graveyard", "exile", "stack"),
                             text="This land enters tapped."),
               mana_ability("{T}", "B", text="{T}: Add {B}.")])


def test_older_hideaway_cards_are_hideaway_4_and_enter_tapped_by_their_own_text():
    """002 §2.7 #5; 002 Cemetery Tampering R2; CR 702.75b: hideaway itself doesn't tap the
    permanent (Tampering enters untapped: the scenario cemetery-tampering-enters); an
    older hideaway land enters tapped through its own text and looks at four cards."""
    lib = [{"card": NAMES[i % 5], "id": f"c{i}"} for i in range(8)]
    game, h = Game.from_setup({"players": [
        {"hand": [{"card": "Test Hideaway Land", "id": "land"}], "library": lib}, {}]},
        defs={HIDEAWAY_LAND.name: HIDEAWAY_LAND})
    e = lambda k: game.card_entity[h[k]]
    game.decide(PlayLand(e("land")))
    assert game.world.has(e("land"), Tapped)
    game.decide(Pass())
    game.decide(Pass())
    d = game.pending
    assert d.kind == "choose" and d.options == [e(f"c{i}") for i in range(4)]
