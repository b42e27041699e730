"""The game: players, zones, the engine loop and the one decision door.

    >>> from mtg_ecs import Game
    >>> g = Game.from_setup({"players": [{"battlefield": ["Mountain"]}, {}]})
    >>> g.pending.kind
    'priority'

State lives in esper components (objects) and in a few plain fields (players,
zone order, turn). Rules procedures live in `systems/`; this module runs them in
the fixed order of CR 117.5: turn-based actions, then before any player would
receive priority, state-based actions (704) and triggered abilities (603.3).
"""
from __future__ import annotations

import copy as _copy
import random

from mtg_ecs.components import (Card, Owner, Controller, Zone, Timestamp, Tapped, TAPPED, Damage, Counters,
                        Attached, Attacking, Blocking, Spell, StackAbility, RegenerationShields,
                        LoyaltyActivated, zone_of, owned_by)
from mtg_ecs.core.world import World
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, Pass
from mtg_ecs.core.rules import RulesProfile

# Components whose changes can't change characteristics (unless an effect reads them).
CHARS_IRRELEVANT = frozenset({Tapped, Damage, Attacking, Blocking, RegenerationShields,
                              LoyaltyActivated, Spell, StackAbility})
# ... and whose changes can't make a state-based action apply.
SBA_IRRELEVANT = frozenset({Tapped, Attacking, Blocking, LoyaltyActivated, Spell, StackAbility,
                            RegenerationShields})

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
PLAYER_ZONES = ("library", "hand", "graveyard")
LOOP_LIMIT = 200_000      # engine steps without any decision: a mandatory loop (104.4b)


class _Systems:
    """The rules systems the engine loop calls, imported on first use (they import
    this module, so it can't import them at load time)."""

    def __getattr__(self, name):
        from mtg_ecs.systems import turn, sba, triggers, priority, layers, combat
        for m in (turn, sba, triggers, priority, layers, combat):
            setattr(self, m.__name__.rsplit(".", 1)[1], m)
        self.check_triggers = triggers.check_triggers
        return getattr(self, name)


_sys = _Systems()


class EngineError(RuntimeError):
    """The engine reached a state the rules don't allow (a bug, never a player error)."""


class Player:
    """A player's own state (CR 102). Library top is the END of the list."""

    __slots__ = ("index", "life", "poison", "pool", "library", "hand", "graveyard", "lost",
                 "conceded", "lands_played", "land_plays", "drew_from_empty", "turn_started_at",
                 "life_lost_turn", "life_gained_turn", "spells_cast_turn", "cards_drawn_turn",
                 "creatures_died_turn", "mulligans", "kept", "loss_reason", "extra")

    def __init__(self, index: int, life: int = 20):
        self.index = index
        self.life = life
        self.poison = 0
        self.pool = [0] * 6
        self.library: list[int] = []
        self.hand: list[int] = []
        self.graveyard: list[int] = []
        self.lost = False
        self.conceded = False
        self.lands_played = 0
        self.land_plays = 1
        self.drew_from_empty = False
        self.turn_started_at = -1
        self.life_lost_turn = 0
        self.life_gained_turn = 0
        self.spells_cast_turn = 0
        self.cards_drawn_turn = 0
        self.creatures_died_turn = 0
        self.mulligans = 0
        self.kept = True
        self.loss_reason = None
        self.extra = {}

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        for s in Player.__slots__:
            v = getattr(self, s)
            setattr(p, s, v.copy() if isinstance(v, (list, dict)) else v)
        return p


class Game:
    """One game of Magic. Drive it with `decide(answer)` while `pending` is set."""

    def __init__(self, num_players: int = 2, seed: int = 0, rules: str = "current",
                 life: int = 20, log: bool = True, auto_pass: bool = False):
        self.world = World()
        self.rules = RulesProfile.named(rules)
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = [Player(i, life) for i in range(num_players)]
        self.battlefield: list[int] = []
        self.stack: list[int] = []          # top is the end
        self.exile: list[int] = []
        self.command: list[int] = []
        self.turn = 1
        self.active = 0
        self.step = "main1"
        self.priority: int | None = None
        self.passes = 0
        self.effects = []                   # continuous effects from resolved spells/abilities
        self.shields = []                   # replacement/prevention effects with a duration
        self.delayed = []                   # delayed triggered abilities (603.7)
        self.pending_triggers = []
        self.agenda = []                    # tasks (systems.*.Task) in progress, top at end
        self.pending: Decision | None = None
        self.clock = 1                      # timestamps and event order
        self._v = 0                         # bumps on every state change (see `version`)
        self.cversion = 0                   # bumps on changes that can affect characteristics
        self.sversion = 0                   # bumps on changes that can make an SBA apply
        self.bversion = 0                   # bumps when an object enters or leaves the battlefield
        self.tversion = 0                   # bumps when a permanent taps or untaps
        self.zversion = 0                   # bumps when any zone's contents change
        self._volatile = False              # an effect reads state beyond characteristics
        self._chars = None
        self._chars_version = -1
        self._chars_independent = False     # the cached pass found no continuous effect
        self._offfield = {}
        self._sba_clean = -1                # version at which no state-based action applied
        self._actions_cache = (None, None, None, None)   # (version, player, legal actions, mana span)
        self._actions_step = None
        self._mana_cache = {}               # player -> (version, mana sources)
        self._mana_split = {}               # player -> (mana sources, split_sources of them)
        self._instant_cache = {}            # player -> (cversion, zversion, hand summary)
        self._castable = (None, None, {})    # (version, player, {defn: bool})
        self._hand_cards = (-1, {})         # (cversion, {card in hand: (instant speed?, hand abilities)})
        self._board = None                  # systems.board.Board for the current state
        self._control_checked = -1          # cversion of the last control update (systems.control)
        self._combat_checked = None         # (cversion, bversion) of the last 506.4 check (systems.combat)
        self._base = {}                     # per-object printed characteristics (layers.base_chars)
        self.token_limbo = set()            # tokens off the battlefield (704.5d)
        self.lki = {}                       # last known information, entity -> Chars (608.2h)
        self.card_entity = {}               # physical card id -> current entity
        self.next_card_id = 1
        self.over = False
        self.winner = None                  # index, or None for a draw / not over
        self.end_reason = None
        self.log_enabled = log
        # Like MTGO's auto-pass: when passing is a player's only action (mana abilities
        # aside), pass for them instead of asking. Off by default: every priority is asked.
        self.auto_pass = auto_pass
        self.log = []
        self.first_strike_step = False
        self.combat_happened = False
        self.cleanup_again = False
        self.event_batch = None             # events of one simultaneous action (systems/together.py)
        self.starting_player = 0
        self.turn_limit = None
        self.extra = {}

    # ------------------------------------------------------------------
    # cloning (Monte-Carlo search) and rewinding (illegal actions)
    # ------------------------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy of this game, in its own world, at this decision."""
        g = Game.__new__(Game)
        d = self.__dict__.copy()
        d["world"] = self.world.clone()
        d["players"] = [p.copy() for p in self.players]
        for k in ("battlefield", "stack", "exile", "command", "effects", "shields", "delayed",
                  "pending_triggers", "log"):
            d[k] = list(d[k])
        d["agenda"] = [t.copy() for t in self.agenda]
        d["lki"] = dict(self.lki)
        d["token_limbo"] = set(self.token_limbo)
        d["_base"] = dict(self._base)
        d["_mana_cache"] = {}
        d["_mana_split"] = {}
        # caches patched in place must not be shared with the copy
        d["_chars"] = dict(self._chars) if self._chars is not None else None
        d["_offfield"] = {}
        d["_board"] = None
        d["_castable"] = (None, None, {})
        d["_instant_cache"] = {}
        d["_hand_cards"] = (-1, {})
        d["card_entity"] = dict(self.card_entity)
        # one level deeper: the combat bookkeeping in `extra` is dicts and sets
        d["extra"] = {k: (dict(v) if isinstance(v, dict) else set(v) if isinstance(v, set) else v)
                      for k, v in self.extra.items()}
        # prevention shields count down as they're used: each copy needs its own
        d["shields"] = [_copy.copy(s) for s in self.shields]
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        d["pending"] = _copy.copy(self.pending)
        g.__dict__.update(d)
        return g

    def _adopt(self, other: "Game") -> None:
        old = self.world
        self.__dict__.update(other.__dict__)
        if old is not self.world:
            old.close()

    def close(self) -> None:
        """Free this game's esper world (also done when the game is collected)."""
        self.world.close()

    # ------------------------------------------------------------------
    # state access
    # ------------------------------------------------------------------
    # `version` changes on every state change; `cversion` only on changes that can
    # affect characteristics (the layer cache key). Tapping, damage and combat status
    # don't, unless some continuous effect reads them (`_volatile`).
    @property
    def version(self) -> int:
        return self._v

    @version.setter
    def version(self, v: int) -> None:
        self._v = v
        self.cversion += 1
        self.sversion += 1

    def bump(self) -> None:
        self.version += 1

    def touch(self) -> None:
        """A change to player state (life, mana pool, library order, counters of the
        turn) that can't change characteristics unless an effect reads it."""
        self._v += 1
        self.sversion += 1
        if self._volatile:
            self._chars_changed()

    def touch_hidden(self) -> None:
        """A change no state-based action looks at (704.5): a mana pool (106.4) or the
        order of a library. Like `touch`, without making the SBA check run again,
        unless an effect reads such state: then characteristics (a toughness) may change
        with it (Vampire Nocturnus and the top card of a library)."""
        self._v += 1
        if self._volatile:
            self._chars_changed()

    def _chars_changed(self) -> None:
        """Characteristics may have changed: the layer cache is stale, and a state-based
        action may now apply (704.5f-g toughness, 704.5j names, 704.5m Aura legality)."""
        self.cversion += 1
        self.sversion += 1

    def zones_changed(self, left=None, entered=None, token=True) -> None:
        """An object moved between zones. When no continuous effect exists (the last
        layer pass found none, none reads other state) and neither object has a
        static ability, every object's characteristics depend only on itself: patch
        the caches instead of recomputing the battlefield. Only a permanent entering
        or leaving, or a token or spell copy moving, can make a state-based action
        apply (704.5)."""
        self._v += 1
        self.zversion += 1
        self._offfield = {}
        if left is not None or entered is not None:
            self.bversion += 1
            self.sversion += 1
        elif token:                     # 704.5d-e: a token or copy off the battlefield/stack
            self.sversion += 1
        if (self._chars_version == self.cversion and self._chars_independent
                and not self._volatile):
            if _sys.layers.patch_battlefield(self, left, entered):
                return
        self._chars_changed()

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def get(self, eid, ctype):
        return self.world.get(eid, ctype)

    def has(self, eid, ctype) -> bool:
        return self.world.has(eid, ctype)

    def set(self, eid, comp) -> None:
        self.world.add(eid, comp)
        self._v += 1
        t = type(comp)
        if t is Tapped:
            self.tversion += 1
        if t not in SBA_IRRELEVANT:
            self.sversion += 1
        if self._volatile or t not in CHARS_IRRELEVANT:
            self._chars_changed()

    def unset(self, eid, ctype) -> None:
        if self.world.has(eid, ctype):
            self.world.remove(eid, ctype)
            self._v += 1
            if ctype is Tapped:
                self.tversion += 1
            if ctype not in SBA_IRRELEVANT:
                self.sversion += 1
            if self._volatile or ctype not in CHARS_IRRELEVANT:
                self._chars_changed()

    def permanents_with(self, *ctypes) -> list:
        """Permanents having any of these components, in battlefield order (read off
        the world's component index instead of testing every permanent)."""
        comps = self.world.comps
        sets = [comps[t] for t in ctypes if t in comps]
        if not sets:
            return []
        if len(sets) == 1:
            s = sets[0]
            return [e for e in self.battlefield if e in s]
        return [e for e in self.battlefield if any(e in s for s in sets)]

    def exists(self, eid) -> bool:
        return isinstance(eid, int) and not isinstance(eid, bool) and eid in self.world.ents

    def chars(self, eid: int):
        """Characteristics of an object now, all layers applied (CR 613)."""
        if self._chars_version != self.cversion:
            self._chars = _sys.layers.compute_battlefield(self)
            self._chars_version = self.cversion
            self._offfield = {}
        c = self._chars.get(eid)
        if c is not None:
            return c
        c = self._offfield.get(eid)
        if c is None:
            if eid not in self.world.ents:
                c = self.lki.get(eid)
                if c is None:
                    raise KeyError(f"no object {eid}")
                return c
            c = _sys.layers.compute_offfield(self, eid)
            self._offfield[eid] = c
        return c

    def all_chars(self) -> dict:
        if self._chars_version != self.cversion:
            self._chars = _sys.layers.compute_battlefield(self)
            self._chars_version = self.cversion
            self._offfield = {}
        return self._chars

    def controller(self, eid: int) -> int:
        return self.chars(eid).controller

    def owner(self, eid: int) -> int:
        o = self.world.get(eid, Owner)
        if o is None:
            return self.lki[eid].owner
        return o.player

    def zone_of(self, eid: int):
        z = self.world.get(eid, Zone)
        return None if z is None else z.name

    def timestamp_of(self, eid: int) -> int:
        t = self.world.get(eid, Timestamp)
        return t.value if t else 0

    def is_tapped(self, eid: int) -> bool:
        return self.world.has(eid, Tapped)

    def counters(self, eid: int) -> Counters:
        return self.world.get(eid, Counters) or Counters()

    def damage_on(self, eid: int) -> int:
        d = self.world.get(eid, Damage)
        return d.amount if d else 0

    def name(self, eid) -> str:
        if isinstance(eid, PlayerRef):
            return f"p{eid.index}"
        try:
            return self.chars(eid).name
        except KeyError:
            return f"#{eid}"

    def opponents(self, p: int) -> list[int]:
        return [q.index for q in self.players if q.index != p and not q.lost]

    def living(self) -> list[int]:
        return [p.index for p in self.players if not p.lost]

    def living_count(self) -> int:
        n = 0
        for p in self.players:
            if not p.lost:
                n += 1
        return n

    def apnap(self) -> list[int]:
        """Players in APNAP order (CR 101.4), starting with the active player."""
        n = len(self.players)
        return [(self.active + i) % n for i in range(n) if not self.players[(self.active + i) % n].lost]

    def next_player(self, p: int) -> int:
        n = len(self.players)
        for i in range(1, n + 1):
            q = (p + i) % n
            if not self.players[q].lost:
                return q
        return p

    def zone_list(self, zone: str, player: int | None = None) -> list:
        if zone in PLAYER_ZONES:
            return getattr(self.players[player], zone)
        return getattr(self, zone)

    def creatures(self, controller: int | None = None) -> list[int]:
        out = []
        for e in self.battlefield:
            c = self.chars(e)
            if "Creature" in c.types and (controller is None or c.controller == controller):
                out.append(e)
        return out

    def permanents(self, controller: int | None = None) -> list[int]:
        if controller is None:
            return list(self.battlefield)
        return [e for e in self.battlefield if self.chars(e).controller == controller]

    def is_sick(self, eid: int) -> bool:
        """CR 302.6: not continuously controlled since its controller's most recent turn began."""
        ctl = self.world.get(eid, Controller)
        c = self.chars(eid)
        p = self.players[c.controller]
        since = ctl.since if ctl is not None and ctl.player == c.controller else self.clock
        return since > p.turn_started_at

    # ------------------------------------------------------------------
    # objects and zones (CR 400)
    # ------------------------------------------------------------------
    def new_card_id(self) -> int:
        cid = self.next_card_id
        self.next_card_id += 1
        return cid

    def create_object(self, defn, owner: int, zone: str, card_id: int | None = None,
                      token: bool = False, controller: int | None = None, tapped: bool = False,
                      position: str = "top", extra=(), sick: bool = True) -> int:
        """Put a new object into a zone (no triggers, no replacement: setup and internals)."""
        if card_id is None:
            card_id = self.new_card_id()
        comps = [Card(defn, card_id, token), owned_by(owner),
                 zone_of(zone, owner if zone in PLAYER_ZONES else None)]
        if zone in ("battlefield", "stack"):
            ts = self.tick()
            comps.append(Timestamp(ts))
            ctl = owner if controller is None else controller
            comps.append(Controller(ctl, self.clock if sick else -1))
            if tapped:
                comps.append(TAPPED)
        comps.extend(extra)
        eid = self.world.create(*comps)
        self.card_entity[card_id] = eid
        if token and zone != "battlefield":
            self.token_limbo.add(eid)
        lst = self.zone_list(zone, owner)
        if zone == "library" and position == "bottom":
            lst.insert(0, eid)
        else:
            lst.append(eid)
        self.zversion += 1
        self.version += 1
        return eid

    def create_library(self, defns, owner: int) -> None:
        """Put new cards on top of `owner`'s library in order (game setup, CR 103.2):
        `create_object` for many cards at once."""
        own = owned_by(owner)
        zone = zone_of("library", owner)
        lib = self.players[owner].library
        for defn in defns:
            card_id = self.new_card_id()
            eid = self.world.create(Card(defn, card_id, False), own, zone)
            self.card_entity[card_id] = eid
            lib.append(eid)
        self.zversion += 1
        self.version += 1

    def remove_from_zone(self, eid: int) -> None:
        z = self.world.get(eid, Zone)
        if z is None:
            return
        lst = self.zone_list(z.name, z.player)
        try:
            lst.remove(eid)
        except ValueError:
            return
        self.zversion += 1

    def snapshot_lki(self, eid: int) -> None:
        """Remember the object as it last existed (CR 608.2h, 603.10)."""
        try:
            c = self.chars(eid).copy()
        except KeyError:
            return
        comps = self.world.ents.get(eid, {})
        c.flags = frozenset(c.flags) | ({"tapped"} if Tapped in comps else set())
        self.lki[eid] = c
        self.lki_extra = getattr(self, "lki_extra", {})
        self.lki_extra[eid] = {"counters": comps.get(Counters), "damage": comps.get(Damage),
                               "attached": comps.get(Attached)}

    # ------------------------------------------------------------------
    # events and log
    # ------------------------------------------------------------------
    def emit(self, kind: str, **data) -> None:
        """Announce an event; triggered abilities watching for it trigger (CR 603.2)."""
        if self.log_enabled:
            self.log.append((kind, data))
        batch = self.event_batch
        if batch is not None:           # simultaneous events (systems/together.py, 603.2)
            batch.append((kind, data))
            return
        b = self._board
        if b is not None and kind not in b.watch and not self.delayed and kind != "zone_change" \
                and b.key[0] == self.cversion and b.key[1] == self.bversion \
                and self._chars_version == self.cversion:
            return                      # nothing on the battlefield watches for this event now
        _sys.check_triggers(self, kind, data)

    def note(self, text: str) -> None:
        if self.log_enabled:
            self.log.append(("note", {"text": text}))

    # ------------------------------------------------------------------
    # the engine loop
    # ------------------------------------------------------------------
    def advance(self) -> None:
        """Run until a decision is needed or the game is over (CR 117.5 order)."""
        turn, sba, triggers, priority = _sys.turn, _sys.sba, _sys.triggers, _sys.priority
        self.world.activate()
        spins = 0
        while True:
            spins += 1
            if spins > LOOP_LIMIT:
                # CR 104.4b: a loop of mandatory actions nobody can stop is a draw
                self.end_as_draw("loop draw")
                return
            if self.over:
                self.pending = None
                return
            if self.agenda:
                task = self.agenda[-1]
                d = task.run(self)
                if d is not None:
                    self.pending = d
                    return
                if self.agenda and self.agenda[-1] is task:
                    self.agenda.pop()
                continue
            if self.priority is None:
                turn.next_step(self)
                continue
            # A player would receive priority: SBAs, then triggers, repeated (117.5).
            # Whatever stopped being a creature (or a planeswalker being attacked) by now
            # has been removed from combat (506.4): not an SBA, it is never left undone.
            if self._combat_checked != (self.cversion, self.bversion):
                self._combat_checked = (self.cversion, self.bversion)
                _sys.combat.check_removed_from_combat(self)
            if self._sba_clean != self.sversion and sba.check(self):
                continue
            if self.pending_triggers:
                triggers.put_on_stack(self)
                continue
            if self.auto_pass and priority.only_pass(self, self.priority):
                priority.pass_priority(self, self.priority)
                continue
            self.pending = priority.decision(self, self.priority)
            return

    def decide(self, answer) -> None:
        """Answer the pending decision. Illegal answers raise IllegalAction and
        leave the game unchanged."""
        self.world.activate()
        d = self.pending
        if d is None:
            raise IllegalAction("no decision is pending" + (" (the game is over)" if self.over else ""))
        if d.kind == "priority":
            priority = _sys.priority
            # An action is checked before anything changes. Casting or activating with
            # choices given up front can still fail part-way (601.2, 602.2): those are
            # rewound from a clone.
            before = self.clone() if priority.needs_rewind(answer) else None
            step = priority.take_action
            args = (self, d.player, answer)
        else:
            task = self.agenda[-1]
            before = self.clone() if getattr(task, "needs_rewind", False) else None
            step = task.answer
            args = (self, d, answer)
        try:
            try:
                step(*args)                   # raises before changing anything
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as ex:
                # an answer of the wrong shape (a dict for a list, ...) is illegal too
                from mtg_ecs.core.decisions import KINDS
                shape = KINDS.get(d.kind)
                raise IllegalAction(f"malformed answer {answer!r} to {d.kind}"
                                    + (f" (expected {shape})" if shape else "")
                                    + f": {ex}") from ex
            self.pending = None
            self.advance()
        except IllegalAction as ex:
            if before is not None:
                self._adopt(before)
                raise
            origin = getattr(task, "origin", None) if d.kind != "priority" else None
            if self.pending is None and origin is not None:
                # 601.2: a choice given up front made a later step of the action
                # impossible: the whole action is reversed
                self._adopt(origin)
                raise IllegalAction(f"{ex} (the action is reversed)") from ex
            if self.pending is None:
                # the answer was accepted but the game couldn't go on: an action was
                # offered that the rules don't allow completing
                raise EngineError(f"engine error after a legal answer: {ex}") from ex
            raise
        if before is not None:
            if d.kind == "priority" and self.pending is not None and self.pending.kind != "priority":
                from mtg_ecs.systems.casting import _Procedure
                proc = next((t for t in reversed(self.agenda) if isinstance(t, _Procedure)), None)
                if proc is not None:
                    proc.origin = before          # the action goes on with choices asked
                    return
            before.close()

    def end_as_draw(self, reason: str) -> None:
        """End the game now as a draw: a mandatory loop (104.4b), or a bound set by
        whoever runs it (turn limit, decision limit)."""
        self.over = True
        self.winner = None
        self.end_reason = reason
        self.pending = None

    def concede(self, player: int) -> None:
        """CR 104.3a: a player may concede at any time; it needs no priority."""
        from mtg_ecs.systems import sba
        self.world.activate()
        p = self.players[player]
        if p.lost:
            raise IllegalAction(f"p{player} has already left the game")
        p.conceded = True
        p.lost = True
        p.loss_reason = "concession"
        self.emit("lose", player=player, reason="concession")
        sba.check_game_over(self)
        if not self.over:
            # the game goes on for the others (multiplayer); drop their pending decision if theirs
            if self.pending is not None and self.pending.player == player:
                self.pending = None
                self.advance()

    # ------------------------------------------------------------------
    # convenience
    # ------------------------------------------------------------------
    def legal_actions(self):
        return list(self.pending.options) if self.pending else []

    @classmethod
    def from_setup(cls, setup: dict, **kw):
        """A game in a scenario position: returns (game, handles). `defs={name: CardDef}`
        adds test-only cards."""
        from mtg_ecs.apps.scenario.setup import build_game
        return build_game(setup, **kw)

    @classmethod
    def new(cls, decks, seed: int = 0, rules: str = "current", **kw) -> "Game":
        """A game from the start (CR 103): shuffled libraries, seeded starting player,
        opening hands and London mulligans as decisions."""
        from mtg_ecs.systems.start import start_game
        return start_game(decks, seed=seed, rules=rules, **kw)
