"""Game.state_key (issue 17, item 5): an incremental key equal for two states exactly when
their state_hashes are, kept right across decisions, clones, refused answers and rewinds."""
import array
import copy

import pytest

from mtg_ecs import Game, RandomAgent
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.components import Card, Counters, Tapped, TAPPED
from mtg_ecs.core.decisions import IllegalAction
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.core.state import STATE_FIELDS

from sample_games import decisions
from test_state import change_field

DECKS = [load_deck(d).cards for d in ("green-red-beasts", "esper-fliers")]


def fresh_key(g) -> int:
    """The key computed from nothing (no cache): what the incremental key must equal.
    The game's key cache and its world's written entities are put back after."""
    w = g.world
    kept = g.key_cache, w.changed and set(w.changed), w.changed_since
    g.key_cache = None
    k = g.state_key()
    g.key_cache, w.changed, w.changed_since = kept
    return k


def game(seed, auto_pass=True):
    return Game.new(DECKS, seed=seed, log=False, auto_pass=auto_pass)


def step(g, agents):
    g.decide(agents[g.pending.player].act(g, g.pending))


class Pairs:
    """Keys and hashes seen: each key has one hash and each hash one key."""

    def __init__(self):
        self.by_key, self.by_hash = {}, {}

    def add(self, key, h):
        assert self.by_key.setdefault(key, h) == h, "one key for two states"
        assert self.by_hash.setdefault(h, key) == key, "two keys for one state"


@pytest.mark.parametrize("seed,auto_pass", [(1, True), (2, False), (3, True)])
def test_the_key_follows_every_decision_of_a_game(seed, auto_pass):
    pairs = Pairs()
    n = 0
    for g in decisions([seed], second=1, most=400, auto_pass=auto_pass):
        k = g.state_key()
        assert k == fresh_key(g), f"stale key at decision {n}"
        pairs.add(k, state_hash(g))
        n += 1
    assert len(pairs.by_key) > n // 2          # the key moves with the game


def test_a_replayed_game_has_the_same_keys():
    a, b = game(4), game(4)
    agents = [RandomAgent(4), RandomAgent(5)]
    n = 0
    while a.pending is not None and n < 300:
        answer = agents[a.pending.player].act(a, a.pending)
        if n % 3 == 0:                          # b keyed less often: other cache paths
            assert a.state_key() == b.state_key()
        a.decide(answer)
        b.decide(answer)
        n += 1
    assert a.state_key() == b.state_key() == fresh_key(a)


def test_clones_share_the_key_and_diverge_without_spoiling_it():
    pairs = Pairs()
    for n, g in enumerate(decisions([5], second=1, most=250)):
        k = g.state_key()
        if n % 25 == 0:
            c = g.clone()
            assert c.key_cache is g.key_cache and c.state_key() == k
            other = [RandomAgent(100 + n), RandomAgent(200 + n)]
            for _ in range(15):                 # a diverged line, keyed as it goes
                if c.pending is None:
                    break
                step(c, other)
                kc = c.state_key()
                assert kc == fresh_key(c)
                pairs.add(kc, state_hash(c))
            assert g.state_key() == k == fresh_key(g)     # the original untouched
        pairs.add(k, state_hash(g))


def played(seed, decisions):
    """A game of the sample decks after `decisions` random answers, and its agents."""
    g = game(seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(decisions):
        step(g, agents)
    return g, agents


def test_a_clone_of_a_game_never_keyed_is_keyed_from_scratch():
    g, _ = played(6, 40)
    c = g.clone()
    assert c.state_key() == fresh_key(g) == g.state_key()


def test_a_refused_answer_leaves_the_key():
    refused = 0
    for g in decisions([7], second=1, most=120):
        k = g.state_key()
        try:
            g.decide("not an answer")
        except IllegalAction:
            refused += 1
        assert g.state_key() == k == fresh_key(g)
    assert refused > 50


def test_a_rewind_brings_back_the_key():
    g, agents = played(8, 30)
    k = g.state_key()
    back = g.clone()
    for _ in range(20):
        step(g, agents)
        g.state_key()
    g.adopt(back)
    assert g.state_key() == k == fresh_key(g)
    for _ in range(10):                         # and goes on from there
        step(g, agents)
        assert g.state_key() == fresh_key(g)


def midgame(seed=9, decisions=150):
    g, _ = played(seed, decisions)
    g.state_key()
    return g


def permanent(g):
    return next(e for e in g.battlefield)


CHANGES = {
    "life": lambda g: setattr(g.players[1], "life", g.players[1].life - 1),
    "counter": lambda g: g.set(permanent(g), Counters((("+1/+1", 1),))),
    "tap": lambda g: (g.unset(permanent(g), Tapped) if g.world.has(permanent(g), Tapped)
                      else g.set(permanent(g), TAPPED)),
    "library order": lambda g: g.players[0].library.insert(0, g.players[0].library.pop()),
    "rng": lambda g: g.rng.random(),
    "options": lambda g: setattr(g.pending, "options", g.pending.options[:-1]),
    "pool": lambda g: g.players[0].pool.__setitem__(0, g.players[0].pool[0] + 1),
    "card_entity": lambda g: g.card_entity.pop(next(iter(g.card_entity))),
}


@pytest.mark.parametrize("kind", sorted(CHANGES))
def test_each_kind_of_change_changes_the_key(kind):
    g = midgame()
    c = g.clone()
    before = g.state_key()
    assert c.state_key() == before
    CHANGES[kind](c)
    assert state_hash(c) != state_hash(g)
    assert c.state_key() != before
    assert c.state_key() == fresh_key(c)
    assert g.state_key() == before == fresh_key(g)


@pytest.mark.parametrize("name", [n for n in STATE_FIELDS if n != "world"])
def test_no_state_field_escapes_the_key(name):
    """As tests/test_state.py for state_hash: a change of any state field changes the key."""
    g = midgame(decisions=60)
    c = g.clone()
    before = c.state_key()
    change_field(c, name)
    assert c.state_key() != before, name
    assert c.state_key() == fresh_key(c)
    assert g.state_key() == before


# the fields keying._read_special reads inline, each in a type it doesn't read inline but
# with the same canonical value (so the same state_hash): read by the generic branches
OTHER_TYPES = {"players": tuple, "battlefield": tuple, "stack": tuple, "effects": tuple,
               "agenda": tuple, "card_entity": dict, "lki": dict, "lki_extra": dict}


@pytest.mark.parametrize("name", sorted(OTHER_TYPES))
def test_a_field_read_inline_keys_as_its_value_in_another_type(name):
    for seed, decisions in ((9, 150), (1, 33), (9, 146)):     # (a task, the stack, effects)
        g = midgame(seed, decisions)
        k = g.state_key()
        c = g.clone()
        setattr(c, name, OTHER_TYPES[name](getattr(c, name)))
        assert state_hash(c) == state_hash(g)
        assert c.state_key() == k == fresh_key(c), (name, seed)


def test_a_change_made_back_gives_the_key_back():
    g = midgame()
    k = g.state_key()
    g.players[0].life += 3
    assert g.state_key() != k
    g.players[0].life -= 3
    assert g.state_key() == k


def test_a_clone_sees_the_writes_made_before_it_since_the_last_key():
    g, agents = played(10, 40)
    g.state_key()
    for _ in range(8):                          # written, not keyed
        step(g, agents)
    c = g.clone()
    assert c.state_key() == fresh_key(c) == g.state_key()


def test_a_write_through_esper_is_seen():
    """esper's own writers bypass the world's marks: the next key looks at every object."""
    g = midgame()
    before = g.state_key()
    eid = permanent(g)
    with g.world.in_esper() as esper:
        esper.add_component(eid, Counters({"+1/+1": 2}))
    assert g.state_key() != before
    assert g.state_key() == fresh_key(g)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_key_reads_values_as_canonical_does(seed):
    """The key's faster reading of values (`keying.fast_canonical`) gives `canonical`'s
    value for every state field and component at every decision (so equal keys mean equal state_hashes)."""
    from mtg_ecs.core.hashing import canonical
    from mtg_ecs.core.keying import fast_canonical
    for n, g in enumerate(decisions([seed], second=1, most=300, auto_pass=False)):
        for name in STATE_FIELDS:
            if name not in ("world", "rng"):
                v = getattr(g, name)
                assert fast_canonical(v) == canonical(v), (n, name)
        for comps in g.world.ents.values():
            for c in comps.values():
                assert fast_canonical(c) == canonical(c)


def test_the_players_order_is_keyed():
    """The players' digests are combined in their order: the same players in another order
    (another state_hash) are another key."""
    g = midgame()
    c = g.clone()
    c.players = c.players[::-1]
    assert state_hash(c) != state_hash(g)
    assert c.state_key() == fresh_key(c) != g.state_key()


def test_a_player_read_the_long_way_keys_as_the_short_way():
    """A hand held as a tuple is the same state as the list (canonical): the same key,
    though the players are then read from their canonical values."""
    g = midgame()
    c = g.clone()
    c.players[0].hand = tuple(c.players[0].hand)
    assert state_hash(c) == state_hash(g)
    assert c.state_key() == g.state_key() == fresh_key(c)
    c.players[0].hand = c.players[0].hand[1:]
    assert c.state_key() != g.state_key()


@pytest.mark.parametrize("odd", [True, 1.0, -0.0, 0.0, None, "1", (1,), [1], 2 ** 70])
def test_a_player_holding_other_types_keys_as_state_hash(odd):
    """A value of another type (equal to an int, or not a number) in a player's list or
    among its numbers: the key of the state_hash, whichever way `_plain_player` reads it."""
    g = midgame()
    for write in (lambda p: p.hand.append(odd), lambda p: p.pool.__setitem__(0, odd),
                  lambda p: setattr(p, "life", odd), lambda p: setattr(p, "loss_reason", odd)):
        c = g.clone()
        base = c.clone()
        base.players[0].hand.append(1)
        write(c.players[0])
        assert c.state_key() == fresh_key(c)
        assert (c.state_key() == base.state_key()) == (state_hash(c) == state_hash(base))
        assert (c.state_key() == g.state_key()) == (state_hash(c) == state_hash(g))
    a, b = g.clone(), g.clone()                 # read the long way: as canonical reads them
    a.players[0].hand.append([1, {2}])
    b.players[0].hand.append((1, frozenset({2})))
    assert state_hash(a) == state_hash(b) and a.state_key() == b.state_key() != g.state_key()


def test_a_shared_field_turning_atom_or_object_is_keyed():
    """A field a clone shares, an atom at the last key and an object now (or the other way
    round), or a sparse one (left out at its default) not at its default: the key reads
    it as the key from nothing does."""
    g = midgame()
    for name, value in (("passes", (1, 2)), ("passes", {1}), ("turn_limit", [3]),
                        ("phased_out", 7), ("phased_out", None), ("format", "commander"),
                        ("team_passes", 2), ("format", ("duel",))):
        c = g.clone()
        c.state_key()
        setattr(c, name, value)
        assert c.state_key() == fresh_key(c) != g.state_key(), name
        setattr(c, name, getattr(g, name))
        assert c.state_key() == g.state_key(), name


class _Str(str):
    pass


class _Int(int):
    pass


def test_a_shared_atom_replaced_by_an_equal_value_keys_as_state_hash():
    """A shared field's atom replaced by an equal value, of its type or another (an atom
    or not; a sparse field's default among them: an object equal to it is left out as the
    default is): the key reads it as the key from nothing does, the same key exactly when
    the same state_hash."""
    g = midgame()
    k = g.state_key()
    for name, value in (("format", "".join(["du", "el"])), ("format", _Str("duel")),
                        ("format", _Str("dual")), ("team_passes", False), ("team_passes", _Int(0)),
                        ("team_passes", _Int(1)), ("team_passes", 0.0), ("teams", []),
                        ("turn", g.turn + 0), ("turn", float(g.turn)), ("turn", _Int(g.turn + 1)),
                        ("over", 0)):
        c = g.clone()
        c.state_key()
        setattr(c, name, value)
        assert c.state_key() == fresh_key(c), (name, value)
        assert (c.state_key() == k) == (state_hash(c) == state_hash(g)), (name, value)


def test_an_object_at_its_default_is_told_from_an_atom_beside_it():
    """Two neighbouring shared fields, one an object at its default (which has no digest:
    left out) and the other an atom, then the other way round: the plain values tell
    which field is the object, so the keys differ as the state_hashes do."""
    g = midgame()
    a, b = g.clone(), g.clone()
    a.teams, a.commanders = (), 5
    b.teams, b.commanders = 5, ()
    assert state_hash(a) != state_hash(b)
    assert a.state_key() == fresh_key(a) != b.state_key() == fresh_key(b)


def test_a_definitions_values_are_read_once():
    """What characteristics share with their card definition (its cost, types, abilities:
    the same objects) is read once per definition: a definition never changes; what an
    effect changed is read as it is."""
    from mtg_ecs.core.hashing import canonical
    from mtg_ecs.core.keying import fast_canonical
    from mtg_ecs.systems.layers import Chars
    g = midgame()
    c = g.chars(permanent(g))
    at = 1 + [s for s in Chars.__slots__ if s not in Chars.CACHE_SLOTS].index("cost")
    d = c.copy()
    assert fast_canonical(c) == fast_canonical(d) == canonical(c)
    assert fast_canonical(d)[at] is fast_canonical(c)[at]       # the definition's, kept
    d.types = frozenset({"Artifact"})
    d.cost = type(c.cost)(*(getattr(c.cost, f) for f in c.cost.__dataclass_fields__))
    assert fast_canonical(d) == canonical(d) != canonical(c)


def test_a_player_as_it_was_is_not_read_again(monkeypatch):
    """A player's value is kept by the bytes of its slots: only a changed player is read."""
    from mtg_ecs.core import keying
    g = midgame()
    c = g.clone()
    read = []
    plain = keying._plain_player
    monkeypatch.setattr(keying, "_plain_player", lambda vals: read.append(vals) or plain(vals))
    c.players[0].life += 1
    assert c.state_key() == fresh_key(c) != g.state_key()
    assert read == [keying._PLAYER_SLOTS(c.players[0])]


def test_the_rngs_state_is_read_as_canonical_reads_it():
    """The generator's state (`getstate`: its 625 words and the gaussian kept between calls)
    is read straight, as `canonical` reads it: the same key for the same state however it
    was reached, another for another, and nothing of it kept among the values read."""
    from mtg_ecs.core import keying
    g = midgame()
    c = g.clone()
    before = c.state_key()
    c.rng.gauss(0, 1)                           # keeps a float for the next call
    assert c.state_key() == fresh_key(c) != before
    d = g.clone()
    d.rng.setstate(c.rng.getstate())
    assert state_hash(d) == state_hash(c)
    assert d.state_key() == c.state_key() == fresh_key(d)
    kept = len(keying._VALUES)
    fresh_key(c)
    assert len(keying._VALUES) == kept


def test_tapping_and_untapping_is_keyed_without_reading_the_permanent(monkeypatch):
    """Tapped() added or taken away, and nothing else written: the entity's digest gains or
    loses the tapped part alone; any other write, or a tapped component of another kind
    (a subclass, read as its value), reads the entity again. The key is the one from
    nothing, and an untapped permanent keys as before it was tapped."""
    from dataclasses import dataclass

    from mtg_ecs.components import Damage
    from mtg_ecs.core import keying

    @dataclass(frozen=True, slots=True)
    class Tapped2(Tapped):                      # (another value: its qualified name)
        pass

    g = midgame()
    eid = next(e for e in g.battlefield if not g.world.has(e, Tapped))
    read = []
    digest = keying._entity_digest
    monkeypatch.setattr(keying, "_entity_digest", lambda e, comps: read.append(e) or digest(e, comps))

    def key_reads(g):
        read.clear()
        k = g.state_key()
        reads = eid in read
        assert k == fresh_key(g)
        return k, reads

    before = g.state_key()
    g.set(eid, TAPPED)
    tapped, reads = key_reads(g)
    assert tapped != before and not reads
    g.unset(eid, Tapped)
    assert key_reads(g) == (before, False)
    g.set(eid, TAPPED)
    g.set(eid, Damage(1))
    assert key_reads(g)[1]
    g.unset_many([eid], Damage)
    assert key_reads(g) == (tapped, True)
    g.unset(eid, Tapped)
    g.world.add(eid, Tapped2())
    k, reads = key_reads(g)
    assert reads and k not in (before, tapped)


def test_an_ability_on_the_stack_is_read_once():
    """A StackAbility whose `ability` is a card definition's (never changed, though not
    `frozen`: its effects are objects) is kept as a frozen component is: its entity isn't
    read again at every key. One holding an ability no definition has, or a player to
    target (a PlayerRef: not frozen), is; keys stay those from nothing."""
    from mtg_ecs.components import Card, StackAbility, Zone
    from mtg_ecs.core import keying
    from mtg_ecs.core.decisions import PlayerRef
    g = midgame()
    defn = next(c[Card].defn for c in g.world.ents.values()
                if Card in c and c[Card].defn.abilities)
    keying._definition_part(defn.abilities, 1)          # (as a Chars of it read once does)
    ability = defn.abilities[0]
    other = copy.copy(ability)
    loose = {}
    for name, sa in (("definition's", StackAbility(0, 1, ability)),
                     ("a copy", StackAbility(0, 1, other)),
                     ("a player targeted", StackAbility(0, 1, ability, ((PlayerRef(1),),)))):
        g.state_key()
        eid = g.world.create(sa, Zone("stack"))
        assert g.state_key() == fresh_key(g)
        loose[name] = eid in g.key_cache.loose
    assert loose == {"definition's": False, "a copy": True, "a player targeted": True}


def test_two_objects_exchanging_their_cards_is_another_key():
    """An object's digest is its number's and its components' (kept by their text in any
    game): two library cards exchanged between two objects is another state, another key."""
    from mtg_ecs.components import Card
    g = midgame()
    k = g.state_key()
    a, b = g.players[0].library[:2]
    c = g.clone()
    ca, cb = c.world.ents[a][Card], c.world.ents[b][Card]
    assert ca.defn.name != cb.defn.name or ca.card_id != cb.card_id
    c.set(a, cb)
    c.set(b, ca)
    assert state_hash(c) != state_hash(g)
    assert c.state_key() == fresh_key(c) != k


@pytest.mark.parametrize("kept", [0, 1, 4])
def test_the_entities_written_since_a_base_are_merged_into_a_new_one(kept, monkeypatch):
    """A key holds the entity digests as a base and the entries written since (eids gone
    as None); past `_RECENT_KEPT` they are merged into a new base. Keys stay those from
    nothing through merges, and no key's dicts change once made (a clone shares them)."""
    from mtg_ecs.core import keying
    monkeypatch.setattr(keying, "_RECENT_KEPT", kept)
    seen = []                                   # (parts, copies of its two dicts)
    merged = 0
    for n, g in enumerate(decisions([13], second=1, most=120)):
        k = g.state_key()
        assert k == fresh_key(g)
        base, recent = g.key_cache.ents
        if seen and base is not seen[-1][0].ents[0]:
            merged += 1
        seen.append((g.key_cache, dict(base), dict(recent)))
        if n % 10 == 0:                         # a clone's line on the shared parts
            c = g.clone()
            step(c, [RandomAgent(300 + n), RandomAgent(400 + n)])
            assert c.state_key() == fresh_key(c)
    assert merged > (3 if kept < 4 else 1)
    for parts, base, recent in seen:
        assert parts.ents[0] == base and parts.ents[1] == recent


# values marshal writes with the same bytes (any buffer object is written as bytes, a code
# object by its parts), whose canonical values (so state_hashes) differ: a memoryview's and
# a code object's reprs hold their addresses
BYTES_LIKE = (lambda: b"ab", lambda: bytearray(b"ab"), lambda: array.array("b", b"ab"),
              lambda: array.array("h", b"ab"), lambda: memoryview(b"ab"),
              lambda: compile("0", "<a>", "eval"), lambda: compile("0", "<a>", "eval"))


def _card_with_id(g, value):
    eid = permanent(g)
    card = g.world.get(eid, Card)
    g.set(eid, Card(card.defn, value, card.token))


# where a value can be held: in a player (kept by marshal's bytes, any game), a field read
# with the others of its group (kept by their bytes), a field with a snapshot of its own,
# the pending decision's place, a marked dict, a component, a dict deeper than a probe reads
HOLDERS = {
    "hand": lambda g, v: setattr(g.players[0], "hand", g.players[0].hand[:3] + [v]),
    "loss_reason": lambda g, v: setattr(g.players[1], "loss_reason", v),
    "exile": lambda g, v: setattr(g, "exile", [v]),
    "commander_damage": lambda g, v: setattr(g, "commander_damage", {1: v}),
    "effects": lambda g, v: setattr(g, "effects", [v]),
    "pending": lambda g, v: setattr(g, "pending", [v]),
    "lki": lambda g, v: g.lki.__setitem__(1, v),
    "card_id": _card_with_id,
    "damage_order": lambda g, v: setattr(g, "damage_order", {1: v, 2: [len]}),
}


@pytest.mark.parametrize("holder", sorted(HOLDERS))
def test_a_bytes_like_value_is_keyed_as_state_hash(holder):
    """marshal writes a bytearray, a memoryview or an array as bytes: a key that trusts
    equal bytes for equal values must not take one for bytes, nor for each other."""
    g = midgame()
    for order in (BYTES_LIKE, BYTES_LIKE[::-1]):    # (memos made by one value, read by the next)
        pairs = Pairs()
        c = g.clone()
        for make in order:                              # each replacing the last in one game
            HOLDERS[holder](c, make())
            k = c.state_key()
            assert k == fresh_key(c), holder
            pairs.add(k, state_hash(c))
        for make in order:                              # each in a clone of its own
            c = g.clone()
            HOLDERS[holder](c, make())
            pairs.add(c.state_key(), state_hash(c))


def test_memos_read_by_id_keep_every_object_they_name_through_threads(monkeypatch):
    """The memos read by an object's id alone (a kept component's text, an option's
    bytes) keep each object they name alive, so no id there can be a new object's: keys
    taken in four threads at once, the memos emptied every few entries (`_remember`'s
    limit), leave every id in them an object's kept beside it, and each game's keys equal
    to its state_hash's as keyed alone."""
    import threading
    from sample_games import decisions
    from mtg_ecs.core import keying
    from mtg_ecs.core.hashing import state_hash
    monkeypatch.setattr(keying, "_COMPONENTS_KEPT", 7)
    monkeypatch.setattr(keying, "_VALUES_KEPT", 5)
    errors = []

    def play(seed):
        try:
            keys = {}
            for g in decisions([seed], most=150):
                keys.setdefault(g.state_key(), set()).add(state_hash(g))
            assert all(len(h) == 1 for h in keys.values()) and len(keys) > 50
        except Exception as ex:         # (reported by the test's thread)
            errors.append(ex)

    threads = [threading.Thread(target=play, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for memo, keep in ((keying._COMPONENTS, keying._COMPONENTS_KEEP),
                       (keying._TEXTS, keying._TEXTS_KEEP)):
        assert set(memo) <= {id(x) for x in keep}
