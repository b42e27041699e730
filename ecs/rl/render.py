"""The adapters' text rendering ("ansi"): what every player can see, in a few lines."""
from __future__ import annotations


def render_text(game) -> str:
    """Turn, step, and each player's life, zone sizes and permanents (public information)."""
    lines = [f"turn {game.turn}, {game.step}" + (f", over: {game.end_reason}" if game.over else "")]
    for p in game.players:
        board = ", ".join(game.name(e) for e in game.battlefield if game.controller(e) == p.index)
        lines.append(f"p{p.index}: life {p.life}, hand {len(p.hand)}, library {len(p.library)}; "
                     f"{board or 'no permanents'}")
    return "\n".join(lines)
