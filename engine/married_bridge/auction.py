"""The auction (MB-BID): the dealer opens with a bid; bids, contra, recontra and pass."""

from __future__ import annotations

from typing import Final

from engine.events import Bid, ContractReached, Event
from engine.married_bridge.rules import BIDS, bid_code, bid_rank, parse_bid
from engine.married_bridge.scoring import contract_text
from engine.married_bridge.state import MBState


def higher_bids(s: MBState) -> list[str]:
    """Codes of every bid above the last one (all 35 before the first bid, MB-BID-3)."""
    floor = bid_rank(s.bid_level, s.bid_strain) if s.bid_level else -1
    return list(_ALL_BIDS[floor + 1:])


#: every bid code up the ladder (MB-BID-3): the bids above rank r are ``_ALL_BIDS[r + 1:]``
_ALL_BIDS: Final = tuple(bid_code(lv, st) for lv, st in sorted(BIDS, key=lambda b: bid_rank(*b)))


def call_codes(s: MBState, seat: int) -> list[str]:
    """The calls ``seat`` may make now (unsorted).

    MB-BID-4: the dealer's first call is a bid. MB-BID-5: facing the opponent's undoubled bid,
    a higher bid, ``contra`` or ``pass``. MB-BID-6: after his bid was doubled, ``pass``,
    ``recontra`` or (with ``escape_after_contra``) a higher bid.
    """
    if s.phase != "bidding" or seat != s.turn:
        return []
    if s.bid_level == 0:
        return higher_bids(s)
    if s.contra:
        escape = higher_bids(s) if s.options["escape_after_contra"] else []
        return ["pass", "recontra", *escape]
    return [*higher_bids(s), "contra", "pass"]


def call(s: MBState, seat: int, code: str) -> list[Event]:
    """Make a listed call; the auction ends as MB-BID-10 says."""
    s.calls.append([seat, code])
    events: list[Event] = [Bid(seat=seat, call=code)]
    bid = parse_bid(code)
    if bid is not None:  # a new bid cancels a pending contra (MB-BID-6)
        s.bid_level, s.bid_strain = bid
        s.bidder, s.contra, s.turn = seat, False, 1 - seat
        return events
    if code == "contra":
        s.contra, s.turn = True, 1 - seat
        return events
    if code == "recontra":  # MB-BID-7
        return events + _end(s, 4)
    return events + _end(s, 2 if s.contra else 1)  # pass, MB-BID-5 / MB-BID-6


def _end(s: MBState, multiplier: int) -> list[Event]:
    """MB-BID-9: the last bidder declares; MB-PLAY-1: he leads."""
    assert s.bidder is not None
    s.declarer, s.level, s.strain = s.bidder, s.bid_level, s.bid_strain
    s.multiplier, s.contra = multiplier, False
    s.phase, s.turn, s.leader = "main_play", s.declarer, s.declarer
    s.trick, s.last_trick, s.main_done, s.tricks_won = [], [], 0, [0, 0]
    return [ContractReached(declarer=s.declarer, level=s.level, strain=s.strain,
                            multiplier=multiplier,
                            contract=contract_text(s.level, s.strain, multiplier))]
