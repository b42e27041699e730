"""Summaries of simulation records: what a run says about its decks, and how sure it is.

Per deck (whatever seat it sat in: a record's `seats` maps seats to decks, a duel's deck d
is seat d): its agent, games, wins, win rate and 95% Wilson interval; its win rate by
place in turn order (a duel: on the play = its player started, on the draw = the other;
multiplayer: 1st, 2nd, ... from the starting player in seat order, a team's players
sharing their team's place: 805.4); mulligans (the mean per game and the share of games
with at least one; records before mulligans were recorded have none); its player's own
turns (mean, median, quartiles); in multiplayer also the mean finishing place (1 first;
`mtg_ecs.apps.standings`). For the whole run: draws, the distribution of the game's turns
(the number of the last turn: in a duel both players' turns), end reasons.

For exactly two decks, the difference of their win rates among decided games (draws
excluded and counted apart), with a 95% interval and a p-value:
* the difference is (wins A - wins B) / decided = 2q - 1, q being A's share of the decided
  games; its interval is 2 * (q's Wilson interval) - 1;
* the p-value is that of an exact two-sided binomial test of A's wins among decided games
  against 1/2 (no difference): conditional on the number decided, that count is
  binomial(decided, 1/2) if the decks are even, whatever the draws.

An own turn of a player is a turn they were the active player (500.1). A duel's record
counts the game's turns (`turns`: both players'), so the starting player took
ceil(turns / 2) and the other floor(turns / 2) (the game ends during the last turn, which
counts; no card gives extra turns); a multiplayer record has `player_turns`.

`summarize` returns a dict of plain values (`format_summary` prints it, `mtg-ecs simulate
--json` prints it as JSON, documented in README.md; `SUMMARY_VERSION` numbers its keys).

    >>> from mtg_ecs.apps.stats import wilson, binomial_p
    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    >>> round(binomial_p(60, 100), 4)
    0.0569
"""
from __future__ import annotations

import math
import statistics

from mtg_ecs.systems.teams import ARCHENEMY, TWO_HEADED_GIANT, default_teams

SUMMARY_VERSION = 1
TEST_NAME = ("exact two-sided binomial test of the first deck's wins among decided games "
             "against 1/2")
TURNS_MEANING = "the number of the game's last turn; in a duel both players' turns"
OWN_TURNS_MEANING = ("the turns each player was the active player; in a duel the starting "
                     "player's ceil(turns/2), the other's floor(turns/2)")


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def binomial_p(k: int, n: int) -> float:
    """Exact two-sided p-value of k successes in n trials against a probability of 1/2:
    the chance of a count at least as far from n/2 (twice the smaller tail, at most 1).
    The tail's terms C(n, i) / 2^n are summed in log space, so large n don't overflow."""
    if n == 0:
        return 1.0
    m = min(k, n - k)
    logs, log_c = [], 0.0
    for i in range(m + 1):
        logs.append(log_c)                      # log C(n, i)
        log_c += math.log(n - i) - math.log(i + 1)
    top = logs[-1]                              # the largest term (i <= n/2)
    tail = math.exp(top - n * math.log(2)) * math.fsum(math.exp(x - top) for x in logs)
    return min(1.0, 2 * tail)


def distribution(values) -> dict | None:
    """Mean, median, quartiles (inclusive method), min and max; None for no values."""
    if not values:
        return None
    v = sorted(values)
    q1, median, q3 = statistics.quantiles(v, n=4, method="inclusive") if len(v) > 1 else v * 3
    return {"mean": statistics.fmean(v), "median": median, "q1": q1, "q3": q3,
            "min": v[0], "max": v[-1]}


def seats_of(r) -> list:
    """The deck (an index into the run's decks) in each seat of a record."""
    return r["seats"] if "seats" in r else list(range(len(r["decks"])))


def winning_seats(r) -> tuple:
    """The seats that won (a team wins together, 810.8a); () for a draw."""
    if r["winner_index"] is None:
        return ()
    return tuple(r.get("winners", (r["winner_index"],)))


def teams_of(r) -> tuple:
    """The record's teams of seats (systems/teams.py): Two-Headed Giant's pairs, the
    archenemy against the others; otherwise every player alone."""
    n = len(r["decks"])
    if r.get("format") == TWO_HEADED_GIANT:
        return default_teams(n)
    if r.get("format") == ARCHENEMY:
        return ((0,), tuple(range(1, n)))
    return tuple((s,) for s in range(n))


def turn_order(r) -> list | None:
    """Each seat's place in turn order (0 first: the starting player's team), or None
    when the record doesn't say who started."""
    start = r.get("starting_player")
    if start is None:
        return None
    teams = teams_of(r)
    team = {s: i for i, t in enumerate(teams) for s in t}
    n = len(team)
    order = []
    for k in range(n):
        t = team[(start + k) % n]
        if t not in order:
            order.append(t)
    return [order.index(team[s]) for s in range(n)]


def own_turns(r) -> list | None:
    """Each seat's own turns (module doc), or None when the record can't say."""
    if "player_turns" in r:
        return list(r["player_turns"])
    start = r.get("starting_player")
    if start is None or len(r["decks"]) != 2:
        return None
    t = r["turns"]
    return [(t + 1) // 2 if s == start else t // 2 for s in range(2)]


def rate(wins: int, games: int) -> dict:
    """Games, wins, the win rate and its 95% Wilson interval."""
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
            "wilson95": list(wilson(wins, games))}


def difference(names, wins, draws) -> dict | None:
    """Two decks' difference of win rates among decided games (module doc)."""
    if len(names) != 2:
        return None
    a, b = wins
    decided = a + b
    lo, hi = wilson(a, decided)
    return {"decks": list(names), "wins": [a, b], "decided": decided, "draws": draws,
            "difference": (a - b) / decided if decided else 0.0,
            "ci95": [2 * lo - 1, 2 * hi - 1] if decided else [-1.0, 1.0],
            "p_value": binomial_p(a, decided), "test": TEST_NAME}


def summarize(records, names, seconds) -> dict:
    """The summary (module doc) of `records`, per deck in the order of `names`; `seconds`
    the run's time (None when unknown: no speed)."""
    n, k = len(records), len(names)
    games, wins = [0] * k, [0] * k
    agents = [[] for _ in names]
    positions = [{} for _ in names]           # place in turn order -> [wins, games]
    mulligans = [[] for _ in names]
    turns_own = [[] for _ in names]
    reasons = {}
    for r in records:
        seats, won = seats_of(r), winning_seats(r)
        order, own = turn_order(r), own_turns(r)
        for s, d in enumerate(seats):
            games[d] += 1
            wins[d] += s in won
            if "agents" in r and r["agents"][s] not in agents[d]:
                agents[d].append(r["agents"][s])
            if order is not None:
                tally = positions[d].setdefault(order[s], [0, 0])
                tally[0] += s in won
                tally[1] += 1
            if "mulligans" in r:
                mulligans[d].append(r["mulligans"][s])
            if own is not None:
                turns_own[d].append(own[s])
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    draws = sum(1 for r in records if r["winner_index"] is None)
    spots = 1 + max((i for p in positions for i in p), default=-1)
    turns = [r["turns"] for r in records]
    out = {"version": SUMMARY_VERSION, "games": n, "decks": list(names),
           "agents": ["/".join(a) for a in agents], "deck_games": games, "wins": wins,
           "win_rate": [w / g if g else 0.0 for w, g in zip(wins, games)],
           "wilson95": [list(wilson(w, g)) for w, g in zip(wins, games)], "draws": draws,
           "difference": difference(names, wins, draws),
           "turn_order": [[rate(*p.get(i, (0, 0))) for i in range(spots)]
                          for p in positions],
           "mulligans": [{"games": len(m), "mean": statistics.fmean(m),
                          "at_least_one": sum(1 for x in m if x) / len(m)} if m else None
                         for m in mulligans],
           "turns": {"counts": TURNS_MEANING, **(distribution(turns) or {})},
           "own_turns": {"counts": OWN_TURNS_MEANING,
                         "by_deck": [distribution(t) for t in turns_own]},
           "mean_turns": statistics.fmean(turns) if turns else 0.0,
           "median_turns": statistics.median(turns) if turns else 0,
           "reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
           "seconds": seconds,
           "games_per_second": n / seconds if seconds else None}
    multiplayer = [r for r in records if "places" in r]
    if multiplayer:
        places = [[] for _ in names]
        for r in multiplayer:
            for seat, d in enumerate(r["seats"]):
                places[d].append(r["places"][seat])
        out["mean_place"] = [statistics.fmean(x) if x else None for x in places]
        out["mean_player_turns"] = [statistics.fmean(x) if x else None for x in turns_own]
    return out


def ordinal(i: int) -> str:
    """1st, 2nd, 3rd, 4th, ... for a place 1, 2, ..."""
    return f"{i}{'th' if 10 <= i % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(i % 10, 'th')}"


def place_names(count: int) -> list:
    """What the places in turn order are called: a duel's on the play / on the draw."""
    if count == 2:
        return ["on the play", "on the draw"]
    return [ordinal(i + 1) for i in range(count)]


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _points(x: float) -> str:
    """A difference of rates in percentage points."""
    return f"{100 * x:+.1f} points"


def _spread(d: dict | None) -> str:
    if d is None:
        return "-"
    return (f"mean {d['mean']:.1f}, median {d['median']:g}, quartiles {d['q1']:g}-{d['q3']:g}, "
            f"range {d['min']}-{d['max']}")


def format_summary(s: dict) -> str:
    """The summary as text: the deck table, then one section per question."""
    w = max(len(d) for d in s["decks"] + ["draws"])
    aw = max(len(a) for a in s["agents"] + ["agent"])
    multi = "mean_place" in s
    lines = [f"{'deck':<{w}}  {'agent':<{aw}}  {'games':>6}  {'wins':>6}  {'win rate':>8}  "
             f"{'95% interval':<15}" + ("  avg place" if multi else "")]
    for i, name in enumerate(s["decks"]):
        lo, hi = s["wilson95"][i]
        row = (f"{name:<{w}}  {s['agents'][i]:<{aw}}  {s['deck_games'][i]:>6}  {s['wins'][i]:>6}  "
               f"{s['win_rate'][i]:>8.1%}  {_pct(lo) + ' - ' + _pct(hi):<15}")
        place = s["mean_place"][i] if multi else None
        lines.append(row + (f"  {place:>9.2f}" if place is not None else ""))
    lines.append(f"{'draws':<{w}}  {'':<{aw}}  {'':>6}  {s['draws']:>6}")
    diff = s["difference"]
    if diff is not None:
        a, b = diff["decks"]
        lo, hi = diff["ci95"]
        lines.append(f"difference {a} - {b} among decided games ({diff['wins'][0]}-"
                     f"{diff['wins'][1]} of {diff['decided']}; draws apart): "
                     f"{_points(diff['difference'])}, 95% interval {100 * lo:+.1f} to {_points(hi)}")
        lines.append(f"  p = {diff['p_value']:.3g} ({diff['test']})")
    places = len(s["turn_order"][0]) if s["turn_order"] else 0
    if places:
        lines.append("win rate by turn order (95% interval, games):")
        for name, by in zip(s["decks"], s["turn_order"]):
            lines.append(f"  {name:<{w}}  " + "  ".join(
                f"{label} {_pct(t['win_rate'])} ({_pct(t['wilson95'][0])} - "
                f"{_pct(t['wilson95'][1])}, {t['games']})"
                for label, t in zip(place_names(places), by)))
    if any(s["mulligans"]):
        lines.append("mulligans (mean per game; games with at least one):")
        for name, m in zip(s["decks"], s["mulligans"]):
            lines.append(f"  {name:<{w}}  " + (f"{m['mean']:.2f}; {_pct(m['at_least_one'])}"
                                             if m else "not recorded"))
    lines.append(f"turns ({s['turns']['counts']}): "
                 f"{_spread(s['turns'] if s['games'] else None)}")
    lines.append(f"own turns ({s['own_turns']['counts']}):")
    for name, d in zip(s["decks"], s["own_turns"]["by_deck"]):
        lines.append(f"  {name:<{w}}  {_spread(d)}")
    lines.append("end reasons: " + ", ".join(f"{k} {v}" for k, v in s["reasons"].items()))
    speed = (f", {s['seconds']:.2f} s, {s['games_per_second']:.1f} games/s"
             if s["games_per_second"] is not None else "")
    lines.append(f"games {s['games']}{speed}")
    if s.get("matches"):
        m = s["matches"]
        won = ", ".join(f"{name} {k} ({lo:.1%} - {hi:.1%})" for name, k, (lo, hi)
                        in zip(s["decks"], m["wins"], m["wilson95"]))
        lines.append(f"matches (best of {m['best_of']}): {m['matches']}; won: {won}; "
                     f"drawn {m['draws']}")
    return "\n".join(line.rstrip() for line in lines)
