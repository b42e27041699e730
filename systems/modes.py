"""Modal triggered abilities (CR 700.2, 603.3c; `definitions.ModalTriggeredAbility`): the
modes are chosen as the ability is put on the stack, among the modes that can be chosen
(one whose targets can't be chosen can't be; with too few, the ability is removed from the
stack). 'Choose one that hasn't been chosen
this turn' (Gala Greeters) remembers, per object and ability, the modes chosen this turn
(`game.modes_chosen`): they stay chosen even if that ability later leaves the stack
(002 Gala Greeters R1). A new object (400.7) has no such history.
"""
from __future__ import annotations


def available(game, source: int, index: int, ability, has_targets) -> list:
    """The modes that can be chosen now for this ability of `source` (`has_targets(spec)`:
    can that target be chosen)."""
    used = ()
    if ability.new_each_turn:
        rec = game.modes_chosen.get((source, index))
        if rec is not None and rec[0] == game.turn:
            used = rec[1]
    return [m for m, (_, specs, _) in enumerate(ability.modes)
            if m not in used and all(has_targets(s) for s in specs if s.min)]


def chosen(game, source: int, index: int, ability, mode: int) -> None:
    """Remember the mode chosen this turn ('that hasn't been chosen this turn')."""
    if not ability.new_each_turn:
        return
    rec = game.modes_chosen.get((source, index))
    used = rec[1] if rec is not None and rec[0] == game.turn else ()
    d = dict(game.modes_chosen)
    d[(source, index)] = (game.turn, used + (mode,))
    game.modes_chosen = d
    game.touch()
