"""The layers point one way (issue 13, item 2): components <- core <- rules systems <- card
definitions <- the game and public API <- applications. An AST walk of every module of the
package fails on any import that goes up a layer (at module level or inside a function) and
on any use of another module's private name, so it stays true.

Layer of a module (by import name):
  1 mtg_ecs.components.*        values and the card-definition schema
  2 mtg_ecs.core.*              esper adapter, state, loop, decisions, hashing
  3 mtg_ecs.systems.*           one module per rules system; pipeline.py the pass order
  4 mtg_ecs.cards.*             card definitions and the registry
  5 mtg_ecs, mtg_ecs.game, mtg_ecs.position   the composition root and public API
  6 mtg_ecs.apps.*, mtg_ecs.__main__          cli, simulate, agents, fuzz, scenarios, ...
    mtg_ecs.rl.*                               learning and search: encoding, the Table
"""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDERS = {"ecs": "mtg_ecs", "components": "mtg_ecs.components", "systems": "mtg_ecs.systems",
           "cards": "mtg_ecs.cards"}
SUBPACKAGES = ("apps", "core", "components", "systems", "cards", "rl")


def layer(module: str) -> int:
    for prefix, n in (("mtg_ecs.components", 1), ("mtg_ecs.core", 2), ("mtg_ecs.systems", 3),
                      ("mtg_ecs.cards", 4), ("mtg_ecs.apps", 6), ("mtg_ecs.__main__", 6),
                      ("mtg_ecs.rl", 6)):
        if module == prefix or module.startswith(prefix + "."):
            return n
    return 5


def modules():
    """(import name, path) of every module of the package, from the repository folders."""
    for folder, name in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join([name] + parts), path


def _type_checking_lines(tree) -> set:
    """Lines under `if TYPE_CHECKING:` (imports for annotations only, never executed)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for sub in node.body:
                out.update(range(sub.lineno, (sub.end_lineno or sub.lineno) + 1))
    return out


def imports(module: str, path: pathlib.Path):
    """(line, imported module, names) for every import of the package in a module."""
    tree = ast.parse(path.read_text(), str(path))
    skip = _type_checking_lines(tree)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if node.lineno in skip if hasattr(node, "lineno") else False:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("mtg_ecs"):
                    yield node.lineno, a.name, ()
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            if not target.startswith("mtg_ecs"):
                continue
            names = tuple(a.name for a in node.names)
            if target == "mtg_ecs":
                # `from mtg_ecs import cards` imports a subpackage, not the root
                for n in names:
                    yield node.lineno, (f"mtg_ecs.{n}" if n in SUBPACKAGES else "mtg_ecs"), (n,)
            else:
                yield node.lineno, target, names


def test_every_module_is_walked():
    found = dict(modules())
    assert {"mtg_ecs", "mtg_ecs.game", "mtg_ecs.core.loop", "mtg_ecs.core.state",
            "mtg_ecs.systems.pipeline", "mtg_ecs.components.definitions", "mtg_ecs.cards",
            "mtg_ecs.apps.cli", "mtg_ecs.rl.table"} <= set(found)


def test_no_import_goes_up_a_layer():
    bad = []
    for module, path in modules():
        for line, target, _ in imports(module, path):
            if layer(target) > layer(module):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {module} (layer {layer(module)}) "
                           f"imports {target} (layer {layer(target)})")
    assert bad == []


def test_no_module_uses_another_modules_private_names():
    bad = []
    for module, path in modules():
        tree = ast.parse(path.read_text(), str(path))
        aliases = {}
        for line, target, names in imports(module, path):
            for n in names:
                if n.startswith("_") and not n.startswith("__") and target != module:
                    bad.append(f"{path.relative_to(ROOT)}:{line}: imports {target}.{n}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mtg_ecs"):
                for a in node.names:
                    aliases[a.asname or a.name] = f"{node.module}.{a.name}"
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("mtg_ecs"):
                        aliases[a.asname or a.name.split(".")[0]] = a.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in aliases and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: "
                           f"{aliases[node.value.id]}.{node.attr}")
    assert bad == []


def test_the_rules_systems_never_see_the_game_class_or_the_registry():
    """Systems take the game as an argument and reach the card registry through
    `game.catalog`, so a system can run against any game state."""
    for module, path in modules():
        if layer(module) == 3:
            for line, target, _ in imports(module, path):
                assert not target.startswith(("mtg_ecs.game", "mtg_ecs.cards")), (path, line)


def test_every_task_follows_the_declared_task_protocol():
    """core.loop.Task (a Protocol with a data member, so checked by hand): every class on the agenda (a `run(self, game)`) declares
    `needs_rewind` and has `answer` and `copy` (so a game can be cloned at any decision)."""
    import importlib
    import inspect
    found = []
    for module, path in modules():
        if layer(module) not in (3, 4):
            continue
        mod = importlib.import_module(module)
        for name, cls in vars(mod).items():
            if (inspect.isclass(cls) and cls.__module__ == module
                    and inspect.isfunction(vars(cls).get("run"))):
                params = list(inspect.signature(cls.run).parameters)
                if params == ["self", "game"]:
                    found.append(cls)
                    for member in ("answer", "copy"):
                        assert callable(getattr(cls, member, None)), f"{module}.{name}.{member}"
                    assert isinstance(getattr(cls, "needs_rewind", None), bool), f"{module}.{name}"
    assert len(found) >= 15
