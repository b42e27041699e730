"""Running scenario files: actions, strict decisions, expectations.

    mtg-ecs scenario tests/scenarios

Each file passes or fails with one line naming the action or expectation,
expected vs actual. A malformed file is a failure naming the file and key.

Keys this project adds to shared/scenario-format.md:
* `fuzz`: the file is a whole game replayed from its decks and seed (CR 103) with
  recorded answers and every fuzz invariant checked after every decision, instead
  of a position with actions; it passes when no invariant fails. `mtg-ecs fuzz`
  writes such files for its failures. Keys and meaning: `ecs/scenario/fuzzgame.py`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import yaml

from mtg_ecs.components import Card, Spell, StackAbility, Attacking, Blocking, Tapped, Attached
from mtg_ecs.components.definitions import KEYWORD_ALT_COSTS
from mtg_ecs.core.decisions import (IllegalAction, PlayerRef, Pass, PlayLand, Cast, Activate)
from mtg_ecs.apps.files import UnreadableFile, read_bounded
from mtg_ecs import position
from mtg_ecs.position import ScenarioError, MAX_ACTIONS, MAX_TURN
from mtg_ecs.game import Game
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.systems.pipeline import STEP_NAMES as STEPS, STEP_INDEX
from mtg_ecs.systems.teams import team_of


class ScenarioFailure(AssertionError):
    pass


@dataclass
class Result:
    path: str
    name: str
    passed: bool
    message: str = ""
    skipped: bool = False


ACTION_VERBS = {"play", "cast", "activate", "pass", "resolve", "to", "attack", "block", "choose",
                "expect", "concede"}
ACTION_OPTIONS = {
    "play": {"from"},
    "cast": {"targets", "x", "modes", "divide", "cost", "pay", "mana", "from", "half"},
    "activate": {"ability", "targets", "x", "modes", "divide", "pay", "mana"},
    "pass": set(), "resolve": set(), "to": {"turn"}, "attack": set(), "block": set(),
    "choose": set(), "expect": set(), "concede": set(),
}
EXPECT_KEYS = {"life", "poison", "lost", "winner", "zone", "count", "library", "pt", "counters",
               "damage", "tapped", "attacking", "blocking", "phased_out", "face_down", "sick",
               "controller", "attached", "name", "keywords", "types", "colors", "mana",
               "commander_damage", "stack", "hand_size", "library_size", "step", "priority"}


def read_yaml(path: str):
    """The YAML data of a file (a scenario, a repro, a --cards file), refused past
    MAX_FILE_BYTES before it is parsed; every problem is a one-line ScenarioError."""
    try:
        raw = read_bounded(path, position.MAX_FILE_BYTES)
    except UnreadableFile as ex:
        raise ScenarioError(str(ex)) from None
    try:
        # libyaml's parser with the safe constructor when PyYAML has it (10x faster)
        return yaml.load(raw.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except UnicodeDecodeError as ex:
        raise ScenarioError(f"not UTF-8 text (byte {ex.start} can't be decoded)") from None
    except yaml.YAMLError as ex:
        raise ScenarioError(f"not valid YAML: {yaml_problem(ex)}") from None


def yaml_problem(ex) -> str:
    """A YAML error in one line: where (line and column, from 1) and what."""
    mark = getattr(ex, "problem_mark", None)
    what = " ".join(str(getattr(ex, "problem", None) or ex).split())
    return f"line {mark.line + 1}, column {mark.column + 1}: {what}" if mark else what


def load(path: str) -> dict:
    data = read_yaml(path)
    check_top(data)
    return data


def check_top(data) -> None:
    """What a scenario needs before its setup is read (shared/scenario-format.md)."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario file is a YAML mapping")
    if "name" not in data:
        raise ScenarioError("name: required")


def run_file(path: str) -> Result:
    try:
        data = load(path)
    except ScenarioError as ex:
        return Result(path, os.path.basename(path), False, f"malformed: {ex}")
    return run_data(data, path)


def run_data(data: dict, path: str = "<scenario>") -> Result:
    name = str(data.get("name", "")) if isinstance(data, dict) else ""
    try:
        check_top(data)
        if "fuzz" in data:
            from mtg_ecs.apps.scenario import fuzzgame
            fuzzgame.run(data)
        else:
            Runner(data).run()
    except ScenarioError as ex:
        return Result(path, name, False, f"malformed: {ex}")
    except ScenarioFailure as ex:
        return Result(path, name, False, str(ex))
    except Exception as ex:  # an engine crash is a failure with its reason, never a traceback
        import traceback
        tb = traceback.format_exc(limit=6)
        return Result(path, name, False, f"engine error: {type(ex).__name__}: {ex}\n{tb}")
    return Result(path, name, True)


class Runner:
    """Runs one scenario. `defs`: test-only card definitions written in Python, by name
    (for rules a scenario's `cards:` key can't express)."""

    def __init__(self, data: dict, defs: dict | None = None):
        self.data = data
        self.game, self.handles = Game.from_setup(data, **({"defs": defs} if defs else {}))
        self.actions = data.get("actions") or []
        if not isinstance(self.actions, list):
            raise ScenarioError("actions: must be a list")
        if len(self.actions) > MAX_ACTIONS:
            raise ScenarioError(f"actions: {len(self.actions)} actions (at most {MAX_ACTIONS})")
        self.expect = data.get("expect")

    # -- names -----------------------------------------------------------------
    def obj(self, ref, acting=None, where="", allow_player=True):
        g = self.game
        if isinstance(ref, bool):
            raise ScenarioError(f"{where}: {ref!r} is not an object or player")
        if isinstance(ref, int):
            if allow_player and 0 <= ref < len(g.players):
                return PlayerRef(ref)
            raise ScenarioError(f"{where}: {ref!r} is not a player")
        if not isinstance(ref, str):
            raise ScenarioError(f"{where}: {ref!r} is not a name or handle")
        if allow_player and ref.startswith("p") and ref[1:].isdigit():
            i = int(ref[1:])
            if i >= len(g.players):
                raise ScenarioError(f"{where}: no player {ref}")
            return PlayerRef(i)
        if ref.startswith("ability:"):
            h = ref[len("ability:"):]
            cid = self._card_id(h, where)
            for e in reversed(g.stack):
                ab = g.world.ents[e].get(StackAbility)
                if ab is not None and ab.source_card == cid:
                    return e
            raise ScenarioFailure(f"{where}: no ability of {h} on the stack")
        if ref in self.handles:
            cid = self.handles[ref]
            e = g.card_entity.get(cid)
            if e is None or not g.exists(e):
                return None
            return e
        # a bare card name: battlefield, else stack, else the acting player's hand
        for zone in (g.battlefield, g.stack):
            found = [e for e in zone if g.world.ents[e].get(Card) and g.chars(e).name == ref]
            if len(found) > 1:
                raise ScenarioFailure(f"{where}: several objects named {ref!r}; give them ids")
            if found:
                return found[0]
        if acting is not None:
            found = [e for e in g.players[acting].hand if g.chars(e).name == ref]
            if found:
                return found[0]
        raise ScenarioFailure(f"{where}: no object named {ref!r}")

    def _card_id(self, h, where):
        if h not in self.handles:
            raise ScenarioError(f"{where}: unknown handle {h!r}")
        return self.handles[h]

    def player(self, ref, where):
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(self.game.players):
            return ref
        if isinstance(ref, str) and ref.startswith("p") and ref[1:].isdigit() and int(ref[1:]) < len(self.game.players):
            return int(ref[1:])
        raise ScenarioError(f"{where}: not a player ({ref!r})")

    def desc(self, x):
        g = self.game
        if isinstance(x, PlayerRef):
            return f"p{x.index}"
        for h, cid in self.handles.items():
            if g.card_entity.get(cid) == x:
                return h
        return g.name(x)

    # -- running ------------------------------------------------------------------
    def run(self, left_waiting_ok: bool = False):
        """The actions, then the final expectations. A decision still waiting after the
        last action fails the scenario (format, "Decisions (strict)"); a Python test that
        drives a position up to a decision to look at it passes `left_waiting_ok`."""
        for i, act in enumerate(self.actions):
            where = f"action {i + 1}"
            if not isinstance(act, dict):
                raise ScenarioError(f"{where}: an action is a mapping")
            verbs = [k for k in act if k in ACTION_VERBS]
            if len(verbs) != 1:
                raise ScenarioError(f"{where}: exactly one verb of {sorted(ACTION_VERBS)} (got {sorted(act)})")
            verb = verbs[0]
            allowed = ACTION_OPTIONS[verb] | {verb, "illegal", "player"}
            bad = set(act) - allowed
            if bad:
                raise ScenarioError(f"{where} ({verb}): unknown key(s) {sorted(bad)}")
            where = f"action {i + 1} ({verb})"
            illegal = act.get("illegal", False)
            if not isinstance(illegal, bool):
                raise ScenarioError(f"{where}: illegal: true or false (got {illegal!r})")
            if illegal:
                before = state_hash(self.game)
                try:
                    self.do(verb, act, where)
                except IllegalAction:
                    after = state_hash(self.game)
                    if before != after:
                        raise ScenarioFailure(f"{where}: refused, but the game changed")
                    continue
                raise ScenarioFailure(f"{where}: expected to be illegal, but it was allowed")
            try:
                self.do(verb, act, where)
            except IllegalAction as ex:
                raise ScenarioFailure(f"{where}: refused: {ex}")
        d = self.game.pending
        if d is not None and d.kind != "priority" and not left_waiting_ok:
            # format, "Decisions (strict)": an unanswered decision fails the scenario
            raise ScenarioFailure(f"after the last action: a decision is left unanswered: "
                                  f"{d.kind} for p{d.player} ({d.prompt})")
        if self.expect is not None:
            self.check(self.expect, "expect")

    # An action refused because nothing of its kind is pending (a `block` with no blockers
    # declaration waiting, a `choose` with no decision, a priority action or a `to` / `resolve`
    # while a decision waits) is refused like any other (IllegalAction, the game unchanged):
    # under `illegal: true` the scenario goes on, otherwise it fails with the reason
    # (shared/scenario-format.md, "Actions").
    def _require_priority_action(self, where):
        g = self.game
        d = g.pending
        if d is None:
            raise IllegalAction("the game is over")
        if d.kind != "priority":
            raise IllegalAction(f"a decision is pending and must be answered first: "
                                f"{d.kind} for p{d.player} ({d.prompt})")

    def _require_no_decision(self, verb):
        """`to` and `resolve` only pass priority: a decision waiting (a trigger order, a
        target, a declaration the script stopped at) must be answered first (format:
        "Decisions (strict)"). With the game over there is nothing to do."""
        d = self.game.pending
        if d is not None and d.kind != "priority":
            raise IllegalAction(f"{verb}: a decision is pending and must be answered first: "
                                f"{d.kind} for p{d.player} ({d.prompt})")

    def do(self, verb, act, where):
        g = self.game
        if verb == "expect":
            self.check(act["expect"], where)
            return
        if verb == "concede":
            g.concede(self.player(act["concede"], where))
            return
        if verb == "to":
            self.run_to(act["to"], act.get("turn"), where)
            return
        if verb == "resolve":
            self.run_resolve(act["resolve"], where)
            return
        if verb == "choose":
            d = g.pending
            if d is None:
                raise IllegalAction("nothing to choose: the game is over")
            if d.kind == "priority":
                raise IllegalAction(f"nothing to choose: no decision is pending "
                                    f"(p{d.player} holds priority)")
            if "player" in act and self.player(act["player"], where) != d.player:
                raise IllegalAction(f"the pending decision ({d.kind}) is p{d.player}'s, "
                                    f"not {act['player']}'s")
            g.decide(self.map_answer(d, act["choose"], where))
            return
        if verb in ("attack", "block"):
            d = g.pending
            kind = "attackers" if verb == "attack" else "blockers"
            if d is None or d.kind != kind:
                raise IllegalAction(f"no {kind} declaration is pending"
                                    + (f" (pending: {d.kind} for p{d.player})" if d
                                       else " (the game is over)"))
            if "player" in act and self.player(act["player"], where) != d.player and not (
                    g.teams and self.player(act["player"], where) in team_of(g, d.player)):
                raise IllegalAction(f"the declaration is p{d.player}'s, not {act['player']}'s")
            spec = act[verb] or {}
            if not isinstance(spec, dict):
                raise ScenarioError(f"{where}: {verb} is a mapping")
            ans = {}
            for k, v in spec.items():
                a = self.obj(k, where=where, allow_player=False)
                if verb == "attack":
                    ans[a] = self.obj(v, where=where)
                else:
                    ans[a] = [self.obj(x, where=where, allow_player=False) for x in v] \
                        if isinstance(v, list) else self.obj(v, where=where, allow_player=False)
            g.decide(ans)
            return
        # priority actions
        self._require_priority_action(where)
        d = g.pending
        player = d.player
        if g.teams:
            before = g.clone()
            try:
                player = self._team_turn(verb, act, where)
                if player is not None:
                    self._priority_action(verb, act, player, where)
            except IllegalAction:
                g.adopt(before)                 # refused: the game as it was
                raise
            return
        if "player" in act:
            p = self.player(act["player"], where)
            if p != d.player:
                raise IllegalAction(f"p{p} doesn't hold priority (p{d.player} does)")
        self._priority_action(verb, act, player, where)

    def _priority_action(self, verb, act, player, where):
        g = self.game
        if verb == "pass":
            g.decide(Pass())
            return
        if verb == "play":
            frm = act.get("from", "hand")
            card = self.obj(act["play"], acting=player, where=where, allow_player=False)
            if card is None or g.zone_of(card) != frm:
                raise IllegalAction(f"{act['play']} is not in {frm}")
            g.decide(PlayLand(card))
            return
        if verb == "cast":
            frm = act.get("from", "hand")
            if "half" in act:
                raise ScenarioError(f"{where}: half: split cards are not supported yet")
            card = self.obj(act["cast"], acting=player, where=where, allow_player=False)
            if card is None or g.zone_of(card) != frm:
                raise IllegalAction(f"{act['cast']} is not in {frm}")
            alt = act.get("cost")
            if alt is not None and alt not in ("free", "alt") + KEYWORD_ALT_COSTS:
                raise ScenarioError(f"{where}: cost: {alt!r} is not supported yet")
            g.decide(Cast(card, targets=self._targets(act.get("targets"), player, where),
                          modes=act.get("modes"), x=act.get("x"),
                          divide=self._division(act.get("divide"), where), alt=alt,
                          pay=self._pay(act.get("pay"), where), mana=self._mana(act.get("mana"), where)))
            return
        if verb == "activate":
            src = self.obj(act["activate"], acting=player, where=where, allow_player=False)
            idx = self._ability_index(src, act.get("ability", 0), where)
            g.decide(Activate(src, idx, targets=self._targets(act.get("targets"), player, where),
                              x=act.get("x"), divide=self._division(act.get("divide"), where),
                              pay=self._pay(act.get("pay"), where),
                              mana=self._mana(act.get("mana"), where)))
            return
        raise ScenarioError(f"{where}: unknown verb {verb}")

    def _team_turn(self, verb, act, where):
        """A priority action in a team game (the format, "Multiplayer"): the team holding
        priority acts, by its player `player` (default its first). The team's priority
        goes round its players in turn order from the one holding it (805.5,
        systems/teams.py `next_priority`): the ones before the acting player pass first;
        a player who passed since the team received priority, or since one of its
        players last acted, can't act until another of them does. `pass` is the whole
        team passing (returns None); else returns the acting player, who now holds
        priority."""
        g = self.game
        holder = g.pending.player
        team = [q for q in team_of(g, holder) if not g.players[q].lost]
        i = team.index(holder)
        rest = (team[i:] + team[:i])[:len(team) - (g.team_passes if g.passes else 0)]
        if verb == "pass":
            for _ in rest:
                d = g.pending
                if d is None or d.kind != "priority" or d.player not in team:
                    break
                g.decide(Pass())
            return None
        p = self.player(act["player"], where) if "player" in act else team[0]
        if p not in rest:
            raise IllegalAction(f"p{p} doesn't hold priority (p{holder} of "
                                f"p{team[0]}'s team does{'' if p not in team else ', and p%d has passed' % p})")
        while g.pending.player != p:
            g.decide(Pass())
        return p

    def _targets(self, t, player, where):
        if t is None:
            return None
        if isinstance(t, list):
            return [[self.obj(y, acting=player, where=where) for y in x] if isinstance(x, list)
                    else self.obj(x, acting=player, where=where) for x in t]
        return [self.obj(t, acting=player, where=where)]

    def _division(self, d, where):
        if d is None:
            return None
        if not isinstance(d, dict):
            raise ScenarioError(f"{where}: divide is a mapping")
        return {self.obj(k, where=where): v for k, v in d.items()}

    def _pay(self, p, where):
        if p is None:
            return None
        if not isinstance(p, dict):
            raise ScenarioError(f"{where}: pay is a mapping")
        out = {}
        for k, v in p.items():
            if k in ("sacrifice", "discard", "exile", "tap", "casualty", "untap"):
                vs = v if isinstance(v, list) else [v]
                out[k] = [self.obj(x, where=where, allow_player=False) for x in vs]
            elif k in ("life",):
                out[k] = v
            elif k == "remove_counters":            # {handle: {kind: n}}
                if not isinstance(v, dict) or not all(isinstance(x, dict) for x in v.values()):
                    raise ScenarioError(f"{where}: pay.remove_counters is {{handle: {{kind: n}}}}")
                out[k] = {self.obj(h, where=where, allow_player=False): dict(x) for h, x in v.items()}
            elif k == "kicker":
                if not isinstance(v, (bool, int)):
                    raise ScenarioError(f"{where}: pay.kicker is true/false, or n for multikicker")
                out[k] = v
            else:
                raise ScenarioError(f"{where}: pay.{k} is not supported yet")
        return out

    def _mana(self, m, where):
        if m is None:
            return None
        out = []
        for x in (m if isinstance(m, list) else [m]):
            if isinstance(x, str) and ":" in x and not x.startswith("ability:"):
                h, n = x.rsplit(":", 1)
                if not n.isdigit():
                    raise ScenarioError(f"{where}: mana: {x!r}: handle:N names the N-th ability")
                out.append((self.obj(h, where=where, allow_player=False), int(n)))
            else:
                out.append(self.obj(x, where=where, allow_player=False))
        return out

    def _ability_index(self, src, ab, where):
        from mtg_ecs.systems.costs import activated_abilities
        abilities = activated_abilities(self.game, src)
        if isinstance(ab, bool):
            raise ScenarioError(f"{where}: ability {ab!r}")
        if isinstance(ab, int):
            if not (0 <= ab < len(abilities)):
                raise IllegalAction(f"{self.desc(src)} has no ability {ab}")
            return ab
        s = str(ab).replace("−", "-")
        for i, a in enumerate(abilities):
            if a.keyword == s.lower():
                return i
            if a.cost.loyalty is not None:
                lc = "-X" if a.cost.loyalty_x else (f"+{a.cost.loyalty}" if a.cost.loyalty > 0 else str(a.cost.loyalty))
                if lc == s or (s == "0" and a.cost.loyalty == 0 and not a.cost.loyalty_x):
                    return i
        raise IllegalAction(f"{self.desc(src)} has no ability {ab!r}")

    # -- answers to decisions ---------------------------------------------------------
    def map_answer(self, d, ans, where):
        g = self.game
        k = d.kind
        if k in ("mulligan",):
            return ans
        if k == "may":
            if ans not in ("yes", "no", True, False):
                raise ScenarioError(f"{where}: answer yes or no")
            return ans in ("yes", True)
        if k in ("x", "number", "cost_choice"):
            return ans
        if k == "modes":
            return ans if isinstance(ans, list) else [ans]
        if k in ("damage_assignment", "divide", "prevention", "redirect"):
            if not isinstance(ans, dict):
                raise ScenarioError(f"{where}: answer {{recipient: amount}}")
            return {self.obj(kk, where=where): v for kk, v in ans.items()}
        if k in ("scry", "look_order"):
            # {top: [handles, top first], bottom: [...]} (scenario format: scry / look-and-order)
            if not isinstance(ans, dict) or set(ans) - {"top", "bottom"}:
                raise ScenarioError(f"{where}: answer {{top: [...], bottom: [...]}}")
            return {kk: [self.obj(x, acting=d.player, where=where, allow_player=False)
                         for x in (v or [])] for kk, v in ans.items()}
        if k == "trigger_order":
            lst = ans if isinstance(ans, list) else [ans]
            remaining = list(d.options)
            out = []
            for item in lst:
                h, n = (item.rsplit(":", 1) if isinstance(item, str) and ":" in item else (item, None))
                cid = self._card_id(h, where)
                match = [t for t in remaining if t.source_card == cid and (n is None or t.index == int(n))]
                if not match:
                    raise IllegalAction(f"no pending trigger of {item}")
                out.append(match[0])
                remaining.remove(match[0])
            return out
        if k == "replacement":
            # the object whose ability (or spell, or counter) created the effect; `handle:N`:
            # its N-th effect among those offered (an object's protection and its shield
            # counters, 122.1c)
            if isinstance(ans, str) and ":" in ans:
                h, n = ans.rsplit(":", 1)
                if n.isdigit():
                    return (self._card_id(h, where), int(n))
                return self._card_id(h, where)
            return self._card_id(ans, where)
        if k == "legend_rule":
            return self.obj(ans, where=where, allow_player=False)
        if k == "blocker_order":
            return [self.obj(x, where=where, allow_player=False) for x in ans]
        if k in ("color", "mana_choice", "name", "top_or_bottom", "choice"):
            return ans
        # objects / players
        if isinstance(ans, list):
            return [self.obj(x, acting=d.player, where=where) for x in ans]
        return [self.obj(ans, acting=d.player, where=where)]

    # -- moving the game forward -----------------------------------------------------
    def run_to(self, step, turn, where):
        g = self.game
        if step not in STEPS:
            raise ScenarioError(f"{where}: unknown step {step!r}")
        start_turn = g.turn
        if turn is not None and not (isinstance(turn, int) and not isinstance(turn, bool)
                                     and 1 <= turn <= MAX_TURN):
            raise ScenarioError(f"{where}: turn: a turn number, 1 to {MAX_TURN} (got {turn!r})")
        self._require_no_decision("to")
        if turn is not None:
            target_turn = int(turn)
        elif STEP_INDEX[step] > STEP_INDEX.get(g.step, -1) and g.step != "pregame":
            target_turn = g.turn
        else:
            target_turn = g.turn + 1
        for _ in range(100000):
            d = g.pending
            if d is None:
                return                                     # the game ended
            if g.turn > target_turn:
                raise ScenarioFailure(f"{where}: step {step} did not occur (now turn {g.turn}, {g.step})")
            at_target = g.turn == target_turn and g.step == step
            if d.kind == "priority":
                if at_target:
                    return
                g.decide(Pass())
                continue
            if d.kind in ("attackers", "blockers"):
                if at_target and step == ("declare_attackers" if d.kind == "attackers"
                                          else "declare_blockers"):
                    return
                try:
                    g.decide({})
                except IllegalAction:
                    return              # a requirement makes the empty declaration illegal
                continue
            return                                         # a decision the script must answer
        raise ScenarioFailure(f"{where}: the game did not reach {step}")

    def run_resolve(self, n, where):
        g = self.game
        if n == "all":
            target = None
        elif isinstance(n, int) and n >= 1:
            target = n
        else:
            raise ScenarioError(f"{where}: resolve: a number or all")
        self._require_no_decision("resolve")
        if not g.stack:
            raise IllegalAction("resolve: the stack is empty")
        done = 0
        start = g.resolved
        for _ in range(100000):
            d = g.pending
            if d is None:
                return
            if d.kind != "priority":
                return                                     # interrupted by a decision
            done = g.resolved - start
            if target is None and not g.stack:
                return
            if target is not None and done >= target:
                return
            g.decide(Pass())
        raise ScenarioFailure(f"{where}: resolving did not finish")

    # -- expectations --------------------------------------------------------------------
    def check(self, exp, where):
        from mtg_ecs.apps.scenario.expect import check_expect
        check_expect(self, exp, where)
