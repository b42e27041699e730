"""Mana and mana costs (CR 106, 107.4, 202, 601.2f-h).

A cost is parsed once into a `ManaCost`; a pool is a list of six ints in the
order W U B R G C. Paying is an exact search over the payer's pool and the mana
abilities they could activate, so the automatic payer never fails a payment a
player could make by hand.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

COLORS = "WUBRGC"
IDX = {c: i for i, c in enumerate(COLORS)}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
NAME_TO_LETTER = {v: k for k, v in COLOR_NAMES.items()}
_SYM = re.compile(r"\{([^}]+)\}")


class ManaError(ValueError):
    pass


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost. `hybrid` holds pairs such as ('W', 'U') or ('2', 'W').
    `total`: how many mana symbols it has (X counting as none)."""
    generic: int = 0
    colored: tuple = (0, 0, 0, 0, 0, 0)     # W U B R G C ({C} = specifically colorless)
    hybrid: tuple = ()
    x: int = 0                               # number of {X} symbols
    text: str = ""
    is_none: bool = False                    # a card with no mana cost (lands)

    def __post_init__(self):
        # `total` is read on hot paths (the payer, the idle checks): an instance attribute,
        # which CPython 3.11 specialises, where a property read is a generic lookup and a
        # call (hence no slots). Not a field: equality, hashing and the state hash read
        # the fields only.
        object.__setattr__(self, "total", self.generic + sum(self.colored) + len(self.hybrid))

    @property
    def mana_value(self) -> int:
        """CR 202.3 (X counts as 0 here; see `mana_value_with_x`)."""
        mv = self.generic + sum(self.colored)
        for h in self.hybrid:
            mv += int(h[0]) if h[0].isdigit() else 1
        return mv

    def mana_value_with_x(self, x: int) -> int:
        return self.mana_value + self.x * x          # CR 202.3e

    @property
    def colors(self) -> frozenset:
        """CR 105.2: a card's colors come from the colored symbols in its mana cost."""
        out = set()
        for i, n in enumerate(self.colored[:5]):
            if n:
                out.add(COLORS[i])
        for h in self.hybrid:
            for s in h:
                if s in "WUBRG":
                    out.add(s)
        return frozenset(out)

    def with_x(self, x: int) -> "ManaCost":
        """The cost with X replaced by its value (CR 107.3a)."""
        return ManaCost(self.generic + self.x * x, self.colored, self.hybrid, 0, self.text)

    def plus(self, other: "ManaCost") -> "ManaCost":
        return ManaCost(self.generic + other.generic,
                        tuple(a + b for a, b in zip(self.colored, other.colored)),
                        self.hybrid + other.hybrid, self.x + other.x,
                        self.text + other.text)

    def __str__(self) -> str:
        return self.text or "{0}"


NO_COST = ManaCost(is_none=True)
ZERO = ManaCost(text="{0}")


def add_costs(a: ManaCost, b: ManaCost) -> ManaCost:
    """A total cost (601.2f): `a` plus the mana of `b` (X and the text of `a` kept)."""
    return ManaCost(a.generic + b.generic, tuple(x + y for x, y in zip(a.colored, b.colored)),
                    a.hybrid + b.hybrid, a.x, a.text)


def parse_cost(text: str | None) -> ManaCost:
    """Parse "{2}{R}{R}", "{X}{R}", "{W/U}" into a ManaCost. None means no mana cost."""
    if text is None:
        return NO_COST
    generic = 0
    colored = [0] * 6
    hybrid = []
    x = 0
    pos = 0
    for m in _SYM.finditer(text):
        if m.start() != pos:
            raise ManaError(f"bad mana cost {text!r}")
        pos = m.end()
        s = m.group(1).upper()
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            x += 1
        elif s in IDX:
            colored[IDX[s]] += 1
        elif "/" in s:
            a, b = s.split("/", 1)
            if not ((a in IDX or a.isdigit()) and b in IDX):
                raise ManaError(f"bad mana symbol {{{s}}} in {text!r}")
            hybrid.append((a, b))
        else:
            raise ManaError(f"bad mana symbol {{{s}}} in {text!r}")
    if pos != len(text):
        raise ManaError(f"bad mana cost {text!r}")
    return ManaCost(generic, tuple(colored), tuple(hybrid), x, text)


def pool_total(pool) -> int:
    return sum(pool)


def covers(pool, cost: ManaCost) -> bool:
    """Could `pool` pay `cost`? (`pay_from_pool(...) is not None`, without working out
    what is left: without hybrid symbols, each color's need and then the total.)"""
    if cost.hybrid:
        return pay_from_pool(pool, cost) is not None
    w, u, b, r, g, c = cost.colored
    p0, p1, p2, p3, p4, p5 = pool
    if p0 < w or p1 < u or p2 < b or p3 < r or p4 < g or p5 < c:
        return False
    return p0 + p1 + p2 + p3 + p4 + p5 - w - u - b - r - g - c >= cost.generic


def pay_from_pool(pool: list, cost: ManaCost) -> list | None:
    """Return the pool left after paying `cost` from it, or None if it can't.

    Colored requirements first, then hybrid (trying each half), then generic from
    whatever is left. Exact: hybrid alternatives are searched.
    """
    p = list(pool)
    for i, need in enumerate(cost.colored):
        if need:
            if p[i] < need:
                return None
            p[i] -= need
    return _pay_hybrid_generic(p, cost.hybrid, cost.generic)


def pays_exactly(pool, cost: ManaCost) -> bool:
    """Does `pool` pay `cost` with no mana left? True when the cost has no hybrid symbol
    and the pool holds each color it needs and exactly its total amount: `pay_from_pool`
    then leaves an empty pool, without working it out."""
    if cost.hybrid:
        return False
    w, u, b, r, g, c = cost.colored
    p0, p1, p2, p3, p4, p5 = pool
    return p0 >= w and p1 >= u and p2 >= b and p3 >= r and p4 >= g and p5 >= c and \
        p0 + p1 + p2 + p3 + p4 + p5 - w - u - b - r - g - c == cost.generic


def _pay_hybrid_generic(p, hybrid, generic):
    if not hybrid:
        if sum(p) < generic:
            return None
        # spend generic from colorless first, then the most plentiful colors
        left = generic
        out = list(p)
        take = min(out[5], left)
        out[5] -= take
        left -= take
        most = out.__getitem__
        while left:
            i = max(range(5), key=most)             # the first of the most plentiful
            take = min(out[i], left)
            out[i] -= take
            left -= take
        return out
    first, rest = hybrid[0], hybrid[1:]     # a hybrid symbol: any of its halves ({2/W})
    options = [("generic", int(h)) if h.isdigit() else ("color", IDX[h]) for h in first]
    for kind, v in options:
        if kind == "color":
            if p[v] > 0:
                q = list(p)
                q[v] -= 1
                r = _pay_hybrid_generic(q, rest, generic)
                if r is not None:
                    return r
        else:
            r = _pay_hybrid_generic(p, rest, generic + v)
            if r is not None:
                return r
    return None


ANY_COLOR = tuple("WUBRG")


def as_any_color(cost: ManaCost) -> ManaCost:
    """The cost paid spending mana "as though it were mana of any color" (609.4b): each
    colored symbol can be paid with mana of any color (a symbol of five halves); {C} and
    generic mana stay as they are."""
    n = sum(cost.colored[:5])
    if not n:
        return cost
    return ManaCost(cost.generic, (0, 0, 0, 0, 0, cost.colored[5]), cost.hybrid + (ANY_COLOR,) * n,
                    cost.x, cost.text)


def find_payment(pool: list, cost: ManaCost, sources: list) -> tuple | None:
    """Find mana sources to activate so that pool + their mana pays `cost`.

    `sources` is a list of (key, options) where options is a tuple of pools
    (6-lists) the source could add (one entry per color choice). Returns
    (chosen [(key, option_index)], ) or None. Uses as few sources as possible,
    preferring sources with fewer options (keep flexible lands untapped).
    """
    if covers(pool, cost):
        return ()
    total_needed = cost.total - sum(pool)
    if total_needed > len(sources) * 1 and all(max(sum(o) for o in opts) <= 1 for _, opts in sources):
        return None
    quick = _greedy_payment(pool, cost, sources)
    if quick is not None:
        return quick
    order = sorted(range(len(sources)), key=lambda i: len(sources[i][1]))
    best = None

    def rec(i, p, chosen):
        nonlocal best
        if covers(p, cost):
            if best is None or len(chosen) < len(best):
                best = list(chosen)
            return True
        if i == len(order):
            return False
        if best is not None and len(chosen) + 1 >= len(best):
            return False
        key, opts = sources[order[i]]
        for oi, add in enumerate(opts):
            q = [a + b for a, b in zip(p, add)]
            chosen.append((key, oi))
            if rec(i + 1, q, chosen) and best is not None and len(best) == len(chosen):
                chosen.pop()
                return True
            chosen.pop()
        return rec(i + 1, p, chosen)

    rec(0, list(pool), [])
    return None if best is None else tuple(best)


UNIT_MANA = {tuple(int(i == c) for i in range(6)): c for c in range(6)}    # one mana -> its index


def _unit(o):
    """The index of the one mana `o` makes, or None if it makes another amount."""
    if type(o) is tuple:
        return UNIT_MANA.get(o)
    return o.index(1) if sum(o) == 1 else None


def still_needed(pool, cost: ManaCost) -> tuple:
    """(colored mana still needed by color, generic still needed) once the pool has paid
    what it can of a cost without hybrid symbols: each color from its own mana first, then
    generic from whatever the pool has left."""
    need = list(cost.colored)
    if not any(pool):
        return need, cost.generic
    p = list(pool)
    for i in range(6):
        take = min(p[i], need[i])
        p[i] -= take
        need[i] -= take
    return need, max(0, cost.generic - sum(p))


def _greedy_payment(pool, cost: ManaCost, sources):
    """The common case fast: no hybrid, sources making one mana each. Colored needs
    from single-color sources first, then from sources with a choice; generic from
    the most plentiful remaining sources. None if it doesn't find one (the exact
    search then decides)."""
    if cost.hybrid:
        return None
    need, generic = still_needed(pool, cost)
    chosen = []
    made = []                                # the mana of each chosen source, in order
    left = []
    unit = UNIT_MANA.get
    for key, opts in sources:
        if len(opts) == 1:
            o = opts[0]
            c = unit(o) if type(o) is tuple else _unit(o)
            if c is not None and need[c] > 0:
                need[c] -= 1
                chosen.append((key, 0))
                made.append(o)
                continue
        left.append((key, opts))
    rest = []
    choices = False                          # some source left has a choice of mana
    for key, opts in left:
        if len(opts) != 1:
            choices = True
        for oi, o in enumerate(opts):
            c = _unit(o)
            if c is not None and need[c] > 0:
                need[c] -= 1
                chosen.append((key, oi))
                made.append(o)
                break
        else:
            rest.append((key, opts))
    if any(need):
        return None
    if generic:
        if len(rest) < generic:
            return None
        if choices:
            rest.sort(key=lambda ko: len(ko[1]))       # keep flexible sources untapped
        for key, opts in rest[:generic]:
            chosen.append((key, 0))
            made.append(opts[0])
    # the pool plus the chosen mana must pay
    if not covers([sum(color) for color in zip(pool, *made)], cost):
        return None
    return tuple(chosen)


def feasible(pool: list, cost: ManaCost, sources: list) -> bool:
    """Could pool + the sources' mana pay `cost`? (More mana never hurts, so every
    source is used; only sources with a choice of mana are searched.)"""
    fixed, multi = split_sources(sources)
    return feasible_split([a + b for a, b in zip(pool, fixed)], multi, cost)


def split_sources(sources) -> tuple:
    """(the mana of all sources with one option, summed; the option lists of the
    others) — what `feasible_split` needs, computable once per set of sources.
    `sources`: (key, options, ...) tuples."""
    base = [0] * 6
    multi = []
    unit = UNIT_MANA.get
    for src in sources:     # (key, options, ...)
        opts = src[1]
        if len(opts) == 1:
            o = opts[0]
            c = unit(o) if type(o) is tuple else None
            if c is not None:
                base[c] += 1            # one mana (a basic land): no sum over the pool
            else:
                base = list(map(int.__add__, base, o))
        else:
            multi.append(opts)
    return tuple(base), multi


def feasible_split(base: list, multi: list, cost: ManaCost) -> bool:
    """`feasible` with the one-option sources already added to the pool `base`."""
    if not multi:
        return covers(base, cost)
    return _split_from(multi, 0, base, cost)


def _split_from(multi: list, i: int, p: list, cost: ManaCost) -> bool:
    """Does one option of each source `multi[i:]` added to the pool `p` cover `cost`?
    (A function, not a closure of `feasible_split`: that would make cells of its locals
    at every call, 3.11.)"""
    if i == len(multi):
        return covers(p, cost)
    for o in multi[i]:
        if _split_from(multi, i + 1, [a + b for a, b in zip(p, o)], cost):
            return True
    return False


def pool_from_dict(d: dict) -> list:
    p = [0] * 6
    for k, v in d.items():
        k = str(k).upper()
        if k not in IDX:
            raise ManaError(f"unknown mana symbol {k!r} (use W U B R G C)")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ManaError(f"{k}: an amount of mana, 0 or more (got {v!r})")
        p[IDX[k]] += v
    return p


def pool_to_dict(p) -> dict:
    return {COLORS[i]: n for i, n in enumerate(p) if n}
