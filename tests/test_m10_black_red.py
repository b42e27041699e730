"""Magic 2010 FAQ (spec 001) black/red/green cards (Cemetery Reaper .. Garruk Wildspeaker):
rulings a scenario file can't express, and the mechanisms these cards brought."""
from __future__ import annotations

import pytest

from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast, Activate, PlayerRef, IllegalAction
from mtg_ecs.apps.decklist import problems
from mtg_ecs.systems.replacement import PreventNextDamage
from mtg_ecs.systems.replacement import add_shield


def _ents(game, h):
    return lambda k: game.card_entity[h[k]]


def _resolve(game):
    game.decide(Pass())
    game.decide(Pass())


def test_tendrils_gain_ignores_prevention():
    """001 Tendrils of Corruption R1: its controller gains life equal to the number of
    Swamps they control, not the damage actually dealt when some is prevented (CR 615)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp"] * 4, "hand": [{"card": "Tendrils of Corruption", "id": "t"}]},
        {"battlefield": [{"card": "Vastwood Gorger", "id": "g"}]}]})
    e = _ents(game, h)
    add_shield(game, PreventNextDamage(e("g"), 3))
    game.decide(Cast(e("t"), targets=[[e("g")]]))
    _resolve(game)
    from mtg_ecs.components import Damage
    assert game.world.get(e("g"), Damage).amount == 1
    assert game.players[0].life == 24


def test_relentless_rats_any_number_in_deck():
    """001 Relentless Rats R1: 'A deck can have any number of cards named Relentless Rats'
    overrides the four-copy rule of constructed (CR 100.2a); other cards still can't."""
    deck = ["Relentless Rats"] * 20 + ["Swamp"] * 40
    assert problems(deck, (), "constructed") == []
    deck = ["Relentless Rats"] * 20 + ["Centaur Courser"] * 5 + ["Swamp"] * 35
    out = problems(deck, (), "constructed")
    assert len(out) == 1 and "Centaur Courser" in out[0]


def test_control_until_end_of_turn_returns():
    """Mechanism (CR 611.2a, 613.2, 514.2): a control change 'until end of turn' ends in
    the cleanup step and the permanent returns to the controller it had before the
    effect (the one it entered under)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Act of Treason", "id": "aot"}],
         "library": ["Island"] * 3},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}], "library": ["Island"] * 3}]})
    e = _ents(game, h)
    from mtg_ecs.components import Controller
    game.decide(Cast(e("aot"), targets=[[e("cc")]]))
    _resolve(game)
    assert game.chars(e("cc")).controller == 0
    assert game.world.get(e("cc"), Controller).base == 1
    while game.turn == 1:
        game.decide(Pass() if game.pending.kind == "priority" else {})
    assert game.chars(e("cc")).controller == 1
    assert game.world.get(e("cc"), Controller).base is None


def _paint():
    from mtg_ecs.components.definitions import make_card, SpellAbility
    from mtg_ecs.systems import effects as fx
    from mtg_ecs.systems.targeting import creature
    return make_card("Test Paint", "{0}", "Sorcery", spell=SpellAbility(
        effects=(fx.SetColors(fx.TARGET(0), {"G"}, duration="forever"),
                 fx.SetSubtypes(fx.TARGET(0), ("Elf",), duration="forever")),
        targets=(creature(),),
        text="Target creature becomes green and an Elf (it loses its other colors and creature types)."))


def test_rise_from_the_grave_later_effects_override():
    """001 Rise from the Grave R3: a later effect that sets the creature's color makes it
    only that color, and a later effect that sets its creature types removes the Zombie
    part too (layers 4 and 5, timestamp order, CR 613.7)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp"] * 5, "hand": [{"card": "Rise from the Grave", "id": "r"},
                                                {"card": "Test Paint", "id": "paint"}]},
        {"graveyard": [{"card": "Serra Angel", "id": "a"}]}]}, defs={"Test Paint": _paint()})
    e = _ents(game, h)
    game.decide(Cast(e("r"), targets=[[e("a")]]))
    _resolve(game)
    ch = game.chars(e("a"))
    assert ch.colors == frozenset({"W", "B"}) and set(ch.subtypes) == {"Angel", "Zombie"}
    game.decide(Cast(e("paint"), targets=[[e("a")]]))
    _resolve(game)
    ch = game.chars(e("a"))
    assert ch.colors == frozenset({"G"})
    assert ch.subtypes == ("Elf",)
    assert ch.controller == 0


# --- "doesn't untap during ... next untap step" (systems/untap.py) -------------------
def _skipper(player_tracked: bool):
    """Test cards: Wall of Frost's effect (tracks the creature) and Sleep's (tracks the
    creature and the player), as instants."""
    from mtg_ecs.components.definitions import make_card, SpellAbility
    from mtg_ecs.systems import effects as fx
    from mtg_ecs.systems.untap import DoesntUntapNext
    from mtg_ecs.systems.targeting import creature
    step = DoesntUntapNext(fx.TARGET(0), fx.PLAYER_OF(fx.TARGET(0)) if player_tracked else None)
    return make_card("Test Sleep" if player_tracked else "Test Frost", "{0}", "Instant",
                     spell=SpellAbility(effects=(step,), targets=(creature(),), text="test"))


def _to_untap_of(game, player, turn_at_least):
    while not (game.turn >= turn_at_least and game.active == player and game.step == "upkeep"):
        game.decide(Pass() if game.pending.kind == "priority" else {})


def test_doesnt_untap_next_tracks_object():
    """Mechanism for 001 Wall of Frost R1 / Sleep R2 (CR 502.3, 611.2c): an effect
    tracking only the creature stops it untapping in its controller's next untap step —
    the NEW controller's if control changed — and then ends."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Test Frost", "id": "tf"},
                                                   {"card": "Act of Treason", "id": "aot"}],
         "library": ["Island"] * 5},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc", "tapped": True}],
         "library": ["Island"] * 5}]}, defs={"Test Frost": _skipper(False)})
    e = _ents(game, h)
    from mtg_ecs.components import Tapped
    game.decide(Cast(e("tf"), targets=[[e("cc")]]))
    _resolve(game)
    _to_untap_of(game, 1, 2)
    assert game.world.has(e("cc"), Tapped)          # p1's next untap step: skipped
    _to_untap_of(game, 1, 4)
    assert not game.world.has(e("cc"), Tapped)      # the effect has ended


def test_doesnt_untap_next_new_controller():
    """001 Wall of Frost R1 (mechanism): tracking only the creature, a creature whose
    controller changed doesn't untap during its NEW controller's next untap step."""
    from mtg_ecs.components import Tapped
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Test Frost", "id": "tf"},
                                                   {"card": "Nicol Bolas, Planeswalker", "id": "nb"}],
         "library": ["Island"] * 5},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc", "tapped": True}],
         "library": ["Island"] * 5}]}, defs={"Test Frost": _skipper(False)})
    e = _ents(game, h)
    game.decide(Cast(e("tf"), targets=[[e("cc")]]))
    _resolve(game)
    from mtg_ecs.systems import effects as fx
    from mtg_ecs.systems.effects import Ctx
    fx.GainControl(fx.TARGET(0)).run(game, Ctx(None, e("tf"), 0, [[e("cc")]]))
    assert game.chars(e("cc")).controller == 0
    _to_untap_of(game, 0, 3)                         # p0's next untap step: skipped
    assert game.world.has(e("cc"), Tapped)
    _to_untap_of(game, 0, 5)
    assert not game.world.has(e("cc"), Tapped)


def test_doesnt_untap_next_tracks_player():
    """001 Sleep R2 (mechanism): an effect tracking the player and the creature — a
    creature that changed controller untaps normally during its new controller's untap
    step, and the effect ends at the original player's next untap step."""
    from mtg_ecs.components import Tapped
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Test Sleep", "id": "ts"}],
         "library": ["Island"] * 5},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc", "tapped": True}],
         "library": ["Island"] * 5}]}, defs={"Test Sleep": _skipper(True)})
    e = _ents(game, h)
    game.decide(Cast(e("ts"), targets=[[e("cc")]]))
    _resolve(game)
    from mtg_ecs.systems import effects as fx
    from mtg_ecs.systems.effects import Ctx
    fx.GainControl(fx.TARGET(0)).run(game, Ctx(None, e("ts"), 0, [[e("cc")]]))
    _to_untap_of(game, 0, 3)                         # p0 controls it now: untaps normally
    assert not game.world.has(e("cc"), Tapped)
    assert game.skip_untap == ()        # ended at p1's untap step (turn 2)


def test_jackal_familiar_put_onto_battlefield_attacking_or_blocking():
    """001 Jackal Familiar R5: "can't block alone" restricts only declarations
    (508.1c, 509.1b); a Jackal Familiar that is attacking or blocking without having been
    declared (put onto the battlefield attacking/blocking, 508.4, 509.5) stays in combat
    and deals combat damage alone."""
    from mtg_ecs.components import Attacking, Blocking
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}], "library": ["Island"] * 3},
        {"battlefield": [], "hand": [{"card": "Jackal Familiar", "id": "jb"}],
         "library": ["Island"] * 3}]})
    e = _ents(game, h)
    game.decide(Pass())                               # main1 -> beginning of combat
    while game.step != "declare_attackers" or game.pending.kind != "attackers":
        game.decide(Pass())
    game.decide({e("cc"): PlayerRef(1)})
    # 509.5: an effect puts the Jackal onto the battlefield blocking the Courser
    from mtg_ecs.systems import zones
    jb = zones.put_onto_battlefield(game, e("jb"), controller=1)
    game.set(jb, Blocking((e("cc"),)))
    at = game.world.get(e("cc"), Attacking)
    game.set(e("cc"), Attacking(at.defender, True, at.removed))
    while game.step not in ("combat_damage", "end_of_combat"):
        game.decide(Pass() if game.pending.kind == "priority" else {})
    while game.step != "end_of_combat":
        game.decide(Pass() if game.pending.kind == "priority" else {})
    from mtg_ecs.components import Damage
    assert game.zone_of(game.card_entity[h["jb"]]) == "graveyard"
    assert game.world.get(e("cc"), Damage).amount == 2
    assert game.players[1].life == 20


def test_jackal_familiar_put_onto_battlefield_attacking():
    """001 Jackal Familiar R4: a Jackal Familiar put onto the battlefield attacking isn't
    declared as an attacker (508.4), so 'can't attack alone' doesn't apply: it attacks and
    deals its damage though it is the only attacking creature."""
    from mtg_ecs.components import Attacking
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}],
         "hand": [{"card": "Jackal Familiar", "id": "j"}], "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]})
    e = _ents(game, h)
    while game.step != "declare_attackers" or game.pending.kind != "attackers":
        game.decide(Pass())
    game.decide({e("cc"): PlayerRef(1)})
    from mtg_ecs.systems import zones
    zones.bounce(game, e("cc"))                       # the Courser leaves combat
    j = zones.put_onto_battlefield(game, e("j"), controller=0)
    game.set(j, Attacking(PlayerRef(1)))             # 508.4: put onto the battlefield attacking
    assert [x for x in game.battlefield if game.world.has(x, Attacking)] == [j]
    while game.step != "end_of_combat":
        game.decide(Pass() if game.pending.kind == "priority" else {})
    assert game.players[1].life == 18


def test_random_discard_seeded_and_simultaneous():
    """Mechanism (systems/random_choice.py, CR 701.9c): random discards come from the
    game's seeded RNG (same seed, same cards) and are discarded together (101.4)."""
    def run(seed):
        game, h = Game.from_setup({"seed": seed, "players": [
            {"battlefield": ["Mountain"], "hand": [{"card": "Burning Inquiry", "id": "bi"}],
             "library": ["Forest", "Island", "Swamp", "Plains", "Mountain", "Forest"]},
            {"hand": ["Plains"], "library": ["Forest", "Island", "Swamp"]}]})
        e = _ents(game, h)
        game.decide(Cast(e("bi")))
        _resolve(game)
        return [sorted(game.name(c) for c in p.graveyard) for p in game.players]
    results = {seed: run(seed) for seed in range(6)}
    assert all(len(r[0]) == 4 and len(r[1]) == 3 for r in results.values())
    assert run(3) == results[3]
    assert len({str(r) for r in results.values()}) > 1


def test_consume_spirit_gain_ignores_prevention():
    """001 Consume Spirit R1: its caster gains X life, the value chosen for X, even if
    some of the damage is prevented (CR 615)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp"] * 5, "hand": [{"card": "Consume Spirit", "id": "cs"}]},
        {"battlefield": [{"card": "Vastwood Gorger", "id": "g"}]}]})
    e = _ents(game, h)
    add_shield(game, PreventNextDamage(e("g"), 2))
    game.decide(Cast(e("cs"), targets=[[e("g")]], x=3))
    _resolve(game)
    from mtg_ecs.components import Damage
    assert game.world.get(e("g"), Damage).amount == 1
    assert game.players[0].life == 23


def test_x_restricted_to_one_color_mechanism():
    """Mechanism (CR 107.3, 601.2f-h): 'Spend only black mana on X' — the X part of the
    total cost must be paid with black mana; the rest of the cost with any mana."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Swamp", "Swamp", "Swamp", "Mountain"],
         "hand": [{"card": "Consume Spirit", "id": "cs"}]}, {}]})
    e = _ents(game, h)
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("cs"), targets=[[PlayerRef(1)]], x=3))    # needs {1}{B}+{B}{B}{B}
    game.decide(Cast(e("cs"), targets=[[PlayerRef(1)]], x=2))        # {1}{B}{B}{B}: Mountain pays {1}
    assert all(game.is_tapped(x) for x in game.battlefield)
    _resolve(game)
    assert game.players[1].life == 18 and game.players[0].life == 22


def test_ponder_shuffle_includes_the_three():
    """001 Ponder R1: choosing to shuffle shuffles the whole library, the three cards put
    back included (CR 701.20): the library is randomized after they were put back."""
    orders = set()
    for seed in range(5):
        game, h = Game.from_setup({"seed": seed, "players": [
            {"battlefield": ["Island"], "hand": [{"card": "Ponder", "id": "p"}],
             "library": [{"card": "Forest", "id": "a"}, {"card": "Swamp", "id": "b"},
                         {"card": "Mountain", "id": "c"}, "Plains", "Island", "Forest"]}, {}]})
        e = _ents(game, h)
        game.decide(Cast(e("p")))
        _resolve(game)
        assert game.pending.kind == "look_order"
        game.decide({"top": [e("a"), e("b"), e("c")]})
        assert game.pending.kind == "may"
        game.decide(True)
        lib = game.players[0].library
        assert len(lib) == 5 and len(game.players[0].hand) == 1
        orders.add(tuple(game.name(c) for c in reversed(lib)))
    assert len(orders) > 1          # the looked-at cards didn't stay in the chosen order
