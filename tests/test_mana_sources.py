"""The player's mana sources (`costs.mana_sources`, CR 605.1a, 106.4), kept while what they
read stays the same (below), carry their
`split_sources` (the one-option sources' mana summed, the others' options) and the
priority options of their mana abilities, worked out with the list: each must equal what is
worked out afresh. The automatic payer adds a
source's one mana from them without reading its ability while no amount varies."""
from mtg_ecs import Game
from mtg_ecs.components import Tapped, TAPPED
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


# A list that read only the board index's {T} mana sources and whether each is tapped (no
# summoning sickness, no amount that varies: `plain`) is kept until the index's patch or
# rebuild or a tap or untap of one of the player's sources forgets it (Game.tapped_changed):
# another player's taps and other permanents' taps keep it.

def test_a_kept_list_follows_its_own_sources_taps_only():
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Forest", "id": "f"}, {"card": "Forest", "id": "f2"},
                         {"card": "Craw Wurm", "id": "bear"}]},
        {"battlefield": [{"card": "Island", "id": "i"}, {"card": "Island", "id": "i2"}]}]})
    e = {k: g.card_entity[v] for k, v in h.items()}

    def kept(p):
        out = costs.mana_sources(g, p)
        assert list(out) == list(costs._mana_sources(g, p, ()))
        return out
    mine = kept(0)
    assert mine.plain and [s[0] for s in mine] == [e["f"], e["f2"]]
    g.set(e["i"], TAPPED)                       # the other player's land
    g.set(e["bear"], TAPPED)                    # a permanent that makes no mana
    assert kept(0) is mine
    theirs = kept(1)
    assert [s[0] for s in theirs] == [e["i2"]]
    g.set(e["f"], TAPPED)                       # one of the player's sources: made again
    mine = kept(0)
    assert [s[0] for s in mine] == [e["f2"]] and kept(1) is theirs
    g.tap_many([e["f2"]])
    mine = kept(0)
    assert list(mine) == []
    g.unset(e["f"], Tapped)
    assert [s[0] for s in kept(0)] == [e["f"]]
    g.unset_many([e["f"], e["f2"], e["bear"]], Tapped)
    mine = kept(0)
    assert [s[0] for s in mine] == [e["f"], e["f2"]] and kept(1) is theirs
    g.close()


def test_a_kept_list_follows_the_board():
    from mtg_ecs.systems import zones
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Forest", "id": "f"}, {"card": "Craw Wurm", "id": "bear"}],
         "hand": [{"card": "Mountain", "id": "m"}]}, {"battlefield": ["Island"]}]})
    e = {k: g.card_entity[v] for k, v in h.items()}
    mine, theirs = costs.mana_sources(g, 0), costs.mana_sources(g, 1)
    zones.move(g, e["bear"], "graveyard")       # no mana source left: both kept
    assert costs.mana_sources(g, 0) is mine and costs.mana_sources(g, 1) is theirs
    zones.move(g, e["m"], "battlefield")        # a source entered: made again
    mine = costs.mana_sources(g, 0)
    assert len(mine) == 2 and costs.mana_sources(g, 1) is theirs
    zones.move(g, e["f"], "graveyard")          # a source left
    assert len(costs.mana_sources(g, 0)) == 1
    g.bump()                                    # a new index: every list made again
    assert costs.mana_sources(g, 1) is not theirs
    g.close()


def _decks(seed):
    import numpy as np
    from mtg_ecs.apps.fuzz import random_deck
    from mtg_ecs.apps.simulate import load_deck
    if seed < 3:
        return [load_deck(d).cards for d in ("green-red-beasts", "esper-fliers")]
    rng = np.random.default_rng(seed)
    return [random_deck(rng), random_deck(rng)]


def test_kept_lists_equal_fresh_ones_through_games():
    """Sample decks and random decks of every card (mana creatures, tappers, untappers,
    control changes): a list kept is always the one made afresh."""
    kept_plain = 0
    for g in decisions(range(10), 12, decks=_decks):
        for p in range(2):
            hit = g.mana_cache[p]
            out = costs.mana_sources(g, p)
            fresh = costs._mana_sources(g, p, ())
            assert list(out) == list(fresh) and out.split == fresh.split
            assert out.options == fresh.options and out.plain == fresh.plain
            kept_plain += hit is not None and hit[0] is None and hit[1] is out
    assert kept_plain > 300


def test_every_tap_goes_through_the_game(monkeypatch):
    """The kept lists are forgotten where Game taps or untaps (`set`, `unset`, `tap_many`,
    `unset_many`: Game.tapped_changed): no permanent is tapped or untapped another way
    (a component written to the world directly), through games of every card."""
    from mtg_ecs.core.world import World
    from mtg_ecs.game import Game as G
    inside = [0]

    def game_side(name):
        f = getattr(G, name)

        def wrapped(*args, **kw):
            inside[0] += 1
            try:
                return f(*args, **kw)
            finally:
                inside[0] -= 1
        monkeypatch.setattr(G, name, wrapped)
    for name in ("set", "unset", "tap_many", "unset_many"):
        game_side(name)
    seen = [0]

    def world_side(name, tapped):
        f = getattr(World, name)

        def wrapped(self, eids, x):
            if tapped(x):
                assert inside[0], f"a permanent tapped or untapped by World.{name} outside Game"
                seen[0] += 1
            return f(self, eids, x)
        monkeypatch.setattr(World, name, wrapped)
    world_side("add", lambda c: type(c) is Tapped)
    world_side("add_many", lambda c: type(c) is Tapped)
    world_side("remove", lambda t: t is Tapped)
    world_side("remove_many", lambda t: t is Tapped)
    for _ in decisions(range(10), 12, decks=_decks):
        pass
    assert seen[0] > 100


def test_paying_from_an_empty_pool_spends_just_the_cost(monkeypatch):
    """From an empty pool the automatic payer's plan of one-mana sources makes exactly the
    cost (each color's need, and as many more as its generic part: `_unit_payment`), so
    the pool is emptied without `pays_exactly`'s check; with mana floating it is checked."""
    from mtg_ecs.components.mana import parse_cost
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Forest", "Mountain", "Forest", "Mountain", "Forest"]},
        {"battlefield": ["Island"]}]}, log=False)     # (nothing hears the taps)
    checked = []
    exactly = costs.pays_exactly
    monkeypatch.setattr(costs, "pays_exactly", lambda pool, cost: (checked.append(1), exactly(pool, cost))[1])
    pool = g.players[0].pool
    assert costs.pay_mana(g, 0, parse_cost("{1}{R}")) == (0, 0, 0, 1, 1, 0)
    assert pool == [0] * 6 and checked == []
    pool[4] = 1                                 # {G} floating: it pays the generic part
    assert costs.pay_mana(g, 0, parse_cost("{1}{R}")) == (0, 0, 0, 1, 1, 0)
    assert pool == [0] * 6 and checked == [1]
    assert len(g.world.comps[Tapped]) == 3      # a Mountain and a Forest, then the other Mountain
    g.close()
