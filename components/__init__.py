"""Components: the stored state of game objects (CR 109).

Every card, token, spell and ability on the stack is an esper entity. Components
hold printed and directly-changed values only (counters, damage, tapped, ...);
characteristics after continuous effects come from the layer system
(`systems.layers`), never from patching these values.

Components are treated as immutable values: a change replaces the component
(`World.add`). That makes cloning a game a shallow copy of the entity table.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import lru_cache
from itertools import count, repeat


@dataclass(frozen=True, slots=True)
class Card:
    """The card (or token definition) this object represents.

    `card_id` names the physical card across zone changes (scenario handles
    follow it); the object itself is new after every zone change (CR 400.7).
    """
    defn: object            # definitions.CardDef
    card_id: int
    token: bool = False


@dataclass(frozen=True, slots=True)
class Owner:
    player: int             # CR 108.3


@dataclass(frozen=True, slots=True)
class Controller:
    """The controller from control effects' point of view before layer 2.

    `since` is the game's event clock when this player last gained control;
    it decides summoning sickness (CR 302.6). `base` is the controller before
    any control-changing effect (the player under whose control it entered,
    CR 108.4, 110.2) once an effect has changed `player`; None while they agree.
    """
    player: int
    since: int = 0
    base: int | None = None


ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")   # CR 400.1
PLAYER_ZONES = ("library", "hand", "graveyard")     # each player has their own (400.2)


@dataclass(frozen=True, slots=True)
class Zone:
    """The zone this object is in. Never changes: a zone change makes a new object."""
    name: str               # library hand battlefield graveyard stack exile command
    player: int | None = None   # owner of the zone for library/hand/graveyard


@dataclass(frozen=True, slots=True)
class Timestamp:
    value: int              # CR 613.7


@dataclass(frozen=True, slots=True)
class Tapped:
    """Marker: the permanent is tapped (CR 110.5)."""


@dataclass(frozen=True, slots=True)
class Damage:
    """Damage marked on a creature this turn (CR 120.3e, 120.6)."""
    amount: int
    deathtouch: bool = False    # dealt by a source with deathtouch since last SBA check (704.5h)


@dataclass(frozen=True, slots=True)
class Counters:
    """Counters on a permanent (CR 122), as a sorted tuple of (kind, n)."""
    items: tuple = ()

    def get(self, kind: str) -> int:
        for k, n in self.items:
            if k == kind:
                return n
        return 0

    def with_(self, kind: str, n: int) -> "Counters":
        d = dict(self.items)
        if n > 0:
            d[kind] = n
        else:
            d.pop(kind, None)
        return Counters(tuple(sorted(d.items())))

    def as_dict(self) -> dict:
        return dict(self.items)


@dataclass(frozen=True, slots=True)
class PowerToughness:
    """Printed power/toughness of the object as it exists (None for '*')."""
    power: int | None
    toughness: int | None


@dataclass(frozen=True, slots=True)
class Attached:
    """This Aura/Equipment is attached to `to` (an entity), CR 301.5, 303.4."""
    to: int


@dataclass(frozen=True, slots=True)
class Attacking:
    """An attacking creature (CR 506.4: the component goes when it is removed from combat).
    `defender` is the player (a PlayerRef) or planeswalker entity it attacks; `removed`: that
    planeswalker was removed from combat (506.4, 506.4c): the creature still attacks, but
    attacks neither a player nor a planeswalker, and `player` is the player it was attacking
    (the planeswalker's controller then), who remains its defending player."""
    defender: object
    blocked: bool = False
    removed: bool = False
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Blocking:
    """CR 509. The attackers this creature blocks."""
    attackers: tuple = ()


@dataclass(frozen=True, slots=True)
class RegenerationShields:
    """Regeneration shields this turn (CR 701.19)."""
    count: int


@dataclass(frozen=True, slots=True)
class Chosen:
    """Choices made as the permanent entered (name, color, player, ...)."""
    values: tuple = ()


@dataclass(frozen=True, slots=True)
class EnteredWithX:
    x: int


@dataclass(frozen=True, slots=True)
class LoyaltyActivated:
    """Marker: a loyalty ability of this permanent was activated this turn (CR 606.3)."""
    turn: int


@dataclass(frozen=True, slots=True)
class CastThisWay:
    """Marker on a spell: it was cast with the permission of the ability of the permanent
    whose card is `source_card` ('a spell cast this way', 607.2; systems/graveyard_casting.py)."""
    source_card: int


@dataclass(frozen=True, slots=True)
class DidThisTurn:
    """Marker: this permanent's 'do this only once each turn' was done in this turn (each
    such ability of each permanent counts on its own: 002 Riveteers Ascendancy R2)."""
    turn: int


@dataclass(frozen=True, slots=True)
class PhasedOut:
    pass


@dataclass(frozen=True, slots=True)
class FaceDown:
    pass


@dataclass(frozen=True, slots=True)
class MayLook:
    """The players who may look at this face-down exiled card (702.75a: each player who
    has controlled the permanent that exiled it with hideaway)."""
    players: frozenset


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell on the stack (CR 112): the choices made while casting it."""
    controller: int
    targets: tuple = ()         # tuple of tuples: one tuple of chosen objects/players per target spec
    modes: tuple = ()
    x: int = 0
    division: tuple = ()        # ((target, amount), ...)
    paid_alt: str | None = None
    kicked: int = 0
    copy: bool = False
    sacrificed: tuple = ()      # objects sacrificed to pay its costs (their LKI: 'the sacrificed creature')
    cast_from: str | None = None    # the zone it was cast from (601.2a); None: not cast (a copy)
    casualty: bool = False      # a casualty cost was paid for it (702.153a)
    exiled: tuple = ()          # cards exiled to pay its costs (their LKI: 'the exiled card')


@dataclass(frozen=True, slots=True)
class StackAbility:
    """An activated or triggered ability on the stack (CR 113.1b)."""
    controller: int
    source: int                 # entity (possibly gone: see game.lki)
    ability: object             # a definitions ability object
    targets: tuple = ()
    modes: tuple = ()
    x: int = 0
    division: tuple = ()
    triggered: bool = False
    info: tuple = ()            # event details a trigger remembers ("that creature", amounts)
    source_card: int = -1


@dataclass(frozen=True, slots=True)
class CopyOf:
    """CR 707.2, 613.2a: the copiable values a permanent got from a copy effect that
    applied as it entered ('enter as a copy of', Clone): a card definition (None: none)."""
    defn: object


@dataclass(frozen=True, slots=True)
class EntersAsCopy:
    """On a permanent spell: the copiable values chosen for it to enter with (707.2,
    614.1c), read by the replacement effect as it moves to the battlefield."""
    defn: object


_SET_CLASS = object.__dict__["__class__"].__set__     # past a frozen __setattr__
_FACTORY = object()         # the default of a parameter whose field has a default factory
# From 3 fields on, switching an object to its open class and back (~1.4 k instructions)
# costs less than setting each field through its member descriptor (~0.6 k a field more
# than an assignment's ~0.08 k)
_OPEN_FROM = 3


def _open_class(cls) -> type:
    """A subclass of the slotted `cls` whose fields may be assigned: object's `__setattr__`
    and `__delattr__` (both, as they share one type slot). It adds no slot, so an instance
    of `cls` may be switched to it and back (`__class__`: the same layout)."""
    return type(cls.__name__, (cls,), {
        "__slots__": (), "__qualname__": f"{cls.__qualname__}.<open>",
        "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})


def init_by_slots(cls) -> None:
    """Give the frozen slotted dataclass `cls` a cheaper `__init__`: the same parameters,
    defaults and default factories, the same values set, then `__post_init__` if any. The
    dataclass's sets each field with `object.__setattr__(self, 'f', v)`, past the frozen
    `__setattr__` (~1.1 k instructions a field). This one sets it through its slot's member
    descriptor (`cls.f.__set__`, ~0.7 k), or, from `_OPEN_FROM` fields on, by plain
    assignments while the object is switched to `_open_class(cls)`, which no other code
    sees: a StackAbility (10 fields) costs ~4.3 k instructions to make where it cost ~8.7 k
    (~90 components are made a playout, 400 fields). Generated like the dataclass's own:
    from the declared field names only."""
    assert cls.__dataclass_params__.frozen and "__slots__" in cls.__dict__, cls
    flds = fields(cls)
    assert len(flds) == len(cls.__dataclass_fields__), cls      # no InitVar nor ClassVar
    if not flds:
        return                              # a marker: nothing to set
    open_ = len(flds) >= _OPEN_FROM
    names = {"_SET_CLASS": _SET_CLASS, "_open": _open_class(cls) if open_ else None,
             "_FACTORY": _FACTORY}
    params, first, lines = [], [], []
    for f in flds:
        assert f.init and not f.kw_only, (cls, f.name)
        if f.default is not MISSING:
            names[f"_dflt_{f.name}"] = f.default
            params.append(f"{f.name}=_dflt_{f.name}")
        elif f.default_factory is not MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            first.append(f"if {f.name} is _FACTORY: {f.name} = _factory_{f.name}()")
        else:
            params.append(f.name)
        names[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        lines.append(f"_set_{f.name}(self, {f.name})")
    if open_:
        # a subclass's object (its layout may differ: a __dict__) is set slot by slot
        names["_cls"] = cls
        lines = ["if type(self) is _cls:", "    _SET_CLASS(self, _open)",
                 *(f"    self.{f.name} = {f.name}" for f in flds),
                 "    self.__class__ = _cls", "else:", *(f"    {ln}" for ln in lines)]
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    lines = first + lines           # (the factories called before the object is open)
    source = f"def __init__(self, {', '.join(params)}):\n" + "".join(f"    {ln}\n" for ln in lines)
    # Code generation, as dataclasses does: from the declared field names only.
    exec(compile(source, f"<mtg_ecs.components {cls.__name__}.__init__>", "exec"), names)  # noqa: S102
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = cls.__init__.__annotations__
    cls.__init__ = init


# Components are values: the same zone or owner is one shared object, not a new one per
# zone change (most objects are created by moving between zones, CR 400.7).
zone_of = lru_cache(maxsize=None)(Zone)
owned_by = lru_cache(maxsize=None)(Owner)
# So too the timestamp and controller of an object entering the battlefield or the stack
# (zones.move: ~45 each a playout), made from the game's clock: every game's clock counts
# from 0 and a playout's from its position's, so the same values come again in the games
# and playouts of a process (at most one per clock value and player), and a cached one
# costs ~0.3 k instructions where one made costs ~2.1 k (a Controller ~3.5 k)
timestamp_at = lru_cache(maxsize=1 << 14)(Timestamp)
controller_since = lru_cache(maxsize=1 << 14)(Controller)
TAPPED = Tapped()


def new_cards(defns, first_id: int) -> list:
    """`[Card(defn, card_id, False) for card_id, defn in enumerate(defns, first_id)]` (a
    library at game setup): the same values (equal, same hash, same pickle, frozen),
    each field set by its slot as the dataclass's `__init__` sets it (`object.__setattr__`
    past the frozen `__setattr__`), without a Python call or loop step per card."""
    defns = list(defns)
    out = list(map(object.__new__, repeat(Card, len(defns))))
    any(map(Card.defn.__set__, out, defns))             # (each returns None: all consumed)
    any(map(Card.card_id.__set__, out, count(first_id)))
    any(map(Card.token.__set__, out, repeat(False)))
    return out


ALL = [Card, Owner, Controller, Zone, Timestamp, Tapped, Damage, Counters, PowerToughness,
       Attached, Attacking, Blocking, RegenerationShields, Chosen, EnteredWithX,
       LoyaltyActivated, CastThisWay, DidThisTurn, PhasedOut, FaceDown, MayLook, Spell,
       StackAbility, CopyOf, EntersAsCopy]
for _cls in ALL:
    init_by_slots(_cls)
del _cls
