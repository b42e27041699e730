"""Effects that make a permanent (usually a land) a creature (CR 205.1b, 613.1d-f,
613.4b): 'target Forest becomes a 4/5 green Treefolk creature for as long as ~
remains on the battlefield. It's still a land.'

One step, `BecomesCreature`, creates three effects locked to the objects at
resolution (611.2c): layer 4 adds the Creature type and creature subtypes (keeping
the other types: "it's still a land"), layer 5 sets its color, layer 7b sets its
base power and toughness. With duration 'while_source' they end as soon as the
source leaves the battlefield (611.2b, systems/zones.py); if the source has already
left when the effect would begin, nothing happens (611.2b: a duration that ended
before the effect began).
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef
from mtg_ecs.systems.effects import Step, add_effect
from mtg_ecs.systems.layers import CE, L_TYPE, L_COLOR, L_7B


class BecomesCreature(Step):
    """`types`: None keeps its types and adds Creature and `subtypes` ("It's still a
    land"); a tuple replaces its card types and subtypes with these (205.1a: 'becomes a
    4/4 Angel artifact creature'; supertypes stay)."""

    def __init__(self, what, pt, subtypes=(), colors=None, duration="while_source", types=None):
        self.what = what
        self.pt = tuple(pt)
        self.subtypes = tuple(subtypes)
        self.colors = None if colors is None else frozenset(colors)
        self.duration = duration
        if types is not None:       # (a value of the step only where given: hashing.canonical)
            self.types = frozenset(types)

    types = None

    def run(self, game, ctx):
        if self.duration == "while_source" and ctx.source not in game.battlefield:
            return None                                          # 611.2b
        objs = frozenset(o for o in self.what.resolve(game, ctx)
                         if not isinstance(o, PlayerRef) and o in game.battlefield)
        if not objs:
            return None
        subs, new_types = self.subtypes, self.types

        def types(g, ce, ch, allc):
            if new_types is not None:
                ch.types, ch.subtypes = new_types, subs
                return
            ch.types = frozenset(ch.types) | {"Creature"}
            ch.subtypes = ch.subtypes + tuple(s for s in subs if s not in ch.subtypes)
        add_effect(game, CE(L_TYPE, game.tick(), ctx.source, ctx.controller, types,
                            objects=objs, duration=self.duration))
        if self.colors is not None:
            cols = self.colors

            def color(g, ce, ch, allc):
                ch.colors = cols
            add_effect(game, CE(L_COLOR, game.tick(), ctx.source, ctx.controller, color,
                                objects=objs, duration=self.duration))
        p, t = self.pt

        def pt(g, ce, ch, allc):
            ch.power, ch.toughness = p, t
        add_effect(game, CE(L_7B, game.tick(), ctx.source, ctx.controller, pt,
                            objects=objs, duration=self.duration))
        return None
