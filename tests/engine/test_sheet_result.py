"""The score sheet's result carries its figures as numbers (``score``, side order) in every
game, so no reader parses the English result line; they survive to_json/from_json."""

from __future__ import annotations

import random

import pytest

import engine
from engine.deberts.scoring import match_result

OPTIONS = {"berg": {"berg_height": 5}, "deberts": {"target": 301},
           "bazar_belot": {}, "married_bridge": {}}
PLAYERS = {"berg": 4, "deberts": 2, "bazar_belot": 4, "married_bridge": 2}


def _finished(game: str, seed: int) -> engine.Match:
    match = engine.get_game(game).new_match(players=PLAYERS[game], options=OPTIONS[game],
                                            seed=seed)
    rng = random.Random(seed)
    for _ in range(60_000):
        if match.is_over:
            return match
        seat = match.to_move
        if seat is None or not match.legal_actions(seat):
            seat = next(s for s in range(match.players) if match.legal_actions(s))
        codes = match.legal_actions(seat)
        if game == "berg":  # going out first: a random Berg match may never end
            codes = [c for c in codes if c.startswith(("play:", "frame:", "order:"))] or codes
        match.apply(seat, rng.choice(codes))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_result_has_numeric_score(game: str) -> None:  # DB-SHEET-5, BB-END-1, BERG-END-3, MB-END-1
    match = _finished(game, 3)
    sheet = match.score_sheet
    result = sheet["result"]
    assert result is not None
    score = result["score"]
    assert len(score) == len(sheet["sides"])
    assert all(isinstance(x, int | float) for x in score)
    if game != "deberts":
        assert score == sheet["totals"]
    if result["winner"] is not None:
        assert score[result["winner"]] == max(score)
    again = engine.get_game(game).from_json(match.to_json())
    assert again.score_sheet == sheet and again.to_json() == match.to_json()


def test_deberts_both_over_awards_target_and_one_less() -> None:  # DB-END-4, DB-SHEET-5
    winner, line = match_result(totals=[530, 512], target=501, last_defender=1)
    assert winner == 1 and line.endswith("501 : 500")
