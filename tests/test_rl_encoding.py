"""The numpy encoding of mtg_ecs.rl (issue 17, item 3): stable card ids from the committed
manifest, and observations of views: their shapes and bounds, their content, and no card
its player can't see (docs/rl.md)."""
from __future__ import annotations

import json
import random

import numpy as np

from mtg_ecs import Game, RandomAgent
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.cards import all_cards, all_tokens
from mtg_ecs.rl import cards as rl_cards
from mtg_ecs.rl.cards import CARD_IDS, card_id
from mtg_ecs.rl.encoding import (GF, OBSERVATION_SPACE, OF, ROW_START, ROWS, object_rows,
                                 observe)

SAMPLES = ("green-red-beasts", "esper-fliers", "obscura-connive", "riveteers-casualty")


# -- card ids ----------------------------------------------------------------------------
def test_every_registered_card_and_token_has_an_id():
    assert set(all_cards()) | set(all_tokens()) <= set(CARD_IDS)
    assert card_id("Lightning Bolt") == CARD_IDS["Lightning Bolt"] > 0
    assert card_id("no such card") == 0


def test_ids_start_at_1_are_distinct_and_the_manifest_is_sorted_by_id():
    rows = json.loads(rl_cards.MANIFEST.read_text())
    ids = [r["id"] for r in rows]
    assert ids == sorted(ids) and len(set(ids)) == len(ids) and min(ids) == 1
    assert len({r["name"] for r in rows}) == len(rows)


def test_the_update_keeps_old_ids_and_appends_new_ones(tmp_path, monkeypatch):
    old = dict(CARD_IDS)
    dropped = ["Lightning Bolt", "Forest"]          # as if they were added since
    kept = {n: i for n, i in old.items() if n not in dropped}
    path = tmp_path / "card_ids.json"
    rl_cards.write_manifest(kept, path)
    monkeypatch.setattr(rl_cards, "MANIFEST", path)
    rl_cards.main(["--update"])
    new = rl_cards.read_manifest(path)
    assert {n: new[n] for n in kept} == kept
    top = max(old.values())
    assert sorted(new[n] for n in dropped) == [top + 1, top + 2]


# -- observations --------------------------------------------------------------------------
def _games(n, seed=0):
    """Positions of random games of the sample decks (every matchup in turn)."""
    for k in range(n):
        a, b = SAMPLES[k % 4], SAMPLES[(k // 4 + k) % 4]
        g = Game.new([load_deck(a).cards, load_deck(b).cards], seed=seed + k, log=False,
                     auto_pass=True)
        agents = [RandomAgent(k), RandomAgent(k + 1)]
        while g.pending is not None:
            yield g
            g.decide(agents[g.pending.player].act(g, g.pending))


def _conforms(obs):
    assert set(obs) == set(OBSERVATION_SPACE)
    for k, (shape, dtype, lo, hi) in OBSERVATION_SPACE.items():
        a = obs[k]
        assert a.shape == shape and a.dtype == dtype, k
        assert (a >= lo).all() and (a <= hi).all(), k


def test_observations_have_the_declared_shapes_dtypes_and_bounds_at_every_step():
    for g in _games(8):
        for p in range(2):
            _conforms(observe(g.view(p)))


def test_an_observation_is_the_same_whatever_cards_its_player_cannot_see():
    """CR 400.2: the observation of a game and of a determinization for its player
    (opponents' hands and libraries dealt anew) are equal."""
    rng = random.Random(5)
    checked = known = 0
    for i, g in enumerate(_games(4, seed=20)):
        if i % 5:
            continue
        for p in range(2):
            d = g.pending
            if d.player != p and d.kind != "priority":
                continue
            a, b = observe(g.view(p)), observe(g.determinize(p, rng).view(p))
            for k in a:
                assert np.array_equal(a[k], b[k]), (k, g.turn, p)
            checked += 1
            known += bool(a["object_mask"][ROW_START["known"]:].any())
    assert checked > 50 and known > 5, (checked, known)


def test_rows_show_the_viewers_hand_and_public_zones_with_their_characteristics():
    g = next(g for g in _games(1, seed=3) if g.turn >= 6 and g.battlefield)
    for p in range(2):
        v = g.view(p)
        obs = observe(v)
        rows = object_rows(v)
        assert rows["hand"] == list(g.players[p].hand)[:ROWS["hand"]]
        hand = obs["object_ids"][ROW_START["hand"]:ROW_START["hand"] + len(rows["hand"])]
        assert list(hand) == [card_id(g.chars(c).name) for c in rows["hand"]]
        assert obs["object_mask"].sum() == sum(map(len, rows.values()))
        assert obs["global"][GF["seat0:life"]] == g.players[p].life
        assert obs["global"][GF["seat1:hand"]] == len(g.players[1 - p].hand)
        assert obs["global"][GF["seat1:library"]] == len(g.players[1 - p].library)
        # the battlefield: the viewer's permanents first, each with its characteristics
        mine = [e for e in g.battlefield if g.controller(e) == p]
        assert rows["battlefield"][:len(mine)] == mine
        for k, e in enumerate(rows["battlefield"]):
            r = obs["objects"][ROW_START["battlefield"] + k]
            c = g.chars(e)
            assert r[OF[f"controller:{(c.controller - p) % 2}"]] == 1
            assert r[OF["tapped"]] == g.is_tapped(e)
            assert r[OF["mana_value"]] == c.cost.mana_value
            assert r[OF["power"]] == (c.power or 0)
            assert r[OF["type:Land"]] == ("Land" in c.types)
            assert r[OF["keyword:flying"]] == c.has("flying")


def test_a_face_down_exiled_card_is_unknown_to_a_player_who_may_not_look_at_it():
    from mtg_ecs.components import FaceDown
    g = Game.new([["Forest"] * 40, ["Mountain"] * 40], seed=1, log=False)
    card = g.players[0].hand[0]
    from mtg_ecs.systems import zones
    e = zones.move(g, card, "exile")
    g.set(e, FaceDown())
    obs = observe(g.view(1))
    r = ROW_START["exile"]
    assert obs["object_mask"][r] == 1 and obs["object_ids"][r] == 0
    assert obs["objects"][r][OF["face_down"]] == 1 and obs["objects"][r][OF["visible"]] == 0
    assert obs["objects"][r][OF["type:Land"]] == 0


def test_docs_list_every_verb_at_its_index_and_every_feature_family():
    import pathlib
    from mtg_ecs.rl.actions import ACTION_SIZE, VERB_START, VERBS
    from mtg_ecs.rl.encoding import SCHEMA_VERSION
    doc = (pathlib.Path(__file__).parent.parent / "docs" / "rl.md").read_text()
    assert f"`ACTION_SIZE = {ACTION_SIZE}`" in doc and f"`SCHEMA_VERSION = {SCHEMA_VERSION}`" in doc
    for verb, size in VERBS:
        row = next(line for line in doc.splitlines() if line.startswith("| `") and
                   f"`{verb}`" in line.split("|")[1])
        cells = [c.strip() for c in row.split("|")]
        names = [n.strip(" `") for n in cells[1].split(",")]
        starts = [int(x) for x in cells[2].split(",")]
        assert starts[names.index(verb)] == VERB_START[verb], verb
    for name, (shape, dtype, _, _) in OBSERVATION_SPACE.items():
        assert f"| `{name}` | {shape}" in doc, name


def test_every_decision_kind_of_the_engine_has_a_column():
    from mtg_ecs.core.decisions import KINDS
    from mtg_ecs.rl.encoding import DECISION_KINDS
    assert set(KINDS) <= set(DECISION_KINDS)
    assert len(set(DECISION_KINDS)) == len(DECISION_KINDS)


# -- schema 2: the hidden cards the viewer knows ----------------------------------------------
def _known_rows(obs):
    start = ROW_START["known"]
    return [r for r in range(start, start + ROWS["known"]) if obs["object_mask"][r]]


def test_a_revealed_card_in_an_opponents_hand_is_a_known_row_with_who_knows_it():
    from mtg_ecs.systems.knowledge import revealed
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": "Forest"}]},
        {"hand": [{"card": "Lightning Bolt", "id": "b"}, {"card": "Mountain"}]}]})
    bolt = g.card_entity[h["b"]]
    assert _known_rows(observe(g.view(0))) == []
    revealed(g, [bolt])                                 # 701.16a: every player knows it
    obs = observe(g.view(0))
    (r,) = _known_rows(obs)
    row = obs["objects"][r]
    assert obs["object_ids"][r] == card_id("Lightning Bolt")
    assert row[OF["zone:hand"]] == row[OF["owner:1"]] == row[OF["visible"]] == 1
    assert row[OF["known_by:0"]] == row[OF["known_by:1"]] == 1
    assert row[OF["type:Instant"]] == 1
    # the same for a determinization: the known card stays, the unknown one is dealt anew
    d = observe(g.determinize(0, random.Random(3)).view(0))
    assert all(np.array_equal(obs[k], d[k]) for k in obs)
    # the owner's own hand row says who else knows it
    own = observe(g.view(1))
    k = list(g.players[1].hand).index(bolt)
    assert own["objects"][ROW_START["hand"] + k][OF["known_by:1"]] == 1       # the other seat
    assert own["objects"][ROW_START["hand"] + 1 - k][OF["known_by:1"]] == 0


def test_an_own_card_put_into_the_library_is_known_to_its_owner_only():
    from mtg_ecs.systems import zones
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": "Lightning Bolt", "id": "b"}],
         "library": [{"card": "Forest", "count": 5}]}, {}]})
    e = zones.move(g, g.card_entity[h["b"]], "library")       # from a hand: the owner knows
    mine = observe(g.view(0))
    (r,) = _known_rows(mine)
    row = mine["objects"][r]
    assert mine["object_ids"][r] == card_id("Lightning Bolt") and g.zone_of(e) == "library"
    assert row[OF["zone:library"]] == row[OF["known_by:0"]] == 1 and row[OF["known_by:1"]] == 0
    assert _known_rows(observe(g.view(1))) == []


def test_a_known_card_in_a_library_has_its_place_from_the_top_and_the_bottom():
    from mtg_ecs.systems import zones
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": "Lightning Bolt", "id": "b"}],
         "library": [{"card": "Forest", "count": 5}]}, {}]})
    zones.move(g, g.card_entity[h["b"]], "library", position=2)      # third from the top
    obs = observe(g.view(0))
    (r,) = _known_rows(obs)
    row = obs["objects"][r]
    assert (row[OF["library:from_top"]], row[OF["library:from_bottom"]]) == (3, 4)
    zones.draw(g, 0)
    a = observe(g.view(0))
    assert (a["objects"][r][OF["library:from_top"]], a["objects"][r][OF["library:from_bottom"]]) == (2, 4)
    # the same for a determinization, where the known card stays in its place
    d = observe(g.determinize(0, random.Random(2)).view(0))
    assert all(np.array_equal(a[k], d[k]) for k in a)
    # a card in hand has no place
    row = a["objects"][ROW_START["hand"]]
    assert row[OF["library:from_top"]] == row[OF["library:from_bottom"]] == 0


# -- schema 3: how many objects of each zone are past its rows ---------------------------------
def test_objects_past_a_zones_rows_are_counted_in_global():
    """A 20-card hand and 63 permanents: the rows hold the first 15 and 60, and `cut:<zone>`
    says how many more there are (a zone within its rows: 0)."""
    g, _ = Game.from_setup({"players": [
        {"hand": [{"card": "Forest", "count": 20}],
         "battlefield": [{"card": "Forest", "count": 40}]},
        {"battlefield": [{"card": "Mountain", "count": 23}]}]})
    for p, hand_cut in ((0, 5), (1, 0)):
        obs = observe(g.view(p))
        glob = obs["global"]
        assert glob[GF["cut:hand"]] == hand_cut
        assert glob[GF["cut:battlefield"]] == 3
        assert all(glob[GF[f"cut:{z}"]] == 0 for z in ("stack", "graveyard", "exile", "command", "known"))
        assert obs["object_mask"].sum() == min(len(g.players[p].hand), 15) + 60
