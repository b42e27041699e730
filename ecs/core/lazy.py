"""Attributes of a package imported on first use (PEP 562): a package names what its
higher layers or optional libraries define without importing them until asked, so that
importing it stays cheap and works without the optional ones."""
from __future__ import annotations

import importlib
import sys


def lazy_attributes(package: str, where: dict[str, str]):
    """The `(__getattr__, __dir__)` of `package`, whose attribute `name` is defined in the
    module `where[name]`, imported (and kept in the package) when first asked for."""

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
