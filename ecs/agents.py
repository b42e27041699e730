"""Agents: players that answer decisions. One protocol:

    class MyAgent:
        def act(self, game, decision):   # return a legal answer
            ...

`RandomAgent` picks uniformly among the legal options with its own seeded RNG.
"""
from __future__ import annotations

import random

from ecs.decisions import Decision, Pass


class RandomAgent:
    """Uniform over the legal options (a random subset for combinatorial choices)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, game, d: Decision):
        r = self.rng
        k = d.kind
        if k == "priority":
            return r.choice(useful_actions(game, d))
        if k in ("mulligan",):
            return "keep"
        if k == "attackers":
            out = {}
            for a, defenders in d.options:
                if r.random() < 0.5:
                    out[a] = r.choice(defenders)
            return out
        if k == "blockers":
            out = {}
            for b, attackers in d.options:
                if r.random() < 0.5:
                    out[b] = r.choice(attackers)
            return out
        if k == "damage_assignment":
            return random_assignment(r, d)
        if k == "divide":
            tg = list(d.options)
            total = d.data["total"]
            out = {t: 1 for t in tg}
            for _ in range(total - len(tg)):
                out[r.choice(tg)] += 1
            return out
        if k == "x":
            return r.choice(d.options)
        if k == "may":
            return r.random() < 0.5
        if k == "trigger_order":
            opts = list(d.options)
            r.shuffle(opts)
            return opts
        if k == "blocker_order":
            opts = list(d.options)
            r.shuffle(opts)
            return opts
        if k == "legend_rule":
            return r.choice(d.options)
        # choose n of the options
        n = r.randint(d.min, d.max) if d.max >= d.min else d.min
        return r.sample(list(d.options), n)


def useful_actions(game, d: Decision) -> list:
    """The priority options without standalone mana abilities: mana is made when a
    cost is paid (the automatic payer), so activating one alone only empties later."""
    from ecs.decisions import Activate
    from systems.costs import activated_abilities
    out = []
    for a in d.options:
        if isinstance(a, Activate) and activated_abilities(game, a.source)[a.index].mana:
            continue
        out.append(a)
    return out


def random_assignment(r, d: Decision) -> dict:
    """A legal combat damage assignment, at random (510.1c-d, 702.19b)."""
    data = d.data
    total = data["total"]
    blockers = list(data["blockers"])
    lethal = data["lethal"]
    out = {x: 0 for x in d.options}
    left = total
    if data["ordered"] or data["trample"]:
        # walk in order assigning lethal, then spill over
        for b in blockers:
            n = min(left, lethal[b])
            out[b] += n
            left -= n
        if left and data["trample"] and data["defender"] is not None:
            out[data["defender"]] += left
        elif left:
            out[blockers[-1]] += left
        return out
    while left:
        out[r.choice(blockers)] += 1
        left -= 1
    return out


def play(game, agents, max_decisions: int = 100000):
    """Drive a game with agents (one per player) until it ends."""
    n = 0
    while game.pending is not None and n < max_decisions:
        d = game.pending
        game.decide(agents[d.player].act(game, d))
        n += 1
    return n
