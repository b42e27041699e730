"""The `mtg-ecs` command (also `python -m ecs`)."""
from __future__ import annotations

import argparse
import sys


def cmd_cards(args) -> int:
    from cards import all_cards
    for name in all_cards():
        print(name)
    return 0


def cmd_scenario(args) -> int:
    from ecs.scenario import collect, run_file
    files = collect(args.paths)
    if not files:
        print("no scenario files found", file=sys.stderr)
    passed = failed = 0
    for f in files:
        r = run_file(f)
        if r.passed:
            passed += 1
            if args.verbose:
                print(f"PASS {f}")
        else:
            failed += 1
            print(f"FAIL {f}: {r.message}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def cmd_coverage(args) -> int:
    from ecs.coverage import report
    rc = 0
    for spec in args.specs:
        r = report(spec, args.tests)
        print(f"{r['spec']}: {r['covered']}/{r['total']} statements cited by tests, "
              f"{r['not_tested']} listed as not tested, {len(r['missing'])} missing")
        if args.verbose and r["missing"]:
            print("  missing: " + " ".join(r["missing"]))
        rc |= bool(r["missing"])
    return rc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="mtg-ecs", description="Magic: The Gathering rules engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("cards", help="list every registered card, one per line")
    p.set_defaults(fn=cmd_cards)
    p = sub.add_parser("scenario", help="run scenario files (files or folders)")
    p.add_argument("paths", nargs="+")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(fn=cmd_scenario)
    p = sub.add_parser("coverage", help="which testable statements of a spec the tests cite")
    p.add_argument("specs", nargs="+", help="path(s) to NNN-*.SPEC.md")
    p.add_argument("--tests", nargs="+", default=["tests"])
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(fn=cmd_coverage)
    args = ap.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
