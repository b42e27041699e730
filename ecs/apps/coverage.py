"""Which testable statements of a spec the tests cite (shared/spec/README.md).

A test cites a statement as `000 T-123` (spec number, then the statement id), an
unnamed item of a section's "Testable statements:" list as `002 §2.2 #3` (the third
item under the heading `### 2.2 ...`), and a card ruling as `001 Giant Growth R1`.
`mtg-ecs coverage SPEC.md` lists what is covered, what is listed in a NOT-TESTED.md,
and what is missing, and splits the card rulings by the cards' set.
"""
from __future__ import annotations

import os
import re

_STMT = re.compile(r"\*\*\[?(T-\d+|T\d+(?:\.\d+)+|[A-Z]{2,}-[a-z0-9]+)\]?\*\*")


_STMT_ID = re.compile(r"(T-\d+|T\d+(?:\.\d+)+):")
_HEADING = re.compile(r"#+ (?:(\d+(?:\.\d+)*)\.? )?")
_ITEM = re.compile(r"\d+\. ")


def statements(spec_path: str) -> list[str]:
    """In document order: the bold ids (**T-123**, **T1.5.3**, **RAV-b**) and the items
    without one of a numbered section's "Testable statements:" list ('§2.2 #3')."""
    with open(spec_path, encoding="utf-8") as f:
        text = f.read()
    seen, section, n = [], None, None      # n: items so far of the list being read
    for line in text.splitlines():
        for m in _STMT.finditer(line):
            if m.group(1) not in seen:
                seen.append(m.group(1))
        if (h := _HEADING.match(line)):
            section, n = h.group(1), None
        elif line.strip("* ").startswith("Testable statements"):
            n = 0 if section else None
        elif n is not None and _ITEM.match(line):
            n += 1
            if not _STMT.search(line):
                seen.append(f"§{section} #{n}")
        elif line.strip() and not line.startswith(" "):
            n = None                        # the list ended
    return seen


def _id_pattern(spec_num: str):
    return re.compile(rf"\b{spec_num} (T-\d+|T\d+(?:\.\d+)+|[A-Z]{{2,}}-[a-z0-9]+"
                      rf"|§\d+(?:\.\d+)* #\d+)\b")


def cited(spec_num: str, roots=("tests",)) -> set[str]:
    """Statement ids cited by tests (every .py/.yaml/.md file but NOT-TESTED.md)."""
    pat = _id_pattern(spec_num)
    return {m.group(1) for text in _texts(roots, False) for m in pat.finditer(text)}


def not_tested(spec_num: str, roots=("tests",)) -> set[str]:
    """Statement ids listed in a NOT-TESTED.md, with the reason."""
    pat = _id_pattern(spec_num)
    return {m.group(1) for text in _texts(roots, True) for m in pat.finditer(text)}


def _cards(spec_path: str) -> list[dict]:
    import json
    cards_path = spec_path.replace(".SPEC.md", ".CARDS.json")
    if cards_path == spec_path or not os.path.exists(cards_path):
        return []
    with open(cards_path, encoding="utf-8") as f:
        data = json.load(f)
    return data if isinstance(data, list) else data.get("cards", [])


def _set(card: dict) -> str:
    """A card's set, or 'other' if it has none or is only mentioned inside a ruling."""
    return "other" if card.get("referenced_only") or not card.get("set") else card["set"]


def _card_rulings(card: dict) -> list[str]:
    # A ruling that opens with a statement id ("T-430: Given ...") is that statement,
    # counted once under its statement id, not again as "Card R1".
    return [f"{card['name']} R{i}" for i, text in enumerate(card.get("rulings") or [], 1)
            if not _STMT_ID.match(text)]


def rulings(spec_path: str) -> list[str]:
    """The card rulings of the spec's CARDS.json ('Giant Growth R1'), if it has one.
    A card printed twice in the document is one object there, its rulings numbered on."""
    return [r for c in _cards(spec_path) for r in _card_rulings(c)]


def _texts(roots, not_tested_files: bool):
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for fn in files:
                if fn.endswith((".py", ".yaml", ".yml", ".md")) and (fn == "NOT-TESTED.md") == not_tested_files:
                    with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                        yield f.read()


def cited_rulings(spec_num: str, ids, roots=("tests",), not_tested_files=False) -> set[str]:
    pats = {r: re.compile(rf"\b{spec_num} {re.escape(r)}(?!\d)") for r in ids}
    out = set()
    for text in _texts(roots, not_tested_files):
        for r, pat in pats.items():
            if r not in out and pat.search(text):
                out.add(r)
    return out


def report(spec_path: str, roots=("tests",)) -> dict:
    num = os.path.basename(spec_path)[:3]
    rs = rulings(spec_path)
    allst = statements(spec_path) + rs
    c = cited(num, roots) | cited_rulings(num, rs, roots)
    nt = not_tested(num, roots) | cited_rulings(num, rs, roots, not_tested_files=True)
    missing = [s for s in allst if s not in c and s not in nt]
    rset = set(rs)
    cards = _cards(spec_path)
    ruled = {_set(card) for card in cards if _card_rulings(card)}
    by_set = {}             # set -> cards, rulings, covered; a set without rulings is 'other'
    for card in cards:
        key = _set(card) if _set(card) in ruled else "other"
        row = by_set.setdefault(key, {"cards": 0, "rulings": 0, "covered": 0})
        row["cards"] += 1
        for r in _card_rulings(card):
            row["rulings"] += 1
            row["covered"] += r in c
    order = sorted(by_set, key=lambda s: (s == "other", -by_set[s]["cards"]))
    return {"by_set": {s: by_set[s] for s in order},
            "spec": num, "total": len(allst), "covered": sum(1 for s in allst if s in c),
            "not_tested": sum(1 for s in allst if s in nt and s not in c), "missing": missing,
            "rulings": len(rs), "rulings_covered": sum(1 for s in rs if s in c),
            "statements": len(allst) - len(rs),
            "statements_covered": sum(1 for s in allst if s in c and s not in rset)}
