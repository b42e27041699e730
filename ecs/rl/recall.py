"""A player's information state as OpenSpiel means it: perfect recall of what they have
observed and done (`Recall`), for the OpenSpiel game (mtg_ecs.rl.openspiel_game)."""
from __future__ import annotations

import copy
import hashlib

from mtg_ecs.rl.table import Table


def digest(obs: dict) -> bytes:
    """A digest of an observation's arrays: equal observations, equal digests."""
    h = hashlib.blake2b(digest_size=12)
    for a in obs.values():
        h.update(a.tobytes())
    return h.digest()


class Recall:
    """What each player has observed and done so far (perfect recall): per player a chain
    digest of the sequence of their observations (each new one, when it differs from the
    last) and their own actions, and how often they took each action. The other players'
    steps inside a decision change nothing they see (the engine hears the decision once it
    is complete), so they observe again only when an engine decision was answered.

    `advance(table, action, n)` takes the n-th action of the game (with the game's bound
    on its length). Kept lazily, so that playing without asking for information states
    costs next to nothing: `table` is the position after the actions recorded (`done` of
    them), and the actions taken since (`pending`) are replayed on it when an information
    state is asked for, or the state is copied (so that a state copied at every step, as
    search does, replays each action once). Copies share `table` until one of them steps
    it: that one steps a clone (`owned`: not shared)."""

    def __init__(self, advance, table: Table):
        n = table.num_players
        self.advance, self.table, self.owned = advance, table, True
        self.done, self.pending = 0, []
        self.chain = [b""] * n
        self.last = [b""] * n
        self.counts: list[dict] = [{} for _ in range(n)]
        self._observe(table, range(n))

    def __deepcopy__(self, memo):
        self.catch_up()
        self.owned = False
        r = copy.copy(self)
        r.chain, r.last, r.pending = list(self.chain), list(self.last), []
        r.counts = [dict(c) for c in self.counts]
        return r

    def catch_up(self) -> "Recall":
        """Record the actions taken since the last time."""
        if not self.pending:
            return self
        t = self.table if self.owned else self.table.clone()
        for a in self.pending:
            self.done += 1
            p, before = t.current_player, t.game.pending
            self.advance(t, a, self.done)
            self._add(p, b"a" + a.to_bytes(4, "little"))
            self.counts[p][a] = self.counts[p].get(a, 0) + 1
            if t.game.pending is not before:
                self._observe(t, range(t.num_players))
        self.table, self.owned, self.pending = t, True, []
        return self

    def _add(self, p: int, entry: bytes) -> None:
        self.chain[p] = hashlib.blake2b(self.chain[p] + entry, digest_size=16).digest()

    def _observe(self, table: Table, players) -> None:
        for p in players:
            d = digest(table.observe(p))
            if d != self.last[p]:
                self.last[p] = d
                self._add(p, b"o" + d)

    def string(self, p: int) -> str:
        return f"p{p} {sum(self.counts[p].values())} actions {self.chain[p].hex()}"
