"""Determinism (issue 5): the same seeds and answers give the same games, event logs and
state hashes in separate Python processes (whatever PYTHONHASHSEED and wherever objects
live in memory) and under `mtg-ecs simulate --jobs 1` and `--jobs 2`."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from mtg_ecs.apps.cli import main
from mtg_ecs.core.hashing import canonical, log_hash, state_hash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Plays three games and prints, per game, a hash chained over the state hash after every
# decision and the answers given, the event-log hash and the number of decisions: two
# games of random 60-card decks from every registered card (random agents), one game of
# the sample decks (heuristic agents).
GAMES = r'''
import hashlib
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent, HeuristicAgent
from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.apps.fuzz import game_specs
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.core.hashing import state_hash, log_hash, canonical

def run(decks, seed, agents):
    g = Game.new(decks, seed=seed, log=True, turn_limit=12)
    chain = hashlib.sha256()
    n = 0
    while g.pending is not None:
        answer = agents[g.pending.player].act(g, g.pending)
        chain.update(repr(canonical(answer)).encode())
        try:
            g.decide(answer)
        except IllegalAction:           # refused (a cost grown with the targets): again
            chain.update(b"refused")
            continue
        n += 1
        chain.update(state_hash(g).encode())
    assert len(g.log) > 100
    print(chain.hexdigest(), log_hash(g), n, g.winner, g.turn)

for spec in game_specs(20261122, 2):
    run(spec.decks, spec.seed, [RandomAgent(spec.agent_seeds[0]), RandomAgent(spec.agent_seeds[1])])
run([load_deck("green-red-beasts").cards, load_deck("esper-fliers").cards], 5,
    [HeuristicAgent(1), HeuristicAgent(2)])
'''


def _in_processes(code, hash_seeds):
    procs = []
    for h in hash_seeds:
        env = dict(os.environ, PYTHONHASHSEED=h, PYTHONPATH=ROOT)
        procs.append(subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        outs.append(out)
    return outs


def test_same_games_in_separate_processes_under_any_hash_seed():
    """Two processes with different PYTHONHASHSEED (string hashing, so the iteration
    order of sets of strings) and different memory layouts: every state hash along the
    way, every answer and the event-log hash agree."""
    a, b = _in_processes(GAMES, ("1", "4242"))
    assert a == b
    lines = a.splitlines()
    assert len(lines) == 3 and len({line.split()[0] for line in lines}) == 3


def test_hashes_ignore_memory_addresses_and_set_order():
    """The hashes are canonical: a default repr (with id()) or the order a set happens
    to iterate in never reaches them."""
    class Effect:                     # a plain object, as card definitions hold
        def __init__(self, n):
            self.n = n
    a = canonical(({"b", "a", "c"}, Effect(1), {"y": 1, "x": 2}))
    b = canonical(({"c", "a", "b"}, Effect(1), {"x": 2, "y": 1}))
    assert a == b and "0x" not in repr(a)
    assert canonical(Effect(1)) != canonical(Effect(2))
    # and the closure of a card's effect function is part of its value
    def pump(p):
        return lambda ch: ch + p
    assert canonical(pump(1)) != canonical(pump(2)) and canonical(pump(1)) == canonical(pump(1))


def test_state_hash_of_a_stack_ability_is_the_same_in_two_processes():
    """A triggered ability on the stack holds the card's trigger and effect objects
    (plain objects with default reprs): its hash must not show where they live."""
    code = r'''
from mtg_ecs.components import StackAbility
from mtg_ecs import Game, Cast, Pass
from mtg_ecs.core.hashing import state_hash, log_hash
g, h = Game.from_setup({"players": [{"battlefield": ["Forest", "Forest"],
    "hand": [{"card": "Elvish Visionary", "id": "e"}], "library": ["Forest"] * 3}, {}]})
g.decide(Cast(g.card_entity[h["e"]]))
while not (g.stack and g.world.has(g.stack[-1], StackAbility)):
    g.decide(Pass())
print(g.world.get(g.stack[-1], StackAbility).ability.text, state_hash(g), log_hash(g))
'''
    a, b = _in_processes(code, ("0", "99"))
    assert a == b and a.startswith("When Elvish Visionary enters, draw a card. ")


def test_simulate_jobs_give_the_same_event_logs(tmp_path):
    """`mtg-ecs simulate --hashes` with --jobs 1 and --jobs 2: the record files are
    identical byte for byte, and they carry each game's event-log and state hashes."""
    files = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.jsonl"
        assert main(["simulate", "--games", "6", "--seed", "11", "--jobs", jobs, "--hashes",
                     "--out", str(out)]) == 0
        files.append(out)
    assert files[0].read_bytes() == files[1].read_bytes()
    records = [json.loads(line) for line in files[0].read_text().splitlines()]
    assert len(records) == 6
    assert len({r["log_hash"] for r in records}) == 6
    assert all(len(r["state_hash"]) == 64 for r in records)


def test_log_hash_follows_the_log():
    """The log hash changes when an event does (it can fail)."""
    from mtg_ecs import Game
    g = Game.new([["Forest"] * 40, ["Forest"] * 40], seed=3, log=True)
    before = log_hash(g)
    g.log.append(("note", {"text": "x"}))
    assert log_hash(g) != before
    g.log.pop()
    assert log_hash(g) == before and state_hash(g) == state_hash(g.clone())
