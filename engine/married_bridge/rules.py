"""Married bridge: the pack, the deal, the bid ladder and the trick rules (rules 2.1-2.5).

Pure functions of card codes and bids, shared by the match and by the tests' worked examples.
Card codes are rank then suit (``"TS"`` is the ten of spades); bids are ``(level, strain)`` pairs
with ``level`` 1-7 and ``strain`` one of ``C D H S NT``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import rank, suit

#: MB-DECK-1: ranks high to low.
RANKS: Final = "AKQJT98765432"
#: MB-DECK-2: suits high to low (the auction's and the lot's order; also bridge display order).
SUITS_HIGH_FIRST: Final = "SHDC"
#: MB-DECK-1: the 52-card pack in a fixed order (spades first, ace first).
CARDS52: Final = tuple(r + s for s in SUITS_HIGH_FIRST for r in RANKS)
#: MB-BID-3: strains low to high.
STRAINS: Final = ("C", "D", "H", "S", "NT")
LEVELS: Final = tuple(range(1, 8))
#: MB-BID-3: the 35 bids, lowest (1C) first.
BIDS: Final = tuple((level, strain) for level in LEVELS for strain in STRAINS)
HAND_SIZE: Final = 13
TRICKS: Final = 13
BOOK: Final = 6  # MB-BID-2: level n promises 6 + n tricks

_RANK_POWER: Final = {r: len(RANKS) - i for i, r in enumerate(RANKS)}


def power(card: str) -> int:
    """Rank strength of ``card`` within its suit: 13 for an ace down to 1 for a two (MB-DECK-1)."""
    return _RANK_POWER[rank(card)]


def is_card(code: str) -> bool:
    """True when ``code`` is one of the 52 card codes (no jokers, MB-DECK-1)."""
    return len(code) == 2 and code[0] in RANKS and code[1] in SUITS_HIGH_FIRST


def hand_order(cards: Sequence[str]) -> list[str]:
    """``cards`` in bridge display order: ♠ ♥ ♦ ♣, each suit from the ace down."""
    return sorted(cards, key=lambda c: (SUITS_HIGH_FIRST.index(suit(c)), -power(c)))


def choose_dealer(first: str, second: str) -> int | None:
    """The lot for the first dealer (MB-DEAL-1): who deals, given one card drawn by each player.

    Args:
        first: the card drawn by the first player; ``second``: the card drawn by the other.

    Returns:
        0 when the first player deals, 1 when the second does, None when both cards have the
        same suit (both draw again). Ranks are ignored; the lower suit (MB-DECK-2) deals.

    Raises:
        ValueError: a card code is not one of the 52.
    """
    for card in (first, second):
        if not is_card(card):
            raise ValueError(f"{card!r} is not a card code")
    a, b = SUITS_HIGH_FIRST.index(suit(first)), SUITS_HIGH_FIRST.index(suit(second))
    if a == b:
        return None
    return 0 if a > b else 1  # a larger index is a lower suit


def split_deck(deck: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """Deal ``deck`` (top first) by MB-DEAL-4 and MB-DEAL-5.

    Returns:
        ``(non_dealer, dealer, talon)``: 13 cards each in the order received, and the 26-card
        talon top first (``deck[26]`` is drawn first).
    """
    d = list(deck)
    non_dealer = d[0:3] + d[6:8] + d[10:13] + d[16:18] + d[20:23]
    dealer = d[3:6] + d[8:10] + d[13:16] + d[18:20] + d[23:26]
    return non_dealer, dealer, d[26:]


def bid_rank(level: int, strain: str) -> int:
    """Position of a bid on the ladder, 0 for 1C up to 34 for 7NT (MB-BID-3)."""
    return (level - 1) * len(STRAINS) + STRAINS.index(strain)


def bid_code(level: int, strain: str) -> str:
    """The action code of a bid: ``bid:2:H`` (MB-CODES)."""
    return f"bid:{level}:{strain}"


def parse_bid(code: str) -> tuple[int, str] | None:
    """``"bid:2:H"`` -> ``(2, "H")``; None for anything that is not a well-formed bid code."""
    return _PARSED_BIDS.get(code)


#: every well-formed bid code (``bid:<1-7>:<strain>``) and its bid
_PARSED_BIDS: Final = {bid_code(level, strain): (level, strain) for level, strain in BIDS}


def bid_text(level: int, strain: str) -> str:
    """Prose and sheet form of a bid: ``2H``, ``1NT`` (section 1 conventions)."""
    return f"{level}{strain}"


def legal_cards(hand: Sequence[str], led: str | None, trump: str | None, *,
                may_ruff: bool) -> list[str]:
    """The cards of ``hand`` that may be played, in ``hand`` order.

    Args:
        hand: the player's cards.
        led: the led suit, or None when the player leads (any card, MB-PRE-1, MB-PLAY-1).
        trump: the trump suit, or None (preliminary play, MB-PRE-3; no-trumps, MB-PLAY-4).
        may_ruff: True in the main play of a suit contract: the second player may play a trump
            even while holding the led suit (MB-PLAY-3). False in the preliminary play
            (MB-PRE-2) and in no-trumps (MB-PLAY-4): follow suit if he can.

    Returns:
        the legal cards; the whole hand when he holds none of the cards he would have to play.
    """
    if led is None:
        return list(hand)
    allowed = {led}
    if may_ruff and trump is not None:
        allowed.add(trump)
    must = [c for c in hand if c[1] in allowed]
    return must or list(hand)


def trick_winner(cards: Sequence[str], trump: str | None) -> int:
    """Index (play order) of the card that wins the trick (MB-PRE-3, MB-PLAY-5).

    The highest trump wins; without a trump, the highest card of the led suit.
    """
    led = cards[0][1]  # suit(), power() by the card's letters (a trick is taken per two cards)
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c[1] == b[1]:
            if _RANK_POWER[c[0]] > _RANK_POWER[b[0]]:
                best = i
        elif c[1] == trump:
            best = i
        # any other card (a discard) never wins
    assert cards[best][1] in (led, trump)
    return best


#: the rank strength of every card (``power``), by code
POWER: Final = {c: _RANK_POWER[c[0]] for c in CARDS52}
#: ``play:<card>`` of every card, made once (a listing builds one per legal card)
PLAY_CODES: Final = {c: "play:" + c for c in CARDS52}
