"""What Bazar-Belot and Deberts share: orders, values, trick obligations, melds (belote_common.md).

Everything here is a pure function of card codes. The functions without a ``kind`` argument are
for suit contracts (Deberts); the ``contract_*`` functions, ``find_fours`` and the ``bazar`` meld
set add the Bazar-Belot contract kinds ``no_trumps`` and ``all_trumps`` (BEL-OPT-contract-kind),
fours of a kind and the quint.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import SUITS, rank, suit
from engine.events import played

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
#: BEL-VAL-3: card points in a no-trumps contract (Bazar-Belot, small points).
NO_TRUMP_VALUES: Final = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
#: BEL-OPT-contract-kind values.
SUIT_CONTRACT: Final = "suit"
NO_TRUMPS: Final = "no_trumps"
ALL_TRUMPS: Final = "all_trumps"
#: BEL-MELD-6, Bazar-Belot sequences by length (big points).
BAZAR_MELD_POINTS: Final = {3: 2, 4: 5, 5: 10}
#: BEL-MELD-6 / BEL-CMP-3: Bazar-Belot fours of a kind, senior first, with their big points.
BAZAR_FOURS: Final = {
    SUIT_CONTRACT: {"J": 20, "9": 14, "A": 11, "T": 10, "K": 10, "Q": 10},
    ALL_TRUMPS: {"J": 20, "9": 14, "A": 11, "T": 10, "K": 10, "Q": 10},
    NO_TRUMPS: {"A": 19, "T": 10, "K": 10, "Q": 10, "J": 10},
}
FOUR_KIND_NAMES: Final = {"A": "four_aces", "K": "four_kings", "Q": "four_queens",
                          "J": "four_jacks", "T": "four_tens", "9": "four_nines",
                          "8": "four_eights", "7": "four_sevens"}
BELA_POINTS: Final = 20

_TRUMP_STRENGTH: Final = {r: 8 - i for i, r in enumerate(TRUMP_ORDER)}
_PLAIN_STRENGTH: Final = {r: 8 - i for i, r in enumerate(PLAIN_ORDER)}
_NATURAL_INDEX: Final = {r: i for i, r in enumerate(NATURAL_ORDER)}

CARDS32: Final = tuple(r + s for s in SUITS for r in RANKS32)

#: ``play:<card>`` of every card, made once (the play codes are listed at every card played).
PLAY_CODES: Final = {c: "play:" + c for c in CARDS32}
#: Every play code of the belote games, as (card, word said with it or ""): a listed code's
#: parts without splitting it (``bela``: Deberts and Bazar-Belot, ``rebela``: Bazar-Belot).
PLAY_PARTS: Final = {f"play:{c}{w and ':' + w}": (c, w) for c in CARDS32
                     for w in ("", "bela", "rebela")}
#: Per seat (0..3), every play code as (card, word, its shared ``Played`` event): one lookup
#: for the parts and the event of a listed code.
PLAY_EVENTS: Final = tuple(
    {code: (c, w, played(seat, c, w)) for code, (c, w) in PLAY_PARTS.items()} for seat in range(4))


def card_points(card: str, trump: str | None) -> int:
    """Small points of ``card`` when ``trump`` is the trump suit (BEL-VAL-1, BEL-VAL-2)."""
    table = TRUMP_VALUES if card[1] == trump else PLAIN_VALUES
    return table[card[0]]


def strength(card: str, trump: str | None) -> int:
    """Trick strength within the card's own suit: trump order for trumps, else plain order."""
    if card[1] == trump:
        return _TRUMP_STRENGTH[card[0]]
    return _PLAIN_STRENGTH[card[0]]


def trick_winner_index(cards: Sequence[str], trump: str | None) -> int:
    """Index in ``cards`` (play order) of the winning card (BEL-PLAY-2, suit contract)."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c[1] == b[1]:
            if strength(c, trump) > strength(b, trump):
                best = i
        elif c[1] == trump:
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
    led = trick_cards[0][1]
    follow = [c for c in hand if c[1] == led]
    if led == trump:
        if follow:
            top = max(strength(c, trump) for c in trick_cards if c[1] == trump)
            higher = [c for c in follow if strength(c, trump) > top]
            return higher or follow
        return list(hand)
    if follow:
        return follow
    trumps = [c for c in hand if c[1] == trump]
    if not trumps:
        return list(hand)
    if partner_exception and partner_winning:
        return list(hand)
    played_trumps = [strength(c, trump) for c in trick_cards if c[1] == trump]
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


_BAZAR_KIND_BY_LENGTH: Final = {3: "terz", 4: "berz", 5: "quint"}


def _split_run_bazar(length: int) -> list[int]:
    """Meld lengths for a run of ``length`` cards in Bazar-Belot, from the top (BEL-MELD-2).

    Bazar-Belot knows terz (3), berz (4) and quint (5): 6 or 7 cards give one quint from the top,
    8 cards give quint + terz (BB-MELD-2).
    """
    if length < 3:
        return []
    if length <= 7:
        return [min(length, 5)]
    return [5, 3]


def find_melds(hand: Sequence[str], *, meld_set: str = "deberts") -> list[Meld]:
    """Every sequence meld in ``hand`` after the best split of long runs (BEL-MELD-1, -2, -5).

    Args:
        hand: the cards held.
        meld_set: ``deberts`` (terz 20, fifty 50, small points) or ``bazar`` (terz 2, berz 5,
            quint 10, big points) (BEL-OPT-meld-set, BEL-MELD-6).

    Returns:
        melds, most senior first (longer, then higher top card).

    Raises:
        ValueError: an unknown ``meld_set``.
    """
    if meld_set not in ("deberts", "bazar"):
        raise ValueError(f"unknown meld set {meld_set!r}")
    return list(_melds_of(frozenset(hand), meld_set))


@functools.lru_cache(maxsize=1 << 14)
def _melds_of(held: frozenset[str], meld_set: str) -> tuple[Meld, ...]:
    """``find_melds`` of a set of cards, memoised (the AI's playouts ask it again and again)."""
    split, kinds, points = (
        (_split_run, _KIND_BY_LENGTH, DEBERTS_MELD_POINTS) if meld_set == "deberts"
        else (_split_run_bazar, _BAZAR_KIND_BY_LENGTH, BAZAR_MELD_POINTS)
    )
    melds: list[Meld] = []
    for s in SUITS:
        run: list[str] = []
        for r in NATURAL_ORDER + "-":
            card = r + s
            if card in held:
                run.append(card)
                continue
            pos = 0
            for n in split(len(run)):
                cards = tuple(run[pos : pos + n])
                melds.append(Meld(kinds[n], cards, points[n]))
                pos += n
            run = []
    melds.sort(key=lambda m: (-m.length, _NATURAL_INDEX[m.top]))
    return tuple(melds)


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
    s = card[1]
    suit_pos = -1 if s == trump else SUITS.index(s)
    return (suit_pos, -strength(card, trump))


# ---- contract kinds of Bazar-Belot (BEL-OPT-contract-kind: suit, no_trumps, all_trumps) --------


def contract_card_points(card: str, kind: str, trump: str | None) -> int:
    """Small points of ``card`` in a contract of ``kind`` (BEL-VAL-1 to BEL-VAL-4).

    Args:
        card: a card code.
        kind: ``suit``, ``no_trumps`` or ``all_trumps``.
        trump: the trump suit letter for ``suit`` (ignored otherwise).
    """
    if kind == ALL_TRUMPS:
        return TRUMP_VALUES[card[0]]
    if kind == NO_TRUMPS:
        return NO_TRUMP_VALUES[card[0]]
    return card_points(card, trump)


def contract_strength(card: str, kind: str, trump: str | None) -> int:
    """Trick strength of ``card`` within its own suit (BEL-RANK-1 to BEL-RANK-3); larger wins."""
    if kind == ALL_TRUMPS:
        return _TRUMP_STRENGTH[card[0]]
    if kind == NO_TRUMPS:
        return _PLAIN_STRENGTH[card[0]]
    return strength(card, trump)


def contract_trick_winner_index(cards: Sequence[str], kind: str, trump: str | None) -> int:
    """Index in ``cards`` (play order) of the winning card (BEL-PLAY-2, every contract kind).

    Read from ``contract_tables``: a trump of a suit contract above every other card (the
    highest trump wins), then the highest card of the led suit; a card of a third suit never
    wins (tests/engine/test_bazar_belot_rules.py compares it with the rule written out).
    """
    _, power, trumps = contract_tables(kind, trump)
    led = cards[0][1]
    best, top = 0, -1
    for i, c in enumerate(cards):
        v = trumps.get(c, power[c] if c[1] == led else -1)
        if v > top:
            best, top = i, v
    return best


ContractTables = tuple[dict[str, int], dict[str, int], dict[str, int]]


@functools.cache
def contract_tables(kind: str, trump: str | None) -> ContractTables:
    """Per card of the pack, for a contract of ``kind`` (trump ``trump`` or None): its small
    points (``contract_card_points``), its strength in its own suit (``contract_strength``),
    and, for the trumps of a suit contract only, 100 + that strength (what makes a trump beat
    any plain card in ``contract_trick_winner_index``). Made once per contract; never change
    the dicts returned."""
    points = {c: contract_card_points(c, kind, trump) for c in CARDS32}
    power = {c: contract_strength(c, kind, trump) for c in CARDS32}
    trumps = {c: 100 + power[c] for c in CARDS32 if kind == SUIT_CONTRACT and c[1] == trump}
    return points, power, trumps


def contract_legal_cards(
    hand: Sequence[str],
    trick_cards: Sequence[str],
    kind: str,
    trump: str | None,
    *,
    partner_winning: bool = False,
    partner_exception: bool = False,
    undertrump_required: bool = False,
) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick_cards`` in a contract of ``kind``.

    The reference algorithm of belote_common.md section 3: ``suit`` is ``legal_cards``;
    ``no_trumps`` follows suit or plays any card (BEL-PLAY-4, BEL-PLAY-10); ``all_trumps``
    follows suit and must beat the highest card of the led suit when it can (BEL-PLAY-6).

    Returns:
        the legal cards, in ``hand`` order.
    """
    if kind == SUIT_CONTRACT:
        assert trump is not None
        return legal_cards(hand, trick_cards, trump, undertrump_required=undertrump_required,
                           partner_winning=partner_winning,
                           partner_exception=partner_exception)
    if not trick_cards:
        return list(hand)
    led = trick_cards[0][1]
    follow = [c for c in hand if c[1] == led]
    if not follow:
        return list(hand)
    if kind == NO_TRUMPS:
        return follow
    top = max(_TRUMP_STRENGTH[c[0]] for c in trick_cards if c[1] == led)
    higher = [c for c in follow if _TRUMP_STRENGTH[c[0]] > top]
    return higher or follow


def find_fours(hand: Sequence[str], kind: str) -> list[Meld]:
    """The scoring fours of a kind in ``hand`` for a Bazar-Belot contract of ``kind``.

    BEL-MELD-3, BB-MELD-1: jacks 20, nines 14, aces 11, tens/kings/queens 10 in ``suit`` and
    ``all_trumps``; aces 19, tens/kings/queens/jacks 10 in ``no_trumps`` (nines are no meld
    there). Four 7s and four 8s are never returned (they have their own effects).

    Returns:
        the fours, most senior first (BEL-CMP-3); ``kind`` names them, e.g. ``four_jacks``.
    """
    values = BAZAR_FOURS[kind]
    held = set(hand)
    out = []
    for r, pts in values.items():
        cards = tuple(r + s for s in SUITS)
        if all(c in held for c in cards):
            out.append(Meld(FOUR_KIND_NAMES[r], cards, pts))
    return out


def four_seniority(meld: Meld, kind: str) -> int:
    """Seniority of a four of a kind in a contract of ``kind`` (BEL-CMP-3); larger wins."""
    order = list(BAZAR_FOURS[kind])
    return len(order) - order.index(meld.top)
