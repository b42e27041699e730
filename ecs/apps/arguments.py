"""The argparse pieces of the `mtg-ecs` command: validated number types, one-line errors,
help that shows every default, and the version.

A mistake on the command line is one line on stderr (`mtg-ecs simulate: argument --seed:
...`) and exit status 2, never a traceback nor a screen of usage: every numeric option
goes through a `type=` function here, so a bad value is refused before anything runs.
"""
from __future__ import annotations

import argparse
import os

# numpy's SeedSequence takes any integer >= 0; its entropy pool is 128 bits, so a wider
# seed adds nothing but digits (in repro file names, among others)
MAX_SEED = 2 ** 128 - 1
MAX_JOBS = 1024


class DefaultsFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Every option's help ends with its default, unless there is none to show (None, a
    flag's False) or the help already says it."""

    def _get_help_string(self, action):     # what ArgumentDefaultsHelpFormatter overrides
        text = action.help or ""
        d = action.default
        if d is None or d is False or d is argparse.SUPPRESS or "default" in text:
            return text
        shown = " ".join(map(str, d)) if isinstance(d, (list, tuple)) else "%(default)s"
        return f"{text} (default: {shown})" if text else f"default: {shown}"


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (`PROG: MESSAGE`, exit 2) and whose help
    shows the defaults; its subcommands' parsers are of this class too."""

    def __init__(self, *args, formatter_class=DefaultsFormatter, **kw):
        super().__init__(*args, formatter_class=formatter_class, **kw)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


class Version(argparse.Action):
    """--version: the installed version, looked up only when asked (importlib.metadata costs
    ~20 ms of every start-up otherwise)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kw):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {version()}")
        parser.exit()


def integer(low: int, high: int | None = None, wanted: str | None = None):
    """An argparse type: an int from `low` to `high` (no upper bound when None); its
    error says what is `wanted` (default: the bounds in figures) and what was given."""
    wanted = wanted or (f"a whole number from {low} to {high}" if high is not None
                        else f"a whole number, {low} or more")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{wanted}, not {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{wanted}, not {value}")
        return value
    return parse


seed = integer(0, MAX_SEED, "a seed from 0 to 2**128 - 1")
count = integer(1)                  # games, turns, failures, cards in a pool
index = integer(0)
players = integer(2, 6, "2 (a duel) to 6 (free-for-all)")
_workers = integer(0, MAX_JOBS, f"worker processes from 0 (one per core) to {MAX_JOBS}")


def matchup(text: str) -> list:
    """A gauntlet's matchup, I,J: the places of its two decks among the --decks."""
    try:
        pair = [int(p) for p in text.split(",")]
    except ValueError:
        pair = []
    if len(pair) != 2 or min(pair) < 0 or pair[0] == pair[1]:
        raise argparse.ArgumentTypeError(f"two different deck places I,J (0 or more), not {text!r}")
    return pair


def jobs(text: str) -> int:
    """Worker processes: 0 means one per core."""
    n = _workers(text)
    return n or os.cpu_count() or 1


def version() -> str:
    """The installed distribution's version ('0+unknown' for a source tree run without
    being installed: there is no metadata to read)."""
    from importlib.metadata import PackageNotFoundError, version as installed
    try:
        return installed("mtg-ecs")
    except PackageNotFoundError:
        return "0+unknown"

