"""The untap step's turn-based action (CR 502.3) and effects that stop it.

* A rules flag `doesnt_untap` (from a static ability: Entangling Vines' "Enchanted
  creature doesn't untap during its controller's untap step") keeps a permanent
  tapped during every untap step while it applies.
* "<it> doesn't untap during its controller's next untap step" (Wall of Frost) and
  "... during that player's next untap step" (Sleep) are one-shot effects recorded in
  `game.skip_untap` as (object, player) pairs: `player` None tracks only the
  object (it skips the next untap step of whoever controls it then); a player tracks
  both (it skips only that player's next untap step, and the effect ends at that
  step even if the object has changed controller meanwhile).
"""
from __future__ import annotations

from mtg_ecs.components import Tapped
from mtg_ecs.systems.teams import active_players



def skip_next_untap(game, objects, player=None) -> None:
    """Record that `objects` don't untap during the next untap step (see module doc)."""
    recs = tuple(game.skip_untap)
    recs += tuple((e, player) for e in objects)
    game.skip_untap = recs
    game.version += 1


def untap_turn_based_action(game) -> None:
    """CR 502.3: the active player untaps all their permanents, except those an
    effect says don't untap; one-shot 'next untap step' effects for this step end.
    805.4a: each player on the active team untaps theirs."""
    if game.teams:
        for ap in active_players(game):
            _untap(game, ap)
    else:
        _untap(game, game.active)


def _untap(game, ap: int) -> None:
    recs = game.skip_untap                      # (a tuple)
    skip = ()
    if recs:
        skip = set()
        keep = []
        for e, p in recs:
            if e not in game.battlefield:
                continue                               # a new object: the effect is gone (400.7)
            if p is None:
                if game.chars(e).controller == ap:
                    skip.add(e)
                    continue
                keep.append((e, p))
            elif p == ap:
                if game.chars(e).controller == ap:
                    skip.add(e)
            else:
                keep.append((e, p))
        game.skip_untap = tuple(keep)
    tapped = game.world.comps.get(Tapped)
    if not tapped:
        return
    # CR 502.3: which permanents untap is determined first, then they untap all at once
    # (so every characteristic is read before any of them untaps)
    # game.all_chars() (chars(e) of permanents), without the call when current
    allc = game.chars_cache if game.chars_version == game.cversion else game.all_chars()
    # The tapped set is walked as it is, without making its intersection with the
    # battlefield: only permanents are tapped, and one that leaves is a new object without
    # Tapped (400.7), so nearly always each is on the battlefield, its characteristics in
    # `allc` (tests/test_permanent_components.py); one that isn't there (phased out,
    # 702.26d) is looked for on the battlefield
    untapping = []
    for e in tapped:
        try:
            c = allc[e]
        except KeyError:
            if e not in game.battlefield:
                continue
            c = game.chars(e)
        if c.controller == ap and e not in skip and "doesnt_untap" not in c.flags:
            untapping.append(e)
    game.unset_many(untapping, Tapped)


from mtg_ecs.systems.effects import Step  # noqa: E402  (effects imports nothing from here)
from mtg_ecs.core.decisions import PlayerRef


class DoesntUntapNext(Step):
    """'<it> doesn't untap during its controller's next untap step' (player=None), or
    '... during <that player>'s next untap step' (`player`: a reference to players)."""

    def __init__(self, what, player=None):
        self.what = what
        self.player = player

    def run(self, game, ctx):
        objs = [o for o in self.what.resolve(game, ctx)
                if not isinstance(o, PlayerRef) and o in game.battlefield]
        if self.player is None:
            skip_next_untap(game, objs)
        else:
            for p in self.player.resolve(game, ctx):
                skip_next_untap(game, objs, p.index)
