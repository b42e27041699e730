"""The `Spell` component of a spell cast (CR 601.2i: the choices made while casting it).
Components are values: a spell cast with no choice made (most permanent spells) has one
shared value per controller and zone cast from, equal to the one made with every field."""
from mtg_ecs import Game, Cast, Pass
from mtg_ecs.components import Spell
from mtg_ecs.core.decisions import PlayerRef


def _game(active=0):
    mine = {"battlefield": ["Forest"] * 4 + ["Mountain"],
            "hand": [{"card": "Centaur Courser", "id": "a"}, {"card": "Arbor Elf", "id": "b"},
                     {"card": "Lightning Bolt", "id": "bolt"}]}
    g, h = Game.from_setup({"players": [mine, {}] if active == 0 else [{}, mine],
                            "turn": {"step": "main1", "active": active}})
    return g, {k: g.card_entity[v] for k, v in h.items()}


def _resolve(g):
    g.decide(Pass())
    g.decide(Pass())


def test_a_spell_cast_with_no_choice_has_the_shared_value():
    g, e = _game()
    g.decide(Cast(e["a"]))
    first = g.world.ents[g.stack[-1]][Spell]
    assert first == Spell(0, (), (), 0, (), None, kicked=0, copy=False, sacrificed=(),
                          cast_from="hand", casualty=False, exiled=())
    _resolve(g)
    g.decide(Cast(e["b"]))
    assert g.world.ents[g.stack[-1]][Spell] is first        # another card, the same value
    g.close()
    g, e = _game(active=1)
    g.decide(Cast(e["a"]))
    assert g.world.ents[g.stack[-1]][Spell] == Spell(1, cast_from="hand")   # its controller's
    g.close()


def test_a_spell_with_a_target_has_its_own_value():
    g, e = _game()
    g.decide(Cast(e["bolt"], targets=[PlayerRef(1)]))
    s = g.world.ents[g.stack[-1]][Spell]
    assert s.targets == ((PlayerRef(1),),) and s.controller == 0 and s.cast_from == "hand"
    g.close()
