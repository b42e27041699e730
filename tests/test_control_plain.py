"""`update_control` walks the battlefield only when a controller may differ from the
stored one: a control effect applies (the layer plan isn't local) or a permanent's
`Controller` still names a base (`Game.control_plain` false)."""
from __future__ import annotations

from mtg_ecs import Game, Pass
from mtg_ecs.components import Controller
from mtg_ecs.components.definitions import SpellAbility, make_card
from mtg_ecs.core.decisions import Cast
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems.control import update_control
from mtg_ecs.systems.targeting import creature

BORROW = make_card("Test Borrow", "{U}", "Instant", spell=SpellAbility(
    effects=(fx.GainControl(fx.TARGET(0), duration="eot"),), targets=(creature(),),
    text="Gain control of target creature until end of turn."))


def _game():
    lib = ["Island"] * 8
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Island"] * 2, "hand": [{"card": "Test Borrow", "id": "borrow"}],
         "library": lib},
        {"battlefield": [{"card": "Goblin Piker", "id": "c"}, "Mountain"], "library": lib}]},
        defs={"Test Borrow": BORROW})
    return game, (lambda k: game.card_entity[h[k]])


class _Counted(list):
    """The battlefield list, counting the walks over it."""
    walks = 0

    def __iter__(self):
        _Counted.walks += 1
        return super().__iter__()


def test_no_walk_while_every_controller_is_the_stored_one():
    game, e = _game()
    game.chars_changed()
    update_control(game)                # a first walk finds no Controller naming a base
    assert game.control_plain and game.layer_plan is not None
    game.chars_changed()
    game.all_chars()                    # (the layer pass walks it)
    game.battlefield = _Counted(game.battlefield)
    _Counted.walks = 0
    assert update_control(game) is False
    assert _Counted.walks == 0 and game.control_checked == game.cversion


def test_control_returns_when_the_effect_ends():
    game, e = _game()
    c = e("c")
    game.decide(Cast(e("borrow"), targets=[[c]]))
    game.decide(Pass())
    game.decide(Pass())
    ctl = game.world.get(c, Controller)
    assert game.chars(c).controller == 0 and ctl.player == 0 and ctl.base == 1
    assert not game.control_plain       # a Controller names a base
    while game.turn == 1:               # the effect ends in the cleanup step (514.2)
        game.decide(Pass() if game.pending.kind == "priority" else {})
    ctl = game.world.get(c, Controller)
    assert game.chars(c).controller == 1 and ctl.player == 1 and ctl.base is None
    assert game.control_plain


def test_a_phased_out_permanent_keeps_the_walk():
    game, e = _game()
    game.phased_out = [(e("c"),)]       # (it may phase in naming a base, 702.26)
    game.chars_changed()
    update_control(game)
    assert not game.control_plain
