"""Bulk simulation, records, replay and bounded games (issue: simulation)."""
import json

import pytest

from mtg_ecs.components.definitions import make_card, TriggeredAbility
from mtg_ecs import Game
from mtg_ecs.apps import decklist, records as record_files, simulate as sim, stats
from mtg_ecs.apps.replay import replay, describe


def test_jobs_do_not_change_results(tmp_path):
    """Per-game seeds from SeedSequence: --jobs 1 and --jobs 2 give identical records."""
    r1, s1 = sim.simulate(["green-red-beasts", "esper-fliers"], games=6, seed=11, jobs=1)
    r2, s2 = sim.simulate(["green-red-beasts", "esper-fliers"], games=6, seed=11, jobs=2)
    assert r1 == r2
    assert s1["wins"] == s2["wins"] and s1["draws"] == s2["draws"]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    record_files.write_records(r1, str(a))
    record_files.write_records(r2, str(b))
    assert a.read_bytes() == b.read_bytes()


def test_records_and_summary():
    recs, s = sim.simulate(["green-red-beasts", "esper-fliers"], games=4, seed=3,
                           agents="random,heuristic")
    assert [r["index"] for r in recs] == [0, 1, 2, 3]
    for r in recs:
        assert r["reason"] in ("life", "library", "poison", "concession", "turn limit", "loop draw",
                               "decision limit")
        assert r["winner"] in ("green-red-beasts", "esper-fliers", "draw")
        assert len(r["life"]) == 2 and r["turns"] >= 1
        assert r["agents"] == ["random", "heuristic"]
    assert s["games"] == 4 and sum(s["wins"]) + s["draws"] == 4
    # a different seed gives different games
    recs2, _ = sim.simulate(["green-red-beasts", "esper-fliers"], games=4, seed=4,
                            agents="random,heuristic")
    assert [r["seed"] for r in recs2] != [r["seed"] for r in recs]


def test_turn_limit_is_a_draw_with_its_reason():
    recs, s = sim.simulate(["green-red-beasts", "esper-fliers"], games=2, seed=1, turn_limit=3)
    assert all(r["winner"] == "draw" and r["reason"] == "turn limit" and r["turns"] == 3
               for r in recs)
    assert s["draws"] == 2


def test_wilson_interval():
    lo, hi = stats.wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert stats.wilson(0, 10)[0] == 0.0 and stats.wilson(10, 10)[1] == 1.0


def test_csv_output(tmp_path):
    recs, _ = sim.simulate(["green-red-beasts", "esper-fliers"], games=2, seed=5)
    p = tmp_path / "r.csv"
    record_files.write_records(recs, str(p))
    lines = p.read_text().splitlines()
    assert lines[0].startswith("index,seed,winner,reason,turns,life") and len(lines) == 3
    with pytest.raises(record_files.RecordsError):
        record_files.write_records(recs, str(tmp_path / "r.txt"))


def test_replay_reproduces_the_recorded_game():
    recs, _ = sim.simulate(["green-red-beasts", "esper-fliers"], games=3, seed=9)
    rec = json.loads(json.dumps(recs[2]))
    g = replay(rec)
    assert g.turn == rec["turns"] and [p.life for p in g.players] == rec["life"]
    lines = describe(g)
    assert lines[0].startswith("Turn 1") and lines[-1].startswith("Game over")


def test_unknown_deck_and_agent_are_clear_errors():
    with pytest.raises(sim.SimulationError, match="no deck"):
        sim.simulate(["nope", "esper-fliers"], games=1)
    with pytest.raises(sim.SimulationError, match="agent"):
        sim.simulate(["green-red-beasts", "esper-fliers"], games=1, agents="genius")


def test_mandatory_loop_is_a_draw(monkeypatch):
    """CR 104.4b: two 'whenever a creature enters, create a creature' permanents loop
    forever with nothing to choose: the game is a draw."""
    from mtg_ecs.systems import effects as fx, triggers as tr
    from mtg_ecs.core import loop
    monkeypatch.setattr(loop, "LOOP_LIMIT", 3000)
    token = make_card("Test Spawn", None, "Creature — Spawn", pt=(1, 1))
    breeder = make_card("Test Breeder", "{G}", "Enchantment", abilities=[TriggeredAbility(
        tr.Enters(self_only=False, filter=lambda g, e, src, p: "Creature" in g.chars(e).types),
        (fx.CreateTokens(token, 1),),
        text="Whenever a creature enters, create a 1/1 Spawn creature token.")])
    setup = {"players": [{"battlefield": ["Test Breeder"], "hand": [{"card": "Centaur Courser", "id": "c"}],
                          "mana": {"G": 3}}, {}]}
    g, h = Game.from_setup(setup, defs={"Test Breeder": breeder})
    g.auto_pass = True
    from mtg_ecs import Cast
    g.decide(Cast(g.card_entity[h["c"]]))
    assert g.over and g.winner is None and g.end_reason == "loop draw"


class _Looper:
    """An agent that never stops an optional loop: at every priority it activates its
    first ability that isn't a mana ability, if any, else passes."""

    def act(self, game, d):
        from mtg_ecs.apps.agents import RandomAgent, useful_actions
        from mtg_ecs.core.decisions import Activate
        if d.kind == "priority":
            acts = [a for a in useful_actions(game, d) if isinstance(a, Activate)]
            return acts[0] if acts else d.options[0]
        return RandomAgent(0).act(game, d)


def test_decision_limit_is_a_draw_with_its_reason():
    """Agents that repeat an optional loop (here: a free ability activated for ever)
    end the game at play()'s decision limit as a draw, reason "decision limit" (only a
    player can stop an optional loop, CR 732.4; the limit is a bound of the
    simulation, not a rule)."""
    from mtg_ecs.components.definitions import ActivatedAbility, parse_activation_cost
    from mtg_ecs.systems import effects as fx
    from mtg_ecs.apps.agents import play
    fidget = make_card("Test Fidget", "{G}", "Artifact", abilities=[ActivatedAbility(
        cost=parse_activation_cost("{0}"), effects=(fx.GainLife(fx.YOU, 0),),
        text="{0}: You gain 0 life.")])
    g, _ = Game.from_setup({"players": [{"battlefield": ["Test Fidget"]}, {}]},
                           defs={"Test Fidget": fidget})
    g.auto_pass = True
    n = play(g, [_Looper(), _Looper()], max_decisions=500)
    assert n == 500
    assert g.over and g.winner is None and g.end_reason == "decision limit"
    assert g.pending is None and sim._reason(g) == "decision limit"


@pytest.mark.parametrize("agents", ["heuristic", "random"])
def test_snc_sample_decks_play_both_ways(agents):
    """The Streets of New Capenna sample decks (cards/decks/obscura-connive.txt,
    riveteers-casualty.txt) load by name, are legal constructed decks (60 cards, 4-of) and
    play 2 games each way; the default pair of `mtg-ecs simulate` stays the first two."""
    names = ["obscura-connive", "riveteers-casualty"]
    samples = sim.sample_decks()
    assert all(n in samples for n in names)
    assert list(samples)[:2] == ["esper-fliers", "green-red-beasts"]
    for n in names:
        assert len(sim.load_deck(n, fmt="constructed").cards) == 60
    for pair in (names, names[::-1]):
        recs, s = sim.simulate(pair, games=2, seed=5, agents=agents, fmt="constructed")
        assert s["games"] == 2 and sum(s["wins"]) + s["draws"] == 2
        assert all(r["reason"] in ("life", "library", "poison", "turn limit") for r in recs)


# --- deck rules without --format, and deck labels (issue 16) ----------------------------
def _deck(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_without_a_format_a_deck_needs_forty_cards(tmp_path):
    """No --format: a deck under 40 cards (the smallest legal deck, CR 100.2b) is refused,
    with the way to play it anyway; `freeform` plays any deck that has a card."""
    small = _deck(tmp_path / "small.txt", "7 Forest\n")
    with pytest.raises(sim.SimulationError, match=r"7 cards.*at least 40.*--format freeform"):
        sim.simulate([small, "esper-fliers"], games=1)
    recs, s = sim.simulate([small, "esper-fliers"], games=1, fmt="freeform", turn_limit=2)
    assert s["decks"] == ["small", "esper-fliers"] and len(recs) == 1
    forty = _deck(tmp_path / "forty.txt", "40 Forest\n")
    _, s = sim.simulate([forty, "esper-fliers"], games=1, turn_limit=2)
    assert s["games"] == 1
    empty = _deck(tmp_path / "empty.txt", "# nothing\n")
    for fmt in (None, "freeform"):
        with pytest.raises(decklist.DecklistError, match="empty"):
            sim.simulate([empty, "esper-fliers"], games=1, fmt=fmt)


def test_cli_without_a_format_refuses_a_small_deck_in_one_line(tmp_path, capsys):
    from mtg_ecs.apps.cli import main
    small = _deck(tmp_path / "small.txt", "7 Forest\n")
    assert main(["simulate", "--deck", small, "--deck", "esper-fliers", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtg-ecs simulate: ") and err.count("\n") == 1 and "--format freeform" in err
    assert main(["simulate", "--deck", small, "--deck", "esper-fliers", "--games", "1",
                 "--format", "freeform", "--turn-limit", "2"]) == 0
    assert "small vs esper-fliers" in capsys.readouterr().out


def test_deck_labels_are_unique_in_a_run(tmp_path):
    """Two decks of one file name are told apart by their folders; the same file twice is
    `deck`, `deck#2`; an Arena deck's `Name` is its label; the source stays as given."""
    a = _deck(tmp_path / "a" / "deck.txt", "40 Forest\n")
    b = _deck(tmp_path / "b" / "deck.txt", "40 Mountain\n")
    recs, s = sim.simulate([a, b], games=1, turn_limit=2)
    assert s["decks"] == ["a/deck", "b/deck"] and recs[0]["decks"] == [a, b]
    _, s = sim.simulate([a, a], games=1, turn_limit=2)
    assert s["decks"] == ["deck", "deck#2"]
    deeper = _deck(tmp_path / "x" / "a" / "deck.txt", "40 Island\n")
    assert sim.deck_names([sim.load_deck(p) for p in (a, deeper, b)]) == \
        [f"{tmp_path.name}/a/deck", "x/a/deck", "b/deck"]
    named = _deck(tmp_path / "c" / "mine.txt", "About\nName Big Forest\n\nDeck\n40 Forest\n")
    twin = _deck(tmp_path / "c" / "twin.txt", "About\nName Big Forest\n\nDeck\n40 Island\n")
    labels = sim.deck_names([sim.load_deck(p) for p in (named, a, twin)])
    assert labels[1] == "deck" and len(set(labels)) == 3
    assert labels[0].startswith("Big Forest") and "mine" in labels[0] and "twin" in labels[2]
    assert sim.deck_names([sim.load_deck(named)]) == ["Big Forest"]
