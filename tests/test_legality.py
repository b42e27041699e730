"""Card legality in formats (ecs/apps/legality.py, data in ecs/apps/data/): spec 002 §2.1's
three statements, the set table and printing data, deck checks by format, the CLI."""
from __future__ import annotations

import json
import os
from datetime import date

import pytest

from mtg_ecs.apps import decklist, legality as lg
from mtg_ecs.apps.cli import main
from mtg_ecs.apps.legality import legality, LegalityError, sets_in
from mtg_ecs.cards import all_cards, UnknownCard
from mtg_ecs.components.definitions import make_card

ORACLE = os.path.join(os.path.dirname(__file__), "data", "oracle-2022.json")
SNC_CARD = "Echo Inspector"          # registered; SNC #40
NCC_NEW = "Change of Plans"          # NCC #24: printed first in New Capenna Commander
TODAY = "2026-11-26"


# --- spec 002 §2.1 -------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["standard", "pioneer", "modern", "commander"])
def test_snc_cards_are_legal_in_standard_pioneer_modern_commander(fmt):
    """002 §2.1 #1: an SNC card is legal in Standard, Pioneer, Modern and Commander (Standard
    as of the release, April 2022, the default date)."""
    v = legality(SNC_CARD, fmt)
    assert v.legal and v.as_of == date(2022, 4, 29)
    assert "Streets of New Capenna (SNC)" in v.reason
    assert legality(SNC_CARD, fmt, printing="SNC:40").legal


def test_snc_has_rotated_out_of_standard_since():
    """002 §2.1 #1 and §7: SNC has since rotated out of Standard (2023-09-08); the Pioneer,
    Modern and Commander statements still hold."""
    assert legality(SNC_CARD, "standard", as_of="2023-09-07").legal
    v = legality(SNC_CARD, "standard", as_of=TODAY)
    assert not v.legal
    assert "SNC left Standard on 2023-09-08" in v.reason
    assert "printings after 2022-04-29 are not in the data" in v.reason
    for fmt in ("pioneer", "modern", "commander"):
        assert legality(SNC_CARD, fmt, as_of=TODAY).legal


def test_standard_at_snc_release_is_the_eight_sets():
    """002 §2.1 rule 2 (the document's garbled list read as eight sets): Standard from SNC's
    release is ZNR, KHM, STX, AFR, MID, VOW, NEO, SNC."""
    assert [s.code for s in sets_in("standard")] == \
        ["ZNR", "KHM", "STX", "AFR", "MID", "VOW", "NEO", "SNC"]
    assert [s.code for s in sets_in("standard", "2022-04-28")] == \
        ["ZNR", "KHM", "STX", "AFR", "MID", "VOW", "NEO"]


@pytest.mark.parametrize("number", ["24", "120"])
def test_ncc_new_cards_are_legal_in_commander_legacy_vintage_not_modern(number):
    """002 §2.1 #2: NCC #1-93 and their special versions #94-185 are legal in Commander,
    Legacy and Vintage; not in Modern (nor Pioneer, Standard)."""
    printing = f"NCC:{number}"
    for fmt in ("commander", "legacy", "vintage"):
        v = legality(NCC_NEW, fmt, printing=printing)
        assert v.legal and v.printing == printing
        assert "a new card of NCC" in v.reason
    for fmt in ("modern", "pioneer", "standard"):
        v = legality(NCC_NEW, fmt, printing=printing)
        assert not v.legal
        assert "no printing in a set of" in v.reason and "(NCC)" in v.reason
    assert not legality(NCC_NEW, "modern").legal       # by name too: NCC is its only printing


@pytest.mark.parametrize("card, legal_in", [
    ("Cultivate", {"pioneer", "modern", "legacy", "vintage", "commander"}),    # M11 .. M21
    ("Inferno Titan", {"modern", "legacy", "vintage", "commander"}),           # M11, M12
    ("Ponder", {"modern", "legacy", "vintage", "commander"}),                  # LRW, M10, M12
])
def test_ncc_reprints_are_legal_where_the_card_already_was(card, legal_in):
    """002 §2.1 #3: an NCC reprint (#191 and up) is legal exactly where the card's other
    printings make it legal."""
    for fmt in lg.FORMATS:
        v = legality(card, fmt, printing="NCC:250")
        assert v.legal == (fmt in legal_in) == legality(card, fmt).legal, fmt
        assert v.reason.startswith("a reprint in NCC, legal where the card already was")


def test_ncc_numbers_must_fit_the_card():
    """002 §2.1 #2, #3: #1-185 are new cards, #191 on reprints; 186-190 are not covered."""
    with pytest.raises(LegalityError, match="reprint in NCC: NCC:20 is a new card's number"):
        legality("Cultivate", "modern", printing="NCC:20")
    with pytest.raises(LegalityError, match="new in NCC: NCC:200 is a reprint card's number"):
        legality(NCC_NEW, "modern", printing="NCC:200")
    with pytest.raises(LegalityError, match="no rule for this number"):
        legality(NCC_NEW, "modern", printing="NCC:188")
    with pytest.raises(LegalityError, match="Change of Plans is NCC:24, not NCC:25"):
        legality(NCC_NEW, "modern", printing="NCC:25")


# --- the rules of each format --------------------------------------------------------
def test_format_boundaries():
    """Pioneer from Return to Ravnica, Modern from Eighth Edition, eternal formats all."""
    pioneer = {s.code for s in sets_in("pioneer")}
    assert "RTR" in pioneer and "M13" not in pioneer and "MH2" not in pioneer
    modern = {s.code for s in sets_in("modern")}
    assert {"8ED", "MH2", "SNC"} <= modern and not {"SCG", "NCC", "MMA", "C13"} & modern
    legacy = {s.code for s in sets_in("legacy")}
    assert {"LEA", "NCC", "MMA", "SCG"} <= legacy
    assert not {"WC97", "CED", "UGL", "MED"} & legacy
    assert {s.code for s in sets_in("commander")} == legacy == {s.code for s in sets_in("vintage")}


def test_rotations_of_the_tracked_standard():
    assert [s.code for s in sets_in("standard", "2019-10-04")] == ["GRN", "RNA", "WAR", "M20", "ELD"]
    assert [s.code for s in sets_in("standard", "2020-09-25")] == ["ELD", "THB", "IKO", "M21", "ZNR"]
    assert [s.code for s in sets_in("standard", "2022-09-09")] == ["MID", "VOW", "NEO", "SNC"]
    assert sets_in("standard", TODAY) == []
    with pytest.raises(LegalityError, match="Standard before 2019-10-04 is not modelled"):
        sets_in("standard", "2015-01-01")


def test_a_card_is_not_legal_before_it_was_printed():
    v = legality(SNC_CARD, "legacy", as_of="2022-04-28")
    assert not v.legal and v.reason == "not yet printed (first printing 2022-04-29)"


def test_a_printing_that_is_not_tournament_legal_is_never_legal():
    """A gold-bordered World Championship Decks card: not legal, though Earthquake is."""
    assert legality("Earthquake", "legacy").legal
    v = legality("Earthquake", "legacy", printing="WC97:1")
    assert not v.legal
    assert v.reason == "the World Championship Decks 1997 printing is not tournament legal"


def test_legal_answers_say_banned_lists_are_not_in_the_data():
    assert "banned and restricted lists are not in the data" in legality("Ponder", "modern").reason
    assert "NOT in the data: banned and restricted lists" in lg.__doc__


def test_the_module_examples_run():
    import doctest
    assert doctest.testmod(lg).failed == 0


def test_collector_numbers_ignore_leading_zeros():
    assert legality(NCC_NEW, "legacy", printing="ncc:024").printing == "NCC:24"


def test_unknown_card_format_printing_and_date_are_clear_errors():
    with pytest.raises(UnknownCard) as ei:
        legality("Echo Inspecter", "modern")
    assert ei.value.matches[0] == SNC_CARD
    assert legality("echo inspector", "modern").card == SNC_CARD
    with pytest.raises(LegalityError, match="unknown format 'extended'"):
        legality(SNC_CARD, "extended")
    with pytest.raises(LegalityError, match="expected SET:NUMBER"):
        legality(SNC_CARD, "modern", printing="SNC")
    with pytest.raises(LegalityError, match=r"unknown set SNX \(did you mean: STX, SNC\?\)"):
        legality(SNC_CARD, "modern", printing="SNX:40")
    with pytest.raises(LegalityError, match="Echo Inspector has no M10 printing"):
        legality(SNC_CARD, "modern", printing="M10:1")
    with pytest.raises(LegalityError, match="Echo Inspector is SNC:40, not SNC:41"):
        legality(SNC_CARD, "modern", printing="SNC:41")
    with pytest.raises(LegalityError, match="is not a date"):
        legality(SNC_CARD, "modern", as_of="April 2022")


def test_a_card_without_printings_is_not_legal():
    extra = {"Test Bear": make_card("Test Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))}
    v = legality("Test Bear", "legacy", extra=extra)
    assert not v.legal and "no printing of Test Bear in the data" in v.reason


# --- the data ------------------------------------------------------------------------
def test_printings_are_the_oracle_data_sets_seen():
    with open(ORACLE, encoding="utf-8") as f:
        oracle = {c["name"]: c["sets_seen"] for c in json.load(f)["cards"]}
    prints = lg.printings()
    for name, seen in oracle.items():
        assert list(prints[name]) == seen, name
    warhammer = {n for n, p in prints.items() if list(p) == ["40K"]}      # spec 003's 40K cards
    assert len(warhammer) == 82
    assert sorted(set(prints) - set(oracle) - warhammer) == [
        "Demon's Horn", "Dragon's Claw", "Drowned Catacomb", "Glacial Fortress",
        "Rootbound Crag", "Sol Ring", "Sunpetal Grove", "Wurm's Tooth"]


def test_every_registered_card_has_printings():
    """So a deck of registered cards can be checked in every format."""
    assert [n for n in all_cards() if n not in lg.printings()] == []


def test_the_set_table_covers_the_data_and_is_consistent():
    table = lg.sets()
    named = {code for p in lg.printings().values() for code in p}
    assert named <= set(table)
    for s in table.values():
        if s.kind in ("core", "expansion"):
            assert s.released is not None, s.code
        if s.standard_until is not None:
            assert s.kind in ("core", "expansion") and s.released < s.standard_until, s.code
    for name, p in lg.printings().items():     # undated printings count from a dated one
        assert any(table[c].released for c in p), name
    assert table["SNC"].released == table["NCC"].released == lg.DATA_DATE


def test_the_data_ships_with_the_package():
    import tomllib
    root = os.path.dirname(os.path.dirname(__file__))
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        data = tomllib.load(f)["tool"]["setuptools"]["package-data"]["mtg_ecs.apps"]
    assert {"data/*.csv", "data/*.json"} <= set(data)


# --- decks by format -----------------------------------------------------------------
SNC_SPELLS = ["Attended Socialite", "Backstreet Bruiser", "Body Launderer", "Devilish Valet",
              "Echo Inspector", "Ledger Shredder", "Metropolis Angel", "Psychic Pickpocket",
              "Raffine's Silencer", "Reservoir Kraken"]


def test_a_standard_deck_of_snc_cards():
    main_deck = [n for n in SNC_SPELLS for _ in range(4)] + ["Island"] * 20
    decklist.validate(main_deck, [], "standard")
    with pytest.raises(decklist.DeckInvalid) as ei:
        decklist.validate(main_deck, ["Cultivate"], "standard", as_of=TODAY)
    assert ei.value.problems[0].startswith("Attended Socialite is not legal in standard: ")
    assert any(p.startswith("Cultivate is not legal in standard") for p in ei.value.problems)
    assert len(ei.value.problems) == len(SNC_SPELLS) + 2     # Island and Cultivate too


def test_constructed_rules_hold_in_the_named_formats():
    main_deck = [n for n in SNC_SPELLS for _ in range(4)] + ["Island"] * 19 + [SNC_CARD]
    found = decklist.problems(main_deck, ["Island"] * 16, "vintage")
    assert found == ["the sideboard has 16 cards; vintage allows at most 15 (CR 100.4a)",
                     "5 copies of Echo Inspector; at most 4 of a card other than a basic "
                     "land (CR 100.2a)"]


def test_a_modern_deck_of_a_sample_deck():
    from mtg_ecs.apps.simulate import sample_decks     # (the installed package's decks)
    deck = decklist.load(sample_decks()["green-red-beasts"])
    decklist.validate(deck.main, deck.sideboard, "modern")
    assert decklist.problems(deck.main, deck.sideboard, "pioneer")     # Magic 2013 cards


def test_a_commander_deck_is_100_singleton():
    """CR 903.5a (exactly 100 cards, the commander included), 903.5b (singleton except
    basic lands); a commander card from NCC is legal there."""
    spells = SNC_SPELLS + [NCC_NEW] if NCC_NEW in all_cards() else SNC_SPELLS
    main_deck = spells + ["Island"] * (100 - len(spells))
    decklist.validate(main_deck, [], "commander")
    found = decklist.problems(main_deck[:-1] + [SNC_CARD], [], "commander")
    assert found == ["2 copies of Echo Inspector; one copy of a card other than a basic land "
                     "(CR 903.5b)"]
    found = decklist.problems(main_deck[:-1], [], "commander")
    assert found == ["the main deck has 99 cards; commander needs exactly 100, the commander "
                     "included (CR 903.5a)"]


# --- the command line ----------------------------------------------------------------
def test_cli_legality_lists_every_format(capsys):
    assert main(["legality", "echo inspector"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Echo Inspector, as of 2022-04-29, the data's date:"
    assert [line.split()[:2] for line in out[1:7]] == [[f, "legal"] for f in lg.FORMATS]
    assert out[-1] == ("Note: banned and restricted lists are not in the data "
                       "(see Magic.Wizards.com/Formats).")


def test_cli_legality_one_format_printing_and_date(capsys):
    assert main(["legality", NCC_NEW, "--format", "modern", "--printing", "ncc:24",
                 "--as-of", TODAY]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{NCC_NEW} (NCC:24), as of {TODAY}:\n  modern     not legal  "
                          "a new card of NCC (002 §2.1)")


def test_cli_legality_errors(capsys):
    assert main(["legality", "Cultvate"]) == 2
    assert capsys.readouterr().err == ("mtg-ecs legality: unknown card: Cultvate (did you "
                                       "mean: Cultivate?)\n")
    assert main(["legality", "Cultivate", "--printing", "NCC:5"]) == 2
    assert "NCC:5 is a new card's number" in capsys.readouterr().err


def test_simulate_formats_follow_the_deck_formats(capsys):
    assert main(["simulate", "--deck", "green-red-beasts", "--deck", "esper-fliers",
                 "--format", "modern", "--games", "1"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--deck", "green-red-beasts", "--deck", "esper-fliers",
                 "--format", "standard", "--games", "1"]) == 2
    assert "is not legal in standard" in capsys.readouterr().err
