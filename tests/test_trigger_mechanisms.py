"""Triggered-ability mechanisms with test-only cards: 'may' (603.5), intervening
'if' (603.4), delayed (603.7) and reflexive (603.12) triggered abilities."""
import pytest

from mtg_ecs.components.definitions import make_card, TriggeredAbility, SpellAbility
from mtg_ecs import Game, Pass, Cast, IllegalAction, PlayerRef
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.targeting import player


def _game(defs, p0_battlefield=(), p0_hand=(), p0_library=5, life=(20, 20)):
    setup = {"players": [
        {"battlefield": list(p0_battlefield), "hand": list(p0_hand),
         "library": ["Island"] * p0_library, "life": life[0]},
        {"library": ["Island"] * 5, "life": life[1]}]}
    return Game.from_setup(setup, defs=defs)


def _entity(game, handles, h):
    return game.card_entity[handles[h]]


def _pass_until(game, kind):
    while game.pending is not None and game.pending.kind == "priority":
        game.decide(Pass())
    assert game.pending is not None and game.pending.kind == kind, game.pending


def test_may_trigger_asks_its_controller_and_honours_no():
    """CR 603.5: an optional ('you may') triggered ability asks as it resolves."""
    seer = make_card("Test Seer", "{U}", "Creature — Human", pt=(1, 1), abilities=[
        TriggeredAbility(tr.Enters(), (fx.Draw(fx.YOU, 1),), optional=True,
                         text="When this enters, you may draw a card.")])
    for answer, drawn in ((True, 1), (False, 0)):
        g, h = _game({"Test Seer": seer}, p0_battlefield=["Island"],
                     p0_hand=[{"card": "Test Seer", "id": "s"}])
        g.decide(Cast(_entity(g, h, "s")))
        g.decide(Pass()); g.decide(Pass())          # the creature spell resolves
        hand = len(g.players[0].hand)
        g.decide(Pass()); g.decide(Pass())          # the trigger resolves: 'may'
        assert g.pending.kind == "may" and g.pending.player == 0
        with pytest.raises(IllegalAction):
            g.decide("perhaps")
        g.decide(answer)
        assert len(g.players[0].hand) == hand + drawn


def test_intervening_if_is_checked_again_on_resolution():
    """CR 603.4: 'At the beginning of your upkeep, if you have 10 or less life,
    gain 5 life' does nothing if the condition is false as it resolves."""
    ab = TriggeredAbility(tr.AtBeginningOf("upkeep", "your"), (fx.GainLife(fx.YOU, 5),),
                          intervening_if=lambda g, src, p, info: g.players[p].life <= 10,
                          text="At the beginning of your upkeep, if you have 10 or less life, you gain 5 life.")
    totem = make_card("Test Totem", "{2}", "Artifact", abilities=[ab])
    g, h = _game({"Test Totem": totem}, p0_battlefield=["Test Totem"], life=(20, 20))
    # not true when the upkeep begins: it doesn't trigger at all
    g.players[0].life = 20
    _to_step(g, "upkeep", turn=3)
    assert not g.stack
    # true when it triggers, false on resolution: it does nothing
    g2, h2 = _game({"Test Totem": totem}, p0_battlefield=["Test Totem"], life=(8, 20))
    _to_step(g2, "upkeep", turn=3)
    assert len(g2.stack) == 1
    g2.players[0].life = 15
    g2.version += 1
    g2.decide(Pass()); g2.decide(Pass())
    assert g2.players[0].life == 15 and not g2.stack
    # true both times: it gains 5
    g3, h3 = _game({"Test Totem": totem}, p0_battlefield=["Test Totem"], life=(8, 20))
    _to_step(g3, "upkeep", turn=3)
    g3.decide(Pass()); g3.decide(Pass())
    assert g3.players[0].life == 13


def _to_step(g, step, turn):
    for _ in range(500):
        d = g.pending
        if g.turn == turn and g.step == step and d.kind == "priority":
            return
        g.decide(Pass() if d.kind == "priority" else {})
    raise AssertionError("step not reached")


def test_delayed_trigger_fires_once_at_next_end_step():
    """CR 603.7: a delayed triggered ability triggers once, later."""
    later = TriggeredAbility(tr.AtBeginningOf("end", "each"), (fx.GainLife(fx.YOU, 3),),
                             text="At the beginning of the next end step, you gain 3 life.")
    spell = make_card("Test Promise", "{W}", "Instant",
                      spell=SpellAbility(effects=(fx.CreateDelayedTrigger(later.trigger, later),)))
    g, h = _game({"Test Promise": spell}, p0_battlefield=["Plains"],
                 p0_hand=[{"card": "Test Promise", "id": "p"}])
    g.decide(Cast(_entity(g, h, "p")))
    g.decide(Pass()); g.decide(Pass())
    assert g.players[0].life == 20 and len(g.delayed) == 1
    _to_step(g, "end", turn=1)
    assert len(g.stack) == 1 and not g.delayed
    g.decide(Pass()); g.decide(Pass())
    assert g.players[0].life == 23
    _to_step(g, "end", turn=2)
    assert not g.stack and g.players[0].life == 23


def test_reflexive_trigger_goes_on_the_stack_after_the_action():
    """CR 603.12: 'When you do, ...' triggers during resolution and is put on the
    stack the next time a player would receive priority, with its own target."""
    reflex = TriggeredAbility(None, (fx.DealDamage(2, fx.TARGET(0)),),
                              targets=(player(),),
                              text="When you do, it deals 2 damage to target player.")
    spell = make_card("Test Gambit", "{R}", "Sorcery", spell=SpellAbility(effects=(
        fx.LoseLife(fx.YOU, 1), fx.Reflexive(reflex))))
    g, h = _game({"Test Gambit": spell}, p0_battlefield=["Mountain"],
                 p0_hand=[{"card": "Test Gambit", "id": "x"}])
    g.decide(Cast(_entity(g, h, "x")))
    g.decide(Pass()); g.decide(Pass())
    assert g.players[0].life == 19
    assert g.pending.kind == "targets" and g.pending.player == 0
    g.decide([PlayerRef(1)])
    assert len(g.stack) == 1
    g.decide(Pass()); g.decide(Pass())
    assert g.players[1].life == 18
