"""The layer system (CR 613) with test-only cards: timestamps (613.7), dependency
(613.8), the locked set of affected objects of a resolved spell (611.2c),
characteristic-defining abilities first (613.4a), counters in 7c (613.4c)."""
from mtg_ecs.components.definitions import make_card, StaticAbility, SpellAbility
from mtg_ecs import Game, Pass, Cast
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.layers import StaticEffect, L_7B


def _lands_are(subtype, only=None):
    """'All [only] lands are <subtype> in addition to their other types.'"""
    def affects(g, src, e, ch, allc):
        return "Land" in ch.types and (only is None or only in ch.subtypes)
    return StaticAbility(continuous=(st.add_subtypes(affects, subtype),))


FORESTS_ARE_ISLANDS = make_card("Test Forest Tide", "{U}", "Enchantment",
                                abilities=[_lands_are("Island", only="Forest")])
LANDS_ARE_FORESTS = make_card("Test Overgrowth", "{G}", "Enchantment",
                              abilities=[_lands_are("Forest")])


def _setup(order, extra=()):
    return {"players": [{"battlefield": list(order) + [{"card": "Mountain", "id": "m"}] + list(extra),
                         "library": ["Island"] * 3},
                        {"library": ["Island"] * 3}]}


def _defs():
    return {d.name: d for d in (FORESTS_ARE_ISLANDS, LANDS_ARE_FORESTS)}


def test_dependency_beats_timestamp_in_the_type_layer():
    """CR 613.8a-b: 'Forests are Islands' depends on 'lands are Forests' (the latter changes
    what the former applies to), so it applies after it even with an earlier timestamp."""
    g, h = Game.from_setup(_setup(["Test Forest Tide", "Test Overgrowth"]), defs=_defs())
    m = g.card_entity[h["m"]]
    assert {"Mountain", "Forest", "Island"} <= set(g.chars(m).subtypes)
    # and with the timestamps the other way round the result is the same
    g2, h2 = Game.from_setup(_setup(["Test Overgrowth", "Test Forest Tide"]), defs=_defs())
    m2 = g2.card_entity[h2["m"]]
    assert {"Mountain", "Forest", "Island"} <= set(g2.chars(m2).subtypes)
    # a land that is an Island taps for blue too (305.6)
    from mtg_ecs.systems.costs import activated_abilities
    assert len([a for a in activated_abilities(g, m) if a.mana]) == 3


def _set_pt(name, p, t):
    def apply(g, ce, ch, allc):
        ch.power, ch.toughness = p, t
    return make_card(name, "{1}", "Enchantment", abilities=[
        StaticAbility(continuous=(StaticEffect(L_7B, st.all_creatures(), apply),))])


def test_timestamps_order_effects_in_one_layer():
    """CR 613.7: two 'creatures are P/T' effects in layer 7b: the later timestamp wins;
    a +1/+1 counter (7c) applies after both (613.4c)."""
    a, b = _set_pt("Test Smallness", 1, 1), _set_pt("Test Bigness", 5, 5)
    defs = {a.name: a, b.name: b}
    setup = {"players": [{"battlefield": ["Test Smallness", "Test Bigness",
                                          {"card": "Centaur Courser", "id": "c",
                                           "counters": {"+1/+1": 1}}]}, {}]}
    g, h = Game.from_setup(setup, defs=defs)
    c = g.card_entity[h["c"]]
    assert (g.chars(c).power, g.chars(c).toughness) == (6, 6)
    setup["players"][0]["battlefield"][:2] = ["Test Bigness", "Test Smallness"]
    g, h = Game.from_setup(setup, defs=defs)
    c = g.card_entity[h["c"]]
    assert (g.chars(c).power, g.chars(c).toughness) == (2, 2)


def test_characteristic_defining_ability_applies_first():
    """CR 613.4a/b: Crusader of Odric's */* is defined in 7a, so a 7b 'P/T are 5/5'
    effect overrides it and a 7c +2/+2 adds to the result."""
    b = _set_pt("Test Bigness", 5, 5)
    setup = {"players": [{"battlefield": [{"card": "Crusader of Odric", "id": "co"}, "Test Bigness"],
                          "hand": [{"card": "Titanic Growth", "id": "tg"}],
                          "mana": {"G": 2}}, {}]}
    g, h = Game.from_setup(setup, defs={b.name: b})
    co = g.card_entity[h["co"]]
    assert (g.chars(co).power, g.chars(co).toughness) == (5, 5)
    g.decide(Cast(g.card_entity[h["tg"]], targets=[co]))
    g.decide(Pass())
    g.decide(Pass())
    assert (g.chars(co).power, g.chars(co).toughness) == (9, 9)


RALLY = make_card("Test Rally", "{W}", "Instant", spell=SpellAbility(effects=(
    fx.Custom(lambda g, ctx: fx.ModifyPT(_Yours(), 1, 1).run(g, ctx)),)))


class _Yours(fx.Ref):
    def resolve(self, game, ctx):
        return game.creatures(ctx.controller)


def test_resolved_spell_locks_the_affected_set():
    """CR 611.2c: 'creatures you control get +1/+1 until end of turn' affects only the
    creatures there as it resolved; one entering later doesn't get the bonus."""
    setup = {"players": [{"battlefield": [{"card": "Centaur Courser", "id": "c"}, "Plains",
                                          "Forest", "Forest", "Forest"],
                          "hand": [{"card": "Test Rally", "id": "r"},
                                   {"card": "Centaur Courser", "id": "late"}]}, {}]}
    g, h = Game.from_setup(setup, defs={RALLY.name: RALLY})
    g.decide(Cast(g.card_entity[h["r"]]))
    g.decide(Pass())
    g.decide(Pass())
    c = g.card_entity[h["c"]]
    assert (g.chars(c).power, g.chars(c).toughness) == (4, 4)
    g.decide(Cast(g.card_entity[h["late"]]))
    g.decide(Pass())
    g.decide(Pass())
    late = g.card_entity[h["late"]]
    assert g.zone_of(late) == "battlefield"
    assert (g.chars(late).power, g.chars(late).toughness) == (3, 3)
    assert (g.chars(c).power, g.chars(c).toughness) == (4, 4)


# -- the declarations that spare the layer pass a dependency trial (613.8a) -----------------
_METHOD_READS = {"has": "keywords", "params": "keywords", "is_": "types", "has_subtype": "subtypes",
                 "is_creature": "types", "is_land": "types", "is_permanent": "types",
                 "mana_value": "cost"}


class _Reading:
    """Characteristics that record which of them a function reads."""

    def __init__(self, chars, log):
        object.__setattr__(self, "_c", chars)
        object.__setattr__(self, "_log", log)

    def __getattr__(self, name):
        self._log.add(_METHOD_READS.get(name, name))
        return getattr(self._c, name)


def _annotated_templates():
    from mtg_ecs.cards import all_cards, get_card
    out = []
    for name in all_cards():
        for ab in get_card(name).abilities:
            for tmpl in getattr(ab, "continuous", ()):
                if hasattr(tmpl.affects, "reads") or hasattr(tmpl.apply, "writes") or \
                        getattr(tmpl.affects, "requires", None):
                    out.append((name, tmpl))
    return out


def test_declared_reads_and_writes_are_what_the_templates_do():
    """Every static-ability template that declares what its filter reads (`reads`), the
    card type without which it is false (`requires`) or what its effect changes
    (`writes`), as used by the cards: run over a board of creatures, lands and Merfolk,
    each object as the source, it reads and changes nothing else, and is false for every
    object without the type; a filter declaring what it reads of its source (`source`)
    reads nothing of another object, an effect reading the object alone (`alone`) reads no
    other's characteristics."""
    from mtg_ecs.systems.layers import Chars
    templates = _annotated_templates()
    assert len(templates) >= 10
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Master of the Pearl Trident", "Fervor", "Forest", "Scroll Thief",
                         "Centaur Courser", "Island", "Serra Angel"]},
        {"battlefield": ["Scroll Thief", "Mountain", "Wind Drake"]}]})
    allc = g.all_chars()
    slots = [s for s in Chars.__slots__ if s not in Chars.CACHE_SLOTS]
    for name, tmpl in templates:
        r = getattr(tmpl.affects, "reads", None)
        w = getattr(tmpl.apply, "writes", None)
        req = getattr(tmpl.affects, "requires", None)
        for src in g.battlefield:
            if req is not None:
                for e in g.battlefield:
                    if req not in allc[e].types:
                        assert not tmpl.affects(g, src, e, allc[e], allc), (name, e)
            if r is not None:
                log = set()
                reading = {e: _Reading(c, log) for e, c in allc.items()}
                for e in g.battlefield:
                    tmpl.affects(g, src, e, reading[e], reading)
                assert log <= r, (name, log - r)
            source = getattr(tmpl.affects, "source_reads", None)
            if source is not None:              # of the others: the source's `source` alone
                for e in g.battlefield:
                    logs = {o: set() for o in allc}
                    reading = {o: _Reading(c, logs[o]) for o, c in allc.items()}
                    tmpl.affects(g, src, e, allc[e], reading)
                    assert all(not logs[o] for o in allc if o != src), name
                    assert e == src or logs[src] <= source, (name, logs[src] - source)
            if w is not None:
                ce = tmpl.instantiate(g, src, 0, allc[src].controller)
                for e in g.battlefield:
                    c = allc[e].copy()
                    before = {s: getattr(c, s) for s in slots}
                    others = set()
                    work = {o: _Reading(oc, others) for o, oc in allc.items()}
                    work[e] = c
                    try:
                        tmpl.apply(g, ce, c, work)
                    except (TypeError, KeyError, AttributeError):
                        continue                 # not an object this effect can apply to
                    changed = {s for s in slots if getattr(c, s) is not before[s]
                               and getattr(c, s) != before[s]}
                    assert changed <= w, (name, changed - w)
                    # `alone`: it read no other object's characteristics
                    assert not (tmpl.apply.alone and others), (name, others)


def test_a_move_outside_the_battlefield_keeps_or_recomputes_as_effects_read(monkeypatch):
    """An object moving between zones other than the battlefield (a discard, 701.9) leaves
    the characteristics on the battlefield as they were while every effect reads only the
    battlefield (an anthem: no new layer pass); an 'as long as' condition reading the
    graveyard (611.3a: Syndicate Infiltrator, five or more mana values) is read again."""
    from mtg_ecs.systems import layers, zones
    passes = []
    full = layers.compute_battlefield
    monkeypatch.setattr(layers, "compute_battlefield", lambda g: passes.append(1) or full(g))
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "m"},
                         {"card": "Syndicate Infiltrator", "id": "s"}],
         "hand": [{"card": "Divination", "id": "d"}, {"card": "Serra Angel", "id": "a"}],
         "graveyard": ["Plains", "Unsummon", "Essence Scatter", "Wind Drake"]},
        {"library": ["Island"] * 3}]})
    e = g.card_entity
    assert g.chars(e[h["s"]]).power == 3 and g.chars(e[h["m"]]).power == 2
    assert g.chars_closed is False                  # the condition reads a graveyard
    passes.clear()
    zones.move(g, e[h["d"]], "graveyard", cause="discard")      # mana value 3: already there
    assert g.chars(e[h["s"]]).power == 3 and passes
    zones.move(g, e[h["a"]], "graveyard", cause="discard")      # 5: five mana values now
    assert g.chars(e[h["s"]]).power == 5

    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "m"},
                         {"card": "Master of the Pearl Trident", "id": "k"}],
         "hand": [{"card": "Divination", "id": "d"}]}, {"library": ["Island"] * 3}]})
    e = g.card_entity
    assert g.chars(e[h["k"]]).power == 3 and g.chars_closed is True     # other Merfolk +1/+1
    passes.clear()
    zones.move(g, e[h["d"]], "graveyard", cause="discard")
    assert g.chars(e[h["k"]]).power == 3 and not passes


def test_an_ability_on_the_stack_keeps_the_characteristics(monkeypatch):
    """An ability put onto the stack and resolved (Arbor Elf's '{T}: Untap target
    Forest', 602.2, 608.2) changes no characteristics: with an effect reading only the
    battlefield (other Merfolk +1/+1) no layer pass is made again."""
    from mtg_ecs.systems import layers
    from mtg_ecs.core.decisions import Activate
    passes = []
    full = layers.compute_battlefield
    monkeypatch.setattr(layers, "compute_battlefield", lambda g: passes.append(1) or full(g))
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "m"},
                         {"card": "Master of the Pearl Trident", "id": "n"},
                         {"card": "Arbor Elf", "id": "e"}, {"card": "Forest", "tapped": True}]},
        {"library": ["Island"] * 3}], "turn": {"step": "main1"}})
    elf = g.card_entity[h["e"]]
    assert g.chars(g.card_entity[h["m"]]).power == 3
    passes.clear()
    g.decide(Activate(elf, 0))
    while g.pending.kind != "priority":
        g.decide(g.pending.options[0])
    assert g.stack
    g.decide(Pass())
    g.decide(Pass())
    assert not g.stack and g.chars(g.card_entity[h["m"]]).power == 3 and not passes


ON_YOUR_TURN = make_card("Test Eager Squire", "{1}{W}", "Creature — Human Soldier", pt=(1, 1),
                         abilities=[StaticAbility(continuous=(st.modify_pt(
                             st.this_object(), 2, 0,
                             condition=lambda g, src, allc: g.active == allc[src].controller),),
                             text="As long as it's your turn, Test Eager Squire gets +2/+0.")])


def test_a_new_turn_makes_a_layer_pass_only_for_an_effect_that_may_read_it(monkeypatch):
    """A turn begins (500.1): an 'as long as it's your turn' condition is read again; an
    anthem's effect (other Merfolk +1/+1) reads no turn, and no layer pass is made for it."""
    from mtg_ecs.systems import layers, turn
    passes = []
    full = layers.compute_battlefield
    monkeypatch.setattr(layers, "compute_battlefield", lambda g: passes.append(1) or full(g))
    for card, power, again in (("Test Eager Squire", (3, 1), True),
                               ("Master of the Pearl Trident", (2, 2), False)):
        g, h = Game.from_setup({"players": [
            {"battlefield": [{"card": card, "id": "c"}], "library": ["Island"] * 3},
            {"library": ["Island"] * 3}], "turn": {"step": "end"}}, defs={ON_YOUR_TURN.name: ON_YOUR_TURN})
        e = g.card_entity[h["c"]]
        assert g.chars(e).power == power[0]
        passes.clear()
        turn.begin_turn(g)
        assert g.active == 1 and g.chars(e).power == power[1] and bool(passes) is again


def test_off_the_battlefield_printed_characteristics_are_shared_unless_defined_by_an_ability():
    """A card in hand with abilities but none defining its characteristics (Elvish
    Visionary's enters trigger) has its printed characteristics, shared, not a copy; a
    characteristic-defining ability works in every zone (604.3: Nightmare, */* the Swamps
    its owner controls)."""
    from mtg_ecs.systems.layers import base_chars
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp", "Swamp"], "hand": [{"card": "Elvish Visionary", "id": "v"},
                                                     {"card": "Nightmare", "id": "n"}]}, {}]})
    v, n = g.card_entity[h["v"]], g.card_entity[h["n"]]
    assert g.chars(v) is base_chars(g, v) and g.chars(v).abilities
    assert (g.chars(n).power, g.chars(n).toughness) == (2, 2) and base_chars(g, n).power is None


def test_a_single_object_filter_names_the_only_object_it_is_true_of():
    """'Enchanted creature' and '~ itself' name their one object (`single`), which the
    layer pass affects alone: it is the only object the filter is true of (Mark of the
    Vampire on one of two creatures: +2/+2 to that one)."""
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Wind Drake", "id": "w"}, {"card": "Serra Angel", "id": "a"},
                         {"card": "Mark of the Vampire", "attached_to": "w", "id": "m"}]}, {}]})
    e = g.card_entity
    allc = g.all_chars()
    for src, affects in ((e[h["m"]], st.attached_object()), (e[h["a"]], st.this_object())):
        one = affects.single(g, src)
        assert one in allc and [x for x, ch in allc.items() if affects(g, src, x, ch, allc)] == [one]
    assert (g.chars(e[h["w"]]).power, g.chars(e[h["a"]]).power) == (4, 4)
