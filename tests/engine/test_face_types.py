"""The engine's face as typed in ``engine.match``: every game's views and score sheet carry
exactly the keys of ``View`` and ``ScoreSheet`` (docs/design.md "Engine face"), mid-match and at
the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.match import PlacedCard, ScoreSheet, SheetResult, SheetRow, Side, View

CASES = [("deberts", 2), ("deberts", 3), ("bazar_belot", 4), ("berg", 4), ("married_bridge", 2)]


def _keys(td: Any) -> tuple[set[str], set[str]]:
    return set(td.__required_keys__), set(td.__optional_keys__)


def _check_view(view: dict[str, Any], *, private: bool) -> None:
    required, optional = _keys(View)
    assert required <= set(view) <= required | optional
    assert ({"hand", "private"} <= set(view)) == private
    for side in view["sides"]:
        assert set(side) == _keys(Side)[0]
    for cards in view["groups"].values():
        for placed in cards:
            assert set(placed) == _keys(PlacedCard)[0]


def _check_sheet(sheet: dict[str, Any]) -> None:
    assert set(sheet) == _keys(ScoreSheet)[0]
    for row in sheet["rows"]:
        assert set(row) == _keys(SheetRow)[0]
    if sheet["result"] is not None:
        assert set(sheet["result"]) == _keys(SheetResult)[0]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_views_and_sheet_have_the_typed_keys(game: str, players: int) -> None:
    m = engine.get_game(game).new_match(players=players, seed=3)
    rng = random.Random(3)
    steps = 0
    while not m.is_over and steps < 3000:
        if steps % 25 == 0:
            _check_view(dict(m.public_view()), private=False)
            for seat in range(players):
                _check_view(dict(m.view(seat)), private=True)
            _check_sheet(dict(m.score_sheet))
        seat = m.to_move
        assert seat is not None
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        steps += 1
    _check_sheet(dict(m.score_sheet))
