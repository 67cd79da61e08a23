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


#: (key, pack size) -> the permutation of positions ``random.Random(key).shuffle`` makes
#: (``out[k]`` is the item at position ``perm[k]``); at most ``CACHE_SIZE`` kept, then cleared
_PERMS: dict[tuple[str, int], tuple[int, ...]] = {}
CACHE_SIZE: Final = 4096


def seeded_shuffle(items: Iterable[T], key: str) -> list[T]:
    """A new list of ``items`` in the order ``random.Random(key).shuffle`` gives them.

    The permutation depends only on ``key`` and the number of items, so it is made once per
    (key, size) and kept (a pure function memoised): the bots' playouts from one position deal
    the same next deal, with the same key, thousands of times, and seeding the generator
    costs about as much as the draws (20 µs per deal). A match played once gains nothing.

    Args:
        items: the cards (any values), in their unshuffled order; at most 256.
        key: the seed text, e.g. ``"berg:<match seed>:<counter>"``.

    Returns:
        the shuffled list (Fisher-Yates from the end, ``Random._randbelow`` by rejection).
    """
    out = list(items)
    n = len(out)
    perm = _PERMS.get((key, n))
    if perm is None:
        perm = _permutation(key, n)
        if len(_PERMS) >= CACHE_SIZE:
            _PERMS.clear()
        _PERMS[(key, n)] = perm
    return [out[i] for i in perm]


def _permutation(key: str, n: int) -> tuple[int, ...]:
    """``random.Random(key).shuffle`` of ``range(n)``, its draws written out in one loop."""
    out = list(range(n))
    getrandbits = random.Random(key).getrandbits
    for i in range(n - 1, 0, -1):
        m = i + 1
        k = _BITS[m]
        j = getrandbits(k)
        while j >= m:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return tuple(out)
