"""core.marked: the game's containers that mark their own writes for the state key
(card_entity, lki, lki_extra). Every way of changing one is seen by the next key, a
clone's marks are its own, and copies, pickles and deep copies keep the items."""
import copy
import pickle

import pytest

from mtg_ecs.core.hashing import state_hash
from mtg_ecs.core.marked import ABSENT, MarkedDict, MarkingDict
from mtg_ecs.core.state import FIELDS

from test_state_key import fresh_key, midgame

MARKED = [f.name for f in FIELDS if f.copy == "marked"]

# every method of dict that changes it, called on a marked field of a game (d: the dict,
# k: one of its keys, x: one of its values)
DICT_WRITES = {
    "__setitem__": lambda d, k, x: d.__setitem__(k + 1000, x),
    "__setitem__ (replace)": lambda d, k, x: d.__setitem__(k, d[next(iter(d))]),
    "__delitem__": lambda d, k, x: d.__delitem__(k),
    "pop": lambda d, k, x: d.pop(k),
    "pop (missing, default)": lambda d, k, x: d.pop(k + 1000, None),
    "popitem": lambda d, k, x: d.popitem(),
    "update": lambda d, k, x: d.update({k + 1000: x}),
    "update (keywords)": lambda d, k, x: d.update(a=x),
    "setdefault": lambda d, k, x: d.setdefault(k + 1000, x),
    "setdefault (present)": lambda d, k, x: d.setdefault(k, x),
    "clear": lambda d, k, x: d.clear(),
    "__ior__": lambda d, k, x: d.__ior__({k + 1000: x}),
    "bool key over an int": lambda d, k, x: d.__setitem__(True, x) if 1 in d
    else (d.__setitem__(1, x), d.__setitem__(True, d[k])),
}


def test_every_write_method_of_dict_is_marked():
    """A method of dict that changes it and isn't overridden would write unseen."""
    writers = {"__init__", "__setitem__", "__delitem__", "pop", "popitem", "update",
               "setdefault", "clear", "__ior__"}
    assert writers <= set(vars(MarkingDict))
    assert {m for m in dir(dict) if not m.startswith("__")} - set(vars(MarkingDict)) \
        == {"copy", "get", "items", "keys", "values", "fromkeys"}   # the readers (and makers)


def test_a_dict_marks_only_once_a_key_has_read_it():
    """Before a key (a game never keyed), writes cost what a dict's cost; after it, each
    write marks; a bulk change drops the part and the marks."""
    g = midgame()
    c = g.clone()
    c.key_cache = None
    for field in MARKED:
        d = MarkedDict(getattr(g, field))
        setattr(c, field, d)
        assert type(d) is MarkedDict and d.part is None
        d[-1] = None
        assert d.written is None
    c.state_key()
    d = c.lki
    assert type(d) is MarkingDict and d.part is not None and d.written == {}
    d[-2] = None
    d[-2] = 0
    assert d.written == {-2: ABSENT}             # (its value before the first write)
    d.__init__({-3: None})                      # (an update)
    assert type(d) is MarkedDict and d.part is None and -3 in d and -2 in d
    assert c.state_key() == fresh_key(c)


def test_a_dict_holding_a_key_not_an_int_is_read_whole_and_not_marked():
    """Only int keys are stored as written (a `True` written over a `1` leaves the `1`): a
    dict holding another key is read whole by each key and stays a MarkedDict (written at
    dict speed, with no part to go on from) until it holds ints alone again."""
    g = midgame()
    c = g.clone()
    c.state_key()
    c.lki["x"] = None
    k = c.state_key()
    assert type(c.lki) is MarkedDict and c.lki.part is None and k == fresh_key(c)
    c.lki["x"] = 1
    assert c.state_key() == fresh_key(c) != k
    del c.lki["x"]
    assert c.state_key() == fresh_key(c) == g.state_key()
    assert type(c.lki) is MarkingDict and c.lki.part is not None


@pytest.mark.parametrize("field", MARKED)
@pytest.mark.parametrize("how", sorted(DICT_WRITES))
def test_each_write_to_a_marked_field_is_seen(field, how):
    g = midgame()
    c = g.clone()
    before = c.state_key()
    d = getattr(c, field)
    assert type(d) is MarkingDict and d
    k = next(reversed(d))
    DICT_WRITES[how](d, k, d[k])
    assert c.state_key() == fresh_key(c)
    assert (c.state_key() == before) == (state_hash(c) == state_hash(g))
    assert g.state_key() == before == fresh_key(g)


def test_only_the_keys_written_are_read_again(monkeypatch):
    """A marked dict keeps its part: a key after no write reads none of its items, after a
    write only the key written (its value before, and now)."""
    from mtg_ecs.core import keying
    g = midgame()
    g.state_key()
    read = []
    digest = keying._item_digest
    monkeypatch.setattr(keying, "_item_digest", lambda tag, k, x: read.append(k) or digest(tag, k, x))
    g.state_key()
    assert read == []
    eid = next(iter(g.lki))
    g.lki[eid] = g.lki[eid]
    g.state_key()
    assert read == [eid, eid]
    read.clear()
    assert g.state_key() == fresh_key(g) and len(read) > len(g.lki)     # (read whole)


def test_a_clones_marks_are_its_own():
    g = midgame()
    k = g.state_key()
    c = g.clone()
    for field in MARKED:
        a, b = getattr(g, field), getattr(c, field)
        assert b == a and b is not a and b.part is a.part and b.written is not a.written
    eid = next(iter(g.lki))
    g.lki[eid] = None                           # the original written: not the clone
    assert c.lki.written == {} and c.state_key() == k == fresh_key(c)
    assert g.state_key() != k
    d = c.clone()
    c.lki.pop(eid)                              # a clone written: not its own clone
    assert d.state_key() == k and c.state_key() not in (k, g.state_key())
    assert c.state_key() == fresh_key(c)


def test_a_clone_sees_writes_made_before_it():
    g = midgame()
    k = g.state_key()
    eid = next(iter(g.lki))
    was = g.lki[eid]
    g.lki[eid] = None
    c = g.clone()
    assert c.lki.written == {eid: was}
    assert c.state_key() == fresh_key(c) == g.state_key() != k


def test_copies_pickles_and_deep_copies_keep_the_items():
    d = MarkedDict({1: "a", 2: ("b",)})
    d.part, d.written = ("part",), {2: "x"}
    for e in (d.copy(), copy.copy(d)):
        assert type(e) is MarkedDict and e == d and (e.part, e.written) == (("part",), {2: "x"})
        e[3] = "c"
        assert d.written == {2: "x"} and 3 not in d
    for e in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d)):
        assert type(e) is MarkedDict and e == d and e.part is None and e.written is None
    assert MarkedDict(a=1) == {"a": 1} and MarkedDict.fromkeys([1]).written is None


def test_an_int_items_digest_is_its_fields_its_keys_and_its_values():
    """Items of ints (card id -> object) have their digests kept by (field, key, value), in
    any game: two values exchanged, or the same item in another field, is another key; a
    digest kept is the one made anew."""
    from mtg_ecs.core import keying
    g = midgame()
    k = g.state_key()
    a, b = list(g.card_entity)[:2]
    c = g.clone()
    c.card_entity[a], c.card_entity[b] = g.card_entity[b], g.card_entity[a]
    assert c.state_key() == fresh_key(c) != k
    moved = []
    for field in MARKED[1:]:                    # the same item moved to another field
        c = g.clone()
        getattr(c, field)[a] = c.card_entity.pop(a)
        assert c.state_key() == fresh_key(c) != k
        moved.append(c)
    keying._INT_ITEMS.clear()
    assert [fresh_key(c) for c in moved] == [c.state_key() for c in moved]
