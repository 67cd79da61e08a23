"""Exact play of the last tricks in the search's imagined worlds (every hand known there).

The strong level's rollouts play a sampled world to the end of the deal; in its last tricks the
cards left are few enough to solve exactly (``engine.ai.dd``), so every seat plays the card that
keeps its side's double-dummy value instead of the rule of thumb. Solvers are kept per game,
contract (kind and trumps) and side: their transposition tables hold exact values keyed by the
hands, so a table serves every world and every decision with the same contract (bounded in
size, cleared when full). The result never depends on what a table holds, only the time does.
"""

from __future__ import annotations

from typing import Final

from engine.ai.dd import Solver
from engine.ai.dd_games import Position, position
from engine.match import Match

#: Positions a solver's table may hold before it is cleared (a few tens of MB at most).
TABLE_LIMIT: Final = 200_000
_SOLVERS: dict[tuple[object, ...], Solver] = {}


def solver_for(game_id: str, key: tuple[object, ...], side: int, players: int) -> Solver:
    """The shared solver of a contract (``Position.key``) with ``side`` maximising."""
    k = (game_id, key, side, players)
    s = _SOLVERS.get(k)
    if s is None or len(s._table) > TABLE_LIMIT:
        if s is None and len(_SOLVERS) >= 64:
            _SOLVERS.clear()
        sides = tuple(x % 2 for x in range(players)) if players == 4 else tuple(range(players))
        pos = Position([[] for _ in range(players)], [], 0, game_id, "", sides, key)
        s = _SOLVERS[k] = Solver(pos.rules(side))
    return s


def exact_code(world: Match, codes: list[str], tricks_left: int) -> str | None:
    """The double-dummy code of the seat to move in ``world``, or None.

    None when ``tricks_left`` is 0 (exact play off), outside the card play, when the seat to
    move holds more than ``tricks_left`` cards, or when ``codes`` (its legal codes) are not all
    card plays. A card that may carry a word (bela) is played with it: the word costs nothing.
    """
    if tricks_left <= 0 or not codes or not all(c.startswith("play:") for c in codes):
        return None
    pos = position(world)
    if pos is None or len(pos.hands[pos.turn]) > tricks_left:
        return None
    side = pos.sides[pos.turn]
    solver = solver_for(pos.game_id, pos.key, side, len(pos.sides))
    card = solver.best_card(pos.hands, pos.trick, pos.turn)
    return max((c for c in codes if c.split(":")[1] == card), key=len)
