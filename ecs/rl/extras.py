"""The optional libraries the adapters are written for (the `rl` extra of pyproject.toml).

The engine and the encoding need only numpy; each adapter module asks for its library
here first, so that without it the import fails with one message naming the extra.
"""
from __future__ import annotations

import importlib

INSTALL = "pip install 'mtg-ecs[rl]'"


def require(module: str, user: str):
    """Import `module` for `user` (what needs it), or raise an ImportError saying which
    extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{user} needs {module}, from the rl extra: {INSTALL}",
                          name=module) from e
