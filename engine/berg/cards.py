"""Berg's 42-card pack and the classes of its cards (berg.md BERG-SETUP-2..4, BERG-EFF).

A card is a code as everywhere in the engine (``engine.cards``): rank then suit, ranks
``A K Q J T 9 8 7 6 5``, suits ``S H D C``; jokers ``RJ`` (red) and ``BJ`` (black). Points are
kept as integer half-points (``1`` = 0.5).
"""

from __future__ import annotations

from typing import Final

RANKS: Final = "AKQJT98765"  # display order, high to low
ORDER_RANKS: Final = "56789TJQKA"  # the ranks a jack may order (BERG-EFF-7)
JOKER_ORDER: Final = "JK"  # the order argument naming "joker"
SUITS: Final = "SHDC"  # also the frame's middle-card order (BERG-FRAME-2)
JOKERS: Final = ("RJ", "BJ")
CARDS42: Final = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
NON_SIGNIFICANT: Final = tuple(c for c in CARDS42 if c[0] != "Q" and c not in JOKERS)
RED: Final = "red"
BLACK: Final = "black"
_FORCED: Final = {"7": 2, "A": 1}
_VALUE_HALF: Final = {"QS": 3, "QH": 2, "QD": 2, "QC": 2, "RJ": 4, "BJ": 4}


def is_joker(card: str) -> bool:
    """True for ``RJ`` and ``BJ`` (BERG-SETUP-2: a colour, no suit, no rank)."""
    return card in JOKERS


def rank_of(card: str) -> str:
    """The rank letter, or ``""`` for a joker."""
    return "" if is_joker(card) else card[0]


def suit_of(card: str) -> str:
    """The suit letter, or ``""`` for a joker."""
    return "" if is_joker(card) else card[1]


def colour(card: str) -> str:
    """``red`` or ``black`` (BERG-SETUP-2)."""
    if card == "RJ" or (not is_joker(card) and card[1] in "HD"):
        return RED
    return BLACK


def suit_colour(suit: str) -> str:
    """Colour of a suit letter."""
    return RED if suit in "HD" else BLACK


def joker_of(col: str) -> str:
    """The joker of a colour."""
    return "RJ" if col == RED else "BJ"


def is_attacking(card: str) -> bool:
    """5, 6, 7, ace, joker (BERG-SETUP-3)."""
    return is_joker(card) or card[0] in "567A"


def forced_draws(card: str) -> int:
    """Cards the left neighbour draws for this card: 7 -> 2, A -> 1, joker -> 4 (BERG-EFF-1..4)."""
    return 4 if is_joker(card) else _FORCED.get(card[0], 0)


def is_significant(card: str) -> bool:
    """Queens and jokers (BERG-SETUP-4)."""
    return card in _VALUE_HALF


def value_half(card: str) -> int:
    """Value in half-points: Q 2 (1.0), QS 3 (1.5), joker 4 (2.0), others 0 (BERG-SETUP-4)."""
    return _VALUE_HALF.get(card, 0)


def hand_key(card: str) -> tuple[int, int]:
    """Display order of a hand: suits ``S H D C``, high rank first, jokers last."""
    if is_joker(card):
        return (4, JOKERS.index(card))
    return (SUITS.index(card[1]), RANKS.index(card[0]))


def is_card(code: str) -> bool:
    """True for one of the 42 codes of the Berg pack."""
    return code in _ALL


_ALL: Final = frozenset(CARDS42)
