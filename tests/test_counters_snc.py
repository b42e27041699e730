"""Keyword counters (CR 122.1b) and shield counters (122.1c): 002 §2.6."""
from mtg_ecs.components import Counters
from mtg_ecs.systems.layers import KEYWORD_COUNTERS, counter_keywords
from mtg_ecs.systems.shield import SHIELD


def test_keyword_counters_give_their_keyword_and_shield_is_not_one():
    """002 §2.6 #8: a shield counter is never a keyword counter (122.1c); Elspeth
    Resplendent's choices are keyword counters (122.1b)."""
    assert SHIELD not in KEYWORD_COUNTERS
    for k in ("flying", "first strike", "lifelink", "vigilance"):
        assert k in KEYWORD_COUNTERS
    cnt = Counters((("+1/+1", 2), ("flying", 1), (SHIELD, 1), ("vigilance", 1)))
    assert sorted(k.name for k in counter_keywords(cnt)) == ["flying", "vigilance"]
    assert counter_keywords(Counters(((SHIELD, 3),))) == ()
