"""Crew and Vehicles (CR 702.122, 301.7).

'Crew N' means 'Tap any number of untapped creatures you control with total power N or
greater: This Vehicle becomes an artifact creature until end of turn' (702.122a). The
cost is `Cost.crew`: which creatures to tap is the player's choice, asked as the ability
is activated (a `cost` decision, `pay: {tap: [...]}` given up front); tapping them isn't
a {T} cost, so summoning-sick creatures can crew (302.6). A Vehicle that becomes a
creature has its printed power and toughness (301.7b); one that is 0/0 then is put into
its owner's graveyard as a state-based action (704.5f).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mtg_ecs.components.definitions import ActivatedAbility, Cost
from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems import costs
from mtg_ecs.systems.effects import SELF, Step, add_effect
from mtg_ecs.systems.layers import CE, L_TYPE


@dataclass(frozen=True)
class CrewCost(Cost):
    """Crew N's cost: 'Tap any number of untapped creatures you control with total power N
    or greater' (702.122a; no {T} symbol: 302.6)."""
    crew: int = 0

    @property
    def is_free(self) -> bool:
        return False


class BecomeArtifactCreature(Step):
    """'This Vehicle becomes an artifact creature until end of turn' (layer 4, 613.1d)."""

    def run(self, game, ctx):
        objs = frozenset(SELF.resolve(game, ctx))
        if not objs:
            return None                 # it left the battlefield: nothing becomes a creature

        def types(g, ce, ch, allc):
            ch.types = frozenset(ch.types) | {"Artifact", "Creature"}
        add_effect(game, CE(L_TYPE, game.tick(), ctx.source, ctx.controller, types,
                            objects=objs, duration="eot"))
        return None


@lru_cache(maxsize=None)
def crew_ability(n: int) -> ActivatedAbility:
    """CR 702.122a: the activated ability 'Crew N' stands for."""
    return ActivatedAbility(cost=CrewCost(crew=n, text=f"Crew {n}"), effects=(BecomeArtifactCreature(),),
                            keyword="crew", text=f"Crew {n}")


def crew_decision(game, player: int, cost: Cost) -> Decision:
    """Which untapped creatures the player taps to pay 'Crew N' (702.122a): any number of
    them with total power N or greater (`data["least"]`: a fewest such)."""
    opts = costs.crew_candidates(game, player)
    least = []
    total = 0
    for e in sorted(opts, key=lambda e: -(game.chars(e).power or 0)):
        if total >= cost.crew:
            break
        least.append(e)
        total += max(0, game.chars(e).power or 0)
    return Decision("cost", player, opts, 1, len(opts),
                    f"crew {cost.crew}: tap untapped creatures with total power {cost.crew} or greater",
                    data={"what": "tap", "crew": cost.crew, "least": least})


def check_crew(game, player: int, cost: Cost, chosen) -> None:
    """Refuse a choice of creatures that can't pay 'Crew N' (702.122a)."""
    opts = costs.crew_candidates(game, player)
    if len(set(chosen)) != len(chosen) or any(e not in opts for e in chosen):
        raise IllegalAction("crew: tap untapped creatures you control, each once (CR 702.122a)")
    if costs.total_power(game, chosen) < cost.crew:
        raise IllegalAction(f"crew {cost.crew}: the tapped creatures' total power must be "
                            f"{cost.crew} or greater (CR 702.122a)")
