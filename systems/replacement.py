"""Replacement and prevention effects (CR 614-616).

Each replacement applies at most once to one event (614.5). Templates here are
used by card definitions inside `StaticAbility(replacement=...)`; effects with a
duration (Fog, prevention shields) live in `game.shields`.
"""
from __future__ import annotations

from components import Card
from cards.dsl import StaticAbility


class Replacement:
    """Base for a replacement effect a static ability generates."""
    kind = "zone_change"


class InsteadOfGraveyardShuffle(Replacement):
    """'If ~ would be put into a graveyard from anywhere, reveal it and shuffle
    it into its owner's library instead.' (Darksteel Colossus)"""
    kind = "zone_change"
    functions_in = "all"

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "graveyard"

    def apply(self, game, eid, ev) -> None:
        ev["to"] = "library"
        ev["shuffle"] = True
        ev["reveal"] = True
        game.emit("reveal", eid=eid)


class EntersTappedUnless(Replacement):
    """'~ enters tapped unless <condition>' (CR 614.1c, 614.12)."""
    kind = "zone_change"
    functions_in = "self_entering"

    def __init__(self, condition=None):
        self.condition = condition      # fn(game, eid, controller) -> bool: enters untapped

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield"

    def apply(self, game, eid, ev) -> None:
        ctl = ev["controller"] if ev["controller"] is not None else game.owner(eid)
        if self.condition is None or not self.condition(game, eid, ctl):
            ev["tapped"] = True


def _own_replacements(game, eid):
    defn = game.world.ents[eid][Card].defn
    for ab in defn.abilities:
        if isinstance(ab, StaticAbility):
            for r in ab.replacement:
                yield r


def zone_change(game, ev) -> None:
    """Apply replacement effects to a zone change event (the object's own first)."""
    eid = ev["eid"]
    applied = set()
    changed = True
    while changed:
        changed = False
        for r in _own_replacements(game, eid):
            if id(r) in applied:
                continue
            if r.functions_in == "self_entering" or r.functions_in == "all" or \
                    game.zone_of(eid) == "battlefield":
                if r.applies(game, eid, ev):
                    applied.add(id(r))
                    r.apply(game, eid, ev)
                    changed = True


def skip_draw(game, player) -> bool:
    return False


# ---------------------------------------------------------------------------
# Prevention (CR 615)
# ---------------------------------------------------------------------------
class PreventAllCombatDamage:
    """Fog: 'Prevent all combat damage that would be dealt this turn.'"""
    duration = "eot"

    def prevents(self, game, source, target, amount, combat):
        return amount if combat else 0


class PreventNextDamage:
    """'Prevent the next N damage that would be dealt to <target> this turn.'"""
    duration = "eot"

    def __init__(self, target, amount):
        self.target = target
        self.left = amount

    def prevents(self, game, source, target, amount, combat):
        if target != self.target or self.left <= 0:
            return 0
        n = min(amount, self.left)
        plan = game.extra.get("prevention_plans", {}).get(id(self))
        if plan is not None:                # 615.7: as the affected player chose
            n = min(n, plan.get(source, 0))
            plan[source] = plan.get(source, 0) - n
        self.left -= n
        return n


def shield_choices(game, batch) -> list:
    """CR 615.7: when damage from several sources would be dealt at once to the
    recipient of a shield that prevents a fixed amount, and the shield can't prevent
    all of it, the recipient (or its controller) chooses which damage it prevents.
    `batch` is the damage event's (source, source chars, recipient, amount) list.
    Returns [(shield, recipient, {source: amount that would be dealt})]."""
    out = []
    for sh in game.shields:
        if not isinstance(sh, PreventNextDamage) or sh.left <= 0:
            continue
        per = {}
        for src, sc, t, n in batch:
            if t == sh.target and n > 0 and not protection_prevents(game, sc, t):
                per[src] = per.get(src, 0) + n
        if len(per) > 1 and sum(per.values()) > sh.left:
            out.append((sh, sh.target, per))
    return out


def protection_prevents(game, source_chars, target) -> bool:
    """CR 702.16e: damage from a source with a quality the target has protection from."""
    if not isinstance(target, int) or target not in game.battlefield:
        return False
    tc = game.chars(target)
    for q in tc.params("protection"):
        if has_quality(source_chars, q):
            return True
    return False


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def has_quality(chars, quality: str) -> bool:
    """Does an object have the quality named by 'protection from <quality>'?"""
    q = quality.lower()
    if q in _COLOR_WORDS:
        return _COLOR_WORDS[q] in chars.colors
    if q == "everything":
        return True
    if q in ("artifacts", "creatures", "enchantments", "planeswalkers", "instants", "sorceries"):
        t = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
             "planeswalkers": "Planeswalker", "instants": "Instant", "sorceries": "Sorcery"}[q]
        return t in chars.types
    if q == "multicolored":
        return len(chars.colors) > 1
    if q == "monocolored":
        return len(chars.colors) == 1
    # a creature type in the plural, e.g. 'goblins'
    sub = q[:-1] if q.endswith("s") else q
    return any(s.lower() == sub or s.lower() == q for s in chars.subtypes)


def prevent_damage(game, source, source_chars, target, amount: int, combat: bool) -> int:
    """The damage left after prevention effects (615). Returns the amount dealt."""
    if amount <= 0:
        return 0
    if protection_prevents(game, source_chars, target):
        return 0
    for sh in game.shields:
        if amount <= 0:
            break
        prevent = getattr(sh, "prevents", None)
        if prevent is not None:
            amount -= prevent(game, source, target, amount, combat)
    return max(0, amount)
