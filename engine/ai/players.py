"""The three levels for every game: ``easy`` (random), ``normal`` (rules), ``strong`` (search).

Importing this module registers the levels with ``engine.ai.base.register_level``; a game
without a ``GameAI`` here (an unknown id) gets the random player at every level.
"""

from __future__ import annotations

from engine.ai.base import Player, RandomPlayer, register_level
from engine.ai.bazar_belot import BazarBelotAI
from engine.ai.berg import BergAI
from engine.ai.deberts import DebertsAI
from engine.ai.married_bridge import MarriedBridgeAI
from engine.ai.search import GameAI, RulePlayer, SearchPlayer

#: Every game's ``GameAI``, by game id.
GAME_AIS: dict[str, GameAI] = {
    "bazar_belot": BazarBelotAI(),
    "berg": BergAI(),
    "deberts": DebertsAI(),
    "married_bridge": MarriedBridgeAI(),
}


def game_ai(game_id: str) -> GameAI | None:
    """The ``GameAI`` of ``game_id``, or None for a game without one."""
    return GAME_AIS.get(game_id)


#: Codes the random player of a game leaves alone while it has another (see ``RandomPlayer``).
OPTIONAL: dict[str, tuple[str, ...]] = {"berg": ("declare:", "suggest:")}


def _easy(game_id: str) -> Player:
    return RandomPlayer(OPTIONAL.get(game_id, ()))


def _normal(game_id: str) -> Player:
    ai = game_ai(game_id)
    return RulePlayer(ai) if ai is not None else RandomPlayer()


def _strong(game_id: str) -> Player:
    ai = game_ai(game_id)
    return SearchPlayer(ai) if ai is not None else RandomPlayer()


register_level("easy", _easy)
register_level("normal", _normal)
register_level("strong", _strong)
