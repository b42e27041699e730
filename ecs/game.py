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
from itertools import repeat
from typing import TYPE_CHECKING, Sequence

from mtg_ecs.components import (Card, Owner, Controller, Zone, Timestamp, Tapped, TAPPED, Damage, Counters,
                        Attached, Attacking, Blocking, Spell, StackAbility, RegenerationShields,
                        LoyaltyActivated, DidThisTurn, zone_of, owned_by, new_cards)
from mtg_ecs.cards import REGISTRY
from mtg_ecs.core.state import GameState, Player  # noqa: F401  (Player: public API)
from mtg_ecs.core.world import World
from mtg_ecs.core.rng import GameRandom
from mtg_ecs.core import loop
from mtg_ecs.core.decisions import (Decision, IllegalAction, PlayerRef, Pass, Concession, Reseed,
                                    Redeal)
from mtg_ecs.core.loop import EngineError, LOOP_LIMIT  # noqa: F401  (public)
from mtg_ecs.core.rules import RulesProfile
from mtg_ecs.core.formats import check_format, starting_life
from mtg_ecs.core.hashing import state_key
from mtg_ecs.cards import get_card
from mtg_ecs.position import build_game
from mtg_ecs.view import View
from mtg_ecs.systems import combat, knowledge, layers, leaving, sba
from mtg_ecs.systems.determinize import deal, new_deal, unseen_options
from mtg_ecs.systems.pipeline import PIPELINE
from mtg_ecs.systems.start import start_game
from mtg_ecs.systems.commander import put_into_command_zone
from mtg_ecs.systems.teams import TEAM_FORMATS, seat_teams, team_of
from mtg_ecs.systems.triggers import check_triggers, looks_back

if TYPE_CHECKING:
    from mtg_ecs.components.definitions import CardDef

# Components whose changes can't change characteristics (unless an effect reads them).
CHARS_IRRELEVANT = frozenset({Tapped, Damage, Attacking, Blocking, RegenerationShields,
                              LoyaltyActivated, DidThisTurn, Spell, StackAbility})
# ... and whose changes can't make a state-based action apply.
SBA_IRRELEVANT = frozenset({Tapped, Attacking, Blocking, LoyaltyActivated, DidThisTurn, Spell,
                            StackAbility, RegenerationShields})
# ... and whose removal can't (damage removed can't make 704.5g-h apply).
SBA_IRRELEVANT_REMOVED = SBA_IRRELEVANT | {Damage}
_NO_COMPS = {}      # the components of an object that no longer exists (never written)

from mtg_ecs.components import ZONES, PLAYER_ZONES  # noqa: E402,F401
from mtg_ecs.components.definitions import functions_in_graveyard  # noqa: E402

# decisions whose options are never a card in a hidden zone (400.2), so that deciding shows
# the player none (`knowledge.saw_options` would find none): priority actions, pairs of
# attackers or blockers and their choices, targets (in the zones `targeting._candidates`
# looks in: the battlefield, the stack, graveyards; and players)
_PUBLIC_OPTIONS = frozenset(("priority", "attackers", "blockers", "targets"))


class Game(GameState):
    """One game of Magic. Drive it with `decide(answer)` while `pending` is set."""

    __slots__ = ()          # every field is declared in core/state.py (FIELDS)

    def __init__(self, num_players: int = 2, seed: int = 0, rules: str = "current",
                 life: int | None = None, log: bool = True, auto_pass: bool = False,
                 format: str = "duel"):
        # Like MTGO's auto-pass: when passing is a player's only action (mana abilities
        # aside), pass for them instead of asking. Off by default: every priority is asked.
        # Card, Owner and Zone (every object has them), Controller and Timestamp (every
        # permanent): read per object only, never "which objects have one", so the world
        # needn't index them (core.world)
        if life is None:
            life = starting_life(format)            # 103.4; 40 in Commander (903.7)
        self.init_fields(world=World(unindexed=(Card, Owner, Zone, Controller, Timestamp)),
                         rules=RulesProfile.named(rules), catalog=REGISTRY,
                         pipeline=PIPELINE, observers=loop.new_game_observers(), seed=seed,
                         rng=GameRandom(seed), players=[Player(i, life) for i in range(num_players)],
                         starting_life=life,
                         log_enabled=log, auto_pass=auto_pass)
        check_format(format, num_players)
        self.format = format
        if format in TEAM_FORMATS:
            seat_teams(self, life)

    # ------------------------------------------------------------------
    # cloning (Monte-Carlo search) and rewinding (illegal actions)
    # ------------------------------------------------------------------
    def clone(self, seed: int | None = None) -> "Game":
        """An independent copy of this game, in its own world, at this decision
        (every field copied by its rule in core/state.py). With `seed`, the copy's
        randomness is reseeded: its future shuffles, random choices and coin flips are
        the seed's, not the original's (a search's playouts that don't share one future)."""
        g = Game.__new__(Game)
        self.copy_fields_to(g)
        if self.board is not None:
            self.board.shared = True    # both games' index now: each patches a copy of it
        if seed is not None:
            g.reseed(seed)
        return g

    def reseed(self, seed: int) -> None:
        """From now on the game's randomness is that of `seed` (recorded among the
        answers: a pickled game is replayed with it)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed is an integer, not {seed!r}")
        self.rng = GameRandom(seed)
        self.answers.append(Reseed(seed))

    def state_key(self) -> int:
        """A 128-bit key of this state, equal for two games exactly when their
        `state_hash`es are, for a search's transposition table: incremental, a small
        fraction of `state_hash`'s cost when taken after every decision, and a clone's
        first key reuses its original's (`core.keying`)."""
        return state_key(self)

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    def __copy__(self) -> "Game":
        return self.clone()

    def adopt(self, other: "Game") -> None:
        """Become `other` (a clone taken earlier, given up): a rewind. The game keeps its
        own observers (`core.loop.Observer`): a rewind changes the state, not who watches
        it, even if the clone was taken before an observer was attached."""
        old = self.world
        observers = self.observers
        self.take_fields_from(other)
        self.observers = observers
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
        return self.changes

    @version.setter
    def version(self, v: int) -> None:
        self.changes = v
        self.cversion += 1
        self.sversion += 1
        self.board = None

    def bump(self) -> None:
        self.version += 1

    def touch(self) -> None:
        """A change to player state (life, mana pool, library order, counters of the
        turn) that can't change characteristics unless an effect reads it."""
        self.changes += 1
        self.sversion += 1
        if self.volatile:
            self.chars_changed()

    def touch_hidden(self) -> None:
        """A change no state-based action looks at (704.5): a mana pool (106.4) or the
        order of a library. Like `touch`, without making the SBA check run again,
        unless an effect reads such state: then characteristics (a toughness) may change
        with it (Vampire Nocturnus and the top card of a library)."""
        self.changes += 1
        if self.volatile:
            self.chars_changed()

    def chars_changed(self) -> None:
        """Characteristics may have changed: the layer cache is stale, and a state-based
        action may now apply (704.5f-g toughness, 704.5j names, 704.5m Aura legality).

        `board` is dropped with every change of `cversion` (here and in the `version`
        setter, the only places it changes) and built only from an up-to-date layer cache
        (systems.board.board), so `board is not None` implies `chars_version == cversion`:
        readers of the board needn't compare the versions."""
        self.cversion += 1
        self.sversion += 1
        self.board = None               # the board index follows the characteristics

    def zones_changed(self, left=None, entered=None, token=True) -> None:
        """An object moved between zones. A move outside the battlefield leaves the
        characteristics there as they are while no effect reads more than the battlefield
        (`chars_closed`). When every object's characteristics depend only on itself
        and the effects the last layer pass found (`layer_plan`: none, or none reading
        another object or other state) and neither object has a static ability, patch
        the caches instead of recomputing the battlefield. Only a permanent entering
        or leaving, or a token or spell copy moving, can make a state-based action
        apply (704.5)."""
        self.changes += 1
        self.zversion += 1
        if self.offfield_cache:         # (a game's own dict: kept when empty)
            self.offfield_cache = {}
        if token:                       # 704.5d-e: a token or copy off the battlefield/stack
            self.sversion += 1
        if left is None and entered is None:
            # no permanent moved: the characteristics on the battlefield stay unless an
            # effect reads more than the battlefield (off it, `offfield_cache` is reset)
            if self.chars_version != self.cversion or not self.chars_closed:
                self.chars_changed()
            return
        current = self.chars_version == self.cversion and self.layer_plan is not None
        self.bversion += 1
        comps = self.world.comps
        if not comps.get(Attacking) and not comps.get(Blocking):
            # CR 506.4: nothing is in combat: the check before priority would find nothing
            self.combat_checked = (self.cversion, self.bversion)
        if current:
            gone = self.chars_cache.get(left) if left is not None else None
            if layers.patch_battlefield(self, left, entered):
                # only the objects that moved changed (sba.could_apply_after_move)
                if not token and sba.could_apply_after_move(self, left, entered, gone):
                    self.sversion += 1
                return
        self.chars_changed()

    def ability_stack_changed(self) -> None:
        """An ability was put onto the stack or left it: the stack's contents changed, no
        card moved and no characteristics changed (an effect reading the stack is read
        again: `zones_changed`). It is no token or copy of a spell (704.5d-e): no
        state-based action can apply for it. No card moved either: `zversion` stays (what
        it keys, systems.priority's hand summaries and quiet check, reads hands, the
        battlefield and the other zones of cards, never the stack)."""
        self.changes += 1               # (zones_changed of no move, but `zversion`)
        if self.offfield_cache:
            self.offfield_cache = {}
        if self.chars_version != self.cversion or not self.chars_closed:
            self.chars_changed()

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def get(self, eid, ctype):
        return self.world.get(eid, ctype)

    def has(self, eid, ctype) -> bool:
        return self.world.has(eid, ctype)

    def set(self, eid, comp) -> None:
        self.world.add(eid, comp)
        self.changes += 1
        t = type(comp)
        if t is Tapped:                 # (SBA_IRRELEVANT, CHARS_IRRELEVANT)
            self.tversion += 1
            self.tapped_changed((eid,))
            if self.volatile:
                self.chars_changed()
            return
        if t not in SBA_IRRELEVANT:
            self.sversion += 1
        if self.volatile or t not in CHARS_IRRELEVANT:
            if t is Counters:
                layers.counters_changed(self, eid)
            else:
                self.chars_changed()

    def unset(self, eid, ctype) -> None:
        world = self.world
        if eid in world.ents and world.remove(eid, ctype):
            self.changes += 1
            if ctype is Tapped:
                self.tversion += 1
                self.tapped_changed((eid,))
            if ctype not in SBA_IRRELEVANT_REMOVED:
                self.sversion += 1
            if self.volatile or ctype not in CHARS_IRRELEVANT:
                if ctype is Counters:
                    layers.counters_changed(self, eid)
                else:
                    self.chars_changed()

    def tap_many(self, eids) -> None:
        """`set(e, TAPPED)` for each of `eids` (objects that exist, each listed once), at
        once: the same tables and the same version counts, in one pass."""
        if self.volatile:
            for e in eids:
                self.set(e, TAPPED)
            return
        self.world.add_many(eids, TAPPED)
        n = len(eids)
        self.changes += n
        self.tversion += n              # (Tapped: SBA_IRRELEVANT, CHARS_IRRELEVANT)
        self.tapped_changed(eids)

    def tapped_changed(self, eids) -> None:
        """Permanents `eids` became tapped or untapped (here: `set`, `unset`, `tap_many` and
        `unset_many` are the only writers of Tapped; a permanent that enters tapped is a new
        object, which the board index's patch or rebuild announces): the mana sources kept
        for a player who controls one of them as a {T} mana source in the board index are
        stale (costs.mana_sources); without a current index, every player's."""
        b = self.board
        if b is None:
            self.mana_cache = [None] * len(self.mana_cache)
            return
        owner = b.mana_owner
        if owner:
            cache = self.mana_cache
            for e in eids:
                p = owner.get(e)
                if p is not None:
                    cache[p] = None

    def unset_many(self, eids, ctype) -> None:
        """`unset(e, ctype)` for each of `eids` (objects that exist, each listed once), at
        once: the same tables and the same version counts, in one pass."""
        n = self.world.remove_many(eids, ctype)
        if n:
            self.changes += n
            if ctype is Tapped:
                self.tversion += n
                self.tapped_changed(eids)
            if ctype not in SBA_IRRELEVANT_REMOVED:
                self.sversion += n
            if self.volatile or ctype not in CHARS_IRRELEVANT:
                for _ in range(n):
                    self.chars_changed()

    def permanents_with(self, *ctypes) -> list:
        """Permanents having any of these components, in battlefield order (read off
        the world's component index instead of testing every permanent)."""
        comps = self.world.comps
        if len(ctypes) == 1:
            s = comps.get(ctypes[0])
        else:
            sets = []
            for t in ctypes:
                if t in comps:
                    sets.append(comps[t])
            s = sets[0] if len(sets) == 1 else set().union(*sets)
        if not s:
            return []
        if len(s) == 1:                 # one object: no order to read off the battlefield
            (e,) = s
            return [e] if e in self.battlefield else []
        bf = self.battlefield
        if len(s) <= 4:                 # a few objects: put those on the battlefield in its order
            out = []
            for e in s:
                if e in bf:
                    out.append(e)
            if len(out) > 1:
                out.sort(key=bf.index)  # (an object is on the battlefield once)
            return out
        return list(filter(s.__contains__, bf))

    def exists(self, eid) -> bool:
        return isinstance(eid, int) and not isinstance(eid, bool) and eid in self.world.ents

    def chars(self, eid: int):
        """Characteristics of an object now, all layers applied (CR 613)."""
        if self.chars_version != self.cversion:
            self.chars_cache = layers.compute_battlefield(self)
            self.chars_version = self.cversion
            self.offfield_cache = {}
        c = self.chars_cache.get(eid)
        if c is not None:
            return c
        c = self.offfield_cache.get(eid)
        if c is None:
            if eid not in self.world.ents:
                c = self.lki.get(eid)
                if c is None:
                    raise KeyError(f"no object {eid}")
                return c
            c = layers.compute_offfield(self, eid)
            self.offfield_cache[eid] = c
        return c

    def all_chars(self) -> dict:
        if self.chars_version != self.cversion:
            self.chars_cache = layers.compute_battlefield(self)
            self.chars_version = self.cversion
            self.offfield_cache = {}
        return self.chars_cache

    def controller(self, eid: int) -> int:
        return self.chars(eid).controller

    def owner(self, eid: int) -> int:
        o = self.world.get(eid, Owner)
        if o is None:
            return self.lki[eid].owner
        return o.player

    def zone_of(self, eid: int):
        comps = self.world.ents.get(eid)        # (world.get, without the call)
        if comps is None:
            return None
        z = comps.get(Zone)
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

    @property
    def multiplayer(self) -> bool:
        """A game that began with more than two players (CR 800.1)."""
        return len(self.players) > 2

    def is_opponent(self, p, q) -> bool:
        """Is player `q` an opponent of player `p` (102.2; in a team game the players not
        on `p`'s team, 102.3)? `None` (no player) is nobody's opponent."""
        if p is None or q is None or p == q:
            return False
        return not self.teams or q not in team_of(self, p)

    def opponents(self, p: int) -> list[int]:
        # 102.3: a player's opponents are the players not on their team
        team = team_of(self, p) if self.teams else (p,)
        out = []                        # (a loop: a comprehension is a function call more)
        for q in self.players:
            if q.index not in team and not q.lost:
                out.append(q.index)
        return out

    def living(self) -> list[int]:
        out = []                        # (a loop: a comprehension is one more call in 3.11)
        for p in self.players:
            if not p.lost:
                out.append(p.index)
        return out

    def living_count(self) -> int:
        n = 0
        for p in self.players:
            if not p.lost:
                n += 1
        return n

    def apnap(self) -> list[int]:
        """Players in APNAP order (CR 101.4), starting with the active player."""
        players = self.players
        n = len(players)
        out = []                        # (a loop: a comprehension is a function call more)
        for i in range(self.active, self.active + n):
            if not players[i % n].lost:
                out.append(i % n)
        return out

    def next_player(self, p: int) -> int:
        players = self.players
        n = len(players)
        q = p
        for _ in players:               # once round the table at most
            q += 1
            if q == n:
                q = 0
            if not players[q].lost:
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

    def is_sick(self, eid: int, c=None) -> bool:
        """CR 302.6: not continuously controlled since its controller's most recent turn began.
        `c`: its characteristics now, if the caller has them."""
        comps = self.world.ents.get(eid)
        ctl = comps.get(Controller) if comps is not None else None
        if c is None:
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
        if not self.graveyard_abilities and not token and functions_in_graveyard(defn):
            self.graveyard_abilities = True
        eid = self.world.create(*comps)
        self.card_entity[card_id] = eid
        if token and zone != "battlefield":
            self.token_limbo.add(eid)
        lst = self.zone_list(zone, owner)
        if zone == "library" and position == "bottom":
            lst.insert(0, eid)
        else:
            lst.append(eid)
        if zone == "battlefield":
            # a permanent entering, as by a move: the caches patched for it where they can
            # be (a token created: no layer pass or board-index build for it alone)
            self.zones_changed(None, eid, token)
            return eid
        self.zversion += 1
        self.version += 1
        return eid

    def create_library(self, defns, owner: int) -> None:
        """Put new cards on top of `owner`'s library in order (game setup, CR 103.2):
        `create_object` for many cards at once."""
        first = self.next_card_id
        if not self.graveyard_abilities and any(map(functions_in_graveyard, set(defns))):
            self.graveyard_abilities = True
        cards = new_cards(defns, first)     # Card(defn, card_id, False) for each, in order
        eids = self.world.create_many(cards, owned_by(owner), zone_of("library", owner))
        self.card_entity.update(zip(range(first, first + len(cards)), eids))
        self.players[owner].library.extend(eids)
        self.next_card_id = first + len(cards)     # new_card_id, once per card
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

    def snapshot_lki(self, eid: int, c=None) -> None:
        """Remember the object as it last existed (CR 608.2h, 603.10). `c`: its
        characteristics as they were when the event moving it began, if not now."""
        if c is None:
            try:
                c = self.chars(eid)
            except KeyError:
                return
        comps = self.world.ents.get(eid, _NO_COMPS)
        if Tapped in comps:
            c = c.copy()
            c.flags = frozenset(c.flags) | {"tapped"}
        elif type(c.flags) is not frozenset:
            c = c.copy()
            c.flags = frozenset(c.flags)
        # else: the characteristics themselves (computed characteristics are never changed,
        # only copies of them), the value a copy would have
        self.lki[eid] = c
        extra = {"counters": comps.get(Counters), "damage": comps.get(Damage),
                 "attached": comps.get(Attached)}
        if Spell in comps:
            # a spell as it last existed on the stack: an ability copying 'it' after it left
            # copies these values and choices (707.10, 608.2h: systems/copy.py)
            extra["spell"] = (comps[Card], comps[Spell])
        self.lki_extra[eid] = extra

    # ------------------------------------------------------------------
    # events and log
    # ------------------------------------------------------------------
    def hears(self, kind: str) -> bool:
        """Would announcing an event of this kind now do anything (`emit`): is the log
        kept, is a simultaneous event being collected, or could a triggered ability
        watch for it? Lets a caller skip building an event nothing hears. (An event no
        trigger condition names, `triggers.LOG_ONLY`, is heard only by the log: not asked.)"""
        b = self.board
        if b is None or self.log_enabled or self.event_batch is not None or self.delayed:
            return True
        return kind in b.watch or kind == "zone_change"     # (b: characteristics are current)

    def hears_zone_change(self, old: int, frm: str, to: str | None = None, new=None) -> bool:
        """`hears("zone_change")` for object `old` moving from zone `frm` (to zone `to`, as
        object `new`, if known: an ability on the battlefield only hears the moves it can
        match, `Board.watches_move`): besides what `hears` looks at, a leaves-the-battlefield
        ability of the object (or of one leaving with it) looks back in time (603.10a)."""
        if self.log_enabled or self.event_batch is not None or self.delayed:
            return True
        b = self.board
        if b is None:
            return True
        mt = b.move_to                                  # (b: characteristics are current)
        if mt and (to is None or (to in mt or None in mt) and b.watches_move(frm, to, old, new)):
            return True
        if frm != "battlefield":
            return False
        lk = self.lki.get(old)
        return self.left_together or lk is None or (bool(lk.abilities) and looks_back(lk))

    def emit(self, kind: str, **data) -> None:
        """Announce an event; triggered abilities watching for it trigger (CR 603.2)."""
        if kind == "reveal":            # every player now knows the cards (701.16a)
            knowledge.revealed(self, data.get("cards") or (data.get("eid"),))
        if self.log_enabled:
            self.log.append((kind, data))
        batch = self.event_batch
        if batch is not None:           # simultaneous events (systems/together.py, 603.2)
            batch.append((kind, data))
            return
        b = self.board                  # None whenever characteristics may have changed
        if b is not None and kind not in b.watch and not self.delayed and kind != "zone_change":
            return                      # nothing on the battlefield watches for this event now
        check_triggers(self, kind, data)

    def note(self, text: str) -> None:
        if self.log_enabled:
            self.log.append(("note", {"text": text}))

    # ------------------------------------------------------------------
    # the engine loop
    # ------------------------------------------------------------------
    def advance(self) -> None:
        """Run until a decision is needed or the game is over (core/loop.py)."""
        loop.advance(self)

    def decide(self, answer: object) -> None:
        """Answer the pending decision. Illegal answers raise IllegalAction and leave
        the game unchanged."""
        d = self.pending
        if d is not None:
            if d.kind not in _PUBLIC_OPTIONS:
                knowledge.saw_options(self, d)  # they looked at the cards offered (a view's)
            if not self.observers:
                loop.answer_pending(self, d, answer)    # (`loop.decide` unobserved: a call less)
                return
        loop.decide(self, answer)

    def end_as_draw(self, reason: str) -> None:
        """End the game now as a draw: a mandatory loop (104.4b), or a bound set by
        whoever runs it (turn limit, decision limit)."""
        self.over = True
        self.winner = None
        self.end_reason = reason
        self.pending = None

    def concede(self, player: int) -> None:
        """CR 104.3a: a player may concede at any time; it needs no priority."""
        p = self.players[player]
        if p.lost:
            raise IllegalAction(f"p{player} has already left the game")
        self.answers.append(Concession(player))
        p.conceded = True
        leaving.leave(self, player, "concession")      # 800.4a
        d = self.pending
        if not self.over and d is not None and (d.player == player or d.kind == "priority"):
            # the game goes on for the others (multiplayer): their decision went with them;
            # a priority decision is asked again after what leaving changed (117.5)
            self.pending = None
            self.advance()

    # ------------------------------------------------------------------
    # what players know: views and determinization (issue 17; ecs/view.py)
    # ------------------------------------------------------------------
    def view(self, player: int) -> "View":
        """What `player` may know of the game now (ecs/view.py): agents are given this."""
        return View(self, player)

    def determinize(self, player: int, rng) -> "Game":
        """A clone in which everything `player` can't know is resampled consistently with
        what they have seen (systems/determinize.py): the cards in opponents' hands, the
        order of every library, face-down cards they may not look at; its randomness
        reseeded from `rng` (a `random.Random`), so its future isn't the game's. Not while
        another player decides among cards `player` can't see (ValueError): the decision
        can't be asked again of other cards."""
        if not isinstance(player, int) or isinstance(player, bool) \
                or not 0 <= player < len(self.players):
            raise ValueError(f"no player {player!r} in this game")
        unseen = unseen_options(self, player)
        if unseen:
            raise ValueError(f"p{self.pending.player}'s {self.pending.kind} decision shows "
                             f"cards p{player} can't see: determinize at p{player}'s own "
                             "decisions or at priority")
        g = self.clone(seed=rng.getrandbits(63))
        g.redeal(Redeal(player, new_deal(g, player, rng)))
        return g

    def redeal(self, r: Redeal) -> None:
        """Deal hidden cards as `r` says (`determinize`; recorded among the answers: a
        pickled determinization is replayed with it)."""
        deal(self, r.player, r.placements)
        self.answers.append(r)

    # ------------------------------------------------------------------
    # convenience (and the questions agents ask: a View answers them too)
    # ------------------------------------------------------------------
    def legal_actions(self) -> list:
        return list(self.pending.options) if self.pending else []

    def is_attacking(self, eid: int) -> bool:
        return self.world.has(eid, Attacking)

    def is_blocking(self, eid: int) -> bool:
        return self.world.has(eid, Blocking)

    def attacked_player(self, attacker: int) -> int | None:
        """The defending player of an attacking creature (506.2), None if it isn't attacking."""
        return combat.attacked_player(self, attacker)

    def can_block(self, blocker: int, attacker: int) -> bool:
        """Could `blocker` block `attacker`, by the blocking restrictions (509.1b)?"""
        return combat.can_block(self, blocker, attacker)

    def legal_declaration(self, decision: Decision, answer: dict) -> dict:
        """For agents: `answer` if it is a legal attack or block declaration for `decision`,
        else the legal one obeying the most requirements that keeps most of it (508.1d,
        509.1c). Nothing changes."""
        return combat.legal_declaration(self, decision, answer)

    def targets_go_together(self, decision: Decision, targets) -> bool:
        """Can `targets` be chosen together for this target decision (601.2c: 'different
        controllers', 'that share a type', ...)?"""
        group = decision.data.get("group")
        return group is None or bool(group(self, list(targets)))

    @classmethod
    def from_setup(cls, setup: dict, **kw) -> tuple[Game, dict]:
        """A game in a scenario position: returns (game, handles). `defs={name: CardDef}`
        adds test-only cards."""
        g, handles = build_game(setup, game_class=cls, **kw)
        g.origin = ("setup", (_copy.deepcopy(setup),), dict(kw))
        return g, handles

    @classmethod
    def new(cls, decks: Sequence[Sequence[str | CardDef]], seed: int = 0,
            rules: str = "current", life: int | None = None,
            starting_player: int | None = None, log: bool = True,
            turn_limit: int | None = None, auto_pass: bool = False,
            previous_loser: int | None = None, format: str = "duel",
            commanders: Sequence[str | CardDef] | None = None) -> Game:
        """A game from the start (CR 103): shuffled libraries, seeded starting player,
        opening hands and London mulligans as decisions. `decks`: one list of card names
        or CardDefs per player; `format`: see FORMATS; `life`: the format's starting life
        unless given. `commanders` (format `commander`): each player's commander, a name
        or CardDef, put into the command zone (903.6); one copy of it in the deck (a
        100-card list) is taken out of the library."""
        if life is None:
            life = starting_life(format)
        g = cls(num_players=len(decks), seed=seed, rules=rules, life=life, log=log,
                auto_pass=auto_pass, format=format)
        g.turn_limit = turn_limit
        kw = dict(seed=seed, rules=rules, life=life, starting_player=starting_player,
                  log=log, turn_limit=turn_limit, auto_pass=auto_pass,
                  previous_loser=previous_loser)
        if format != "duel":
            kw["format"] = format
        if commanders is not None:
            kw["commanders"] = tuple(commanders)
        g.origin = ("new", (tuple(tuple(d) for d in decks),), kw)
        decks = [[get_card(e) if isinstance(e, str) else e for e in deck]
                 if any(map(isinstance, deck, repeat(str))) else list(deck)  # any names?
                 for deck in decks]
        if commanders is not None:
            decks = _command_zone(g, decks, commanders)
        start_game(g, decks, starting_player, previous_loser)
        return g

    # ------------------------------------------------------------------
    # pickling: a game is stored as how it was made and the answers given since
    # ------------------------------------------------------------------
    def __reduce__(self):
        if self.origin is None:
            raise TypeError("only a game made by Game.new or Game.from_setup can be pickled "
                            "(it is stored as its origin and the answers given since)")
        return (_replay, (self.origin, tuple(self.answers)))


def _command_zone(g: Game, decks: list, commanders) -> list:
    """Put each player's commander into the command zone (903.6): the decks without it."""
    if g.format != "commander":
        raise ValueError(f"commanders are for the commander format, not {g.format}")
    if len(commanders) != len(decks):
        raise ValueError(f"one commander per player: {len(commanders)} for {len(decks)} decks")
    out = []
    for i, (deck, c) in enumerate(zip(decks, commanders)):
        defn = get_card(c) if isinstance(c, str) else c
        put_into_command_zone(g, i, defn)
        deck = list(deck)
        named = [k for k, d in enumerate(deck) if d.name == defn.name]
        if named:
            del deck[named[0]]
        out.append(deck)
    return out


def _replay(origin, answers) -> Game:
    """The game `origin` made, with `answers` given again (unpickling; games are
    deterministic: same origin and answers, same game)."""
    how, args, kw = origin
    if how == "new":
        g = Game.new(*args, **kw)
    elif how == "setup":
        g = Game.from_setup(*args, **kw)[0]
    else:
        raise ValueError(f"unknown game origin {how!r}")
    for a in answers:
        if isinstance(a, Concession):
            g.concede(a.player)
        elif isinstance(a, Reseed):
            g.reseed(a.seed)
        elif isinstance(a, Redeal):
            g.redeal(a)
        else:
            g.decide(a)
    return g
