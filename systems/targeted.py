"""'Becomes the target' triggers (CR 603.2, 115.1, 115.7).

An object becomes the target of a spell or ability when that spell is cast (601.2c,
the trigger event is the completed cast, 601.2i), that ability is activated (602.2b)
or put on the stack as a triggered ability (603.3d), or a copy is put on the stack
with it as a target (707.10c). Nothing new is announced for this: the trigger watches
those events and reads the targets recorded on the stack object. It triggers once per
spell or ability, however many of its targets name the object.

    TriggeredAbility(BecomesTarget(), ...)              # 'When ~ becomes the target ...'
    TriggeredAbility(BecomesTarget("attached"), ...)    # 'When enchanted creature becomes ...'
"""
from __future__ import annotations

from mtg_ecs.components import Spell, StackAbility, Attached
from mtg_ecs.systems.triggers import Trigger

TARGETING_EVENTS = ("cast", "activate", "trigger_on_stack", "copy_on_stack")


def stack_targets(game, eid) -> list:
    comp = game.world.get(eid, Spell) or game.world.get(eid, StackAbility)
    if comp is None:
        return []
    return [t for grp in comp.targets for t in grp]


class BecomesTarget(Trigger):
    events = TARGETING_EVENTS

    def __init__(self, whom="self"):
        self.whom = whom            # 'self' or 'attached' (the object its source is attached to)

    def match(self, game, source, controller, kind, data):
        eid = data.get("eid")
        if eid is None or not game.exists(eid):
            return None
        if self.whom == "attached":
            a = game.world.get(source, Attached)
            if a is None:
                return None
            obj = a.to
        else:
            obj = source
        if obj in stack_targets(game, eid):
            return {"targeted_by": eid, "targeted": obj}
        return None
