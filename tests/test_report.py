"""`mtg-ecs report RESULTS.jsonl` (issue 16, item 6): a self-contained HTML page, checked
for its content: decks, win counts, one figure per plot, the heatmap's cells; bad records
files and a missing matplotlib give one clear line."""
import json
import os
import re
import sys

import pytest

from mtg_ecs.apps import report
from mtg_ecs.apps.cli import main

BENCH = os.path.join(os.path.dirname(__file__), "..", "bench", "decks")
FIGURES = 5         # heatmap, by game length, by turn order, game lengths, end reasons


def duel(decks, winner, start=0, turns=10, reason="life"):
    return {"decks": list(decks), "agents": ["random", "random"], "winner_index": winner,
            "starting_player": start, "turns": turns, "reason": reason, "mulligans": [0, 0]}


def write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def cells(page):
    """The win matrix's HTML table: {row deck: [cells]}."""
    table = page.split("<h2>Win matrix</h2>")[1].split("</table>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table)[1:]
    out = {}
    for row in rows:
        tds = re.findall(r"<td>(.*?)</td>", row)
        out[tds[0]] = tds[1:]
    return out


def test_a_report_of_a_simulated_duel(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    assert main(["simulate", "--deck", os.path.join(BENCH, "vanilla-gold.txt"),
                 "--deck", os.path.join(BENCH, "vanilla-silver.txt"),
                 "--cards", os.path.join(BENCH, "vanilla-cards.yaml"), "--agents", "random",
                 "--games", "12", "--seed", "4", "--out", str(results)]) == 0
    capsys.readouterr()
    assert main(["report", str(results)]) == 0
    page_path = tmp_path / "run.html"
    assert capsys.readouterr().out.strip() == f"report: {page_path}"
    page = page_path.read_text(encoding="utf-8")
    recs = [json.loads(x) for x in results.read_text().splitlines()]
    gold = sum(r["winner_index"] == 0 for r in recs)
    silver = sum(r["winner_index"] == 1 for r in recs)
    assert gold + silver == 12 and gold and silver
    # the summary table: each deck's row with its games and wins
    assert re.search(rf"<td>vanilla-gold</td><td>random</td><td>12</td><td>{gold}</td>", page)
    assert re.search(rf"<td>vanilla-silver</td><td>random</td><td>12</td><td>{silver}</td>", page)
    # the matrix: gold's wins against silver, and the reverse, in the table and the heatmap
    m = cells(page)
    assert m["vanilla-gold"][1].endswith(f", {gold}/12") and m["vanilla-gold"][0] == "-"
    assert m["vanilla-silver"][0].endswith(f", {silver}/12")
    heatmap = page.split("<h2>Win matrix</h2>")[1].split("</svg>")[0]
    assert f"{gold}/12" in heatmap and f"{silver}/12" in heatmap
    # one inline figure per plot, nothing fetched from elsewhere
    assert page.count("<svg") == FIGURES and "<img" not in page
    assert not re.search(r"(src|href)=\"(?!#|data:)", page)     # the heatmap: a data: PNG
    for title in ("win matrix", "win rate by game length", "win rate by turn order",
                  "game length", "end reasons"):
        assert title in page
    assert "on the play" in page and "on the draw" in page
    # the same page each time (fixed SVG ids, no date)
    assert main(["report", str(results), "--out", str(tmp_path / "again.html")]) == 0
    assert (tmp_path / "again.html").read_text(encoding="utf-8") == page


def test_the_matrix_of_decks_that_met_in_several_pairs(tmp_path):
    """Records of a gauntlet (pairs of decks in duels) and a free-for-all game: a cell
    counts the games the two decks played against each other, the row's wins among them."""
    recs = ([duel(["a", "b"], 0)] * 3 + [duel(["b", "a"], 0)] +     # a beat b 3 of 4, c won
            # every game against a, and the free-for-all game against b
            [duel(["a", "c"], 1)] * 2 + [duel(["b", "c"], None, reason="turn limit")] +
            [{"decks": ["c", "a", "b"], "agents": ["random"] * 3, "seats": [0, 1, 2],
              "winner_index": 0, "starting_player": 0, "turns": 20, "reason": "life",
              "places": [1, 2, 3], "player_turns": [7, 7, 6]}])
    records = report.read_results(write(tmp_path / "g.jsonl", recs))
    names, normal = report.by_deck(records)
    assert names == ["a", "b", "c"]
    won, met = report.win_matrix(normal, 3)
    assert met == [[0, 5, 3], [5, 0, 2], [3, 2, 0]]
    assert won == [[0, 3, 0], [1, 0, 0], [3, 1, 0]]
    page = report.build_report(records, "t")
    m = cells(page)
    assert m["a"] == ["-", "60%, 23%-88%, 3/5", "0%, 0%-56%, 0/3"]
    assert m["c"][1] == "50%, 9%-91%, 1/2"
    assert "turn limit" in page
    # the free-for-all game first: its places are averaged, the duels have none
    assert "<th>avg place</th>" in report.build_report(records[::-1], "t")


def test_a_deck_given_twice_is_two_decks(tmp_path):
    recs = [duel(["x.txt", "x.txt"], 1)] * 2
    names, normal = report.by_deck(report.read_results(write(tmp_path / "m.jsonl", recs)))
    assert names == ["x", "x#2"] and report.win_matrix(normal, 2)[0] == [[0, 0], [2, 0]]


def test_names_are_escaped_and_shown_as_written(tmp_path):
    recs = [duel(["<i>x&y.txt", "a$b$.txt"], 0)]
    page = report.build_report(report.read_results(write(tmp_path / "e.jsonl", recs)), "t")
    assert "<i>" not in page and page.count("&lt;i&gt;x&amp;y") >= 4    # tables and figures
    assert "a$b$" in page                      # not mathtext


@pytest.mark.parametrize("content, message", [
    ("", "no records in it"),
    ("\n\n", "no records in it"),
    ('{"decks": ["a", "b"]\n', "line 1: not JSON (Expecting ',' delimiter, column 21): "
     "records are JSON Lines, an object a line: the .jsonl of mtg-ecs simulate --out"),
    ("[1, 2]\n", "line 1: not a JSON object: records are JSON Lines, an object a line: the "
     ".jsonl of mtg-ecs simulate --out"),
    ('{"hello": 1}\n', "line 1: no 'decks' (not a record of mtg-ecs simulate)"),
    (json.dumps(duel("ab", 0)) + "\n" + json.dumps({**duel("ab", 0), "turns": -1}),
     "line 2: a bad 'turns': -1"),
    (json.dumps({**duel("ab", 0), "winner_index": 2}), "line 1: a bad 'winner_index': 2"),
    (json.dumps({k: v for k, v in duel("ab", 0).items() if k != "reason"}),
     "line 1: no 'reason' (not a record of mtg-ecs simulate)"),
    (json.dumps({**duel("ab", 0), "seats": [0, 0]}), "line 1: a bad 'seats': [0, 0]"),
    ("\n" + "[" * (1 << 21), "line 2: longer than 1 MB, not a record"),
])
def test_bad_records_files_are_one_clear_line(tmp_path, capsys, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"mtg-ecs report: {path}, {message}\n" or \
        err == f"mtg-ecs report: {path}: {message}\n", err
    assert not (tmp_path / "bad.html").exists()


def test_files_that_are_not_records(tmp_path, capsys):
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\xff\xfe\x00\x01" * 10)
    cases = [(str(binary), "line 1: not UTF-8 text (byte 1 of the line can't be decoded)"),
             (str(tmp_path), "can't read it: Is a directory"),
             (str(tmp_path / "missing.jsonl"), "No such file or directory")]
    for path, message in cases:
        assert main(["report", path, "--out", str(tmp_path / "r.html")]) == 2
        err = capsys.readouterr().err
        assert err.startswith("mtg-ecs report: ") and message in err and err.count("\n") == 1


def test_bad_out_paths(tmp_path, capsys):
    results = write(tmp_path / "r.jsonl", [duel("ab", 0)])
    for out, message in [(str(tmp_path / "r.txt"), "give an .html file"),
                         (str(tmp_path / "no" / "r.html"), "no folder")]:
        assert main(["report", results, "--out", out]) == 2
        err = capsys.readouterr().err
        assert err.startswith("mtg-ecs report: --out") and message in err


def test_without_matplotlib_a_clear_error(tmp_path, capsys, monkeypatch):
    results = write(tmp_path / "r.jsonl", [duel("ab", 0)])
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # import fails
    assert main(["report", results]) == 2
    assert capsys.readouterr().err == ("mtg-ecs report: the report needs matplotlib: "
                                       "pip install 'mtg-ecs[report]'\n")
