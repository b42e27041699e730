"""Card legality in formats: may a deck of this format hold this card?

    >>> from mtg_ecs.apps.legality import legality
    >>> legality("Echo Inspector", "modern").legal
    True
    >>> print(legality("Change of Plans", "modern"))
    Change of Plans: not legal in modern (as of 2022-04-29): no printing in a set of modern (NCC); modern takes core sets and expansions from Eighth Edition (2003-07-28) on, and Modern Horizons 2

Formats (`FORMATS`) and the sets each takes (the set table `data/sets.csv` gives each set
its kind):
  * `standard`: the core sets and expansions in rotation on the date asked (`as_of`).
    Standard is tracked from 2019-10-04 on (the rotations of 2020, 2021, 2022 and 2023);
    asking about an earlier date is an error rather than a guess.
  * `pioneer`: core sets and expansions from Return to Ravnica (2012-10-05) on.
  * `modern`: core sets and expansions from Eighth Edition (2003-07-28) on, and sets
    released straight into Modern (Modern Horizons 2).
  * `legacy`, `vintage`, `commander`: every tournament-legal set, supplemental products,
    Commander decks and promos included (not: gold or silver borders, Collectors'
    Edition, Magic Online only sets).
A card is legal when one of its printings is in a set the format takes: formats go by
the card's name, so a reprint in a supplemental product (New Capenna Commander #191 on)
is legal exactly where the card already was (002 §2.1; 40K #181 on, 003 §1). A printing that is not
tournament legal itself (a gold-bordered World Championship Decks card) is never legal,
whatever the card's other printings.

`as_of` (a date or "YYYY-MM-DD") defaults to DATA_DATE, 2022-04-29, the date of the
printing data (MTGJSON of April 2022, SNC's release day): Standard then was ZNR, KHM, STX,
AFR, MID, VOW, NEO and SNC (002 §2.1). Sets released after as_of don't count. Later dates
are answered with the rotations known (every set of the data has left Standard by
2023-09-08), but printings after the data's date are not known: a later reprint is missed,
and such answers say so. The one later set in the data is Warhammer 40,000 Commander (40K,
2022-10-07, spec 003 §1): ask about its cards with `as_of` on or after its release.

NOT in the data: banned and restricted lists (a card on one is reported legal here;
see Magic.Wizards.com/Formats), and when each format began.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage", "commander")
ETERNAL = ("legacy", "vintage", "commander")
DATA_DATE = date(2022, 4, 29)
STANDARD_TRACKED_FROM = date(2019, 10, 4)     # Throne of Eldraine's rotation
PIONEER_FIRST = date(2012, 10, 5)             # Return to Ravnica
MODERN_FIRST = date(2003, 7, 28)              # Eighth Edition
NOT_IN_DATA = "banned and restricted lists are not in the data (see Magic.Wizards.com/Formats)"

_DATA = os.path.join(os.path.dirname(__file__), "data")
_LATER = " (but for Warhammer 40,000 Commander's, 40K)"      # printings.json, 003 §1
_KINDS = ("core", "expansion", "modern", "eternal", "not_legal", "digital")
_TAKES = {
    "standard": "the core sets and expansions in rotation",
    "pioneer": "core sets and expansions from Return to Ravnica (2012-10-05) on",
    "modern": "core sets and expansions from Eighth Edition (2003-07-28) on, and Modern Horizons 2",
    "legacy": "every tournament-legal set",
    "vintage": "every tournament-legal set",
    "commander": "every tournament-legal set",
}

# Commander products whose collector numbers tell new cards from reprints, with the
# statement that says so. Roles: "new" (the card's own number), "special" (special versions
# of new cards), "alternate" (alternate printings of the commanders, #1-8: not mentioned by
# the release notes, legal as their Oracle card, 003 §1 #3, flagged for review), "reprint"
# (legal where the card already was). Numbers no range covers (NCC 186-190) are refused.
PRODUCT_NUMBERING = {
    "NCC": ("002 §2.1", ((1, 93, "new"), (94, 185, "special"), (191, None, "reprint"))),
    "40K": ("003 §1", ((1, 176, "new"), (177, 180, "alternate"), (181, 317, "reprint"),
                       (318, 321, "alternate"), (322, 322, "reprint"))),
}
COMMANDERS_UP_TO = 8         # 40K: the alternate printings are of the commanders, #1-8


class LegalityError(ValueError):
    """An unknown format or printing, or a date the data can't answer for."""


@dataclass(frozen=True)
class SetInfo:
    code: str
    name: str
    released: date | None
    kind: str
    standard_until: date | None


@dataclass(frozen=True)
class Legality:
    card: str
    format: str
    legal: bool
    reason: str
    as_of: date
    printing: str | None = None

    def __bool__(self):
        return self.legal

    def __str__(self):
        return (f"{self.card}{f' ({self.printing})' if self.printing else ''}: "
                f"{'legal' if self.legal else 'not legal'} in {self.format} "
                f"(as of {self.as_of}): {self.reason}")


def _date(text):
    return date.fromisoformat(text) if text else None


@lru_cache(maxsize=1)
def sets() -> dict:
    """The set table by code (data/sets.csv)."""
    import csv                  # (here: most runs of the command line never read it)
    with open(os.path.join(_DATA, "sets.csv"), encoding="utf-8", newline="") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        out = {r["code"]: SetInfo(r["code"], r["name"], _date(r["released"]), r["kind"],
                                  _date(r["standard_until"])) for r in rows}
    bad = [s.code for s in out.values() if s.kind not in _KINDS]
    if bad:
        raise LegalityError(f"data/sets.csv: unknown kind for {', '.join(bad)}")
    return out


@lru_cache(maxsize=1)
def printings() -> dict:
    """Card name -> {set code: collector number or None}, oldest printing first."""
    with open(os.path.join(_DATA, "printings.json"), encoding="utf-8") as f:
        return json.load(f)["cards"]


def _as_of(as_of) -> date:
    if as_of is None:
        return DATA_DATE
    if isinstance(as_of, date):
        return as_of
    try:
        return date.fromisoformat(as_of)
    except (TypeError, ValueError):
        raise LegalityError(f"as_of {as_of!r} is not a date (YYYY-MM-DD)") from None


def resolve(name: str, extra: dict | None = None) -> str:
    """The card's exact name: a registered card, a card of the printing data (the engine
    may not play it yet) or one of `extra`'s test-only cards; exact, else ignoring case.
    Raises cards.UnknownCard with the closest names."""
    from mtg_ecs.cards import all_cards, closest_names, UnknownCard
    pool = list(dict.fromkeys([*all_cards(), *printings(), *(extra or ())]))
    if name in pool:
        return name
    low = name.casefold()
    for n in pool:
        if n.casefold() == low:
            return n
    raise UnknownCard(name, closest_names(name, pool))


def _in_format(s: SetInfo, fmt: str, as_of: date) -> bool:
    """Does the format take cards of set `s` on `as_of`? (`s` dated, released by as_of.)"""
    if s.kind in ("not_legal", "digital"):
        return False
    if fmt in ETERNAL:
        return True
    if fmt == "modern":
        return s.kind == "modern" or (s.kind in ("core", "expansion") and s.released >= MODERN_FIRST)
    if fmt == "pioneer":
        return s.kind in ("core", "expansion") and s.released >= PIONEER_FIRST
    return s.standard_until is not None and as_of < s.standard_until


def sets_in(fmt: str, as_of=None) -> list:
    """The dated sets of the table the format takes on `as_of`, oldest first
    (`sets_in("standard")`: Standard on the data's date). The table holds the sets the
    printing data names, not every set of a format."""
    when = _check_format(fmt, as_of)
    return sorted((s for s in sets().values() if s.released is not None
                   and s.released <= when and _in_format(s, fmt, when)),
                  key=lambda s: s.released)


def _check_format(fmt: str, as_of) -> date:
    if fmt not in FORMATS:
        raise LegalityError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    when = _as_of(as_of)
    if fmt == "standard" and when < STANDARD_TRACKED_FROM:
        raise LegalityError(f"Standard before {STANDARD_TRACKED_FROM} is not modelled")
    return when


def _card_legality(name: str, fmt: str, as_of: date) -> tuple[bool, str]:
    prints = printings().get(name)
    if not prints:
        return False, f"no printing of {name} in the data (data/printings.json)"
    table = sets()
    dated = [table[c] for c in prints if table[c].released is not None]
    first = min(s.released for s in dated)
    if first > as_of:
        return False, f"not yet printed (first printing {first})"
    released = [table[c] for c in prints
                if (table[c].released or first) <= as_of]    # undated: reprints (sets.csv)
    legal = [s for s in released if _in_format(s, fmt, as_of)]
    later = (f"; printings after {DATA_DATE} are not in the data{_LATER}" if as_of > DATA_DATE else "")
    if legal:
        s = legal[0]
        where = (f", in Standard until {s.standard_until}" if fmt == "standard" else "")
        return True, f"printed in {s.name} ({s.code}){where}; {NOT_IN_DATA}{later}"
    rotated = [s for s in released if fmt == "standard" and s.standard_until is not None]
    gone = "".join(f"; {s.code} left Standard on {s.standard_until}" for s in rotated)
    return False, (f"no printing in a set of {fmt} ({_codes(released)}); "
                   f"{fmt} takes {_TAKES[fmt]}{gone}{later}")


def _codes(printed, shown=6) -> str:
    codes = [s.code for s in printed]
    more = f" and {len(codes) - shown} more" if len(codes) > shown else ""
    return ", ".join(codes[:shown]) + more


def _check_printing(name: str, printing: str) -> tuple[SetInfo, str, str | None]:
    """The set and collector number of printing 'SET:NUMBER' of the card and, in a product
    whose numbers tell new cards from reprints, which it is ("new", "reprint"); or raise
    LegalityError."""
    code, sep, number = printing.partition(":")
    code, number = code.strip().upper(), number.strip().lstrip("0")     # NCC:024 is NCC:24
    table = sets()
    if not sep or not code or not number:
        raise LegalityError(f"printing {printing!r}: expected SET:NUMBER, e.g. SNC:40")
    if code not in table:
        from mtg_ecs.cards import closest_names
        near = closest_names(code, list(table))
        raise LegalityError(f"printing {printing!r}: unknown set {code}"
                            + (f" (did you mean: {', '.join(near)}?)" if near else ""))
    prints = printings().get(name, {})
    if code not in prints:
        raise LegalityError(f"{name} has no {code} printing (its printings: "
                            f"{', '.join(prints) or 'none in the data'})")
    if code in PRODUCT_NUMBERING:
        src, ranges = PRODUCT_NUMBERING[code]
        n = int(number) if number.isdigit() else -1
        role = next((r for lo, hi, r in ranges if lo <= n and (hi is None or n <= hi)), None)
        if role is None:
            raise LegalityError(f"printing {code}:{number}: the release notes give no rule for "
                                f"this number ({src})")
        is_new = next(iter(prints)) == code
        if (role != "reprint") != is_new:
            what = {"new": "a new card's", "special": "a special version's",
                    "alternate": "an alternate printing's", "reprint": "a reprint card's"}[role]
            raise LegalityError(f"{name} is {'new in' if is_new else 'a reprint in'} {code}: "
                                f"{code}:{number} is {what} number ({src})")
        known = prints[code]      # the data doesn't map special versions to cards
        if known is not None and role == "new" and number != known:
            raise LegalityError(f"{name} is {code}:{known}, not {code}:{number}")
        if known is not None and role == "alternate" and int(known) > COMMANDERS_UP_TO:
            raise LegalityError(f"{name} is {code}:{known}, not a commander (#1-{COMMANDERS_UP_TO}) "
                                f"with an alternate printing {code}:{number}")
        return table[code], number, role
    if prints[code] is not None and number != prints[code]:
        raise LegalityError(f"{name} is {code}:{prints[code]}, not {code}:{number}")
    return table[code], number, None


def legality(card_name: str, fmt: str, printing: str | None = None, as_of=None,
             extra: dict | None = None) -> Legality:
    """Is the card legal in `fmt` on `as_of` (default DATA_DATE)? With `printing`
    ("SET:NUMBER"), is that physical card? Raises cards.UnknownCard for an unknown name,
    LegalityError for an unknown format or printing or a Standard date before
    STANDARD_TRACKED_FROM. `extra`: test-only card definitions (no printings)."""
    when = _check_format(fmt, as_of)
    name = resolve(card_name, extra)
    ok, reason = _card_legality(name, fmt, when)
    if printing is None:
        return Legality(name, fmt, ok, reason, when)
    s, number, role = _check_printing(name, printing)
    label = f"{s.code}:{number}"
    if s.kind in ("not_legal", "digital"):
        what = ("is not tournament legal" if s.kind == "not_legal" else "is Magic Online only")
        return Legality(name, fmt, False, f"the {s.name} printing {what}", when, label)
    src = PRODUCT_NUMBERING[s.code][0] if role else None
    if role == "reprint":
        reason = f"a reprint in {s.code}, legal where the card already was ({src}): {reason}"
    elif role in ("new", "special"):
        reason = f"a new card of {s.code} ({src}): {reason}"
    elif role == "alternate":
        reason = (f"an alternate printing of a commander new in {s.code}, legal as its Oracle "
                  f"card (not stated by the release notes, {src} #3: to be reviewed): {reason}")
    return Legality(name, fmt, ok, reason, when, label)
