"""The state key's fast reading of values (`core.keying.fast_canonical`): the same values as
`canonical` (so equal keys mean equal state_hashes), whatever was read and kept before."""
import dataclasses
from dataclasses import dataclass

import pytest

from mtg_ecs.cards import get_card
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.core.hashing import canonical, frozen
from mtg_ecs.core.keying import fast_canonical


@pytest.mark.parametrize("dicts", [
    ({"b": 1, "a": 2}, {"a": 2, "b": 1}, {"b": 3, "a": 4}),            # one order kept per keys
    ({"ab": 0, "a": 1, "a_": 2}, {"b'": 0, "b": 1, 'b"': 2, "é": 3, "b\n": 4}),
    ({10: 0, 2: 1, -1: 2}, {2: 0, 10: 1}, {1: 0, 2: 1}, {True: 0, 2: 1}),   # True isn't 1
    ({1.0: 0, 2: 1}, {(1, 2): 0, (1,): 1}, {None: 0, "a": 1}),
])
def test_a_dicts_items_are_in_canonicals_order(dicts):
    """A dict's items in the order `canonical` gives them (by their keys' reprs), whatever
    dicts with equal keys (in another order, of other types) were read before."""
    for _ in range(2):
        for d in dicts:
            assert fast_canonical(d) == canonical(d), d
            assert type(fast_canonical(d)[1][0]) is type(canonical(d)[1][0])


def test_a_function_is_read_as_canonical_reads_it():
    """A function by its qualified name and the values it closes over (a cell not filled
    yet read as None, a closure that closes a cycle as canonical's memo writes it)."""
    def outer(n, spec):
        def f():
            return n, spec, later
        later = None if n else f
        return f

    def unfilled():
        def g():
            return x
        before = fast_canonical(g), canonical(g)
        x = 1
        return g, before

    for v in (outer(1, {"a": [PlayerRef(0)]}), outer(0, None), len, PlayerRef, (outer(2, ()),)):
        assert fast_canonical(v) == canonical(v), v
    g, before = unfilled()
    assert before[0] == before[1] == ("fn", g.__qualname__, (None,))
    assert fast_canonical(g) == canonical(g) == ("fn", g.__qualname__, (1,))


def test_a_card_definition_is_read_by_its_name():
    defn = get_card("Centaur Courser")
    assert fast_canonical(defn) == canonical(defn) == ("CardDef", "Centaur Courser")
    assert fast_canonical([defn, 1]) == canonical([defn, 1])


def test_an_ability_of_a_definition_is_read_once_wherever_it_is_found():
    """An item of a definition's tuple (an ability), once a definition's values were read,
    is read once per depth where found alone (a task holding the ability it activates);
    an equal ability that isn't the definition's is read as it is."""
    @dataclass
    class Made:                     # an object made from a card definition (characteristics)
        defn: object
        abilities: tuple

    @dataclass
    class Task:
        ability: object

    defn = get_card("Arbor Elf")
    ability = defn.abilities[0]
    first = fast_canonical(Task(ability))
    assert first == canonical(Task(ability))
    assert fast_canonical(Made(defn, defn.abilities)) == canonical(Made(defn, defn.abilities))
    again, more = fast_canonical(Task(ability)), fast_canonical(Task(ability))
    assert again == more == first and again[1] is more[1]
    other = dataclasses.replace(ability)
    assert fast_canonical(Task(other)) == first and fast_canonical(Task(other))[1] is not again[1]


@pytest.mark.parametrize("depth", [0, 7, 9])
def test_a_set_of_at_most_one_item_is_read_as_canonical_reads_it(depth):
    """A set's items sorted by their reprs; one of no item or one item read without
    sorting, that item read as any value (an object, a tuple holding one), at any depth."""
    for v in (set(), frozenset(), {"U"}, frozenset({3}), {PlayerRef(1)},
              frozenset({(PlayerRef(0), 1)}), frozenset({frozenset({"a"})}), {"b", "a"},
              frozenset({PlayerRef(1), PlayerRef(0)})):
        assert fast_canonical(v, depth) == canonical(v, depth), v
        assert fast_canonical([v], depth) == canonical([v], depth), v


def test_a_value_is_frozen_when_nothing_in_it_can_change():
    """`frozen` (a value kept by identity in the key's memos): atoms, tuples and frozensets
    of them, frozen dataclasses of frozen values (a card definition: not, read by name)."""
    @dataclass(frozen=True)
    class One:
        x: object

    @dataclass(frozen=True)
    class Two:
        x: object
        y: object

    @dataclass(frozen=True)
    class Nothing:
        pass

    @dataclass
    class Open:
        x: int

    kept = [1, "a", None, (1, "b"), frozenset({1}), One(2), One((1, 2)), Two(1, One("a")),
            Nothing(), Two((), frozenset({One(1)}))]
    changing = [[1], {1: 2}, One([1]), One((1, [2])), Two(1, [2]), Two(One([1]), 2), Open(1),
                One(Open(1)), get_card("Centaur Courser"), One(get_card("Centaur Courser"))]
    assert [frozen(v) for v in kept] == [True] * len(kept)
    assert [frozen(v) for v in changing] == [False] * len(changing)


def test_the_values_an_object_shares_with_its_definition_are_read_at_its_depth():
    """The values an object shares with its card definition are kept per depth: read deeper
    they are cut short as `canonical` cuts them (MAX_DEPTH), whatever was read before; a
    value equal to the definition's but not it is read as it is."""
    @dataclass(frozen=True, eq=False)
    class CardDef:                  # (a card definition: canonical reads it by its name)
        name: str
        cost: object

    @dataclass
    class Made:
        defn: object
        name: str
        cost: object

    deep = [1]
    for _ in range(20):
        deep = (deep,)
    defn = CardDef("Deep", deep)
    made = [Made(defn, defn.name, defn.cost), Made(defn, "Other", ((deep,),)),
            Made(get_card("Arbor Elf"), "Deep", deep), Made(None, "Deep", deep)]
    for depth in (0, 7, 0, 3, 8):
        for m in made:
            assert fast_canonical(m, depth) == canonical(m, depth), (depth, m)


def test_an_objects_values_kept_from_the_first_read_of_its_definition_are_read_again_exactly():
    """A `Chars`' reader keeps, per definition, the frozen values the first object read held
    (its colors, its empty flags) beside the definition's: an object holding others (a set,
    other flags, changed keywords, a slot not set, True for 1) is read as `canonical` reads
    it, and so is the first one again."""
    from mtg_ecs.components import Card
    from mtg_ecs.components.definitions import Keyword
    from mtg_ecs.systems.layers import make_base

    defn = get_card("Centaur Courser")
    first = make_base({Card: Card(defn, 7)}, 7)
    others = []
    for name, value in [("colors", {"G"}), ("colors", frozenset()), ("flags", frozenset({"x"})),
                        ("flags", {"y"}), ("keywords", (Keyword("Trample"),)),
                        ("power", True), ("toughness", 2.0), ("token", 1), ("zone", "hand")]:
        c = first.copy()
        setattr(c, name, value)
        others.append(c)
    unset = first.copy()
    del unset.owner
    for depth in (0, 3, 0):
        for c in [first, *others, unset, first]:
            assert fast_canonical(c, depth) == canonical(c, depth), (depth, c)
    mutable = make_base({Card: Card(get_card("Arbor Elf"), 8)}, 8)
    mutable.flags = {"a"}                           # (first read: not kept, it can change)
    for flag in ("b", "c"):
        assert fast_canonical(mutable) == canonical(mutable)
        mutable.flags.add(flag)


@pytest.mark.parametrize("depth", [0, 8, 9])
def test_an_effect_with_a_slot_not_set_and_functions_is_read_as_canonical_reads_it(depth):
    """A continuous effect's slot not set (`players_effect`) reads None, as in `canonical`;
    its functions by their names and the atoms they close over, read inline, and others
    (closing over a list, a function, a cell not filled yet) by `canonical`."""
    from mtg_ecs.systems.layers import CE

    def make(x):
        def f():
            return x, g
        g = f if x is None else x
        return f

    def later():
        def h():
            return y
        h_ = h
        y = 1
        return h_

    def unfilled():
        def h():
            return y                                # noqa: F821 (a cell not filled yet)
        return h
        y = 1                                       # noqa: F841

    for apply in (len, make, make(3), make("a"), make((1, 2)), make([1]), make(None),
                  later(), unfilled(), lambda: depth):
        ce = CE(7.3, 4, 12, 0, apply, objects=frozenset({12}))
        assert not hasattr(ce, "players_effect")
        assert fast_canonical(ce, depth) == canonical(ce, depth), apply
        ce.players_effect = True
        assert fast_canonical(ce, depth) == canonical(ce, depth), apply


@pytest.mark.parametrize("depth", [0, 8, 9])
def test_an_empty_dict_is_read_as_canonical_reads_it(depth):
    for v in ({}, [{}, {1: {}}], {"a": {}}):
        assert fast_canonical(v, depth) == canonical(v, depth), v


@pytest.mark.parametrize("depth", [0, 8])
def test_an_objects_empty_tuples_are_read_without_a_call(depth, monkeypatch):
    """An object's empty tuples (a spell's modes, division, costs paid: most of a `Spell`'s
    fields) are canonical's own values: no call reads them, and the value is canonical's."""
    from mtg_ecs.components import Spell
    from mtg_ecs.core import keying

    spell = Spell(controller=0, targets=((PlayerRef(1),),), cast_from="hand")
    calls = []
    read = keying.fast_canonical

    def counted(v, d=0):
        calls.append(v)
        return read(v, d)

    monkeypatch.setattr(keying, "fast_canonical", counted)
    assert counted(spell, depth) == canonical(spell, depth)
    assert () not in calls and spell.targets in calls


class Name(str):
    """An attribute name whose repr isn't a str's (canonical sorts a dict's keys by repr)."""

    def __repr__(self):
        return "~" + str.__repr__(self)


@pytest.mark.parametrize("depth", [0, 6, 7, 8])
def test_an_objects_attributes_are_read_as_canonical_reads_them(depth):
    """An object read by its attributes (a task): the values alone read once the names'
    order is kept, and the same value as canonical's at any depth, whatever names (the
    same ones of another type, one of them set first) were read before."""
    class Task:
        def __init__(self, **attrs):
            self.__dict__.update(attrs)

    def task(names, values):
        t = Task()
        t.__dict__.update(zip(names, values))
        return t

    values = (1, [PlayerRef(0), {2: "x"}], None, Task(z=(1, 2), y={3}), True, {})
    for names in (("b", "a", "c", "ab", "a_", "d"), ("a", "b", "c", "ab", "a_", "d"),
                  (Name("b"), "a", "c", "ab", "a_", "d"), ("b", "a", "c", "ab", "a_", "d"),
                  ("x", "y")):
        for _ in range(2):                          # the order learnt, then kept
            t = task(names, values)
            assert fast_canonical(t, depth) == canonical(t, depth), names
    assert fast_canonical(Task(), depth) == canonical(Task(), depth)
    assert fast_canonical(Task(a=1), depth) == canonical(Task(a=1), depth)


ODD = [True, False, 1.0, -0.0, 0.0, 1j, None, "1", b"1", (), (1,), [1], {1}, 2 ** 70]


@pytest.mark.parametrize("odd", ODD)
def test_a_players_plain_check_answers_as_its_types_do(odd):
    """The generated `_plain_player` (sums and types inline) answers as the test of each
    value's type (`_plain_values`) for a value of another type in any slot or list."""
    import marshal

    from mtg_ecs.core import keying
    from mtg_ecs.core.state import Player
    p = Player(0)
    p.library, p.hand = [3, 4, 5], [6]
    assert keying._plain_player(keying._PLAYER_SLOTS(p)) is True
    for i, name in enumerate(Player.__slots__):
        writes = [lambda q: setattr(q, name, odd)]
        if name in Player.LISTS:
            writes += [lambda q: getattr(q, name).append(odd),
                       lambda q: getattr(q, name).__setitem__(0, odd) if getattr(q, name) else None]
        for write in writes:
            q = p.copy()
            write(q)
            vals = keying._PLAYER_SLOTS(q)
            try:
                marshal.dumps(vals, 2)
            except ValueError:
                continue                                # (asked only when marshal wrote them)
            assert keying._plain_player(vals) == keying._plain_values(vals), (name, odd)


def test_a_last_known_spell_is_read_as_canonical_reads_it(monkeypatch):
    """An lki_extra value (a dict of str keys: last known counters, damage, attachment, a
    spell's card and choices) is written from its components' texts: the text of canonical's
    value, whether a component's text was kept by an entity's digest or not (or kept as a
    repr), for values of other shapes and types too (True isn't 1, -0.0 isn't 0.0)."""
    import marshal

    from mtg_ecs.components import Attached, Card, Counters, Damage, Spell
    from mtg_ecs.core import keying

    card = Card(get_card("Centaur Courser"), 31)
    spell = Spell(controller=1, targets=((PlayerRef(0),), (12,)), cast_from="hand")
    kept = Spell(controller=0, targets=((7,),), x=2, cast_from="graveyard")
    odd = Card(card.defn, True)         # (its card id not an int: canonical's value read)
    comps = (card, spell, kept, Counters((("+1/+1", 2),)), Damage(3), Attached(12), odd)
    values = [{"counters": None, "damage": None, "attached": None},
              dict(zip(("counters", "damage", "attached"), comps[3:6]), spell=(card, spell)),
              {"spell": (odd, kept), "attached": None},
              {"spell": (card, kept), "damage": comps[4], "a": None},
              {"a": True, "b": 1}, {"a": 1, "b": True}, {"a": -0.0, "b": 0.0, "é": 1.0},
              {"b": (1, PlayerRef(1), (card,), [2]), "a": Card("not a definition", 1),
               "c": {"d": frozenset({1, 2})}, "d": [1, (2, [3])], "e": PlayerRef(0)},
              {1: None, "a": None}, {True: None, "a": None}, {"a": None}, {}]
    digest = keying._item_digest
    for kept_texts in (False, True, "repr"):
        if kept_texts:                  # each component read by an entity's digest first
            for i, c in enumerate(comps):
                keying._entity_digest(1000 + i, {type(c): c})
        if kept_texts == "repr":        # (no kept component's text is a repr: made one)
            monkeypatch.setitem(keying._COMPONENTS, id(kept), b"r" + repr(kept).encode())
        for x in values:
            text = keying._extra_text(x)
            assert text is None or text == marshal.dumps(canonical(x), 2), (kept_texts, x)
            assert digest(b"lki_extra", 5, x) == keying._digest(b"lki_extra:", (5, canonical(x)))
    assert id(kept) in keying._COMPONENTS and any(x is kept for x in keying._COMPONENTS_KEEP)
    assert {digest(b"lki_extra", 5, x) for x in values[4:7]}.__len__() == 3
