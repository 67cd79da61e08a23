"""Berg's playout speed-ups keep the rules and the copies exact (#19).

- ``state.copy_state`` (``clone()``) names every field of ``State`` and makes the same copy as
  the shared ``engine.statecopy.copy_state``: equal values, nothing a game changes shared (lists
  and dicts two levels deep), the options shared.
- ``rules.fitting`` reads the cards that fit from sets made once; an order the rules never make
  (a hand-made state) is still answered by ``fits`` (BERG-PLAY-1..5, BERG-EFF-7).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import engine
from engine import statecopy
from engine.berg.cards import CARDS42
from engine.berg.game import BergMatch
from engine.berg.rules import fits, fitting
from engine.berg.state import FLAT_LISTS, NESTED_LISTS, SCALARS, State, copy_state


def test_every_field_is_classified() -> None:
    names = [f.name for f in dataclasses.fields(State)]
    classified = [*FLAT_LISTS, *NESTED_LISTS, *SCALARS, "result"]
    assert sorted(names) == sorted(classified)


def _shared(a: Any, b: Any) -> bool:
    return (type(a) is list or type(a) is dict) and a is b


def test_copy_is_the_shared_copy() -> None:
    game = engine.get_game("berg")
    for seed in range(6):
        m = game.new_match(players=4, options={"berg_height": 5}, seed=seed)
        assert isinstance(m, BergMatch)
        rng = random.Random(seed)
        for _ in range(400):
            s = m._s
            fast, plain = copy_state(s), statecopy.copy_state(s)
            assert type(fast) is State and vars(fast) == vars(plain) == vars(s)
            for key, value in vars(fast).items():
                original = getattr(s, key)
                assert _shared(value, original) == (key == "options"), key
                inner = value.values() if type(value) is dict else value
                inner_original = (original.values() if type(original) is dict
                                  else original)
                if key != "options" and type(value) in (list, dict):
                    for x, y in zip(inner, inner_original, strict=True):
                        assert not _shared(x, y), key
            if m.is_over:
                break
            seat = m.to_move
            assert seat is not None
            m.apply(seat, rng.choice(m.legal_actions(seat)))


def test_fitting_with_an_order_the_rules_never_make() -> None:  # BERG-PLAY-1
    s = State(options={}, seed=0, first_deck=None, dealer=0, pile=[["9S", 0]],
              order=["card", "X"])
    assert fitting(s, CARDS42) == [c for c in CARDS42 if fits(s, c)]
