"""`legal_declaration` and the engine's check of an attack or block declaration skip the
restrictions and requirements on the whole declaration (508.1c-d, 509.1b-c) only where the
task asking it (or `legal_declaration`) found none for that very decision, nothing changed
since (`Game.declaration_plain`, systems/combat.py `_plain`): a stale or foreign finding
is never trusted."""
from __future__ import annotations

import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.components.definitions import make_card
from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.systems import combat

BEAR = make_card("Test Bear", "{1}", "Creature — Test", pt=(2, 2))


def _blocks(attack):
    """A duel at p1's block declaration, p0 attacking with every creature of `attack`."""
    lib = ["Island"] * 8
    g, _ = Game.from_setup({"format": "duel", "players": [
        {"battlefield": list(attack), "library": lib},
        {"battlefield": ["Test Bear", "Test Bear"], "library": lib}]}, defs={"Test Bear": BEAR})
    while g.pending.kind == "priority":
        g.decide(Pass())
    d = g.pending
    assert d.kind == "attackers"
    g.decide({a: ds[0] for a, ds in d.options})
    while g.pending.kind == "priority":
        g.decide(Pass())
    assert g.pending.kind == "blockers"
    return g


def _one_block(d):
    b, ats = d.options[0]
    return {b: ats[0]}


def _counting(monkeypatch):
    seen = []
    real = combat._block_restriction_problem
    monkeypatch.setattr(combat, "_block_restriction_problem",
                        lambda game, plan: seen.append(plan) or real(game, plan))
    return seen


def test_a_plain_declaration_is_checked_creature_by_creature(monkeypatch):
    g = _blocks(["Test Bear", "Test Bear"])
    d = g.pending
    assert g.declaration_plain == (d, g.cversion, g.bversion)     # (found as it was asked)
    ans = _one_block(d)
    seen = _counting(monkeypatch)
    assert g.legal_declaration(d, ans) == ans
    g.decide(ans)
    assert seen == []                   # (the restrictions on the whole: found none before)


def test_an_attack_found_plain_as_it_is_asked():
    g, _ = Game.from_setup({"format": "duel", "players": [
        {"battlefield": ["Test Bear"], "library": ["Island"] * 8},
        {"library": ["Island"] * 8}]}, defs={"Test Bear": BEAR})
    while g.pending.kind == "priority":
        g.decide(Pass())
    assert combat._plain(g, g.pending)


def test_menace_is_checked_where_nothing_was_found_plain():
    g = _blocks(["Sanguine Spy"])       # menace (702.111b)
    d = g.pending
    ans = _one_block(d)
    assert not combat._plain(g, d)
    assert g.legal_declaration(d, ans) != ans
    assert not combat._plain(g, d)
    with pytest.raises(IllegalAction):
        g.decide(ans)


@pytest.mark.parametrize("stale", ["cversion", "bversion", "decision"])
def test_a_stale_or_foreign_finding_is_not_trusted(stale):
    g = _blocks(["Sanguine Spy"])
    d = g.pending
    other = _blocks(["Sanguine Spy"]).pending
    g.declaration_plain = (other if stale == "decision" else d,
                           g.cversion - (stale == "cversion"), g.bversion - (stale == "bversion"))
    with pytest.raises(IllegalAction):
        g.decide(_one_block(d))         # one blocker for an attacker with menace


def test_a_clone_finds_its_own():
    g = _blocks(["Test Bear"])
    c = g.clone()
    assert combat._plain(g, g.pending) and c.declaration_plain is None
    d = c.pending
    assert c.legal_declaration(d, _one_block(d)) == _one_block(d)
    assert combat._plain(c, d)
    c.decide(_one_block(d))
