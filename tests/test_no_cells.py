"""The functions a random playout calls most make no cells (issue 17: speed). On Python
3.11 a local that a comprehension, generator, lambda or nested function reads is made a
cell at every call of the function, whether that inner code runs or not (~280
instructions each): these functions use loops (or helpers) instead, in their rare
branches too. A comprehension reading no local (only its own variables, globals,
attributes of what it iterates) makes none and is fine."""
import pytest

from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.components.mana import feasible_split
from mtg_ecs.game import Game
from mtg_ecs.systems import (auras, board, casting, combat, costs, durations, layers, priority, replacement,
                              sba, triggers, zones)

HOT = [
    priority._legal_actions, priority.can_cast, priority.take_action,
    zones.move, zones._is_ability_source,
    costs.pay_mana, costs.spell_cost_increase,
    RandomAgent.act,
    combat.CombatDamageTask.run, combat.CombatDamageTask._build_plan,
    combat.DeclareBlockersTask.run, combat._block_candidates,
    board.Board.patch, sba._check, feasible_split, replacement.skip_draw,
    auras.can_enchant, Game.opponents, casting.ActivateTask._validate_pay_choices,
    Game.permanents_with, board.ManaProfile.options, layers._replanned, casting.Procedure.answer,
    costs.can_pay_cost, durations._end, combat.check_blockers, triggers.PutTriggersTask._place,
]


@pytest.mark.parametrize("f", HOT, ids=lambda f: f.__qualname__)
def test_a_hot_function_makes_no_cell(f):
    assert f.__code__.co_cellvars == ()
