"""Goad (CR 701.15, systems/goad.py) with test-only cards: goading by an effect, 'for the
rest of the game', several requirements obeyed as far as possible (Knight Rampager's
ruling, 003), goad as a rules effect rather than an ability, and the agents' declarations."""
import pytest

from mtg_ecs import Game, Pass, Cast, IllegalAction, PlayerRef
from mtg_ecs.apps.agents import HeuristicAgent, RandomAgent
from mtg_ecs.components.definitions import make_card, spell, TriggeredAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.goad import Goad, goaded_by, is_goaded
from mtg_ecs.systems.random_choice import ChoosePlayerAtRandom
from mtg_ecs.systems.targeting import creature

BEAR = make_card("Test Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))
TAUNT = make_card("Test Taunt", "{R}", "Instant",
                  spell=spell(Goad(fx.TARGET(0)), targets=[creature()]))
LASTING_TAUNT = make_card("Test Lasting Taunt", "{R}", "Instant",
                          spell=spell(Goad(fx.TARGET(0), "forever"), targets=[creature()]))
# Knight Rampager's Frenzied Rampage (003): "At the beginning of combat on your turn,
# choose an opponent at random. ~ attacks that player this combat if able."
RAMPAGER = make_card("Test Rampager", "{4}{R}", "Artifact Creature — Knight", pt=(6, 5), abilities=[
    TriggeredAbility(tr.AtBeginningOf("beginning_of_combat", "your"), (
        ChoosePlayerAtRandom(),
        fx.AddFlag(fx.SELF, lambda g, ctx: f"must_attack:{ctx.vars['random_player'].index}")),
        text="At the beginning of combat on your turn, choose an opponent at random. "
             "Test Rampager attacks that player this combat if able.")])
DEFS = {c.name: c for c in (BEAR, TAUNT, LASTING_TAUNT, RAMPAGER)}
LIB = ["Island"] * 6


def _game(p0=(), p1=(), p1_hand=(), players=3, seed=0, **kw):
    setup = {"format": "free-for-all" if players > 2 else "duel", "seed": seed, "players": [
        {"battlefield": list(p0), "library": LIB},
        {"battlefield": list(p1), "hand": list(p1_hand), "library": LIB}]
        + [{"library": LIB} for _ in range(players - 2)]}
    setup.update(kw)
    return Game.from_setup(setup, defs=DEFS)


def _e(g, h, name):
    return g.card_entity[h[name]]


def _to_attackers(g):
    while g.pending is not None and g.pending.kind == "priority":
        g.decide(Pass())
    assert g.pending.kind == "attackers", g.pending


def _taunt(g, h, card, who=1):
    """p`who` casts the goading instant at the bear in p0's first main phase."""
    g.decide(Pass())                        # p0 passes: p1 holds priority
    assert g.pending.player == who
    g.decide(Cast(_e(g, h, card), targets=[[_e(g, h, "bear")]]))
    while g.stack:
        g.decide(Pass())


def test_an_effect_goads_until_the_goaders_next_turn():
    """CR 701.15a: "goad target creature" makes it attack each combat, a player other than
    the goader, until the goading player's next turn (611.2a)."""
    g, h = _game(p0=[{"card": "Test Bear", "id": "bear"}], p1=["Mountain"],
                 p1_hand=[{"card": "Test Taunt", "id": "taunt"}])
    _taunt(g, h, "taunt")
    bear = _e(g, h, "bear")
    assert goaded_by(g, bear) == [1] and is_goaded(g, bear)
    _to_attackers(g)
    with pytest.raises(IllegalAction, match="as many attack requirements"):
        g.decide({})
    with pytest.raises(IllegalAction):
        g.decide({bear: PlayerRef(1)})
    g.decide({bear: PlayerRef(2)})
    while g.turn < 2:
        g.decide(Pass() if g.pending.kind == "priority" else {})
    assert not is_goaded(g, bear)           # p1's turn began


def test_goad_for_the_rest_of_the_game_does_not_end():
    """CR 701.15a and 611.2a: goaded "for the rest of the game" (Life of the Party's
    tokens, 002) stays goaded after the goader's next turn began."""
    g, h = _game(p0=[{"card": "Test Bear", "id": "bear"}], p1=["Mountain"],
                 p1_hand=[{"card": "Test Lasting Taunt", "id": "taunt"}])
    _taunt(g, h, "taunt")
    bear = _e(g, h, "bear")
    while g.turn < 4:                       # p1's and p2's turns, then p0's again
        if g.pending.kind == "attackers":
            g.decide({bear: PlayerRef(2)} if g.active == 0 else {})
        else:
            g.decide(Pass())
    assert goaded_by(g, bear) == [1]
    _to_attackers(g)
    with pytest.raises(IllegalAction):
        g.decide({})
    g.decide({bear: PlayerRef(2)})


def test_being_goaded_is_not_an_ability():
    """Ruling (701.15): being goaded isn't an ability of the creature; it must attack even
    after it lost all its abilities (a rules effect of the goading player, layer 8)."""
    g, h = _game(p0=[{"card": "Test Bear", "id": "bear", "goaded_by": "p1"}])
    bear = _e(g, h, "bear")
    assert not g.chars(bear).abilities and is_goaded(g, bear)
    assert all(ce.controller == 1 for ce in g.effects)


def test_several_requirements_obeyed_as_far_as_possible():
    """003 Knight Rampager R1 (CR 508.1d): attacking the randomly chosen player and the
    goad's requirements are all obeyed where possible; if the chosen player is the one who
    goaded it, it must still attack, but may attack any player."""
    seen = set()
    for seed in range(12):
        g, h = _game(p0=[{"card": "Test Rampager", "id": "bear", "goaded_by": "p1"}], seed=seed)
        bear = _e(g, h, "bear")
        _to_attackers(g)
        chosen = [int(f.split(":")[1]) for f in g.chars(bear).flags if f.startswith("must_attack:")]
        assert len(chosen) == 1 and chosen[0] in (1, 2)
        seen.add(chosen[0])
        with pytest.raises(IllegalAction):
            g.decide({})
        if chosen[0] == 1:      # 'attack p1' and 'attack other than p1' can't both be obeyed
            g.clone().decide({bear: PlayerRef(1)})
            g.decide({bear: PlayerRef(2)})
        else:
            with pytest.raises(IllegalAction):
                g.decide({bear: PlayerRef(1)})
            g.decide({bear: PlayerRef(2)})
    assert seen == {1, 2}       # the random choice took both opponents over these seeds


@pytest.mark.parametrize("agent", [RandomAgent, HeuristicAgent])
def test_agents_declare_legal_attacks_with_goaded_creatures(agent):
    """The agents obey goad's requirements (508.1d through `legal_declaration`)."""
    for seed in range(6):
        g, h = _game(p0=[{"card": "Test Bear", "id": "bear", "goaded_by": ["p1", "p2"]},
                         {"card": "Test Bear", "id": "other", "goaded_by": "p3"}], players=4)
        _to_attackers(g)
        ans = agent(seed).act(g, g.pending)
        g.decide(ans)
        assert ans[_e(g, h, "bear")] == PlayerRef(3)
        assert ans[_e(g, h, "other")] in (PlayerRef(1), PlayerRef(2))


def test_scenario_goaded_by_names_a_player():
    from mtg_ecs.position import ScenarioError
    with pytest.raises(ScenarioError, match="goaded_by: not a player"):
        _game(p0=[{"card": "Test Bear", "goaded_by": "p7"}])
