"""Search agents on views and determinization (issue 17): they see what their player may
see (`game.view(p)`), and search over games consistent with it
(`view.determinize(rng)`), never over the real hidden cards.

`FlatMonteCarloAgent`: for each candidate answer, random playouts in fresh
determinizations; the answer with the best mean result. The candidates: the priority
actions (mana abilities left to the payer, as `useful_actions`), or for any other decision
up to `candidates` distinct answers drawn from the random policy.

`ISMCTSAgent`: a sketch of single-observer information-set Monte-Carlo tree search
(Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012): each
iteration determinizes the view, walks the tree over the priority actions legal in that
determinization (UCB with availability counts), expands one, plays out at random and
backs the result up for the player of each node. Every decision is a node: priority
actions, or a few answers drawn from the random policy (attackers, blockers, targets).
Answers are keyed by their text (entity ids), which determinization keeps: an opponent's
`Cast(card)` names the same object in every determinization, though not always the same
card (a simplification of the sketch).

    >>> from mtg_ecs import Game, RandomAgent, play
    >>> deck = ["Mountain"] * 17 + ["Lightning Bolt"] * 23
    >>> g = Game.new([deck, deck], seed=3, auto_pass=True, log=False)
    >>> _ = play(g, [FlatMonteCarloAgent(playouts=2, seed=1), RandomAgent(2)])
    >>> g.over
    True
"""
from __future__ import annotations

import math
import random

from mtg_ecs.apps.agents import RandomAgent, only_answer, play, useful_actions
from mtg_ecs.core.decisions import ONLY, IllegalAction

PLAYOUT_DECISIONS = 3000      # a playout still going after this many answers counts as a draw


def outcome(game, player: int) -> float:
    """A finished game's result for `player`: 1 won, -1 lost, 0 a draw or unfinished."""
    if game.winner == player:
        return 1.0
    if game.winner is None or not game.over:
        return 0.0
    return -1.0


def playout(game, rng: random.Random) -> None:
    """Random agents play `game` to its end (a draw after PLAYOUT_DECISIONS answers)."""
    play(game, [RandomAgent(rng.getrandbits(32)) for _ in game.players],
         max_decisions=PLAYOUT_DECISIONS)


def candidate_answers(view, d, policy, k: int) -> list:
    """The answers a search compares: the priority actions without standalone mana
    abilities (`useful_actions`), or up to `k` distinct answers drawn from `policy`."""
    if d.kind == "priority":
        return list(useful_actions(view, d))
    out, seen = [], set()
    for _ in range(k * 3):
        answer = policy.act(view, d)
        key = repr(answer)
        if key not in seen:
            seen.add(key)
            out.append(answer)
            if len(out) == k:
                break
    return out


class FlatMonteCarloAgent:
    """Flat Monte-Carlo search over determinizations (module docstring). `playouts`: per
    candidate answer; each round of playouts shares one determinization and one seed
    among the candidates (common random numbers: they differ only in the answer)."""

    def __init__(self, playouts: int = 8, seed: int = 0, candidates: int = 4) -> None:
        self.playouts = playouts
        self.rng = random.Random(seed)
        self.policy = RandomAgent(seed)
        self.candidates = candidates

    def act(self, view, d):
        if ONLY in d.data:
            return only_answer(d)
        options = candidate_answers(view, d, self.policy, self.candidates)
        if len(options) == 1:
            return options[0]
        me = d.player
        scores = [0.0] * len(options)
        for _ in range(self.playouts):
            world = view.determinize(self.rng)
            seed = self.rng.getrandbits(32)
            for i, answer in enumerate(options):
                if scores[i] == -math.inf:
                    continue
                g = world.clone(seed=seed)
                try:
                    g.decide(answer)
                except IllegalAction:
                    scores[i] = -math.inf     # (a choice the options can't show as illegal)
                    g.close()
                    continue
                playout(g, random.Random(seed))
                scores[i] += outcome(g, me)
                g.close()
            world.close()
        top = max(scores)
        return self.rng.choice([a for a, x in zip(options, scores) if x == top])   # ties: at random


class _Node:
    __slots__ = ("player", "children", "visits", "total", "available")

    def __init__(self, player):
        self.player = player          # who chose the action leading here (the parent's decider)
        self.children = {}            # action -> _Node
        self.visits = 0
        self.total = 0.0
        self.available = 0            # iterations in which this node's action was legal


class ISMCTSAgent:
    """A sketch of single-observer ISMCTS (module docstring). `candidates`: answers drawn
    from the random policy for a decision other than priority (attackers, targets, ...),
    anew in each determinization: availability counts make that fair (Cowling et al.)."""

    def __init__(self, iterations: int = 200, seed: int = 0, exploration: float = 0.7,
                 candidates: int = 4) -> None:
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.policy = RandomAgent(seed)
        self.c = exploration
        self.candidates = candidates

    def act(self, view, d):
        if ONLY in d.data:
            return only_answer(d)
        root = _Node(None)
        answers = {}                  # key -> an answer at the root, as given there
        for _ in range(self.iterations):
            g = view.determinize(self.rng)
            path = self._descend(g, root, answers)
            playout(g, self.rng)
            for node in path:
                node.visits += 1
                node.total += outcome(g, node.player)
            g.close()
        if not root.children:
            return self.policy.act(view, d)
        most = max(n.visits for n in root.children.values())
        return answers[self.rng.choice([k for k, n in root.children.items() if n.visits == most])]

    def _descend(self, g, node, answers) -> list:
        """Selection and expansion in one determinization: the nodes visited."""
        path = []
        while not g.over and g.pending is not None:
            d = g.pending
            if ONLY in d.data:
                g.decide(only_answer(d))
                continue
            legal = {repr(a): a for a in candidate_answers(g.view(d.player), d, self.policy,
                                                            self.candidates)}
            for key in legal:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [key for key in legal if key not in node.children]
            if untried:
                key = self.rng.choice(untried)
                child = node.children[key] = _Node(d.player)
                child.available = 1
            else:
                key = max(legal, key=lambda k: self._ucb(node.children[k]))
                child = node.children[key]
            if not path:
                answers.setdefault(key, legal[key])
            try:
                g.decide(legal[key])
            except IllegalAction:
                del node.children[key]        # not legal here after all (601.2f-h)
                continue
            path.append(child)
            node = child
            if untried:
                break
        return path

    def _ucb(self, n: _Node) -> float:
        if n.visits == 0:
            return math.inf
        return n.total / n.visits + self.c * math.sqrt(math.log(max(n.available, 1)) / n.visits)
