"""The layer cache patched for one object entering or leaving the battlefield, or for
the objects an effect locked to them begins or ends to apply to, while continuous
effects exist (`layers.local_plan`, `one_object`, `effects_changed`,
`Game.zones_changed`): the same characteristics as a full layer pass (CR 613), and a
full pass whenever another object's characteristics may depend on the change (a lord
leaving, an effect that counts, an Aura entering, an ability gained)."""
import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.apps.fuzz import check_chars
from mtg_ecs.components.definitions import make_card, StaticAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import layers, sba, zones
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.board import Board, board
from mtg_ecs.systems.layers import CE, L_7B, L_7C, L_ABILITY, writes
from sample_games import decisions

WITHER = make_card("Test Withering Field", "{2}{B}", "Enchantment",
                   abilities=[StaticAbility(continuous=(st.modify_pt(st.all_creatures(), -1, -1),),
                                            text="All creatures get -1/-1.")])

SPARK = StaticAbility(continuous=(st.modify_pt(st.this_object(), 1, 0),), text="~ gets +1/+0.")


@pytest.fixture
def passes(monkeypatch):
    """The full layer passes and board-index builds made (compute_battlefield, Board)."""
    made = {"layers": 0, "board": 0}
    full = layers.compute_battlefield
    build = Board.__init__

    def counted(g):
        made["layers"] += 1
        return full(g)

    def counted_board(self, g, key):
        made["board"] += 1
        build(self, g, key)
    monkeypatch.setattr(layers, "compute_battlefield", counted)
    monkeypatch.setattr(Board, "__init__", counted_board)
    return made


def _game(mine, hand=(), theirs=(), turn=None):
    setup = {"players": [{"battlefield": list(mine), "hand": list(hand), "library": ["Island"] * 3},
                         {"battlefield": list(theirs), "library": ["Island"] * 3}]}
    if turn is not None:
        setup["turn"] = turn
    g, h = Game.from_setup(setup, defs={WITHER.name: WITHER, MERFOLK_ALL.name: MERFOLK_ALL})
    return g, {k: g.card_entity[v] for k, v in h.items()}


def _pt(g, e):
    c = g.chars(e)
    return c.power, c.toughness


def test_a_creature_entering_under_an_anthem_is_patched_in(passes):
    """Master of the Pearl Trident (other Merfolk you control +1/+1 and islandwalk): a
    Merfolk entering gets both, a Forest entering nothing, without a layer pass or a new
    board index; the others keep theirs (an opponent's Merfolk never had them)."""
    g, e = _game([{"card": "Master of the Pearl Trident", "id": "m"},
                  {"card": "Scroll Thief", "id": "a"}],
                 hand=[{"card": "Scroll Thief", "id": "b"}, {"card": "Forest", "id": "f"}],
                 theirs=[{"card": "Scroll Thief", "id": "o"}])
    g.all_chars()
    assert g.layer_plan and _pt(g, e["a"]) == (2, 4) and _pt(g, e["o"]) == (1, 3)
    from mtg_ecs.systems.board import board
    board(g)
    passes.update(layers=0, board=0)
    b = zones.put_onto_battlefield(g, e["b"])
    f = zones.put_onto_battlefield(g, e["f"])
    assert _pt(g, b) == (2, 4) and g.chars(b).params("landwalk") == ["Island"]
    assert not g.chars(f).has("landwalk")
    assert _pt(g, e["a"]) == (2, 4) and _pt(g, e["o"]) == (1, 3) and _pt(g, e["m"]) == (2, 2)
    assert b in board(g).creatures[0]
    assert passes == {"layers": 0, "board": 0}
    assert check_chars(g) == []


def test_a_lord_leaving_ends_its_effects_on_the_objects_they_changed(passes):
    """Its effects end with it (611.3b): the other Merfolk lose +1/+1 and islandwalk, the
    Mark of the Vampire's host keeps its +2/+2; recomputed without a layer pass, and the
    characteristics changed (`cversion`: what was derived from them is stale)."""
    g, e = _game([{"card": "Master of the Pearl Trident", "id": "m"},
                  {"card": "Scroll Thief", "id": "a"}, {"card": "Centaur Courser", "id": "c"},
                  {"card": "Mark of the Vampire", "attached_to": "c"}])
    assert _pt(g, e["a"]) == (2, 4) and _pt(g, e["c"]) == (5, 5)
    board(g)
    passes.update(layers=0, board=0)
    version = g.cversion
    zones.move(g, e["m"], "graveyard")
    assert _pt(g, e["a"]) == (1, 3) and not g.chars(e["a"]).has("landwalk")
    assert _pt(g, e["c"]) == (5, 5) and g.cversion > version
    assert passes == {"layers": 0, "board": 0} and check_chars(g) == []


def test_a_lord_entering_is_patched_in(passes):
    """Master of the Pearl Trident's effects may apply to any Merfolk (not one object
    named): every permanent is recomputed under the new plan, without a layer pass or a
    new board index; the Merfolk its controller controls get +1/+1 and islandwalk, an
    opponent's doesn't, the lord itself doesn't ('other'); as a full pass gives."""
    g, e = _game([{"card": "Scroll Thief", "id": "a"}, {"card": "Forest", "id": "f"}],
                 hand=[{"card": "Master of the Pearl Trident", "id": "m"}],
                 theirs=[{"card": "Scroll Thief", "id": "o"}])
    assert _pt(g, e["a"]) == (1, 3)
    b = board(g)
    passes.update(layers=0, board=0)
    version = g.cversion
    m = zones.put_onto_battlefield(g, e["m"])
    assert _pt(g, e["a"]) == (2, 4) and g.chars(e["a"]).params("landwalk") == ["Island"]
    assert _pt(g, e["o"]) == (1, 3) and _pt(g, m) == (2, 2) and g.cversion > version
    assert passes == {"layers": 0, "board": 0} and g.board is b   # (patched)
    assert check_chars(g) == []
    kept = g.board
    g.board = None
    assert _index(g, kept) == _index(g, board(g))


MERFOLK_ALL = make_card("Test Merfolk Tide", "{1}{U}", "Enchantment",
                        abilities=[StaticAbility(continuous=(st.add_subtypes(st.all_creatures(), "Merfolk"),),
                                                 text="All creatures are Merfolk.")])


def test_a_lord_entering_recomputes_only_what_its_effects_reach(passes, monkeypatch):
    """Master of the Pearl Trident entering: of the other permanents only those its effects
    apply to (its controller's Merfolk) are recomputed (`layers._reached`), the others
    keep their characteristics; with an effect that changes what its filter reads ('all
    creatures are Merfolk', layer 4: `writes` subtypes) every permanent is, as before. Both
    as a full pass gives."""
    asked = []
    one = layers.one_object
    monkeypatch.setattr(layers, "one_object", lambda game, eid, *a: (asked.append(eid), one(game, eid, *a))[1])
    g, e = _game([{"card": "Scroll Thief", "id": "a"}, {"card": "Centaur Courser", "id": "c"},
                  {"card": "Forest", "id": "f"}],
                 hand=[{"card": "Master of the Pearl Trident", "id": "m"}],
                 theirs=[{"card": "Scroll Thief", "id": "o"}])
    board(g)
    passes.update(layers=0, board=0)
    asked.clear()
    m = zones.put_onto_battlefield(g, e["m"])
    assert sorted(asked) == sorted([m, e["a"]])         # (the lord itself, then its Merfolk)
    assert _pt(g, e["a"]) == (2, 4) and _pt(g, e["c"]) == (3, 3) and _pt(g, e["o"]) == (1, 3)
    assert passes == {"layers": 0, "board": 0} and check_chars(g) == []

    g, e = _game([{"card": MERFOLK_ALL.name, "id": "t"}, {"card": "Centaur Courser", "id": "c"},
                  {"card": "Forest", "id": "f"}],
                 hand=[{"card": "Master of the Pearl Trident", "id": "m"}],
                 theirs=[{"card": "Scroll Thief", "id": "o"}])
    board(g)
    passes.update(layers=0, board=0)
    asked.clear()
    m = zones.put_onto_battlefield(g, e["m"])
    assert set(asked) == {m, e["t"], e["c"], e["f"], e["o"]}
    assert _pt(g, e["c"]) == (4, 4) and _pt(g, e["o"]) == (1, 3)
    assert passes == {"layers": 0, "board": 0} and check_chars(g) == []


def test_a_token_created_is_patched_in(passes):
    """A token created (111.2) enters as a permanent moved onto the battlefield does
    (`Game.create_object`, `Game.zones_changed`): a Merfolk token under Master of the Pearl
    Trident gets +1/+1 and islandwalk, without a layer pass or a new board index; a 1/1
    token under 'all creatures get -1/-1' makes a state-based action check due, and dies."""
    from mtg_ecs.systems.effects import create_token
    merfolk = make_card("Test Merfolk Token", None, "Token Creature — Merfolk", pt=(1, 1))
    g, e = _game([{"card": "Master of the Pearl Trident", "id": "m"},
                  {"card": "Scroll Thief", "id": "a"}])
    assert _pt(g, e["a"]) == (2, 4)
    b = board(g)
    passes.update(layers=0, board=0)
    t = create_token(g, merfolk, 0)
    assert _pt(g, t) == (2, 2) and g.chars(t).params("landwalk") == ["Island"]
    assert t in board(g).creatures[0] and g.board is b
    assert passes == {"layers": 0, "board": 0} and check_chars(g) == []
    g.board = None
    assert _index(g, b) == _index(g, board(g))

    g, e = _game([{"card": WITHER.name, "id": "w"}, {"card": "Centaur Courser", "id": "c"}])
    assert _pt(g, e["c"]) == (2, 2)
    board(g)
    sba.check(g)
    passes.update(layers=0, board=0)
    t = create_token(g, merfolk, 0)
    assert _pt(g, t) == (0, 0) and passes == {"layers": 0, "board": 0} and check_chars(g) == []
    assert sba.due(g) and sba.check(g) and t not in g.battlefield


def test_an_auras_host_leaving_is_patched_out_and_the_aura_then_goes(passes):
    """Mark of the Vampire's host leaves: the others' characteristics stay (patched, no
    pass); the Aura, attached to nothing, goes to the graveyard (704.5m) and takes its
    effect with it (patched: it applied to nothing)."""
    g, e = _game([{"card": "Centaur Courser", "id": "host"}, {"card": "Centaur Courser", "id": "c"},
                  {"card": "Mark of the Vampire", "id": "mark", "attached_to": "host"}])
    assert _pt(g, e["host"]) == (5, 5) and g.layer_plan
    passes["layers"] = 0
    zones.move(g, e["host"], "graveyard")
    assert _pt(g, e["c"]) == (3, 3) and passes["layers"] == 0
    assert check_chars(g) == []                     # (a full pass of its own)
    passes["layers"] = 0
    sba.check(g)
    assert g.zone_of(e["mark"]) is None and passes["layers"] == 0
    assert _pt(g, e["c"]) == (3, 3) and check_chars(g) == []


def test_an_effect_that_counts_other_creatures_makes_a_full_pass(passes):
    """Coat of Arms (each creature +1/+1 for each other creature sharing a type with it)
    reads the whole battlefield: a Merfolk entering changes the other Merfolk's P/T."""
    g, e = _game(["Coat of Arms", {"card": "Scroll Thief", "id": "a"}],
                 hand=[{"card": "Scroll Thief", "id": "b"}])
    assert _pt(g, e["a"]) == (1, 3) and g.layer_plan is None
    b = zones.put_onto_battlefield(g, e["b"])
    assert _pt(g, e["a"]) == (2, 4) and _pt(g, b) == (2, 4) and passes["layers"] == 2


def test_a_creature_entering_under_minus_one_is_seen_by_state_based_actions(passes):
    """All creatures get -1/-1: an Arbor Elf (1/1) enters patched in as 0/0 and the next
    check puts it into the graveyard (704.5f)."""
    g, e = _game([WITHER.name, {"card": "Centaur Courser", "id": "c"}],
                 hand=[{"card": "Arbor Elf", "id": "elf"}])
    assert _pt(g, e["c"]) == (2, 2)
    sba.check(g)
    passes["layers"] = 0
    elf = zones.put_onto_battlefield(g, e["elf"])
    assert _pt(g, elf) == (0, 0) and passes["layers"] == 0
    assert sba.check(g) and g.zone_of(elf) is None and g.zone_of(e["c"]) == "battlefield"


def test_an_aura_entering_recomputes_its_host(passes):
    """Crippling Blight enters attached: its effects (its host -1/-1, can't block) apply
    to the one object it names, recomputed with them (under another's -1/-1) without a
    layer pass; the board index holds the host's new characteristics."""
    g, e = _game([{"card": "Centaur Courser", "id": "c"}, {"card": "Scroll Thief", "id": "t"}],
                 hand=[{"card": "Crippling Blight", "id": "cb"}], theirs=[WITHER.name])
    assert _pt(g, e["c"]) == (2, 2)
    board(g)
    passes.update(layers=0, board=0)
    zones.put_onto_battlefield(g, e["cb"], attach_to=e["c"])
    assert _pt(g, e["c"]) == (1, 1) and "cant_block" in g.chars(e["c"]).flags
    assert _pt(g, e["t"]) == (0, 2) and "cant_block" not in g.chars(e["t"]).flags
    assert board(g).creatures[0] == [e["c"], e["t"]]
    assert passes == {"layers": 0, "board": 0} and check_chars(g) == []


@writes("power", "toughness", alone=True)
def _plus_four(g, ce, ch, allc):
    ch.power += 4
    ch.toughness += 4


def test_an_effect_beginning_and_ending_is_patched_for_its_objects(passes):
    """'+4/+4 until end of turn' locked to one creature (611.2c) under an Aura's effect
    on another: only that creature changes, as the effect begins and as it ends in the
    cleanup step (514.2), without a layer pass; the board index follows."""
    g, e = _game([{"card": "Centaur Courser", "id": "c"}, {"card": "Centaur Courser", "id": "d"},
                  {"card": "Mark of the Vampire", "id": "mark", "attached_to": "d"}],
                 turn={"step": "end"})
    assert _pt(g, e["c"]) == (3, 3) and _pt(g, e["d"]) == (5, 5)
    board(g)
    passes.update(layers=0, board=0)
    fx.add_effect(g, CE(L_7C, g.tick(), e["c"], 0, _plus_four, objects=frozenset([e["c"]]),
                        duration="eot"))
    assert _pt(g, e["c"]) == (7, 7) and _pt(g, e["d"]) == (5, 5) and g.board is not None
    g.decide(Pass())
    g.decide(Pass())                    # to the cleanup step and the next turn
    assert g.turn == 2 and _pt(g, e["c"]) == (3, 3) and _pt(g, e["d"]) == (5, 5)
    assert passes == {"layers": 0, "board": 0}
    assert check_chars(g) == []


def test_a_creature_entering_is_checked_only_against_effects_it_can_fall_under(passes, monkeypatch):
    """A Scroll Thief entering under an Aura's effect on another creature ('enchanted
    creature': `single`), a pump locked to another (611.2c) and a lord's 'other Merfolk you
    control': only the lord's effect is asked about it (`layers._open_plan`), and it gets
    it; the others keep theirs, as a full pass gives."""
    g, e = _game([{"card": "Centaur Courser", "id": "c"}, {"card": "Centaur Courser", "id": "d"},
                  {"card": "Mark of the Vampire", "id": "mark", "attached_to": "d"},
                  {"card": "Master of the Pearl Trident", "id": "m"}],
                 hand=[{"card": "Scroll Thief", "id": "t"}])
    fx.add_effect(g, CE(L_7C, g.tick(), e["c"], 0, _plus_four, objects=frozenset([e["c"]]),
                        duration="eot"))
    assert _pt(g, e["c"]) == (7, 7) and _pt(g, e["d"]) == (5, 5) and len(g.layer_plan) == 5
    board(g)
    passes.update(layers=0, board=0)
    asked = []
    applies = layers._applies
    monkeypatch.setattr(layers, "_applies", lambda game, ce, eid, ch, allc: (
        asked.append(ce.source), applies(game, ce, eid, ch, allc))[1])
    t = zones.put_onto_battlefield(g, e["t"])
    assert asked == [e["m"], e["m"]]         # (its +1/+1 and its islandwalk)
    assert _pt(g, t) == (2, 4) and _pt(g, e["c"]) == (7, 7) and _pt(g, e["d"]) == (5, 5)
    assert passes == {"layers": 0, "board": 0} and check_chars(g) == []


@writes("power", "toughness", alone=True)
def _zero_one(g, ce, ch, allc):
    ch.power, ch.toughness = 0, 1


def test_an_effect_beginning_last_in_layer_order_applies_on_top(monkeypatch):
    """A pump (7c) beginning after every other effect: applied to the creature's
    characteristics now (its Aura's +2/+2 and +1/+1 counters counted, 613.4c), without
    recomputing them; an effect of an earlier layer (7b 'base 0/1'), even the last one,
    comes before the counters: recomputed."""
    from mtg_ecs.components import Counters
    recomputed = []
    one = layers.one_object
    monkeypatch.setattr(layers, "one_object", lambda g, eid, *a: recomputed.append(eid) or one(g, eid, *a))
    for aura, pump, pt in (([{"card": "Mark of the Vampire", "id": "mark", "attached_to": "c"}],
                            (L_7C, _plus_four), (10, 10)), ([], (L_7B, _zero_one), (1, 2))):
        g, e = _game([{"card": "Centaur Courser", "id": "c"}] + aura)
        g.set(e["c"], Counters((("+1/+1", 1),)))
        g.all_chars()
        recomputed.clear()
        fx.add_effect(g, CE(pump[0], g.tick(), e["c"], 0, pump[1], objects=frozenset([e["c"]])))
        assert _pt(g, e["c"]) == pt and check_chars(g) == []
        assert recomputed == ([] if pump[0] == L_7C else [e["c"]])


def test_counters_placed_or_removed_recompute_their_object(passes):
    """A +1/+1 counter (613.4c) and a flying counter (122.1b) on a Merfolk under Master of
    the Pearl Trident, then removed: that creature's characteristics recomputed without a
    layer pass, as characteristics changed (`cversion`)."""
    from mtg_ecs.components import Counters
    g, e = _game([{"card": "Master of the Pearl Trident", "id": "m"},
                  {"card": "Scroll Thief", "id": "a"}, {"card": "Scroll Thief", "id": "b"}])
    assert _pt(g, e["a"]) == (2, 4)
    board(g)
    passes.update(layers=0, board=0)
    version = g.cversion
    zones.add_counters(g, e["a"], "+1/+1", 2)
    zones.add_counters(g, e["a"], "flying", 1)
    assert _pt(g, e["a"]) == (4, 6) and g.chars(e["a"]).has("flying") and _pt(g, e["b"]) == (2, 4)
    assert g.cversion > version and check_chars(g) == []
    passes["layers"] = 0
    g.unset(e["a"], Counters)
    assert _pt(g, e["a"]) == (2, 4) and not g.chars(e["a"]).has("flying")
    assert passes == {"layers": 0, "board": 0}


def test_a_card_off_the_battlefield_shares_its_printed_characteristics_under_other_effects():
    """An effect locked to a creature (611.2c) can't change a card in hand: its
    characteristics are its printed ones, shared (`base_chars`), not a copy."""
    g, e = _game([{"card": "Centaur Courser", "id": "c"}], hand=[{"card": "Arbor Elf", "id": "elf"}])
    fx.add_effect(g, CE(L_7C, g.tick(), e["c"], 0, _plus_four, objects=frozenset([e["c"]])))
    assert _pt(g, e["c"]) == (7, 7)
    assert g.chars(e["elf"]) is layers.base_chars(g, e["elf"])


def test_an_effect_granting_an_ability_makes_a_full_pass(passes):
    """'gains "<ability>"' (layer 6, 613.1f) may give a static ability, which brings effects
    of its own (613.6): not patched."""
    g, e = _game([{"card": "Centaur Courser", "id": "c"},
                  {"card": "Mark of the Vampire", "id": "mark", "attached_to": "c"}])
    assert _pt(g, e["c"]) == (5, 5) and g.layer_plan
    passes["layers"] = 0
    fx.add_effect(g, CE(L_ABILITY, g.tick(), e["c"], 0, st.grant_abilities(
        st.this_object(), SPARK).apply, objects=frozenset([e["c"]])))
    assert SPARK in g.chars(e["c"]).abilities and _pt(g, e["c"]) == (6, 5) and passes["layers"] == 1


def _index(g, b):
    """What the board index `b` holds, each object with the characteristics it holds for
    it (the cache's own, `is`) and those values."""
    cache = g.chars_cache

    def held(lst):
        return [(e, ch is cache[e], layers.Chars.copy(ch).__repr__(), rest)
                for e, ch, *rest in lst]
    return (held(b.statics), held(b.rule_statics), held(b.triggers),
            {k: held(v) for k, v in b.watch.items()},
            {p: [(e, tuple(o)) for e, o in v] for p, v in b.holders.items()},
            {p: [(e, m.items, sick, src, acts) for e, m, sick, src, acts in v] for p, v in b.mana.items()},
            dict(b.creatures), list(b.walkers), set(b.sba), set(b.sba_look))


def test_patched_characteristics_equal_a_full_pass_through_sample_deck_games(monkeypatch):
    """Random games of the sample decks (anthems, Auras, pumps until end of turn, +1/+1
    counters): after every decision every object's characteristics are those of a full
    layer pass and the board index is one built anew; many moves and effects beginning or
    ending were patched with effects on the battlefield (`one_object` for an object
    entering, and for those an effect beginning or ending applies to)."""
    patched = {"moves": 0, "effects": 0}
    patch = layers.patch_battlefield
    replan = layers.one_object

    def counted(g, left, entered):
        patched["moving"] = True
        done = patch(g, left, entered)
        patched["moving"] = False
        patched["moves"] += done and bool(g.layer_plan)
        return done

    def counted_one(g, eid, plan, allc, base=None):
        patched["effects"] += not patched.get("moving")
        return replan(g, eid, plan, allc, base)
    monkeypatch.setattr(layers, "patch_battlefield", counted)
    monkeypatch.setattr(layers, "one_object", counted_one)
    checked = 0
    for g in decisions(range(12), second=1, after=True):
        assert check_chars(g) == [], g.seed
        kept = board(g)
        g.board = None
        assert _index(g, kept) == _index(g, board(g)), g.seed
        checked += 1
    assert checked > 1000 and patched["moves"] > 100 and patched["effects"] > 40


def test_an_effect_added_to_the_plan_goes_where_the_layer_pass_applies_it():
    """`_replanned`: after the effects of its layer with an earlier timestamp and before
    those of later layers (613.7); the newest effect of the plan's last layer is appended."""
    @writes("power", "toughness", alone=True)
    def pt(g, ce, ch, allc):
        pass
    a, b, c, d = (CE(layer, ts, 1, 0, pt, objects=frozenset({5}))
                  for layer, ts in ((L_7B, 1), (L_7C, 2), (L_7C, 4), (layers.L_7D, 3)))
    assert layers._replanned((a, b), (c,), ()) == (a, b, c)
    assert layers._replanned((a, b, d), (c,), ()) == (a, b, c, d)
    assert layers._replanned((b, d), (a,), ()) == (a, b, d)
    assert layers._replanned((), (c,), ()) == (c,)
    assert layers._replanned((a, b), (CE(L_7C, 5, 1, 0, pt),), ()) is None      # not local
