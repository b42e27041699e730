"""Property tests (hypothesis, issue 5): state-based actions are idempotent (CR 704.3), a
clone evolves exactly like its original, and layer results (CR 613) depend on layers,
timestamps and dependency only, never on the order effects happen to be stored in.

Profiles (tests/conftest.py): `dev` by default (20 examples a test), `ci` derandomized
(HYPOTHESIS_PROFILE=ci), `thorough` 500 examples."""
from __future__ import annotations

import pytest
from hypothesis import example, given, strategies as st

from mtg_ecs.components.definitions import make_card, parse_keyword
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.core.hashing import canonical, log_hash, state_hash
from mtg_ecs.systems import sba
from mtg_ecs.systems.layers import CE, L_7B, L_7C, L_7D, L_ABILITY, L_TYPE


# ---------------------------------------------------------------------------
# (a) CR 704.3: after state-based actions are performed until none apply, checking
# again changes nothing
# ---------------------------------------------------------------------------
CREATURES = ("Centaur Courser", "Goblin Piker", "Wind Drake", "Kraken Hatchling",
             "Darksteel Colossus", "Phage the Untouchable")

creature = st.fixed_dictionaries({
    "card": st.sampled_from(CREATURES),
    "damage": st.integers(0, 5),
    "counters": st.fixed_dictionaries({"+1/+1": st.integers(0, 2), "-1/-1": st.integers(0, 4)}),
})


@st.composite
def sba_boards(draw):
    """Two players' battlefields where many state-based actions may apply at once:
    lethal damage (704.5g; indestructible 702.12b), 0 toughness (704.5f), +1/+1 and -1/-1
    counters (704.5q), 0 loyalty (704.5i), the legend rule (704.5j), Auras and Equipment
    left attached to a creature that dies (704.5m-n), 0 life and 10 poison (704.5a, c)."""
    players = []
    n = 0
    for i in range(2):
        bf = []
        for c in draw(st.lists(creature, max_size=4)):
            n += 1
            bf.append({**c, "id": f"c{n}"})
        for _ in range(draw(st.integers(0, 2))):
            bf.append({"card": "Jace Beleren", "counters": {"loyalty": draw(st.integers(0, 2))}})
        creatures = [e["id"] for e in bf if "id" in e]
        if creatures and draw(st.booleans()):
            bf.append({"card": draw(st.sampled_from(("Armored Ascension", "Kitesail"))),
                       "attached_to": draw(st.sampled_from(creatures))})
        if draw(st.booleans()):
            bf.append("Armored Ascension")            # an Aura attached to nothing
        players.append({"battlefield": bf, "life": draw(st.integers(-2, 4)),
                        "poison": draw(st.integers(0, 11)), "library": ["Island"] * 3})
    return {"players": players}


@given(sba_boards())
@example({"players": [{"life": 0}, {"life": 0}]})   # a draw (104.4a): over, nobody loses again
@example({"players": [{"battlefield": [{"card": "Centaur Courser", "damage": 3},   # two die at once,
                                       {"card": "Goblin Piker", "damage": 1},     # the check isn't
                                       {"card": "Wind Drake", "damage": 1}],      # repeated (sba._check)
                       "library": ["Island"] * 3},
                      {"library": ["Island"] * 3}]})
def test_state_based_actions_are_idempotent(setup):
    g, _ = Game.from_setup(setup)
    while g.pending is not None and g.pending.kind == "legend_rule":
        g.decide(g.pending.options[0])                 # 704.5j: keep the first
    # the engine performed state-based actions until none applied (704.3, 117.5)
    assert g.pending is None or g.pending.kind == "priority"
    before = state_hash(g)
    assert sba._check(g) is False                      # the check finds nothing to do ...
    assert state_hash(g) == before                     # ... and changes nothing
    g.sba_clean = -1                                  # no cache: the same
    assert sba.check(g) is False and state_hash(g) == before
    if g.pending is not None:
        from mtg_ecs.apps.fuzz import check_sba                 # an independent check of 704.5
        assert check_sba(g) == []


# ---------------------------------------------------------------------------
# (b) a clone evolves exactly like its original under the same answers
# ---------------------------------------------------------------------------
def _same_answer(answer, d, d_clone):
    """The answer for the clone's decision: pending triggers are objects of each game
    (a trigger order given as objects), everything else (entity ids, players, actions,
    the positions the agents order triggers by) is shared."""
    if d.kind == "trigger_order" and not all(isinstance(t, int) for t in answer):
        return [d_clone.options[d.options.index(t)] for t in answer]
    return answer


def _answer(agent, g, c=None):
    """The agent's answer to the original's decision, given to the clone too. An answer
    the rules refuse (RandomAgent picks targets from the options, but a cost that grows
    with them may then be unpayable, 601.2f-h) is refused by both, changing neither, and
    the agent answers again."""
    d = g.pending
    dc = c.pending if c is not None else None
    for _ in range(50):
        answer = agent.act(g, d)
        try:
            g.decide(answer)
        except IllegalAction:
            if c is not None:
                before = state_hash(c)
                with pytest.raises(IllegalAction):
                    c.decide(_same_answer(answer, d, dc))
                assert state_hash(c) == before
            continue
        if c is not None:
            c.decide(_same_answer(answer, d, dc))
        return
    raise AssertionError(f"no legal answer found for {d}")


@given(seed=st.integers(0, 2 ** 32 - 1), before=st.integers(0, 200), after=st.integers(1, 50))
# a discard event logs the card's characteristics: only the clone had computed their
# activated-ability cache, which is no part of their value
@example(seed=157, before=146, after=17)
def test_clone_evolves_like_the_original(seed, before, after):
    from mtg_ecs.apps.fuzz import game_specs
    spec = next(game_specs(seed, 1))
    g = Game.new(spec.decks, seed=spec.seed, log=True, turn_limit=15)
    agents = [RandomAgent(spec.agent_seeds[0]), RandomAgent(spec.agent_seeds[1])]
    for _ in range(before):
        if g.pending is None:
            break
        _answer(agents[g.pending.player], g)
    c = g.clone()
    assert state_hash(c) == state_hash(g) and log_hash(c) == log_hash(g)
    for _ in range(after):
        if g.pending is None:
            break
        n = len(g.log)
        _answer(agents[g.pending.player], g, c)
        assert state_hash(c) == state_hash(g)
        assert canonical(c.log[n:]) == canonical(g.log[n:])      # this answer's events
    assert log_hash(c) == log_hash(g)
    assert (c.over, c.winner, c.turn) == (g.over, g.winner, g.turn)


# ---------------------------------------------------------------------------
# (c) CR 613: layers, then timestamps; the order effects were stored in is irrelevant
# ---------------------------------------------------------------------------
BEAR = make_card("Test Layer Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))
BIRD = make_card("Test Layer Bird", "{1}{U}", "Creature — Bird", pt=(1, 3), keywords=["flying"])
KNIGHT = make_card("Test Layer Knight", "{2}{W}", "Creature — Knight", pt=(3, 1),
                   keywords=["first strike"])
LAYER_DEFS = {d.name: d for d in (BEAR, BIRD, KNIGHT)}
KEYWORDS = ("flying", "first strike", "trample")
SUBTYPES = ("Elf", "Bird", "Wall")


def _layer_board(cards, counters):
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": n, "id": f"x{i}", **({"counters": {"+1/+1": k}} if k else {})}
                         for i, (n, k) in enumerate(zip(cards, counters))]}, {}]},
        defs=LAYER_DEFS)
    return g, [g.card_entity[h[f"x{i}"]] for i in range(len(cards))]


# an effect: (kind, parameter, which objects: None = every creature, or their positions,
# or ('with', keyword) = creatures with that keyword as the effect applies)
effect = st.one_of(
    st.tuples(st.just("set_pt"), st.tuples(st.integers(0, 5), st.integers(0, 5))),
    st.tuples(st.just("modify_pt"), st.tuples(st.integers(-3, 3), st.integers(-3, 3))),
    st.tuples(st.just("switch"), st.none()),
    st.tuples(st.just("grant"), st.sampled_from(KEYWORDS)),
    st.tuples(st.just("remove"), st.sampled_from(KEYWORDS)),
    st.tuples(st.just("add_subtype"), st.sampled_from(SUBTYPES)),
)
LAYER_OF = {"set_pt": L_7B, "modify_pt": L_7C, "switch": L_7D, "grant": L_ABILITY,
            "remove": L_ABILITY, "add_subtype": L_TYPE}


def _change(kind, param, ch):
    """What one effect does to working characteristics (a Chars or the reference dict)."""
    if kind == "set_pt":
        ch["power"], ch["toughness"] = param
    elif kind == "modify_pt":
        ch["power"] += param[0]
        ch["toughness"] += param[1]
    elif kind == "switch":
        ch["power"], ch["toughness"] = ch["toughness"], ch["power"]
    elif kind == "grant":
        ch["keywords"] = ch["keywords"] | {param}
    elif kind == "remove":
        ch["keywords"] = ch["keywords"] - {param}
    elif kind == "add_subtype":
        ch["subtypes"] = ch["subtypes"] | {param}


class _View:
    """Chars seen as the reference's dict (the same `_change` drives both)."""

    def __init__(self, ch):
        self.ch = ch

    def __getitem__(self, k):
        v = getattr(self.ch, k)
        return {kw.name for kw in v} if k == "keywords" else set(v) if k == "subtypes" else v

    def __setitem__(self, k, v):
        if k == "keywords":
            kept = tuple(kw for kw in self.ch.keywords if kw.name in v)
            new = tuple(parse_keyword(n) for n in sorted(v - {kw.name for kw in kept}))
            self.ch.keywords = kept + new
        elif k == "subtypes":
            self.ch.subtypes = tuple(self.ch.subtypes) + tuple(sorted(v - set(self.ch.subtypes)))
        else:
            setattr(self.ch, k, v)


def _selects(which, eids, e, keywords):
    if which is None:
        return True
    if isinstance(which, tuple):
        return which[1] in keywords
    return e in {eids[i] for i in which}


def _ce(kind, param, which, ts, eids):
    """The effect as the engine's continuous effect: a locked set of objects (611.2c) or
    a filter read as it applies."""
    def apply(game, ce, ch, allc):
        _change(kind, param, _View(ch))
    objects = frozenset(eids[i] for i in which) if isinstance(which, frozenset) else None
    flt = None
    if objects is None:
        def flt(game, ce, e, ch, allc):
            return "Creature" in ch.types and _selects(which, eids, e, {k.name for k in ch.keywords})
    return CE(LAYER_OF[kind], ts, eids[0], 0, apply, objects=objects, filter=flt, duration="forever")


def _reference(cards, counters, effects):
    """Apply the effects in layer order, timestamp order within a layer (613.1, 613.7);
    counters with the other 7c effects (613.4c)."""
    out = []
    for name, k in zip(cards, counters):
        d = LAYER_DEFS[name]
        out.append({"power": d.power, "toughness": d.toughness,
                    "keywords": {kw.name for kw in d.keywords}, "subtypes": set(d.subtypes)})
    for layer in (L_TYPE, L_ABILITY, L_7B, L_7C, L_7D):
        if layer == L_7C:
            for ch, k in zip(out, counters):
                ch["power"] += k
                ch["toughness"] += k
        for kind, param, which, ts in sorted((e for e in effects if LAYER_OF[e[0]] == layer),
                                             key=lambda e: e[3]):
            for i, ch in enumerate(out):
                sel = (which is None or (isinstance(which, tuple) and which[1] in ch["keywords"])
                       or (isinstance(which, frozenset) and i in which))
                if sel:
                    _change(kind, param, ch)
    return out


@st.composite
def layer_cases(draw):
    cards = draw(st.lists(st.sampled_from(sorted(LAYER_DEFS)), min_size=1, max_size=3))
    counters = draw(st.lists(st.integers(0, 2), min_size=len(cards), max_size=len(cards)))
    n = draw(st.integers(1, 7))
    effects = []
    timestamps = draw(st.permutations(range(1000, 1000 + n)))
    for i in range(n):
        kind, param = draw(effect)
        if kind in ("grant", "remove"):
            # within layer 6 a filter reading keywords would depend on the other layer-6
            # effects (613.8, tested below): these pick every creature or a locked set
            which = draw(st.one_of(st.none(), st.frozensets(st.integers(0, len(cards) - 1))))
        else:
            which = draw(st.one_of(st.none(), st.frozensets(st.integers(0, len(cards) - 1)),
                                   st.tuples(st.just("with"), st.sampled_from(KEYWORDS))))
        effects.append((kind, param, which, timestamps[i]))
    stored = draw(st.permutations(effects))           # the order they were created in
    return cards, counters, effects, stored


@given(layer_cases())
def test_layers_follow_layer_then_timestamp_not_creation_order(case):
    cards, counters, effects, stored = case
    g, eids = _layer_board(cards, counters)
    for kind, param, which, ts in stored:
        g.effects.append(_ce(kind, param, which, ts, eids))
    g.bump()
    want = _reference(cards, counters, effects)
    for e, ref in zip(eids, want):
        ch = g.chars(e)
        got = {"power": ch.power, "toughness": ch.toughness,
               "keywords": {k.name for k in ch.keywords}, "subtypes": set(ch.subtypes)}
        assert got == ref


@given(present=st.sets(st.sampled_from(("remove_flying", "grant_flying", "flyers_first_strike")),
                       min_size=1),
       timestamps=st.permutations((1001, 1002, 1003)), stored=st.permutations((0, 1, 2)),
       cards=st.lists(st.sampled_from(sorted(LAYER_DEFS)), min_size=1, max_size=3))
# the flier loses flying (1001); then first strike for fliers (1002) waits for 'gain flying'
# (1003), which now changes what it applies to
@example(present={"remove_flying", "grant_flying", "flyers_first_strike"},
         timestamps=[1001, 1003, 1002], stored=[0, 1, 2], cards=["Test Layer Bird"])
def test_dependency_in_the_ability_layer(present, timestamps, stored, cards):
    """CR 613.8a-b: 'creatures with flying have first strike' depends on 'all creatures lose
    flying' and on 'all creatures gain flying' (each changes what it applies to), so it
    applies after them whatever the timestamps; those two apply in timestamp order."""
    g, eids = _layer_board(cards, [0] * len(cards))
    spec = {"remove_flying": ("remove", "flying", None),
            "grant_flying": ("grant", "flying", None),
            "flyers_first_strike": ("grant", "first strike", ("with", "flying"))}
    names = ("remove_flying", "grant_flying", "flyers_first_strike")
    made = [(names[i], timestamps[i]) for i in stored if names[i] in present]
    for name, ts in made:
        kind, param, which = spec[name]
        g.effects.append(_ce(kind, param, which, ts, eids))
    g.bump()
    ts = dict(made)
    for name, e in zip(cards, eids):
        d = LAYER_DEFS[name]
        flying = "flying" in {k.name for k in d.keywords}
        for eff in sorted(set(ts) & {"remove_flying", "grant_flying"}, key=ts.get):
            flying = eff == "grant_flying"
        first_strike = ("first strike" in {k.name for k in d.keywords}
                        or ("flyers_first_strike" in ts and flying))
        got = {k.name for k in g.chars(e).keywords}
        assert ("flying" in got) == flying
        assert ("first strike" in got) == first_strike


LAND_SPECS = {
    # "all lands are Forests in addition to their other types"
    "lands_are_forests": ("Forest", None),
    # "Forests are Islands in addition ...": depends on the first (613.8a)
    "forests_are_islands": ("Island", "Forest"),
    # "Islands are Swamps in addition ...": depends on the second
    "islands_are_swamps": ("Swamp", "Island"),
}


def _types_reference(lands, effects):
    """CR 613.8 on a model of subtype sets: an effect depends on another if applying the
    other would change what it applies to (613.8a); it waits until those have applied
    (613.8b); which effect is next is judged again after each one (613.8c)."""
    state = [{n} for n in lands]

    def targets(eff, st_):
        return [i for i, subs in enumerate(st_) if eff[1] is None or eff[1] in subs]

    def applied(eff, st_):
        out = [set(x) for x in st_]
        for i in targets(eff, st_):
            out[i].add(eff[0])
        return out

    pending = sorted(effects, key=lambda e: e[2])
    while pending:
        free = [a for a in pending
                if not any(b is not a and targets(a, state) != targets(a, applied(b, state))
                           for b in pending)]
        nxt = (free or pending)[0]
        state = applied(nxt, state)
        pending.remove(nxt)
    return state


@given(present=st.sets(st.sampled_from(sorted(LAND_SPECS)), min_size=1),
       timestamps=st.permutations((1001, 1002, 1003)), stored=st.permutations((0, 1, 2)),
       lands=st.lists(st.sampled_from(("Mountain", "Forest", "Island", "Plains")), min_size=1,
                      max_size=3))
# in chain order the result is the closure: a Mountain becomes a Forest, so an Island, so a Swamp
@example(present=set(LAND_SPECS), timestamps=[1002, 1003, 1001], stored=[2, 1, 0], lands=["Mountain"])
# 'Islands are Swamps' (1002) depends on nothing yet when the layer begins (no Island, and
# 'Forests are Islands' would change nothing): it applies before 'lands are Forests' (1003)
@example(present=set(LAND_SPECS), timestamps=[1001, 1002, 1003], stored=[0, 1, 2], lands=["Mountain"])
def test_dependency_in_the_type_layer(present, timestamps, stored, lands):
    """CR 613.8, layer 4: type-adding effects where each may change what another applies
    to. The engine's result equals the rule's, whatever order the effects were created in."""
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": n, "id": f"l{i}"} for i, n in enumerate(lands)]}, {}]})
    eids = [g.card_entity[h[f"l{i}"]] for i in range(len(lands))]
    names = sorted(LAND_SPECS)
    effects = []
    for i in stored:
        if names[i] not in present:
            continue
        sub, only = LAND_SPECS[names[i]]
        effects.append((sub, only, timestamps[i]))

        def apply(game, ce, ch, allc, sub=sub):
            if sub not in ch.subtypes:
                ch.subtypes = tuple(ch.subtypes) + (sub,)

        def flt(game, ce, e, ch, allc, only=only):
            return "Land" in ch.types and (only is None or only in ch.subtypes)
        g.effects.append(CE(L_TYPE, timestamps[i], eids[0], 0, apply, filter=flt, duration="forever"))
    g.bump()
    want = _types_reference(lands, effects)
    assert [set(g.chars(e).subtypes) for e in eids] == want
    if present == set(LAND_SPECS) and lands == ["Mountain"]:
        # known outcomes: the closure in chain order; no Swamp in the order of the example above
        ts = {k: timestamps[names.index(k)] for k in names}
        if ts["lands_are_forests"] < ts["forests_are_islands"] < ts["islands_are_swamps"]:
            assert want == [{"Mountain", "Forest", "Island", "Swamp"}]
        if timestamps == [1001, 1002, 1003]:
            assert want == [{"Mountain", "Forest", "Island"}]
