"""Declarations, meld comparison, showing and bela (BB-MELD-1 to BB-MELD-15, BEL-MELD, BEL-CMP).

Pure functions of card codes and the contract; the match keeps the results in its state as plain
dicts ``{"kind", "cards", "points"}`` (``Meld.to_dict``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.belote.common import (
    BAZAR_FOURS,
    NATURAL_ORDER,
    SUIT_CONTRACT,
    Meld,
    find_fours,
    find_melds,
    four_seniority,
)

BELA_POINTS = 2  # BB-MELD-10, big points
_FOUR_KINDS = frozenset({"four_jacks", "four_nines", "four_aces", "four_tens", "four_kings",
                         "four_queens"})
MeldKey = tuple[int, int, int, int, int]


def player_melds(hand: Sequence[str], kind: str, trump: str | None) -> list[Meld]:
    """Every meld of ``hand`` that scores in a contract of ``kind`` (BB-MELD-1 to BB-MELD-3).

    Sequences split per BB-MELD-2 (quint at most, eight cards = quint + terz) and the scoring
    fours of a kind; a card of a four or a bela may also serve in a sequence (BB-MELD-3).
    Four 7s and four 8s are not melds (BB-MELD-13, BB-MELD-14).

    Args:
        hand: the cards held; ``kind``: the contract kind; ``trump``: its trump suit or None.

    Returns:
        the melds, most senior first by ``meld_key`` (fours, then longer and higher sequences,
        a trump sequence before a plain one of the same length and height; suits S H D C).
    """
    melds = find_fours(hand, kind) + find_melds(hand, meld_set="bazar")
    return sorted(melds, key=lambda m: meld_key(m, kind, trump, 0), reverse=True)


def has_meld(hand: Sequence[str], kind: str) -> bool:
    """``bool(player_melds(hand, kind, trump))``, without building and sorting the melds (the
    ``declare:best`` code is listed when it holds, BB-MELD-4): a sequence of three or a scoring
    four of a kind (BB-MELD-1, BB-MELD-13, BB-MELD-14: not four 7s or 8s)."""
    if find_melds(hand, meld_set="bazar"):
        return True
    ranks = [c[0] for c in hand]
    return any(ranks.count(r) == 4 for r in BAZAR_FOURS[kind])


def meld_key(meld: Meld | dict[str, Any], kind: str, trump: str | None, order: int) -> MeldKey:
    """Sort key of a declared meld for BB-MELD-5: the larger key is the more senior meld.

    BEL-CMP-2 (a four beats any sequence), BEL-CMP-3 (fours by rank for ``kind``), BEL-CMP-4/5
    (length, then height), BEL-CMP-6 (a trump sequence beats a plain one in a suit contract;
    otherwise, and always in no-trumps and all-trumps, the earlier declaration wins, BB-MELD-5).

    Args:
        meld: a ``Meld`` or its dict.
        kind: the contract kind; ``trump``: the trump suit or None.
        order: declaration order (0 for the first to declare in trick 1, BEL-CMP-8).
    """
    m = meld if isinstance(meld, Meld) else Meld(meld["kind"], tuple(meld["cards"]),
                                                 meld["points"])
    if m.kind in _FOUR_KINDS:
        return (1, four_seniority(m, kind), 0, 0, 0)
    trump_bonus = 1 if kind == SUIT_CONTRACT and m.suit == trump else 0
    return (0, m.length, -NATURAL_ORDER.index(m.top), trump_bonus, -order)


def best_meld(hand: Sequence[str], kind: str, trump: str | None) -> Meld | None:
    """The most senior meld of ``hand`` (what ``declare:best`` announces, BB-MELD-4), or None."""
    melds = player_melds(hand, kind, trump)
    return melds[0] if melds else None


def comparison_winner(
    melds: Sequence[Sequence[dict[str, Any]]],
    decl_order: Sequence[int],
    kind: str,
    trump: str | None,
) -> int | None:
    """The seat whose announced meld wins BB-MELD-5 (BEL-CMP-1 to BEL-CMP-11), or None.

    Args:
        melds: per seat, the melds of a seat that announced with ``declare:best`` (else empty).
        decl_order: seats in the order they declared in trick 1.
        kind, trump: the contract.

    Returns:
        the seat holding the single most senior announced meld; None when nobody announced one
        (BEL-CMP-11). Its pair wins the comparison; the other pair scores no melds.
    """
    best: tuple[MeldKey, int] | None = None
    for order, seat in enumerate(decl_order):
        for m in melds[seat]:
            key = meld_key(m, kind, trump, order)
            if best is None or key > best[0]:
                best = (key, seat)
    return None if best is None else best[1]


def four_of(hand: Sequence[str], r: str) -> bool:
    """True when ``hand`` holds the four cards of rank ``r`` (BB-MELD-13, BB-MELD-14)."""
    return sum(1 for c in hand if c[0] == r) == 4


def bela_suits(kind: str, trump: str | None, led: str | None) -> tuple[str, ...]:
    """Suits whose bela may be spoken on a card played now (BB-MELD-10 to BB-MELD-12).

    Suit contract: the trump suit. All-trumps: only the suit led, or any suit when leading.
    No-trumps: none.
    """
    if kind == SUIT_CONTRACT:
        return (trump,) if trump else ()
    if kind == "all_trumps":
        return ("S", "H", "D", "C") if led is None else (led,)
    return ()


def bela_word(card: str, hand: Sequence[str], status: dict[str, str],
              suits: Sequence[str]) -> str:
    """The bela word open with ``card`` now: ``bela``, ``rebela`` or ``""`` (BB-PLAY-11).

    ``bela`` when the card is the king or queen of a bela suit and the other card is still in
    ``hand`` and untouched; ``rebela`` when the first card of that suit's bela went with
    ``bela`` (``status[suit] == "said"``).
    """
    r, x = card[0], card[1]
    if r not in "KQ" or x not in suits:
        return ""
    other = ("Q" if r == "K" else "K") + x
    if status.get(x) == "said":
        return "rebela"
    if x not in status and other in hand:
        return "bela"
    return ""
