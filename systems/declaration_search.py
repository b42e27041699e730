"""The search behind `combat.legal_declaration`: among the declarations in the product of
each creature's options, the first, in that product's order (the first creature's options
varying slowest, None first), with the fewest options the agent's answer didn't say that
obeys the requirements it must and the restrictions on the whole declaration.

A depth-first search in that order, a branch cut as soon as it can't do better than the
best found (a later declaration only replaces it if it changes fewer): by the fewest
changes the creatures left need to obey the requirements still missing (508.1d, 509.1c:
the requirements are obeyed as far as possible, a maximisation), and by menace (702.111b:
an attacker blocked by one creature needs another left that can block it too). It tries
few declarations where the product has hundreds of thousands.
"""
from __future__ import annotations


def first_closest(rows: dict, need: int, whole_ok, menace=()) -> dict | None:
    """`rows`: creature -> [(option, 1 if the answer didn't say it else 0, requirements it
    obeys)], the options in order, None (not declared) first; `need`: the requirements a
    declaration must obey; `whole_ok(declaration)`: the restrictions on the whole of it;
    `menace`: the attackers with menace (a block option: an attacker or a list of them).
    The declaration {creature: option} found, or None if no declaration is legal."""
    keys = list(rows)
    rows = [rows[k] for k in keys]
    n = len(keys)
    bound = _RequirementBound(rows)
    blocked = _Menace(rows, menace)
    best, fewest = None, n + 1
    path = []

    def walk(i, changed, obeyed):
        nonlocal best, fewest
        if i == n:
            decl = {k: v for k, v in zip(keys, path) if v is not None}
            if obeyed >= need and whole_ok(decl):
                best, fewest = decl, changed
            return
        for v, c, g in rows[i]:
            blocked.add(v)
            more = blocked.least_changes(i + 1)
            if more is not None:
                least = bound.least_changes(i + 1, need - obeyed - g)
                if least is not None and changed + c + max(more, least) < fewest:
                    path.append(v)
                    walk(i + 1, changed + c, obeyed + g)
                    path.pop()
            blocked.remove(v)

    walk(0, 0, 0)
    return best


class _RequirementBound:
    """The fewest options the answer doesn't say that the creatures from the i-th on must
    take to obey `r` more requirements (None: they can't), each creature at its best."""

    def __init__(self, rows):
        free = [max(g for _, c, g in row if c == 0) for row in rows]
        ups = [max(g for _, _, g in row) - f for row, f in zip(rows, free)]
        self.free = [sum(free[i:]) for i in range(len(rows) + 1)]
        # the gains of changing creatures, largest first, summed: a running total
        self.ups = []
        for i in range(len(rows) + 1):
            total, sums = 0, []
            for u in sorted(ups[i:], reverse=True):
                total += u
                sums.append(total)
            self.ups.append(sums)

    def least_changes(self, i, r):
        r -= self.free[i]
        if r <= 0:
            return 0
        for m, total in enumerate(self.ups[i], 1):
            if total >= r:
                return m
        return None


class _Menace:
    """The attackers with menace blocked by exactly one creature so far, as options are
    taken (`add`, `remove`): the creatures from the i-th on must block each of them again
    (None: none of them can; 1: one must do what the answer doesn't say)."""

    def __init__(self, rows, menace):
        self.menace = menace
        self.count = dict.fromkeys(menace, 0)
        self.last_able, self.last_said = {}, {}    # the last creature able to block it, said to
        for i, row in enumerate(rows):
            for v, c, _ in row:
                for a in self._blocked(v):
                    self.last_able[a] = i
                    if c == 0:
                        self.last_said[a] = i

    def _blocked(self, v):
        if v is None or not self.menace:
            return ()
        return [a for a in (v if isinstance(v, list) else (v,)) if a in self.menace]

    def add(self, v):
        for a in self._blocked(v):
            self.count[a] += 1

    def remove(self, v):
        for a in self._blocked(v):
            self.count[a] -= 1

    def least_changes(self, i):
        out = 0
        for a, n in self.count.items():
            if n == 1:
                if self.last_able[a] < i:
                    return None
                if self.last_said.get(a, -1) < i:
                    out = 1
        return out
