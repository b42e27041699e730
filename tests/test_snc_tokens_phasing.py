"""Streets of New Capenna (spec 002), tokens and phasing area: rulings a scenario can't
express (test-only cards with rules text)."""
from __future__ import annotations

from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.components.definitions import SpellAbility, StaticAbility, make_card
from mtg_ecs.systems import effects as fx


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
