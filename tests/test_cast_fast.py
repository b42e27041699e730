"""Casting's short ways (CR 601.2): a spell whose only choice before its total cost is
its targets, with nothing else announced, goes from its targets to its payment without
the steps that would find nothing to ask (modes, X, kicker, casualty, division,
additional costs). The game is the same at every decision with the short way turned
off, through sample-deck games and random decks of every registered card."""
import numpy as np

from mtg_ecs.apps.fuzz import random_deck
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.systems import casting
from sample_games import decisions


def _hashes(decks, seeds, turns):
    return [state_hash(g) for g in decisions(seeds, decks=decks, after=True, turn_limit=turns)]


def _compare(monkeypatch, decks, seeds, turns=12):
    taken = []
    targets_only = casting._targets_only
    monkeypatch.setattr(casting, "_targets_only", lambda d: taken.append(d) or targets_only(d))
    fast = _hashes(decks, seeds, turns)
    monkeypatch.setattr(casting, "_targets_only", lambda d: False)
    slow = _hashes(decks, seeds, turns)
    assert fast == slow
    return sum(map(targets_only, taken))


def test_the_short_way_gives_the_same_sample_deck_games(monkeypatch):
    a, b = load_deck("green-red-beasts").cards, load_deck("esper-fliers").cards
    assert _compare(monkeypatch, lambda seed: [a, b], range(4)) > 20


def test_the_short_way_gives_the_same_games_of_every_card(monkeypatch):
    def decks(seed):
        rng = np.random.default_rng(seed)
        return [random_deck(rng), random_deck(rng)]
    assert _compare(monkeypatch, decks, range(8), turns=25) > 20
