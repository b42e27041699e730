"""Library manipulation: scry (CR 701.22) and "look at the top N cards and put them back
in any order" (CR 401.4: the owner arranges them as told).

Both are one decision for the player: kind "scry" (top and bottom allowed) or
"look_order" (top only), options = the looked-at cards (top first), answered with
{"top": [cards, top first], "bottom": [cards, top first]}. Looking is private: the
cards are not revealed (701.22a says "look at").
"""
from __future__ import annotations

from mtg_ecs.core.decisions import Decision, IllegalAction, PlayerRef, StepKey, only
from mtg_ecs.systems.effects import Step, amount
from mtg_ecs.systems.entering import entry_choices, entry_choices_answer, put_entering
from mtg_ecs.systems import commander, knowledge, zones
from mtg_ecs.systems.together import together


def top_cards(game, player: int, n: int) -> list:
    """The top n cards of a library, top first (fewer if the library is smaller)."""
    lib = game.players[player].library
    n = max(0, min(n, len(lib)))
    return list(reversed(lib[len(lib) - n:])) if n else []


def look_decision(game, player: int, n: int, bottom: bool = True, prompt=None):
    """The decision for scry n (bottom=True) or look-and-reorder n; None if there is
    nothing to look at (701.22b: scry 0 does nothing; an empty library shows nothing)."""
    cards = top_cards(game, player, n)
    if not cards:
        return None
    kind = "scry" if bottom else "look_order"
    return Decision(kind, player, cards, len(cards), len(cards),
                    prompt or (f"scry {n}: choose cards for the top and the bottom (top first)"
                               if bottom else f"put the top {len(cards)} cards back in any order"),
                    data={"n": n})


def check_answer(decision, answer):
    """Validate {"top": [...], "bottom": [...]}: every looked-at card exactly once."""
    if not isinstance(answer, dict) or set(answer) - {"top", "bottom"}:
        raise IllegalAction("answer {top: [cards, top first], bottom: [cards, top first]}")
    top = list(answer.get("top") or [])
    bottom = list(answer.get("bottom") or [])
    if bottom and decision.kind != "scry":
        raise IllegalAction("these cards can only be put back on top")
    if sorted(top + bottom) != sorted(decision.options) or len(set(top + bottom)) != len(top + bottom):
        raise IllegalAction("put each looked-at card back exactly once")
    return top, bottom


def put_back(game, player: int, top, bottom) -> None:
    """Put the looked-at cards back: `top` on top of the library and `bottom` on the
    bottom, each list given top first (701.22a: in any order). The library list's top
    is its end."""
    lib = game.players[player].library
    moved = set(top) | set(bottom)
    rest = [c for c in lib if c not in moved]
    lib[:] = list(reversed(bottom)) + rest + list(reversed(top))
    knowledge.lost_track(game, top + bottom, player)
    game.touch_hidden()


def bottom_in_random_order(game, cards, cause: str | None = None) -> list:
    """Put `cards` of a library on its bottom in a random order (401.4: the game's RNG),
    which nobody knows; the new objects (400.7), for those still in a library."""
    cards = list(cards)
    game.rng.shuffle(cards)
    new = [zones.move(game, c, "library", position="bottom", cause=cause) for c in cards
           if game.exists(c) and game.zone_of(c) == "library"]
    knowledge.lost_track(game, new)
    return new


def scry(game, player: int, decision, answer) -> None:
    top, bottom = check_answer(decision, answer)
    put_back(game, player, top, bottom)
    if decision.kind == "scry":
        game.emit("scry", player=player, n=decision.data.get("n", len(decision.options)))


class Scry(Step):
    """'Scry N' (CR 701.22): look at the top N cards of your library, put any number of
    them on the bottom in any order and the rest on top in any order."""

    bottom = True

    def __init__(self, n, who=None):
        self.n = n
        self.who = who

    def _player(self, game, ctx):
        if self.who is None:
            return ctx.controller
        ps = [p for p in self.who.resolve(game, ctx) if isinstance(p, PlayerRef)]
        return ps[0].index if ps else None

    def run(self, game, ctx):
        key = ("look", StepKey(self))
        if ctx.vars.get(key):
            ctx.vars.pop(key)
            return None
        p = self._player(game, ctx)
        if p is None:
            return None
        d = look_decision(game, p, amount(self.n, game, ctx), bottom=self.bottom)
        if d is None:
            return None
        return d

    def answer(self, game, ctx, decision, answer):
        scry(game, decision.player, decision, answer)
        ctx.vars[("look", StepKey(self))] = True


class LookMayPutIntoGraveyard(Step):
    """'Look at the top card of your library. You may put that card into your graveyard.'
    The controller alone sees it (the decision is theirs, naming the card)."""

    def run(self, game, ctx):
        if ctx.vars.pop(("look_mill", StepKey(self)), False):
            return None                                 # answered
        top = top_cards(game, ctx.controller, 1)
        if not top:
            return None
        return Decision("may", ctx.controller, [True, False], 1, 1,
                        f"put {game.name(top[0])} into your graveyard?", data={"card": top[0]})

    def answer(self, game, ctx, decision, answer):
        if answer not in (True, False, "yes", "no"):
            raise IllegalAction("answer yes or no")
        if answer in (True, "yes"):
            zones.move(game, decision.data["card"], "graveyard")
        ctx.vars[("look_mill", StepKey(self))] = True


class OwnerPutsOnTopOrBottom(Step):
    """'The owner of <it> puts it on the top or bottom of their library': the owner chooses
    (a `top_or_bottom` decision) as the effect resolves. Not countering: a spell that can't
    be countered goes too (701.6 isn't involved; 002 Endless Detour R2). The owner of a
    commander may then put it into the command zone instead (903.9b)."""

    def __init__(self, what):
        self.what = what

    def run(self, game, ctx):
        key = ("top_or_bottom", StepKey(self))
        where = ctx.vars.get(key)
        objs = [t for t in self.what.resolve(game, ctx) if not isinstance(t, PlayerRef)]
        if not objs:
            return None
        t = objs[0]
        if where is None:
            return Decision("top_or_bottom", game.owner(t), ["top", "bottom"], 1, 1,
                            f"put {game.name(t)} on the top or the bottom of your library?", data={"card": t})
        d = commander.put_into_hand_or_library(
            game, ctx, self, [t], "library", lambda e: zones.move(game, e, "library", position=where))
        if d is None:
            del ctx.vars[key]
        return d

    def answer(self, game, ctx, decision, answer):
        if decision.kind == "may":
            commander.answer_instead(ctx, self, decision, answer)
            return
        if answer not in ("top", "bottom"):
            raise IllegalAction("answer top or bottom")
        ctx.vars[("top_or_bottom", StepKey(self))] = answer


class LookAndReorder(Scry):
    """'Look at the top N cards of your library, then put them back in any order.'"""

    bottom = False


# ---------------------------------------------------------------------------------------
# searching a library (CR 701.23)
# ---------------------------------------------------------------------------------------
class Search(Step):
    """'Search your library for up to N <filter> cards': the player chooses among the
    cards of their library that have the stated quality; they may find fewer, or none
    (701.23b). The found cards go to ctx.vars[key]; `then` steps run afterwards (they
    put the found cards somewhere). `reveal`: the found cards are revealed (701.20)."""

    def __init__(self, filter, up_to=1, then=(), key="found", reveal=False, who=None):
        self.filter = filter
        self.up_to = up_to
        self.then = tuple(then)
        self.key = key
        self.reveal = reveal
        self.who = who

    def run(self, game, ctx):
        st = ctx.vars.get(("search", StepKey(self)))
        if st is None:
            p = ctx.controller
            lib = list(reversed(game.players[p].library))
            opts = [c for c in lib if self._matches(game, ctx, c)]
            ctx.vars[("search", StepKey(self))] = {"i": 0}
            return Decision("choose", p, opts, 0, min(self.up_to, len(opts)),
                            f"search your library for up to {self.up_to} card(s)",
                            data={"search": True})
        i = st["i"]
        while i < len(self.then):
            d = self.then[i].run(game, ctx)
            if d is not None:
                return d
            i += 1
            ctx.vars[("search", StepKey(self))] = {"i": i}      # replaced, never mutated (clones)
        return None

    def _matches(self, game, ctx, c) -> bool:
        return self.filter(game, c, game.chars(c))

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("search", StepKey(self))]
        if decision.data.get("search"):
            chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            if len(set(chosen)) != len(chosen) or not (decision.min <= len(chosen) <= decision.max) \
                    or any(c not in decision.options for c in chosen):
                raise IllegalAction(f"choose up to {decision.max} of the cards that qualify")
            ctx.vars[self.key] = chosen
            if self.reveal and chosen:
                game.emit("reveal", player=decision.player, cards=tuple(chosen))
            return
        self.then[st["i"]].answer(game, ctx, decision, answer)


class PutFoundOneEach(Step):
    """Cultivate-style split of found cards: 'put one onto the battlefield tapped and the
    other into your hand'. With two cards the player chooses which goes to the first
    destination; a single card goes to the first destination."""

    def __init__(self, key="found", first=("battlefield", True), second="hand"):
        self.key = key
        self.first = first
        self.second = second

    def run(self, game, ctx):
        found = [c for c in ctx.vars.get(self.key, []) if game.exists(c)]
        if len(found) >= 2 and ("split", StepKey(self)) not in ctx.vars:
            return Decision("choose", ctx.controller, found, 1, 1,
                            f"choose the card to put onto the {self.first[0]}")
        pick = ctx.vars.get(("split", StepKey(self)), found[:1])
        if self.first[0] == "battlefield":
            d = entry_choices(game, ctx, self, pick, lambda c: ctx.controller)    # CR 303.4f
            if d is not None:
                return d
        ctx.vars.pop(("split", StepKey(self)), None)
        self._put(game, ctx, pick, [c for c in found if c not in pick])
        return None

    def answer(self, game, ctx, decision, answer):
        if ("split", StepKey(self)) in ctx.vars:
            entry_choices_answer(game, ctx, self, decision, answer)
            return
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) != 1 or chosen[0] not in decision.options:
            raise IllegalAction("choose one of the found cards")
        ctx.vars[("split", StepKey(self))] = chosen

    def _put(self, game, ctx, first, rest):
        zone, tapped = self.first
        for c in first:
            if zone == "battlefield":
                put_entering(game, ctx, self, c, controller=ctx.controller, tapped=tapped)
            else:
                zones.move(game, c, zone)
        for c in rest:
            zones.move(game, c, self.second)


class SearchRelative(Search):
    """`Search` for cards whose quality depends on the resolving ability ('with mana value X
    or less', 'equal to 1 plus the sacrificed creature's mana value'):
    filter(game, card, chars, ctx)."""

    def _matches(self, game, ctx, c) -> bool:
        return self.filter(game, c, game.chars(c), ctx)


class Shuffle(Step):
    """'Then shuffle (your library)' (701.24)."""

    def run(self, game, ctx):
        zones.shuffle(game, ctx.controller)
        return None


class RevealUntilPutOntoBattlefield(Step):
    """'Reveal cards from the top of your library until you reveal N <filter> cards. Put all
    <filter> cards revealed this way onto the battlefield, then shuffle the rest of the
    revealed cards into your library' (Mass Polymorph). With too few such cards the whole
    library is revealed (701.20); the found cards enter together (603.6a)."""

    def __init__(self, filter, n):
        self.filter = filter
        self.n = n

    def run(self, game, ctx):
        key = ("reveal_until", StepKey(self))
        if key in ctx.vars:
            return self._put(game, ctx)
        p = ctx.controller
        need = amount(self.n, game, ctx)
        found, revealed = [], []
        for c in reversed(list(game.players[p].library)):
            if len(found) >= need:
                break
            revealed.append(c)
            if self.filter(game, c, game.chars(c)):
                found.append(c)
        if revealed:
            game.emit("reveal", player=p, cards=tuple(revealed))
        ctx.vars[key] = (found, bool(revealed))
        return self._put(game, ctx)

    def _put(self, game, ctx):
        p = ctx.controller
        found, revealed = ctx.vars[("reveal_until", StepKey(self))]
        d = entry_choices(game, ctx, self, found, lambda c: p)        # CR 614.12, 303.4f
        if d is not None:
            return d
        with together(game):                                          # CR 603.6a
            for c in found:
                if game.exists(c) and game.zone_of(c) == "library":
                    put_entering(game, ctx, self, c, controller=p)
        if revealed:
            zones.shuffle(game, p)
        return None

    def answer(self, game, ctx, decision, answer):
        entry_choices_answer(game, ctx, self, decision, answer)


class EachNamesThenRevealsTop(Step):
    """Conundrum Sphinx: 'each player chooses a card name. Then each player reveals the top
    card of their library. If the card a player revealed has the name they chose, that
    player puts it into their hand. If it doesn't, that player puts it on the bottom of
    their library.' Names are chosen in APNAP order (101.4), each knowing the earlier
    choices; the reveals happen together afterwards."""

    def run(self, game, ctx):
        st = ctx.vars.get(("names", StepKey(self)))
        if st is None:
            st = ctx.vars[("names", StepKey(self))] = {"order": tuple(game.apnap()), "names": {}}
        for p in st["order"]:
            if p not in st["names"]:
                return Decision("name", p, game.catalog.card_names(), 1, 1, "choose a card name",
                                data={"names_so_far": dict(st["names"])})
        rkey = ("revealed", StepKey(self))
        rev = ctx.vars.get(rkey)
        if rev is None:
            tops = {p: game.players[p].library[-1] for p in st["order"] if game.players[p].library}
            if tops:
                game.emit("reveal", cards=tuple(tops.values()), player=None)
            rev = ctx.vars[rkey] = tuple((p, c, game.chars(c).name == st["names"][p])
                                         for p, c in tops.items())
        # 903.9b: a named commander's owner may put it into the command zone instead
        d = commander.ask_instead(game, ctx, self, [c for p, c, named in rev if named], "hand")
        if d is not None:
            return d
        instead = commander.instead(ctx, self)
        del ctx.vars[rkey]
        for p, c, named in rev:
            if named:
                zones.move(game, c, "command" if instead.get(c) else "hand", cause="effect")
            else:
                lib = game.players[p].library
                lib.remove(c)
                lib.insert(0, c)
                game.touch()
        return None

    def answer(self, game, ctx, decision, answer):
        if decision.data.get("what") == "command zone":
            commander.answer_instead(ctx, self, decision, answer)
            return
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if not isinstance(a, str) or a not in decision.options:
            raise IllegalAction(f"{a!r} is not the name of a card")
        st = ctx.vars[("names", StepKey(self))]
        ctx.vars[("names", StepKey(self))] = {"order": st["order"],
                                         "names": {**st["names"], decision.player: a}}


class LookPutOneIntoHand(Step):
    """'Look at the top two cards of your library. Put one of them into your hand and the
    other on the bottom of your library' (A Little Chat): the choice of the card for the
    hand (with a single card there, that one: 002 A Little Chat R5). Nothing is drawn.
    (Two cards: the other needs no order on the bottom.)"""

    def run(self, game, ctx):
        key = ("look_one", StepKey(self))
        st = ctx.vars.get(key)
        if st is not None:                        # answered: 903.9b for a commander, the moves
            card, rest, p = st
            d = commander.put_into_hand_or_library(
                game, ctx, self, [card], "hand", lambda c: zones.move(game, c, "hand", cause="effect"))
            if d is not None:
                return d
            put_back(game, p, [], list(rest))
            del ctx.vars[key]
            return None
        p = ctx.controller
        cards = top_cards(game, p, 2)
        if not cards:
            return None
        return Decision("choose", p, cards, 1, 1, "put one of them into your hand",
                        data=only([cards[0]]) if len(cards) == 1 else {})

    def answer(self, game, ctx, decision, answer):
        if decision.data.get("what") == "command zone":
            commander.answer_instead(ctx, self, decision, answer)
            return
        a = answer[0] if isinstance(answer, (list, tuple)) and len(answer) == 1 else answer
        if a not in decision.options:
            raise IllegalAction("choose one of the cards looked at")
        ctx.vars[("look_one", StepKey(self))] = (a, tuple(c for c in decision.options if c != a),
                                                 decision.player)


class LookPutOntoBattlefield(Step):
    """'Look at the top N cards of your library. You may put a <filter> card from among
    them onto the battlefield [with <counters> on it]. Put the rest on the bottom of your
    library in a random order.' (401.4; the order from the game's RNG). `filter(game,
    card, chars)`; `counters`: {kind: n} the card enters with (122.6)."""

    def __init__(self, n, filter, counters=None):
        self.n = n
        self.filter = filter
        self.counters = dict(counters or {})

    def run(self, game, ctx):
        key = ("look", StepKey(self))
        st = ctx.vars.get(key)
        p = ctx.controller
        if st is None:
            looked = top_cards(game, p, amount(self.n, game, ctx))
            if not looked:
                return None
            opts = [c for c in looked if self.filter(game, c, game.chars(c))]
            st = ctx.vars[key] = {"looked": looked, "pick": None if opts else []}
            if opts:
                return Decision("choose", p, opts, 0, 1,
                                "you may put one of these onto the battlefield", data={"look_put": True})
        pick = [c for c in st["pick"] if game.exists(c)]
        if pick:
            d = entry_choices(game, ctx, self, pick, lambda c: p)          # CR 303.4f
            if d is not None:
                return d
        ctx.vars.pop(key)
        for c in pick:
            put_entering(game, ctx, self, c, controller=p, counters=self.counters)
        bottom_in_random_order(game, [c for c in st["looked"] if c not in pick and game.exists(c)])
        return None

    def answer(self, game, ctx, decision, answer):
        st = ctx.vars[("look", StepKey(self))]
        if not decision.data.get("look_put"):
            entry_choices_answer(game, ctx, self, decision, answer)
            return
        chosen = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        if len(chosen) > 1 or any(c not in decision.options for c in chosen):
            raise IllegalAction("choose at most one of the cards that qualify")
        ctx.vars[("look", StepKey(self))] = dict(st, pick=chosen)
