"""Gymnasium spaces of the encoding, shared by the PettingZoo and Gymnasium adapters:
one Box per array of `encoding.OBSERVATION_SPACE`, a Discrete of the fixed action space,
and the action mask as int8 (what `Discrete.sample(mask)` takes)."""
from __future__ import annotations

import numpy as np

from mtg_ecs.rl.encoding import ACTION_SIZE, OBSERVATION_SPACE
from mtg_ecs.rl.extras import require

spaces = require("gymnasium.spaces", "mtg_ecs.rl's adapters")


def observation_space(seed: int | None = None):
    """A `spaces.Dict` of the encoding's arrays, by name."""
    return spaces.Dict({name: spaces.Box(low, high, shape, dtype)
                        for name, (shape, dtype, low, high) in OBSERVATION_SPACE.items()},
                       seed=seed)


def action_space(seed: int | None = None):
    return spaces.Discrete(ACTION_SIZE, seed=seed)


def mask_space():
    return spaces.Box(0, 1, (ACTION_SIZE,), np.int8)


def as_mask(mask) -> np.ndarray:
    """A boolean mask as int8, the dtype PettingZoo and `Discrete.sample` expect."""
    return np.asarray(mask, dtype=np.int8)
