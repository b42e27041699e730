"""Mana values among cards in a graveyard (CR 202.3; spec 002 §6.1).

"There are five or more mana values among cards in your graveyard" counts the *different*
mana values of the cards there (002 §6.1 #1). Each card has one mana value, read from its
characteristics in the graveyard: X is 0 (202.3e), a land's is 0 (202.3a: no mana cost),
a split card's is the total of its halves (709.4) and a double-faced card's is its front
face's (712.8a) — whatever a card's characteristics there say.

The count is read whenever a rule asks: a static ability's 'as long as' condition (611.3a:
checked continuously, the layer pass runs again after every zone change while a continuous
effect exists), an intervening 'if' on triggering and on resolution (603.4), a cost
reduction as the total cost is determined (601.2f), a spell's flash as casting begins
(601.3).
"""
from __future__ import annotations

from mtg_ecs.systems.layers import base_chars


def mana_values(game, player: int) -> frozenset:
    """The different mana values among the cards in the player's graveyard (202.3). Off the
    battlefield only a characteristic-defining ability changes characteristics (604.3), and
    none defines a mana cost: the printed values are read, so a layer pass may ask (a static
    ability's condition) without computing characteristics again."""
    return frozenset(base_chars(game, c).cost.mana_value for c in game.players[player].graveyard)


def count(game, player: int) -> int:
    """'The number of different mana values among cards in your graveyard'."""
    return len(mana_values(game, player))


def five_or_more(game, player: int) -> bool:
    """'There are five or more mana values among cards in your graveyard' (002 §6.1 #1)."""
    gy = game.players[player].graveyard
    return len(gy) >= 5 and count(game, player) >= 5


# -- the same question asked from the places rules ask it ---------------------------------
def static_condition(game, src, all_chars) -> bool:
    """A static ability's 'as long as there are five or more mana values among cards in
    your graveyard' (the source's controller's graveyard; systems/statics conditions)."""
    me = all_chars[src].controller if src in all_chars else game.chars(src).controller
    return five_or_more(game, me)


def intervening_if(game, source, controller, info) -> bool:
    """A triggered ability's 'if there are five or more mana values among cards in your
    graveyard' (603.4: checked when it triggers and again as it resolves)."""
    return five_or_more(game, controller)


def ctx_condition(game, ctx) -> bool:
    """The same during a resolving spell's or ability's effect ('unless there are ...')."""
    return five_or_more(game, ctx.controller)
