"""Combat (CR 506-511): declaring attackers and blockers, and combat damage.

Combat damage is dealt by all participating creatures at once (510.2). Under
today's rules an attacker blocked by several creatures divides its damage among
them as its controller chooses (510.1c, Nov 2024); with trample every blocker
must first be assigned lethal damage (702.19b). The `m10` rules profile keeps
the 2009-2024 damage assignment order instead.
"""
from __future__ import annotations

import itertools

from mtg_ecs.components import Attacking, Blocking, Controller, Tapped, TAPPED
from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, new_decision
from mtg_ecs.core.loop import MALFORMED
from mtg_ecs.systems import damage as dmg
from mtg_ecs.systems.board import board
from mtg_ecs.systems.costs import taps_watched
from mtg_ecs.systems.declaration_search import first_closest
from mtg_ecs.systems.leaving import first_to_act
from mtg_ecs.systems.teams import active_players, on_active_team, team_of
from mtg_ecs.systems.protection import protection_from
from mtg_ecs.systems.entering import schedule
from mtg_ecs.systems.replacement import shield_choices, order_decision, answer_order, replacing_statics
from mtg_ecs.systems import redirect as _redirect
from mtg_ecs.systems import shield


# ---------------------------------------------------------------------------
# declaring attackers (508)
# ---------------------------------------------------------------------------
def defenders_of(game, ap: int) -> list:
    """What a creature of the attacking player `ap` could attack: each opponent and each
    planeswalker an opponent controls (506.2, 508.1b)."""
    defenders = []
    for p in game.opponents(ap):        # (loops, not comprehensions, on the hot paths of
        defenders.append(PlayerRef(p))  # this module: a comprehension is a function made and
    b = game.board                      # called, ~1 k instructions for a few items;
    if b is None:                       # board(game) without the call when current)
        b = board(game)
    for e in b.walkers:
        if game.chars(e).controller != ap:
            defenders.append(e)
    return defenders


def put_attacking(game, eid: int, defender) -> None:
    """A creature put onto the battlefield attacking (508.4): it attacks what its controller
    chose, without having been declared (no 'whenever ~ attacks', 508.4)."""
    game.set(eid, Attacking(defender))


def attack_candidates(game) -> dict:
    """creature -> list of what it can attack (players and planeswalkers)."""
    if game.teams:
        # 805.10a-b: the active team's players declare one combined attack, each
        # creature attacking an opponent (102.3: a player of the other team) or their
        # planeswalker
        out = {}
        for ap in active_players(game):
            out.update(_attack_candidates(game, ap))
        return out
    return _attack_candidates(game, game.active)


def _attack_candidates(game, ap: int) -> dict:
    """attack_candidates for the creatures of the active player `ap`."""
    defenders = defenders_of(game, ap)
    b = game.board                          # board(game), without the call when current
    if b is None:
        b = board(game)
    out = {}
    tapped = game.world.comps.get(Tapped, ())
    chars = game.chars
    allc = game.chars_cache                 # (current with the board: chars(e), no call)
    ents = game.world.ents
    began = game.players[ap].turn_started_at
    for e in b.creatures.get(ap, ()):
        if e in tapped:
            continue                                                   # 508.1a
        c = allc.get(e) or chars(e)
        if c.keywords or c.flags:
            if _cant_attack(game, e, c) is None:
                out[e] = list(defenders)
        else:
            # no haste, defender or 'can't attack' (_cant_attack): only 302.6 can stop it,
            # game.is_sick of a creature its controller, the active player, controls
            ctl = ents[e].get(Controller)
            if (ctl.since if ctl is not None and ctl.player == ap else game.clock) <= began:
                out[e] = list(defenders)
    return out


def attack_problem(game, e) -> str | None:
    """Why object `e` can't be declared as an attacker now (None if it can)."""
    if not game.exists(e) or e not in game.battlefield:
        return "it is not a permanent on the battlefield (CR 508.1a)"
    c = game.chars(e)
    if "Creature" not in c.types:
        return "it is not a creature (CR 508.1a)"
    if c.controller != game.active and not (game.teams and on_active_team(game, c.controller)):
        return "only the active player's creatures attack (CR 508.1a)"
    return _cant_attack(game, e, c)


def _cant_attack(game, e, c) -> str | None:
    """Why the active player's creature `e` (characteristics `c`) can't attack (None if it can)."""
    if e in game.world.comps.get(Tapped, ()):
        return "it is tapped (CR 508.1a)"
    if game.is_sick(e, c) and not c.has("haste"):
        return ("it has summoning sickness: its controller hasn't controlled it continuously "
                "since the turn began (CR 302.6)")
    if c.has("defender") and "attacks_despite_defender" not in c.flags:
        return "it has defender (CR 702.3b)"
    if "cant_attack" in c.flags:
        return "an effect says it can't attack (CR 508.1c)"
    return None


# Requirements and restrictions (508.1c-d, 509.1b-c): a declaration must break no
# restriction and obey as many requirements as possible without breaking one.
# Flags (rules effects read after the layers):
#   attacks_each_combat   "~ attacks each combat if able" (any defender)
#   must_attack:N         "... attacks player N this turn if able"
#   goaded_by:N           goaded by player N (701.15b, systems/goad.py): two requirements per
#                         goading player, "attacks each combat if able" and "attacks a player
#                         other than N if able" (a requirement met by any of several defenders)
#   cant_attack_alone / cant_block_alone   "can't attack or block alone"
#   block_any_number      "~ can block any number of creatures" (509.1a exception)
#   must_be_blocked_by_all "all creatures able to block ~ do so" (a requirement on each
#                         creature able to block it)
#   attacks_despite_defender "~ can attack as though it didn't have defender" (702.3b)
_SEARCH_LIMIT = 20000
GOADED_BY = "goaded_by:"


def attack_requirements(game, cands) -> list:
    """[(creature, what)] the requirements on declaring attackers: `what` is None (attack
    anything), one defender, or a frozenset of defenders (attack one of them)."""
    return _attack_rules(game, cands)[0]


def _attack_rules(game, cands) -> tuple:
    """(attack_requirements, whether a candidate can't attack alone), read in one pass."""
    out = []
    alone = False
    chars = game.chars
    # game.all_chars() (chars(e) of permanents), without the call when current
    allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
    for a in cands:
        flags = (allc.get(a) or chars(a)).flags
        if not flags:
            continue
        if "attacks_each_combat" in flags:
            out.append((a, None))
        if "cant_attack_alone" in flags:
            alone = True
        for f in flags:
            if f.startswith("must_attack:"):
                d = PlayerRef(int(f.split(":", 1)[1]))
                if d in cands[a]:
                    out.append((a, d))
            elif f.startswith(GOADED_BY):
                out.extend(_goad_requirements(a, int(f[len(GOADED_BY):]), cands[a]))
    return out, alone


def _goad_requirements(a, goader: int, defenders) -> list:
    """CR 701.15b: a creature goaded by `goader` attacks each combat if able, and attacks a
    player other than `goader` if able (a goader who left the game can't be attacked, so any
    player it can attack meets that: 800.4a, 002 Life of the Party R1)."""
    others = frozenset(d for d in defenders if isinstance(d, PlayerRef) and d.index != goader)
    return [(a, None), (a, others)] if others else [(a, None)]


def _meets(what, defender) -> bool:
    """Does attacking `defender` obey a requirement to attack `what`?"""
    return what is None or what == defender or (type(what) is frozenset and defender in what)


def _attack_restrictions_ok(game, answer) -> bool:
    if len(answer) == 1:
        (a,) = answer
        if "cant_attack_alone" in game.chars(a).flags:
            return False
    return True


def _obeyed(reqs, answer) -> int:
    return sum(1 for a, d in reqs if a in answer and _meets(d, answer[a]))


def _per_creature(reqs) -> dict:
    per = {}
    for a, d in reqs:
        per.setdefault(a, []).append(d)
    return per


def _obeyed_attacking(ds, defender) -> int:
    return sum(1 for d in ds if _meets(d, defender))


def _attack_upper_bound(reqs) -> int:
    """The most attack requirements any declaration could obey, restrictions aside: each
    creature attacks the defender that obeys most of its requirements."""
    total = 0
    for ds in _per_creature(reqs).values():
        named = {x for d in ds if d is not None for x in (d if type(d) is frozenset else (d,))}
        total += ds.count(None) + max((_obeyed_attacking(ds, x) - ds.count(None) for x in named),
                                      default=0)
    return total


def _block_upper_bound(reqs, many) -> int:
    """The most blocking requirements any declaration could obey, restrictions aside: one
    per creature that must block, all of them for one that can block any number."""
    per = {}
    for b, a in reqs:
        per.setdefault(b, set()).add(a)
    return sum(len(ats) if b in many else 1 for b, ats in per.items())


def _most_obeyed(upper, greedy, options_per, score, legal):
    """The most requirements a legal declaration obeys: `upper` when the one obeying every
    requirement (`greedy`) reaches it, which needs no search however many creatures there
    are; else a search (None if too many to try)."""
    if legal(greedy) and score(greedy) == upper:
        return upper
    return _best(options_per, score, legal)


def _best(options_per: dict, score, legal):
    """Most requirements obeyed over every declaration (None if too many to try)."""
    keys = list(options_per)
    if _size(options_per) > _SEARCH_LIMIT:
        return None    # too many to try: the declaration stands unchecked
    best = -1
    for combo in itertools.product(*(options_per[k] for k in keys)):
        decl = {k: v for k, v in zip(keys, combo) if v is not None}
        if legal(decl):
            best = max(best, score(decl))
    return best


def _requirement_attack_options(game, cands, reqs) -> dict:
    """The attacks that matter for the most requirements obeyed: every option of the
    creatures with requirements or 'can't attack alone', and one other creature able to
    attack, to keep a 'can't attack alone' creature company."""
    special = {a for a, _ in reqs} | {a for a in cands if "cant_attack_alone" in game.chars(a).flags}
    opts = {a: [None] + list(ds) for a, ds in cands.items() if a in special}
    free = next((a for a in cands if a not in special), None)
    if free is not None:
        opts[free] = [None, cands[free][0]]
    return opts


def most_attack_requirements(game, cands, reqs):
    """The most attack requirements a declaration obeying the restrictions can obey (508.1d;
    None if too many declarations to try)."""
    return _most_obeyed(_attack_upper_bound(reqs), _obey_all("attackers", cands, reqs, {}),
                        _requirement_attack_options(game, cands, reqs),
                        lambda dcl: _obeyed(reqs, dcl),
                        lambda dcl: _attack_restrictions_ok(game, dcl))


def check_attack_declaration(game, cands, reqs, answer) -> None:
    """CR 508.1c-d: restrictions first, then the maximum number of requirements."""
    if not _attack_restrictions_ok(game, answer):
        raise IllegalAction("a creature that can't attack alone must attack with another creature")
    if not reqs:
        return
    got = _obeyed(reqs, answer)
    best = most_attack_requirements(game, cands, reqs) if got < _attack_upper_bound(reqs) \
        else got
    if best is not None and got < best:
        names = ", ".join(sorted({game.name(a) for a, _ in reqs}))
        raise IllegalAction(f"the declaration must obey as many attack requirements as possible "
                            f"({got} of {best} possible: {names})")


def _plain(game, decision) -> bool:
    """Did the task asking it (or `legal_declaration`) find no restriction or requirement
    on the whole of this declaration (508.1c-d, 509.1b-c: no 'can't attack or block alone'
    candidate, no attack requirement, no menace or 'must be blocked by all' attacker), with
    nothing changed since? Those are read off the candidates' characteristics, the same
    while `cversion` and `bversion` are (the candidates themselves are the decision's, and
    a clone's decision is a copy of its own); `legal_declaration` then answers at once and
    the engine's check of the answer looks at each creature's part alone."""
    m = game.declaration_plain
    return m is not None and m[0] is decision and m[1] == game.cversion \
        and m[2] == game.bversion


def legal_declaration(game, decision, answer: dict) -> dict:
    """For agents: `answer` if it is a legal attack or block declaration, else the legal
    declaration obeying the most requirements that keeps most of `answer` (508.1d,
    509.1c); of those, the first in the order of the creatures' options (not declared
    first) with the fewest creatures doing what `answer` doesn't say. Nothing changes."""
    if _plain(game, decision):
        return answer
    cands = decision.data["candidates"]
    chars = game.chars
    # game.all_chars() (chars(e) of permanents), without the call when current
    allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
    if decision.kind == "attackers":
        reqs = decision.data.get("requirements") or []
        if not reqs:
            for a in cands:
                if "cant_attack_alone" in (allc.get(a) or chars(a)).flags:
                    break
            else:
                game.declaration_plain = (decision, game.cversion, game.bversion)
                return answer
    else:
        # no restriction or requirement on the whole declaration (509.1b-c) to check:
        # no 'can't block alone' blocker, no menace or 'must be blocked by all' attacker
        for b in cands:
            if "cant_block_alone" in (allc.get(b) or chars(b)).flags:
                break
        else:
            attackers = set()
            for ats in cands.values():
                attackers.update(ats)
            for a in attackers:
                c = allc.get(a) or chars(a)
                if c.has("menace") or "must_be_blocked_by_all" in c.flags:
                    break
            else:
                game.declaration_plain = (decision, game.cversion, game.bversion)
                return answer
        reqs = block_requirements(game, cands)

    attack = decision.kind == "attackers"
    check = check_attackers if attack else check_blockers
    if _accepted(check, game, decision, answer):
        return answer
    opts = {a: [None] + list(ds) for a, ds in cands.items()} if attack \
        else _block_options(game, cands)
    if _size(opts) > _SEARCH_LIMIT:
        # many declarations: the answer changed to obey every requirement (the usual case),
        # else only the declarations the engine's own check tries
        decl = _obey_all(decision.kind, cands, reqs, answer,
                         () if attack else _any_number(game, cands))
        if _accepted(check, game, decision, decl):
            return decl
        opts = _requirement_attack_options(game, cands, reqs) if attack \
            else _requirement_block_options(game, cands, reqs)
    if not attack:
        opts = {b: [None if o is None else (o[0] if len(o) == 1 else list(o)) for o in os_]
                for b, os_ in opts.items()}
    decl = _closest(game, attack, cands, reqs, opts, answer)
    return answer if decl is None else decl


def _accepted(check, game, decision, decl) -> bool:
    """Does the engine's check take `decl` (a malformed one is illegal too, loop.decide)?"""
    try:
        check(game, decision, decl)
    except (IllegalAction,) + MALFORMED:
        return False
    return True


def _closest(game, attack, cands, reqs, opts, answer) -> dict | None:
    """The first declaration in the order of the product of `opts` (creature -> its
    options, None first) that the engine takes, with the fewest creatures doing what
    `answer` doesn't say; None if there is none (systems/declaration_search.py): the
    requirements a declaration must obey (508.1d, 509.1c) counted per creature, menace
    (702.111b) and the restrictions on the whole declaration ('can't attack or block
    alone') as the engine checks them."""
    if attack:
        need = most_attack_requirements(game, cands, reqs) if reqs else 0
        per = _per_creature(reqs)
        gain = lambda k, v: _obeyed_attacking(per[k], v) if k in per else 0
        whole_ok = lambda dcl: _attack_restrictions_ok(game, dcl)
        menace = ()
    else:
        need = most_block_requirements(game, cands, reqs) if reqs else 0
        gain = lambda k, v: _obeyed_blocks(reqs, {k: v})
        whole_ok = lambda dcl: _block_restriction_problem(game, dcl) is None
        menace = {a for ats in cands.values() for a in ats if game.chars(a).has("menace")}
    # per creature: (option, 1 if the answer doesn't say it else 0, requirements it obeys)
    rows = {k: [(v, 0 if v is None or answer.get(k) == v else 1, 0 if v is None else gain(k, v))
                for v in os_] for k, os_ in opts.items()}
    # (need None: too many declarations to know the most; the engine then asks none)
    return first_closest(rows, need or 0, whole_ok, menace)


def _size(opts: dict) -> int:
    size = 1
    for os_ in opts.values():
        size *= len(os_)
    return size


def _obey_all(kind, cands, reqs, answer: dict, many=()) -> dict:
    """`answer` with each requirement obeyed: a creature that must attack attacks (the
    player it must attack, if any), a creature that must block an attacker blocks it
    (as well, if it can block any number of creatures: `many`)."""
    decl = dict(answer)
    if kind == "attackers":
        for a, ds in _per_creature(reqs).items():
            # the first defender obeying most of its requirements, unless the answer's does
            best = max(cands[a], key=lambda x: _obeyed_attacking(ds, x))
            if a not in decl or _obeyed_attacking(ds, decl[a]) < _obeyed_attacking(ds, best):
                decl[a] = best
        return decl
    for b, a in reqs:
        cur = decl.get(b)
        now = [] if cur is None else list(cur) if isinstance(cur, (list, tuple)) else [cur]
        if a not in now:
            decl[b] = now + [a] if b in many else a
    return decl


def check_attackers(game, decision, answer) -> None:
    """An attack declaration as the engine checks it (508.1a-d): IllegalAction if it can't
    be made; nothing changes."""
    if not isinstance(answer, dict):
        raise IllegalAction("declare attackers as {attacker: player or planeswalker}")
    cands = decision.data["candidates"]
    for a, d in answer.items():
        ds = cands.get(a)
        if ds is None:
            why = attack_problem(game, a) if isinstance(a, int) and not isinstance(a, bool) \
                else "not an object"
            raise IllegalAction(f"{game.name(a)} can't attack" + (f": {why}" if why else ""))
        if d not in ds:
            if isinstance(d, int) and not isinstance(d, PlayerRef) and d in game.battlefield \
                    and "Creature" in game.chars(d).types:
                raise IllegalAction(f"creatures can't be attacked ({game.name(d)})")  # 508.1b
            raise IllegalAction(f"{game.name(a)} can't attack {game.name(d)}")
    if not _plain(game, decision):
        check_attack_declaration(game, cands, decision.data.get("requirements", []), answer)


class DeclareAttackersTask:
    __slots__ = ("done",)
    needs_rewind = False

    def __init__(self):
        self.done = False

    def copy(self):
        t = DeclareAttackersTask()
        t.done = self.done
        return t

    def run(self, game):
        if self.done:
            return None
        cands = attack_candidates(game)
        if not cands:
            self.done = True
            game.priority = first_to_act(game)         # 800.4j
            return None
        reqs, alone = _attack_rules(game, cands)
        d = new_decision("attackers", game.active, list(cands.items()), 0, len(cands),
                         "declare attackers", {"candidates": cands, "requirements": reqs})
        if not reqs and not alone:
            # nothing on the whole declaration to check (508.1c-d): legal_declaration and
            # the check of the answer look at each creature's part alone
            game.declaration_plain = (d, game.cversion, game.bversion)
        return d

    def answer(self, game, decision, answer):
        check_attackers(game, decision, answer)
        ap = game.active
        taps_heard = taps_watched(game)
        for a in answer:
            c = game.chars(a)
            if not c.keywords or not c.has("vigilance"):
                game.set(a, TAPPED)                 # 508.1f
                if taps_heard:
                    game.emit("tapped", eid=a)
        for a, d in answer.items():
            game.set(a, Attacking(d))
        game.combat_happened = bool(answer)
        self.done = True
        if game.hears("attacks"):           # else no emit below does anything
            for a, d in answer.items():
                if game.hears("attacks"):
                    game.emit("attacks", attacker=a, defender=d,                  # 508.1m
                              controller=game.chars(a).controller if game.teams else ap)
        if game.hears("attackers_declared"):
            game.emit("attackers_declared", attackers=tuple(answer))
        game.priority = first_to_act(game)         # 800.4j


# ---------------------------------------------------------------------------
# removal from combat (506.4)
# ---------------------------------------------------------------------------
def remove_from_combat(game, eid) -> None:
    """CR 506.4: it stops being an attacking, blocking, blocked and/or unblocked creature
    (an attacker it blocked stays blocked, 509.1h); a planeswalker it was removed as stops
    being attacked: the creatures attacking it attack nothing (506.4c)."""
    if game.world.has(eid, Attacking):
        game.unset(eid, Attacking)
    if game.world.has(eid, Blocking):
        game.unset(eid, Blocking)
    defender_removed(game, eid)


def defender_removed(game, walker, player=None) -> None:
    """CR 506.4, 506.4c: the planeswalker (or battle) `walker` is removed from combat: the
    creatures attacking it go on attacking, but attack neither a player nor a planeswalker;
    their defending player stays the one they attacked (`player`: its controller before a
    change of control; default its controller now or as it last existed)."""
    for a in game.permanents_with(Attacking):
        at = game.world.get(a, Attacking)
        if at.removed or at.defender != walker or isinstance(walker, PlayerRef):
            continue
        who = player
        if who is None:
            who = attacked_player(game, a)
        game.set(a, Attacking(at.defender, at.blocked, True, who))


def removal_due(game) -> bool:
    """Could something have stopped being a creature or planeswalker since the last
    506.4 check? Only if characteristics or the battlefield changed."""
    return game.combat_checked != (game.cversion, game.bversion)


def removal_check(game) -> bool:
    """The 506.4 check before a player receives priority (systems/pipeline.py): not a
    state-based action, but never left undone when anything could see it."""
    game.combat_checked = (game.cversion, game.bversion)
    return check_removed_from_combat(game)


def check_removed_from_combat(game) -> bool:
    """CR 506.4: a permanent is removed from combat if ... it's a planeswalker or battle
    that's being attacked and stops being one, or an attacking or blocking creature that
    stops being a creature or becomes a battle (leaving the battlefield makes a new object;
    a change of control: systems/control.py; regeneration: zones.regenerate_now). Checked
    whenever characteristics may have changed before anything can see it: before a player
    receives priority and after every control check. True if anything changed."""
    comps = game.world.comps
    attacking = comps.get(Attacking)
    blocking = comps.get(Blocking)
    if not attacking and not blocking:
        return False
    # the usual answer, nothing removed, read off the characteristics cache and the
    # component index (no battlefield order, no call an object): each object in combat is
    # on the battlefield still a creature and no battle, each attacker attacks a player (or
    # nothing); anything else (an object the cache lacks, a planeswalker attacked) is
    # looked at in battlefield order, as before
    allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
    ents = game.world.ents
    for e in attacking or ():
        c = allc.get(e)
        if c is None or "Creature" not in c.types or "Battle" in c.types:
            break
        at = ents[e][Attacking]
        if not at.removed and type(at.defender) is not PlayerRef:
            break
    else:
        for e in blocking or ():
            c = allc.get(e)
            if c is None or "Creature" not in c.types or "Battle" in c.types:
                break
        else:
            return False
    return _remove_from_combat_now(game)


def _remove_from_combat_now(game) -> bool:
    """check_removed_from_combat's walk, in battlefield order."""
    changed = False
    both = game.permanents_with(Attacking, Blocking)
    chars = game.chars
    for e in both:
        c = chars(e)
        if "Creature" not in c.types or "Battle" in c.types:       # CR 506.4
            if game.world.has(e, Attacking):
                game.unset(e, Attacking)
            if game.world.has(e, Blocking):
                game.unset(e, Blocking)
            changed = True
    ents = game.world.ents
    for a in both:
        at = ents[a].get(Attacking)     # (None: not attacking, or removed from combat above)
        if at is None:
            continue
        d = at.defender
        if at.removed or isinstance(d, PlayerRef) or not isinstance(d, int):
            continue
        if d in game.battlefield:
            types = game.chars(d).types
            if "Planeswalker" in types or "Battle" in types:
                continue
        # CR 506.4: it left the battlefield or stopped being a planeswalker (or battle)
        game.set(a, Attacking(d, at.blocked, True, attacked_player(game, a)))
        changed = True
    return changed


# ---------------------------------------------------------------------------
# declaring blockers (509)
# ---------------------------------------------------------------------------
def attacked_player(game, attacker) -> int | None:
    """The defending player of an attacking creature (506.2): the player it attacks or the
    controller of the planeswalker it attacks (as it was when removed from combat, 506.4c)."""
    comps = game.world.ents.get(attacker)       # (world.get, without the call)
    at = None if comps is None else comps.get(Attacking)
    if at is None:
        return None
    if at.player is not None:
        return at.player
    d = at.defender
    if isinstance(d, PlayerRef):
        return d.index
    if game.exists(d):
        return game.chars(d).controller
    return game.lki[d].controller if d in game.lki else None


def can_block(game, blocker, attacker) -> bool:
    """Blocking restrictions (509.1b): flying/reach, landwalk, intimidate,
    protection, 'can't be blocked'."""
    return block_problem(game, blocker, attacker) is None


def block_problem(game, blocker, attacker) -> str | None:
    """Why `blocker` can't block `attacker` (None if it can), by the restrictions of 509.1b."""
    b = game.chars(blocker)
    a = game.chars(attacker)
    if "cant_be_blocked" in a.flags:
        return f"{a.name} can't be blocked (CR 509.1b)"
    if a.has("flying") and not (b.has("flying") or b.has("reach")):
        return f"{a.name} has flying: only creatures with flying or reach can block it (CR 702.9b)"
    if a.has("intimidate"):
        if not ("Artifact" in b.types and "Creature" in b.types) and not (a.colors & b.colors):
            return (f"{a.name} has intimidate: only artifact creatures and creatures sharing a "
                    "color with it can block it (CR 702.13b)")
    defender = b.controller
    for land_type in a.params("landwalk"):
        for e in game.battlefield:
            lc = game.chars(e)
            if lc.controller == defender and "Land" in lc.types and land_type in lc.subtypes:
                return (f"{a.name} has {land_type.lower()}walk and the defending player controls "
                        f"a {land_type} (CR 702.14c)")
    kw = protection_from(game, a, b)                                # CR 702.16f
    if kw is not None:
        return f"{a.name} has {kw.text} (CR 702.16f)"
    return None


def blocker_problem(game, e, defender: int) -> str | None:
    """Why object `e` can't block at all now (None if it could block some attacker)."""
    if not game.exists(e) or e not in game.battlefield:
        return "it is not a permanent on the battlefield (CR 509.1a)"
    c = game.chars(e)
    if "Creature" not in c.types:
        return "it is not a creature (CR 509.1a)"
    if c.controller not in team_of(game, defender):
        return f"only p{defender}'s creatures block now (CR 509.1a)"
    if game.world.has(e, Tapped):
        return "it is tapped (CR 509.1a)"
    if "cant_block" in c.flags:
        return "an effect says it can't block (CR 509.1b)"
    return None


# the keywords `block_problem` reads on an attacker (509.1b)
_EVASION = frozenset(("flying", "intimidate", "landwalk", "protection"))
_FLYING = frozenset(("flying",))


def block_candidates(game, defender: int, attacking=None) -> dict:
    """blocker -> [attackers it can block] (509.1a-b). `attacking`: the attacking
    creatures in battlefield order (game.permanents_with(Attacking)), if known."""
    return _block_candidates(game, defender, attacking)[0]


def _block_candidates(game, defender: int, attacking) -> tuple:
    """(block_candidates, whether a restriction or requirement on the whole declaration
    may apply: a candidate that can't block alone, an attacker with menace or that all
    creatures able to block must block, 509.1b-c), read in one pass."""
    whole = False
    if attacking is None:
        attacking = game.permanents_with(Attacking)
    if game.teams:                      # 805.10d: the defending team's creatures block together
        team = team_of(game, defender)
        attackers = []                  # (loops: comprehensions would make two cells a call)
        for e in attacking:
            if attacked_player(game, e) in team:
                attackers.append(e)
        creatures = board(game).creatures
        blockers = []
        for d in team:
            blockers += creatures.get(d, ())
    else:
        attackers = []
        for e in attacking:
            if attacked_player(game, e) == defender:
                attackers.append(e)
        blockers = None
    out = {}
    if not attackers:
        return out, whole
    tapped = game.world.comps.get(Tapped, ())
    # an attacker with no keyword and no rules flag has no evasion (509.1b: flying,
    # intimidate, landwalk, protection, 'can't be blocked' are all one or the other):
    # every creature able to block at all can block it; one whose only evasion is flying
    # can be blocked by any creature with flying or reach (702.9b), as `block_problem` says
    chars = game.chars
    plain = []
    fliers = ()
    for a in attackers:
        c = chars(a)
        if not c.keywords and not c.flags:
            plain.append(a)
        elif not (c.flags and "cant_be_blocked" in c.flags):
            if c.flags and "must_be_blocked_by_all" in c.flags:
                whole = True
            evasion = set()
            for k in c.keywords:
                if k.name in _EVASION:
                    evasion.add(k.name)
                elif k.name == "menace":
                    whole = True
            if not evasion:
                plain.append(a)
            elif evasion == _FLYING:
                fliers += (a,)
    every = len(plain) == len(attackers)
    b = game.board                          # board(game), without the call when current
    if b is None:
        b = board(game)
    allc = game.chars_cache                 # (current with the board: chars(e), no call)
    for e in b.creatures.get(defender, ()) if blockers is None else blockers:
        if e in tapped:                                                # 509.1a
            continue
        c = allc.get(e) or chars(e)
        if c.flags:
            if "cant_block" in c.flags:                                # 509.1b
                continue
            if "cant_block_alone" in c.flags:
                whole = True
        if every:
            can = list(attackers)
        else:
            reach = None
            can = []
            for a in attackers:
                if a in fliers:
                    if reach is None:
                        reach = c.has("flying") or c.has("reach")
                    if reach:
                        can.append(a)
                elif a in plain or can_block(game, e, a):
                    can.append(a)
        if can:
            out[e] = can
    return out, whole


def _block_restriction_problem(game, plan) -> str | None:
    """Restrictions on a whole blocking declaration (509.1b): menace (702.111b),
    'can't block alone'. `plan`: blocker -> [attackers]."""
    counts = {}
    for b, ts in plan.items():
        for t in (ts if isinstance(ts, (list, tuple)) else [ts]):
            counts[t] = counts.get(t, 0) + 1
    for t, n in counts.items():
        if n < 2 and game.chars(t).has("menace"):
            return f"{game.name(t)} can't be blocked except by two or more creatures"
    if len(plan) == 1:
        (b,) = plan
        if "cant_block_alone" in game.chars(b).flags:
            return f"{game.name(b)} can't block alone"
    return None


def block_requirements(game, cands) -> list:
    """[(blocker, attacker)]: 'All creatures able to block ~ do so' (509.1c)."""
    chars = game.chars
    # game.all_chars() (chars(e) of permanents), without the call when current
    allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
    must = set()
    for ats in cands.values():
        for a in ats:
            c = allc.get(a) or chars(a)
            if c.flags and "must_be_blocked_by_all" in c.flags:
                must.add(a)
    if not must:
        return []
    return [(b, a) for b, attackers in cands.items() for a in attackers if a in must]


def _obeyed_blocks(reqs, plan) -> int:
    n = 0
    for b, a in reqs:
        ts = plan.get(b)
        if ts is not None and a in (ts if isinstance(ts, (list, tuple)) else [ts]):
            n += 1
    return n


def _requirement_block_options(game, cands, reqs) -> dict:
    """The blocks that matter for the most requirements obeyed: every option of blockers
    with requirements or 'can't block alone'; other blockers only matter as helpers
    (blocking a menace attacker, keeping company), so they get fewer options."""
    special = {b for b, _ in reqs} | {b for b in cands if "cant_block_alone" in game.chars(b).flags}
    required = {}
    for b, a in reqs:
        required.setdefault(b, set()).add(a)
    full = _block_options(game, cands)
    out = {}
    helper = False
    for b, opts in full.items():
        if b in special:
            # blocking an attacker it isn't required to block obeys nothing more: keep
            # only blocks of required attackers, menace attackers, and one plain block
            mine = required.get(b, set())
            keep = [o for o in opts if o is None or set(o) <= mine or
                    (len(o) == 1 and game.chars(o[0]).has("menace"))]
            plain = next((o for o in opts if o is not None and o not in keep), None)
            out[b] = keep + ([plain] if plain is not None else [])
            continue
        keep = [None] + [o for o in opts if o is not None and len(o) == 1 and
                         game.chars(o[0]).has("menace")]
        if not helper and len(keep) == 1 and len(opts) > 1:
            keep.append(opts[1])                       # one plain helper for 'alone'
            helper = True
        out[b] = keep
    return out


def _any_number(game, cands) -> set:
    """The blockers that can block any number of creatures (509.1a's exception)."""
    return {b for b in cands if "block_any_number" in game.chars(b).flags}


def most_block_requirements(game, cands, reqs):
    """The most blocking requirements a declaration obeying the restrictions can obey
    (509.1c; None if too many declarations to try)."""
    many = _any_number(game, cands)
    return _most_obeyed(_block_upper_bound(reqs, many), _obey_all("blockers", cands, reqs, {}, many),
                        _requirement_block_options(game, cands, reqs),
                        lambda dcl: _obeyed_blocks(reqs, dcl),
                        lambda dcl: _block_restriction_problem(game, dcl) is None)


def _block_options(game, cands) -> dict:
    out = {}
    for b, attackers in cands.items():
        opts = [None] + [(a,) for a in attackers]
        if "block_any_number" in game.chars(b).flags and len(attackers) <= 6:
            for k in range(2, len(attackers) + 1):
                opts += [tuple(c) for c in itertools.combinations(attackers, k)]
        out[b] = opts
    return out


def check_blockers(game, decision, answer) -> dict:
    """A block declaration as the engine checks it (509.1a-c): its plan, blocker ->
    [attackers], or IllegalAction if it can't be made; nothing changes."""
    if not isinstance(answer, dict):
        raise IllegalAction("declare blockers as {blocker: attacker}")
    cands = decision.data["candidates"]
    plan = {}
    for b, a in answer.items():
        targets = list(a) if isinstance(a, (list, tuple)) else [a]
        if b not in cands:
            why = blocker_problem(game, b, decision.player) \
                if isinstance(b, int) and not isinstance(b, bool) else "not an object"
            if why is None and targets and all(map(game.exists, targets)):
                why = block_problem(game, b, targets[0])
            raise IllegalAction(f"{game.name(b)} can't block" + (f": {why}" if why else ""))
        if len(set(targets)) != len(targets) or not targets:
            raise IllegalAction(f"name each attacker {game.name(b)} blocks once")
        if len(targets) != 1 and "block_any_number" not in game.chars(b).flags:
            raise IllegalAction(f"{game.name(b)} can block only one attacker")   # 509.1a
        for t in targets:
            if t not in cands[b]:
                why = block_problem(game, b, t) if game.exists(t) else None
                raise IllegalAction(f"{game.name(b)} can't block {game.name(t)}"
                                    + (f": {why}" if why else ""))
        plan[b] = targets
    if _plain(game, decision):
        return plan
    problem = _block_restriction_problem(game, plan)
    if problem:
        raise IllegalAction(problem)
    reqs = block_requirements(game, cands)
    if reqs:
        got = _obeyed_blocks(reqs, plan)
        best = most_block_requirements(game, cands, reqs) \
            if got < _block_upper_bound(reqs, _any_number(game, cands)) else got
        if best is not None and got < best:
            raise IllegalAction(f"the declaration must obey as many blocking requirements as "
                                f"possible ({got} of {best} possible)")             # 509.1c
    return plan


class DeclareBlockersTask:
    __slots__ = ("defenders", "i", "order_stage")
    needs_rewind = False

    def __init__(self):
        self.defenders = None
        self.i = 0
        self.order_stage = None

    def copy(self):
        t = DeclareBlockersTask()
        t.i = self.i
        t.defenders = list(self.defenders) if self.defenders is not None else None
        t.order_stage = list(self.order_stage) if self.order_stage is not None else None
        return t

    def run(self, game):
        attacking = None            # the attacking creatures now (nothing changes them here)
        if self.defenders is None:
            attacking = game.permanents_with(Attacking)
            ap = game.active
            defenders = self.defenders = []
            if game.teams:                  # 805.10d: each defending team blocks together
                attacked = set()    # (a loop: a comprehension would make `game` a cell)
                for e in attacking:
                    attacked.add(team_of(game, attacked_player(game, e))[0])
                ap = team_of(game, ap)[0]
                for p in game.apnap():
                    if p != ap and p in attacked:
                        defenders.append(p)
            else:
                # each opponent in APNAP order: one no creature attacks has nothing to block
                # (block_candidates finds no attacker), as if left out
                for p in game.apnap():
                    if p != ap:
                        defenders.append(p)
        while self.i < len(self.defenders):
            d = self.defenders[self.i]
            if game.players[d].lost:                # left the game meanwhile (800.4a)
                self.i += 1
                continue
            if attacking is None:
                attacking = game.permanents_with(Attacking)
            cands, whole = _block_candidates(game, d, attacking)
            if cands:
                dec = new_decision("blockers", d, list(cands.items()), 0, len(cands),
                                   "declare blockers", {"candidates": cands})
                if not whole:
                    # nothing on the whole declaration to check (509.1b-c): legal_declaration
                    # and the check of the answer look at each creature's part alone
                    game.declaration_plain = (dec, game.cversion, game.bversion)
                return dec
            self.i += 1
        if self.order_stage is None:
            self._finish_blocks(game, attacking)
            self.order_stage = self._orders_needed(game)
        if self.order_stage:
            a, blockers = self.order_stage[0]
            # 509.2 (2009-2024): the attacking player orders each attacker's blockers;
            # 509.3: the defending player orders the attackers a blocker blocks
            return Decision("blocker_order", game.chars(a).controller, list(blockers),
                            len(blockers), len(blockers),
                            f"damage assignment order for {game.name(a)}", data={"attacker": a})
        game.priority = first_to_act(game)         # 800.4j
        return None

    def _finish_blocks(self, game, attacking=None):
        # 509.1h: attackers with no blockers are unblocked; blocked ones stay blocked
        if not game.log_enabled:    # (triggers.LOG_ONLY: else no emit below does anything)
            return
        ents = game.world.ents
        if attacking is None:
            attacking = game.permanents_with(Attacking)
        for e in attacking:
            game.emit("attack_result", attacker=e, blocked=ents[e][Attacking].blocked)

    def _orders_needed(self, game) -> list:
        if not game.rules.damage_assignment_order:
            return []
        out = []
        for a in game.battlefield:
            if game.world.has(a, Attacking):
                bl = blockers_of(game, a)
                if len(bl) > 1:
                    out.append((a, bl))
        for b in game.battlefield:
            at = attackers_of(game, b)
            if len(at) > 1:
                out.append((b, at))
        return out

    def answer(self, game, decision, answer):
        if decision.kind == "blocker_order":
            order = list(answer)
            if sorted(order) != sorted(decision.options):
                raise IllegalAction("order all of the blockers exactly once")
            game.damage_order[decision.data["attacker"]] = order
            self.order_stage.pop(0)
            return
        plan = check_blockers(game, decision, answer)
        counts = {}
        for b, ts in plan.items():
            for t in ts:
                counts[t] = counts.get(t, 0) + 1
        for b, ts in plan.items():
            game.set(b, Blocking(tuple(ts)))
        for t in counts:
            at = game.world.get(t, Attacking)
            game.set(t, Attacking(at.defender, True, at.removed, at.player))
        if game.hears("blocks"):            # else no emit below does anything
            for b, ts in plan.items():
                for t in ts:
                    game.emit("blocks", blocker=b, attacker=t)
        self.i += 1


def attackers_of(game, blocker) -> list:
    """The attacking creatures `blocker` blocks that are still in combat (in damage
    assignment order under m10, 509.3 of 2009-2024)."""
    bl = game.world.get(blocker, Blocking)
    if bl is None:
        return []
    attacking = game.world.comps.get(Attacking, ())
    out = [a for a in bl.attackers if a in attacking and a in game.battlefield]
    order = game.damage_order.get(blocker)
    if order:
        out.sort(key=lambda e: order.index(e) if e in order else len(order))
    return out


def put_blocking(game, blocker, attacker) -> None:
    """A creature put onto the battlefield blocking (or made to block) an attacking
    creature (506.3, 509.1h: the attacker becomes blocked). Under the `m10` profile the
    attacking player then places it in that attacker's damage assignment order, the
    others keeping their relative order (2009-2024 rule 509.2a; 001 T1.5.13)."""
    if attacker not in game.battlefield or not game.world.has(attacker, Attacking):
        return
    old = game.world.get(blocker, Blocking)
    game.set(blocker, Blocking((old.attackers if old else ()) + (attacker,)))
    at = game.world.get(attacker, Attacking)
    game.set(attacker, Attacking(at.defender, True, at.removed, at.player))
    if game.rules.damage_assignment_order:
        order = [b for b in blockers_of(game, attacker) if b != blocker]
        if order:
            schedule(game, InsertBlockerTask(attacker, blocker, order))
        else:
            game.damage_order[attacker] = [blocker]


class InsertBlockerTask:
    """The attacking player places a new blocker in an attacker's damage assignment
    order (answer: the whole order, as a `blocker_order` decision)."""
    needs_rewind = False

    def __init__(self, attacker, blocker, order):
        self.attacker = attacker
        self.blocker = blocker
        self.order = list(order)
        self.done = False

    def copy(self):
        t = InsertBlockerTask(self.attacker, self.blocker, self.order)
        t.done = self.done
        return t

    def run(self, game):
        if self.done or self.blocker not in game.battlefield or self.attacker not in game.battlefield:
            return None
        opts = self.order + [self.blocker]
        return Decision("blocker_order", game.chars(self.attacker).controller, opts, len(opts), len(opts),
                        f"place {game.name(self.blocker)} in the damage assignment order of "
                        f"{game.name(self.attacker)}", data={"attacker": self.attacker})

    def answer(self, game, decision, answer):
        order = list(answer)
        if sorted(order) != sorted(decision.options):
            raise IllegalAction("order all of the blockers exactly once")
        if [b for b in order if b != self.blocker] != self.order:
            raise IllegalAction("the other blockers keep their relative order")
        game.damage_order[self.attacker] = order
        self.done = True


def blockers_of(game, attacker, index=None) -> list:
    """The creatures blocking `attacker` (in damage assignment order under m10)."""
    if index is not None:
        out = list(index.get(attacker, ()))
    else:
        ents = game.world.ents
        out = []                        # (a loop: a comprehension would make two cells a call)
        for e in game.permanents_with(Blocking):
            if attacker in ents[e][Blocking].attackers:
                out.append(e)
    if len(out) < 2:
        return out
    order = game.damage_order.get(attacker)
    if order:
        out.sort(key=lambda e: order.index(e) if e in order else len(order))
    else:
        out.sort(key=game.timestamp_of)
    return out


# ---------------------------------------------------------------------------
# combat damage (510)
# ---------------------------------------------------------------------------
def blocking_index(game) -> dict:
    """attacker -> [blockers], in one pass over the battlefield."""
    idx = {}
    ents = game.world.ents
    for e in game.permanents_with(Blocking):
        for a in ents[e][Blocking].attackers:
            idx.setdefault(a, []).append(e)
    return idx


def lethal_damage(game, attacker_chars, blocker, others: int = 0) -> int:
    """CR 510.1c-d, 702.19b: the blocker's toughness minus damage already marked on it
    and damage other creatures assign to it in this step; with deathtouch any nonzero
    amount is lethal (702.2c; not under the M10 deathtouch rule of the `m10` profile)."""
    c = game.chars(blocker)
    marked = game.damage_on(blocker)
    need = max(0, (c.toughness or 0) - marked - others)
    if attacker_chars.has("deathtouch") and game.rules.deathtouch_lethal:
        need = min(need, 1) if need > 0 else 0
    return need


def _ordered(game, source_chars) -> bool:
    """Whether the damage assignment order binds this creature (m10/m11 profiles);
    under the M10 deathtouch rule a creature with deathtouch as damage is assigned
    may ignore it (702.2a of 2009)."""
    if not game.rules.damage_assignment_order:
        return False
    return not (game.rules.deathtouch_ignores_order and source_chars.has("deathtouch"))


def _others_to(assign: dict, src) -> dict:
    out = {}
    for s, a in assign.items():
        if s == src:
            continue
        for r, n in a.items():
            out[r] = out.get(r, 0) + n
    return out


def _assignment_problem(game, src, answer, need, others) -> str | None:
    """Lethal-damage rules for one creature's assignment given what the others assign
    at the same time: trample (702.19b) and, under m10, the order (510.1c of 2009)."""
    c = game.chars(src)
    blockers = need["blockers"]
    lethal = {b: lethal_damage(game, c, b, others.get(b, 0)) for b in blockers}
    defender = need["defender"]
    to_def = answer.get(defender, 0) if defender is not None else 0
    if need["trample"] and to_def > 0:
        for b in blockers:
            if answer.get(b, 0) < lethal[b]:
                return (f"{game.name(b)} must be assigned lethal damage ({lethal[b]}) before "
                        "damage is assigned to the player or planeswalker (702.19b)")
    if _ordered(game, c):
        for i, b in enumerate(blockers):
            if answer.get(b, 0) < lethal[b]:
                later = blockers[i + 1:]
                if any(answer.get(x, 0) > 0 for x in later) or to_def > 0:
                    return (f"{game.name(b)} must be assigned lethal damage ({lethal[b]}) before "
                            "any is assigned to the next creature in damage assignment order")
    return None


def _compositions(total: int, k: int):
    """Every way to split `total` among k recipients."""
    if k == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, k - 1):
            yield (first,) + rest


def _strikes_first(c) -> bool:
    """It has first strike or double strike (510.4)."""
    for k in c.keywords:
        n = k.name
        if n == "first strike" or n == "double strike":
            return True
    return False


def first_strike_damage_task():
    """CR 510.4: the first-strike combat damage step's turn-based action."""
    return CombatDamageTask(True)


def combat_damage_task():
    """CR 510.1-510.2: the combat damage step's turn-based action."""
    return CombatDamageTask(False)


def _in_battlefield_order(battlefield, objs) -> list:
    """The objects of the set `objs` that are on the battlefield, in its order: one object
    (most combat damage steps have one attacker and at most one blocker) needs no walk of
    the battlefield, whose ~20 permanents each cost a loop step."""
    if len(objs) == 1:
        (e,) = objs
        return [e] if e in battlefield else []
    out = []
    for e in battlefield:
        if e in objs:
            out.append(e)
    return out


class CombatDamageTask:
    __slots__ = ("first_strike", "plan", "assign", "i", "shield_plans", "orders")
    needs_rewind = False

    def __init__(self, first_strike: bool):
        self.first_strike = first_strike
        self.plan = None        # list of (source, recipients or None if decision needed)
        self.assign = {}        # source -> {recipient: amount} its controller chose (510.1c-d)
        self.i = 0
        self.shield_plans = {}
        self.orders = {}        # damage event index -> prevention effects' order (616.1)  # id(shield) -> {source: amount to prevent} (615.7)

    def copy(self):
        t = CombatDamageTask(self.first_strike)
        t.plan = list(self.plan) if self.plan is not None else None
        t.assign = {k: dict(v) for k, v in self.assign.items()}
        t.i = self.i
        t.shield_plans = {k: dict(v) for k, v in self.shield_plans.items()}
        t.orders = {k: list(v) for k, v in self.orders.items()}
        return t

    def _build_plan(self, game):
        """(source, fixed assignment or None, what a decision needs) for each creature
        dealing combat damage in this step: attackers, then blockers, each in battlefield
        order (read off one pass over the battlefield per side)."""
        plan = []
        ents = game.world.ents
        comps = game.world.comps
        chars = game.chars
        # game.all_chars() (chars(e) of permanents), without the call when current
        allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
        battlefield = game.battlefield
        attackers = _in_battlefield_order(battlefield, comps.get(Attacking, ()))
        blk = comps.get(Blocking)
        blockers = _in_battlefield_order(battlefield, blk) if blk else []
        first = self.first_strike
        if first:
            fs = set()                  # (a loop: a comprehension would make two cells a call)
            for e in attackers + blockers:
                if _strikes_first(allc.get(e) or chars(e)):
                    fs.add(e)
            game.fs_participants = fs
        fs = game.fs_participants
        # 510.4: in the first-strike step only creatures with first strike or double
        # strike deal damage; in the second, those that didn't plus double strike
        index = {}                                                     # attacker -> [blockers]
        for e in blockers:
            for a in ents[e][Blocking].attackers:
                index.setdefault(a, []).append(e)
        for e in attackers:
            at = ents[e][Attacking]
            c = allc.get(e) or chars(e)
            if first:
                if not _strikes_first(c):
                    continue
            elif fs is not None and e in fs and not c.has("double strike"):
                continue
            power = c.power
            if power is None or power <= 0:
                continue
            # CR 506.4c: attacking a planeswalker removed from combat, it attacks nothing
            d = None if at.removed else at.defender
            if not at.blocked:
                if d is not None and (isinstance(d, PlayerRef) or d in battlefield):
                    plan.append((e, {d: power}, None))
                continue
            bl = blockers_of(game, e, index)
            if not bl:
                if c.has("trample"):                                    # 702.19e
                    if d is not None and (isinstance(d, PlayerRef) or d in battlefield):
                        plan.append((e, {d: power}, None))
                continue                                               # 509.1h, 506.4
            if len(bl) == 1 and (d is None or not c.has("trample")):
                plan.append((e, {bl[0]: power}, None))                 # 702.19e: none to a player
                continue
            plan.append((e, None, {"blockers": bl, "trample": c.has("trample") and d is not None,
                                   "defender": d, "total": power}))
        in_combat = set(attackers)
        order = game.damage_order
        for e in blockers:
            c = allc.get(e) or chars(e)
            if first:
                if not _strikes_first(c):
                    continue
            elif fs is not None and e in fs and not c.has("double strike"):
                continue
            power = c.power
            if power is None or power <= 0:
                continue
            if order:
                ats = attackers_of(game, e)                            # m10: in its order
            else:
                # attackers_of: the attackers it blocks still attacking on the battlefield
                ats = []
                for a in ents[e][Blocking].attackers:
                    if a in in_combat:
                        ats.append(a)
            if not ats:
                continue                                               # 510.1d / T-358
            if len(ats) == 1:
                plan.append((e, {ats[0]: power}, None))
            else:
                plan.append((e, None, {"blockers": ats, "trample": False, "defender": None,
                                       "total": power}))
        return plan

    def run(self, game):
        plan = self.plan
        if plan is None:
            plan = self.plan = self._build_plan(game)
        assign = self.assign        # (the chosen assignments; the fixed ones stay in `plan`)
        for i in range(self.i, len(plan)):
            src, fixed, need = plan[i]
            if fixed is None and src not in assign:
                self.i = i
                c = game.chars(src)
                recips = list(need["blockers"])
                if need["trample"] and need["defender"] is not None:
                    recips.append(need["defender"])
                # lethal counts damage the others already assign in this step (510.1c)
                full = self._all_fixed()
                full.update(assign)
                others = _others_to(full, src)
                lethal = {}         # (a loop: a comprehension would make cells of three locals)
                for b in need["blockers"]:
                    lethal[b] = lethal_damage(game, c, b, others.get(b, 0))
                return Decision("damage_assignment", c.controller, recips, 1, len(recips),
                                f"assign {need['total']} combat damage of {game.name(src)}",
                                data={"source": src, "total": need["total"], "lethal": lethal,
                                      "blockers": need["blockers"], "trample": need["trample"],
                                      "defender": need["defender"],
                                      "ordered": _ordered(game, c)})
        self.i = len(plan)
        batch = []                  # (in the order of `plan`: its sources' assignments)
        # game.all_chars() (chars(e) of permanents), without the call when current
        allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
        for src, fixed, _ in plan:
            sc = allc.get(src) or game.chars(src)
            for r, n in (assign[src] if fixed is None else fixed).items():
                if n > 0:
                    batch.append((src, sc, r, n))
        plain = not (game.shields or replacing_statics(game) or shield.anywhere(game))
        if not plain:
            d = self._choices(game, batch)
            if d is not None:
                return d
        # else no prevention shield, redirection, static replacement or prevention effect or
        # shield counter (122.1c): no choice to make (at most protection applies to each
        # damage event, 615.7, 616.1)
        game.prevention_plans = {k: dict(v) for k, v in self.shield_plans.items()} \
            if self.shield_plans else {}
        try:
            dmg.deal(game, batch, combat=True, orders=self.orders, plain=plain)
        finally:
            game.prevention_plans = {}
        if game.log_enabled:        # (triggers.LOG_ONLY)
            game.emit("combat_damage_dealt", first_strike=self.first_strike)
        game.priority = first_to_act(game)         # 800.4j
        return None

    def _choices(self, game, batch):
        """The next choice prevention and redirection effects ask before the damage is
        dealt (615.7, 614.9, 616.1), or None."""
        for sh, r, per in shield_choices(game, batch):                 # 615.7
            if sh.sid in self.shield_plans:
                continue
            who = r.index if isinstance(r, PlayerRef) else game.chars(r).controller
            return Decision("prevention", who, list(per), 1, len(per),
                            f"choose which {sh.left} of the damage to {game.name(r)} to prevent",
                            data={"shield": sh.sid, "recipient": r, "amount": sh.left, "damage": per})
        d = _redirect.decision(game, batch)                             # 614.9 (Harm's Way)
        if d is not None:
            return d
        d = _redirect.order_decision(game, batch, True, self.orders)   # redirection vs prevention (616.1)
        if d is not None:
            return d
        skips = {}
        return order_decision(game, _redirect.apply(game, batch, orders=self.orders, skips=skips,
                                                    combat=True),
                              True, self.orders, skips)                 # 616.1

    def answer(self, game, decision, answer):
        if decision.kind == "replacement":
            answer_order(game, decision, answer, self.orders)
            return
        if decision.kind == "redirect":
            _redirect.answer(game, decision, answer)
            return
        if decision.kind == "prevention":
            data = decision.data
            if not isinstance(answer, dict) or any(s not in data["damage"] for s in answer):
                raise IllegalAction("answer {source: damage to prevent} for the damaging sources")
            if any(not isinstance(n, int) or n < 0 or n > data["damage"][s] for s, n in answer.items()):
                raise IllegalAction("prevent between 0 and the damage each source would deal")
            if sum(answer.values()) != data["amount"]:
                raise IllegalAction(f"the shield prevents exactly {data['amount']} of this damage")
            self.shield_plans[data["shield"]] = dict(answer)
            return
        validate_assignment(game, decision, answer)
        self._check_jointly(game, decision.data["source"], dict(answer))
        self.assign[decision.data["source"]] = dict(answer)
        self.i += 1

    def _all_fixed(self) -> dict:
        return {src: fixed for src, fixed, need in self.plan if fixed is not None}

    def _check_jointly(self, game, src, answer) -> None:
        """CR 510.1c-d: every creature's assignment is checked counting the damage the
        others assign at the same time. Creatures on the same side still to be assigned
        may make this one legal (T1.5.8): accept it if some completion makes all legal."""
        needs = {s: need for s, fixed, need in self.plan if need is not None}
        side = game.world.has(src, Attacking)
        decided = {s: a for s, a in self.assign.items() if s in needs}
        decided[src] = answer
        base = dict(self._all_fixed())
        base.update(self.assign)
        base[src] = answer
        undecided = [s for s in needs if s not in decided and game.world.has(s, Attacking) == side]

        def recips(s):
            n = needs[s]
            r = list(n["blockers"])
            if n["trample"] and n["defender"] is not None:
                r.append(n["defender"])
            return r

        def problem(full):
            for s in decided:
                p = _assignment_problem(game, s, full[s], needs[s], _others_to(full, s))
                if p:
                    return p
            return None

        first = None
        choices = []
        size = 1
        for s in undecided:
            opts = list(_compositions(needs[s]["total"], len(recips(s))))
            size *= len(opts)
            choices.append((s, recips(s), opts))
        if size > _SEARCH_LIMIT:
            choices = []            # too many to try: judge on what is decided
        for combo in itertools.product(*(opts for _, _, opts in choices)):
            full = dict(base)
            for (s, rs, _), split in zip(choices, combo):
                full[s] = dict(zip(rs, split))
            p = problem(full)
            if p is None:
                return
            if first is None:
                first = p
        raise IllegalAction(first or "illegal combat damage assignment")


def validate_assignment(game, decision, answer) -> None:
    """CR 510.1c-d, 702.19b-c; with the m10 profile, 2009-2024 rule 510.1c
    (lethal damage in damage assignment order)."""
    if not isinstance(answer, dict):
        raise IllegalAction("assign damage as {recipient: amount}")
    data = decision.data
    total = data["total"]
    for r, n in answer.items():
        if r not in decision.options:
            raise IllegalAction(f"{game.name(r)} can't be assigned this damage")
        if not isinstance(n, int) or n < 0:
            raise IllegalAction("damage amounts are whole numbers, 0 or more")
    if sum(answer.values()) != total:
        raise IllegalAction(f"assign exactly {total} damage (got {sum(answer.values())})")
