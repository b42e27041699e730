"""pytest collects every scenario file under tests/scenarios/ as one test item."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Property tests (tests/test_properties.py): a few seconds each in the default run. The
# `ci` profile is derandomized (the same examples every run, no example database):
# HYPOTHESIS_PROFILE=ci python -m pytest
settings.register_profile("dev", deadline=None, max_examples=20)
settings.register_profile("ci", deadline=None, max_examples=20, derandomize=True, database=None,
                          print_blob=True)
settings.register_profile("thorough", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self):
        from mtg_ecs.apps.scenario import run_file
        r = run_file(str(self.path))
        if not r.passed:
            raise ScenarioFailed(r.message)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return f"{self.path}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"


class ScenarioFailed(Exception):
    pass


@pytest.fixture(autouse=True)
def _check_every_decision(request):
    """MTG_CHECK=1 python -m pytest: every answer any test gives a game is checked
    (ecs/scenario/checked.py: a clone given the same answer ends equal, and the fuzzer's
    invariants hold after it). Tests that plant faults on purpose are marked
    `plants_fault` and run unchecked."""
    if os.environ.get("MTG_CHECK") != "1" or request.node.get_closest_marker("plants_fault"):
        yield
        return
    from mtg_ecs.apps.scenario.checked import checked_decisions
    with checked_decisions():
        yield
