"""Repro files are shared data (bug reports): their answers are read by a grammar of
exactly the forms the fuzzer writes (`mtg_ecs.apps.fuzz.encode` / `decode`), never
evaluated, and every answer the fuzzer writes reads back equal."""
from __future__ import annotations

import os

import pytest
import yaml

from mtg_ecs.apps import fuzz
from mtg_ecs.apps.cli import main
from mtg_ecs.core.decisions import Activate, Cast, Pass, PlayerRef, PlayLand

# The classic escape from eval(text, {"__builtins__": {}}): reach os.system through
# object.__subclasses__() -- no builtin needed.
ESCAPE = ("[c for c in ().__class__.__bases__[0].__subclasses__() if c.__name__ == "
          "'_wrap_close'][0].__init__.__globals__['system']('touch {marker}')")


def _hostile_file(tmp_path, answer, refused=False):
    spec = next(fuzz.game_specs(1, 1))
    data = {"name": "a shared bug report", "seed": spec.seed,
            "players": [{"library": list(d)} for d in spec.decks],
            "fuzz": {"answers": ["'keep'", {"refused": answer} if refused else answer,
                                 "Pass()"],
                     "harness_seed": spec.harness_seed, "clone_at": None}}
    path = tmp_path / "report.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("refused", [False, True])
@pytest.mark.parametrize("payload", [
    ESCAPE,
    "__import__('os').system('touch {marker}')",
    "().__class__.__bases__[0].__subclasses__()",
    "open('{marker}', 'w')",
    "Cast(card=[c for c in ().__class__.__mro__[1].__subclasses__()])",
])
def test_hostile_answer_runs_nothing(tmp_path, capsys, payload, refused):
    """A repro file whose answer is Python code: `mtg-ecs scenario` and `mtg-ecs fuzz
    --repro` refuse it with one clear error naming the file and the answer, and run
    nothing (before the grammar, ESCAPE ran a shell command: eval with empty builtins
    is escapable)."""
    marker = tmp_path / "pwned"
    path = _hostile_file(tmp_path, payload.format(marker=marker), refused)
    assert main(["scenario", path]) == 1
    out = capsys.readouterr().out
    line = out.splitlines()[0]
    assert line.startswith(f"FAIL {path}: malformed: fuzz.answers[1]: ")
    assert "is not an answer the fuzzer writes" in line
    assert out.rstrip().endswith("0 passed, 1 failed")
    assert main(["fuzz", "--repro", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mtg-ecs fuzz: {path}: fuzz.answers[1]: ")
    assert not marker.exists()


@pytest.mark.parametrize("text, why", [
    ("keep", "unknown name 'keep'"),
    ("Pass", "unknown name 'Pass'"),
    ("p64", "unknown name 'p64'"),
    ("1 + 1", "BinOp"),
    ("Pass().__class__", "Attribute"),
    ("[1][0]", "Subscript"),
    ("(lambda: 0)()", "a call of an expression"),
    ("print('x')", "a call of 'print'"),
    ("Cast(*[1])", "'*' in a call"),
    ("Cast(**{'card': 1})", "'**' in a call"),
    ("{**{}}", "'**' in a mapping"),
    ("PlayLand(card=1, evil=2)", "unexpected keyword argument 'evil'"),
    ("Order([-1])", "Order: a list of positions"),
    ("{[1]: 2}", "a list or mapping as a key"),
    ("1.5", "the constant 1.5"),
    ("b'x'", "the constant b'x'"),
    ("f'{1}'", "JoinedStr"),
    ("[x for x in ()]", "ListComp"),
    ("10 ** 100", "BinOp"),
    ("9" * 40, "out of range"),
    ("[" * 20 + "]" * 20, "nested more than"),
    ("[" * 300 + "]" * 300, "is not an answer"),
    ("x" * (fuzz.MAX_ANSWER_TEXT + 1), "characters"),
    ("Pass(", "is not an answer"),
])
def test_answers_outside_the_grammar_are_refused(text, why):
    with pytest.raises(fuzz.AnswerError) as ex:
        fuzz.decode(text)
    assert why in str(ex.value)


def test_script_items_are_checked_before_the_game_starts():
    assert fuzz.decode_script(["'keep'", {"refused": "Garbage(None)"}]) == \
        [(False, "keep"), (True, fuzz.Garbage(None))]
    for items, why in ((["'keep'", 5], "answers[1]: an answer is a string"),
                       ([{"refused": "Pass()", "x": 1}], "answers[0]: a mapping is {refused"),
                       ("Pass()", "answers: a list"),
                       (["Pass()"] * (fuzz.MAX_SCRIPT + 1), "at most")):
        with pytest.raises(fuzz.AnswerError) as ex:
            fuzz.decode_script(items)
        assert why in str(ex.value)
    spec = next(fuzz.game_specs(1, 1))
    with pytest.raises(fuzz.AnswerError):
        fuzz.run_game(spec, script=["'keep'", "__import__('os')"])


@pytest.mark.parametrize("answer", [
    Pass(), PlayLand(126), "keep", "mulligan", None, True, False, 0, -1, 10 ** 6, [], {}, [[]],
    [3, PlayerRef(1)], {PlayerRef(0): 2, 7: 0}, {"top": [1, 2], "bottom": []},
    Cast(121, targets=[[PlayerRef(1)], [7]], modes=[0, 2], x=3, divide={PlayerRef(0): 1, 9: 2},
         alt="free", pay={"sacrifice": [4], "life": 2, "kicker": True}, mana=[5, (6, 1)]),
    Activate(135, 0, targets=[[8]], x=None, divide=None, pay=None, mana=[(1, 0)], choice="R"),
    fuzz.Shield(("static", 57, ("from", 0))), fuzz.Shield(12), fuzz.Order([2, 0, 1]),
    fuzz.Garbage(None), fuzz.Garbage("nonsense"), fuzz.Garbage([[]]), fuzz.Garbage({}),
    (5,), (), ("a", (1, PlayerRef(2))),
])
def test_every_answer_kind_reads_back_equal(answer):
    text = fuzz.encode(answer)
    back = fuzz.decode(text)
    assert back == answer and type(back) is type(answer)
    assert fuzz.encode(back) == text


def test_answers_of_other_kinds_are_not_written():
    """A value outside the grammar can't go into a repro file unnoticed: writing it is
    an error (the fuzz game fails with it) instead of a file that can't be replayed."""
    for bad in (1.5, {1, 2}, object(), Pass, b"x"):
        with pytest.raises(fuzz.AnswerError):
            fuzz.encode(bad)


@pytest.mark.parametrize("seed, agents, pool", [
    (3, ("fuzz", "fuzz"), None),
    (11, ("fuzz", "fuzz"), 6),
    (4, ("random", "heuristic"), None),
])
def test_fuzz_games_answers_round_trip(monkeypatch, seed, agents, pool):
    """Every answer given in a few fuzz games (all decision kinds the fuzz agent and the
    simulation agents give, garbage and refused answers included) is written as text
    that reads back to an equal answer, and the written games replay to the end."""
    seen = []
    real = fuzz.encode

    def checked(answer):
        text = real(answer)
        back = fuzz.decode(text)
        assert back == answer and type(back) is type(answer), (text, answer)
        seen.append(type(answer).__name__)
        return text

    monkeypatch.setattr(fuzz, "encode", checked)
    for spec in fuzz.game_specs(seed, 3, agents=agents, pool=pool):
        res = fuzz.run_game(spec)
        assert res.failure is None, fuzz.describe_failure(res)
        again = fuzz.run_game(spec, script=res.script, clone_at=res.clone_at)
        assert again.failure is None and again.decisions == res.decisions
    assert {"Pass", "PlayLand", "str"} <= set(seen)
