"""Basic Rulebook (spec 000) §7 card catalogue: card rulings a scenario file can't express
(test-only cards with rules text)."""
from __future__ import annotations

from cards.dsl import make_card, SpellAbility
from ecs import Game, Pass
from ecs.decisions import Cast, PlayerRef
from systems import effects as fx
from systems import zones


def _drop_red_creature(game, ctx):
    """Put a red creature card from the controller's hand onto the battlefield."""
    p = game.players[ctx.controller]
    for c in list(p.hand):
        ch = game.chars(c)
        if "Creature" in ch.types and "R" in ch.colors:
            zones.put_onto_battlefield(game, c, controller=ctx.controller)
            return


TEST_DROP = make_card("Test Drop", "{G}", "Sorcery", spell=SpellAbility(
    effects=(fx.Custom(_drop_red_creature),),
    text="Put a red creature card from your hand onto the battlefield."))


def test_jester_ignores_red_card_put_onto_battlefield():
    """000 T-506: putting a red card onto the battlefield without casting it doesn't
    trigger Goblin Battle Jester ('Whenever you cast a red spell', CR 601.2i, 603.2);
    casting a red spell does."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Goblin Battle Jester", "id": "gbj"}, "Forest",
                         "Mountain", "Mountain"],
         "hand": [{"card": "Test Drop", "id": "drop"}, {"card": "Canyon Minotaur", "id": "mino"},
                  {"card": "Searing Spear", "id": "spear"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]}]},
        defs={"Test Drop": TEST_DROP})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("drop")))
    assert game.stack == [e("drop")]               # a green spell: no trigger
    game.decide(Pass())
    game.decide(Pass())                            # Test Drop resolves
    assert game.zone_of(e("mino")) == "battlefield"
    assert "R" in game.chars(e("mino")).colors
    assert game.stack == []                        # the red card entered without being cast
    assert game.pending.kind == "priority" and game.pending.player == 0
    # control: casting a red spell does trigger it
    game.decide(Cast(e("spear"), targets=[[PlayerRef(1)]]))
    d = game.pending
    assert d.kind != "priority"                    # the Jester's trigger asks for its target
    game.decide([e("cc")])
    assert len(game.stack) == 2 and game.stack[0] == e("spear")
