"""The `Spell` component of a spell cast (CR 601.2i: the choices made while casting it).
Components are values: a spell cast with no choice made (most permanent spells) has one
shared value per controller and zone cast from, equal to the one made with every field;
an ability activated without a choice keeps the value it was put on the stack with."""
from mtg_ecs import Game, Activate, Cast, Pass
from mtg_ecs.components import Card, Spell, StackAbility
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


def test_an_ability_keeps_the_value_it_was_put_on_the_stack_with_unless_a_choice_was_made():
    # 602.2: Furnace Whelp's {R} ability (no target, no X) and Arbor Elf's 'Untap target
    # Forest' (its target recorded with it)
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Furnace Whelp", "id": "w"}, {"card": "Arbor Elf", "id": "elf"},
                         {"card": "Mountain"}, {"card": "Forest", "id": "f", "tapped": True}]},
        {}], "turn": {"step": "main1"}})
    whelp, elf, forest = (g.card_entity[h[k]] for k in ("w", "elf", "f"))
    g.decide(Activate(whelp, 0))
    sa = g.world.ents[g.stack[-1]][StackAbility]
    card_id = g.world.ents[whelp][Card].card_id
    assert sa == StackAbility(0, whelp, sa.ability, (), (), 0, (), False, (), card_id)
    g.decide(Activate(elf, 0, targets=[forest]))
    assert g.world.ents[g.stack[-1]][StackAbility].targets == ((forest,),)
    g.close()
