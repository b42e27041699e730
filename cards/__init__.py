"""The card registry: every registered card by English name.

A card is registered only when all of its text and rulings work and are tested.
Asking for anything else is a clear error naming the closest registered cards.

A card module is imported when one of its cards is first asked for: `index.json` says
which module registers each card and token name, so a game of two decks (or a --cards
file's check against the registered names) imports only the modules it needs, not all
of them (start-up: tens of milliseconds, more where bytecode isn't cached). The index
is made by `write_index()` and checked by tests/test_card_index.py.
"""
from __future__ import annotations

import importlib
import json
import os

from mtg_ecs.components.definitions import CardDef, make_card, CardError

_REGISTRY: dict[str, CardDef] = {}
_TOKENS: dict[str, CardDef] = {}
_LOADED = False
INDEX_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "index.json")
_INDEX: dict | None = None      # {"cards": {name: module}, "tokens": {name: module}}


class UnknownCard(KeyError):
    def __init__(self, name: str, matches=()):
        self.name = name
        self.matches = list(matches)
        hint = f" (did you mean: {', '.join(self.matches)}?)" if self.matches else ""
        super().__init__(f"unknown card: {name}{hint}")

    def __str__(self):
        return self.args[0]


def register(defn: CardDef) -> CardDef:
    if defn.name in _REGISTRY:
        raise CardError(f"card registered twice: {defn.name}")
    _REGISTRY[defn.name] = defn
    return defn


def register_token(defn: CardDef) -> CardDef:
    # one definition a name (cards/index.json names its module): a card of another set
    # that makes the same token uses this one (by name, through the catalog)
    if defn.name in _TOKENS:
        raise CardError(f"token registered twice: {defn.name}")
    _TOKENS[defn.name] = defn
    return defn


def card(*args, **kw) -> CardDef:
    """Define and register a card: card(name, cost, type_line, pt=..., keywords=..., ...)."""
    return register(make_card(*args, **kw))


def closest_names(name: str, pool) -> list[str]:
    """Up to three names of `pool` closest to `name`, for an error message (`difflib`,
    imported only then: a run that names no unknown card doesn't pay its import)."""
    import difflib
    return difflib.get_close_matches(name, pool, n=3, cutoff=0.6)


def _load():
    """Import every card module of this package (each registers its cards)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        import pkgutil          # (only here and in built_index: a game imports by the index)
        for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if not m.ispkg:
                importlib.import_module(f"{__name__}.{m.name}")


def _index() -> dict:
    global _INDEX
    if _INDEX is None:
        with open(INDEX_FILE, encoding="utf-8") as f:
            _INDEX = json.load(f)
    return _INDEX


def _found(name: str, kind: str, table: dict) -> CardDef | None:
    """The definition of `name` in `table` (_REGISTRY or _TOKENS), its module imported
    first if the index names one; else every module imported (a name the index doesn't
    know is unknown, unless the index is out of date: then this finds it all the same)."""
    d = table.get(name)
    if d is None:
        module = _index()[kind].get(name)
        if module is not None:
            importlib.import_module(f"{__name__}.{module}")
        else:
            _load()
        d = table.get(name)
    return d


def get_card(name: str, extra: dict | None = None) -> CardDef:
    if extra and name in extra:
        return extra[name]
    d = _found(name, "cards", _REGISTRY)
    if d is None:
        _load()
        pool = list(_REGISTRY) + (list(extra) if extra else [])
        raise UnknownCard(name, closest_names(name, pool))
    return d


def token_def(name: str) -> CardDef:
    d = _found(name, "tokens", _TOKENS)
    if d is None:
        _load()
        raise UnknownCard(name, closest_names(name, list(_TOKENS)))
    return d


def all_cards() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def all_tokens() -> list[str]:
    """The names of the token definitions effects create (111.4)."""
    _load()
    return sorted(_TOKENS)


def is_registered(name: str) -> bool:
    """By the index, importing nothing (a --cards file's names are checked against the
    registered ones without loading them)."""
    return name in _REGISTRY or name in _index()["cards"]


def built_index() -> dict:
    """The index as the card modules make it: each imported in turn, in a process that
    has imported none of them yet, the names it registers noted."""
    assert not _LOADED and not _REGISTRY and not _TOKENS, "built_index: a fresh process"
    out = {"cards": {}, "tokens": {}}
    import pkgutil
    for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if m.ispkg:
            continue
        cards, tokens = set(_REGISTRY), set(_TOKENS)
        importlib.import_module(f"{__name__}.{m.name}")
        out["cards"].update((n, m.name) for n in _REGISTRY if n not in cards)
        out["tokens"].update((n, m.name) for n in _TOKENS if n not in tokens)
    return {k: dict(sorted(v.items())) for k, v in out.items()}


def write_index() -> None:
    """Write index.json from the card modules (in a fresh process:
    `python -c "from mtg_ecs.cards import write_index; write_index()"`)."""
    text = json.dumps(built_index(), indent=1, ensure_ascii=False, sort_keys=True)
    with open(INDEX_FILE, "w", encoding="utf-8") as f:
        f.write(text + "\n")


class Registry:
    """The registered cards as the rules systems see them (`game.catalog`): every card
    name a player may name (201.3) and the token definitions effects create (111.4).
    The game is given it by its maker, so the systems never import this package."""

    def card_names(self) -> list[str]:
        return all_cards()

    def token(self, name: str) -> CardDef:
        return token_def(name)


REGISTRY = Registry()
