"""A draw nothing hears and nothing can replace (systems/zones.py `draw`) skips the general
`move`: it must leave the game exactly as `move` would (CR 121.1, 400.7: the top card
becomes a new object in its owner's hand), every table, counter and cache included."""
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.systems import zones

DECK = ["Forest"] * 17 + ["Centaur Courser"] * 4 + ["Island"] * 10 + ["Wind Drake"] * 9


def _mid_game(seed: int, turn: int) -> Game:
    g = Game.new([list(DECK), list(DECK)], seed=seed, log=False, auto_pass=True)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while g.pending is not None and g.turn < turn:
        d = g.pending
        g.decide(agents[d.player].act(g, d))
    assert g.pending is not None
    return g


def _facts(g) -> tuple:
    w = g.world
    return (state_hash(g), g.zversion, g.changes, g.sversion, g.cversion, g.bversion,
            g.chars_version, g.board is None, dict(g.offfield_cache), w.next_id,
            {t: set(s) for t, s in w.comps.items()}, [list(d) for d in w.ents.values()],
            [(list(p.library), list(p.hand), p.cards_drawn_turn) for p in g.players])


def _general_draw(g, player: int, n: int) -> None:
    """`draw`'s general path: `move`, then the count (121.2)."""
    p = g.players[player]
    for _ in range(n):
        zones.move(g, p.library[-1], "hand", cause="draw")
        p.cards_drawn_turn += 1


def test_a_quiet_draw_leaves_the_game_as_move_does(monkeypatch):
    for seed in (1, 2, 3):
        for player in (0, 1):
            a = _mid_game(seed, 4)              # (a game's own world, and a clone's)
            b = a.clone()
            writes = a.world.writes, b.world.writes
            _general_draw(b, player, 3)
            with monkeypatch.context() as m:
                def general(*args, **kw):
                    raise AssertionError("the quiet draw took the general path")
                m.setattr(zones, "move", general)
                assert zones.draw(a, player, 3) == 3
            assert _facts(a) == _facts(b)
            assert a.world.writes - writes[0] == b.world.writes - writes[1]


def test_a_heard_draw_takes_the_general_path():
    """With the log kept, the zone change and the draw are announced (the general path)."""
    g = Game.new([list(DECK), list(DECK)], seed=5, log=True)
    kinds = [k for k, _ in g.log]
    assert kinds.count("draw") == 14 and kinds.count("zone_change") == 14
