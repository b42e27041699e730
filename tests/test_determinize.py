"""`game.determinize(player, rng)` (issue 17, item 2): a clone in which every card the
player can't know (CR 400.2: other players' hands, library orders; 702.75a: a face-down
card they may not look at) is dealt anew among the places of its owner's unknown cards,
everything they can see kept; its randomness reseeded. Checked decisions (the fuzzer's
invariants, a clone given each answer) hold on determinized games played out."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.apps.agents import seen_by
from mtg_ecs.apps.scenario.checked import checked_decisions
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.components import Card
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.systems.determinize import unseen_options

DECKS = ("obscura-connive", "riveteers-casualty")


def _game(seed):
    return Game.new([load_deck(d).cards for d in DECKS], seed=seed, log=False, auto_pass=True)


def _advance(g, n, seed=0):
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(n):
        if g.pending is None:
            break
        a = agents[g.pending.player]
        g.decide(a.act(seen_by(a, g, g.pending.player), g.pending))
    return g


def _names(g, zone):
    """What the objects are (an ability on the stack: its source's object)."""
    return [g.chars(e).name if Card in g.world.ents[e] else repr(g.world.ents[e])
            for e in zone]


@pytest.mark.parametrize("seed", range(4))
def test_what_the_player_sees_is_kept_and_the_rest_dealt_anew(seed):
    g = _advance(_game(seed), 60, seed)
    p = g.pending.player
    q = 1 - p
    d = g.determinize(p, random.Random(seed))
    # what p sees: their hand, every public zone, the sizes of hidden zones, their decision
    assert _names(d, d.players[p].hand) == _names(g, g.players[p].hand)
    for z in ("battlefield", "stack", "exile"):
        assert _names(d, getattr(d, z)) == _names(g, getattr(g, z))
    for i in (p, q):
        assert _names(d, d.players[i].graveyard) == _names(g, g.players[i].graveyard)
        assert len(d.players[i].hand) == len(g.players[i].hand)
        assert len(d.players[i].library) == len(g.players[i].library)
    assert d.pending.options == g.pending.options and d.pending.player == p
    # each owner's hidden cards are the same cards as a whole, dealt anew
    hidden = lambda x, i: Counter(_names(x, x.players[i].library + (x.players[i].hand if i == q else [])))
    assert hidden(d, p) == hidden(g, p) and hidden(d, q) == hidden(g, q)
    assert _names(d, d.players[p].library) != _names(g, g.players[p].library)
    # the objects are the game's (a decision's options still name them), the cards anew
    assert d.players[q].hand == g.players[q].hand
    assert all(d.card_entity[d.world.ents[e][Card].card_id] == e for e in d.players[q].hand)


def test_the_same_rng_gives_the_same_determinization_and_another_another():
    g = _advance(_game(7), 60, 7)
    p = g.pending.player
    a, b, c = (g.determinize(p, random.Random(s)) for s in (1, 1, 2))
    assert state_hash(a) == state_hash(b) != state_hash(c)
    # the future is reseeded too: the game's own shuffles are not the determinization's
    assert a.rng.getstate() != g.rng.getstate()


def test_cards_the_player_knows_stay_where_they_are():
    """A card returned to its owner's hand is known to all (systems/knowledge.py): it
    stays in that hand; a card revealed from a library stays in its place."""
    g, h = Game.from_setup({"players": [
        {"hand": ["Forest"]},
        {"battlefield": ["Centaur Courser"], "hand": ["Island", "Swamp"],
         "library": ["Mountain", "Plains", "Forest", "Island", "Swamp"]}]})
    from mtg_ecs.systems import zones
    back = zones.move(g, g.battlefield[0], "hand")
    top = g.players[1].library[-1]
    g.emit("reveal", cards=(top,))
    for s in range(20):
        d = g.determinize(0, random.Random(s))
        assert d.chars(back).name == "Centaur Courser" and back in d.players[1].hand
        assert d.chars(top).name == g.chars(top).name


def test_a_face_down_card_is_dealt_anew_for_those_who_may_not_look_at_it():
    """702.75a: the player who exiled it with hideaway may look at it; the other can't."""
    from mtg_ecs.systems.hideaway import hide
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Cemetery Tampering"], "exile": ["Lightning Bolt"],
         "library": ["Forest"] * 6},
        {}]})
    card = g.exile[0]
    hide(g, g.battlefield[0], card, 0)
    assert not g.view(1).visible(card) and g.view(0).chars(card).name == "Lightning Bolt"
    for_0 = {g.determinize(0, random.Random(s)).chars(card).name for s in range(10)}
    for_1 = {g.determinize(1, random.Random(s)).chars(card).name for s in range(10)}
    assert for_0 == {"Lightning Bolt"} and for_1 == {"Lightning Bolt", "Forest"}


def test_not_while_another_player_decides_among_cards_the_player_cannot_see():
    """A connive discard (701.50a) shows its player their hand: that decision can't be asked
    again of other cards, so determinizing for the opponent then is refused."""
    for seed in range(40):
        g = _game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        for _ in range(600):
            d = g.pending
            if d is None:
                break
            if d.kind == "discard":
                assert unseen_options(g, 1 - d.player)
                with pytest.raises(ValueError, match="can't see"):
                    g.determinize(1 - d.player, random.Random(0))
                g.determinize(d.player, random.Random(0))      # their own: fine
                return
            a = agents[d.player]
            g.decide(a.act(seen_by(a, g, d.player), d))
    pytest.fail("no discard decision met")


@pytest.mark.parametrize("seed", range(4))
def test_checked_decisions_hold_on_determinized_games_played_out(seed):
    """The property test: at positions of random games, a determinization for each player
    (where allowed) is played out by random agents with every decision checked."""
    rng = random.Random(seed)
    plays = 0
    with checked_decisions() as stats:
        g = _game(seed)                 # observed, and so are its clones
        for k in range(5):
            _advance(g, 20, seed + k)
            if g.pending is None:
                break
            for p in range(2):
                if unseen_options(g, p):
                    continue
                d = g.determinize(p, rng)
                before = stats["checked"]
                play(d, [RandomAgent(k), RandomAgent(k + 9)], max_decisions=60)
                assert stats["checked"] > before
                plays += 1
    assert plays >= 4


@pytest.mark.parametrize("seed", range(3))
def test_a_determinization_depends_only_on_what_the_player_knows(seed):
    """Determinizing a game, or any determinization of it for the same player, with the
    same rng gives the same game: nothing of the real hidden cards gets through."""
    g = _advance(_game(seed), 40 + 10 * seed, seed)
    p = g.pending.player
    other = g.determinize(p, random.Random(99))
    assert state_hash(other) != state_hash(g)
    a, b = g.determinize(p, random.Random(5)), other.determinize(p, random.Random(5))
    assert state_hash(a) == state_hash(b)


def test_a_determinization_pickles_and_deep_copies_to_the_same_game():
    """The deal is recorded among the answers (`Redeal`), as a reseed is: unpickling
    replays it."""
    import copy
    import pickle
    g = _advance(_game(5), 50, 5)
    d = g.determinize(g.pending.player, random.Random(3))
    for other in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d)):
        assert state_hash(other) == state_hash(d)
        _advance(other, 30, 1)
        _advance(d.clone(), 30, 1)
    again = pickle.loads(pickle.dumps(d))
    assert state_hash(_advance(again, 30, 2)) == state_hash(_advance(d, 30, 2))
