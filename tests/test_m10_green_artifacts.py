"""Magic 2010 FAQ (spec 001) green/artifact cards: rulings a scenario file can't express,
and focused tests of the mechanisms they brought (systems/player_rules.py, naming.py,
'can't be countered', static prevention, 'enters with counters')."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import make_card, StaticAbility, ActivatedAbility, SpellAbility, parse_activation_cost
from mtg_ecs.components import FaceDown
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Activate, Cast, IllegalAction, PlayerRef
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import player_rules, zones
from mtg_ecs.systems.naming import CantActivateNamed, activation_forbidden
from mtg_ecs.systems.replacement import PreventDamageTo, EntersWithCounters
from mtg_ecs.systems import statics as st
from mtg_ecs.systems.targeting import target


def _game(setup, *defs):
    return Game.from_setup(setup, defs={d.name: d for d in defs})


# --- Pithing Needle ---------------------------------------------------------------------
TEST_DUAL = make_card("Test Mana Pump", "{G}", "Creature — Elf", pt=(1, 1), abilities=[
    ActivatedAbility(cost=parse_activation_cost("{T}"), mana=((0, 0, 0, 0, 1, 0),), text="{T}: Add {G}."),
    ActivatedAbility(cost=parse_activation_cost("{G}"), effects=(fx.ModifyPT(fx.SELF, 1, 1),),
                     text="{G}: Test Mana Pump gets +1/+1 until end of turn.")])


def test_pithing_needle_mana_ability_still_works():
    """001 Pithing Needle R3: naming a card with a mana ability and another activated
    ability: the mana ability can be activated, the other can't (CR 605.1a, 602.5)."""
    game, h = _game({"players": [
        {"battlefield": [{"card": "Test Mana Pump", "id": "pump"},
                         {"card": "Pithing Needle", "id": "n", "chosen": {"name": "Test Mana Pump"}},
                         "Forest"]}, {}]}, TEST_DUAL)
    pump = game.card_entity[h["pump"]]
    opts = game.pending.options
    assert Activate(pump, 0) in opts
    assert Activate(pump, 1) not in opts
    with pytest.raises(IllegalAction):
        game.decide(Activate(pump, 1))
    game.decide(Activate(pump, 0))
    assert game.players[0].pool[4] == 1


def test_pithing_needle_affects_tokens_and_every_copy():
    """001 Pithing Needle R1: a token with the chosen name (and every object with that
    name, whoever controls it) is affected; 001 T1.3.3."""
    game, h = _game({"players": [
        {"battlefield": [{"card": "Pithing Needle", "id": "n", "chosen": {"name": "Furnace Whelp"}}]},
        {"battlefield": [{"card": "Furnace Whelp", "id": "tok", "token": True},
                         {"card": "Furnace Whelp", "id": "w"}, "Mountain", "Mountain"]}]})
    tok, w = game.card_entity[h["tok"]], game.card_entity[h["w"]]
    ab = game.chars(w).abilities[0]
    assert activation_forbidden(game, tok, ab) and activation_forbidden(game, w, ab)
    n = game.card_entity[h["n"]]
    zones.move(game, n, "graveyard")                 # R5: gone, abilities usable again
    assert not activation_forbidden(game, w, ab)


# --- Mirror of Fate ------------------------------------------------------------------------
def test_mirror_of_fate_face_down_exiled_card_not_chosen():
    """001 T2.4.2; 001 Mirror of Fate R3: a face-down exiled card can't be chosen; face-up
    ones you own can."""
    game, h = _game({"players": [
        {"battlefield": [{"card": "Mirror of Fate", "id": "m"}],
         "exile": [{"card": "Serra Angel", "id": "up"}, {"card": "Wind Drake", "id": "down"}],
         "library": ["Island"]}, {}]})
    down = game.card_entity[h["down"]]
    game.set(down, FaceDown())
    game.decide(Activate(game.card_entity[h["m"]], 0))
    game.decide(Pass())
    game.decide(Pass())
    d = game.pending
    assert d.kind == "choose"
    assert game.card_entity[h["up"]] in d.options and down not in d.options
    with pytest.raises(IllegalAction):
        game.decide([down])


# --- player rules: Platinum Angel, hand size, skipped steps ----------------------------------
def test_player_rules_cant_lose_and_cant_win():
    """Mechanism (systems/player_rules.py): 'can't lose' stops effects and state-based
    actions; 'opponents can't win' stops win effects; a draw isn't affected
    (001 Platinum Angel R1, R3; CR 104.2b, 104.3e, 104.4c)."""
    game, h = _game({"players": [{"battlefield": [{"card": "Platinum Angel", "id": "a"}]}, {}]})
    assert player_rules.cant_lose(game, 0) and not player_rules.cant_lose(game, 1)
    assert player_rules.cant_win(game, 1) and not player_rules.cant_win(game, 0)
    assert not player_rules.lose(game, 0)
    assert not player_rules.win(game, 1)
    assert not game.over and not game.players[0].lost
    assert player_rules.win(game, 0)                   # p0 may win: p1 loses
    assert game.over and game.winner == 0 and game.players[1].lost


def test_player_rules_draw_not_stopped():
    """001 Platinum Angel R3: 'the game is a draw' works with Platinum Angel (104.4c)."""
    game, h = _game({"players": [{"battlefield": [{"card": "Platinum Angel", "id": "a"}]}, {}]})
    player_rules.draw_game(game)
    assert game.over and game.winner is None and not any(p.lost for p in game.players)


def test_platinum_angel_leaves_then_sba():
    """001 Platinum Angel R1: its controller at 0 life keeps playing; once the Angel
    leaves the battlefield the state-based action (704.5a) applies at the next check."""
    game, h = _game({"players": [{"life": 0, "battlefield": [{"card": "Platinum Angel", "id": "a"}]}, {}]})
    assert not game.players[0].lost
    a = game.card_entity[h["a"]]
    zones.move(game, a, "exile")
    game.decide(Pass())
    assert game.players[0].lost and game.winner == 1


def test_hand_size_timestamp_order():
    """Mechanism: maximum hand size effects apply in timestamp order (001 Spellbook R2,
    CR 402.2); none: seven."""
    game, h = _game({"players": [{"battlefield": [{"card": "Spellbook", "id": "b"},
                                                  {"card": "Null Profusion", "id": "n"}]},
                                 {"battlefield": [{"card": "Null Profusion", "id": "n2"},
                                                  {"card": "Spellbook", "id": "b2"}]}]})
    assert player_rules.max_hand_size(game, 0) == 2
    assert player_rules.max_hand_size(game, 1) is None
    zones.move(game, game.card_entity[h["n"]], "graveyard")
    assert player_rules.max_hand_size(game, 0) is None
    zones.move(game, game.card_entity[h["b"]], "graveyard")
    assert player_rules.max_hand_size(game, 0) == 7


def test_skip_step_only_its_controller():
    """Mechanism: 'Skip your draw step' skips only its controller's draw step (614.10);
    the opponent still draws."""
    game, h = _game({"players": [
        {"battlefield": [{"card": "Null Profusion", "id": "n"}], "library": ["Island", "Island"]},
        {"library": ["Island", "Island"]}],
        "turn": {"active": 1, "step": "main1", "number": 2}})
    while not (game.turn == 3 and game.step == "main1"):
        game.decide(Pass())
    assert len(game.players[0].hand) == 0 and len(game.players[0].library) == 2
    while not (game.turn == 4 and game.step == "main1"):
        game.decide(Pass())
    assert len(game.players[1].hand) == 1


# --- "can't be countered" ---------------------------------------------------------------------
def test_cant_be_countered_rest_of_effect_happens():
    """Mechanism (systems/stack.py counter): a spell that can't be countered stays on the
    stack; the rest of the countering effect still happens (001 Great Sable Stag R1)."""
    counter_and_draw = make_card("Test Counter Draw", "{U}", "Instant", spell=SpellAbility(
        effects=(fx.CounterSpell(fx.TARGET(0)), fx.Draw(fx.YOU, 1)),
        targets=(target("target spell", "spell", zone="stack"),),
        text="Counter target spell. Draw a card."))
    game, h = _game({"players": [
        {"battlefield": ["Forest", "Forest", "Forest"], "hand": [{"card": "Great Sable Stag", "id": "s"}]},
        {"battlefield": ["Island"], "hand": [{"card": "Test Counter Draw", "id": "c"}],
         "library": ["Island"]}]}, counter_and_draw)
    stag = game.card_entity[h["s"]]
    game.decide(Cast(stag))
    stag = game.card_entity[h["s"]]
    game.decide(Pass())
    game.decide(Cast(game.card_entity[h["c"]], targets=[[stag]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.stack == [stag]
    assert len(game.players[1].hand) == 1              # the draw happened
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(game.card_entity[h["s"]]) == "battlefield"


# --- static prevention, enters with counters ----------------------------------------------------
def test_static_prevention_noncombat_only():
    """Mechanism (replacement.PreventDamageTo): a static 'prevent all noncombat damage
    that would be dealt to equipped creature' prevents spell damage, not combat damage
    (001 Magebane Armor R3; CR 615.1a)."""
    from mtg_ecs.systems import damage
    game, h = _game({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"},
                         {"card": "Magebane Armor", "id": "a", "attached_to": "cc"}]},
        {"battlefield": [{"card": "Canyon Minotaur", "id": "m"}]}]})
    cc, m = game.card_entity[h["cc"]], game.card_entity[h["m"]]
    damage.deal(game, [(m, game.chars(m), cc, 3)], combat=False)
    from mtg_ecs.components import Damage
    assert game.world.get(cc, Damage) is None
    damage.deal(game, [(m, game.chars(m), cc, 3)], combat=True)
    assert game.world.get(cc, Damage).amount == 3


def test_enters_with_counters_x():
    """Mechanism (replacement.EntersWithCounters): 'enters with N counters' and with X
    counters (X paid; 0 when not cast) (CR 614.1c, 107.3m)."""
    d2 = make_card("Test Counter Thing", "{1}", "Artifact", abilities=[
        StaticAbility(replacement=(EntersWithCounters("charge", 2), EntersWithCounters("+1/+1", "X")),
                      zones=("battlefield", "hand", "library", "graveyard", "exile", "stack"))])
    game, h = _game({"players": [{"hand": [{"card": "Test Counter Thing", "id": "t"}]}, {}]}, d2)
    new = zones.put_onto_battlefield(game, game.card_entity[h["t"]], x=3)
    assert game.counters(new).get("charge") == 2 and game.counters(new).get("+1/+1") == 3
    new2 = zones.move(game, new, "hand")
    new3 = zones.put_onto_battlefield(game, new2)
    assert game.counters(new3).get("+1/+1") == 0 and game.counters(new3).get("charge") == 2


# --- trigger and zone mechanisms ---------------------------------------------------------
def test_counters_removed_trigger_once_per_counter():
    """Mechanism (triggers.CountersRemovedFromSelf, 'repeat'): removing three +1/+1
    counters at once triggers three times (001 Protean Hydra R4; CR 603.2c)."""
    game, h = _game({"players": [{"battlefield": [
        {"card": "Protean Hydra", "id": "hy", "counters": {"+1/+1": 5}}]}, {}]})
    hy = game.card_entity[h["hy"]]
    zones.remove_counters(game, hy, "+1/+1", 3)
    assert len(game.pending_triggers) == 3
    zones.remove_counters(game, hy, "-1/-1", 1)      # none of that kind: no event
    assert len(game.pending_triggers) == 3


def test_destroy_without_regeneration():
    """Mechanism (zones.destroy regenerate=False, 701.19c): a regeneration shield replaces
    an ordinary destruction but not one that 'can't be regenerated'."""
    from mtg_ecs.components import RegenerationShields
    game, h = _game({"players": [{"battlefield": [{"card": "Crimson Muckwader", "id": "m"}]}, {}]})
    m = game.card_entity[h["m"]]
    game.set(m, RegenerationShields(2))
    assert not zones.destroy(game, m)
    assert game.zone_of(m) == "battlefield"
    zones.destroy(game, m, regenerate=False)
    assert game.zone_of(game.card_entity[h["m"]]) == "graveyard"


def test_enters_not_cast_from_hand():
    """Mechanism (Spell.cast_from; triggers.EntersNotCastFrom): a permanent spell cast from
    the hand doesn't trigger 'if you didn't cast it from your hand'; one put onto the
    battlefield by an effect does (Phage the Untouchable; CR 601.2a, 603.4)."""
    game, h = _game({"players": [
        {"battlefield": ["Swamp"] * 7,
         "hand": [{"card": "Phage the Untouchable", "id": "a"}, {"card": "Phage the Untouchable", "id": "b"}]},
        {}]})
    game.decide(Cast(game.card_entity[h["a"]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(game.card_entity[h["a"]]) == "battlefield"
    assert game.stack == [] and not game.pending_triggers
    zones.put_onto_battlefield(game, game.card_entity[h["b"]], controller=0)
    assert len(game.pending_triggers) == 1
