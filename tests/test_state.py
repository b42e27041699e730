"""Declared state (issue 13, item 4): every field of a game declared once with its copy
rule (ecs/core/state.py); clones, deep copies and pickles are independent, equal games;
state_hash covers every field that can change the rest of the game."""
import copy
import pickle

import pytest

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.core.hashing import state_hash, log_hash
from mtg_ecs.core.state import FIELDS, FIELD_NAMES, STATE_FIELDS, GameState, _COPIERS

DECK = ["Forest"] * 24 + ["Centaur Courser"] * 36


def _midgame(seed=3, turn=7, **kw):
    g = Game.new([DECK, DECK], seed=seed, auto_pass=True, **kw)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while g.turn < turn and not g.over:
        d = g.pending
        g.decide(agents[d.player].act(g, d))
    return g, agents


def test_every_field_is_declared_with_a_known_copy_rule():
    assert len(set(FIELD_NAMES)) == len(FIELD_NAMES)
    for f in FIELDS:
        assert f.copy in _COPIERS or f.copy == "reset", f
        assert f.kind in ("state", "cache", "config", "info"), f
    assert set(GameState.__slots__) == set(FIELD_NAMES) | {"__weakref__"}
    assert Game.__slots__ == ()


def test_no_attribute_is_created_on_the_fly():
    g, _ = _midgame(turn=2)
    with pytest.raises(AttributeError):
        g.some_new_cache = {}
    assert not hasattr(g, "__dict__")


def test_last_known_information_is_not_shared_with_clones():
    """Outside review: 30 playouts on clones grew the original's lki_extra (the
    counters, damage and attachment an 'enchanted creature dies' trigger reads, 603.10)."""
    g, _ = _midgame(seed=5, turn=6)
    before = state_hash(g)
    lki = dict(g.lki_extra)
    for i in range(30):
        c = g.clone()
        play(c, [RandomAgent(100 + i), RandomAgent(200 + i)])
        assert c.over
    assert g.lki_extra == lki and state_hash(g) == before


def test_deepcopy_is_an_independent_game():
    """Outside review: copy.deepcopy(game) wrote into the original's esper world."""
    g, agents = _midgame()
    before = state_hash(g)
    d = copy.deepcopy(g)
    assert state_hash(d) == before and d.world is not g.world
    play(d, [RandomAgent(7), RandomAgent(8)])
    assert d.over and state_hash(g) == before
    # and the original plays on exactly as an untouched copy of it does
    twin = g.clone()
    play(g, [RandomAgent(9), RandomAgent(10)])
    play(twin, [RandomAgent(9), RandomAgent(10)])
    assert log_hash(g) == log_hash(twin) and state_hash(g) == state_hash(twin)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_pickles_to_an_equal_game(seed):
    g, _ = _midgame(seed=seed, turn=5)
    p = pickle.loads(pickle.dumps(g))
    assert state_hash(p) == state_hash(g) and log_hash(p) == log_hash(g)
    play(g, [RandomAgent(11), RandomAgent(12)])
    play(p, [RandomAgent(11), RandomAgent(12)])
    assert (p.winner, p.turn, state_hash(p)) == (g.winner, g.turn, state_hash(g))


def test_a_scenario_position_pickles_with_its_answers_and_concessions():
    from mtg_ecs import Cast
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "b"}]},
        {"life": 5}]})
    g.decide(Cast(g.card_entity[h["b"]]))
    target = next(o for o in g.pending.options if getattr(o, "index", None) == 1)
    g.decide([target])
    p = pickle.loads(pickle.dumps(g))
    assert state_hash(p) == state_hash(g)
    g.concede(1)
    p = pickle.loads(pickle.dumps(g))
    assert p.over and p.winner == 0 and state_hash(p) == state_hash(g)


PER_PLAYER = ("actions_cache", "mana_cache", "instant_cache", "idle_cache")


def test_per_player_caches_hold_one_item_per_player_in_every_copy():
    """The per-player caches (lists by player index, core/state.py) of a 4-player game:
    one item per player in the game, a clone (its own lists: the kept ones copied, the
    reset ones empty), a deep copy, a pickled game and after `drop_caches`; each plays on
    to the end, and a clone played on leaves the original's lists as they were."""
    g = Game.new([DECK] * 4, seed=4, format="free-for-all", auto_pass=True)
    agents = [RandomAgent(i) for i in range(4)]
    while g.turn < 6 and not g.over:
        d = g.pending
        g.decide(agents[d.player].act(g, d))
    assert tuple(f.name for f in FIELDS if f.per_player) == PER_PLAYER
    assert all(len(getattr(g, n)) == 4 for n in PER_PLAYER)
    assert any(x is not None for x in g.actions_cache + g.instant_cache)
    before = {n: list(getattr(g, n)) for n in PER_PLAYER}
    c = g.clone(seed=1)
    for f in FIELDS:
        if f.per_player:
            a, b = getattr(g, f.name), getattr(c, f.name)
            assert b is not a and b == (a if f.copy == "list" else [None] * 4), f.name
    play(c, [RandomAgent(10 + i) for i in range(4)])
    assert c.over
    for n in PER_PLAYER:
        assert all(x is y for x, y in zip(getattr(g, n), before[n], strict=True)), n
    others = [copy.deepcopy(g), pickle.loads(pickle.dumps(g)), g.clone()]
    others[2].drop_caches()
    for o in others:
        assert all(len(getattr(o, n)) == 4 for n in PER_PLAYER)
    assert all(x is None for n in PER_PLAYER for x in getattr(others[2], n))
    for o in others:
        play(o, [RandomAgent(20 + i) for i in range(4)])
        assert o.over


def test_a_game_made_by_hand_refuses_to_pickle_clearly():
    g = Game()
    with pytest.raises(TypeError, match="Game.new or Game.from_setup"):
        pickle.dumps(g)


@pytest.mark.parametrize("name", [n for n in STATE_FIELDS if n != "world"])
def test_no_state_field_escapes_the_hash(name):
    """Changing any field declared part of the state changes state_hash (so the clone
    check, the refused-answer check and determinism checks see every field)."""
    g, _ = _midgame(turn=3)
    before = state_hash(g)
    c = g.clone()
    change_field(c, name)
    assert state_hash(c) != before, name
    assert state_hash(g) == before


def change_field(c, name):
    """Change the state field `name` of the game `c` (tests/test_state_key.py too)."""
    if name == "rng":
        c.rng.random()
    elif name == "rules":
        from mtg_ecs.core.rules import RulesProfile
        c.rules = RulesProfile.named("m10" if c.rules.name == "current" else "current")
    elif name == "players":
        c.players[1].life += 1
    elif name == "pending":
        c.pending = None
    else:
        v = getattr(c, name)
        setattr(c, name, [("changed", name)] if not isinstance(v, (int, bool)) or v is None
                else (not v if isinstance(v, bool) else v + 1))


def test_observers_are_the_games_own():
    """`observers` (core.loop.Observer hooks, CONFIG): a clone shares its game's, a rewind
    (`adopt`) keeps the game's own even when the clone was taken before an observer was
    attached, and a plain game has none."""
    from mtg_ecs.core.loop import Observer
    g = Game.new([["Forest"] * 40] * 2, seed=3)
    plain = g.observers                  # () but under MTG_CHECK=1 (the outer checker)
    early = g.clone()
    o = Observer()
    g.observers += (o,)
    assert g.clone().observers == plain + (o,)
    g.adopt(early)
    assert g.observers == plain + (o,)
    g.decide("keep")                     # the base Observer's hooks do nothing
    assert g.pending is not None
    g.close()


def test_a_step_made_for_one_resolution_keeps_clones_equal():
    """An optional trigger's 'you may' (603.5) is a step made as the trigger resolves
    (like an 'enter as a copy' choice, 707.2): a game and its clone each make their own,
    so its progress must not be keyed by the step's id (equal games would differ in
    state_hash, and the fuzzer's clone check fail by chance of memory layout)."""
    from mtg_ecs import Cast, Pass
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 5, "hand": [{"card": "Hoarding Dragon", "id": "d"}],
         "library": ["Spellbook", "Island"]}, {"library": ["Island"] * 3}]})
    dragon = g.card_entity[h["d"]]
    g.decide(Cast(dragon))
    while not g.stack or g.stack[-1] == dragon or g.pending.kind != "priority":
        g.decide(Pass())
    c = g.clone()
    keep = []
    for x in (g, c):
        while x.pending.kind == "priority":
            x.decide(Pass())
        assert x.pending.kind == "may"
        keep.append(x.agenda[-1].steps)            # both steps alive: different ids
    assert keep[0][0] is not keep[1][0]
    assert state_hash(g) == state_hash(c)
    for x in (g, c):
        x.decide(True)
    assert state_hash(g) == state_hash(c)


def test_the_copies_a_clone_makes_copy_every_field():
    """The fast copies a clone uses (Decision.__copy__, the generated Player.copy and
    field copier) against the declarations: every field copied, shared or copied as
    declared."""
    import dataclasses
    from mtg_ecs.core.decisions import Decision, new_decision
    from mtg_ecs.core.state import Player
    d = Decision("choose", 1)
    for f in dataclasses.fields(Decision):
        setattr(d, f.name, object())
    c = copy.copy(d)
    assert type(c) is Decision
    for f in dataclasses.fields(Decision):
        assert getattr(c, f.name) is getattr(d, f.name), f.name
    # so too `new_decision`, the class call's shortcut
    vals = [object() for _ in dataclasses.fields(Decision)]
    m = new_decision(*vals)
    assert type(m) is Decision and m == Decision(*vals)
    for f, v in zip(dataclasses.fields(Decision), vals):
        assert getattr(m, f.name) is v, f.name
    p = Player(1)
    for n in Player.__slots__:
        setattr(p, n, [n] if n in Player.LISTS else object())
    q = p.copy()
    for n in Player.__slots__:
        if n in Player.LISTS:
            assert getattr(q, n) == [n] and getattr(q, n) is not getattr(p, n), n
        else:
            assert getattr(q, n) is getattr(p, n), n
    g, _ = _midgame(turn=4)
    c = g.clone()
    for f in FIELDS:
        a, b = getattr(g, f.name), getattr(c, f.name)
        if f.copy == "share":
            assert b is a, f.name
        elif f.copy == "reset":
            assert b == ([None] * len(g.players) if f.per_player else f.default()), f.name
        elif a is not None and f.copy != "rng":
            assert b is not a, f.name
            if f.copy in ("list", "dict", "set", "nested", "marked"):
                assert b == a and type(b) is type(a) or f.name == "left_together", f.name
