"""Events no trigger condition names (`triggers.LOG_ONLY`: a spell resolving or countered, an
attack's result, combat damage dealt, life lost) are announced only while the game log is kept,
without asking `Game.hears`; a trigger condition can't name one."""
import pytest

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.systems import triggers as tr


def test_a_trigger_condition_cant_watch_an_event_only_the_log_keeps():
    with pytest.raises(TypeError):
        class _Resolves(tr.Trigger):
            events = ("resolving",)
    with pytest.raises(TypeError):
        class _LosesLife(tr.Trigger):
            events = ("damage", "life_loss")


@pytest.mark.parametrize("log", [False, True])
def test_log_only_events_are_kept_in_the_log_and_never_asked_about(monkeypatch, log):
    asked = []
    hears = Game.hears
    monkeypatch.setattr(Game, "hears", lambda self, kind: (asked.append(kind), hears(self, kind))[1])
    decks = [load_deck(d).cards for d in ("green-red-beasts", "esper-fliers")]
    g = Game.new(decks, seed=3, log=log, auto_pass=True)
    play(g, [RandomAgent(1), RandomAgent(2)])
    assert not tr.LOG_ONLY.intersection(asked)
    logged = {kind for kind, _ in g.log}
    if log:
        assert {"resolving", "combat_damage_dealt", "life_loss"} <= logged
    else:
        assert not logged
