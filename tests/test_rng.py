"""The game's random number generator (ecs/core/rng.py): a fork shares the generator
until either side draws, and every side then draws exactly what a copy made at the fork
would (clones evolve like their original; same seeds, same games)."""
import random

from mtg_ecs.core.rng import GameRandom


def _draw(r, how: int):
    if how == 0:
        return r.random()
    if how == 1:
        return r.randrange(1000)
    if how == 2:
        x = list(range(20))
        r.shuffle(x)
        return x
    if how == 3:
        return r.choice("abcdefgh")
    if how == 4:
        return r.sample(range(50), 5)
    if how == 5:
        return r.randint(1, 6)
    return r.uniform(0, 1)               # any other method of random.Random


def test_a_fresh_generator_draws_like_random_random():
    a, b = GameRandom(42), random.Random(42)
    for i in range(50):
        assert _draw(a, i % 7) == _draw(b, i % 7)
    assert a.getstate() == b.getstate()


def test_forks_draw_what_copies_made_at_the_fork_would():
    """A family of forks, drawn from in a random order, each against a model
    random.Random copied from its parent's state at the fork."""
    order = random.Random(20261125)
    gens, models = [GameRandom(7)], [random.Random(7)]
    for _ in range(2000):
        i = order.randrange(len(gens))
        r = order.random()
        if r < 0.15:
            gens.append(gens[i].fork())
            m = random.Random()
            m.setstate(models[i].getstate())
            models.append(m)
        elif r < 0.2:
            assert gens[i].getstate() == models[i].getstate()
        elif r < 0.22:
            state = models[order.randrange(len(models))].getstate()
            gens[i].setstate(state)
            models[i].setstate(state)
        else:
            how = order.randrange(7)
            assert _draw(gens[i], how) == _draw(models[i], how)
    for g, m in zip(gens, models):
        assert g.getstate() == m.getstate()


def test_a_fork_copies_nothing_until_a_draw():
    a = GameRandom(1)
    b = a.fork()
    assert a._r is b._r                   # shared
    assert a.getstate() == b.getstate()   # reading the state doesn't copy
    assert a._r is b._r
    x = b.random()
    assert a._r is not b._r and a.random() == x


def test_shuffle_draws_like_random_random_shuffle():
    """GameRandom.shuffle is random.Random.shuffle's loop written out: the same order and
    the same generator state after, for every length (powers of two included)."""
    for seed in range(20):
        a, b = GameRandom(seed), random.Random(seed)
        for n in (0, 1, 2, 3, 7, 8, 9, 16, 17, 40, 60, 64, 65, 120, 257):
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            b.shuffle(y)
            assert x == y
        assert a.getstate() == b.getstate()
