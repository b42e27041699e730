"""Basic Rulebook §2 (basic concepts): the statements a scenario file can't express —
the start of a game, hidden libraries, steps without priority, rules text that is
not rules (reminder and flavor text), mana value."""
from __future__ import annotations

from collections import Counter

import pytest

from mtg_ecs.cards import get_card
from mtg_ecs.components.definitions import make_card
from mtg_ecs import Game, Pass
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.core.decisions import Activate, PlayerRef
from mtg_ecs.systems.costs import activated_abilities

DECK_A = (["Forest"] * 17 + ["Mountain"] * 7 + ["Centaur Courser"] * 4 + ["Arbor Elf"] * 4
          + ["Canyon Minotaur"] * 4 + ["Searing Spear"] * 4 + ["Titanic Growth"] * 4
          + ["Elvish Visionary"] * 4 + ["Yeva's Forcemage"] * 4 + ["Primal Huntbeast"] * 4
          + ["Fervor"] * 4)
DECK_B = (["Island"] * 12 + ["Plains"] * 12 + ["Serra Angel"] * 4 + ["Wind Drake"] * 4
          + ["Unsummon"] * 4 + ["Divination"] * 4 + ["Essence Scatter"] * 4
          + ["Intrepid Hero"] * 4 + ["Kraken Hatchling"] * 4 + ["Erase"] * 4 + ["Kitesail"] * 4)


def _keep_all(g):
    while g.pending is not None and g.pending.kind == "mulligan":
        g.decide("keep")


def _names(g, eids):
    return [g.chars(e).name for e in eids]


def test_starting_life_is_20():
    """000 T-001: in a new two-player game each player starts at 20 life (CR 103.4)."""
    g = Game.new([DECK_A, DECK_B], seed=1)
    assert [p.life for p in g.players] == [20, 20]
    _keep_all(g)
    assert g.turn == 1 and g.step == "upkeep"
    assert [p.life for p in g.players] == [20, 20]
    assert not g.over


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_library_is_shuffled_deck_minus_opening_hand(seed):
    """000 T-052: when the game starts each library is that player's shuffled deck minus
    the seven-card opening hand (CR 103.2, 103.5); library sizes are known."""
    g = Game.new([DECK_A, DECK_B], seed=seed)
    for i, deck in enumerate((DECK_A, DECK_B)):
        p = g.players[i]
        assert len(p.hand) == 7
        assert len(p.library) == len(deck) - 7                  # the size is public
        assert Counter(_names(g, p.library)) + Counter(_names(g, p.hand)) == Counter(deck)
        # the order is random: with 60 cards in this mix, the library is not the deck's
        # listed order (the top of the library is the end of the list)
        in_order = list(reversed(_names(g, p.library)))
        assert in_order != list(deck[7:]) and in_order != list(deck[:-7])
    # the shuffle comes from the game's seeded RNG: the same seed gives the same order,
    # another seed a different one (CR 701.20)
    same = Game.new([DECK_A, DECK_B], seed=seed)
    other = Game.new([DECK_A, DECK_B], seed=seed + 100)
    assert _names(same, same.players[0].library) == _names(g, g.players[0].library)
    assert _names(other, other.players[0].library) != _names(g, g.players[0].library)


def _mentions(x, eids):
    if isinstance(x, PlayerRef):
        return False
    if isinstance(x, int) and not isinstance(x, bool):
        return x in eids
    if isinstance(x, dict):
        return any(_mentions(k, eids) or _mentions(v, eids) for k, v in x.items())
    if isinstance(x, (list, tuple, set, frozenset)):
        return any(_mentions(y, eids) for y in x)
    for attr in ("card", "source"):
        if hasattr(x, attr):
            return _mentions(getattr(x, attr), eids)
    return False


def test_library_contents_never_offered_to_players():
    """000 T-052: library cards are hidden: no decision the game offers to either player
    names a card in a library (CR 401.2), over several turns of play; library sizes stay
    readable at every decision."""
    g = Game.new([DECK_A, DECK_B], seed=4)
    agents = [RandomAgent(1), RandomAgent(2)]
    n = 0
    while g.pending is not None and g.turn <= 8 and n < 3000:
        d = g.pending
        lib = set(g.players[0].library) | set(g.players[1].library)
        assert not _mentions(d.options, lib), d
        assert not _mentions(d.data, lib), d
        assert all(isinstance(len(p.library), int) for p in g.players)
        g.decide(agents[d.player].act(g, d))
        n += 1
    assert g.turn > 3


def test_no_priority_in_untap_or_cleanup():
    """000 T-019: no player receives priority in the untap step or (normally) the cleanup
    step, so nobody can cast an instant there (CR 502.4, 514.3)."""
    g = Game.new([DECK_A, DECK_B], seed=2)
    _keep_all(g)
    agents = [RandomAgent(3), RandomAgent(4)]
    steps_with_priority = set()
    while g.pending is not None and g.turn <= 10:
        d = g.pending
        if d.kind == "priority":
            steps_with_priority.add(g.step)
        g.decide(agents[d.player].act(g, d))
    assert "untap" not in steps_with_priority
    assert "cleanup" not in steps_with_priority
    assert {"upkeep", "main1", "end"} <= steps_with_priority


def test_no_instant_in_untap_step():
    """000 T-019: holding an instant and mana through the opponent's end step into the
    next untap step, the player is never asked for an action in the untap step."""
    g, h = Game.from_setup({
        "turn": {"number": 2, "active": 1, "step": "end"},
        "players": [{"battlefield": ["Mountain", "Mountain"], "hand": ["Searing Spear"],
                     "library": ["Island", "Island"]},
                    {"library": ["Island", "Island"]}]})
    seen = []
    for _ in range(50):
        d = g.pending
        seen.append((g.turn, g.step, d.kind, d.player))
        if g.turn == 3:
            break
        g.decide(Pass())
    assert seen[-1] == (3, "upkeep", "priority", 0)
    assert not [s for s in seen if s[1] in ("untap", "cleanup")]


def test_furnace_whelp_mana_value():
    """000 T-005: Furnace Whelp ({2}{R}{R}) is red and its mana value is 4 (CR 202.3)."""
    g, h = Game.from_setup({"players": [{"battlefield": [{"card": "Furnace Whelp", "id": "w"}],
                                         "hand": [{"card": "Furnace Whelp", "id": "w2"}]}, {}]})
    for hid in ("w", "w2"):
        c = g.chars(g.card_entity[h[hid]])
        assert c.mana_value == 4
        assert c.colors == frozenset({"R"})
    assert get_card("Furnace Whelp").cost.mana_value == 4


def test_reminder_and_flavor_text_are_not_rules():
    """000 T-010: reminder and flavor text have no rules meaning (CR 207.2): a card whose
    text box only *mentions* haste and flying behaves like the vanilla creature, and a
    keyword works the same with or without its reminder text."""
    plain = make_card("Plain Beast", "{1}{G}", "Creature — Beast", pt=(2, 2))
    chatty = make_card("Chatty Beast", "{1}{G}", "Creature — Beast", pt=(2, 2),
                       text="(This creature has haste and flying.)\n"
                            "\"It flies faster than any haste-bound hound.\"")
    flier = make_card("Bare Flier", "{1}{U}", "Creature — Bird", pt=(1, 1), keywords=["flying"])
    flier_rt = make_card("Reminded Flier", "{1}{U}", "Creature — Bird", pt=(1, 1),
                         keywords=["flying"],
                         text="Flying (This creature can't be blocked except by creatures "
                              "with flying or reach.)")
    defs = {d.name: d for d in (plain, chatty, flier, flier_rt)}
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Plain Beast", "id": "p", "sick": True},
                         {"card": "Chatty Beast", "id": "c", "sick": True},
                         {"card": "Bare Flier", "id": "f"},
                         {"card": "Reminded Flier", "id": "r"}]}, {}]}, defs=defs)
    e = {k: g.card_entity[v] for k, v in h.items()}
    kws = {k: sorted(x.name for x in g.chars(v).keywords) for k, v in e.items()}
    assert kws == {"p": [], "c": [], "f": ["flying"], "r": ["flying"]}
    assert activated_abilities(g, e["c"]) == activated_abilities(g, e["p"]) == ()
    assert g.is_sick(e["c"]) and not g.chars(e["c"]).has("haste")
    # the two fliers are the same in play: both may attack; neither the Beasts (sick)
    from mtg_ecs.systems.pipeline import STEPS  # noqa: F401  (import check: steps exist)
    while not (g.step == "declare_attackers" and g.pending.kind == "attackers"):
        g.decide(Pass())
    attackers = {a for a, _ in g.pending.options}
    assert attackers == {e["f"], e["r"]}


def test_played_land_is_never_a_spell():
    """000 T-048: playing a land is a special action: no spell is cast (nothing could
    counter it), nothing goes on the stack and the player keeps priority (CR 116.2a, 305.1)."""
    from mtg_ecs.components import Spell
    from mtg_ecs.core.decisions import PlayLand
    g, h = Game.from_setup({"players": [{"hand": [{"card": "Forest", "id": "f"}]},
                                        {"battlefield": ["Island", "Island"],
                                         "hand": ["Essence Scatter"]}]})
    g.decide(PlayLand(g.card_entity[h["f"]]))
    f = g.card_entity[h["f"]]
    assert g.zone_of(f) == "battlefield" and not g.has(f, Spell)
    assert g.stack == [] and g.players[0].spells_cast_turn == 0
    assert g.pending.kind == "priority" and g.pending.player == 0
    g.decide(Pass())
    # the opponent, holding a counterspell, has nothing to target
    assert g.pending.player == 1
    assert not [a for a in g.pending.options if getattr(a, "card", None) is not None
                and g.chars(a.card).name == "Essence Scatter"]
