"""Bulk simulation: many games between two decks, with agents, in parallel.

    >>> from mtg_ecs.apps.simulate import simulate
    >>> records, summary = simulate(["green-red-beasts", "esper-fliers"], games=4, seed=7)
    >>> summary["games"], sum(summary["wins"]) + summary["draws"]
    (4, 4)

Every game gets its own seeds from numpy's SeedSequence algorithm (game, then one per
agent; `mtg_ecs.apps.seeds`), so a result depends only on (seed, game index): `jobs` changes the speed,
never the records.
"""
from __future__ import annotations

import json
import math
import os
import statistics
import time
from dataclasses import dataclass

from mtg_ecs import cards as _cards_pkg
from mtg_ecs.apps import decklist
from mtg_ecs.apps.seeds import generate_state

SAMPLE_DECK_DIR = os.path.join(os.path.dirname(os.path.abspath(_cards_pkg.__file__)), "decks")
AGENTS = ("random", "heuristic")
DEFAULT_TURN_LIMIT = 50


class SimulationError(ValueError):
    pass


@dataclass
class Deck:
    name: str          # what the summary calls it
    source: str        # a sample deck name or a file path (what replay reloads)
    cards: list        # card names (or CardDefs for --cards definitions)


def sample_decks() -> dict:
    out = {}
    if os.path.isdir(SAMPLE_DECK_DIR):
        for fn in sorted(os.listdir(SAMPLE_DECK_DIR)):
            if fn.endswith(".txt"):
                out[fn[:-4]] = os.path.join(SAMPLE_DECK_DIR, fn)
    return out


def load_deck(spec: str, extra: dict | None = None, fmt: str = "freeform") -> Deck:
    """A deck from a sample deck name or a decklist file; validated against `fmt`."""
    samples = sample_decks()
    if spec in samples:
        path, name = samples[spec], spec
    elif os.path.exists(spec):
        path, name = spec, os.path.splitext(os.path.basename(spec))[0]
    else:
        raise SimulationError(f"no deck {spec!r}: not a file, nor a sample deck "
                              f"({', '.join(samples) or 'none'})")
    dl = decklist.load(path, extra)
    decklist.validate(dl.main, dl.sideboard, fmt, extra, commander=dl.commander)
    cards = [extra[n] if extra and n in extra else n for n in dl.main]
    return Deck(name, spec, cards)


def load_card_file(path: str) -> dict:
    """--cards FILE.yaml: simple card definitions (the schema of a scenario's `cards:`)."""
    import yaml
    from mtg_ecs.position import extra_cards, ScenarioError
    with open(path, encoding="utf-8") as f:
        # libyaml's parser with the safe constructor when PyYAML has it (10x faster)
        data = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    try:
        return extra_cards(data)
    except ScenarioError as ex:
        raise SimulationError(f"{path}: {ex}")


def make_agent(kind: str, seed: int):
    from mtg_ecs.apps.agents import RandomAgent, HeuristicAgent
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed)
    raise SimulationError(f"unknown agent {kind!r} (choose from {', '.join(AGENTS)})")


def game_seeds(seed: int, games: int, first: int = 0) -> list:
    """Per-game (game seed, agent seed, agent seed): game i's are the first three words
    of `SeedSequence(seed).spawn(...)[i]`, the child with spawn key (i,)."""
    return [tuple(generate_state(seed, (i,), 3)) for i in range(first, first + games)]


def play_game(decks, agents, seeds, turn_limit=DEFAULT_TURN_LIMIT, log=False):
    """Play one game; returns the Game (over)."""
    from mtg_ecs.game import Game
    from mtg_ecs.apps.agents import play
    gseed, s0, s1 = seeds
    g = Game.new([d.cards for d in decks], seed=gseed, log=log, turn_limit=turn_limit,
                 auto_pass=True)
    play(g, [make_agent(agents[0], s0), make_agent(agents[1], s1)])
    return g


def _reason(g) -> str:
    if g.end_reason in ("turn limit", "loop draw", "decision limit"):
        return g.end_reason
    reasons = [p.loss_reason for p in g.players if p.loss_reason]
    return reasons[0] if reasons else (g.end_reason or "unknown")


def _record(index, decks, agents, seeds, g, turn_limit) -> dict:
    winner = None if g.winner is None else decks[g.winner].name
    return {"index": index, "seed": seeds[0], "agent_seeds": list(seeds[1:]),
            "decks": [d.source for d in decks], "agents": list(agents),
            "turn_limit": turn_limit, "winner": winner if winner is not None else "draw",
            "winner_index": g.winner, "reason": _reason(g), "turns": g.turn,
            "starting_player": g.starting_player,
            "life": [p.life for p in g.players]}


# the worker's view of the job (set before forking: decks hold CardDefs, which
# are not picklable, so workers inherit them)
_JOB = {}


def _work(item):
    index, seeds = item
    j = _JOB
    g = play_game(j["decks"], j["agents"], seeds, j["turn_limit"], log=j["hashes"])
    rec = _record(index, j["decks"], j["agents"], seeds, g, j["turn_limit"])
    if j["hashes"]:
        # the whole game, for determinism checks: the same in every process and with any --jobs
        from mtg_ecs.core.hashing import log_hash, state_hash
        rec["log_hash"] = log_hash(g)
        rec["state_hash"] = state_hash(g)
    g.close()
    return rec


def simulate(decks, games: int = 100, seed: int = 0, agents=("heuristic", "heuristic"),
             jobs: int = 1, turn_limit: int = DEFAULT_TURN_LIMIT, progress=None,
             extra: dict | None = None, fmt: str = "freeform", hashes: bool = False):
    """Play `games` games between two decks. `decks`: two Deck objects, sample deck
    names or decklist paths. Returns (records, summary). `hashes`: keep each game's
    event log and add its hash (`log_hash`) and the final state's (`state_hash`) to
    the record."""
    decks = [d if isinstance(d, Deck) else load_deck(d, extra, fmt) for d in decks]
    if len(decks) != 2:
        raise SimulationError("give exactly two decks")
    agents = list(agents) if not isinstance(agents, str) else agents.split(",")
    if len(agents) == 1:
        agents = agents * 2
    if len(agents) != 2 or any(a not in AGENTS for a in agents):
        raise SimulationError(f"agents: one or two of {', '.join(AGENTS)}")
    if games < 1:
        raise SimulationError("games: at least 1")
    seeds = game_seeds(seed, games)
    items = list(enumerate(seeds))
    _JOB.update(decks=decks, agents=agents, turn_limit=turn_limit, hashes=hashes)
    t0 = time.perf_counter()
    records = []
    if jobs <= 1:
        for it in items:
            records.append(_work(it))
            if progress:
                progress(1)
    else:
        import multiprocessing as mp
        ctx = mp.get_context("fork")
        chunk = max(1, min(50, games // (jobs * 8) or 1))
        with ctx.Pool(jobs) as pool:
            for rec in pool.imap_unordered(_work, items, chunksize=chunk):
                records.append(rec)
                if progress:
                    progress(1)
        records.sort(key=lambda r: r["index"])
    seconds = time.perf_counter() - t0
    return records, summarize(records, [d.name for d in decks], seconds)


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(records, names, seconds) -> dict:
    n = len(records)
    wins = [sum(1 for r in records if r["winner_index"] == i) for i in range(len(names))]
    draws = sum(1 for r in records if r["winner_index"] is None)
    turns = [r["turns"] for r in records]
    reasons = {}
    for r in records:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    return {"games": n, "decks": list(names), "wins": wins,
            "win_rate": [w / n if n else 0.0 for w in wins],
            "wilson95": [wilson(w, n) for w in wins], "draws": draws,
            "mean_turns": statistics.fmean(turns) if turns else 0.0,
            "median_turns": statistics.median(turns) if turns else 0,
            "reasons": reasons, "seconds": seconds,
            "games_per_second": n / seconds if seconds > 0 else float("inf")}


def format_summary(s: dict) -> str:
    lines = []
    w = max(len(d) for d in s["decks"] + ["deck"])
    lines.append(f"{'deck':<{w}}  {'wins':>6}  {'win rate':>8}  95% interval")
    for name, wins, rate, (lo, hi) in zip(s["decks"], s["wins"], s["win_rate"], s["wilson95"]):
        lines.append(f"{name:<{w}}  {wins:>6}  {rate:>7.1%}  {lo:.1%} - {hi:.1%}")
    lines.append(f"{'draws':<{w}}  {s['draws']:>6}")
    lines.append(f"games {s['games']}, turns mean {s['mean_turns']:.1f} median {s['median_turns']}, "
                 f"{s['seconds']:.2f} s, {s['games_per_second']:.1f} games/s")
    lines.append("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(s["reasons"].items())))
    return "\n".join(lines)


FIELDS = ("index", "seed", "winner", "reason", "turns", "life", "winner_index",
          "starting_player", "agent_seeds", "decks", "agents", "turn_limit")


def write_records(records, path: str) -> None:
    """.jsonl (one JSON object per game), .csv, or .parquet (needs pyarrow)."""
    ext = os.path.splitext(path)[1].lower()
    if ext in (".jsonl", ".json"):
        with open(path, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, sort_keys=True) + "\n")
    elif ext == ".csv":
        import csv
        with open(path, "w", newline="", encoding="utf-8") as f:
            wr = csv.writer(f)
            wr.writerow(FIELDS)
            for r in records:
                wr.writerow([json.dumps(r[k]) if isinstance(r[k], list) else r[k] for k in FIELDS])
    elif ext == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise SimulationError(".parquet output needs pyarrow (pip install pyarrow)")
        cols = {k: [r[k] for r in records] for k in FIELDS}
        pq.write_table(pa.table(cols), path)
    else:
        raise SimulationError(f"--out: use .jsonl, .csv or .parquet (got {path!r})")


def read_records(path: str) -> list:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
