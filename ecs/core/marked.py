"""Containers that mark their own writes, for the state key (core.keying): a dict of the
game's that records which keys were written since the key last read it, so a key reads
only those. The mark lives in the container, set by every method that changes it, so no
writer (engine, test or tool) can forget it. Used for `card_entity`, `lki` and
`lki_extra` (written at a few decisions, read by every key).

A MarkedDict no key has read is a dict with two more slots, written at C speed (a game
that is never keyed pays nothing for its writes); `keep(part)`, as a key reads it, makes
it a MarkingDict, whose every writing method marks the key written, with the value it had
before (ABSENT: none):

    >>> d = MarkedDict({1: "a"})
    >>> d[2] = "b"; d.written is None                       # no key yet: no marks
    True
    >>> d.keep(("a key's part",)); type(d).__name__
    'MarkingDict'
    >>> d[3] = "c"; del d[1]; d[1] = "z"
    >>> d.written
    {3: ABSENT, 1: 'a'}
    >>> d.clear(); d.part is None, type(d).__name__         # a bulk change: read it whole
    (True, 'MarkedDict')

`part` is the key's (opaque) part made from the items, `written` {key: its value when the
part was made} for each key written since; `part` None: no part, the next key reads the
dict whole. Keys are marked only when they are ints, the keys of the game's dicts: a
write of any other key (`True`, which a dict takes for `1`) drops the part, so a key
marked is always an int and is stored as one. A copy keeps the part and the marks (a
clone's first key reads only what was written since its original's last key); pickling
drops them.
"""
from __future__ import annotations

_set, _del, _pop, _get = dict.__setitem__, dict.__delitem__, dict.pop, dict.get


class _Absent:
    """In `written`: the key wasn't in the dict."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self):
        return "ABSENT"


ABSENT = _Absent()


class MarkedDict(dict):
    """A dict that marks each key written once a state key has read it (module doc)."""

    __slots__ = ("part", "written")

    def __init__(self, *args, **kw):
        dict.__init__(self, *args, **kw)
        self.part = self.written = None

    def keep(self, part) -> None:
        """`part` is the state key's part made from the items as they are now: from here
        on every write marks its key."""
        self.part = part
        self.written = {}
        self.__class__ = MarkingDict

    def copy(self) -> "MarkedDict":
        """The same items and marks, of the same class (the clone copy rule "marked")."""
        c = _new(type(self))
        dict.update(c, self)
        c.part = self.part
        w = self.written
        c.written = None if w is None else w.copy()
        return c

    __copy__ = copy

    def __reduce__(self):
        return MarkedDict, (dict(self),)


class MarkingDict(MarkedDict):
    """A MarkedDict a key has read: every method that writes marks the key written, or
    drops the part (a bulk change: the next key reads the dict whole)."""

    __slots__ = ()

    def keep(self, part) -> None:
        # (marking already: no class swap, whose layout checks cost ~1 k a key written)
        self.part = part
        self.written = {}

    def __init__(self, *args, **kw):                # (again on a dict: an update)
        self.forget()
        MarkedDict.__init__(self, *args, **kw)

    def __setitem__(self, k, v):
        self._mark(k)
        _set(self, k, v)

    def __delitem__(self, k):
        self._mark(k)
        _del(self, k)

    def pop(self, k, *default):
        self._mark(k)
        return _pop(self, k, *default)

    def _mark(self, k):
        if type(k) is not int:
            self.forget()
            return
        w = self.written
        if k not in w:
            w[k] = _get(self, k, ABSENT)

    def setdefault(self, k, default=None):
        if k not in self:
            self[k] = default
        return dict.__getitem__(self, k)

    def forget(self) -> None:
        """Drop the part and the marks: the next key reads the dict whole, and until it
        keeps a part again no write is marked."""
        self.part = self.written = None
        self.__class__ = MarkedDict

    def update(self, *args, **kw):
        self.forget()
        dict.update(self, *args, **kw)

    def popitem(self):
        self.forget()
        return dict.popitem(self)

    def clear(self):
        self.forget()
        dict.clear(self)

    def __ior__(self, other):
        self.forget()
        return dict.__ior__(self, other)


_new = dict.__new__
