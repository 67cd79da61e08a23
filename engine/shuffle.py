"""The engine's seeded shuffle: ``random.Random(key).shuffle`` written out (docs/design.md
"Layers": randomness comes only from the seed).

Every deal of every game is this shuffle of its pack, so a playout that ends a deal pays for one
(the bot players' search runs thousands). Python's own ``Random.shuffle`` calls
``_randbelow`` once per card, and that calls ``getrandbits``; here the same draws are made in one
loop: the same generator, the same calls of ``getrandbits`` with the same bit counts, the same
rejections, so the same permutation as ``random.Random(key).shuffle`` (tests/engine/
test_shuffle.py checks it), in about half the time. Writing it out also pins the algorithm a
stored match replays with.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final, TypeVar

T = TypeVar("T")

_BITS: Final = tuple(n.bit_length() for n in range(257))


def seeded_shuffle(items: Iterable[T], key: str) -> list[T]:
    """A new list of ``items`` in the order ``random.Random(key).shuffle`` gives them.

    Args:
        items: the cards (any values), in their unshuffled order; at most 256.
        key: the seed text, e.g. ``"berg:<match seed>:<counter>"``.

    Returns:
        the shuffled list (Fisher-Yates from the end, ``Random._randbelow`` by rejection).
    """
    out = list(items)
    getrandbits = random.Random(key).getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = _BITS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out
