"""Instructions per random playout from the turn-8 positions of `search_figures.py`,
deterministic (run under callgrind):

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.p python bench/cg_playouts.py 10 2
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.0 python bench/cg_playouts.py 10 0

(positions of seeds 1..P, K playouts from each as in search_figures; per playout =
(I(P, K) - I(P, 0)) / (P * K)).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search_figures import mid_game  # noqa: E402

from mtg_ecs import RandomAgent, play  # noqa: E402

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    positions = [mid_game(s) for s in range(1, n + 1)]
    decisions = 0
    for i, g in enumerate(positions):
        for j in range(k):
            decisions += play(g.clone(seed=1000 * i + j), [RandomAgent(j), RandomAgent(j + 7)])
    print("playouts", n * k, "decisions", decisions)
