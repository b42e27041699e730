"""An activated ability whose cost is {T} alone (`Cost.tap_alone`: Arbor Elf's 'untap target
Forest') can be paid whenever its permanent can be tapped for it (302.6, 118.3):
`priority.can_activate` checks the tap and asks nothing more of the cost."""
from mtg_ecs.components.definitions import Cost, ExileFromHandCost, UntapCost
from mtg_ecs.components.mana import parse_cost
from mtg_ecs.systems import costs
from mtg_ecs.systems.board import board
from mtg_ecs.systems.crew import CrewCost
from sample_games import decisions


def test_only_tap_and_nothing_else_is_tap_alone():
    assert Cost(tap=True, text="{T}").tap_alone
    assert not Cost().tap_alone
    assert not Cost(tap=True, mana=parse_cost("{1}")).tap_alone
    assert not Cost(tap=True, mana=parse_cost("{X}")).tap_alone
    assert not Cost(tap=True, sacrifice_self=True).tap_alone
    assert not Cost(tap=True, life=1).tap_alone
    assert not Cost(tap=True, discard=1).tap_alone
    assert not Cost(tap=True, loyalty=1).tap_alone
    assert not Cost(tap=True, remove_counters=(("charge", 1),)).tap_alone
    # the subclasses add parts of their own
    assert not UntapCost(tap=True, untap_tapped=(1, None)).tap_alone
    assert not ExileFromHandCost(tap=True).tap_alone
    assert not CrewCost(crew=1).tap_alone
    # not a field: equal costs, equal hashes
    assert Cost(tap=True) == Cost(tap=True) and "tap_alone" not in Cost.__dataclass_fields__


def test_a_tap_alone_cost_is_payable_exactly_when_its_permanent_can_tap():
    checked = 0
    for g in decisions(range(4), until_turn=16):
        for player, held in board(g).holders.items():
            for e, items in held:
                for _, ab in items:
                    if ab.cost.tap_alone:
                        can = costs.can_tap_for_cost(g, e)
                        assert costs.can_pay_cost(g, player, e, ab.cost, mana_cost=costs.activation_mana(
                            g, player, e, ab)) == can
                        checked += can
    assert checked > 50
