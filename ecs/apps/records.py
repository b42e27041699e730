"""Simulation record files: one record (a dict) per game, as JSON Lines (`.jsonl`, the
full record), CSV or Parquet (the fields below)."""
from __future__ import annotations

import json
import os


class RecordsError(ValueError):
    """A record file that can't be written or read as asked."""


FIELDS = ("index", "seed", "winner", "reason", "turns", "life", "winner_index",
          "starting_player", "agent_seeds", "decks", "agents", "turn_limit",
          "mulligans")
# and, in a multiplayer game's record
MULTIPLAYER_FIELDS = ("format", "seats", "places", "player_turns")


def write_records(records, path: str) -> None:
    """.jsonl (one JSON object per game), .csv, or .parquet (needs pyarrow)."""
    ext = os.path.splitext(path)[1].lower()
    fields = FIELDS + (MULTIPLAYER_FIELDS if records and "places" in records[0] else ())
    if ext in (".jsonl", ".json"):
        with open(path, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, sort_keys=True) + "\n")
    elif ext == ".csv":
        import csv
        with open(path, "w", newline="", encoding="utf-8") as f:
            wr = csv.writer(f)
            wr.writerow(fields)
            for r in records:
                wr.writerow([json.dumps(r[k]) if isinstance(r[k], list) else r[k] for k in fields])
    elif ext == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise RecordsError(".parquet output needs pyarrow (pip install pyarrow)")
        cols = {k: [r[k] for r in records] for k in fields}
        pq.write_table(pa.table(cols), path)
    else:
        raise RecordsError(f"--out: use .jsonl, .csv or .parquet (got {path!r})")


def read_records(path: str) -> list:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
