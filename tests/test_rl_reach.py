"""Every legal answer is reachable through the steps of mtg_ecs.rl (issue 17, item 3):
a creature that blocks several attackers (509.1a), the bottom order of a scry (701.22a),
options past a page's slots (the `page` verb), and, over random games of the sample
decks and of random decks of every card, every legal engine answer of the small
decisions (docs/rl.md)."""
from __future__ import annotations

import itertools
import random

from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent, useful_actions
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.components import Blocking, Spell
from mtg_ecs.components.definitions import SpellAbility, StaticAbility, make_card
from mtg_ecs.core.decisions import IllegalAction, Pass, PlayerRef
from mtg_ecs.rl import actions as acts
from mtg_ecs.rl.encoding import STEP_FEATURES, object_rows
from mtg_ecs.rl.table import Table
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.library import Scry

SAMPLES = ("green-red-beasts", "esper-fliers", "obscura-connive", "riveteers-casualty")
PAGE = STEP_FEATURES.index("page")


def _setup(setup, defs=None):
    game, h = Game.from_setup(setup, defs=defs or {})
    return game, (lambda k: game.card_entity[h[k]])


def _step_to(t, verb, index):
    """Take choice (verb, index) through the Discrete form, turning pages until it shows."""
    size = acts.VERB_SIZE[verb]
    a = acts.action(verb, index % size)
    for _ in range(index // size + 1):
        if t.observe(t.current_player)["step"][PAGE] == index // size:
            assert a in t.legal_actions()
            t.step(a)
            return
        t.step(acts.action("page"))
    raise AssertionError(f"{verb} {index} is on no page")


def _pass_until(game, kind):
    while game.pending.kind != kind:
        game.decide(Pass())


# -- a creature that blocks several attackers (509.1a) ----------------------------------
def _blocks(attackers, defs=None):
    game, e = _setup({"players": [
        {"battlefield": [{"card": a, "id": f"a{i}"} for i, a in enumerate(attackers)]},
        {"battlefield": [{"card": "Palace Guard", "id": "pg"}]}]}, defs)
    _pass_until(game, "attackers")
    game.decide({e(f"a{i}"): PlayerRef(1) for i in range(len(attackers))})
    _pass_until(game, "blockers")
    return Table.from_game(game), e


def test_a_creature_that_can_block_any_number_blocks_each_further_attacker_step_by_step():
    t, e = _blocks(["Relentless Rats", "Centaur Courser", "Relentless Rats"])
    d = t.game.pending
    slot = {a: i for i, a in enumerate(sorted((e(f"a{i}") for i in range(3)),
                                              key=t.game.battlefield.index))}
    t.step(acts.action("block", slot[e("a2")]))
    assert t.game.pending is d                      # it may block another
    assert acts.action("done") in t.legal_actions()
    assert acts.action("block", slot[e("a2")]) not in t.legal_actions()
    t.step(acts.action("block", slot[e("a0")]))
    t.step(acts.action("done"))
    assert t.game.pending is not d and t.refusals == 0
    assert set(t.game.world.get(e("pg"), Blocking).attackers) == {e("a2"), e("a0")}


def test_the_mask_keeps_a_block_of_several_legal():
    """509.1c: attackers every able creature must block: Palace Guard blocks both, so
    neither 'no block' nor 'done' after one is offered."""
    lure = make_card("Test Lure", "{1}", "Creature — Test", pt=(2, 2), abilities=[
        StaticAbility(continuous=(st.rule_flag(st.this_object(), "must_be_blocked_by_all"),),
                      text="All creatures able to block Test Lure do so.")])
    t, e = _blocks(["Test Lure", "Test Lure"], {"Test Lure": lure})
    assert acts.action("no_block") not in t.legal_actions()
    t.step(t.legal_actions()[0])
    assert [acts.decode(a)[0] for a in t.legal_actions()] == ["block"]
    t.step(t.legal_actions()[0])
    assert t.game.pending.kind != "blockers" and t.refusals == 0
    assert len(t.game.world.get(e("pg"), Blocking).attackers) == 2


# -- scry: the bottom in any order (701.22a) -----------------------------------------------
def test_scry_puts_the_cards_on_the_bottom_in_the_order_chosen():
    scry3 = make_card("Test Scry", "{U}", "Sorcery",
                      spell=SpellAbility(effects=(Scry(3),), text="Scry 3."))
    game, e = _setup({"players": [
        {"hand": [{"card": "Test Scry", "id": "s"}], "mana": {"U": 1},
         "library": [{"card": n} for n in ("Forest", "Island", "Mountain", "Plains", "Swamp")]},
        {}]}, {"Test Scry": scry3})
    t = Table.from_game(game)
    t.step(acts.action("cast", t.game.players[0].hand.index(e("s"))))
    while t.game.pending.kind != "scry":
        t.step(acts.action("pass"))
    d = t.game.pending
    o = list(d.options)
    t.step(acts.action("done"))                     # none on top
    assert t.game.pending is d
    assert t.legal_actions() == [acts.action("option", i) for i in range(3)]
    t.step(acts.action("option", 2))                # o[2] the highest of the bottom ones
    t.step(acts.action("option", 0))                # o[0], then o[1] by itself
    assert t.game.pending is not d and t.refusals == 0
    assert t.game.players[0].library[:3] == [o[1], o[0], o[2]]      # the bottom first


# -- options past a page's slots ----------------------------------------------------------
def _bolt_among(creatures):
    """A Table at the targets of Lightning Bolt, the opponent controlling `creatures`."""
    game, _ = _setup({"players": [
        {"hand": [{"card": "Lightning Bolt"}], "mana": {"R": 1}},
        {"battlefield": [{"card": "Relentless Rats", "count": creatures}]}]})
    t = Table.from_game(game)
    t.step(acts.action("cast", 0))
    return t


def test_a_target_past_the_options_first_page_is_reached_by_turning_the_page():
    t = _bolt_among(70)
    d = t.game.pending
    assert d.kind == "targets" and len(d.options) > acts.MAX_OPTIONS
    last = d.options[-1]
    _step_to(t, "option", len(d.options) - 1)
    assert t.game.pending is not d and t.refusals == 0
    assert t.game.world.get(t.game.stack[-1], Spell).targets == ((last,),)


def test_x_past_the_values_first_page_is_reached():
    game, _ = _setup({"players": [{"hand": [{"card": "Fireball"}], "mana": {"R": 41}}, {}]})
    t = Table.from_game(game)
    t.step(acts.action("cast", 0))
    assert t.game.pending.kind == "x" and max(t.game.pending.options) == 40
    _step_to(t, "value", 40)
    while not t.over:
        t.step(t.legal_actions()[-1] if t.game.pending.kind == "targets" else
               acts.action("pass"))
    assert t.game.players[1].life == 20 - 40


def test_pages_show_every_choice_once():
    t = _bolt_among(150)
    last = t.game.pending.options[-1]
    n = len(t.game.pending.options)
    pages = -(-n // acts.MAX_OPTIONS)
    seen = []
    for p in range(pages):
        obs = t.observe(0)["step"]
        assert (obs[PAGE], obs[PAGE + 1]) == (p, pages)
        seen += [acts.decode(a) for a in t.legal_actions() if a != acts.action("page")]
        t.step(acts.action("page"))
    assert t.observe(0)["step"][PAGE] == 0          # wrapped round
    assert sorted(s for _, s in seen) == sorted(list(range(acts.MAX_OPTIONS)) * (pages - 1)
                                                + list(range(n - acts.MAX_OPTIONS * (pages - 1))))
    assert len(t.pointer_options()) == n            # the pointer form: every option at once
    t.step_pointer(n - 1)
    assert t.game.world.get(t.game.stack[-1], Spell).targets == ((last,),)


# -- every legal answer of small decisions, over random games -------------------------------
def _norm(a):
    if isinstance(a, dict):
        return frozenset((k, _norm(v)) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return tuple(a)
    return a


LIMIT = 48          # candidate answers tried against the engine, per decision


def _candidates(game, d) -> list | None:
    """Every answer of decision `d` worth trying (None: too many to enumerate)."""
    k, opts = d.kind, list(d.options)
    if k == "may":
        return [True, False]
    if k == "mulligan":
        return ["keep", "mulligan"]
    if k == "name":
        return [[n] for n in opts]
    if k in acts.ONE_OF:
        return opts
    if k in ("attackers", "blockers"):
        per = []
        for creature, xs in opts:
            choices = [None] + list(xs)
            if k == "blockers" and "block_any_number" in game.chars(creature).flags:
                choices += [list(c) for n in range(2, len(xs) + 1)
                            for c in itertools.combinations(xs, n)]
            per.append([(creature, x) for x in choices])
        if _product(map(len, per)) > LIMIT:
            return None
        return [{c: x for c, x in combo if x is not None} for combo in itertools.product(*per)]
    if k in ("trigger_order", "blocker_order", "scry", "look_order"):
        if len(opts) > 3:
            return None
        orders = list(itertools.permutations(range(len(opts))))
        if k == "trigger_order":
            return [list(o) for o in orders]
        cards = [[opts[i] for i in o] for o in orders]
        if k == "blocker_order":
            return cards
        if k == "look_order":
            return [{"top": c} for c in cards]
        if d.data.get("warp_bottom"):
            return [{"top": [], "bottom": c} for c in cards]
        return [{"top": c[:n], "bottom": c[n:]} for c in cards for n in range(len(c) + 1)]
    if k in ("damage_assignment", "divide"):
        total = d.data["total"]
        if total > 6 or len(opts) > 3:
            return None
        splits = [c for c in itertools.product(range(total + 1), repeat=len(opts))
                  if sum(c) == total]
        return [{o: n for o, n in zip(opts, c) if n or k == "damage_assignment"}
                for c in splits]
    if k in acts.UNITS or k == "priority":
        return None
    sizes = range(d.min, min(d.max, len(opts)) + 1)
    out = [list(p) for n in sizes for p in itertools.permutations(opts, n)]
    return out if len(out) <= LIMIT else None


def _product(xs) -> int:
    n = 1
    for x in xs:
        n *= x
    return n


def _accepted(game, answer) -> bool:
    try:
        game.clone().decide(answer)
        return True
    except IllegalAction:
        return False


def _reachable(make) -> set:
    """The answers the steps of a fresh builder (`make()`) reach, every choice on every
    page; each page's actions stand for the choices on it."""
    out, todo = set(), [()]
    while todo:
        prefix = todo.pop()
        b = make()
        answer = None
        for key in prefix:
            answer = b.take(key)
        if prefix and answer is not None:
            out.add(_norm(answer))
            continue
        items = b.items()
        shown = []
        for _ in range(b.pages):
            shown += [key for key in b.choices().values() if key is not None]
            b.turn_page()
        assert sorted(shown, key=repr) == sorted(items, key=repr)
        todo += [prefix + (key,) for key in items]
    return out


def _check_every_answer(g, k, checked: dict) -> None:
    """Play game `g` with random agents, checking each decision's answers (above)."""
    agents = [RandomAgent(k), RandomAgent(k + 1)]
    while g.pending is not None and not g.over:
        d = g.pending
        view = g.view(d.player)
        rows = object_rows(view)
        if d.kind == "priority":
            offered = useful_actions(view, d)
            b = acts.builder(view, d, rows, offered)
            assert sorted(map(repr, b.items().values())) == sorted(map(repr, offered))
        else:
            cands = _candidates(g, d)
            if cands is not None:
                legal = {_norm(a) for a in cands if _accepted(g, a)}
                reached = _reachable(lambda: acts.builder(view, d, rows))
                assert legal <= reached, (d.kind, legal - reached)
                checked[d.kind] = checked.get(d.kind, 0) + 1
        g.decide(agents[d.player].act(view, d))


def test_every_legal_answer_of_small_decisions_is_reachable_in_random_games():
    checked = {}
    for k in range(8):
        decks = [load_deck(SAMPLES[k % 4]).cards, load_deck(SAMPLES[(k + 1 + k // 4) % 4]).cards]
        _check_every_answer(Game.new(decks, seed=100 + k, log=False, auto_pass=True), k, checked)
    assert {"attackers", "blockers", "targets", "mulligan"} <= set(checked), checked


def test_every_legal_answer_is_reachable_with_random_decks_of_every_card():
    """The rarer decisions (scry, divide, damage assignment, name, modes, ...)."""
    from mtg_ecs.cards import all_cards, get_card
    spells = [n for n in all_cards() if "Land" not in get_card(n).types]
    basics = ["Forest", "Mountain", "Island", "Plains", "Swamp"]
    checked = {}
    for k in range(20):
        r = random.Random(k)
        decks = [[r.choice(spells) for _ in range(36)] + [r.choice(basics) for _ in range(24)]
                 for _ in range(2)]
        _check_every_answer(Game.new(decks, seed=k, log=False, auto_pass=True, turn_limit=25),
                            k, checked)
    assert {"scry", "divide", "damage_assignment", "modes", "name"} <= set(checked), checked
