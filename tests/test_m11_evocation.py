"""Wild Evocation (spec 004): casting a revealed card during the resolution with restrictions
that no registered card has — 'Cast this spell only during combat' (601.3) and a mandatory
additional mana cost (601.2f, 004 Wild Evocation R4) — with test-only cards."""
from __future__ import annotations

from mtg_ecs.components.definitions import make_card, SpellAbility, parse_activation_cost
from mtg_ecs.components import StackAbility, Tapped
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Activate
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems.targeting import any_target

COMBAT_TRICK = make_card("Test Combat Trick", "{R}", "Instant", spell=SpellAbility(
    effects=(fx.DealDamage(1, fx.TARGET(0)),), targets=(any_target(),), cast_only="combat",
    text="Cast this spell only during combat. Test Combat Trick deals 1 damage to any target."))
EXTRA_MANA = make_card("Test Extra Mana", "{R}", "Sorcery", spell=SpellAbility(
    effects=(fx.Draw(fx.YOU, 1),), additional_cost=parse_activation_cost("{1}"),
    text="As an additional cost to cast this spell, pay {1}. Draw a card."))
DEFS = {d.name: d for d in (COMBAT_TRICK, EXTRA_MANA)}


def _to_trigger(hand, battlefield=()):
    """P1's upkeep with Wild Evocation's trigger on the stack, P1 (active) holding priority."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Wild Evocation", "id": "we"}], "library": ["Forest"]},
        {"hand": [{"card": hand, "id": "c"}], "battlefield": list(battlefield),
         "library": ["Forest", "Forest"]}], "turn": {"step": "end"}}, defs=DEFS)
    while not (game.turn == 2 and game.step == "upkeep" and game.stack):
        game.decide(Pass())
    assert game.pending.kind == "priority" and game.pending.player == 1
    return game, (lambda k: game.card_entity[h[k]])


def _resolve_trigger(game):
    game.decide(Pass())
    game.decide(Pass())


def test_cast_only_during_combat_stays_in_hand():
    """004 WE-6, 004 Wild Evocation R1-R2 (CR 601.3): a revealed 'Cast this spell only during
    combat' card can't be cast in the upkeep and stays in hand; the same card can be cast
    during combat."""
    game, e = _to_trigger("Test Combat Trick", [{"card": "Mountain", "id": "m"}])
    _resolve_trigger(game)
    assert game.zone_of(e("c")) == "hand" and not game.stack
    from mtg_ecs.core.decisions import Cast
    for step, ok in (("main1", False), ("beginning_of_combat", True)):
        g, h = Game.from_setup({"players": [
            {"hand": [{"card": "Test Combat Trick", "id": "c"}], "battlefield": ["Mountain"]}, {}],
            "turn": {"step": step}}, defs=DEFS)
        assert (Cast(g.card_entity[h["c"]]) in g.pending.options) == ok


def test_additional_mana_cost_paid_from_pool_must_be_paid():
    """004 WE-11, 004 Wild Evocation R4: with enough unspent mana in the pool, the mandatory
    additional {1} must be paid: the card is cast (no choice is offered) and the pool pays."""
    game, e = _to_trigger("Test Extra Mana", [{"card": "Mountain", "id": "m"}])
    game.decide(Activate(e("m"), 0))          # {R} floating while the trigger resolves
    assert game.players[1].pool[3] == 1
    _resolve_trigger(game)
    assert game.zone_of(e("c")) == "stack"
    assert sum(game.players[1].pool) == 0
    assert game.pending.kind == "priority"


def test_additional_mana_cost_may_decline_mana_abilities():
    """004 WE-11, 004 Wild Evocation R4: with no mana in the pool but an untapped land, the player
    chooses: activate mana abilities and cast it (the land pays the {1}), or activate none,
    and the card stays in hand; with no way to pay, it stays in hand without a question."""
    game, e = _to_trigger("Test Extra Mana", [{"card": "Mountain", "id": "m"}])
    _resolve_trigger(game)
    assert game.pending.kind == "may" and game.pending.player == 1
    game.decide(False)
    assert game.zone_of(e("c")) == "hand" and not game.world.has(e("m"), Tapped)

    game, e = _to_trigger("Test Extra Mana", [{"card": "Mountain", "id": "m"}])
    _resolve_trigger(game)
    game.decide(True)
    assert game.zone_of(e("c")) == "stack" and game.world.has(e("m"), Tapped)

    game, e = _to_trigger("Test Extra Mana")
    _resolve_trigger(game)
    assert game.zone_of(e("c")) == "hand"
    assert game.pending.kind == "priority" and not any(game.has(x, StackAbility) for x in game.stack)
