"""Rules profiles: which edition of a changed rule a game follows.

`current` is today's Comprehensive Rules. `m10` keeps the 2009-2024 damage
assignment order (Magic 2010 rules, CR 509.2 and 510.1c of that era): the
attacking player orders blockers and must assign lethal damage in that order.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesProfile:
    name: str
    damage_assignment_order: bool     # 509.2 (2009-2024)

    @staticmethod
    def named(name: str) -> "RulesProfile":
        try:
            return PROFILES[name]
        except KeyError:
            raise ValueError(f"unknown rules profile {name!r} (choose from {', '.join(PROFILES)})")


PROFILES = {
    "current": RulesProfile("current", damage_assignment_order=False),
    "m10": RulesProfile("m10", damage_assignment_order=True),
}
