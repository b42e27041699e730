"""Streets of New Capenna (spec 002-snc-release-notes): hideaway, and cards played or cast
from exile (systems/hideaway.py, systems/permissions.py)."""
from __future__ import annotations

from mtg_ecs.cards import card
from mtg_ecs.components.definitions import TriggeredAbility
from mtg_ecs.systems import effects as fx
from mtg_ecs.systems import triggers as tr
from mtg_ecs.systems.hideaway import PlayHiddenFree
from mtg_ecs.systems.permissions import ExileTopMayPlay
from mtg_ecs.systems.search import If


card("Unlucky Witness", "{R}", "Creature — Human Citizen", pt=(1, 1),
     abilities=[TriggeredAbility(
         tr.Dies(), effects=(ExileTopMayPlay(2, "next_end_step", one=True),),
         text="When Unlucky Witness dies, exile the top two cards of your library. Until your "
              "next end step, you may play one of those cards.")])


def _graveyard_at_least(n):
    def cond(game, ctx):
        return len(game.players[ctx.controller].graveyard) >= n
    return cond


card("Cemetery Tampering", "{2}{B}", "Enchantment", keywords=["hideaway 5"],
     abilities=[TriggeredAbility(
         tr.AtBeginningOf("upkeep"),
         effects=(fx.MayStep([fx.Mill(fx.YOU, 3)], prompt="mill three cards?"),
                  If(_graveyard_at_least(20), [PlayHiddenFree()])),
         text="At the beginning of your upkeep, you may mill three cards. Then if there are "
              "twenty or more cards in your graveyard, you may play the exiled card without "
              "paying its mana cost.")])
