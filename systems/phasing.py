"""Phasing (CR 702.26).

A phased-out permanent is treated as though it doesn't exist (702.26b). It stays the same
object — phasing is no zone change (702.26d): no enters or leaves abilities trigger, and it
keeps its counters, attachments, status and the choices made as it entered (002 Slip Out
the Back R3, R5, R7) — but it is taken out of `game.battlefield` into the declared list
`game.phased_out`, so no rules system sees it: no index, layer pass, target, combat or
state-based action. Its zone stays the battlefield; the few checks that read an object's
zone and not the battlefield list ask `is_phased_out` (a test of an empty tuple while
nothing is phased out).

Permanents attached to one that phases out phase out with it, indirectly (702.26g), and
phase in only with it, still attached (702.26h). A phased-out permanent phases in during
its controller's untap step, before anything untaps (502.1). An attacking or blocking
creature that phases out is removed from combat (506.4); effects lasting 'for as long as'
it remains or is controlled end (611.2b, systems/durations.py).

`game.phased_out` holds (permanent, the player who controlled it as it phased out, the
permanent it phased out with or None), in the order they phased out.
"""
from __future__ import annotations

from mtg_ecs.components import Attached
from mtg_ecs.systems.durations import source_gone
from mtg_ecs.systems.teams import active_players


def is_phased_out(game, eid) -> bool:
    recs = game.phased_out
    return bool(recs) and any(r[0] == eid for r in recs)


def phase_out(game, eids) -> None:
    """702.26a: these permanents phase out, with what is attached to them (702.26g)."""
    from mtg_ecs.systems.combat import remove_from_combat    # (combat imports targeting, which imports this)
    recs = list(game.phased_out)
    for e in eids:
        if e in game.battlefield:
            _out(game, e, None, recs, remove_from_combat)
    if len(recs) != len(game.phased_out):
        game.phased_out = tuple(recs)
        _battlefield_changed(game)


def _out(game, e, host, recs, remove_from_combat) -> None:
    attached = [a for a in game.battlefield if (game.world.get(a, Attached) or _NONE).to == e]
    recs.append((e, game.chars(e).controller, host))
    remove_from_combat(game, e)                     # 506.4
    game.battlefield.remove(e)
    source_gone(game, e)                            # 611.2b
    for a in attached:
        _out(game, a, e, recs, remove_from_combat)


class _NoAttachment:
    to = None


_NONE = _NoAttachment()


def phase_in_untap_step(game) -> None:
    """502.1: the permanents the active player controlled as they phased out phase in
    (those that phased out with another come back with it), before the untap (502.3)."""
    recs = game.phased_out
    if not recs:
        return
    aps = active_players(game)              # (805.4a: each player of the active team's)
    back = set()
    for e, ctl, host in recs:
        if host is None and ctl in aps:
            back.add(e)
    changed = True
    while changed:                                  # 702.26h: with what they phased out with
        changed = False
        for e, _, host in recs:
            if host in back and e not in back:
                back.add(e)
                changed = True
    if back:
        phase_in(game, back)


def phase_in(game, eids) -> None:
    """702.26a: these phased-out permanents phase in, in the order they phased out."""
    keep = []
    for r in game.phased_out:
        if r[0] in eids:
            game.battlefield.append(r[0])
        else:
            keep.append(r)
    game.phased_out = tuple(keep)
    _battlefield_changed(game)


def _battlefield_changed(game) -> None:
    """What the battlefield holds changed without a zone change: every cache that follows
    it (characteristics, the board index, mana sources, legal actions)."""
    game.bversion += 1
    game.zones_changed(token=False)
    game.chars_changed()
