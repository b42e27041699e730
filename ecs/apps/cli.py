"""The `mtg-ecs` command (also `python -m mtg_ecs`)."""
from __future__ import annotations

import os
import sys

from mtg_ecs.apps import arguments as A


def cmd_cards(args) -> int:
    from mtg_ecs.cards import all_cards
    for name in all_cards():
        print(name)
    return 0


def cmd_scenario(args) -> int:
    from mtg_ecs.apps.scenario import collect, run_file
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"mtg-ecs scenario: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    files = collect(args.paths)
    if not files:
        print(f"mtg-ecs scenario: no scenario files (*.yaml, *.yml) in {' '.join(args.paths)}",
              file=sys.stderr)
        return 2
    import contextlib
    from mtg_ecs.apps.scenario.checked import checked_decisions
    passed = failed = 0
    with (checked_decisions() if args.check else contextlib.nullcontext()) as checked:
        for f in files:
            r = run_file(f)
            if r.passed:
                passed += 1
                if args.verbose:
                    print(f"PASS {f}")
            else:
                failed += 1
                print(f"FAIL {f}: {r.message}")
    print(f"{passed} passed, {failed} failed" +
          (f" ({checked['checked']} answers checked)" if checked else ""))
    return 0 if failed == 0 else 1


def _coverage_paths_problem(args) -> str | None:
    """What is wrong with coverage's paths, if anything (before any file is read)."""
    import re
    for s in args.specs:
        if not os.path.isfile(s):
            return f"no such spec file: {s} (give the path of an NNN-*.SPEC.md)"
        if not re.fullmatch(r"\d{3}-.*\.SPEC\.md", os.path.basename(s)):
            return f"{s}: not a spec (its name is NNN-*.SPEC.md)"
    for t in args.tests:
        if not os.path.exists(t):
            return f"--tests: no such file or folder: {t}"
    return None


def cmd_coverage(args) -> int:
    from mtg_ecs.apps.coverage import report
    bad = _coverage_paths_problem(args)
    if bad:
        print(f"mtg-ecs coverage: {bad}", file=sys.stderr)
        return 2
    rc = 0
    for spec in args.specs:
        try:
            r = report(spec, args.tests)
        except (OSError, ValueError) as ex:     # unreadable, not UTF-8, a bad CARDS.json
            print(f"mtg-ecs coverage: {spec}: {ex}", file=sys.stderr)
            return 2
        print(f"{r['spec']}: {r['covered']}/{r['total']} statements cited by tests "
              f"(testable statements {r['statements_covered']}/{r['statements']}, card rulings "
              f"{r['rulings_covered']}/{r['rulings']}), "
              f"{r['not_tested']} listed as not tested, {len(r['missing'])} missing")
        if r["rulings"]:
            print("  card rulings by set: " + ", ".join(f"{s} {v['covered']}/{v['rulings']} "
                                                        f"({v['cards']} cards)"
                                                        for s, v in r["by_set"].items()))
        if args.verbose and r["missing"]:
            print("  missing: " + " ".join(r["missing"]))
        rc |= bool(r["missing"])
    return rc


def cmd_legality(args) -> int:
    from mtg_ecs.apps import legality as lg
    from mtg_ecs.cards import UnknownCard, is_registered
    if not args.name.strip():
        print("mtg-ecs legality: give a card's name", file=sys.stderr)
        return 2
    try:
        found = [lg.legality(args.name, f, args.printing, args.as_of)
                 for f in ([args.format] if args.format else lg.FORMATS)]
    except (lg.LegalityError, UnknownCard) as ex:
        print(f"mtg-ecs legality: {ex}", file=sys.stderr)
        return 2
    first = found[0]
    when = (f"{first.as_of}, the data's date" if first.as_of == lg.DATA_DATE else first.as_of)
    print(f"{first.card}{f' ({first.printing})' if first.printing else ''}, as of {when}:")
    for v in found:
        why = v.reason.replace(f"; {lg.NOT_IN_DATA}", "")
        print(f"  {v.format:<10} {'legal' if v.legal else 'not legal':<10} {why}")
    print(f"Note: {lg.NOT_IN_DATA}.")
    if not is_registered(first.card):
        print(f"Note: {first.card} is not registered: the engine can't play it yet.")
    return 0


def _progress(total):
    """A tqdm bar on a terminal, nothing otherwise."""
    if not sys.stderr.isatty():
        return None, None
    try:
        from tqdm import tqdm
    except ImportError:
        return None, None
    bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
    return bar.update, bar


def cmd_simulate(args) -> int:
    from mtg_ecs.apps import gauntlet, simulate as sim
    from mtg_ecs.apps.decklist import DecklistError
    from mtg_ecs.apps.records import RecordsError, RecordWriter, read_records, rewrite_sorted
    from mtg_ecs.apps.stats import format_summary
    from mtg_ecs.cards import UnknownCard
    writer = None
    try:
        done = []
        if args.resume:
            if not args.out:
                raise sim.SimulationError("--resume continues the run of --out FILE.jsonl: give it")
            if os.path.exists(args.out):
                done = read_records(args.out)
        # checked and opened before anything is played: no run ends in a bad --out
        writer = RecordWriter(args.out, append=bool(done)) if args.out else None
        decks = _simulated_decks(args, sim)
        extra = sim.load_card_file(args.cards) if args.cards else None
        is_gauntlet = _is_gauntlet(args)
        total = args.games * (len(gauntlet.matchups(len(decks))) if is_gauntlet else 1)
        update, bar = _progress(max(0, total - len(done)))
        run = gauntlet.gauntlet if is_gauntlet else sim.simulate
        try:
            records, summary = run(
                decks, games=args.games, seed=args.seed, agents=args.agents, jobs=args.jobs,
                turn_limit=args.turn_limit, progress=update, extra=extra, fmt=args.format,
                hashes=args.hashes, on_record=writer.add if writer else None, done=done,
                backend=args.backend, address=args.address,
                **({"match": args.match} if args.match else {}))
        finally:
            if bar is not None:
                bar.close()
        if writer is not None:
            writer.close()
            writer = None
            if done and not summary["interrupted"]:
                rewrite_sorted(args.out, records)      # (a resumed run's file in game order)
    except (sim.SimulationError, RecordsError, DecklistError, UnknownCard, OSError) as ex:
        if writer is not None:
            writer.close()
        print(f"mtg-ecs simulate: {ex}", file=sys.stderr)
        return 2
    if args.json:
        print(summary_json(summary, args.seed))        # (stdout: the JSON alone)
    elif records and is_gauntlet:
        each = f"best-of-{args.match} matches" if args.match else "games"
        print(f"gauntlet: {len(decks)} decks, {args.games} {each} each matchup "
              f"({args.agents}, seed {args.seed})")
        print(gauntlet.format_summary(summary))
    elif records:
        n = len(decks)
        agents = args.agents if "," in args.agents else " vs ".join([args.agents] * n)
        table = "" if n == 2 else f"{records[-1].get('format', 'duel')}, "
        print(f"{' vs '.join(summary['decks'])} ({table}{agents}, seed {args.seed})")
        print(format_summary(summary))
    if args.out and not args.json:
        print(f"records: {args.out}")
    if summary["interrupted"]:
        more = f"; go on with --resume --out {args.out}" if args.out and args.out.endswith(".jsonl") else ""
        of = f"{total} best-of-{args.match} matches" if args.match else f"{total} games"
        print(f"mtg-ecs simulate: interrupted: {len(records)} games finished (of {of}){more}",
              file=sys.stderr)
        return 130
    return 0


def summary_json(summary: dict, seed: int) -> str:
    """`simulate --json`: the summary (README: its keys) and the run's seed, as JSON."""
    import json
    return json.dumps({"seed": seed, **summary}, indent=2)


def cmd_report(args) -> int:
    from mtg_ecs.apps.records import RecordsError
    from mtg_ecs.apps.report import ReportError, write_report
    try:
        out = write_report(args.results, args.out)
    except (RecordsError, ReportError) as ex:
        print(f"mtg-ecs report: {ex}", file=sys.stderr)
        return 2
    print(f"report: {out}")
    return 0


# the game formats of one game of three or more players (else three or more decks: a gauntlet)
MULTIPLAYER = ("free-for-all", "commander", "two-headed-giant", "archenemy")


def _is_gauntlet(args) -> bool:
    """Three or more --deck options play a round robin of duels, unless --players or a
    multiplayer game format asks for one game of them all."""
    return len(args.deck or ()) >= 3 and args.players is None and args.format not in MULTIPLAYER


def _simulated_decks(args, sim) -> list:
    """The --deck options, one per player (--players: that many; none given: the first
    sample decks); a gauntlet's, all of them."""
    if _is_gauntlet(args):
        return args.deck
    players = args.players if args.players is not None else len(args.deck or ()) or \
        (4 if args.format in ("two-headed-giant", "commander") else 2)
    if not 2 <= players <= 6:
        raise sim.SimulationError(f"--players: 2 (a duel) to 6 (free-for-all), not {players}")
    if not args.deck:
        samples = list(sim.sample_decks("commander") if args.format == "commander" else sim.sample_decks())
        samples = [f"commander/{s}" for s in samples] if args.format == "commander" else samples
        if len(samples) < players:
            raise sim.SimulationError(f"--players {players}: give {players} --deck options "
                                      f"(there are {len(samples)} sample decks)")
        return samples[:players]
    if len(args.deck) != players:
        raise sim.SimulationError(f"--players {players}: give {players} --deck options, one "
                                  f"per player (got {len(args.deck)})")
    return args.deck


def cmd_replay(args) -> int:
    from mtg_ecs.apps import simulate as sim
    from mtg_ecs.apps.records import read_records
    from mtg_ecs.apps.replay import describe, find_game, replay
    try:
        extra = sim.load_card_file(args.cards) if args.cards else None
        rec = find_game(read_records(args.records), args.index, args.matchup, args.records)
        g = replay(rec, extra)
    except (OSError, ValueError, KeyError) as ex:
        print(f"mtg-ecs replay: {ex}", file=sys.stderr)
        return 2
    print(f"game {rec['index']}: " + " vs ".join(
        f"{label} ({agent})" for label, agent in zip(g.labels, rec["agents"])) +
        f", seed {rec['seed']}")
    for line in describe(g):
        print(line)
    same = (g.turn == rec["turns"] and [p.life for p in g.players] == rec["life"])
    if not same:
        print("warning: the replay differs from the record (different engine or card files?)")
        return 1
    return 0


def cmd_fuzz(args) -> int:
    from mtg_ecs.apps import fuzz
    if args.repro:
        try:
            spec, _, _, expected = fuzz.load_repro(args.repro)
            res = fuzz.run_repro(args.repro)
        except (OSError, KeyError, ValueError, SyntaxError) as ex:
            print(f"mtg-ecs fuzz: {args.repro}: {ex}", file=sys.stderr)
            return 2
        if res.failure is None:
            print(f"{args.repro}: no failure ({res.decisions} decisions, turn {res.turns}, "
                  f"{res.reason})")
            return 0
        print(fuzz.describe_failure(res, where=args.repro))
        if expected and expected.get("message") != res.failure.message:
            print(f"  (the file recorded: decision {expected.get('decision')}: "
                  f"{expected.get('message')})")
        return 1
    try:
        players = args.players
        if players is None:             # Two-Headed Giant seats four
            players = 4 if args.format == "two-headed-giant" else 2
        if os.path.exists(args.out) and not os.path.isdir(args.out):
            raise ValueError(f"--out {args.out}: not a folder (repro files are written in it)")
        fmt = args.format or fuzz.table_format(players)
        fuzz.check_fuzz_format(fmt, players)
        agents = fuzz.parse_agents(args.agents, players)
    except ValueError as ex:
        print(f"mtg-ecs fuzz: {ex}", file=sys.stderr)
        return 2
    update, bar = _progress(args.games)

    def report(res):
        if update:
            update(1)
        if res.failure is not None:
            if bar is not None:
                bar.write(fuzz.describe_failure(res))
            else:
                print(fuzz.describe_failure(res), flush=True)
        elif args.verbose:
            print(f"game {res.spec.index}: {res.decisions} decisions, turn {res.turns}, "
                  f"{res.reason}", flush=True)

    results, summary = fuzz.fuzz(args.games, args.seed, first=args.first,
                                 turn_limit=args.turn_limit, out=args.out, report=report,
                                 stop_after=args.stop_after, jobs=args.jobs, pool=args.pool,
                                 agents=agents, players=players, fmt=fmt)
    if bar is not None:
        bar.close()
    print(fuzz.format_summary(summary))
    return 1 if summary["failures"] else 0


def main(argv=None) -> int:
    """The `mtg-ecs` command. While it runs, a closed pipe ends the process quietly
    (`mtg-ecs cards | head`); the caller's handling of SIGPIPE is restored after, so a
    program calling `main` (a test run) isn't ended later by a pipe of its own.

    Called without `argv`, `main` is the process's own command: what importing the engine
    made (classes, functions, card tables: objects that live as long as the process) is
    frozen out of the garbage collector (`gc.freeze`), so that no full collection during
    the run nor the one at exit walks it again (~28 M instructions of a one-game run's
    ~760 M). With `argv` (a program calling `main`) the caller's collector is left alone."""
    import gc
    import signal
    import threading
    if argv is None:
        gc.freeze()
    if not hasattr(signal, "SIGPIPE") or threading.current_thread() is not threading.main_thread():
        return _main(argv)
    before = signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGPIPE, before)


def _main(argv) -> int:
    from mtg_ecs.apps import decklist, legality
    from mtg_ecs.core.formats import FORMATS
    SIMULATE_FORMATS = tuple(FORMATS) + tuple(f for f in decklist.FORMATS if f not in FORMATS)
    ap = A.Parser(prog="mtg-ecs", description="Magic: The Gathering rules engine")
    ap.add_argument("--version", action=A.Version)
    sub = ap.add_subparsers(dest="cmd", metavar="COMMAND", required=True)
    p = sub.add_parser("cards", help="list every registered card, one per line")
    p.set_defaults(fn=cmd_cards)
    p = sub.add_parser("scenario", help="run scenario files (files or folders)")
    p.add_argument("paths", nargs="+")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("--check", action="store_true",
                   help="after every answer check the fuzzer's invariants, and that a clone taken "
                        "before it, given the same answer, ends equal (ecs/scenario/checked.py)")
    p.set_defaults(fn=cmd_scenario)
    p = sub.add_parser("coverage", help="which testable statements of a spec the tests cite")
    p.add_argument("specs", nargs="+", help="path(s) to NNN-*.SPEC.md")
    p.add_argument("--tests", nargs="+", default=["tests"],
                   help="the test folders or files whose citations count")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(fn=cmd_coverage)
    p = sub.add_parser("simulate", help="play many games between decks and summarize")
    p.add_argument("--deck", action="append",
                   help="a decklist file or sample deck name, once per player (the same deck "
                        "may be given twice)")
    p.add_argument("--players", type=A.players, default=None,
                   help="2 (a duel) or 3-6 (free-for-all); default: one per --deck, or 2")
    p.add_argument("--games", type=A.count, default=100, help="games to play")
    p.add_argument("--seed", type=A.seed, default=0,
                   help="the run's seed: game i's seeds come from (seed, i) alone")
    p.add_argument("--agents", default="heuristic",
                   help="random|heuristic for every player, or one per --deck, comma-separated "
                        "(random,heuristic)")
    p.add_argument("--jobs", type=A.jobs, default=1, help="worker processes (0: one per core)")
    p.add_argument("--backend", default="processes", choices=("processes", "ray"),
                   help="where --jobs play: worker processes, or Ray tasks (pip install "
                        "'mtg-ecs[ray]'; a local Ray of --jobs CPUs unless --address)")
    p.add_argument("--address", default=None,
                   help="--backend ray: the Ray cluster to use (ray://HOST:10001, or auto)")
    p.add_argument("--out", help="write one record per game: .jsonl, .csv or .parquet")
    p.add_argument("--cards", help="YAML file of simple card definitions for the decklists")
    p.add_argument("--format", default=None, choices=SIMULATE_FORMATS,
                   help="a game format (duel, free-for-all: played) or deck rules (constructed, "
                        "limited, standard, ...: every deck checked, the game a duel for two "
                        "players and free-for-all for more; freeform: any deck); default: a "
                        "duel or free-for-all, every deck at least 40 cards")
    p.add_argument("--turn-limit", type=A.count, default=None,
                   help="a game reaching it is a draw; default: 25 turns of each player (50 in a duel)")
    p.add_argument("--hashes", action="store_true",
                   help="add each game's event-log and final-state hashes to its record")
    p.add_argument("--resume", action="store_true",
                   help="continue the run whose records are in --out FILE.jsonl: play only the "
                        "games it lacks (same seeds), then the file holds them all")
    p.add_argument("--json", action="store_true",
                   help="print the summary as JSON (README: its keys) instead of the text")
    p.add_argument("--match", type=A.count, default=None,
                   help="play --games best-of-N matches of two decks: the loser of a game "
                        "chooses who plays first in the next (CR 103.1)")
    p.set_defaults(fn=cmd_simulate)
    p = sub.add_parser("report", help="an HTML page with the summary and plots of a "
                                      "simulate --out .jsonl file (needs matplotlib)")
    p.add_argument("results", help="the records: a .jsonl file of mtg-ecs simulate --out")
    p.add_argument("--out", help="the page to write (default: RESULTS with .html)")
    p.set_defaults(fn=cmd_report)
    p = sub.add_parser("legality", help="is a card legal in a format (Standard, Pioneer, "
                                        "Modern, Legacy, Vintage, Commander)")
    p.add_argument("name", help="the card's English name")
    p.add_argument("--format", choices=legality.FORMATS, help="one format (default: all)")
    p.add_argument("--printing", help="one printing, SET:NUMBER (e.g. NCC:24)")
    p.add_argument("--as-of", help="the date, YYYY-MM-DD (default: the data's, "
                                   f"{legality.DATA_DATE})")
    p.set_defaults(fn=cmd_legality)
    p = sub.add_parser("replay", help="replay one game of a --out file (.jsonl, .csv, .parquet), "
                                     "turn by turn")
    p.add_argument("records")
    p.add_argument("--index", type=A.index, default=0, help="the game's index")
    p.add_argument("--cards", help="the --cards file the simulation used (default: the "
                                   "record's)")
    p.add_argument("--matchup", type=A.matchup, help="in a gauntlet's records: the matchup "
                                                     "I,J whose game it is")
    p.set_defaults(fn=cmd_replay)
    p = sub.add_parser("fuzz", help="random games with invariant checks after every decision")
    p.add_argument("--games", type=A.count, default=100, help="games to play")
    p.add_argument("--seed", type=A.seed, default=0,
                   help="the run's seed: game i's decks and seeds come from (seed, i) alone")
    p.add_argument("--first", type=A.index, default=0,
                   help="index of the first game of the seed: plays games first..first+games-1")
    p.add_argument("--jobs", type=A.jobs, default=1, help="worker processes (0: one per core)")
    p.add_argument("--pool", type=A.count, default=None,
                   help="each game's decks draw their nonland cards from this many different "
                        "cards (default: every card), so that their interactions come up often")
    p.add_argument("--players", type=A.players, default=None,
                   help="players in each game: 2 (a duel, the default) or 3-6 (free-for-all "
                        "unless --format says otherwise; 4 in two-headed-giant)")
    p.add_argument("--format", default=None,
                   help="the game format: duel, free-for-all, commander (99-card decks, each "
                        "led by a random legendary creature, 40 life), two-headed-giant or "
                        "archenemy (default: duel for 2 players, free-for-all for more)")
    p.add_argument("--agents", default="fuzz",
                   help="who plays: fuzz (random answers of every kind, some malformed), random "
                        "or heuristic (the agents of simulate); one for all, or one per player, "
                        "comma-separated")
    p.add_argument("--turn-limit", type=A.count, default=40,
                   help="a game reaching this turn ends as a draw")
    p.add_argument("--out", default="fuzz-failures", help="folder for repro files")
    p.add_argument("--stop-after", type=A.count, default=None,
                   help="stop after this many failures (default: never)")
    p.add_argument("--repro", help="replay a repro file and report its failure")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(fn=cmd_fuzz)
    try:
        args = ap.parse_args(argv)
    except SystemExit as ex:            # --help, --version, or a usage error (one line)
        return ex.code
    try:
        return args.fn(args)
    except KeyboardInterrupt:
        # Ctrl-C where a command doesn't stop cleanly itself (simulate does, keeping the
        # finished games): one line, the usual exit status for it, no traceback
        print(f"mtg-ecs {args.cmd}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
