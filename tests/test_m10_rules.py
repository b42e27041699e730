"""Magic 2010 FAQ (spec 001) Part 1: the M10 rules changes — the `m10` rules profile
(damage assignment order, 2009-2024), combat requirements and restrictions, "as ~
enters" choices, and the statements a scenario file can't express (test-only cards
with rules text, sets of legal answers)."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import (make_card, SpellAbility, ActivatedAbility, StaticAbility,
                       parse_activation_cost)
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Activate, Cast, IllegalAction, PlayerRef
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import statics as st
from mtg_ecs.systems import damage, zones
from mtg_ecs.systems.targeting import creature, target
from mtg_ecs.components import Attacking, Blocking


def _game(setup, defs=None, rules=None):
    if rules:
        setup = {**setup, "rules": rules}
    game, h = Game.from_setup(setup, defs=defs or {})
    return game, (lambda k: game.card_entity[h[k]])


def _to(game, step, turn=None):
    """Pass until a player would receive priority in `step` (answering empty
    declarations on the way)."""
    for _ in range(500):
        d = game.pending
        if d.kind == "priority":
            if game.step == step and (turn is None or game.turn == turn):
                return
            game.decide(Pass())
        elif d.kind in ("attackers", "blockers") and game.step != step:
            game.decide({})
        else:
            return
    raise AssertionError(f"did not reach {step}")


def _attack(game, decl):
    _to(game, "declare_attackers")
    assert game.pending.kind == "attackers"
    game.decide(decl)


def _flag_card(name, pt, flag, cost="{1}"):
    return make_card(name, cost, "Creature — Test", pt=pt, abilities=[
        StaticAbility(continuous=(st.rule_flag(st.this_object(), flag),), text=flag)])


# ---------------------------------------------------------------------------
# damage assignment order (m10 profile)
# ---------------------------------------------------------------------------
def _wurm_assignment_game(rules):
    game, e = _game({"players": [
        {"battlefield": [{"card": "Craw Wurm", "id": "wurm"}]},
        {"battlefield": [{"card": "Canyon Minotaur", "id": "mino"},
                         {"card": "Goblin Piker", "id": "piker"}]}]}, rules=rules)
    _attack(game, {e("wurm"): PlayerRef(1)})
    _to(game, "declare_blockers")
    game.decide({e("mino"): e("wurm"), e("piker"): e("wurm")})
    if game.pending.kind == "blocker_order":
        game.decide([e("mino"), e("piker")])
    _to(game, "combat_damage")
    assert game.pending.kind == "damage_assignment"
    return game, e


def _legal_splits(game, e):
    legal = set()
    for m in range(7):
        g = game.clone()
        try:
            g.decide({e("mino"): m, e("piker"): 6 - m})
            legal.add((m, 6 - m))
        except IllegalAction:
            pass
    return legal


def test_ex1_legal_assignments_are_exactly_lethal_in_order():
    """001 T1.5.3: Craw Wurm blocked by Canyon Minotaur then Goblin Piker (m10): the legal
    (Minotaur, Piker) assignments are exactly (3,3), (4,2), (5,1), (6,0)
    (CR 510.1c of the 2009-2024 rules)."""
    game, e = _wurm_assignment_game("m10")
    assert _legal_splits(game, e) == {(3, 3), (4, 2), (5, 1), (6, 0)}


def test_ex1_today_every_split_is_legal():
    """001 T1.5.3 [current]: today's rules (Nov 2024) have no order: any division."""
    game, e = _wurm_assignment_game("current")
    assert _legal_splits(game, e) == {(m, 6 - m) for m in range(7)}


DT_AURA = make_card("Test Venom Aura", "{B}", "Enchantment — Aura", keywords=["enchant creature"],
                    abilities=[StaticAbility(continuous=(st.grant(st.attached_object(), "deathtouch"),),
                                             text="Enchanted creature has deathtouch.")])
BEAR = make_card("Test Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))


def _deathtouch_split_game(rules, remove_aura):
    game, e = _game({"players": [
        {"battlefield": [{"card": "Test Bear", "id": "dt"},
                         {"card": "Test Venom Aura", "id": "aura", "attached_to": "dt"}]},
        {"battlefield": [{"card": "Canyon Minotaur", "id": "a"}, {"card": "Canyon Minotaur", "id": "b"},
                         "Plains"],
         "hand": [{"card": "Erase", "id": "erase"}]}]},
        defs={"Test Venom Aura": DT_AURA, "Test Bear": BEAR}, rules=rules)
    _attack(game, {e("dt"): PlayerRef(1)})
    _to(game, "declare_blockers")
    game.decide({e("a"): e("dt"), e("b"): e("dt")})
    game.decide([e("a"), e("b")])                     # the order is declared anyway
    if remove_aura:
        game.decide(Pass())
        game.decide(Cast(e("erase"), targets=[[e("aura")]]))
        game.decide(Pass())
        game.decide(Pass())
        assert game.zone_of(e("aura")) == "exile"
    _to(game, "combat_damage")
    legal = set()
    for x in range(3):
        g = game.clone()
        try:
            g.decide({e("a"): x, e("b"): 2 - x})
            legal.add((x, 2 - x))
        except IllegalAction:
            pass
    return legal


def test_m10_deathtouch_may_ignore_the_order():
    """001 T1.7.2; 001 Deadly Recluse R1: with deathtouch as damage is assigned, the order
    is ignored: (1,1), (0,2), (2,0) are all legal (CR 702.2a of July 2009)."""
    assert _deathtouch_split_game("m10", False) == {(0, 2), (1, 1), (2, 0)}


def test_m10_deathtouch_lost_before_damage_must_follow_order():
    """001 T1.7.3; 001 Deadly Recluse R1: the order was declared because the creature could
    lose deathtouch; without it only (2,0) is legal."""
    assert _deathtouch_split_game("m10", True) == {(2, 0)}


def test_m11_profile_deathtouch_follows_order_with_one_lethal():
    """The `m11` profile (2010-2024 rule 702.2c): the order binds, but 1 deathtouch damage
    is lethal, so (1,1) and (2,0) are legal and (0,2) isn't (contrast 001 T1.7.2)."""
    assert _deathtouch_split_game("m11", False) == {(1, 1), (2, 0)}


def test_first_strike_gained_after_damage_makes_no_second_step():
    """001 T1.5.17: with no first or double strike as the combat damage step begins there
    is one combat damage step; first strike gained afterwards changes nothing (CR 510.4)."""
    strike = make_card("Test Sudden Strike", "{W}", "Instant", spell=SpellAbility(
        effects=(fx.GrantKeywords(fx.TARGET(0), ["first strike"]),), targets=(creature(),),
        text="Target creature gains first strike until end of turn."))
    game, e = _game({"players": [
        {"battlefield": [{"card": "Craw Wurm", "id": "wurm"}, "Plains"],
         "hand": [{"card": "Test Sudden Strike", "id": "ss"}]},
        {"library": ["Forest"]}]}, defs={"Test Sudden Strike": strike})
    _attack(game, {e("wurm"): PlayerRef(1)})
    _to(game, "combat_damage")
    assert game.players[1].life == 14
    game.decide(Cast(e("ss"), targets=[[e("wurm")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.chars(e("wurm")).has("first strike")
    steps = []
    while game.step != "main2":
        if not steps or steps[-1] != game.step:
            steps.append(game.step)
        game.decide(Pass())
    assert steps == ["combat_damage", "end_of_combat"]
    assert game.players[1].life == 14


def test_combat_phase_steps_in_order():
    """001 T1.5.1: beginning of combat, declare attackers, declare blockers, combat damage
    (two with first strike), end of combat; with no attackers, declare blockers and combat
    damage are skipped (CR 506.1, 508.8)."""
    def steps_of(attack, first_strike=False):
        game, e = _game({"players": [
            {"battlefield": [{"card": "Test Striker" if first_strike else "Craw Wurm", "id": "x"}]},
            {"library": ["Forest"]}]},
            defs={"Test Striker": make_card("Test Striker", "{W}", "Creature — Soldier", pt=(2, 2),
                                            keywords=["first strike"])})
        seen = []
        while game.step != "main2":
            d = game.pending
            if not seen or seen[-1] != game.step:
                seen.append(game.step)
            if d.kind == "attackers":
                _attack(game, {e("x"): PlayerRef(1)} if attack else {})
            elif d.kind == "blockers":
                game.decide({})
            else:
                game.decide(Pass())
        return [s for s in seen if s != "main1"]
    assert steps_of(True) == ["beginning_of_combat", "declare_attackers", "declare_blockers",
                              "combat_damage", "end_of_combat"]
    assert steps_of(True, True) == ["beginning_of_combat", "declare_attackers", "declare_blockers",
                                    "first_strike_damage", "combat_damage", "end_of_combat"]
    assert steps_of(False) == ["beginning_of_combat", "declare_attackers", "end_of_combat"]


# ---------------------------------------------------------------------------
# deathtouch and lifelink from anywhere (test-only cards with rules text)
# ---------------------------------------------------------------------------
def _exorcist_game(card_in_graveyard, owner):
    players = [{"battlefield": [{"card": "Selfless Exorcist", "id": "ex"}]}, {}]
    players[owner]["graveyard"] = [{"card": card_in_graveyard, "id": "gy"}]
    game, e = _game({"players": players})
    game.decide(Activate(e("ex"), 0, targets=[[e("gy")]]))
    game.decide(Pass())
    game.decide(Pass())
    return game, e


def test_deathtouch_works_from_exile():
    """001 T1.7.10; 001 Deadly Recluse R6: a deathtouch creature card dealing damage from
    exile destroys the creature it damages (CR 702.2b applies wherever the source is)."""
    game, e = _exorcist_game("Deadly Recluse", 1)
    assert game.zone_of(e("gy")) == "exile"
    assert game.zone_of(e("ex")) == "graveyard"


def test_lifelink_works_from_exile_for_the_owner():
    """001 T1.6.7; 001 Child of Night R4: a lifelink card dealing damage from exile gains
    its owner that much life (it has no controller, CR 702.15b)."""
    game, e = _exorcist_game("Child of Night", 1)
    assert game.players[1].life == 22
    assert game.players[0].life == 20
    assert game.damage_on(e("ex")) == 2


PINGER = make_card("Test Venom Pinger", "{B}", "Creature — Snake", pt=(1, 1), keywords=["deathtouch"],
                   abilities=[ActivatedAbility(cost=parse_activation_cost("{T}"),
                                               effects=(fx.DealDamage(1, fx.TARGET(0)),),
                                               targets=(creature(),),
                                               text="{T}: This creature deals 1 damage to target creature.")])
BIG = make_card("Test Giant", "{4}{G}", "Creature — Giant", pt=(5, 5))
REGEN = make_card("Test Troll", "{1}{G}", "Creature — Troll", pt=(2, 2), abilities=[
    ActivatedAbility(cost=parse_activation_cost("{G}"), effects=(fx.Regenerate(fx.SELF),),
                     text="{G}: Regenerate this creature.")])


def test_noncombat_deathtouch_damage_destroys():
    """001 T1.7.5; 001 Deadly Recluse R2: 1 noncombat damage from a deathtouch source
    destroys a 5/5 at the next state-based action check (CR 702.2b, 704.5h)."""
    game, e = _game({"players": [{"battlefield": [{"card": "Test Venom Pinger", "id": "p"}]},
                                 {"battlefield": [{"card": "Test Giant", "id": "t"}]}]},
                    defs={"Test Venom Pinger": PINGER, "Test Giant": BIG})
    game.decide(Activate(e("p"), 0, targets=[[e("t")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("t")) == "graveyard"


def test_one_regeneration_shield_saves_from_deathtouch_and_lethal_damage():
    """001 T1.7.6; 001 Deadly Recluse R3; 001 Deadly Recluse R4; 001 Deadly Recluse R8: a creature with one regeneration shield,
    dealt lethal damage by a source with deathtouch (two instances of it), is regenerated
    once: tapped, damage removed, removed from combat (CR 701.19, 704.5g-h)."""
    game, e = _game({"players": [
        {"battlefield": [{"card": "Test Troll", "id": "t"}, "Forest"]},
        {"battlefield": [{"card": "Deadly Recluse", "id": "dr"},
                         {"card": "Test Venom Aura", "id": "aura", "attached_to": "dr"}, "Forest"],
         "hand": [{"card": "Giant Growth", "id": "gg"}]}]},
        defs={"Test Troll": REGEN, "Test Venom Aura": DT_AURA})
    assert len([k for k in game.chars(e("dr")).keywords if k.name == "deathtouch"]) == 2
    _attack(game, {e("t"): PlayerRef(1)})
    _to(game, "declare_blockers")
    game.decide({e("dr"): e("t")})
    # the defender pumps the Recluse so its damage is lethal too; the troll regenerates first
    game.decide(Activate(e("t"), 0))
    game.decide(Pass())
    game.decide(Pass())
    game.decide(Pass())
    game.decide(Cast(e("gg"), targets=[[e("dr")]]))
    game.decide(Pass())
    game.decide(Pass())
    _to(game, "combat_damage")
    assert game.zone_of(e("t")) == "battlefield"
    assert game.is_tapped(e("t")) and game.damage_on(e("t")) == 0
    from mtg_ecs.components import Attacking
    assert not game.world.has(e("t"), Attacking)


# ---------------------------------------------------------------------------
# combat requirements and restrictions (CR 508.1c-d, 509.1b-c)
# ---------------------------------------------------------------------------
def test_must_attack_a_named_player():
    """'attacks player N this turn if able' (flag must_attack:N): attacking that player is
    required; attacking a planeswalker instead obeys no requirement (CR 508.1d)."""
    siren_target = _flag_card("Test Lured", (2, 2), "must_attack:1")
    game, e = _game({"players": [{"battlefield": [{"card": "Test Lured", "id": "x"}]},
                                 {"battlefield": [{"card": "Garruk, Primal Hunter", "id": "gk"}]}]},
                    defs={"Test Lured": siren_target})
    _to(game, "declare_attackers")
    assert game.pending.kind == "attackers"
    for bad in ({}, {e("x"): e("gk")}):
        with pytest.raises(IllegalAction):
            game.decide(bad)
    _attack(game, {e("x"): PlayerRef(1)})


def test_cant_attack_alone():
    """'can't attack alone' (Jackal Familiar's restriction): alone is refused, with another
    attacker it is legal (CR 508.1c)."""
    jf = _flag_card("Test Jackal", (2, 2), "cant_attack_alone")
    game, e = _game({"players": [{"battlefield": [{"card": "Test Jackal", "id": "j"},
                                                  {"card": "Craw Wurm", "id": "w"}]}, {}]},
                    defs={"Test Jackal": jf})
    with pytest.raises(IllegalAction):
        _attack(game, {e("j"): PlayerRef(1)})
    _attack(game, {e("j"): PlayerRef(1), e("w"): PlayerRef(1)})


def test_restriction_beats_requirement():
    """A creature that must attack but can't attack alone, with no other creature able to
    attack: not attacking is legal (restrictions first, CR 508.1d)."""
    both = make_card("Test Torn", "{1}", "Creature — Test", pt=(2, 2), abilities=[
        StaticAbility(continuous=(st.rule_flag(st.this_object(), "cant_attack_alone"),
                                  st.rule_flag(st.this_object(), "attacks_each_combat")))])
    game, e = _game({"players": [{"battlefield": [{"card": "Test Torn", "id": "t"}]}, {}]},
                    defs={"Test Torn": both})
    _to(game, "declare_attackers")
    with pytest.raises(IllegalAction):
        _attack(game, {e("t"): PlayerRef(1)})
    game.decide({})


def test_cant_block_alone():
    """'can't block alone': blocking alone is refused, blocking with another creature is
    legal (CR 509.1b)."""
    jf = _flag_card("Test Jackal", (2, 2), "cant_block_alone")
    game, e = _game({"players": [{"battlefield": [{"card": "Craw Wurm", "id": "w"}]},
                                 {"battlefield": [{"card": "Test Jackal", "id": "j"},
                                                  {"card": "Goblin Piker", "id": "p"}]}]},
                    defs={"Test Jackal": jf})
    _attack(game, {e("w"): PlayerRef(1)})
    _to(game, "declare_blockers")
    with pytest.raises(IllegalAction):
        game.decide({e("j"): e("w")})
    game.decide({e("j"): e("w"), e("p"): e("w")})


def test_all_creatures_able_to_block_it_do_so():
    """'All creatures able to block ~ do so' (Prized Unicorn's requirement): each untapped
    creature able to block it must; one that can't (flying attacker, no reach) needn't
    (CR 509.1c)."""
    lure = _flag_card("Test Lure", (2, 2), "must_be_blocked_by_all")
    game, e = _game({"players": [{"battlefield": [{"card": "Test Lure", "id": "u"},
                                                  {"card": "Craw Wurm", "id": "w"}]},
                                 {"battlefield": [{"card": "Goblin Piker", "id": "p"},
                                                  {"card": "Canyon Minotaur", "id": "m"},
                                                  {"card": "Goblin Piker", "id": "t", "tapped": True}]}]},
                    defs={"Test Lure": lure})
    _attack(game, {e("u"): PlayerRef(1), e("w"): PlayerRef(1)})
    _to(game, "declare_blockers")
    for bad in ({}, {e("p"): e("u")}, {e("p"): e("u"), e("m"): e("w")}):
        with pytest.raises(IllegalAction):
            game.decide(bad)
    game.decide({e("p"): e("u"), e("m"): e("u")})


def test_palace_guard_and_lure_requirements_together():
    """Palace Guard can block any number of creatures: with two lure attackers it must
    block both (the most requirements obeyed, CR 509.1c)."""
    lure = _flag_card("Test Lure", (2, 2), "must_be_blocked_by_all")
    game, e = _game({"players": [{"battlefield": [{"card": "Test Lure", "id": "u1"},
                                                  {"card": "Test Lure", "id": "u2"}]},
                                 {"battlefield": [{"card": "Palace Guard", "id": "g"}]}]},
                    defs={"Test Lure": lure})
    _attack(game, {e("u1"): PlayerRef(1), e("u2"): PlayerRef(1)})
    _to(game, "declare_blockers")
    with pytest.raises(IllegalAction):
        game.decide({e("g"): e("u1")})
    game.decide({e("g"): [e("u1"), e("u2")]})


# ---------------------------------------------------------------------------
# "As ~ enters, you may pay 2 life" (systems/entering.py)
# ---------------------------------------------------------------------------
def _drop_land(game, ctx):
    for c in list(game.players[ctx.controller].hand):
        if "Land" in game.chars(c).types:
            zones.put_onto_battlefield(game, c, controller=ctx.controller)
            return


DROP = make_card("Test Land Drop", "{G}", "Sorcery", spell=SpellAbility(
    effects=(fx.Custom(_drop_land), fx.Draw(fx.YOU, 1)),
    text="Put a land card from your hand onto the battlefield, then draw a card."))


def test_pay_life_choice_when_put_onto_battlefield_by_a_spell():
    """001 Stomping Ground: the choice is made for any way it enters (a spell putting it
    onto the battlefield too, CR 614.12), once the spell has finished resolving; declining
    leaves it tapped."""
    game, e = _game({"players": [{"battlefield": ["Forest"], "library": ["Forest"],
                                  "hand": [{"card": "Test Land Drop", "id": "drop"},
                                           {"card": "Stomping Ground", "id": "sg"}]}, {}]},
                    defs={"Test Land Drop": DROP})
    game.decide(Cast(e("drop")))
    game.decide(Pass())
    game.decide(Pass())
    d = game.pending
    assert d.kind == "may" and d.player == 0
    assert game.zone_of(e("sg")) == "battlefield" and len(game.players[0].hand) == 1   # drew
    game.decide(False)
    assert game.is_tapped(e("sg")) and game.players[0].life == 20
    assert game.pending.kind == "priority"


def test_entering_tapped_anyway_still_offers_the_payment():
    """A Stomping Ground put onto the battlefield tapped: its controller may still pay (the
    choice exists, CR 614.12); either way it stays tapped."""
    game, e = _game({"players": [{"hand": [{"card": "Stomping Ground", "id": "sg"}]}, {}]})
    zones.move(game, e("sg"), "battlefield", tapped=True)
    game.advance()
    assert game.pending.kind == "may"
    game.decide(True)
    assert game.is_tapped(e("sg")) and game.players[0].life == 18
    assert game.pending.kind == "priority"


def test_agents_obey_requirements():
    """The agents' declarations are completed to legal ones (Berserkers of Blood Ridge must
    attack; a lure creature must be blocked by all able)."""
    from mtg_ecs.apps.agents import RandomAgent, HeuristicAgent
    from mtg_ecs.systems.combat import legal_declaration
    lure = _flag_card("Test Lure", (2, 2), "must_be_blocked_by_all")
    for seed in range(6):
        game, e = _game({"players": [{"battlefield": [{"card": "Berserkers of Blood Ridge", "id": "b"},
                                                      {"card": "Test Lure", "id": "u"}]},
                                     {"battlefield": [{"card": "Goblin Piker", "id": "p"}]}]},
                        defs={"Test Lure": lure})
        _to(game, "declare_attackers")
        agent = RandomAgent(seed) if seed % 2 else HeuristicAgent(seed)
        ans = agent.act(game, game.pending)
        game.decide(ans)
        assert e("b") in ans
        _to(game, "declare_blockers")
        if game.pending.kind == "blockers":
            d = game.pending
            assert legal_declaration(game, d, {}) == ({e("p"): e("u")} if e("u") in ans else {})
            game.decide(agent.act(game, d))


def _all_lands_from_hand(game, ctx):
    from mtg_ecs.systems.together import move_all_together
    lands = [c for c in game.players[ctx.controller].hand if "Land" in game.chars(c).types]
    move_all_together(game, lands, controller=ctx.controller)


ALL_LANDS = make_card("Test Landfall", "{G}", "Sorcery", spell=SpellAbility(
    effects=(fx.Custom(_all_lands_from_hand),),
    text="Put all land cards from your hand onto the battlefield."))


@pytest.mark.parametrize("mountain_first", [True, False])
def test_dragonskull_summit_doesnt_see_lands_entering_with_it(mountain_first):
    """001 Dragonskull Summit R2: it checks the lands already on the battlefield; a
    Mountain entering at the same time isn't seen, so it enters tapped (CR 614.12)."""
    hand = [{"card": "Mountain", "id": "m"}, {"card": "Dragonskull Summit", "id": "ds"}]
    if not mountain_first:
        hand.reverse()
    game, e = _game({"players": [{"battlefield": ["Forest"],
                                  "hand": [{"card": "Test Landfall", "id": "tl"}] + hand}, {}]},
                    defs={"Test Landfall": ALL_LANDS})
    game.decide(Cast(e("tl")))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("ds")) == "battlefield" and game.zone_of(e("m")) == "battlefield"
    assert game.is_tapped(e("ds"))


def test_dragonskull_summit_sees_a_mountain_already_there():
    """001 Dragonskull Summit R2 (control): with a Mountain already on the battlefield the
    Summit entering with other lands enters untapped."""
    game, e = _game({"players": [{"battlefield": ["Forest", "Mountain"],
                                  "hand": [{"card": "Test Landfall", "id": "tl"},
                                           {"card": "Dragonskull Summit", "id": "ds"}, "Plains"]}, {}]},
                    defs={"Test Landfall": ALL_LANDS})
    game.decide(Cast(e("tl")))
    game.decide(Pass())
    game.decide(Pass())
    assert not game.is_tapped(e("ds"))


BOMB = make_card("Test Venom Bomb", "{B}", "Creature — Snake", pt=(1, 1), keywords=["deathtouch"],
                 abilities=[ActivatedAbility(cost=parse_activation_cost("Sacrifice this creature"),
                                             effects=(fx.DealDamage(1, fx.TARGET(0)),),
                                             targets=(creature(),),
                                             text="Sacrifice this creature: It deals 1 damage to target creature.")])


def test_deathtouch_of_a_source_that_left_uses_last_known_information():
    """001 Deadly Recluse R7; 001 T1.6.9: a source that changed zones before dealing its
    damage is checked as it last existed on the battlefield: the sacrificed deathtouch
    creature's 1 damage destroys a 5/5 (CR 608.2h, 702.2b)."""
    game, e = _game({"players": [{"battlefield": [{"card": "Test Venom Bomb", "id": "b"}]},
                                 {"battlefield": [{"card": "Test Giant", "id": "t"}]}]},
                    defs={"Test Venom Bomb": BOMB, "Test Giant": BIG})
    game.decide(Activate(e("b"), 0, targets=[[e("t")]]))
    assert game.zone_of(e("b")) == "graveyard"
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("t")) == "graveyard"


LIFE_BOMB = make_card("Test Life Bomb", "{W}", "Creature — Spirit", pt=(1, 1), keywords=["lifelink"],
                      abilities=[ActivatedAbility(cost=parse_activation_cost("Sacrifice this creature"),
                                                  effects=(fx.DealDamage(2, fx.TARGET(0)),),
                                                  targets=(creature(),),
                                                  text="Sacrifice this creature: It deals 2 damage to target creature.")])


def test_lifelink_of_a_source_that_left_uses_last_known_information():
    """001 Child of Night R5; 001 T1.6.9: the sacrificed lifelink source had lifelink as it
    last existed on the battlefield, so its controller gains the 2 life (CR 702.15b)."""
    game, e = _game({"players": [{"battlefield": [{"card": "Test Life Bomb", "id": "b"}]},
                                 {"battlefield": [{"card": "Test Giant", "id": "t"}]}]},
                    defs={"Test Life Bomb": LIFE_BOMB, "Test Giant": BIG})
    game.decide(Activate(e("b"), 0, targets=[[e("t")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.damage_on(e("t")) == 2
    assert game.players[0].life == 22


def _drop_enchantment(game, ctx):
    for c in list(game.players[ctx.controller].hand):
        if "Enchantment" in game.chars(c).types:
            zones.put_onto_battlefield(game, c, controller=ctx.controller)
            return


DROP_ENCH = make_card("Test Vault", "{W}", "Sorcery", spell=SpellAbility(
    effects=(fx.Custom(_drop_enchantment),),
    text="Put an enchantment card from your hand onto the battlefield."))


def test_mesa_enchantress_needs_a_cast_enchantment():
    """001 T1.3.2: an enchantment put onto the battlefield without being cast (as Open the
    Vaults does) doesn't trigger Mesa Enchantress; casting one does (T1.3.1; CR 601.2i)."""
    game, e = _game({"players": [{"battlefield": [{"card": "Mesa Enchantress", "id": "me"},
                                                  "Plains", "Plains", "Plains", "Plains",
                                                  "Swamp", "Swamp", "Swamp", "Swamp"],
                                  "hand": [{"card": "Test Vault", "id": "v"},
                                           {"card": "Sanguine Bond", "id": "sb"},
                                           {"card": "Mark of the Vampire", "id": "mark"}],
                                  "library": ["Plains", "Plains"]},
                                 {"battlefield": [{"card": "Goblin Piker", "id": "gp"}]}]},
                    defs={"Test Vault": DROP_ENCH})
    game.decide(Cast(e("v")))
    game.decide(Pass())
    game.decide(Pass())
    assert game.zone_of(e("sb")) == "battlefield"
    assert game.stack == [] and game.pending.kind == "priority"
    game.decide(Cast(e("mark"), targets=[[e("gp")]]))
    assert len(game.stack) == 2                       # the Enchantress triggered


def test_requirement_checked_on_a_big_board():
    """Berserkers of Blood Ridge must attack even among many other possible attackers and
    two things to attack (the check looks only at creatures with requirements or
    restrictions, CR 508.1d)."""
    game, e = _game({"players": [{"battlefield": [{"card": "Berserkers of Blood Ridge", "id": "b"}]
                                  + [{"card": "Goblin Piker"} for _ in range(12)]},
                                 {"battlefield": [{"card": "Garruk, Primal Hunter", "id": "gk"}]}]})
    _to(game, "declare_attackers")
    with pytest.raises(IllegalAction):
        game.decide({})
    game.decide({e("b"): e("gk")})


STEAL = make_card("Test Steal", "{U}", "Instant", spell=SpellAbility(
    effects=(fx.GainControl(fx.TARGET(0)),), targets=(creature(),),
    text="Gain control of target creature."))


def _pass_to(game, turn, step):
    for _ in range(2000):
        d = game.pending
        if d.kind == "priority" and game.turn == turn and game.step == step:
            return
        if d.kind in ("attackers", "blockers"):
            game.decide({})
        elif d.kind == "priority":
            game.decide(Pass())
        else:
            raise AssertionError(f"unexpected decision {d}")
    raise AssertionError("not reached")


def test_sleep_and_a_control_change():
    """001 T4.11: Sleep taps P's C1 and C2; you then gain control of C1 for good. C1 untaps
    in your next untap step; C2 doesn't untap in P's next untap step and does in the
    following one ('that player's next untap step', CR 502.3, 611.2)."""
    lib = ["Island"] * 8
    game, e = _game({"players": [
        {"battlefield": ["Island"] * 5, "hand": [{"card": "Sleep", "id": "sleep"},
                                               {"card": "Test Steal", "id": "steal"}], "library": lib},
        {"battlefield": [{"card": "Goblin Piker", "id": "c1"}, {"card": "Canyon Minotaur", "id": "c2"}],
         "library": lib}]}, defs={"Test Steal": STEAL})
    game.decide(Cast(e("sleep"), targets=[[PlayerRef(1)]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.is_tapped(e("c1")) and game.is_tapped(e("c2"))
    game.decide(Cast(e("steal"), targets=[[e("c1")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.chars(e("c1")).controller == 0
    _pass_to(game, 2, "upkeep")                     # P's next untap step
    assert game.is_tapped(e("c2")) and game.is_tapped(e("c1"))
    _pass_to(game, 3, "upkeep")                     # your next untap step
    assert not game.is_tapped(e("c1")) and game.is_tapped(e("c2"))
    _pass_to(game, 4, "upkeep")                     # P's following untap step
    assert not game.is_tapped(e("c2"))


def test_wall_of_frost_and_a_control_change():
    """001 T4.12: Wall of Frost blocks the opponent's C; you gain control of C before the
    opponent's next untap step: C doesn't untap during YOUR next untap step (its
    controller's next untap step, CR 502.3)."""
    lib = ["Island"] * 8
    game, e = _game({"players": [
        {"battlefield": [{"card": "Wall of Frost", "id": "wall"}, "Island"],
         "hand": [{"card": "Test Steal", "id": "steal"}], "library": lib},
        {"battlefield": [{"card": "Craw Wurm", "id": "c"}], "library": lib}],
        "turn": {"number": 1, "active": 1, "step": "main1"}}, defs={"Test Steal": STEAL})
    _attack(game, {e("c"): PlayerRef(0)})
    _to(game, "declare_blockers")
    game.decide({e("wall"): e("c")})
    _to(game, "end_of_combat")
    game.decide(Pass())                             # p1 passes; p0 steals the Wurm
    game.decide(Cast(e("steal"), targets=[[e("c")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.chars(e("c")).controller == 0 and game.is_tapped(e("c"))
    _pass_to(game, 2, "upkeep")                     # your next untap step
    assert game.is_tapped(e("c"))
    _pass_to(game, 4, "upkeep")
    assert not game.is_tapped(e("c"))


def _ambush(game, ctx):
    """Test-only: put the creature card from your hand onto the battlefield blocking the
    target attacking creature."""
    from mtg_ecs.systems.combat import put_blocking
    (attacker,) = ctx.targets[0]
    for c in list(game.players[ctx.controller].hand):
        if "Creature" in game.chars(c).types:
            new = zones.put_onto_battlefield(game, c, controller=ctx.controller)
            put_blocking(game, new, attacker)
            return


AMBUSH = make_card("Test Ambush", "{G}", "Instant", spell=SpellAbility(
    effects=(fx.Custom(_ambush),),
    targets=(creature("target attacking creature",
                      filter=lambda g, t, tc: g.world.has(t, Attacking)),),
    text="Put a creature card from your hand onto the battlefield blocking target attacking creature."))


def _ambush_game():
    game, e = _game({"players": [
        {"battlefield": [{"card": "Enormous Baloth", "id": "baloth"}]},
        {"battlefield": [{"card": "Goblin Piker", "id": "x"}, {"card": "Canyon Minotaur", "id": "z"},
                         "Forest"],
         "hand": [{"card": "Test Ambush", "id": "amb"}, {"card": "Child of Night", "id": "w"}]}]},
        defs={"Test Ambush": AMBUSH}, rules="m10")
    _attack(game, {e("baloth"): PlayerRef(1)})
    _to(game, "declare_blockers")
    game.decide({e("x"): e("baloth"), e("z"): e("baloth")})
    game.decide([e("x"), e("z")])
    game.decide(Pass())
    game.decide(Cast(e("amb"), targets=[[e("baloth")]]))
    game.decide(Pass())
    game.decide(Pass())
    d = game.pending
    assert d.kind == "blocker_order" and d.player == 0
    return game, e


def test_new_blocker_is_placed_in_the_order_by_the_attacking_player():
    """001 T1.5.13: a creature put onto the battlefield blocking an attacker: the attacking
    player chooses its place in the damage assignment order; [W,X,Z], [X,W,Z], [X,Z,W] are
    legal, X stays before Z (509.2a of the 2009-2024 rules)."""
    game, e = _ambush_game()
    x, z, w = e("x"), e("z"), e("w")
    for order in ([w, x, z], [x, w, z], [x, z, w]):
        game.clone().decide(order)
    for order in ([z, x, w], [w, z, x]):
        with pytest.raises(IllegalAction):
            game.clone().decide(order)
    game.decide([x, w, z])
    assert game.world.has(w, Blocking)
    _to(game, "combat_damage")
    d = game.pending
    assert d.kind == "damage_assignment" and d.data["blockers"] == [x, w, z]
    with pytest.raises(IllegalAction):
        game.clone().decide({x: 1, w: 0, z: 6})         # W needs lethal before Z
    game.decide({x: 1, w: 1, z: 5})
    assert game.zone_of(e("w")) == "graveyard" and game.zone_of(e("z")) == "graveyard"


def test_new_blocker_today_needs_no_order():
    """001 T1.5.13 [current]: today there is no order to place the new blocker in; it simply
    blocks (the attacker stays blocked, 509.1h)."""
    game, e = _game({"players": [
        {"battlefield": [{"card": "Enormous Baloth", "id": "baloth"}]},
        {"battlefield": ["Forest"],
         "hand": [{"card": "Test Ambush", "id": "amb"}, {"card": "Child of Night", "id": "w"}]}]},
        defs={"Test Ambush": AMBUSH})
    _attack(game, {e("baloth"): PlayerRef(1)})
    _to(game, "declare_blockers")
    game.decide(Pass())
    game.decide(Cast(e("amb"), targets=[[e("baloth")]]))
    game.decide(Pass())
    game.decide(Pass())
    assert game.pending.kind == "priority"
    _to(game, "combat_damage")
    assert game.players[1].life == 22                 # blocked: no damage to p1; lifelink +2
    assert game.zone_of(e("w")) == "graveyard"


def test_block_requirement_checked_on_a_big_board():
    """'All creatures able to block ~ do so' with many possible blockers and attackers: the
    requirement is still enforced (CR 509.1c)."""
    lure = _flag_card("Test Lure", (2, 2), "must_be_blocked_by_all")
    game, e = _game({"players": [{"battlefield": [{"card": "Test Lure", "id": "u"}]
                                  + [{"card": "Goblin Piker"} for _ in range(5)]},
                                 {"battlefield": [{"card": "Canyon Minotaur", "id": "m"}]
                                  + [{"card": "Goblin Piker"} for _ in range(7)]}]},
                    defs={"Test Lure": lure})
    _to(game, "declare_attackers")
    game.decide({a: PlayerRef(1) for a, _ in game.pending.options})
    _to(game, "declare_blockers")
    blockers = [b for b, _ in game.pending.options]
    with pytest.raises(IllegalAction):
        game.decide({b: e("u") for b in blockers if b != e("m")})
    game.decide({b: e("u") for b in blockers})
