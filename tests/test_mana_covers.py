"""`covers` (the fast 'can this pool pay this cost?') agrees with paying it (CR 601.2h:
colored symbols need their color, generic any mana, {C} colorless only)."""
import itertools
import random

from mtg_ecs.components.mana import covers, parse_cost, pay_from_pool, pays_exactly, split_sources

COSTS = ["{0}", "{G}", "{1}{G}", "{2}{G}{G}", "{W}{U}{B}{R}{G}", "{C}", "{2}{C}", "{3}",
         "{R/G}", "{2/W}{2/W}", "{1}{W/U}{B}", "{X}{R}"]


def test_covers_matches_pay_from_pool_on_random_pools():
    rng = random.Random(7)
    pools = [[rng.randint(0, 3) for _ in range(6)] for _ in range(400)]
    pools += [list(p) for p in itertools.product((0, 1), repeat=6)]
    for text in COSTS:
        cost = parse_cost(text)
        for pool in pools:
            assert covers(pool, cost) == (pay_from_pool(pool, cost) is not None), (text, pool)


def test_pays_exactly_is_paying_with_nothing_left():
    # the payer's shortcut (costs.pay_mana): True exactly when the pool pays the cost and
    # nothing is left, for costs without hybrid symbols; never True with one
    rng = random.Random(11)
    pools = [[rng.randint(0, 3) for _ in range(6)] for _ in range(400)]
    pools += [list(p) for p in itertools.product((0, 1), repeat=6)]
    pools += [[0, 0, 0, 0, 2, 0], [1, 0, 0, 0, 1, 0], [0, 0, 0, 0, 2, 2], [1, 1, 1, 1, 1, 0]]
    found = 0
    for text in COSTS:
        cost = parse_cost(text)
        for pool in pools:
            left = pay_from_pool(pool, cost)
            exact = left is not None and not any(left)
            if cost.hybrid:
                assert not pays_exactly(pool, cost), (text, pool)
            else:
                assert pays_exactly(pool, cost) == exact, (text, pool)
                found += exact
    assert found > 20


def test_covers_colorless_symbol_needs_colorless_mana():
    # CR 107.4c: {C} can be paid only with colorless mana
    assert not covers([1, 1, 1, 1, 1, 0], parse_cost("{C}"))
    assert covers([0, 0, 0, 0, 0, 1], parse_cost("{C}"))
    assert not covers([0, 0, 0, 0, 1, 0], parse_cost("{1}{G}"))
    assert covers([0, 0, 0, 0, 1, 1], parse_cost("{1}{G}"))


def test_split_sources_sums_the_one_option_sources():
    # one mana (a basic land), more than one (Sol Ring's {C}{C}, a list pool), a choice
    g, r = (0, 0, 0, 0, 1, 0), (0, 0, 0, 1, 0, 0)
    sources = [(1, (g,)), (2, (g,)), (3, ((0, 0, 0, 0, 0, 2),)), (4, (g, r)), (5, (r,)),
               (6, ([1, 0, 0, 0, 1, 0],))]
    base, multi = split_sources(sources)
    assert base == (1, 0, 0, 1, 3, 2) and type(base) is tuple
    assert multi == [(g, r)]
    assert split_sources([]) == ((0,) * 6, [])


def test_total_is_each_costs_own_value_outside_its_fields():
    # hot paths read `total`: an instance attribute (CPython 3.11 specialises the read,
    # not a property's); equality and the state hash read the fields only
    import dataclasses

    from mtg_ecs.core.hashing import canonical
    a, b = parse_cost("{2}{G}{G}"), parse_cost("{X}{W/U}{R}")
    assert vars(a)["total"] == 4 and vars(b)["total"] == 2
    assert b.with_x(3).total == 5 and a.plus(b).total == 6
    assert "total" not in {f.name for f in dataclasses.fields(a)}
    assert dataclasses.replace(a, generic=0).total == 2
    assert canonical(a) == ("ManaCost",) + tuple(canonical(getattr(a, f.name))
                                                  for f in dataclasses.fields(a))


def test_class_defaults_read_on_hot_paths_are_each_objects_own():
    # `exile_self` of a cost and `any_color` of an ability: the class's value, as the
    # instance's own attribute (a specialised read); never a field
    import dataclasses

    from mtg_ecs.components.definitions import (ActivatedAbility, Cost, any_color_version,
                                                parse_activation_cost)
    plain, from_hand = parse_activation_cost("{1}{G}"), parse_activation_cost(
        "{2}, Exile this card from your hand")
    assert vars(plain)["exile_self"] is False and vars(from_hand)["exile_self"] is True
    ab = ActivatedAbility(Cost())
    assert vars(ab)["any_color"] is False and vars(any_color_version(ab))["any_color"] is True
    assert {"exile_self", "any_color"}.isdisjoint(
        f.name for t in (Cost, ActivatedAbility) for f in dataclasses.fields(t))
    assert ab == ActivatedAbility(Cost())


def test_a_definitions_permanent_card_is_its_own_attribute():
    # read as each spell resolves: the definition's own value, kept through `replace`
    import dataclasses

    from mtg_ecs.components.definitions import make_card
    bear = make_card("Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))
    bolt = make_card("Bolt", "{R}", "Instant")
    assert vars(bear)["is_permanent_card"] is True and vars(bolt)["is_permanent_card"] is False
    assert dataclasses.replace(bear, types=frozenset({"Sorcery"})).is_permanent_card is False
