"""What Bazar-Belot and Deberts share: orders, values, trick obligations, melds (belote_common.md).

Everything here is a pure function of card codes. Suit contracts only for now (the contract kinds
``no_trumps`` and ``all_trumps`` belong to Bazar-Belot and arrive with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import SUITS, rank, suit

RANKS32: Final = "AKQJT987"
#: BEL-RANK-1: trump trick order, high to low.
TRUMP_ORDER: Final = "J9ATKQ87"
#: BEL-RANK-2: plain trick order, high to low.
PLAIN_ORDER: Final = "ATKQJ987"
#: BEL-RANK-4: natural order used for sequences, high to low.
NATURAL_ORDER: Final = "AKQJT987"
#: BEL-VAL-1 / BEL-VAL-2 (small points).
TRUMP_VALUES: Final = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES: Final = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
#: BEL-LAST-1 (small points).
LAST_TRICK_BONUS: Final = 10
#: DB-MELD-1 values of Deberts melds (small points).
DEBERTS_MELD_POINTS: Final = {3: 20, 4: 50}
BELA_POINTS: Final = 20

_TRUMP_STRENGTH: Final = {r: 8 - i for i, r in enumerate(TRUMP_ORDER)}
_PLAIN_STRENGTH: Final = {r: 8 - i for i, r in enumerate(PLAIN_ORDER)}
_NATURAL_INDEX: Final = {r: i for i, r in enumerate(NATURAL_ORDER)}

CARDS32: Final = tuple(r + s for s in SUITS for r in RANKS32)


def card_points(card: str, trump: str | None) -> int:
    """Small points of ``card`` when ``trump`` is the trump suit (BEL-VAL-1, BEL-VAL-2)."""
    table = TRUMP_VALUES if suit(card) == trump else PLAIN_VALUES
    return table[rank(card)]


def strength(card: str, trump: str | None) -> int:
    """Trick strength within the card's own suit: trump order for trumps, else plain order."""
    if suit(card) == trump:
        return _TRUMP_STRENGTH[rank(card)]
    return _PLAIN_STRENGTH[rank(card)]


def trick_winner_index(cards: Sequence[str], trump: str | None) -> int:
    """Index in ``cards`` (play order) of the winning card (BEL-PLAY-2, suit contract)."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if suit(c) == suit(b):
            if strength(c, trump) > strength(b, trump):
                best = i
        elif suit(c) == trump:
            best = i  # the first trump on a plain lead (BEL-PLAY-2)
        # a card of a third suit (neither led nor trump) never wins
    return best


def legal_cards(
    hand: Sequence[str],
    trick_cards: Sequence[str],
    trump: str,
    *,
    undertrump_required: bool = False,
    partner_winning: bool = False,
    partner_exception: bool = False,
) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick_cards`` in a suit contract.

    Implements the reference algorithm of belote_common.md section 3 (BEL-PLAY-4 to BEL-PLAY-10).

    Args:
        hand: the player's cards.
        trick_cards: the cards already in the trick, in play order (empty: a lead).
        trump: the trump suit letter.
        undertrump_required: BEL-OPT-undertrump = ``required`` (Deberts with three players).
        partner_winning: the player's partner currently holds the trick.
        partner_exception: BEL-OPT-partner-exception (Bazar-Belot).

    Returns:
        the legal cards, in ``hand`` order.
    """
    if not trick_cards:
        return list(hand)
    led = suit(trick_cards[0])
    follow = [c for c in hand if suit(c) == led]
    if led == trump:
        if follow:
            top = max(strength(c, trump) for c in trick_cards if suit(c) == trump)
            higher = [c for c in follow if strength(c, trump) > top]
            return higher or follow
        return list(hand)
    if follow:
        return follow
    trumps = [c for c in hand if suit(c) == trump]
    if not trumps:
        return list(hand)
    if partner_exception and partner_winning:
        return list(hand)
    played_trumps = [strength(c, trump) for c in trick_cards if suit(c) == trump]
    if played_trumps:
        top = max(played_trumps)
        over = [c for c in trumps if strength(c, trump) > top]
        if over:
            return over
        return trumps if undertrump_required else list(hand)
    return trumps


@dataclass(frozen=True)
class Meld:
    """A sequence meld: ``cards`` top first in natural order, ``kind`` terz / fifty."""

    kind: str
    cards: tuple[str, ...]
    points: int

    @property
    def length(self) -> int:
        """Number of cards in the sequence."""
        return len(self.cards)

    @property
    def top(self) -> str:
        """Rank letter of the top card (natural order), the meld's height (BEL-CMP-5)."""
        return rank(self.cards[0])

    @property
    def suit(self) -> str:
        """The suit of the sequence."""
        return suit(self.cards[0])

    def to_dict(self) -> dict[str, object]:
        """``{"kind", "cards", "points"}`` with plain JSON values."""
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


_KIND_BY_LENGTH: Final = {3: "terz", 4: "fifty"}


def _split_run(length: int) -> list[int]:
    """Meld lengths for a run of ``length`` cards in Deberts, best value first (BEL-MELD-2).

    Deberts knows terz (3) and berz (4): 5-6 cards give one berz from the top, 7 give berz + terz,
    8 give two berzes.
    """
    if length < 3:
        return []
    if length <= 6:
        return [4] if length >= 4 else [3]
    if length == 7:
        return [4, 3]
    return [4, 4]


def find_melds(hand: Sequence[str], *, meld_set: str = "deberts") -> list[Meld]:
    """Every sequence meld in ``hand`` after the best split of long runs (BEL-MELD-1, -2, -5).

    Returns:
        melds, most senior first (longer, then higher top card).

    Raises:
        ValueError: an unknown ``meld_set`` (only ``deberts`` exists so far).
    """
    if meld_set != "deberts":
        raise ValueError(f"unknown meld set {meld_set!r}")
    melds: list[Meld] = []
    held = set(hand)
    for s in SUITS:
        run: list[str] = []
        for r in NATURAL_ORDER + "-":
            card = r + s
            if card in held:
                run.append(card)
                continue
            pos = 0
            for n in _split_run(len(run)):
                cards = tuple(run[pos : pos + n])
                melds.append(Meld(_KIND_BY_LENGTH[n], cards, DEBERTS_MELD_POINTS[n]))
                pos += n
            run = []
    melds.sort(key=lambda m: (-m.length, _NATURAL_INDEX[m.top]))
    return melds


def meld_key(meld: Meld, trump: str, *, order: int, tie: str) -> tuple[int, int, int, int]:
    """Sort key of a declared meld for the comparison: larger wins (BEL-CMP-4 to BEL-CMP-8).

    Args:
        meld: the player's best meld.
        trump: trump suit.
        order: declaration order (0 for the first to declare).
        tie: ``trump_then_order`` or ``order_only`` (BEL-OPT-tie-rule).
    """
    trump_bonus = 1 if (tie == "trump_then_order" and meld.suit == trump) else 0
    return (meld.length, -_NATURAL_INDEX[meld.top], trump_bonus, -order)


def hand_sort_key(card: str, trump: str | None) -> tuple[int, int]:
    """Display order: trump suit first, then S H D C; within a suit strongest first."""
    s = suit(card)
    suit_pos = -1 if s == trump else SUITS.index(s)
    return (suit_pos, -strength(card, trump))
