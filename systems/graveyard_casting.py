"""'Once during each of your turns, you may cast an instant or sorcery spell from your
graveyard by sacrificing a creature in addition to paying its other costs. If a spell cast
this way would be put into your graveyard, exile it instead.' (Maestros Ascendancy.)

* A static permission (601.3, 117.1a): offered by priority (`actions`) only during the
  controller's own turn, with the spell's normal timing, while the permanent giving it
  hasn't been used this turn (each permanent on its own: `DidThisTurn`) and a creature can
  be sacrificed. The card cast from the graveyard is cast this way unless a permission
  for that card (systems/permissions.py) lets it be cast.
* The sacrifice is an additional cost (601.2f, 118.8): chosen with the total cost
  (`pay: {sacrifice: ...}` or a `cost` decision) and paid with the other costs. A spell
  with a sacrifice of its own (Fatal Grudge, Fling) needs another permanent for each
  (601.2h): `pay` lists the spell's own first; 'the sacrificed ...' is the spell's own.
* The spell is marked as cast this way (`CastThisWay`, the permanent's card: 607.2); if it
  would be put into its owner's graveyard from the stack (resolving, countered, its targets
  illegal: 608.2n, 701.6a, 608.2b) it is exiled instead (614.1a; `ExileIfCastThisWay`, a
  replacement effect of the permanent).
"""
from __future__ import annotations

from mtg_ecs.components import Card, CastThisWay, DidThisTurn
from mtg_ecs.components.definitions import parse_activation_cost
from mtg_ecs.core.decisions import cast_option
from mtg_ecs.systems import costs, flash, permissions
from mtg_ecs.systems.board import statics_with_rule
from mtg_ecs.systems.replacement import Replacement
from mtg_ecs.systems.teams import on_active_team

RULE = "cast_instant_or_sorcery_from_graveyard_sacrificing"

SACRIFICE_A_CREATURE = parse_activation_cost(
    "Sacrifice a creature", {"a creature": lambda g, e, p: "Creature" in g.chars(e).types})


def _unused(game, e) -> bool:
    done = game.get(e, DidThisTurn)
    return done is None or done.turn != game.turn


def granters(game, player: int) -> list:
    """The permanents whose permission `player` may use now: their own, during their turn,
    not yet used this turn."""
    if not (game.active == player or game.teams and on_active_team(game, player)):   # 805.4a
        return []
    return [e for e, _, _ in statics_with_rule(game, RULE, player) if _unused(game, e)]


def actions(game, player: int, sorcery_ok: bool, can_cast) -> list:
    """Cast options for the instant and sorcery cards in the player's graveyard castable
    this way now (asked only while a static ability exists)."""
    if not granters(game, player) or not costs.sacrifice_candidates(game, player, SACRIFICE_A_CREATURE):
        return []
    out = []
    for c in game.players[player].graveyard:
        ch = game.chars(c)
        if ("Instant" in ch.types or "Sorcery" in ch.types) and \
                (sorcery_ok or flash.any_time(game, player, ch)) and can_cast(game, player, c, None) \
                and _sacrifices_payable(game, player, c):
            out.append(cast_option(c))
    return out


def _sacrifices_payable(game, player: int, card: int) -> bool:
    """The creature and a sacrifice of the spell's own additional cost (Fatal Grudge) are
    different permanents (601.2h): both can be paid together."""
    sa = game.world.ents[card][Card].defn.spell
    own = [sa.additional_cost] if sa is not None and sa.additional_cost is not None else []
    options = [[o] for o in sa.additional_cost_options] if sa is not None and sa.additional_cost_options else [[]]
    if not any(c.sacrifice is not None for c in own) and not any(o and o[0].sacrifice is not None for o in options):
        return True
    return any(costs.sacrifices_payable(game, player, own + o + [SACRIFICE_A_CREATURE]) for o in options)


def granter_for(game, player: int, card: int):
    """As `player` begins to cast `card` (601.2a): the permanent whose permission it uses
    if it is cast from their graveyard this way (an instant or sorcery card there that no
    permission of its own lets them cast), else None."""
    if card not in game.players[player].graveyard:
        return None
    if game.play_permissions and permissions.permitted(game, player, card):
        return None
    types = game.chars(card).types
    if "Instant" not in types and "Sorcery" not in types:
        return None
    found = granters(game, player)
    return found[0] if found else None


def cast_this_way(game, granter: int, spell: int) -> None:
    """The spell became cast this way (601.2i): the permission is used for this turn, and the
    spell remembers which permanent's ability let it be cast (607.2). A permanent sacrificed
    for the spell's own cost (Fatal Grudge) is gone: its replacement effect no longer exists
    to exile the spell (614.1a), and it has no turn left to use."""
    if granter not in game.world.ents:
        return
    game.set(granter, DidThisTurn(game.turn))
    game.set(spell, CastThisWay(game.world.ents[granter][Card].card_id))


class ExileIfCastThisWay(Replacement):
    """'If a spell cast this way would be put into your graveyard, exile it instead.'"""
    kind = "zone_change"
    functions_in = "others"

    def applies(self, game, holder, ev) -> bool:
        if ev["from"] != "stack" or ev["to"] != "graveyard":
            return False
        mark = game.get(ev["eid"], CastThisWay)
        return mark is not None and mark.source_card == game.world.ents[holder][Card].card_id

    def apply(self, game, holder, ev) -> None:
        ev["to"] = "exile"
