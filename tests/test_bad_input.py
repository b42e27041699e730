"""Bad input catalogue (issue 5): every malformed scenario key, malformed decklist line,
unknown card and illegal action gives one clear error, and a refused action leaves the
game exactly as it was (mtg_ecs.core.hashing.state_hash, the event log and the pending decision)."""
from __future__ import annotations

import pytest

from mtg_ecs.cards import UnknownCard, get_card
from mtg_ecs import Cast, Game, Pass
from mtg_ecs.apps import decklist
from mtg_ecs.core.decisions import Activate, IllegalAction, PlayLand, PlayerRef
from mtg_ecs.apps.scenario.runner import Runner, run_data
from mtg_ecs.core.hashing import state_hash


# ---------------------------------------------------------------------------
# scenario files: a malformed file is one 'malformed: <key>: <what>' line, never a traceback
# ---------------------------------------------------------------------------
def _p0(**setup):
    return {"name": "bad input", "players": [setup, {}]}


def _top(**keys):
    return {"name": "bad input", "players": [{}, {}], **keys}


def _act(*actions):
    """A position with a creature and a spell, and the actions."""
    return {"name": "bad input", "players": [
        {"battlefield": ["Mountain", {"card": "Centaur Courser", "id": "cc"}],
         "hand": [{"card": "Searing Spear", "id": "sp"}]}, {}], "actions": list(actions)}


SCENARIOS = [
    ("top-level key typo", _top(playerz=1), "unknown top-level key(s) ['playerz']"),
    ("no name", {"players": [{}, {}]}, "name: required"),
    ("one player", {"name": "x", "players": [{}]}, "players: a list of at least two"),
    ("player key typo", _p0(lfe=3), "players[0]: unknown key(s) ['lfe']"),
    ("life not a number", _p0(life="twenty"), "players[0]: life and poison are integers"),
    ("zone not a list", _p0(hand="Forest"), "players[0].hand: must be a list of cards"),
    ("card entry key typo", _p0(battlefield=[{"card": "Forest", "taped": True}]),
     "players[0].battlefield[0]: unknown key(s) ['taped']"),
    ("card entry without card", _p0(hand=[{"id": "f"}]), "players[0].hand[0]: needs a card name"),
    ("card name not a string", _p0(hand=[{"card": 5}]), "players[0].hand[0].card: a card name"),
    ("unknown card", _p0(hand=["Lightnig Bolt"]),
     "players[0].hand: unknown card: Lightnig Bolt (did you mean: Lightning Bolt?)"),
    ("unknown card on the battlefield", _p0(battlefield=["Centaur Corser"]),
     "players[0].battlefield: unknown card: Centaur Corser (did you mean: Centaur Courser?)"),
    ("count not a number", _p0(hand=[{"card": "Forest", "count": "two"}]),
     "players[0].hand[0].count: a positive integer (got 'two')"),
    ("count below one", _p0(hand=[{"card": "Forest", "count": 0}]),
     "players[0].hand[0].count: a positive integer (got 0)"),
    ("id and count", _p0(hand=[{"card": "Forest", "count": 2, "id": "f"}]),
     "id and count can't go together"),
    ("id used twice", _p0(hand=[{"card": "Forest", "id": "f"}, {"card": "Forest", "id": "f"}]),
     "id 'f': used twice"),
    ("tapped not a boolean", _p0(battlefield=[{"card": "Forest", "tapped": "yes"}]),
     "players[0].battlefield[0].tapped: true or false (got 'yes')"),
    ("counters not a mapping", _p0(battlefield=[{"card": "Centaur Courser", "counters": ["+1/+1"]}]),
     "players[0].battlefield[0].counters: a mapping of counter kind to a number"),
    ("counter amount not a number",
     _p0(battlefield=[{"card": "Centaur Courser", "counters": {"+1/+1": "two"}}]),
     "players[0].battlefield[0].counters: a mapping of counter kind to a number"),
    ("damage not a number", _p0(battlefield=[{"card": "Centaur Courser", "damage": "lots"}]),
     "players[0].battlefield[0].damage: an integer, 0 or more (got 'lots')"),
    ("x negative", _p0(battlefield=[{"card": "Centaur Courser", "x": -1}]),
     "players[0].battlefield[0].x: an integer, 0 or more (got -1)"),
    ("chosen not a mapping", _p0(battlefield=[{"card": "Centaur Courser", "chosen": "red"}]),
     "players[0].battlefield[0].chosen: a mapping"),
    ("battlefield-only key elsewhere", _p0(hand=[{"card": "Forest", "tapped": True}]),
     "players[0].hand: ['tapped'] only on the battlefield"),
    ("attached to an unknown handle", _p0(battlefield=[{"card": "Forest", "attached_to": "x"}]),
     "Forest.attached_to: unknown handle 'x'"),
    ("controller not a player", _p0(battlefield=[{"card": "Forest", "controller": 7}]),
     "players[0] Forest.controller: not a player (7)"),
    ("mana symbol", _p0(mana={"Q": 1}), "players[0].mana: unknown mana symbol 'Q'"),
    ("mana amount", _p0(mana={"R": "x"}), "players[0].mana: R: an amount of mana, 0 or more"),
    ("history key", _p0(history={"spells": 1}), "players[0].history: unknown key(s) ['spells']"),
    ("history value", _p0(history={"life_lost_this_turn": "x"}),
     "players[0].history.life_lost_this_turn: an integer, 0 or more (got 'x')"),
    ("turn step", _top(turn={"step": "combat"}), "turn.step: unknown step 'combat'"),
    ("turn active", _top(turn={"active": 5}), "turn.active: not a player (5)"),
    ("turn key", _top(turn={"phase": "main1"}), "turn: a mapping with number, active, step"),
    ("seed", _top(seed="x"), "seed: must be an integer"),
    ("rules profile", _top(rules="m99"), "rules: unknown profile 'm99'"),
    ("format", _top(format="vintage"), "format: unknown format 'vintage'"),
    ("extra card key", _top(cards=[{"name": "Test Foo", "type": "Creature", "pt": [1, 1],
                                    "text": "x"}]), "cards[0] (Test Foo): unknown key(s) ['text']"),
    ("extra card pt", _top(cards=[{"name": "Test Foo", "type": "Creature", "pt": "big"}]),
     "cards[0] (Test Foo).pt: [power, toughness] (got 'big')"),
    ("extra card keyword", _top(cards=[{"name": "Test Foo", "type": "Creature", "pt": [1, 1],
                                        "keywords": ["flyin"]}]), "unknown keyword 'flyin'"),
    ("extra card protection quality", _top(cards=[{"name": "Test Foo", "type": "Creature", "pt": [1, 1],
                                                   "keywords": ["protection from Elve"]}]),
     "cards[0] (Test Foo): protection from 'Elve': unknown quality (CR 702.16a"),
    ("extra card protection second quality", _top(cards=[{"name": "Test Foo", "type": "Creature",
                                                          "pt": [1, 1],
                                                          "keywords": ["protection from red and from spoons"]}]),
     "cards[0] (Test Foo): protection from 'spoons': unknown quality"),
    ("extra card real name", _top(cards=[{"name": "Forest", "type": "Land"}]),
     "cards[0]: 'Forest' is a real card's name"),
    ("actions not a list", _top(actions="pass"), "actions: must be a list"),
    ("action verb typo", _top(actions=[{"cats": "x"}]), "action 1: exactly one verb"),
    ("action option typo", _top(actions=[{"pass": True, "targets": 1}]),
     "action 1 (pass): unknown key(s) ['targets']"),
    ("resolve amount", _top(actions=[{"resolve": "some"}]), "resolve: a number or all"),
    ("to unknown step", _top(actions=[{"to": "combat"}]), "action 1 (to): unknown step 'combat'"),
    ("expectation key typo", _top(expect={"lfe": {"p0": 20}}),
     "expect: unknown expectation key(s) ['lfe']"),
    ("expectation not a mapping", _top(expect={"life": [20]}),
     "expect.life: a mapping"),
    ("expectation zone", _top(expect={"zone": {"p0": "pocket"}}), "zone: unknown zone 'pocket'"),
    ("expectation pt", _act({"expect": {"pt": {"cc": 3}}}),
     "action 1 (expect).pt.cc: [power, toughness] (got 3)"),
    ("expectation boolean", _act({"expect": {"tapped": {"cc": "yes"}}}),
     "action 1 (expect).tapped.cc: true or false (got 'yes')"),
    ("expectation keywords", _act({"expect": {"keywords": {"cc": "flying"}}}),
     "action 1 (expect).keywords.cc: a list of keywords, or {has: [...], not: [...]}"),
    ("expectation counters", _act({"expect": {"counters": {"cc": 3}}}),
     "action 1 (expect).counters.cc: a mapping of counter kind to a number"),
    ("expectation mana", _act({"expect": {"mana": {"p0": {"Q": 1}}}}),
     "action 1 (expect).mana.p0: a mapping of mana symbol (W U B R G C) to an amount"),
    ("expectation step", _act({"expect": {"step": {"phase": 1}}}),
     "action 1 (expect).step: keys turn, step, active (got ['phase'])"),
    ("expectation stack", _act({"expect": {"stack": {"a": 1}}}),
     "action 1 (expect).stack: a number or a list, top first"),
    ("expectation size", _act({"expect": {"hand_size": {"p0": "x"}}}),
     "action 1 (expect).hand_size.p0: an integer, 0 or more (got 'x')"),
    ("expectation player", _act({"expect": {"life": {"p9": 20}}}), "not a player ('p9')"),
    ("action player", _act({"cast": "sp", "targets": "p1", "player": "p9"}),
     "action 1 (cast): not a player ('p9')"),
    ("action target not a handle", _act({"cast": "sp", "targets": {"a": 1}}),
     "action 1 (cast): {'a': 1} is not a name or handle"),
    ("action mana", _act({"cast": "sp", "targets": "p1", "mana": "cc:x"}),
     "action 1 (cast): mana: 'cc:x': handle:N names the N-th ability"),
    ("action divide", _act({"cast": "sp", "targets": "p1", "divide": [1]}),
     "action 1 (cast): divide is a mapping"),
    ("action pay", _act({"cast": "sp", "targets": "p1", "pay": [1]}), "action 1 (cast): pay is a mapping"),
    ("action illegal flag", _act({"pass": True, "illegal": "yes"}),
     "action 1 (pass): illegal: true or false (got 'yes')"),
    ("to turn", _act({"to": "main2", "turn": "x"}), "action 1 (to): turn: a turn number, 1 to 10000 (got 'x')"),
    ("attack not a mapping", _act({"to": "declare_attackers"}, {"attack": ["cc"]}),
     "action 2 (attack): attack is a mapping"),
    ("attack a missing player", _act({"to": "declare_attackers"}, {"attack": {"cc": "p7"}}),
     "action 2 (attack): no player p7"),
    ("concede", _act({"concede": "p5"}), "action 1 (concede): not a player ('p5')"),
]


@pytest.mark.parametrize("data,message", [s[1:] for s in SCENARIOS], ids=[s[0] for s in SCENARIOS])
def test_malformed_scenario(data, message):
    r = run_data(data, "bad.yaml")
    assert not r.passed
    assert r.message.startswith("malformed: "), r.message
    assert message in r.message
    assert "\n" not in r.message and "Traceback" not in r.message       # one line


def test_malformed_scenario_file(tmp_path):
    from mtg_ecs.apps.scenario import run_file
    p = tmp_path / "bad.yaml"
    p.write_text("name: [unclosed\n")
    r = run_file(str(p))
    assert not r.passed and r.message.startswith("malformed: not valid YAML")


# ---------------------------------------------------------------------------
# decklists: one problem per bad line, every bad line reported at once
# ---------------------------------------------------------------------------
DECK_LINES = [
    ("count alone", "4", "line 1: '4': expected 'COUNT NAME', e.g. '4 Forest'"),
    ("negative count", "-1 Forest", "line 1: '-1 Forest': expected 'COUNT NAME'"),
    ("zero count", "0 Forest", "line 1: '0 Forest': the count must be at least 1"),
    ("huge count", "99999999999999999999 Forest", "the count must be at most 1000"),
    ("count with x alone", "4x", "line 1: '4x': expected 'COUNT NAME'"),
    ("scientific count", "1e3 Forest", "line 1: '1e3 Forest': expected 'COUNT NAME'"),
    ("misspelt card", "4 Forrest", "line 1: unknown card 'Forrest' (did you mean: Forest?)"),
    ("count after the name", "Forest 4", "line 1: unknown card 'Forest 4' (did you mean: Forest?)"),
    ("unknown card, nothing close", "2 Qwxzv Blorp", "line 1: unknown card 'Qwxzv Blorp'"),
]


@pytest.mark.parametrize("line,message", [c[1:] for c in DECK_LINES], ids=[c[0] for c in DECK_LINES])
def test_malformed_decklist_line(line, message):
    with pytest.raises(decklist.DecklistParseError) as ei:
        decklist.parse("Deck\n" + line.replace("line 1", "line 2"))
    assert len(ei.value.problems) == 1
    assert message.replace("line 1", "line 2") in ei.value.problems[0]


def test_every_bad_line_is_reported_with_close_matches():
    with pytest.raises(decklist.DecklistParseError) as ei:
        decklist.parse("20 Forest\n4 Lightnig Bolt\n0 Mountain\n4 Centaur Corser\n")
    assert len(ei.value.problems) == 3
    assert ei.value.unknown == {"Lightnig Bolt": ["Lightning Bolt"],
                                "Centaur Corser": ["Centaur Courser"]}


def test_unknown_card_names_close_matches():
    with pytest.raises(UnknownCard) as ei:
        get_card("Serra Angle")
    assert str(ei.value) == "unknown card: Serra Angle (did you mean: Serra Angel?)"
    with pytest.raises(UnknownCard) as ei:
        Game.new([["Forest"] * 40, ["Forest"] * 39 + ["Serra Angle"]], seed=1)
    assert "unknown card: Serra Angle (did you mean: Serra Angel?)" in str(ei.value)


# ---------------------------------------------------------------------------
# illegal actions: refused with one clear error, the game unchanged
# ---------------------------------------------------------------------------
def _game(players, **turn):
    setup = {"players": players}
    if turn:
        setup["turn"] = turn
    g, h = Game.from_setup(setup)
    return g, (lambda name: g.card_entity[h[name]])


def _until(g, kind):
    while g.pending.kind != kind:
        g.decide(Pass())


def no_mana():
    g, e = _game([{"battlefield": ["Mountain", "Mountain"], "hand": [{"card": "Lava Axe", "id": "ax"}]}, {}])
    return g, Cast(e("ax")), "can't pay its mana cost {4}{R} (CR 601.2g-h)"


def sorcery_on_opponents_turn():
    # CR 117.1a, 307.1: p1's main phase; p0 gets priority after p1 passes
    g, e = _game([{"battlefield": ["Mountain"] * 5, "hand": [{"card": "Lava Axe", "id": "ax"}]}, {}],
                 active=1)
    g.decide(Pass())
    assert g.pending.player == 0
    return g, Cast(e("ax")), "can be cast only in your own main phase while the stack is empty"


def sorcery_with_a_spell_on_the_stack():
    # CR 307.1: p0 holds priority with its own instant on the stack (117.3c)
    g, e = _game([{"battlefield": ["Mountain"] * 6, "hand": [{"card": "Lava Axe", "id": "ax"},
                                                            {"card": "Searing Spear", "id": "sp"}]},
                  {}])
    g.decide(Cast(e("sp"), targets=[[PlayerRef(1)]]))
    assert g.stack and g.pending.kind == "priority" and g.pending.player == 0
    return g, Cast(e("ax")), "can be cast only in your own main phase while the stack is empty"


def land_at_instant_speed():
    g, e = _game([{"hand": [{"card": "Forest", "id": "f"}]}, {}], active=1)
    g.decide(Pass())
    return g, PlayLand(e("f")), "a land can be played only in your own main phase while the stack is empty (CR 305.1, 116.2a)"


def second_land():
    g, e = _game([{"hand": [{"card": "Forest", "id": "f"}, {"card": "Forest", "id": "f2"}]}, {}])
    g.decide(PlayLand(e("f")))
    return g, PlayLand(e("f2")), "p0 has already played 1 land(s) this turn (CR 305.2)"


def casting_a_land():
    g, e = _game([{"hand": [{"card": "Forest", "id": "f"}]}, {}])
    return g, Cast(e("f")), "Forest is a land: it is played, not cast (CR 305.9)"


def illegal_target_given_up_front():
    g, e = _game([{"battlefield": ["Mountain", "Mountain", {"card": "Forest", "id": "f"}],
                   "hand": [{"card": "Searing Spear", "id": "sp"}]}, {}])
    return g, Cast(e("sp"), targets=[[e("f")]]), "Forest is not a legal target for any target (CR 601.2c)"


def illegal_target_answered():
    g, e = _game([{"battlefield": ["Mountain", "Mountain", {"card": "Forest", "id": "f"}],
                   "hand": [{"card": "Searing Spear", "id": "sp"}]}, {}])
    g.decide(Cast(e("sp")))
    assert g.pending.kind == "targets"
    return g, [e("f")], "Forest is not a legal target for any target (CR 601.2c)"


def summoning_sick_attacker():
    g, e = _game([{"battlefield": [{"card": "Centaur Courser", "id": "c", "sick": True},
                                   "Goblin Piker"]}, {}])
    _until(g, "attackers")
    return g, {e("c"): PlayerRef(1)}, "Centaur Courser can't attack: it has summoning sickness"


def tapped_attacker():
    g, e = _game([{"battlefield": [{"card": "Centaur Courser", "id": "c", "tapped": True},
                                   "Goblin Piker"]}, {}])
    _until(g, "attackers")
    return g, {e("c"): PlayerRef(1)}, "Centaur Courser can't attack: it is tapped (CR 508.1a)"


def _drake_attacks():
    g, e = _game([{"battlefield": [{"card": "Wind Drake", "id": "w"}]},
                  {"battlefield": [{"card": "Centaur Courser", "id": "c"},
                                   {"card": "Deadly Recluse", "id": "r"}]}])
    _until(g, "attackers")
    g.decide({e("w"): PlayerRef(1)})
    _until(g, "blockers")
    return g, e


def flyer_blocked_by_a_non_flyer():
    g, e = _drake_attacks()
    # the reach creature could block it: the decision exists, only this block is illegal
    assert g.pending.options == [(e("r"), [e("w")])]
    return g, {e("c"): e("w")}, "Wind Drake has flying: only creatures with flying or reach can block it (CR 702.9b)"


def blocking_with_an_attacker_of_the_other_side():
    g, e = _drake_attacks()
    return g, {e("w"): e("w")}, "Wind Drake can't block: only p1's creatures block now (CR 509.1a)"


def opponents_card():
    # p0 holds priority: a spell in p1's hand is not p0's to cast (601.2a, 117.1)
    g, e = _game([{"battlefield": ["Mountain", "Mountain"]},
                  {"battlefield": ["Mountain", "Mountain"], "hand": [{"card": "Searing Spear", "id": "sp"}]}])
    return g, Cast(e("sp")), "Searing Spear is not in p0's hand"


def opponents_permanent_ability():
    # 602.2: only a permanent's controller activates its abilities
    g, e = _game([{}, {"battlefield": [{"card": "Mountain", "id": "m"}]}])
    return g, Activate(e("m"), 0), "p0 doesn't control Mountain (CR 602.2)"


def ability_that_does_not_exist():
    g, e = _game([{"battlefield": [{"card": "Mountain", "id": "m"}]}, {}])
    return g, Activate(e("m"), 3), "Mountain has no activated ability 3 (CR 602.1)"


def nonexistent_object():
    g, _ = _game([{}, {}])
    return g, PlayLand(999), "999 is no object in the game"


def boolean_as_object():
    # True == 1 in Python: the action for object 1 must not be taken for it
    g, e = _game([{"hand": [{"card": "Forest", "id": "f"}]}, {}])
    assert e("f") == 1 and PlayLand(1) in g.pending.options
    return g, PlayLand(True), "objects are entity ids, not booleans"


def priority_answer_not_an_action():
    g, _ = _game([{}, {}])
    return g, "pass", "a priority answer is Pass(), PlayLand(card), Cast(card, ...) or Activate"


def priority_answer_none():
    g, _ = _game([{}, {}])
    return g, None, "a priority answer is Pass()"


def targets_answer_a_mapping():
    g, e = _game([{"battlefield": ["Mountain", "Mountain"], "hand": [{"card": "Searing Spear", "id": "sp"}]}, {}])
    g.decide(Cast(e("sp")))
    return g, {"target": PlayerRef(1)}, "malformed answer {'target': p1} to targets (expected list of targets for one target phrase)"


def targets_answer_an_action():
    g, e = _game([{"battlefield": ["Mountain", "Mountain"], "hand": [{"card": "Searing Spear", "id": "sp"}]}, {}])
    g.decide(Cast(e("sp")))
    return g, Pass(), "Pass() is not an object or player, so it can't be a target for any target"


def attackers_answer_a_list():
    g, e = _game([{"battlefield": [{"card": "Centaur Courser", "id": "c"}]}, {}])
    _until(g, "attackers")
    return g, [e("c")], "declare attackers as {attacker: player or planeswalker}"


def blockers_answer_a_number():
    g, _ = _drake_attacks()
    return g, 7, "declare blockers as {blocker: attacker}"


def x_answer_a_word():
    g, e = _game([{"battlefield": ["Mountain"] * 3, "hand": [{"card": "Fireball", "id": "fb"}]}, {}])
    g.decide(Cast(e("fb")))
    while g.pending.kind != "x":
        g.decide([g.pending.options[0]] if g.pending.kind == "targets" else Pass())
    return g, "three", "X can't be 'three' (legal: 0..2)"


def x_answer_beyond_the_mana():
    g, e = _game([{"battlefield": ["Mountain"] * 3, "hand": [{"card": "Fireball", "id": "fb"}]}, {}])
    g.decide(Cast(e("fb")))
    while g.pending.kind != "x":
        g.decide([g.pending.options[0]] if g.pending.kind == "targets" else Pass())
    return g, 5, "X can't be 5 (legal: 0..2)"


def modes_for_a_spell_without_modes():
    g, e = _game([{"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "b"}]}, {}])
    return g, Cast(e("b"), modes=[0], targets=[[PlayerRef(1)]]), \
        "Lightning Bolt is not modal: it has no modes to choose (CR 700.2)"


def x_for_a_spell_without_x():
    g, e = _game([{"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "b"}]}, {}])
    return g, Cast(e("b"), x=3, targets=[[PlayerRef(1)]]), "Lightning Bolt has no X in its cost (CR 107.3)"


ACTIONS = [modes_for_a_spell_without_modes, x_for_a_spell_without_x, no_mana, sorcery_on_opponents_turn, sorcery_with_a_spell_on_the_stack,
           land_at_instant_speed, second_land, casting_a_land, illegal_target_given_up_front,
           illegal_target_answered, summoning_sick_attacker, tapped_attacker,
           flyer_blocked_by_a_non_flyer, blocking_with_an_attacker_of_the_other_side,
           opponents_card, opponents_permanent_ability, ability_that_does_not_exist,
           nonexistent_object, boolean_as_object, priority_answer_not_an_action,
           priority_answer_none, targets_answer_a_mapping, targets_answer_an_action,
           attackers_answer_a_list, blockers_answer_a_number, x_answer_a_word,
           x_answer_beyond_the_mana]


@pytest.mark.parametrize("case", ACTIONS, ids=[f.__name__ for f in ACTIONS])
def test_illegal_action_is_refused_and_changes_nothing(case):
    g, answer, message = case()
    before = (state_hash(g), len(g.log), repr(g.pending))
    with pytest.raises(IllegalAction) as ei:
        g.decide(answer)
    assert message in str(ei.value)
    assert (state_hash(g), len(g.log), repr(g.pending)) == before
    # the same decision can still be answered
    d = g.pending
    if d.kind == "priority":
        g.decide(Pass())
    elif d.kind in ("attackers", "blockers"):
        g.decide({})
    else:
        g.decide([d.options[0]] if d.kind == "targets" else d.options[0])


def test_acting_without_priority_in_a_scenario():
    """CR 117.1: only the player with priority casts spells; a scenario action naming the
    other player is refused and the game is unchanged."""
    data = {"name": "x", "players": [
        {"battlefield": ["Mountain"]},
        {"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "bolt"}]}]}
    r = Runner(data)
    before = state_hash(r.game)
    with pytest.raises(IllegalAction, match=r"^p1 doesn't hold priority \(p0 does\)$"):
        r.do("cast", {"cast": "bolt", "player": "p1", "targets": "p0"}, "action 1 (cast)")
    assert state_hash(r.game) == before
    data["actions"] = [{"cast": "bolt", "player": "p1", "targets": "p0", "illegal": True},
                       {"pass": True}, {"cast": "bolt", "player": "p1", "targets": "p0"},
                       {"resolve": 1}]
    data["expect"] = {"life": {"p0": 17}}
    assert run_data(data).passed


def test_answer_when_the_game_is_over():
    g, _ = _game([{"life": 1}, {"battlefield": ["Mountain"], "hand": [{"card": "Lightning Bolt", "id": "b"}]}],
                 active=1)
    g.decide(Cast(g.players[1].hand[0], targets=[[PlayerRef(0)]]))
    while g.pending is not None:
        g.decide(Pass())
    assert g.over and g.winner == 1
    before = state_hash(g)
    with pytest.raises(IllegalAction, match=r"^no decision is pending \(the game is over\)$"):
        g.decide(Pass())
    assert state_hash(g) == before


# ---------------------------------------------------------------------------
# agents: a refused answer is answered again, never the end of a game
# ---------------------------------------------------------------------------
def test_random_agent_answers_what_the_options_cannot_show():
    """'Divide N among any number of them' with fewer damage than targets: at least 1 each
    (601.2d); Warp World's 'put them on the bottom in any order': none stays on top."""
    from mtg_ecs.apps.agents import RandomAgent
    from mtg_ecs.core.decisions import Decision
    agent = RandomAgent(3)
    for _ in range(20):
        ans = agent.act(None, Decision("divide", 0, [10, 11, 12], data={"total": 2, "any_number": True}))
        assert sum(ans.values()) == 2 and all(v >= 1 for v in ans.values()) and set(ans) <= {10, 11, 12}
        ans = agent.act(None, Decision("scry", 0, [1, 2, 3], data={"warp_bottom": True}))
        assert ans["top"] == [] and sorted(ans["bottom"]) == [1, 2, 3]


def test_random_agents_finish_games_past_refused_answers():
    """Random decks where RandomAgent used to give an answer the rules refuse (Fireball's
    extra targets with too little mana, 601.2f-h; Warp World; a division among any number):
    `agents.play` asks again and the games end."""
    from mtg_ecs.apps.agents import RandomAgent, play
    from mtg_ecs.apps.fuzz import game_specs
    specs = list(game_specs(5, 41))
    for spec in (specs[15], specs[16], specs[38], specs[40]):
        g = Game.new(spec.decks, seed=spec.seed, log=False, turn_limit=30, auto_pass=True)
        play(g, [RandomAgent(spec.agent_seeds[0]), RandomAgent(spec.agent_seeds[1])])
        assert g.over
