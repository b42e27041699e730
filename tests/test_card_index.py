"""cards/index.json: which module registers each card and token name, so that a game
imports only the card modules its decks need (cards/__init__.py)."""
import json
import subprocess
import sys

from mtg_ecs import cards


def _fresh(code: str) -> str:
    """What `code` prints in a new interpreter (nothing of the cards imported yet)."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_the_index_is_what_the_card_modules_register():
    """Regenerate with `python -c "from mtg_ecs.cards import write_index; write_index()"`
    after adding a card or a token."""
    built = json.loads(_fresh("import json; from mtg_ecs.cards import built_index; "
                              "print(json.dumps(built_index()))"))
    with open(cards.INDEX_FILE, encoding="utf-8") as f:
        assert json.load(f) == built, "cards/index.json is out of date: run write_index()"
    assert set(built["cards"]) == set(cards.all_cards())
    assert set(built["tokens"]) == set(cards.all_tokens())


def test_a_card_imports_its_own_module_only():
    printed = _fresh("import sys; from mtg_ecs.cards import get_card, is_registered; "
                     "get_card('Acidic Slime'); print(is_registered('Forest'), "
                     "is_registered('Vanilla Bear'), "
                     "sorted(m for m in sys.modules if m.startswith('mtg_ecs.cards.')))")
    assert printed == "True False ['mtg_ecs.cards.m13']"


def test_a_token_another_set_defines_is_found_by_its_name():
    """m10_black_red's Garruk makes m13's Beast (one definition a token name)."""
    printed = _fresh("import sys; from mtg_ecs.cards import get_card, token_def; "
                     "get_card('Garruk Wildspeaker'); print(token_def('Beast').power, "
                     "sorted(m for m in sys.modules if m.startswith('mtg_ecs.cards.')))")
    assert printed == "3 ['mtg_ecs.cards.m10_black_red', 'mtg_ecs.cards.m13']"


def test_a_token_name_is_defined_once():
    from mtg_ecs.components.definitions import CardError, make_card
    import pytest
    with pytest.raises(CardError, match="token registered twice: Beast"):
        cards.register_token(make_card("Beast", None, "Token Creature — Beast", pt=(3, 3)))


def test_an_unknown_name_still_gets_the_closest_registered_ones():
    import pytest
    with pytest.raises(cards.UnknownCard, match="did you mean: Acidic Slime"):
        cards.get_card("Acidic Slim")
