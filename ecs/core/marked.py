"""Containers that mark their own writes, for the state key (core.keying): a dict of the
game's that records which keys were written since the key last read it, so a key reads
only those. The mark lives in the container, set by every method that changes it, so no
writer (engine, test or tool) can forget it.

    >>> d = MarkedDict({1: "a"})
    >>> d.part = ("a key's part",); d.written = []          # as a key leaves it
    >>> d[2] = "b"; del d[1]
    >>> d.written
    [2, 1]
    >>> d.clear(); d.part is None                           # a bulk change: read it whole
    True

`part` is the key's (opaque) part made from the dict's items, `written` the keys written
since it was made, in order, each as it was given (a key equal to another, `True` for `1`,
is told apart by its type); `part` None: no part, the next key reads the dict whole. A copy keeps
both (a clone's first key reads only what was written since its original's last key);
pickling drops them.
"""
from __future__ import annotations

_set, _del, _pop = dict.__setitem__, dict.__delitem__, dict.pop


class MarkedDict(dict):
    """A dict marking each key written since the state key last read it (module doc)."""

    __slots__ = ("part", "written")

    def __init__(self, *args, **kw):
        dict.__init__(self, *args, **kw)
        self.part = self.written = None

    def __setitem__(self, k, v):
        w = self.written
        if w is not None:
            w.append(k)
        _set(self, k, v)

    def __delitem__(self, k):
        w = self.written
        if w is not None:
            w.append(k)
        _del(self, k)

    def pop(self, k, *default):
        w = self.written
        if w is not None:
            w.append(k)
        return _pop(self, k, *default)

    def setdefault(self, k, default=None):
        if k not in self:
            self[k] = default
        return dict.__getitem__(self, k)

    # bulk changes: the next key reads the dict whole
    def _forget(self):
        self.part = self.written = None

    def update(self, *args, **kw):
        self._forget()
        dict.update(self, *args, **kw)

    def popitem(self):
        self._forget()
        return dict.popitem(self)

    def clear(self):
        self._forget()
        dict.clear(self)

    def __ior__(self, other):
        self._forget()
        return dict.__ior__(self, other)

    def copy(self) -> "MarkedDict":
        """A new MarkedDict with the same items and marks (the clone copy rule "marked")."""
        c = _new(MarkedDict)
        dict.update(c, self)
        c.part = self.part
        w = self.written
        c.written = None if w is None else w.copy()
        return c

    __copy__ = copy

    def __reduce__(self):
        return MarkedDict, (dict(self),)


_new = dict.__new__
