"""Gauntlets: three or more decks play a round robin of head-to-head matchups.

    >>> from mtg_ecs.apps.gauntlet import gauntlet
    >>> recs, s = gauntlet(["green-red-beasts", "esper-fliers", "obscura-connive"], games=2,
    ...                    seed=1, agents="random")
    >>> len(recs), [r["matchup"] for r in recs][::2]
    (6, [[0, 1], [0, 2], [1, 2]])

Every pair of decks (i < j, in the order given) plays `games` duels, deck i in seat 0 (who
starts is random each game, CR 103.1). Matchup m (in that order) has its own root seed, the
first word of numpy's `SeedSequence(seed)` child m (`mtg_ecs.apps.seeds`), so its games are
`simulate`'s for the two decks with that seed: adding a deck adds matchups and changes none.
Each record is the duel's with `matchup: [i, j]` (indices among the decks). The summary is
the win matrix: for each ordered pair, the row deck's wins against the column deck with a
95% Wilson interval, and each deck's wins over all its games; with `match` (best-of-N
matches in every matchup) the matrix of matches won too.
"""
from __future__ import annotations

from itertools import combinations

from mtg_ecs.apps import simulate as sim
from mtg_ecs.apps.seeds import generate_state
from mtg_ecs.apps.stats import wilson


def matchups(n: int) -> list:
    """The pairs of deck indices that meet, in the order they play."""
    return list(combinations(range(n), 2))


def matchup_seed(seed: int, m: int) -> int:
    return generate_state(seed, (m,), 1)[0]


def gauntlet(decks, games: int = 100, seed: int = 0, agents="heuristic", jobs: int = 1,
             turn_limit: int | None = None, progress=None, extra: dict | None = None,
             fmt: str | None = None, hashes: bool = False, on_record=None, done=(),
             match: int | None = None, backend: str = "processes", address: str | None = None):
    """Play the round robin (module doc); returns (records, summary). The other arguments
    are `simulate`'s; `done`: records of an earlier run (`--resume`), each matchup's kept.
    A run stopped by Ctrl-C returns what finished, `summary["interrupted"]` true."""
    n = len(decks)
    if n < 3:
        raise sim.SimulationError("a gauntlet has three or more decks")
    agents = list(agents) if not isinstance(agents, str) else agents.split(",")
    if len(agents) == 1:
        agents = agents * n
    if len(agents) != n:
        raise sim.SimulationError(f"agents: one for every deck or one per deck ({n})")
    game_fmt, deck_fmt = sim.formats(fmt, 2)
    if game_fmt != "duel":
        raise sim.SimulationError(f"a gauntlet plays duels, not {game_fmt} (give --players "
                                  "for one game of several players)")
    loaded = [d if isinstance(d, sim.Deck) else sim.load_deck(d, extra, deck_fmt) for d in decks]
    names = sim.deck_names([sim.replace(d, name=label) for d, label in
                            zip(loaded, sim.deck_labels(loaded))])
    loaded = [sim.replace(d, name=name) for d, name in zip(loaded, names)]
    records, interrupted, seconds, played = [], False, 0.0, 0
    for m, (i, j) in enumerate(matchups(n)):
        pair = [i, j]

        def tagged(rec, pair=pair):
            rec["matchup"] = pair
            if on_record:
                on_record(rec)
        recs, s = sim.simulate([loaded[i], loaded[j]], games, matchup_seed(seed, m),
                               [agents[i], agents[j]], jobs, turn_limit, progress, extra,
                               fmt if fmt is not None else "freeform", hashes, on_record=tagged,
                               done=[r for r in done if r.get("matchup") == pair], match=match,
                               backend=backend, address=address)
        records += recs
        seconds += s["seconds"]
        played += s["played"]
        if s["interrupted"]:
            interrupted = True
            break
    summary = summarize(records, names, seconds)
    if match:
        summary["match_matrix"] = match_matrix(records, len(names))
        summary["best_of"] = match
    summary.update(games_asked=games * len(matchups(n)), played=played, interrupted=interrupted,
                   games_per_second=played / seconds if seconds > 0 else float("inf"))
    return records, summary


def summarize(records, names, seconds) -> dict:
    """The win matrix of gauntlet records: `matrix[i][j]` = (wins of deck i against deck j,
    games they played, 95% Wilson interval), None on the diagonal; per deck its wins and
    games over all matchups, with the interval; draws."""
    n = len(names)
    wins = [[0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    draws = 0
    for r in records:
        i, j = r["matchup"]
        met[i][j] += 1
        met[j][i] += 1
        w = r["winner_index"]
        if w is None:
            draws += 1
        else:
            a, b = (i, j) if w == 0 else (j, i)
            wins[a][b] += 1
    matrix = [[None if i == j else (wins[i][j], met[i][j], wilson(wins[i][j], met[i][j]))
               for j in range(n)] for i in range(n)]
    total = [sum(row) for row in wins]
    games = [sum(row) for row in met]
    return {"decks": list(names), "games": len(records), "matrix": matrix, "wins": total,
            "deck_games": games, "wilson95": [wilson(w, g) for w, g in zip(total, games)],
            "draws": draws, "seconds": seconds}


def match_matrix(records, n: int) -> list:
    """With `--match`: `[i][j]` = (matches deck i won against deck j, matches they played,
    95% Wilson interval); a match goes to the deck with more game wins (`simulate`)."""
    games = {}
    for r in records:
        i, j = r["matchup"]
        w = games.setdefault((i, j, r["match"]), [0, 0])
        if r["winner_index"] is not None:
            w[r["winner_index"]] += 1
    won = [[0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    for (i, j, _), (a, b) in games.items():
        met[i][j] += 1
        met[j][i] += 1
        if a != b:
            won[i][j] += a > b
            won[j][i] += b > a
    return [[None if i == j else (won[i][j], met[i][j], wilson(won[i][j], met[i][j]))
             for j in range(n)] for i in range(n)]


def _matrix_lines(names, matrix, title) -> list:
    w = max(len(x) for x in names + [title])
    cw = max(17, max(len(x) for x in names))
    lines = [f"{title:<{w}}  " + "  ".join(f"{x:>{cw}}" for x in names)]
    for i, name in enumerate(names):
        cells = []
        for cell in matrix[i]:
            if cell is None:
                cells.append(f"{'-':>{cw}}")
            else:
                k, g, (lo, hi) = cell
                text = f"{k / g:.0%} ({lo:.0%}-{hi:.0%})" if g else "none"
                cells.append(f"{text:>{cw}}")
        lines.append(f"{name:<{w}}  " + "  ".join(cells))
    return lines


def format_summary(s: dict) -> str:
    """The win matrix as text: each cell the row deck's win rate against the column deck
    and its 95% interval; then each deck's record over all its games."""
    names = s["decks"]
    w = max(len(x) for x in names + ["deck"])
    lines = _matrix_lines(names, s["matrix"], "wins of row vs column")
    if s.get("match_matrix"):
        lines += [""] + _matrix_lines(names, s["match_matrix"],
                                      f"matches (best of {s['best_of']}) won")
    lines.append("")
    lines.append(f"{'deck':<{w}}  {'wins':>6}  {'games':>6}  {'win rate':>8}  95% interval")
    for name, k, g, (lo, hi) in zip(names, s["wins"], s["deck_games"], s["wilson95"]):
        rate = k / g if g else 0.0
        lines.append(f"{name:<{w}}  {k:>6}  {g:>6}  {rate:>7.1%}  {lo:.1%} - {hi:.1%}")
    lines.append(f"games {s['games']} ({s['draws']} draws), {s['seconds']:.2f} s")
    return "\n".join(lines)
