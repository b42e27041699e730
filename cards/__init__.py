"""The card registry: every registered card by English name.

A card is registered only when all of its text and rulings work and are tested.
Asking for anything else is a clear error naming the closest registered cards.
"""
from __future__ import annotations

import difflib
import importlib
import pkgutil

from mtg_ecs.components.definitions import CardDef, make_card, CardError

_REGISTRY: dict[str, CardDef] = {}
_TOKENS: dict[str, CardDef] = {}
_LOADED = False


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
    _TOKENS[defn.name] = defn
    return defn


def card(*args, **kw) -> CardDef:
    """Define and register a card: card(name, cost, type_line, pt=..., keywords=..., ...)."""
    return register(make_card(*args, **kw))


def _load():
    """Import every card module of this package (each registers its cards)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if not m.ispkg:
                importlib.import_module(f"{__name__}.{m.name}")


def get_card(name: str, extra: dict | None = None) -> CardDef:
    _load()
    if extra and name in extra:
        return extra[name]
    d = _REGISTRY.get(name)
    if d is None:
        pool = list(_REGISTRY) + (list(extra) if extra else [])
        raise UnknownCard(name, difflib.get_close_matches(name, pool, n=3, cutoff=0.6))
    return d


def token_def(name: str) -> CardDef:
    _load()
    try:
        return _TOKENS[name]
    except KeyError:
        raise UnknownCard(name, difflib.get_close_matches(name, list(_TOKENS), n=3))


def all_cards() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def all_tokens() -> list[str]:
    """The names of the token definitions effects create (111.4)."""
    _load()
    return sorted(_TOKENS)


def is_registered(name: str) -> bool:
    _load()
    return name in _REGISTRY


class Registry:
    """The registered cards as the rules systems see them (`game.catalog`): every card
    name a player may name (201.3) and the token definitions effects create (111.4).
    The game is given it by its maker, so the systems never import this package."""

    def card_names(self) -> list[str]:
        return all_cards()

    def token(self, name: str) -> CardDef:
        return token_def(name)


REGISTRY = Registry()
