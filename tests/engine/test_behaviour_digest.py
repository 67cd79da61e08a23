"""Married bridge and Berg behave exactly as they did before their playout speed-ups (#19).

Seeded matches are played with random legal actions; at every step the digest takes in what the
face shows: every seat's ``legal_actions``, the refusal (rule id and message) of a few codes
that are not listed (another seat's move, a malformed code, an unknown card), the events of
the move (``to_dict``), and every few moves the snapshot (``to_json``), both views and the
score sheet. A clone and a ``from_json`` copy are checked against the match on the way. The
expected digests were taken from the engines as they were before the speed work; any change of
what the engines list, refuse, tell or store changes them.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import engine
from engine.errors import IllegalAction
from engine.match import Match

from .digest_kit import as_before

#: (game id, players, options) -> sha256 of the seeded record (see ``_record``)
CASES: list[tuple[str, int, dict[str, Any], str]] = [
    ("married_bridge", 2, {},
     "8db65a489bc000415e240ba5839ed68673c637ab470841c7f51b619e12ae07ad"),
    ("married_bridge", 2, {"manual_draws": True, "match_format": "rubber_of_two",
                           "escape_after_contra": False},
     "20c4b77bbab75fa7d6824fdc63a785075eee1ad6326f55696f40817fdb10fb7f"),
    ("berg", 4, {"berg_height": 5},
     "140763fdff2bd76976befea0f7f3ed2dfd23736205217839c8fa2cbeb8c61072"),
    ("berg", 4, {"tie_convention": "no_tie_two_deck", "insurance_type": "full",
                 "shuffle_on_turnover": "by_declaration"},
     "332b8d58f450719a6b9ca94ec9cabf809f5821b602a8c13504dec389bb8d132c"),
    ("berg", 4, {"insurance_type": "absolute", "enforcement": "penalty",
                 "tie_convention": "no_tie_one_deck", "frame_joker_colour_match": False},
     "802379aaa8d4042016e4cd3815ff4ed86b9973723cb1e5eaa8f9f6bf72c8ec16"),
]

SEEDS = range(6)
MAX_ACTIONS = 260
#: codes no engine lists: a malformed one, an unknown card, a verb with a bad argument
WRONG = ("", "play", "play:ZZ", "play:AS:Q", "bid:9:H", "frame:AS.KS", "declare:nothing",
         "draw:AS", "order:X")


def _refusal(m: Match, seat: int, code: str) -> list[Any]:
    try:
        m.apply(seat, code)
    except IllegalAction as e:
        return [seat, code, e.rule_id, str(e)]
    raise AssertionError(f"{code!r} for seat {seat} was accepted")


def _record(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """What the face shows along one seeded random match (at most ``MAX_ACTIONS`` moves)."""
    game = engine.get_game(game_id)
    m = game.new_match(players=players, options=options, seed=seed)
    rng = random.Random(seed)
    out: list[Any] = [m.to_json()]
    for step in range(MAX_ACTIONS):
        if m.is_over:
            break
        seat = m.to_move
        assert seat is not None
        listed = [m.legal_actions(p) for p in range(players)]
        out.append(listed)
        for p in range(players):  # another seat's listed move, then the codes never listed
            for code in [c for q, codes in enumerate(listed) if q != p for c in codes[:2]
                         if c not in listed[p]][:2] + [c for c in WRONG if c not in listed[p]]:
                out.append(_refusal(m, p, code))
        if step % 7 == 0:
            out.append([m.public_view(), [m.view(p) for p in range(players)], m.score_sheet])
            twin = m.clone()
            decoded = game.from_json(json.loads(json.dumps(m.to_json())))
            for other in (twin, decoded):
                assert [other.legal_actions(p) for p in range(players)] == listed
        code = rng.choice(m.legal_actions(seat))
        out.append([seat, code, [e.to_dict() for e in m.apply(seat, code)]])
        if step % 7 == 3:
            out.append(m.to_json())
    out.append([m.to_json(), m.score_sheet, [e.to_dict() for e in m.events]])
    return out


def _digest(game_id: str, players: int, options: dict[str, Any]) -> str:
    h = hashlib.sha256()
    for seed in SEEDS:
        h.update(json.dumps(as_before(_record(game_id, players, options, seed)),
                            sort_keys=True, default=repr).encode())
    return h.hexdigest()


@pytest.mark.parametrize(("game_id", "players", "options", "expected"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_seeded_matches_show_the_same(game_id: str, players: int, options: dict[str, Any],
                                      expected: str) -> None:
    assert _digest(game_id, players, options) == expected
