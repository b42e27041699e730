"""Target candidates on the battlefield (CR 115.1, 115.4): the permanents of the kinds a
phrase names, none with hexproof against an opponent (702.11b) or phased out (702.26b),
the phrase's filter applied; the same as a check of each choice (`is_legal`)."""
from mtg_ecs import Game
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems import targeting as T


def _board():
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Arbor Elf", "id": "elf"}, {"card": "Forest", "id": "forest"}]},
        {"battlefield": [{"card": "Primal Huntbeast", "id": "beast"},
                         {"card": "Garruk, Primal Hunter", "id": "garruk"},
                         {"card": "Island", "id": "island"}]}], "turn": {"step": "main1"}})
    return g, {k: g.card_entity[v] for k, v in h.items()}


def test_candidates_are_the_permanents_of_the_kinds_named():
    g, e = _board()
    tc = T.TargetContext(0, e["elf"], g.chars(e["elf"]), True)
    expect = {
        T.any_target(): [e["elf"], e["garruk"], PlayerRef(0), PlayerRef(1)],
        T.creature(): [e["elf"]],                               # the Huntbeast: hexproof
        T.target("target land", "land"): [e["forest"], e["island"]],
        T.target("target permanent", "permanent"): [e["elf"], e["forest"], e["garruk"], e["island"]],
        T.target("target artifact", "artifact"): [],
        T.target("target Forest", "permanent",
                 filter=lambda g, t, tc: "Forest" in g.chars(t).subtypes): [e["forest"]],
    }
    for spec, want in expect.items():
        got = T.candidates(g, spec, tc)
        assert sorted(got, key=repr) == sorted(want, key=repr), spec.text
        assert [t for t in got if not isinstance(t, PlayerRef)] == \
            [t for t in g.battlefield if T.is_legal(g, spec, t, tc)], spec.text
        assert T.has_candidates(g, spec, tc, len(want)) and not T.has_candidates(g, spec, tc, len(want) + 1)


def test_a_phased_out_permanent_is_no_candidate():
    from mtg_ecs.systems.phasing import phase_out
    g, e = _board()
    tc = T.TargetContext(0, e["elf"], g.chars(e["elf"]), True)
    phase_out(g, [e["forest"]])
    assert T.candidates(g, T.target("target land", "land"), tc) == [e["island"]]
    assert not T.is_legal(g, T.target("target land", "land"), e["forest"], tc)
