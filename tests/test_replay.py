"""mtg-ecs replay (issue 16 item 8): records carry deck hashes and the cards file, a changed
deck is refused, the story tells targets, X, blocks, damage and life per turn with deck
labels, and CSV and Parquet records replay as JSON Lines ones do."""
import json
import os
import re
import shutil
from dataclasses import replace

import pytest

from mtg_ecs.apps import records as record_files, simulate as sim
from mtg_ecs.apps.cli import main
from mtg_ecs.apps.replay import describe, replay

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "decks")
CARDS = os.path.join(BENCH, "vanilla-cards.yaml")
DUEL = ["green-red-beasts", "esper-fliers"]


@pytest.fixture(scope="module")
def duel():
    """Four heuristic games of the two sample decks (seed 2: Volcanic Geyser is cast with
    X above 0, Searing Spear aimed, creatures block)."""
    recs, _ = sim.simulate(DUEL, games=4, seed=2)
    return recs


@pytest.fixture(scope="module")
def stories(duel):
    return [describe(replay(json.loads(json.dumps(r)))) for r in duel]


def _vanilla_run(tmp_path, capsys, *extra, out="r.jsonl"):
    gold = tmp_path / "gold.txt"
    if not gold.exists():
        shutil.copy(os.path.join(BENCH, "vanilla-gold.txt"), gold)
    path = tmp_path / out
    assert main(["simulate", "--deck", str(gold), "--deck", os.path.join(BENCH, "vanilla-silver.txt"),
                 "--agents", "random", "--games", "2", "--seed", "3", "--out", str(path),
                 *extra]) == 0
    capsys.readouterr()
    return gold, path


# ---------------------------------------------------------------------------
# what records carry
# ---------------------------------------------------------------------------
def test_records_carry_each_decks_hash_and_no_cards_file(duel):
    decks = [sim.load_deck(d) for d in DUEL]
    for r in duel:
        assert r["deck_hashes"] == [sim.deck_hash(d) for d in decks]
        assert all(re.fullmatch(r"[0-9a-f]{16}", h) for h in r["deck_hashes"])
        assert r["cards"] is None
    assert duel[0]["deck_hashes"][0] != duel[0]["deck_hashes"][1]


def test_a_deck_hash_sees_order_cards_and_commander():
    d = sim.Deck("d", "d", ["Forest", "Grizzly Bears"])
    assert sim.deck_hash(d) != sim.deck_hash(replace(d, cards=["Grizzly Bears", "Forest"]))
    assert sim.deck_hash(d) != sim.deck_hash(replace(d, cards=["Forest", "Forest"]))
    assert sim.deck_hash(d) != sim.deck_hash(replace(d, commander="Grizzly Bears"))
    assert sim.deck_hash(d) == sim.deck_hash(replace(d, name="other", source="x"))


def test_the_cards_file_is_recorded_by_its_absolute_path(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(BENCH)
    _, path = _vanilla_run(tmp_path, capsys, "--cards", "vanilla-cards.yaml")
    recs = record_files.read_records(str(path))
    assert {r["cards"] for r in recs} == {os.path.abspath(CARDS)}


def test_replay_reads_the_records_cards_file_unless_given(tmp_path, capsys):
    _, path = _vanilla_run(tmp_path, capsys, "--cards", CARDS)
    assert main(["replay", str(path), "--index", "1"]) == 0
    told = capsys.readouterr().out
    assert told.startswith("game 1: gold (random) vs vanilla-silver (random)")
    assert main(["replay", str(path), "--index", "1", "--cards", CARDS]) == 0
    assert capsys.readouterr().out == told
    # the record's file gone: one clear line naming it
    rec = record_files.read_records(str(path))[0]
    moved = tmp_path / "moved.jsonl"
    moved.write_text(json.dumps({**rec, "cards": str(tmp_path / "gone.yaml")}) + "\n")
    assert main(["replay", str(moved)]) == 2
    assert capsys.readouterr().err == (f"mtg-ecs replay: the record's cards file "
                                       f"{tmp_path / 'gone.yaml'} is gone: give --cards FILE\n")


@pytest.mark.parametrize("edit", ["a card changed", "the order changed"])
def test_replay_refuses_a_deck_changed_since_the_run(edit, tmp_path, capsys):
    gold, path = _vanilla_run(tmp_path, capsys, "--cards", CARDS)
    lines = gold.read_text().splitlines()
    if edit == "a card changed":
        lines[0] = re.sub(r"^\d+", lambda m: str(int(m.group()) - 1), lines[0])
        lines.append("1 " + lines[-1].split(" ", 1)[1])
    else:
        lines.reverse()
    gold.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"mtg-ecs replay: deck {gold} changed since the run: its cards (or their "
                   "order, or its commander) aren't those the game was played with\n")


def test_a_record_without_hashes_still_replays(duel):
    """Records written before the hashes were kept replay unchecked."""
    rec = {k: v for k, v in duel[1].items() if k not in ("deck_hashes", "cards")}
    g = replay(rec)
    assert g.turn == rec["turns"] and [p.life for p in g.players] == rec["life"]


# ---------------------------------------------------------------------------
# the story
# ---------------------------------------------------------------------------
def test_players_are_named_by_their_decks(duel, stories, capsys, tmp_path):
    for story in stories:
        text = "\n".join(story)
        assert not re.search(r"\bP[01]\b", text)
        assert "Turn 1 (green-red-beasts)" in text or "Turn 1 (esper-fliers)" in text
    winner = duel[0]["winner"]
    assert stories[0][-1] == f"Game over: {winner} wins"


def _following(story, i, prefix):
    return next(line for line in story[i + 1:] if line.startswith(prefix))


def test_x_and_targets_of_spells_agree_with_the_damage_dealt(stories):
    seen_x = seen_target = 0
    for story in stories:
        for i, line in enumerate(story):
            m = re.fullmatch(r"  green-red-beasts casts Volcanic Geyser with X=(\d+) targeting (.+)",
                             line)
            if m and int(m[1]) > 0:
                seen_x += 1
                assert _following(story, i, "  Volcanic Geyser (green-red-beasts) deals") == \
                    f"  Volcanic Geyser (green-red-beasts) deals {m[1]} damage to {m[2]}"
            m = re.fullmatch(r"  green-red-beasts casts Searing Spear targeting (.+)", line)
            if m and "is countered" not in story[i + 1]:
                seen_target += 1
                assert _following(story, i, "  Searing Spear (green-red-beasts) deals") == \
                    f"  Searing Spear (green-red-beasts) deals 3 damage to {m[1]}"
    assert seen_x and seen_target


def test_a_spell_without_x_or_targets_says_neither(stories):
    casts = [line for s in stories for line in s if " casts Wind Drake" in line]
    assert casts and all(line.endswith("casts Wind Drake") for line in casts)
    # a triggered ability is told only with what was chosen for it
    triggers = [line for s in stories for line in s if "'s ability triggers" in line]
    assert triggers and all(" targeting " in line or " with X=" in line for line in triggers)


def test_blockers_and_combat_damage(stories):
    """Each block names blocker and attacker; the combat damage that follows names who
    dealt how much to whom, the source with its deck."""
    blocks = 0
    for story in stories:
        for i, line in enumerate(story):
            m = re.fullmatch(r"  (.+) blocks (.+)", line)
            if not m:
                continue
            blocks += 1
            rest = story[i + 1:story.index(next(x for x in story[i + 1:] if x.startswith("Turn")
                                                or x.startswith("Game over")))]
            assert any(re.fullmatch(rf"  {re.escape(m[2])} \((green-red-beasts|esper-fliers)\) "
                                    rf"deals \d+ combat damage to {re.escape(m[1])}", x)
                       or re.fullmatch(rf"  {re.escape(m[1])} \(.+\) deals \d+ combat damage to "
                                       rf"{re.escape(m[2])}", x) for x in rest)
    assert blocks


def test_life_at_each_turns_end(duel, stories):
    """A line per turn with both life totals: what the game's life gains and losses make
    them (counted here from the log), the last one the record's."""
    for rec, story in zip(duel, stories):
        g = replay(rec)
        life, turn, expected = [20, 20], 0, []
        for kind, d in g.log:
            if kind == "step_begin" and d["turn"] != turn:
                if turn:
                    expected.append((turn, list(life)))
                turn = d["turn"]
            elif kind == "life_loss":
                life[d["player"]] -= d["amount"]
            elif kind == "life_gain":
                life[d["player"]] += d["amount"]
        expected.append((turn, list(life)))
        told = [line for line in story if line.startswith("  life at the end of turn")]
        assert told == [f"  life at the end of turn {t}: green-red-beasts {a}, esper-fliers {b}"
                        for t, (a, b) in expected]
        assert expected[-1][1] == rec["life"] and len(told) == rec["turns"]


def test_a_deck_in_both_seats_is_numbered():
    recs, _ = sim.simulate(["esper-fliers", "esper-fliers"], games=1, seed=1)
    g = replay(recs[0])
    assert g.labels == ["esper-fliers", "esper-fliers#2"]
    assert "Turn 2 (esper-fliers" in "\n".join(describe(g))


# ---------------------------------------------------------------------------
# CSV and Parquet
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("ext", [".csv", ".parquet"])
def test_csv_and_parquet_records_replay_as_json_lines(ext, tmp_path, capsys):
    _, jsonl = _vanilla_run(tmp_path, capsys, "--cards", CARDS)
    _, other = _vanilla_run(tmp_path, capsys, "--cards", CARDS, out="r" + ext)
    assert record_files.read_records(str(other)) == record_files.read_records(str(jsonl))
    for i in ("0", "1"):
        assert main(["replay", str(jsonl), "--index", i]) == 0
        want = capsys.readouterr().out
        assert main(["replay", str(other), "--index", i]) == 0
        assert capsys.readouterr().out == want


BAD_TABLES = [
    ("r.csv", "index,seed\n0,1\n", "line 2: not a game record ('turns': an integer, 0 or more"),
    ("r.csv", "", "no records in it"),
    ("r.csv", "index,seed\n0\n", "line 2: 1 columns, the header has 2"),
    ("r.parquet", "not parquet", "not a Parquet records file ("),
    ("r.csv", b"\xff\xfe", "not UTF-8 text"),
]


@pytest.mark.parametrize("name,data,message", BAD_TABLES, ids=[b[2][:20] for b in BAD_TABLES])
def test_a_bad_csv_or_parquet_file_is_one_line(name, data, message, tmp_path, capsys):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mtg-ecs replay: {path}: {message}") and err.count("\n") == 1


@pytest.mark.parametrize("fields,message", [
    ({"deck_hashes": ["0123456789abcdef"]}, "'deck_hashes': one per player, each a string"),
    ({"deck_hashes": "0123456789abcdef"}, "'deck_hashes': one per player, each a string"),
    ({"cards": 3}, "'cards': a file's path or null"),
])
def test_an_edited_record_of_replays_fields(fields, message, duel, tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({**duel[0], **fields}) + "\n")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"mtg-ecs replay: {path}: line 1: not a game record ({message})\n"


def test_a_csv_with_a_bad_value_names_the_field(tmp_path, capsys):
    _, path = _vanilla_run(tmp_path, capsys, "--cards", CARDS, out="r.csv")
    text = path.read_text().splitlines()
    text[2] = text[2].replace('"[', '"[x', 1)      # the first list of game 1 isn't JSON
    path.write_text("\n".join(text) + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mtg-ecs replay: {path}: line 3: not a game record (") and \
        "one per player" in err


def test_a_later_game_of_a_match_replays_from_csv(tmp_path, capsys):
    """A match's records keep, in CSV too, who chose to play first: its later games replay."""
    outs = {}
    for ext in (".jsonl", ".csv"):
        path = tmp_path / f"m{ext}"
        assert main(["simulate", "--deck", DUEL[0], "--deck", DUEL[1], "--agents", "random",
                     "--match", "3", "--games", "1", "--seed", "5", "--out", str(path)]) == 0
        capsys.readouterr()
        assert record_files.read_records(str(path))[1]["chooser"] in (0, 1)
        assert main(["replay", str(path), "--index", "1"]) == 0
        outs[ext] = capsys.readouterr().out
    assert outs[".csv"] == outs[".jsonl"] and "Game over" in outs[".csv"]


@pytest.fixture(scope="module")
def gauntlet_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("gauntlet") / "g.jsonl"
    assert main(["simulate", "--deck", "green-red-beasts", "--deck", "esper-fliers",
                 "--deck", "obscura-connive", "--agents", "random", "--games", "2",
                 "--seed", "1", "--out", str(path)]) == 0
    return str(path)


def test_a_gauntlets_game_is_found_by_its_matchup(gauntlet_file, capsys):
    capsys.readouterr()
    assert main(["replay", gauntlet_file, "--index", "1"]) == 2
    assert capsys.readouterr().err == (
        f"mtg-ecs replay: game 1 is in {gauntlet_file} once per matchup (a gauntlet): give "
        "--matchup I,J, one of 0,1 0,2 1,2\n")
    assert main(["replay", gauntlet_file, "--index", "1", "--matchup", "0,2"]) == 0
    out = capsys.readouterr().out
    rec = next(r for r in record_files.read_records(gauntlet_file)
               if r["matchup"] == [0, 2] and r["index"] == 1)
    assert out.startswith(f"game 1: green-red-beasts (random) vs obscura-connive (random), "
                          f"seed {rec['seed']}\n")
    assert out.splitlines()[1:] == describe(replay(rec))


@pytest.mark.parametrize("args,message", [
    (["--matchup", "0,3"], "no matchup 0,3 in "),
    (["--matchup", "0,1", "--index", "2"], "no game 2 of matchup 0,1 in "),
    (["--matchup", "1,1"], "argument --matchup: two different deck places I,J (0 or more), not '1,1'"),
    (["--matchup", "a"], "argument --matchup: two different deck places I,J (0 or more), not 'a'"),
])
def test_a_bad_matchup_is_one_line(args, message, gauntlet_file, capsys):
    capsys.readouterr()
    assert main(["replay", gauntlet_file, *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtg-ecs replay: ") and message in err and err.count("\n") == 1


def test_replay_finds_the_decks_from_another_folder(tmp_path, monkeypatch):
    """Issue 16: replay needed the deck files at the same relative path. Records carry each
    decklist file's absolute path (`deck_paths`): run in one folder, replayed from another,
    the game is the same."""
    from mtg_ecs.apps.records import read_records
    bench = os.path.join(os.path.dirname(__file__), os.pardir, "bench", "decks")
    run = tmp_path / "run"
    (run / "decks").mkdir(parents=True)
    for f in ("vanilla-gold.txt", "vanilla-silver.txt", "vanilla-cards.yaml"):
        shutil.copy(os.path.join(bench, f), run / "decks" / f)
    monkeypatch.chdir(run)
    assert main(["simulate", "--deck", "decks/vanilla-gold.txt", "--deck", "decks/vanilla-silver.txt",
                 "--cards", "decks/vanilla-cards.yaml", "--games", "2", "--agents", "random",
                 "--out", "r.jsonl"]) == 0
    rec = read_records(str(run / "r.jsonl"))[1]
    assert rec["decks"] == ["decks/vanilla-gold.txt", "decks/vanilla-silver.txt"]
    assert rec["deck_paths"] == [str(run / "decks" / "vanilla-gold.txt"),
                                 str(run / "decks" / "vanilla-silver.txt")]
    monkeypatch.chdir(tmp_path)
    g = replay(rec)
    assert (g.winner, g.turn, [p.life for p in g.players]) == (rec["winner_index"], rec["turns"], rec["life"])
