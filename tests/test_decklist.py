"""Decklists and deck-construction rules (ecs/decklist.py; CR 100.2, 100.4)."""
from __future__ import annotations

import pytest

from mtg_ecs.cards import get_card
from mtg_ecs.components.definitions import make_card
from mtg_ecs.apps import decklist
from mtg_ecs.apps.decklist import DeckInvalid, DecklistParseError, parse, validate, problems

FILLER = ["Centaur Courser", "Canyon Minotaur", "Serra Angel", "Wind Drake", "Arbor Elf",
          "Searing Spear", "Titanic Growth", "Unsummon", "Divination", "Fog"]


def deck(n, **copies):
    """A deck of n cards: the named copies, then Forests (basic) to fill it up."""
    out = []
    for name, k in copies.items():
        out += [name.replace("_", " ")] * k
    assert len(out) <= n
    return out + ["Forest"] * (n - len(out))


def spread(n):
    """n cards, at most 4 of each nonbasic card, no basics."""
    out = []
    for name in FILLER:
        out += [name] * 4
    assert n <= len(out)
    return out[:n]


# --- reading -------------------------------------------------------------------------
def test_parse_sections_comments_and_counts():
    """The decklist text format: counts, headers, comments, blank lines."""
    d = parse("""
        # my red-green deck
        // made for testing
        Deck
        20 Mountain
        4x Searing Spear   # burn

        Furnace Whelp
        Sideboard:
        2 Fog
        1 Erase
    """)
    assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4 + ["Furnace Whelp"]
    assert d.sideboard == ["Fog", "Fog", "Erase"]


def test_parse_without_headers_is_all_main_deck_and_ignores_case():
    d = parse("4 centaur courser\n2 FOREST\n")
    assert d.main == ["Centaur Courser"] * 4 + ["Forest"] * 2
    assert d.sideboard == []


def test_parse_reports_every_unknown_card_at_once_with_close_matches():
    text = "4 Serra Angle\n20 Forest\n3 Centuar Courser\n4 No Such Test Card\n2 Mountian\n"
    with pytest.raises(DecklistParseError) as ei:
        parse(text)
    err = ei.value
    assert set(err.unknown) == {"Serra Angle", "Centuar Courser", "No Such Test Card", "Mountian"}
    assert "Serra Angel" in err.unknown["Serra Angle"]
    assert "Centaur Courser" in err.unknown["Centuar Courser"]
    assert "Mountain" in err.unknown["Mountian"]
    msg = str(err)
    assert "line 1" in msg and "line 3" in msg and "line 4" in msg and "line 5" in msg
    assert "did you mean: Serra Angel" in msg


def test_parse_reports_malformed_lines():
    with pytest.raises(DecklistParseError) as ei:
        parse("0 Forest\n4Forest\n-2 Island\n4 Island\n")
    assert len(ei.value.problems) == 3


def test_parse_knows_test_only_cards():
    bear = make_card("Test Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))
    d = parse("4 Test Bear\n", extra={"Test Bear": bear})
    assert d.main == ["Test Bear"] * 4


def test_load_from_file(tmp_path):
    p = tmp_path / "deck.txt"
    p.write_text("Deck\n60 Island\nSideboard\n15 Plains\n", encoding="utf-8")
    d = decklist.load(str(p))
    assert len(d.main) == 60 and len(d.sideboard) == 15
    d.validate("constructed")


# --- constructed (CR 100.2a, 100.4a) ------------------------------------------------------
def test_constructed_minimum_sixty():
    """000 T-116: a constructed deck of 59 cards is not legal; 60 or more is, with no maximum."""
    with pytest.raises(DeckInvalid) as ei:
        validate(spread(40) + ["Forest"] * 19, [], "constructed")
    assert "59 cards" in str(ei.value) and "at least 60" in str(ei.value)
    validate(spread(40) + ["Forest"] * 20, [], "constructed")
    validate(spread(40) + ["Forest"] * 200, [], "constructed")


def test_constructed_four_copies():
    """000 T-117: five Centaur Coursers are not legal in constructed; four are."""
    with pytest.raises(DeckInvalid) as ei:
        validate(deck(60, Centaur_Courser=5), [], "constructed")
    assert "5 copies of Centaur Courser" in str(ei.value)
    validate(deck(60, Centaur_Courser=4), [], "constructed")


def test_basic_lands_have_no_copy_limit():
    """000 T-118, 000 T-446: any number of basic lands (30 Forests, 60 Mountains) is legal."""
    validate(deck(60, Forest=30, Mountain=30), [], "constructed")
    validate(["Mountain"] * 60, [], "constructed")
    validate(["Mountain"] * 60, ["Mountain"] * 15, "constructed")


def test_nonbasic_land_is_limited_to_four():
    """000 T-119, 000 T-278: Dragonskull Summit has no basic supertype, so it is a nonbasic
    land and five copies are not legal; four are."""
    summit = get_card("Dragonskull Summit")
    assert "Land" in summit.types and "Basic" not in summit.supertypes
    assert not decklist.is_basic_land(summit)
    assert decklist.is_basic_land(get_card("Mountain"))
    with pytest.raises(DeckInvalid) as ei:
        validate(deck(60, Dragonskull_Summit=5), [], "constructed")
    assert "5 copies of Dragonskull Summit" in str(ei.value)
    validate(deck(60, Dragonskull_Summit=4), [], "constructed")


def test_basic_is_the_supertype_not_the_land_type():
    """000 T-278: a nonbasic land with a basic land type (a Forest) is still limited to four."""
    grove = make_card("Test Grove", None, "Land — Forest")
    extra = {"Test Grove": grove}
    with pytest.raises(DeckInvalid):
        validate(deck(60, Test_Grove=5), [], "constructed", extra=extra)
    validate(deck(60, Test_Grove=4), [], "constructed", extra=extra)


def test_copy_limit_counts_deck_and_sideboard_together():
    """000 T-340: 3 Centaur Coursers in a 60-card deck plus 2 in the sideboard is 5: illegal."""
    with pytest.raises(DeckInvalid) as ei:
        validate(deck(60, Centaur_Courser=3), ["Centaur Courser"] * 2, "constructed")
    msg = str(ei.value)
    assert "5 copies of Centaur Courser" in msg and "3 in the main deck, 2 in the sideboard" in msg
    validate(deck(60, Centaur_Courser=3), ["Centaur Courser"], "constructed")


def test_sideboard_up_to_fifteen():
    """000 T-341 [CUR]: a constructed sideboard of 10 (or 0, or 15) cards is legal today
    (CR 100.4a: no more than fifteen); 16 is not."""
    main = spread(40) + ["Forest"] * 20
    for n in (0, 10, 15):
        validate(main, ["Island"] * n, "constructed")
    with pytest.raises(DeckInvalid) as ei:
        validate(main, ["Island"] * 16, "constructed")
    assert "16 cards" in str(ei.value) and "at most 15" in str(ei.value)


def test_every_problem_is_reported_at_once():
    """000 T-116, 000 T-117, 000 T-341: one error lists all the problems."""
    main = ["Centaur Courser"] * 5 + ["Dragonskull Summit"] * 6 + ["Forest"] * 40
    with pytest.raises(DeckInvalid) as ei:
        validate(main, ["Island"] * 16, "constructed")
    err = ei.value
    assert len(err.problems) == 4
    assert err.format == "constructed"
    assert problems(main, ["Island"] * 16, "constructed") == err.problems


def test_unknown_names_in_validate_are_problems():
    with pytest.raises(DeckInvalid) as ei:
        validate(["Forest"] * 59 + ["Serra Angle"], [], "constructed")
    assert "Serra Angel" in str(ei.value)


# --- limited (CR 100.2b, 100.4b) ------------------------------------------------------------
def test_limited_minimum_forty():
    """000 T-152: a limited deck of 39 cards is not legal; 40 is."""
    with pytest.raises(DeckInvalid) as ei:
        validate(spread(22) + ["Forest"] * 17, [], "limited")
    assert "39 cards" in str(ei.value) and "at least 40" in str(ei.value)
    validate(spread(23) + ["Forest"] * 17, [], "limited")


def test_limited_has_no_copy_limit():
    """000 T-153: five copies of a nonbasic card are legal in limited (CR 100.2b), and
    the sideboard (all unused cards of the pool) has no size limit (CR 100.4b)."""
    main = ["Centaur Courser"] * 5 + ["Dragonskull Summit"] * 6 + ["Forest"] * 29
    validate(main, ["Fog"] * 45, "limited")
    with pytest.raises(DeckInvalid):
        validate(main, [], "constructed")


def test_freeform_checks_nothing():
    validate(["Centaur Courser"] * 9, ["Fog"] * 30, "freeform")
    assert problems([], [], "freeform") == []


def test_unknown_format():
    with pytest.raises(ValueError):
        validate(["Forest"] * 60, [], "vintage-cube")


def test_parsed_deck_starts_a_game():
    """A parsed, validated decklist is what Game.new takes."""
    from mtg_ecs import Game
    d = parse("Deck\n24 Forest\n4 Centaur Courser\n4 Arbor Elf\n4 Titanic Growth\n"
              "4 Elvish Visionary\n4 Primal Huntbeast\n4 Yeva's Forcemage\n4 Deadly Recluse\n"
              "4 Vastwood Gorger\n4 Fog\nSideboard\n3 Acidic Slime\n")
    d.validate("constructed")
    g = Game.new([d.main, d.main], seed=5)
    assert len(g.players[0].library) + len(g.players[0].hand) == 60


# --- decklists as players export them (ecs/apps/deckformats.py) -------------------------
ARENA = """About
Name Burn Test

Commander
1 Falco Spara, Pactweaver (SNC) 182

Companion
1 Centaur Courser (M13) 164

Deck
20 Mountain (M10) 242
4 Searing Spear (M13)
4 Furnace Whelp (M13) 134

Sideboard
2 Fog (M13) 172
"""


def test_arena_export_sections_name_and_set_codes():
    """An MTG Arena export: `About`/`Name` is the deck's name; set codes and collector
    numbers are ignored; the companion is kept and is a sideboard card (CR 702.139a)."""
    d = parse(ARENA)
    assert d.name == "Burn Test"
    assert d.commander == "Falco Spara, Pactweaver"
    assert d.companion == "Centaur Courser"
    assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4 + ["Furnace Whelp"] * 4
    assert d.sideboard == ["Fog", "Fog", "Centaur Courser"]


def test_arena_about_section_takes_only_a_name():
    assert parse("About\nName Burn #2\nDeck\n40 Forest\n").name == "Burn #2"
    with pytest.raises(DecklistParseError, match="line 2: 'Author me'"):
        parse("About\nAuthor me\nDeck\n40 Forest\n")


def test_one_companion():
    with pytest.raises(DecklistParseError, match="Companion section names 2 cards"):
        parse("Companion\n1 Fog\n1 Erase\nDeck\n40 Forest\n")


def test_mtgo_text_export_blank_line_starts_the_sideboard():
    """An MTGO .txt export: the main deck, one blank line, the sideboard (it was merged
    into the main deck before)."""
    d = parse("20 Mountain\n4 Searing Spear\n\n2 Fog\n1 Erase\n")
    assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4
    assert d.sideboard == ["Fog", "Fog", "Erase"]
    # blank lines before the first card, several in a row, and at the end mean nothing
    d = parse("\n# mine\n\n20 Mountain\n\n\n2 Fog\n\n")
    assert d.main == ["Mountain"] * 20 and d.sideboard == ["Fog", "Fog"]


def test_with_headers_blank_lines_mean_nothing():
    d = parse("Deck\n20 Mountain\n\n4 Searing Spear\nSideboard\n\n2 Fog\n")
    assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4 and d.sideboard == ["Fog", "Fog"]
    d = parse("20 Mountain\n\n4 Searing Spear\nSB: 2 Fog\n")       # SB: lines mark it too
    assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4 and d.sideboard == ["Fog", "Fog"]


def test_a_third_group_of_cards_without_headers_is_an_error():
    with pytest.raises(DecklistParseError, match="line 5: .*a third group") as ei:
        parse("20 Mountain\n\n4 Searing Spear\n\n2 Fog\n")
    assert "'Deck' and 'Sideboard'" in str(ei.value)


def test_sb_lines_bom_and_crlf():
    d = parse("\ufeff20 Mountain\r\n4 Searing Spear\r\nSB: 2 Fog\r\nSB:1 Erase\r\n")
    assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4
    assert d.sideboard == ["Fog", "Fog", "Erase"]


def test_names_with_parentheses_are_not_set_codes():
    from mtg_ecs.apps import deckformats
    assert deckformats.card_name("Lightning Bolt (M10) 146") == "Lightning Bolt"
    assert deckformats.card_name("Lightning Bolt (M10)") == "Lightning Bolt"
    assert deckformats.card_name("B.F.M. (Big Furry Monster)") == "B.F.M. (Big Furry Monster)"
    assert deckformats.card_name("Commit /// Memory (AKR) 54") == "Commit // Memory"


def test_a_companion_listed_in_the_sideboard_too_is_one_card():
    """MTG Arena lists the companion under Companion and again under Sideboard: one card."""
    d = parse("Companion\n1 Centaur Courser (M13) 164\n\nDeck\n40 Forest\n\n"
              "Sideboard\n1 Centaur Courser (M13) 164\n2 Fog\n")
    assert d.companion == "Centaur Courser" and d.sideboard == ["Centaur Courser", "Fog", "Fog"]


DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="31503" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="46532" Quantity="4" Sideboard="false" Name="Searing Spear" Annotation="0" />
  <Cards CatID="46533" Quantity="2" Sideboard="true" Name="Fog" Annotation="0" />
</Deck>
"""


def test_mtgo_dek_file_by_extension_and_by_content(tmp_path):
    for fn in ("deck.dek", "deck.txt"):
        p = tmp_path / fn
        p.write_text(DEK, encoding="utf-8")
        d = decklist.load(str(p))
        assert d.main == ["Mountain"] * 20 + ["Searing Spear"] * 4
        assert d.sideboard == ["Fog", "Fog"]


@pytest.mark.parametrize("text, message", [
    ('<?xml version="1.0"?><!DOCTYPE Deck [<!ENTITY a "Fog">]><Deck><Cards Quantity="1" '
     'Name="&a;"/></Deck>', "DTD"),
    ("<Deck><Cards Quantity='2' Name='Fog'></Deck>", "not a valid MTGO .dek file"),
    ("<Decks/>", "<Decks>"),
    ("<Deck><Cards Quantity='two' Name='Fog'/><Cards Quantity='2'/>"
     "<Cards Quantity='2' Name='Fgo'/></Deck>", "card 1: Quantity 'two'"),
    ("<Deck><Cards Quantity='2' Name='Fog' Sideboard='maybe'/></Deck>", "Sideboard 'maybe'"),
])
def test_bad_dek_files(tmp_path, text, message):
    p = tmp_path / "bad.dek"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(decklist.DecklistError, match=message):
        decklist.load(str(p))


def test_bad_dek_file_reports_every_card_at_once(tmp_path):
    p = tmp_path / "bad.dek"
    p.write_text("<Deck><Cards Quantity='two' Name='Fog'/><Cards Quantity='2'/>"
                 "<Cards Quantity='2' Name='Fgo'/></Deck>", encoding="utf-8")
    with pytest.raises(DecklistParseError) as ei:
        decklist.load(str(p))
    assert len(ei.value.problems) == 3 and "Fgo" in ei.value.unknown
    assert "card 2: no Name" in str(ei.value) and "bad.dek" in str(ei.value)


@pytest.mark.parametrize("bom, encoding", [(b"", "utf-16"), (b"", "utf-32"),
                                           (b"\xfe\xff", "utf-16-be"), (b"\xef\xbb\xbf", "utf-8")])
def test_text_with_a_byte_order_mark_is_read(tmp_path, bom, encoding):
    p = tmp_path / "deck.txt"
    p.write_bytes(bom + "20 Mountain\r\n\r\n2 Fog\r\n".encode(encoding))   # utf-16/32: with BOM
    d = decklist.load(str(p))
    assert d.main == ["Mountain"] * 20 and d.sideboard == ["Fog", "Fog"]


def test_dek_with_a_byte_order_mark_is_read(tmp_path):
    p = tmp_path / "deck.txt"
    p.write_bytes(b"\xef\xbb\xbf" + DEK.encode("utf-8"))
    assert len(decklist.load(str(p)).main) == 24


@pytest.mark.parametrize("content, message", [
    ("20 Mountain\n".encode("utf-16-le"), "UTF-16 without a byte-order mark"),
    (bytes(range(256)) * 4, "binary"),
    ("20 Mountain\nÆther Vial\n".encode("latin-1"), "not UTF-8"),
    (b"", "empty"),
    (b"# nothing but a comment\n\n", "empty"),
    (b"Sideboard\n2 Fog\n", "no card in the main deck"),
])
def test_unreadable_deck_files_are_one_line_errors(tmp_path, content, message):
    p = tmp_path / "deck.txt"
    p.write_bytes(content)
    with pytest.raises(decklist.DecklistError, match=message) as ei:
        decklist.load(str(p))
    assert str(p) in str(ei.value) and "\n" not in str(ei.value)


def test_a_directory_is_not_a_deck(tmp_path):
    with pytest.raises(decklist.DecklistError, match="is a directory"):
        decklist.load(str(tmp_path))


def test_a_deck_file_too_large_is_refused(tmp_path):
    from mtg_ecs.apps import deckformats
    p = tmp_path / "deck.txt"
    p.write_text("20 Mountain\n" + "#" * deckformats.MAX_FILE_BYTES)
    with pytest.raises(decklist.DecklistError, match=f"larger than {deckformats.MAX_FILE_BYTES}"):
        decklist.load(str(p))
