"""Instructions per `state_key()` as `search_figures.py` takes them (a clone of each turn-8
position keyed, then keyed after each of its next decisions), deterministic (run under
callgrind):

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.k python bench/cg_keys.py 20 key
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.0 python bench/cg_keys.py 20 none

(positions of seeds 1..P; per key = (I(P, key) - I(P, none)) / keys, PYTHONHASHSEED=0).
`first` keys only each clone's first key (from nothing): (I(key) - I(first)) / (keys - P)
is then what a key after a decision costs, the figure `search_figures.py`'s median times.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search_figures import KEYED, mid_game  # noqa: E402

from mtg_ecs import RandomAgent  # noqa: E402

def keyed_line(seed: int, key: str) -> int:
    """A clone of position `seed` keyed, then keyed after each of its next KEYED decisions
    (`key`: "key"; "first": the clone's first key only; "none": no key, the same
    decisions): the number of keys."""
    c = mid_game(seed).clone()
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    keys = 0
    while True:
        if key == "key" or (key == "first" and keys == 0):
            c.state_key()
        keys += 1
        if c.pending is None or keys > KEYED:
            return keys
        c.decide(agents[c.pending.player].act(c, c.pending))


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    key = sys.argv[2] if len(sys.argv) > 2 else "key"
    assert key in ("key", "first", "none"), key
    print("keys", sum(keyed_line(s, key) for s in range(1, n + 1)))
