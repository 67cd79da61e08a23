"""Every trick game's view says who took the previous trick (the table and the hands name him),
the winner of the engine's own ``trick`` event: BEL-TRICK (Deberts, Bazar-Belot), MB-PRE-7 and
MB-PLAY-8 (Married bridge, both its preliminary and its main tricks)."""

from __future__ import annotations

import random

import pytest

import engine

GAMES = [("deberts", 2), ("deberts", 3), ("bazar_belot", 4), ("married_bridge", 2)]


def _taker(view: dict) -> int | None:
    return next((f["value"] for f in view["facts"] if f["key"] == "last_trick_winner"), None)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_view_names_the_last_tricks_taker(game: str, players: int) -> None:
    m = engine.get_game(game).new_match(players=players, seed=5)
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        if m.is_over or m.to_move is None:
            break
        seat = m.to_move
        events = [e.to_dict() for e in m.apply(seat, rng.choice(m.legal_actions(seat)))]
        tricks = [e for e in events if e["type"] == "trick"]
        view = m.public_view()
        if tricks and view["groups"].get("last_trick"):
            assert _taker(view) == tricks[-1]["winner"], (tricks[-1], view["facts"])
            assert _taker(m.view(seat)) == tricks[-1]["winner"]
            checked += 1
        if not view["groups"].get("last_trick"):
            assert _taker(view) is None
    assert checked >= 3
