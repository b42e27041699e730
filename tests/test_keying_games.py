"""`fast_canonical` against `canonical` on every object of random games of the sample decks:
each value the state key reads (characteristics, last known information, tasks and their
targeting contexts, decisions) read alike, at the top and deep down."""
import dataclasses
import types

import pytest

from mtg_ecs.core.hashing import ATOMS, canonical
from mtg_ecs.core.keying import fast_canonical
from mtg_ecs.core.state import STATE_FIELDS, GameState
from sample_games import decisions

SKIPPED = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, GameState)


def parts(v) -> list:
    """The values `canonical` reads in v (a card definition, by its name: none)."""
    t = type(v)
    if t.__name__ == "CardDef" or isinstance(v, SKIPPED):
        return []
    if isinstance(v, (tuple, list, set, frozenset)):
        return list(v)
    if isinstance(v, dict):
        return [*v, *v.values()]
    if dataclasses.is_dataclass(v):
        return [getattr(v, f.name) for f in dataclasses.fields(v)]
    if hasattr(v, "__dict__"):
        return list(vars(v).values())
    return [getattr(v, s, None) for k in t.__mro__ for s in getattr(k, "__slots__", ())
            if s != "__weakref__"]


def objects(game):
    """Every object of the game's state (its entities' components, its fields' values and
    what they hold), once each."""
    todo = [game.world.ents] + [getattr(game, f) for f in STATE_FIELDS]
    seen = set()
    while todo:
        v = todo.pop()
        if type(v) in ATOMS or id(v) in seen:
            continue
        seen.add(id(v))
        yield v
        todo += parts(v)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_object_of_a_game_is_read_as_canonical_reads_it(seed):
    kinds = set()
    for n, g in enumerate(decisions([seed], second=1, most=200)):
        if n % 10 == 0:
            for v in objects(g):
                kinds.add(type(v).__name__)
                assert fast_canonical(v) == canonical(v), (n, v)
                assert fast_canonical(v, 7) == canonical(v, 7), (n, v)
    assert {"Chars", "frozenset", "Decision", "CastTask", "TargetContext"} <= kinds, kinds


@pytest.mark.parametrize("seed", [3, 4])
def test_every_last_known_value_is_digested_as_its_canonical_value(seed):
    """Each lki_extra item of a keyed game (a spell's last known card and choices, written
    from the texts its entity's digests kept while it was on the stack) has the digest of
    its canonical value; so does each lki item."""
    from mtg_ecs.core import keying
    spells = 0
    for g in decisions([seed], second=1, most=400, auto_pass=False):
        g.state_key()
        for tag, field in ((b"lki_extra", g.lki_extra), (b"lki", g.lki)):
            for k, x in field.items():
                assert keying._item_digest(tag, k, x) == \
                    keying._digest(tag + b":", (k, canonical(x))), (tag, k, x)
                spells += tag == b"lki_extra" and "spell" in x
    assert spells
