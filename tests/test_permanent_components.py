"""Components only permanents have: `Tapped`, `Attacking`, `Blocking`, `Damage`,
`RegenerationShields`. Only permanents are tapped, in combat, damaged or shielded, and one
that leaves the battlefield is a new object without them (400.7), so every object having one
is on the battlefield, with its characteristics in the layer cache, or phased out (702.26d:
not in the cache). The untap step (502.3, `untap._untap`), the check for a first-strike
damage step (510.4) and the ends of combat and turn (511.3, 514.2: `turn.unset_on_battlefield`)
walk these components' sets as they are, without intersecting them with the battlefield.
Checked here at every decision of sample-deck games and random decks of every card, and the
permanents untapped checked against the intersection's."""
import numpy as np

from mtg_ecs.apps.fuzz import random_deck
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.components import Tapped, Attacking, Blocking, Damage, RegenerationShields
from mtg_ecs.systems import untap

from sample_games import decisions

ONLY_PERMANENTS = (Tapped, Attacking, Blocking, Damage, RegenerationShields)


def _decks(seed):
    if seed < 3:
        return [load_deck(d).cards for d in ("green-red-beasts", "esper-fliers")]
    rng = np.random.default_rng(seed)
    return [random_deck(rng), random_deck(rng)]


def test_only_permanents_have_them():
    seen = dict.fromkeys(ONLY_PERMANENTS, 0)
    for g in decisions(range(40), 20, decks=_decks, after=True):
        bf = set(g.battlefield)
        out = {r[0] for r in g.phased_out}
        for t in ONLY_PERMANENTS:
            having = g.world.comps.get(t, set())
            assert having <= bf | out
            seen[t] += len(having)
        if g.chars_version == g.cversion:
            assert g.chars_cache.keys() == bf        # the cache holds the battlefield's
    assert seen[Tapped] > 5000 and seen[Attacking] > 50 and seen[Damage] > 20 \
        and seen[RegenerationShields] > 10


def test_the_untap_step_untaps_what_the_intersection_gives(monkeypatch):
    untapped = []
    walk = untap._untap

    def checked(game, ap):
        allc = game.all_chars()
        want = [e for e in game.world.comps.get(Tapped, set()).intersection(game.battlefield)
                      if allc[e].controller == ap and "doesnt_untap" not in allc[e].flags
                      and (e, None) not in game.skip_untap and (e, ap) not in game.skip_untap]
        before = set(game.world.comps.get(Tapped, ()))
        walk(game, ap)
        assert before - game.world.comps.get(Tapped, set()) == set(want)
        untapped.append(len(want))

    monkeypatch.setattr(untap, "_untap", checked)
    for _ in decisions(range(12), 16, decks=_decks):
        pass
    assert sum(untapped) > 100



def test_a_phased_out_permanent_stays_tapped():
    """702.26d: a phased-out permanent is treated as though it didn't exist: the untap step
    doesn't untap it (it isn't in the layer cache, and isn't found on the battlefield)."""
    from mtg_ecs import Game
    from mtg_ecs.systems.phasing import phase_out
    from mtg_ecs.systems.zones import put_onto_battlefield
    g = Game.new([["Forest"] * 40] * 2, seed=1)
    ap = g.active
    kept, out = (put_onto_battlefield(g, g.players[ap].hand[0], tapped=True) for _ in range(2))
    phase_out(g, [out])
    assert g.world.comps[Tapped] >= {kept, out} and out not in g.battlefield
    g.all_chars()
    untap._untap(g, ap)
    assert g.world.comps[Tapped] == {out}
