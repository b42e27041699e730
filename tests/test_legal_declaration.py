"""`legal_declaration` (systems/combat.py), the agents' attack and block declarations made
legal (CR 508.1c-d, 509.1b-c), answered by a bounded search on the restrictions and
requirements instead of a game cloned per candidate declaration.

Its answers are those of the clone search it replaced (7812eea: every declaration in the
product of the creatures' options tried on a clone, the first with the fewest creatures
doing what the answer didn't say kept), recorded in tests/data/legal_declaration.json over
random answers at the combat decisions of random sample-deck games and at positions with
menace, 'can't attack / block alone', 'must be blocked by all', 'attacks each combat',
goad and 'can block any number'. `python tests/test_legal_declaration.py --record`
records the answers of the code installed (run it on that commit to record the old ones).
"""
from __future__ import annotations

import itertools
import json
import pathlib
import random
import sys
import time
from collections import Counter

from mtg_ecs import Game, Pass, PlayerRef
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.components.definitions import StaticAbility, make_card
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.combat import legal_declaration
from mtg_ecs.systems.declaration_search import first_closest

RECORDED = pathlib.Path(__file__).parent / "data" / "legal_declaration.json"
DECKS = ("riveteers-casualty", "obscura-connive", "esper-fliers", "green-red-beasts")


def _flag_card(name, flag, keywords=()):
    return make_card(name, "{1}", "Creature — Test", pt=(2, 2), keywords=list(keywords),
                     abilities=[StaticAbility(continuous=(st.rule_flag(st.this_object(), flag),),
                                              text=flag)])


BEAR = make_card("Test Bear", "{1}", "Creature — Test", pt=(2, 2))
DEFS = {c.name: c for c in (
    BEAR, _flag_card("Test Lure", "must_be_blocked_by_all"),
    _flag_card("Test Menace Lure", "must_be_blocked_by_all", ["menace"]),
    _flag_card("Test Loner", "cant_attack_alone"), _flag_card("Test Shy", "cant_block_alone"),
    _flag_card("Test Guard", "block_any_number"), _flag_card("Test Brute", "attacks_each_combat"))}

# (attacking player's battlefield, defending player's, players): the tricky positions;
# the attackers are all declared, then the block decision is asked
POSITIONS = [
    (["Jackal Familiar", "Test Bear"], ["Test Bear"], 2),
    (["Test Loner", "Test Loner", "Berserkers of Blood Ridge", "Test Bear"], ["Test Bear"], 2),
    (["Mayhem Patrol", "Sanguine Spy", "Test Bear"],
     ["Test Bear", "Test Bear", "Jackal Familiar", "Test Shy", "Goblin Piker"], 2),
    (["Test Lure", "Test Bear", "Mayhem Patrol"],
     ["Test Bear", "Test Guard", "Jackal Familiar", "Goblin Piker"], 2),
    (["Test Menace Lure", "Prized Unicorn", "Sanguine Spy"],
     ["Test Bear", "Test Guard", "Test Shy", "Test Bear", "Palace Guard"], 2),
    (["Test Brute", "Jackal Familiar", {"card": "Test Bear", "goaded_by": ["p1", "p2"]},
      {"card": "Test Bear", "goaded_by": "p3"}], ["Test Shy", "Test Bear"], 4),
    (["Mayhem Patrol", "Sanguine Spy", "Masked Bandits", "Goldhound"],
     ["Test Bear"] * 4 + ["Test Shy", "Test Guard"], 2),
    (["Mayhem Patrol", "Sanguine Spy", "Masked Bandits", "Goldhound"],
     ["Test Bear"] * 5 + ["Test Shy"], 2),
]


def _position(attack, block, players):
    lib = ["Island"] * 8
    setup = {"format": "free-for-all" if players > 2 else "duel", "players": [
        {"battlefield": list(attack), "library": lib}, {"battlefield": list(block), "library": lib}]
        + [{"library": lib} for _ in range(players - 2)]}
    g, _ = Game.from_setup(setup, defs=DEFS)
    while g.pending.kind == "priority":
        g.decide(Pass())
    return g


def _random_answer(rng, d, p=0.5):
    """An answer as an agent might give it: each creature in with probability `p`, a
    random choice of its options (two attackers, now and then, for a blocker)."""
    out = {}
    for k, opts in d.options:
        if rng.random() < p:
            if d.kind == "blockers" and len(opts) > 1 and rng.random() < 0.2:
                out[k] = rng.sample(opts, 2)
            else:
                out[k] = rng.choice(opts)
    return out


def _answers(rng, d, n):
    return [{}, {k: opts[0] for k, opts in d.options}] + \
        [_random_answer(rng, d, rng.choice((0.3, 0.5, 0.8))) for _ in range(n)]


def cases():
    """(game, decision, answer) in a fixed order: the tricky positions, then the combat
    decisions of random sample-deck games (each game played on by a random agent)."""
    rng = random.Random(7)
    for attack, block, players in POSITIONS:
        g = _position(attack, block, players)
        for ans in _answers(rng, g.pending, 25):
            yield g, g.pending, ans
        g.decide(legal_declaration(g, g.pending, {k: opts[0] for k, opts in g.pending.options}))
        agent = RandomAgent(0)
        while g.pending.kind not in ("blockers", "attackers"):      # attack triggers
            g.decide(Pass() if g.pending.kind == "priority" else agent.act(g, g.pending))
        if g.pending.kind == "blockers":
            for ans in _answers(rng, g.pending, 40):
                yield g, g.pending, ans
    for seed in range(16):
        g = Game.new([load_deck(DECKS[seed % 4]).cards, load_deck(DECKS[seed // 4]).cards],
                     seed=seed, log=False, auto_pass=True)
        agents = [RandomAgent(seed), RandomAgent(seed + 100)]
        for _ in range(400):
            d = g.pending
            if d is None:
                break
            if d.kind in ("attackers", "blockers"):
                for ans in _answers(rng, d, 3):
                    yield g, d, ans
            g.decide(agents[d.player].act(g, d))


def _encode(v):
    if isinstance(v, PlayerRef):
        return {"player": v.index}
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in v]
    return v


def encode(decl: dict) -> list:
    """A declaration as JSON: [[creature, what]] in its order."""
    return [[k, _encode(v)] for k, v in decl.items()]


def test_the_answers_of_the_clone_search_it_replaced():
    """Over 2,000 answers, the same declaration as the clone search, the same preference
    among equally good ones (the agents' games stay the same); each one the engine takes."""
    recorded = json.loads(RECORDED.read_text())
    got = []
    changed = 0
    for g, d, ans in cases():
        out = legal_declaration(g, d, ans)
        got.append(encode(out))
        if out != ans:
            changed += 1
            g.clone().decide(out)               # legal: raises IllegalAction otherwise
    assert len(got) == len(recorded) > 2000
    assert [i for i, (a, b) in enumerate(zip(got, recorded)) if a != b] == []
    assert changed > 200                        # (the search was asked often)


def test_bounded_time_at_the_largest_position():
    """Four menace attackers, six blockers, one that can't block alone: 15,625 candidate
    declarations, which took the clone search a second (minutes with checked decisions)."""
    g = _position(*POSITIONS[-1])
    g.decide(legal_declaration(g, g.pending, {k: opts[0] for k, opts in g.pending.options}))
    while g.pending.kind != "blockers":
        g.decide(Pass() if g.pending.kind == "priority" else RandomAgent(0).act(g, g.pending))
    d = g.pending
    rng = random.Random(3)
    slowest = 0.0
    for ans in _answers(rng, d, 60):
        t = time.perf_counter()
        out = legal_declaration(g, d, ans)
        slowest = max(slowest, time.perf_counter() - t)
        g.clone().decide(out)
    assert slowest < 0.5


def test_a_legal_answer_where_the_clone_search_gave_up():
    """248,832 candidate blocks (a 'block any number' blocker among six, five attackers, three
    of them lures): the clone search gave back the illegal answer; now a legal one."""
    g = _position(["Berserkers of Blood Ridge", "Test Loner", "Test Lure", "Test Menace Lure",
                   "Test Menace Lure"],
                  ["Sanguine Spy", "Berserkers of Blood Ridge", "Goblin Piker", "Palace Guard",
                   "Prized Unicorn", "Test Menace Lure"], 2)
    g.decide(legal_declaration(g, g.pending, {k: opts[0] for k, opts in g.pending.options}))
    while g.pending.kind != "blockers":
        g.decide(Pass())
    d = g.pending
    lures = [a for a in d.options[0][1] if g.chars(a).name.endswith("Lure")]
    blocker = d.options[-1][0]                      # the menace lure: it blocks only one
    for ans in ({blocker: lures[:2]}, {b: lures[0] for b, _ in d.options}):
        g.clone().decide(legal_declaration(g, d, ans))


def _brute_force(rows, need, whole_ok):
    """The first legal declaration with the fewest changes, every one tried in order."""
    best, fewest = None, None
    for combo in itertools.product(*rows.values()):
        decl = {k: v for k, (v, _, _) in zip(rows, combo) if v is not None}
        changed = sum(c for _, c, _ in combo)
        if sum(g for _, _, g in combo) >= need and whole_ok(decl) and \
                (fewest is None or changed < fewest):
            best, fewest = decl, changed
    return best


def test_the_search_finds_what_trying_every_declaration_finds():
    """`first_closest` against trying every declaration in order, over random options,
    answers, requirements, menace attackers and 'can't block alone' blockers: its cuts
    never lose the declaration to find."""
    rng = random.Random(11)
    for _ in range(400):
        attackers = [100, 101, 102, 103]
        menace = set(rng.sample(attackers, rng.randint(0, 3)))
        alone = set(rng.sample(range(6), rng.randint(0, 2)))
        rows = {}
        for k in range(rng.randint(1, 5)):
            opts = [None] + [a for a in attackers if rng.random() < 0.6]
            if rng.random() < 0.3:
                opts.append(rng.sample(attackers, 2))
            said = rng.choice(opts)
            rows[k] = [(v, 0 if v is None or v == said else 1,
                        0 if v is None else rng.choice((0, 0, 1, 2))) for v in opts]

        def whole_ok(decl):
            counts = Counter(a for v in decl.values() for a in (v if isinstance(v, list) else [v]))
            return all(counts[a] != 1 for a in menace) and \
                not (len(decl) == 1 and set(decl) <= alone)

        most = sum(max(g for _, _, g in row) for row in rows.values())
        need = rng.randint(0, most + 1)
        assert first_closest(rows, need, whole_ok, menace) == _brute_force(rows, need, whole_ok)


def record() -> None:
    out, slowest = [], 0.0
    for g, d, ans in cases():
        t = time.perf_counter()
        out.append(encode(legal_declaration(g, d, ans)))
        slowest = max(slowest, time.perf_counter() - t)
    RECORDED.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(out)} answers recorded; the slowest took {slowest:.3f} s")


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        record()
