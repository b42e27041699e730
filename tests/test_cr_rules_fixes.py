"""Rules fixes found by outside tests, each tested where a scenario can't express it
(test-only cards with rules text). CR 303.4f-g: Aura tokens."""
from __future__ import annotations

from mtg_ecs.components.definitions import SpellAbility, make_card
from mtg_ecs.components import Attached, Card
from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.systems import effects as fx


def run(data: dict, *defs):
    r = Runner({"name": "test", **data}, defs={d.name: d for d in defs})
    r.run()
    return r


def ent(r, handle):
    return r.game.card_entity[r.handles[handle]]


AURA_TOKEN = make_card("Test Aura Token", None, "Token Enchantment — Aura", keywords=["enchant creature"])
MAKE_AURA_TOKENS = make_card("Test Aura Maker", "{W}", "Sorcery",
                             spell=SpellAbility(effects=(fx.CreateTokens(AURA_TOKEN, 2),),
                                                text="Create two Test Aura Token tokens."))


def _aura_tokens(game):
    return [e for e in game.battlefield if game.world.ents[e][Card].defn is AURA_TOKEN]


def test_aura_tokens_enchant_what_their_controller_chooses():
    """CR 303.4f: an Aura token created by an effect that doesn't say what it enchants: the
    player it enters under chooses, for each token, among what it could enchant."""
    r = run({"players": [{"mana": {"W": 1}, "hand": [{"card": "Test Aura Maker", "id": "m"}],
                          "battlefield": [{"card": "Centaur Courser", "id": "cc"}]},
                         {"battlefield": [{"card": "Centaur Courser", "id": "cc2"}, "Forest"]}],
             "actions": [{"cast": "m"}, {"resolve": 1},
                         {"choose": "cc2", "player": "p0"}, {"choose": "cc", "player": "p0"}]},
            AURA_TOKEN, MAKE_AURA_TOKENS)
    g = r.game
    toks = _aura_tokens(g)
    assert len(toks) == 2
    assert sorted(g.world.get(t, Attached).to for t in toks) == sorted([ent(r, "cc"), ent(r, "cc2")])


def test_aura_token_with_nothing_to_enchant_isnt_created():
    """CR 303.4g: with nothing the Aura token could enchant, it isn't created (no decision)."""
    r = run({"players": [{"mana": {"W": 1}, "hand": [{"card": "Test Aura Maker", "id": "m"}],
                          "battlefield": ["Plains"]}, {}],
             "actions": [{"cast": "m"}, {"resolve": 1}],
             "expect": {"stack": 0}},
            AURA_TOKEN, MAKE_AURA_TOKENS)
    assert _aura_tokens(r.game) == []
    assert not any(k == "zone_change" and d.get("cause") == "create" for k, d in r.game.log)


# ---------------------------------------------------------------------------------------
# CR 506.4: a planeswalker being attacked that changes controller or stops being a
# planeswalker is removed from combat; the creatures attacking it attack nothing (506.4c)
# ---------------------------------------------------------------------------------------
from mtg_ecs.systems.targeting import target                       # noqa: E402
from mtg_ecs.systems.effects import Step, add_effect                # noqa: E402
from mtg_ecs.systems.layers import CE, L_TYPE                      # noqa: E402

STEAL = make_card("Test Steal Permanent", "{U}", "Instant",
                  spell=SpellAbility(effects=(fx.GainControl(fx.TARGET(0)),),
                                     targets=(target("target permanent", "permanent"),),
                                     text="Gain control of target permanent."))


class _SetPlaneswalker(Step):
    """Layer 4 until end of turn: the target loses (or gains) the card type planeswalker."""

    def __init__(self, gains):
        self.gains = gains

    def run(self, game, ctx):
        objs = frozenset(fx.TARGET(0).resolve(game, ctx))
        gains = self.gains

        def apply(g, ce, ch, allc):
            ch.types = frozenset(ch.types) | {"Planeswalker"} if gains else \
                frozenset(ch.types) - {"Planeswalker"}
        add_effect(game, CE(L_TYPE, game.tick(), ctx.source, ctx.controller, apply, objects=objs,
                            duration="eot"))


UNWALK = make_card("Test Unwalk", "{U}", "Instant",
                   spell=SpellAbility(effects=(_SetPlaneswalker(False),),
                                      targets=(target("target permanent", "permanent"),),
                                      text="Target permanent loses the card type planeswalker until end "
                                           "of turn."))
REWALK = make_card("Test Rewalk", "{U}", "Instant",
                   spell=SpellAbility(effects=(_SetPlaneswalker(True),),
                                      targets=(target("target permanent", "permanent"),),
                                      text="Target permanent is a planeswalker in addition to its other "
                                           "types until end of turn."))


def _attack_jace(spells, caster, extra_p1=(), block=None):
    p0 = {"battlefield": [{"card": "Centaur Courser", "id": "cc"}], "library": ["Island"]}
    p1 = {"battlefield": [{"card": "Jace Beleren", "id": "jace"}, *extra_p1], "library": ["Island"]}
    who = p0 if caster == "p0" else p1
    who["battlefield"] += ["Island"] * len(spells)
    who["hand"] = [{"card": c, "id": f"s{i}"} for i, c in enumerate(spells)]
    acts = [{"to": "declare_attackers"}, {"attack": {"cc": "jace"}}]
    for i in range(len(spells)):
        if caster == "p1":
            acts.append({"pass": True})                  # the active player first
        acts += [{"cast": f"s{i}", "player": caster, "targets": ["jace"]}, {"resolve": 1}]
    acts.append({"expect": {"attacking": {"cc": True}}})
    if block is not None:
        acts += [{"to": "declare_blockers"}, {"block": block}]
    acts.append({"to": "main2"})
    return {"players": [p0, p1], "actions": acts}


def test_attacked_planeswalker_changing_controller_is_removed_from_combat():
    """CR 506.4, 506.4c: the attacker goes on attacking, but attacks nothing: unblocked, it
    deals no combat damage (here to what is now its own controller's planeswalker)."""
    run(dict(_attack_jace(["Test Steal Permanent"], "p0"),
             expect={"controller": {"jace": "p0"}, "counters": {"jace": {"loyalty": 3}},
                     "zone": {"jace": "battlefield"}, "life": {"p0": 20, "p1": 20}}),
        STEAL)


def test_attacker_of_removed_planeswalker_can_still_be_blocked_by_the_defending_player():
    """CR 506.4c: 'It may be blocked': its defending player is still the planeswalker's
    controller when it was attacked."""
    run(dict(_attack_jace(["Test Steal Permanent"], "p0", extra_p1=[{"card": "Centaur Courser", "id": "b"}],
                          block={"b": "cc"}),
             expect={"zone": {"b": "graveyard", "cc": "graveyard", "jace": "battlefield"},
                     "counters": {"jace": {"loyalty": 3}}}),
        STEAL)


def test_attacked_planeswalker_that_stops_being_one_is_removed_from_combat():
    """CR 506.4: a planeswalker being attacked that stops being a planeswalker is removed
    from combat, and stays so when it becomes a planeswalker again: the creature attacking
    it deals it no combat damage."""
    r = run(dict(_attack_jace(["Test Unwalk", "Test Rewalk"], "p1"),
                 expect={"counters": {"jace": {"loyalty": 3}}, "zone": {"jace": "battlefield"},
                         "life": {"p1": 20}}),
            UNWALK, REWALK)
    assert "Planeswalker" in r.game.chars(ent(r, "jace")).types


# ---------------------------------------------------------------------------------------
# CR 205.1a, 305.7: setting a subtype replaces only the subtypes of its kind
# ---------------------------------------------------------------------------------------
BECOME_ELF = make_card("Test Elfify", "{G}", "Instant",
                       spell=SpellAbility(effects=(fx.SetSubtypes(fx.TARGET(0), ["Elf"]),),
                                          targets=(target("target creature", "creature"),),
                                          text="Target creature becomes an Elf until end of turn."))


def test_animated_forest_that_becomes_an_elf_keeps_its_land_type():
    """CR 205.1a: 'becomes an Elf' replaces its creature types (Treefolk) only: it is still a
    Forest and still taps for green (305.6)."""
    r = run({"players": [{"mana": {"G": 4}, "battlefield": [{"card": "Forest", "id": "f"}],
                          "hand": [{"card": "Awakener Druid", "id": "ad"}, {"card": "Test Elfify", "id": "elf"}]},
                         {}],
             "actions": [{"cast": "ad"}, {"resolve": 1}, {"choose": "f"}, {"resolve": 1},
                         {"cast": "elf", "targets": ["f"]}, {"resolve": 1},
                         {"expect": {"types": {"f": {"has": ["Land", "Creature", "Forest", "Elf"],
                                                     "not": ["Treefolk"]}},
                                     "pt": {"f": [4, 5]}}},
                         {"activate": "f", "ability": 0}],
             "expect": {"mana": {"p0": {"G": 1}}}},
            BECOME_ELF)
    assert r.game.chars(ent(r, "f")).subtypes == ("Elf", "Forest")


def test_set_subtypes_refuses_a_word_that_is_no_subtype():
    """A card's 'becomes a <type>' must name a subtype (CR 205.3): refused when defined."""
    import pytest
    from mtg_ecs.components.definitions import CardError
    with pytest.raises(CardError, match="Elve"):
        fx.SetSubtypes(fx.TARGET(0), ["Elve"])


def test_most_targets_offered_is_what_the_cost_allows():
    """CR 601.2f-h: Fireball 'costs {1} more for each target beyond the first': with X = 1
    and three lands, at most two targets can be paid for, and the targets decision says so
    (an agent choosing within it is never refused)."""
    from mtg_ecs import Game
    from mtg_ecs.core.decisions import Cast
    game, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": [{"card": "Fireball", "id": "f"}]},
        {"battlefield": ["Brindle Boar", "Brindle Boar"]}]})
    game.decide(Cast(game.card_entity[h["f"]], x=1))
    d = game.pending
    assert d.kind == "targets" and len(d.options) == 4 and (d.min, d.max) == (1, 2)
