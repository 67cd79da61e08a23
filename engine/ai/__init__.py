"""Bot players: the same public face as humans (``view(seat)`` and ``legal_actions(seat)``).

``get_player(level)`` gives a ``Player`` whose ``choose(match, seat, rng)`` returns an action code.
A player sees only what its seat may see: implementations must decide from ``match.view(seat)``,
``match.legal_actions(seat)``, the public events and the score sheet, never from hidden state
(tested: two matches with equal views give equal choices for the same RNG seed).
"""

from __future__ import annotations

from engine.ai import players as _players  # noqa: F401  (registers the three levels)
from engine.ai.base import LEVELS, Player, RandomPlayer, get_player, register_level
from engine.ai.search import GameAI, RulePlayer, SearchPlayer

__all__ = ["LEVELS", "GameAI", "Player", "RandomPlayer", "RulePlayer", "SearchPlayer",
           "get_player", "register_level"]
