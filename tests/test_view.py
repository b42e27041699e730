"""`game.view(player)`: what a player may know (issue 17, item 1; CR 400.2: libraries and
hands are hidden zones, 406.3 and 702.75a: face-down exiled cards, 401.2 and Falco Spara:
the top card of one's library). The leak test compares a player's view of a game with
their view of a determinization of it, in which every card they can't know was dealt
anew: whatever the view shows through its public names must be the same in both."""
from __future__ import annotations

import inspect
import random

import pytest

from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.apps.agents import seen_by
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.core.hashing import canonical
from mtg_ecs.systems.determinize import unseen_options
from mtg_ecs.view import HiddenInformation, View
from sample_games import decisions

SAMPLES = ("green-red-beasts", "esper-fliers", "obscura-connive", "riveteers-casualty")
# a deck that reveals (Conundrum Sphinx, 701.16a), hides face down (Cemetery Tampering,
# hideaway 5) and looks at its top card (Falco Spara, 401.2)
SECRETS = (["Island"] * 6 + ["Swamp"] * 5 + ["Forest"] * 5 + ["Plains"] * 5
           + ["Cemetery Tampering"] * 4 + ["Conundrum Sphinx"] * 4
           + ["Falco Spara, Pactweaver"] * 4 + ["Centaur Courser"] * 7)


def _decks(i):
    if i % 3 == 0:
        return [SECRETS, load_deck(SAMPLES[i % 4]).cards]
    return [load_deck(SAMPLES[i % 4]).cards, load_deck(SAMPLES[(i + 1) % 4]).cards]


# the view's questions about one object, asked of every object id
_PER_OBJECT = ("visible", "exists", "face_down", "zone_of", "chars", "name", "controller",
               "owner", "is_tapped", "counters", "damage_on", "is_attacking", "is_blocking",
               "attacked_player", "is_sick", "stack_ability", "library_place")
# the view's other questions, asked below; a new public method must be added to one or
# the other (test_every_public_method_is_asked_by_the_leak_test)
_OTHERS = ("creatures", "permanents", "opponents", "is_opponent", "can_block",
           "legal_declaration", "targets_go_together", "determinize")


def observe(view: View, top: int) -> tuple:
    """Everything the view's public names give, as a canonical value."""
    out = []
    for name in sorted(n for n in dir(View) if not n.startswith("_")):
        attr = getattr(View, name)
        if isinstance(attr, property):
            try:
                v = getattr(view, name)
            except HiddenInformation:
                v = "hidden"
            if name == "players":
                v = tuple(_player(p) for p in v)
            out.append((name, canonical(v)))
    for name in _PER_OBJECT:
        fn = getattr(view, name)
        row = []
        for e in range(1, top):
            try:
                row.append(canonical(fn(e)))
            except HiddenInformation:
                row.append("hidden")
            except KeyError:
                row.append("none")
        out.append((name, tuple(row)))
    n = len(view.players)
    out.append(("creatures", tuple(view.creatures(p) for p in [None, *range(n)])))
    out.append(("permanents", tuple(view.permanents(p) for p in [None, *range(n)])))
    out.append(("opponents", tuple(tuple(view.opponents(p)) for p in range(n))))
    bf = view.battlefield
    out.append(("can_block", tuple(view.can_block(a, b) for a in bf for b in bf
                                   if "Creature" in view.chars(a).types
                                   and "Creature" in view.chars(b).types)))
    return tuple(out)


def _player(p):
    return tuple((n, _try(p, n)) for n in dir(p) if not n.startswith("_"))


def _try(p, n):
    try:
        return getattr(p, n)
    except HiddenInformation:
        return "hidden"


def _positions(seed, every=7):
    g = Game.new(_decks(seed), seed=seed, log=True, auto_pass=True)
    agents = [RandomAgent(seed), RandomAgent(seed + 50)]
    n = 0
    while g.pending is not None and n < 600:
        if n % every == 0:
            yield g
        agent = agents[g.pending.player]
        g.decide(agent.act(seen_by(agent, g, g.pending.player), g.pending))
        n += 1


def test_every_public_method_is_asked_by_the_leak_test():
    methods = {n for n, f in inspect.getmembers(View, inspect.isfunction) if not n.startswith("_")}
    assert methods == set(_PER_OBJECT) | set(_OTHERS)


@pytest.mark.parametrize("seed", range(6))
def test_a_view_is_the_same_whatever_the_cards_its_player_cannot_see(seed):
    """000 T-??? n/a: CR 400.2. A view of the game and a view of a determinization (every
    card the player can't know dealt anew) show exactly the same."""
    rng = random.Random(seed)
    differed = checked = 0
    for g in _positions(seed):
        top = g.world.next_id
        for p in range(len(g.players)):
            if unseen_options(g, p):
                continue
            other = g.determinize(p, rng)
            try:
                assert observe(g.view(p), top) == observe(other.view(p), top)
                # ... while the game itself changed where the player can't see
                differed += any(g.chars(a).name != other.chars(b).name
                                for q in g.players if q.index != p
                                for a, b in zip(q.hand, other.players[q.index].hand))
                checked += 1
            finally:
                other.close()
    assert checked > 20 and differed > 0


def test_an_opponents_hand_and_every_library_are_sizes_only():
    g = Game.new([load_deck(SAMPLES[0]).cards, load_deck(SAMPLES[1]).cards], seed=4)
    v = g.view(0)
    opp = v.players[1]
    assert (opp.hand_size, opp.library_size) == (7, 53)
    with pytest.raises(HiddenInformation):
        opp.hand
    assert v.players[0].hand == v.hand == tuple(g.players[0].hand)
    with pytest.raises(AttributeError):
        opp.library
    for e in g.players[1].hand + g.players[1].library + g.players[0].library:
        assert not v.visible(e)
        with pytest.raises(HiddenInformation):
            v.chars(e)
    assert all(v.visible(e) for e in g.players[0].hand)


def test_the_pending_decision_is_shown_only_to_its_player():
    g = Game.new([["Forest"] * 40, ["Forest"] * 40], seed=1)
    d = g.pending
    assert g.view(d.player).pending is d
    assert g.view(1 - d.player).pending is None
    assert g.view(1 - d.player).waiting_for == (d.player, d.kind)


def test_a_revealed_card_is_known_to_everyone_until_its_library_is_shuffled():
    """701.16a: the `reveal` event every revealing effect announces (Conundrum Sphinx's
    trigger, a card revealed as it moves) makes the cards known to every player."""
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Conundrum Sphinx"], "library": ["Forest", "Lightning Bolt", "Plains"]},
        {"library": ["Island", "Swamp", "Mountain"]}]})
    for p in range(2):
        for e in g.players[p].library:
            assert not g.view(1 - p).visible(e)
    from mtg_ecs.systems import knowledge, zones
    top = g.players[1].library[-1]
    g.emit("reveal", cards=(top,))
    assert g.view(0).visible(top) and g.view(0).chars(top).name == "Island"
    assert g.view(0).known == {top: frozenset({0, 1})}
    zones.shuffle(g, 1)
    assert not g.view(0).visible(top) and g.view(0).known == {}
    assert knowledge.HIDDEN == {"library", "hand"}


def test_a_card_returned_to_a_hand_from_the_battlefield_is_known_to_all():
    """400.7: a new object in its owner's hand, but every player saw which card went there."""
    g, h = Game.from_setup({"players": [{"battlefield": ["Centaur Courser"]}, {}]})
    from mtg_ecs.systems import zones
    new = zones.move(g, g.battlefield[0], "hand")
    assert g.view(1).visible(new) and g.view(1).chars(new).name == "Centaur Courser"
    assert g.view(1).known == {new: frozenset({0, 1})}


def test_the_log_of_a_view_hides_what_the_player_did_not_see():
    g = Game.new([["Forest"] * 40, ["Island"] * 40], seed=2, log=True)
    libraries = {e for p in g.players for e in p.library}
    play(g, [RandomAgent(1), RandomAgent(2)], max_decisions=300)
    for p in range(2):
        log = g.view(p).log
        draws = [data for kind, data in log if kind == "draw"]
        assert draws and all((data["card"] is None) == (data["player"] != p) for data in draws)
        for kind, data in log:
            if kind == "zone_change":
                assert "card" not in data              # physical card ids: never shown
                assert data["old"] not in libraries    # a library's object: never named
            if kind == "zone_change" and data["owner"] != p and data["to"] == "hand" \
                    and data["frm"] == "library":
                assert data["new"] is None


def test_play_gives_agents_views_and_the_game_only_to_an_agent_that_sees_everything():
    seen = []

    class Looker(RandomAgent):
        def act(self, game, d):
            seen.append(type(game).__name__)
            return super().act(game, d)

    class Oracle(Looker):
        sees_everything = True

    play(Game.new([["Forest"] * 40, ["Forest"] * 40], seed=1, auto_pass=True),
         [Looker(1), Oracle(2)], max_decisions=40)
    assert {"View", "Game"} == set(seen)


def test_a_view_refuses_questions_about_another_players_decision():
    g = Game.new([["Forest"] * 40, ["Forest"] * 40], seed=1)
    d = g.pending
    with pytest.raises(HiddenInformation):
        g.view(1 - d.player).legal_declaration(d, {})
    with pytest.raises(ValueError):
        g.view(2)


def test_a_known_card_has_its_place_in_its_library_until_a_shuffle():
    """A card put on top of its library (400.7, from a hand: its owner knows it) is known
    there, at the top; a draw above it moves it up, a card put on top moves it down, and
    a shuffle (701.20) makes it unknown. The same in a determinization, where it stays."""
    from mtg_ecs.systems import zones
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": "Lightning Bolt", "id": "b"}, {"card": "Plains"}],
         "library": [{"card": "Forest", "count": 5}]}, {}]})
    v = g.view(0)
    bolt = zones.move(g, g.card_entity[h["b"]], "library", position=2)    # third from the top
    assert v.library_place(bolt) == 2 and g.players[0].library[-3] == bolt
    with pytest.raises(HiddenInformation):
        g.view(1).library_place(bolt)                       # the opponent doesn't know it
    with pytest.raises(HiddenInformation):
        v.library_place(g.players[0].library[-1])           # an unknown card of theirs
    assert v.library_place(g.players[0].hand[0]) is None    # not in a library
    zones.draw(g, 0, 2)
    assert v.library_place(bolt) == 0
    other = g.determinize(0, random.Random(1))
    assert other.view(0).library_place(bolt) == 0 and other.chars(bolt).name == "Lightning Bolt"
    zones.move(g, g.players[0].hand[0], "library")         # on top: one more above it
    assert v.library_place(bolt) == 1
    zones.shuffle(g, 0)
    with pytest.raises(HiddenInformation):
        v.library_place(bolt)


def _revealed_library(cards):
    """p1's library, `cards` from the bottom, every one revealed (701.16a): both players
    know them."""
    g, h = Game.from_setup({"players": [{}, {"library": list(reversed(cards))}]})
    lib = g.players[1].library
    g.emit("reveal", cards=tuple(lib))
    return g, lib


def test_cards_put_back_in_an_order_of_their_owners_choice_lose_their_place_for_others():
    """401.4, 701.22a: the player who looks puts them back in any order, which nobody else
    sees: the others no longer know where each is, so which card is which; one card alone
    they still see go on top or to the bottom."""
    from mtg_ecs.systems.library import put_back
    g, lib = _revealed_library(["Forest", "Island", "Swamp", "Mountain"])
    mountain, swamp, island = lib[-1], lib[-2], lib[-3]
    put_back(g, 1, [swamp, mountain], [])
    assert not g.view(0).visible(swamp) and not g.view(0).visible(mountain)
    assert g.view(1).library_place(swamp) == 0 and g.view(1).library_place(mountain) == 1
    put_back(g, 1, [], [island])                        # alone: seen going to the bottom
    assert g.view(0).library_place(island) == 3 and g.view(0).chars(island).name == "Island"


def test_cards_put_on_the_bottom_in_a_random_order_are_nowhere_known():
    """401.4: a random order (Hideaway's, 702.75a) that nobody knows; a single card is
    still known, at the bottom."""
    from mtg_ecs.systems.library import bottom_in_random_order
    g, lib = _revealed_library(["Forest", "Island", "Swamp", "Mountain"])
    bottom_in_random_order(g, [lib[-1], lib[-2]])
    assert g.view(0).known == g.view(1).known == {e: frozenset({0, 1}) for e in lib[2:]}
    (alone,) = bottom_in_random_order(g, [lib[-1]])
    assert g.view(0).library_place(alone) == 3 and g.view(0).chars(alone).name == "Island"


def test_decisions_passed_by_the_knowledge_hook_offer_no_hidden_card():
    """`Game.decide` doesn't look for hidden cards among the options of the decisions
    whose options are never one (`game._PUBLIC_OPTIONS`: priority actions, attackers,
    blockers, targets): through games of every sample deck and the secrets deck, no
    option of those is a card in a hand or library (400.2), so `knowledge.saw_options`
    would have changed nothing."""
    from mtg_ecs.game import _PUBLIC_OPTIONS
    from mtg_ecs.components import Zone
    from mtg_ecs.systems.knowledge import HIDDEN
    seen = dict.fromkeys(_PUBLIC_OPTIONS, 0)
    for g in decisions(range(12), 16, decks=_decks):
        d = g.pending
        if d.kind in _PUBLIC_OPTIONS:
            seen[d.kind] += 1
            for o in d.options:
                if type(o) is int and o in g.world.ents:
                    assert g.world.ents[o][Zone].name not in HIDDEN, (d.kind, o)
    assert min(seen.values()) > 10, seen
