"""Rules profiles: which edition of a changed rule a game follows.

`current` is today's Comprehensive Rules. `m10` keeps the 2009-2024 damage
assignment order (Magic 2010 rules, CR 509.2-509.3 and 510.1c of that era): the
attacking player orders blockers, the defending player orders the attackers of a
creature blocking several, and lethal damage must be assigned in that order. Under
the M10 deathtouch rule (702.2a of July 2009) a creature with deathtouch may ignore
the order, and deathtouch does not make 1 damage "lethal" (for trample too).
`m11` is the same order with the Magic 2011 deathtouch rule (702.2c of 2010-2024:
any nonzero damage from a deathtouch source is lethal, the order still applies).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesProfile:
    name: str
    damage_assignment_order: bool     # 509.2-509.3 (2009-2024)
    deathtouch_ignores_order: bool = False   # 702.2a (M10, 2009-2010)
    deathtouch_lethal: bool = True           # 702.2c (M11 on): 1 deathtouch damage is lethal

    @staticmethod
    def named(name: str) -> "RulesProfile":
        try:
            return PROFILES[name]
        except KeyError:
            raise ValueError(f"unknown rules profile {name!r} (choose from {', '.join(PROFILES)})")


PROFILES = {
    "current": RulesProfile("current", damage_assignment_order=False),
    "m10": RulesProfile("m10", damage_assignment_order=True, deathtouch_ignores_order=True,
                        deathtouch_lethal=False),
    "m11": RulesProfile("m11", damage_assignment_order=True),
}
