"""The sample Commander decks (cards/decks/commander/*.txt): 100-card singleton decks led by
Streets of New Capenna legends, legal in Commander (CR 903.5), and a four-player Commander
game with them (903.6-903.8)."""
import os

import pytest

from mtg_ecs import Game
from mtg_ecs.apps import decklist
from mtg_ecs.apps.agents import HeuristicAgent, RandomAgent, play
from mtg_ecs.apps.simulate import SAMPLE_DECK_DIR, sample_decks

DIR = os.path.join(SAMPLE_DECK_DIR, "commander")
LEADERS = {"falco": "Falco Spara, Pactweaver", "jetmir": "Jetmir, Nexus of Revels",
           "raffine": "Raffine, Scheming Seer", "ziatora": "Ziatora, the Incinerator"}


def _load(name):
    return decklist.load(os.path.join(DIR, name + ".txt"))


def test_four_commander_decks_are_legal():
    """CR 903.5a-c, 903.3: 100 cards with the commander, singleton but basic lands, every
    card within the commander's color identity; kept out of the two-player sample decks."""
    assert sorted(f[:-4] for f in os.listdir(DIR) if f.endswith(".txt")) == sorted(LEADERS)
    for name, leader in LEADERS.items():
        deck = _load(name)
        assert deck.commander == leader and len(deck.main) == 99
        deck.validate("commander")
    assert not any(n in sample_decks() for n in LEADERS)


@pytest.mark.parametrize("agent, seed", [(HeuristicAgent, 4), (RandomAgent, 3)])
def test_a_four_player_commander_game_plays(agent, seed):
    """CR 903.6-903.8: each commander starts in the command zone at 40 life, and the agents
    cast commanders from there in a four-player game."""
    decks = [_load(n) for n in LEADERS]
    g = Game.new([d.main for d in decks], seed=seed, format="commander", log=False, turn_limit=24,
                 auto_pass=True, commanders=[d.commander for d in decks])
    assert [g.name(e) for e in g.command] == list(LEADERS.values())
    assert all(p.life == 40 for p in g.players)
    play(g, [agent(seed=i) for i in range(4)])
    assert g.over
    assert sum(p.commander_casts for p in g.players) > 0
