"""The layer pass (systems/layers.py: copy on write, declared reads/writes, inlined
loops) against the plain algorithm it replaced, kept here as the reference: every object
copied before the layers, every effect's filter called through `_applies`, every 613.8a
dependency judged by a trial on copies of everything. Equal characteristics at every
decision of random games with every registered card."""
import numpy as np

from mtg_ecs import Game, HeuristicAgent, RandomAgent
from mtg_ecs.apps.agents import answer_once
from mtg_ecs.apps.fuzz import random_deck
from mtg_ecs.components import Counters
from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.components.definitions import StaticAbility
from mtg_ecs.systems.layers import (CE, Chars, LAYERS, L_7C, L_ABILITY, L_TYPE, L_CONTROL, base_chars)
from mtg_ecs.systems import layers


def _counters_apply(game, eid, c: Chars, comps):
    cnt = comps.get(Counters)
    if cnt is not None and c.power is not None:
        p = cnt.get("+1/+1") - cnt.get("-1/-1")
        if p:
            c.power += p
            c.toughness += p


def _keyword_counters_apply(c: Chars, comps):
    """CR 122.1b, layer 6: the keywords of its keyword counters it doesn't have yet."""
    cnt = comps.get(Counters)
    if cnt is not None:
        for k, _ in cnt.items:
            kw = layers.KEYWORD_COUNTERS.get(k)
            if kw is not None and not c.has(k):
                c.keywords = c.keywords + (kw,)


def gather_effects(game, bf_chars: dict) -> list:
    """All continuous effects now in the game: those of static abilities of objects
    in the zones where those abilities function, and those created by resolved
    spells and abilities (game.effects)."""
    effects = []
    for eid, ch in bf_chars.items():
        ts = game.timestamp_of(eid)
        for ab in ch.abilities:
            if isinstance(ab, StaticAbility) and "battlefield" in ab.zones:
                for tmpl in ab.continuous:
                    ce = tmpl.instantiate(game, eid, ts, ch.controller)
                    if ce.data is None:
                        ce.data = ("static_ability", ab)    # its origin, for 613.1f below
                    effects.append(ce)
    effects.extend(game.effects)
    return effects


def _depends(game, a: CE, b: CE, working) -> bool:
    """CR 613.8a: does `a` depend on `b`? Applying `b` changes what `a` applies to
    (or whether it exists). Checked by trial application on a copy."""
    if a.objects is not None or a.filter is None:
        return False
    before = {e for e, ch in working.items() if _applies(game, a, e, ch, working)}
    trial = {e: ch.copy() for e, ch in working.items()}
    for e, ch in trial.items():
        if _applies(game, b, e, ch, trial):
            b.apply(game, b, ch, trial)
    after = {e for e, ch in trial.items() if _applies(game, a, e, ch, trial)}
    return before != after


def _applies(game, ce: CE, eid, ch, allc) -> bool:
    if ce.objects is not None:
        return eid in ce.objects
    return ce.filter(game, ce, eid, ch, allc)


def _order_layer(game, effs, working):
    """Timestamp order, except an effect that depends on another applies after it
    (613.8b); a dependency loop falls back to timestamps (613.8b).

    A generator: the caller applies each effect before asking for the next, because
    whether an effect depends on another is judged on the characteristics as they are
    at that point of the layer (613.8a: "applying the other would change ... what it
    applies to"): 'creatures with flying have first strike' doesn't depend on 'all
    creatures gain flying' while they all have flying, but does once an earlier effect
    of the layer has removed it."""
    effs = sorted(effs, key=lambda e: e.ts)
    if len(effs) < 2:
        yield from effs
        return
    pending = list(effs)
    while pending:
        chosen = None
        for cand in pending:
            if not any(o is not cand and _depends(game, cand, o, working) for o in pending):
                chosen = cand
                break
        if chosen is None:
            chosen = pending[0]
        pending.remove(chosen)
        yield chosen


def reference_pass(game) -> dict:
    """Characteristics of every object on the battlefield."""
    world = game.world
    working = {}
    for eid in game.battlefield:
        working[eid] = base_chars(game, eid)
    effects = gather_effects(game, working)
    game.volatile = any(getattr(ce, "volatile", False) for ce in effects)
    game.chars_independent = not effects
    if not effects:
        for eid, c in working.items():
            comps = world.ents[eid]
            if Counters in comps:
                c = working[eid] = c.copy()
                _keyword_counters_apply(c, comps)
                _counters_apply(game, eid, c, comps)
        return working
    for eid in working:
        working[eid] = working[eid].copy()
    by_layer = {}
    for ce in effects:
        by_layer.setdefault(ce.layer, []).append(ce)
    for layer in LAYERS:
        effs = by_layer.get(layer)
        if layer == L_7C:
            # counters apply in 7c (CR 613.4c) together with effects, order irrelevant for sums
            for eid, c in working.items():
                _counters_apply(game, eid, c, world.ents[eid])
        if layer == L_ABILITY:
            # static abilities granted by layer-6 effects don't exist before it; newly
            # added static abilities begin to apply from layer 7 on (613.6 simplification)
            for eid, c in working.items():
                _keyword_counters_apply(c, world.ents[eid])
        if not effs:
            if layer == L_ABILITY:
                _add_granted_statics(game, working, by_layer)
            continue
        if layer in (L_TYPE, L_ABILITY, L_CONTROL):
            effs = _order_layer(game, effs, working)
        else:
            effs = sorted(effs, key=lambda e: e.ts)
        for ce in effs:
            if ce.condition is not None and not ce.condition(game, ce.source, working):
                continue
            for eid, c in working.items():
                if _applies(game, ce, eid, c, working):
                    ce.apply(game, ce, c, working)
        if layer == L_ABILITY:
            _drop_removed_statics(working, by_layer)
            _add_granted_statics(game, working, by_layer)
    return working


def _drop_removed_statics(working, by_layer):
    """CR 613.1f, 613.6: a static ability removed in layer 6 no longer exists, so its effects
    in later layers (P/T, rules effects such as 'can't attack') don't apply; an effect that
    already began to apply in an earlier layer (e.g. type-changing, layer 4) goes on."""
    for layer, effs in by_layer.items():
        if layer <= L_ABILITY:
            continue
        keep = []
        for ce in effs:
            d = ce.data
            if isinstance(d, tuple) and len(d) == 2 and d[0] == "static_ability":
                ab = d[1]
                ch = working.get(ce.source)
                started = any(t.layer < L_ABILITY for t in ab.continuous)
                if ch is not None and ab not in ch.abilities and not started:
                    continue
            keep.append(ce)
        effs[:] = keep


def _add_granted_statics(game, working, by_layer):
    """Static abilities an object gained in layer 6 generate layer-7 effects (613.6)."""
    for eid, ch in working.items():
        base = ch.defn.abilities
        if ch.abilities is base:
            continue
        for ab in ch.abilities:
            if isinstance(ab, StaticAbility) and ab not in base:
                for tmpl in ab.continuous:
                    if tmpl.layer > L_ABILITY:
                        by_layer.setdefault(tmpl.layer, []).append(
                            tmpl.instantiate(game, eid, game.timestamp_of(eid), ch.controller))




# -- the comparison -------------------------------------------------------------------------
_SLOTS = [s for s in Chars.__slots__ if s not in Chars.CACHE_SLOTS]


def _values(chars: dict) -> dict:
    return {e: tuple(getattr(c, s) for s in _SLOTS) for e, c in chars.items()}


def test_the_layer_pass_equals_the_reference_pass():
    passes_with_effects = 0
    for seed in range(12):
        rng = np.random.default_rng(100 + seed)
        g = Game.new([random_deck(rng), random_deck(rng)], seed=seed, log=False, turn_limit=25,
                     auto_pass=True)
        agents = [HeuristicAgent(2 * seed), RandomAgent(2 * seed + 1)]
        n = 0
        while g.pending is not None and n < 1500:
            got = layers.compute_battlefield(g)
            want = reference_pass(g)
            assert _values(got) == _values(want), (seed, n)
            assert list(got) == list(want)
            passes_with_effects += not g.chars_independent
            answer_once(g, agents)
            n += 1
    assert passes_with_effects > 100
