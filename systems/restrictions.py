"""Rules effects on players from resolved spells and abilities, with a duration
(CR 611.2, 613.11, 101.2): "Your opponents can't cast spells this turn" (Silence).

A restriction is a (kind, players, turn) record in `game.player_restrictions`
(a tuple, replaced on change, so game clones never share it). "This turn" effects end
with the turn they were created in (514.2), so a record from an earlier turn is
simply no longer in effect. Kinds: "cast_spells" (601.3: the player can't begin to
cast a spell; activating abilities, playing lands and triggers are unaffected). A rule of
the whole game for a while ("Players can't gain life this turn", "Damage can't be
prevented this turn") is a record for no player, read by `statics.rule_in_effect`.
"""
from __future__ import annotations

from mtg_ecs.systems.effects import Step


def add(game, kind: str, players, duration: str = "eot") -> None:
    cur = game.player_restrictions
    rec = (kind, frozenset(players), game.turn if duration == "eot" else None)
    game.player_restrictions = cur + (rec,)
    game.touch()


def restricted(game, player: int, kind: str) -> bool:
    for k, players, turn in game.player_restrictions:
        if k == kind and player in players and (turn is None or turn == game.turn):
            return True
    return False


class CantThisTurn(Step):
    """'<players> can't <kind> this turn': a player restriction for the players a
    reference names, fixed as the effect resolves (611.2c)."""

    def __init__(self, who, kind="cast_spells"):
        self.who = who
        self.kind = kind

    def run(self, game, ctx):
        add(game, self.kind, [p.index for p in self.who.resolve(game, ctx)])


class GameRuleThisTurn(Step):
    """'<rule> this turn' for the whole game (611.2): "players_cant_gain_life" (119.7),
    "damage_cant_be_prevented" (615.12), as a static ability naming the rule would."""

    def __init__(self, rule):
        self.rule = rule

    def run(self, game, ctx):
        add(game, self.rule, ())
