"""The public API is a contract (issue 13, item 1): one import package, `mtg_ecs`, with the
names outside scripts use importable from its root."""
import importlib.metadata
import subprocess
import sys

import mtg_ecs
from mtg_ecs import Game, HeuristicAgent, IllegalAction, RandomAgent, play, simulate


def test_the_contract_names():
    for name in ("Game", "IllegalAction", "RandomAgent", "HeuristicAgent", "play", "simulate",
                 "Pass", "PlayLand", "Cast", "Activate", "Decision", "PlayerRef", "KINDS"):
        assert name in mtg_ecs.__all__ and getattr(mtg_ecs, name) is not None
    g = Game.new([["Forest"] * 40, ["Forest"] * 40], seed=3)
    assert g.pending is not None
    c = g.clone()
    c.decide(c.pending.options[0])
    try:
        g.decide(object())
    except IllegalAction:
        pass
    else:
        raise AssertionError("an object is not an answer")
    play(g, [RandomAgent(1), HeuristicAgent(2)])
    assert g.over
    records, summary = simulate(["green-red-beasts", "esper-fliers"], games=2, seed=1)
    assert len(records) == 2 and "wins" in summary


def test_importing_the_engine_loads_no_application():
    """The applications are named lazily by the root (PEP 562): a rules system, or the
    Game, never loads cli/simulate/agents/fuzz."""
    code = ("import sys, mtg_ecs; from mtg_ecs import Game; "
            "print(sorted(m for m in sys.modules if m.startswith('mtg_ecs.apps')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_only_mtg_ecs_is_installed_at_the_top_level():
    """`pip install .` puts one package into site-packages: no `systems`, `components`,
    `cards`, `ecs` or `bench` that would collide with a user's own folders."""
    dist = importlib.metadata.distribution("mtg-ecs")
    assert (dist.read_text("top_level.txt") or "").split() == ["mtg_ecs"]
