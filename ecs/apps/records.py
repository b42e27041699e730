"""Simulation record files: one record (a dict) per game, as JSON Lines (`.jsonl`, the
full record), CSV or Parquet (the fields below).

No finished game is lost (`RecordWriter`): the path is checked and the file opened before
the first game; JSON Lines records are appended and flushed as games finish (so a run
stopped by Ctrl-C or a crash keeps them, and `--resume` reads them back); CSV and Parquet
are written to a temporary file in the same folder and renamed when the run ends
(completed or stopped), so a half-written file never has the final name.

`read_records` reads all three back (replay, report, `--resume`), every record checked.
"""
from __future__ import annotations

import codecs
import importlib.util
import json
import os

FORMATS = (".jsonl", ".csv", ".parquet")


class RecordsError(ValueError):
    """A record file that can't be written or read as asked."""


FIELDS = ("index", "seed", "winner", "reason", "turns", "life", "winner_index",
          "starting_player", "agent_seeds", "decks", "agents", "turn_limit",
          "mulligans", "deck_hashes", "cards", "deck_paths")
# and, in a multiplayer game's record
MULTIPLAYER_FIELDS = ("format", "seats", "places", "player_turns")
HASH_FIELDS = ("log_hash", "state_hash")         # with `simulate --hashes`
# a gauntlet's, a match's (what replay needs of a later game: who chose to play first)
GAUNTLET_FIELDS = ("matchup",)
MATCH_FIELDS = ("match", "game", "chooser")


def fields_of(rec: dict) -> tuple:
    """The columns of a CSV or Parquet file whose first record is `rec`."""
    out = FIELDS
    if "places" in rec:
        out += MULTIPLAYER_FIELDS
    if "log_hash" in rec:
        out += HASH_FIELDS
    if "matchup" in rec:
        out += GAUNTLET_FIELDS
    if "match" in rec:
        out += MATCH_FIELDS
    return out


def check_out(path: str) -> str:
    """The format of an output path (its extension), or RecordsError before anything is
    played: an unknown extension, a folder, a folder that doesn't exist, or one that can't
    be written."""
    ext = os.path.splitext(path)[1].lower()
    if os.path.isdir(path):
        raise RecordsError(f"--out {path}: is a folder")
    if ext == ".json":
        raise RecordsError(f"--out {path}: records are JSON Lines, one game per line: name "
                           "the file .jsonl (or .csv, .parquet)")
    if ext not in FORMATS:
        raise RecordsError(f"--out {path}: use .jsonl, .csv or .parquet")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise RecordsError(f"--out {path}: no folder {folder}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise RecordsError(f"--out {path}: not writable")
    if ext == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        raise RecordsError(".parquet output needs pyarrow (pip install pyarrow)")
    return ext


class RecordWriter:
    """Records written as they come (`add`), in the order given; `close` finishes the
    file. `append`: a JSON Lines file is continued (`--resume`) instead of replaced."""

    def __init__(self, path: str, append: bool = False):
        self.path = path
        self.ext = check_out(path)
        if append and self.ext != ".jsonl":
            raise RecordsError(f"--resume: {path}: only a .jsonl file can be continued")
        self.rows = []                       # (parquet: written at the end)
        self.fields = None
        self.tmp = path if self.ext == ".jsonl" else f"{path}.part"
        if append:
            _drop_partial_line(path)
        try:
            self.f = None if self.ext == ".parquet" else \
                open(self.tmp, "a" if append else "w", newline="" if self.ext == ".csv" else None,
                     encoding="utf-8")
        except OSError as ex:
            raise RecordsError(f"--out {path}: {ex.strerror}") from None
        self.csv = None

    def add(self, rec: dict) -> None:
        if self.ext == ".jsonl":
            self.f.write(json.dumps(rec, sort_keys=True) + "\n")
            self.f.flush()
            return
        if self.fields is None:
            self.fields = fields_of(rec)
        row = [rec.get(k) for k in self.fields]
        if self.ext == ".parquet":
            self.rows.append(row)
            return
        if self.csv is None:
            import csv
            self.csv = csv.writer(self.f)
            self.csv.writerow(self.fields)
        self.csv.writerow([json.dumps(v) if isinstance(v, list) else v for v in row])
        self.f.flush()

    def close(self) -> None:
        if self.f is not None:
            self.f.close()
        if self.ext == ".parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq
            fields = self.fields or FIELDS
            pq.write_table(pa.table({k: [r[i] for r in self.rows] for i, k in enumerate(fields)}),
                           self.tmp)
        if self.tmp != self.path:
            os.replace(self.tmp, self.path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def write_records(records, path: str) -> None:
    """Write a whole run's records: .jsonl (one JSON object per game), .csv, or .parquet
    (needs pyarrow)."""
    with RecordWriter(path) as w:
        for r in records:
            w.add(r)


def record_key(rec: dict) -> tuple:
    """A record's place in its file: game order, a gauntlet's matchup by matchup."""
    return (tuple(rec.get("matchup") or ()), rec["index"])


def rewrite_sorted(path: str, records) -> None:
    """A JSON Lines file holding `records` rewritten in game order, if it isn't (a run
    resumed after one stopped with games finished out of order, or with a match cut short
    and played again); replaced at once."""
    keys = [record_key(r) for r in read_records(path)]
    if keys == sorted(set(keys)):
        return                  # (in order, and no game twice: a match played again)
    tmp = f"{path}.part"
    with open(tmp, "w", encoding="utf-8") as f:
        for r in sorted(records, key=record_key):
            f.write(json.dumps(r, sort_keys=True) + "\n")
    os.replace(tmp, path)


def _parses(line: str) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _drop_partial_line(path: str) -> None:
    """A run killed while writing may leave a last line cut short: cut it off before
    appending (`read_records` ignores it); a whole record only lacking its newline gets it."""
    with open(path, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            last = data[data.rfind(b"\n") + 1:]
            if _parses(last.decode("utf-8", "replace")):
                f.write(b"\n")
            else:
                f.truncate(data.rfind(b"\n") + 1)


def read_records(path: str) -> list:
    """The records of a file written by `--out`: JSON Lines (`read_json_lines`), or by its
    extension CSV or Parquet (`read_table`). A file that isn't one is a RecordsError naming
    the file (and the line)."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".csv", ".parquet"):
        return read_json_lines(path, _game_record_problem)
    try:
        out = read_table(path, ext)
    except UnicodeDecodeError as ex:
        raise RecordsError(f"{path}: not UTF-8 text (byte {ex.start} can't be decoded)") from None
    except OSError as ex:
        raise RecordsError(f"{path}: can't read it: {ex.strerror or ex}") from None
    if not out:
        raise RecordsError(f"{path}: no records in it")
    return out


MAX_LINE = 1 << 20              # bytes; a record is a few hundred: a longer line isn't one
JSON_LINES = "records are JSON Lines, an object a line: the .jsonl of mtg-ecs simulate --out"


def read_json_lines(path: str, problem) -> list:
    """The records of a JSON Lines file, each a JSON object that `problem` finds nothing
    wrong with (it says what is, else None). The file is untrusted: the first line that is
    too long, not UTF-8, not JSON (nested too deep, a number too long) or not a record, a
    file that can't be read or holds no record, is one RecordsError naming the file and
    the line. A byte-order mark is skipped; the last line cut short (no newline, not JSON:
    a run killed while writing it) is left out (`--resume` drops it)."""
    out = []
    try:
        with open(path, "rb") as f:
            number = 0
            while raw := f.readline(MAX_LINE + 1):
                number += 1
                where = f"{path}: line {number}"
                if len(raw) > MAX_LINE:
                    raise RecordsError(f"{where}: longer than 1 MB, not a record")
                if number == 1 and raw.startswith(codecs.BOM_UTF8):
                    raw = raw[len(codecs.BOM_UTF8):]
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as ex:
                    raise RecordsError(f"{where}: not UTF-8 text (byte {ex.start + 1} of the "
                                       "line can't be decoded)") from None
                if not line.strip():
                    continue
                rec = _json(line, where)
                if rec is _CUT_SHORT:
                    break
                what = problem(rec)
                if what:
                    raise RecordsError(f"{where}: {what}")
                out.append(rec)
    except OSError as ex:
        raise RecordsError(f"{path}: can't read it: {ex.strerror or ex}") from None
    if not out:
        raise RecordsError(f"{path}: no records in it")
    return out


_CUT_SHORT = object()


def _json(line: str, where: str):
    """A line's JSON object (`_CUT_SHORT`: the last line, cut short)."""
    try:
        rec = json.loads(line.rstrip("\r\n"))      # (an error's column: in the line)
    except RecursionError:
        raise RecordsError(f"{where}: not JSON (nested too deep): {JSON_LINES}") from None
    except json.JSONDecodeError as ex:
        if not line.endswith("\n"):
            return _CUT_SHORT
        raise RecordsError(f"{where}: not JSON ({ex.msg}, column {ex.colno}): "
                           f"{JSON_LINES}") from None
    except ValueError as ex:                    # (a number of more than 4,300 digits)
        raise RecordsError(f"{where}: not JSON ({ex}): {JSON_LINES}") from None
    if not isinstance(rec, dict):
        raise RecordsError(f"{where}: not a JSON object: {JSON_LINES}")
    return rec


# the CSV columns that hold text; the others hold JSON (numbers, lists), empty for None
TEXT_FIELDS = ("winner", "reason", "cards", "format", "log_hash", "state_hash")


def read_table(path: str, ext: str) -> list:
    """The records of a CSV file (a header of field names, lists as JSON: `RecordWriter`)
    or a Parquet file (needs pyarrow), each checked as a JSON Lines record is."""
    if ext == ".parquet":
        if importlib.util.find_spec("pyarrow") is None:
            raise RecordsError(f"{path}: reading .parquet records needs pyarrow (pip install pyarrow)")
        import pyarrow as pa
        import pyarrow.parquet as pq
        try:
            rows = pq.read_table(path).to_pylist()
        except (pa.ArrowException, ValueError) as ex:
            first = (str(ex).splitlines() or [type(ex).__name__])[0]
            raise RecordsError(f"{path}: not a Parquet records file ({first})") from None
        return [_checked(rec, f"{path}: row {n}") for n, rec in enumerate(rows, 1)]
    import csv
    with open(path, encoding="utf-8", newline="") as f:
        try:
            rows = list(csv.reader(f))
        except csv.Error as ex:
            raise RecordsError(f"{path}: not a CSV records file ({ex})") from None
    if not rows:
        return []
    head, out = rows[0], []
    for n, row in enumerate(rows[1:], 2):
        if len(row) != len(head):
            raise RecordsError(f"{path}: line {n}: {len(row)} columns, the header has {len(head)}")
        out.append(_checked(dict(zip(head, map(_cell, head, row))), f"{path}: line {n}"))
    return out


def _cell(field: str, text: str):
    if field in TEXT_FIELDS:
        return text or None
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text                 # (not a value of its field: `_checked` says which)


def _checked(rec: dict, where: str) -> dict:
    problem = _game_record_problem(rec)
    if problem:
        raise RecordsError(f"{where}: {problem}")
    return rec


def _game_record_problem(rec: dict) -> str | None:
    problem = _record_problem(rec)
    return problem and f"not a game record ({problem})"


# what a record's fields hold (`read_records` refuses a record otherwise): numbers, and
# lists with an item per player
NUMBERS = ("index", "seed", "turns", "turn_limit")
PER_PLAYER = {"decks": "a string", "agents": "a string", "agent_seeds": "an integer, 0 or more",
              "life": "an integer"}
# and, in newer records (None in a CSV or Parquet file of older ones), replay's
OPTIONAL_PER_PLAYER = {"deck_hashes": "a string", "deck_paths": "a path or null"}


def _integer(v, low=None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and (low is None or v >= low)


ITEMS = {"a string": lambda v: isinstance(v, str), "an integer": _integer,
         "an integer, 0 or more": lambda v: _integer(v, 0),
         "a path or null": lambda v: v is None or isinstance(v, str)}


def _record_problem(rec: dict) -> str | None:
    for key in NUMBERS:
        if not _integer(rec.get(key), 0):
            return f"{key!r}: an integer, 0 or more, expected"
    players = len(rec["decks"]) if isinstance(rec.get("decks"), list) else 0
    for key, item in PER_PLAYER.items():
        v = rec.get(key)
        if not (isinstance(v, list) and len(v) == players >= 2 and all(map(ITEMS[item], v))):
            return f"{key!r}: one per player, each {item}"
    for key, item in OPTIONAL_PER_PLAYER.items():
        v = rec.get(key)
        if v is not None and not (isinstance(v, list) and len(v) == players and
                                  all(map(ITEMS[item], v))):
            return f"{key!r}: one per player, each {item}"
    if not isinstance(rec.get("cards"), (str, type(None))):
        return "'cards': a file's path or null"
    return None
