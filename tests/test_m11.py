"""Magic 2011 FAQ (spec 004): scry (701.22), opening-hand actions (103.6, the Leylines),
"enters or attacks" triggers (the Titans) — mechanism tests and rulings a scenario file
can't express (hypothetical scry cards, the pre-game procedure)."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import make_card, SpellAbility, TriggeredAbility
from mtg_ecs.components import Attacking
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast, IllegalAction, PlayerRef
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import zones
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.library import Scry, LookAndReorder
from mtg_ecs.components.definitions import ActivatedAbility, parse_activation_cost
from mtg_ecs.components import Damage
from mtg_ecs.systems.targeting import target

SCRY_DRAW = make_card("Test Scry Then Draw", "{U}", "Sorcery", spell=SpellAbility(
    effects=(Scry(2), fx.Draw(fx.YOU, 1)), text="Scry 2, then draw a card."))
DRAW_SCRY = make_card("Test Draw Then Scry", "{U}", "Sorcery", spell=SpellAbility(
    effects=(fx.Draw(fx.YOU, 1), Scry(1)), text="Draw a card, then scry 1."))
SCRY_N = {n: make_card(f"Test Scry {n}", "{U}", "Sorcery", spell=SpellAbility(
    effects=(Scry(n),), text=f"Scry {n}.")) for n in (0, 2, 3)}
LOOK3 = make_card("Test Look Three", "{U}", "Sorcery", spell=SpellAbility(
    effects=(LookAndReorder(3),),
    text="Look at the top three cards of your library, then put them back in any order."))
DEFS = {d.name: d for d in [SCRY_DRAW, DRAW_SCRY, LOOK3, *SCRY_N.values()]}
LETTERS = ["Forest", "Island", "Swamp", "Mountain", "Plains"]


def _scry_game(spell, n_cards=5):
    lib = [{"card": LETTERS[i], "id": "ABCDE"[i]} for i in range(n_cards)]
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Island"], "hand": [{"card": spell, "id": "s"}], "library": lib}, {}]},
        defs=DEFS)
    e = lambda k: game.card_entity[h[k]]
    return game, e


def _cast_and_resolve(game, e):
    game.decide(Cast(e("s")))
    game.decide(Pass())
    game.decide(Pass())


def _lib(game, e, p=0):
    """The library, top first, as handles."""
    back = {}
    for k in "ABCDE":
        try:
            back[e(k)] = k
        except KeyError:
            pass
    return [back.get(c, "?") for c in reversed(game.players[p].library)]


def test_scry_keep_on_top_reordered():
    """004 SCRY-1; 004 §2 R1; 004 §2 R2: scry 2 keeping both on top, in the order B, A
    (CR 701.22a); no card is drawn."""
    game, e = _scry_game("Test Scry 2")
    _cast_and_resolve(game, e)
    d = game.pending
    assert d.kind == "scry" and d.player == 0 and d.options == [e("A"), e("B")]
    hand = len(game.players[0].hand)
    game.decide({"top": [e("B"), e("A")], "bottom": []})
    assert _lib(game, e) == ["B", "A", "C", "D", "E"]
    assert len(game.players[0].hand) == hand


def test_scry_keep_original_order():
    """004 SCRY-2: keeping the original order is legal."""
    game, e = _scry_game("Test Scry 2")
    _cast_and_resolve(game, e)
    game.decide({"top": [e("A"), e("B")]})
    assert _lib(game, e) == ["A", "B", "C", "D", "E"]


@pytest.mark.parametrize("order,expected", [("AB", ["C", "D", "E", "A", "B"]),
                                            ("BA", ["C", "D", "E", "B", "A"])])
def test_scry_both_bottom_any_order(order, expected):
    """004 SCRY-3; 004 §2 R1; 004 §2 R2: both to the bottom, in either order."""
    game, e = _scry_game("Test Scry 2")
    _cast_and_resolve(game, e)
    game.decide({"top": [], "bottom": [e(order[0]), e(order[1])]})
    assert _lib(game, e) == expected


def test_scry_split():
    """004 SCRY-4: A to the bottom, B on top."""
    game, e = _scry_game("Test Scry 2")
    _cast_and_resolve(game, e)
    game.decide({"top": [e("B")], "bottom": [e("A")]})
    assert _lib(game, e) == ["B", "C", "D", "E", "A"]


def test_scry_three_split():
    """004 SCRY-5: scry 3, A and C to the bottom (C above A), B on top."""
    game, e = _scry_game("Test Scry 3")
    _cast_and_resolve(game, e)
    game.decide({"top": [e("B")], "bottom": [e("C"), e("A")]})
    assert _lib(game, e) == ["B", "D", "E", "C", "A"]


def test_scry_each_card_exactly_once():
    """CR 701.22a: every looked-at card goes back exactly once; an illegal answer is refused."""
    game, e = _scry_game("Test Scry 2")
    _cast_and_resolve(game, e)
    with pytest.raises(IllegalAction):
        game.decide({"top": [e("A")], "bottom": []})
    with pytest.raises(IllegalAction):
        game.decide({"top": [e("A"), e("A")], "bottom": [e("B")]})
    with pytest.raises(IllegalAction):
        game.decide({"top": [e("A"), e("C")]})
    game.decide({"top": [e("A")], "bottom": [e("B")]})
    assert _lib(game, e) == ["A", "C", "D", "E", "B"]


def test_scry_then_draw():
    """004 SCRY-6; 004 §2 R3: 'Scry 2, then draw a card' — the scry happens first, so the
    card kept on top is drawn."""
    game, e = _scry_game("Test Scry Then Draw", 3)
    _cast_and_resolve(game, e)
    game.decide({"top": [e("B")], "bottom": [e("A")]})
    assert game.zone_of(e("B")) == "hand"
    assert _lib(game, e) == ["C", "A"]


def test_draw_then_scry():
    """004 SCRY-7; 004 §2 R3: 'Draw a card, then scry 1' — A is drawn first and the scry
    looks only at B."""
    game, e = _scry_game("Test Draw Then Scry", 3)
    _cast_and_resolve(game, e)
    assert game.zone_of(e("A")) == "hand"
    assert game.pending.kind == "scry" and game.pending.options == [e("B")]
    game.decide({"bottom": [e("B")]})
    assert _lib(game, e) == ["C", "B"]


def test_scry_more_than_library():
    """004 SCRY-8: scry 3 with two cards in the library looks at both; no loss."""
    game, e = _scry_game("Test Scry 3", 2)
    _cast_and_resolve(game, e)
    assert game.pending.options == [e("A"), e("B")]
    game.decide({"top": [e("B"), e("A")]})
    assert _lib(game, e) == ["B", "A"]
    assert game.winner is None if hasattr(game, "winner") else True
    assert not game.players[0].lost


def test_scry_is_private_and_scry_zero_is_no_event():
    """004 SCRY-9: scrying looks, it doesn't reveal (no reveal event; the decision goes to
    the scrying player only). CR 701.22b: scry 0 asks nothing and is no scry event."""
    game, e = _scry_game("Test Scry 2")
    start = len(game.log)
    _cast_and_resolve(game, e)
    assert game.pending.player == 0
    game.decide({"top": [e("A"), e("B")]})
    events = [kind for kind, _ in game.log[start:]]
    assert "scry" in events and not any("reveal" in k for k in events)
    game2, e2 = _scry_game("Test Scry 0")
    start2 = len(game2.log)
    _cast_and_resolve(game2, e2)
    assert game2.pending.kind == "priority" and "scry" not in [k for k, _ in game2.log[start2:]]


def test_look_and_put_back_in_any_order():
    """'Look at the top three cards, then put them back in any order' (CR 401.4): a
    reorder on top only; putting one on the bottom is refused."""
    game, e = _scry_game("Test Look Three")
    _cast_and_resolve(game, e)
    d = game.pending
    assert d.kind == "look_order" and d.options == [e("A"), e("B"), e("C")]
    with pytest.raises(IllegalAction):
        game.decide({"top": [e("A"), e("B")], "bottom": [e("C")]})
    game.decide({"top": [e("C"), e("A"), e("B")]})
    assert _lib(game, e) == ["C", "A", "B", "D", "E"]


# ---------------------------------------------------------------------------------------
# opening-hand actions (CR 103.6): the Leylines
# ---------------------------------------------------------------------------------------
LEY = "Leyline of Punishment"


def _keep_all(game):
    while game.pending is not None and game.pending.kind == "mulligan":
        game.decide("keep")


def test_leyline_begins_game_on_battlefield():
    """004 LEY-1; 004 Leyline of Punishment R2; 004 Leyline of Punishment R3; 004 LEY-6;
    004 CHARM-3: a Leyline kept in the opening hand may be put onto the battlefield after
    mulligans, before the first turn (CR 103.6a); it isn't cast, so nothing can counter it
    and 'whenever a player casts' abilities don't trigger."""
    game = Game.new([[LEY] * 20 + ["Mountain"] * 20, ["Dragon's Claw", "Mountain"] * 20],
                    seed=1, starting_player=0)
    start = len(game.log)
    _keep_all(game)
    d = game.pending
    assert d.kind == "may" and d.player == 0 and d.data.get("opening_hand")
    leys = [c for c in game.players[0].hand if game.name(c) == LEY]
    assert d.data["card"] in leys
    game.decide(True)
    # one decision per Leyline card
    for _ in range(len(leys) - 1):
        assert game.pending.kind == "may" and game.pending.player == 0
        game.decide(False)
    assert sum(1 for x in game.battlefield if game.name(x) == LEY) == 1
    # the game begins: turn 1 of the starting player, nothing on the stack
    assert game.turn == 1 and game.active == 0 and game.stack == []
    assert game.players[1].life == 20 and game.pending_triggers == []
    events = [kind for kind, _ in game.log[start:]]
    assert "cast" not in events and "zone_change" in events     # put onto the battlefield, not cast


def test_leylines_any_or_all_starting_player_first():
    """004 LEY-3; 004 LEY-4; 004 Leyline of Punishment R2; 004 §10 103.6: the starting player
    decides for each of their Leylines first (0, 1 or all), then the other player, knowing
    the first player's choices."""
    game = Game.new([[LEY] * 40, [LEY] * 40], seed=3, starting_player=1)
    _keep_all(game)
    seen = []
    while game.pending.kind == "may":
        seen.append(game.pending.player)
        # player 1 (starting) puts all of theirs; player 0 puts none
        if game.pending.player == 0:
            assert sum(1 for x in game.battlefield if game.name(x) == LEY) == 7
        game.decide(game.pending.player == 1)
    assert seen == [1] * 7 + [0] * 7
    ctl = [game.chars(x).controller for x in game.battlefield]
    assert ctl.count(1) == 7 and ctl.count(0) == 0
    assert game.turn == 1 and game.active == 1


def test_leyline_after_mulligans_only():
    """004 LEY-2; 004 LEY-5; 004 Leyline of Punishment R1: no Leyline decision while any
    player is still deciding on mulligans; only the kept (opening) hand counts, after
    the London mulligan's bottom choice (CR 103.5, 103.6)."""
    for seed in range(200):
        game = Game.new([[LEY] + ["Mountain"] * 39, ["Mountain"] * 40], seed=seed, starting_player=0)
        if any(game.name(c) == LEY for c in game.players[0].hand):
            break
    assert game.pending.kind == "mulligan" and game.pending.player == 0
    game.decide("mulligan")
    # still mulligan decisions, never a Leyline decision, until both players keep
    assert game.pending.kind == "mulligan"
    game.decide("keep")
    assert game.pending.kind == "mulligan" and game.pending.player == 1
    game.decide("keep")
    assert game.pending.kind == "bottom"
    hand = list(game.players[0].hand)
    ley = [c for c in hand if game.name(c) == LEY]
    if ley:
        game.decide([ley[0]])              # the Leyline goes to the bottom: not in the opening hand
    else:
        game.decide([hand[0]])
    assert game.pending.kind != "may"
    assert game.turn == 1 and not any(game.name(x) == LEY for x in game.battlefield)


def test_leyline_cast_normally_can_be_countered():
    """004 LEY-7: cast later as an ordinary {2}{R}{R} enchantment spell, the Leyline is a
    spell and can be countered (CR 701.6)."""
    from mtg_ecs.systems.stack import counter
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 4, "hand": [{"card": LEY, "id": "ley"}]}, {}]})
    e = game.card_entity[h["ley"]]
    game.decide(Cast(e))
    e = game.card_entity[h["ley"]]
    assert game.stack == [e]
    counter(game, e)
    assert game.zone_of(game.card_entity[h["ley"]]) == "graveyard"


# ---------------------------------------------------------------------------------------
# "whenever ~ enters or attacks" (the Titans)
# ---------------------------------------------------------------------------------------
ETB_OR_ATTACK = make_card("Test Titan", "{4}", "Creature — Giant", pt=(6, 6), abilities=[
    TriggeredAbility(tr.EntersOrAttacks(), (fx.GainLife(fx.YOU, 1),),
                     text="Whenever Test Titan enters or attacks, you gain 1 life.")])


def test_enters_or_attacks_put_onto_battlefield_attacking():
    """004 TITAN-3; 004 TITAN-1: a Titan put onto the battlefield attacking triggers its
    'enters' part but not its 'attacks' part (it was never declared as an attacker, CR
    508.4); a blocker doesn't 'attack'."""
    game, h = Game.from_setup({"players": [{"hand": [{"card": "Test Titan", "id": "t"}]}, {}],
                               "turn": {"step": "declare_attackers"}},
                              defs={"Test Titan": ETB_OR_ATTACK})
    e = game.card_entity[h["t"]]
    new = zones.put_onto_battlefield(game, e, controller=0)
    game.set(new, Attacking(PlayerRef(1)))
    assert len(game.pending_triggers) == 1
    assert game.pending_triggers[0].info.get("entered") == new


def test_enters_or_attacks_once_per_declaration():
    """004 TITAN-4; 004 TITAN-2: the trigger fires once for each declaration as an attacker
    (two combats: twice) — each 'attacks' event is a trigger event (CR 603.2, 508.1m)."""
    game, h = Game.from_setup({"players": [{"battlefield": [{"card": "Test Titan", "id": "t"}]}, {}]},
                              defs={"Test Titan": ETB_OR_ATTACK})
    e = game.card_entity[h["t"]]
    game.emit("attacks", attacker=e, defender=PlayerRef(1), controller=0)
    game.emit("attacks", attacker=e, defender=PlayerRef(1), controller=0)
    assert len(game.pending_triggers) == 2
    # another creature attacking doesn't trigger it
    game.emit("attacks", attacker=-5, defender=PlayerRef(1), controller=0)
    assert len(game.pending_triggers) == 2


# ---------------------------------------------------------------------------------------
# Stormtide Leviathan losing its abilities (layers 4 and 6)
# ---------------------------------------------------------------------------------------
def _lose_all_abilities(game, eid):
    from mtg_ecs.systems.effects import add_effect
    from mtg_ecs.systems.layers import CE, L_ABILITY

    def apply(g, ce, ch, allc):
        ch.abilities = ()
        ch.keywords = ()
    add_effect(game, CE(L_ABILITY, game.tick(), eid, 1, apply, objects=frozenset([eid]),
                        duration="eot"))


def test_stormtide_loses_abilities_lands_stay_islands():
    """004 Stormtide Leviathan R3; 004 SL-7: an effect that makes the Leviathan lose all its
    abilities (layer 6) doesn't stop its type-changing effect (layer 4, applied first, CR
    613.1d, 613.1f): lands, including one that enters later, stay Islands and tap for {U};
    its islandwalk and attack restriction no longer apply."""
    from mtg_ecs.core.decisions import Activate, PlayLand
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Stormtide Leviathan", "id": "sl"}, {"card": "Centaur Courser", "id": "cc"},
                         {"card": "Mountain", "id": "m"}],
         "hand": [{"card": "Forest", "id": "f"}]},
        {"battlefield": [{"card": "Serra Angel", "id": "sa"}, {"card": "Plains", "id": "pl"}]}]})
    e = lambda k: game.card_entity[h[k]]
    _lose_all_abilities(game, e("sl"))
    assert game.chars(e("sl")).abilities == () and not game.chars(e("sl")).keywords
    assert "Island" in game.chars(e("m")).subtypes and "Island" in game.chars(e("pl")).subtypes
    game.decide(PlayLand(e("f")))
    assert "Island" in game.chars(e("f")).subtypes
    game.decide(Activate(e("f"), 1))
    assert game.players[0].pool[1] == 1                     # {U}
    # the third ability is gone: the Courser can attack; no islandwalk: the Angel can block
    from mtg_ecs.systems.combat import attack_candidates, can_block
    cands = attack_candidates(game)
    assert e("cc") in cands
    assert can_block(game, e("sa"), e("sl"))


def test_removed_static_ability_stops_its_later_layer_effects():
    """CR 613.1f: a lord that loses its abilities (layer 6) no longer gives +1/+1 (layer 7c)
    — the mechanism behind 004 SL-7's 'the can't-attack ability no longer applies'."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Master of the Pearl Trident", "id": "lord"},
                         {"card": "Merfolk Sovereign", "id": "m"}]}, {}]})
    e = lambda k: game.card_entity[h[k]]
    before = game.chars(e("m")).power
    _lose_all_abilities(game, e("lord"))
    assert game.chars(e("m")).power == before - 1


# ---------------------------------------------------------------------------------------
# deathtouch from another zone, and by last known information
# ---------------------------------------------------------------------------------------
def test_deathtouch_from_another_zone():
    """004 DT-10: deathtouch works whatever zone the object dealing damage is in (702.2d):
    1 damage from a deathtouch card in a graveyard destroys a 5/5 at the next SBA check."""
    from mtg_ecs.systems import damage, sba
    game, h = Game.from_setup({"players": [
        {"graveyard": [{"card": "Deadly Recluse", "id": "dr"}]},
        {"battlefield": [{"card": "Vastwood Gorger", "id": "vg"}]}]})
    e = lambda k: game.card_entity[h[k]]
    src = e("dr")
    assert game.zone_of(src) == "graveyard" and game.chars(src).has("deathtouch")
    damage.deal(game, [(src, game.chars(src), e("vg"), 1)])
    sba.check(game)
    assert game.zone_of(game.card_entity[h["vg"]]) == "graveyard"


def test_deathtouch_last_known_information():
    """004 DT-11; 004 Cyclops Gladiator R3: a creature with deathtouch whose 'it deals damage
    equal to its power to target creature' ability resolves after it left the battlefield
    deals that damage with its last known information — it had deathtouch, so the target is
    destroyed (702.2e)."""
    from mtg_ecs.cards import get_card
    from mtg_ecs.core.decisions import Activate
    glad = get_card("Cyclops Gladiator")
    dt_glad = make_card("Test Deathtouch Gladiator", "{1}{R}{R}{R}", "Creature — Cyclops Warrior",
                        pt=(1, 1), keywords=["deathtouch"], abilities=glad.abilities)
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Test Deathtouch Gladiator", "id": "g"},
                         {"card": "Bloodthrone Vampire", "id": "bv"}]},
        {"battlefield": [{"card": "Vastwood Gorger", "id": "vg"}]}],
        "turn": {"step": "beginning_of_combat"}},
        defs={"Test Deathtouch Gladiator": dt_glad})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Pass())
    game.decide(Pass())                                  # to declare attackers
    assert game.pending.kind == "attackers"
    game.decide({e("g"): PlayerRef(1)})
    assert game.pending.kind == "targets"
    game.decide([e("vg")])
    # in response, sacrifice the Gladiator to Bloodthrone Vampire
    game.decide(Activate(e("bv"), 0, pay={"sacrifice": [e("g")]}))
    game.decide(Pass())
    game.decide(Pass())                                  # the Vampire's ability resolves
    game.decide(Pass())
    game.decide(Pass())                                  # the Gladiator's trigger resolves
    assert game.pending.kind == "may"
    game.decide(True)
    assert game.zone_of(game.card_entity[h["vg"]]) == "graveyard"


COUNTER_DRAW = make_card("Test Counter Draw", "{1}{U}{U}", "Instant", spell=SpellAbility(
    effects=(fx.CounterSpell(fx.TARGET(0)), fx.Draw(fx.YOU, 1)),
    targets=(target("target spell", "spell", zone="stack"),),
    text="Counter target spell. Draw a card."))


def test_cant_be_countered_rest_of_effect_happens():
    """004 GR-2; 004 Gaea's Revenge R2: a blue 'Counter target spell. Draw a
    card.' targeting a Gaea's Revenge spell resolves: Revenge isn't countered, the caster
    still draws (CR 101.2)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Forest"] * 7, "hand": [{"card": "Gaea's Revenge", "id": "gr"}],
         "library": ["Forest"]},
        {"battlefield": ["Island"] * 3, "hand": [{"card": "Test Counter Draw", "id": "cd"}],
         "library": [{"card": "Plains", "id": "pl"}]}]}, defs={"Test Counter Draw": COUNTER_DRAW})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("gr")))
    game.decide(Pass())
    game.decide(Cast(e("cd"), targets=[[e("gr")]]))
    game.decide(Pass())
    game.decide(Pass())                                 # the counterspell resolves
    assert game.zone_of(e("gr")) == "stack"
    assert game.zone_of(e("pl")) == "hand"
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("gr")) == "battlefield"


COUNTER_ABILITY = make_card("Test Blue Counterer", "{U}", "Creature — Wizard", pt=(1, 1), abilities=[
    ActivatedAbility(
        cost=parse_activation_cost("{T}"),
        effects=(fx.CounterSpell(fx.TARGET(0)),),
        targets=(target("target spell", "spell", zone="stack"),),
        text="{T}: Counter target spell.")])


def _veil_game():
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Forest"] * 4, "hand": [{"card": "Autumn's Veil", "id": "veil"},
                                                 {"card": "Centaur Courser", "id": "cc"}]},
        {"battlefield": ["Island"] * 3 + [{"card": "Test Blue Counterer", "id": "bc"}],
         "hand": [{"card": "Test Counter Draw", "id": "cd"}], "library": [{"card": "Plains", "id": "pl"}]}]},
        defs={"Test Counter Draw": COUNTER_DRAW, "Test Blue Counterer": COUNTER_ABILITY})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("veil")))
    game.decide(Pass())
    game.decide(Pass())
    game.decide(Cast(e("cc")))
    game.decide(Pass())
    return game, e


def test_veil_blue_counter_spell_other_effects_happen():
    """004 AV-3; 004 Autumn's Veil R2: after Veil, a blue 'Counter target spell. Draw a
    card.' resolves: the Veil player's spell isn't countered, the caster still draws."""
    game, e = _veil_game()
    game.decide(Cast(e("cd"), targets=[[e("cc")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("pl")) == "hand" and game.zone_of(e("cc")) == "stack"
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("cc")) == "battlefield"


def test_veil_doesnt_stop_abilities():
    """004 Autumn's Veil R7: Veil doesn't affect abilities — an ability from a blue source
    can still counter the Veil player's spell."""
    from mtg_ecs.core.decisions import Activate
    game, e = _veil_game()
    game.decide(Activate(e("bc"), 0, targets=[[e("cc")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("cc")) == "graveyard"


AXE = make_card("Test Axe", "{4}{R}", "Sorcery", spell=SpellAbility(
    effects=(fx.DealDamage(5, fx.TARGET(0)),),
    targets=(target("target player", "player"),),
    text="Test Axe deals 5 damage to target player."))


def test_spitfire_once_per_damage_event():
    """004 Chandra's Spitfire R2; 004 CS-2: one spell dealing 5 noncombat damage to the
    opponent (a Lava Axe) triggers Chandra's Spitfire once: +3/+0, not more."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Chandra's Spitfire", "id": "sp"}] + ["Mountain"] * 5,
         "hand": [{"card": "Test Axe", "id": "axe"}]}, {}]}, defs={"Test Axe": AXE})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("axe"), targets=[[PlayerRef(1)]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.players[1].life == 15 and len(game.stack) == 1
    game.decide(Pass())
    game.decide(Pass())
    assert (game.chars(e("sp")).power, game.chars(e("sp")).toughness) == (4, 3)


def test_redirect_keeps_the_mode():
    """004 Redirect R2; 004 RD-4: Redirect changes only targets — a modal spell keeps its
    chosen mode (700.2); the new target is one for that mode."""
    from mtg_ecs.systems.targeting import creature, player
    modal = make_card("Test Modal Shock", "{R}", "Instant", spell=SpellAbility(modes=(
        ("deals 2 damage to target creature", (creature(),), (fx.DealDamage(2, fx.TARGET(0)),)),
        ("target player gains 2 life", (player(),), (fx.GainLife(fx.TARGET(0), 2),)))))
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Island", "Island", {"card": "Wind Drake", "id": "wd"}],
         "hand": [{"card": "Redirect", "id": "rd"}]},
        {"battlefield": ["Mountain", {"card": "Kraken Hatchling", "id": "kh"}],
         "hand": [{"card": "Test Modal Shock", "id": "ms"}]}],
        "turn": {"number": 2, "active": 1}}, defs={"Test Modal Shock": modal})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("ms"), modes=[0], targets=[[e("wd")]]))
    game.decide(Pass())
    game.decide(Cast(e("rd"), targets=[[e("ms")]]))
    game.decide(Pass())
    game.decide(Pass())                          # Redirect resolves
    assert game.pending.kind == "may"
    game.decide(True)
    d = game.pending
    assert d.kind == "targets" and PlayerRef(0) not in d.options and e("kh") in d.options
    game.decide([e("kh")])
    from mtg_ecs.components import Spell
    assert game.world.get(e("ms"), Spell).modes == (0,)
    game.decide(Pass())
    game.decide(Pass())
    assert game.world.get(e("kh"), Damage).amount == 2
    assert game.zone_of(e("wd")) == "battlefield"


def test_veil_one_of_two_targets_illegal():
    """004 AV-9: a blue spell targeting the Veil player's creature X and the caster's own
    creature Y, with Veil resolved in response: on resolution X is an illegal target and is
    unaffected; the spell isn't countered and still affects Y (608.2b)."""
    from mtg_ecs.systems.targeting import creature
    two = make_card("Test Blue Double Shrink", "{1}{U}", "Instant", spell=SpellAbility(
        effects=(fx.ModifyPT(fx.TARGET(0), -1, -1), fx.ModifyPT(fx.TARGET(1), -1, -1)),
        targets=(creature(), creature()),
        text="Target creature gets -1/-1 until end of turn. Another target creature gets -1/-1 until end of turn."))
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Forest", {"card": "Centaur Courser", "id": "x"}],
         "hand": [{"card": "Autumn's Veil", "id": "veil"}]},
        {"battlefield": ["Island", "Island", {"card": "Wind Drake", "id": "y"}],
         "hand": [{"card": "Test Blue Double Shrink", "id": "s"}]}],
        "turn": {"number": 2, "active": 1}}, defs={"Test Blue Double Shrink": two})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Cast(e("s"), targets=[[e("x")], [e("y")]]))
    game.decide(Pass())
    game.decide(Cast(e("veil")))
    game.decide(Pass())
    game.decide(Pass())                          # Veil resolves
    game.decide(Pass())
    game.decide(Pass())                          # the blue spell resolves
    assert game.chars(e("x")).power == 3
    assert game.chars(e("y")).power == 1


def test_reveal_at_random_play_or_cast():
    """Wild Evocation (movement.RevealAtRandomPlayOrCast; 004 WE-14): the revealed card is
    chosen uniformly at random (seeded) among the cards in that player's hand and revealed;
    a land goes onto the battlefield."""
    from collections import Counter
    seen = Counter()
    for seed in range(60):
        game, h = Game.from_setup({"seed": seed, "players": [
            {"battlefield": [{"card": "Wild Evocation", "id": "we"}], "library": ["Forest"]},
            {"hand": [{"card": "Island", "id": "a"}, {"card": "Swamp", "id": "b"}, {"card": "Plains", "id": "c"}],
             "library": ["Forest"]}], "turn": {"step": "end"}})
        while not (game.turn == 2 and game.step == "upkeep" and game.stack == [] and
                   game.pending.kind == "priority"):
            game.decide(Pass())
        on_bf = [k for k in "abc" if game.zone_of(game.card_entity[h[k]]) == "battlefield"]
        assert len(on_bf) == 1
        seen[on_bf[0]] += 1
        assert any(k == "reveal" for k, _ in game.log)
    assert set(seen) == {"a", "b", "c"}


def test_reveal_at_random_casts_sorcery_during_resolution():
    """The Wild Evocation mechanism: a revealed sorcery is cast during the resolution on
    another player's turn (type-based timing ignored), for free, and then waits on the
    stack; a card that can't be cast (no legal target) stays in hand."""
    for hand, on_stack in ((["Divination"], True), (["Unsummon"], False)):
        game, h = Game.from_setup({"players": [
            {"battlefield": [{"card": "Wild Evocation", "id": "we"}], "library": ["Forest"]},
            {"hand": [{"card": hand[0], "id": "c"}], "library": ["Forest"] * 3}],
            "turn": {"step": "end"}})
        e = lambda k: game.card_entity[h[k]]
        from mtg_ecs.components import StackAbility
        while True:                              # until the upkeep trigger has resolved
            if game.turn == 2 and game.step == "upkeep" and game.pending.kind == "priority" and \
                    not any(game.has(x, StackAbility) for x in game.stack) and \
                    game.resolved > 0:
                break
            game.decide(Pass())
        assert (game.zone_of(e("c")) == "stack") == on_stack


def test_maze_targets_creature_put_onto_battlefield_attacking():
    """004 MM-6, 004 Mystifying Maze R1 (CR 506.3, 508.4): a creature put onto the battlefield
    attacking is an attacking creature, so Mystifying Maze can target it (and exile it)."""
    from mtg_ecs.core.decisions import Activate
    game, h = Game.from_setup({"players": [
        {"hand": [{"card": "Centaur Courser", "id": "cc"}]},
        {"battlefield": [{"card": "Mystifying Maze", "id": "mm"}] + [{"card": "Forest"}] * 4}],
        "turn": {"step": "declare_attackers"}})
    new = zones.put_onto_battlefield(game, game.card_entity[h["cc"]], controller=0)
    game.set(new, Attacking(PlayerRef(1)))
    game.decide(Pass())
    maze = game.card_entity[h["mm"]]
    assert game.pending.player == 1 and Activate(maze, 1) in game.pending.options
    game.decide(Activate(maze, 1, targets=[new]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(game.card_entity[h["cc"]]) == "exile"


def test_leyline_of_the_void_begins_game_on_battlefield():
    """The opening-hand rulings apply to Leyline of the Void too (004 §8.12; CR 103.6a): kept
    in the opening hand it may begin the game on the battlefield, and from then on the
    opponent's cards that would go to their graveyard are exiled."""
    game = Game.new([["Leyline of the Void"] * 20 + ["Mountain"] * 20, ["Lightning Bolt", "Mountain"] * 20],
                    seed=1, starting_player=0)
    _keep_all(game)
    assert game.pending.kind == "may" and game.pending.data.get("opening_hand")
    game.decide(True)
    while game.pending.kind == "may" and game.pending.data.get("opening_hand"):
        game.decide(False)
    lv = [x for x in game.battlefield if game.name(x) == "Leyline of the Void"]
    assert len(lv) == 1 and game.turn == 1
    bolt = next(c for c in game.players[1].hand if game.name(c) == "Lightning Bolt")
    zones.discard(game, 1, bolt, by=0)
    assert game.players[1].graveyard == [] and len(game.exile) == 1
