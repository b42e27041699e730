"""Reading decklists as players export them: plain text, MTG Arena and MTGO `.txt` exports,
MTGO `.dek` XML files; and decklist files as they come (any byte-order mark, CRLF line
ends), with one clear error for a file that isn't a decklist at all.

    >>> from mtg_ecs.apps.deckformats import parse
    >>> d = parse('20 Mountain (M10) 242\\n4 Searing Spear\\n\\n2 Fog\\n')   # an MTGO export
    >>> len(d.main), d.sideboard
    (24, ['Fog', 'Fog'])

Text, one entry per line:
  * `4 Lightning Bolt` or `4x Lightning Bolt` (a bare name means one copy); a set code in
    parentheses and a collector number after the name are ignored (MTG Arena:
    `4 Lightning Bolt (M10) 146`, or `(M10)` alone), and Arena's `///` between the halves of a
    split card is `//`;
  * `SB: 2 Fireball`: a sideboard card wherever the line is;
  * section headers (case-insensitive, an optional trailing colon): `Deck` / `Main` /
    `Mainboard`, `Sideboard`, `Commander` (the card after it is the deck's commander,
    `Decklist.commander`, one of its 100 cards, not listed again under `Deck`), `Companion`
    (the card after it is `Decklist.companion`, a sideboard card, CR 702.139a: added to the
    sideboard unless the sideboard lists it already, as MTG Arena exports it), `About`
    (MTG Arena: its `Name NAME` line is the deck's name, `Decklist.name`); cards before any
    header belong to the main deck;
  * blank lines: in a list without any header and without `SB:` lines (an MTGO `.txt`
    export, an Arena export of a deck without sections), the first blank line after a card
    starts the sideboard, and another group of cards after that is an error (it is ambiguous:
    headers say what is what); blank lines before the first card, several in a row and at the
    end count as one or none. With headers or `SB:` lines, blank lines mean nothing;
  * comments: a line starting with `#` or `//`, and anything after a `#` on a line (`//` is
    not a comment inside a line, since split cards are named `Fire // Ice`).

MTGO `.dek` (read when the file name ends with `.dek` or the text starts with `<`): a `<Deck>`
element with one `<Cards Quantity="4" Name="..." Sideboard="true|false"/>` per card (other
attributes and elements are ignored). A DTD or entity declaration is refused before the XML
is parsed (an MTGO file has none), so no entity is ever expanded.

Bounds: a file of at most MAX_FILE_BYTES, at most MAX_LINE_COUNT copies on one entry and
MAX_DECK_CARDS cards in all. Names are matched exactly, else ignoring case; every unknown
name and every bad line is reported at once, each name with the closest registered ones.
A deck without a card in its main deck (nor a commander) is refused.
"""
from __future__ import annotations

import codecs
import os
import re

from mtg_ecs.apps.files import UnreadableFile, read_bounded
from mtg_ecs.apps.decklist import (MAX_DECK_CARDS, MAX_LINE_COUNT, Decklist, DecklistError,
                                   DecklistParseError)

# A decklist of MAX_DECK_CARDS single-copy lines with long names and comments is well under it.
MAX_FILE_BYTES = 2 ** 20

_MAIN_HEADERS = {"deck", "main", "maindeck", "main deck", "mainboard"}
_SIDE_HEADERS = {"sideboard", "side", "sb"}
_HEADERS = {**dict.fromkeys(_MAIN_HEADERS, "main"), **dict.fromkeys(_SIDE_HEADERS, "side"),
            "commander": "commander", "companion": "companion", "about": "about"}
_ENTRY = re.compile(r"^(?:(\d+)\s*[xX]?\s+)?(\S.*?)$")
_SB_LINE = re.compile(r"^SB:\s*(.*)$", re.IGNORECASE)
_NAME_LINE = re.compile(r"^name\s+(\S.*)$", re.IGNORECASE)
# `(M10) 146`, `(M10)`: a set code has no spaces (a name like `B.F.M. (Big Furry Monster)` has)
_SET_CODE = re.compile(r"\s+\([A-Za-z0-9]{2,8}\)(?:\s+[A-Za-z0-9★*-]+)?$")
# byte-order marks, UTF-32 first (its little-endian mark begins with UTF-16's)
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))


def card_name(text: str) -> str:
    """An entry's card name without an Arena set code and collector number."""
    return _SET_CODE.sub("", text).strip().replace(" /// ", " // ")


class _Builder:
    """The deck being read: entries are checked and added one by one, every problem kept."""

    def __init__(self, extra):
        self.extra = extra
        self.deck = Decklist()
        self.commanders = []
        self.companions = []
        self.problems = []
        self.unknown = {}
        self.full = False          # past MAX_DECK_CARDS: stop reading

    def add(self, at: str, entry: str, count: int, name: str, section: str) -> None:
        """`count` copies of `name` to `section` (main, side, commander, companion); `at`
        and `entry` (`line 3`, its text) tell where a problem is."""
        from mtg_ecs.cards import UnknownCard
        where = f"{at}: {entry!r}"
        if count < 1:
            self.problems.append(f"{where}: the count must be at least 1")
            return
        if count > MAX_LINE_COUNT:
            self.problems.append(f"{where}: the count must be at most {MAX_LINE_COUNT}")
            return
        try:
            name = _resolve_name(name, self.extra)
        except UnknownCard as ex:
            hint = f" (did you mean: {', '.join(ex.matches)}?)" if ex.matches else ""
            self.problems.append(f"{at}: unknown card {name!r}{hint}")
            self.unknown[name] = list(ex.matches)
            return
        if len(self.deck.main) + len(self.deck.sideboard) + count > MAX_DECK_CARDS:
            self.problems.append(f"{where}: the list would have more than {MAX_DECK_CARDS} cards")
            self.full = True
            return
        target = {"main": self.deck.main, "side": self.deck.sideboard,
                  "commander": self.commanders, "companion": self.companions}[section]
        target.extend([name] * count)

    def finish(self, source: str | None) -> Decklist:
        if len(self.commanders) > 1:
            self.problems.append(f"the Commander section names {len(self.commanders)} cards; a "
                                 "deck has one commander (partner commanders are not supported)")
        if len(self.companions) > 1:
            self.problems.append(f"the Companion section names {len(self.companions)} cards; a "
                                 "deck has one companion")
        if self.problems:
            raise DecklistParseError(self.problems, self.unknown, source)
        deck = self.deck
        deck.commander = self.commanders[0] if self.commanders else None
        deck.companion = self.companions[0] if self.companions else None
        if deck.companion and deck.companion not in deck.sideboard:
            deck.sideboard.append(deck.companion)       # 702.139a: a card from outside the game
        if not deck.main and not deck.commander:
            what = (f"no card in the main deck ({len(deck.sideboard)} in the sideboard)"
                    if deck.sideboard else "the deck is empty: no card in it")
            raise DecklistParseError([what], source=source)
        return deck


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


def _content(raw: str) -> str:
    """A line without its comment ('' for a comment or blank line)."""
    line = raw.strip()
    if line.startswith("//"):
        return ""
    return line.split("#", 1)[0].strip()


def _header(line: str):
    return _HEADERS.get(line.rstrip(":").strip().casefold())


def parse(text: str, extra: dict | None = None, source: str | None = None) -> Decklist:
    """Read a decklist text or an MTGO .dek text (it starts with `<`). `extra` maps names to
    test-only CardDefs; `source` (a file name) goes in the errors. Raises DecklistParseError
    listing every bad line and every unknown card name."""
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("<"):
        return parse_dek(text, extra, source)
    return parse_text(text, extra, source)


def parse_text(text: str, extra: dict | None = None, source: str | None = None) -> Decklist:
    """Read a decklist text (the module doc's text format)."""
    lines = text.lstrip("\ufeff").splitlines()
    marked = any(_header(c) or _SB_LINE.match(c) for c in map(_content, lines))
    b = _Builder(extra)
    section, groups, blank = "main", 0, False      # groups of cards seen (blank-line rule)
    for lineno, raw in enumerate(lines, 1):
        line = _content(raw)
        if not line:
            blank = blank or not raw.strip()
            continue
        header = _header(line)
        if header:
            section = header
            continue
        if section == "about":          # (the name as written: `Burn #2` has no comment)
            m = _NAME_LINE.match(raw.strip())
            if m:
                b.deck.name = m.group(1).strip()
            else:
                b.problems.append(f"line {lineno}: {raw.strip()!r}: the About section has "
                                  "one line, 'Name DECK NAME'")
            continue
        where_to = section
        sb = _SB_LINE.match(line)
        if sb:
            line, where_to = sb.group(1).strip(), "side"
        elif not marked:
            if blank or not groups:
                groups += 1
            if groups == 3:
                b.problems.append(f"line {lineno}: {raw.strip()!r}: a third group of cards after "
                                  "a blank line; without headers one blank line separates the "
                                  "main deck from the sideboard (mark sections with 'Deck' and "
                                  "'Sideboard' headers)")
                break
            where_to = "side" if groups == 2 else "main"
        blank = False
        m = _ENTRY.match(line)
        if m is None or (m.group(1) is None and re.match(r"^-?\d", line)):
            b.problems.append(f"line {lineno}: {raw.strip()!r}: expected 'COUNT NAME', "
                              "e.g. '4 Forest'")
            continue
        count = int(m.group(1)) if m.group(1) is not None else 1
        b.add(f"line {lineno}", raw.strip(), count, card_name(m.group(2)), where_to)
        if b.full:
            break
    return b.finish(source)


def parse_dek(text: str, extra: dict | None = None, source: str | None = None) -> Decklist:
    """Read an MTGO .dek file's text (module doc)."""
    import xml.etree.ElementTree as ET      # here: only .dek files need it (start-up)
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise DecklistParseError(["a DTD or entity declaration is refused (an MTGO .dek file "
                                  "has none)"], source=source)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as ex:
        raise DecklistParseError([f"not a valid MTGO .dek file (XML): {ex}"], source=source) from None
    if root.tag != "Deck":
        raise DecklistParseError([f"the root element is <{root.tag}>; an MTGO .dek file's is "
                                  "<Deck>"], source=source)
    b = _Builder(extra)
    for i, card in enumerate(root.iter("Cards"), 1):
        where = f"card {i}"
        quantity, name = card.get("Quantity", ""), card.get("Name", "").strip()
        side = card.get("Sideboard", "false").strip().casefold()
        if not name:
            b.problems.append(f"{where}: no Name")
        elif not quantity.strip().isdigit():
            b.problems.append(f"{where}: Quantity {quantity!r} is not a number of copies")
        elif side not in ("true", "false"):
            b.problems.append(f"{where}: Sideboard {card.get('Sideboard')!r}: true or false")
        else:
            b.add(where, name, int(quantity), name, "side" if side == "true" else "main")
            if b.full:
                break
    return b.finish(source)


def decode(raw: bytes) -> str:
    """A decklist file's text: by its byte-order mark (UTF-8, UTF-16, UTF-32), else UTF-8.
    Raises DecklistError for binary data and for UTF-16 without a byte-order mark."""
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(encoding)
            except UnicodeDecodeError:
                raise DecklistError(f"not valid {encoding.split('-sig')[0].upper()} text after "
                                    "its byte-order mark") from None
    if b"\0" in raw:
        half = max(1, len(raw) // 2)
        if raw[1::2].count(0) > 0.9 * half or raw[0::2].count(0) > 0.9 * half:
            raise DecklistError("UTF-16 without a byte-order mark: save it as UTF-8 (or UTF-16 "
                                "with its byte-order mark)")
        raise DecklistError("a binary file, not a decklist text")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as ex:
        raise DecklistError(f"not UTF-8 text (byte 0x{raw[ex.start]:02x} at offset {ex.start}): "
                            "save it as UTF-8") from None


def load(path: str, extra: dict | None = None) -> Decklist:
    """Read a decklist file: `.dek` by its name or its content, text otherwise. Every error
    is a DecklistError naming the file."""
    if os.path.isdir(path):
        raise DecklistError(f"{path} is a directory, not a decklist file")
    try:
        text = decode(read_bounded(path, MAX_FILE_BYTES))
    except (UnreadableFile, DecklistError) as ex:
        raise DecklistError(f"{path}: {ex}") from None
    if path.casefold().endswith(".dek"):
        return parse_dek(text, extra, path)
    return parse(text, extra, path)
