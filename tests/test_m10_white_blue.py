"""Magic 2010 FAQ (spec 001) white and blue cards: rulings a scenario file can't express
(test-only cards with rules text, direct state changes), and the mechanisms built for them."""
from __future__ import annotations

import pytest

from mtg_ecs.components.definitions import make_card, SpellAbility, ActivatedAbility, parse_activation_cost
from mtg_ecs import Game, Pass
from mtg_ecs.core.decisions import Cast, Activate, PlayerRef, IllegalAction
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import zones
from mtg_ecs.systems.targeting import any_target, target
from mtg_ecs.systems.together import together, move_all_together
from mtg_ecs.systems.replacement import add_shield


def _game(setup, *defs):
    game, h = Game.from_setup(setup, defs={d.name: d for d in defs})
    return game, (lambda k: game.card_entity[h[k]])


def _resolve_top(game):
    game.decide(Pass())
    game.decide(Pass())


# --- Ajani Goldmane ------------------------------------------------------------------
def test_ajani_vigilance_stays_when_counter_removed():
    """001 Ajani Goldmane R1: the vigilance from Ajani's −1 lasts until end of turn even if
    the +1/+1 counter is later removed (two separate effects, CR 611.2c, 122.1)."""
    game, e = _game({"players": [
        {"battlefield": [{"card": "Ajani Goldmane", "id": "ajani"}, {"card": "Soul Warden", "id": "sw"}]},
        {}]})
    game.decide(Activate(e("ajani"), 1))
    _resolve_top(game)
    assert game.counters(e("sw")).get("+1/+1") == 1
    assert game.chars(e("sw")).has("vigilance")
    zones.remove_counters(game, e("sw"), "+1/+1", 1)
    assert game.counters(e("sw")).get("+1/+1") == 0
    assert (game.chars(e("sw")).power, game.chars(e("sw")).toughness) == (1, 1)
    assert game.chars(e("sw")).has("vigilance")


# --- Baneslayer Angel --------------------------------------------------------------------
DRAGON_PINGER = make_card("Test Dragon Pinger", "{2}{R}", "Creature — Dragon", pt=(1, 1), abilities=[
    ActivatedAbility(cost=parse_activation_cost("{T}"), effects=(fx.DealDamage(1, fx.TARGET(0)),),
                     targets=(any_target(),), text="{T}: This deals 1 damage to any target.")])
GOBLIN_PINGER = make_card("Test Goblin Pinger", "{2}{R}", "Creature — Goblin", pt=(1, 1),
                          abilities=DRAGON_PINGER.abilities)
DRAGON_AURA = make_card("Test Dragon Aura", "{W}", "Kindred Enchantment — Dragon Aura",
                        keywords=["enchant creature"])


def test_baneslayer_not_targeted_by_dragon_abilities():
    """001 Baneslayer Angel R2: an ability whose source is a Dragon can't target it; a
    Goblin's can (CR 702.16b, 702.16g)."""
    game, e = _game({"players": [
        {"battlefield": [{"card": "Test Dragon Pinger", "id": "dragon"},
                         {"card": "Test Goblin Pinger", "id": "goblin"}]},
        {"battlefield": [{"card": "Baneslayer Angel", "id": "angel"}]}]},
        DRAGON_PINGER, GOBLIN_PINGER)
    with pytest.raises(IllegalAction):
        game.decide(Activate(e("dragon"), 0, targets=[[e("angel")]]))
    assert not game.is_tapped(e("dragon"))
    game.decide(Activate(e("goblin"), 0, targets=[[e("angel")]]))
    _resolve_top(game)
    assert game.damage_on(e("angel")) == 1


def test_baneslayer_dragon_aura_cant_be_attached():
    """001 Baneslayer Angel R4: an Aura with the subtype Dragon can't target it, and one
    somehow attached to it is put into its owner's graveyard (CR 702.16d, 704.5m)."""
    game, e = _game({"players": [
        {"battlefield": ["Plains", {"card": "Test Bear Pt", "id": "bear"}],
         "hand": [{"card": "Test Dragon Aura", "id": "aura"}]},
        {"battlefield": [{"card": "Baneslayer Angel", "id": "angel"}]}]},
        DRAGON_AURA, make_card("Test Bear Pt", "{1}{G}", "Creature — Bear", pt=(2, 2)))
    with pytest.raises(IllegalAction):
        game.decide(Cast(e("aura"), targets=[[e("angel")]]))
    game2, e2 = _game({"players": [
        {"battlefield": [{"card": "Test Dragon Aura", "id": "aura", "attached_to": "angel"},
                         {"card": "Test Dragon Aura", "id": "aura2", "attached_to": "bear"},
                         {"card": "Test Bear Pt", "id": "bear"}]},
        {"battlefield": [{"card": "Baneslayer Angel", "id": "angel"}]}]},
        DRAGON_AURA, make_card("Test Bear Pt", "{1}{G}", "Creature — Bear", pt=(2, 2)))
    game2.decide(Pass())        # state-based actions are checked before the next priority
    assert game2.zone_of(e2("aura")) == "graveyard"
    assert game2.zone_of(e2("aura2")) == "battlefield"


# --- Soul Warden and simultaneous entering (systems/together.py) -----------------------------
def test_soul_warden_sees_creature_entering_with_it():
    """001 Soul Warden R1: if Soul Warden enters the battlefield at the same time as another
    creature, its ability triggers for that creature (CR 603.6a: abilities of permanents
    that enter together 'look' at each other's entering) — but not for itself."""
    game, e = _game({"players": [
        {"hand": [{"card": "Soul Warden", "id": "sw"}, {"card": "Baneslayer Angel", "id": "angel"},
                  {"card": "Soul Warden", "id": "sw2"}]},
        {}]})
    move_all_together(game, [e("angel"), e("sw"), e("sw2")])
    trig = [t for t in game.pending_triggers]
    # each Warden triggers once for the Angel and once for the other Warden
    assert len(trig) == 4
    assert {t.info["entered"] for t in trig} == {e("angel"), e("sw"), e("sw2")}
    assert all(t.info["entered"] != t.source for t in trig)


def test_together_defers_triggers_until_all_moved():
    """Mechanism: inside `together`, no ability triggers until every object has moved;
    outside it, a permanent entering after Soul Warden triggers it once (CR 603.2)."""
    game, e = _game({"players": [
        {"hand": [{"card": "Soul Warden", "id": "sw"}, {"card": "Baneslayer Angel", "id": "angel"}]},
        {}]})
    with together(game):
        zones.put_onto_battlefield(game, e("angel"))
        zones.put_onto_battlefield(game, e("sw"))
        assert game.pending_triggers == []
    assert len(game.pending_triggers) == 1
    game2, e2 = _game({"players": [
        {"hand": [{"card": "Soul Warden", "id": "sw"}, {"card": "Baneslayer Angel", "id": "angel"}]},
        {}]})
    zones.put_onto_battlefield(game2, e2("angel"))      # one at a time: the Warden wasn't there
    zones.put_onto_battlefield(game2, e2("sw"))
    assert game2.pending_triggers == []


# --- effect steps added (systems/effects.py) ----------------------------------------------
def test_mill_step_and_add_counters():
    """Mechanism: fx.Mill moves the top N cards of a library to its owner's graveyard, top
    card first, all of a smaller library (CR 701.13b); fx.AddCounters puts counters on each
    permanent a reference names (CR 122.1)."""
    game, e = _game({"players": [
        {"library": [{"card": "Plains", "id": "top"}, "Island", {"card": "Swamp", "id": "third"}],
         "battlefield": [{"card": "Soul Warden", "id": "sw"}]},
        {}]})
    from mtg_ecs.systems.effects import Ctx
    ctx = Ctx(None, e("sw"), 0)
    fx.Mill(fx.YOU, 2).run(game, ctx)
    assert len(game.players[0].library) == 1
    assert game.zone_of(e("top")) == "graveyard" and game.zone_of(e("third")) == "library"
    fx.Mill(fx.YOU, 5).run(game, ctx)
    assert game.players[0].library == [] and len(game.players[0].graveyard) == 3
    fx.AddCounters(fx.SELF, "+1/+1", 2).run(game, ctx)
    assert game.chars(e("sw")).power == 3


# --- player restrictions (systems/restrictions.py) --------------------------------------------
def test_restriction_cast_spells_this_turn_only():
    """Mechanism (Silence, 001 Silence R1/R2): a 'can't cast spells this turn' restriction
    removes the player's Cast actions but not activations, and ends with the turn
    (CR 601.3, 514.2)."""
    from mtg_ecs.systems import restrictions
    from mtg_ecs.core.decisions import Cast as CastA, Activate as ActA
    game, e = _game({"players": [
        {"battlefield": [{"card": "Furnace Whelp", "id": "whelp"}, "Mountain", "Mountain", "Mountain"],
         "hand": [{"card": "Searing Spear", "id": "spear"}]},
        {}]})
    assert any(isinstance(a, CastA) for a in game.pending.options)
    restrictions.add(game, "cast_spells", [0])
    from mtg_ecs.systems.priority import legal_actions
    acts = legal_actions(game, 0)
    assert not any(isinstance(a, CastA) for a in acts)
    assert any(isinstance(a, ActA) and a.source == e("whelp") for a in acts)
    assert restrictions.restricted(game, 0, "cast_spells")
    assert not restrictions.restricted(game, 1, "cast_spells")
    game.turn += 1
    assert not restrictions.restricted(game, 0, "cast_spells")


# --- 'becomes the target' (systems/targeted.py) ---------------------------------------------
def test_becomes_target_once_per_spell_and_only_its_object():
    """Mechanism (001 Illusionary Servant R1, 001 Ice Cage R1): BecomesTarget triggers when the
    spell that targets the object is cast — once — and not for a spell targeting something
    else (CR 603.2, 601.2i)."""
    from mtg_ecs.systems.targeted import BecomesTarget
    game, e = _game({"players": [
        {"battlefield": ["Mountain", "Mountain", "Mountain", "Mountain"],
         "hand": [{"card": "Searing Spear", "id": "s1"}, {"card": "Searing Spear", "id": "s2"}]},
        {"battlefield": [{"card": "Illusionary Servant", "id": "is"}, {"card": "Soul Warden", "id": "sw"}]}]})
    game.decide(Cast(e("s1"), targets=[[e("sw")]]))
    assert len(game.stack) == 1                      # no trigger: the Servant wasn't targeted
    game.decide(Cast(e("s2"), targets=[[e("is")]]))
    assert len(game.stack) == 3                      # exactly one trigger above Spear 2
    assert BecomesTarget().match(game, e("is"), 1, "cast", {"eid": game.stack[1]}) is not None
    assert BecomesTarget().match(game, e("sw"), 1, "cast", {"eid": game.stack[1]}) is None


# --- prevention (systems/replacement.py: PreventDamageFrom, PreventAllDamageTo) ----------------
def test_guardian_seraph_source_without_controller_uses_owner():
    """001 Guardian Seraph R2: a source with no controller (a card in a graveyard, e.g. a
    cycled Jund Sojourners) counts as controlled by its owner (CR 109.4): damage from the
    opponent's card is reduced by 1; damage from its controller's own card isn't."""
    from mtg_ecs.systems import damage
    game, e = _game({"players": [
        {"battlefield": [{"card": "Guardian Seraph", "id": "gs"}],
         "graveyard": [{"card": "Canyon Minotaur", "id": "mine"}]},
        {"graveyard": [{"card": "Canyon Minotaur", "id": "theirs"}]}]})
    theirs, mine = e("theirs"), e("mine")
    damage.deal(game, [(theirs, game.chars(theirs), PlayerRef(0), 2)])
    assert game.players[0].life == 19
    damage.deal(game, [(mine, game.chars(mine), PlayerRef(0), 2)])
    assert game.players[0].life == 17


def test_prevent_all_damage_to_shield_checks_recipient_when_damage_is_dealt():
    """Mechanism (001 Safe Passage R2/R3): PreventAllDamageTo decides at each damage event
    — a creature its player controls now is covered, a planeswalker or the opponent isn't."""
    from mtg_ecs.systems import damage
    from mtg_ecs.systems.replacement import PreventAllDamageTo, you_and_your_creatures
    game, e = _game({"players": [
        {"battlefield": [{"card": "Soul Warden", "id": "sw"}, {"card": "Ajani Goldmane", "id": "aj"}]},
        {"battlefield": [{"card": "Soul Warden", "id": "osw"}]}]})
    add_shield(game, PreventAllDamageTo(0, you_and_your_creatures))
    src = e("osw")
    damage.deal(game, [(src, game.chars(src), e("sw"), 1), (src, game.chars(src), PlayerRef(0), 5),
                       (src, game.chars(src), e("aj"), 1), (src, game.chars(src), PlayerRef(1), 1)])
    assert game.damage_on(e("sw")) == 0 and game.players[0].life == 20
    assert game.counters(e("aj")).get("loyalty") == 3 and game.players[1].life == 19


# --- copies of spells (systems/copy.py) -----------------------------------------------------
MODAL = make_card("Test Modal", "{R}", "Instant", spell=SpellAbility(
    modes=(("Target player loses 2 life.", (target("target player", "player"),), (fx.LoseLife(fx.TARGET(0), 2),)),
           ("You gain 5 life.", (), (fx.GainLife(fx.YOU, 5),))),
    text="Choose one — • Target player loses 2 life. • You gain 5 life."))


def _sac_gain(game, ctx):
    fx.GainLife(fx.YOU, 3 * len(ctx.info.get("sacrificed", ()))).run(game, ctx)


OFFERING = make_card(
    "Test Sac Offering", "{R}", "Instant",
    spell=SpellAbility(effects=(fx.Custom(_sac_gain),),
                       additional_cost=parse_activation_cost(
                           "Sacrifice a creature",
                           {"a creature": lambda g, e, p: "Creature" in g.chars(e).types}),
                       text="As an additional cost to cast this spell, sacrifice a creature. "
                            "You gain 3 life for each creature sacrificed this way."))


def test_twincast_copies_mode():
    """001 Twincast R4, 001 Hive Mind R6: the copy of a modal spell has the same mode; no
    mode is chosen for it (CR 707.10)."""
    game, e = _game({"players": [
        {"battlefield": ["Island", "Island", "Mountain"],
         "hand": [{"card": "Twincast", "id": "tw"}, {"card": "Test Modal", "id": "modal"}]},
        {}]}, MODAL)
    game.decide(Cast(e("modal"), modes=[1]))
    game.decide(Cast(e("tw"), targets=[[e("modal")]]))
    _resolve_top(game)                      # Twincast: the copy (no targets: nothing asked)
    assert len(game.stack) == 2
    _resolve_top(game)
    assert game.players[0].life == 25       # the copy gained 5: same mode
    _resolve_top(game)
    assert game.players[0].life == 30 and game.players[1].life == 20


def test_copy_keeps_additional_costs_paid():
    """001 Twincast R6, 001 Hive Mind R8: no additional cost is paid for the copy, but what
    the original's paid cost does is copied (CR 707.10): the copy gains 3 as well."""
    game, e = _game({"players": [
        {"battlefield": ["Island", "Island", "Mountain", {"card": "Soul Warden", "id": "sw"},
                         {"card": "Centaur Courser", "id": "cc"}],
         "hand": [{"card": "Twincast", "id": "tw"}, {"card": "Test Sac Offering", "id": "off"}]},
        {}]}, OFFERING)
    game.decide(Cast(e("off"), pay={"sacrifice": [e("sw")]}))
    assert game.zone_of(e("sw")) == "graveyard"
    game.decide(Cast(e("tw"), targets=[[e("off")]]))
    _resolve_top(game)
    _resolve_top(game)                      # the copy: nothing more sacrificed
    assert game.zone_of(e("cc")) == "battlefield"
    assert game.players[0].life == 23
    _resolve_top(game)
    assert game.players[0].life == 26


def test_copy_target_without_new_legal_choice_is_unchanged():
    """001 Twincast R3, 001 Hive Mind R5: 'choose new targets' with no other legal target
    leaves the target unchanged — nothing is asked (CR 707.10c); the copy is a token-like
    object that ceases to exist after resolving (704.5e)."""
    game, e = _game({"players": [
        {"battlefield": ["Island", "Island", "Island"],
         "hand": [{"card": "Twincast", "id": "tw"}, {"card": "Unsummon", "id": "uns"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}]}]})
    game.decide(Cast(e("uns"), targets=[[e("cc")]]))
    game.decide(Cast(e("tw"), targets=[[e("uns")]]))
    _resolve_top(game)
    assert game.pending.kind == "may"
    game.decide(True)
    assert game.pending.kind == "priority"          # no new legal target: unchanged
    from mtg_ecs.components import Spell
    copy_eid = game.stack[-1]
    assert game.world.get(copy_eid, Spell).targets == ((e("cc"),),)
    assert game.world.get(copy_eid, Spell).copy
    _resolve_top(game)
    assert game.zone_of(e("cc")) == "hand"
    assert copy_eid not in game.world.ents
    assert len(game.players[0].graveyard) == 1      # only Twincast; the copy is gone


# --- entering as a copy (systems/copy.py EnterAsCopy, components.CopyOf) ----------------------
def test_clone_copy_effect_ends_when_it_leaves():
    """Mechanism (001 Clone R1/R3): the copiable values come from CopyOf while it is on the
    battlefield; a copy of a copy copies the same values; back in the hand it is Clone
    again (CR 707.2, 400.7)."""
    from mtg_ecs.systems.copy import copiable_defn
    game, e = _game({"players": [
        {"battlefield": ["Island"] * 5, "hand": [{"card": "Clone", "id": "clone"},
                                                 {"card": "Unsummon", "id": "uns"}]},
        {"battlefield": [{"card": "Serra Angel", "id": "angel"}]}]})
    game.decide(Cast(e("clone")))
    _resolve_top(game)
    game.decide(True)
    game.decide([e("angel")])
    assert game.chars(e("clone")).name == "Serra Angel"
    assert copiable_defn(game, e("clone")).name == "Serra Angel"
    game.decide(Cast(e("uns"), targets=[[e("clone")]]))
    _resolve_top(game)
    assert game.zone_of(e("clone")) == "hand"
    assert game.chars(e("clone")).name == "Clone"
    assert (game.chars(e("clone")).power, game.chars(e("clone")).toughness) == (0, 0)


# --- redirection (systems/redirect.py) -------------------------------------------------------
def test_redirect_apply_splits_events_and_uses_up_the_shield():
    """Mechanism (001 Harm's Way R3/R4/R5): a redirection shield moves up to its amount of
    the chosen source's damage to covered recipients onto the new recipient, in event order
    without a plan or as planned; consumed only when dealt; nothing moves to a gone target."""
    from mtg_ecs.systems import redirect
    from mtg_ecs.systems.redirect import RedirectNextDamage
    game, e = _game({"players": [
        {"battlefield": [{"card": "Soul Warden", "id": "sw"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, {"card": "Furnace Whelp", "id": "src"}]}]})
    src, sc = e("src"), game.chars(e("src"))
    sh = RedirectNextDamage(0, src, e("cc"), 2)
    add_shield(game, sh)
    batch = [(src, sc, e("sw"), 3), (src, sc, PlayerRef(0), 3), (src, sc, PlayerRef(1), 3)]
    view = redirect.apply(game, batch)
    assert view[0] == (src, sc, e("cc"), 2) and view[1] == (src, sc, e("sw"), 1)
    assert sh.left == 2                                   # a view doesn't use it up
    d = redirect.decision(game, batch)
    assert d is not None and d.kind == "redirect" and set(d.options) == {e("sw"), PlayerRef(0)}
    redirect.answer(game, d, {e("sw"): 1, PlayerRef(0): 1})
    with pytest.raises(IllegalAction):
        redirect.answer(game, d, {e("sw"): 2, PlayerRef(0): 1})
    out = redirect.apply(game, batch, consume=True)
    assert sum(n for _, _, t, n in out if t == e("cc")) == 2
    assert sh.left == 0
    sh2 = RedirectNextDamage(0, src, e("cc"), 2)
    add_shield(game, sh2)
    zones.bounce(game, e("cc"))
    assert redirect.apply(game, batch) == batch           # the new recipient is gone


def test_harms_way_shield_left_after_one_damage():
    """001 Harm's Way R3: the chosen source deals only 1 damage to its controller: that 1 is
    redirected and a 1-damage shield remains for the next damage from that source this turn."""
    from mtg_ecs.systems import damage
    from mtg_ecs.systems.redirect import RedirectNextDamage
    game, e = _game({"players": [
        {"battlefield": [{"card": "Soul Warden", "id": "sw"}]},
        {"battlefield": [{"card": "Centaur Courser", "id": "cc"}, {"card": "Furnace Whelp", "id": "src"}]}]})
    src = e("src")
    add_shield(game, RedirectNextDamage(0, src, e("cc"), 2))
    damage.deal(game, [(src, game.chars(src), PlayerRef(0), 1)])
    assert game.players[0].life == 20 and game.damage_on(e("cc")) == 1
    damage.deal(game, [(src, game.chars(src), PlayerRef(0), 3)])
    assert game.players[0].life == 18 and game.damage_on(e("cc")) == 2
    damage.deal(game, [(src, game.chars(src), e("sw"), 1)])
    assert game.damage_on(e("sw")) == 1               # the shield is used up


# --- playing a card during resolution (systems/playing.py), counter-removal costs ----------------
def test_djinn_free_cast_pays_additional_costs_and_needs_counters():
    """001 Djinn of Wishes R4: 'without paying its mana cost' — the mana cost isn't paid but
    an additional cost (sacrificing a creature) is (118.9, 601.2f); the spell was cast
    (Mesa-style cast triggers see it). The ability's cost 'Remove a wish counter' can't be
    paid without a wish counter (118.3)."""
    game, e = _game({"players": [
        {"battlefield": ["Island", "Island", "Island", "Island", {"card": "Soul Warden", "id": "sw"},
                         {"card": "Djinn of Wishes", "id": "djinn", "counters": {"wish": 1}}],
         "library": [{"card": "Test Sac Offering", "id": "off"}, "Plains"]},
        {}]}, OFFERING)
    game.decide(Activate(e("djinn"), 0))
    assert game.counters(e("djinn")).get("wish") == 0
    _resolve_top(game)
    assert game.pending.kind == "may"
    game.decide(True)
    assert game.pending.kind == "cost"               # the additional cost: which creature
    game.decide([e("sw")])
    assert game.zone_of(e("sw")) == "graveyard"
    assert game.zone_of(e("off")) == "stack"
    assert game.pending.kind == "priority"
    _resolve_top(game)
    assert game.players[0].life == 23
    with pytest.raises(IllegalAction):
        game.decide(Activate(e("djinn"), 0))         # no wish counter left


def test_remove_counter_cost_parsing():
    """Mechanism: 'Remove a <kind> counter from ~' is a cost component (118.3, 602.2b)."""
    c = parse_activation_cost("{2}{U}{U}, Remove a wish counter from ~")
    assert c.remove_counters == (("wish", 1),) and c.mana.total == 4 and not c.is_free
    assert parse_activation_cost("Remove two +1/+1 counters from ~").remove_counters == (("+1/+1", 2),)


# --- cycling (systems/cycling.py, costs.cycling_ability) ---------------------------------------
def test_cycling_only_from_hand():
    """Mechanism: cycling is an activated ability that works only while the card is in its
    owner's hand (CR 702.29a): a Jund Sojourners on the battlefield offers no cycling."""
    from mtg_ecs.systems.priority import legal_actions
    game, e = _game({"players": [
        {"battlefield": ["Mountain", "Mountain", "Mountain", {"card": "Jund Sojourners", "id": "bf"}],
         "hand": [{"card": "Jund Sojourners", "id": "inhand"}], "library": ["Plains"]},
        {}]})
    acts = [a for a in legal_actions(game, 0) if isinstance(a, Activate)]
    assert any(a.source == e("inhand") for a in acts)
    assert not any(a.source == e("bf") for a in acts)
    with pytest.raises(IllegalAction):
        game.decide(Activate(e("bf"), 0))


# --- 'as ~ enters, choose' (systems/choices.py) and naming (systems/search.py) --------------------
def test_choose_as_enters_only_listed_options():
    """Mechanism (001 Convincing Mirage R1): the 'choose a basic land type' decision accepts
    only the five basic land types; the choice is kept on the permanent (CR 614.12, 305.6)."""
    from mtg_ecs.systems.choices import chosen
    game, e = _game({"players": [
        {"battlefield": ["Island", "Island"], "hand": [{"card": "Convincing Mirage", "id": "m"}]},
        {"battlefield": [{"card": "Forest", "id": "f"}]}]})
    game.decide(Cast(e("m"), targets=[[e("f")]]))
    _resolve_top(game)
    assert game.pending.kind == "name" and set(game.pending.options) == {
        "Plains", "Island", "Swamp", "Mountain", "Forest"}
    with pytest.raises(IllegalAction):
        game.decide("Wastes")
    game.decide("Swamp")
    assert chosen(game, e("m"), "land_type") == "Swamp"
    assert game.chars(e("f")).subtypes == ("Swamp",) and "Basic" in game.chars(e("f")).supertypes


def test_name_card_and_search_refuse_other_answers():
    """Mechanism (001 Sphinx Ambassador R1-R3): the searcher must pick a card of that library
    (701.19b: 'a card' has no quality, so one is picked); the named card must be a real
    card name (201.3)."""
    from mtg_ecs.systems.search import SearchLibrary, NameCard
    from mtg_ecs.systems.effects import Ctx
    game, e = _game({"players": [
        {"battlefield": [{"card": "Soul Warden", "id": "sw"}]},
        {"library": [{"card": "Island", "id": "isl"}]}]})
    ctx = Ctx(None, e("sw"), 0)
    s = SearchLibrary(fx.INFO("p"), "found")
    ctx.info["p"] = PlayerRef(1)
    d = s.run(game, ctx)
    assert d.min == 1 and d.options == [e("isl")]
    with pytest.raises(IllegalAction):
        s.answer(game, ctx, d, [])
    s.answer(game, ctx, d, [e("isl")])
    n = NameCard(fx.INFO("p"), "named")
    d = n.run(game, ctx)
    assert d.player == 1
    with pytest.raises(IllegalAction):
        n.answer(game, ctx, d, "Not A Real Card")
    n.answer(game, ctx, d, "Island")
    assert ctx.vars["named"] == "Island" and ctx.vars["found"] == [e("isl")]


# --- Harm's Way: which sources can be chosen (609.7a) ------------------------------------
def test_harms_way_source_gone_but_referred_to_by_its_trigger():
    """001 Harm's Way R1, CR 609.7a: a source may be an object an ability on the stack
    refers to even after it left its zone. Bogardan Hellkite's trigger is on the stack
    aimed at p0; p0 returns the Hellkite to its owner's hand, then casts Harm's Way: the
    Hellkite as it last existed (the trigger's source) is a choice, the ability itself
    and the Hellkite card now in hand (a new object, 400.7) are not, and the 5 damage the
    trigger deals as that Hellkite is redirected in part (2 to p1)."""
    from mtg_ecs.components import StackAbility
    game, e = _game({"players": [
        {"battlefield": ["Plains", "Island"],
         "hand": [{"card": "Harm's Way", "id": "hw"}, {"card": "Unsummon", "id": "un"}]},
        {"battlefield": ["Mountain"] * 8, "hand": [{"card": "Bogardan Hellkite", "id": "bh"}]}],
        "turn": {"number": 2, "active": 1, "step": "main1"}})
    game.decide(Cast(e("bh")))
    _resolve_top(game)
    game.decide([PlayerRef(0)])                       # the trigger's target
    game.decide({PlayerRef(0): 5})                    # its division, one target (601.2d)
    trigger = game.stack[-1]
    old = game.world.ents[trigger][StackAbility].source
    game.decide(Pass())
    game.decide(Cast(e("un"), targets=[[old]]))
    _resolve_top(game)
    assert game.zone_of(e("bh")) == "hand" and not game.exists(old)
    game.decide(Pass())                               # p1, the active player, passes
    game.decide(Cast(e("hw"), targets=[[PlayerRef(1)]]))
    _resolve_top(game)
    d = game.pending
    assert d.kind == "choose" and d.prompt == "choose a source"
    assert old in d.options
    assert trigger not in d.options and e("bh") not in d.options
    for bad in (trigger, e("bh")):
        with pytest.raises(IllegalAction, match="609.7a"):
            game.decide([bad])
    game.decide([old])
    _resolve_top(game)
    assert (game.players[0].life, game.players[1].life) == (17, 18)
