"""Permissions to play or cast a card from a zone other than the hand (CR 601.3, 305.1,
608.2g; 611.2a durations): "You may play it this turn" (Urabrask), "Until your next end
step, you may play one of those cards" (Unlucky Witness), "You may cast ~ for as long as
it remains exiled" (Glamorous Outlaw).

* The permission is for one object: a card that leaves its zone is a new object (400.7)
  and the permission doesn't follow it.
* The card is played with the normal timing and costs (002 §6.2): a land needs the
  player's own main phase, an empty stack and a land play left (305.1-305.2); a spell its
  type's timing (117.1a, 307.1) and its whole cost. Playing or casting during a
  resolution ignores timing instead: `systems/playing.py`.
* Durations: "turn" (this turn, 514.2: the record names its turn), "next_end_step" (until
  the player's next end step begins: `end_step_began`), "exiled" (for as long as it
  remains exiled: the object existing in exile).
* "One of those cards" (`group`): once one of the group is played or cast, the others
  can't be.
* An effect "until ~ is cast from exile" ends when that object is cast from exile
  (`ends_when_cast`); if it leaves exile any other way, the effect lasts (002 §6.3).

The top of the library (Falco Spara, Pactweaver) is a permission of a static ability, read
from the board index: casting its top card costs removing a counter from a creature the
player controls, in addition to the spell's other costs (`CastTopRemovingCounter`, paid by
`casting.CastTask`); 'you may look at the top card of your library any time'
(`may_look_at_top`).

`game.play_permissions` is a tuple, replaced on change (clones never share a record);
the legal-action list offers these cards only while the tuple isn't empty
(`systems.priority`), so no game without a permission pays anything.
"""
from __future__ import annotations

from typing import NamedTuple

from mtg_ecs.core.decisions import cast_option, play_land_option
from mtg_ecs.systems import flash, zones
from mtg_ecs.systems.board import statics_with_rule
from mtg_ecs.systems.effects import Step, add_effect, amount
from mtg_ecs.systems.layers import CE, L_ABILITY
from mtg_ecs.systems.replacement import DrawInstead, replace_next_draw
from mtg_ecs.systems.teams import active_players
from mtg_ecs.systems.together import together


class Permission(NamedTuple):
    card: int               # the object that may be played (an entity: 400.7)
    zone: str               # the zone it may be played from
    player: int             # who may play it
    verb: str               # 'play' (a land or a spell) or 'cast' (spells only)
    until: str              # 'turn', 'next_end_step', 'exiled'
    turn: int               # the turn it was given in
    group: int = 0          # > 0: one card of the group may be played (the clock when given)
    only: object = None     # fn(game, chars) -> bool: "spells with exactly three colors"


def grant(game, cards, player: int, until: str, verb: str = "play", one: bool = False,
          only=None) -> None:
    """Let `player` play (or cast) each of `cards` from the zone it is in now."""
    group = game.tick() if one else 0
    new = tuple(Permission(c, game.zone_of(c), player, verb, until, game.turn, group, only)
                for c in cards if game.exists(c))
    if new:
        game.play_permissions = game.play_permissions + new
        _changed(game)


def _changed(game) -> None:
    game.zversion += 1          # the hand summaries and the quiet check look again
    game.touch()


def in_effect(game, rec: Permission) -> bool:
    if rec.until == "turn" and rec.turn != game.turn:
        return False
    return game.exists(rec.card) and game.zone_of(rec.card) == rec.zone


def current(game, player: int) -> list:
    """The player's permissions in effect now."""
    return [r for r in game.play_permissions if r.player == player and in_effect(game, r)]


def has_any(game, player: int) -> bool:
    return any(r.player == player for r in game.play_permissions)


def actions(game, player: int, sorcery_ok: bool, can_cast) -> list:
    """PlayLand / Cast options for the cards the player may play now from other zones."""
    out = []
    seen = set()
    p = game.players[player]
    for r in current(game, player):
        c = r.card
        if c in seen:
            continue
        ch = game.chars(c)
        if "Land" in ch.types:
            if r.verb == "play" and sorcery_ok and p.lands_played < p.land_plays:   # 305.1-2
                seen.add(c)
                out.append(play_land_option(c))
            continue
        if r.only is not None and not r.only(game, ch):
            continue
        if (sorcery_ok or flash.any_time(game, player, ch)) and \
                can_cast(game, player, c, None):                                 # 601.3
            seen.add(c)
            out.append(cast_option(c))
    return out


def permitted(game, player: int, card: int) -> bool:
    return any(r.card == card for r in current(game, player))


def used(game, card: int) -> None:
    """`card` is being played or cast from outside the hand: the other cards of its "one
    of those cards" group can no longer be (called before it moves)."""
    groups = {r.group for r in game.play_permissions if r.card == card and r.group}
    if groups:
        game.play_permissions = tuple(r for r in game.play_permissions if r.group not in groups)
        _changed(game)


def cast_from_exile(game, card: int) -> None:
    """The object `card` was in exile and has become cast (601.2i): an effect lasting
    "until ~ is cast from exile" ends — after its mana was paid, so a land's granted mana
    ability can help pay for it (002 Glamorous Outlaw R1)."""
    kept = [ce for ce in game.effects if ce.duration != ("until_cast", card)]
    if len(kept) != len(game.effects):
        game.effects = kept
        game.version += 1


def end_step_began(game) -> None:
    """The active player's end step began: 'until your next end step' ends (given before
    it began: one given during this end step lasts until the next)."""
    recs = game.play_permissions
    kept = tuple(r for r in recs if not (r.until == "next_end_step"      # (805.4a: a team's)
                                         and r.player in active_players(game)))
    kept = tuple(r for r in kept if in_effect(game, r))          # drop the spent ones too
    if len(kept) != len(recs):
        game.play_permissions = kept
        _changed(game)


class ExileTopMayPlay(Step):
    """'Exile the top N cards of your library. <Until ...>, you may play (one of) those
    cards' (Unlucky Witness, Riveteers Charm, Urabrask): the cards are exiled face up at
    once (406.3), then the permission begins for the objects they became."""

    def __init__(self, n, until, one=False, verb="play", only=None):
        self.n = n
        self.until = until
        self.one = one
        self.verb = verb            # 'cast': "you may cast spells ... from among them"
        self.only = only            # fn(game, chars): "spells with exactly three colors"

    def run(self, game, ctx):
        p = ctx.controller
        grant(game, exile_top(game, p, amount(self.n, game, ctx)), p, self.until, verb=self.verb,
              one=self.one, only=self.only)


# ---------------------------------------------------------------------------
# The top of the library (Falco Spara, Pactweaver)
# ---------------------------------------------------------------------------
LOOK_AT_TOP = "look_at_top_of_library"      # 'You may look at the top card of your library any time.'


class CastTopRemovingCounter:
    """'You may cast spells from the top of your library by removing a counter from a
    creature you control in addition to paying their other costs.' (Falco Spara): a
    permission with an additional cost (601.2f: any counter of any kind, shield and +1/+1
    included), combined with the spell's other additional or alternative costs (002 Falco
    Spara, Pactweaver R1). A rule of a static ability."""


def may_look_at_top(game, player: int) -> bool:
    """Hidden information (401.2): the top card of the player's own library is theirs to
    see any time while they control a permanent saying so. Who may look is read from the
    board, as the card on top changes."""
    return bool(statics_with_rule(game, LOOK_AT_TOP, player))


def casts_top_removing_counter(game, player: int) -> bool:
    return bool(statics_with_rule(game, CastTopRemovingCounter, player))


def counter_holders(game, player: int) -> list:
    """Creatures `player` controls with at least one counter: what the additional cost
    'removing a counter from a creature you control' can use (118.3)."""
    return [e for e in game.battlefield
            if game.chars(e).controller == player and "Creature" in game.chars(e).types
            and any(n > 0 for _, n in game.counters(e).items)]


def top_cast_by_counter(game, player: int, card: int) -> bool:
    """Would casting `card` now be allowed only by removing a counter (the top card of the
    player's library, no other permission to cast it)? Then that cost must be paid."""
    lib = game.players[player].library
    return bool(lib) and lib[-1] == card and casts_top_removing_counter(game, player) \
        and not statics_with_rule(game, "play_top_of_library", player) and not permitted(game, player, card)


def exile_top(game, player: int, n: int) -> list:
    """The top `n` cards of the player's library exiled face up at once: the new objects."""
    top = list(reversed(game.players[player].library))[:n]      # library top: the END
    cards = []
    with together(game):
        for c in top:
            new = zones.exile(game, c)
            if new is not None and game.exists(new) and game.zone_of(new) == "exile":
                cards.append(new)
    return cards


def exile_top_may_play_this_turn(game, player: int) -> None:
    """'<They> exile the top card of their library. They may play it this turn.'"""
    grant(game, exile_top(game, player, 1), player, "turn")


class NextDrawExilesInstead(Step):
    """'The next time <the player whose upkeep it is> would draw a card this turn, instead
    they exile the top card of their library. They may play it this turn.' (Urabrask; a
    replacement effect, 614.11)."""

    def run(self, game, ctx):
        replace_next_draw(game, DrawInstead(ctx.info["active"], game.turn,
                                            exile_top_may_play_this_turn))


class GainAbilityUntilCast(Step):
    """'<Target land> gains "<ability>" until ~ is cast from exile' (002 §6.3): a layer-6
    effect on the objects `what` names, ending when the card the cost exiled
    (ctx.info['exiled']) is cast from exile (`used`); if that card leaves exile any other
    way, the effect lasts (002 Glamorous Outlaw R2)."""

    def __init__(self, what, ability):
        self.what = what
        self.ability = ability

    def run(self, game, ctx):
        objs = frozenset(self.what.resolve(game, ctx))
        card = ctx.info.get("exiled")
        if not objs:
            return
        granted = (self.ability,)

        def apply(g, ce, ch, allc):
            ch.abilities = tuple(ch.abilities) + granted
        duration = ("until_cast", card) if card is not None and game.exists(card) and \
            game.zone_of(card) == "exile" else "forever"
        add_effect(game, CE(L_ABILITY, game.tick(), ctx.source, ctx.controller, apply,
                            objects=objs, duration=duration))


class MayCastWhileExiled(Step):
    """'You may cast ~ for as long as it remains exiled': the card the cost exiled
    (ctx.info['exiled'])."""

    def run(self, game, ctx):
        card = ctx.info.get("exiled")
        if card is not None and game.exists(card) and game.zone_of(card) == "exile":
            grant(game, [card], ctx.controller, "exiled", verb="cast")
