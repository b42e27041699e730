"""Summaries of simulation records: per deck wins with Wilson intervals, turns, end
reasons, and for multiplayer records the mean finishing place and each player's own turns.

    >>> from mtg_ecs.apps.stats import wilson
    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
"""
from __future__ import annotations

import math
import statistics


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
    """Per deck (the order of `names`, whatever seat it sat in): wins, win rate and its
    Wilson interval; for multiplayer records also the mean finishing place (1 first;
    `mtg_ecs.apps.standings`) and the mean of the deck's player's own turns."""
    n = len(records)
    wins = [0] * len(names)
    for r in records:
        if r["winner_index"] is not None:
            seats = r.get("seats", range(len(names)))
            for w in r.get("winners", (r["winner_index"],)):    # a team wins together
                wins[seats[w]] += 1
    draws = sum(1 for r in records if r["winner_index"] is None)
    turns = [r["turns"] for r in records]
    reasons = {}
    for r in records:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    out = {"games": n, "decks": list(names), "wins": wins,
           "win_rate": [w / n if n else 0.0 for w in wins],
           "wilson95": [wilson(w, n) for w in wins], "draws": draws,
           "mean_turns": statistics.fmean(turns) if turns else 0.0,
           "median_turns": statistics.median(turns) if turns else 0,
           "reasons": reasons, "seconds": seconds,
           "games_per_second": n / seconds if seconds > 0 else float("inf")}
    if records and "places" in records[0]:
        places = [[] for _ in names]
        own = [[] for _ in names]
        for r in records:
            for seat, d in enumerate(r["seats"]):
                places[d].append(r["places"][seat])
                own[d].append(r["player_turns"][seat])
        out["mean_place"] = [statistics.fmean(x) for x in places]
        out["mean_player_turns"] = [statistics.fmean(x) for x in own]
    return out


def format_summary(s: dict) -> str:
    lines = []
    w = max(len(d) for d in s["decks"] + ["deck"])
    multi = "mean_place" in s
    lines.append(f"{'deck':<{w}}  {'wins':>6}  {'win rate':>8}  95% interval" +
                 ("     avg place  own turns" if multi else ""))
    for i, (name, wins, rate, (lo, hi)) in enumerate(zip(s["decks"], s["wins"], s["win_rate"],
                                                         s["wilson95"])):
        row = f"{name:<{w}}  {wins:>6}  {rate:>7.1%}  {lo:.1%} - {hi:.1%}"
        if multi:
            row = f"{row:<{w + 34}}  {s['mean_place'][i]:>9.2f}  {s['mean_player_turns'][i]:>9.1f}"
        lines.append(row)
    lines.append(f"{'draws':<{w}}  {s['draws']:>6}")
    lines.append(f"games {s['games']}, turns mean {s['mean_turns']:.1f} median {s['median_turns']}, "
                 f"{s['seconds']:.2f} s, {s['games_per_second']:.1f} games/s")
    lines.append("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(s["reasons"].items())))
    return "\n".join(lines)
