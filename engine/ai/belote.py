"""Rules of thumb for belote card play, shared by Deberts and Bazar-Belot.

Pure functions of card codes and of what a seat knows: its hand, the cards of the trick, the
cards already gone (played in this deal, or lying face up out of play), the contract kind and the
trump suit. They pick a card among the legal ones; the caller turns it back into an action code.

Card play, in short: when leading, draw trumps with the top trump when one's side holds the
contract, then cash masters (cards no unseen card of their suit can beat), else lead low from a
suit where nothing is lost; when following, let a partner's winning card stand and throw him
points, win the trick when it is worth it and cheap (the last player wins with the card worth
most, a trump with the smallest trump), otherwise throw the cheapest card, keeping trumps, aces
and tens.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence

from engine.belote.common import (
    CARDS32,
    SUIT_CONTRACT,
    contract_card_points,
    contract_strength,
)

Tables = tuple[dict[str, int], dict[str, int]]


@functools.lru_cache(maxsize=32)
def tables(kind: str, trump: str | None) -> Tables:
    """``(power, value)`` of every card in a contract: trick strength within its suit
    (BEL-RANK) and card points (BEL-VAL)."""
    return ({c: contract_strength(c, kind, trump) for c in CARDS32},
            {c: contract_card_points(c, kind, trump) for c in CARDS32})


def value(card: str, kind: str, trump: str | None) -> int:
    """Card points of ``card`` in the contract (BEL-VAL)."""
    return tables(kind, trump)[1][card]


def power(card: str, kind: str, trump: str | None) -> int:
    """Trick strength of ``card`` within its suit (BEL-RANK); larger wins."""
    return tables(kind, trump)[0][card]


def beats(card: str, best: str, led: str, kind: str, trump: str | None) -> bool:
    """True when ``card`` played now would take the trick from ``best`` (the winning card)."""
    if card[1] == best[1]:
        pw = tables(kind, trump)[0]
        return pw[card] > pw[best]
    return kind == SUIT_CONTRACT and card[1] == trump and best[1] != trump


def top_unseen(hand: Collection[str], gone: Collection[str], pw: dict[str, int]) -> dict[str, int]:
    """The strongest power per suit among the cards others may hold (32 minus hand and gone)."""
    top: dict[str, int] = {}
    for c in CARDS32:
        if c in hand or c in gone:
            continue
        p = pw[c]
        if p > top.get(c[1], 0):
            top[c[1]] = p
    return top


def is_master(card: str, unseen: Collection[str], kind: str, trump: str | None) -> bool:
    """No card in ``unseen`` (cards others may hold) is of the same suit and stronger."""
    pw = tables(kind, trump)[0]
    s, p = card[1], pw[card]
    return not any(c[1] == s and pw[c] > p for c in unseen)


def cheapest(cards: Sequence[str], hand: Sequence[str], kind: str, trump: str | None) -> str:
    """The card of ``cards`` that costs least to give away: plain before trump, cheap first,
    weak first, from a long suit first."""
    pw, val = tables(kind, trump)
    suit_trump = kind == SUIT_CONTRACT

    def key(c: str) -> tuple[int, int, int, int, str]:
        length = sum(1 for x in hand if x[1] == c[1])
        return (1 if suit_trump and c[1] == trump else 0, val[c], pw[c], -length, c)
    return min(cards, key=key)


def lead(
    hand: Sequence[str],
    legal: Sequence[str],
    *,
    kind: str,
    trump: str | None,
    gone: Collection[str],
    draw_trumps: bool,
    avoid: Collection[str] = (),
) -> str:
    """The card to lead.

    Args:
        hand: the seat's cards; ``legal``: the cards it may lead (the whole hand, normally).
        kind, trump: the contract.
        gone: cards played in this deal or lying face up out of play.
        draw_trumps: the seat's side holds the contract (or most trumps): pull trumps first.
        avoid: suits an opponent is known to be void in (a lead there may be trumped).
    """
    pw, val = tables(kind, trump)
    top = top_unseen(hand, gone, pw)
    suit_trump = kind == SUIT_CONTRACT
    trumps = [c for c in legal if suit_trump and c[1] == trump]
    plain = [c for c in legal if not (suit_trump and c[1] == trump)]
    if trumps and draw_trumps and trump in top:
        best = max(trumps, key=lambda c: pw[c])
        if pw[best] > top[str(trump)]:
            return best
    masters = [c for c in plain if c[1] in top and pw[c] > top[c[1]] and c[1] not in avoid]
    if masters:
        return max(masters, key=lambda c: (val[c], c))
    if plain:
        def risk(c: str) -> tuple[int, int, int, int, int, int, str]:
            own = [x for x in hand if x[1] == c[1]]
            bare_ten = c[0] == "T" and kind != "all_trumps" and ("A" + c[1]) not in hand
            high = max(pw[x] for x in own)
            return (1 if c[1] in avoid else 0, 1 if bare_ten else 0, val[c], -len(own), high,
                    pw[c], c)
        return min(plain, key=risk)
    return cheapest(trumps, hand, kind, trump)


def follow(
    hand: Sequence[str],
    legal: Sequence[str],
    trick: Sequence[tuple[int, str]],
    *,
    seat: int,
    partner: int | None,
    active: int,
    kind: str,
    trump: str | None,
    gone: Collection[str],
) -> str:
    """The card to play to a trick already led.

    Args:
        hand: the seat's cards; ``legal``: the cards it may play.
        trick: ``(seat, card)`` pairs already in the trick, in play order.
        seat: the player; ``partner``: his partner's seat, or None (Deberts).
        active: cards in a complete trick (players in play).
        kind, trump: the contract; ``gone``: cards played or out of play in this deal.
    """
    pw, val = tables(kind, trump)
    suit_trump = kind == SUIT_CONTRACT
    led = trick[0][1][1]
    win = 0
    for i in range(1, len(trick)):
        if beats(trick[i][1], trick[win][1], led, kind, trump):
            win = i
    best = trick[win][1]
    last = len(trick) == active - 1
    top = top_unseen(hand, gone, pw)

    def master(c: str) -> bool:
        return pw[c] > top.get(c[1], 0)

    points = sum(val[c] for _, c in trick)
    if partner is not None and trick[win][0] == partner:
        safe = last or (master(best) and not (suit_trump and best[1] != trump))
        if safe:  # throw him points, keeping masters and trumps
            gifts = [c for c in legal if not (suit_trump and c[1] == trump) and not master(c)]
            if gifts:
                return max(gifts, key=lambda c: (val[c], c))
        return cheapest(legal, hand, kind, trump)
    winners = [c for c in legal if beats(c, best, led, kind, trump)]
    if not winners:
        return cheapest(legal, hand, kind, trump)
    same = [c for c in winners if c[1] == led]
    if last:
        if same:
            return max(same, key=lambda c: (val[c], pw[c], c))
        ruff = min(winners, key=lambda c: (pw[c], c))
        if points + val[ruff] >= 10 or len(legal) == len(winners):
            return ruff
        return cheapest(legal, hand, kind, trump)
    sure = [c for c in same if master(c)]
    if sure:
        return max(sure, key=lambda c: (val[c], c))
    if same and led == trump:
        return min(same, key=lambda c: (pw[c], c))
    ruffs = [c for c in winners if c[1] != led]
    if ruffs and points >= 10:
        return min(ruffs, key=lambda c: (pw[c], c))
    if len(legal) == len(winners):
        return min(winners, key=lambda c: (val[c], pw[c], c))
    return cheapest(legal, hand, kind, trump)


def distinct(legal: Sequence[str], hand: Collection[str], gone: Collection[str], kind: str,
             trump: str | None) -> list[str]:
    """``legal`` without cards that play exactly like another: of two cards of one suit with the
    same points and no card others may hold ranking between them, only the weaker is kept."""
    pw, val = tables(kind, trump)
    unseen = [c for c in CARDS32 if c not in hand and c not in gone]
    out: list[str] = []
    for c in sorted(legal, key=lambda x: (x[1], pw[x])):
        prev = out[-1] if out else None
        if prev is not None and prev[1] == c[1] and val[prev] == val[c] and not any(
                u[1] == c[1] and pw[prev] < pw[u] < pw[c] for u in unseen):
            continue
        out.append(c)
    return out


#: What ``card_candidates`` asks for when it must compare cards: (the seat's hand, the cards
#: gone, the kind of play, the trump suit or None).
Seen = tuple[Collection[str], Collection[str], str, "str | None"]


def card_candidates(codes: Sequence[str], twins: Sequence[str],
                    seen: Callable[[], Seen]) -> list[str]:
    """The codes worth searching, in their order: a plain ``play:X`` beside one of its
    announcing twins (``play:X`` + a suffix of ``twins``, e.g. ``:bela``) is never better and
    is dropped; of cards that play alike (``distinct``) only one is kept; other codes pass.

    ``seen()`` is called only when two or more cards are left to compare.
    """
    keep = [c for c in codes if not (c.startswith("play:") and c.count(":") == 1
                                     and any(c + t in codes for t in twins))]
    cards = [c.split(":")[1] for c in keep if c.startswith("play:")]
    if len(cards) > 1:
        same = set(distinct(cards, *seen()))
        keep = [c for c in keep if not c.startswith("play:") or c.split(":")[1] in same]
    return keep
