"""mtg-ecs coverage: the unnamed items of a section's "Testable statements:" list
(cited as the spec number, then '§2.2 #3') and the card rulings split by set
(shared/spec/README.md).

Citations in these tests use the made-up spec number 009, so that they don't count
as covering a real spec."""
import json
import os

import pytest

from mtg_ecs.apps.cli import main
from mtg_ecs.apps.coverage import report, rulings, statements

SPECS = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "spec")
SNC = os.path.join(SPECS, "002-snc-release-notes.SPEC.md")

DEMO = """## 1. Legality

Testable statements:
1. **T-1** has its own id, so it is counted as T-1 only.
2. has none: §1 #2.

### 2.2 Connive

Rules:
1. A rule, not a statement.

Testable statements:
""" + "".join(f"{i}. statement {i}\n" for i in range(1, 11)) + """
After the list.
1. Not a statement either.

#### A card entry
Testable statements:
1. Under a heading without a number: no § id.
"""


def _demo(tmp_path, cites):
    spec = tmp_path / "009-demo.SPEC.md"
    spec.write_text(DEMO, encoding="utf-8")
    (tmp_path / "009-demo.CARDS.json").write_text(json.dumps([
        {"name": "Raffine, Scheming Seer", "set": "SNC", "rulings": ["a", "b", "c"]},
        {"name": "Boon of Safety", "set": "SNC", "rulings": ["a"]},
        {"name": "Vampire Nighthawk", "set": "NCC", "rulings": ["a", "b"]},
        {"name": "Skullclamp", "set": "MRD", "referenced_only": True, "rulings": []}]))
    tests = tmp_path / "t"
    tests.mkdir()
    (tests / "test_x.py").write_text(f'"""{cites}"""\n', encoding="utf-8")
    return str(spec), str(tests)


def test_section_statements_are_the_unnamed_items_of_testable_statements_lists(tmp_path):
    spec, _ = _demo(tmp_path, "")
    assert statements(spec) == ["T-1", "§1 #2"] + [f"§2.2 #{i}" for i in range(1, 11)]


def test_a_section_statement_and_a_ruling_cited_are_covered_and_1_is_not_10(tmp_path):
    spec, tests = _demo(tmp_path, "009 §2.2 #10, 009 §1 #2 and 009 Raffine, Scheming Seer R3")
    r = report(spec, [tests])
    assert r["statements"] == 12 and r["statements_covered"] == 2
    assert "§2.2 #1" in r["missing"] and "§2.2 #10" not in r["missing"]
    assert "Raffine, Scheming Seer R1" in r["missing"]
    assert "Raffine, Scheming Seer R3" not in r["missing"]
    assert r["by_set"] == {"SNC": {"cards": 2, "rulings": 4, "covered": 1},
                           "NCC": {"cards": 1, "rulings": 2, "covered": 0},
                           "other": {"cards": 1, "rulings": 0, "covered": 0}}


def test_cli_prints_the_rulings_by_set(tmp_path, capsys):
    spec, tests = _demo(tmp_path, "009 §2.2 #3 009 Vampire Nighthawk R2")
    assert main(["coverage", spec, "--tests", tests]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("009: 2/18 statements cited by tests (testable statements 1/12, "
                             "card rulings 1/6)")
    assert out[1] == ("  card rulings by set: SNC 0/4 (2 cards), NCC 1/2 (1 cards), "
                      "other 0/0 (1 cards)")


@pytest.mark.skipif(not os.path.exists(SNC), reason="shared/spec not checked out")
def test_002_counts_48_statements_and_its_rulings_by_set():
    st = statements(SNC)
    assert len(st) == 48 and st[0] == "§2.1 #1" and st[-1] == "§2.7 #6"
    rs = rulings(SNC)
    # A card printed twice (A Little Chat in §2.9 and §3.2) is one object, rulings numbered on
    assert len(rs) == len(set(rs)) == 336 and "A Little Chat R5" in rs
    r = report(SNC, [])
    assert r["statements"] == 48 and r["rulings"] == 336 and r["total"] == 384
    assert r["by_set"] == {"SNC": {"cards": 98, "rulings": 217, "covered": 0},
                           "NCC": {"cards": 40, "rulings": 119, "covered": 0},
                           "other": {"cards": 8, "rulings": 0, "covered": 0}}


@pytest.mark.skipif(not os.path.exists(SNC), reason="shared/spec not checked out")
def test_003_counts_its_108_section_statements_and_000_none():
    def sections(name):
        return [s for s in statements(os.path.join(SPECS, name)) if s.startswith("§")]
    assert len(sections("003-40k-commander.SPEC.md")) == 108
    assert sections("000-basic-rulebook.SPEC.md") == []
