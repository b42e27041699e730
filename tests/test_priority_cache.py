"""Legal actions kept across decisions (`priority._cached`, the data kept on
`costs.Sources`, the castability memo of plain spells) are exactly those a computation
with every cache empty gives (CR 117.1, 305.1-305.2, 601.3, 605.1a)."""
import os
import sys
from types import SimpleNamespace

from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.apps.fuzz import check_actions
from mtg_ecs.components import TAPPED
from mtg_ecs.components.mana import split_sources
from mtg_ecs.core.decisions import activate_option
from mtg_ecs.systems import costs, priority

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from test_bench_games import _cards, _deck  # noqa: E402
from sample_games import decisions  # noqa: E402


def _vanilla(seed):
    cards = _cards()
    a, b = _deck("vanilla-gold.txt", cards), _deck("vanilla-silver.txt", cards)
    return Game.new([a, b], seed=seed, log=False, turn_limit=200, auto_pass=True)


def test_offered_actions_equal_a_fresh_computation_through_vanilla_games():
    checked = 0
    for seed in range(10):
        g = _vanilla(seed)
        agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
        while g.pending is not None:
            d = g.pending
            if d.kind == "priority":
                assert check_actions(g, d) == []
                checked += 1
            g.decide(agents[d.player].act(g, d))
        g.close()
    assert checked > 50


def test_a_source_list_made_again_carries_what_is_derived_from_it():
    g = _vanilla(5)
    agents = [RandomAgent(10), RandomAgent(11)]
    while g.pending is not None and not costs.mana_sources(g, g.active):
        g.decide(agents[g.pending.player].act(g, g.pending))
    player = g.active
    srcs = costs.mana_sources(g, player)
    base, multi = costs.available_mana(g, player, srcs)
    assert srcs.split is not None and sum(base) == len(srcs) + sum(g.players[player].pool)
    g.tversion += 1                     # (as another player's permanent tapping would)
    again = costs.mana_sources(g, player)               # recomputed, equal
    assert again == srcs and again.split == srcs.split and again.options == srcs.options
    g.set(srcs[0][0], TAPPED)                           # one source fewer (107.5)
    fresh = costs.mana_sources(g, player)
    assert fresh is not srcs and len(fresh) == len(srcs) - 1
    assert fresh.split == split_sources(fresh)
    assert fresh.options == [activate_option(e, choices[0][0]) for e, _, choices in fresh]
    assert sum(costs.available_mana(g, player, fresh)[0]) == sum(base) - 1
    g.close()


def _play_samples(n):
    """`n` sample-deck games of random agents, to turn 14."""
    for _ in decisions(range(n), 14):
        pass


def test_actions_kept_across_steps_equal_a_fresh_computation(monkeypatch):
    """Every list the auto-pass checks and the decisions use (in every step, those the
    auto-pass goes through included), through sample-deck games: instants, abilities,
    targets, 'cast only during combat' readers of the step."""
    kept = priority._cached
    seen = {"calls": 0, "steps": set()}

    def checked(game, player):
        acts, span = kept(game, player)
        assert check_actions(game, SimpleNamespace(options=acts, player=player)) == [], (game.turn, game.step)
        seen["calls"] += 1
        seen["steps"].add(game.step)
        return acts, span

    monkeypatch.setattr(priority, "_cached", checked)
    _play_samples(8)
    assert seen["calls"] > 300 and {"upkeep", "main1", "declare_attackers", "end"} <= seen["steps"]


def test_a_step_alike_for_the_actions_keeps_the_list(monkeypatch):
    """A player's list is not computed again in a later step of the same turn with the
    same timing for them (sorcery timing, 117.1a; combat, 601.3) when nothing changed in
    between, whatever was computed for the other player meanwhile."""
    last = {}
    again = []
    compute = priority._legal_actions

    def counted(game, player):
        timing = (game.turn, priority.sorcery_timing(game, player), game.step in priority.COMBAT_STEPS)
        if last.get(player) == (game.changes, timing):
            again.append((game.turn, game.step, player))
        last[player] = (game.changes, timing)
        return compute(game, player)

    monkeypatch.setattr(priority, "_legal_actions", counted)
    for seed in range(3):
        last.clear()
        for _ in decisions([seed], 14):
            pass
    assert len(last) == 2 and again == []


def test_cast_only_during_combat_is_a_kind_of_step_of_its_own():
    """'Cast this spell only during combat' (601.3): a list made outside combat is not the
    list during combat, even with nothing else changed (the step set directly here)."""
    from test_m11_evocation import DEFS
    g, h = Game.from_setup({"players": [
        {}, {"hand": [{"card": "Test Combat Trick", "id": "c"}], "battlefield": ["Mountain"]}],
        "turn": {"step": "upkeep"}}, defs=DEFS)
    trick = repr(priority.Cast(g.card_entity[h["c"]]))
    assert trick not in map(repr, priority.decision(g, 1).options)
    g.step = "beginning_of_combat"
    assert trick in map(repr, priority.decision(g, 1).options)
    g.step = "end"
    assert trick not in map(repr, priority.decision(g, 1).options)


def test_spells_offered_are_those_can_cast_allows():
    """Through sample-deck games (targets, additional costs, X): each nonland card in hand
    the player may cast now (117.1a) is offered exactly when `can_cast` says it can be
    cast (the mana check made first for many cards at once changes no answer)."""
    from mtg_ecs.systems.flash import any_time
    compared = offered = 0
    for g in decisions(range(4), 16):
        d = g.pending
        if d.kind == "priority":
            options = set(map(repr, d.options))
            sorcery = priority.sorcery_timing(g, d.player)
            for c in g.players[d.player].hand:
                ch = g.chars(c)
                if "Land" in ch.types or not (sorcery or any_time(g, d.player, ch)):
                    continue
                castable = priority.can_cast(g, d.player, c, None)
                assert (repr(priority.Cast(c)) in options) == castable, (ch.name, g.turn, g.step)
                compared += 1
                offered += castable
    assert compared > 500 and 0 < offered < compared


def test_a_spell_payable_only_with_a_treasure_is_offered():
    """The mana check made first (the {T} sources and the pool) is no answer while the
    player has a mana ability that sacrifices its source (111.10a, 601.2g): a Treasure
    pays for Searing Spear with no land; an Arbor Elf's ability is no such one."""
    for extra, offered in (([{"card": "Treasure", "token": True}], True), (["Arbor Elf"], False)):
        g, h = Game.from_setup({"players": [
            {"battlefield": ["Forest"] + extra, "hand": [{"card": "Searing Spear", "id": "s"}]}, {}],
            "turn": {"step": "upkeep"}})
        spear = repr(priority.Cast(g.card_entity[h["s"]]))
        assert (spear in map(repr, priority.decision(g, 0).options)) is offered


def test_a_spell_its_mana_cant_pay_for_is_offered_once_it_can():
    """Searing Spear ({1}{R}, a target: not a plain spell) with one untapped Mountain: not
    castable whatever its targets (601.2g-h); with the other Mountain untapped the mana
    sources changed: it is offered."""
    from mtg_ecs.components import Tapped
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Mountain", {"card": "Mountain", "id": "m", "tapped": True}],
         "hand": [{"card": "Searing Spear", "id": "s"}, "Wind Drake"]}, {}],
        "turn": {"step": "upkeep"}})
    first = priority.cached_actions(g, 0)
    assert len(first) == 2          # pass, {T}: add {R}
    g.unset(g.card_entity[h["m"]], Tapped)
    spear = repr(priority.Cast(g.card_entity[h["s"]]))
    assert spear in map(repr, priority.cached_actions(g, 0))


def _passes_without_a_list_until_untapped(monkeypatch, g, tapped):
    """Player 0 can only pass (`only_pass`), seen without a list of their actions; once
    the permanent `tapped` untaps, they can act (seen from the list)."""
    from mtg_ecs.components import Tapped
    listed = []
    compute = priority._legal_actions
    monkeypatch.setattr(priority, "_legal_actions",
                        lambda game, player: listed.append(player) or compute(game, player))
    assert priority.only_pass(g, 0) and listed == []
    g.unset(tapped, Tapped)
    assert not priority.only_pass(g, 0) and listed == [0]


def test_a_tapped_permanent_lets_the_auto_pass_pass_without_a_list(monkeypatch):
    """Outside sorcery timing (117.1a), with no instant in hand, a player whose only
    activated abilities are those of permanents that can't be tapped for them now ({T}:
    a tapped Arbor Elf, 602.5a via 118.3) or loyalty abilities (606.3) can only pass:
    `only_pass` says so without listing the actions; an untapped Elf can act."""
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Arbor Elf", "id": "elf", "tapped": True}, "Forest",
                         "Garruk, Primal Hunter"], "hand": ["Wind Drake"]}, {}],
        "turn": {"step": "upkeep"}})
    g.changes += 1                  # (a change elsewhere: the list made for the setup's decision is stale)
    _passes_without_a_list_until_untapped(monkeypatch, g, g.card_entity[h["elf"]])


def test_instants_that_cant_be_cast_now_let_the_auto_pass_pass_without_a_list(monkeypatch):
    """Outside sorcery timing, instants in hand that can't be cast now — Essence Scatter
    with no spell on the stack (its target, 601.2c), Unsummon without the mana (601.2g-h)
    — let `only_pass` say so without listing the actions; with an Island untapped,
    Unsummon can be cast (a creature to target)."""
    from mtg_ecs.components import Tapped
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Island", "id": "i1"}, {"card": "Island", "id": "i2", "tapped": True},
                         "Wind Drake"],
         "hand": ["Essence Scatter", "Unsummon", "Serra Angel"]}, {}],
        "turn": {"step": "upkeep"}})
    g.set(g.card_entity[h["i1"]], Tapped())
    _passes_without_a_list_until_untapped(monkeypatch, g, g.card_entity[h["i2"]])


def _answers_through_samples(monkeypatch, name: str, check, games: int = 8) -> dict:
    """`_play_samples(games)` with `priority.<name>` checked at every call (`check(*args,
    answer)`); how many answers were true and false."""
    real = getattr(priority, name)
    seen = {True: 0, False: 0}

    def checked(*args):
        got = real(*args)
        check(*args, got)
        seen[bool(got)] += 1
        return got

    monkeypatch.setattr(priority, name, checked)
    _play_samples(games)
    return seen


def _passes_only(game, player: int) -> bool:
    """The player's legal actions, computed afresh, are Pass and mana abilities only."""
    acts, span = priority._legal_actions(game, player)
    return span.start == 1 and all(costs.activated_abilities(game, a.source)[a.index].mana
                                   for a in acts[span.stop:])


def test_only_pass_is_what_the_full_list_says(monkeypatch):
    """`only_pass` (what it sees without a list: `_field_idle`, `_hand_idle`) answers as the
    legal actions computed afresh do — no land, spell or ability but mana abilities —
    at every check of the auto-pass through sample-deck games (instants, abilities,
    targets on the stack)."""
    def check(game, player, got):
        assert got == _passes_only(game, player), (game.turn, game.step, player)

    seen = _answers_through_samples(monkeypatch, "only_pass", check)
    assert seen[True] > 300 and seen[False] > 100


def test_an_ability_whose_mana_cant_be_paid_lets_the_auto_pass_pass_without_a_list(monkeypatch):
    """Furnace Whelp's '{R}: +1/+0' with only a Forest untapped (118.3: its cost can't be
    paid): `only_pass` needs no list outside sorcery timing; with a Mountain untapped the
    ability can be activated."""
    from mtg_ecs.components import Tapped
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Furnace Whelp", "Forest", {"card": "Mountain", "id": "m"}]}, {}],
        "turn": {"step": "upkeep"}})
    g.set(g.card_entity[h["m"]], Tapped())
    _passes_without_a_list_until_untapped(monkeypatch, g, g.card_entity[h["m"]])


def test_a_step_nobody_can_act_in_is_not_begun(monkeypatch):
    """With auto-pass, a step without turn-based actions in which every player can only
    pass (`everyone_idle`) ends as it would begin (500.2, 117.4), even while a player
    holds an instant: Unsummon with no Island untapped (601.2g-h) lets the end step and
    the combat steps be gone through, and so does no creature to target (601.2c); with
    an Island untapped and a creature they are begun."""
    from mtg_ecs.components import Tapped
    from mtg_ecs.systems import turn
    for untapped, creature in ((False, True), (True, False), (True, True)):
        g, h = Game.from_setup({"players": [
            {"library": ["Forest"] * 5},
            {"battlefield": [{"card": "Island", "id": "i"}] + ["Centaur Courser"] * creature,
             "hand": ["Unsummon"], "library": ["Island"] * 5}], "turn": {"step": "main1"}}, log=False)
        g.auto_pass = True
        if not untapped:
            g.set(g.card_entity[h["i"]], Tapped())
        begun = []
        begin = turn.begin_step
        monkeypatch.setattr(turn, "begin_step", lambda game, step: begun.append(step) or begin(game, step))
        while g.pending is not None and g.turn == 1:
            g.decide(priority.Pass())
        monkeypatch.undo()
        passable = {"beginning_of_combat", "end_of_combat", "end"} & set(begun)
        assert passable == ({"beginning_of_combat", "end", "end_of_combat"} if untapped and creature
                            else set()), begun
        g.close()


def test_everyone_idle_is_what_the_full_lists_say(monkeypatch):
    """Each time a step, or a priority round outside sorcery timing, is found to be one
    nobody can act in (`everyone_idle`, asked by `Pipeline.passes` and the auto-pass),
    the legal actions of every player still in the game, computed afresh, are Pass and
    mana abilities only: a priority round would be passes (117.4); through sample-deck
    games, in states where a player holds an instant or an activated ability (not every
    player quiet: `_each_idle`)."""
    def check(game, got):
        if got:
            # (asked too as a main phase ends, about the step after it: the lists of a
            # step in combat and of one outside it, 601.3)
            step = game.step
            for game.step in ("upkeep", "beginning_of_combat"):
                for q in game.players:
                    assert q.lost or _passes_only(game, q.index), (game.turn, step, q.index)
            game.step = step

    seen = _answers_through_samples(monkeypatch, "_each_idle", check)
    assert seen[True] > 100 and seen[False] > 20


def _courser_in_hand():
    """A game with a Centaur Courser on the battlefield and one in hand, and two effects
    to add: +3 power to the one on the battlefield, the one in hand an instant (611.2c:
    named, so read anew)."""
    from mtg_ecs.systems.layers import CE, L_7C, L_TYPE
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Centaur Courser", "id": "b"}, "Forest", "Forest"],
         "hand": [{"card": "Centaur Courser", "id": "c"}]}, {}], "turn": {"step": "upkeep"}})
    bears, courser = g.card_entity[h["b"]], g.card_entity[h["c"]]

    def grow(game, ce, ch, allc):
        ch.power += 3

    def instant(game, ce, ch, allc):
        ch.types = ch.types | {"Instant"}

    return (g, bears, courser, CE(L_7C, g.tick(), bears, 0, grow, objects=frozenset((bears,)), duration="eot"),
            CE(L_TYPE, g.tick(), bears, 0, instant, objects=frozenset((courser,)), duration="eot"))


def test_a_card_in_hand_is_read_as_printed_unless_an_effect_names_it(monkeypatch):
    """Off the battlefield only an effect naming the object applies to it (611.2c;
    `layers.compute_offfield`): with Giant Growth's effect on a creature, a card in hand
    is read from its printed characteristics (none are computed for it); an effect
    naming the card in hand (here: it becomes an instant) is read."""
    g, bears, courser, growth, made_instant = _courser_in_hand()
    g.effects.append(growth)
    g.version += 1
    from mtg_ecs.systems import layers
    read = []
    offfield = layers.compute_offfield
    monkeypatch.setattr(layers, "compute_offfield", lambda game, e: read.append(e) or offfield(game, e))
    assert priority._card_info(g, courser, {})[0] is False and courser not in read
    g.effects.append(made_instant)
    g.version += 1
    assert priority._card_info(g, courser, {})[0] is True and courser in read


def test_card_info_is_that_of_the_characteristics_computed_in_full(monkeypatch):
    """Every `_card_info` answer through sample-deck games (continuous effects from
    resolved spells among them) is what the card's characteristics computed in full
    (`game.chars`) give."""
    seen = {"calls": 0, "with effects": 0}

    def check(game, c, cards, got):
        assert got == priority._info_of(game.chars(c)), (game.turn, game.step, c)
        seen["calls"] += 1
        seen["with effects"] += bool(game.effects)

    _answers_through_samples(monkeypatch, "_card_info", check, games=4)
    assert seen["calls"] > 100 and seen["with effects"] > 5     # (and kept: below)


def test_printed_entries_of_cards_in_hand_outlive_the_characteristics_state(monkeypatch):
    """A card in hand read as printed keeps its entry when characteristics change elsewhere
    (a new `cversion`: Giant Growth's effect on a creature), without `_card_info` again; an
    effect naming the card (611.2c: it becomes an instant) drops it, and it is read anew."""
    g, bears, courser, growth, made_instant = _courser_in_hand()
    assert not priority._hand_state(g, 0)[2][0]
    read = []
    info = priority._card_info
    monkeypatch.setattr(priority, "_card_info", lambda game, c, cards: read.append(c) or info(game, c, cards))
    g.effects.append(growth)
    g.version += 1
    assert not priority._hand_state(g, 0)[2][0] and read == []
    g.effects.append(made_instant)
    g.version += 1
    assert priority._hand_state(g, 0)[2][0] == [(courser, g.chars(courser).defn)] and read == [courser]
    g.close()


def test_entries_kept_are_those_of_the_characteristics_computed_in_full(monkeypatch):
    """Every entry a new characteristics state keeps (`_hand_cards_anew`) through
    sample-deck games is what the card's characteristics computed in full give."""
    seen = {"kept": 0, "with effects": 0}

    def check(game, old, got):
        for c, info in got[1].items():
            assert info == priority._info_of(game.chars(c)), (game.turn, game.step, c)
            seen["kept"] += 1
            seen["with effects"] += bool(game.effects)

    _answers_through_samples(monkeypatch, "_hand_cards_anew", check, games=4)
    assert seen["kept"] > 100 and seen["with effects"] > 20


def test_a_spell_needing_a_spell_to_target_is_left_out_without_can_cast(monkeypatch):
    """With the stack empty, Essence Scatter (its only target a spell, 601.2c) can't be
    cast: the list leaves it out without asking `can_cast`; with a spell on the stack it
    asks, and the counterspell is offered."""
    from mtg_ecs.core.decisions import Cast, Pass
    g, h = Game.from_setup({"players": [
        {"hand": [{"card": "Wind Drake", "id": "d"}], "battlefield": ["Island"] * 3},
        {"battlefield": ["Island", "Island"], "hand": [{"card": "Essence Scatter", "id": "s"}]}]})
    scatter = g.card_entity[h["s"]]
    asked = []
    real = priority.can_cast
    monkeypatch.setattr(priority, "can_cast", lambda game, p, c, *a: asked.append(c) or real(game, p, c, *a))
    assert not any(getattr(a, "card", None) == scatter for a in priority.legal_actions(g, 1))
    assert scatter not in asked
    g.decide(Cast(g.card_entity[h["d"]]))
    g.decide(Pass())                # (the caster keeps priority: 117.3c)
    assert g.stack and g.pending.player == 1
    assert any(getattr(a, "card", None) == scatter for a in priority.legal_actions(g, 1))
    assert scatter in asked


def test_an_empty_hand_in_the_main_phase_passes_without_a_list(monkeypatch):
    """In their main phase with the stack empty, a player with no card in hand and no
    activated ability but the {T} mana abilities of their lands can only pass: `only_pass`
    says so without a list; with a land drawn (305.1), or with Arbor Elf's ability, it lists."""
    listed = []
    compute = priority._legal_actions
    monkeypatch.setattr(priority, "_legal_actions",
                        lambda game, player: listed.append(player) or compute(game, player))
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Forest", "Mountain"], "library": ["Forest"]}, {}]})
    g.actions_cache[:] = [None] * len(g.players)     # (no list kept from the setup's decision)
    listed.clear()
    assert g.step == "main1" and priority.only_pass(g, 0) and listed == []
    from mtg_ecs.systems import zones
    zones.draw(g, 0, 1)
    assert not priority.only_pass(g, 0) and listed == [0]
    g, h = Game.from_setup({"players": [{"battlefield": ["Forest", "Arbor Elf"]}, {}]})
    g.actions_cache[:] = [None] * len(g.players)
    listed.clear()
    assert not priority.only_pass(g, 0) and listed == [0]


def test_the_idle_checks_mana_kept_on_the_sources_follows_the_board():
    """What the idle checks pay with (`_mana_alone`, kept on the mana sources while the pool
    is empty) is worked out again when a mana ability that sacrifices its source arrives
    (111.10a, 601.2g) though the {T} sources are the same: Searing Spear can't be paid for
    with a Forest, but can with a Treasure too."""
    from mtg_ecs.systems.effects import create_token
    g, h = Game.from_setup({"players": [
        {"battlefield": ["Forest"], "hand": [{"card": "Searing Spear", "id": "s"}]}, {}],
        "turn": {"step": "upkeep"}})
    srcs = costs.mana_sources(g, 0)
    assert priority._hand_idle(g, 0) and srcs.alone is not None
    create_token(g, g.catalog.token("Treasure"), 0)
    assert costs.mana_sources(g, 0) == srcs             # (the same {T} sources)
    assert not priority._hand_idle(g, 0)
    assert not _passes_only(g, 0)
