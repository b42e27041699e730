"""`mtg_ecs.apps.seeds` is numpy's SeedSequence, word for word (simulate's per-game seeds
must not change: records of old runs stay reproducible)."""
import random

import numpy as np
import pytest

from mtg_ecs.apps.seeds import generate_state
from mtg_ecs.apps.simulate import game_seeds


def _numpy(entropy, key, n):
    return [int(w) for w in np.random.SeedSequence(entropy, spawn_key=key)
            .generate_state(n, dtype=np.uint32)]


def test_equal_to_numpy_for_many_seeds_and_keys():
    r = random.Random(13)
    for _ in range(2000):
        entropy = r.choice([0, 1, 7, 2 ** 32 - 1, 2 ** 32, 2 ** 64 + 3, 2 ** 128 - 1,
                            r.getrandbits(r.randint(1, 160))])
        key = tuple(r.getrandbits(r.choice([3, 20, 33, 64])) for _ in range(r.randint(0, 3)))
        n = r.randint(1, 9)
        assert generate_state(entropy, key, n) == _numpy(entropy, key, n), (entropy, key, n)


def test_game_seeds_are_the_spawned_children_of_the_root():
    children = np.random.SeedSequence(2026).spawn(40)
    want = [tuple(int(w) for w in ch.generate_state(3, dtype=np.uint32)) for ch in children]
    assert game_seeds(2026, 40) == want
    assert game_seeds(2026, 10, first=30) == want[30:]


def test_a_negative_seed_is_refused_like_numpy():
    with pytest.raises(ValueError):
        np.random.SeedSequence(-1)
    with pytest.raises(ValueError):
        generate_state(-1)
