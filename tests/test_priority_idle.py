"""What the auto-pass's idle checks and the legal-action lists share (systems/priority.py):
the spell's needed targets found once per state (`_has_targets`, 601.2c), and the
permanents' activated abilities looked at only for a player who has some (`held`)."""
import os
import sys

from mtg_ecs import Game
from mtg_ecs.components import TAPPED
from mtg_ecs.systems import priority, zones
from mtg_ecs.systems.targeting import TargetContext, has_candidates

sys.path.insert(0, os.path.dirname(__file__))
from test_priority_cache import _answers_through_samples  # noqa: E402


def _unsummon_with_a_creature():
    """Player 1 holds Unsummon with an Island untapped; player 0 has a creature; upkeep."""
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "c"}]},
        {"battlefield": ["Island"], "hand": [{"card": "Unsummon", "id": "u"}]}],
        "turn": {"step": "upkeep"}})
    g.changes += 1                  # (a change elsewhere: the setup's decision list is stale)
    return g, g.card_entity[h["u"]], g.card_entity[h["c"]]


def test_the_idle_check_and_the_list_look_for_targets_once(monkeypatch):
    """Unsummon can be cast (a creature to target, an Island to pay with): the idle check
    finds it so, and the list that follows offers it without looking for targets again."""
    g, unsummon, _ = _unsummon_with_a_creature()
    looked = []
    real = priority.has_candidates
    monkeypatch.setattr(priority, "has_candidates",
                        lambda game, spec, tc, n: looked.append(tc.source) or real(game, spec, tc, n))
    assert not priority.only_pass(g, 1)
    assert priority.cast_option(unsummon) in priority.cached_actions(g, 1)
    assert looked == [unsummon]
    g.close()


def test_the_targets_found_are_forgotten_when_anything_changes():
    """The creature gone (a change: `changes`), Unsummon has nothing to target (601.2c); an
    answer kept at other characteristics (`cversion`: an effect begun) is not used."""
    g, unsummon, creature = _unsummon_with_a_creature()
    specs = priority._needed_targets(g.chars(unsummon).defn)
    assert priority._has_targets(g, 1, unsummon, specs)
    g.targets_memo = (g.changes, g.cversion - 1, {(1, unsummon): False}, -1, {})
    assert priority._has_targets(g, 1, unsummon, specs)
    zones.move(g, creature, "graveyard")
    assert not priority._has_targets(g, 1, unsummon, specs)
    assert priority.only_pass(g, 1)
    g.close()


def test_targets_of_a_plain_phrase_are_kept_while_the_battlefield_is(monkeypatch):
    """'target creature' reads only the permanents' characteristics (601.2c): a change
    elsewhere (a tap, a life total: `changes`) keeps the answer, which is looked for again
    once a permanent leaves (`bversion`) or while a player restriction exists."""
    from mtg_ecs.systems import restrictions
    g, unsummon, creature = _unsummon_with_a_creature()
    looked = []
    real = priority.has_candidates
    monkeypatch.setattr(priority, "has_candidates",
                        lambda game, spec, tc, n: looked.append(tc.source) or real(game, spec, tc, n))
    specs = priority._needed_targets(g.chars(unsummon).defn)
    assert priority._has_targets(g, 1, unsummon, specs) and looked == [unsummon]
    g.touch()                                           # (a life total, a pool: no permanent)
    g.set(creature, TAPPED)                             # (tapped: its characteristics are the same)
    assert priority._has_targets(g, 1, unsummon, specs) and looked == [unsummon]
    restrictions.add(g, "cast_spells", [0])             # (read by a search: Autumn's Veil)
    assert priority._has_targets(g, 1, unsummon, specs) and looked == [unsummon] * 2
    g.player_restrictions = ()
    zones.move(g, creature, "graveyard")
    assert not priority._has_targets(g, 1, unsummon, specs) and looked == [unsummon] * 3
    g.close()


def test_a_search_works_out_the_source_only_if_it_reads_it(monkeypatch):
    """Unsummon's characteristics (a card in hand: computed afresh after any zone change)
    are worked out by the search for its target only when something reads them: not for
    a creature without keywords, but for Great Sable Stag's protection from blue (702.16b),
    which it can't target."""
    from mtg_ecs.game import Game as G
    read = []
    real = G.chars
    monkeypatch.setattr(G, "chars", lambda game, e: read.append(e) or real(game, e))
    for creature, found in (("Centaur Courser", True), ("Great Sable Stag", False)):
        g, h = Game.from_setup({"players": [
            {"battlefield": [{"card": creature, "id": "c"}]},
            {"battlefield": ["Island"], "hand": [{"card": "Unsummon", "id": "u"}]}],
            "turn": {"step": "upkeep"}})
        unsummon = g.card_entity[h["u"]]
        specs = priority._needed_targets(real(g, unsummon).defn)
        g.offfield_cache = {}
        read.clear()
        assert priority._has_targets(g, 1, unsummon, specs) is found
        assert (unsummon in read) is not found
        g.close()


def test_a_spell_with_nothing_but_targets_is_castable_once_its_mana_is_known(monkeypatch):
    """Unsummon, its mana known payable by the list (`mana_paid`): only its target is
    looked at (no restriction, no static ability, no additional cost); the same answers as
    the whole check, a player below 0 life (who can't lose) too: Unsummon pays no life
    (CR 119.4)."""
    g, unsummon, creature = _unsummon_with_a_creature()
    asked = []
    real = priority.restricted
    monkeypatch.setattr(priority, "restricted", lambda *a: asked.append(a) or real(*a))
    assert priority.can_cast(g, 1, unsummon, None, True) and not asked
    assert priority.can_cast(g, 1, unsummon, None) and asked
    g.players[1].life = -2
    assert priority.can_cast(g, 1, unsummon, None, True)
    assert priority.can_cast(g, 1, unsummon, None)
    g.players[1].life = 20
    zones.move(g, creature, "graveyard")
    assert not priority.can_cast(g, 1, unsummon, None, True)
    assert not priority.can_cast(g, 1, unsummon, None)
    g.close()


def test_targets_found_are_those_looked_for_afresh(monkeypatch):
    """Every answer of `_has_targets` through sample-deck games is what looking for the
    targets anew gives (Unsummon, Titanic Growth, Searing Spear, Essence Scatter)."""
    def check(game, player, card, specs, *rest):
        index, got = rest if len(rest) == 2 else (None, rest[0])
        tc = TargetContext(player, card, game.chars(card), index is None)
        assert got == all(has_candidates(game, s, tc, s.min) for s in specs), (game.turn, card)

    seen = _answers_through_samples(monkeypatch, "_has_targets", check)
    assert seen[True] > 50 and seen[False] > 5


def test_a_player_without_activated_abilities_is_idle_without_looking_at_the_board(monkeypatch):
    """Essence Scatter with no spell to target (601.2c) and no permanent with an activated
    ability but mana abilities: idle, the permanents not looked at (`_field_idle`); with
    Furnace Whelp's '{R}: +1/+0' and a Mountain, they are, and the player can act."""
    g, h = Game.from_setup({"players": [
        {}, {"battlefield": ["Island", "Mountain"], "hand": ["Essence Scatter"],
             "library": ["Furnace Whelp"]}], "turn": {"step": "upkeep"}})
    looked = []
    real = priority._field_idle
    monkeypatch.setattr(priority, "_field_idle", lambda game, player: looked.append(player) or real(game, player))
    assert priority._idle(g, 1) and looked == []
    zones.put_onto_battlefield(g, g.players[1].library[-1], controller=1)
    assert not priority._idle(g, 1) and looked == [1]
    g.close()


def test_a_hand_waiting_for_a_spell_to_target_is_still_while_the_stack_is_empty(monkeypatch):
    """Essence Scatter needs a creature spell to target (601.2c): while the stack is empty
    its holder can only pass whatever their mana (`still`), which every player being
    answers without looking at the hand; with Wind Drake on the stack it is looked at,
    and can be cast."""
    from mtg_ecs.core.decisions import Cast, Pass
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": "Wind Drake", "id": "d"}], "battlefield": ["Island"] * 3},
        {"battlefield": ["Island", "Island"], "hand": [{"card": "Essence Scatter", "id": "s"}]}]})
    looked = []
    real = priority._hand_idle
    monkeypatch.setattr(priority, "_hand_idle",
                        lambda game, player, instants=None: looked.append(player) or real(game, player, instants))
    assert priority.everyone_idle(g) and looked == []
    quiet = g.quiet_cache
    assert not quiet[2] and quiet[4]
    g.decide(Cast(g.card_entity[h["d"]]))
    g.decide(Pass())                # (the caster keeps priority: 117.3c)
    assert g.stack and g.pending.player == 1
    looked.clear()
    assert not priority._idle(g, 1) and looked == [1]
    g.close()


def test_the_hand_summary_lists_the_cards_castable_at_instant_speed():
    """The hand summary names the instants in hand order with their definitions (117.1a),
    which the idle check looks at: not Serra Angel (no flash); Unsummon with no creature
    to target and Essence Scatter with no spell let the player pass (601.2c)."""
    g, h = Game.from_setup({"players": [
        {}, {"battlefield": ["Island", "Island"],
             "hand": [{"card": "Unsummon", "id": "u"}, "Serra Angel", {"card": "Essence Scatter", "id": "e"}]}],
        "turn": {"step": "upkeep"}})
    unsummon, scatter = g.card_entity[h["u"]], g.card_entity[h["e"]]
    instants = priority._hand_state(g, 1)[2][0]
    assert instants == [(unsummon, g.chars(unsummon).defn), (scatter, g.chars(scatter).defn)]
    assert priority._hand_idle(g, 1) and priority._hand_idle(g, 1, instants)
    g.close()


def test_an_ability_on_the_stack_keeps_the_hand_summaries():
    """An ability put onto the stack or leaving it moves no card (`Game.ability_stack_changed`
    keeps `zversion`): the hand summary is not made again, while the idle answers, which
    read the stack, are asked again (`changes`)."""
    g, unsummon, _ = _unsummon_with_a_creature()
    entry = priority._hand_state(g, 1)
    changes = g.changes
    g.ability_stack_changed()           # (as an ability put onto the stack)
    assert g.changes == changes + 1
    assert not priority.only_pass(g, 1)             # Unsummon can still be cast
    assert g.instant_cache[1] is entry
    g.close()
