"""Per-game seeds: numpy's `SeedSequence` algorithm, without importing numpy.

`simulate` derives every game's seeds from one root seed with numpy's SeedSequence
(O'Neill's seed_seq_fe hashing, numpy >= 1.17): the child `spawn_key=(i,)` of the root
gives game i its words. Importing numpy costs ~40 ms, a quarter of a simulate run's
start-up, for a few hundred integer operations, so the algorithm is written out here;
`tests/test_seeds.py` holds it equal to numpy's for thousands of seeds and keys.
"""
from __future__ import annotations

_MASK32 = 0xFFFFFFFF
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875       # the hash that fills the entropy pool
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED       # the hash that draws words from it
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_SHIFT = 16
_POOL = 4                                       # numpy's default pool_size


def _words(n: int) -> list:
    """A non-negative integer as 32-bit words, least significant first (at least one)."""
    if n < 0:
        raise ValueError(f"seeds must be non-negative (got {n})")
    out = [n & _MASK32]
    n >>= 32
    while n:
        out.append(n & _MASK32)
        n >>= 32
    return out


def _pool(entropy: int, spawn_key: tuple) -> list:
    run = _words(entropy)
    spawn = [w for k in spawn_key for w in _words(k)]
    if spawn and len(run) < _POOL:
        run += [0] * (_POOL - len(run))         # the spawn key starts after a full pool
    words = run + spawn
    hc = _INIT_A

    def hashmix(v):
        nonlocal hc
        v ^= hc
        hc = (hc * _MULT_A) & _MASK32
        v = (v * hc) & _MASK32
        return v ^ (v >> _SHIFT)

    def mix(x, y):
        r = (_MIX_L * x - _MIX_R * y) & _MASK32
        return r ^ (r >> _SHIFT)

    pool = [hashmix(words[i] if i < len(words) else 0) for i in range(_POOL)]
    for s in range(_POOL):
        for d in range(_POOL):
            if s != d:
                pool[d] = mix(pool[d], hashmix(pool[s]))
    for s in range(_POOL, len(words)):
        for d in range(_POOL):
            pool[d] = mix(pool[d], hashmix(words[s]))
    return pool


def generate_state(entropy: int, spawn_key: tuple = (), n_words: int = 4) -> list:
    """`numpy.random.SeedSequence(entropy, spawn_key=spawn_key).generate_state(n_words)`
    (uint32 words) as a list of ints."""
    pool = _pool(entropy, tuple(spawn_key))
    hc = _INIT_B
    out = []
    for i in range(n_words):
        v = pool[i % _POOL] ^ hc
        hc = (hc * _MULT_B) & _MASK32
        v = (v * hc) & _MASK32
        out.append(v ^ (v >> _SHIFT))
    return out
