"""pytest collects every scenario file under tests/scenarios/ as one test item."""
from __future__ import annotations

import pytest


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self):
        from ecs.scenario import run_file
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
