"""The one registry of games (docs/design.md "The registry")."""

from __future__ import annotations

from engine.match import Game, GameInfo

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry under its id; return it."""
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The registered game with this id.

    Raises:
        KeyError: no such game (the message lists the known ids).
    """
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {sorted(_GAMES)}") from None


def list_games() -> list[GameInfo]:
    """Info of every registered game, sorted by id."""
    return [_GAMES[k].info for k in sorted(_GAMES)]
