"""Card legality of the Warhammer 40,000 Commander set (40K): spec 003 §1's three statements,
answered by `mtg-ecs legality` from the printing data for cards the engine doesn't play."""
from __future__ import annotations

import json
import os
from datetime import date

import pytest

from mtg_ecs.apps import legality as lg
from mtg_ecs.apps.cli import main
from mtg_ecs.apps.legality import LegalityError, legality
from mtg_ecs.cards import is_registered

RELEASE = "2022-10-07"
TODAY = "2026-11-26"
CARDS_003 = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "shared", "spec",
                         "003-40k-commander.CARDS.json")


def test_the_40k_set_is_a_commander_product_released_2022_10_07():
    """003 §0-§1: set code 40K, released 7 October 2022, a Commander product (legal where
    every tournament-legal set is: Legacy, Vintage, Commander)."""
    s = lg.sets()["40K"]
    assert (s.name, s.released, s.kind) == ("Warhammer 40,000 Commander", date(2022, 10, 7), "eternal")
    assert "40K" in {x.code for x in lg.sets_in("commander", RELEASE)}
    assert "40K" not in {x.code for x in lg.sets_in("commander")}     # not out yet on 2022-04-29


@pytest.mark.parametrize("as_of", [RELEASE, TODAY])
def test_new_40k_cards_are_legal_in_commander_legacy_vintage_only(as_of):
    """003 §1 #1: a 40K card with collector number 1-176 (Zoanthrope, #149) is legal in
    Commander, Legacy and Vintage, and not in Standard, Pioneer or Modern; the engine
    doesn't play Zoanthrope: legality goes by name and printings."""
    assert not is_registered("Zoanthrope")
    for fmt in ("commander", "legacy", "vintage"):
        v = legality("Zoanthrope", fmt, printing="40K:149", as_of=as_of)
        assert v.legal and "a new card of 40K (003 §1)" in v.reason, fmt
        assert legality("Zoanthrope", fmt, as_of=as_of).legal
    for fmt in ("standard", "pioneer", "modern"):
        v = legality("Zoanthrope", fmt, printing="40K:149", as_of=as_of)
        assert not v.legal and "(40K)" in v.reason, fmt
    with pytest.raises(LegalityError, match="unknown format 'pauper'"):    # not modelled
        legality("Zoanthrope", "pauper", as_of=as_of)


def test_a_40k_card_is_not_legal_before_the_release():
    v = legality("Zoanthrope", "commander", as_of="2022-10-06")
    assert not v.legal and v.reason == "not yet printed (first printing 2022-10-07)"


def test_40k_reprints_keep_the_cards_legality():
    """003 §1 #2: a 40K reprint (#181-317, #322: Sol Ring, #249) is legal exactly where the
    card already was: its 40K printing adds nothing (Sol Ring: eternal formats only)."""
    for fmt in lg.FORMATS:
        if fmt == "standard":
            continue
        v = legality("Sol Ring", fmt, printing="40K:249", as_of=RELEASE)
        assert v.legal == legality("Sol Ring", fmt, as_of="2022-10-06").legal \
            == (fmt in ("legacy", "vintage", "commander")), fmt
        assert v.reason.startswith("a reprint in 40K, legal where the card already was (003 §1)")
    assert not legality("Sol Ring", "standard", printing="40K:322", as_of=RELEASE).legal


def test_40k_alternate_printings_go_by_the_oracle_card_and_are_flagged():
    """003 §1 #3: numbers 177-180 and 318-321 (alternate printings of the commanders, #1-8)
    are not covered by the document: their legality is the Oracle card's, and the answer
    says it is not stated (for review)."""
    for number in ("178", "320"):
        v = legality("Imotekh the Stormlord", "commander", printing=f"40K:{number}", as_of=RELEASE)
        assert v.legal and "not stated by the release notes" in v.reason
        assert not legality("Imotekh the Stormlord", "modern", printing=f"40K:{number}", as_of=RELEASE).legal
    with pytest.raises(LegalityError, match="a reprint in 40K: 40K:178 is an alternate"):
        legality("Sol Ring", "commander", printing="40K:178", as_of=RELEASE)
    with pytest.raises(LegalityError, match="Zoanthrope is 40K:149, not a commander"):
        legality("Zoanthrope", "commander", printing="40K:179", as_of=RELEASE)


def test_40k_numbers_must_fit_the_card():
    """003 §1: #1-176 are new cards, #181-317 and #322 reprints."""
    with pytest.raises(LegalityError, match="Zoanthrope is new in 40K: 40K:249 is a reprint"):
        legality("Zoanthrope", "commander", printing="40K:249", as_of=RELEASE)
    with pytest.raises(LegalityError, match="Sol Ring is a reprint in 40K: 40K:20 is a new"):
        legality("Sol Ring", "commander", printing="40K:20", as_of=RELEASE)
    with pytest.raises(LegalityError, match="Zoanthrope is 40K:149, not 40K:150"):
        legality("Zoanthrope", "commander", printing="40K:150", as_of=RELEASE)
    with pytest.raises(LegalityError, match="no rule for this number"):
        legality("Zoanthrope", "commander", printing="40K:400", as_of=RELEASE)


def test_the_40k_cards_of_spec_003_are_in_the_data():
    """Every card the 003 document gives as a 40K card has its 40K printing."""
    if not os.path.exists(CARDS_003):
        pytest.skip("the spec files are not beside this checkout")
    with open(CARDS_003, encoding="utf-8") as f:
        cards = [c["name"] for c in json.load(f) if c["set"] == "40K"]
    assert len(cards) == 82
    prints = lg.printings()
    assert [n for n in cards if list(prints.get(n, {})) != ["40K"]] == []


def test_cli_answers_for_a_40k_card(capsys):
    assert main(["legality", "Zoanthrope", "--format", "commander", "--printing", "40K:149",
                 "--as-of", RELEASE]) == 0
    out = capsys.readouterr().out
    assert "Zoanthrope (40K:149), as of 2022-10-07:" in out
    assert "commander  legal      a new card of 40K (003 §1)" in out
    assert "Zoanthrope is not registered" in out
