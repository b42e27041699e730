"""CR 603.10a, 608.2h: permanents that leave the battlefield together are looked back at
as they were just before the event, all of them: the last known information of one
moved later isn't taken after the others left (two Merfolk Sovereigns, each giving the
other +1/+1, are both 3/3 as they last existed)."""
from __future__ import annotations

from mtg_ecs import Game
from mtg_ecs.components import Damage
from mtg_ecs.systems import sba, zones


def _two_sovereigns():
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Merfolk Sovereign", "id": "a"},
                         {"card": "Merfolk Sovereign", "id": "b"}]}, {}]})
    a, b = (g.card_entity[h[k]] for k in ("a", "b"))
    assert (g.chars(a).power, g.chars(b).power) == (3, 3)
    return g, a, b


def test_destroyed_together_last_known_information():
    """701.8 'destroy all': both are 3/3 in their last known information (603.10a)."""
    g, a, b = _two_sovereigns()
    zones.destroy_many(g, [a, b])
    assert a not in g.battlefield and b not in g.battlefield
    assert [(g.lki[e].power, g.lki[e].toughness) for e in (a, b)] == [(3, 3), (3, 3)]


def test_state_based_actions_last_known_information():
    """704.3: lethal damage on both: destroyed at once, both 3/3 as they last existed."""
    g, a, b = _two_sovereigns()
    g.set(a, Damage(3))
    g.set(b, Damage(3))
    assert sba.check(g)
    assert a not in g.battlefield and b not in g.battlefield
    assert [(g.lki[e].power, g.lki[e].toughness) for e in (a, b)] == [(3, 3), (3, 3)]


def test_any_simultaneous_event_last_known_information():
    """Any event moving several permanents at once (`together`: 'exile all', Warp World's
    'shuffle all permanents into their owners' libraries'): the ones moved later are
    looked back at as they were before the event began, not after the others left
    (603.10a, 608.2h)."""
    from mtg_ecs.systems.together import together
    for move in (zones.exile, lambda g, e: zones.move(g, e, "library", cause="effect")):
        g, a, b = _two_sovereigns()
        with together(g):
            move(g, a)
            move(g, b)
        assert a not in g.battlefield and b not in g.battlefield
        assert [(g.lki[e].power, g.lki[e].toughness) for e in (a, b)] == [(3, 3), (3, 3)]
        assert g.together_chars is None                 # nothing kept past the event
