"""Replacement effects on creating tokens (CR 614.1a, 111.1) and on putting counters
(614.1, 122.6): Doubling Season's two halves, Jinnie Fay's 'you may instead create'.

Every effect that *creates* tokens goes through this one replacement (111.1, 614.1a):
`effects.CreateTokens`, `effects.EachControllerCreates` (one event per player creating
them: each is replaced by that player's effects), `copy.CreateTokenCopy` (token copies:
Jaxis). A copy of a permanent spell that becomes a token as it resolves (707.10, 111.12)
isn't created, so none of these apply to it (002 §9 item 8). Counters put on as a
cost (a loyalty ability's +N, 606.4) aren't put on by an effect and aren't doubled.

Each applicable effect applies once (616.1). Their order changes nothing (doubling the
number and replacing what the tokens are commute; several Jinnie Fays: the last one the
player uses decides, and each is asked in turn), so it isn't asked, as for doublings of
damage (replacement.order_decision).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, only, yes_no
from mtg_ecs.systems.board import statics_with_rule


class TwiceAsManyTokens:
    """'If an effect would create one or more tokens under your control, it creates twice
    that many of those tokens instead.' A rule of a static ability (StaticAbility(rules=...))."""


class TwiceAsManyCounters:
    """'If an effect would put one or more counters on a permanent you control, it puts twice
    that many of those counters on that permanent instead.'"""


class InsteadCreate:
    """'If you would create one or more tokens, you may instead create that many <A> or that
    many <B>' (Jinnie Fay): the tokens' characteristics are entirely those of the chosen
    kind (002 Jinnie Fay R1); what the creating effect says about their status (tapped,
    attacking) still applies, as the creating step keeps it."""

    def __init__(self, *tokens):
        self.tokens = tuple(tokens)


def start(game, creator: int, n: int) -> dict:
    """The replacement of one token-creation event, as progress kept by the creating step:
    `n` the number of tokens it creates now, `token` the name of the kind they are instead
    (None: the kind the effect names), `ask` the Jinnie Fays still to ask."""
    doublings = statics_with_rule(game, TwiceAsManyTokens, creator)
    insteads = statics_with_rule(game, InsteadCreate, creator)
    n = n * 2 ** len(doublings)
    return {"n": n, "token": None, "ask": [e for e, _, _ in insteads] if n else [], "yes": False}


def next_choice(game, creator: int, st: dict, name: str):
    """The next decision of this event's replacement (None once settled): for each
    'you may instead create', whether to (a 'may'), then which kind of token."""
    while st["ask"]:
        src = st["ask"][0]
        rule = _instead(game, src)
        if rule is None:                # (it left the battlefield meanwhile: nothing to ask)
            st["ask"].pop(0)
            continue
        if not st["yes"]:
            return Decision("may", creator, [True, False], 1, 1,
                            f"create {game.name(src)}'s tokens instead of {st['n']} {st['token'] or name}?",
                            data={"what": "instead_create"})
        opts = list(rule.tokens)
        return Decision("name", creator, opts, 1, 1, "create which tokens instead?",
                        data={"what": "instead_create", **(only(opts[0]) if len(opts) == 1 else {})})
    return None


def answer(game, st: dict, decision, ans) -> None:
    if decision.kind == "may":
        if yes_no(ans):
            st["yes"] = True
        else:
            st["ask"].pop(0)
        return
    a = ans[0] if isinstance(ans, (list, tuple)) and len(ans) == 1 else ans
    if a not in decision.options:
        raise IllegalAction(f"create one of {decision.options} instead")
    st["token"] = a
    st["ask"].pop(0)
    st["yes"] = False


def start_each(game, counts: dict) -> dict:
    """Several players creating tokens in one effect ('for each of those permanents, its
    controller creates ...'): one creation event per player, each replaced by the effects
    that apply to that player (111.1: the player who creates them), in APNAP order (101.4)
    for their choices. `counts`: player -> number of tokens."""
    order = [p for p in game.apnap() if counts.get(p)]
    return {"events": [[p, start(game, p, counts[p])] for p in order], "i": 0}


def next_each_choice(game, st: dict, name: str):
    """The next decision among the events of `start_each` (None once all are settled)."""
    evs = st["events"]
    while st["i"] < len(evs):
        p, rep = evs[st["i"]]
        d = next_choice(game, p, rep, name)
        if d is not None:
            return d
        st["i"] += 1
    return None


def answer_each(game, st: dict, decision, ans) -> None:
    answer(game, st["events"][st["i"]][1], decision, ans)


def _instead(game, src):
    for e, _, ab in statics_with_rule(game, InsteadCreate):
        if e == src:
            return next(r for r in ab.rules if isinstance(r, InsteadCreate))
    return None


def counters_placed(game, eid: int, n: int) -> int:
    """How many counters an effect puts on the permanent `eid` when it would put `n`
    (Doubling Season: 'a permanent you control')."""
    b = game.board
    if n <= 0 or (b is not None and not b.statics):
        return n                        # (no static ability: the index, if current, says so)
    return counters_entering(game, game.chars(eid).controller, n)


def counters_entering(game, controller: int, n: int) -> int:
    """How many counters a permanent entering under `controller`'s control enters with
    when it would enter with `n` (an 'enters with' replacement or a planeswalker's loyalty,
    306.5b): Doubling Season doubles those too."""
    if n <= 0:
        return n
    return n * 2 ** len(statics_with_rule(game, TwiceAsManyCounters, controller))
