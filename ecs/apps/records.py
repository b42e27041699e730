"""Simulation record files: one record (a dict) per game, as JSON Lines (`.jsonl`, the
full record), CSV or Parquet (the fields below)."""
from __future__ import annotations

import json
import os


class RecordsError(ValueError):
    """A record file that can't be written or read as asked."""


FIELDS = ("index", "seed", "winner", "reason", "turns", "life", "winner_index",
          "starting_player", "agent_seeds", "decks", "agents", "turn_limit")
# and, in a multiplayer game's record
MULTIPLAYER_FIELDS = ("format", "seats", "places", "player_turns")
# and with --hashes
HASH_FIELDS = ("log_hash", "state_hash")
EXTENSIONS = (".jsonl", ".csv", ".parquet")
# what a record's fields hold (`read_records` refuses a record otherwise): numbers, and
# lists with an item per player
NUMBERS = ("index", "seed", "turns", "turn_limit")
PER_PLAYER = {"decks": "a string", "agents": "a string", "agent_seeds": "an integer, 0 or more",
              "life": "an integer"}

def out_format(path: str) -> str:
    """The extension of a record file, refused unless one of EXTENSIONS (a `.json` file
    would hold JSON Lines, which a JSON reader refuses: it is pointed to `.jsonl`)."""
    ext = os.path.splitext(path)[1].lower()
    if ext == ".json":
        raise RecordsError(f"--out {path}: records are JSON Lines, one game per line: name "
                           "the file .jsonl (or .csv, .parquet)")
    if ext not in EXTENSIONS:
        raise RecordsError(f"--out {path}: use .jsonl, .csv or .parquet")
    return ext


def write_records(records, path: str) -> None:
    """.jsonl (one JSON object per game), .csv, or .parquet (needs pyarrow); the hashes
    of `--hashes` are columns of the last two."""
    ext = out_format(path)
    first = records[0] if records else {}
    fields = (FIELDS + (MULTIPLAYER_FIELDS if "places" in first else ())
              + (HASH_FIELDS if "log_hash" in first else ()))
    if ext == ".jsonl":
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
    else:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise RecordsError(".parquet output needs pyarrow (pip install pyarrow)")
        cols = {k: [r[k] for r in records] for k in fields}
        pq.write_table(pa.table(cols), path)



def read_records(path: str) -> list:
    """The records of a JSON Lines file written by `--out`; a file that isn't one is a
    RecordsError naming the file (and the line)."""
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.strip():
                    out.append(_record(line, f"{path}: line {n}"))
    except UnicodeDecodeError as ex:
        raise RecordsError(f"{path}: not UTF-8 text (byte {ex.start} can't be decoded)") from None
    except OSError as ex:
        raise RecordsError(f"{path}: can't read it: {ex.strerror or ex}") from None
    if not out:
        raise RecordsError(f"{path}: no records in it")
    return out


def _record(line: str, where: str) -> dict:
    try:
        rec = json.loads(line)
    except ValueError:
        rec = None
    if not isinstance(rec, dict):
        raise RecordsError(f"{where}: not a JSON object (records are JSON Lines: .jsonl files "
                           "written by mtg-ecs simulate --out)")
    problem = _record_problem(rec)
    if problem:
        raise RecordsError(f"{where}: not a game record ({problem})")
    return rec


def _integer(v, low=None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and (low is None or v >= low)


ITEMS = {"a string": lambda v: isinstance(v, str), "an integer": _integer,
         "an integer, 0 or more": lambda v: _integer(v, 0)}


def _record_problem(rec: dict) -> str | None:
    for key in NUMBERS:
        if not _integer(rec.get(key), 0):
            return f"{key!r}: an integer, 0 or more, expected"
    players = len(rec["decks"]) if isinstance(rec.get("decks"), list) else 0
    for key, item in PER_PLAYER.items():
        v = rec.get(key)
        if not (isinstance(v, list) and len(v) == players >= 2 and all(map(ITEMS[item], v))):
            return f"{key!r}: one per player, each {item}"
    return None
