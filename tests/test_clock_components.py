"""An object entering the battlefield or the stack (CR 400.7) gets a `Timestamp` and a
`Controller` of the game's clock (613.7, 302.6): values kept once made (`timestamp_at`,
`controller_since`), equal to the ones made anew, and the same objects in two games that
make them at the same clock (a clone's playout and another's, or the next game's)."""
from mtg_ecs.components import Controller, Timestamp, controller_since, timestamp_at
from mtg_ecs.core.decisions import PlayLand
from sample_games import decisions


def test_kept_values_equal_made_ones():
    for n in (0, 1, 7, 10 ** 6):
        assert timestamp_at(n) == Timestamp(n) and timestamp_at(n) is timestamp_at(n)
        for p in (0, 1, 3):
            c = controller_since(p, n)
            assert c == Controller(p, n) and c.base is None and c is controller_since(p, n)


def test_two_games_entering_at_one_clock_share_the_values():
    played = 0
    for g in decisions(range(3), until_turn=6):
        d = g.pending
        if d.kind != "priority":
            continue
        lands = [o for o in d.options if isinstance(o, PlayLand)]
        if not lands:
            continue
        a, b = g.clone(), g.clone()
        ents = []
        for x in (a, b):
            x.decide(lands[0])
            new = [e for e in x.battlefield if e not in g.battlefield]
            assert len(new) == 1
            ents.append(x.world.ents[new[0]])
        ca, cb = ents
        assert ca[Timestamp] is cb[Timestamp] and ca[Controller] is cb[Controller]
        assert ca[Controller] == Controller(d.player, ca[Timestamp].value)
        a.close()
        b.close()
        played += 1
    assert played >= 3
