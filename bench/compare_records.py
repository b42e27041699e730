"""Are two `mtg-ecs simulate --hashes` record files the same games? (issue 13, item 6)

    mtg-ecs simulate ... --hashes --out before.jsonl     # on the old commit
    mtg-ecs simulate ... --hashes --out after.jsonl      # on the new one
    python bench/compare_records.py before.jsonl after.jsonl

Game by game, every field but `state_hash` (whose meaning may change with the declared
state) must be equal: winner, turns, life totals, end reason, the event-log hash. Prints
the games that differ; exit status 1 if any does.
"""
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main(a_path, b_path) -> int:
    a, b = load(a_path), load(b_path)
    if len(a) != len(b):
        print(f"{len(a)} games against {len(b)}")
        return 1
    keys = [k for k in a[0] if k != "state_hash"] if a else []
    differ = [i for i, (x, y) in enumerate(zip(a, b)) if any(x.get(k) != y.get(k) for k in keys)]
    print(f"{len(a)} games, {len(differ)} differ" + (f": {differ[:20]}" if differ else ""))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
