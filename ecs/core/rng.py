"""The game's random number generator, copied on write.

A game's only source of randomness (shuffles, random discards, the starting player) is
a `GameRandom`: `random.Random`'s methods over a Mersenne Twister state. Copying that
state (`getstate` / `setstate`: 625 ints) costs more than the rest of a clone's plain
fields together, and most clones never draw a random number (a rewind point, a search
node whose line has no shuffle). So `fork()` shares the generator: both sides keep the
shared one until they draw from it, and the first draw on either side takes a private
generator in the shared state first. The shared generator is never drawn from again,
so each side sees exactly the numbers a copy made at the fork would give.

Each side decides alone (its own flag, nothing counted between them), so games and
their clones can be played in different threads.
"""
from __future__ import annotations

import random

_Random = random.Random


def _copy(r: random.Random) -> random.Random:
    out = _Random.__new__(_Random)           # unseeded: Random() would read urandom
    out.setstate(r.getstate())
    return out


class GameRandom:
    """`random.Random`'s methods (the common ones directly, any other through the
    private generator), with `fork()` instead of a copy."""

    __slots__ = ("_r", "_shared")
    CACHE_SLOTS = ("_shared",)       # not part of the state (mtg_ecs.core.hashing)

    def __init__(self, seed=0):
        self._r = _Random(seed)
        self._shared = False

    def fork(self) -> "GameRandom":
        """An independent generator in the same state (shares this one until either
        draws)."""
        self._shared = True
        g = GameRandom.__new__(GameRandom)
        g._r = self._r
        g._shared = True
        return g

    def _gen(self) -> random.Random:
        """The generator to draw from: this side's own."""
        if self._shared:
            self._r = _copy(self._r)
            self._shared = False
        return self._r

    # -- reading and setting the state (no draw: sharing stays) -------------------------
    def getstate(self):
        return self._r.getstate()

    def pinned(self) -> random.Random:
        """The generator in its present state, never to be drawn from again: this side
        draws from a private copy from its next draw on, as after a fork. So the object
        stands for this state for as long as it is this side's (`core.keying.state_key`
        keeps it to know the state unchanged without reading 625 numbers)."""
        self._shared = True
        return self._r

    def setstate(self, state) -> None:
        r = _Random.__new__(_Random)
        r.setstate(state)
        self._r = r
        self._shared = False

    # -- drawing ----------------------------------------------------------------------
    def random(self) -> float:
        return self._gen().random()

    def randrange(self, *args):
        return self._gen().randrange(*args)

    def randint(self, a: int, b: int) -> int:
        return self._gen().randint(a, b)

    def choice(self, seq):
        return self._gen().choice(seq)

    def shuffle(self, x) -> None:
        """`random.Random.shuffle(x)`: its Fisher-Yates loop and `_randbelow(i + 1)` (by
        `getrandbits`) in one function, the same draws in the same order
        (tests/test_rng.py compares them), without two Python calls per element."""
        getrandbits = self._gen().getrandbits
        top = len(x) - 1                        # x[top] is exchanged first
        while top > 0:
            k = (top + 1).bit_length()          # the bits _randbelow(i + 1) draws, for
            low = (1 << (k - 1)) - 1            # each i from top down to low
            for i in range(top, low - 1, -1):
                j = getrandbits(k)
                while j > i:                    # (not below i + 1: drawn again)
                    j = getrandbits(k)
                x[i], x[j] = x[j], x[i]
            top = low - 1

    def sample(self, population, k, **kw):
        return self._gen().sample(population, k, **kw)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._gen(), name)      # any other method of random.Random
