"""Checking a scenario's `expect:` mapping against the game."""
from __future__ import annotations

from mtg_ecs.components import Card, StackAbility, Attacking, Blocking, Tapped, Attached, Spell, FaceDown
from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.components.mana import COLOR_NAMES, pool_to_dict, IDX
from mtg_ecs.position import ScenarioError
from mtg_ecs.systems.phasing import is_phased_out
from mtg_ecs.systems.teams import team_of

EXPECT_KEYS = {"life", "poison", "lost", "winner", "zone", "count", "library", "pt", "counters",
               "damage", "tapped", "attacking", "blocking", "phased_out", "face_down", "sick",
               "controller", "attached", "name", "keywords", "types", "colors", "mana",
               "commander_damage", "stack", "hand_size", "library_size", "step", "priority"}
# keys whose value is a mapping (player or handle -> what must hold)
MAPPING_KEYS = EXPECT_KEYS - {"lost", "winner", "stack", "priority"}
ZONE_NAMES = {"battlefield", "hand", "library", "graveyard", "exile", "stack", "command", "gone"}


def check_expect(r, exp, where):
    from mtg_ecs.apps.scenario.runner import ScenarioFailure

    def fail(msg):
        raise ScenarioFailure(f"{where}: {msg}")

    g = r.game
    if not isinstance(exp, dict):
        raise ScenarioError(f"{where}: expect is a mapping")
    bad = set(exp) - EXPECT_KEYS
    if bad:
        raise ScenarioError(f"{where}: unknown expectation key(s) {sorted(bad)}")
    _check_shapes(exp, where)

    def pidx(k):
        return r.player(k, where)

    def handle_obj(h):
        if h not in r.handles:
            # a bare card name is allowed too
            return r.obj(h, where=where, allow_player=False)
        e = g.card_entity.get(r.handles[h])
        return e if e is not None and g.exists(e) else None

    for key in ("life", "poison"):
        for k, v in (exp.get(key) or {}).items():
            actual = getattr(g.players[pidx(k)], key)
            if actual != v:
                fail(f"{key} of {k}: expected {v}, got {actual}")
    if "lost" in exp:
        want = sorted(pidx(x) for x in exp["lost"])
        got = [p.index for p in g.players if p.lost]
        if want != got:
            fail(f"lost: expected {['p%d' % i for i in want]}, got {['p%d' % i for i in got]}")
    if "winner" in exp:
        w = exp["winner"]
        if w is None:
            if g.over:
                fail(f"winner: expected the game to go on, but it is over ({_result(g)})")
        elif w == "draw":
            if not g.over or g.winner is not None:
                fail(f"winner: expected a draw, got {_result(g)}")
        else:
            if not g.over or g.winner != pidx(w):
                fail(f"winner: expected {w}, got {_result(g)}")
    for h, z in (exp.get("zone") or {}).items():
        if z not in ZONE_NAMES:
            raise ScenarioError(f"{where}: zone: unknown zone {z!r}")
        cid = r.handles.get(h)
        if cid is None:
            raise ScenarioError(f"{where}: zone: unknown handle {h!r}")
        e = g.card_entity.get(cid)
        actual = "gone" if e is None or not g.exists(e) else g.zone_of(e)
        if actual != z:
            fail(f"zone of {h}: expected {z}, got {actual}")
    for pk, spec in (exp.get("count") or {}).items():
        p = pidx(pk)
        for zone, want in spec.items():
            objs = _zone_objs(g, zone, p, where)
            if isinstance(want, int):
                if len(objs) != want:
                    fail(f"count of {pk} {zone}: expected {want}, got {len(objs)} ({_names(g, objs)})")
            elif isinstance(want, dict):
                for name, n in want.items():
                    got = len(objs) if name == "total" else sum(1 for e in objs if g.chars(e).name == name)
                    if got != n:
                        fail(f"count of {pk} {zone} {name}: expected {n}, got {got}")
            else:
                raise ScenarioError(f"{where}: count.{pk}.{zone}")
    for pk, names in (exp.get("library") or {}).items():
        lib = g.players[pidx(pk)].library
        top = [g.chars(e).name for e in reversed(lib)][:len(names)]
        if top != list(names):
            fail(f"library of {pk}: expected top {names}, got {top}")
    for h, v in (exp.get("pt") or {}).items():
        e = _live(handle_obj(h), h, fail)
        c = g.chars(e)
        if [c.power, c.toughness] != list(v):
            fail(f"pt of {h}: expected {list(v)}, got {[c.power, c.toughness]}")
    for h, v in (exp.get("counters") or {}).items():
        e = _live(handle_obj(h), h, fail)
        have = g.counters(e).as_dict()
        v = dict(v)
        exact = v.pop("exact", False)
        for kind, n in v.items():
            if have.get(str(kind), 0) != n:
                fail(f"counters of {h}: expected {kind}={n}, got {have.get(str(kind), 0)}")
        if exact:
            extra = {k: n for k, n in have.items() if k not in v and n}
            if extra:
                fail(f"counters of {h}: unexpected {extra}")
    for h, v in (exp.get("damage") or {}).items():
        e = _live(handle_obj(h), h, fail)
        if g.damage_on(e) != v:
            fail(f"damage on {h}: expected {v}, got {g.damage_on(e)}")
    for key, test in (("tapped", lambda e: g.world.has(e, Tapped)),
                      ("attacking", lambda e: g.world.has(e, Attacking)),
                      ("blocking", lambda e: g.world.has(e, Blocking)),
                      ("phased_out", lambda e: is_phased_out(g, e)),
                      ("face_down", lambda e: g.world.has(e, FaceDown)),
                      ("sick", lambda e: _sick(g, e))):
        for h, v in (exp.get(key) or {}).items():
            e = _live(handle_obj(h), h, fail)
            if bool(test(e)) != bool(v):
                fail(f"{key} of {h}: expected {v}, got {not v}")
    for h, v in (exp.get("controller") or {}).items():
        e = _live(handle_obj(h), h, fail)
        if g.chars(e).controller != pidx(v):
            fail(f"controller of {h}: expected {v}, got p{g.chars(e).controller}")
    for h, v in (exp.get("attached") or {}).items():
        e = _live(handle_obj(h), h, fail)
        a = g.world.get(e, Attached)
        actual = a.to if a is not None else None
        want = None if v is None else handle_obj(v)
        if actual != want:
            fail(f"attached of {h}: expected {v}, got {r.desc(actual) if actual else None}")
    for h, v in (exp.get("name") or {}).items():
        e = _live(handle_obj(h), h, fail)
        if g.chars(e).name != v:
            fail(f"name of {h}: expected {v}, got {g.chars(e).name}")
    for h, v in (exp.get("keywords") or {}).items():
        e = _live(handle_obj(h), h, fail)
        have = {k.text or k.name for k in g.chars(e).keywords}
        have |= {k.name for k in g.chars(e).keywords}
        _has_not(have, v, f"keywords of {h}", fail, lower=True)
    for h, v in (exp.get("types") or {}).items():
        e = _live(handle_obj(h), h, fail)
        c = g.chars(e)
        have = set(c.types) | set(c.subtypes) | set(c.supertypes)
        _has_not(have, v, f"types of {h}", fail)
    for h, v in (exp.get("colors") or {}).items():
        e = _live(handle_obj(h), h, fail)
        have = sorted(COLOR_NAMES[x] for x in g.chars(e).colors)
        if have != sorted(v):
            fail(f"colors of {h}: expected {sorted(v)}, got {have}")
    for pk, v in (exp.get("mana") or {}).items():
        pool = pool_to_dict(g.players[pidx(pk)].pool)
        want = {str(k).upper(): n for k, n in (v or {}).items() if n}
        if pool != want:
            fail(f"mana of {pk}: expected {want}, got {pool}")
    for pk, dealt in (exp.get("commander_damage") or {}).items():      # 704.6c, 903.10a
        p = pidx(pk)
        if not isinstance(dealt, dict):
            raise ScenarioError(f"{where}: commander_damage.{pk}: {{commander handle: damage}}")
        for h, want in dealt.items():
            cid = r.handles.get(h)
            if cid is None:
                raise ScenarioError(f"{where}: commander_damage: unknown handle {h!r}")
            got = g.commander_damage.get((p, cid), 0)
            if got != want:
                fail(f"commander_damage of {pk} from {h}: expected {want}, got {got}")
    if "stack" in exp:
        v = exp["stack"]
        if isinstance(v, int):
            if len(g.stack) != v:
                fail(f"stack: expected {v} objects, got {len(g.stack)} ({_stack_desc(r)})")
        else:
            got = _stack_desc(r)
            if got != list(v):
                fail(f"stack: expected {list(v)}, got {got}")
    for key, attr in (("hand_size", "hand"), ("library_size", "library")):
        for pk, n in (exp.get(key) or {}).items():
            got = len(getattr(g.players[pidx(pk)], attr))
            if got != n:
                fail(f"{key} of {pk}: expected {n}, got {got}")
    if "step" in exp:
        s = exp["step"]
        if "turn" in s and g.turn != s["turn"]:
            fail(f"step: expected turn {s['turn']}, got {g.turn}")
        if "step" in s and g.step != s["step"]:
            fail(f"step: expected {s['step']}, got {g.step}")
        if "active" in s and g.active != pidx(s["active"]):
            fail(f"step: expected active p{pidx(s['active'])}, got p{g.active}")
    if "priority" in exp:
        d = g.pending
        want = pidx(exp["priority"])
        holder = None if d is None else team_of(g, d.player)[0] if g.teams else d.player
        if d is None or d.kind != "priority" or holder != want:     # (a team: its first player)
            fail(f"priority: expected p{want} to hold priority, pending: {d.kind + ' p' + str(d.player) if d else None}")


def _nat(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _names_list(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _has_not_spec(v) -> bool:
    return _names_list(v) or (isinstance(v, dict) and set(v) <= {"has", "not"}
                              and all(_names_list(x) for x in v.values()))


def _pool(v) -> bool:
    return isinstance(v, dict) and all(str(k).upper() in IDX and _nat(n) for k, n in v.items())


# the value each key of a mapping expectation takes (shared/scenario-format.md, Expectations)
VALUE_SHAPES = {
    "life": (_int, "an integer"),
    "poison": (_nat, "an integer, 0 or more"),
    "pt": (lambda v: isinstance(v, list) and len(v) == 2 and all(_int(x) for x in v),
           "[power, toughness]"),
    "counters": (lambda v: isinstance(v, dict) and all(
        (k == "exact" and isinstance(n, bool)) or _nat(n) for k, n in v.items()),
        'a mapping of counter kind to a number, like {"+1/+1": 2}'),
    "damage": (_nat, "an integer, 0 or more"),
    "tapped": (lambda v: isinstance(v, bool), "true or false"),
    "name": (lambda v: isinstance(v, str), "a card name"),
    "keywords": (_has_not_spec, "a list of keywords, or {has: [...], not: [...]}"),
    "types": (_has_not_spec, "a list of types, or {has: [...], not: [...]}"),
    "colors": (_names_list, "a list of colors ([] for colorless)"),
    "mana": (_pool, "a mapping of mana symbol (W U B R G C) to an amount, like {R: 1}"),
    "library": (_names_list, "a list of card names, top first"),
    "hand_size": (_nat, "an integer, 0 or more"),
}
for _k in ("attacking", "blocking", "phased_out", "face_down", "sick"):
    VALUE_SHAPES[_k] = VALUE_SHAPES["tapped"]
VALUE_SHAPES["library_size"] = VALUE_SHAPES["hand_size"]


def _check_shapes(exp, where):
    """Every expectation has the shape the format gives it: a malformed file, not a
    failed (or silently passed) check."""
    for key in sorted(MAPPING_KEYS & set(exp)):
        if not isinstance(exp[key], dict):
            raise ScenarioError(f"{where}.{key}: a mapping, like {{p0: ...}} or {{handle: ...}} "
                                f"(got {exp[key]!r})")
        shape = VALUE_SHAPES.get(key)
        if shape is not None:
            ok, what = shape
            for k, v in exp[key].items():
                if not ok(v):
                    raise ScenarioError(f"{where}.{key}.{k}: {what} (got {v!r})")
    if "lost" in exp and not isinstance(exp["lost"], list):
        raise ScenarioError(f"{where}.lost: a list of players (got {exp['lost']!r})")
    if "stack" in exp and not (_nat(exp["stack"]) or _names_list(exp["stack"])):
        raise ScenarioError(f"{where}.stack: a number or a list, top first (got {exp['stack']!r})")
    if "step" in exp and set(exp["step"]) - {"turn", "step", "active"}:
        raise ScenarioError(f"{where}.step: keys turn, step, active (got {sorted(exp['step'])})")


def _result(g):
    if not g.over:
        return "game not over"
    return "draw" if g.winner is None else f"p{g.winner} won"


def _live(e, h, fail):
    if e is None:
        fail(f"{h} is gone")
    return e


def _sick(g, e):
    c = g.chars(e)
    return "Creature" in c.types and g.is_sick(e) and not c.has("haste")


def _has_not(have, v, what, fail, lower=False):
    norm = (lambda s: str(s).lower()) if lower else (lambda s: str(s))
    have_n = {norm(x) for x in have}
    if isinstance(v, dict):
        for x in v.get("has", []):
            if norm(x) not in have_n:
                fail(f"{what}: expected {x}, has {sorted(have)}")
        for x in v.get("not", []):
            if norm(x) in have_n:
                fail(f"{what}: expected no {x}, has {sorted(have)}")
    else:
        for x in v:
            if norm(x) not in have_n:
                fail(f"{what}: expected {x}, has {sorted(have)}")


def _zone_objs(g, zone, p, where):
    if zone in ("library", "hand", "graveyard"):
        return list(getattr(g.players[p], zone))
    if zone == "battlefield":
        return [e for e in g.battlefield if g.chars(e).controller == p]
    if zone in ("exile", "command"):
        return [e for e in getattr(g, zone) if g.owner(e) == p]
    if zone == "stack":
        return [e for e in g.stack if g.world.ents[e].get(Card) and g.owner(e) == p]
    raise ScenarioError(f"{where}: count: unknown zone {zone!r}")


def _names(g, objs):
    return ", ".join(g.chars(e).name for e in objs)


def _stack_desc(r):
    g = r.game
    out = []
    for e in reversed(g.stack):
        comps = g.world.ents[e]
        ab = comps.get(StackAbility)
        if ab is not None:
            h = next((hh for hh, cid in r.handles.items() if cid == ab.source_card), None)
            out.append(f"ability:{h}" if h else f"ability:{g.name(ab.source) if g.exists(ab.source) else ab.source}")
        else:
            out.append(g.chars(e).name)
    return out
