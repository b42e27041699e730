"""`mtg-ecs report RESULTS.jsonl`: one self-contained HTML page about a simulation's records.

The page has the summary (`mtg_ecs.apps.stats`: per deck wins, intervals, turn order,
mulligans, own turns; the difference of two decks), the win matrix as a heatmap, win rate
by game length and by turn order, a histogram of game lengths and the end reasons. Figures
are drawn by matplotlib (the `report` extra) on its Agg canvas and inlined as SVG with their
text kept as text (so the page is searchable and needs no other file nor the network).

Decks are told apart by what the records call them (`decks`: the `--deck` given, a sample
deck name or a file path), so records of several runs, or of a gauntlet where pairs of decks
met, make one matrix: a deck's games are those it sat in, and the matrix's cell (A, B) is
A's wins over the games A and B played on opposing sides (a deck given twice in one game is
two decks, the second `name#2`). The records file is untrusted input, read as replay reads
it (`records.read_json_lines`): every line is checked, and the first bad one is reported
with its number.
"""
from __future__ import annotations

import html
import io
import json
import math
import os

from mtg_ecs.apps import stats
from mtg_ecs.apps.records import read_json_lines
from mtg_ecs.apps.simulate import Deck, deck_names

MAX_SEATS = 8


class ReportError(ValueError):
    """A report that can't be made as asked (bad input, matplotlib missing)."""


def read_results(path: str) -> list:
    """The records of a JSON Lines file, each checked for the report (`check_record`)."""
    return read_json_lines(path, check_record)


def _int(x, lo=0, hi=None) -> bool:
    return type(x) is int and x >= lo and (hi is None or x <= hi)


def _ints(x, n, lo=0, hi=None) -> bool:
    return isinstance(x, list) and len(x) == n and all(_int(v, lo, hi) for v in x)


def check_record(r) -> str | None:
    """What is wrong with a record (a JSON object) for the summary and the report, or None."""
    decks = r.get("decks")
    if decks is None:
        return "no 'decks' (not a record of mtg-ecs simulate)"
    if not (isinstance(decks, list) and 2 <= len(decks) <= MAX_SEATS
            and all(isinstance(d, str) and d for d in decks)):
        return f"'decks' must list 2 to {MAX_SEATS} deck names"
    n = len(decks)
    required = {"turns": _int,
                "reason": lambda v: isinstance(v, str),
                "winner_index": lambda v: v is None or _int(v, 0, n - 1),
                "agents": lambda v: isinstance(v, list) and len(v) == n
                and all(isinstance(a, str) for a in v),
                "starting_player": lambda v: _int(v, 0, n - 1)}
    optional = {"seats": lambda v: _ints(v, n, 0, n - 1) and len(set(v)) == n,
                "winners": lambda v: isinstance(v, list) and all(_int(s, 0, n - 1) for s in v),
                "places": lambda v: _ints(v, n, 1, n),
                "player_turns": lambda v: _ints(v, n),
                "mulligans": lambda v: _ints(v, n)}
    for key in required:
        if key not in r:
            return f"no {key!r} (not a record of mtg-ecs simulate)"
    for key, ok in {**required, **optional}.items():
        if key in r and not ok(r[key]):
            return f"a bad {key!r}: {json.dumps(r[key])[:80]}"
    if "places" in r and "seats" not in r:
        return "'places' without 'seats'"
    return None


def by_deck(records) -> tuple:
    """The decks of the whole file and the records pointing at them: (labels, records with
    `seats` re-pointed at the labels). A deck is a `decks` entry (a sample deck name or a
    path); the same entry twice in one game is two decks, `name` and `name#2`."""
    keys, out = {}, []
    for r in records:
        seats = stats.seats_of(r)
        source = {seats[s]: r["decks"][s] for s in range(len(seats))}
        mine, seen = {}, {}
        for d in sorted(source):                 # in the run's deck order
            seen[source[d]] = seen.get(source[d], 0) + 1
            mine[d] = keys.setdefault((source[d], seen[source[d]]), len(keys))
        out.append(dict(r, seats=[mine[d] for d in seats]))
    decks = [Deck(os.path.splitext(os.path.basename(src))[0], src, []) for src, _ in keys]
    return deck_names(decks), out


def win_matrix(records, k: int) -> tuple:
    """(won, met): met[a][b] the games decks a and b played on opposing sides, won[a][b]
    those a won (records with `seats` naming the k decks: `by_deck`)."""
    won = [[0] * k for _ in range(k)]
    met = [[0] * k for _ in range(k)]
    for r in records:
        team = {s: i for i, t in enumerate(stats.teams_of(r)) for s in t}
        winners = stats.winning_seats(r)
        for s, a in enumerate(r["seats"]):
            for t, b in enumerate(r["seats"]):
                if team[s] != team[t]:
                    met[a][b] += 1
                    won[a][b] += s in winners
    return won, met


def length_bins(turns) -> list:
    """About ten bins of whole turns covering the games' lengths: (first, last) turns."""
    lo, hi = min(turns), max(turns)
    width = max(1, math.ceil((hi - lo + 1) / 10))
    return [(a, min(hi, a + width - 1)) for a in range(lo, hi + 1, width)]


# --- figures -------------------------------------------------------------------------

def _matplotlib():
    try:
        import matplotlib
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise ReportError("the report needs matplotlib: pip install 'mtg-ecs[report]'") from None
    return matplotlib, Figure, FigureCanvasAgg


def _errors(rates) -> list:
    """matplotlib's yerr (below, above) of `stats.rate`s: their 95% intervals."""
    return [[max(0.0, t["win_rate"] - t["wilson95"][0]) for t in rates],
            [max(0.0, t["wilson95"][1] - t["win_rate"]) for t in rates]]


def _plain(label: str) -> str:
    """A label matplotlib shows as written ('$' would start mathtext)."""
    return label.replace("$", r"\$")


class Figures:
    """Draws each figure on a new matplotlib Figure (no pyplot: no global state, no GUI)
    and returns it as inline SVG."""

    def __init__(self):
        self.matplotlib, self.Figure, self.Canvas = _matplotlib()

    def new(self, width=7.0, height=4.0):
        fig = self.Figure(figsize=(width, height), layout="constrained")
        self.Canvas(fig)
        return fig, fig.add_subplot()

    def svg(self, fig) -> str:
        buf = io.StringIO()
        # text as <text> (searchable, small); ids from a fixed salt: the same page each time
        with self.matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mtg-ecs"}):
            fig.savefig(buf, format="svg", metadata={"Date": None})
        text = buf.getvalue()
        return text[text.index("<svg"):]

    def heatmap(self, names, won, met) -> str:
        k = len(names)
        size = 1.6 + 1.3 * k
        fig, ax = self.new(size + 1.5, size)
        rate = [[won[a][b] / met[a][b] if met[a][b] else math.nan for b in range(k)]
                for a in range(k)]
        image = ax.imshow(rate, cmap="RdYlGn", vmin=0, vmax=1)
        fig.colorbar(image, ax=ax, label="win rate of the row's deck")
        for a in range(k):
            for b in range(k):
                ax.text(b, a, cell_text(won[a][b], met[a][b]), ha="center", va="center",
                        fontsize=8)
        labels = [_plain(n) for n in names]
        ax.set_xticks(range(k), labels, rotation=30, ha="right")
        ax.set_yticks(range(k), labels)
        ax.set_xlabel("against")
        ax.set_title("win matrix (95% Wilson interval, games)")
        return self.svg(fig)

    def by_length(self, names, records) -> str:
        bins = length_bins([r["turns"] for r in records])
        fig, ax = self.new()
        for d, name in enumerate(names):
            xs, rates = [], []
            for first, last in bins:
                mine = [r for r in records if first <= r["turns"] <= last and d in r["seats"]]
                if mine:
                    wins = sum(r["seats"].index(d) in stats.winning_seats(r) for r in mine)
                    xs.append((first + last) / 2)
                    rates.append(stats.rate(wins, len(mine)))
            ax.errorbar(xs, [t["win_rate"] for t in rates], yerr=_errors(rates), marker="o",
                        capsize=3, label=_plain(name))
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel(f"game length in turns ({stats.TURNS_MEANING})")
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title("win rate by game length")
        ax.legend()
        return self.svg(fig)

    def by_turn_order(self, summary) -> str:
        names, order = summary["decks"], summary["turn_order"]
        places = stats.place_names(len(order[0]))
        fig, ax = self.new()
        width = 0.8 / len(places)
        for i, label in enumerate(places):
            rates = [by[i] for by in order]
            ax.bar([d + (i - (len(places) - 1) / 2) * width for d in range(len(names))],
                   [t["win_rate"] for t in rates], width, yerr=_errors(rates), capsize=3,
                   label=label)
        ax.set_xticks(range(len(names)), [_plain(n) for n in names])
        ax.set_ylim(0, 1.02)
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title("win rate by turn order")
        ax.legend()
        return self.svg(fig)

    def histogram(self, records) -> str:
        turns = [r["turns"] for r in records]
        fig, ax = self.new()
        ax.hist(turns, bins=range(min(turns), max(turns) + 2), align="left", edgecolor="white")
        ax.set_xlabel(f"turns ({stats.TURNS_MEANING})")
        ax.set_ylabel("games")
        ax.set_title("game length")
        return self.svg(fig)

    def reasons(self, summary) -> str:
        items = list(summary["reasons"].items())
        fig, ax = self.new(7.0, 1.2 + 0.4 * len(items))
        ax.barh([_plain(k) for k, _ in items], [v for _, v in items])
        ax.invert_yaxis()
        ax.set_xlabel("games")
        ax.set_title("end reasons")
        return self.svg(fig)


def cell_text(won: int, met: int) -> str:
    """A win-matrix cell: the rate, its interval and the games; '-' where decks didn't meet."""
    if not met:
        return "-"
    lo, hi = stats.wilson(won, met)
    return f"{won / met:.0%}\n{lo:.0%}-{hi:.0%}\n{won}/{met}"


# --- the page ------------------------------------------------------------------------

def _e(x) -> str:
    return html.escape(str(x))


def _summary_table(s) -> str:
    places = stats.place_names(len(s["turn_order"][0]))
    head = (["deck", "agent", "games", "wins", "win rate", "95% interval"] + places +
            ["mulligans / game", "games with a mulligan", "own turns (median)"] +
            (["avg place"] if "mean_place" in s else []))
    rows = []
    for i, name in enumerate(s["decks"]):
        lo, hi = s["wilson95"][i]
        m, own = s["mulligans"][i], s["own_turns"]["by_deck"][i]
        cells = [name, s["agents"][i], s["deck_games"][i], s["wins"][i],
                 f"{s['win_rate'][i]:.1%}", f"{lo:.1%} - {hi:.1%}"]
        cells += [f"{t['win_rate']:.1%} ({t['wins']}/{t['games']})" for t in s["turn_order"][i]]
        cells += ([f"{m['mean']:.2f}", f"{m['at_least_one']:.1%}"] if m else ["-", "-"])
        cells.append(f"{own['median']:g}" if own else "-")
        if "mean_place" in s:
            place = s["mean_place"][i]
            cells.append("-" if place is None else f"{place:.2f}")
        rows.append(cells)
    return _table(head, rows)


def _table(head, rows) -> str:
    out = ["<table>", "<tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


STYLE = """body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;
text-align:right}td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;
padding:.5em;overflow-x:auto}figure{margin:1em 0}svg{max-width:100%;height:auto}"""


def build_report(records, title: str) -> str:
    """The HTML page for checked records (`read_results`)."""
    names, recs = by_deck(records)
    s = stats.summarize(recs, names, None)
    won, met = win_matrix(recs, len(names))
    fig = Figures()
    matrix = _table([""] + names, [[a] + [cell_text(won[i][j], met[i][j]).replace("\n", ", ")
                                          for j in range(len(names))]
                                   for i, a in enumerate(names)])
    parts = [f"<h1>{_e(title)}</h1>",
             f"<p>{len(records)} games; decks by the name the records give them.</p>",
             "<h2>Summary</h2>", _summary_table(s),
             f"<pre>{_e(stats.format_summary(s))}</pre>",
             "<h2>Win matrix</h2>",
             "<p>Each cell: the row deck's win rate against the column deck in the games they "
             "played on opposing sides, its 95% Wilson interval, and wins / games.</p>",
             f"<figure>{fig.heatmap(names, won, met)}</figure>", matrix,
             "<h2>Win rate by game length</h2>", f"<figure>{fig.by_length(names, recs)}</figure>",
             "<h2>Win rate by turn order</h2>", f"<figure>{fig.by_turn_order(s)}</figure>",
             "<h2>Game length</h2>", f"<figure>{fig.histogram(recs)}</figure>",
             "<h2>End reasons</h2>", f"<figure>{fig.reasons(s)}</figure>"]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n" +
            "\n".join(parts) + "\n</body></html>\n")


def default_out(results: str) -> str:
    """The page's default path: the records file's, ending .html."""
    return os.path.splitext(results)[0] + ".html"


def write_report(results: str, out: str | None = None) -> str:
    """Read `results`, write the page to `out` (default: `default_out`); returns its path."""
    out = out or default_out(results)
    if not out.lower().endswith((".html", ".htm")):
        raise ReportError(f"--out: give an .html file (got {out!r})")
    if os.path.abspath(out) == os.path.abspath(results):
        raise ReportError(f"--out: {out} is the records file")
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        raise ReportError(f"--out: no folder {folder}")
    _matplotlib()                        # before reading: a missing extra is said first
    page = build_report(read_results(results), f"mtg-ecs report: {os.path.basename(results)}")
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(page)
    except OSError as ex:
        raise ReportError(f"--out: {out}: {ex.strerror or ex}") from None
    return out
