"""Scenario files that replay a whole fuzz game (the `fuzz` key, added by this project
to shared/scenario-format.md): what `mtg-ecs fuzz` writes when a game fails.

    name: "fuzz failure: game 17 of seed 1"
    rules: current
    format: free-for-all         # only with 3 or more players (a duel has no format key)
    seed: 2718281828             # the game's seed: shuffles, starting player (CR 103)
    players:
      - library: [Forest, Grizzly Bears, ...]     # p0's 60-card deck
      - library: [Island, ...]                    # p1's (and p2's, ... in free-for-all)
    fuzz:
      answers: ["'keep'", "'keep'", "Pass()", {refused: "Garbage(None)"}, ...]
      harness_seed: 12345        # when the harness compares the offered actions
      clone_at: 88               # the decision where a clone is checked (null: none)
      turn_limit: 40             # optional (default 40)
      agent_seeds: [1, 2]        # optional, informational: the agents' seeds
      agents: [heuristic, fuzz]  # optional, informational: who played (default fuzz), one per player
      failure: {decision: 93, message: "..."}     # optional, informational

With `fuzz`, the game is not set up as a position: it starts as a real game does
(CR 103: the libraries are the decks, in the order given to `Game.new`, shuffled with
`seed`; starting player, opening hands, mulligans), and the recorded answers are given
in order (`{refused: answer}`: an answer the engine must refuse, the game unchanged)
with every fuzz invariant checked after every decision (`ecs.fuzz`). The scenario
passes when the answers run out, or the game ends, with every invariant holding; it
fails with the fuzzer's message otherwise. Only `name`, `source`, `rules`, `seed`,
`format` (`free-for-all`, the format of a game of 3 or more players, 806; or
`commander`, `two-headed-giant`, `archenemy`), `players` (each with `library`, and in
`commander` its `commander`: as many as the format seats) and `fuzz` may be given.
"""
from __future__ import annotations

from mtg_ecs.core.formats import FormatError, check_format
from mtg_ecs.position import MAX_TURN, MAX_ZONE_OBJECTS, ScenarioError

TOP_KEYS = {"name", "source", "rules", "format", "seed", "players", "fuzz"}
FUZZ_KEYS = {"answers", "harness_seed", "clone_at", "turn_limit", "agent_seeds", "agents", "failure"}


def spec_of(data: dict):
    """(GameSpec, answers, clone_at) of a scenario with the `fuzz` key."""
    from mtg_ecs.apps import fuzz
    from mtg_ecs.core.rules import PROFILES
    bad = set(data) - TOP_KEYS
    if bad:
        raise ScenarioError(f"fuzz: key(s) {sorted(bad)} can't be used with fuzz")
    fz = data["fuzz"]
    if not isinstance(fz, dict) or set(fz) - FUZZ_KEYS or "answers" not in fz:
        raise ScenarioError(f"fuzz: a mapping with answers and optionally "
                            f"{sorted(FUZZ_KEYS - {'answers'})}")
    if not isinstance(fz["answers"], list):
        raise ScenarioError("fuzz.answers: a list")
    try:
        # read by a grammar of the answers the fuzzer writes, never evaluated: a shared
        # file must not run anything (fuzz.decode)
        fuzz.decode_script(fz["answers"])
    except fuzz.AnswerError as ex:
        raise ScenarioError(f"fuzz.{ex}") from None
    players = data.get("players")
    fmt = data.get("format", "duel")
    keys = {"library", "commander"} if fmt == "commander" else {"library"}
    if not isinstance(players, list) or len(players) < 2 or \
            any(not isinstance(p, dict) or set(p) != keys for p in players):
        raise ScenarioError(f"players: with fuzz, two or more players with {' and '.join(sorted(keys))}"
                            " each (library: the deck)")
    if fmt not in fuzz.FUZZ_FORMATS:
        raise ScenarioError(f"format: with fuzz, one of {', '.join(fuzz.FUZZ_FORMATS)} (got {fmt!r})")
    try:
        check_format(fmt, len(players))
    except FormatError as ex:
        raise ScenarioError(f"players: {ex}") from None
    commanders = None
    if fmt == "commander":
        commanders = tuple(p["commander"] for p in players)
        if not all(isinstance(c, str) for c in commanders):
            raise ScenarioError("players[].commander: a card name")
    for i, p in enumerate(players):
        if not isinstance(p["library"], list) or not all(isinstance(c, str) for c in p["library"]):
            raise ScenarioError(f"players[{i}].library: a list of card names")
        if len(p["library"]) > MAX_ZONE_OBJECTS:
            raise ScenarioError(f"players[{i}].library: {len(p['library'])} cards "
                                f"(at most {MAX_ZONE_OBJECTS} in one zone)")
    rules = data.get("rules", "current")
    if rules not in PROFILES:
        raise ScenarioError(f"rules: unknown profile {rules!r} ({', '.join(PROFILES)})")
    ints = {k: fz.get(k, d) for k, d in (("harness_seed", 0), ("turn_limit", fuzz.DEFAULT_TURN_LIMIT))}
    ints["seed"] = data.get("seed", 0)
    for k, v in ints.items():
        if not isinstance(v, int) or isinstance(v, bool):
            raise ScenarioError(f"{k}: an integer")
    if not 1 <= ints["turn_limit"] <= MAX_TURN:
        raise ScenarioError(f"fuzz.turn_limit: 1 to {MAX_TURN} (got {ints['turn_limit']})")
    clone_at = fz.get("clone_at")
    if clone_at is not None and not isinstance(clone_at, int):
        raise ScenarioError("fuzz.clone_at: an integer or null")
    n = len(players)
    agents = fz.get("agents", ["fuzz"] * n)
    if not isinstance(agents, list) or len(agents) != n or any(a not in fuzz.AGENTS for a in agents):
        raise ScenarioError(f"fuzz.agents: one per player ({n}) of {', '.join(fuzz.AGENTS)}")
    agent_seeds = fz.get("agent_seeds") or [0] * n
    if not isinstance(agent_seeds, list) or len(agent_seeds) != n or \
            any(not isinstance(x, int) or isinstance(x, bool) for x in agent_seeds):
        raise ScenarioError(f"fuzz.agent_seeds: one integer per player ({n})")
    spec = fuzz.GameSpec(0, 0, ints["seed"], tuple(agent_seeds),
                         ints["harness_seed"], [list(p["library"]) for p in players],
                         ints["turn_limit"], rules, agents=tuple(agents), format=fmt,
                         commanders=commanders)
    return spec, fz["answers"], clone_at


def run(data: dict) -> None:
    """Replay the game; a failed invariant raises ScenarioFailure with its message."""
    from mtg_ecs.apps import fuzz
    from mtg_ecs.apps.scenario.runner import ScenarioFailure
    spec, answers, clone_at = spec_of(data)
    res = fuzz.run_game(spec, script=answers, clone_at=clone_at)
    if res.failure is not None:
        raise ScenarioFailure(f"fuzz invariant at decision {res.failure.index}: "
                              f"{res.failure.message}")


def scenario_data(res) -> dict:
    """The scenario (as YAML data) replaying a fuzz result's game and answers."""
    from mtg_ecs.apps import fuzz
    s = res.spec
    agents = fuzz.non_default_agents(s.agents)
    return {"name": f"fuzz failure: game {s.index} of seed {s.root_seed}"
                    + (f" ({s.variant()})" if s.variant() else ""),
            "source": f"mtg-ecs fuzz --seed {s.root_seed} --first {s.index} --games 1"
                      + (f" --players {s.players}" if s.players != 2 else "")
                      + (f" --format {s.format}" if s.format != fuzz.table_format(s.players) else "")
                      + (f" --pool {s.pool}" if s.pool else "")
                      + (f" --agents {','.join(s.agents)}" if agents else ""),
            "rules": s.rules, **({"format": s.format} if s.format != "duel" else {}),
            "seed": s.seed,
            "players": [{"library": list(d), **({"commander": c} if s.commanders else {})}
                        for d, c in zip(s.decks, s.commanders or [None] * len(s.decks))],
            "fuzz": {"answers": res.script, "harness_seed": s.harness_seed,
                     "clone_at": res.clone_at, "turn_limit": s.turn_limit,
                     "agent_seeds": list(s.agent_seeds),
                     **({"agents": list(s.agents)} if agents else {}),
                     "failure": {"decision": res.failure.index,
                                 "message": res.failure.message}}}
