"""Replaying one simulated game from its record and telling what happened.

    mtg-ecs replay results.jsonl --index 3

The record holds the decks, agents and seeds; replaying is deterministic, so the
game is the same one, provided the decks are: the record's `deck_hashes` (`deck_hash`)
are checked first, and its `cards` file is the one read unless another is given.

The story comes from the game's event log, one line per event, players named by their
decks' labels. What the log doesn't hold is noted while the game replays, by
`NarratedGame`: the targets, X and division of each spell and ability as it is put on the
stack (they are gone from the game once it leaves), and the life totals as each turn ends.
"""
from __future__ import annotations

import os

from mtg_ecs.apps.simulate import SimulationError
from mtg_ecs.components import Spell, StackAbility
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.game import Game


class NarratedGame(Game):
    """A game that notes, beside its log (`emit`), what `describe` tells and the log
    lacks: `choices` {stack object: (targets, X or None, division)}, names taken as it
    goes on the stack; `lives` {turn: each player's life as that turn began}. Only notes:
    the game plays exactly as a Game."""

    __slots__ = ("choices", "lives", "labels")

    def __init__(self, *args, **kw):
        self.choices, self.lives, self.labels = {}, {}, []
        super().__init__(*args, **kw)

    def emit(self, kind: str, **data) -> None:
        if kind == "step_begin" and data["turn"] not in self.lives:
            self.lives[data["turn"]] = [p.life for p in self.players]
        super().emit(kind, **data)
        if kind in ("cast", "activate", "trigger_on_stack"):
            self.choices[data["eid"]] = _choices(self, data["eid"])


def _choices(g, eid) -> tuple:
    """(targets, X or None, division) of a spell or ability on the stack; objects by name."""
    ents = g.world.ents.get(eid, {})
    obj = ents.get(Spell) or ents.get(StackAbility)
    if obj is None:
        return (), None, ()
    if isinstance(obj, Spell):
        has_x = bool(g.chars(eid).cost.x)
    else:
        cost = getattr(obj.ability, "cost", None)
        has_x = bool(getattr(getattr(cost, "mana", None), "x", 0) or getattr(cost, "loyalty_x", 0))
    named = {t: _named(g, t) for ts in obj.targets for t in ts}
    return (tuple(named.values()), obj.x if has_x else None,
            tuple((named.get(t, _named(g, t)), n) for t, n in obj.division))


def _named(g, x):
    """A player stays a PlayerRef (named by its label later); an object becomes its name."""
    return x if isinstance(x, PlayerRef) else _name(g, x)


def find_game(records: list, index: int, matchup: list | None, where: str) -> dict:
    """The record of game `index` in the records of file `where`; in a gauntlet's (an index
    once per matchup) that of `matchup` [i, j]. SimulationError says what is missing."""
    found = [r for r in records if r["index"] == index and
             (matchup is None or r.get("matchup") == matchup)]
    if len(found) == 1:
        return found[0]
    if found:
        pairs = [r.get("matchup") for r in found]
        if None in pairs:
            raise SimulationError(f"game {index} is in {where} {len(found)} times")
        raise SimulationError(f"game {index} is in {where} once per matchup (a gauntlet): give "
                              "--matchup I,J, one of " + " ".join(f"{i},{j}" for i, j in pairs))
    held = sorted(r["index"] for r in records if matchup is None or r.get("matchup") == matchup)
    of = "" if matchup is None else " of matchup {},{}".format(*matchup)
    if not held:
        raise SimulationError(f"no matchup {matchup[0]},{matchup[1]} in {where}")
    raise SimulationError(f"no game {index}{of} in {where} (it holds {len(held)} games, "
                          f"indexes {held[0]} to {held[-1]})")


def replay(record: dict, extra: dict | None = None) -> NarratedGame:
    """Play the recorded game again (with its log and notes); returns the finished game.
    `extra`: the --cards definitions; None: those of the record's `cards` file, if any. A
    deck whose cards aren't those of the record's `deck_hashes` is a SimulationError."""
    from mtg_ecs.apps.simulate import deck_hash, load_card_file, load_deck, play_game
    if extra is None and record.get("cards"):
        if not os.path.isfile(record["cards"]):
            raise SimulationError(f"the record's cards file {record['cards']} is gone: give "
                                  "--cards FILE")
        extra = load_card_file(record["cards"])
    decks = [load_deck(_where(src, path), extra) for src, path in
             zip(record["decks"], record.get("deck_paths") or [None] * len(record["decks"]))]
    for d, was in zip(decks, record.get("deck_hashes") or ()):
        if deck_hash(d) != was:
            raise SimulationError(f"deck {d.source} changed since the run: its cards (or their "
                                  "order, or its commander) aren't those the game was played with")
    seeds = (record["seed"], *record["agent_seeds"])
    g = play_game(decks, record["agents"], seeds, record["turn_limit"], log=True,
                  fmt=record.get("format", "duel"), chooser=record.get("chooser"),
                  game_class=NarratedGame)
    g.labels = seat_labels(record, decks)
    return g


def _where(source: str, path: str | None) -> str:
    """Where to load a recorded deck from: as the run named it (a sample deck, or a file
    from the same folder), else the file's absolute path in the record, if it is there."""
    from mtg_ecs.apps.simulate import all_sample_decks
    if source in all_sample_decks() or os.path.exists(source) or not path or not os.path.isfile(path):
        return source
    return path


def seat_labels(record: dict, decks: list) -> list:
    """A label per seat: the decks' names (`deck_names`: unique, a deck in two seats
    numbered), but the winner's is the record's `winner` (the name the run gave it, which
    may be longer in a gauntlet) unless another seat has that label (a mirror match)."""
    from mtg_ecs.apps.simulate import deck_names
    names = deck_names(decks)
    w = record.get("winner_index")
    if isinstance(w, int) and 0 <= w < len(names) and record.get("winner") not in names:
        names[w] = record["winner"]
    return names


def _name(g, x) -> str:
    if isinstance(x, PlayerRef):
        return f"P{x.index}"
    if x is None:
        return "?"
    try:
        return g.chars(x).name
    except KeyError:
        lk = g.lki.get(x)
        return lk.name if lk is not None else f"#{x}"


def describe(g) -> list:
    """Readable lines, one per event: turns, plays, casts and activations with their
    targets and X, attacks, blocks, damage (whose source, to whom), life, deaths, and each
    player's life at the end of each turn. Players are named by `g.labels` (a
    NarratedGame's), else P0, P1, ..."""
    labels = getattr(g, "labels", None) or [f"P{i}" for i in range(len(g.players))]
    choices = getattr(g, "choices", {})
    lives = getattr(g, "lives", {})

    def who(x) -> str:
        return labels[x.index] if isinstance(x, PlayerRef) else _name(g, x)

    def life_line(turn, life) -> str:
        return f"  life at the end of turn {turn}: " + ", ".join(
            f"{label} {n}" for label, n in zip(labels, life))

    out, turn = [], None
    for kind, d in g.log:
        if kind == "step_begin":
            if d["turn"] != turn:
                if turn is not None and d["turn"] in lives:
                    out.append(life_line(turn, lives[d["turn"]]))
                turn = d["turn"]
                out.append(f"Turn {turn} ({labels[d['active']]})")
            continue
        line = _event(kind, d, labels, who, choices)
        if kind == "game_over":
            out.append(life_line(turn, [p.life for p in g.players]))
        if line:
            out.append(line)
    if g.over and g.end_reason == "turn limit":
        out.append(life_line(turn, [p.life for p in g.players]))
        out.append("Game over: a draw (turn limit)")
    return out


LEAVES = {"hand": "returns to hand", "exile": "is exiled", "library": "goes to the library",
          "gone": "leaves the game with its owner"}
# events told by a template of their fields (`_fields`: players by label, objects by name)
TOLD = {"land_played": "  {player} plays {eid}",
        "attacks": "  {attacker} attacks {defender}",
        "blocks": "  {blocker} blocks {attacker}",
        "life_gain": "    {player} gains {amount} life",
        "fizzle": "    {eid} doesn't resolve (no legal target)",
        "countered": "    {eid} is countered",
        "lose": "  {player} loses ({reason})"}
OBJECTS = ("eid", "attacker", "defender", "blocker", "source", "target", "old")
PLAYERS = ("player", "source_controller")


def _event(kind, d, labels, who, choices) -> str | None:
    """The line of one logged event, or None for an event not told."""
    if kind in TOLD:
        return TOLD[kind].format(**_fields(d, labels, who))
    if kind in ("cast", "activate"):
        f = _fields(d, labels, who)
        what = f"casts {f['eid']}" if kind == "cast" else f"activates {f['source']}"
        return f"  {f['player']} {what}{_chosen(choices, d['eid'], who)}"
    if kind == "trigger_on_stack":
        chosen = _chosen(choices, d["eid"], who)      # (told when something was chosen for it)
        return f"  {who(d['source'])}'s ability triggers{chosen}" if chosen else None
    if kind == "damage":
        f = _fields(d, labels, who)
        deck = f" ({f['source_controller']})" if d.get("source_controller") is not None else ""
        return (f"  {f['source']}{deck} deals {d['amount']} "
                f"{'combat damage' if d['combat'] else 'damage'} to {f['target']}")
    if kind == "life_loss" and not d.get("damage"):        # (damage's is told as damage)
        return f"    {labels[d['player']]} loses {d['amount']} life"
    if kind == "zone_change" and d.get("frm") == "battlefield":
        verb = ("is sacrificed" if d.get("cause") == "sacrifice" else "dies") \
            if d["to"] == "graveyard" else LEAVES.get(d["to"], f"goes to {d['to']}")
        return f"    {who(d['old'])} {verb}"
    if kind == "game_over":
        w = d["winner"]
        return "Game over: " + ("a draw" if w is None else f"{labels[w]} wins")
    return None


def _fields(d, labels, who) -> dict:
    """An event's fields as told: players (indexes) by label, objects by name."""
    return {k: labels[v] if k in PLAYERS and v is not None else who(v) if k in OBJECTS else v
            for k, v in d.items()}


def _chosen(choices, eid, who) -> str:
    """' with X=3 targeting A (2), B (1)': what was chosen for a spell or ability."""
    targets, x, division = choices.get(eid, ((), None, ()))
    text = "" if x is None else f" with X={x}"
    if division:
        text += " targeting " + ", ".join(f"{_told(t, who)} ({n})" for t, n in division)
    elif targets:
        text += " targeting " + ", ".join(_told(t, who) for t in targets)
    return text


def _told(target, who) -> str:
    return target if isinstance(target, str) else who(target)
