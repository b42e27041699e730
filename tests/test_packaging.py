"""Packaging (issue 16, item 9): `mtg-ecs --version`, every default in `--help`, the
license, the project's metadata in pyproject.toml, and a typed public API (py.typed)."""
from __future__ import annotations

import doctest
import importlib.metadata
import importlib.resources
import inspect
import pathlib
import re
import tomllib

import pytest

import mtg_ecs
from mtg_ecs.apps import arguments
from mtg_ecs.apps.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
COMMANDS = ("cards", "scenario", "coverage", "simulate", "legality", "replay", "fuzz")


def test_version_is_the_installed_distributions(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"mtg-ecs {importlib.metadata.version('mtg-ecs')}\n"


def test_version_outside_an_installation(monkeypatch):
    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)
    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert arguments.version() == "0+unknown"


def _help(argv, capsys) -> str:
    assert main([*argv, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())        # unwrapped


@pytest.mark.parametrize("argv,defaults", [
    (["simulate"], ["--games GAMES games to play (default: 100)", "(default: 0)",
                    "(default: heuristic)", "(0: one per core) (default: 1)",
                    "every deck at least 40 cards"]),
    (["fuzz"], ["(default: 100)", "ends as a draw (default: 40)",
                "--out OUT folder for repro files (default: fuzz-failures)", "(default: fuzz)",
                "(default: never)"]),
    (["coverage"], ["citations count (default: tests)"]),
    (["replay"], ["the game's index (default: 0)"]),
])
def test_help_shows_every_default(argv, defaults, capsys):
    text = _help(argv, capsys)
    for d in defaults:
        assert d in text


@pytest.mark.parametrize("cmd", COMMANDS)
def test_help_shows_no_empty_default(cmd, capsys):
    text = _help([cmd], capsys)
    assert "default: None" not in text and "default: False" not in text
    assert "default: ['" not in text             # a list is shown as its items


def test_license_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 mtg-ecs contributors\n")
    assert "THE SOFTWARE IS PROVIDED \"AS IS\"" in text
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]


def test_project_metadata():
    project = PYPROJECT["project"]
    assert "Typing :: Typed" in project["classifiers"]
    assert f"Programming Language :: Python :: {project['requires-python'][2:]}" in \
        project["classifiers"]
    assert all(re.fullmatch(r"https://\S+", u) for u in project["urls"].values())
    assert {"Homepage", "Source", "Issues"} <= set(project["urls"])
    extras = project["optional-dependencies"]
    assert any(r.startswith("pyarrow") for r in extras["parquet"])
    assert any(r.startswith("pyarrow") for r in extras["test"])


def test_the_package_is_typed():
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["mtg_ecs"]
    assert importlib.resources.files("mtg_ecs").joinpath("py.typed").is_file()


def _public_callables():
    for name in ("play", "simulate"):
        yield name, getattr(mtg_ecs, name)
    for cls, methods in ((mtg_ecs.Game, ("new", "from_setup", "decide", "clone",
                                         "legal_actions", "concede")),
                         (mtg_ecs.RandomAgent, ("__init__", "act")),
                         (mtg_ecs.HeuristicAgent, ("__init__", "act"))):
        for m in methods:
            yield f"{cls.__name__}.{m}", getattr(cls, m)


@pytest.mark.parametrize("name,fn", list(_public_callables()))
def test_the_public_api_is_annotated(name, fn):
    sig = inspect.signature(fn)
    for p in sig.parameters.values():
        if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            assert p.annotation is not p.empty, f"{name}: {p.name}"
    assert sig.return_annotation is not sig.empty, name


def test_the_packages_example_runs():
    assert doctest.testmod(mtg_ecs).failed == 0
