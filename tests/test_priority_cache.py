"""Legal actions kept across decisions (`priority._cached`, the data kept on
`costs.Sources`, the castability memo of plain spells) are exactly those a computation
with every cache empty gives (CR 117.1, 305.1-305.2, 601.3, 605.1a)."""
import os
import sys

from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.apps.fuzz import check_actions
from mtg_ecs.components import TAPPED
from mtg_ecs.systems import costs

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from test_bench_games import _cards, _deck  # noqa: E402


def _vanilla(seed):
    cards = _cards()
    a, b = _deck("vanilla-gold.txt", cards), _deck("vanilla-silver.txt", cards)
    return Game.new([a, b], seed=seed, log=False, turn_limit=200, auto_pass=True)


def test_offered_actions_equal_a_fresh_computation_through_vanilla_games():
    checked = 0
    for seed in range(10):
        g = _vanilla(seed)
        agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
        while g.pending is not None:
            d = g.pending
            if d.kind == "priority":
                assert check_actions(g, d) == []
                checked += 1
            g.decide(agents[d.player].act(g, d))
        g.close()
    assert checked > 50


def test_an_equal_source_list_keeps_what_is_derived_from_it():
    g = _vanilla(5)
    agents = [RandomAgent(10), RandomAgent(11)]
    while g.pending is not None and not costs.mana_sources(g, g.active):
        g.decide(agents[g.pending.player].act(g, g.pending))
    player = g.active
    srcs = costs.mana_sources(g, player)
    base, multi = costs.available_mana(g, player, srcs)
    assert srcs.split is not None and sum(base) == len(srcs) + sum(g.players[player].pool)
    g.tversion += 1                     # (as another player's permanent tapping would)
    assert costs.mana_sources(g, player) is srcs        # recomputed, equal: kept
    g.set(srcs[0][0], TAPPED)                           # one source fewer (107.5)
    fresh = costs.mana_sources(g, player)
    assert fresh is not srcs and len(fresh) == len(srcs) - 1
    assert fresh.split is None and fresh.options is None
    assert sum(costs.available_mana(g, player, fresh)[0]) == sum(base) - 1
    g.close()
