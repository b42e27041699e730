"""The declarative card language: a card is data plus, rarely, a small effect.

    card("Serra Angel", "{3}{W}{W}", "Creature — Angel", pt=(4, 4),
         keywords=["flying", "vigilance"])

Rules live in `systems/`; a card only names which mechanisms it uses.
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field, fields, replace

from mtg_ecs.components.mana import IDX, NAME_TO_LETTER, NO_COST, ManaCost, parse_cost
from mtg_ecs.components.protection import ProtectionError, parse_protection

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery", "Tribal")
SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

# Keyword abilities the engine implements (CR 702). Parametrised ones are parsed below.
SIMPLE_KEYWORDS = {
    "deathtouch", "defender", "double strike", "first strike", "flash", "flying", "haste",
    "hexproof", "indestructible", "intimidate", "lifelink", "reach", "trample", "vigilance",
    "shroud", "menace",
}
# Keyword abilities that are alternative costs (118.9): `Cast(card, alt=<name>)` pays the
# keyword's cost rather than the mana cost (blitz, 702.152a).
KEYWORD_ALT_COSTS = ("blitz",)
LANDWALKS = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest"}


class CardError(ValueError):
    pass


def parse_type_line(line: str):
    """'Legendary Creature — Elf Warrior' -> (supertypes, types, subtypes)."""
    line = line.replace(" - ", " — ")
    left, _, right = line.partition("—")
    supers, types = [], []
    for word in left.split():
        if word in SUPERTYPES:
            supers.append(word)
        elif word in CARD_TYPES:
            types.append("Kindred" if word == "Tribal" else word)
        elif word == "Token":
            continue
        else:
            raise CardError(f"unknown card type {word!r} in type line {line!r}")
    subs = tuple(right.split()) if right.strip() else ()
    if not types:
        raise CardError(f"type line {line!r} has no card type")
    return frozenset(supers), frozenset(types), subs


@dataclass(frozen=True)
class Keyword:
    """A parsed keyword ability: name plus parameter (protection quality, cost, ...)."""
    name: str
    param: object = None
    text: str = ""


def parse_keyword(text: str) -> Keyword:
    t = text.strip()
    low = t.lower()
    if low in SIMPLE_KEYWORDS:
        return Keyword(low, None, low)
    if low in LANDWALKS:
        return Keyword("landwalk", LANDWALKS[low], low)
    if low.startswith("protection from "):
        kws = _protection_keywords(t)
        if len(kws) != 1:
            raise CardError(f"{text!r} is {len(kws)} protection abilities (CR 702.16g-h): "
                            "read it with parse_keywords")
        return kws[0]
    if low.startswith("enchant "):
        return Keyword("enchant", low[len("enchant "):], low)
    if low.startswith("madness "):                      # 702.35a
        return Keyword("madness", parse_cost(t[8:].strip()), low)
    if low.startswith("kicker "):                       # 702.33a: an optional additional cost
        return Keyword("kicker", parse_cost(t[7:].strip()), low)
    if low.startswith("multikicker "):                  # 702.33c: paid any number of times
        return Keyword("multikicker", parse_cost(t[12:].strip()), low)
    if low.startswith("ward "):                         # 702.21a: ward [cost] (a mana cost)
        return Keyword("ward", parse_cost(t[5:].strip()), low)
    if low.startswith("casualty "):                     # 702.153a: casualty N, or X (Ob Nixilis)
        n = t[9:].strip()
        if n != "X" and not n.isdigit():
            raise CardError(f"casualty needs a number or X: {text!r}")
        return Keyword("casualty", n if n == "X" else int(n), low)
    if low.startswith("blitz "):                        # 702.152a: an alternative cost
        return Keyword("blitz", parse_cost(t[6:].strip()), low)
    if re.fullmatch(r"hideaway \d+", low):              # 702.75a
        return Keyword("hideaway", int(low.split()[1]), low)
    if low.startswith("cycling"):                       # 702.29a
        return Keyword("cycling", parse_cost(t[7:].strip()), low)
    if re.fullmatch(r"crew \d+", low):                 # 702.122a
        return Keyword("crew", int(low[5:]), low)
    if low.startswith("equip planeswalker "):          # 702.6 (002 Luxior, Giada's Gift R1)
        return Keyword("equip planeswalker", parse_cost(t[len("equip planeswalker "):].strip()), low)
    if low.startswith("equip"):
        cost = t[5:].strip()
        return Keyword("equip", parse_cost(cost), low)
    raise CardError(f"unknown keyword {text!r}")


def _protection_keywords(text: str) -> tuple:
    """'Protection from <qualities>' -> one keyword per protection ability (702.16g-h);
    a quality the rules don't define is refused now, as the card is defined (702.16a)."""
    try:
        quals = parse_protection(text.strip()[len("protection from "):])
    except ProtectionError as ex:
        raise CardError(str(ex)) from None
    return tuple(Keyword("protection", q, "protection from " + q.text) for q in quals)


def parse_keywords(text) -> tuple:
    """A keyword ability as printed, which may stand for several ('protection from black and
    from red': two protection abilities, 702.16g), as a tuple of keywords. A `Keyword` given
    as an object is checked the same way (a protection quality written as a string is read)."""
    if isinstance(text, Keyword):
        if text.name == "protection" and isinstance(text.param, str):
            return _protection_keywords("protection from " + text.param)
        return (text,)
    if text.strip().lower().startswith("protection from "):
        return _protection_keywords(text)
    return (parse_keyword(text),)


def keywords_of(items) -> tuple:
    """Every keyword of a list of printed keywords / Keyword objects (parse_keywords)."""
    return tuple(k for item in items for k in parse_keywords(item))


def _own_copy(obj, name: str) -> None:
    """Give a frozen object its class's `name` as its own attribute: hot paths read it, and
    CPython 3.11 specialises an instance attribute's read, never a class attribute's
    through an instance (~23 instructions against ~217). Not a field: equality and the
    state hash read the fields only."""
    object.__setattr__(obj, name, getattr(type(obj), name))


# ---------------------------------------------------------------------------
# Costs (CR 118, 602.1)
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Cost:
    """An activation or additional cost. Components are paid together (CR 602.2h)."""
    mana: ManaCost = field(default_factory=lambda: parse_cost(""))
    tap: bool = False
    untap: bool = False
    sacrifice: object = None        # Filter for "Sacrifice a creature" (None: no sacrifice)
    sacrifice_self: bool = False
    discard: int = 0                # "Discard a card"
    life: int = 0
    loyalty: int | None = None      # +N / -N for loyalty abilities (CR 606); 'X' for -X
    loyalty_x: bool = False
    text: str = ""
    remove_counters: tuple = ()     # ((kind, n), ...): "Remove N <kind> counters from ~" (118.3)
    discard_self: bool = False      # "Discard this card" (cycling, 702.29a)
    tap_untapped: tuple = ()        # (n, filter): "Tap N untapped <filter> you control" (no {T}: 302.6)
    sacrifice_n: int = 1            # "Sacrifice three black creatures": how many `sacrifice` matches
    # "Exile this card from your hand / graveyard": only `ExileFromHandCost` and
    # `ExileFromGraveyardCost` have it (class attributes, so the costs of other cards keep
    # their fields and their value in state hashes); `exile_zone`: the zone it is exiled from
    exile_self = False
    exile_zone = "hand"

    def __post_init__(self):
        _own_copy(self, "exile_self")
        # {T} and nothing else (no subclass: theirs add parts): paid whenever its permanent
        # can be tapped for it (`priority.can_activate` reads it). Not a field either.
        object.__setattr__(self, "tap_alone", type(self) is Cost and self.tap and self._free_but_tap())

    def _free_but_tap(self) -> bool:
        return (self.mana.total == 0 and not self.mana.x and not self.untap
                and self.sacrifice is None and not self.sacrifice_self and not self.discard
                and not self.life and self.loyalty is None and not self.remove_counters
                and not self.discard_self and not self.tap_untapped and not self.exile_self)

    @property
    def is_free(self) -> bool:
        return not self.tap and self._free_but_tap()


@dataclass(frozen=True)
class UntapCost(Cost):
    """A cost with 'Untap N tapped <filter> you control' (602.2b; Halo Fountain): `untap_tapped`
    is (n, filter). (Its own class: the other costs keep their values.)"""
    untap_tapped: tuple = ()


_COST_PART = re.compile(r"\s*,\s*")
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "thirteen": 13, "fourteen": 14, "fifteen": 15}
_UNTAP_PART = re.compile(r"untap (\w+) tapped (.+) you control")


def _another(filt):
    """'Sacrifice another <filter>': the filter, marked to leave out the cost's own source
    (costs.sacrifice_candidates)."""
    def another(game, e, player):
        return filt(game, e, player)
    another.other = True
    return another


def parse_activation_cost(text: str, sacrifice_filters=None) -> Cost:
    """Parse '{2}{B}', '{T}', '{T}, Discard a card', 'Sacrifice a creature', '+1', '-X'."""
    t = text.strip().replace("−", "-")
    if re.fullmatch(r"[+-]?\d+|[+-]?X|0", t):
        if t.endswith("X"):
            return Cost(loyalty=0, loyalty_x=True, text=text)
        return Cost(loyalty=int(t), text=text)
    mana_txt = ""
    tap = untap = False
    sac = None
    sac_self = False
    discard = 0
    life = 0
    remove = []
    tap_untapped = ()
    untap_tapped = ()
    sac_n = 1
    exile_self = None
    for part in _COST_PART.split(t):
        if not part:
            continue
        if part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True
        elif part.startswith("{"):
            mana_txt += part
        elif part.lower() == "discard a card":
            discard = 1
        elif part.lower() in ("exile this card from your hand", "exile ~ from your hand"):
            exile_self = ExileFromHandCost
        elif part.lower() in ("exile this card from your graveyard", "exile ~ from your graveyard"):
            exile_self = ExileFromGraveyardCost
        elif part.lower().startswith("sacrifice "):
            what = part[len("sacrifice "):].lower()
            if what in ("this", "~", "this creature", "this artifact", "this permanent"):
                sac_self = True
            elif what.startswith("another "):
                if sacrifice_filters is None or what[8:] not in sacrifice_filters:
                    raise CardError(f"no filter for sacrifice cost {part!r}")
                sac = _another(sacrifice_filters[what[8:]])
            elif re.match(r"(two|three|four|five|\d+) ", what):
                word, rest = what.split(" ", 1)
                sac_n = _NUMBER_WORDS.get(word) or int(word)
                if sacrifice_filters is None or rest not in sacrifice_filters:
                    raise CardError(f"no filter for sacrifice cost {part!r}")
                sac = sacrifice_filters[rest]
            else:
                if sacrifice_filters is None or what not in sacrifice_filters:
                    raise CardError(f"no filter for sacrifice cost {part!r}")
                sac = sacrifice_filters[what]
        elif part.lower().startswith("pay ") and part.lower().endswith(" life"):
            life = int(part.split()[1])
        elif re.fullmatch(r"remove (a|an|one|two|three|\d+) (\S+) counters? from (~|this \w+|it)", part.lower()):
            m = re.fullmatch(r"remove (a|an|one|two|three|\d+) (\S+) counters? from (~|this \w+|it)", part.lower())
            words = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
            n = words.get(m.group(1)) or int(m.group(1))
            remove.append((m.group(2), n))
        elif re.fullmatch(r"tap (a|an|one|two|three|four|five|\d+) untapped (.+) you control", part.lower()):
            m = re.fullmatch(r"tap (a|an|one|two|three|four|five|\d+) untapped (.+) you control", part.lower())
            words = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
            n = words.get(m.group(1)) or int(m.group(1))
            if sacrifice_filters is None or m.group(2) not in sacrifice_filters:
                raise CardError(f"no filter for tap cost {part!r}")
            tap_untapped = (n, sacrifice_filters[m.group(2)])
        elif _UNTAP_PART.fullmatch(part.lower()):
            m = _UNTAP_PART.fullmatch(part.lower())
            n = _COUNT_WORDS.get(m.group(1)) or (int(m.group(1)) if m.group(1).isdigit() else None)
            if n is None or sacrifice_filters is None or m.group(2) not in sacrifice_filters:
                raise CardError(f"no filter for untap cost {part!r}")
            untap_tapped = (n, sacrifice_filters[m.group(2)])
        else:
            raise CardError(f"unknown cost component {part!r} in {text!r}")
    c = Cost(parse_cost(mana_txt), tap, untap, sac, sac_self, discard, life, None, False, text,
             tuple(remove))
    if tap_untapped or sac_n != 1:
        c = replace(c, tap_untapped=tap_untapped, sacrifice_n=sac_n)
    if exile_self is not None:
        c = exile_self(**{f.name: getattr(c, f.name) for f in fields(c)})
    if untap_tapped:
        c = UntapCost(**{f.name: getattr(c, f.name) for f in fields(Cost)}, untap_tapped=untap_tapped)
    return c


@dataclass(frozen=True)
class ExileFromHandCost(Cost):
    """A cost with "Exile this card from your hand" (an ability that functions in the hand:
    002 §6.3)."""
    exile_self = True


@dataclass(frozen=True)
class ExileFromGraveyardCost(Cost):
    """A cost with "Exile ~ from your graveyard" (an ability that functions in its owner's
    graveyard, 113.6k: Maestros Initiate, Jack-o'-Lantern)."""
    exile_self = True
    exile_zone = "graveyard"


# ---------------------------------------------------------------------------
# Targets (CR 115)
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TargetSpec:
    """One 'target ...' phrase. `kinds` is a set of: creature, permanent, player,
    planeswalker, spell, card (graveyard), opponent. `filter(game, obj, ctx)` narrows
    objects; `player_filter(game, p, ctx)` narrows players."""
    text: str
    kinds: frozenset
    filter: object = None
    player_filter: object = None
    min: int = 1
    max: int = 1
    zone: object = "battlefield"    # a zone, or a tuple of zones ("target spell, permanent or card in a graveyard")


# ---------------------------------------------------------------------------
# Abilities (CR 113)
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SpellAbility:
    """What an instant or sorcery does as it resolves (CR 113.3a), or the
    modes/targets of a permanent spell (Aura targets)."""
    effects: tuple = ()
    targets: tuple = ()
    modes: tuple = ()               # tuple of (text, targets, effects) for modal spells
    choose: int = 1                 # number of modes to choose
    divide: object = None           # amount to divide among targets (int or 'X')
    text: str = ""
    additional_cost: object = None  # Cost: "As an additional cost to cast this spell, ..." (601.2f)
    additional_cost_options: tuple = ()   # Costs: "..., <A>, <B>, or <C>": one of them (601.2f)
    exile_from_graveyard: object = None   # filter(game, card, chars): "As an additional cost to cast
                                          # this spell, exile a <...> card from your graveyard"
    extra_generic: object = None    # fn(targets) -> {N} more to cast: "costs {1} more for each target beyond the first" (601.2f)
    x_color: str | None = None      # "Spend only black mana on X." ('B'; 107.3, 601.2f-h)
    cast_only: str | None = None    # "Cast this spell only during combat." ('combat'; 601.3)


@lru_cache(maxsize=None)
def functions_in_graveyard(defn) -> bool:
    """Has the card an activated ability that functions in its owner's graveyard (113.6k)?
    (Asked of every new object: kept per definition.)"""
    return any(getattr(a, "zone", None) == "graveyard" for a in defn.abilities)


def mode_parts(all_modes, chosen) -> tuple:
    """(target specs, effect steps) of the chosen modes of a modal spell or ability
    (700.2), one mode after the other."""
    tspecs, steps = [], []
    for m in chosen:
        _, mt, me = all_modes[m]
        tspecs.extend(mt)
        steps.extend(me)
    return tuple(tspecs), tuple(steps)


@dataclass(frozen=True)
class ActivatedAbility:
    cost: Cost
    effects: tuple = ()
    targets: tuple = ()
    timing: str = "instant"         # 'sorcery' = activate only as a sorcery
    mana: tuple = ()                # for mana abilities: tuple of pools (one per choice)
    keyword: str | None = None      # 'equip', ...
    text: str = ""
    zone: str = "battlefield"

    # "You may spend mana as though it were mana of any color to activate it" (609.4b): only
    # `AnyColorActivated` says so (a class attribute: other abilities keep their fields)
    any_color = False

    def __post_init__(self):
        _own_copy(self, "any_color")

    @property
    def is_mana_ability(self) -> bool:
        return bool(self.mana)      # CR 605.1a

    @property
    def is_loyalty(self) -> bool:
        return self.cost.loyalty is not None


@dataclass(frozen=True)
class AnyColorActivated(ActivatedAbility):
    """An activated ability its controller may pay for spending mana as though it were
    mana of any color (609.4b; Scheming Fence)."""
    any_color = True


@dataclass(frozen=True)
class ReducedActivatedAbility(ActivatedAbility):
    """'This ability costs {N} less to activate if ...' (601.2f via 602.2b; Sewer Crocodile):
    `reduction(game, player, source)` is N, read once as the total cost is determined,
    before mana abilities are activated (spec 002 §6.1 #7). (Its own class: other abilities
    keep their fields.)"""
    reduction: object = None


@dataclass(frozen=True)
class RestrictedManaAbility(ActivatedAbility):
    """A mana ability whose mana may be spent only as it says ('Spend this mana only to cast
    an Angel spell', 106.6): `only(game, spell chars)`. Its mana goes to the player's
    restricted mana (`Player.restricted`); it is no source of the automatic payer (the
    player activates it). (Its own class: other abilities keep their fields.)"""
    only: object = None


_ANY_COLOR = {}
_ANY_COLOR_CLASSES = {ActivatedAbility: AnyColorActivated}


def _any_color_class(cls):
    """AnyColorActivated for an ability of a subclass with fields of its own (a cost
    reduction, a mana restriction): the subclass's fields kept."""
    hit = _ANY_COLOR_CLASSES.get(cls)
    if hit is None:
        hit = _ANY_COLOR_CLASSES[cls] = dataclass(frozen=True)(
            type(f"AnyColor{cls.__name__}", (AnyColorActivated, cls), {"__doc__": AnyColorActivated.__doc__}))
    return hit


def any_color_version(ab: ActivatedAbility) -> ActivatedAbility:
    """The same ability, paid with mana of any color (one object per ability)."""
    if ab.any_color:
        return ab
    hit = _ANY_COLOR.get(id(ab))
    if hit is None or hit[0] is not ab:
        hit = _ANY_COLOR[id(ab)] = (ab, _any_color_class(type(ab))(**{f.name: getattr(ab, f.name)
                                                                     for f in fields(ab)}))
    return hit[1]


@dataclass(frozen=True)
class TriggeredAbility:
    trigger: object                 # systems.triggers.Trigger
    effects: tuple = ()
    targets: tuple = ()
    intervening_if: object = None   # CR 603.4: fn(game, source, controller, info) -> bool
    optional: bool = False          # "you may"
    text: str = ""
    divide: object = None           # damage divided among its targets (603.3d, as 601.2d)
    chooser: str | None = None      # info key of the player who chooses its targets, if not its controller
    modes = ()                      # not modal (ModalTriggeredAbility is)


@dataclass(frozen=True)
class ModalTriggeredAbility(TriggeredAbility):
    """A modal triggered ability (700.2): `modes` as (text, targets, effects), `choose` of
    them chosen as it is put on the stack (603.3c; systems/modes.py); its own `targets` and
    `effects` are unused. `new_each_turn`: 'choose one that hasn't been chosen this turn'."""
    modes: tuple = ()
    choose: int = 1
    new_each_turn: bool = False


@dataclass(frozen=True)
class StaticAbility:
    """Generates continuous effects, replacement/prevention effects or rules changes.

    `continuous` is a tuple of layer effect templates (systems.layers.Static...);
    `replacement` a tuple of replacement templates; `rules` a tuple of named rule
    changes (e.g. 'cast_without_paying_from_hand')."""
    continuous: tuple = ()
    replacement: tuple = ()
    rules: tuple = ()
    zones: tuple = ("battlefield",)
    text: str = ""


@dataclass(frozen=True)
class ConditionalFlash(StaticAbility):
    """'This spell has flash as long as <condition>' (702.8a; Graveyard Shift): a static
    ability that functions wherever the card is; `condition(game, player)` is read as the
    player would begin to cast it (601.3; systems/flash.py)."""
    condition: object = None


# ---------------------------------------------------------------------------
# Card definitions
# ---------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)      # identity: one definition per card, cheap to hash
class CardDef:
    name: str
    cost: ManaCost
    supertypes: frozenset
    types: frozenset
    subtypes: tuple
    power: int | None = None        # None with pt_star: '*'
    toughness: int | None = None
    pt_star: bool = False
    loyalty: int | None = None
    keywords: tuple = ()            # Keyword objects
    abilities: tuple = ()           # Activated/Triggered/Static abilities in printed order
    spell: SpellAbility | None = None
    colors: frozenset | None = None # color indicator; default from mana cost
    text: str = ""
    extra: bool = False             # defined by a scenario's `cards:` or a --cards file
    alt_cost: Cost | None = None    # "You may <cost> rather than pay this spell's mana cost" (118.9)
    cost_reduction: object = None   # fn(game, caster) -> N: "this spell costs {N} less to cast" (601.2f)
    base_colors: frozenset = frozenset()   # set in __post_init__: color indicator or mana cost

    def __post_init__(self):
        object.__setattr__(self, "base_colors",
                           self.colors if self.colors is not None else self.cost.colors)
        # `is_permanent_card`: the definition's own attribute, not a property (read as
        # each spell resolves; CPython 3.11 specialises an instance attribute's read).
        # Not a field: a definition is hashed by its name
        object.__setattr__(self, "is_permanent_card",
                           "Instant" not in self.types and "Sorcery" not in self.types)

    def has_type(self, t: str) -> bool:
        return t in self.types

    def keyword_alt_cost(self, alt):
        """The mana of the keyword alternative cost `alt` ('blitz') the card has, or None."""
        if alt not in KEYWORD_ALT_COSTS:
            return None
        k = self.keyword(alt)
        return None if k is None else k.param

    @property
    def keyword_alts(self) -> tuple:
        """The keyword alternative costs the card has (118.9), by name."""
        return tuple(k.name for k in self.keywords if k.name in KEYWORD_ALT_COSTS)

    def keyword(self, name: str):
        """The first keyword ability named `name` (its Keyword), or None."""
        for k in self.keywords:
            if k.name == name:
                return k
        return None


def make_card(name, cost, type_line, pt=None, loyalty=None, keywords=(), abilities=(),
              spell=None, colors=None, text="", extra=False, alt_cost=None,
              cost_reduction=None) -> CardDef:
    supers, types, subs = parse_type_line(type_line)
    power = toughness = None
    star = False
    if pt is not None:
        p, t = pt
        if p == "*" or t == "*":
            star = True
            power = None if p == "*" else int(p)
            toughness = None if t == "*" else int(t)
        else:
            power, toughness = int(p), int(t)
    elif "Creature" in types:
        raise CardError(f"{name}: a creature needs pt")
    kws = keywords_of(keywords)
    cols = None
    if colors is not None:
        cols = frozenset(NAME_TO_LETTER.get(c, c) for c in colors)
    return CardDef(name=name, cost=parse_cost(cost) if cost is not None else NO_COST,
                   supertypes=supers, types=types, subtypes=subs, power=power,
                   toughness=toughness, pt_star=star,
                   loyalty=None if loyalty is None else int(loyalty), keywords=kws,
                   abilities=tuple(abilities), spell=spell, colors=cols, text=text, extra=extra,
                   alt_cost=alt_cost, cost_reduction=cost_reduction)


# ---------------------------------------------------------------------------
# Shorthands used by the card files
# ---------------------------------------------------------------------------
def spell(*effects, targets=(), **kw) -> SpellAbility:
    """An instant's or sorcery's effect steps (or a permanent spell's targets), in order."""
    return SpellAbility(effects=tuple(effects), targets=tuple(targets), **kw)


def act(cost, *effects, targets=(), timing="instant", sac=None, text="") -> ActivatedAbility:
    """'<cost>: <effects>'; `sac` names the filters of 'Sacrifice a ...'/'Tap N untapped ...' costs."""
    return ActivatedAbility(cost=parse_activation_cost(cost, sac), effects=tuple(effects),
                            targets=tuple(targets), timing=timing, text=text or cost)


def mana_ability(cost, *letters, text="") -> ActivatedAbility:
    """'<cost>: Add {A} or {B}.': one mana of one of the given letters (CR 605.1a)."""
    pools = []
    for letter in letters:
        p = [0] * 6
        p[IDX[letter]] = 1
        pools.append(tuple(p))
    return ActivatedAbility(cost=parse_activation_cost(cost), mana=tuple(pools), text=text)
