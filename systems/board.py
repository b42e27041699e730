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

from cards.dsl import StaticAbility, TriggeredAbility


class Board:
    """Per controller, in battlefield order: creatures (for attack and block
    declarations, 508.1a/509.1a), permanents with {T} mana abilities (the automatic
    payer, 605), permanents with other activated abilities (602.1); and all static
    abilities and planeswalkers."""

    __slots__ = ("key", "statics", "triggers", "holders", "mana", "creatures", "walkers")

    def __init__(self, game, key):
        self.key = key
        self.statics = []       # (eid, chars, StaticAbility)
        self.triggers = []      # (eid, chars, [TriggeredAbility]) (603.2)
        self.holders = {}       # controller -> [(eid, [(index, ActivatedAbility)])], non-empty
        self.mana = {}          # controller -> [ManaSource], non-empty
        self.creatures = {}     # controller -> [eid], non-empty
        self.walkers = []       # eid
        chars = game.chars
        for e in game.battlefield:
            self._add(game, e, chars(e))

    def _add(self, game, e, ch) -> None:
        from systems.costs import activated_abilities, is_simple_mana
        trig = []
        for ab in ch.abilities:
            if isinstance(ab, StaticAbility):
                self.statics.append((e, ch, ab))
            elif isinstance(ab, TriggeredAbility):
                trig.append(ab)
        if trig:
            self.triggers.append((e, ch, trig))
        ctl = ch.controller
        if "Creature" in ch.types:
            self.creatures.setdefault(ctl, []).append(e)
        if "Planeswalker" in ch.types:
            self.walkers.append(e)
        other = []
        mana = []
        for i, ab in enumerate(activated_abilities(game, e)):
            if ab.mana and is_simple_mana(ab):
                mana.append((i, ab))
            elif ab.zone == "battlefield":
                other.append((i, ab))
        if other:
            self.holders.setdefault(ctl, []).append((e, other))
        if mana and "cant_activate" not in ch.flags:            # 602.5 (Ice Cage)
            self.mana.setdefault(ctl, []).append(ManaSource(e, ch, mana))

    def patch(self, game, left, entered, key) -> None:
        """One object left and/or one entered the battlefield while no continuous
        effect exists (systems.layers.patch_battlefield): update in place."""
        if left is not None:
            if any(s[0] == left for s in self.statics):
                self.statics = [s for s in self.statics if s[0] != left]
            if any(s[0] == left for s in self.triggers):
                self.triggers = [s for s in self.triggers if s[0] != left]
            if left in self.walkers:
                self.walkers = [e for e in self.walkers if e != left]
            _drop(self.holders, left, lambda h: h[0])
            _drop(self.mana, left, lambda h: h.eid)
            _drop(self.creatures, left, lambda e: e)
        if entered is not None:
            self._add(game, entered, game.chars(entered))
        self.key = key


class ManaSource:
    """A permanent's {T} mana abilities (605.1a) with what they make, fixed per
    characteristics state: `pools` lists each kind of mana one activation can make
    and `choices` the (ability index, option) of each; pools are None when an amount
    varies with the game ('Add {G} for each Elf you control') and is read when asked."""

    __slots__ = ("eid", "items", "pools", "choices", "creature", "haste")

    def __init__(self, eid, ch, items):
        self.eid = eid
        self.items = items
        self.creature = "Creature" in ch.types          # summoning sickness applies (302.6)
        self.haste = ch.has("haste")
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


def _drop(by_player: dict, eid, key) -> None:
    for p, lst in list(by_player.items()):
        if any(key(x) == eid for x in lst):
            kept = [x for x in lst if key(x) != eid]
            if kept:
                by_player[p] = kept
            else:
                del by_player[p]        # absent: the player has none


def board(game) -> Board:
    """The index for the current state (cached on the game)."""
    b = game._board
    if b is None or b.key[0] != game.cversion or b.key[1] != game.bversion \
            or game._chars_version != game.cversion:
        game.all_chars()                    # bring the layer cache up to date first
        b = game._board = Board(game, (game.cversion, game.bversion))
    return b


def statics_with_rule(game, rule, player=None):
    """(eid, chars, ability) for each static ability naming `rule` among its rules
    (a string or a rule class), optionally only those `player` controls."""
    statics = board(game).statics
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
