"""The board index (systems/board.py) kept on characteristics (`Chars.board_entry`, shared
with printed characteristics where an effect changed nothing the index reads) equals the
index built from scratch, at every decision of random games with every registered card."""
import numpy as np
import pytest

from mtg_ecs import Game, HeuristicAgent, RandomAgent
from mtg_ecs.apps.agents import answer_once
from mtg_ecs.apps.fuzz import random_deck
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.systems import board as board_mod


def _value(b):
    def mana(lst):
        return [(e, m.items, m.pools, m.choices, m.unit, sick, src, acts) for e, m, sick, src, acts in lst]
    return (
        [(e, ab) for e, _, ab in b.statics],
        [(e, ab) for e, _, ab in b.rule_statics], list(b.move_replacers),
        [(e, tuple(t)) for e, _, t in b.triggers],
        {k: [(e, i, ab) for e, _, i, ab in v] for k, v in b.watch.items()},
        list(b.moves), set(b.move_to),
        {p: [(e, tuple(o)) for e, o in v] for p, v in b.holders.items()},
        {p: mana(v) for p, v in b.mana.items()},
        dict(b.creatures), list(b.walkers), set(b.sba))


def _from_scratch(game):
    """The index of fresh copies of every object's characteristics (no cached entry,
    no printed characteristics to share one with)."""
    cache, base = game.chars_cache, game.base_chars
    try:
        game.chars_cache = {e: c.copy() for e, c in cache.items()}
        game.base_chars = {}
        return board_mod.Board(game, None)
    finally:
        game.chars_cache, game.base_chars = cache, base


@pytest.mark.parametrize("seed", range(8))
def test_the_index_equals_one_built_from_scratch(seed):
    rng = np.random.default_rng(seed)
    g = Game.new([random_deck(rng), random_deck(rng)], seed=seed, log=False, turn_limit=25,
                 auto_pass=True)
    agents = [HeuristicAgent(2 * seed), RandomAgent(2 * seed + 1)]
    most = 0
    n = 0
    while g.pending is not None and n < 1500:
        b = board_mod.board(g)
        assert _value(b) == _value(_from_scratch(g)), n
        most = max(most, len(b.statics) + len(b.triggers) + len(b.mana))
        answer_once(g, agents)
        n += 1
    assert most > 0


def test_a_mana_creature_given_haste_isnt_summoning_sick_in_the_index():
    """302.6 with 702.10: an effect giving haste changes what the index says of a mana
    creature (its printed characteristics' entry isn't shared then)."""
    for others, sick in (([], True), (["Fervor"], False)):
        g, h = Game.from_setup({"players": [
            {"battlefield": [{"card": "Elvish Archdruid", "id": "e"}] + others}, {}]})
        g.all_chars()
        elves = g.card_entity[h["e"]]
        for b in (board_mod.board(g), _from_scratch(g)):
            (e, _, s, _, _), = b.mana[0]
            assert e == elves and s is sick


def test_rule_statics_are_the_static_abilities_that_change_rules():
    """Of the static abilities (604.1), those naming a rules change ('players can't gain
    life', 119.7) are listed apart: only they can change what a player may do."""
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "m"},
                         {"card": "Leyline of Punishment", "id": "l"}]}, {}]})
    b = board_mod.board(g)
    leyline = g.card_entity[h["l"]]
    assert len(b.statics) == 4 and {e for e, _, _ in b.statics} == {g.card_entity[h["m"]], leyline}
    assert [(e, ab.rules) for e, _, ab in b.rule_statics] == [
        (leyline, ("begin_game_on_battlefield",)), (leyline, ("players_cant_gain_life",)),
        (leyline, ("damage_cant_be_prevented",))]


def test_only_a_permanent_replacing_others_moves_makes_a_move_one_to_look_at():
    """614: a zone change is looked at for replacement effects of other permanents only while
    one has such an effect (Leyline of the Void), not for any static ability (an anthem);
    the index follows it entering and leaving without a rebuild."""
    from mtg_ecs.components import Card
    from mtg_ecs.systems import zones
    from mtg_ecs.systems.replacement import could_replace_move, could_replace_moves
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "m"}],
         "hand": [{"card": "Leyline of the Void", "id": "l"}]},
        {"hand": [{"card": "Centaur Courser", "id": "b"}]}]})
    bears = g.world.ents[g.card_entity[h["b"]]][Card].defn
    b = board_mod.board(g)
    assert b.statics and not b.move_replacers and not could_replace_move(g, bears)
    master = g.card_entity[h["m"]]
    assert not could_replace_moves(g, [master])
    leyline = zones.put_onto_battlefield(g, g.card_entity[h["l"]])
    assert g.board is b                 # patched, not built again
    assert b.move_replacers == [leyline] and could_replace_move(g, bears)
    assert could_replace_moves(g, [master]) and not could_replace_moves(g, [])
    zones.move(g, leyline, "graveyard")
    assert g.board is b and not b.move_replacers and not could_replace_move(g, bears)
    assert b.statics


def test_a_clone_shares_the_index_and_neither_game_changes_it_for_the_other():
    """`Game.clone` gives the clone the same index (no rebuild per clone); each game
    patches a copy of its own, so the original and two clones, played on differently,
    each always hold the index of their own battlefield."""
    g = Game.new([load_deck(d).cards for d in ("green-red-beasts", "esper-fliers")], seed=3,
                 log=False, auto_pass=True)
    agents = [RandomAgent(1), RandomAgent(2)]
    while g.pending is not None and g.turn < 6:
        answer_once(g, agents)
    b = board_mod.board(g)
    games = [g, g.clone(seed=7), g.clone(seed=8)]
    assert all(x.board is b for x in games) and b.shared
    patched = 0
    for _ in range(150):
        for x in (games if patched else games[:1]):    # the original alone first
            if x.pending is None:
                continue
            answer_once(x, agents)
            if x.board is not None:
                assert not x.board.shared or x.board is b
                patched += x.board is not b
        for x in games:
            if x.board is not None:
                assert _value(x.board) == _value(_from_scratch(x))
    assert patched > 0 and len({id(x.board) for x in games}) == 3
