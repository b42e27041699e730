"""Bulk simulation: many games between decks, with agents, in parallel.

    >>> from mtg_ecs.apps.simulate import simulate
    >>> records, summary = simulate(["green-red-beasts", "esper-fliers"], games=4, seed=7)
    >>> summary["games"], sum(summary["wins"]) + summary["draws"]
    (4, 4)

Two decks play duels; three to six play free-for-all games (CR 800-806: one deck per
player, each deck given once per seat: the same deck may be given twice, and is then
summarized as two entries). Every game gets its own seeds from numpy's SeedSequence
algorithm (game, then one per seat's agent; `mtg_ecs.apps.seeds`), so a result depends
only on (seed, game index): `jobs` changes the speed, never the records.

Seats (multiplayer): game i seats deck d in seat (d - i) mod N, so over any N
consecutive games every deck sits once in every seat; when the number of games isn't a
multiple of N, the last r = games mod N games give the first r seatings one game more
(each deck then sits one more time in r different seats). Each deck is played by its
own agent (`agents[d]`) wherever it sits; the agents' seeds go by seat. Who starts is
random (CR 103.1, the game's seed), as in a duel. In a duel deck 0 is always p0 (records
as they always were).

Decks: without a format a deck has at least 40 cards (CR 100.2b: an empty or 7-card deck is a
mistake, not a game; `freeform` plays any deck). Each deck is named by a label unique in the
run (`deck_labels`), in the summary and in the records' `winner`; `source` stays what was
given (what replay reloads).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Sequence

from mtg_ecs import cards as _cards_pkg
from mtg_ecs.apps import decklist
from mtg_ecs.apps.seeds import generate_state
from mtg_ecs.apps.standings import Standings, standings_of
from mtg_ecs.apps.stats import summarize, wilson
from mtg_ecs.core.formats import FORMATS as GAME_FORMATS, FormatError, check_format

if TYPE_CHECKING:
    from mtg_ecs.components.definitions import CardDef

SAMPLE_DECK_DIR = os.path.join(os.path.dirname(os.path.abspath(_cards_pkg.__file__)), "decks")
AGENTS = ("random", "heuristic")
DEFAULT_TURN_LIMIT = 50        # a duel's: 25 turns of each player
MIN_DECK = decklist.LIMITED_MIN    # a deck's cards without a format: the smallest legal deck
TURNS_PER_PLAYER = 25


def default_turn_limit(players: int) -> int:
    """The turn limit unless given: 25 turns of each player (50 in a duel)."""
    return TURNS_PER_PLAYER * players


class SimulationError(ValueError):
    pass


@dataclass
class Deck:
    name: str          # what the summary calls it
    source: str        # a sample deck name or a file path (what replay reloads)
    cards: list        # card names (or CardDefs for --cards definitions)
    commander: str | None = None    # its `Commander` section (903.3): played in format commander
    path: str = ""     # the file read: one file given twice is one deck (`deck_labels`)


def sample_decks(folder: str = "") -> dict:
    """The sample decks by name: `cards/decks/*.txt`, or those of a subfolder
    (`commander`: the 100-card Commander decks)."""
    out = {}
    where = os.path.join(SAMPLE_DECK_DIR, folder)
    if os.path.isdir(where):
        for fn in sorted(os.listdir(where)):
            if fn.endswith(".txt"):
                out[fn[:-4]] = os.path.join(where, fn)
    return out


def all_sample_decks() -> dict:
    """Every sample deck by the name `--deck` takes: `green-red-beasts`, ...,
    `commander/raffine`."""
    out = sample_decks()
    out.update({f"commander/{k}": v for k, v in sample_decks("commander").items()})
    return out


def load_deck(spec: str, extra: dict | None = None, fmt: str | None = "freeform") -> Deck:
    """A deck from a sample deck name or a decklist file; validated against the deck rules
    `fmt`, or with `fmt` None (no format given) held to MIN_DECK cards. Its name: an MTG
    Arena deck's `Name`, else the file's stem (a sample deck's name)."""
    samples = all_sample_decks()
    if spec in samples:
        path = samples[spec]
    elif os.path.exists(spec):
        path = spec
    else:
        raise SimulationError(f"no deck {spec!r}: not a file, nor a sample deck "
                              f"({', '.join(samples) or 'none'})")
    dl = decklist.load(path, extra)
    size = len(dl.main) + (dl.commander is not None)
    if fmt is None and size < MIN_DECK:
        raise SimulationError(f"deck {spec}: {size} cards; without --format a deck has at "
                              f"least {MIN_DECK} (the smallest legal deck, CR 100.2b); "
                              "--format freeform plays any deck")
    if fmt is not None:
        decklist.validate(dl.main, dl.sideboard, fmt, extra, commander=dl.commander)
    cards = [extra[n] if extra and n in extra else n for n in dl.main]
    name = dl.name or os.path.splitext(os.path.basename(path))[0]
    return Deck(name, spec, cards, dl.commander, path)


class CardFile(dict):
    """A --cards file's definitions by name, with the file's absolute `path` (recorded as
    the records' `cards`, which replay reloads)."""

    def __init__(self, defs: dict, path: str):
        super().__init__(defs)
        self.path = os.path.abspath(path)


def load_card_file(path: str) -> CardFile:
    """--cards FILE.yaml: simple card definitions (the schema of a scenario's `cards:`, a
    YAML list); any problem is one SimulationError naming the file."""
    from mtg_ecs.apps.scenario.runner import read_yaml
    from mtg_ecs.position import extra_cards, ScenarioError
    try:
        data = read_yaml(path)
        if not isinstance(data, list):
            raise ScenarioError("not a list of card definitions (a YAML list of mappings "
                                "with name, cost, type, pt: the schema of a scenario's cards)")
        return CardFile(extra_cards(data), path)
    except ScenarioError as ex:
        raise SimulationError(f"--cards {path}: {ex}") from None


def deck_hash(deck: Deck) -> str:
    """The deck as played, in 16 hex digits (a record's `deck_hashes`: replay refuses a deck
    changed since the run): sha256 of its card names in order, a line each, then its
    commander's."""
    import hashlib
    names = [c if isinstance(c, str) else c.name for c in deck.cards]
    if deck.commander is not None:
        names.append(f"Commander: {deck.commander}")
    return hashlib.sha256("\n".join(names).encode("utf-8")).hexdigest()[:16]


def make_agent(kind: str, seed: int):
    from mtg_ecs.apps.agents import RandomAgent, HeuristicAgent
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed)
    raise SimulationError(f"unknown agent {kind!r} (choose from {', '.join(AGENTS)})")


def game_seeds(seed: int, games: int, first: int = 0, players: int = 2) -> list:
    """Per-game (game seed, one agent seed per seat): game i's are the first 1 + `players`
    words of `SeedSequence(seed).spawn(...)[i]`, the child with spawn key (i,) (a word's
    value doesn't depend on how many are drawn: a duel's three are what they always were)."""
    return [tuple(generate_state(seed, (i,), 1 + players)) for i in range(first, first + games)]


def formats(fmt: str | None, players: int) -> tuple:
    """(game format, deck rules) that `fmt` means for `players` decks. None (no format
    given): a duel or free-for-all game, deck rules None (`load_deck`: at least MIN_DECK
    cards). A game format
    (`mtg_ecs.core.formats`: duel, free-for-all, ...) is played, its decks checked by the
    deck rules of the same name where there are some (commander) and not checked otherwise;
    deck rules (`decklist.FORMATS`: constructed, limited, standard, ...) check the decks of a
    duel (two players) or a free-for-all game (more)."""
    if fmt is None:
        game_fmt, deck_fmt = ("duel" if players == 2 else "free-for-all"), None
    elif fmt in GAME_FORMATS:
        game_fmt, deck_fmt = fmt, (fmt if fmt in decklist.FORMATS else "freeform")
    elif fmt in decklist.FORMATS:
        game_fmt, deck_fmt = ("duel" if players == 2 else "free-for-all"), fmt
    else:
        raise SimulationError(f"unknown format {fmt!r} (a game format: {', '.join(GAME_FORMATS)}; "
                              f"or deck rules: {', '.join(decklist.FORMATS)})")
    try:
        check_format(game_fmt, players)
    except FormatError as ex:
        raise SimulationError(str(ex)) from None
    return game_fmt, deck_fmt


def seating(index: int, players: int, fmt: str = "free-for-all") -> list:
    """The deck in each seat of game `index`: deck d sits in seat (d - index) mod N. In
    Two-Headed Giant the decks are teams in the order given (the first two, the last two:
    consecutive seats, 810.1) and the teams swap sides every other game."""
    if fmt == "two-headed-giant":
        return [0, 1, 2, 3] if index % 2 == 0 else [2, 3, 0, 1]
    return [(s + index) % players for s in range(players)]


def play_game(decks, agents, seeds, turn_limit=DEFAULT_TURN_LIMIT, log=False, fmt="duel",
              chooser=None, game_class=None):
    """Play one game (`decks`, `agents` and agent seeds in seat order); returns the Game
    (over). A multiplayer game carries its `Standings` observer (`standings_of`).
    `chooser`: in a later game of a match, the seat that chooses who plays first (103.1).
    `game_class`: a subclass of Game to play it with (replay's, which takes notes)."""
    from mtg_ecs.game import Game
    from mtg_ecs.apps.agents import play
    gseed, *agent_seeds = seeds
    g = (game_class or Game).new([d.cards for d in decks], seed=gseed, log=log, turn_limit=turn_limit,
                 auto_pass=True, format=fmt, previous_loser=chooser,
                 commanders=[d.commander for d in decks] if fmt == "commander" else None)
    if g.multiplayer:
        g.observers += (Standings(g),)
    play(g, [make_agent(kind, s) for kind, s in zip(agents, agent_seeds)])
    return g


def _reason(g, st=None) -> str:
    """Why the game ended: a limit, else the loss reason of a player whose loss ended it
    (with `st`, a multiplayer game's Standings: of the last players to leave, or of
    those who drew by losing together, 104.4a)."""
    if g.end_reason in ("turn limit", "loop draw", "decision limit"):
        return g.end_reason
    players = g.players
    if st is not None:
        last = [i for i in g.living() if players[i].loss_reason] or st.last_to_leave()
        players = [players[i] for i in last]
    reasons = [p.loss_reason for p in players if p.loss_reason]
    return reasons[0] if reasons else (g.end_reason or "unknown")


def _record(index, decks, agents, seeds, g, turn_limit, seats, cards=None) -> dict:
    winner = None if g.winner is None else decks[g.winner].name
    st = standings_of(g)
    rec = {"index": index, "seed": seeds[0], "agent_seeds": list(seeds[1:]),
           "decks": [d.source for d in decks], "agents": list(agents),
           "turn_limit": turn_limit, "winner": winner if winner is not None else "draw",
           "winner_index": g.winner, "reason": _reason(g, st), "turns": g.turn,
           "starting_player": g.starting_player,
           "life": [p.life for p in g.players], "mulligans": [p.mulligans for p in g.players],
           # what replay checks it plays the same game with (`replay.replay`)
           "deck_hashes": [deck_hash(d) for d in decks], "cards": cards,
           # a decklist file's absolute path: replay finds it from another folder
           "deck_paths": [os.path.abspath(d.path) if d.path else None for d in decks]}
    if st is not None:          # the multiplayer keys (a duel's record has none of them)
        rec.update(format=g.format, seats=list(seats), places=st.places(),
                   player_turns=list(st.turns))
        if g.teams and g.winner is not None:     # the winning team's players (810.8)
            rec["winners"] = next(list(t) for t in g.teams if g.winner in t)
    return rec


@dataclass(frozen=True)
class Job:
    """A run as worker processes get it (`backends`): picklable and small, so it can go to
    a spawned process or a Ray worker, which rebuild the decks from it (`job_decks`)."""
    decks: tuple            # per deck: (file or sample name to load, its source, its label)
    cards: str | None       # the --cards file (`CardFile.path`)
    deck_fmt: str | None
    format: str
    agents: tuple
    turn_limit: int
    hashes: bool
    match: int | None
    seed: int


def job_decks(job: Job) -> list:
    """The job's decks, loaded as the parent loaded them (named by their labels)."""
    extra = load_card_file(job.cards) if job.cards else None
    return [replace(load_deck(where, extra, job.deck_fmt), source=source, name=label)
            for where, source, label in job.decks]


def _describe(decks, extra, deck_fmt, *rest) -> Job:
    """The Job of these decks (files by absolute path: a worker's folder may differ)."""
    where = tuple((os.path.abspath(d.path) if d.path else d.source, d.source, d.name)
                  for d in decks)
    return Job(where, extra.path if isinstance(extra, CardFile) else None, deck_fmt, *rest)


def _card_names(deck) -> list:
    return [getattr(c, "name", c) for c in deck.cards] + [deck.commander]


# the job of this process (the parent's with one job; each worker's, rebuilt: `prepare`)
_JOB = {}


def _use(job: Job, decks) -> None:
    _JOB.clear()
    _JOB.update(job=job, decks=decks, agents=list(job.agents), turn_limit=job.turn_limit,
                hashes=job.hashes, format=job.format, match=job.match, seed=job.seed,
                cards=job.cards)


def prepare(job: Job) -> None:
    """Make `job` this process's (a worker's: its decks loaded once)."""
    if _JOB.get("job") != job:
        _use(job, job_decks(job))


def work_units(job: Job, units) -> list:
    """A worker's task: [(unit, its records)] for the units (`_work`) of `job`."""
    prepare(job)
    return [_work(u) for u in units]


def _work(item):
    """(unit, its records): one unit of work, a game, or with `match` a whole match."""
    if _JOB.get("match"):
        return item[0], _work_match(item[0])
    return item[0], [_game(*item)]


def _game(index, seeds, chooser=None):
    j = _JOB
    decks, agents = j["decks"], j["agents"]
    seats = seating(index, len(decks), j["format"]) if j["format"] != "duel" else range(len(decks))
    seated = [decks[d] for d in seats]
    seated_agents = [agents[d] for d in seats]
    g = play_game(seated, seated_agents, seeds, j["turn_limit"], log=j["hashes"], fmt=j["format"],
                  chooser=chooser)
    rec = _record(index, seated, seated_agents, seeds, g, j["turn_limit"], seats, j["cards"])
    if j["hashes"]:
        # the whole game, for determinism checks: the same in every process and with any --jobs
        from mtg_ecs.core.hashing import log_hash, state_hash
        rec["log_hash"] = log_hash(g)
        rec["state_hash"] = state_hash(g)
    g.close()
    return rec


def match_games(m: int, best_of: int) -> range:
    """The game indices of match `m` of a best-of-`best_of` run (its games use them as
    their index and seeds; those of games the match didn't need are left unused)."""
    return range(m * best_of, (m + 1) * best_of)


def _work_match(m: int) -> list:
    """Match `m`, best of N (000 T-372): games until a deck has won more than half of N,
    at most N (a match where no deck did is won by the one with more wins, else drawn).
    Game 1's starting player is random (103.1, 000 T-126); in each later game the loser of
    the previous one chooses who plays first (000 T-125), after a draw the player who
    chose in it (game 1's: its starting player, the winner of the random choice)."""
    j = _JOB
    n = j["match"]
    wins = [0, 0]
    chooser = None
    out = []
    for k, index in enumerate(match_games(m, n), 1):
        rec = _game(index, game_seeds(j["seed"], 1, first=index, players=2)[0], chooser)
        rec.update(match=m, game=k, chooser=chooser)
        out.append(rec)
        w = rec["winner_index"]
        if w is not None:
            wins[w] += 1
            if wins[w] > n // 2:
                break
        chooser = (1 - w) if w is not None else (chooser if chooser is not None else
                                                  rec["starting_player"])
    return out


def simulate(decks: Sequence[Deck | str], games: int = 100, seed: int = 0,
             agents: str | Sequence[str] = "heuristic", jobs: int = 1,
             turn_limit: int | None = None, progress: Callable[[int], object] | None = None,
             extra: dict[str, CardDef] | None = None, fmt: str | None = None,
             hashes: bool = False, on_record: Callable[[dict], object] | None = None,
             done: Sequence[dict] = (), match: int | None = None, backend: str = "processes",
             address: str | None = None) -> tuple[list[dict], dict]:
    """Play `games` games between the decks: two play duels, three to six free-for-all
    (module doc: seats). `decks`: Deck objects, sample deck names or decklist paths;
    `agents`: one kind for every deck or one per deck (a list, or comma-separated);
    `fmt`: a game format or deck rules, None: a deck needs MIN_DECK cards (`formats`). Decks
    are named by their labels (`deck_labels`). Returns (records, summary).
    `hashes`: keep each game's event log and add its hash (`log_hash`) and the final
    state's (`state_hash`) to the record.

    No finished game is lost: `on_record(rec)` is called with each new record as soon as
    it and every game before it have finished (so in game order, whatever `jobs`), and
    a KeyboardInterrupt (Ctrl-C) stops the run cleanly: the games finished by then are
    passed to `on_record` too (in order; a later one may be missing an earlier one) and
    returned, with `summary["interrupted"]` true. `done`: the records of an earlier run of
    the same games (`--resume`): checked to be of this run (`check_resumed`), kept, and
    their games not played again.

    `match`: play `games` best-of-`match` matches of two decks instead (`_work_match`):
    records get `match` (its number), `game` (1, 2, ... in it) and `chooser` (the seat that
    chose who played first, None in game 1), and the summary `matches`.

    `backend`: with jobs > 1 "processes" (worker processes), or "ray" (tasks of a local Ray
    instance of `jobs` CPUs, or of the cluster at `address`): the records are the same."""
    n = len(decks)
    if n < 2:
        raise SimulationError("give two decks for a duel, or three to six for free-for-all")
    game_fmt, deck_fmt = formats(fmt, n)
    if turn_limit is None:
        turn_limit = default_turn_limit(n)
    decks = [d if isinstance(d, Deck) else load_deck(d, extra, deck_fmt) for d in decks]
    decks = [replace(d, name=label) for d, label in zip(decks, deck_labels(decks))]
    if game_fmt == "commander":
        missing = [d.name for d in decks if d.commander is None]
        if missing:
            raise SimulationError(f"format commander: {', '.join(missing)} has no Commander "
                                  "section naming its commander")
    agents = list(agents) if not isinstance(agents, str) else agents.split(",")
    if len(agents) == 1:
        agents = agents * n
    if len(agents) != n or any(a not in AGENTS for a in agents):
        raise SimulationError(f"agents: one for every deck or one per deck ({n}), of "
                              f"{', '.join(AGENTS)}")
    if games < 1:
        raise SimulationError("games: at least 1")
    if match is not None and (n != 2 or match < 1):
        raise SimulationError("--match N: best-of-N matches (N at least 1) of two decks")
    job = _describe(decks, extra, deck_fmt, game_fmt, tuple(agents), turn_limit, hashes, match,
                    seed)
    _use(job, decks)
    kept = check_resumed(done, seed, games, decks, agents, turn_limit, game_fmt, match)
    todo = [i for i in range(games) if i not in kept]
    # each game's seeds made as it is handed out (a million games need no list of them)
    items = ((i, None if match else game_seeds(seed, 1, first=i, players=n)[0]) for i in todo)
    t0 = time.perf_counter()
    new = []
    out = _InOrder(todo, lambda rec: (new.append(rec), on_record and on_record(rec)))
    interrupted = False
    played = _play_all(job, items, jobs, games, backend, address)
    try:
        for unit, recs in played:
            out.add(unit, recs)
            if progress:
                progress(1)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        played.close()                  # (stops the workers now, wherever Ctrl-C came)
    out.flush()
    seconds = time.perf_counter() - t0
    records = sorted([r for recs in kept.values() for r in recs] + new, key=lambda r: r["index"])
    summary = summarize(records, deck_names(decks), seconds)
    summary.update(games_asked=games, played=len(new), interrupted=interrupted)
    if match:
        summary["matches"] = match_summary(records, match)
    summary["games_per_second"] = len(new) / seconds if seconds > 0 else float("inf")
    return records, summary


def _play_all(job: Job, items, jobs: int, units: int, backend: str, address: str | None):
    """(unit, its records) for the units `items` (games, or matches), as they finish: in
    this process, or on `backend` (`mtg_ecs.apps.backends`: workers leave Ctrl-C to this
    process, which stops them). A generator: `close` it to stop."""
    from mtg_ecs.apps import backends
    if backend not in backends.BACKENDS:
        raise SimulationError(f"unknown backend {backend!r} (choose from "
                              f"{', '.join(backends.BACKENDS)})")
    if jobs <= 1 and backend == "processes" and address is None:
        return (_work(item) for item in items)
    try:
        same = [_card_names(d) for d in job_decks(job)] == [_card_names(d) for d in _JOB["decks"]]
    except (SimulationError, decklist.DecklistError, _cards_pkg.UnknownCard):
        same = False
    if not same:
        raise SimulationError("workers load the decks and --cards from their files: give "
                              "decks by file or sample name, card definitions by load_card_file")
    return backends.play(work_units, prepare, job, items, jobs, units, backend, address)


class _InOrder:
    """Records passed on in the order of their units (`units`: games, or matches) as the
    units arrive in any order; `flush` passes on the rest, in order, after a run stopped
    early."""

    def __init__(self, units, emit):
        self.order = list(units)
        self.pos = 0
        self.waiting = {}
        self.emit = emit

    def add(self, unit, recs):
        self.waiting[unit] = recs
        while self.pos < len(self.order) and self.order[self.pos] in self.waiting:
            for rec in self.waiting.pop(self.order[self.pos]):
                self.emit(rec)
            self.pos += 1

    def flush(self):
        for unit in sorted(self.waiting):
            for rec in self.waiting.pop(unit):
                self.emit(rec)


def match_summary(records, best_of: int) -> dict:
    """Match results of a run of best-of-N matches: per deck (seat 0, seat 1) the matches
    won with a 95% Wilson interval, drawn matches; a match is won by the deck with more
    game wins (`_work_match` ends it once one has more than half of N)."""
    by_match = {}
    for r in records:
        by_match.setdefault(r["match"], [0, 0])
        if r["winner_index"] is not None:
            by_match[r["match"]][r["winner_index"]] += 1
    wins = [sum(1 for w in by_match.values() if w[0] > w[1]),
            sum(1 for w in by_match.values() if w[1] > w[0])]
    m = len(by_match)
    return {"best_of": best_of, "matches": m, "wins": wins, "draws": m - sum(wins),
            "wilson95": [wilson(w, m) for w in wins]}


def check_resumed(done, seed, games, decks, agents, turn_limit, game_fmt, match=None) -> dict:
    """{unit: [its records]} of an earlier run's records (`--resume`): a unit is a game, or
    with `match` a match, kept only when complete (a match cut short is played again from
    its first game: the same games, then the rest). Each record is checked to be the game
    this run would play at its index: same seeds, decks in the same seats, agents, turn
    limit and format. SimulationError names the first that isn't."""
    seen = set()
    units = {}
    n = len(decks)
    last = games * match if match else games
    for rec in done:
        i = rec.get("index")
        if not isinstance(i, int) or not 0 <= i < last:
            raise SimulationError(f"--resume: game {i!r} is not one of games 0..{last - 1}")
        seats = seating(i, n, game_fmt) if game_fmt != "duel" else range(n)
        seeds = game_seeds(seed, 1, first=i, players=n)[0]
        want = {"seed": seeds[0], "agent_seeds": list(seeds[1:]),
                "decks": [decks[d].source for d in seats], "agents": [agents[d] for d in seats],
                "turn_limit": turn_limit}
        if match:
            want.update(match=i // match, game=i % match + 1)
        bad = [k for k, v in want.items() if rec.get(k) != v]
        if rec.get("format", "duel") != game_fmt and n > 2:
            bad.append("format")
        if bad:
            raise SimulationError(f"--resume: game {i} of the file was played with another "
                                  f"{', '.join(bad)} than this run's")
        if i in seen:
            raise SimulationError(f"--resume: game {i} is in the file twice")
        seen.add(i)
        units.setdefault(i // match if match else i, []).append(rec)
    if match:
        units = {m: sorted(recs, key=lambda r: r["index"]) for m, recs in units.items()}
        units = {m: recs for m, recs in units.items() if _match_over(recs, match)}
    return units


def _match_over(recs, best_of: int) -> bool:
    """Do a match's records (games 1, 2, ... in order) make the whole match?"""
    if [r["game"] for r in recs] != list(range(1, len(recs) + 1)):
        return False
    wins = [0, 0]
    for r in recs:
        if r["winner_index"] is not None:
            wins[r["winner_index"]] += 1
    return max(wins) > best_of // 2 or len(recs) == best_of


def deck_names(decks) -> list:
    """The decks' names in a summary: their labels (`deck_labels`), a deck given more than
    once numbered from its second seat on (`esper-fliers`, `esper-fliers#2`)."""
    out, seen = [], {}
    for label in deck_labels(decks):
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label}#{seen[label]}")
    return out


def deck_labels(decks) -> list:
    """Each deck's label, different for different decks: its name; where different decks
    share a label, each of them moves on to its next `_label_choices` until none is shared
    (`a/deck`, `b/deck`). One file (or sample deck) given twice is one deck, one label."""
    keys = [(os.path.realpath(d.path) if d.path else d.source, d.name) for d in decks]
    choices = {k: _label_choices(d) for k, d in zip(keys, decks)}
    depth = dict.fromkeys(keys, 0)
    while True:
        holders = {}
        for k in depth:
            holders.setdefault(choices[k][depth[k]], []).append(k)
        clashing = [k for ks in holders.values() if len(ks) > 1 for k in ks
                    if depth[k] + 1 < len(choices[k])]
        if not clashing:
            return [choices[k][depth[k]] for k in keys]
        for k in clashing:
            depth[k] += 1


def _label_choices(deck) -> list:
    """A deck's labels from the shortest: its name; a named deck's name with its file stem
    (`Burn (burn-v2)`); then with its folders before it, one more each time (`a/deck`,
    `x/a/deck`); last its name with its file (or source) in full."""
    out = [deck.name]
    folders = []
    if deck.path:
        folder, stem = os.path.split(os.path.splitext(os.path.abspath(deck.path))[0])
        if stem != deck.name:
            out.append(f"{deck.name} ({stem})")
        folders = [f for f in folder.split(os.sep) if f]
    out += [f"{'/'.join(folders[-k:])}/{out[-1]}" for k in range(1, len(folders) + 1)]
    return out + [f"{deck.name} ({deck.path or deck.source})"]
