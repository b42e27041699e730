"""An index of the battlefield's abilities, rebuilt when characteristics change.

Many rules ask "does some permanent have a static ability that ..." (a rules change,
604.1; a prevention effect, 615; a player rule such as 'skip your draw step', 614.10)
or "which permanents have activated abilities" (602.1) — several times in every
step. Scanning every permanent's characteristics for each question made those scans
the largest cost of a game. One pass per characteristics state (the layer cache key
plus the battlefield version) records the few permanents that matter, in battlefield
order, and every question reads that short list instead.
"""
from __future__ import annotations

from mtg_ecs.components.definitions import StaticAbility, TriggeredAbility
from mtg_ecs.components.mana import UNIT_MANA
from mtg_ecs.core.decisions import activate_option


KEYWORD_TRIGGERS = {"ward", "hideaway"}     # keywords that stand for a triggered ability


class Board:
    """Per controller, in battlefield order: creatures (for attack and block
    declarations, 508.1a/509.1a), permanents with {T} mana abilities (the automatic
    payer, 605), permanents with other activated abilities (602.1); all static
    abilities, planeswalkers, triggered abilities by the event they watch (603.2) and
    the permanents a state-based action could look at (704.5)."""

    __slots__ = ("key", "statics", "rule_statics", "move_replacers", "triggers", "watch", "moves",
                 "move_to", "holders", "mana", "mana_owner", "creatures", "walkers", "sba", "sba_look",
                 "shared")

    def __init__(self, game, key):
        self.key = key
        # a clone of the game has the same index (`Game.clone`): neither game changes it
        # then, each patches a copy of its own (`copy`)
        self.shared = False
        self.statics = []       # (eid, chars, StaticAbility)
        # those of them that change rules (`StaticAbility.rules`): only they can change what
        # a player may do and at what cost (601.2f, 601.3, 305.1), apart from characteristics
        self.rule_statics = []
        # the permanents among them with a replacement effect on other objects' zone changes
        # (614: Leyline of the Void), once per such ability: a move nothing else can replace
        # goes without looking for one (systems.replacement.could_replace_move)
        self.move_replacers = []
        self.triggers = []      # (eid, chars, [TriggeredAbility]) (603.2)
        self.watch = {}         # event kind -> [(eid, chars, index, TriggeredAbility)] watching it
        # the zone changes those watching for one can match: (from, to, only its source's own,
        # eid) each (`watches_move`)
        self.moves = []
        # their destinations (`zone_to`, None: any): a move to another zone (hand to stack,
        # stack to graveyard) goes without walking them (`Game.hears_zone_change`)
        self.move_to = set()
        self.holders = {}       # controller -> [(eid, [(index, ActivatedAbility)])], non-empty
        # controller -> [(eid, ManaProfile, may be summoning sick, its `mana_sources` entry
        # (eid, pools, choices) or None when an amount varies, its abilities' priority
        # options: ManaProfile.options)], non-empty
        self.mana = {}
        # eid -> its controller, for each permanent in `mana` (a tap or untap of one makes that
        # player's mana sources stale: Game.tapped_changed)
        self.mana_owner = {}
        self.creatures = {}     # controller -> [eid], non-empty
        self.walkers = []       # eid
        # permanents whose characteristics make a state-based action look at them (704.5f-j,
        # 704.5m-n): creatures, planeswalkers, legendaries, Auras, Equipment
        self.sba = set()
        # those of them whose characteristics alone make a state-based action look closer
        # (704.5f toughness 0 or less, 704.5i planeswalkers, 704.5j legendaries, 704.5m
        # Auras): a creature not among them needs a look only with damage, counters or
        # something attached (systems.sba)
        self.sba_look = set()
        # what _add does, inlined for the whole battlefield (built on every change of
        # characteristics)
        allc = game.all_chars()
        statics, triggers, watch, holders, mana_by, creatures, walkers, sba, look = (
            self.statics, self.triggers, self.watch, self.holders, self.mana, self.creatures,
            self.walkers, self.sba, self.sba_look)
        for e in game.battlefield:
            ch = allc.get(e)
            if ch is None:
                ch = game.chars(e)
            entry = ch.board_entry
            if entry is None:
                entry = _entry(game, e, ch)
            stat, trig, kinds, other, mana, sick = entry
            for ab in stat:
                statics.append((e, ch, ab))
                if ab.rules:
                    self.rule_statics.append((e, ch, ab))
                if ab.replacement and any(map(replaces_others_moves, ab.replacement)):
                    self.move_replacers.append(e)
            if trig:
                triggers.append((e, ch, trig))
                for i, ab in enumerate(trig):
                    for kind in ab.trigger.events:
                        watch.setdefault(kind, []).append((e, ch, i, ab))
                        if kind == "zone_change":
                            self.moves.append(_move(e, ab.trigger))
                            self.move_to.add(ab.trigger.zone_to)
            if kinds:
                if kinds & _CREATURE:
                    creatures.setdefault(ch.controller, []).append(e)
                if kinds & _WALKER:
                    walkers.append(e)
                if kinds & _SBA:
                    sba.add(e)
                    if kinds & _LOOK or (kinds & _CREATURE and (ch.toughness is None
                                                                or ch.toughness <= 0)):
                        look.add(e)
            if other:
                holders.setdefault(ch.controller, []).append((e, other))
            if mana is not None:
                mana_by.setdefault(ch.controller, []).append((e, mana, sick, mana.source(e), mana.options(e)))
                self.mana_owner[e] = ch.controller

    def copy(self) -> "Board":
        """The same index, with containers of its own to patch (`patch`, `replace`)."""
        b = Board.__new__(Board)
        b.key = self.key
        b.shared = False
        b.statics = self.statics.copy()
        b.rule_statics = self.rule_statics.copy()
        b.move_replacers = self.move_replacers.copy()
        b.triggers = self.triggers.copy()
        b.moves = self.moves.copy()
        b.move_to = self.move_to.copy()
        b.walkers = self.walkers.copy()
        b.sba = self.sba.copy()
        b.sba_look = self.sba_look.copy()
        b.watch = {k: v.copy() for k, v in self.watch.items()}
        b.holders = {k: v.copy() for k, v in self.holders.items()}
        b.mana = {k: v.copy() for k, v in self.mana.items()}
        b.mana_owner = self.mana_owner.copy()
        b.creatures = {k: v.copy() for k, v in self.creatures.items()}
        return b

    def watches_move(self, frm: str, to: str, old=None, new=None) -> bool:
        """Could a triggered ability on the battlefield match an object's zone change from
        `frm` to `to` (603.2; its trigger's `zone_from`, `zone_to`, and `self_only`: only if
        its source is the object `old` that moved or the object `new` it became, when
        `new` is known)?"""
        for zone_from, zone_to, own, e in self.moves:
            if (zone_from is None or zone_from == frm) and (zone_to is None or zone_to == to) \
                    and (not own or new is None or e == new or e == old):
                return True
        return False

    def _add(self, game, e, ch) -> None:
        statics, trig, kinds, other, mana, sick = _entry(game, e, ch)
        for ab in statics:
            self.statics.append((e, ch, ab))
            if ab.rules:
                self.rule_statics.append((e, ch, ab))
            if ab.replacement and any(map(replaces_others_moves, ab.replacement)):
                self.move_replacers.append(e)
        if trig:
            self.triggers.append((e, ch, trig))
            watch = self.watch
            for i, ab in enumerate(trig):
                for kind in ab.trigger.events:
                    lst = watch.get(kind)           # (no list made where there is one)
                    if lst is None:
                        watch[kind] = [(e, ch, i, ab)]
                    else:
                        lst.append((e, ch, i, ab))
                    if kind == "zone_change":
                        self.moves.append(_move(e, ab.trigger))
                        self.move_to.add(ab.trigger.zone_to)
        if kinds:
            if kinds & _CREATURE:
                lst = self.creatures.get(ch.controller)
                if lst is None:
                    self.creatures[ch.controller] = [e]
                else:
                    lst.append(e)
            if kinds & _WALKER:
                self.walkers.append(e)
            if kinds & _SBA:
                self.sba.add(e)
                if kinds & _LOOK or (kinds & _CREATURE and (ch.toughness is None
                                                            or ch.toughness <= 0)):
                    self.sba_look.add(e)
        if other:
            self.holders.setdefault(ch.controller, []).append((e, other))
        if mana is not None:
            ctl = ch.controller
            self.mana.setdefault(ctl, []).append((e, mana, sick, mana.source(e), mana.options(e)))
            self.mana_owner[e] = ctl
            game.mana_cache[ctl] = None         # (costs.mana_sources: read off this list)

    def replace(self, game, changed) -> bool:
        """Objects whose characteristics changed in place, [(eid, old, new)]
        (systems.layers.effects_changed): the index holds the new ones where it held the
        old. False, leaving the index to be rebuilt, if one's entry changed (it would move
        in or out of the lists)."""
        for e, old, new in changed:
            entry = _entry(game, e, new)
            was = _entry(game, e, old)
            if entry is not was and entry != was:
                return False
        for e, old, new in changed:
            stat, trig, kinds, _, _, _ = new.board_entry
            if kinds & _SBA:
                if kinds & _LOOK or (kinds & _CREATURE and (new.toughness is None
                                                            or new.toughness <= 0)):
                    self.sba_look.add(e)
                else:
                    self.sba_look.discard(e)
            if stat:
                self.statics = _renewed(self.statics, e, new)
                self.rule_statics = _renewed(self.rule_statics, e, new)
            if trig:
                self.triggers = _renewed(self.triggers, e, new)
                watch = {}
                for kind, lst in self.watch.items():
                    watch[kind] = _renewed(lst, e, new)
                self.watch = watch
        return True

    def patch(self, game, left, entered, key, gone=None, new=None) -> None:
        """One object left and/or one entered the battlefield, no other object's
        characteristics changing (systems.layers.patch_battlefield): update in place. `gone`: the
        characteristics of the one that left, if known (the index holds it under the
        entry kept on them: only the lists that entry put it in are looked at); `new`:
        those of the one that entered, if known."""
        if left is not None:
            entry = gone.board_entry if gone is not None else None
            if entry is None:           # not known: look everywhere
                stat = trig = other = True
                kinds = _CREATURE | _WALKER
                mana = ()
            else:
                stat, trig, kinds, other, mana, _ = entry
            if stat and self.statics:
                kept = _without(self.statics, left)
                if len(kept) < len(self.statics):
                    self.statics = kept
                    self.rule_statics = _without(self.rule_statics, left)
                    if self.move_replacers:
                        # (a loop: a comprehension would make `left` a cell at every call)
                        kept = []
                        for x in self.move_replacers:
                            if x != left:
                                kept.append(x)
                        self.move_replacers = kept
            if trig and self.triggers:
                kept = _without(self.triggers, left)
                if len(kept) < len(self.triggers):
                    self.triggers = kept
                    _drop(self.watch, left)
                    if self.moves:
                        moves = []
                        move_to = set()
                        for m in self.moves:        # (move entries: the eid is 4th)
                            if m[3] != left:
                                moves.append(m)
                                move_to.add(m[1])
                        self.moves = moves
                        self.move_to = move_to
            if kinds & _WALKER and left in self.walkers:
                self.walkers = _removed(self.walkers, left)
            self.sba.discard(left)
            self.sba_look.discard(left)
            if other and self.holders:
                _drop(self.holders, left)
            if mana is not None:
                ctl = self.mana_owner.pop(left, None)
                if ctl is not None:
                    kept = _without(self.mana[ctl], left)
                    if kept:
                        self.mana[ctl] = kept
                    else:
                        del self.mana[ctl]              # absent: the player has none
                    game.mana_cache[ctl] = None     # (costs.mana_sources: read off this list)
            if kinds & _CREATURE:
                for ctl, lst in self.creatures.items():
                    if left in lst:
                        kept = _removed(lst, left)
                        if kept:
                            self.creatures[ctl] = kept
                        else:
                            del self.creatures[ctl]     # absent: the player has none
                        break
        if entered is not None:
            self._add(game, entered, game.chars(entered) if new is None else new)
        self.key = key


# What a permanent with its card's printed abilities contributes, once per card
# definition (most permanents); abilities an effect changed are sorted each time.
_KINDS = {}     # card definition -> (static abilities, triggered abilities)
_SPLIT = {}     # card definition -> ([(i, other activated ability)], ManaProfile or None)
_PRINTED_ENTRY = {}     # card definition -> (`_entry`, activated abilities) of printed characteristics


# _LOOK: a planeswalker, legendary or Aura (a state-based action looks at it whatever
# its components: 704.5i, 704.5j, 704.5m)
_CREATURE, _WALKER, _SBA, _LOOK = 1, 2, 4, 8


def _entry(game, e, ch) -> tuple:
    """What the object contributes to the index: (static abilities, triggered abilities,
    kinds (_CREATURE | _WALKER | _SBA), other activated abilities, ManaProfile of its
    {T} mana abilities it can activate or None, may be summoning sick (read with the
    mana abilities only)). It depends only on the characteristics, so it is kept on them
    (`Chars.board_entry`): an object whose characteristics are the same object as at the
    last index (printed ones that no effect changed) isn't sorted again, and one whose
    characteristics an effect changed only where the entry doesn't look shares the entry
    of its printed characteristics."""
    hit = ch.board_entry
    if hit is not None:
        return hit
    d = ch.defn
    if ch.abilities is d.abilities and ch.types is d.types and ch.subtypes is d.subtypes \
            and ch.supertypes is d.supertypes and ch.keywords is d.keywords and not ch.flags:
        # everything the entry reads is the card's own (printed characteristics, or ones
        # an effect changed only elsewhere): the entry of every such object of the card
        # (and the activated abilities `_compute_entry` reads, kept on the characteristics
        # as `costs.activated_of` would)
        hit = _PRINTED_ENTRY.get(d)
        if hit is None:
            hit = _PRINTED_ENTRY[d] = (_compute_entry(ch), _costs.activated_of(ch))
        ch.board_entry = hit[0]
        if ch.acts is None:
            ch.acts = hit[1]
        return hit[0]
    base = game.base_chars.get(e)
    if base is not None:
        b = base[1]
        if b is not ch and ch.defn is b.defn and ch.abilities is b.abilities \
                and ch.types is b.types and ch.supertypes is b.supertypes \
                and ch.subtypes is b.subtypes and ch.flags is b.flags:
            hit = b.board_entry
            if hit is None:
                hit = b.board_entry = _compute_entry(b)
            if ch.keywords is b.keywords or (
                    (hit[4] is None or ch.has("haste") == b.has("haste"))
                    and not _costs.keyword_abilities(ch.keywords)
                    and not _costs.keyword_abilities(b.keywords)
                    and not _keyword_triggers(ch.keywords) and not _keyword_triggers(b.keywords)):
                # an effect changed only what the entry doesn't read (power, toughness,
                # colors; keywords but haste of a mana source, equip and cycling)
                ch.board_entry = hit
                return hit
    hit = ch.board_entry = _compute_entry(ch)
    return hit


def _compute_entry(ch) -> tuple:
    statics, trig = _kinds(ch)
    types = ch.types
    kinds = 0
    if "Creature" in types:
        kinds |= _CREATURE | _SBA
    if "Planeswalker" in types:
        kinds |= _WALKER | _SBA | _LOOK
    if "Legendary" in ch.supertypes or "Aura" in ch.subtypes:
        kinds |= _SBA | _LOOK   # 704.5j, 704.5m: a state-based action looks at it
    elif "Equipment" in ch.subtypes:
        kinds |= _SBA           # 704.5n: a state-based action could look at it
    other, mana = _split(ch, _costs.activated_of(ch))
    if mana is not None and "cant_activate" in ch.flags:          # 602.5 (Ice Cage)
        mana = None
    sick = "Creature" in types and not ch.has("haste")             # 302.6: can be sick
    return (statics, trig, kinds, other, mana, sick)


def _kinds(ch) -> tuple:
    printed = ch.abilities is ch.defn.abilities and ch.keywords is ch.defn.keywords
    hit = _KINDS.get(ch.defn) if printed else None
    if hit is None:
        abilities = ch.abilities
        hit = (tuple(a for a in abilities if isinstance(a, StaticAbility)),
               _keyword_triggers(ch.keywords) + [a for a in abilities if isinstance(a, TriggeredAbility)])
        if printed:
            _KINDS[ch.defn] = hit
    return hit


def _keyword_triggers(keywords) -> list:
    """The triggered abilities keywords stand for (ward 702.21a, hideaway 702.75a), before
    the other triggered abilities, as keywords are printed first."""
    for k in keywords:
        if k.name in KEYWORD_TRIGGERS:
            break
    else:
        return []
    # (these systems build on triggers, which read the index)
    from mtg_ecs.systems import hideaway, ward
    return ward.keyword_triggers(keywords) + hideaway.keyword_triggers(keywords)


def _split(ch, acts) -> tuple:
    """(other activated abilities, ManaProfile of the {T} mana abilities or None)."""
    printed = acts is _costs.printed_activated(ch.defn)
    hit = _SPLIT.get(ch.defn) if printed else None
    if hit is None:
        other = []
        mana = []
        for i, ab in enumerate(acts):
            if ab.mana and _costs.is_simple_mana(ab):
                mana.append((i, ab))
            elif ab.zone == "battlefield":
                other.append((i, ab))
        hit = (other, ManaProfile(mana) if mana else None)
        if printed:
            _SPLIT[ch.defn] = hit
    return hit


class ManaProfile:
    """{T} mana abilities (605.1a) and what they make: `pools` lists each kind of mana
    one activation can make and `choices` the (ability index, option) of each; pools
    are None when an amount varies with the game ('Add {G} for each Elf you control')
    and is read when asked; `unit`: the index of the one mana it makes when it has one
    option of one mana (a basic land), else None."""

    __slots__ = ("items", "pools", "choices", "unit")

    def __init__(self, items):
        self.items = items
        pools = []
        choices = []
        for i, ab in items:
            for j, m in enumerate(ab.mana):
                if callable(m):
                    pools = None
                    break
                pools.append(tuple(m))
                choices.append((i, j))
            if pools is None:
                break
        self.pools = tuple(pools) if pools is not None else None
        self.choices = tuple(choices)
        self.unit = UNIT_MANA.get(self.pools[0]) if pools is not None and len(pools) == 1 else None

    def source(self, e):
        """Permanent `e`'s entry in `costs.mana_sources` (made once per index entry), or
        None when an amount varies."""
        return (e, self.pools, self.choices) if self.pools is not None else None

    def options(self, e) -> tuple:
        """The priority options of permanent `e`'s {T} mana abilities, one per ability
        (605.1a), made once per index entry: the mana sources' list of them is then one
        append per untapped source (`costs.mana_sources`, `Sources.options`)."""
        out = []                        # (a loop: a comprehension reading `e` makes it a cell)
        for i, _ in self.items:
            out.append(activate_option(e, i))
        return tuple(out)


def _move(e, t) -> tuple:
    """The zone changes trigger `t` of permanent `e` can match (`Board.moves`)."""
    return t.zone_from, t.zone_to, t.self_only, e


def replaces_others_moves(r) -> bool:
    """Is the replacement effect one on other objects' zone changes (614)?"""
    return getattr(r, "kind", None) == "zone_change" and r.functions_in == "others"


# (The lists are copied with loops, not comprehensions: in 3.11 each comprehension or
# generator expression is one more function call, and these run at each zone change.)

def _without(lst: list, eid) -> list:
    """The entries (eid, ...) of `lst` but those of `eid`."""
    kept = []
    for x in lst:
        if x[0] != eid:
            kept.append(x)
    return kept


def _removed(eids: list, eid) -> list:
    """A copy of `eids` without `eid` (listed once)."""
    kept = eids.copy()
    kept.remove(eid)
    return kept


def _renewed(lst: list, eid, new) -> list:
    """The entries (eid, characteristics, ...) of `lst`, those of `eid` with `new` ones."""
    out = lst.copy()
    for i, x in enumerate(out):
        if x[0] == eid:
            out[i] = (eid, new) + x[2:]
    return out


def _drop(by_player: dict, eid) -> None:
    for p, lst in list(by_player.items()):
        kept = _without(lst, eid)
        if len(kept) < len(lst):
            if kept:
                by_player[p] = kept
            else:
                del by_player[p]        # absent: the player has none


def board(game) -> Board:
    """The index for the current state (cached on the game; the game drops it whenever
    characteristics may have changed or the battlefield changed without a patch:
    `Game.chars_changed`, `Game.zones_changed`)."""
    b = game.board
    if b is None:       # (never set while the layer cache is stale: Game.chars_changed)
        game.all_chars()                    # bring the layer cache up to date first
        b = game.board = Board(game, (game.cversion, game.bversion))
        # the mana sources kept were read off the index this one replaces (costs.mana_sources)
        game.mana_cache = [None] * len(game.mana_cache)
    return b


def statics_with_rule(game, rule, player=None):
    """(eid, chars, ability) for each static ability naming `rule` among its rules
    (a string or a rule class), optionally only those `player` controls."""
    statics = (game.board or board(game)).rule_statics
    if not statics:
        return ()
    out = []
    for e, ch, ab in statics:
        if player is not None and ch.controller != player:
            continue
        if isinstance(rule, str):
            if rule in ab.rules:
                out.append((e, ch, ab))
        elif any(isinstance(r, rule) for r in ab.rules):
            out.append((e, ch, ab))
    return out


from mtg_ecs.systems import costs as _costs  # noqa: E402  (costs imports this module)
