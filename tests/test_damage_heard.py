"""A damage event is announced only if something could hear it (`damage._heard_sources`): when
every ability watching for damage matches only its own source's (`Trigger.source_only`:
Scroll Thief), another source's event is not announced; the games are the same."""
from mtg_ecs import Game, RandomAgent, play
from mtg_ecs.apps.simulate import load_deck
from mtg_ecs.core.hashing import state_hash
from mtg_ecs.systems import damage, triggers as tr


def _game(seed, log):
    decks = [load_deck(d).cards for d in ("esper-fliers", "green-red-beasts")]
    g = Game.new(decks, seed=seed, log=log, auto_pass=True)
    play(g, [RandomAgent(seed), RandomAgent(seed + 1)])
    return g


def test_damage_no_watcher_could_match_goes_unannounced_and_scroll_thief_still_draws(monkeypatch):
    heard = []                          # per damage event heard: the sources that could be (None: any)
    emit, sources = Game.emit, damage._heard_sources

    def spy_sources(game):
        heard.append(sources(game))
        return heard[-1]

    def spy_emit(self, kind, **data):
        if kind == "damage" and not self.log_enabled:
            assert heard[-1] is None or data["source"] in heard[-1]
        return emit(self, kind, **data)
    monkeypatch.setattr(damage, "_heard_sources", spy_sources)
    monkeypatch.setattr(Game, "emit", spy_emit)
    hits = []
    match = tr.DealsCombatDamageToPlayer.match

    def spy_match(self, game, source, controller, kind, data):
        info = match(self, game, source, controller, kind, data)
        if info is not None and not game.log_enabled:
            hits.append(source)
        return info
    monkeypatch.setattr(tr.DealsCombatDamageToPlayer, "match", spy_match)
    for seed in range(6):
        logged, quiet = _game(seed, True), _game(seed, False)
        assert state_hash(logged) == state_hash(quiet)
    assert hits                         # Scroll Thief's trigger matched with the log off
    assert any(h is not None for h in heard)
