"""The listing caches stay exact: after any sequence of clones and applies, every seat's
``legal_actions`` equals what a match decoded afresh from ``to_json()`` lists (it has no cache),
and a clone's applies never change what its original lists or accepts.

The engines remember the codes ``legal_actions`` listed last, so that the next ``apply`` does not
validate a listed code again (the bots' playouts list and apply at every action); a stale cache
after ``clone()`` and ``apply`` would list or accept a move the rules forbid. Property test over
every game configuration of ``tests.engine.ai_helpers.CONFIGS``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.match import Match

from .ai_helpers import CONFIGS


def _all_listed(m: Match) -> list[list[str]]:
    return [m.legal_actions(seat) for seat in range(m.players)]


def _fresh(m: Match) -> Match:
    return engine.get_game(m.game_id).from_json(m.to_json())


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(min_value=0, max_value=10_000),
       steps=st.lists(st.tuples(st.integers(min_value=0, max_value=10_000),
                                st.sampled_from(["apply", "clone", "clone_apply", "json"])),
                      min_size=1, max_size=120))
def test_listing_after_any_applies_equals_a_fresh_match(
        config: tuple[str, int, dict[str, Any]], seed: int,
        steps: list[tuple[int, str]]) -> None:
    game_id, players, options = config
    m = engine.get_game(game_id).new_match(players=players, options=options, seed=seed)
    for pick, step in steps:
        if m.is_over:
            break
        seat = m.to_move
        assert seat is not None
        listed = m.legal_actions(seat)  # fills the cache the next apply trusts
        code = listed[pick % len(listed)]
        if step == "clone":
            m = m.clone()
        elif step == "json":
            m = _fresh(m)
        elif step == "clone_apply":  # the clone moves; the original's cache must not follow it
            before = _all_listed(m)
            twin = m.clone()
            twin.legal_actions(seat)
            twin.apply(seat, code)
            assert _all_listed(twin) == _all_listed(_fresh(twin))
            assert _all_listed(m) == before
            m.legal_actions(seat)
        m.apply(seat, code)
        assert _all_listed(m) == _all_listed(_fresh(m))
