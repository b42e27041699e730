"""Teams (CR 102.3, 805, 810, 904): the shared team turns option, Two-Headed Giant, and
Archenemy's setup.

`game.teams` lists the teams as tuples of player indices, each team's players in
consecutive seats (805.1: teammates sit in adjacent seats), so turn order
(`Game.next_player`) meets a team's players one after another; `()` when every player
plays alone, and then nothing here is asked (every caller guards with `game.teams`).

Shared team turns (805), used by Two-Headed Giant (810.2) and Archenemy (904.2):
- each team takes turns rather than each player (805.4): `game.active` is the active
  team's first player, which names the team (805.2's primary player); every rule that
  says "the active player" asks `on_active_team` (805.4a): each player of the active team
  untaps, draws (805.4b), may play a land (805.4c) and cast sorceries, and attacks;
- teams have priority (805.5): each player of the team holding it may act (805.5a) and
  is asked in turn; the team has passed once every one of its players has passed since
  the team received priority or one of them last acted (`next_priority`), and then the
  next team receives it;
  every player passing in succession is every team passing;
- the active team declares one combined attack, the defending team one combined block,
  a defending player's creature blocking a creature attacking any player of its team
  (805.10b, 805.10d).

Two-Headed Giant (format `two-headed-giant`) adds the team's shared resources (810.5):
810.9  damage, life loss and life gain happen to each player and apply to the team's
       shared total (each player's `life` holds it: `share_life`; 810.9a);
810.10 poison counters each player gets are the team's: fifteen lose the game (810.8d);
810.8a players win and lose only as a team (810.8b: a player who concedes takes it along).
"""
from __future__ import annotations

TWO_HEADED_GIANT = "two-headed-giant"
ARCHENEMY = "archenemy"
TEAM_FORMATS = (TWO_HEADED_GIANT, ARCHENEMY)
ARCHENEMY_LIFE = 40             # 904.5
TEAM_POISON = 15                # 704.6b, 810.8d: a team with fifteen poison counters loses


def default_teams(players: int) -> tuple:
    """Consecutive pairs of seats: ((0, 1), (2, 3))."""
    return tuple((i, i + 1) for i in range(0, players - 1, 2))


def seat_teams(game, life: int) -> None:
    """The teams and starting life totals of a team format (`life`: the game's starting
    life, `formats.starting_life` unless given otherwise).

    two-headed-giant: teams of two in consecutive seats (810.1, 810.3); each team's shared
        life total starts at 30 (103.4a, 810.4), or at `life` if given.
    archenemy: the archenemy (seat 0) is a team alone, the others one team (904.2a-b);
        the archenemy's starting life is 40, each other player's 20 (904.5)."""
    n = len(game.players)
    if game.format == TWO_HEADED_GIANT:
        game.teams = default_teams(n)
        start = [life] * n                  # (30 unless given: formats.starting_life)
    else:
        game.teams = ((0,), tuple(range(1, n)))
        start = [ARCHENEMY_LIFE] + [life] * (n - 1)
    for p, total in zip(game.players, start):
        p.life = total


def starting_team_player(game, chosen: int) -> int:
    """Who takes the first turn: a team plays first (103.1a), named by its first player;
    in Archenemy the archenemy, rather than a player chosen at random (904.6)."""
    if game.format == ARCHENEMY:
        return game.teams[0][0]
    return team_of(game, chosen)[0]


def team_of(game, p: int) -> tuple:
    for t in game.teams:
        if p in t:
            return t
    return (p,)


def on_active_team(game, p: int) -> bool:
    """Is `p` an active player: the active player or on the active team (805.4a)?"""
    return p == game.active or p in team_of(game, game.active)


def active_players(game) -> tuple:
    """The active team's players still in the game, the active player first."""
    if not game.teams:
        return (game.active,)
    return tuple(p for p in team_of(game, game.active) if not game.players[p].lost)


def next_team_first(game, p: int) -> int:
    """The first player still in the game of the next team in turn order after `p`'s
    (805.4: teams take turns; the first player names the team)."""
    team = team_of(game, p)
    q = team[-1]
    for _ in game.players:
        q = game.next_player(q)
        if q not in team:
            t = team_of(game, q)
            for r in t:
                if not game.players[r].lost:
                    return r
    return p


def next_priority(game, p: int) -> int:
    """805.5: teams, not players, have priority: `p` has just passed (`game.passes`
    counted it). While a teammate still in the game hasn't passed since the team received
    priority or one of its players last acted, that teammate (the next in turn order
    within the team) holds the team's priority; then the next team receives it, its
    first player first. `game.passes` restarts at 1 with each first pass after an
    action or a resolution, and so does the team's count."""
    n = 1 if game.passes == 1 else game.team_passes + 1
    team = [q for q in team_of(game, p) if not game.players[q].lost]
    if n < len(team):
        game.team_passes = n
        return team[(team.index(p) + 1) % len(team)]
    game.team_passes = 0
    return next_team_first(game, p)


def shares_resources(game) -> bool:
    """Does a team share its life total and poison counters (810.5, 810.9, 810.10)?"""
    return game.format == TWO_HEADED_GIANT


def share_life(game, p: int) -> None:
    """810.9: `p`'s life changed: the change is the team's; every teammate's `life`
    holds the team's total."""
    life = game.players[p].life
    for q in team_of(game, p):
        game.players[q].life = life


def team_poison(game, p: int) -> int:
    """810.10: the team's poison counters, every player's counted."""
    return sum(game.players[q].poison for q in team_of(game, p))


def team_losses(game, lose: list) -> list:
    """The state-based losses of a Two-Headed Giant game: the players losing by 704.5a-b
    (`lose`), a team with fifteen or more poison counters (704.6b, 810.8d), and each
    losing player's teammates with them (810.8a). [(player, reason)], in seat order."""
    out = dict(lose)
    for t in game.teams:
        if any(not game.players[q].lost for q in t) and team_poison(game, t[0]) >= TEAM_POISON:
            for q in t:
                out.setdefault(q, "poison")
    for p, reason in list(out.items()):
        for q in team_of(game, p):
            if not game.players[q].lost:
                out.setdefault(q, reason)
    return sorted(out.items())


def winning_team(game, living: list):
    """The team every player still in the game is on, if one (104.2a, 810.8a), else None."""
    team = team_of(game, living[0])
    return team if all(p in team for p in living) else None
