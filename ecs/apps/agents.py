"""Agents: players that answer decisions. One protocol:

    class MyAgent:
        def act(self, view, decision):   # return a legal answer
            ...

An agent is given its player's view of the game (`game.view(player)`, ecs/view.py: no
card it couldn't see), which answers the questions a `Game` does; an agent that declares
`sees_everything = True` (an oracle baseline) is given the game itself.

`RandomAgent` picks uniformly among the legal options with its own seeded RNG.

A decision with exactly one legal answer (`Decision.data[ONLY]`: discarding the whole hand
when told to discard that many, dividing among one target, ...) is still asked by the
engine (scenario format, "Decisions (strict)"); both built-in agents give that answer
without drawing from their RNG, so a game plays on with the same random choices as when
the engine did not ask.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from mtg_ecs.core.decisions import ONLY, Activate, Decision, IllegalAction, Pass, PlayerRef
from mtg_ecs.systems.costs import activated_abilities

if TYPE_CHECKING:
    from mtg_ecs.game import Game
    from mtg_ecs.view import View


class Agent(Protocol):
    """What `play` needs of a player: an answer to each of its decisions, given the
    player's view (or, with `sees_everything = True`, the game)."""

    def act(self, view: View, decision: Decision) -> Any: ...


def seen_by(agent, game: Game, player: int):
    """What `agent`, playing `player`, is given to decide: the player's view, or the whole
    game for an agent that declares it sees everything (an oracle baseline)."""
    return game if getattr(agent, "sees_everything", False) else game.view(player)


def _below(r: random.Random, n: int) -> int:
    """A uniform int in [0, n), n > 0, from `r.getrandbits` (public API): drawn by rejection
    from n's bit length, which are the draws `r.choice` and `r.randint` make in CPython
    (their `_randbelow`), so games play as with them; one Python call where a choice makes
    two and a randint three (~1 k instructions each, ~100 picks a random playout)."""
    if n <= 0:
        raise ValueError("nothing to choose from")
    k = n.bit_length()
    i = r.getrandbits(k)
    while i >= n:
        i = r.getrandbits(k)
    return i


class RandomAgent:
    """Uniform over the legal options (a random subset for combinatorial choices): each
    attacker it declares attacks one of its legal defenders at random, every opponent and
    each of their planeswalkers alike (CR 802.2: attacking several players). The common
    picks (a priority action, each attacker's defender and blocker's attacker, how many
    targets) are drawn by `_below`: the draws `rng.choice` and `rng.randint` would make."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: View | Game, d: Decision) -> Any:
        if ONLY in d.data:
            return only_answer(d)
        r = self.rng
        k = d.kind
        if k == "priority":
            acts = useful_actions(game, d)
            return acts[_below(r, len(acts))]
        if k in ("mulligan",):
            return "keep"
        if k == "attackers":
            out = {}
            for a, defenders in d.options:
                if r.random() < 0.5:
                    out[a] = defenders[_below(r, len(defenders))]
            return game.legal_declaration(d, out)
        if k == "blockers":
            out = {}
            for b, attackers in d.options:
                if r.random() < 0.5:
                    out[b] = attackers[_below(r, len(attackers))]
            return game.legal_declaration(d, out)
        if k == "damage_assignment":
            return random_assignment(r, d)
        if k == "divide":
            tg = list(d.options)
            total = d.data["total"]
            if total < len(tg) and d.data.get("any_number"):
                # "divide N among any number of them": at least 1 each (601.2d), so at most N
                tg = r.sample(tg, r.randint(1, total)) if total else []
            out = {t: 1 for t in tg}
            for _ in range(total - len(tg)):
                out[r.choice(tg)] += 1
            return out
        if k == "prevention":                   # 615.7: exactly the shield's amount
            return random_split(r, d.data["damage"], d.data["amount"])
        if k == "redirect":                     # 614.9: exactly what the shield has left
            dmg = d.data["damage"]
            return random_split(r, dmg, min(d.data["total"], sum(dmg.values())))
        if k == "x":
            return r.choice(d.options)
        if k == "may":
            return r.random() < 0.5
        if k == "trigger_order":
            order = list(range(len(d.options)))     # positions: the same answer in a clone
            r.shuffle(order)
            return order
        if k == "blocker_order":
            opts = list(d.options)
            r.shuffle(opts)
            return opts
        if k in ("legend_rule", "color", "mana_choice", "starting_player", "cost_choice", "top_or_bottom", "choice"):
            return r.choice(d.options)            # one of the options, itself
        if k in ("scry", "look_order"):
            opts = list(d.options)
            r.shuffle(opts)
            cut = r.randint(0, len(opts)) if k == "scry" else len(opts)
            if d.data.get("warp_bottom"):
                cut = 0                 # every card goes to the bottom, in any order
            return {"top": opts[:cut], "bottom": opts[cut:]}
        if "least" in d.data:
            # any set of objects that pays, and more (crew, Treasures: 702.122a, 601.2g)
            least = list(d.data["least"])
            rest = []               # (a loop: a comprehension would make `least` a cell of
            for o in d.options:     # act, at every call on 3.11)
                if o not in least:
                    rest.append(o)
            return least + r.sample(rest, r.randint(0, len(rest)))
        # choose n of the options
        hi = min(d.max, len(d.options))
        n = d.min + _below(r, hi - d.min + 1) if hi >= d.min else d.min    # r.randint(d.min, hi)
        if n == 1:
            # r.sample's one draw for one item (nearly every target choice), without its
            # ~9 k instructions (a Sequence check, a copy of the options)
            out = [d.options[_below(r, len(d.options))]]
        else:
            out = r.sample(list(d.options), n)
        group = d.data.get("group")
        if group is not None and not game.targets_go_together(d, out):
            out = out[:1]           # targets that can't be chosen together (601.2c): one can
        return out


def only_answer(d: Decision):
    """The one legal answer of `d` (Decision.data[ONLY]), as a value of its own."""
    a = d.data[ONLY]
    return dict(a) if isinstance(a, dict) else list(a) if isinstance(a, (list, tuple)) else a


def useful_actions(game, d: Decision) -> list:
    """The priority options without standalone mana abilities: mana is made when a
    cost is paid (the automatic payer), so activating one alone only empties later."""
    opts = d.options
    span = d.data.get("mana_abilities")
    if span is None:
        out, rest = [], opts
    else:
        # before the slice: pass, lands and spells, never an ability (priority.decision)
        if span.stop == len(opts):
            return opts[:span.start]    # (no other ability)
        out, rest = opts[:span.start], opts[span.stop:]
    for a in rest:
        if isinstance(a, Activate) and activated_abilities(game, a.source)[a.index].mana:
            continue
        out.append(a)
    return out


def random_split(r, most: dict, total: int) -> dict:
    """`total` units split at random among the keys of `most`, each getting at most
    its value there (which damage a shield prevents or redirects)."""
    out = dict.fromkeys(most, 0)
    keys = list(most)
    for _ in range(total):
        k = r.choice([k for k in keys if out[k] < most[k]])
        out[k] += 1
    return out


def random_assignment(r, d: Decision) -> dict:
    """A legal combat damage assignment, at random (510.1c-d, 702.19b)."""
    data = d.data
    total = data["total"]
    blockers = list(data["blockers"])
    lethal = data["lethal"]
    out = {x: 0 for x in d.options}
    left = total
    if data["ordered"] or data["trample"]:
        # walk in order assigning lethal, then spill over
        for b in blockers:
            n = min(left, lethal[b])
            out[b] += n
            left -= n
        if left and data["trample"] and data["defender"] is not None:
            out[data["defender"]] += left
        elif left:
            out[blockers[-1]] += left
        return out
    while left:
        out[r.choice(blockers)] += 1
        left -= 1
    return out


REFUSALS_ALLOWED = 100
MAX_DECISIONS = 100000


def play(game: Game, agents: Sequence[Agent], max_decisions: int = MAX_DECISIONS) -> int:
    """Drive a game with agents (one per player) until it ends. An answer the rules
    refuse changes nothing (IllegalAction); the agent is asked again, up to
    REFUSALS_ALLOWED times in a row (a choice the options can't show as illegal: targets
    whose added cost can't be paid, 601.2f-h). A game still going after `max_decisions`
    answers (agents repeating an optional loop, which only they can stop: CR 732.4)
    ends as a draw, reason "decision limit": a bound of the simulation, like the turn
    limit, not a rule. Returns the number of answers given."""
    n = 0
    d = game.pending
    # a view is a window on the game as it is: one per player serves the whole game
    seen = [seen_by(a, game, i) for i, a in enumerate(agents)]
    while d is not None and n < max_decisions:
        try:
            p = d.player
            game.decide(agents[p].act(seen[p], d))
        except IllegalAction:
            answer_once(game, agents, refused=1)    # asked again
        n += 1
        d = game.pending
    if game.pending is not None:
        game.end_as_draw("decision limit")
    return n


def answer_once(game, agents, refused=0) -> None:
    """One accepted answer to the pending decision, from the agent of the player deciding;
    a refused answer (IllegalAction: nothing changed) is asked again, up to REFUSALS_ALLOWED
    times in a row (see `play`; `refused`: how many were refused already)."""
    while True:
        d = game.pending
        agent = agents[d.player]
        try:
            game.decide(agent.act(seen_by(agent, game, d.player), d))
            return
        except IllegalAction:
            refused += 1
            if refused > REFUSALS_ALLOWED:
                raise


class HeuristicAgent:
    """Plays sensibly without search: keeps 2-5 land hands, plays a land each turn,
    casts the most expensive spell it can pay for, aims removal at the opponents'
    biggest creature and pump at its own, attacks when no blocker can kill the
    attacker for free, blocks to kill an attacker, to trade up, or to survive. With
    several opponents (free-for-all) it attacks one of them (`_victim`: the weakest it
    can kill, else the most threatening), aims at the one with the least life when a
    spell targets a player, and counts only the creatures attacking it when blocking."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # -- helpers ------------------------------------------------------------
    @staticmethod
    def _value(game, e) -> int:
        c = game.chars(e)
        return (c.power or 0) * 2 + (c.toughness or 0) + c.cost.mana_value

    def act(self, game: View | Game, d: Decision) -> Any:
        if ONLY in d.data:
            return only_answer(d)
        k = d.kind
        handler = getattr(self, "_" + k, None)
        if handler is not None:
            ans = handler(game, d)
            if k in ("attackers", "blockers"):           # requirements (508.1d, 509.1c)
                ans = game.legal_declaration(d, ans)
            return ans
        return RandomAgent.act(self, game, d)

    def _mulligan(self, game, d):
        p = game.players[d.player]
        lands = sum(1 for c in p.hand if "Land" in game.chars(c).types)
        return "keep" if 2 <= lands <= 5 or p.mulligans >= 2 else "mulligan"

    def _bottom(self, game, d):
        # bottom the most expensive spells, keeping at least two lands
        def key(c):
            ch = game.chars(c)
            return (0 if "Land" in ch.types else 1, ch.cost.mana_value)
        ordered = sorted(d.options, key=key, reverse=True)
        return ordered[:d.min]

    def _priority(self, game, d):
        from mtg_ecs.core.decisions import PlayLand, Cast
        opts = d.options
        lands = [a for a in opts if isinstance(a, PlayLand)]
        if lands:
            return lands[0]
        casts = self._blitz_or_not(game, d.player, [a for a in opts if isinstance(a, Cast)])
        if casts:
            best = max(casts, key=lambda a: (game.chars(a.card).cost.mana_value,
                                             "Creature" in game.chars(a.card).types))
            if self._worth_casting(game, d.player, best.card):
                return best
        acts = [a for a in opts if isinstance(a, Activate)]
        act = self._loyalty_ability(game, acts) or self._crew(game, d.player, acts)
        return act if act is not None else Pass()

    @staticmethod
    def _loyalty_ability(game, acts):
        """A planeswalker's loyalty ability (606.3, once a turn): its ultimate (a minus of 3
        or more) once it leaves the planeswalker alive, else the ability that adds the most
        loyalty, else the smallest minus that leaves it alive."""
        best = None
        for a in acts:
            cost = activated_abilities(game, a.source)[a.index].cost
            if cost.loyalty is None or cost.loyalty_x:
                continue
            if game.counters(a.source).get("loyalty") + cost.loyalty <= 0:
                continue
            key = (cost.loyalty <= -3, -cost.loyalty if cost.loyalty <= -3 else cost.loyalty)
            if best is None or key > best[0]:
                best = (key, a)
        return None if best is None else best[1]

    def _crew(self, game, me, acts):
        """Crew N (702.122a) in its first main phase: a Vehicle with more power than N,
        that could then attack without being killed for free."""
        if game.step != "main1" or game.active != me:
            return None
        for a in acts:
            n = getattr(activated_abilities(game, a.source)[a.index].cost, "crew", 0)
            ch = game.chars(a.source)
            if n and "Creature" not in ch.types and (ch.power or 0) > n \
                    and self._safe_attacker(game, me, ch):
                return a
        return None

    def _blitz_or_not(self, game, me, casts) -> list:
        """A card castable for its blitz cost (702.152a) and normally: blitz it in the
        first main phase of its turn when it could attack at once without being killed
        for free (a hasty attack, then a card when it is sacrificed), else cast it."""
        blitz = [a for a in casts if a.alt == "blitz"]
        if not blitz:
            return casts
        attack_now = game.step == "main1" and game.active == me
        out = []
        for a in casts:
            twin = a.alt is None and any(b.card == a.card for b in blitz)
            if a.alt == "blitz" and not (attack_now and self._safe_attacker(game, me, game.chars(a.card))):
                if any(b.card == a.card and b.alt is None for b in casts):
                    continue                      # cast it normally instead
            elif twin and attack_now and self._safe_attacker(game, me, game.chars(a.card)):
                continue                          # blitz it
            out.append(a)
        return out

    @staticmethod
    def _safe_attacker(game, me, ac, attacker=None, defender=None) -> bool:
        """No untapped creature of an opponent (of `defender`, when it attacks that
        player) could block it, kill it and survive."""
        opp = game.opponents(me) if defender is None else (defender,)
        for b in game.battlefield:
            bc = game.chars(b)
            if bc.controller not in opp or "Creature" not in bc.types or game.is_tapped(b):
                continue
            if attacker is not None and not game.can_block(b, attacker):
                continue
            if (bc.power or 0) >= (ac.toughness or 0) and (ac.power or 0) < (bc.toughness or 0):
                return False
        return True

    def _worth_casting(self, game, me, card) -> bool:
        """Don't fire a spell with nothing useful to hit (pump with no creature of
        ours, removal with no creature of theirs); creatures are always worth it."""
        from mtg_ecs.systems.casting import spell_target_specs
        ch = game.chars(card)
        if "Creature" in ch.types or "Land" in ch.types:
            return True
        specs = spell_target_specs(ch.defn)
        if not specs:
            return game.step in ("main1", "main2") or "Instant" in ch.types
        if self._friendly(ch.defn):
            # pump: only to win a fight in combat
            return game.step == "declare_blockers" and any(
                game.is_attacking(e) or game.is_blocking(e)
                for e in game.creatures(me))
        return True

    @staticmethod
    def _friendly(defn) -> bool:
        from mtg_ecs.systems import effects as fx
        steps = defn.spell.effects if defn.spell else ()
        return any(isinstance(s, fx.ModifyPT) and not callable(s.p) and s.p > 0 for s in steps) or \
            any(isinstance(s, (fx.GainLife, fx.Regenerate, fx.GrantKeywords)) for s in steps)

    def _targets(self, game, d):
        me = d.player
        card = game.stack[-1] if game.stack else None
        friendly = False
        if card is not None and game.exists(card) and game.zone_of(card) == "stack":
            try:
                friendly = self._friendly(game.chars(card).defn)
            except Exception:
                friendly = False
        mine, theirs, players_them, players_me = [], [], [], []
        for o in d.options:
            if isinstance(o, PlayerRef):
                (players_me if o.index == me else players_them).append(o)
            elif game.exists(o) and game.zone_of(o) == "battlefield":
                (mine if game.chars(o).controller == me else theirs).append(o)
            else:
                theirs.append(o)
        if friendly:
            pool = mine or players_me or list(d.options)
        else:
            # of several opponents, the one with the least life first (closest to losing)
            players_them.sort(key=lambda o: game.players[o.index].life)
            pool = sorted(theirs, key=lambda e: -self._value(game, e) if game.exists(e) and
                          game.zone_of(e) == "battlefield" else 0) or players_them or list(d.options)
        return pool[:max(d.min, 1)][:d.max]

    def _attackers(self, game, d):
        """Attack one opponent (`_victim`) with every creature that could attack them
        without a creature of theirs blocking and killing it for free (in free-for-all
        only the attacked player's creatures can block it: 506.2, 802.2)."""
        me = d.player
        victim = self._victim(game, me, d.options)
        target = PlayerRef(victim)
        out = {}
        for a, defenders in d.options:
            ac = game.chars(a)
            if (ac.power or 0) > 0 and self._safe_attacker(game, me, ac, a, victim):
                players = [x for x in defenders if isinstance(x, PlayerRef)]
                out[a] = target if target in players else players[0] if players else defenders[0]
        return out

    def _victim(self, game, me, options) -> int:
        """Whom to attack: of the opponents whom the creatures that could attack them
        safely would kill if unblocked, the one with the least life; else the most
        threatening, with the most power on the battlefield; ties to the one with less
        life, then to the next in turn order. (In a duel, the opponent.)"""
        opp = game.opponents(me)
        if len(opp) == 1:
            return opp[0]
        players = game.players
        power = dict.fromkeys(opp, 0)
        for e in game.battlefield:
            c = game.chars(e)
            if c.controller in power and "Creature" in c.types:
                power[c.controller] += max(0, c.power or 0)
        lethal = []
        for o in opp:
            ref = PlayerRef(o)
            reach = sum(max(0, game.chars(a).power or 0) for a, defenders in options
                        if ref in defenders and self._safe_attacker(game, me, game.chars(a), a, o))
            if reach and reach >= players[o].life:
                lethal.append(o)
        seat = {o: (o - me) % len(players) for o in opp}      # turn order after me
        if lethal:
            return min(lethal, key=lambda o: (players[o].life, seat[o]))
        return min(opp, key=lambda o: (-power[o], players[o].life, seat[o]))

    def _blockers(self, game, d):
        me = d.player
        # what comes at me: creatures attacking me or my planeswalkers (or, their planeswalker
        # removed from combat, nothing: 506.4c), not those attacking another player (802.2)
        incoming = sum(max(0, game.chars(a).power or 0) for a in game.battlefield
                       if game.is_attacking(a) and game.attacked_player(a) in (me, None))
        life = game.players[me].life
        out = {}
        used_attackers = set()
        for b, attackers in sorted(d.options, key=lambda bo: -self._value(game, bo[0])):
            bc = game.chars(b)
            best = None
            for a in attackers:
                if a in used_attackers:
                    continue
                ac = game.chars(a)
                kills = (bc.power or 0) >= (ac.toughness or 0) or (bc.has("deathtouch") and (bc.power or 0) > 0)
                survives = (ac.power or 0) < (bc.toughness or 0) and not ac.has("deathtouch")
                trade_up = kills and self._value(game, a) >= self._value(game, b)
                if kills and survives or trade_up or (survives and (ac.power or 0) > 0):
                    best = a
                    break
                if incoming >= life and best is None:
                    best = a                      # chump to survive
            if best is not None:
                out[b] = best
                used_attackers.add(best)
                incoming -= max(0, game.chars(best).power or 0)
        return out

    def _damage_assignment(self, game, d):
        return random_assignment(self.rng, d) if not d.data.get("ordered") else random_assignment(self.rng, d)

    def _may(self, game, d):
        what = d.data.get("what")
        if what == "casualty":
            return self._fodder(game, d.player, self._casualty_needed(game)) is not None
        # a copy keeps the original's targets (707.10c): retargeting a copy of a copy
        # spell at that spell again would repeat for ever
        return what != "new_targets"

    @staticmethod
    def _casualty_needed(game) -> int:
        """The least power casualty asks for, of the spell being cast (on the stack, 601.2a);
        casualty X: at least 1 (a copy with no loyalty would die at once)."""
        from mtg_ecs.systems.casualty import casualty_of
        n = casualty_of(game.chars(game.stack[-1]).defn) if game.stack else None
        return n if isinstance(n, int) else 1

    def _fodder(self, game, me, power: int):
        """The creature worth sacrificing for a copy (casualty): a token or one costing 2 or
        less, with power `power` or greater, the least valuable; None if there is none."""
        from mtg_ecs.systems.casualty import candidates
        opts = [e for e in candidates(game, me, power)
                if game.chars(e).token or game.chars(e).cost.mana_value <= 2]
        return min(opts, key=lambda e: self._value(game, e), default=None)

    def _x(self, game, d):
        what = d.data.get("what")
        if what == "casualty":                  # casualty X: the power of the fodder
            f = self._fodder(game, d.player, 1)
            return min(game.chars(f).power, max(d.options)) if f is not None else 0
        if what == "loyalty":                   # -X: not the planeswalker's last loyalty
            return RandomAgent.act(self, game, d)
        # X of a spell or ability, multikicker: the most the player can pay (the options
        # stop there: 107.3, 601.2f), so a Fireball isn't cast for 0 on turn 2
        return max(d.options)

    def _choose(self, game, d):
        # choose own least valuable objects (costs, 'return a creature you control')
        opts = sorted(d.options, key=lambda e: self._value(game, e) if game.exists(e) else 0)
        return opts[:d.min] if d.min else []

    def _discard(self, game, d):
        opts = sorted(d.options, key=lambda c: ("Land" not in game.chars(c).types, game.chars(c).cost.mana_value))
        lands = [c for c in opts if "Land" in game.chars(c).types]
        # discard surplus lands first, then the most expensive spells
        ordered = lands[2:] + sorted([c for c in d.options if c not in lands[2:]],
                                     key=lambda c: -game.chars(c).cost.mana_value)
        return ordered[:d.min]

    def _top_or_bottom(self, game, d):
        return "top"                      # the owner draws their card again

    def _mana_sacrifice(self, game, d):
        return list(d.data["least"])      # as few permanents as pay (601.2g)

    def _cost(self, game, d):
        if "least" in d.data:             # any number that pays: as few as pay (crew, 702.122a)
            return list(d.data["least"])
        return self._choose(game, d)
