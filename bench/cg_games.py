"""Instructions per vanilla game, deterministic (run under callgrind):

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.30 python bench/cg_games.py 30
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.0 python bench/cg_games.py 0

(games of seeds 1000..1000+N-1 of `test_bench_games.play_games`; per game = (I(30) - I(0)) / 30).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_bench_games import play_games  # noqa: E402

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    turns = play_games(n, seed=1000)
    print("games", n, "turns", turns)
