"""Random choices made by effects (CR 701.9c random discard; 'destroy one of them at
random'; 'choose an opponent at random'). Every random choice uses the game's seeded RNG,
over a stable order of the candidates, so a seeded game replays exactly; none is a
player's decision.
"""
from __future__ import annotations

from mtg_ecs.core.decisions import PlayerRef, StepKey
from mtg_ecs.systems import zones
from mtg_ecs.systems import discard as discarding
from mtg_ecs.systems.effects import EACH_OPPONENT, Step, amount, discard_chosen


class DiscardAtRandom(Step):
    """'<players> discard N cards at random' (701.9c): in APNAP order each player's
    cards are chosen at random, then all the chosen cards are discarded at the same
    time (101.4). A player with fewer cards discards their whole hand."""

    def __init__(self, who, n):
        self.who = who
        self.n = n

    def run(self, game, ctx):
        st = ctx.vars.get(("random_discard", StepKey(self)))
        if st is None:
            n = amount(self.n, game, ctx)
            chosen = []
            for p in self.who.resolve(game, ctx):
                hand = sorted(game.players[p.index].hand)
                k = min(n, len(hand))
                chosen.extend((p.index, c) for c in game.rng.sample(hand, k))
            if not chosen:
                return None
            game.touch()
            st = ctx.vars[("random_discard", StepKey(self))] = {"chosen": chosen, "batch": None}
        return discard_chosen(game, ctx, st)

    def answer(self, game, ctx, decision, answer):
        discarding.answer(game, ctx.vars[("random_discard", StepKey(self))]["batch"], decision, answer)


class DestroyOneAtRandom(Step):
    """'Destroy one of them at random': one of the objects the reference names (its
    still-legal targets, 608.2b) is chosen at random as the effect resolves and
    destroyed, with no chance to respond in between (an indestructible one can be
    chosen; then nothing happens: 001 Capricious Efreet R4). `destructible_first`: the
    choice is among those without indestructible if there are any (003 Chaos Defiler R1:
    "destroy one of them chosen at random")."""

    def __init__(self, what, destructible_first=False):
        self.what = what
        self.destructible_first = destructible_first

    def run(self, game, ctx):
        objs = sorted(o for o in self.what.resolve(game, ctx)
                      if not isinstance(o, PlayerRef) and o in game.battlefield)
        if self.destructible_first:
            objs = [o for o in objs if not game.chars(o).has("indestructible")] or objs
        if not objs:
            return None
        pick = game.rng.choice(objs)
        game.touch()
        ctx.vars["random_choice"] = pick
        zones.destroy(game, pick)
        return None


class ChoosePlayerAtRandom(Step):
    """'Choose an opponent at random' (The Ruinous Powers, Knight Rampager): one of the
    players `among` names (by default the controller's opponents still in the game,
    102.2, 800.4a), chosen by the game's RNG over their turn order, not by anyone: a
    random choice is no player's decision. The player goes to ctx.vars[key] (a PlayerRef,
    None if there was none to choose) for the steps after it
    (`choose_player.CHOSEN_PLAYER(key)`)."""

    def __init__(self, among=EACH_OPPONENT, key="random_player"):
        self.among = among
        self.key = key

    def run(self, game, ctx):
        players = sorted(p for p in self.among.resolve(game, ctx) if isinstance(p, PlayerRef))
        ctx.vars[self.key] = random_player(game, players)
        return None


def random_player(game, players):
    """One of `players` (PlayerRefs in a stable order) at random from the game's RNG, or
    None if there are none."""
    if not players:
        return None
    pick = game.rng.choice(players)
    game.touch_hidden()                     # the RNG's state is the game's state
    return pick

