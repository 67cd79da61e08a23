"""The bot-player interface and the level registry."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.match import Match

#: Levels the bot offers, weakest first.
LEVELS = ("easy", "normal", "strong")


class Player(Protocol):
    """A bot player: picks one of ``match.legal_actions(seat)``.

    ``rng`` is the only source of chance; ``match`` must not be changed (use ``match.clone()``
    for playouts).
    """

    def choose(self, match: Match, seat: int, rng: random.Random) -> str:
        """An action code from ``match.legal_actions(seat)`` (which must not be empty)."""
        ...


def legal_codes(match: Match, seat: int) -> list[str]:
    """``match.legal_actions(seat)``, never empty.

    Raises:
        ValueError: the seat has no legal action (a player is only asked when it has one).
    """
    codes = match.legal_actions(seat)
    if not codes:
        raise ValueError(f"seat {seat} has no legal action")
    return codes


class RandomPlayer:
    """Uniformly random among the legal actions (the ``easy`` level).

    Args:
        optional: prefixes of codes a random player leaves alone while any other code is
            legal (Berg's paid declarations: bought at random they push both pairs' scores
            down without end, and a match of random players never finishes).
    """

    def __init__(self, optional: tuple[str, ...] = ()) -> None:
        self.optional = optional

    def choose(self, match: Match, seat: int, rng: random.Random) -> str:
        """A uniformly random legal code (outside ``optional`` when possible).

        Raises:
            ValueError: the seat has no legal action.
        """
        codes = legal_codes(match, seat)
        if self.optional:
            codes = [c for c in codes if not c.startswith(self.optional)] or codes
        return rng.choice(codes)


_FACTORIES: dict[str, Callable[[str], Player]] = {}


def register_level(level: str, factory: Callable[[str], Player]) -> None:
    """Make ``factory(game_id)`` the player of ``level``."""
    _FACTORIES[level] = factory


def get_player(level: str, game_id: str = "") -> Player:
    """The bot player of ``level`` (``easy``, ``normal``, ``strong``) for ``game_id``.

    Raises:
        KeyError: an unknown level.
    """
    if level not in LEVELS:
        raise KeyError(f"unknown level {level!r}; known: {LEVELS}")
    factory = _FACTORIES.get(level)
    return factory(game_id) if factory else RandomPlayer()
