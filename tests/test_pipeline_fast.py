"""The engine's shortcuts agree with what they stand for.

`pipeline.nothing_due` reads the three checks before priority at once (117.5): it must
say 'nothing due' exactly when no `Check.due` of BEFORE_PRIORITY does, in every state a
game passes through.
"""
from mtg_ecs import Game
from mtg_ecs.apps.agents import RandomAgent
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.systems import pipeline, turn


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
    """... and the loop's `nothing_due` follows `before_priority` as it is set."""
    p = pipeline.Pipeline()
    assert p.quick_due() is pipeline.nothing_due and p.nothing_due is pipeline.nothing_due
    monkeypatch.setattr(p, "before_priority", pipeline.BEFORE_PRIORITY[1:])
    assert p.quick_due() is pipeline.nothing_due            # some of them: still exact
    assert p.nothing_due is pipeline.nothing_due
    extra = pipeline.Check("other", "0", lambda g: True, lambda g: False)
    monkeypatch.setattr(p, "before_priority", pipeline.BEFORE_PRIORITY + (extra,))
    assert p.quick_due() is None and p.nothing_due is None
    monkeypatch.undo()
    assert p.nothing_due is pipeline.nothing_due


def test_passable_steps_are_those_where_nothing_is_done():
    assert pipeline.PIPELINE.passable == {"upkeep", "beginning_of_combat", "end_of_combat", "end"}


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


def test_an_end_step_drops_spent_permissions_while_a_player_holds_an_instant(monkeypatch):
    """An end step beginning drops spent permissions to play cards (`permissions.
    end_step_began`), some of which no player's check reads (here: one of a player not in
    the game): with any permission, a step is gone through without beginning only while
    every player is quiet, not while one holds an instant they can't cast now (Unsummon,
    its Island tapped)."""
    from mtg_ecs.components import Tapped
    from mtg_ecs.core.decisions import Pass
    from mtg_ecs.systems.permissions import Permission
    g, h = Game.from_setup({"players": [
        {"library": ["Forest"] * 5},
        {"battlefield": [{"card": "Island", "id": "i"}], "hand": [{"card": "Unsummon", "id": "u"}],
         "library": ["Island"] * 5}], "turn": {"step": "main1"}}, log=False)
    g.auto_pass = True
    g.set(g.card_entity[h["i"]], Tapped())
    g.play_permissions = (Permission(g.card_entity[h["u"]], "hand", 5, "play", "turn", -1),)
    begun = []
    begin = turn.begin_step
    monkeypatch.setattr(turn, "begin_step", lambda game, step: begun.append(step) or begin(game, step))
    while g.pending is not None and g.turn == 1:
        g.decide(Pass())
    assert "end" in begun and g.play_permissions == ()


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


def test_a_passable_step_that_doesnt_pass_is_asked_about_once(monkeypatch):
    """A passable step `Pipeline.passes` found something would happen in (a player holds
    Unsummon with an untapped Island) begins once, asked about once: `turn.next_step`
    says so, and the pipeline doesn't ask again for the step begun."""
    from mtg_ecs.core.decisions import Pass
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Centaur Courser"], "library": ["Forest"] * 5},
        {"battlefield": ["Island"], "hand": ["Unsummon"], "library": ["Island"] * 5}],
        "turn": {"step": "main1"}}, log=False)
    g.auto_pass = True
    asked, begun = [], []
    passes, begin = pipeline.Pipeline.passes, turn.begin_step
    monkeypatch.setattr(pipeline.Pipeline, "passes",
                        lambda self, game: asked.append(game.step) or passes(self, game))
    monkeypatch.setattr(turn, "begin_step", lambda game, step: begun.append(step) or begin(game, step))
    while g.step == "main1":
        g.decide(Pass())                # (the opponent, who could act, is asked too)
    assert g.step == "beginning_of_combat" and g.priority is not None
    assert begun == ["beginning_of_combat"] and asked == ["main1"]


def test_what_each_step_does_as_it_begins_is_the_steps_table():
    """`Pipeline.begins` (read by `turn.begin_step`) holds each step of STEPS, in order,
    with its turn-based actions, task and whether players get priority."""
    p = pipeline.Pipeline()
    assert list(p.begins) == list(pipeline.STEP_NAMES)
    for s in pipeline.STEPS:
        assert p.begins[s.name] == (s.actions, s.task, s.priority)
    assert p.begins["untap"][2] is False and p.begins["cleanup"][1] is turn.CleanupTask
