"""Basic Rulebook glossary, part 2 (000 T-301 .. T-429): tests that need test-only cards
with rules text, or that look at the game through the decision interface directly.

Most tests are scenario dicts (shared/scenario-format.md) run with Python card
definitions passed to the scenario runner."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import SpellAbility, ActivatedAbility, make_card, parse_activation_cost, Keyword
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import IllegalAction, Activate, Cast, PlayLand
from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems.targeting import any_target, creature, player, target
from mtg_ecs.systems.replacement import add_shield


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
def run(data: dict, *defs, before=None, left_waiting_ok=False):
    """Run a scenario dict with test-only CardDefs; fail the test on any failure.
    `before(game, handles)` runs after setup, before the actions; `left_waiting_ok`: the
    actions may end at a decision (the test answers it)."""
    r = Runner({"name": "test", **data}, defs={d.name: d for d in defs})
    if before is not None:
        before(r.game, r.handles)
    r.run(left_waiting_ok=left_waiting_ok)
    return r


def ent(r, handle):
    return r.game.card_entity[r.handles[handle]]


def spell(name, cost, type_line, *effects, targets=(), modes=(), text=""):
    return make_card(name, cost, type_line,
                     spell=SpellAbility(effects=tuple(effects), targets=tuple(targets),
                                        modes=tuple(modes), text=text), text=text)


# test-only cards -----------------------------------------------------------------
BECOME_ELF = spell("Test Elfify", "{G}", "Instant", fx.SetSubtypes(fx.TARGET(0), ["Elf"]),
                   targets=[creature()], text="Target creature becomes an Elf until end of turn.")
BECOME_BLUE = spell("Test Blueify", "{U}", "Instant", fx.SetColors(fx.TARGET(0), ["U"]),
                    targets=[creature()], text="Target creature becomes blue until end of turn.")
DOUBLE_STRIKE = spell("Test Double Strike Boon", "{R}", "Instant",
                      fx.GrantKeywords(fx.TARGET(0), ["double strike"]), targets=[creature()],
                      text="Target creature gains double strike until end of turn.")
PRO_BLACK = spell("Test Pro Black Boon", "{W}", "Instant",
                  fx.GrantKeywords(fx.TARGET(0), [Keyword("protection", "black", "protection from black")]),
                  targets=[creature()], text="Target creature gains protection from black until end of turn.")
HEXPROOF_BOON = spell("Test Hexproof Boon", "{G}", "Instant",
                      fx.GrantKeywords(fx.TARGET(0), ["hexproof"]), targets=[creature()],
                      text="Target creature gains hexproof until end of turn.")
SHOCK_AND_GAIN = spell("Test Shock and Gain", "{R}", "Instant",
                       fx.DealDamage(2, fx.TARGET(0)), fx.GainLife(fx.YOU, 2), targets=[creature()],
                       text="Test Shock and Gain deals 2 damage to target creature. You gain 2 life.")
FIGHT = spell("Test Fight", "{G}", "Sorcery", fx.Fight(fx.TARGET(0), fx.TARGET(1)),
              targets=[creature("target creature you control",
                                filter=lambda g, t, tc: g.chars(t).controller == tc.controller),
                       creature("target creature you don't control",
                                filter=lambda g, t, tc: g.chars(t).controller != tc.controller)],
              text="Target creature you control fights target creature you don't control.")
BOUNCE_PERMANENT = spell("Test Bounce", "{U}", "Instant", fx.ReturnToHand(fx.TARGET(0)),
                         targets=[target("target nonland permanent", "permanent",
                                         filter=lambda g, t, tc: "Land" not in g.chars(t).types)],
                         text="Return target nonland permanent to its owner's hand.")
STEAL_ARTIFACT = spell("Test Steal Artifact", "{U}", "Sorcery", fx.GainControl(fx.TARGET(0)),
                       targets=[target("target artifact", "artifact")],
                       text="Gain control of target artifact.")
MODAL = make_card("Test Modal Charm", "{R}", "Instant",
                  spell=SpellAbility(modes=(
                      ("Test Modal Charm deals 2 damage to target creature.", (creature(),),
                       (fx.DealDamage(2, fx.TARGET(0)),)),
                      ("Target player gains 4 life.", (player(),), (fx.GainLife(fx.TARGET(0), 4),)),
                  ), choose=1, text="Choose one —"))
PINGER = make_card("Test Vigilant Pinger", "{2}{W}", "Creature — Soldier", pt=(2, 2),
                   keywords=["vigilance"],
                   abilities=[ActivatedAbility(cost=parse_activation_cost("{T}"),
                                               effects=(fx.DealDamage(1, fx.TARGET(0)),),
                                               targets=(any_target(),),
                                               text="{T}: Test Vigilant Pinger deals 1 damage to any target.")])
PRO_RED_BEAR = make_card("Test Pro Red Bear", "{1}{W}", "Creature — Bear", pt=(2, 2),
                         keywords=["protection from red"])


# ---------------------------------------------------------------------------
# G-099 Subtype, G-163 Color
# ---------------------------------------------------------------------------
def test_becomes_an_elf_replaces_creature_types():
    """000 T-319: "Target creature becomes an Elf until end of turn" on Scroll Thief (Merfolk
    Rogue): its creature types are exactly Elf, so Master of the Pearl Trident stops pumping it
    (CR 205.1a)."""
    r = run({"players": [
        {"battlefield": [{"card": "Scroll Thief", "id": "st"},
                         {"card": "Master of the Pearl Trident", "id": "m"}, "Forest"],
         "hand": [{"card": "Test Elfify", "id": "elfify"}]},
        {}],
        "actions": [
            {"expect": {"pt": {"st": [2, 4]}, "types": {"st": ["Merfolk", "Rogue"]}}},
            {"cast": "elfify", "targets": ["st"]},
            {"resolve": 1},
        ],
        "expect": {"pt": {"st": [1, 3]},
                   "types": {"st": {"has": ["Elf", "Creature"], "not": ["Merfolk", "Rogue"]}},
                   "keywords": {"st": {"not": ["islandwalk"]}}}}, BECOME_ELF)
    g = r.game
    assert g.chars(ent(r, "st")).subtypes == ("Elf",)


def test_becomes_blue_replaces_colors():
    """000 T-406: "Target creature becomes blue until end of turn" on Furnace Whelp: it is
    mono-blue (no longer red), so it can now block a creature with protection from red
    (CR 105.3, 702.16b)."""
    base = {"turn": {"number": 2, "active": 1, "step": "main1"},
            "players": [
                {"battlefield": [{"card": "Furnace Whelp", "id": "fw"}, "Island"],
                 "hand": [{"card": "Test Blueify", "id": "blue"}]},
                {"battlefield": [{"card": "Test Pro Red Bear", "id": "bear"}]}]}
    # without the effect the red Whelp can't block the protection-from-red attacker
    run(dict(base, actions=[
        {"to": "declare_attackers"}, {"attack": {"bear": "p0"}},
        {"to": "declare_blockers"},
        {"expect": {"step": {"step": "declare_blockers"}, "blocking": {"fw": False}}},
    ]), BECOME_BLUE, PRO_RED_BEAR)
    run(dict(base, actions=[
        {"pass": True},
        {"cast": "blue", "targets": ["fw"]},
        {"resolve": 1},
        {"expect": {"colors": {"fw": ["blue"]}}},
        {"to": "declare_attackers"}, {"attack": {"bear": "p0"}},
        {"to": "declare_blockers"},
        {"block": {"fw": "bear"}},
        {"to": "combat_damage"},
    ], expect={"zone": {"bear": "graveyard", "fw": "graveyard"}, "life": {"p0": 20}}),
        BECOME_BLUE, PRO_RED_BEAR)


# ---------------------------------------------------------------------------
# G-112 Double strike
# ---------------------------------------------------------------------------
def test_double_strike_scroll_thief_triggers_twice():
    """000 T-339: an unblocked Scroll Thief with double strike deals combat damage to a player
    in both combat damage steps, so it triggers twice (CR 702.4b, 510.4)."""
    run({"players": [
        {"battlefield": [{"card": "Scroll Thief", "id": "st"}, "Mountain"],
         "hand": [{"card": "Test Double Strike Boon", "id": "ds"}],
         "library": [{"card": "Island", "id": "d1"}, {"card": "Island", "id": "d2"},
                     {"card": "Island", "id": "d3"}]},
        {}],
        "actions": [
            {"cast": "ds", "targets": ["st"]}, {"resolve": 1},
            {"to": "declare_attackers"}, {"attack": {"st": "p1"}},
            {"to": "first_strike_damage"},
            {"expect": {"stack": ["ability:st"], "life": {"p1": 19}}},
            {"resolve": 1},
            {"to": "combat_damage"},
            {"expect": {"stack": ["ability:st"], "life": {"p1": 18}}},
            {"resolve": 1},
        ],
        "expect": {"zone": {"d1": "hand", "d2": "hand", "d3": "library"}}}, DOUBLE_STRIKE)


# ---------------------------------------------------------------------------
# G-115 Colorless: choosing a color
# ---------------------------------------------------------------------------
def test_choose_a_color_offers_exactly_five_colors():
    """000 T-346: when an effect says "choose a color", the choices are exactly white, blue,
    black, red and green; colorless (and multicolored) can't be chosen (CR 105.1, 105.2c)."""
    paint = spell("Test Paint", "{1}", "Sorcery",
                  fx.ChooseColor(fx.YOU, then=(fx.SetColors(fx.TARGET(0), fx.CHOSEN_COLOR),)),
                  targets=[creature()], text="Choose a color. Target creature becomes that color until end of turn.")
    r = run({"players": [
        {"battlefield": [{"card": "Kitesail", "id": "ks"}, {"card": "Centaur Courser", "id": "cc"},
                         "Forest"],
         "hand": [{"card": "Test Paint", "id": "paint"}]},
        {}],
        "actions": [{"cast": "paint", "targets": ["cc"]}, {"pass": True}, {"pass": True}]}, paint,
        left_waiting_ok=True)
    g = r.game
    d = g.pending
    assert d.kind == "color" and d.player == 0
    assert sorted(d.options) == sorted(["white", "blue", "black", "red", "green"])
    for bad in ("colorless", "multicolored", "C"):
        with pytest.raises(IllegalAction):
            g.decide(bad)
    g.decide("black")
    assert g.chars(ent(r, "cc")).colors == frozenset({"B"})


# ---------------------------------------------------------------------------
# G-122 Resolve
# ---------------------------------------------------------------------------
def test_spell_with_all_targets_illegal_does_nothing():
    """000 T-351: a spell whose only target became illegal doesn't resolve: none of its effects
    happen, not even the untargeted "you gain 2 life", and it goes to its owner's graveyard
    (CR 608.2b)."""
    run({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Test Shock and Gain", "id": "sg"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Island"],
         "hand": [{"card": "Unsummon", "id": "uns"}]}],
        "actions": [
            {"cast": "sg", "targets": ["cc"]},
            {"pass": True},
            {"cast": "uns", "targets": ["cc"]},
            {"resolve": 2},
        ],
        "expect": {"life": {"p0": 20}, "zone": {"sg": "graveyard", "cc": "hand"}}}, SHOCK_AND_GAIN)


# ---------------------------------------------------------------------------
# G-146 Combat damage
# ---------------------------------------------------------------------------
def test_fog_doesnt_prevent_ability_damage_during_combat():
    """000 T-381: with Fog's "prevent all combat damage" in effect, a creature's activated
    ability dealing damage during combat is not combat damage and is not prevented
    (CR 120.2a, 510.2)."""
    run({"players": [
        {"battlefield": [{"card": "Test Vigilant Pinger", "id": "pinger"}, "Forest"],
         "hand": [{"card": "Fog", "id": "fog"}]},
        {}],
        "actions": [
            {"cast": "fog"}, {"resolve": 1},
            {"to": "declare_attackers"}, {"attack": {"pinger": "p1"}},
            {"activate": "pinger", "ability": 0, "targets": ["p1"]},
            {"resolve": 1},
            {"expect": {"life": {"p1": 19}}},
            {"to": "end_of_combat"},
        ],
        "expect": {"life": {"p1": 19}}}, PINGER)


def test_scroll_thief_noncombat_damage_no_trigger():
    """000 T-382: Scroll Thief dealt Searing Spear damage during combat: nothing triggers; and
    when Scroll Thief deals noncombat damage to a creature (fight) its "deals combat damage
    to a player" ability doesn't trigger (CR 120.2, 510.2)."""
    run({"players": [
        {"battlefield": [{"card": "Scroll Thief", "id": "st", "counters": {"+1/+1": 2}}, "Forest"],
         "hand": [{"card": "Test Fight", "id": "fight"}],
         "library": [{"card": "Island", "id": "d1"}]},
        {"battlefield": [{"card": "Arbor Elf", "id": "elf"}, "Mountain", "Mountain"],
         "hand": [{"card": "Searing Spear", "id": "spear"}]}],
        "actions": [
            {"cast": "fight", "targets": [["st"], ["elf"]]},
            {"resolve": 1},
            {"expect": {"zone": {"elf": "graveyard"}, "stack": 0, "damage": {"st": 1}}},
            {"to": "declare_attackers"}, {"attack": {"st": "p1"}},
            {"pass": True},
            {"cast": "spear", "targets": ["st"]},
            {"resolve": 1},
            {"expect": {"stack": 0, "damage": {"st": 4}, "zone": {"st": "battlefield"}}},
            {"to": "combat_damage"},
            {"expect": {"stack": ["ability:st"], "life": {"p1": 17}}},
            {"resolve": 1},
        ],
        "expect": {"zone": {"d1": "hand"}, "hand_size": {"p0": 1}}}, FIGHT)


# ---------------------------------------------------------------------------
# G-149 Owner, G-150 Control
# ---------------------------------------------------------------------------
def test_token_owner_is_its_creator():
    """000 T-385: the Beast token Garruk's +1 creates is owned (and controlled) by Garruk's
    controller (CR 111.2)."""
    r = run({"players": [
        {"battlefield": [{"card": "Garruk, Primal Hunter", "id": "gph"}]}, {}],
        "actions": [{"activate": "gph", "ability": "+1"}, {"resolve": 1}],
        "expect": {"count": {"p0": {"battlefield": {"Beast": 1}}}}})
    g = r.game
    beast = next(e for e in g.battlefield if g.chars(e).name == "Beast")
    assert g.owner(beast) == 0 and g.chars(beast).controller == 0


def test_gained_equipment_stays_attached_then_can_be_moved():
    """000 T-388: P1 gains control of P2's Kitesail attached to P2's creature: it stays attached
    to P2's creature; P1 may later pay its equip cost (sorcery timing) to move it to P1's
    creature (CR 301.5c, 702.6)."""
    run({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "mine"}, "Island", "Plains", "Plains"],
         "hand": [{"card": "Test Steal Artifact", "id": "steal"}]},
        {"battlefield": [{"card": "Wind Drake", "id": "theirs"},
                         {"card": "Kitesail", "id": "ks", "attached_to": "theirs"}]}],
        "actions": [
            {"cast": "steal", "targets": ["ks"]}, {"resolve": 1},
            {"expect": {"controller": {"ks": "p0", "theirs": "p1"}, "attached": {"ks": "theirs"},
                        "pt": {"theirs": [3, 2]}}},
            {"to": "declare_attackers"}, {"attack": {}},
            {"activate": "ks", "ability": "equip", "targets": ["mine"], "illegal": True},
            {"to": "main2"},
            {"activate": "ks", "ability": "equip", "targets": ["mine"]}, {"resolve": 1},
        ],
        "expect": {"attached": {"ks": "mine"}, "pt": {"mine": [4, 3], "theirs": [2, 2]}}},
        STEAL_ARTIFACT)


# ---------------------------------------------------------------------------
# G-154 "Choose one"
# ---------------------------------------------------------------------------
def test_modal_spell_keeps_its_mode():
    """000 T-391: a modal spell cast choosing the damage mode keeps that mode; when its target
    becomes illegal it does nothing (it doesn't switch to "target player gains 4 life")
    (CR 700.2, 601.2b, 608.2b)."""
    r = run({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Test Modal Charm", "id": "charm"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Island"],
         "hand": [{"card": "Unsummon", "id": "uns"}]}],
        "actions": [
            {"cast": "charm", "modes": [0], "targets": ["cc"]},
            {"expect": {"stack": ["Test Modal Charm"]}},
        ]}, MODAL)
    g = r.game
    from mtg_ecs.components import Spell
    spell_eid = g.stack[-1]
    assert g.world.get(spell_eid, Spell).modes == (0,)
    # the other mode, chosen on casting, does its own thing
    r2 = run({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Test Modal Charm", "id": "charm"}]}, {}],
        "actions": [{"cast": "charm", "modes": [1], "targets": ["p0"]}, {"resolve": 1}],
        "expect": {"life": {"p0": 24}}}, MODAL)
    assert r2.game.players[0].life == 24
    run({"players": [
        {"battlefield": ["Mountain"], "hand": [{"card": "Test Modal Charm", "id": "charm"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Island"],
         "hand": [{"card": "Unsummon", "id": "uns"}]}],
        "actions": [
            {"cast": "charm", "modes": [0], "targets": ["cc"]},
            {"pass": True},
            {"cast": "uns", "targets": ["cc"]},
            {"resolve": 2},
        ],
        "expect": {"life": {"p0": 20, "p1": 20}, "zone": {"charm": "graveyard", "cc": "hand"}}},
        MODAL)


# ---------------------------------------------------------------------------
# G-156 Priority
# ---------------------------------------------------------------------------
def test_no_priority_in_untap_and_cleanup():
    """000 T-397: no player receives priority during the untap step, nor during a cleanup step
    in which nothing happens (CR 502.4, 514.3)."""
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Forest"], "library": ["Island"] * 5},
        {"battlefield": ["Forest"], "library": ["Island"] * 5}]})
    seen = set()
    for _ in range(200):
        if g.over or g.turn > 4:
            break
        d = g.pending
        assert d.kind == "priority", d
        seen.add(g.step)
        g.decide(Pass())
    assert g.turn > 4
    assert "untap" not in seen and "cleanup" not in seen
    assert {"upkeep", "draw", "main1", "end"} <= seen


# ---------------------------------------------------------------------------
# G-159 Converted mana cost (mana value)
# ---------------------------------------------------------------------------
def test_mana_values():
    """000 T-401: mana value is the total amount of mana in the mana cost: Stormtide Leviathan 8,
    Omniscience 10, Kitesail 2, lands 0 (CR 202.3)."""
    from mtg_ecs.systems.layers import mana_value
    r = run({"players": [
        {"battlefield": [{"card": "Stormtide Leviathan", "id": "sl"}, {"card": "Omniscience", "id": "om"},
                         {"card": "Kitesail", "id": "ks"}, {"card": "Forest", "id": "f"},
                         {"card": "Dragonskull Summit", "id": "ds"}],
         "hand": [{"card": "Searing Spear", "id": "spear"}]},
        {}]})
    g = r.game
    assert {h: mana_value(g, ent(r, h)) for h in ("sl", "om", "ks", "f", "ds", "spear")} == \
        {"sl": 8, "om": 10, "ks": 2, "f": 0, "ds": 0, "spear": 2}


def test_mana_value_with_x_on_the_stack():
    """000 T-402: Volcanic Geyser ({X}{R}{R}) has mana value 2 in hand and 6 on the stack with
    X = 4 (CR 202.3e)."""
    from mtg_ecs.systems.layers import mana_value
    r = run({"players": [
        {"battlefield": ["Mountain"] * 6, "hand": [{"card": "Volcanic Geyser", "id": "vg"}]}, {}]})
    g = r.game
    assert mana_value(g, ent(r, "vg")) == 2
    r.actions = [{"cast": "vg", "targets": ["p1"], "x": 4}]
    r.expect = {"stack": ["Volcanic Geyser"]}
    r.run()
    assert mana_value(g, ent(r, "vg")) == 6


# ---------------------------------------------------------------------------
# G-160 Leaves the battlefield
# ---------------------------------------------------------------------------
def test_bounced_planeswalker_is_a_new_object():
    """000 T-403: Garruk activates a loyalty ability, is returned to hand and recast the same
    turn: the new Garruk may activate a loyalty ability this turn (CR 400.7, 606.3)."""
    run({"players": [
        {"battlefield": [{"card": "Garruk, Primal Hunter", "id": "gph"}, "Island",
                         "Forest", "Forest", "Forest", "Forest", "Forest"],
         "hand": [{"card": "Test Bounce", "id": "bounce"}]},
        {}],
        "actions": [
            {"activate": "gph", "ability": "+1"}, {"resolve": 1},
            {"activate": "gph", "ability": "+1", "illegal": True},
            {"cast": "bounce", "targets": ["gph"]}, {"resolve": 1},
            {"cast": "gph"}, {"resolve": 1},
            {"activate": "gph", "ability": "+1"}, {"resolve": 1},
        ],
        "expect": {"counters": {"gph": {"loyalty": 4}},
                   "count": {"p0": {"battlefield": {"Beast": 2}}}}}, BOUNCE_PERMANENT)


# ---------------------------------------------------------------------------
# G-162 Additional cost
# ---------------------------------------------------------------------------
def test_additional_sacrifice_cost_needs_a_creature():
    """000 T-405: a spell with "As an additional cost to cast this spell, sacrifice a creature"
    can't be cast by a player who controls no creature, even with enough mana; with a creature,
    both the mana and the sacrifice are paid (CR 601.2f-h, 118.3)."""
    offering = make_card(
        "Test Offering", "{B}", "Sorcery",
        spell=SpellAbility(effects=(fx.Draw(fx.YOU, 2),),
                           additional_cost=parse_activation_cost(
                               "Sacrifice a creature",
                               {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}),
                           text="As an additional cost to cast this spell, sacrifice a creature. Draw two cards."))
    run({"players": [
        {"battlefield": ["Swamp", "Swamp"], "hand": [{"card": "Test Offering", "id": "off"}],
         "library": ["Island", "Island"]},
        {"battlefield": [{"card": "Centaur Courser", "id": "theirs"}]}],
        "actions": [{"cast": "off", "illegal": True},
                    {"cast": "off", "pay": {"sacrifice": "theirs"}, "illegal": True}],
        "expect": {"zone": {"off": "hand", "theirs": "battlefield"}, "tapped": {}, "hand_size": {"p0": 1}}},
        offering)
    run({"players": [
        {"battlefield": ["Swamp", {"card": "Arbor Elf", "id": "elf"}],
         "hand": [{"card": "Test Offering", "id": "off"}], "library": ["Island", "Island"]},
        {}],
        "actions": [{"cast": "off"}, {"choose": "elf", "player": "p0"},
                    {"expect": {"zone": {"elf": "graveyard"}, "stack": ["Test Offering"]}},
                    {"resolve": 1}],
        "expect": {"hand_size": {"p0": 2}, "zone": {"off": "graveyard"}}}, offering)


# ---------------------------------------------------------------------------
# G-170 Vigilance
# ---------------------------------------------------------------------------
def test_vigilant_attacker_can_use_tap_ability():
    """000 T-414: an attacking creature with vigilance is untapped, so its controller may
    activate its {T} ability during combat; it remains an attacking creature (CR 702.20b)."""
    run({"players": [
        {"battlefield": [{"card": "Test Vigilant Pinger", "id": "pinger"}]}, {}],
        "actions": [
            {"to": "declare_attackers"}, {"attack": {"pinger": "p1"}},
            {"expect": {"tapped": {"pinger": False}}},
            {"activate": "pinger", "ability": 0, "targets": ["p1"]},
            {"resolve": 1},
            {"expect": {"tapped": {"pinger": True}, "attacking": {"pinger": True}, "life": {"p1": 19}}},
            {"to": "combat_damage"},
        ],
        "expect": {"life": {"p1": 17}}}, PINGER)


# ---------------------------------------------------------------------------
# G-172 Sacrifice
# ---------------------------------------------------------------------------
def test_no_sacrifice_without_instruction():
    """000 T-422: a player can't sacrifice a permanent for no reason: the legal actions offer
    only passing, playing lands, casting and activating abilities, and a permanent without a
    sacrifice ability or cost offers nothing (CR 701.21a, 117.1)."""
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, {"card": "Fervor", "id": "fv"}]},
        {}]})
    d = g.pending
    assert d.kind == "priority"
    acts = g.legal_actions()
    assert all(isinstance(a, (Pass, PlayLand, Cast, Activate)) for a in acts)
    cc = g.card_entity[h["cc"]]
    fv = g.card_entity[h["fv"]]
    assert not [a for a in acts if isinstance(a, Activate) and a.source in (cc, fv)]
    with pytest.raises(IllegalAction):
        g.decide(Activate(cc, 0))


# ---------------------------------------------------------------------------
# G-178 Aura
# ---------------------------------------------------------------------------
def test_aura_falls_off_protection():
    """000 T-427: Mark of the Vampire (black) on a creature that gains protection from black is
    put into its owner's graveyard as a state-based action, though it no longer targets
    (CR 702.16c, 704.5m)."""
    run(_pro_black_setup(), PRO_BLACK)


def _pro_black_setup():
    return {"players": [
        {"battlefield": ["Plains", {"card": "Mark of the Vampire", "id": "mark", "attached_to": "cc"}],
         "hand": [{"card": "Test Pro Black Boon", "id": "pb"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]},
    ], "actions": [
        {"expect": {"pt": {"cc": [5, 5]}}},
        {"pass": True}, {"pass": True},
        {"expect": {"step": {"step": "beginning_of_combat"}}},
        {"cast": "pb", "targets": ["cc"]}, {"resolve": 1},
    ], "expect": {"zone": {"mark": "graveyard", "cc": "battlefield", "pb": "graveyard"},
                  "pt": {"cc": [3, 3]}, "count": {"p0": {"graveyard": 2}}}}


def test_aura_stays_when_creature_gains_hexproof():
    """000 T-428: Mark of the Vampire stays attached to a creature that later gains hexproof
    (being attached isn't targeting) (CR 702.11, 303.4)."""
    run({"players": [
        {"battlefield": [{"card": "Mark of the Vampire", "id": "mark", "attached_to": "cc"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, "Forest"],
         "hand": [{"card": "Test Hexproof Boon", "id": "hx"}]},
    ], "actions": [
        {"pass": True},
        {"cast": "hx", "targets": ["cc"]}, {"resolve": 1},
        {"to": "end"},
    ], "expect": {"attached": {"mark": "cc"}, "keywords": {"cc": ["hexproof", "lifelink"]},
                  "pt": {"cc": [5, 5]}}}, HEXPROOF_BOON)


# ---------------------------------------------------------------------------
# G-157 Emblem
# ---------------------------------------------------------------------------
def test_emblem_cant_be_affected_and_lasts():
    """000 T-400: an emblem created by a planeswalker ability can't be targeted by "destroy
    target noncreature permanent" or "exile target enchantment", isn't destroyed by Planar
    Cleansing, and its ability keeps working for the rest of the game after the planeswalker
    is gone (CR 114.1-114.4)."""
    from mtg_ecs.components.definitions import StaticAbility
    from mtg_ecs.systems import statics as st
    from mtg_ecs.components import Zone
    walker = make_card(
        "Test Emblem Walker", "{2}{W}", "Legendary Planeswalker — Test", loyalty=3,
        abilities=[ActivatedAbility(
            cost=parse_activation_cost("-1"), timing="sorcery",
            effects=(fx.CreateEmblem([StaticAbility(
                continuous=(st.modify_pt(st.creatures_you_control(), 1, 1),),
                zones=("command",), text="Creatures you control get +1/+1.")]),),
            text="−1: You get an emblem with \"Creatures you control get +1/+1.\"")])
    r = run({"players": [
        {"battlefield": [{"card": "Test Emblem Walker", "id": "w"}, {"card": "Centaur Courser", "id": "cc"},
                         {"card": "Nicol Bolas, Planeswalker", "id": "bolas"},
                         "Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Forest"],
         "hand": [{"card": "Planar Cleansing", "id": "pc"}, {"card": "Erase", "id": "erase"},
                  {"card": "Arbor Elf", "id": "elf"}]},
        {"battlefield": [{"card": "Wind Drake", "id": "wd"}]}],
        "actions": [{"activate": "w", "ability": "-1"}, {"resolve": 1}],
        "expect": {"pt": {"cc": [4, 4], "wd": [2, 2]}, "counters": {"w": {"loyalty": 2}}}}, walker)
    g = r.game
    assert len(g.command) == 1
    emblem = g.command[0]
    assert g.world.get(emblem, Zone).name == "command" and g.controller(emblem) == 0
    bolas = ent(r, "bolas")
    with pytest.raises(IllegalAction):
        g.decide(Activate(bolas, 0, targets=[emblem]))
    with pytest.raises(IllegalAction):
        g.decide(Cast(ent(r, "erase"), targets=[emblem]))
    r.actions = [{"cast": "pc"}, {"resolve": 1},
                 {"expect": {"zone": {"w": "graveyard", "cc": "graveyard", "bolas": "graveyard",
                                      "wd": "graveyard"}}},
                 {"cast": "elf"}, {"resolve": 1}]
    r.expect = {"pt": {"elf": [2, 2]}}
    r.run()
    assert g.command == [emblem] and g.exists(emblem)


# ---------------------------------------------------------------------------
# G-130 Damage
# ---------------------------------------------------------------------------
def test_life_loss_is_not_damage_and_cant_be_prevented():
    """000 T-367: Bloodhunter Bat's "target player loses 2 life and you gain 2 life" isn't
    damage: a shield preventing the next 5 damage to that player doesn't stop it and isn't
    used up (CR 119.3, 120.1, 615)."""
    from mtg_ecs.core.decisions import PlayerRef
    from mtg_ecs.systems.replacement import PreventNextDamage
    shield = PreventNextDamage(PlayerRef(1), 5)
    r = run({"players": [
        {"battlefield": ["Swamp", "Swamp", "Swamp", "Swamp"],
         "hand": [{"card": "Bloodhunter Bat", "id": "bat"}]},
        {}],
        "actions": [{"cast": "bat"}, {"resolve": 1}, {"choose": "p1", "player": "p0"}, {"resolve": 1}],
        "expect": {"life": {"p0": 22, "p1": 18}}},
        before=lambda g, h: add_shield(g, shield))
    assert shield.left == 5 and shield in r.game.shields


# ---------------------------------------------------------------------------
# G-134 Hexproof
# ---------------------------------------------------------------------------
class _AllOpponentsCreatures(fx.Ref):
    def resolve(self, game, ctx):
        return [e for e in game.battlefield if "Creature" in game.chars(e).types
                and game.chars(e).controller != ctx.controller]


MASS_STEAL = spell("Test Mass Steal", "{U}", "Sorcery", fx.GainControl(_AllOpponentsCreatures()),
                   text="Gain control of all creatures you don't control.")


def test_aura_stays_on_hexproof_creature_after_control_change():
    """000 T-371: P1's Mark of the Vampire on P1's Primal Huntbeast stays attached when P2 gains
    control of the Huntbeast (untargeted): hexproof only restricts targeting, and being
    attached isn't targeting (CR 702.11b, 303.4, 704.5m)."""
    run({"turn": {"number": 2, "active": 1, "step": "main1"},
         "players": [
             {"battlefield": [{"card": "Primal Huntbeast", "id": "hb"},
                              {"card": "Mark of the Vampire", "id": "mark", "attached_to": "hb"}]},
             {"battlefield": ["Island"], "hand": [{"card": "Test Mass Steal", "id": "steal"}]}],
         "actions": [{"cast": "steal"}, {"resolve": 1}, {"to": "beginning_of_combat"}],
         "expect": {"controller": {"hb": "p1", "mark": "p0"}, "attached": {"mark": "hb"},
                    "zone": {"mark": "battlefield"}, "pt": {"hb": [5, 5]},
                    "keywords": {"hb": ["hexproof", "lifelink"]}}}, MASS_STEAL)


# ---------------------------------------------------------------------------
# G-114 Replacement effect
# ---------------------------------------------------------------------------
def test_sacrificed_colossus_never_dies():
    """000 T-344: a sacrificed Darksteel Colossus is shuffled into its owner's library instead;
    it never touches the graveyard, so a "whenever a creature dies" ability doesn't trigger,
    while another sacrificed creature does trigger it (CR 614.1a, 700.4)."""
    from mtg_ecs.components.definitions import TriggeredAbility
    from mtg_ecs.systems import triggers as tr
    watcher = make_card("Test Death Watcher", "{1}{B}", "Creature — Zombie", pt=(1, 1), abilities=[
        TriggeredAbility(tr.Dies(self_only=False), (fx.GainLife(fx.YOU, 1),),
                         text="Whenever a creature dies, you gain 1 life.")])
    run({"players": [
        {"battlefield": [{"card": "Darksteel Colossus", "id": "dc"},
                         {"card": "Bloodthrone Vampire", "id": "bv"},
                         {"card": "Arbor Elf", "id": "elf"}],
         "library": ["Island"]},
        {"battlefield": [{"card": "Test Death Watcher", "id": "w"}]}],
        "actions": [
            {"activate": "bv", "ability": 0, "pay": {"sacrifice": "dc"}},
            {"expect": {"stack": ["ability:bv"], "zone": {"dc": "library"},
                        "count": {"p0": {"graveyard": 0}}, "library_size": {"p0": 2}}},
            {"resolve": 1},
            {"activate": "bv", "ability": 0, "pay": {"sacrifice": "elf"}},
            {"expect": {"stack": ["ability:w", "ability:bv"]}},
            {"resolve": "all"},
        ],
        "expect": {"life": {"p1": 21}, "pt": {"bv": [5, 5]}}}, watcher)


# ---------------------------------------------------------------------------
# G-091 Destroy: Aura no longer legally attached
# ---------------------------------------------------------------------------
def _becomes_land(game, ctx):
    """'Until end of turn, target creature loses all card types and becomes a land' (layer 4)."""
    from mtg_ecs.systems.layers import CE, L_TYPE
    objs = frozenset(fx.TARGET(0).resolve(game, ctx))

    def apply(g, ce, ch, allc):
        ch.types = frozenset({"Land"})
        ch.subtypes = ()
    fx.add_effect(game, CE(L_TYPE, game.tick(), ctx.source, ctx.controller, apply,
                           objects=objs, duration="eot"))


PETRIFY = spell("Test Petrify", "{1}", "Instant", fx.Custom(_becomes_land), targets=[creature()],
                text="Until end of turn, target creature loses all card types and becomes a land.")


def test_enchant_creature_aura_on_noncreature_goes_to_graveyard():
    """000 T-316: Crippling Blight ("Enchant creature") stays on nothing else: when the
    enchanted permanent stops being a creature, the Aura is put into its owner's graveyard as a
    state-based action (it isn't destroyed) (CR 704.5m, 303.4d)."""
    run({"players": [
        {"battlefield": ["Mountain", {"card": "Crippling Blight", "id": "blight", "attached_to": "cc"}],
         "hand": [{"card": "Test Petrify", "id": "pet"}]},
        {"battlefield": [{"card": "Vastwood Gorger", "id": "cc"}]}],
        "actions": [
            {"expect": {"pt": {"cc": [4, 5]}, "zone": {"blight": "battlefield"}}},
            {"cast": "pet", "targets": ["cc"]}, {"resolve": 1},
        ],
        "expect": {"zone": {"blight": "graveyard", "cc": "battlefield"},
                   "types": {"cc": {"has": ["Land"], "not": ["Creature"]}},
                   "count": {"p0": {"graveyard": 2}}}}, PETRIFY)
