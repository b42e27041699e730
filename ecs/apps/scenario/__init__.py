"""Scenario files: the rules-test contract of shared/scenario-format.md."""
from mtg_ecs.apps.scenario.runner import run_file, run_data, Result, ScenarioFailure  # noqa: F401
from mtg_ecs.position import ScenarioError  # noqa: F401


def collect(paths) -> list[str]:
    """Scenario files under the given files/folders (recursively *.yaml)."""
    import os
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith((".yaml", ".yml")):
                        out.append(os.path.join(root, f))
        else:
            out.append(p)
    return out
