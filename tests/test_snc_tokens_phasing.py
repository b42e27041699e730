"""Streets of New Capenna (spec 002), tokens and phasing area: rulings a scenario can't
express (test-only cards with rules text)."""
from __future__ import annotations

from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.components.definitions import SpellAbility, StaticAbility, make_card
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems.layers import CE, L_ABILITY
from mtg_ecs.systems.targeting import creature


def run(data: dict, *defs):
    r = Runner({"name": "test", **data}, defs={d.name: d for d in defs})
    r.run()
    return r


UNCOUNTERABLE = make_card("Test Uncounterable Growth", "{G}", "Sorcery",
                          abilities=[StaticAbility(rules=("cant_be_countered",), zones=("stack",),
                                                   text="This spell can't be countered.")],
                          spell=SpellAbility(effects=(fx.GainLife(fx.YOU, 2),), text="You gain 2 life."))


def test_offer_on_an_uncounterable_spell_still_makes_treasures():
    """002 An Offer You Can't Refuse R2: the target can't be countered but is still legal:
    it stays on the stack and resolves, and its controller still creates two Treasures."""
    r = run({"players": [{"battlefield": ["Forest"], "hand": [{"card": "Test Uncounterable Growth", "id": "g"}]},
                         {"battlefield": ["Island"],
                          "hand": [{"card": "An Offer You Can't Refuse", "id": "offer"}]}],
             "actions": [{"cast": "g"}, {"pass": True}, {"cast": "offer", "targets": ["g"]},
                         {"resolve": 1},
                         {"expect": {"stack": ["Test Uncounterable Growth"],
                                     "count": {"p0": {"battlefield": {"Treasure": 2}}}}},
                         {"resolve": 1}],
             "expect": {"life": {"p0": 22}, "zone": {"g": "graveyard", "offer": "graveyard"}}},
            UNCOUNTERABLE)
    assert r.game.pending is not None


class _LosesAllAbilities(fx.Step):
    """'<it> loses all abilities until end of turn' (layer 6), for the test card below."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        def apply(g, ce, ch, allc):
            ch.abilities = ()
            ch.keywords = ()
        fx.add_effect(game, CE(L_ABILITY, game.tick(), ctx.source, ctx.controller, apply,
                               objects=frozenset(self.what.resolve(game, ctx)), duration="eot"))


BLANK = make_card("Test Blank", "{U}", "Instant",
                  spell=SpellAbility(effects=(_LosesAllAbilities(fx.TARGET(0)),), targets=(creature(),),
                                     text="Target creature loses all abilities until end of turn."))


def test_lagrella_returned_card_gets_counters_after_lagrella_lost_its_abilities():
    """002 Lagrella, the Magpie R2: the last part is a delayed triggered ability made as the
    enters ability resolves: it still triggers when the cards return because Lagrella left,
    even though Lagrella lost all abilities meanwhile."""
    r = run({"players": [{"battlefield": [{"card": "Centaur Courser", "id": "mine"}],
                          "mana": {"G": 1, "W": 1, "U": 2, "R": 1},
                          "hand": [{"card": "Lagrella, the Magpie", "id": "lag"},
                                   {"card": "Test Blank", "id": "blank"},
                                   {"card": "Lightning Bolt", "id": "bolt"}]},
                         {}],
             "actions": [{"cast": "lag"}, {"resolve": 1}, {"choose": ["mine"]}, {"resolve": 1},
                         {"expect": {"zone": {"mine": "exile"}}},
                         {"cast": "blank", "targets": ["lag"]}, {"resolve": 1},
                         {"cast": "bolt", "targets": ["lag"]}, {"resolve": 1},
                         {"expect": {"zone": {"mine": "battlefield"}, "stack": 1}},
                         {"resolve": 1}],
             "expect": {"counters": {"mine": {"+1/+1": 2}}, "pt": {"mine": [5, 5]}}},
            BLANK)
    assert r.game.pending is not None


SHELTER = make_card("Test Shelter", "{W}", "Instant",
                    spell=SpellAbility(effects=(fx.ModifyPT(fx.TARGET(0), 2, 2, duration="until_your_next_turn"),),
                                       targets=(creature(),),
                                       text="Target creature gets +2/+2 until your next turn."))


def test_until_your_next_turn_lasts_through_the_other_turns():
    """CR 611.2: an effect lasting 'until your next turn' outlasts the end of this turn and
    the opponent's turn, and ends as its controller's next turn begins."""
    cc = {"card": "Centaur Courser", "id": "cc"}
    r = run({"players": [{"battlefield": [cc], "mana": {"W": 1}, "library": ["Island", "Island"],
                          "hand": [{"card": "Test Shelter", "id": "s"}]},
                         {"library": ["Island", "Island"]}],
             "actions": [{"cast": "s", "targets": ["cc"]}, {"resolve": 1},
                         {"expect": {"pt": {"cc": [5, 5]}}},
                         {"to": "end", "turn": 2}, {"expect": {"pt": {"cc": [5, 5]}}},
                         {"to": "upkeep", "turn": 3}],
             "expect": {"pt": {"cc": [3, 3]}}},
            SHELTER)
    assert r.game.turn == 3


def test_until_your_next_turn_cast_on_an_opponents_turn_ends_at_your_next_turn():
    """CR 611.2: cast during the opponent's turn, it ends as your next turn begins."""
    cc = {"card": "Centaur Courser", "id": "cc"}
    r = run({"turn": {"number": 1, "active": 1, "step": "main1"},
             "players": [{"battlefield": [cc], "mana": {"W": 1}, "library": ["Island", "Island"],
                          "hand": [{"card": "Test Shelter", "id": "s"}]},
                         {"library": ["Island", "Island"]}],
             "actions": [{"pass": True}, {"cast": "s", "targets": ["cc"]}, {"resolve": 1},
                         {"to": "end"}, {"expect": {"pt": {"cc": [5, 5]}}},
                         {"to": "upkeep", "turn": 2}],
             "expect": {"pt": {"cc": [3, 3]}}},
            SHELTER)
    assert r.game.turn == 2
