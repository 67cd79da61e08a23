"""Hostile check of the lobby's hidden options (OptionInfo.applies_when, issue #18): a value the
lobby hides for the chosen format (kept from before the format changed, or forged) changes
nothing in the match: the same seed and calls give the same events, sheet and views as the
option's default. DB-OPT-target, DB-OFFER-5, DB-OPT-dave-progression, DB-SHORT-6."""

from __future__ import annotations

import random

import pytest

import engine

CASES = [
    ({"format": "short_dave"}, {"target": 301, "offer_fifty": "on"}),
    ({"format": "short_bait"}, {"target": 1001, "offer_fifty": "on",
                                "dave_progression": "geometric"}),
    ({"format": "short_no_bait", "ruleset": "moscow"}, {"target": 301, "offer_fifty": "on"}),
    ({"format": "match"}, {"dave_progression": "geometric"}),
]


@pytest.mark.parametrize(("chosen", "hidden", "players"),
                         [(c, h, n) for c, h in CASES for n in (2, 3)
                          if n == 2 or c["format"] != "short_dave"])  # DB-DAVE-1: two only
def test_hidden_values_change_nothing(chosen: dict[str, object], hidden: dict[str, object],
                                      players: int) -> None:
    game = engine.get_game("deberts")
    for option in game.info.options:
        if option.key in hidden:
            assert not option.applies({**{o.key: o.default for o in game.info.options},
                                       **chosen}), option.key  # the lobby hides it
    for seed in range(6):
        plain = game.new_match(players=players, seed=seed, options=dict(chosen))
        forged = game.new_match(players=players, seed=seed, options={**chosen, **hidden})
        rng = random.Random(seed)
        for _ in range(400):
            if plain.is_over:
                break
            seat = plain.to_move
            assert seat is not None and forged.to_move == seat
            codes = plain.legal_actions(seat)
            assert forged.legal_actions(seat) == codes
            code = rng.choice(codes)
            assert [e.to_dict() for e in plain.apply(seat, code)] == \
                [e.to_dict() for e in forged.apply(seat, code)]
        assert forged.is_over == plain.is_over
        assert forged.score_sheet == plain.score_sheet
        assert [f for f in forged.public_view()["facts"] if f["key"] not in hidden] == \
            [f for f in plain.public_view()["facts"] if f["key"] not in hidden]
