"""A game position from a description: the `players`, `turn`, `cards` and `rules` keys of
a scenario file (shared/scenario-format.md), as `Game.from_setup` reads them.

    >>> from mtg_ecs import Game
    >>> g, handles = Game.from_setup({"players": [{"hand": [{"card": "Forest", "id": "f"}]}, {}]})
    >>> g.name(g.card_entity[handles["f"]])
    'Forest'
"""
from __future__ import annotations

from mtg_ecs.cards import UnknownCard, get_card, is_registered, token_def
from mtg_ecs.components import Card, Controller, Counters, Damage, Attached, Chosen, EnteredWithX
from mtg_ecs.components.definitions import CardError, make_card
from mtg_ecs.components.mana import ManaError, pool_from_dict
from mtg_ecs.core.rules import PROFILES
from mtg_ecs.core.formats import FORMATS, FormatError, check_format
from mtg_ecs.systems.phasing import phase_out
from mtg_ecs.systems.goad import goad
from mtg_ecs.systems.pipeline import STEP_NAMES as STEPS
from mtg_ecs.systems.hideaway import hide
from mtg_ecs.systems.movement import link_exiled
from mtg_ecs.systems.commander import designate, put_into_command_zone
from mtg_ecs.systems.teams import team_of


class ScenarioError(ValueError):
    """A malformed scenario file (names the key)."""


TOP_KEYS = {"name", "source", "rules", "format", "seed", "cards", "players", "teams", "turn",
            "actions", "expect"}
PLAYER_KEYS = {"life", "poison", "library", "hand", "graveyard", "exile", "command", "battlefield",
               "commander", "mana", "history"}
CARD_KEYS = {"card", "id", "count", "token", "tapped", "sick", "phased_out", "face_down",
             "counters", "damage", "attached_to", "controller", "chosen", "x", "exiled", "goaded_by"}
BATTLEFIELD_ONLY = {"tapped", "sick", "phased_out", "face_down", "counters", "damage",
                    "attached_to", "controller", "chosen", "x", "exiled", "goaded_by"}
HISTORY_KEYS = {"commander_casts", "commander_damage", "life_lost_this_turn",
                "life_gained_this_turn", "spells_cast_this_turn", "cards_drawn_this_turn",
                "lands_played_this_turn", "creatures_died_this_turn"}
EXTRA_CARD_KEYS = {"name", "cost", "type", "pt", "loyalty", "keywords"}

# Size limits (README, "Scenario files"). No rule of the game bounds these, but a file asking
# for more is a typo or an attack (`count: 100000000` would build objects until killed): it
# is malformed, refused before anything is built.
MAX_FILE_BYTES = 16 * 2 ** 20     # a scenario file (a fuzz repro of 60,000 answers is ~6 MB)
MAX_ZONE_OBJECTS = 1000           # objects in one zone of one player (count included)
MAX_OBJECTS = 3000                # objects in the whole setup
MAX_AMOUNT = 1000                 # counters of one kind, damage, X, poison, mana of one type,
                                  # history numbers, an extra card's power/toughness/loyalty
MAX_LIFE = 10 ** 6                # a life total, either sign
MAX_TURN = 10000                  # turn.number, and the `turn` of a `to` action
MAX_ACTIONS = 10000               # actions in one file
MAX_EXTRA_CARDS = 1000            # definitions under `cards`


def extra_cards(entries) -> dict:
    """A scenario's `cards:` list -> {name: CardDef}."""
    out = {}
    if entries is None:
        return out
    if not isinstance(entries, list):
        raise ScenarioError("cards: must be a list of card definitions")
    if len(entries) > MAX_EXTRA_CARDS:
        raise ScenarioError(f"cards: {len(entries)} definitions (at most {MAX_EXTRA_CARDS})")
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or "name" not in e:
            raise ScenarioError(f"cards[{i}]: needs a name")
        bad = set(e) - EXTRA_CARD_KEYS
        if bad:
            raise ScenarioError(f"cards[{i}] ({e['name']}): unknown key(s) {sorted(bad)}")
        if is_registered(e["name"]):
            raise ScenarioError(f"cards[{i}]: {e['name']!r} is a real card's name")
        if "type" not in e:
            raise ScenarioError(f"cards[{i}] ({e['name']}): needs a type")
        pt = e.get("pt")
        if pt is not None and not (isinstance(pt, list) and len(pt) == 2 and all(
                (isinstance(v, int) and not isinstance(v, bool)) or v == "*" for v in pt)):
            raise ScenarioError(f"cards[{i}] ({e['name']}).pt: [power, toughness] (got {pt!r})")
        for v in pt or ():
            _bounded(v, -MAX_AMOUNT, MAX_AMOUNT, f"cards[{i}] ({e['name']}).pt")
        if isinstance(e.get("loyalty"), int):
            _bounded(e["loyalty"], 0, MAX_AMOUNT, f"cards[{i}] ({e['name']}).loyalty")
        try:
            out[e["name"]] = make_card(e["name"], e.get("cost"), e["type"], pt=e.get("pt"),
                                       loyalty=e.get("loyalty"), keywords=e.get("keywords", ()),
                                       extra=True)
        except (CardError, ValueError) as ex:
            raise ScenarioError(f"cards[{i}] ({e['name']}): {ex}")
    return out


def _card_entries(zone_list, where):
    if zone_list is None:
        return []
    if not isinstance(zone_list, list):
        raise ScenarioError(f"{where}: must be a list of cards")
    out = []
    for i, e in enumerate(zone_list):
        if isinstance(e, str):
            out.append({"card": e})
        elif isinstance(e, dict):
            bad = set(e) - CARD_KEYS
            if bad:
                raise ScenarioError(f"{where}[{i}]: unknown key(s) {sorted(bad)}")
            if "card" not in e:
                raise ScenarioError(f"{where}[{i}]: needs a card name")
            if "id" in e and "count" in e:
                raise ScenarioError(f"{where}[{i}]: id and count can't go together")
            _check_entry(e, f"{where}[{i}]")
            out.append(e)
        else:
            raise ScenarioError(f"{where}[{i}]: a card is a name or a mapping")
    n = sum(e.get("count", 1) for e in out)
    if n > MAX_ZONE_OBJECTS:
        raise ScenarioError(f"{where}: {n} objects (at most {MAX_ZONE_OBJECTS} in one zone)")
    return out


def _check_entry(e, where):
    """The value of each key of a card entry has the shape the format gives it."""
    if not isinstance(e["card"], str) or not e["card"]:
        raise ScenarioError(f"{where}.card: a card name (got {e['card']!r})")
    count = e.get("count", 1)
    if not _nat(count) or count < 1:
        raise ScenarioError(f"{where}.count: a positive integer (got {count!r})")
    _bounded(count, 1, MAX_ZONE_OBJECTS, f"{where}.count")
    for k in ("tapped", "sick", "phased_out", "face_down"):
        if k in e and not isinstance(e[k], bool):
            raise ScenarioError(f"{where}.{k}: true or false (got {e[k]!r})")
    for k in ("damage", "x"):
        if e.get(k) is not None and not _nat(e[k]):
            raise ScenarioError(f"{where}.{k}: an integer, 0 or more (got {e[k]!r})")
        if e.get(k) is not None:
            _bounded(e[k], 0, MAX_AMOUNT, f"{where}.{k}")
    cnt = e.get("counters")
    if cnt is not None and (not isinstance(cnt, dict) or not all(
            isinstance(k, str) and k and _nat(v) for k, v in cnt.items())):
        raise ScenarioError(f"{where}.counters: a mapping of counter kind to a number, "
                            f"like {{\"+1/+1\": 2}} (got {cnt!r})")
    for k, v in (cnt or {}).items():
        _bounded(v, 0, MAX_AMOUNT, f"{where}.counters.{k}")
    if e.get("chosen") is not None and not isinstance(e["chosen"], dict):
        raise ScenarioError(f"{where}.chosen: a mapping, like {{color: red}} (got {e['chosen']!r})")


def _bounded(v, lo, hi, where):
    """A number of a scenario within the size limits (MAX_*): a clear error, not a game
    that runs until killed."""
    if isinstance(v, int) and not isinstance(v, bool) and not lo <= v <= hi:
        raise ScenarioError(f"{where}: {v} is out of range ({lo} to {hi}; "
                            f"the limits are in the README, 'Scenario files')")


def _nat(v) -> bool:
    """A whole number 0 or more (YAML booleans are not numbers)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _defn(name, token, extra):
    if isinstance(token, dict):
        bad = set(token) - {"type", "pt", "colors", "keywords", "name"}
        if bad:
            raise ScenarioError(f"token {name}: unknown key(s) {sorted(bad)}")
        tpt = token.get("pt")
        for v in tpt if isinstance(tpt, list) else ():
            _bounded(v, -MAX_AMOUNT, MAX_AMOUNT, f"token {name}.pt")
        return make_card(name, None, token.get("type", "Creature"), pt=token.get("pt"),
                         keywords=token.get("keywords", ()), colors=token.get("colors"))
    try:
        return get_card(name, extra)
    except UnknownCard:
        if token:
            try:
                return token_def(name)
            except UnknownCard:
                pass
        raise


def _entry_defn(e, extra, where):
    try:
        return _defn(e["card"], e.get("token"), extra)
    except UnknownCard as ex:
        raise ScenarioError(f"{where}: {ex}") from None


def build_game(setup: dict, seed=None, log: bool = True, defs=None, *, game_class):
    """Returns (game, handles) — handles map names to physical card ids.

    `defs`: extra CardDefs by name (test-only cards written in Python)."""
    if not isinstance(setup, dict):
        raise ScenarioError("a scenario is a mapping")
    bad = set(setup) - TOP_KEYS
    if bad:
        raise ScenarioError(f"unknown top-level key(s) {sorted(bad)}")
    fmt = setup.get("format", "duel")
    if not isinstance(fmt, str):
        raise ScenarioError(f"format: a format name (one of {', '.join(FORMATS)})")
    if fmt == "archenemy":          # (not among the file format's formats)
        raise ScenarioError("format: archenemy is not a scenario format (its setup: Game.new)")
    if "teams" in setup and fmt != "two-headed-giant":
        raise ScenarioError("teams: only for two-headed-giant")
    players = setup.get("players")
    if not isinstance(players, list) or len(players) < 2:
        raise ScenarioError("players: a list of at least two player setups is required")
    try:
        check_format(fmt, len(players))
    except FormatError as ex:
        raise ScenarioError(f"format: {ex}")
    rules = setup.get("rules", "current")
    if rules not in PROFILES:
        raise ScenarioError(f"rules: unknown profile {rules!r} ({', '.join(PROFILES)})")
    sd = setup.get("seed", 0) if seed is None else seed
    if not isinstance(sd, int):
        raise ScenarioError("seed: must be an integer")
    extra = extra_cards(setup.get("cards"))
    if defs:
        extra.update(defs)
    turn = setup.get("turn") or {}
    if not isinstance(turn, dict) or set(turn) - {"number", "active", "step"}:
        raise ScenarioError("turn: a mapping with number, active, step")
    step = turn.get("step", "main1")
    if step not in STEPS:
        raise ScenarioError(f"turn.step: unknown step {step!r}")
    if step in ("untap",):
        raise ScenarioError("turn.step: a scenario can't start in the untap step (no player has priority)")
    active = _player_index(turn.get("active", 0), "turn.active", len(players))
    number = turn.get("number", 1)
    if not isinstance(number, int) or number < 1:
        raise ScenarioError("turn.number: a positive integer")
    _bounded(number, 1, MAX_TURN, "turn.number")
    total = 0                     # every zone's entries checked before any object is made
    for i, ps in enumerate(players):
        if isinstance(ps, dict):
            for zone in ("library", "hand", "graveyard", "exile", "command", "battlefield"):
                total += sum(e.get("count", 1)
                             for e in _card_entries(ps.get(zone), f"players[{i}].{zone}"))
    if total > MAX_OBJECTS:
        raise ScenarioError(f"players: {total} objects in all (at most {MAX_OBJECTS} in a file)")

    g = game_class(num_players=len(players), seed=sd, rules=rules, log=log, format=fmt)
    g.scenario_cards = extra
    if "teams" in setup:
        g.teams = _teams(setup["teams"], len(players))
    if g.teams:
        active = team_of(g, active)[0]       # a team is named by its first listed player
    g.turn = number
    g.active = active
    g.step = step
    g.starting_player = active if number == 1 else 0
    handles = {}
    attach_later = []
    phase_later = []
    goad_later = []
    battlefield_entries = []
    for i, ps in enumerate(players):
        if not isinstance(ps, dict):
            raise ScenarioError(f"players[{i}]: a mapping")
        bad = set(ps) - PLAYER_KEYS
        if bad:
            raise ScenarioError(f"players[{i}]: unknown key(s) {sorted(bad)}")
        if "commander" in ps and fmt != "commander":
            raise ScenarioError(f"players[{i}].commander: only in format: commander (CR 903)")
        p = g.players[i]
        p.life = ps.get("life", g.starting_life)
        p.poison = ps.get("poison", 0)
        if not isinstance(p.life, int) or not isinstance(p.poison, int):
            raise ScenarioError(f"players[{i}]: life and poison are integers")
        _bounded(p.life, -MAX_LIFE, MAX_LIFE, f"players[{i}].life")
        _bounded(p.poison, 0, MAX_AMOUNT, f"players[{i}].poison")
        if "mana" in ps:
            try:
                p.pool = pool_from_dict(ps["mana"] or {})
            except (ManaError, AttributeError, TypeError, ValueError) as ex:
                raise ScenarioError(f"players[{i}].mana: {ex}")
            for k, v in (ps["mana"] or {}).items():
                _bounded(v, 0, MAX_AMOUNT, f"players[{i}].mana.{k}")
        hist = ps.get("history") or {}
        if not isinstance(hist, dict) or set(hist) - HISTORY_KEYS:
            raise ScenarioError(f"players[{i}].history: unknown key(s) {sorted(set(hist) - HISTORY_KEYS) if isinstance(hist, dict) else hist}")
        for k, v in hist.items():
            if k != "commander_damage":
                if not _nat(v):
                    raise ScenarioError(f"players[{i}].history.{k}: an integer, 0 or more (got {v!r})")
                _bounded(v, 0, MAX_AMOUNT, f"players[{i}].history.{k}")
        if ("commander_casts" in hist or "commander_damage" in hist) and fmt != "commander":
            raise ScenarioError(f"players[{i}].history: commander history only in format: commander")
        p.commander_casts = hist.get("commander_casts", 0)
        p.life_lost_turn = hist.get("life_lost_this_turn", 0)
        p.life_gained_turn = hist.get("life_gained_this_turn", 0)
        p.spells_cast_turn = hist.get("spells_cast_this_turn", 0)
        p.cards_drawn_turn = hist.get("cards_drawn_this_turn", 0)
        p.lands_played = hist.get("lands_played_this_turn", 0)
        p.creatures_died_turn = hist.get("creatures_died_this_turn", 0)
        p.turn_started_at = 0
        for zone in ("library", "hand", "graveyard", "exile", "command"):
            entries = _card_entries(ps.get(zone), f"players[{i}].{zone}")
            if zone == "library":
                entries = list(reversed(entries))           # given top first; top is the end
            for e in entries:
                bad = set(e) & BATTLEFIELD_ONLY
                if bad:
                    raise ScenarioError(f"players[{i}].{zone}: {sorted(bad)} only on the battlefield")
                for _ in range(e.get("count", 1)):
                    defn = _entry_defn(e, extra, f"players[{i}].{zone}")
                    eid = g.create_object(defn, i, zone, token=bool(e.get("token")))
                    _handle(handles, e, g, eid)
        battlefield_entries.append(_card_entries(ps.get("battlefield"), f"players[{i}].battlefield"))
    if g.teams:
        _shared_life(g, players)
    for i, entries in enumerate(battlefield_entries):
        for e in entries:
            for _ in range(e.get("count", 1)):
                defn = _entry_defn(e, extra, f"players[{i}].battlefield")
                ctl = e.get("controller")
                ctl = i if ctl is None else _player_index(ctl, f"players[{i}] {e['card']}.controller", len(players))
                extra_comps = []
                if e.get("counters") or ("Planeswalker" in defn.types and defn.loyalty is not None):
                    cnt = dict(e.get("counters") or {})
                    if "Planeswalker" in defn.types and "loyalty" not in cnt and defn.loyalty is not None:
                        cnt["loyalty"] = defn.loyalty
                    extra_comps.append(Counters(tuple(sorted((str(k), int(v)) for k, v in cnt.items()))))
                if e.get("damage"):
                    extra_comps.append(Damage(int(e["damage"])))
                if e.get("x") is not None:
                    extra_comps.append(EnteredWithX(int(e["x"])))
                if e.get("chosen"):
                    extra_comps.append(Chosen(tuple(sorted(e["chosen"].items()))))
                if e.get("face_down"):
                    raise ScenarioError(f"{e['card']}: face_down is not supported yet")
                eid = g.create_object(defn, i, "battlefield", token=bool(e.get("token")),
                                      controller=ctl, tapped=bool(e.get("tapped")), extra=extra_comps,
                                      sick=bool(e.get("sick")))
                _handle(handles, e, g, eid)
                if e.get("exiled"):
                    _exiled_with(g, eid, ctl, i, e["exiled"], extra, handles,
                                 f"players[{i}] {e['card']}.exiled")
                if e.get("attached_to") is not None:
                    attach_later.append((eid, e["attached_to"], e["card"]))
                if e.get("phased_out"):
                    phase_later.append(eid)
                if e.get("goaded_by") is not None:
                    goad_later.append((eid, e["goaded_by"], f"players[{i}] {e['card']}.goaded_by"))
    if fmt == "commander":
        _commanders(g, players, extra, handles)
    for eid, target, name in attach_later:
        if target not in handles:
            raise ScenarioError(f"{name}.attached_to: unknown handle {target!r}")
        g.world.add(eid, Attached(g.card_entity[handles[target]]))
    # make 'sick: true' objects sick: they came under control after the turn began
    for e in g.battlefield:
        ctl = g.world.get(e, Controller)
        if ctl.since != -1:
            g.world.add(e, Controller(ctl.player, g.tick()))
    for p in g.players:
        p.turn_started_at = 0
    if phase_later:                 # phased out under its controller, with its attachments (702.26g)
        phase_out(g, phase_later)
    for eid, who, where in goad_later:  # until that player's next turn (701.15a)
        for p in who if isinstance(who, list) else [who]:
            goad(g, [eid], _player_index(p, where, len(players)), eid)
    g.version += 1
    # the game is in `step` with an empty stack and the active player holding priority
    if step in ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage"):
        pass  # combat state can't be set up by a scenario; the step begins with no combat
    g.priority = active
    g.passes = 0
    g.advance()
    return g, handles


def _commanders(g, players, extra, handles):
    """`players[i].commander` (903.3): the card of that name the player owns where the
    setup lists it, else a new card in the command zone (903.6); `history.commander_damage`
    (704.6c). A commander the setup puts in a graveyard or exile was there before the last
    state-based action check: it stays (903.9a)."""
    for i, ps in enumerate(players):
        name = ps.get("commander")
        if name is None:
            continue
        where = f"players[{i}].commander"
        if not isinstance(name, str):
            raise ScenarioError(f"{where}: a card name")
        defn = _entry_defn({"card": name}, extra, where)
        listed = [e for z in ("command", "battlefield", "hand", "library", "graveyard", "exile")
                  for e in g.zone_list(z, i) if g.owner(e) == i and g.name(e) == defn.name
                  and not g.world.ents[e][Card].token]
        eid = listed[0] if listed else put_into_command_zone(g, i, defn)
        designate(g, eid)
        if g.zone_of(eid) in ("graveyard", "exile"):
            g.commander_declined = g.commander_declined + (eid,)
    for i, ps in enumerate(players):
        dealt = (ps.get("history") or {}).get("commander_damage") or {}
        where = f"players[{i}].history.commander_damage"
        if not isinstance(dealt, dict):
            raise ScenarioError(f"{where}: {{commander handle: damage}}")
        for h, n in dealt.items():
            if h not in handles or handles[h] not in g.commanders:
                raise ScenarioError(f"{where}: {h!r} is not the handle of a commander")
            if not _nat(n):
                raise ScenarioError(f"{where}.{h}: an integer, 0 or more (got {n!r})")
            _bounded(n, 0, MAX_AMOUNT, f"{where}.{h}")
            g.commander_damage[(i, handles[h])] = n


def _exiled_with(g, source, ctl, owner, entries, extra, handles, where):
    """Cards exiled with `source` by its own ability (607.2a): a hideaway permanent's
    card is face down, and its controller may look at it (702.75a)."""
    face_down = any(k.name == "hideaway" for k in g.chars(source).keywords)
    for e in _card_entries(entries, where):
        if set(e) & BATTLEFIELD_ONLY:
            raise ScenarioError(f"{where}: {sorted(set(e) & BATTLEFIELD_ONLY)} only on the battlefield")
        for _ in range(e.get("count", 1)):
            card = g.create_object(_entry_defn(e, extra, where), owner, "exile", token=bool(e.get("token")))
            _handle(handles, e, g, card)
            if face_down:
                hide(g, source, card, ctl)
            else:
                link_exiled(g, source, [g.world.ents[card][Card].card_id])


def _handle(handles, e, g, eid):
    h = e.get("id")
    if h is None:
        return
    if not isinstance(h, str):
        raise ScenarioError(f"id {h!r}: a handle is a string")
    if h in handles or h in ("p0", "p1", "p2", "p3"):
        raise ScenarioError(f"id {h!r}: used twice")
    handles[h] = g.world.ents[eid][Card].card_id


def _teams(spec, n: int) -> tuple:
    """`teams`: every player on one team of two, teammates in consecutive seats (810.1:
    turn order meets a team's players one after the other), each listed in seat order."""
    if not isinstance(spec, list) or not all(isinstance(t, list) and len(t) == 2 for t in spec):
        raise ScenarioError("teams: a list of teams of two players, as [[0, 1], [2, 3]]")
    teams = tuple(tuple(_player_index(p, "teams", n) for p in t) for t in spec)
    if sorted(p for t in teams for p in t) != list(range(n)):
        raise ScenarioError("teams: every player on exactly one team")
    for a, b in teams:
        if b != (a + 1) % n:
            raise ScenarioError(f"teams: p{a} and p{b} don't sit together: a team is two "
                                f"consecutive seats, listed in turn order")
    return teams


def _shared_life(g, players) -> None:
    """A `life` given on either teammate is the team's shared total (810.9; the format:
    "Multiplayer"), given on both only with the same value."""
    for team in g.teams:
        given = {players[p]["life"] for p in team if "life" in players[p]}
        if len(given) > 1:
            raise ScenarioError(f"players {', '.join(f'p{p}' for p in team)}: a team shares "
                                f"one life total: give the same life on both (or on one)")
        life = given.pop() if given else g.starting_life
        for p in team:
            g.players[p].life = life


def _player_index(v, where, n):
    if isinstance(v, str) and v.startswith("p") and v[1:].isdigit():
        v = int(v[1:])
    if not isinstance(v, int) or not (0 <= v < n):
        raise ScenarioError(f"{where}: not a player ({v!r})")
    return v
