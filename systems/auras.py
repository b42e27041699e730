"""What an Aura can enchant (CR 303.4d, 702.5, 702.16c), and Auras that enter the
battlefield without being cast (CR 303.4f-g).

An Aura put onto the battlefield by anything other than its own resolution as an Aura
spell (returned from a graveyard, put from a library or a hand, played as a land, ...)
doesn't target: as it enters, the player under whose control it enters chooses an object
or player it could legally enchant (hexproof and shroud don't matter, protection does:
an Aura can't be attached to something with protection from it). With nothing it could
enchant, it stays in the zone it was in (from the stack: its owner's graveyard; a token
isn't created).

Effects ask the choice before anything moves (`systems/entering.py`: `entry_choices`,
`put_entering`), so objects entering at the same time can't be chosen and the Aura enters
attached. A move that no effect step prepares (a special action, a replacement effect that
puts a card onto the battlefield instead) is checked where every zone change passes
(`zones.move` calls `unprepared_entry`): with nothing to enchant the card stays; otherwise
the choice is asked as soon as that event is over (`AttachAsEntersTask`).
"""
from __future__ import annotations

from mtg_ecs.components import Tapped, Attached
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef
from mtg_ecs.systems.effects import Step
from mtg_ecs.systems.protection import protection_from

STAYS = "stays"            # the recorded answer for an Aura with nothing to enchant (303.4g)


def is_aura(chars) -> bool:
    return "Aura" in chars.subtypes


def can_enchant(game, c, to, controller=None, aura=None) -> bool:
    """Could an Aura with characteristics `c`, controlled by `controller` (default: its
    controller), legally be attached to `to` (an object or a PlayerRef)? Its enchant
    abilities all apply (702.5c); 'enchant player/opponent' Auras enchant only players
    (702.5d); an Aura that's also a creature can't enchant anything, nor can an Aura
    enchant itself (303.4d); nothing with protection from it (702.16c). Not targeting:
    hexproof and shroud don't matter."""
    ctl = c.controller if controller is None else controller
    whats = c.params("enchant")
    if not whats or "Creature" in c.types:              # CR 303.4d
        return False
    if isinstance(to, PlayerRef):
        if to.index >= len(game.players) or game.players[to.index].lost:
            return False
        # CR 702.5d: "enchant opponent" needs an opponent of the Aura's controller
        for k in whats:     # (a loop: a generator would make three cells a call)
            if k != "player" and not (k == "opponent" and game.is_opponent(ctl, to.index)):
                return False
        return True
    if not game.exists(to) or to not in game.battlefield or to == aura:   # CR 303.4d
        return False
    tc = game.chars(to)
    for what in whats:
        if what in ("player", "opponent"):              # CR 702.5d
            return False
        if what == "creature" and "Creature" not in tc.types:
            return False
        if what == "tapped creature":                 # Entangling Vines
            if "Creature" not in tc.types or not game.world.has(to, Tapped):
                return False
        if what == "land" and "Land" not in tc.types:
            return False
        if what == "artifact" and "Artifact" not in tc.types:
            return False
        if what == "enchantment" and "Enchantment" not in tc.types:
            return False
        if what == "planeswalker" and "Planeswalker" not in tc.types:
            return False
    return protection_from(game, tc, c) is None          # CR 702.16c


def enchant_options(game, aura, controller, among=None, chars=None) -> list:
    """CR 303.4f: what the Aura object `aura` (in any zone) could enchant if it entered the
    battlefield under `controller`'s control now: permanents (of `among`, default: all on
    the battlefield; objects entering at the same time aren't there yet) and players."""
    c = chars if chars is not None else game.chars(aura)
    out = [e for e in game.battlefield
           if (among is None or e in among) and can_enchant(game, c, e, controller, aura)]
    if any(k in ("player", "opponent") for k in c.params("enchant")):
        out.extend(PlayerRef(p) for p in game.apnap()
                   if can_enchant(game, c, PlayerRef(p), controller, aura))
    return out


def _one(answer):
    return answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer


class AuraChoice(Step):
    """CR 303.4f: before an effect puts `card` onto the battlefield under `player`'s control,
    if it is an Aura that player chooses what it will enchant; with nothing to choose it
    stays where it is (303.4g). The answer goes to ctx.vars[key][card] (`STAYS`: it stays)."""

    def __init__(self, card, player, key, among=None):
        self.card = card
        self.player = player
        self.key = key
        self.among = among

    def run(self, game, ctx):
        done = ctx.vars.setdefault(self.key, {})
        if self.card in done or not game.exists(self.card):
            return None
        c = game.chars(self.card)
        if not is_aura(c):
            return None
        opts = enchant_options(game, self.card, self.player, self.among, c)
        if not opts:
            done[self.card] = STAYS                        # CR 303.4g
            return None
        return Decision("choose", self.player, opts, 1, 1,
                        f"choose what {game.name(self.card)} will enchant (CR 303.4f)",
                        data={"aura": self.card})

    def answer(self, game, ctx, decision, answer):
        a = _one(answer)
        if a not in decision.options:
            raise IllegalAction(f"{game.name(self.card)} can't enchant {game.name(a)}: choose one of "
                                f"the objects or players it could enchant (CR 303.4f)")
        ctx.vars.setdefault(self.key, {})[self.card] = a


def unprepared_entry(game, eid, chars, controller, frm):
    """A card or token about to enter the battlefield without being cast and without a
    choice made for it (a land played, a replacement effect's 'put it onto the battlefield
    instead'). Returns None if it isn't an Aura or can enchant something (the choice is then
    asked right after the event: `AttachAsEntersTask`); else the zone it goes to instead:
    the one it is in (303.4g), its owner's graveyard from the stack."""
    if not is_aura(chars):
        return None
    among = getattr(game, "together_before", None)
    if enchant_options(game, eid, controller, among, chars):
        return None
    return "graveyard" if frm == "stack" else frm          # CR 303.4g


class AttachAsEntersTask:
    """CR 303.4f for an Aura that entered by a move no effect prepared: its controller
    chooses what it enchants, asked before anything else happens (no priority, state-based
    action or trigger in between; systems/entering.py `schedule`). Only objects that were
    on the battlefield before the event it entered in can be chosen."""
    needs_rewind = False

    def __init__(self, eid, among):
        self.eid = eid
        self.among = among
        self.done = False

    def copy(self):
        t = AttachAsEntersTask(self.eid, self.among)
        t.done = self.done
        return t

    def _options(self, game):
        c = game.chars(self.eid)
        return [o for o in enchant_options(game, self.eid, c.controller, self.among, c)]

    def run(self, game):
        if self.done or self.eid not in game.battlefield or game.world.has(self.eid, Attached):
            return None
        opts = self._options(game)
        if not opts:
            return None                      # nothing left to enchant: 704.5m will apply
        return Decision("choose", game.chars(self.eid).controller, opts, 1, 1,
                        f"choose what {game.name(self.eid)} will enchant (CR 303.4f)",
                        data={"aura": self.eid})

    def answer(self, game, decision, answer):
        a = _one(answer)
        if a not in decision.options:
            raise IllegalAction(f"{game.name(self.eid)} can't enchant {game.name(a)}: choose one of "
                                f"the objects or players it could enchant (CR 303.4f)")
        game.set(self.eid, Attached(a))                    # CR 303.4f
        self.done = True
