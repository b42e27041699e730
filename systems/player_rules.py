"""Static rules that change what a player's game does (CR 402.2, 104.3, 614.10).

A card names them in `StaticAbility(rules=(...))`:

    StaticAbility(rules=(HandSize(None),))     # 'You have no maximum hand size.'
    StaticAbility(rules=(HandSize(2),))        # 'Your maximum hand size is two.'
    StaticAbility(rules=(SkipStep("draw"),))   # 'Skip your draw step.'
    StaticAbility(rules=(CantLose(), OpponentsCantWin()))   # Platinum Angel
    StaticAbility(rules=(CantDraw(),))         # 'You can't draw cards.'

They apply while the permanent with the ability is on the battlefield, to its
controller, and are read from the permanents' current characteristics (an
object that lost its abilities no longer applies them).
"""
from __future__ import annotations

from dataclasses import dataclass

from mtg_ecs.components import Timestamp
from mtg_ecs.systems.board import board
from mtg_ecs.systems.teams import shares_resources, team_of


@dataclass(frozen=True)
class HandSize:
    """'Your maximum hand size is N' / 'You have no maximum hand size' (n=None)."""
    n: int | None


@dataclass(frozen=True)
class SkipStep:
    """'Skip your <step> step' (614.1b, 614.10: a skipped step doesn't happen)."""
    step: str


@dataclass(frozen=True)
class CantDraw:
    """'You can't draw cards' (101.2: the draw doesn't happen, nothing replaces it)."""


@dataclass(frozen=True)
class CantLose:
    """'You can't lose the game' (104.3: effects and state-based actions can't make
    that player lose; conceding still does, 104.3a)."""


@dataclass(frozen=True)
class OpponentsCantWin:
    """'Your opponents can't win the game.'"""


def _rules_of(game, player, kind):
    """(timestamp, rule) for each rule of type `kind` applying to `player`."""
    statics = board(game).rule_statics          # (the static abilities with rules)
    if not statics:
        return ()
    out = []
    for e, ch, ab in statics:
        if ch.controller != player:
            continue
        for r in ab.rules:
            if isinstance(r, kind):
                ts = game.world.get(e, Timestamp)
                out.append((ts.value if ts is not None else 0, r))
    if len(out) > 1:
        out.sort(key=lambda x: x[0])
    return out


def max_hand_size(game, player: int):
    """CR 402.2: seven, modified by effects in timestamp order (613.7 order for rules
    effects); None means no maximum hand size."""
    size = 7
    for _, r in _rules_of(game, player, HandSize):
        size = r.n
    return size


def skips_step(game, player: int, step: str) -> bool:
    return any(r.step == step for _, r in _rules_of(game, player, SkipStep))


def cant_draw(game, player: int) -> bool:
    return bool(_rules_of(game, player, CantDraw))


def cant_lose(game, player: int) -> bool:
    if game.teams and shares_resources(game):
        # 810.8a: a player who can't lose keeps their team from losing
        return any(_rules_of(game, q, CantLose) for q in team_of(game, player))
    return bool(_rules_of(game, player, CantLose))


def cant_win(game, player: int) -> bool:
    """An opponent of `player` controls 'your opponents can't win the game'."""
    return any(_rules_of(game, q, OpponentsCantWin) for q in game.opponents(player))


def lose(game, player: int, reason: str = "effect") -> bool:
    """CR 104.3e: an effect makes a player lose the game (unless that player
    can't lose). True if the player lost."""
    from mtg_ecs.systems.leaving import leave
    if game.players[player].lost or game.over or cant_lose(game, player):
        return False
    leave(game, player, reason)                 # 800.4a
    return True


def win(game, player: int, reason: str = "effect") -> bool:
    """CR 104.2b: an effect may say a player wins the game (so every opponent
    loses). A player who can't win doesn't; an opponent who can't lose stays."""
    if game.over or game.players[player].lost or cant_win(game, player):
        return False
    for q in game.opponents(player):            # (102.3: not a teammate)
        if not game.players[q].lost:
            lose(game, q, reason)
    return game.over and game.winner == player


def draw_game(game, reason: str = "effect draw") -> None:
    """CR 104.4c: an effect may state that the game is a draw."""
    if game.over:
        return
    game.over = True
    game.winner = None
    game.end_reason = reason
    game.pending = None
    game.emit("game_over", winner=None)
