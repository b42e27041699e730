"""Where a vanilla game's work goes, deterministically: the bytecodes executed per game
(a `sys.settrace` opcode count, slow but exact), each attributed to the innermost area on
the Python stack. Games of seeds 1000.. of `test_bench_games.play_games`, setup included.

    python bench/areas.py [games]
"""
import collections
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_bench_games import _cards, _deck
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent, play
N = int(sys.argv[1]) if len(sys.argv) > 1 else 10
cards = _cards()
a, b = _deck("vanilla-gold.txt", cards), _deck("vanilla-silver.txt", cards)
AREAS = [
    ("Game.new (setup)", {"Game.new"}),
    ("priority: legal actions", {"_cached", "_legal_actions", "decision", "priority_decision", "Pipeline.priority_decision"}),
    ("priority: auto-pass and rounds", {"auto_pass_round", "only_pass", "Pipeline.only_pass", "pass_priority", "Pipeline.pass_priority"}),
    ("checks before priority (incl. SBAs)", {"check", "removal_check", "put_on_stack", "nothing_due", "due", "removal_due", "Pipeline.quick_due"}),
    ("step changes (incl. untap, draw)", {"next_step", "Pipeline.next_step"}),
    ("casting", {"CastTask.run"}),
    ("resolving", {"ResolveTask.run"}),
    ("land plays and other actions", {"take_action", "Pipeline.take_action"}),
    ("combat", {"DeclareAttackersTask.run", "DeclareAttackersTask.answer", "DeclareBlockersTask.run", "DeclareBlockersTask.answer", "CombatDamageTask.run", "CombatDamageTask.answer"}),
    ("agents", {"RandomAgent.act"}),
    ("cleanup", {"CleanupTask.run", "CleanupTask.answer"}),
]
area_of = {}
for name, fs in AREAS:
    for f in fs: area_of[f] = name
cost = collections.Counter(); total = [0]
stack = []
def tracer(frame, event, arg):
    if event == 'call':
        frame.f_trace_opcodes = True; frame.f_trace_lines = False
        return local
def local(frame, event, arg):
    if event == 'opcode':
        total[0] += 1
        # attribute to the outermost area function on the Python stack
        f = frame; area = None
        while f is not None:
            n = area_of.get(f.f_code.co_qualname)
            if n is not None:
                area = n
                break
            f = f.f_back
        cost[area or "loop, decide and the rest"] += 1
    return local
for s in range(1000, 1000 + N):
    sys.settrace(tracer)
    g = Game.new([a, b], seed=s, log=False, turn_limit=200, auto_pass=True)
    play(g, [RandomAgent(2 * s), RandomAgent(2 * s + 1)])
    sys.settrace(None)
print(f"opcodes per game {total[0]/N:.0f}")
for k, v in cost.most_common():
    print(f"{v/N:9.0f} {100*v/total[0]:5.1f}% {k}")
