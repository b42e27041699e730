"""One JSON Lines reader (`records.read_json_lines`) for the records files replay, resume
and the report read: untrusted input, each hostile file one RecordsError of one line naming
the file and the line, the same for both; each reader's own check of a record's fields."""
from __future__ import annotations

import codecs
import json

import pytest

from mtg_ecs.apps import report
from mtg_ecs.apps.records import MAX_LINE, RecordsError, read_records

# a record as `simulate --out` writes it: what replay and the report both need of one
RECORD = {"index": 0, "seed": 1, "turns": 10, "turn_limit": 50, "decks": ["a", "b"],
          "agents": ["random", "random"], "agent_seeds": [1, 2], "life": [20, 0],
          "reason": "life", "winner_index": 0, "starting_player": 0, "cards": None}
GOOD = json.dumps(RECORD) + "\n"
HINT = "records are JSON Lines, an object a line: the .jsonl of mtg-ecs simulate --out"
READERS = {"replay": read_records, "report": report.read_results}

HOSTILE = [
    ("a line over the limit", GOOD + "[" * (MAX_LINE + 5) + "\n",
     "line 2: longer than 1 MB, not a record"),
    ("not UTF-8", GOOD.encode() + b'{"decks": "\xff"}\n',
     "line 2: not UTF-8 text (byte 12 of the line can't be decoded)"),
    ("not JSON", GOOD + "\n" + '{"decks": ["a" "b"]}\n',
     f"line 3: not JSON (Expecting ',' delimiter, column 16): {HINT}"),
    ("nested too deep", "[" * 100_000 + "\n", f"line 1: not JSON (nested too deep): {HINT}"),
    ("a number too long", '{"seed": ' + "9" * 5000 + "}\n",
     "line 1: not JSON (Exceeds the limit (4300 digits) for integer string conversion"),
    ("not an object", GOOD + "[1, 2]\n", f"line 2: not a JSON object: {HINT}"),
    ("a string", '"index"\n', f"line 1: not a JSON object: {HINT}"),
    ("empty", "\n\n", "no records in it"),
    ("only a line cut short", '{"index": 0, "se', "no records in it"),
]


def _file(tmp_path, content):
    path = tmp_path / "r.jsonl"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("what, content, message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_file_is_one_clear_error(tmp_path, reader, what, content, message):
    path = _file(tmp_path, content)
    with pytest.raises(RecordsError) as ex:
        READERS[reader](str(path))
    text = str(ex.value)
    assert "\n" not in text and text.startswith(f"{path}: {message}")


@pytest.mark.parametrize("reader", READERS)
def test_what_cant_be_read(tmp_path, reader):
    for path, why in [(tmp_path / "missing.jsonl", "No such file or directory"),
                      (tmp_path, "Is a directory")]:
        with pytest.raises(RecordsError, match=f"^{path}: can't read it: {why}$"):
            READERS[reader](str(path))


@pytest.mark.parametrize("reader, message", [
    ("replay", "not a game record ('life': one per player, each an integer)"),
    ("report", None)])
def test_each_reader_checks_the_fields_it_needs(tmp_path, reader, message):
    """A record with a wrong type: replay needs the final life totals, the report doesn't
    (its own check: winner_index one of the seats)."""
    path = _file(tmp_path, GOOD + json.dumps({**RECORD, "life": [20, "x"]}) + "\n" +
                 json.dumps({**RECORD, "winner_index": 5}) + "\n")
    with pytest.raises(RecordsError) as ex:
        READERS[reader](str(path))
    assert str(ex.value) == (f"{path}: line 2: {message}" if message else
                             f"{path}: line 3: a bad 'winner_index': 5")


@pytest.mark.parametrize("reader", READERS)
def test_what_both_take(tmp_path, reader):
    """A byte-order mark, CRLF line ends and blank lines are fine; the last line cut short
    (a run killed while writing it) is left out."""
    text = codecs.BOM_UTF8.decode("utf-8") + GOOD.replace("\n", "\r\n") + "\n" + GOOD + '{"ind'
    assert READERS[reader](str(_file(tmp_path, text))) == [RECORD, RECORD]
