"""Decklists: reading a decklist text and checking a deck against a format's
deck-construction rules (CR 100.2, 100.4).

    >>> from mtg_ecs.apps import decklist
    >>> deck = decklist.parse('''
    ... Deck
    ... 20 Mountain
    ... 4 Searing Spear   # burn
    ... Sideboard
    ... 2 Fog
    ... ''')
    >>> len(deck.main), deck.sideboard
    (24, ['Fog', 'Fog'])
    >>> decklist.validate(deck.main, deck.sideboard, "limited")
    Traceback (most recent call last):
    ...
    mtg_ecs.apps.decklist.DeckInvalid: deck is not legal in limited:
      - the main deck has 24 cards; limited needs at least 40 (CR 100.2b)

Reading (`parse`, `load`): plain text, MTG Arena and MTGO exports, MTGO `.dek` files; the
formats and their rules are in `mtg_ecs.apps.deckformats`.

Formats:
  * `constructed`: main deck at least 60 cards (CR 100.2a); no more than four cards
    with the same name across main deck and sideboard together, basic land cards
    excepted (CR 100.2a, 100.4a); sideboard at most fifteen cards (CR 100.4a).
  * `limited`: main deck at least 40 cards (CR 100.2b); no copy limit and no sideboard
    size limit (the sideboard is every unused card of the pool, CR 100.4b). Whether the
    cards come from the player's sealed pool or draft picks is the event's business.
  * `freeform`: no checks (casual play, test decks).
  * `standard`, `pioneer`, `modern`, `legacy`, `vintage`: the `constructed` rules, and every
    card legal in the format (`mtg_ecs.apps.legality`: by its printings, on `as_of`, default
    the data's date 2022-04-29; banned and restricted lists are not in the data, so a
    Vintage deck's restricted cards are held to four copies like any other).
  * `commander`: exactly 100 cards, the commander included (CR 903.5a), one copy of each
    card other than basic lands and 'any number' cards (CR 903.5b), every card legal in
    Commander. With a commander named (a `Commander` section), the commander is a
    legendary creature (CR 903.3) and every card is within its color identity (CR 903.4,
    903.5c: `mtg_ecs.components.identity`); without one these two aren't checked. The
    sideboard isn't checked.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from mtg_ecs.apps import legality
from mtg_ecs.components.identity import color_identity, within

FORMATS = ("constructed", "limited", "freeform", *legality.FORMATS)
CONSTRUCTED = ("constructed", "standard", "pioneer", "modern", "legacy", "vintage")
CONSTRUCTED_MIN = 60          # CR 100.2a
COMMANDER_SIZE = 100          # CR 903.5a
LIMITED_MIN = 40              # CR 100.2b
MAX_COPIES = 4                # CR 100.2a
CONSTRUCTED_SIDEBOARD_MAX = 15   # CR 100.4a
# No rule caps a deck's size (CR 100.2a gives only minimums); a line asking for more copies
# than any playable deck holds is a typo, refused before the list of names is built.
MAX_LINE_COUNT = 1000
# ... and a list of more cards than that in all (main deck and sideboard) is refused as soon as
# the count passes it: a file of many such lines must fail fast too.
MAX_DECK_CARDS = 5000



class DecklistError(ValueError):
    """Base class: a decklist that can't be read or a deck that isn't legal."""


class DecklistParseError(DecklistError):
    """The text could not be read. `problems` lists every problem, one string each,
    `unknown` maps each unknown card name to its closest matches."""

    def __init__(self, problems, unknown=None, source=None):
        self.problems = list(problems)
        self.unknown = dict(unknown or {})
        head = f"decklist {source} can't be read" if source else "decklist can't be read"
        if len(self.problems) == 1:
            super().__init__(f"{head}: {self.problems[0]}")
        else:
            super().__init__(f"{head}:\n" + "\n".join(f"  - {p}" for p in self.problems))


class DeckInvalid(DecklistError):
    """The deck breaks the format's deck-construction rules; `problems` lists them all."""

    def __init__(self, fmt, problems):
        self.format = fmt
        self.problems = list(problems)
        super().__init__(f"deck is not legal in {fmt}:\n" + "\n".join(f"  - {p}" for p in self.problems))


@dataclass
class Decklist:
    main: list = field(default_factory=list)        # card names, one per copy
    sideboard: list = field(default_factory=list)
    commander: str | None = None                    # the `Commander` section's card (903.3)
    companion: str | None = None                    # the `Companion` section's, also in sideboard
    name: str | None = None                         # MTG Arena's `About` section `Name`

    def validate(self, fmt: str = "constructed", extra=None, as_of=None) -> None:
        validate(self.main, self.sideboard, fmt, extra=extra, as_of=as_of, commander=self.commander)


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------
def parse(text: str, extra: dict | None = None) -> Decklist:
    """Read a decklist text (`deckformats.parse`). `extra` maps names to test-only CardDefs.
    Raises DecklistParseError listing every bad line and every unknown card name."""
    from mtg_ecs.apps import deckformats
    return deckformats.parse(text, extra)


def load(path: str, extra: dict | None = None) -> Decklist:
    """Read a decklist file (`deckformats.load`); every error is a DecklistError."""
    from mtg_ecs.apps import deckformats
    return deckformats.load(path, extra)


# ---------------------------------------------------------------------------
# checking
# ---------------------------------------------------------------------------
def is_basic_land(defn) -> bool:
    """CR 205.4c, 100.2a: a basic land card has the supertype basic (not just a basic
    land type: a nonbasic land may be a Forest)."""
    return "Basic" in defn.supertypes and "Land" in defn.types


def any_number_allowed(defn) -> bool:
    """CR 100.2a: a card whose own text says 'A deck can have any number of cards named
    ~' (Relentless Rats) is exempt from the four-copy limit."""
    return any("any_number_in_deck" in getattr(ab, "rules", ()) for ab in defn.abilities)


def problems(main, sideboard=(), fmt: str = "constructed", extra: dict | None = None,
             as_of=None, commander: str | None = None) -> list:
    """Every way the deck breaks the format's rules (empty when it is legal). `as_of`: the
    date of the format's card legality (legality.legality), for the named formats;
    `commander`: a Commander deck's commander, not in `main` (one of its 100 cards)."""
    from mtg_ecs.cards import get_card, UnknownCard
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    main, sideboard = list(main) + ([commander] if commander else []), list(sideboard or ())
    if fmt == "freeform":
        return []
    out = []
    defs = {}
    for name in dict.fromkeys(main + sideboard):
        try:
            defs[name] = get_card(name, extra)
        except UnknownCard as ex:
            out.append(str(ex))
    if fmt in CONSTRUCTED:
        if len(main) < CONSTRUCTED_MIN:
            out.append(f"the main deck has {len(main)} cards; {fmt} needs at least "
                       f"{CONSTRUCTED_MIN} (CR 100.2a)")
        if len(sideboard) > CONSTRUCTED_SIDEBOARD_MAX:
            out.append(f"the sideboard has {len(sideboard)} cards; {fmt} allows at most "
                       f"{CONSTRUCTED_SIDEBOARD_MAX} (CR 100.4a)")
        out += _too_many(Counter(main), Counter(sideboard), defs, MAX_COPIES, "CR 100.2a")
    elif fmt == "commander":
        if len(main) != COMMANDER_SIZE:
            out.append(f"the main deck has {len(main)} cards; commander needs exactly "
                       f"{COMMANDER_SIZE}, the commander included (CR 903.5a)")
        out += _too_many(Counter(main), Counter(), defs, 1, "CR 903.5b")
        if commander in defs:
            out += _commander_problems(defs[commander], main, defs)
    elif fmt == "limited":
        if len(main) < LIMITED_MIN:
            out.append(f"the main deck has {len(main)} cards; limited needs at least "
                       f"{LIMITED_MIN} (CR 100.2b)")
    if fmt in legality.FORMATS:
        for name in defs:
            verdict = legality.legality(name, fmt, as_of=as_of, extra=extra)
            if not verdict.legal:
                out.append(f"{name} is not legal in {fmt}: {verdict.reason}")
    return out


def _commander_problems(leader, main, defs) -> list:
    """903.3: the commander is a legendary creature; 903.5c: every card of the deck is
    within its color identity (903.4)."""
    out = []
    if "Legendary" not in leader.supertypes or "Creature" not in leader.types:
        out.append(f"the commander {leader.name} is not a legendary creature (CR 903.3)")
    colors = color_identity(leader)
    for name in dict.fromkeys(main):
        d = defs.get(name)
        if d is not None and not within(d, colors):
            outside = "".join(c for c in "WUBRG" if c in color_identity(d) - colors)
            out.append(f"{name} has {outside} in its color identity, outside the commander "
                       f"{leader.name}'s ({''.join(c for c in 'WUBRG' if c in colors) or 'colorless'}) "
                       "(CR 903.4, 903.5c)")
    return out


def _too_many(in_main, in_side, defs, most, rule) -> list:
    """Copies of a card beyond `most` (basic lands and 'any number' cards excepted)."""
    out = []
    for name, n in (in_main + in_side).items():
        d = defs.get(name)
        if n > most and d is not None and not is_basic_land(d) and not any_number_allowed(d):
            where = (f" ({in_main[name]} in the main deck, {in_side[name]} in the sideboard)"
                     if in_side[name] else "")
            allowed = f"at most {most}" if most > 1 else "one copy"
            out.append(f"{n} copies of {name}{where}; {allowed} of a card other than a basic "
                       f"land ({rule})")
    return out


def validate(main, sideboard=(), fmt: str = "constructed", extra: dict | None = None,
             as_of=None, commander: str | None = None) -> None:
    """Raise DeckInvalid listing every problem, or return None when the deck is legal."""
    found = problems(main, sideboard, fmt, extra, as_of, commander)
    if found:
        raise DeckInvalid(fmt, found)
