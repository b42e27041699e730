"""Replaying one simulated game from its record and telling what happened.

    mtg-ecs replay results.jsonl --index 3

The record holds the decks, agents and seeds; replaying is deterministic, so the
game is the same one. The log is read from the game's event log.
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef


def replay(record: dict, extra: dict | None = None):
    """Play the recorded game again (with its log); returns the finished Game."""
    from mtg_ecs.apps.simulate import load_deck, play_game
    decks = [load_deck(src, extra) for src in record["decks"]]
    seeds = (record["seed"], *record["agent_seeds"])
    g = play_game(decks, record["agents"], seeds, record["turn_limit"], log=True,
                  fmt=record.get("format", "duel"), chooser=record.get("chooser"))
    return g


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
    """Readable lines: turns, plays, casts, attacks, blocks, damage, life, deaths."""
    out = []
    for kind, d in g.log:
        if kind == "step_begin":
            if d["step"] == "untap":
                out.append(f"Turn {d['turn']} (P{d['active']})")
            continue
        if kind == "land_played":
            out.append(f"  P{d['player']} plays {_name(g, d['eid'])}")
        elif kind == "cast":
            out.append(f"  P{d['player']} casts {_name(g, d['eid'])}")
        elif kind == "activate":
            out.append(f"  P{d['player']} activates {_name(g, d['source'])}")
        elif kind == "attacks":
            out.append(f"  {_name(g, d['attacker'])} attacks {_name(g, d['defender'])}")
        elif kind == "blocks":
            out.append(f"  {_name(g, d['blocker'])} blocks {_name(g, d['attacker'])}")
        elif kind == "damage":
            tag = "combat damage" if d["combat"] else "damage"
            out.append(f"  {_name(g, d['source'])} deals {d['amount']} {tag} to {_name(g, d['target'])}")
        elif kind == "life_loss" and not d.get("damage"):
            out.append(f"    P{d['player']} loses {d['amount']} life")
        elif kind == "life_gain":
            out.append(f"    P{d['player']} gains {d['amount']} life")
        elif kind == "zone_change" and d.get("frm") == "battlefield":
            verb = {"graveyard": "dies" if d.get("cause") != "sacrifice" else "is sacrificed",
                    "hand": "returns to hand", "exile": "is exiled",
                    "library": "goes to the library", "gone": "leaves the game with its owner"
                    }.get(d["to"], f"goes to {d['to']}")
            out.append(f"    {_name(g, d['old'])} {verb}")
        elif kind == "fizzle":
            out.append(f"    {_name(g, d['eid'])} doesn't resolve (no legal target)")
        elif kind == "countered":
            out.append(f"    {_name(g, d['eid'])} is countered")
        elif kind == "lose":
            out.append(f"  P{d['player']} loses ({d['reason']})")
        elif kind == "game_over":
            w = d["winner"]
            out.append("Game over: " + ("a draw" if w is None else f"P{w} wins"))
    if g.over and g.end_reason == "turn limit":
        out.append("Game over: a draw (turn limit)")
    return out
