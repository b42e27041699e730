"""Rules fixes found by outside tests, each tested where a scenario can't express it
(test-only cards with rules text). CR 303.4f-g: Aura tokens."""
from __future__ import annotations

from mtg_ecs.cards.dsl import SpellAbility, make_card
from mtg_ecs.components import Attached, Card
from mtg_ecs.apps.scenario.runner import Runner
from mtg_ecs.apps.scenario.setup import build_game
from mtg_ecs.systems import effects as fx


def run(data: dict, *defs):
    data = dict(data)
    data.setdefault("name", "test")
    r = Runner.__new__(Runner)
    r.data = data
    r.game, r.handles = build_game(data, defs={d.name: d for d in defs})
    r.actions = data.get("actions") or []
    r.expect = data.get("expect")
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
