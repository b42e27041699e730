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

Text format, one entry per line:
  * `4 Lightning Bolt` or `4x Lightning Bolt` (a bare name means one copy);
  * optional header lines `Deck` / `Main` / `Mainboard` and `Sideboard` (case-insensitive,
    an optional trailing colon); cards before any header belong to the main deck;
  * a `Commander` header (as MTG Arena exports a Commander deck): the card after it is
    the deck's commander (`Decklist.commander`), one of its 100 cards, not listed again
    under `Deck`;
  * comments: a line starting with `#` or `//`, and anything after a `#` on a line
    (`//` is not a comment inside a line, since split cards are named `Fire // Ice`);
  * blank lines are ignored;
  * at most MAX_LINE_COUNT (1000) copies on one line and MAX_DECK_CARDS (5000) cards in all.
Names are matched exactly, else ignoring case; every unknown name is reported at once,
each with the closest registered card names.

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

import re
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

_MAIN_HEADERS = {"deck", "main", "maindeck", "main deck", "mainboard"}
_SIDE_HEADERS = {"sideboard", "side", "sb"}
_COMMANDER_HEADERS = {"commander"}
_ENTRY = re.compile(r"^(?:(\d+)\s*[xX]?\s+)?(\S.*?)$")


class DecklistError(ValueError):
    """Base class: a decklist that can't be read or a deck that isn't legal."""


class DecklistParseError(DecklistError):
    """The text could not be read. `problems` lists every problem, one string each,
    `unknown` maps each unknown card name to its closest matches."""

    def __init__(self, problems, unknown=None):
        self.problems = list(problems)
        self.unknown = dict(unknown or {})
        super().__init__("decklist can't be read:\n" + "\n".join(f"  - {p}" for p in self.problems))


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

    def validate(self, fmt: str = "constructed", extra=None, as_of=None) -> None:
        validate(self.main, self.sideboard, fmt, extra=extra, as_of=as_of, commander=self.commander)


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------
def _resolve_name(name: str, extra):
    """The registered card's exact name, or raise cards.UnknownCard."""
    from mtg_ecs.cards import get_card, all_cards, UnknownCard
    try:
        return get_card(name, extra).name
    except UnknownCard as ex:
        low = name.casefold()
        pool = list(all_cards()) + (list(extra) if extra else [])
        for n in pool:
            if n.casefold() == low:
                return n
        raise ex


def parse(text: str, extra: dict | None = None) -> Decklist:
    """Read a decklist text (format in the module docstring). `extra` maps names to
    test-only CardDefs. Raises DecklistParseError listing every bad line and every
    unknown card name."""
    from mtg_ecs.cards import UnknownCard
    deck = Decklist()
    section = deck.main
    commanders = []
    problems = []
    unknown = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        header = line.rstrip(":").strip().casefold()
        if header in _MAIN_HEADERS:
            section = deck.main
            continue
        if header in _SIDE_HEADERS:
            section = deck.sideboard
            continue
        if header in _COMMANDER_HEADERS:
            section = commanders
            continue
        m = _ENTRY.match(line)
        count = int(m.group(1)) if m.group(1) is not None else 1
        name = m.group(2).strip()
        if m.group(1) is None and re.match(r"^-?\d", line):
            problems.append(f"line {lineno}: {raw.strip()!r}: expected 'COUNT NAME', e.g. '4 Forest'")
            continue
        if count < 1:
            problems.append(f"line {lineno}: {raw.strip()!r}: the count must be at least 1")
            continue
        if count > MAX_LINE_COUNT:
            problems.append(f"line {lineno}: {raw.strip()!r}: the count must be at most "
                            f"{MAX_LINE_COUNT}")
            continue
        try:
            name = _resolve_name(name, extra)
        except UnknownCard as ex:
            hint = f" (did you mean: {', '.join(ex.matches)}?)" if ex.matches else ""
            problems.append(f"line {lineno}: unknown card {name!r}{hint}")
            unknown[name] = list(ex.matches)
            continue
        if len(deck.main) + len(deck.sideboard) + count > MAX_DECK_CARDS:
            problems.append(f"line {lineno}: {raw.strip()!r}: the list would have more than "
                            f"{MAX_DECK_CARDS} cards")
            break
        section.extend([name] * count)
    if len(commanders) > 1:
        problems.append(f"the Commander section names {len(commanders)} cards; a deck has one "
                        "commander (partner commanders are not supported)")
    if problems:
        raise DecklistParseError(problems, unknown)
    deck.commander = commanders[0] if commanders else None
    return deck


def load(path: str, extra: dict | None = None) -> Decklist:
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), extra)


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
