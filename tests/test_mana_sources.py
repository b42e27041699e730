"""The player's mana sources (`costs.mana_sources`, CR 605.1a, 106.4), kept while the
battlefield, characteristics, tapped permanents and turn stay the same, carry their
`split_sources` (the one-option sources' mana summed, the others' options) and the
priority options of their mana abilities, worked out with the list: each must equal what is
worked out afresh. The automatic payer adds a
source's one mana from them without reading its ability while no amount varies."""
from mtg_ecs import Game
from mtg_ecs.components import TAPPED
from mtg_ecs.components.mana import split_sources
from mtg_ecs.core.decisions import activate_option
from mtg_ecs.systems import costs
from sample_games import decisions


def _split_of(g, player):
    srcs = costs.mana_sources(g, player)
    assert srcs.options == _options(srcs)
    return srcs.split, split_sources(list(srcs))


def _options(srcs) -> list:
    """The priority options of the sources' {T} mana abilities worked out from the list:
    one per ability of each source, in order (605.1a)."""
    out = []
    for e, _, choices in srcs:
        for k in dict.fromkeys(k for k, _ in choices):
            out.append(activate_option(e, k))
    return out


def test_the_split_counts_basics_choices_and_amounts_that_vary():
    # Forests (one mana), Stomping Ground (a choice of two), Elvish Archdruid ({G} for each
    # Elf: an amount read when asked), a tapped Mountain (none)
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Forest", "id": "f"}, {"card": "Forest"},
                         {"card": "Stomping Ground"}, {"card": "Mountain", "tapped": True},
                         {"card": "Elvish Archdruid"}, {"card": "Arbor Elf"},
                         {"card": "Elvish Visionary"}]}, {}]})
    kept, fresh = _split_of(g, 0)
    assert kept == fresh
    base, multi = kept
    # two Forests and the Archdruid's {G}{G}{G} (three Elves)
    assert base == (0, 0, 0, 0, 5, 0)
    assert multi == [((0, 0, 0, 1, 0, 0), (0, 0, 0, 0, 1, 0))]
    g.set(g.card_entity[h["f"]], TAPPED)
    kept, fresh = _split_of(g, 0)
    assert kept == fresh and kept[0] == (0, 0, 0, 0, 4, 0)
    g.close()


def test_kept_sources_and_their_split_equal_fresh_ones_through_sample_games():
    checked = 0
    for g in decisions(range(3), until_turn=14):
        for p in range(2):
            kept, fresh = _split_of(g, p)
            assert kept == fresh
            # (excluding no permanent: the list made afresh, not the one kept)
            assert costs.mana_sources(g, p) == costs.mana_sources(g, p, (-1,))
            checked += any(kept[0])
    assert checked > 100


def test_fixed_says_whether_an_amount_varies():
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Forest", "Stomping Ground", "Elvish Archdruid"]},
        {"battlefield": ["Island", "Island"]}]})
    assert not costs.mana_sources(g, 0).fixed and costs.mana_sources(g, 1).fixed
    g.close()


def test_paying_without_reading_the_abilities_gives_the_same_games(monkeypatch):
    """The automatic payer adds each source's one mana from the list when no amount varies
    (`fixed`) and no event is announced: the state after every decision is the one of
    reading each source's ability, through sample-deck games and random decks of every
    card (Elvish Archdruid, Treasures, dual lands)."""
    import numpy as np
    from mtg_ecs.apps.fuzz import random_deck
    from mtg_ecs.apps.simulate import load_deck
    from test_cast_fast import _hashes          # (state hashes after each decision)
    sample = [load_deck(d).cards for d in ("green-red-beasts", "esper-fliers")]

    def decks(seed):
        rng = np.random.default_rng(seed)
        return sample if seed < 3 else [random_deck(rng), random_deck(rng)]

    def run():
        return _hashes(decks, range(6), 25)
    fresh = costs._mana_sources
    fixed = []

    def counted(game, player, exclude):
        out = fresh(game, player, exclude)
        fixed.append(out.fixed)
        return out
    monkeypatch.setattr(costs, "_mana_sources", counted)
    short = run()

    def never(game, player, exclude):
        out = fresh(game, player, exclude)
        out.fixed = False
        return out
    monkeypatch.setattr(costs, "_mana_sources", never)
    assert run() == short and len(short) > 500 and sum(fixed) > 400
