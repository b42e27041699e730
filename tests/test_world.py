"""Each game owns its own esper world (design card; issue 2 item 2)."""
import esper

from mtg_ecs import Game, Pass
from mtg_ecs.systems.replacement import add_shield


def _setup(creature):
    return {"players": [{"battlefield": [{"card": creature, "id": "c"}, "Forest"]}, {}]}


def test_two_games_never_see_each_other():
    g1, h1 = Game.from_setup(_setup("Centaur Courser"))
    g2, h2 = Game.from_setup(_setup("Serra Angel"))
    names1 = {g1.chars(e).name for e in g1.battlefield}
    names2 = {g2.chars(e).name for e in g2.battlefield}
    assert names1 == {"Centaur Courser", "Forest"}
    assert names2 == {"Serra Angel", "Forest"}
    # advance them alternately; each keeps its own entities
    for _ in range(12):
        for g in (g1, g2):
            g.decide(Pass() if g.pending.kind == "priority" else {})
        assert {g1.chars(e).name for e in g1.battlefield} == names1
        assert {g2.chars(e).name for e in g2.battlefield} == names2
    assert set(g1.world.ents).isdisjoint(set()) and g1.world.name != g2.world.name
    # esper's own queries in each world see only that world's objects
    from mtg_ecs.components import Card
    assert {c.defn.name for _, (c,) in g1.world.query(Card)} == names1
    assert {c.defn.name for _, (c,) in g2.world.query(Card)} == names2
    with g1.world.in_esper() as e:
        assert {c.defn.name for _, (c,) in e.get_components(Card)} == names1


def test_closed_games_free_their_world():
    g, _ = Game.from_setup(_setup("Centaur Courser"))
    name = g.world.name
    from mtg_ecs.components import Card
    assert g.world.query(Card)                  # esper used: registered
    assert name in esper.list_worlds()
    g.close()
    assert name not in esper.list_worlds()


def test_clone_is_independent():
    g, h = Game.from_setup(_setup("Centaur Courser"))
    c = g.clone()
    c.decide(Pass())
    assert g.pending.player == 0 and c.pending.player == 1
    assert c.world.name != g.world.name


def test_clone_has_its_own_prevention_shields():
    """A shield used up in a clone is untouched in the original (clones never share
    mutable state)."""
    from mtg_ecs.systems.replacement import PreventNextDamage
    from mtg_ecs.systems import damage
    g, h = Game.from_setup(_setup("Centaur Courser"))
    c = g.card_entity[h["c"]]
    add_shield(g, PreventNextDamage(c, 2))
    k = g.clone()
    src = c
    damage.deal(k, [(src, k.chars(src), k.card_entity[h["c"]], 2)])
    assert k.shields[0].left == 0 and g.shields[0].left == 2
    assert k.damage_on(k.card_entity[h["c"]]) == 0 and g.damage_on(c) == 0
