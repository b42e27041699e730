"""When state-based actions are checked again (CR 704.3, 117.5): a check is skipped only
while nothing it looks at changed since one found none (`sba.due`), so a skipped check
would have found nothing."""
import os
import sys

from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.core.decisions import Activate
from mtg_ecs.systems import sba

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from search_figures import mid_game  # noqa: E402


def test_an_ability_put_onto_the_stack_makes_no_check_due():
    # 704.5: an activated ability on the stack is no token, no spell copy, no permanent:
    # nothing a state-based action looks at changed while its targets are asked
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Goblin Artillery", "id": "ga"}]}, {}],
        "turn": {"step": "main1"}})
    assert g.pending.kind == "priority" and not sba.due(g)
    act = next(o for o in g.pending.options if isinstance(o, Activate))
    g.decide(act)
    assert g.pending.kind == "targets" and len(g.stack) == 1
    assert not sba.due(g)


def test_no_check_due_means_none_would_apply_through_sample_games():
    """At every decision of sample-deck games where no check is due (the game's own
    skip: `sba.due`), a check made anyway finds nothing; among them decisions asked while
    an ability is on the stack or being put there."""
    from mtg_ecs.components import StackAbility
    clean = with_ability = 0
    for seed in range(1, 9):
        g = mid_game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        while g.pending is not None:            # (to the end of the game)
            if not sba.due(g):
                c = g.clone()
                assert sba._check(c) is False, (seed, g.turn, g.step, g.pending.kind)
                c.close()
                clean += 1
                with_ability += any(StackAbility in g.world.ents[e] for e in g.stack)
            g.decide(agents[g.pending.player].act(g, g.pending))
        g.close()
    assert clean > 600 and with_ability > 50
