"""Color identity (CR 903.4) and Commander deck validation (CR 903.5, 903.3)."""
import pytest

from mtg_ecs.apps import decklist
from mtg_ecs.cards import get_card
from mtg_ecs.components.definitions import make_card
from mtg_ecs.components.identity import color_identity, within


def _ci(name):
    return "".join(c for c in "WUBRG" if c in color_identity(get_card(name)))


@pytest.mark.parametrize("name, identity", [
    ("Raffine, Scheming Seer", "WUB"),           # mana cost
    ("Jinnie Fay, Jetmir's Second", "WRG"),      # hybrid symbols count both colors
    ("Dragonskull Summit", "BR"),                # mana symbols in rules text
    ("Stomping Ground", "RG"),                   # basic land types: intrinsic abilities (305.6)
    ("Forest", "G"),
    ("Jaxis, the Troublemaker", "R"),            # blitz {1}{R}: a keyword's cost is rules text
    ("Angel's Feather", ""),                     # colorless: "a white spell" is words, no symbol
])
def test_color_identity_of_registered_cards(name, identity):
    """CR 903.4: colors, and the mana symbols in the mana cost and the rules text."""
    assert _ci(name) == identity


def test_reminder_text_and_color_words_do_not_count():
    """CR 903.4, 207.2: reminder text is not rules text; a color named in words is no
    mana symbol."""
    d = make_card("Test Extorter", "{1}{W}", "Creature — Human", pt=(2, 2),
                  text="Whenever you cast a spell, you may pay {W/B}. (If you do, each "
                       "opponent loses 1 life and you gain that much life.) Protection from red",
                  extra=True)
    assert color_identity(d) == {"W", "B"}
    r = make_card("Test Reminder", "{1}{W}", "Creature — Human", pt=(2, 2),
                  text="Extort (Whenever you cast a spell, you may pay {W/B}.)", extra=True)
    assert color_identity(r) == {"W"}
    assert within(r, "WU") and not within(d, "WU")


def test_a_color_indicator_counts():
    """CR 903.4, 204: a card's colors from its color indicator."""
    d = make_card("Test Indicator", "{3}", "Creature — Golem", pt=(3, 3), colors=frozenset("U"), extra=True)
    assert color_identity(d) == {"U"}


RAFFINE = "Raffine, Scheming Seer"


def _arena(commander, cards):
    """A decklist as MTG Arena exports a Commander deck: the commander in its own section."""
    return "Commander\n1 " + commander + "\n\nDeck\n" + "\n".join(f"{n} {c}" for c, n in cards.items())


def test_a_commander_section_names_the_commander_one_of_the_100_cards():
    """CR 903.5a, 903.5b: 100 cards with the commander; any number of basic lands and of a
    card that says so (Relentless Rats)."""
    deck = decklist.parse(_arena(RAFFINE, {"Relentless Rats": 20, "Ledger Shredder": 1, "Island": 40,
                                           "Swamp": 38}))
    assert deck.commander == RAFFINE and len(deck.main) == 99 and RAFFINE not in deck.main
    deck.validate("commander")
    short = decklist.parse(_arena(RAFFINE, {"Island": 98}))
    assert decklist.problems(short.main, fmt="commander", commander=short.commander) == [
        "the main deck has 99 cards; commander needs exactly 100, the commander included (CR 903.5a)"]
    again = decklist.parse(_arena(RAFFINE, {RAFFINE: 1, "Island": 98}))
    assert decklist.problems(again.main, fmt="commander", commander=again.commander) == [
        f"2 copies of {RAFFINE}; one copy of a card other than a basic land (CR 903.5b)"]


def test_every_card_within_the_commanders_color_identity():
    """CR 903.5c, 903.4: a card with a color outside the commander's identity (a red card,
    a land with a red mana symbol) is not allowed; colorless cards are."""
    deck = decklist.parse(_arena(RAFFINE, {"Lightning Bolt": 1, "Dragonskull Summit": 1,
                                           "Angel's Feather": 1, "Island": 96}))
    assert decklist.problems(deck.main, fmt="commander", commander=deck.commander) == [
        f"Lightning Bolt has R in its color identity, outside the commander {RAFFINE}'s (WUB) (CR 903.4, 903.5c)",
        f"Dragonskull Summit has R in its color identity, outside the commander {RAFFINE}'s (WUB) (CR 903.4, 903.5c)"]


def test_the_commander_is_a_legendary_creature():
    """CR 903.3."""
    deck = decklist.parse(_arena("Serra Angel", {"Plains": 99}))
    assert decklist.problems(deck.main, fmt="commander", commander=deck.commander) == [
        "the commander Serra Angel is not a legendary creature (CR 903.3)"]
    with pytest.raises(decklist.DecklistParseError, match="one commander"):
        decklist.parse("Commander\n1 " + RAFFINE + "\n1 Giada, Font of Hope\nDeck\n98 Island")
