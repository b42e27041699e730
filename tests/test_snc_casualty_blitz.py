"""Casualty (CR 702.153) and blitz (CR 702.152): what the scenarios can't state
(tests/scenarios/snc/casualty-blitz/ has the rest)."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import CardError, make_card, parse_keyword
from mtg_ecs.core.decisions import Cast, IllegalAction, Pass
from mtg_ecs.game import Game

TWO_TWO = {"name": "Test Two Two", "cost": "{1}{G}", "type": "Creature — Bear", "pt": [2, 2]}


def _eid(game, h, name):
    return game.card_entity[h[name]]


def test_casualty_and_blitz_are_parsed_keywords():
    """Casualty N / X and blitz [cost] are keywords a card file or a scenario's extra card
    can print (702.153a, 702.152a); anything else after 'casualty' is refused."""
    assert parse_keyword("Casualty 2").param == 2
    assert parse_keyword("casualty X").param == "X"
    assert parse_keyword("Blitz {1}{R}").param.text == "{1}{R}"
    with pytest.raises(CardError):
        parse_keyword("casualty two")
    d = make_card("Test Blitzer", "{2}{R}", "Creature — Devil", pt=(2, 2), keywords=["blitz {R}"])
    assert d.keyword_alts == ("blitz",) and d.keyword_alt_cost("blitz").text == "{R}"
    assert d.keyword_alt_cost("escape") is None


def test_the_casualty_copy_is_not_counted_as_cast():
    """002 §2.3 #3; 002 A Little Chat R4: casting A Little Chat with casualty as the first
    spell of the turn: one spell cast this turn (the copy isn't cast, 707.10)."""
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": ["Island", "Island", {"card": "Test Two Two", "id": "a"}],
         "hand": [{"card": "A Little Chat", "id": "chat"}],
         "library": ["Forest", "Forest", "Forest", "Forest"]},
        {"library": ["Forest"]}]})
    game.decide(Cast(_eid(game, h, "chat"), pay={"casualty": [_eid(game, h, "a")]}))
    game.decide(Pass())
    game.decide(Pass())                 # the casualty trigger resolves: the copy is on the stack
    assert len(game.stack) == 2
    assert game.players[0].spells_cast_turn == 1


def test_casualty_asked_only_with_a_creature_able_to_pay():
    """601.2b: the intention to pay casualty is asked only when some creature could be
    sacrificed (702.153a: power N or greater); refused answers change nothing."""
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": ["Island", "Island", "Island", "Island", "Island", "Island",
                         {"card": "Test Two Two", "id": "a"}],
         "hand": [{"card": "Cut Your Losses", "id": "cyl"}, {"card": "A Little Chat", "id": "chat"}],
         "library": ["Forest"] * 4},
        {"library": ["Forest"] * 4}]})
    game.decide(Cast(_eid(game, h, "chat")))
    d = game.pending
    assert d.kind == "may" and d.data["what"] == "casualty"
    with pytest.raises(IllegalAction):
        game.decide("perhaps")
    game.decide(True)
    d = game.pending
    assert d.kind == "cost" and d.options == [_eid(game, h, "a")]
    game.decide([_eid(game, h, "a")])
    assert game.world.ents[game.stack[0]] is not None and game.players[0].spells_cast_turn == 1


def test_brass_knuckles_copy_is_a_token_not_created_and_two_give_double_strike_once():
    """002 Brass Knuckles R2: the copy of the permanent spell enters as a token as it
    resolves (608.3f, 111.12) - not 'created' (its entering isn't a token creation, so no
    token-creation replacement or trigger sees it). 002 Brass Knuckles R1: with both attached,
    the creature has double strike (redundant instances don't add a third damage step,
    702.4): a 2/2 deals 2 + 2 combat damage."""
    from mtg_ecs.components import Card
    from mtg_ecs.core.decisions import Activate
    from mtg_ecs.systems.costs import activated_abilities
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": ["Plains"] * 6 + [{"card": "Test Two Two", "id": "bear"}],
         "hand": [{"card": "Brass Knuckles", "id": "bk"}], "library": ["Forest"] * 3},
        {"library": ["Forest"] * 3}]})
    game.log_enabled = True
    game.decide(Cast(_eid(game, h, "bk")))
    for _ in range(6):
        if not game.stack:
            break
        game.decide(Pass())
    knuckles = [e for e in game.battlefield if game.name(e) == "Brass Knuckles"]
    assert len(knuckles) == 2
    token = [e for e in knuckles if game.world.ents[e][Card].token]
    assert len(token) == 1
    entered = [d for k, d in game.log if k == "zone_change" and d.get("new") == token[0]]
    assert entered and entered[0]["frm"] == "stack" and entered[0]["cause"] != "create"
    bear = _eid(game, h, "bear")
    for e in knuckles:
        i = [a.keyword for a in activated_abilities(game, e)].index("equip")
        game.decide(Activate(e, i, targets=[bear]))
        game.decide(Pass())
        game.decide(Pass())
        assert game.chars(bear).has("double strike") == (e == knuckles[-1])
    assert [k.name for k in game.chars(bear).keywords].count("double strike") == 2
    from mtg_ecs.core.decisions import PlayerRef
    while game.pending.kind != "attackers":
        game.decide(Pass())
    game.decide({bear: PlayerRef(1)})
    while game.step != "end":
        d = game.pending
        game.decide({} if d.kind == "blockers" else Pass())
    assert game.players[1].life == 16


def test_a_spell_costing_more_per_target_offers_only_as_many_targets_as_can_be_paid():
    """601.2f-h (found while adding these cards: random decks reached it): Fireball with
    X = 2 and three Mountains can have one target only (each target beyond the first costs
    {1} more); the targets decision says so, so an agent's answer within it is legal."""
    from mtg_ecs.apps.agents import RandomAgent
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Fireball", "id": "fb"}],
         "library": ["Forest"]},
        {"battlefield": [{"card": "Test Two Two", "id": "a"}], "library": ["Forest"]}]})
    game.decide(Cast(_eid(game, h, "fb"), x=2))
    d = game.pending
    assert d.kind == "targets" and d.max == 1
    for seed in range(10):
        game.clone().decide(RandomAgent(seed).act(game, d))


def _make_token_copies(game, target, controller=0, blitz=True):
    """Jaxis, the Troublemaker's effect on `target` (the card itself waits for Doubling
    Season, its ruling R7): create a token copy; it gains the blitz package."""
    from mtg_ecs.systems.blitz import GainsBlitzPackage
    from mtg_ecs.systems.copy import CreateTokenCopy
    from mtg_ecs.systems.effects import CHOSEN, TARGET, Ctx
    ctx = Ctx(None, None, controller, [[target]])
    steps = [CreateTokenCopy(TARGET(0))] + ([GainsBlitzPackage(CHOSEN("created"))] if blitz else [])
    for s in steps:
        assert s.run(game, ctx) is None
    return ctx.vars["created"]


def test_a_token_copy_has_copiable_values_only():
    """002 Jaxis, the Troublemaker R1 (CR 707.2): the copy of a tapped 2/2 with a +1/+1
    counter, an Aura and a pump is an untapped 2/2 with no counter and nothing attached;
    002 Jaxis, the Troublemaker R4: a copy of a token copies what made it (a Citizen:
    1/1 green-white Citizen)."""
    from mtg_ecs.components import Card, Tapped
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": [{"card": "Test Two Two", "id": "bear", "tapped": True, "counters": {"+1/+1": 1}},
                         {"card": "Armored Ascension", "id": "aura", "attached_to": "bear"},
                         {"card": "Citizen", "token": True, "id": "cit", "counters": {"+1/+1": 2}},
                         "Plains", "Plains", "Plains"],
         "library": ["Forest"] * 3},
        {"library": ["Forest"] * 3}]})
    bear, cit = _eid(game, h, "bear"), _eid(game, h, "cit")
    assert game.chars(bear).power > 2
    [tok] = _make_token_copies(game, bear, blitz=False)
    ch = game.chars(tok)
    assert (ch.name, ch.power, ch.toughness) == ("Test Two Two", 2, 2)
    assert game.world.ents[tok][Card].token and Tapped not in game.world.ents[tok]
    assert not game.counters(tok).get("+1/+1")
    [tok2] = _make_token_copies(game, cit, blitz=False)
    ch = game.chars(tok2)
    assert (ch.name, ch.power, ch.toughness, sorted(ch.colors)) == ("Citizen", 1, 1, ["G", "W"])


def test_a_token_copy_has_x_0_triggers_on_entering_and_copies_what_a_clone_copies():
    """002 Jaxis, the Troublemaker R2: X is 0 (a copy of Protean Hydra enters with no
    counters: a 0/0 that dies); 002 Jaxis, the Troublemaker R3: a copy of a Clone copying
    Obstinate Baloth is an Obstinate Baloth; 002 Jaxis, the Troublemaker R5: its enters
    ability triggers (you gain 4 life)."""
    game, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Protean Hydra", "id": "hydra", "x": 3, "counters": {"+1/+1": 3}}],
         "library": ["Forest"] * 3},
        {"library": ["Forest"] * 3}]})
    [tok] = _make_token_copies(game, _eid(game, h, "hydra"), blitz=False)
    assert game.chars(tok).power == 0 and not game.counters(tok).get("+1/+1")
    game.decide(Pass())                      # state-based actions: the 0/0 token dies
    assert tok not in game.battlefield
    from mtg_ecs.systems.copy import copiable_defn
    game2, h2 = Game.from_setup({"players": [
        {"battlefield": [{"card": "Obstinate Baloth", "id": "baloth"}] + ["Island"] * 4,
         "hand": [{"card": "Clone", "id": "clone"}], "library": ["Forest"] * 3},
        {"library": ["Forest"] * 3}]})
    game2.decide(Cast(_eid(game2, h2, "clone")))
    game2.decide(Pass())
    game2.decide(Pass())
    game2.decide(True)
    game2.decide([_eid(game2, h2, "baloth")])
    while game2.stack:                       # the Clone's enters trigger: 4 life
        game2.decide(Pass())
    assert game2.players[0].life == 24
    clone = _eid(game2, h2, "clone")
    assert copiable_defn(game2, clone).name == "Obstinate Baloth" and clone in game2.battlefield
    [tok] = _make_token_copies(game2, clone, blitz=False)
    assert game2.chars(tok).name == "Obstinate Baloth"
    while game2.pending.kind != "priority" or game2.stack or game2.pending_triggers:
        game2.decide(Pass())
    assert game2.players[0].life == 28


def test_a_token_copy_with_the_blitz_package_and_a_clone_of_it():
    """002 Jaxis, the Troublemaker R6 (and 002 §2.4 #6): the token has haste and 'When
    this creature dies, draw a card' and is sacrificed at the next end step (its controller
    draws); a Clone entering as a copy of it copies the creature but gets none of that."""
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": [{"card": "Test Two Two", "id": "bear"}] + ["Island"] * 4,
         "hand": [{"card": "Clone", "id": "clone"}], "library": ["Forest"] * 4},
        {"library": ["Forest"] * 4}]})
    [tok] = _make_token_copies(game, _eid(game, h, "bear"))
    assert game.chars(tok).has("haste") and not game.chars(_eid(game, h, "bear")).has("haste")
    game.decide(Cast(_eid(game, h, "clone")))
    game.decide(Pass())
    game.decide(Pass())
    game.decide(True)
    game.decide([tok])
    clone = _eid(game, h, "clone")
    assert game.chars(clone).name == "Test Two Two" and not game.chars(clone).has("haste")
    hand = len(game.players[0].hand)
    while game.step != "end" or game.stack or game.pending_triggers or game.pending.kind != "priority":
        d = game.pending
        game.decide({} if d.kind in ("attackers", "blockers") else Pass())
        if game.step == "cleanup":
            break
    assert tok not in game.battlefield and clone in game.battlefield
    assert len(game.players[0].hand) == hand + 1         # the token died: one card


def test_casualty_x_is_chosen_only_with_casualty():
    """002 Ob Nixilis, the Adversary R2: X is chosen with the casualty cost; Ob Nixilis
    cast without casualty has no X to give (refused, nothing changes), and X beyond every
    creature's power can't be paid."""
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": ["Swamp", "Mountain", "Mountain", {"card": "Test Two Two", "id": "t"}],
         "hand": [{"card": "Ob Nixilis, the Adversary", "id": "ob"}], "library": ["Forest"]},
        {"library": ["Forest"]}]})
    from mtg_ecs.core.hashing import state_hash
    ob, t = _eid(game, h, "ob"), _eid(game, h, "t")
    before = state_hash(game)
    with pytest.raises(IllegalAction):
        game.decide(Cast(ob, x=3, pay={"casualty": [t]}))
    assert state_hash(game) == before
    game.decide(Cast(ob, x=2))
    with pytest.raises(IllegalAction, match="casualty X"):
        game.decide(False)                  # no casualty: no X
    game, h = Game.from_setup({"cards": [TWO_TWO], "players": [
        {"battlefield": ["Swamp", "Mountain", "Mountain", {"card": "Test Two Two", "id": "t"}],
         "hand": [{"card": "Ob Nixilis, the Adversary", "id": "ob"}], "library": ["Forest"]},
        {"library": ["Forest"]}]})
    game.decide(Cast(_eid(game, h, "ob")))
    assert game.pending.kind == "may"
    game.decide(True)
    d = game.pending
    assert d.kind == "x" and d.options == [0, 1, 2]
