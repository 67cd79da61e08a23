"""The three levels for every game: ``easy`` (random), ``normal`` (rules), ``strong`` (search).

The easy bot of a game with an open-ended auction (Bazar-Belot's bazar: any number from 8 to
112, kapo) makes its calls by the normal bot's rules and plays its cards at random: a random
bid there is one no club would make ("40♠" on three small trumps), a random card only weak.

Importing this module registers the levels with ``engine.ai.base.register_level``; a game
without a ``GameAI`` here (an unknown id) gets the random player at every level.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ai.base import Player, RandomPlayer, legal_codes, register_level
from engine.ai.bazar_belot import BazarBelotAI
from engine.ai.berg import BergAI
from engine.ai.deberts import DebertsAI
from engine.ai.married_bridge import MarriedBridgeAI
from engine.ai.search import GameAI, RulePlayer, SearchPlayer
from engine.match import Match

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


def _bazar_call(codes: list[str]) -> bool:
    """Whether ``codes`` are calls of Bazar-Belot's bazar (no card, declaration or show)."""
    return not any(c.startswith(("play:", "declare:", "show")) for c in codes)


#: Games whose easy bot makes its auction calls by the rules: a test of the legal codes that
#: tells a call (BB-BID-1 to BB-BID-21).
RULED_CALLS: dict[str, Callable[[list[str]], bool]] = {"bazar_belot": _bazar_call}


class EasyPlayer(RandomPlayer):
    """The ``easy`` level of a game in ``RULED_CALLS``: its auction calls by ``rules`` (the
    normal bot's), everything else uniformly at random (``RandomPlayer``).

    Args:
        rules: the rule-based player; ``is_call``: whether a seat's legal codes are calls.
    """

    def __init__(self, rules: Player, is_call: Callable[[list[str]], bool],
                 optional: tuple[str, ...] = ()) -> None:
        super().__init__(optional)
        self.rules, self.is_call = rules, is_call

    def choose(self, match: Match, seat: int, rng: random.Random) -> str:
        """A call by the rules, or a random legal code.

        Raises:
            ValueError: the seat has no legal action.
        """
        if self.is_call(legal_codes(match, seat)):
            return self.rules.choose(match, seat, rng)
        return super().choose(match, seat, rng)


def _easy(game_id: str) -> Player:
    ai, is_call = game_ai(game_id), RULED_CALLS.get(game_id)
    if ai is not None and is_call is not None:
        return EasyPlayer(RulePlayer(ai), is_call, OPTIONAL.get(game_id, ()))
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
