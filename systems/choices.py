"""'As ~ enters, choose a <thing>' (CR 614.12, 614.1c): a choice from a fixed list
(a basic land type, a color, a creature type, ...), made by the permanent's controller
as it enters and kept on it (`Chosen`, under `key`). The choice is asked right after
the move, before anything else happens (systems/entering.py's scheduling), like the
other 'as ~ enters' choices.

    StaticAbility(replacement=(ChooseAsEnters("land_type", BASIC_LAND_TYPES),), ...)
"""
from __future__ import annotations

from mtg_ecs.components import Chosen
from mtg_ecs.components.types import replace_subtypes, BASIC_LAND_TYPES  # noqa: F401 (re-exported)
from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems.replacement import Replacement
from mtg_ecs.systems.entering import schedule



def chosen(game, eid, key):
    c = game.world.get(eid, Chosen)
    return dict(c.values).get(key) if c is not None else None


class ChooseAsEnters(Replacement):
    kind = "zone_change"
    functions_in = "self_entering"

    def __init__(self, key, options, prompt=None):
        self.key = key
        self.options = tuple(options)
        self.prompt = prompt or f"choose a {key.replace('_', ' ')}"

    def applies(self, game, eid, ev) -> bool:
        return ev["eid"] == eid and ev["to"] == "battlefield"

    def apply(self, game, eid, ev) -> None:
        ev.setdefault("after_enter", []).append(
            lambda g, new: schedule(g, self._task(new)))

    def _task(self, new):
        return ChooseTask(new, self.key, self.options, self.prompt)


def _keep(game, eid, key, value) -> None:
    """The choice made as `eid` entered, kept on it."""
    old = game.world.get(eid, Chosen)
    vals = dict(old.values) if old is not None else {}
    vals[key] = value
    game.set(eid, Chosen(tuple(sorted(vals.items()))))


class ChooseTask:
    needs_rewind = False

    def __init__(self, eid, key, options, prompt):
        self.eid = eid
        self.key = key
        self.options = options
        self.prompt = prompt
        self.done = False

    def copy(self):
        t = self.__class__(self.eid, self.key, self.options, self.prompt)
        t.done = self.done
        return t

    def run(self, game):
        if self.done or self.eid not in game.battlefield:
            return None
        return Decision("name", game.chars(self.eid).controller, list(self.options), 1, 1, self.prompt)

    def answer(self, game, decision, answer):
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction(f"{a!r}: choose one of {', '.join(decision.options)}")
        _keep(game, self.eid, self.key, a)
        self.done = True



def set_basic_land_type(land_type):
    """Layer 4, CR 305.7: '<land> is the chosen type' — its land types become that basic
    land type; it loses the abilities from its rules text and has the basic type's mana
    ability (systems.layers.intrinsic_mana_abilities reads the subtypes). Its other subtypes
    (an animated land's creature types), card types, name and supertypes are unchanged
    (205.1a); abilities other effects grant it later (layer 6) stay. `land_type(game, ce)`
    gives the type (None: no effect)."""
    def apply(g, ce, ch, allc):
        t = land_type(g, ce)
        if t is None or "Land" not in ch.types:
            return
        ch.subtypes = replace_subtypes(ch.subtypes, (t,))         # CR 305.7, 205.1a
        ch.abilities = ()                                         # CR 305.7: its rules text
        ch.keywords = ()
    return apply


class ChoosePermanentAsEnters(ChooseAsEnters):
    """'As ~ enters, you may choose a <filter> permanent' (614.12): the choice is kept on
    it (`Chosen`, under `key`: the object, 400.7 — a permanent that leaves is no longer
    it). ~ itself isn't among the choices (it isn't on the battlefield yet as the choice
    is made). `filter(game, eid, chars)`, kept as the task's `options`."""

    def __init__(self, key, filter, prompt):
        super().__init__(key, (), prompt)
        self.options = filter

    def _task(self, new):
        return ChoosePermanentTask(new, self.key, self.options, self.prompt)


class ChoosePermanentTask(ChooseTask):
    def run(self, game):
        if self.done or self.eid not in game.battlefield:
            return None
        opts = [e for e in game.battlefield if e != self.eid and self.options(game, e, game.chars(e))]
        if not opts:
            return None
        return Decision("choose", game.chars(self.eid).controller, opts, 0, 1, self.prompt)

    def answer(self, game, decision, answer):
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) > 1 or any(c not in decision.options for c in chosen):
            raise IllegalAction(f"choose one of the permanents offered, or none ({self.prompt})")
        if chosen:
            _keep(game, self.eid, self.key, chosen[0])
        self.done = True

