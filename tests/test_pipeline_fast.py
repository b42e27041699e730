"""The engine's shortcuts agree with what they stand for.

`pipeline.nothing_due` reads the three checks before priority at once (117.5): it must
say 'nothing due' exactly when no `Check.due` of BEFORE_PRIORITY does, in every state a
game passes through.
"""
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.systems import pipeline


def _states(seed):
    a, b = load_deck("green-red-beasts"), load_deck("esper-fliers")
    g = Game.new([a.cards, b.cards], seed=seed, log=False, turn_limit=12, auto_pass=False)
    agents = [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)]
    n = 0
    while g.pending is not None and n < 3000:
        yield g
        d = g.pending
        g.decide(agents[d.player].act(g, d))
        n += 1


def test_nothing_due_is_every_due_false():
    """CR 117.5: state-based actions, then triggered abilities, before every priority."""
    seen = set()
    for seed in range(6):
        for g in _states(seed):
            want = not any(c.due(g) for c in pipeline.BEFORE_PRIORITY)
            assert pipeline.nothing_due(g) == want
            seen.add(want)
    assert seen == {True, False}


def test_quick_due_only_for_the_known_checks(monkeypatch):
    p = pipeline.Pipeline()
    assert p.quick_due() is pipeline.nothing_due
    monkeypatch.setattr(pipeline.Pipeline, "before_priority", pipeline.BEFORE_PRIORITY[1:])
    assert p.quick_due() is pipeline.nothing_due            # some of them: still exact
    extra = pipeline.Check("other", "0", lambda g: True, lambda g: False)
    monkeypatch.setattr(pipeline.Pipeline, "before_priority", pipeline.BEFORE_PRIORITY + (extra,))
    assert p.quick_due() is None


def test_passable_steps_are_those_where_nothing_is_done():
    assert pipeline.Pipeline.passable == {"upkeep", "beginning_of_combat", "end_of_combat", "end"}


def test_steps_gone_through_give_the_same_game():
    """`Pipeline.passes` (a passable step not begun, a quiet step ended at once) is what
    beginning every step and going round the loop does (500.2, 117.4): an observer, which
    hears every step and so turns both shortcuts off, sees the same game."""
    from mtg_ecs.core.hashing import state_hash
    from mtg_ecs.core.loop import Observer

    class Steps(Observer):
        def __init__(self):
            self.began = []

        def step_began(self, game, before):
            self.began.append(game.step)

    a, b = load_deck("green-red-beasts"), load_deck("esper-fliers")
    for seed in range(4):
        games = [Game.new([a.cards, b.cards], seed=seed, log=False, turn_limit=12, auto_pass=True)
                 for _ in range(2)]
        steps = Steps()
        games[1].observers += (steps,)
        for g in games:
            agents = [RandomAgent(seed), RandomAgent(seed + 100)]
            while g.pending is not None:
                d = g.pending
                g.decide(agents[d.player].act(g, d))
        assert games[0].answers == games[1].answers
        assert state_hash(games[0]) == state_hash(games[1])
        assert "upkeep" in steps.began and "end" in steps.began


def test_no_step_is_gone_through_while_a_permission_to_play_could_end(monkeypatch):
    """An end step beginning ends 'until your next end step' permissions to play cards
    from elsewhere, and drops spent ones (`permissions.end_step_began`): while any exists,
    `Pipeline.passes` has every step begin."""
    passes = pipeline.Pipeline.passes
    asked = []

    def with_a_permission(self, game):
        got = passes(self, game)
        if got:
            kept = game.play_permissions
            game.play_permissions = (("a permission",),)
            asked.append(passes(self, game))
            game.play_permissions = kept
        return got

    monkeypatch.setattr(pipeline.Pipeline, "passes", with_a_permission)
    a, b = load_deck("green-red-beasts"), load_deck("esper-fliers")
    g = Game.new([a.cards, b.cards], seed=3, log=False, turn_limit=8, auto_pass=True)
    agents = [RandomAgent(3), RandomAgent(4)]
    while g.pending is not None:
        g.decide(agents[g.pending.player].act(g, g.pending))
    assert asked and not any(asked)


def test_rounds_ended_at_once_give_the_same_game(monkeypatch):
    """A priority round, or a step, ended at once because every player can only pass
    (`priority._each_idle`) leaves the game as going round it does: the state at every
    decision is the same with that shortcut turned off, in a duel and in Two-Headed Giant
    (805.5: a round gone round leaves the team's count of passes as it sets it)."""
    from mtg_ecs.core.hashing import state_hash
    from mtg_ecs.systems import priority

    a, b = load_deck("green-red-beasts").cards, load_deck("esper-fliers").cards
    for fmt, decks in (("duel", [a, b]), ("two-headed-giant", [a, b, a, b])):
        runs = []
        for shortcut in (True, False):
            if not shortcut:
                monkeypatch.setattr(priority, "_each_idle", lambda game: False)
            hashes = []
            for seed in range(3):
                g = Game.new(decks, seed=seed, log=False, turn_limit=10, auto_pass=True, format=fmt)
                agents = [RandomAgent(seed + i) for i in range(len(decks))]
                while g.pending is not None:
                    g.decide(agents[g.pending.player].act(g, g.pending))
                    hashes.append(state_hash(g))
            runs.append(hashes)
            monkeypatch.undo()
        assert runs[0] == runs[1] and len(runs[0]) > 80, fmt
