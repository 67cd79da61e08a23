"""Card codes shared by every game (docs/design.md "Card codes", BEL-DECK-2).

A card is a two-character string: rank then suit, e.g. ``"TS"`` is the ten of spades. Jokers are
``"RJ"`` and ``"BJ"``. Codes never change with the display language; these helpers only parse
and validate them.
"""

from __future__ import annotations

from typing import Final

RANKS: Final = "AKQJT98765432"
SUITS: Final = "SHDC"
JOKERS: Final = ("RJ", "BJ")
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def rank(card: str) -> str:
    """Return the rank letter of ``card`` (``"T"`` for a ten)."""
    return card[0]


def suit(card: str) -> str:
    """Return the suit letter of ``card`` (``S H D C``; ``J`` for a joker)."""
    return card[1]


def is_card_code(code: str, *, jokers: bool = False) -> bool:
    """True when ``code`` is a well-formed card code (jokers only when ``jokers`` is set)."""
    if jokers and code in JOKERS:
        return True
    return len(code) == 2 and code[0] in RANKS and code[1] in SUITS


def deck(ranks: str, suits: str = SUITS) -> list[str]:
    """A fresh pack in a fixed order: every rank of ``ranks`` in every suit of ``suits``.

    Returns:
        card codes, suit by suit, ranks in the order given.
    """
    return [r + s for s in suits for r in ranks]


def display(card: str) -> str:
    """Human form of a card code for any language: ``"TS"`` -> ``"10♠"``, ``"RJ"`` -> ``"🃏R"``."""
    if card in JOKERS:
        return "🃏" + card[0]
    r = "10" if card[0] == "T" else card[0]
    return r + SUIT_SYMBOLS[card[1]]
