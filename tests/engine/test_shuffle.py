"""The engine's seeded shuffle gives what ``random.Random(key).shuffle`` gives (the deals of
every stored match depend on it: BERG-DEAL-2, BB-DEAL-4, DB-DEAL, MB-DEAL-3)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shuffle import seeded_shuffle


@settings(max_examples=300, deadline=None)
@given(key=st.text(max_size=30), size=st.integers(min_value=0, max_value=256))
def test_seeded_shuffle_is_randoms_shuffle(key: str, size: int) -> None:
    # BERG-DEAL-2, BB-DEAL-4: the same permutation for the same seed text, any pack size
    items = [f"c{i}" for i in range(size)]
    expected = list(items)
    random.Random(key).shuffle(expected)
    got = seeded_shuffle(items, key)
    assert got == expected
    assert items == [f"c{i}" for i in range(size)]  # the input is left as it was


def test_seeded_shuffle_of_the_real_keys() -> None:
    # the games' own seed texts and pack sizes (32, 36, 42, 52 cards)
    for n, name in ((32, "deberts"), (32, "bazar_belot"), (42, "berg"), (36, "berg"),
                    (52, "married_bridge")):
        for seed in range(200):
            key = f"{name}:{seed}:{seed % 7}"
            expected = list(range(n))
            random.Random(key).shuffle(expected)
            assert seeded_shuffle(range(n), key) == expected


def test_seeded_shuffle_kept_permutation_is_the_same() -> None:
    # BERG-DEAL-2, BB-DEAL-4: a key seen before (its permutation kept) shuffles as the first
    # time, for any items of that size, and past the cache's size the kept ones are dropped
    from engine import shuffle

    first = seeded_shuffle([f"c{i}" for i in range(32)], "deberts:5:1")
    again = seeded_shuffle([f"c{i}" for i in range(32)], "deberts:5:1")
    expected = [f"c{i}" for i in range(32)]
    random.Random("deberts:5:1").shuffle(expected)
    assert first == again == expected
    assert seeded_shuffle(range(32), "deberts:5:1") == [int(c[1:]) for c in expected]
    for i in range(shuffle.CACHE_SIZE + 1):
        seeded_shuffle(range(4), f"k{i}")
    assert len(shuffle._PERMS) <= shuffle.CACHE_SIZE
    assert seeded_shuffle([f"c{i}" for i in range(32)], "deberts:5:1") == expected
