"""`World.remove_many` / `Game.unset_many` (the untap step, end of combat and cleanup,
CR 502.3, 511.3, 514.2) give exactly what removing one component at a time gives: the
same tables, index, write count and version counters, on a game's own tables and on a
clone's shared ones (copy on write), the game cloned from left as it was. So do
`World.add_many` / `Game.tap_many` (the automatic payer's taps, 605.3a) against setting one
at a time."""
import random

from mtg_ecs import Game
from mtg_ecs.components import Tapped, TAPPED, Damage
from mtg_ecs.core.hashing import state_hash

COUNTERS = ("changes", "tversion", "sversion", "cversion")


def _view(g):
    w = g.world
    return ({e: dict(d) for e, d in w.ents.items()}, {t: set(s) for t, s in w.comps.items()},
            tuple(getattr(g, f) for f in COUNTERS))


def test_unset_many_is_unset_one_at_a_time():
    for seed in range(6):
        g = Game.new([["Forest"] * 40] * 2, seed=seed)
        rng = random.Random(seed)
        ents = list(g.world.ents)
        for e in rng.sample(ents, 12):
            g.set(e, Tapped())
        before = _view(g)
        picked = rng.sample(ents, 20)                # some tapped, some not
        one, many = g.clone(), g.clone()
        w1, wm = one.world.writes, many.world.writes
        for e in picked:
            one.unset(e, Tapped)
        many.unset_many(picked, Tapped)
        assert _view(many) == _view(one)
        assert many.world.writes - wm == one.world.writes - w1
        assert state_hash(many) == state_hash(one)
        assert _view(g) == before                    # the shared tables were copied first
        g.unset_many([e for e in ents if e in g.world.comps[Tapped]], Tapped)
        assert Tapped not in g.world.comps           # an emptied index goes (as esper does)
        counts = _view(g)[2]
        g.unset_many(picked, Damage)                 # none has one: nothing changes
        assert _view(g)[2] == counts


def test_tap_many_is_set_one_at_a_time():
    for seed in range(6):
        g = Game.new([["Forest"] * 40] * 2, seed=seed)
        rng = random.Random(seed)
        ents = list(g.world.ents)
        first = rng.sample(ents, 3 * (seed % 3))     # none tapped yet (no index) or a few
        for e in first:
            g.set(e, TAPPED)
        before = _view(g)
        picked = rng.sample([e for e in ents if e not in first], 20)
        one, many = g.clone(), g.clone()
        w1, wm = one.world.writes, many.world.writes
        for e in picked:
            one.set(e, TAPPED)
        many.tap_many(picked)
        assert _view(many) == _view(one)
        assert many.world.writes - wm == one.world.writes - w1
        assert many.world.ents[picked[0]][Tapped] is TAPPED
        assert state_hash(many) == state_hash(one)
        assert _view(g) == before                    # the shared tables were copied first
        own_one = Game.new([["Forest"] * 40] * 2, seed=seed)
        own_many = Game.new([["Forest"] * 40] * 2, seed=seed)
        for e in picked:
            own_one.set(e, TAPPED)
        own_many.tap_many(picked)                    # a game's own tables
        assert _view(own_many) == _view(own_one)
        assert state_hash(own_many) == state_hash(own_one)
