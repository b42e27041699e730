"""When state-based actions are checked again (CR 704.3, 117.5): a check is skipped only
while nothing it looks at changed since one found none (`sba.due`), so a skipped check
would have found nothing."""
import os
import sys

from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.core.decisions import Activate
from mtg_ecs.systems import sba

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from search_figures import mid_game  # noqa: E402


def test_an_ability_put_onto_the_stack_makes_no_check_due():
    # 704.5: an activated ability on the stack is no token, no spell copy, no permanent:
    # nothing a state-based action looks at changed while its targets are asked
    g, h = Game.from_setup({"players": [
        {"battlefield": [{"card": "Goblin Artillery", "id": "ga"}]}, {}],
        "turn": {"step": "main1"}})
    assert g.pending.kind == "priority" and not sba.due(g)
    act = next(o for o in g.pending.options if isinstance(o, Activate))
    g.decide(act)
    assert g.pending.kind == "targets" and len(g.stack) == 1
    assert not sba.due(g)


def test_no_check_due_means_none_would_apply_through_sample_games():
    """At every decision of sample-deck games where no check is due (the game's own
    skip: `sba.due`), a check made anyway finds nothing; among them decisions asked while
    an ability is on the stack or being put there."""
    from mtg_ecs.components import StackAbility
    clean = with_ability = 0
    for seed in range(1, 9):
        g = mid_game(seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        while g.pending is not None:            # (to the end of the game)
            if not sba.due(g):
                c = g.clone()
                assert sba._check(c) is False, (seed, g.turn, g.step, g.pending.kind)
                c.close()
                clean += 1
                with_ability += any(StackAbility in g.world.ents[e] for e in g.stack)
            g.decide(agents[g.pending.player].act(g, g.pending))
        g.close()
    assert clean > 600 and with_ability > 50


def _game(mine, hand=()):
    g, h = Game.from_setup({"players": [
        {"battlefield": list(mine), "hand": list(hand), "library": ["Island"] * 3},
        {"library": ["Island"] * 3}], "turn": {"step": "main1"}})
    assert g.pending.kind == "priority" and not sba.due(g)
    return g, {k: g.card_entity[v] for k, v in h.items()}


def _pump(g, e, p, t):
    from mtg_ecs.systems.effects import Ctx, ModifyPT, TARGET
    ModifyPT(TARGET(0), p, t).run(g, Ctx(e, e, 0, [[e]]))


def test_a_pump_beginning_makes_no_check_due_unless_a_toughness_falls():
    """'Gets +3/+3 until end of turn' (a local effect, patched in): no state-based action
    reads power, and a toughness that rose can't reach 0 or the damage (704.5f-h);
    -0/-8 to 0 may."""
    g, e = _game([{"card": "Centaur Courser", "id": "c"},
                  {"card": "Mark of the Vampire", "attached_to": "c"}])
    _pump(g, e["c"], 3, 3)
    assert (g.chars(e["c"]).power, g.chars(e["c"]).toughness) == (8, 8)
    assert not sba.due(g)
    _pump(g, e["c"], 2, 0)
    assert not sba.due(g)
    _pump(g, e["c"], 0, -8)
    assert sba.due(g) and sba._check(g) is True


def test_a_creature_with_only_triggered_or_activated_abilities_entering_makes_no_check_due():
    """Its abilities do nothing until they trigger or resolve; one with a static ability
    (Master of the Pearl Trident) makes a check due."""
    from mtg_ecs.systems import zones
    g, e = _game([{"card": "Centaur Courser", "id": "c"}],
                 hand=[{"card": "Elvish Visionary", "id": "v"}, {"card": "Arbor Elf", "id": "a"},
                       {"card": "Master of the Pearl Trident", "id": "m"}])
    zones.put_onto_battlefield(g, e["v"])
    zones.put_onto_battlefield(g, e["a"])
    assert not sba.due(g)
    zones.put_onto_battlefield(g, e["m"])
    assert sba.due(g)


def test_a_permanent_leaving_makes_a_check_due_only_with_something_attached_to_it():
    """704.5m-p look at what was attached to the one that left: an Aura on another
    creature stays as legal as it was."""
    from mtg_ecs.systems import zones
    g, e = _game([{"card": "Centaur Courser", "id": "c"}, {"card": "Scroll Thief", "id": "s"},
                  {"card": "Mark of the Vampire", "attached_to": "c"}])
    zones.move(g, e["s"], "graveyard")
    assert not sba.due(g)
    zones.move(g, e["c"], "graveyard")
    assert sba.due(g) and sba._check(g) is True


def test_a_pump_ending_makes_a_check_due_only_with_damage_or_a_toughness_of_0():
    """The effect ends (514.2, here by itself): a toughness that fell but stays above 0
    with no damage marked can't make 704.5f-h apply; with damage it may."""
    from mtg_ecs.components import Damage
    from mtg_ecs.systems import layers
    g, e = _game([{"card": "Centaur Courser", "id": "c"},
                  {"card": "Mark of the Vampire", "attached_to": "c"}])
    c = e["c"]

    def end_pumps():
        ended = [ce for ce in g.effects if ce.duration == "eot"]
        g.effects = [ce for ce in g.effects if ce.duration != "eot"]
        layers.effects_changed(g, removed=ended)

    _pump(g, c, 3, 3)
    end_pumps()
    assert g.chars(c).toughness == 5 and not sba.due(g)
    _pump(g, c, 3, 3)
    g.set(c, Damage(2))
    assert sba.check(g) is False and not sba.due(g)
    end_pumps()
    assert sba.due(g) and sba._check(g) is False


def test_damage_below_toughness_makes_no_check_due():
    """Damage marked on creatures, each below its toughness and none from deathtouch,
    can't make 704.5g-h apply; lethal damage, deathtouch damage or damage adding up to the
    toughness may, and so may a player's life falling to 0 (704.5a)."""
    from mtg_ecs.core.decisions import PlayerRef
    from mtg_ecs.systems import damage
    g, e = _game([{"card": "Centaur Courser", "id": "c"}, {"card": "Canyon Minotaur", "id": "m"},
                  {"card": "Deadly Recluse", "id": "r"}])
    c, m, r = e["c"], e["m"], e["r"]

    def hit(src, *dealt):
        damage.deal(g, [(src, g.chars(src), t, n) for t, n in dealt])

    hit(m, (c, 1), (m, 2), (PlayerRef(1), 3))       # 3/3 and 3/3: 1 and 2 marked
    assert not sba.due(g)
    hit(m, (c, 1))                                  # 2 of 3
    assert not sba.due(g)
    hit(m, (c, 1))                                  # 3 of 3: lethal
    assert sba.due(g) and sba._check(g) is True
    g, e = _game([{"card": "Centaur Courser", "id": "c"}, {"card": "Deadly Recluse", "id": "r"}])
    hit(e["r"], (e["c"], 1))                        # deathtouch
    assert sba.due(g) and sba._check(g) is True
    g, e = _game([{"card": "Centaur Courser", "id": "c"}])
    g.players[1].life = 2
    hit(e["c"], (PlayerRef(1), 2), (e["c"], 1))     # the player at 0
    assert sba.due(g) and sba._check(g) is True
