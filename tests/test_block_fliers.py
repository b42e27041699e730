"""Block candidates of attackers whose only evasion is flying (509.1b, 702.9b): the
creatures with flying or reach, read once per blocker instead of asking `block_problem`
for each pair; every other attacker still asks it. Checked against `block_problem` for
every pair through random sample-deck games."""
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems import combat
from mtg_ecs.systems.board import board
from sample_games import decisions


def _blocking(p1_battlefield):
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Serra Angel", "id": "angel"}, {"card": "Wind Drake", "id": "drake"},
                         {"card": "Canyon Minotaur", "id": "m"}]},
        {"battlefield": p1_battlefield}]})
    e = {k: g.card_entity[v] for k, v in h.items()}
    while g.pending.kind == "priority":
        g.decide(Pass())
    g.decide({e["angel"]: PlayerRef(1), e["drake"]: PlayerRef(1), e["m"]: PlayerRef(1)})
    while g.pending.kind == "priority":
        g.decide(Pass())
    assert g.pending.kind == "blockers"
    return g, e


def test_fliers_are_blocked_by_flying_or_reach_without_asking_each_pair(monkeypatch):
    g, e = _blocking([{"card": "Deadly Recluse", "id": "spider"}, {"card": "Wind Drake", "id": "d1"},
                      {"card": "Canyon Minotaur", "id": "m1"}])
    monkeypatch.setattr(combat, "can_block", lambda *a: (_ for _ in ()).throw(AssertionError))
    cands = combat.block_candidates(g, 1)
    both = [e["angel"], e["drake"], e["m"]]
    assert cands == {e["spider"]: both, e["d1"]: both, e["m1"]: [e["m"]]}


def test_candidates_equal_block_problem_through_sample_games():
    seen = fliers = 0
    for g in decisions(range(8), second=50):
        d = g.pending
        if d.kind == "blockers":
            attacking = [a for a in g.permanents_with(combat.Attacking)
                         if combat.attacked_player(g, a) == d.player]
            fliers += sum(1 for a in attacking if g.chars(a).has("flying"))
            cands = combat.block_candidates(g, d.player)
            for b in board(g).creatures.get(d.player, ()):
                if combat.blocker_problem(g, b, d.player) is None:
                    assert cands.get(b, []) == [
                        a for a in attacking if combat.block_problem(g, b, a) is None]
                    seen += 1
    assert seen > 20 and fliers > 5
