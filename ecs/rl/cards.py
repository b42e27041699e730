"""Stable card ids for learning: one integer per card or token name, kept in the committed
manifest `card_ids.json` (docs/rl.md). An id is never renumbered or reused, so a model
trained on one version of the engine reads the cards of a later one the same way; a card
added to the registry gets the next free id with

    python -m mtg_ecs.rl.cards --update

(tests/test_rl_encoding.py fails while a registered card or token has no id). 0 stands
for an unknown or hidden card."""
from __future__ import annotations

import argparse
import json
import pathlib

from mtg_ecs.cards import all_cards, all_tokens

MANIFEST = pathlib.Path(__file__).with_name("card_ids.json")
UNKNOWN = 0


def read_manifest(path: pathlib.Path | None = None) -> dict[str, int]:
    with open(path or MANIFEST, encoding="utf-8") as f:
        return {e["name"]: e["id"] for e in json.load(f)}


def write_manifest(ids: dict[str, int], path: pathlib.Path | None = None) -> None:
    rows = [json.dumps({"id": i, "name": n}, ensure_ascii=False)
            for n, i in sorted(ids.items(), key=lambda kv: kv[1])]
    with open(path or MANIFEST, "w", encoding="utf-8") as f:    # a card a line: clear diffs
        f.write("[\n" + ",\n".join(rows) + "\n]\n")


def missing_names(ids: dict[str, int]) -> list[str]:
    """Registered card and token names without an id, sorted."""
    return sorted((set(all_cards()) | set(all_tokens())) - set(ids))


def updated(ids: dict[str, int], names) -> dict[str, int]:
    """`ids` with each new name of `names` given the next free id (old ids untouched)."""
    out = dict(ids)
    nxt = max(out.values(), default=UNKNOWN) + 1
    for n in names:
        if n not in out:
            out[n] = nxt
            nxt += 1
    return out


CARD_IDS: dict[str, int] = read_manifest()


def card_id(name: str) -> int:
    """The id of a card or token name; 0 (unknown) for a name not in the manifest."""
    return CARD_IDS.get(name, UNKNOWN)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="check or extend the card id manifest")
    ap.add_argument("--update", action="store_true",
                    help="give every registered card and token without an id the next free one")
    a = ap.parse_args(argv)
    ids = read_manifest()
    new = missing_names(ids)
    if a.update and new:
        write_manifest(updated(ids, new))
    print(f"{len(ids)} ids; {len(new)} names {'added' if a.update else 'without an id'}"
          + (f": {', '.join(new)}" if new else ""))


if __name__ == "__main__":
    main()
