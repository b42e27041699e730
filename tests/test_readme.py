"""The README's examples run as written."""
import os

import yaml

from mtg_ecs.apps.scenario import run_data

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def _blocks(lang):
    text = open(README, encoding="utf-8").read()
    return [b.split("```")[0] for b in text.split("```" + lang)[1:]]


def test_readme_scenario_passes():
    (block,) = _blocks("yaml")
    r = run_data(yaml.safe_load(block))
    assert r.passed, r.message


def test_readme_python_examples_run():
    api, agent = _blocks("python")[:2]      # the search example below; rl: test_rl_adapters.py
    ns = {}
    exec(compile(api, "README.md", "exec"), ns)
    assert ns["g"].over
    exec(compile(agent, "README.md", "exec"), ns)
    from mtg_ecs import Game
    from mtg_ecs.apps.agents import play, RandomAgent
    deck = ["Forest"] * 24 + ["Centaur Courser"] * 36
    g = Game.new([deck, deck], seed=2, auto_pass=True, turn_limit=60)
    play(g, [ns["LandFirstAgent"](1), RandomAgent(2)])
    assert g.over


def test_readme_search_example_runs():
    search = _blocks("python")[2]
    ns = {}
    exec(compile(search, "README.md", "exec"), ns)
    assert ns["game"].over
    world = ns["world"]                 # determinized at the first decision (mulligans)
    assert world.turn == 1 and [len(p.hand) for p in world.players] == [7, 7]
