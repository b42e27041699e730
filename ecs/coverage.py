"""Which testable statements of a spec the tests cite (shared/spec/README.md).

A test cites a statement as `000 T-123` (spec number, then the statement id) and
a card ruling as `001 Giant Growth R1`. `mtg-ecs coverage SPEC.md` lists what is
covered, what is listed in a NOT-TESTED.md, and what is missing.
"""
from __future__ import annotations

import os
import re

_STMT = re.compile(r"\*\*(T-\d+|T\d+(?:\.\d+)+|[A-Z]{2,}-[a-z0-9]+)\*\*")


def statements(spec_path: str) -> list[str]:
    with open(spec_path, encoding="utf-8") as f:
        text = f.read()
    seen = []
    for m in _STMT.finditer(text):
        if m.group(1) not in seen:
            seen.append(m.group(1))
    return seen


def cited(spec_num: str, roots=("tests",)) -> set[str]:
    pat = re.compile(rf"\b{spec_num} (T-\d+|T\d+(?:\.\d+)+|[A-Z]{{2,}}-[a-z0-9]+)\b")
    out = set()
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for fn in files:
                if fn.endswith((".py", ".yaml", ".yml", ".md")):
                    with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                        text = f.read()
                    if fn == "NOT-TESTED.md":
                        continue
                    out.update(m.group(1) for m in pat.finditer(text))
    return out


def not_tested(spec_num: str, roots=("tests",)) -> set[str]:
    pat = re.compile(rf"\b{spec_num} (T-\d+|T\d+(?:\.\d+)+|[A-Z]{{2,}}-[a-z0-9]+)\b")
    out = set()
    for root in roots:
        for dirpath, _, files in os.walk(root):
            if "NOT-TESTED.md" in files:
                with open(os.path.join(dirpath, "NOT-TESTED.md"), encoding="utf-8") as f:
                    out.update(m.group(1) for m in pat.finditer(f.read()))
    return out


def report(spec_path: str, roots=("tests",)) -> dict:
    num = os.path.basename(spec_path)[:3]
    allst = statements(spec_path)
    c = cited(num, roots)
    nt = not_tested(num, roots)
    missing = [s for s in allst if s not in c and s not in nt]
    return {"spec": num, "total": len(allst), "covered": sum(1 for s in allst if s in c),
            "not_tested": sum(1 for s in allst if s in nt and s not in c), "missing": missing}
