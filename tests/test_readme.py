"""The README's examples run as written."""
import os

import yaml

from ecs.scenario import run_data

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def _blocks(lang):
    text = open(README, encoding="utf-8").read()
    return [b.split("```")[0] for b in text.split("```" + lang)[1:]]


def test_readme_scenario_passes():
    (block,) = _blocks("yaml")
    r = run_data(yaml.safe_load(block))
    assert r.passed, r.message


def test_readme_python_example_runs():
    (block,) = _blocks("python")
    ns = {}
    exec(compile(block, "README.md", "exec"), ns)
    assert ns["g"].over
