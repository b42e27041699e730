"""A game clone continues exactly like its original (Game.clone; 400.7 objects and all
task progress copied): every answer of every scenario is also given to a clone taken
just before it (ecs/scenario/clonecheck.py), so the rare choices the scenarios reach
(a copy's new targets, replacement order, divided damage, ...) are all checked.
`MTG_CLONE_CHECK=1 python -m pytest` does the same for every test."""
from __future__ import annotations

import os

from ecs.cli import main
from ecs.scenario import collect, run_file
from ecs.scenario.clonecheck import clone_checking

SCENARIOS = os.path.join(os.path.dirname(__file__), "scenarios")


def test_every_scenario_answer_given_to_a_clone_too():
    with clone_checking() as stats:
        failed = [(f, r.message) for f in collect([SCENARIOS]) for r in [run_file(f)] if not r.passed]
    assert failed == []
    assert stats["checked"] > 5000


def test_a_clone_sharing_task_progress_is_caught(monkeypatch, capsys):
    """The bug fuzz game 7240 of seed 2026 found after 7,000 games: a copy's
    target-choice process shared by a clone (707.10c). The clone check finds it in the
    Twincast scenarios at once."""
    import systems.copy
    monkeypatch.delattr(systems.copy._CopyProcess, "copy_progress")
    path = os.path.join(SCENARIOS, "m10-faq", "white-blue", "twincast-r1-r3.yaml")
    assert run_file(path).passed                         # unchecked, the scenario passes
    assert main(["scenario", "--clone-check", path]) == 1
    out = capsys.readouterr().out
    assert "CloneMismatch: a clone refused" in out and "0 passed, 1 failed" in out


def test_clone_check_leaves_game_decide_as_it_was():
    from ecs.game import Game
    real = Game.decide
    with clone_checking():
        assert Game.decide is not real
    assert Game.decide is real
