"""Dealing the cards a seat cannot see into the places they may be (determinization).

A search player imagines the hidden cards: every card it has not seen goes to one of the
*places* that hold unseen cards (another seat's hand, the stock, the talon), each place taking
exactly as many as it is known to hold, and no card going where the public play has shown it
cannot be (a seat that did not follow a suit holds none of it). ``deal_unseen`` makes one such
deal at random from ``rng`` alone, so the result depends only on what the seat knows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence

Place = Hashable

#: Attempts at a deal that honours every constraint before constraints are dropped.
ATTEMPTS = 24


def deal_unseen(
    cards: Sequence[str],
    sizes: Mapping[Place, int],
    rng: random.Random,
    *,
    allowed: Callable[[str, Place], bool] | None = None,
) -> dict[Place, list[str]]:
    """Share ``cards`` among places of the given sizes, at random, honouring ``allowed``.

    Args:
        cards: the unseen cards (their order does not matter: they are sorted first).
        sizes: how many cards each place holds; the sizes must add up to ``len(cards)``.
        rng: the only source of chance.
        allowed: ``allowed(card, place)`` is False where the card cannot be (None: anywhere).

    Returns:
        ``{place: [cards]}`` for every place of ``sizes`` (iterated in ``sizes`` order). The most
        constrained cards are placed first, each in a place chosen with probability in
        proportion to its free room; after ``ATTEMPTS`` failures the constraints are dropped for
        the cards that no longer fit, so a deal is always returned.

    Raises:
        ValueError: the sizes do not add up to the number of cards.
    """
    pool = sorted(cards)
    places = list(sizes)
    if sum(sizes.values()) != len(pool):
        raise ValueError(f"{len(pool)} cards for places of sizes {dict(sizes)}")
    if allowed is None:
        rng.shuffle(pool)
        out: dict[Place, list[str]] = {}
        start = 0
        for p in places:
            out[p] = pool[start:start + sizes[p]]
            start += sizes[p]
        return out
    options = {c: [p for p in places if sizes[p] and allowed(c, p)] for c in pool}
    for attempt in range(ATTEMPTS + 1):
        strict = attempt < ATTEMPTS
        rng.shuffle(pool)
        order = sorted(pool, key=lambda c: len(options[c]))  # stable: random among equals
        room = dict(sizes)
        out = {p: [] for p in places}
        ok = True
        for c in order:
            fits = [p for p in options[c] if room[p] > 0]
            if not fits:
                if strict:
                    ok = False
                    break
                fits = [p for p in places if room[p] > 0]
            p = _weighted(fits, room, rng)
            out[p].append(c)
            room[p] -= 1
        if ok:
            return out
    raise AssertionError("unreachable: the last attempt ignores the constraints")


def _weighted(fits: list[Place], room: Mapping[Place, int], rng: random.Random) -> Place:
    """One of ``fits``, chosen with probability in proportion to its free room."""
    total = sum(room[p] for p in fits)
    pick = rng.randrange(total)
    for p in fits:
        pick -= room[p]
        if pick < 0:
            return p
    return fits[-1]
