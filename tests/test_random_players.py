"""Players chosen at random, coin flips (CR 705) and 'an opponent of your choice', for N
players, with test-only cards; and choices each player makes in turn order (101.4)."""
import pytest

from mtg_ecs import Game, Pass, Cast, IllegalAction, PlayerRef
from mtg_ecs.apps.agents import HeuristicAgent, RandomAgent
from mtg_ecs.components.definitions import make_card, spell, TriggeredAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.choose_player import CHOSEN_PLAYER, ChooseForEachPlayer, ChoosePlayer
from mtg_ecs.systems.coin_flip import LOST_FLIPS_FOR, FlipCoins, flips_won
from mtg_ecs.systems.random_choice import ChoosePlayerAtRandom, DestroyOneAtRandom
from mtg_ecs.systems.targeting import creature, target
from mtg_ecs.components import StackAbility

# Mutalith Vortex Beast's Warp Vortex (003): "When ~ enters the battlefield, for each
# opponent you have, flip a coin. For each flip you win, draw a card. For each flip you
# lose, ~ deals 3 damage to that player."
VORTEX = make_card("Test Vortex", "{R}", "Creature — Mutant Beast", pt=(6, 6), abilities=[
    TriggeredAbility(tr.Enters(), (FlipCoins(for_each=fx.EACH_OPPONENT),
                                   fx.Draw(fx.YOU, flips_won()),
                                   fx.DealDamage(3, LOST_FLIPS_FOR())),
                     text="When this enters, for each opponent you have, flip a coin. ...")])
RANDOM_BOLT = make_card("Test Random Bolt", "{R}", "Sorcery", spell=spell(
    ChoosePlayerAtRandom(), fx.LoseLife(CHOSEN_PLAYER("random_player"), 1)))
CHOSEN_BOLT = make_card("Test Chosen Bolt", "{R}", "Sorcery", spell=spell(
    ChoosePlayer(), fx.LoseLife(CHOSEN_PLAYER(), 2)))
# Lokhust Heavy Destroyer's Enmitic Exterminator (003 §3.12 #1), as an instant
EXTERMINATE = make_card("Test Exterminate", "{B}", "Instant", spell=spell(
    fx.Sacrifice(fx.EACH_PLAYER, 1, filter=lambda g, e, c: "Creature" in c.types)))
DEFS = {c.name: c for c in (VORTEX, RANDOM_BOLT, CHOSEN_BOLT, EXTERMINATE)}
LIB = ["Island"] * 6


def _game(card, players=4, seed=0, active=0, bears=False, extra=()):
    ps = [{"library": LIB, "battlefield": [{"card": "Centaur Courser", "id": f"bear{i}"}] if bears else []}
          for i in range(players)]
    ps[0]["battlefield"] = ps[0]["battlefield"] + ["Mountain", "Swamp"] + list(extra)
    ps[0]["hand"] = [{"card": card, "id": "card"}]
    fmt = "free-for-all" if players > 2 else "duel"
    return Game.from_setup({"format": fmt, "seed": seed, "players": ps,
                            "turn": {"active": active}}, defs=DEFS)


def _resolve_all(g):
    while g.pending.kind == "priority" and (g.stack or g.pending_triggers):
        g.decide(Pass())


def _cast(g, h):
    while g.pending.player != 0:
        g.decide(Pass())
    g.decide(Cast(g.card_entity[h["card"]]))
    _resolve_all(g)


def _vortex(seed, call):
    g, h = _game("Test Vortex", seed=seed)
    _cast(g, h)
    calls = 0
    while g.pending.kind == "choice":
        assert g.pending.player == 0 and g.pending.options == ["heads", "tails"]
        g.decide(call)
        calls += 1
        _resolve_all(g)
    return g, calls


def test_one_flip_per_opponent_each_lost_flip_damages_its_player():
    """003 §3.12 #5, 003 Mutalith Vortex Beast R1 (CR 705.1): Mutalith Vortex Beast in a
    four-player game flips exactly three coins, one per opponent, each called by its
    controller; a won flip draws a card, a lost one deals 3 damage to the opponent it was
    made for only."""
    for seed in range(4):
        g, calls = _vortex(seed, "heads")
        assert calls == 3
        hurt = [p for p in (1, 2, 3) if g.players[p].life == 17]
        assert all(g.players[p].life in (17, 20) for p in (1, 2, 3))
        assert len(g.players[0].hand) == 3 - len(hurt)         # one card per flip won


def test_the_call_decides_who_wins_the_flip():
    """CR 705.1: the flip is won when the coin lands as called: the same coins (same seed)
    called the other way give the other results."""
    for seed in range(4):
        heads, _ = _vortex(seed, "heads")
        tails, _ = _vortex(seed, ["tails"])
        for p in (1, 2, 3):
            assert {heads.players[p].life, tails.players[p].life} == {17, 20}
        assert len(heads.players[0].hand) + len(tails.players[0].hand) == 3


def test_a_call_is_heads_or_tails():
    g, h = _game("Test Vortex")
    _cast(g, h)
    assert g.pending.kind == "choice"
    before = g.pending
    with pytest.raises(IllegalAction):
        g.decide("edge")
    assert g.pending is before


def test_an_opponent_at_random_is_an_opponent_still_in_the_game():
    """'Choose an opponent at random' (003 Knight Rampager, The Ruinous Powers): from the
    game's RNG, not a decision; never the controller or a player who left (800.4a); the
    same seed chooses the same player."""
    chosen = set()
    for seed in range(10):
        g, h = _game("Test Random Bolt", seed=seed)
        g.concede(2)
        _cast(g, h)
        assert g.pending.kind == "priority"                   # nobody was asked
        lost = [p for p in range(4) if g.players[p].life == 19]
        assert len(lost) == 1 and lost[0] in (1, 3)
        chosen.add(lost[0])
        again, h2 = _game("Test Random Bolt", seed=seed)
        again.concede(2)
        _cast(again, h2)
        assert again.players[lost[0]].life == 19
    assert chosen == {1, 3}


def test_an_opponent_of_your_choice_is_the_controllers_decision():
    """'Choose an opponent' / 'an opponent of your choice' (Khârn the Betrayer, 003): a decision
    of the controller among the opponents still in the game, in turn order."""
    g, h = _game("Test Chosen Bolt")
    g.concede(1)
    _cast(g, h)
    d = g.pending
    assert (d.kind, d.player, d.options, d.min, d.max) == ("choose", 0, [PlayerRef(2), PlayerRef(3)], 1, 1)
    for bad in ([PlayerRef(0)], [PlayerRef(1)], [PlayerRef(2), PlayerRef(3)]):
        with pytest.raises(IllegalAction):
            g.decide(bad)
    g.decide([PlayerRef(3)])
    assert [p.life for p in g.players] == [20, 20, 20, 18]


def test_a_single_opponent_is_still_chosen():
    """One legal answer is asked too (data[ONLY]), and the agents give it."""
    g, h = _game("Test Chosen Bolt", players=2)
    _cast(g, h)
    assert g.pending.kind == "choose" and g.pending.options == [PlayerRef(1)]
    for agent in (RandomAgent(1), HeuristicAgent(1)):
        assert agent.act(g, g.pending) == [PlayerRef(1)]
    g.decide([PlayerRef(1)])
    assert g.players[1].life == 18


@pytest.mark.parametrize("agent", [RandomAgent, HeuristicAgent])
def test_agents_answer_the_new_choices(agent):
    for card in ("Test Chosen Bolt", "Test Vortex"):
        g, h = _game(card)
        _cast(g, h)
        a = agent(3)
        while g.pending.kind != "priority":
            g.decide(a.act(g, g.pending))
            _resolve_all(g)


@pytest.mark.parametrize("active, order", [(0, [0, 1, 2, 3]), (2, [2, 3, 0, 1])])
def test_each_player_chooses_in_apnap_order_then_all_at_once(active, order):
    """003 §3.12 #1, 003 Lokhust Heavy Destroyer R2 (CR 101.4): as Lokhust Heavy Destroyer's
    'each player sacrifices a creature' resolves, the active player chooses first, then each
    other player in turn order, each seeing the earlier choices; then every chosen creature
    is sacrificed at the same time."""
    g, h = _game("Test Exterminate", active=active, bears=True)
    _cast(g, h)
    asked = []
    while g.pending.kind == "choose":
        p = g.pending.player
        # each player knows the earlier choices; nothing is sacrificed yet
        assert list(g.pending.data.get("chosen_before", ())) == [g.card_entity[h[f"bear{q}"]] for q in asked]
        assert all(g.card_entity[h[f"bear{q}"]] in g.battlefield for q in range(4))
        asked.append(p)
        g.decide([g.card_entity[h[f"bear{p}"]]])
    assert asked == order
    assert all(g.zone_of(g.card_entity[h[f"bear{q}"]]) == "graveyard" for q in range(4))


# Knight Rampager (003): "When ~ dies, it deals 4 damage to target opponent chosen at random."
RAMPAGER = make_card("Test Rampager", "{4}{R}", "Artifact Creature — Knight", pt=(6, 5), abilities=[
    TriggeredAbility(tr.Dies(), (fx.DealDamage(4, fx.TARGET(0)),),
                     targets=(target("target opponent chosen at random", "opponent", at_random=True),),
                     text="When this dies, it deals 4 damage to target opponent chosen at random.")])
DOOM = make_card("Test Doom", "{B}", "Sorcery", spell=spell(fx.Destroy(fx.TARGET(0)), targets=[creature()]))
DEFS.update({c.name: c for c in (RAMPAGER, DOOM)})


def test_a_target_opponent_chosen_at_random():
    """'Target opponent chosen at random' (003 Knight Rampager; CR 603.3d): the target is
    chosen by the game's RNG among the legal ones as the ability is put on the stack (no
    decision), never a player who left the game; the same seed chooses the same one."""
    hit = set()
    for seed in range(10):
        g, h = _game("Test Doom", seed=seed, extra=[{"card": "Test Rampager", "id": "knight"}])
        rampager = g.card_entity[h["knight"]]
        g.concede(2)
        while g.pending.player != 0:
            g.decide(Pass())
        g.decide(Cast(g.card_entity[h["card"]], targets=[[rampager]]))
        while not any(g.world.ents[e].get(StackAbility) for e in g.stack):
            assert g.pending.kind == "priority"         # no decision: not even its target
            g.decide(Pass())
        (ab,) = [g.world.ents[e][StackAbility] for e in g.stack]
        (target_,) = ab.targets[0]
        assert target_ in (PlayerRef(1), PlayerRef(3))
        hit.add(target_.index)
        _resolve_all(g)
        assert g.players[target_.index].life == 16
    assert hit == {1, 3}


# Chaos Defiler's Battle Cannon (003): "When ~ enters the battlefield or dies, for each
# opponent, choose a nonland permanent that player controls. Destroy one of them chosen at
# random."
DEFILER = make_card("Test Defiler", "{R}", "Artifact Creature — Demon Construct", pt=(5, 4), abilities=[
    TriggeredAbility(tr.Enters(), (
        ChooseForEachPlayer(lambda g, e, c: "Land" not in c.types, prompt="choose a nonland permanent"),
        DestroyOneAtRandom(fx.CHOSEN(), destructible_first=True)),
        text="When this enters, for each opponent, choose a nonland permanent that player "
             "controls. Destroy one of them chosen at random.")])
WALL = make_card("Test Adamant Wall", "{1}", "Artifact Creature — Wall", pt=(0, 4),
                 keywords=["indestructible"])
DEFS.update({c.name: c for c in (DEFILER, WALL)})


def _defiler(seed, p1_choice):
    g, h = Game.from_setup({"format": "free-for-all", "seed": seed, "players": [
        {"library": LIB, "battlefield": ["Mountain"], "hand": [{"card": "Test Defiler", "id": "card"}]},
        {"library": LIB, "battlefield": [{"card": "Test Adamant Wall", "id": "wall"},
                                         {"card": "Centaur Courser", "id": "c1"}, "Island"]},
        {"library": LIB, "battlefield": [{"card": "Centaur Courser", "id": "c2"}]},
        {"library": LIB, "battlefield": ["Island"]}]}, defs=DEFS)
    ids = {k: g.card_entity[h[k]] for k in ("wall", "c1", "c2")}
    _cast(g, h)
    asked = []
    while g.pending.kind == "choose":
        d = g.pending
        asked.append((d.player, d.data["for_player"], sorted(d.options)))
        g.decide([ids[p1_choice if d.data["for_player"] == PlayerRef(1) else "c2"]])
        _resolve_all(g)
    return g, h, ids, asked


def test_one_choice_per_opponent_then_one_destroyed_at_random():
    """003 §3.12 (Chaos Defiler, one choice per opponent) and 003 Chaos Defiler R1: its
    controller chooses a nonland permanent of each opponent in turn (none for an opponent
    with only lands), then one of them is destroyed at random, among those without
    indestructible when there are some."""
    destroyed = set()
    for seed in range(8):
        g, h, ids, asked = _defiler(seed, "c1")
        assert asked == [(0, PlayerRef(1), sorted([ids["wall"], ids["c1"]])),
                         (0, PlayerRef(2), [ids["c2"]])]
        gone = [k for k in ("c1", "c2") if g.zone_of(g.card_entity[h[k]]) == "graveyard"]
        assert len(gone) == 1
        destroyed.add(gone[0])
        g, h, _, _ = _defiler(seed, "wall")        # the indestructible wall is never the one
        assert g.zone_of(g.card_entity[h["c2"]]) == "graveyard"
        assert g.zone_of(g.card_entity[h["wall"]]) == "battlefield"
    assert destroyed == {"c1", "c2"}
