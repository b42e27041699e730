"""`mtg-ecs fuzz` (ecs/fuzz.py): random games with invariant checks after every decision.

The short run is part of the default test run; the long one is marked slow."""
from __future__ import annotations

import os

import pytest

from mtg_ecs.apps import fuzz
from mtg_ecs.apps.cli import main


def _run(games, seed, tmp_path):
    results, summary = fuzz.fuzz(games, seed, out=str(tmp_path))
    failed = [fuzz.describe_failure(r) for r in results if r.failure is not None]
    assert not failed, "\n".join(failed)
    assert summary["games"] == games
    return results


def test_fuzz_short(tmp_path):
    """30 random games: every invariant holds after every decision, every game ends."""
    results = _run(30, 20261122, tmp_path)
    assert all(r.reason for r in results)


@pytest.mark.slow
def test_fuzz_long(tmp_path):
    _run(500, 7, tmp_path)


def test_same_seed_same_games():
    a = next(fuzz.game_specs(5, 1))
    b = next(fuzz.game_specs(5, 1))
    assert (a.seed, a.agent_seeds, a.decks) == (b.seed, b.agent_seeds, b.decks)
    assert len(a.decks[0]) == 60 and sum(c in fuzz.LANDS for c in a.decks[0]) == 24
    ra, rb = fuzz.run_game(a), fuzz.run_game(b)
    assert ra.script == rb.script and ra.turns == rb.turns


@pytest.mark.plants_fault
def test_repro_file_replays_the_failure(tmp_path, monkeypatch, capsys):
    """A failure writes a scenario file (decks, seeds, answers); `mtg-ecs fuzz --repro`
    replays it and reports the same failure at the same decision."""
    real = fuzz.check_chars

    def broken(g, *args):                # a planted invariant violation from turn 3 on
        return real(g, *args) + (["planted failure"] if g.turn >= 3 else [])

    monkeypatch.setattr(fuzz, "check_chars", broken)
    spec = next(fuzz.game_specs(11, 1))
    res = fuzz.run_game(spec)
    assert res.failure is not None and res.failure.message == "planted failure"
    path = fuzz.write_repro(res, str(tmp_path))
    again = fuzz.run_repro(path)
    assert again.failure is not None
    assert (again.failure.index, again.failure.message) == (res.failure.index, "planted failure")
    assert main(["fuzz", "--repro", path]) == 1
    assert capsys.readouterr().out.startswith(
        f"FAIL {path} at decision {res.failure.index}: planted failure")
    monkeypatch.setattr(fuzz, "check_chars", real)
    assert main(["fuzz", "--repro", path]) == 0          # fixed: no failure any more


def _first_failure(seed, games=10):
    for spec in fuzz.game_specs(seed, games):
        res = fuzz.run_game(spec)
        if res.failure is not None:
            return res
    raise AssertionError("the planted engine fault went unnoticed")


@pytest.mark.plants_fault
def test_engine_faults_are_caught(monkeypatch):
    """Faults planted in the engine are reported: mana left in a pool when the step
    changes (500.4), a step ending with spells on the stack (500.2), damage left past
    the cleanup step (514.2), state-based actions never performed (704.3), a clone
    sharing its players with the original."""
    from mtg_ecs.systems import pipeline, priority, turn
    from mtg_ecs.game import Game
    with monkeypatch.context() as m:
        m.setattr(turn, "empty_pools", lambda game: None)
        assert "mana pool" in _first_failure(9).failure.message

    def passing_on(game, player):          # all passed: the step ends, whatever the stack
        game.passes += 1
        if game.passes >= game.living_count():
            game.passes, game.priority = 0, None
        else:
            game.priority = game.next_player(player)

    with monkeypatch.context() as m:
        m.setattr(priority, "pass_priority", passing_on)
        assert "ends with a nonempty stack" in _first_failure(9).failure.message
    with monkeypatch.context() as m:       # cleanup removes no damage
        class NoDamage:
            pass
        m.setattr(turn, "Damage", NoDamage)
        assert "still has damage marked at the next turn's untap step (514.2)" in \
            _first_failure(9).failure.message
    with monkeypatch.context() as m:       # the pass order without state-based actions
        m.setattr(pipeline.PIPELINE, "before_priority",
                  tuple(c for c in pipeline.BEFORE_PRIORITY if c.rule != "704.3"))
        assert "(704.5" in _first_failure(9).failure.message
    real_clone = Game.clone

    def sharing(self):
        c = real_clone(self)
        c.players = self.players
        return c

    with monkeypatch.context() as m:
        m.setattr(Game, "clone", sharing)
        assert _first_failure(9).failure is not None


@pytest.mark.plants_fault
def test_failure_scenario_fails_exactly_while_the_fault_is_there(tmp_path, monkeypatch, capsys):
    """The file a failure writes is a scenario (`fuzz` key): `mtg-ecs scenario` replays
    the whole game from its decks and seed (CR 103) with the invariants checked, fails
    with the fuzzer's message while the fault is there, and passes once it is fixed."""
    from mtg_ecs.systems import turn
    from mtg_ecs.apps.scenario import run_file
    real = turn.empty_pools
    monkeypatch.setattr(turn, "empty_pools", lambda game: None)
    res = _first_failure(9)
    path = fuzz.write_repro(res, str(tmp_path))
    r = run_file(path)
    assert not r.passed and res.failure.message in r.message
    assert f"decision {res.failure.index}" in r.message
    assert main(["scenario", path]) == 1
    assert res.failure.message in capsys.readouterr().out
    monkeypatch.setattr(turn, "empty_pools", real)
    assert run_file(path).passed
    assert main(["scenario", path]) == 0


@pytest.mark.parametrize("change, key", [
    ({"actions": [{"pass": True}]}, "can't be used with fuzz"),
    ({"fuzz": {"answers": [], "typo": 1}}, "fuzz: a mapping"),
    ({"players": [{"library": ["Forest"], "life": 3}, {"library": ["Forest"]}]}, "players"),
    ({"seed": "x"}, "seed"),
])
def test_fuzz_scenario_keys_are_checked(change, key):
    from mtg_ecs.apps.scenario import run_data
    data = {"name": "x", "seed": 1, "players": [{"library": ["Forest"] * 60}] * 2,
            "fuzz": {"answers": []}}
    data.update(change)
    r = run_data(data)
    assert not r.passed and r.message.startswith("malformed") and key in r.message


def test_jobs_and_first_do_not_change_results(tmp_path):
    """Games depend only on (seed, index): worker processes and --first give the
    same games and summary."""
    def digest(results):
        return [(r.spec.index, r.decisions, r.turns, r.reason) for r in results]

    one, s1 = fuzz.fuzz(3, 5, out=None)
    two, s2 = fuzz.fuzz(3, 5, out=None, jobs=2)
    assert digest(one) == digest(two)
    assert {k: v for k, v in s1.items() if k != "seconds"} == \
        {k: v for k, v in s2.items() if k != "seconds"}
    tail, s3 = fuzz.fuzz(2, 5, first=1, out=None)
    assert digest(tail) == digest(one)[1:]
    assert fuzz.format_summary(s3).startswith("fuzz: 2 games (seed 5, games 1..2), ")


def test_reused_checks_equal_fresh_ones():
    """The fuzzer's reused work gives what doing it again gives: state snapshots
    (cached per object, only written objects looked at again) tell states apart
    exactly like `state_hash`, and the object scan and layer pass it reuses equal
    fresh ones, over a game of random answers, refused ones included."""
    from mtg_ecs.game import Game
    from mtg_ecs.core.hashing import state_hash
    spec = next(fuzz.game_specs(3, 1))
    g = Game.new(spec.decks, seed=spec.seed, turn_limit=12)
    agents = [fuzz.FuzzAgent(1), fuzz.FuzzAgent(2)]
    caches, seen = {}, []
    chk = fuzz.Checker(g, None)
    try:
        while g.pending is not None:
            seen.append((fuzz.snapshot(g, caches), state_hash(g)))
            # the reused object scan and layer pass give what a fresh one gives
            assert chk._scan()[1:] == fuzz.scan_objects(g)[1:]
            assert fuzz.check_chars(g, chk.layers) == fuzz.check_chars(g) == []
            d = g.pending
            try:
                g.decide(fuzz.concrete(agents[d.player].act(g, d), d))
            except Exception:
                seen.append((fuzz.snapshot(g, caches), state_hash(g)))   # refused: the same
    finally:
        fuzz.forget(caches)
        chk.close()
        g.close()
    for (s1, h1), (s2, h2) in zip(seen, seen[1:]):
        assert (s1 == s2) == (h1 == h2)
    assert len({s for s, _ in seen}) == len({h for _, h in seen})


def test_fuzz_cli(tmp_path, capsys):
    assert main(["fuzz", "--games", "2", "--seed", "3", "--out", str(tmp_path)]) == 0
    assert "fuzz: 2 games (seed 3, games 0..1)" in capsys.readouterr().out


def test_games_do_not_depend_on_string_hashing():
    """A repro replays in any process: the same game under two PYTHONHASHSEEDs (set
    iteration order of strings) takes the same answers."""
    import os
    import subprocess
    import sys
    code = ("from mtg_ecs.apps import fuzz; import hashlib; r = fuzz.run_game(next(fuzz.game_specs(9, 1)));"
            "print(r.failure, hashlib.sha256(repr(r.script).encode()).hexdigest())")
    out = []
    for h in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=h)
        out.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                  text=True, check=True).stdout)
    assert out[0] == out[1] and out[0].startswith("None ")


@pytest.mark.plants_fault
def test_repro_of_an_engine_crash(tmp_path, monkeypatch):
    """An exception inside the engine is a failure; the answer that caused it is in the
    repro file, so replaying it crashes the same way."""
    from mtg_ecs.core import loop
    real = loop.advance

    def crashing(game):
        real(game)
        if game.turn >= 3 and game.step == "main2":
            raise RuntimeError("planted crash")

    monkeypatch.setattr(loop, "advance", crashing)
    res = fuzz.run_game(next(fuzz.game_specs(12, 1)))
    assert res.failure is not None and "planted crash" in res.failure.message
    again = fuzz.run_repro(fuzz.write_repro(res, str(tmp_path)))
    assert again.failure is not None
    assert (again.failure.index, again.failure.message) == (res.failure.index, res.failure.message)


def test_harness_hooks_last_for_the_game_only():
    """The fuzzer attaches through declared hooks only: an observer of the checked game
    (`game.observers`) and the write counts of its worlds. No function, method or module
    attribute of the engine is replaced, and nothing reaches another game: games made
    before, during and after a fuzzed game have no observer and keep no written set.
    (Under MTG_CHECK=1 every game of the test has the outer checker: `plain`.)"""
    from mtg_ecs.core import loop
    from mtg_ecs.core.world import World
    from mtg_ecs.game import Game
    from mtg_ecs.systems import pipeline, turn
    engine = (turn.next_step, pipeline.PIPELINE.next_step, loop.advance, loop.decide,
              Game.decide, Game.clone, World.create, World.add, World.remove, World.delete)
    before = Game.new([["Forest"] * 40] * 2, seed=1)
    plain = before.observers
    assert all(type(o).__name__ == "CheckedDecisions" for o in plain)
    assert before.world.written is None

    class Spy(loop.Observer):
        """What every game made during the fuzzed game is observed by."""
        def __init__(self):
            self.seen = {}

        def answered(self, game, decision, answer):
            self.seen.setdefault(id(game), set()).update(
                type(o).__name__ for o in game.observers if o is not self and o not in plain)
            if game.world.written is not None:
                self.seen[id(game)].add("written")

    spy = Spy()
    with loop.observe_new_games(spy):
        res = fuzz.run_game(next(fuzz.game_specs(4, 1, turn_limit=3)))
    assert res.failure is None and res.decisions > 0
    # the fuzzed game was observed by the step checks and kept its written entities
    assert set().union(*spy.seen.values()) == {"StepChecks", "written"}
    after = Game.new([["Forest"] * 40] * 2, seed=1)
    for g in (before, after):
        assert g.observers == plain and g.world.written is None
        g.decide("keep")
        assert g.world.written is None
    assert (turn.next_step, pipeline.PIPELINE.next_step, loop.advance, loop.decide,
            Game.decide, Game.clone, World.create, World.add, World.remove,
            World.delete) == engine
    before.close()
    after.close()


def test_no_harness_replaces_engine_code():
    """Harness code (ecs/apps) never assigns to another module's attribute or a
    class's method: it attaches through `core.loop.Observer` and `World.writes` /
    `World.written`. (Tests that plant faults use pytest's monkeypatch.)"""
    import ast
    import pathlib
    root = pathlib.Path(fuzz.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                    "setattr", "delattr"):
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for t in targets:
                # `module.name = ...` / `Class.method = ...`: a capitalized owner or an
                # imported module; attributes of local objects (self.x, g.observers) are fine
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and \
                        (t.value.id[:1].isupper() or t.value.id in _imported(tree)):
                    found.append(f"{path.name}:{node.lineno} {ast.unparse(t)} = ...")
    assert found == []


def _imported(tree) -> set:
    import ast
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
    return out


@pytest.mark.plants_fault
def test_failures_come_back_from_worker_processes(tmp_path, monkeypatch):
    """A failure found by a `--jobs` worker reaches the parent (it is pickled back) and
    is reported and written exactly as with one process."""
    real = fuzz.check_chars

    def broken(g, *args):
        return real(g, *args) + (["planted failure"] if g.turn >= 3 else [])

    monkeypatch.setattr(fuzz, "check_chars", broken)      # inherited by forked workers
    one, s1 = fuzz.fuzz(3, 11, out=str(tmp_path / "one"))
    two, s2 = fuzz.fuzz(3, 11, out=str(tmp_path / "two"), jobs=2)
    assert s1["failures"] == s2["failures"] == 3
    assert [(r.failure.index, r.failure.message) for r in one] == \
        [(r.failure.index, r.failure.message) for r in two]
    assert sorted(os.listdir(tmp_path / "one")) == sorted(os.listdir(tmp_path / "two"))


@pytest.mark.plants_fault
def test_pool_decks_draw_from_few_cards(tmp_path, monkeypatch):
    """--pool K: both decks of a game take their nonland cards from the same K cards
    (picked per game from the seed), so their interactions come up often; without it
    the games are the usual ones. A failure's repro file and message name the pool."""
    from mtg_ecs.apps.fuzz import LANDS
    specs = list(fuzz.game_specs(8, 4, pool=5))
    assert specs == list(fuzz.game_specs(8, 4, pool=5))          # deterministic
    for s in specs:
        nonlands = {c for deck in s.decks for c in deck if c not in LANDS}
        assert len(nonlands) <= 5 and s.pool == 5
    assert [s.decks for s in fuzz.game_specs(8, 4)] != [s.decks for s in specs]
    assert all(s.pool is None for s in fuzz.game_specs(8, 4))
    real = fuzz.check_chars
    monkeypatch.setattr(fuzz, "check_chars",
                        lambda g, *a: real(g, *a) + (["planted failure"] if g.turn >= 3 else []))
    res, summary = fuzz.fuzz(1, 8, out=str(tmp_path), pool=5)
    assert fuzz.format_summary(summary).startswith("fuzz: 1 games (seed 8, pool 5, games 0..0)")
    assert "(seed 8, pool 5, game seed" in fuzz.describe_failure(res[0])
    assert os.listdir(tmp_path) == ["fuzz-8-pool5-0.yaml"]
    again = fuzz.run_repro(str(tmp_path / "fuzz-8-pool5-0.yaml"))
    assert again.failure.message == "planted failure"


def test_fuzz_short_with_the_simulation_agents(tmp_path):
    """--agents heuristic / random: the invariants hold with the agents `mtg-ecs
    simulate` plays with (they answer every decision, 614.9 splits included)."""
    results, summary = fuzz.fuzz(30, seed=4, out=str(tmp_path), agents=("heuristic", "random"))
    assert summary["failures"] == 0, [fuzz.describe_failure(r) for r in results if r.failure]
    assert summary["decisions"] > 1000


@pytest.mark.plants_fault
def test_agents_name_the_run_and_its_repro(tmp_path, monkeypatch):
    """Who played is part of the summary, the failure's message, the repro file's name
    and its `fuzz.agents` key; the games' decks and seeds stay those of the seed."""
    assert fuzz.parse_agents("heuristic") == ("heuristic", "heuristic")
    assert fuzz.parse_agents("random,fuzz") == ("random", "fuzz")
    for bad in ("bogus", "random,random,random", ""):
        with pytest.raises(ValueError, match=r"one, or one per player \(2\), of fuzz, random, heuristic"):
            fuzz.parse_agents(bad)
    plain = list(fuzz.game_specs(8, 3))
    played = list(fuzz.game_specs(8, 3, agents=("heuristic", "fuzz")))
    assert [(s.decks, s.seed) for s in plain] == [(s.decks, s.seed) for s in played]
    real = fuzz.check_chars
    monkeypatch.setattr(fuzz, "check_chars",
                        lambda g, *a: real(g, *a) + (["planted failure"] if g.turn >= 3 else []))
    res, summary = fuzz.fuzz(1, 8, out=str(tmp_path), agents=("heuristic", "fuzz"))
    assert fuzz.format_summary(summary).startswith(
        "fuzz: 1 games (seed 8, agents heuristic,fuzz, games 0..0)")
    assert "(seed 8, agents heuristic,fuzz, game seed" in fuzz.describe_failure(res[0])
    assert os.listdir(tmp_path) == ["fuzz-8-heuristic-fuzz-0.yaml"]
    path = str(tmp_path / "fuzz-8-heuristic-fuzz-0.yaml")
    assert "--agents heuristic,fuzz" in open(path).read()
    assert fuzz.run_repro(path).failure.message == "planted failure"
    assert main(["fuzz", "--games", "1", "--agents", "nobody"]) == 2


@pytest.mark.plants_fault
def test_a_spell_targeting_itself_is_caught(tmp_path, monkeypatch):
    """CR 115.5 as an invariant: with a planted fault (a spell may target itself: the
    bug `fuzz --agents heuristic` found through endless Twincast copies), Twincast aimed
    at itself is reported by the checks every scenario and fuzz game runs under."""
    import mtg_ecs.systems.targeting as tg
    from mtg_ecs.apps.scenario import run_file
    from mtg_ecs.apps.scenario.checked import checked_decisions
    real = tg.TargetContext.__init__

    def forgetting_itself(self, *a, **kw):
        real(self, *a, **kw)
        self.obj = None                  # the fault: no spell knows it is the one targeting

    monkeypatch.setattr(tg.TargetContext, "__init__", forgetting_itself)
    path = os.path.join(os.path.dirname(__file__), "scenarios", "m10-faq", "white-blue",
                        "twincast-cant-target-itself.yaml")
    with open(path) as f:
        text = f.read()
    planted = tmp_path / "twincast-targets-itself.yaml"
    planted.write_text(text.replace("  - choose: [tc]\n    illegal: true\n  - choose: [lb]\n",
                                    "  - choose: [tc]\n"))
    with checked_decisions():
        r = run_file(str(planted))
    assert not r.passed and "targets itself (115.5)" in r.message
