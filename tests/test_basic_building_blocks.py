"""Basic Rulebook (spec 000) §3.1-§5.2: statements a scenario file can't express —
game start, mulligans, the decision interface, step sequences seen from the engine's
log, and test-only cards with rules text."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import make_card, SpellAbility, TriggeredAbility
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast, IllegalAction, PlayerRef
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.targeting import creature

DECK = (["Forest"] * 17 + ["Centaur Courser"] * 4 + ["Arbor Elf"] * 4 + ["Titanic Growth"] * 4
        + ["Elvish Visionary"] * 4 + ["Island"] * 10 + ["Unsummon"] * 4 + ["Divination"] * 4
        + ["Kraken Hatchling"] * 4 + ["Wind Drake"] * 5)


def names(game, cards):
    return [game.chars(c).name for c in cards]


def keep_all(game):
    while game.pending is not None and game.pending.kind == "mulligan":
        game.decide("keep")


def pass_until(game, pred, limit=400):
    """Pass priority (and make empty declarations) until pred(game) holds."""
    for _ in range(limit):
        if pred(game):
            return
        d = game.pending
        assert d is not None, "game ended"
        if d.kind == "priority":
            game.decide(Pass())
        elif d.kind in ("attackers", "blockers"):
            game.decide({})
        elif d.kind == "discard":
            game.decide(list(d.options)[: d.min])
        else:
            raise AssertionError(f"unexpected decision {d}")
    raise AssertionError("condition never reached")


def steps_begun(game):
    return [(d["turn"], d["step"]) for k, d in game.log if k == "step_begin"]


# --------------------------------------------------------------------------
# §3.2 targets
# --------------------------------------------------------------------------
TWIN_SHOT = make_card("Test Twin Shot", "{R}", "Instant", spell=SpellAbility(
    effects=(fx.DealDamage(2, fx.TARGET(0)), fx.DealDamage(2, fx.TARGET(1))),
    targets=(creature("first target creature"), creature("second target creature")),
    text="Test Twin Shot deals 2 damage to each of two target creatures."))


def test_one_of_two_targets_illegal():
    """000 T-073: a spell with two targets where one became illegal still resolves
    and affects only the legal one (CR 608.2b)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Test Twin Shot", "id": "shot"}]},
        {"battlefield": ["Island", {"card": "Vastwood Gorger", "id": "a"},
                         {"card": "Centaur Courser", "id": "b"}],
         "hand": [{"card": "Unsummon", "id": "un"}]}]}, defs={"Test Twin Shot": TWIN_SHOT})
    e = lambda k: game.card_entity[h[k]]
    a, b = e("a"), e("b")
    game.decide(Cast(e("shot"), targets=[[a], [b]]))
    game.decide(Pass())
    game.decide(Cast(e("un"), targets=[[b]]))
    game.decide(Pass())
    game.decide(Pass())                       # Unsummon resolves
    assert game.zone_of(e("b")) == "hand"
    assert game.stack == [e("shot")]
    game.decide(Pass())
    game.decide(Pass())                       # Twin Shot resolves with one legal target
    assert game.zone_of(e("shot")) == "graveyard"
    assert game.damage_on(e("a")) == 2
    assert game.zone_of(e("b")) == "hand"
    assert game.players[1].life == 20


# --------------------------------------------------------------------------
# §3.3 casting
# --------------------------------------------------------------------------
def test_card_on_stack_before_costs_and_rewind():
    """000 T-075: casting first moves the card to the stack (601.2a) — it is there
    while X is chosen, before any cost is paid; an unpayable total cost makes the
    whole cast illegal and the game returns to the moment before casting."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Mountain", "id": "m1"}, {"card": "Mountain", "id": "m2"},
                         {"card": "Mountain", "id": "m3"}],
         "hand": [{"card": "Volcanic Geyser", "id": "vg"}]}, {}]})
    vg = h["vg"]
    lands = lambda: [game.is_tapped(game.card_entity[h[m]]) for m in ("m1", "m2", "m3")]
    game.decide(Cast(game.card_entity[vg]))
    d = game.pending
    assert d.kind == "x"
    assert game.zone_of(game.card_entity[vg]) == "stack"
    assert lands() == [False, False, False]
    # an X whose total cost can't be paid is refused; the game stays where it was
    with pytest.raises(IllegalAction):
        game.decide(5)                        # {5}{R}{R} can't be paid with three lands
    assert game.pending.kind == "x" and lands() == [False, False, False]
    # the whole proposal at once: the casting is illegal and fully rewound (601.2)
    game2, h2 = Game.from_setup({"players": [
        {"battlefield": [{"card": "Mountain", "id": "m1"}, {"card": "Mountain", "id": "m2"},
                         {"card": "Mountain", "id": "m3"}],
         "hand": [{"card": "Volcanic Geyser", "id": "vg"}]}, {}]})
    with pytest.raises(IllegalAction):
        game2.decide(Cast(game2.card_entity[h2["vg"]], x=5, targets=[[PlayerRef(1)]]))
    assert game2.pending.kind == "priority" and game2.pending.player == 0
    assert game2.zone_of(game2.card_entity[h2["vg"]]) == "hand"
    assert game2.stack == []
    assert not any(game2.is_tapped(game2.card_entity[h2[m]]) for m in ("m1", "m2", "m3"))
    assert game2.players[0].pool == [0] * 6
    # a payable X finishes the first casting
    game.decide(1)
    while game.pending.kind != "priority":
        game.decide([PlayerRef(1)])
    assert lands() == [True, True, True]
    assert game.stack == [game.card_entity[vg]]


# --------------------------------------------------------------------------
# §3.7 combat example
# --------------------------------------------------------------------------
def test_blocks_are_asked_of_defending_player():
    """000 T-115: the engine asks the defending player, not the attacker, to declare
    blockers (CR 509.1)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]},
        {"battlefield": [{"card": "Arbor Elf", "id": "elf"}]}]})
    pass_until(game, lambda g: g.pending.kind == "attackers")
    assert game.pending.player == 0
    game.decide({game.card_entity[h["cc"]]: PlayerRef(1)})
    pass_until(game, lambda g: g.pending.kind == "blockers")
    assert game.pending.player == 1
    assert game.step == "declare_blockers"


# --------------------------------------------------------------------------
# §4.1 setup
# --------------------------------------------------------------------------
def test_fresh_game_hands_and_life():
    """000 T-124: each player's deck is shuffled, each draws seven and starts at 20 life
    (CR 103.3, 103.4, 103.5)."""
    game = Game.new([list(DECK), list(DECK)], seed=3)
    for p in game.players:
        assert len(p.hand) == 7
        assert len(p.library) == 53
        assert p.life == 20
    # shuffled: the library order isn't the deck list order, and differs between players
    lib0 = names(game, game.players[0].library)
    lib1 = names(game, game.players[1].library)
    unshuffled = list(reversed(DECK))[: len(lib0)]
    assert lib0 != unshuffled and lib0 != list(DECK)[: len(lib0)]
    assert lib0 != lib1
    # the seed fixes every random event
    again = Game.new([list(DECK), list(DECK)], seed=3)
    assert names(again, again.players[0].library) == lib0
    assert names(again, again.players[1].hand) == names(game, game.players[1].hand)
    assert game.pending.kind == "mulligan"


def test_first_player_random():
    """000 T-126: in the first game the starting player is chosen at random (CR 103.1),
    reproducibly from the game's seed."""
    starters = {Game.new([list(DECK), list(DECK)], seed=s).starting_player for s in range(16)}
    assert starters == {0, 1}
    for s in range(4):
        a = Game.new([list(DECK), list(DECK)], seed=s)
        b = Game.new([list(DECK), list(DECK)], seed=s)
        assert a.starting_player == b.starting_player
        assert a.pending.player == a.starting_player      # mulligan decisions in turn order


@pytest.mark.parametrize("chosen", [0, 1])
def test_loser_of_previous_game_chooses_first_player(chosen):
    """000 T-125: in a later game of a match the loser of the previous game chooses who
    takes the first turn (CR 103.1)."""
    game = Game.new([list(DECK), list(DECK)], seed=5, previous_loser=1)
    d = game.pending
    assert d.kind == "starting_player" and d.player == 1
    with pytest.raises(IllegalAction):
        game.decide(7)
    game.decide(chosen)
    assert game.starting_player == chosen
    assert game.pending.kind == "mulligan" and game.pending.player == chosen
    keep_all(game)
    assert game.active == chosen and game.turn == 1


def _mulligan_to_bottom(times):
    game = Game.new([list(DECK), list(DECK)], seed=11)
    p = game.pending.player
    pl = game.players[p]
    for _ in range(times):
        game.decide("mulligan")
        assert game.pending.player == p
        assert len(pl.hand) == 7                       # always a new hand of seven
        assert len(pl.library) == 53
    game.decide("keep")
    other = 1 - p
    assert game.pending.kind == "mulligan" and game.pending.player == other
    game.decide("keep")
    return game, p


@pytest.mark.parametrize("times", [1, 2])
def test_london_mulligan(times):
    """000 T-127 [CUR]: each mulligan shuffles the hand away and draws seven; on keeping
    after N mulligans the player puts N cards from hand on the bottom (CR 103.5)."""
    game, p = _mulligan_to_bottom(times)
    pl = game.players[p]
    d = game.pending
    assert d.kind == "bottom" and d.player == p and d.min == d.max == times
    chosen = list(pl.hand)[:times]
    chosen_names = sorted(names(game, chosen))
    with pytest.raises(IllegalAction):
        game.decide(list(pl.hand)[: times + 1])
    game.decide(chosen)
    assert len(pl.hand) == 7 - times
    assert len(pl.library) == 53 + times
    # the library's top is the END of the list: the chosen cards are at the start
    assert sorted(names(game, pl.library[:times])) == chosen_names
    assert game.pending.kind == "priority"


def test_two_player_first_mulligan_not_free():
    """000 T-164 [CUR]; 000 T-127: in a two-player game the first mulligan already costs a
    card: seven new cards, then one goes to the bottom (no free mulligan, CR 103.5c)."""
    game, p = _mulligan_to_bottom(1)
    assert game.pending.kind == "bottom" and game.pending.min == 1
    game.decide(list(game.players[p].hand)[:1])
    assert len(game.players[p].hand) == 6
    other = 1 - p
    assert len(game.players[other].hand) == 7
    assert game.pending.kind == "priority"


# --------------------------------------------------------------------------
# §4.2 turn structure
# --------------------------------------------------------------------------
TURN = ["untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
        "end_of_combat", "main2", "end", "cleanup"]
COMBAT_TURN = ["untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
               "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"]


def _started_game(seed=2):
    game = Game.new([list(DECK), list(DECK)], seed=seed)
    keep_all(game)
    return game


def test_step_sequence_and_next_turn():
    """000 T-129; 000 T-151: every turn runs untap, upkeep, draw, main, beginning of combat,
    declare attackers, declare blockers, combat damage, end of combat, main, end, cleanup
    (CR 500.1; blockers and damage are skipped when nothing attacks, 508.8); after the
    cleanup step the other player's turn begins with its untap step."""
    game, h = Game.from_setup({"turn": {"number": 1, "active": 0, "step": "main2"},
                               "players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}], "library": ["Island"] * 5},
        {"battlefield": [{"card": "Arbor Elf", "id": "elf"}], "library": ["Island"] * 5}]})
    game.log.clear()
    attacked = False

    def until(g):
        return g.turn == 3 and g.step == "main2"
    for _ in range(400):
        if until(game):
            break
        d = game.pending
        if d.kind == "attackers":
            if game.active == 1 and not attacked:
                game.decide({game.card_entity[h["elf"]]: PlayerRef(0)})
                attacked = True
            else:
                game.decide({})
        elif d.kind == "blockers":
            game.decide({})
        else:
            game.decide(Pass())
    seq = steps_begun(game)
    t2 = [s for t, s in seq if t == 2]
    assert t2 == COMBAT_TURN
    t3 = [s for t, s in seq if t == 3]
    assert t3[:len(TURN) - 3] == TURN[:len(TURN) - 3]
    # turn 1 ended with p0's cleanup; turn 2 (p1) began with untap
    first_t2 = seq.index((2, "untap"))
    assert seq[first_t2 - 1] == (1, "cleanup")
    assert game.active == 0 and game.turn == 3


def test_priority_never_in_untap_and_ap_first():
    """000 T-130; 000 T-147; 000 T-143; 000 T-066: no player receives priority in the untap
    step (CR 502.4) nor in a cleanup step where nothing happens (514.3); in every other step
    the active player receives priority first (117.3a)."""
    game = _started_game()
    seen = []                    # (turn, step, player) of each priority decision
    last = None
    while game.turn <= 4:
        d = game.pending
        key = (game.turn, game.step)
        if d.kind == "priority":
            if key != last:
                seen.append((game.turn, game.step, d.player, game.active))
                last = key
            game.decide(Pass())
        elif d.kind in ("attackers", "blockers"):
            game.decide({})
        elif d.kind == "discard":
            game.decide(list(d.options)[: d.min])
        else:
            raise AssertionError(d)
    steps_with_priority = {s for _, s, _, _ in seen}
    assert "untap" not in steps_with_priority
    assert "cleanup" not in steps_with_priority
    assert {"upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
            "end_of_combat", "main2", "end"} <= steps_with_priority
    for turn, step, first, active in seen:
        assert first == active, (turn, step)
    begun = steps_begun(game)
    assert all((t, "untap") in begun and (t, "cleanup") in begun for t in (1, 2, 3))


def test_first_draw_skipped_by_starting_player_only():
    """000 T-133; 000 T-161: in a two-player game the starting player skips the draw of
    their first turn (CR 103.8a); the other player draws in their first draw step and the
    starting player draws in each later draw step."""
    game = _started_game(seed=4)
    sp = game.starting_player
    other = 1 - sp
    hands = {}

    def at(turn, step):
        pass_until(game, lambda g: g.turn == turn and g.step == step and
                   g.pending.kind == "priority")
        return [len(p.hand) for p in game.players]
    assert at(1, "upkeep") == [7, 7]
    assert at(1, "main1") == [7, 7]               # no draw for the starting player
    assert game.active == sp
    before = at(2, "upkeep")
    after = at(2, "main1")
    assert game.active == other
    assert after[other] == before[other] + 1 and after[sp] == before[sp]
    before = at(3, "upkeep")
    after = at(3, "main1")
    assert after[sp] == before[sp] + 1
    hands[3] = after


def test_one_combat_damage_step_without_first_strike():
    """000 T-139: with no first or double strike in combat there is exactly one combat
    damage step (CR 510.4) and all damage is dealt at once."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Canyon Minotaur", "id": "mino"}], "library": ["Island"] * 3},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}], "library": ["Island"] * 3}]})
    game.log.clear()
    pass_until(game, lambda g: g.pending.kind == "attackers")
    game.decide({game.card_entity[h["mino"]]: PlayerRef(1)})
    pass_until(game, lambda g: g.pending.kind == "blockers")
    game.decide({game.card_entity[h["cc"]]: game.card_entity[h["mino"]]})
    pass_until(game, lambda g: g.step == "main2")
    steps = [s for _, s in steps_begun(game)]
    assert steps.count("combat_damage") == 1
    assert "first_strike_damage" not in steps
    # both creatures were dealt lethal damage at the same time and died together
    assert game.zone_of(game.card_entity[h["mino"]]) == "graveyard"
    assert game.zone_of(game.card_entity[h["cc"]]) == "graveyard"


END_STEP_CARD = make_card("Test Sundial", "{2}", "Artifact", abilities=[
    TriggeredAbility(tr.AtBeginningOf("end", "your"), (fx.GainLife(fx.YOU, 1),),
                     text="At the beginning of your end step, you gain 1 life.")])


def test_end_step_trigger_once():
    """000 T-141: an "at the beginning of your end step" ability triggers once in its
    controller's end step and is on the stack before anyone receives priority there
    (CR 513.1, 603.3); not in the opponent's end step."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Test Sundial", "id": "sd"}], "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]}, defs={"Test Sundial": END_STEP_CARD})
    pass_until(game, lambda g: g.step == "end")
    assert game.pending.kind == "priority" and game.pending.player == 0
    assert len(game.stack) == 1
    game.decide(Pass())
    game.decide(Pass())
    assert game.players[0].life == 21 and game.stack == []
    assert game.step == "end" and game.pending.player == 0
    pass_until(game, lambda g: g.turn == 2 and g.step == "end")
    assert game.stack == []
    pass_until(game, lambda g: g.turn == 3 and g.step == "main1")
    assert game.players[0].life == 21


def test_cleanup_sba_gives_priority_and_another_cleanup():
    """000 T-144: when a state-based action happens in the cleanup step, players receive
    priority in it, and another cleanup step follows (CR 514.3a). Arbor Elf with
    Crippling Blight survives as a 4/4 under Titanic Growth; when the growth ends in
    cleanup it is 0/0 and dies there."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Arbor Elf", "id": "elf"}, "Forest", "Forest", "Swamp"],
         "hand": [{"card": "Titanic Growth", "id": "tg"}, {"card": "Crippling Blight", "id": "cb"}],
         "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]})
    e = lambda k: game.card_entity[h[k]]
    elf = e("elf")
    game.decide(Cast(e("tg"), targets=[[elf]]))
    game.decide(Pass())
    game.decide(Pass())
    game.decide(Cast(e("cb"), targets=[[elf]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.chars(elf).power == 4
    game.log.clear()
    pass_until(game, lambda g: g.step == "cleanup" and g.pending.kind == "priority")
    assert game.pending.player == 0
    assert game.zone_of(game.card_entity[h["elf"]]) == "graveyard"
    pass_until(game, lambda g: g.turn == 2 and g.step == "upkeep")
    cleanups = [s for t, s in steps_begun(game) if t == 1 and s == "cleanup"]
    assert len(cleanups) == 2


# --------------------------------------------------------------------------
# test-only instants with rules text
# --------------------------------------------------------------------------
SHRINK = make_card("Test Shrink", "{U}", "Instant", spell=SpellAbility(
    effects=(fx.ModifyPT(fx.TARGET(0), -2, 0),), targets=(creature(),),
    text="Target creature gets -2/-0 until end of turn."))
TAP_DOWN = make_card("Test Tap Down", "{W}", "Instant", spell=SpellAbility(
    effects=(fx.Tap(fx.TARGET(0)),), targets=(creature(),), text="Tap target creature."))


def test_hero_target_loses_power_in_response():
    """000 T-072: Intrepid Hero targets a 4/4; in response its controller gives it -2/-0;
    on resolution the target no longer has power 4 or greater, is illegal, and the
    ability does nothing (CR 608.2b)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Intrepid Hero", "id": "hero"}]},
        {"battlefield": ["Island", {"card": "Test Four", "id": "big"}],
         "hand": [{"card": "Test Shrink", "id": "shrink"}]}]},
        defs={"Test Shrink": SHRINK,
              "Test Four": make_card("Test Four", "{3}{G}", "Creature — Beast", pt=(4, 4))})
    e = lambda k: game.card_entity[h[k]]
    big = e("big")
    acts = [a for a in game.pending.options if getattr(a, "source", None) == e("hero")]
    assert acts
    from mtg_ecs.core.decisions import Activate
    game.decide(Activate(e("hero"), 0, targets=[[big]]))
    game.decide(Pass())
    game.decide(Cast(e("shrink"), targets=[[big]]))
    game.decide(Pass())
    game.decide(Pass())                        # Test Shrink resolves: 2/4
    assert game.chars(big).power == 2
    game.decide(Pass())
    game.decide(Pass())                        # the Hero's ability: target illegal
    assert game.stack == []
    assert game.zone_of(e("big")) == "battlefield"
    assert game.is_tapped(e("hero"))


def test_tap_would_be_attacker_in_beginning_of_combat():
    """000 T-136: in the beginning of combat step the active player, then the defending
    player, get priority before attackers are declared (CR 507.2); a creature tapped by
    an instant there can't be declared as an attacker (508.1a)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"},
                         {"card": "Arbor Elf", "id": "elf"}]},
        {"battlefield": ["Plains"], "hand": [{"card": "Test Tap Down", "id": "td"}]}]},
        defs={"Test Tap Down": TAP_DOWN})
    e = lambda k: game.card_entity[h[k]]
    game.decide(Pass())
    game.decide(Pass())                        # main phase ends
    assert game.step == "beginning_of_combat" and game.pending.player == 0
    game.decide(Pass())
    assert game.step == "beginning_of_combat" and game.pending.player == 1
    game.decide(Cast(e("td"), targets=[[e("cc")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.is_tapped(e("cc")) and game.step == "beginning_of_combat"
    assert game.pending.player == 0            # after resolution the active player
    game.decide(Pass())
    game.decide(Pass())
    d = game.pending
    assert d.kind == "attackers" and d.player == 0
    with pytest.raises(IllegalAction):
        game.decide({e("cc"): PlayerRef(1)})
    game.decide({e("elf"): PlayerRef(1)})
    assert game.step == "declare_attackers"
