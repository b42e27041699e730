"""A player's view of a game: what that player may know, and nothing more (CR 400.2).

    >>> from mtg_ecs import Game
    >>> g = Game.new([["Forest"] * 40, ["Mountain"] * 40], seed=1)
    >>> v = g.view(0)
    >>> v.players[1].hand_size, v.players[1].library_size
    (7, 33)
    >>> v.players[1].hand
    Traceback (most recent call last):
    ...
    mtg_ecs.view.HiddenInformation: p1's hand is hidden from p0

Agents are given views (`play`, `simulate`, the research adapters): libraries and the other
players' hands are hidden zones, so a view shows their sizes, not their cards; every public
zone (battlefield, stack, graveyards, exile, command) whole; its player's own hand; the cards
in hidden zones its player knows (`known`: revealed to them, seen among a decision's
options, seen going there, with who else knows them: systems/knowledge.py); a face-down
card (hideaway) as face down unless its player may look at it; the pending decision only
when it is theirs; the event log with what they didn't see taken out.

A view reads the game as it is now (it is a window, not a copy: take a clone to keep a
position). It answers the questions agents ask with the names `Game` uses (`chars`,
`zone_of`, `controller`, `is_tapped`, `counters`, `battlefield`, `players`, `opponents`,
`legal_declaration`, ...), so an agent's code runs on a view and, for an agent that sees
everything (an oracle baseline: `sees_everything = True`), on the game itself; and a few
of its own (`known`, `library_place`: where a known card is in its library). Asking about
a hidden object raises `HiddenInformation`. What a view's public names give (attributes,
methods, the log, the pending decision) never shows a hidden card
(tests/test_view.py); its reference to the game is private (`__game`), a convention of
the API as in any Python library.

`determinize(rng)`: a game consistent with the view, for search (`Game.determinize`).
"""
from __future__ import annotations

from mtg_ecs.components import FaceDown, MayLook, StackAbility, Zone
from mtg_ecs.core.decisions import Decision
from mtg_ecs.systems.knowledge import HIDDEN, knows, seen_hidden


class HiddenInformation(LookupError):
    """The object (or zone) is hidden from the viewing player (CR 400.2)."""


# Fields of an event that name objects (entities) or physical cards, by kind where they
# differ; the log of a view keeps an object only where the viewer saw it (`View.log`).
_OBJECT_KEYS = ("card", "cards", "eid", "new", "old", "source", "target", "targets", "object")
_CARD_IDS = {"zone_change": ("card",), "cycled": ("card",)}     # physical card ids: never shown


class PlayerView:
    """One player as a viewer sees them: life, counters of the turn, zone sizes; the hand
    only if it is the viewer's own."""

    __slots__ = ("_p", "_viewer")
    _PUBLIC = ("index", "life", "poison", "pool", "lost", "conceded", "lands_played",
               "land_plays", "life_lost_turn", "life_gained_turn", "spells_cast_turn",
               "instants_sorceries_cast_turn", "cards_drawn_turn", "creatures_died_turn",
               "mulligans", "kept", "loss_reason", "commander_casts", "drew_from_empty")

    def __init__(self, player, viewer: int):
        self._p = player
        self._viewer = viewer

    def __getattr__(self, name):
        if name in PlayerView._PUBLIC:
            v = getattr(self._p, name)
            return tuple(v) if isinstance(v, list) else v
        raise AttributeError(f"a player's view has no {name!r}")

    def __dir__(self):
        return sorted(PlayerView._PUBLIC + ("hand", "hand_size", "library_size", "graveyard"))

    @property
    def hand(self) -> tuple:
        if self._p.index != self._viewer:
            raise HiddenInformation(f"p{self._p.index}'s hand is hidden from p{self._viewer}")
        return tuple(self._p.hand)

    @property
    def hand_size(self) -> int:
        return len(self._p.hand)

    @property
    def library_size(self) -> int:
        return len(self._p.library)

    @property
    def graveyard(self) -> tuple:
        return tuple(self._p.graveyard)

    def __repr__(self):
        return (f"<p{self._p.index} life {self._p.life}, hand {len(self._p.hand)}, "
                f"library {len(self._p.library)}>")


class View:
    """What `player` may know of a game (module docstring)."""

    __slots__ = ("player", "__game")

    def __init__(self, game, player: int):
        if type(player) is not int or not 0 <= player < len(game.players):
            raise ValueError(f"no player {player!r} in this game")
        self.player = player
        self.__game = game

    def __repr__(self):
        g = self.__game
        return f"<View of p{self.player}: turn {g.turn}, {g.step}>"

    # -- the game's public state -----------------------------------------------------
    turn = property(lambda self: self.__game.turn)
    step = property(lambda self: self.__game.step)
    active = property(lambda self: self.__game.active)
    priority = property(lambda self: self.__game.priority)
    over = property(lambda self: self.__game.over)
    winner = property(lambda self: self.__game.winner)
    end_reason = property(lambda self: self.__game.end_reason)
    format = property(lambda self: self.__game.format)
    teams = property(lambda self: self.__game.teams)
    starting_player = property(lambda self: self.__game.starting_player)
    multiplayer = property(lambda self: self.__game.multiplayer)
    battlefield = property(lambda self: tuple(self.__game.battlefield))
    stack = property(lambda self: tuple(self.__game.stack))
    exile = property(lambda self: tuple(self.__game.exile))
    command = property(lambda self: tuple(self.__game.command))

    @property
    def players(self) -> tuple:
        return tuple(PlayerView(p, self.player) for p in self.__game.players)

    @property
    def hand(self) -> tuple:
        """The viewer's own hand."""
        return tuple(self.__game.players[self.player].hand)

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, if it is the viewer's."""
        d = self.__game.pending
        return d if d is not None and d.player == self.player else None

    @property
    def waiting_for(self) -> tuple | None:
        """(player, kind) of the decision the game waits for, whoever's it is."""
        d = self.__game.pending
        return None if d is None else (d.player, d.kind)

    @property
    def known(self) -> dict:
        """The objects in hidden zones the viewer knows, besides their own hand:
        object -> the players who know it (systems/knowledge.py)."""
        g = self.__game
        ents = g.world.ents
        return {e: g.known.get(e, frozenset()) | {self.player}
                for e in seen_hidden(g, self.player)
                if e in ents and ents[e][Zone].name in HIDDEN}

    # -- objects ---------------------------------------------------------------------------
    def visible(self, e) -> bool:
        """May the viewer know what object `e` is?"""
        g = self.__game
        comps = g.world.ents.get(e) if type(e) is int else None
        if comps is None:
            lk = g.lki.get(e) if type(e) is int else None     # an object gone (608.2h)
            return lk is not None and lk.zone not in HIDDEN
        z = comps[Zone]
        if z.name in HIDDEN:
            return knows(g, self.player, e, z)
        if FaceDown in comps:                   # 406.3, 702.75a: a face-down exiled card
            ml = comps.get(MayLook)
            return ml is not None and self.player in ml.players
        return True

    def _check(self, e):
        if not self.visible(e):
            raise HiddenInformation(f"object {e} is hidden from p{self.player}")
        return self.__game

    def stack_ability(self, e):
        """(controller, source name or None, triggered) of an ability on the stack, which
        every player sees (405.1, 113.7: its source as it last existed); None for a spell
        or any other object. The name is None when the source is now a hidden card."""
        g = self.__game
        comps = g.world.ents.get(e) if type(e) is int else None
        sa = comps.get(StackAbility) if comps is not None else None
        if sa is None:
            return None
        src = sa.source             # (gone: its last known information, if it was public)
        return sa.controller, g.name(src) if self.visible(src) else None, sa.triggered

    def exists(self, e) -> bool:
        return self.__game.exists(e)

    def face_down(self, e) -> bool:
        comps = self.__game.world.ents.get(e)
        return comps is not None and FaceDown in comps

    def zone_of(self, e):
        """The zone of an object (public: where every object is, not what it is)."""
        return self.__game.zone_of(e)

    def chars(self, e):
        return self._check(e).chars(e)

    def name(self, e) -> str:
        return self._check(e).name(e) if not hasattr(e, "index") else f"p{e.index}"

    def controller(self, e) -> int:
        return self._check(e).controller(e)

    def library_place(self, e) -> int | None:
        """Where a card the viewer knows is in its library, counted from the top (0: the
        top card; from the bottom: its library's size - 1 - this); None for an object not
        in a library. A card known in a library is known where it is: what moves it (a
        draw above it, a card put on top or n-th from the top) is public, and what hides
        its place (a shuffle, an order another player chose) makes it unknown
        (systems/knowledge.py), so it stays where it is in a determinization."""
        g = self.__game
        comps = g.world.ents.get(e) if type(e) is int else None
        z = comps.get(Zone) if comps is not None else None
        if z is None or z.name != "library":
            return None
        self._check(e)
        lib = g.players[z.player].library
        return len(lib) - 1 - lib.index(e)

    def owner(self, e) -> int:
        return self.__game.owner(e)         # public: whose hand, library, graveyard it is in

    def is_tapped(self, e) -> bool:
        return self._check(e).is_tapped(e)

    def counters(self, e):
        return self._check(e).counters(e)

    def damage_on(self, e) -> int:
        return self._check(e).damage_on(e)

    def is_sick(self, e, c=None) -> bool:
        return self._check(e).is_sick(e, c)

    def is_attacking(self, e) -> bool:
        return self._check(e).is_attacking(e)

    def is_blocking(self, e) -> bool:
        return self._check(e).is_blocking(e)

    def attacked_player(self, attacker):
        return self._check(attacker).attacked_player(attacker)

    def can_block(self, blocker, attacker) -> bool:
        self._check(blocker)
        return self._check(attacker).can_block(blocker, attacker)

    def creatures(self, controller: int | None = None) -> list:
        return self.__game.creatures(controller)

    def permanents(self, controller: int | None = None) -> list:
        return self.__game.permanents(controller)

    def opponents(self, p: int) -> list:
        return self.__game.opponents(p)

    def is_opponent(self, p, q) -> bool:
        return self.__game.is_opponent(p, q)

    # -- rules services for the viewer's own decision ----------------------------------------
    def _own(self, d: Decision):
        g = self.__game
        if d is not g.pending or d.player != self.player:
            raise HiddenInformation("only the viewer's pending decision can be asked about")
        return g

    def legal_declaration(self, d: Decision, answer: dict) -> dict:
        """`Game.legal_declaration` for the viewer's pending attack or block declaration."""
        return self._own(d).legal_declaration(d, answer)

    def targets_go_together(self, d: Decision, targets) -> bool:
        """`Game.targets_go_together` for the viewer's pending target choice."""
        return self._own(d).targets_go_together(d, targets)

    # -- the log -------------------------------------------------------------------------------
    @property
    def log(self) -> list:
        """The event log (kept when the game is made with log=True) as the viewer saw it:
        physical card ids taken out, and an object seen by others only (a card drawn by an
        opponent, a card moved between hidden zones) shown as None."""
        me = self.player
        out = []
        for kind, data in self.__game.log:
            out.append((kind, _seen_event(kind, data, me)))
        return out

    # -- search ----------------------------------------------------------------------------
    def determinize(self, rng):
        """A game consistent with this view: `Game.determinize(viewer, rng)`."""
        return self.__game.determinize(self.player, rng)


def _seen_event(kind: str, data: dict, me: int) -> dict:
    drop = _CARD_IDS.get(kind, ())
    if kind == "zone_change":
        frm, to = data.get("frm"), data.get("to")
        seen = frm not in HIDDEN or to not in HIDDEN
        if not seen and data.get("owner") == me and "hand" in (frm, to):
            seen = True                         # their own card into or out of their hand
        if not seen:
            return {k: (None if k in _OBJECT_KEYS else v) for k, v in data.items() if k not in drop}
        if frm in HIDDEN:
            # the object it was in a hidden zone: its identity there isn't theirs to track
            data = dict(data, old=None)
    elif kind == "draw":
        if data.get("player") != me:
            return {k: (None if k in _OBJECT_KEYS else v) for k, v in data.items()}
    return {k: v for k, v in data.items() if k not in drop} if drop else dict(data)
