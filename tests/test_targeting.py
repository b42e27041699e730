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


def test_a_cant_be_targeted_ability_is_read_with_the_board_index_current():
    # 115.4: Gaea's Revenge can't be the target of nongreen spells; the index lists its
    # rule-changing static ability, so the check of its abilities isn't skipped
    from mtg_ecs.systems.board import board
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Gaea's Revenge", "id": "gr"}, {"card": "Arbor Elf", "id": "elf"}]},
        {"hand": [{"card": "Lightning Bolt", "id": "bolt"}]}], "turn": {"step": "main1"}})
    gr, elf, bolt = (g.card_entity[h[k]] for k in ("gr", "elf", "bolt"))
    assert board(g).rule_statics and g.board is not None
    red = T.TargetContext(1, bolt, g.chars(bolt), True)
    green = T.TargetContext(0, elf, g.chars(elf), False)
    assert not T.targetable_by(g, gr, g.chars(gr), red)
    assert T.targetable_by(g, gr, g.chars(gr), green)
    assert T.candidates(g, T.creature(), red) == [elf]
    assert T.candidates(g, T.creature(), green) == [gr, elf]


def test_targetability_with_the_board_index_is_the_full_check_through_sample_games():
    """`targetable_by` skips the permanent's abilities when the current board index lists
    no rule-changing static ability: the same answers as reading them (no index), for
    every permanent and source through sample-deck games."""
    import os
    import sys
    from mtg_ecs.apps.agents import RandomAgent
    from mtg_ecs.systems.board import board
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
    from search_figures import mid_game
    compared = skipped = 0
    for seed in (1, 2, 3):
        g = mid_game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        while g.pending is not None and g.turn < 16:
            if g.pending.kind == "priority":
                b = board(g)
                skipped += not b.rule_statics
                for t in g.battlefield:
                    c = g.chars(t)
                    for s in g.battlefield:
                        for p in (0, 1):
                            for is_spell in (True, False):
                                tc = T.TargetContext(p, s, g.chars(s), is_spell)
                                fast = T.targetable_by(g, t, c, tc)
                                g.board = None
                                assert T.targetable_by(g, t, c, tc) == fast
                                g.board = b
                                compared += 1
            g.decide(agents[g.pending.player].act(g, g.pending))
        g.close()
    assert compared > 5000 and skipped > 50


def test_a_creature_without_keywords_is_no_candidate_under_autumns_veil():
    # Autumn's Veil (a restriction on its caster's creatures this turn, not a keyword):
    # a blue spell has no candidate among them; a green ability still has them
    from mtg_ecs import Cast, Pass
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Forest"] * 2 + [{"card": "Centaur Courser", "id": "cc"}],
         "hand": [{"card": "Autumn's Veil", "id": "veil"}]},
        {"battlefield": ["Island"], "hand": [{"card": "Unsummon", "id": "un"}]}],
        "turn": {"step": "main1"}})
    cc, veil, un = (g.card_entity[h[k]] for k in ("cc", "veil", "un"))
    g.decide(Cast(veil))
    g.decide(Pass())
    g.decide(Pass())
    assert g.player_restrictions and not g.phased_out and not g.chars(cc).keywords
    blue = T.TargetContext(1, un, g.chars(un), True)
    assert T.candidates(g, T.creature(), blue) == []
    assert not T.has_candidates(g, T.creature(), blue, 1)
    green = T.TargetContext(0, cc, g.chars(cc), False)
    assert T.candidates(g, T.creature(), green) == [cc]


def test_a_cant_be_targeted_ability_without_keywords_is_read():
    # 115.4: a creature with no keyword whose static ability forbids the targeting is no
    # candidate (the index lists that rule-changing ability)
    from mtg_ecs.components.definitions import make_card, StaticAbility
    ward = make_card("Test Warded", "{G}", "Creature — Elf", pt=(1, 1), abilities=[
        StaticAbility(rules=(T.CantBeTargetedBy(T.NONGREEN),), text="can't be the target of nongreen")])
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Test Warded", "id": "w"}, {"card": "Arbor Elf", "id": "elf"}]},
        {"hand": [{"card": "Lightning Bolt", "id": "bolt"}]}], "turn": {"step": "main1"}},
        defs={"Test Warded": ward})
    w, elf, bolt = (g.card_entity[h[k]] for k in ("w", "elf", "bolt"))
    assert not g.chars(w).keywords
    red = T.TargetContext(1, bolt, g.chars(bolt), True)
    assert T.candidates(g, T.creature(), red) == [elf]


def test_an_answer_is_checked_unless_it_is_one_of_the_targets_offered():
    # the targets offered are legal ones, so choosing one needs no second check; a number
    # equal to an object offered is no object id, so no target (115.1)
    import pytest
    from mtg_ecs import Cast
    from mtg_ecs.core.decisions import IllegalAction
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Arbor Elf", "id": "elf"}, {"card": "Mountain", "id": "m"}],
         "hand": [{"card": "Lightning Bolt", "id": "bolt"}]}, {}], "turn": {"step": "main1"}})
    elf, m, bolt = (g.card_entity[h[k]] for k in ("elf", "m", "bolt"))
    g.decide(Cast(bolt))
    d = g.pending
    assert d.kind == "targets" and elf in d.options and float(elf) in d.options
    for bad in ([float(elf)], [m], [elf, elf]):
        with pytest.raises(IllegalAction):
            g.decide(bad)
        assert g.pending is d
    g.decide([PlayerRef(1)])
    assert g.pending.kind == "priority" and len(g.stack) == 1


def test_an_auras_target_phrase_is_made_once_per_card():
    # 303.4a: an Aura spell targets what its enchant ability allows; the phrase depends on
    # the card alone, so each card makes it once (an unsupported quality is refused each time)
    import pytest
    from mtg_ecs.cards import get_card
    from mtg_ecs.components.definitions import make_card
    from mtg_ecs.core.decisions import IllegalAction
    from mtg_ecs.systems.casting import aura_target
    cage = get_card("Ice Cage")
    spec = aura_target(cage)
    assert spec.text == "enchant creature" and spec.kinds == frozenset({"creature"})
    assert aura_target(cage) is spec
    odd = make_card("Test Odd Aura", "{W}", "Enchantment — Aura", keywords=["enchant wizard"])
    for _ in range(2):
        with pytest.raises(IllegalAction):
            aura_target(odd)
    assert aura_target(get_card("Forest")) is None


def _declared_subtype_filters():
    """(card name, target spec) of every registered card whose target filter is declared
    by `subtype_filter`."""
    from mtg_ecs.cards import all_cards, get_card
    out = []
    for name in all_cards():
        d = get_card(name)
        for ab in (d.spell,) + tuple(d.abilities):
            for spec in getattr(ab, "targets", None) or ():
                if getattr(spec.filter, "subtype", None) is not None:
                    out.append((name, spec))
    return out


def test_each_subtype_filter_declared_is_its_function():
    """`subtype_filter(s, fn)`: `fn` answers exactly `s in chars.subtypes`, for permanents
    with and without the subtype (a Forest, an Island, Merfolk and other creatures)."""
    specs = _declared_subtype_filters()
    assert {n for n, _ in specs} >= {"Arbor Elf", "Awakener Druid", "Merfolk Sovereign"}
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Forest", "id": "f"}, {"card": "Island", "id": "i"},
                         {"card": "Merfolk Sovereign", "id": "m"}, {"card": "Arbor Elf", "id": "e"}]},
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "c"}, {"card": "Canyon Minotaur", "id": "b"}]}], "turn": {"step": "main1"}})
    tc = T.TargetContext(0, g.card_entity[h["e"]], g.chars(g.card_entity[h["e"]]), False)
    for name, spec in specs:
        for t in g.battlefield:
            assert spec.filter(g, t, tc) == (spec.filter.subtype in g.chars(t).subtypes), (name, t)


def test_a_declared_subtype_filter_is_not_called_for_candidates():
    """Arbor Elf's 'target Forest' (a filter declared by `subtype_filter`): the candidates
    are found from the permanents' characteristics, the filter not called for a permanent
    without keywords, and are those the filter gives, through sample-deck games."""
    import os
    import sys
    from mtg_ecs.apps.agents import RandomAgent
    from mtg_ecs.cards import get_card
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
    from search_figures import mid_game
    declared = get_card("Arbor Elf").abilities[0].targets[0]
    assert declared.filter.subtype == "Forest"
    calls = []
    fn = declared.filter

    def counted(g, t, tc):
        calls.append(t)
        return fn(g, t, tc)
    plain = T.target("target Forest", "permanent", filter=counted)
    watched = T.target("target Forest", "permanent", filter=T.subtype_filter("Forest", counted))
    compared = 0
    for seed in (1, 2):
        g = mid_game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        while g.pending is not None and g.turn < 14:
            if g.pending.kind == "priority":
                for p in (0, 1):
                    tc = T.TargetContext(p, None, None, False)
                    del calls[:]
                    fast = T.candidates(g, watched, tc)
                    if g.board is not None and not g.board.rule_statics:
                        # the declaration read, not the filter (but for a permanent with
                        # keywords, checked in full: hexproof, protection)
                        assert all(g.chars(t).keywords for t in calls)
                    assert fast == T.candidates(g, plain, tc) == T.candidates(g, declared, tc)
                    compared += 1
            g.decide(agents[g.pending.player].act(g, g.pending))
        g.close()
    assert compared > 50
