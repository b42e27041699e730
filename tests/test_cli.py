"""The mtg-ecs command line: cards, simulate (with decklists, --cards, --out), replay."""
import json
import os

import pytest

from mtg_ecs.apps.cli import main

BENCH = os.path.join(os.path.dirname(__file__), "..", "bench", "decks")


def test_cards_lists_every_registered_card(capsys):
    from mtg_ecs.cards import all_cards
    assert main(["cards"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == all_cards() and "Serra Angel" in out


def test_simulate_vanilla_decks_with_card_file(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    rc = main(["simulate", "--deck", os.path.join(BENCH, "vanilla-gold.txt"),
               "--deck", os.path.join(BENCH, "vanilla-silver.txt"),
               "--cards", os.path.join(BENCH, "vanilla-cards.yaml"),
               "--agents", "random", "--games", "5", "--seed", "3", "--out", str(out)])
    text = capsys.readouterr().out
    assert rc == 0
    assert "vanilla-gold vs vanilla-silver" in text and "games/s" in text and "95% interval" in text
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["index"] for r in recs] == list(range(5))
    # the replay of a recorded game is that game
    assert main(["replay", str(out), "--index", "2", "--cards",
                 os.path.join(BENCH, "vanilla-cards.yaml")]) == 0
    rep = capsys.readouterr().out
    assert rep.startswith("game 2:") and "Game over" in rep


def test_simulate_reports_unknown_cards_clearly(tmp_path, capsys):
    deck = tmp_path / "bad.txt"
    deck.write_text("20 Forest\n4 Serra Angle\n4 Lightning Bolt\n")
    rc = main(["simulate", "--deck", str(deck), "--deck", "esper-fliers", "--games", "1"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "Serra Angle" in err and "Serra Angel" in err


def test_simulate_validates_the_format(capsys):
    rc = main(["simulate", "--deck", os.path.join(BENCH, "vanilla-gold.txt"),
               "--deck", "esper-fliers", "--format", "constructed", "--games", "1"])
    assert rc == 2      # the vanilla cards aren't known without --cards
    rc = main(["simulate", "--deck", "green-red-beasts", "--deck", "esper-fliers",
               "--format", "limited", "--games", "2"])
    assert rc == 0


def test_coverage_counts_statements_and_rulings(tmp_path, capsys):
    spec = tmp_path / "009-demo.SPEC.md"
    spec.write_text("- **T-1** a statement\n- **T-2** another\n")
    (tmp_path / "009-demo.CARDS.json").write_text(json.dumps(
        [{"name": "Demo Card", "rulings": ["one", "two"]}]))
    tests = tmp_path / "t"
    tests.mkdir()
    (tests / "test_x.py").write_text('"""009 T-1, 009 Demo Card R2"""\n')
    (tests / "NOT-TESTED.md").write_text("009 T-2: needs four players\n")
    assert main(["coverage", str(spec), "--tests", str(tests)]) == 1     # R1 is missing
    out = capsys.readouterr().out
    assert out.startswith("009: 2/4 statements cited by tests (testable statements 1/2, "
                          "card rulings 1/2), 1 listed as not tested, 1 missing")


def test_coverage_of_a_missing_spec_file_is_a_clear_error(capsys):
    assert main(["coverage", "no-such.SPEC.md"]) == 2
    assert "no such spec file: no-such.SPEC.md" in capsys.readouterr().err


def test_main_gives_back_the_callers_sigpipe_handling():
    """`main` lets a closed pipe end the command quietly, but only while it runs: a test
    run calling it kept SIGPIPE's default afterwards, and a worker process dying later
    (tests/test_backends.py) ended the whole run with signal 13."""
    import signal
    before = signal.getsignal(signal.SIGPIPE)
    main(["cards"])
    assert signal.getsignal(signal.SIGPIPE) == before


def test_only_the_command_itself_freezes_the_collector():
    """`main()` (the `mtg-ecs` process) moves what importing the engine made out of the
    garbage collector's walks (`gc.freeze`); `main(argv)` (a program calling it, this test
    run) leaves the caller's collector as it was."""
    import gc
    import subprocess
    import sys
    before = gc.get_freeze_count()
    assert main(["cards"]) == 0
    assert gc.get_freeze_count() == before
    code = ("import gc, sys; from mtg_ecs.apps.cli import main; sys.argv = ['mtg-ecs', 'cards']; "
            "main(); print(gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout.splitlines()[-1]) > 10_000


def test_a_run_imports_no_module_only_an_error_or_a_rare_command_needs():
    """difflib (the closest names, for an unknown card), pkgutil (every card module, for
    `cards`) and csv (the set table, for legality) are imported where they are used: a
    simulate run of registered cards pays none of them (~6 M instructions)."""
    import subprocess
    import sys
    code = ("import sys; from mtg_ecs.apps.cli import main; "
            "sys.argv = ['mtg-ecs', 'simulate', '--games', '1', '--agents', 'random', '--seed', '1']; "
            "main(); print(sorted({'difflib', 'pkgutil', 'csv'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
