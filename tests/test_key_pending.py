"""The state key's reading of the pending decision and the agenda (`core.keying`: a
`Decision` read by its fields, its options and data inline; the texts of both among the
plain values): the key a decision gives is the one the generic reading gives its value,
and a decision or a task written after a key changes the key exactly when it changes
`state_hash`."""
import dataclasses
import marshal

import pytest

from mtg_ecs.core.decisions import (Cast, Decision, Pass, PlayerRef, activate_option,
                                    cast_option)
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.core import keying
from mtg_ecs.core.keying import fast_canonical

from sample_games import decisions
from test_state_key import fresh_key


class Generic(Decision):
    """A decision the key reads the generic way (not a `Decision` by type), with the same
    value as a `Decision` (`canonical` writes a dataclass by its qualified name)."""
    __qualname__ = "Decision"


def generic(d) -> Generic:
    return Generic(*(getattr(d, f.name) for f in dataclasses.fields(Decision)))


def games():
    for seed, auto_pass in ((21, False), (22, True)):
        yield from decisions([seed], second=1, most=250, auto_pass=auto_pass)


def test_every_decision_keys_as_the_generic_reading_of_its_value():
    kinds = set()
    for g in games():
        k = g.state_key()
        c = g.clone()
        c.pending = generic(g.pending)
        assert state_hash(c) == state_hash(g)
        assert c.state_key() == k == fresh_key(g), g.pending
        kinds.add(g.pending.kind)
    assert {"priority", "attackers", "blockers", "targets"} <= kinds


@pytest.mark.parametrize("options,data", [
    ([1, 2, 3], {}),                                    # atoms
    ([PlayerRef(0), 5], {"index": 0}),                  # an object not kept
    ([("a", [PlayerRef(1)])], {"candidates": {4: [PlayerRef(1)]}, "requirements": []}),
    ([], {"mana_abilities": slice(0, 2)}),
    ([None], {"mana_abilities": slice(1, None, -1), "x": 1}),   # two items
    ([2.5], {PlayerRef(0): "a"}),                       # a key not an atom
    ([1], {"s": {3, 1}}),                               # a value neither atom nor slice
    ([(1, [slice(2, 3)])], {"a": [slice(1, 2)], "b": 1}),   # slices deeper
    ([{"a": {"b": [PlayerRef(0)]}}], {"c": {1: {2: [3]}}, "d": 4}),  # deeper than read quickly
    ([(3, [PlayerRef(1), 4]), (True, (PlayerRef(0),))],         # a block's: one item, a dict
     {"candidates": {3: [PlayerRef(1), 4], 1.0: []}}),
    ([[1, True], (1.0, -0.0, PlayerRef(2))], {"a": {2: PlayerRef(1), 0: [0.0, False]}}),
])
def test_options_and_data_of_any_shape_key_as_the_generic_reading(options, data):
    g = next(games())
    g.state_key()
    for d in (Decision("choose", 1, options, 0, 2, "p", data),
              Decision("choose", 1, options, 0, 2, "p", dict(reversed(data.items())))):
        a, b = g.clone(), g.clone()
        a.pending, b.pending = d, generic(d)
        assert state_hash(a) == state_hash(b)
        assert a.state_key() == b.state_key() == fresh_key(a)


def test_a_decision_of_other_shapes_keys_as_the_generic_reading():
    """Options not in a list, data not a dict, a field not an atom: read the generic way."""
    g = next(games())
    g.state_key()
    for d in (Decision("choose", 0, (1, PlayerRef(0))), Decision("choose", 0, [1], data=None),
              Decision(("choose",), PlayerRef(1), [1])):
        a, b = g.clone(), g.clone()
        a.pending, b.pending = d, generic(d)
        assert state_hash(a) == state_hash(b)
        assert a.state_key() == b.state_key() == fresh_key(a)


def test_decisions_alike_but_for_their_values_types_key_apart_as_the_hash():
    """A decision's text is put together from bytes kept per option and per frame (its
    fields and its data's one item, a slice by its bounds), found by equal tuples of ints,
    strs and Nones only: 1, True and 1.0 are told apart, as `state_hash` tells them."""
    g = next(games())
    g.state_key()
    options = [Pass(), cast_option(5), activate_option(6, 0), 7]
    keys = {}
    for player, lo, bound, item in ((1, 1, 1, 0), (True, 1, 1, 0), (1, True, 1, 0),
                                    (1, 1, True, 0), (1, 1, 1.0, 0), (1, 1, 1, False),
                                    (1, 1, 1, 0.0), (1, 1, 1, 0)):
        for data in ({"mana_abilities": slice(bound, 3)}, {"index": item}, {}):
            a, b = g.clone(), g.clone()
            a.pending = Decision("priority", player, list(options), lo, 1, "priority", data)
            b.pending = generic(a.pending)
            h = state_hash(a)
            assert h == state_hash(b)
            assert a.state_key() == b.state_key() == fresh_key(a) == keys.setdefault(h, fresh_key(a))
    assert len(set(keys.values())) == len(keys) == 13


def test_an_options_kept_bytes_are_never_another_objects():
    """The bytes of a frozen option are found by its id: it is kept alive with them, so an
    option made later (maybe where a freed one was) never finds the bytes of another, even
    when the memo of values, which keeps them alive too, is emptied."""
    g = next(games())
    g.state_key()
    for card in range(900, 960):
        keying._VALUES.clear()
        a, b = g.clone(), g.clone()
        a.pending = Decision("priority", 0, [Pass(), Cast(card)], 1, 1, "priority",
                             {"mana_abilities": slice(2, 2)})
        b.pending = generic(a.pending)
        assert a.state_key() == b.state_key() == fresh_key(a)


WRITES = {
    "kind": lambda d: "choose",
    "player": lambda d: 1 - d.player,
    "options": lambda d: d.options[:-1],
    "min": lambda d: d.min + 1,
    "max": lambda d: d.max + 1,
    "prompt": lambda d: d.prompt + "!",
    "data": lambda d: {**d.data, "more": 1},
}


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_decision_written_after_a_key_changes_the_key_as_the_hash(name):
    """Each field replaced: another value changes the key; an equal value (a new object)
    leaves it, as it leaves `state_hash`."""
    assert set(WRITES) == {f.name for f in dataclasses.fields(Decision)}
    g = next(games())
    before, h = g.state_key(), state_hash(g)
    c = g.clone()
    value = getattr(c.pending, name)
    setattr(c.pending, name, type(value)(value) if isinstance(value, (list, dict)) else value)
    assert state_hash(c) == h and c.state_key() == before
    setattr(c.pending, name, WRITES[name](c.pending))
    assert state_hash(c) != h
    assert c.state_key() != before
    assert c.state_key() == fresh_key(c)
    assert g.state_key() == before


def test_a_decision_put_back_gives_the_key_back():
    g = next(games())
    k = g.state_key()
    d = g.pending
    g.pending = Decision("may", 0, [True, False])
    assert g.state_key() != k
    g.pending = None
    assert g.state_key() != k
    g.pending = d
    assert g.state_key() == k == fresh_key(g)


def test_the_text_of_a_decision_is_not_the_decision():
    """The pending field holding the text the key writes for a decision (or a list or a
    tuple of it) is another state: another key."""
    g = next(games())
    k = g.state_key()
    text = marshal.dumps(fast_canonical(g.pending), 2)
    for other in (text, [text], (text,)):
        c = g.clone()
        c.pending = other
        assert state_hash(c) != state_hash(g)
        assert c.state_key() != k
        assert c.state_key() == fresh_key(c)


def with_tasks():
    """Games (at a decision) with tasks in progress."""
    return (g for g in games() if g.agenda)


def test_a_task_written_after_a_key_changes_the_key_as_the_hash():
    """The agenda is read at every key: a task changed in place (not replaced) is seen."""
    seen = 0
    for g in with_tasks():
        before, h = g.state_key(), state_hash(g)
        c = g.clone()
        assert c.state_key() == before
        task = c.agenda[-1]
        names = [n for n in (getattr(task, "__slots__", None) or vars(task))
                 if type(getattr(task, n, None)) in (bool, int)]
        if not names:
            continue
        value = getattr(task, names[0])
        setattr(task, names[0], value + 7 if type(value) is int else not value)
        assert state_hash(c) != h
        assert c.state_key() != before
        assert c.state_key() == fresh_key(c)
        setattr(task, names[0], value)
        assert state_hash(c) == h and c.state_key() == before
        seen += 1
        if seen == 20:
            break
    assert seen == 20


def test_a_task_added_or_taken_off_changes_the_key():
    g = next(with_tasks())
    k = g.state_key()
    task = g.agenda.pop()
    assert g.state_key() != k
    g.agenda.append(task)
    assert g.state_key() == k
    g.agenda.append(task.copy())
    assert g.state_key() != k
    assert g.state_key() == fresh_key(g)
