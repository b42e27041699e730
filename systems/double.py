"""Doubling a creature's power (CR 701.10d).

    DoublePower(fx.TARGET(0))       # 'double target creature's power until end of turn'

To double a creature's power, it gets +X/+0, where X is its power as the effect happens
(701.10d; 002 §6.4): a later change of its power isn't doubled again. A negative power is
doubled too (X is negative: 107.1b lets an effect that doubles power use it).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems import effects as fx


class _Fixed(fx.Ref):
    def __init__(self, objs):
        self.objs = objs

    def resolve(self, game, ctx):
        return self.objs


class DoublePower(fx.Step):
    def __init__(self, what, duration="eot"):
        self.what = what
        self.duration = duration

    def run(self, game, ctx):
        for o in self.what.resolve(game, ctx):
            if isinstance(o, PlayerRef) or game.zone_of(o) != "battlefield":
                continue
            x = game.chars(o).power or 0
            fx.ModifyPT(_Fixed([o]), x, 0, self.duration).run(game, ctx)
