"""Commander (CR 903): which cards are commanders, casting them from the command zone with
the commander tax, the return to the command zone, and commander damage.

* Being a commander is a property of the physical card, not a copiable value (903.3): the
  card ids in `game.commanders`. The card stays a commander in every zone (each zone change
  makes a new object, 400.7, of the same card); a copy of a commander, a token copy or a
  copy of the spell, is another card and no commander (707.2).
* 903.8: its owner may cast it from the command zone with its normal timing and costs,
  plus {2} for each previous time they cast it from there this game (`Player.
  commander_casts`, counted as the spell becomes cast, 601.2i). One commander per player:
  partner commanders (903.3c, 702.124) aren't played.
* 903.9a: a commander put into a graveyard or exile since state-based actions were last
  checked may be put into the command zone by its owner: a state-based action with a
  `may` decision (`returnable`, `ReturnTask`). A commander left there is that object
  (`game.commander_declined`): it is asked about again only once it has moved (400.7).
* 903.9b: a commander that would be put into its owner's hand or library may be put into
  the command zone instead: asked before the move by the resolving step that moves it
  (`put_into_hand_or_library`, `ask_instead`: returning to hand, a graveyard, exiled or
  looked-at card to hand, the top or bottom of a library, Warp World's shuffle); and
  before a draw puts a commander on top of its owner's library into their hand
  (`draw_queue`: the draw step's `DrawTask`, the effect 'draw N', connive).
* 704.6c, 903.10a: a player dealt 21 or more combat damage by the same commander over the
  game loses: the damage is counted per card (`game.commander_damage`), across its zone
  changes.

Every check here begins with `game.commanders`: a game without commanders pays one test.
"""
from __future__ import annotations

from mtg_ecs.components import Card
from mtg_ecs.core.decisions import Cast, Decision, IllegalAction, StepKey, cast_option
from mtg_ecs.systems import flash, replacement, zones

TAX = 2             # 903.8: {2} for each previous cast from the command zone
LETHAL = 21         # 704.6c


def designate(game, eid: int) -> None:
    """The card of object `eid` becomes its owner's commander (903.3, chosen before the game)."""
    cid = game.world.ents[eid][Card].card_id
    if cid not in game.commanders:
        game.commanders = game.commanders + (cid,)
        game.touch()


def put_into_command_zone(game, player: int, defn) -> int:
    """903.6: the player's commander starts the game face up in the command zone."""
    eid = game.create_object(defn, player, "command")
    designate(game, eid)
    return eid


def is_commander(game, eid) -> bool:
    """Is the object `eid` (a card in any zone, a spell, a permanent) a commander (903.3)?"""
    if not game.commanders:
        return False
    comps = game.world.ents.get(eid)
    if comps is None:
        return False
    card = comps[Card]
    return not card.token and card.card_id in game.commanders


def commanders_of(game, player: int) -> list:
    """The objects now of the commanders `player` owns ('your commander': the commanders they own, 903.3)."""
    out = []
    for cid in game.commanders:
        e = game.card_entity.get(cid)
        if e is not None and e in game.world.ents and game.owner(e) == player:
            out.append(e)
    return out


# the card language: 'noncommander', 'your commander' (903.3; statics.commanders_you_control)
def noncommander(game, eid, *_) -> bool:
    """'noncommander <object>': a filter of targets and effects (called as fn(game, obj, ...))."""
    return not is_commander(game, eid)


def controls_own_commander(game, player: int, allc) -> bool:
    """'As long as you control your commander' (003 §3.13): a commander `player` owns is a
    permanent they control (its controller read from `allc`, the characteristics of the
    battlefield: a layer condition reads the ones being worked out)."""
    return any(e in allc and allc[e].controller == player
               for e in commanders_of(game, player)) if game.commanders else False


# ---------------------------------------------------------------------------
# 903.8: casting from the command zone
# ---------------------------------------------------------------------------
def tax(game, player: int, eid: int, from_zone: str | None = None) -> int:
    """The generic mana the commander tax adds to casting `eid` (from `from_zone`, or the
    zone it is in now): 0 unless it is a commander cast from the command zone (903.8)."""
    if not game.commanders or (from_zone or game.zone_of(eid)) != "command" \
            or not is_commander(game, eid):
        return 0
    return TAX * game.players[player].commander_casts


def actions(game, player: int, sorcery_ok: bool, can_cast) -> list:
    """Cast options for the player's commanders in the command zone castable now (903.8:
    with the timing of their card type, 117.1a, 307.1; their alternative costs too)."""
    out = []
    for c in game.command:
        if not is_commander(game, c) or game.owner(c) != player:
            continue
        ch = game.chars(c)
        if "Land" in ch.types or not (sorcery_ok or flash.any_time(game, player, ch)):
            continue
        for alt in (None,) + ch.defn.keyword_alts:
            if can_cast(game, player, c, alt):
                out.append(Cast(c, alt=alt) if alt else cast_option(c))
    return out


def castable_any_time(game, player: int) -> bool:
    """Could the player cast a commander from the command zone at instant speed (an
    instant or flash commander: the quiet check of systems.priority)?"""
    return any(is_commander(game, c) and game.owner(c) == player
               and flash.any_time(game, player, game.chars(c)) for c in game.command)


def cast_from_command_zone(game, player: int, spell: int) -> None:
    """601.2i: the commander `spell` became cast from the command zone: the next cast of it
    from there costs {2} more (903.8)."""
    if is_commander(game, spell):
        game.players[player].commander_casts += 1
        game.touch()


# ---------------------------------------------------------------------------
# 903.9a: the return to the command zone (a state-based action)
# ---------------------------------------------------------------------------
def returnable(game) -> list:
    """Commanders in a graveyard or exile put there since the last check (903.9a) and not
    left there by their owner, in APNAP order of their owners (101.4)."""
    out = []
    declined = game.commander_declined
    for cid in game.commanders:
        e = game.card_entity.get(cid)
        if e is not None and e not in declined and e in game.world.ents \
                and game.zone_of(e) in ("graveyard", "exile"):
            out.append(e)
    if len(out) > 1:
        order = game.apnap()
        out.sort(key=lambda e: order.index(game.owner(e)) if game.owner(e) in order else len(order))
    return out


class ReturnTask:
    """903.9a: for each commander in `cards`, its owner chooses whether to put it into the
    command zone (a `may` decision, `data['what'] = 'command zone'`)."""

    needs_rewind = False

    def __init__(self, cards):
        self.cards = list(cards)

    def copy(self):
        return ReturnTask(self.cards)

    def run(self, game):
        while self.cards:
            e = self.cards[0]
            if e in game.world.ents and game.zone_of(e) in ("graveyard", "exile"):
                return Decision("may", game.owner(e), [True, False], 1, 1,
                                f"put {game.name(e)} from the {game.zone_of(e)} into the "
                                f"command zone? (CR 903.9a)",
                                data={"what": "command zone", "card": e})
            self.cards.pop(0)
        return None

    def answer(self, game, decision, answer):
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in (True, False):
            raise IllegalAction("answer yes or no: put the commander into the command zone?")
        e = self.cards.pop(0)
        if a:
            zones.move(game, e, "command", cause="sba")
        else:
            live = tuple(d for d in game.commander_declined if d in game.world.ents)
            game.commander_declined = live + (e,)
            game.touch()


# ---------------------------------------------------------------------------
# 903.9b: instead of its owner's hand or library (a replacement effect)
# ---------------------------------------------------------------------------
def put_into_hand_or_library(game, ctx, step, objs, to: str, move):
    """A resolving step (`step`, its context `ctx`) puts `objs` into their owners' hands or
    libraries (`to`), each with `move(obj)`. 903.9b: first the owner of each commander
    among them chooses whether to put it into the command zone instead (`ask_instead`);
    then every object moves. Returns the next decision, or None once all have moved."""
    d = ask_instead(game, ctx, step, objs, to)
    if d is not None:
        return d
    chosen = instead(ctx, step)
    for e in objs:
        if chosen.get(e):
            zones.move(game, e, "command", cause="effect")
        else:
            move(e)
    return None


def ask_instead(game, ctx, step, objs, to: str):
    """903.9b, the choices only: the next owner of a commander among `objs` (objects a
    resolving step is about to put into hands or libraries, `to`) still to choose whether
    it goes to the command zone instead: a `may` decision answered by `answer_instead`;
    None once every one has chosen (`instead` holds the answers)."""
    if not game.commanders:
        return None
    chosen = ctx.vars.get(("command zone", StepKey(step)), {})
    for e in objs:
        if e not in chosen and is_commander(game, e) and game.zone_of(e) != "command":
            return Decision("may", game.owner(e), [True, False], 1, 1,
                            f"put {game.name(e)} into the command zone instead of its "
                            f"owner's {to}? (CR 903.9b)", data={"what": "command zone", "card": e})
    return None


def instead(ctx, step) -> dict:
    """{commander: True if its owner put it into the command zone instead} (`ask_instead`)."""
    return ctx.vars.get(("command zone", StepKey(step)), {})


def answer_instead(ctx, step, decision, answer) -> None:
    """The answer to `ask_instead`'s question."""
    a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
    if a not in (True, False):
        raise IllegalAction("answer yes or no: put the commander into the command zone instead?")
    key = ("command zone", StepKey(step))
    ctx.vars[key] = {**ctx.vars.get(key, {}), decision.data["card"]: a}     # (a clone shares the old)


# ---------------------------------------------------------------------------
# 903.9b on a draw: a commander on top of its owner's library (left there by them)
# ---------------------------------------------------------------------------
def commander_on_top(game, player: int):
    """The commander on top of `player`'s library that their next draw would put into
    their hand (121.1), if one: not when another effect replaces or prevents that draw
    (those apply first: replacement.skip_draw)."""
    lib = game.players[player].library
    if lib and is_commander(game, lib[-1]) and not replacement.draw_replaced(game, player):
        return lib[-1]
    return None


def draw_queue(game, queue: tuple):
    """Draw for each (player, n) of `queue` in order, one card at a time (121.2) - the
    draws of a game with commanders. 903.9b: before a commander on top of its owner's
    library is drawn, its owner chooses whether to put it into the command zone instead
    (`answer_draw`). Returns (the draws left, the decision), or ((), None) when done."""
    q = list(queue)
    while q:
        p, n = q[0]
        if n <= 0 or game.players[p].lost:
            q.pop(0)
            continue
        top = commander_on_top(game, p)
        if top is not None:
            return tuple(q), Decision("may", p, [True, False], 1, 1,
                                      f"put {game.name(top)} into the command zone instead of "
                                      f"drawing it? (CR 903.9b)",
                                      data={"what": "command zone", "card": top, "draw": True})
        zones.draw(game, p, 1)
        q[0] = (p, n - 1)
    return (), None


def answer_draw(game, queue: tuple, decision, answer) -> tuple:
    """The answer to `draw_queue`'s question; the draws left after that one. Put into the
    command zone, the commander isn't drawn: that draw was replaced (614.6)."""
    a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
    if a not in (True, False):
        raise IllegalAction("answer yes or no: put the commander into the command zone instead?")
    p, n = queue[0]
    if a:
        zones.move(game, decision.data["card"], "command", cause="effect")
    else:
        zones.draw(game, p, 1)
    return ((p, n - 1),) + tuple(queue[1:])


class DrawTask:
    """Turn-based draws in a game with commanders (504.1, 805.4b): `draw_queue`."""

    needs_rewind = False

    def __init__(self, queue):
        self.queue = tuple(queue)

    def copy(self):
        return DrawTask(self.queue)

    def run(self, game):
        self.queue, d = draw_queue(game, self.queue)
        return d

    def answer(self, game, decision, answer):
        self.queue = answer_draw(game, self.queue, decision, answer)


# ---------------------------------------------------------------------------
# 704.6c, 903.10a: commander damage
# ---------------------------------------------------------------------------
def combat_damage(game, source: int, player: int, n: int) -> None:
    """`source` dealt `n` combat damage to `player`: counted if it is a commander."""
    if not is_commander(game, source):
        return
    key = (player, game.world.ents[source][Card].card_id)
    game.commander_damage[key] = game.commander_damage.get(key, 0) + n
    game.touch()                    # 704.6c may now apply


def lethal_commander_damage(game, player: int) -> bool:
    """704.6c: `player` has been dealt 21 or more combat damage by one commander this game."""
    return any(p == player and n >= LETHAL for (p, _), n in game.commander_damage.items())
