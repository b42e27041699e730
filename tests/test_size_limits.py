"""Size limits of scenario files, repro files and decklists (README, "Scenario files"): a
file asking for more objects, a larger number or more answers than the limits is refused
at once with one clear error naming the key, instead of building objects until killed."""
from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest
import yaml

from mtg_ecs.apps import decklist, fuzz
from mtg_ecs.apps.scenario import run_data, run_file
from mtg_ecs import position as S

HUGE = 100_000_000


def _p0(**setup):
    return {"name": "limits", "players": [setup, {}]}


LIMITS = [
    ("count", _p0(library=[{"card": "Forest", "count": HUGE}]),
     f"players[0].library[0].count: {HUGE} is out of range (1 to {S.MAX_ZONE_OBJECTS}"),
    ("one zone", _p0(hand=[{"card": "Forest", "count": 600}, {"card": "Island", "count": 600}]),
     f"players[0].hand: 1200 objects (at most {S.MAX_ZONE_OBJECTS} in one zone)"),
    ("names in one zone", _p0(graveyard=["Forest"] * (S.MAX_ZONE_OBJECTS + 1)),
     f"players[0].graveyard: {S.MAX_ZONE_OBJECTS + 1} objects"),
    ("the whole file", {"name": "limits", "players": [
        {z: [{"card": "Forest", "count": 800}] for z in ("library", "hand", "graveyard")},
        {"library": [{"card": "Forest", "count": 800}]}]},
     f"players: 3200 objects in all (at most {S.MAX_OBJECTS} in a file)"),
    ("the count is checked before the total", {"name": "limits", "players": [
        {"library": [{"card": "Forest", "count": 900}]},
        {"exile": [{"card": "Forest", "count": HUGE}]}]},
     "players[1].exile[0].count"),
    ("life", _p0(life=10 ** 30), f"players[0].life: {10 ** 30} is out of range"),
    ("negative life", _p0(life=-10 ** 7), "players[0].life"),
    ("poison", _p0(poison=HUGE), "players[0].poison"),
    ("mana", _p0(mana={"R": HUGE}), "players[0].mana.R"),
    ("counters", _p0(battlefield=[{"card": "Centaur Courser", "counters": {"+1/+1": HUGE}}]),
     "players[0].battlefield[0].counters.+1/+1"),
    ("damage", _p0(battlefield=[{"card": "Centaur Courser", "damage": HUGE}]),
     "players[0].battlefield[0].damage"),
    ("x", _p0(battlefield=[{"card": "Centaur Courser", "x": HUGE}]),
     "players[0].battlefield[0].x"),
    ("history", _p0(history={"spells_cast_this_turn": HUGE}),
     "players[0].history.spells_cast_this_turn"),
    ("turn number", {"name": "limits", "players": [{}, {}], "turn": {"number": HUGE}},
     "turn.number"),
    ("extra card power", {"name": "limits", "players": [{}, {}], "cards": [
        {"name": "Huge Test Beast", "type": "Creature — Beast", "pt": [HUGE, 1]}]},
     "cards[0] (Huge Test Beast).pt"),
    ("extra cards", {"name": "limits", "players": [{}, {}], "cards": [
        {"name": f"Test Card {i}", "type": "Artifact"} for i in range(S.MAX_EXTRA_CARDS + 1)]},
     f"cards: {S.MAX_EXTRA_CARDS + 1} definitions"),
    ("token power", _p0(battlefield=[{"card": "Huge Token", "token": {"pt": [HUGE, HUGE]}}]),
     "token Huge Token.pt"),
    ("actions", {"name": "limits", "players": [{}, {}],
                 "actions": [{"pass": True}] * (S.MAX_ACTIONS + 1)},
     f"actions: {S.MAX_ACTIONS + 1} actions"),
    ("to a far turn", {"name": "limits", "players": [{}, {}],
                       "actions": [{"to": "main1", "turn": HUGE}]},
     f"action 1 (to): turn: a turn number, 1 to {S.MAX_TURN}"),
]


@pytest.mark.parametrize("data, message", [c[1:] for c in LIMITS], ids=[c[0] for c in LIMITS])
def test_sizes_past_the_limits_are_malformed(data, message):
    t0 = time.perf_counter()
    r = run_data(data)
    assert not r.passed and r.message.startswith("malformed: ") and message in r.message, r.message
    assert time.perf_counter() - t0 < 2


def test_sizes_at_the_limits_are_accepted():
    """The limits are the largest values allowed, not one less."""
    r = run_data({"name": "limits", "players": [
        {"library": [{"card": "Forest", "count": S.MAX_ZONE_OBJECTS}], "life": S.MAX_LIFE,
         "battlefield": [{"card": "Centaur Courser", "id": "cc",
                          "counters": {"+1/+1": S.MAX_AMOUNT}}]},
        {"life": -S.MAX_LIFE + 1, "hand": ["Forest"] * S.MAX_ZONE_OBJECTS}],
        "expect": {"library_size": {"p0": S.MAX_ZONE_OBJECTS}, "pt": {"cc": [1003, 1003]},
                   "winner": "p0"}})
    assert r.passed, r.message


def test_huge_count_fails_fast_from_the_command_line(tmp_path):
    """`count: 100000000` used to build objects until killed; now `mtg-ecs scenario`
    reports it and ends at once (the timeout turns the old hang into a failure)."""
    path = tmp_path / "huge.yaml"
    path.write_text("name: a typo\nplayers:\n  - library: [{card: Forest, count: 100000000}]\n"
                    "  - {}\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mtg_ecs", "scenario", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        f"FAIL {path}: malformed: players[0].library[0].count: 100000000 is out of range "
        f"(1 to {S.MAX_ZONE_OBJECTS}; the limits are in the README, 'Scenario files')",
        "0 passed, 1 failed"]


def test_file_larger_than_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(S, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.yaml"
    path.write_text("name: big\nplayers: [{}, {}]\n# " + "x" * 1000 + "\n", encoding="utf-8")
    r = run_file(str(path))
    assert not r.passed and r.message == "malformed: the file is larger than 1000 bytes"
    with pytest.raises(ValueError, match="larger than 1000 bytes"):
        fuzz.load_repro(str(path))


def _fuzz_file(tmp_path, **change):
    spec = next(fuzz.game_specs(1, 1))
    data = {"name": "repro", "seed": spec.seed, "players": [{"library": list(d)} for d in spec.decks],
            "fuzz": {"answers": ["'keep'"], "harness_seed": spec.harness_seed, "clone_at": None}}
    for k, v in change.items():
        (data["fuzz"] if k in ("answers", "turn_limit") else data)[k] = v
    path = tmp_path / "repro.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("change, message", [
    ({"players": [{"library": ["Forest"] * (S.MAX_ZONE_OBJECTS + 1)}, {"library": ["Forest"]}]},
     f"players[0].library: {S.MAX_ZONE_OBJECTS + 1} cards (at most {S.MAX_ZONE_OBJECTS}"),
    ({"turn_limit": HUGE}, f"fuzz.turn_limit: 1 to {S.MAX_TURN}"),
    ({"answers": ["Pass()"] * 11}, "fuzz.answers: 11 answers (at most 10)"),
])
def test_repro_files_are_bounded(tmp_path, monkeypatch, change, message):
    monkeypatch.setattr(fuzz, "MAX_SCRIPT", 10)        # (the real one: 60,051)
    path = _fuzz_file(tmp_path, **change)
    r = run_file(path)
    assert not r.passed and r.message.startswith("malformed: ") and message in r.message, r.message
    with pytest.raises(ValueError, match=re.escape(message)):
        fuzz.load_repro(path)


def test_replayed_refusals_are_bounded(tmp_path):
    """A repro can't make the harness try answers for ever at one decision: past the
    fuzzer's own MAX_REFUSALS it fails as the fuzzer does ('no legal answer found')."""
    spec = next(fuzz.game_specs(1, 1))
    script = [{"refused": "Garbage(None)"}] * (fuzz.MAX_REFUSALS + 5)
    res = fuzz.run_game(spec, script=script)
    assert res.failure is not None and res.failure.index == 0
    assert res.failure.message.startswith("no legal answer found")


def test_decklist_total_is_bounded():
    """No rule caps a deck (CR 100.2a gives minimums), so 1000 copies on a line are read,
    but a list past MAX_DECK_CARDS cards in all is refused at the line that passes it."""
    text = "\n".join(["1000 Forest"] * 5 + ["1 Island"])
    with pytest.raises(decklist.DecklistParseError) as ex:
        decklist.parse(text)
    assert ex.value.problems == [f"line 6: '1 Island': the list would have more than "
                                 f"{decklist.MAX_DECK_CARDS} cards"]
    assert len(decklist.parse("\n".join(["1000 Forest"] * 5)).main) == 5000
    t0 = time.perf_counter()
    with pytest.raises(decklist.DecklistParseError):
        decklist.parse("1000 Forest\n" * 200_000)        # 200 million cards before
    assert time.perf_counter() - t0 < 2
    with pytest.raises(decklist.DecklistParseError, match="at most 1000"):
        decklist.parse("100000000 Forest")
