"""Starting the game (CR 103): libraries, starting player, opening hands and
the London mulligan (103.5)."""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction
from mtg_ecs.systems import zones
from mtg_ecs.components import Card
from mtg_ecs.components.definitions import StaticAbility
from mtg_ecs.systems.turn import begin_step
from mtg_ecs.systems.teams import starting_team_player


def start_game(g, decks, starting_player: int | None = None,
               previous_loser: int | None = None) -> None:
    """Start a new game `g` (CR 103): `decks` is one list of CardDefs per player.
    `previous_loser`: in a later game of a match, the player who lost the previous game
    (CR 103.1)."""
    for i, deck in enumerate(decks):
        g.create_library(deck, i)
        zones.shuffle(g, i)                                    # 103.2
    # 103.1: the starting player is chosen at random (the game's seeded RNG), or in a
    # later game of a match by the loser of the previous game
    choose = starting_player is None and previous_loser is not None
    if not choose:
        g.starting_player = g.rng.randrange(len(decks)) if starting_player is None else starting_player
    if g.teams:
        g.starting_player = starting_team_player(g, g.starting_player)   # 103.1a, 904.6
    g.active = g.starting_player
    g.turn = 1
    g.step = "pregame"
    for i in range(len(decks)):
        zones.draw(g, i, 7)                                    # 103.5
        g.players[i].cards_drawn_turn = 0
    g.agenda.append(MulliganTask(len(decks), None if choose else g.starting_player))
    if choose:
        g.agenda.append(ChooseStartingPlayerTask(previous_loser))
    g.advance()


class ChooseStartingPlayerTask:
    """CR 103.1: the loser of the previous game of the match chooses which player
    takes the first turn."""

    needs_rewind = False

    def __init__(self, chooser: int):
        self.chooser = chooser
        self.done = False

    def copy(self):
        t = ChooseStartingPlayerTask(self.chooser)
        t.done = self.done
        return t

    def run(self, game):
        if self.done:
            return None
        return Decision("starting_player", self.chooser, list(range(len(game.players))),
                        prompt="choose the player who takes the first turn")

    def answer(self, game, decision, answer):
        if isinstance(answer, bool) or answer not in decision.options:
            raise IllegalAction("choose a player index to take the first turn")
        if game.teams:
            answer = starting_team_player(game, answer)        # 103.1a, 904.6
        game.starting_player = answer
        game.active = answer
        self.done = True


class MulliganTask:
    """CR 103.5: in turn order each player keeps or mulligans; a player who
    mulligans shuffles their hand into their library and draws seven; on
    keeping, they put one card per mulligan on the bottom (London mulligan).
    In multiplayer the first mulligan is free (103.5c)."""

    needs_rewind = False

    def __init__(self, n: int, first: int | None):
        self.n = n
        self.order = None if first is None else [(first + i) % n for i in range(n)]
        self.kept = {}
        self.bottomed = set()
        self.asked = set()          # cards whose opening-hand action was offered (103.6)
        self.i = 0

    def copy(self):
        t = MulliganTask.__new__(MulliganTask)
        t.n = self.n
        t.order = None if self.order is None else list(self.order)
        t.kept = dict(self.kept)
        t.bottomed = set(self.bottomed)
        t.asked = set(self.asked)
        t.i = self.i
        return t

    def _to_bottom(self, game, p) -> int:
        n = game.players[p].mulligans
        if len(game.players) > 2:
            n -= 1
        return max(0, min(n, len(game.players[p].hand)))

    def run(self, game):
        if self.order is None:                  # the starting player was chosen (103.1)
            first = game.starting_player
            self.order = [(first + i) % self.n for i in range(self.n)]
        while True:
            undecided = [p for p in self.order if p not in self.kept]
            if not undecided:
                break
            p = undecided[0]
            return Decision("mulligan", p, ["keep", "mulligan"], prompt="keep or mulligan")
        for p in self.order:
            if p not in self.bottomed:
                n = self._to_bottom(game, p)
                if n:
                    return Decision("bottom", p, list(game.players[p].hand), n, n,
                                    f"put {n} card(s) on the bottom of your library")
                self.bottomed.add(p)
        # 103.6: opening-hand actions, the starting player first, then each other player
        # in turn order; one decision per card that allows one
        for p in self.order:
            for c in list(game.players[p].hand):
                if c in self.asked or not opening_hand_actions(game, c):
                    continue
                return Decision("may", p, [True, False], 1, 1,
                                f"begin the game with {game.name(c)} on the battlefield?",
                                data={"card": c, "opening_hand": True})
        # the game begins: the starting player's first turn
        game.step = "untap"
        begin_step(game, "untap")
        return None

    def answer(self, game, decision, answer):
        p = decision.player
        if decision.kind == "mulligan":
            if answer not in ("keep", "mulligan"):
                raise IllegalAction("answer 'keep' or 'mulligan'")
            if answer == "keep":
                self.kept[p] = True
                return
            pl = game.players[p]
            if pl.mulligans >= 7 and len(game.players) == 2:
                raise IllegalAction("no cards left to mulligan to")
            pl.mulligans += 1
            for c in list(pl.hand):
                zones.move(game, c, "library", cause="mulligan")
            zones.shuffle(game, p)
            zones.draw(game, p, 7)
            pl.cards_drawn_turn = 0
            return
        if decision.kind == "may" and decision.data.get("opening_hand"):
            if answer not in (True, False, "yes", "no"):
                raise IllegalAction("answer yes or no")
            c = decision.data["card"]
            self.asked.add(c)
            if answer in (True, "yes"):
                # 103.6a: the player puts that card onto the battlefield (it isn't cast)
                zones.put_onto_battlefield(game, c, controller=p, cause="opening_hand")
            return
        if decision.kind == "bottom":
            chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            if len(chosen) != decision.min or len(set(chosen)) != len(chosen) or \
                    any(c not in decision.options for c in chosen):
                raise IllegalAction(f"put exactly {decision.min} card(s) from your hand on the bottom")
            for c in chosen:
                zones.move(game, c, "library", position="bottom", cause="mulligan")
            self.bottomed.add(p)
            return
        raise IllegalAction(f"unexpected answer to {decision.kind}")


# CR 103.6a: "If <this card> is in your opening hand, you may begin the game with it on the
# battlefield." Cards carry it as StaticAbility(rules=(BEGIN_ON_BATTLEFIELD,), zones=("hand",)).
BEGIN_ON_BATTLEFIELD = "begin_game_on_battlefield"


def opening_hand_actions(game, card) -> list:
    """The opening-hand actions (103.6) a card in hand allows."""
    defn = game.world.ents[card][Card].defn
    return [ab for ab in defn.abilities
            if isinstance(ab, StaticAbility) and BEGIN_ON_BATTLEFIELD in ab.rules]
