"""A zone change is announced only when a triggered ability on the battlefield could match
it (`Trigger.zone_from`, `zone_to`, `Board.watches_move`, `Game.hears_zone_change`): a
card drawn or cast under a permanent with an 'enters' ability goes unannounced (CR 603.2)."""
from mtg_ecs import Game
from mtg_ecs import game as game_module
from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems import zones
from mtg_ecs.systems.board import board
from mtg_ecs.systems.until_leaves import ReturnedUnderYourControl
from sample_games import decisions


def _watching(*trigs):
    g, _ = Game.from_setup({"players": [{"library": ["Island"] * 3}, {"library": ["Island"] * 3}]})
    b = board(g)
    b.watch = {"zone_change": [(0, None, i, TriggeredAbility(t, text="t"))
                               for i, t in enumerate(trigs)]}
    b.moves = [(t.zone_from, t.zone_to, t.self_only, 0) for t in trigs]
    b.move_to = {t.zone_to for t in trigs}
    return b


def _heard(monkeypatch, field: str) -> list:
    """The (kind, data[field]) of each event that reaches `check_triggers`, as it happens."""
    heard = []
    check = tr.check_triggers
    monkeypatch.setattr(game_module, "check_triggers",
                        lambda game, kind, data: (heard.append((kind, data.get(field))),
                                                  check(game, kind, data)))
    return heard


def test_each_zone_change_trigger_declares_the_moves_it_can_match():
    enters = _watching(tr.Enters())
    assert enters.watches_move("hand", "battlefield") and enters.watches_move("stack", "battlefield")
    assert not enters.watches_move("library", "hand") and not enters.watches_move("hand", "stack")
    assert not enters.watches_move("battlefield", "graveyard")
    assert enters.watches_move("hand", "battlefield", 5, 0) and not enters.watches_move("hand", "battlefield", 5, 6)
    assert _watching(tr.Enters(self_only=False)).watches_move("hand", "battlefield", 5, 6)
    dies = _watching(tr.Dies())
    assert dies.watches_move("battlefield", "graveyard")
    assert dies.watches_move("battlefield", "graveyard", 0, 6) and not dies.watches_move("battlefield", "graveyard", 5, 6)
    assert _watching(tr.Dies(self_only=False)).watches_move("battlefield", "graveyard", 5, 6)
    assert not dies.watches_move("battlefield", "exile") and not dies.watches_move("stack", "graveyard")
    assert _watching(tr.EnchantedDies()).watches_move("battlefield", "graveyard")
    assert not _watching(tr.EnchantedDies()).watches_move("hand", "graveyard")
    sac = _watching(tr.YouSacrifice())
    assert sac.watches_move("battlefield", "exile") and not sac.watches_move("hand", "graveyard")
    for t in (tr.EntersOrAttacks(), tr.EntersNotCastFrom(), tr.EntersRememberingCast(),
              ReturnedUnderYourControl(0, ())):
        b = _watching(t)
        assert b.watches_move("exile", "battlefield") and not b.watches_move("library", "hand")
    assert _watching(tr.Enters(), tr.Dies()).watches_move("battlefield", "graveyard")
    assert not _watching().watches_move("hand", "battlefield")


def test_a_trigger_matches_only_the_moves_it_declares(monkeypatch):
    """Through sample-deck games with every event announced (the log kept), each zone change a
    watching ability matches is one `watches_move` admits, and some are matched."""
    seen = {"matched": 0, "unheard": 0}
    check = tr.check_triggers

    def checked(game, kind, data):
        if kind == "zone_change":
            b = board(game)
            heard = b.watches_move(data["frm"], data["to"], data["old"], data["new"])
            seen["unheard"] += not heard
            for eid, ch, _, ab in b.watch.get(kind, ()):
                if ab.trigger.match(game, eid, ch.controller, kind, data) is not None:
                    assert heard, (ab.text, data["frm"], data["to"])
                    seen["matched"] += 1
        return check(game, kind, data)
    monkeypatch.setattr(game_module, "check_triggers", checked)
    for _ in decisions(range(6), second=1, log=True):
        pass
    assert seen["matched"] > 10 and seen["unheard"] > 100


def test_a_card_drawn_cast_or_entering_goes_unannounced_under_an_enters_ability(monkeypatch):
    """Elvish Visionary's 'When ~ enters, draw a card' watches zone changes, but only its
    own to the battlefield: a draw, a card put onto the stack, another creature entering
    check no trigger; another Elvish Visionary entering does (its own ability)."""
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Elvish Visionary"], "hand": ["Centaur Courser", "Searing Spear",
                                                                  "Elvish Visionary"],
         "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]}, log=False)
    heard = _heard(monkeypatch, "to")
    hand = {g.chars(e).name: e for e in g.players[0].hand}
    assert "zone_change" in board(g).watch
    assert zones.draw(g, 0) == 1 and len(g.players[0].hand) == 4
    zones.move(g, hand["Searing Spear"], "stack", cause="cast")
    assert heard == []
    zones.put_onto_battlefield(g, hand["Centaur Courser"])
    assert heard == []
    zones.put_onto_battlefield(g, hand["Elvish Visionary"])
    assert heard == [("zone_change", "battlefield")] and len(g.pending_triggers) == 1


def test_creatures_destroyed_together_under_an_enters_ability_move_one_by_one(monkeypatch):
    """No ability on the battlefield can match their moves to the graveyard (Elvish
    Visionary's watches the battlefield's arrivals), no characteristics depend on each
    other: each moves as it is destroyed, without collecting the event (`together`)."""
    from mtg_ecs.systems import together
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Elvish Visionary", "Centaur Courser", "Centaur Courser"],
         "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]}, log=False)
    collected = []
    monkeypatch.setattr(together, "together", lambda game: collected.append(game))
    board(g)
    bears = [e for e in g.battlefield if g.chars(e).name == "Centaur Courser"]
    assert "zone_change" in board(g).watch and g.chars_independent
    new = zones.destroy_many(g, bears)
    assert collected == [] and len(new) == 2
    assert sorted(g.chars(e).name for e in g.players[0].graveyard) == ["Centaur Courser"] * 2
    assert [g.chars(e).name for e in g.battlefield] == ["Elvish Visionary"]


def test_a_permanent_leaving_is_announced_only_if_an_ability_of_it_looks_back(monkeypatch):
    """603.10a: of the leaving object's own abilities only a leaves-the-battlefield one
    (`look_back`: 'When ~ dies') can trigger on its move: Arbor Elf's activated ability is
    none, so its death goes unannounced; Hoarding Dragon's 'When ~ dies' triggers."""
    g, _ = Game.from_setup({"players": [
        {"battlefield": ["Arbor Elf", "Hoarding Dragon"], "library": ["Island"] * 3},
        {"library": ["Island"] * 3}]}, log=False)
    heard = _heard(monkeypatch, "frm")
    on = {g.chars(e).name: e for e in g.battlefield}
    board(g)
    assert tr.looks_back(g.chars(on["Hoarding Dragon"])) and not tr.looks_back(g.chars(on["Arbor Elf"]))
    zones.destroy(g, on["Arbor Elf"])
    assert heard == [] and len(g.players[0].graveyard) == 1
    board(g)
    zones.destroy(g, on["Hoarding Dragon"])
    assert heard == [("zone_change", "battlefield")] and len(g.pending_triggers) == 1


def test_a_move_to_a_zone_no_watched_move_goes_to_is_not_walked(monkeypatch):
    """`Board.move_to`: under 'enters' and 'dies' abilities a move to the stack or the hand
    isn't looked at further (`Game.hears_zone_change`); one to the battlefield or a
    graveyard is; an ability watching moves to any zone (None) admits every move."""
    g, _ = Game.from_setup({"players": [{"library": ["Island"] * 3}, {"library": ["Island"] * 3}]})
    walked = []
    watches = type(board(g)).watches_move
    monkeypatch.setattr(type(board(g)), "watches_move",
                        lambda self, *a: (walked.append(a[1]), watches(self, *a))[1])
    g.log_enabled = False
    for trigs, heard in (((tr.Enters(), tr.Dies()), ("battlefield", "graveyard")),
                         ((tr.Enters(), tr.YouSacrifice()), ("stack", "hand", "battlefield", "graveyard"))):
        b = _watching(*trigs)
        g.board = b
        walked.clear()
        for to in ("stack", "hand", "battlefield", "graveyard"):
            g.hears_zone_change(5, "exile", to, 6)
        assert walked == list(heard)
