"""Shared setup of the bot-player tests (``test_ai_*``): tables, random states, players.

The strong player is tested with a small budget (``SMALL_BUDGET`` rollouts): the same code as
the ``strong`` level, run briefly, so the whole AI suite stays well under a minute.
"""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.ai import LEVELS, Player, SearchPlayer, get_player
from engine.ai.players import game_ai
from engine.match import Match

SMALL_BUDGET = 12

#: (game id, players, options): every game and the variants that change what a bot sees or does.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("deberts", 2, {}),
    ("deberts", 3, {}),
    ("deberts", 2, {"ruleset": "moscow", "offer_fifty": "on"}),
    ("deberts", 2, {"ruleset": "kharkiv", "format": "short_dave"}),
    ("deberts", 3, {"format": "short_bait"}),
    ("bazar_belot", 4, {}),
    ("bazar_belot", 4, {"auto_show": False}),
    ("married_bridge", 2, {}),
    ("married_bridge", 2, {"manual_draws": True, "match_format": "rubber_of_two"}),
    ("berg", 4, {}),
    ("berg", 4, {"tie_convention": "no_tie_two_deck", "insurance_type": "full",
                 "shuffle_on_turnover": "by_declaration"}),
]
GAME_IDS = sorted({c[0] for c in CONFIGS})


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    """A readable test id: ``deberts-2-ruleset=moscow``."""
    game_id, players, options = config
    return "-".join([game_id, str(players), *(f"{k}={v}" for k, v in sorted(options.items()))])


def player(level: str, game_id: str) -> Player:
    """The level's player, the strong one with ``SMALL_BUDGET`` rollouts."""
    if level == "strong":
        ai = game_ai(game_id)
        assert ai is not None
        return SearchPlayer(ai, budget=SMALL_BUDGET)
    return get_player(level, game_id)


def random_state(game_id: str, players: int, options: dict[str, Any], seed: int,
                 steps: int) -> Match:
    """A match after up to ``steps`` random legal actions of the seat to move (not over)."""
    m = engine.get_game(game_id).new_match(players=players, options=options, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = m.to_move
        assert seat is not None
        snapshot = m.to_json()
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        if m.is_over:
            return engine.get_game(game_id).from_json(snapshot)
    return m


__all__ = ["CONFIGS", "GAME_IDS", "LEVELS", "SMALL_BUDGET", "config_id", "player",
           "random_state"]
