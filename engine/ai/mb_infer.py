"""Married bridge: what the preliminary play shows of the opponent's hand, for the imagined worlds.

In the preliminary play a player must follow the led suit when he can (MB-PRE-2), and after
each trick both players draw one card from the talon (MB-PRE-5). A player who did not follow a
suit held none of it then; since, he holds at most as many cards of it as he has drawn, less
those of it he has played. ``suit_caps`` reads that bound from the public events of the game in
progress, and ``deal_capped`` deals the unseen cards between the opponent and the talon within
it (where the cards allow). Pure: the public events and the random generator only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.match import Match


def suit_caps(match: Match, opp: int) -> dict[str, int]:
    """The most cards of each suit ``opp`` may hold now, for the suits he has shown void in this
    game's preliminary play (suits without a bound are left out)."""
    events = match.events
    start = max((i for i, e in enumerate(events) if e.type == "deal"), default=0)
    caps: dict[str, int] = {}
    for ev in events[start:]:
        t = ev.type
        if t == "play":
            e = ev.to_dict()
            if e["seat"] == opp and e["card"][1] in caps:
                x = e["card"][1]
                caps[x] = max(0, caps[x] - 1)
        elif t == "trick":
            cards = ev.to_dict()["cards"]
            if len(cards) == 2 and int(cards[1][0]) == opp and cards[1][1][1] != cards[0][1][1]:
                caps[cards[0][1][1]] = 0  # MB-PRE-2: he held none of the led suit
        elif t == "talon_draw":
            if ev.to_dict()["seat"] == opp:
                caps = {x: n + 1 for x, n in caps.items()}
        elif t in ("bid", "contract", "main_play"):
            break
    return caps


def deal_capped(cards: Sequence[str], size: int, caps: Mapping[str, int], rng: random.Random
                ) -> tuple[list[str], list[str]]:
    """``(hand, rest)``: ``size`` of ``cards`` for the opponent, at most ``caps[suit]`` of a
    capped suit where the cards allow it, the rest (in random order) for the talon.

    The cards are shuffled (from their sorted order, so the result depends on ``rng`` alone) and
    the hand takes each card in turn while it has room and the card's suit is under its cap;
    if too few cards fit, the hand is filled with the first cards passed over.

    Raises:
        ValueError: ``size`` is more than the cards.
    """
    if size > len(cards):
        raise ValueError(f"a hand of {size} from {len(cards)} cards")
    pool = sorted(cards)
    rng.shuffle(pool)
    hand: list[str] = []
    rest: list[str] = []
    count: dict[str, int] = {}
    for c in pool:
        x = c[1]
        if len(hand) < size and count.get(x, 0) < caps.get(x, size):
            hand.append(c)
            count[x] = count.get(x, 0) + 1
        else:
            rest.append(c)
    while len(hand) < size:
        hand.append(rest.pop(0))
    return hand, rest
