"""The bazar: which calls are open to whom, and their effect on the state (BB-BID-1 to BB-BID-21).

Verify / can / act in one place (docs/design.md "Legal actions"): ``*_codes`` and ``can_*`` list
what is open, ``refusal`` explains in plain words (with the rule id) why a code is not, and
``call`` applies a legal call. Off-turn calls (``bid:kapo1:<strain>``, ``contra``, ``recontra``)
are offered to every entitled seat while their window is open; the first one applied wins
(docs/design.md "Out-of-turn calls").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from engine.bazar_belot.state import (
    KAPO_STRAINS,
    MAX_BID,
    MIN_ALL_TRUMPS,
    MIN_BID,
    STRAINS,
    State,
    pair_of,
    partner_of,
    rank_of,
)
from engine.errors import IllegalAction

#: Outcome of a call for the match: the auction goes on, ends with a contract, or the deal is
#: thrown in (four passes, BB-BID-16).
GOES_ON: Final = "goes_on"
ENDED: Final = "ended"
REDEAL: Final = "redeal"


def allowed_strains(s: State, seat: int) -> tuple[str, ...]:
    """Strains ``seat`` may bid in now (BB-BID-9, BB-BID-10, BB-BID-19); empty: no bid at all."""
    if s.changed_pair is not None and pair_of(seat) != s.changed_pair:
        return ()  # BB-BID-19: the opponents of the changing pair may only pass (and double)
    if not s.passed[seat]:
        return STRAINS
    mate = s.last_strain[partner_of(seat)]
    return tuple(x for x in STRAINS if x in (mate, "AT"))  # BB-BID-9, BB-BID-10


def bid_codes(s: State, seat: int) -> list[str]:
    """Numeric and kapo bids open to ``seat`` if he is on turn (BB-BID-2 to BB-BID-10, -19)."""
    high = rank_of(s.high[1]) if s.high is not None else MIN_BID - 1
    return list(_bids_above(allowed_strains(s, seat), high))


@lru_cache(maxsize=512)
def _bids_above(strains: tuple[str, ...], high: int) -> tuple[str, ...]:
    """The bid codes in ``strains`` above the bid rank ``high`` (memoised: the bidding asks for
    the same few lists at every call)."""
    codes: list[str] = []
    for strain in strains:
        low = max(high + 1, MIN_ALL_TRUMPS if strain == "AT" else MIN_BID)
        codes += [f"bid:{n}:{strain}" for n in range(low, MAX_BID + 1)]
        if strain in KAPO_STRAINS and high < rank_of("kapo"):
            codes.append(f"bid:kapo:{strain}")  # BB-BID-3, BB-BID-8
    return tuple(codes)


def can_kapo1(s: State, seat: int) -> bool:
    """BB-BID-11: bidding open, his partner has made no call, he has not passed, no contra."""
    return (s.phase == "bidding" and not s.passed[seat] and not s.called[partner_of(seat)]
            and s.contra == 1)


def can_contra(s: State, seat: int) -> bool:
    """BB-BID-13: an opponent of the highest bid's pair, while its window is open, once."""
    return (s.contra_open and s.contra == 1 and s.high is not None
            and pair_of(seat) != pair_of(s.high[0]))


def can_recontra(s: State, seat: int) -> bool:
    """BB-BID-15: a player of the doubled pair, from the contra until the first card, once."""
    return s.recontra_open and s.high is not None and pair_of(seat) == pair_of(s.high[0])


def off_turn_codes(s: State, seat: int) -> list[str]:
    """Calls ``seat`` may make on turn or not: kapo on one hand, contra, recontra."""
    codes = []
    if can_kapo1(s, seat):
        codes += [f"bid:kapo1:{x}" for x in KAPO_STRAINS]
    if can_contra(s, seat):
        codes.append("contra")
    if can_recontra(s, seat):
        codes.append("recontra")
    return codes


def turn_codes(s: State, seat: int) -> list[str]:
    """Codes of the player on turn in the bidding: ``pass`` and his bids (BB-CODES)."""
    return ["pass", *bid_codes(s, seat)]


def bidding_listing(s: State, seat: int) -> tuple[tuple[str, ...], frozenset[str]]:
    """Everything the seat on turn in the bidding may call: ``off_turn_codes`` and
    ``turn_codes`` sorted (what ``legal_actions`` lists then), and the same as a set. The same
    few listings come back at every call, so each is made once (up to a hundred bid codes)."""
    high = rank_of(s.high[1]) if s.high is not None else MIN_BID - 1
    return _listing(tuple(off_turn_codes(s, seat)), allowed_strains(s, seat), high)


@lru_cache(maxsize=1024)
def _listing(off: tuple[str, ...], strains: tuple[str, ...],
             high: int) -> tuple[tuple[str, ...], frozenset[str]]:
    codes = tuple(sorted([*off, "pass", *_bids_above(strains, high)]))
    return codes, frozenset(codes)


def parse_bid(code: str) -> tuple[int | str, str] | None:
    """``bid:<n>:<strain>`` / ``bid:kapo:<strain>`` / ``bid:kapo1:<strain>`` -> (level, strain).

    Returns None for anything else (a malformed code); the level is an int for numeric bids.
    """
    parts = code.split(":")
    if len(parts) != 3 or parts[0] != "bid" or parts[2] not in STRAINS:
        return None
    if parts[1] in ("kapo", "kapo1"):
        return (parts[1], parts[2]) if parts[2] in KAPO_STRAINS else None
    if not parts[1].isdigit() or not parts[1].isascii() or parts[1] != str(int(parts[1])):
        return None
    return int(parts[1]), parts[2]


def refusal(s: State, seat: int, code: str) -> IllegalAction:
    """Why ``code`` by ``seat`` is refused in the auction (call it only for a refused code)."""
    if code == "contra":
        if s.contra > 1:
            return IllegalAction("the contract is already doubled", "BB-BID-13")
        if s.high is None:
            return IllegalAction("there is no bid to double", "BB-BID-13")
        if pair_of(seat) == pair_of(s.high[0]):
            return IllegalAction("you cannot double your own pair's bid", "BB-BID-13")
        return IllegalAction("too late to double: another call has followed that bid, or the "
                             "first card is on the table", "BB-BID-13")
    if code == "recontra":
        if s.contra != 2:
            return IllegalAction("a recontra needs a contra first, and is said once", "BB-BID-15")
        if s.high is not None and pair_of(seat) != pair_of(s.high[0]):
            return IllegalAction("only the doubled pair may redouble", "BB-BID-15")
        return IllegalAction("too late to redouble: the first card is on the table", "BB-BID-15")
    if code != "pass" and not code.startswith("bid:"):
        return IllegalAction(f"{code!r} is not a call in the bidding", "BB-CODES")
    if s.phase != "bidding":
        rule = "BB-BID-14" if s.contra > 1 else ("BB-BID-12" if s.level == "kapo1"
                                                 else "BB-BID-21")
        return IllegalAction("the bidding is over", rule)
    parsed = parse_bid(code) if code != "pass" else None
    if code in ("bid:kapo:AT", "bid:kapo1:AT"):
        return IllegalAction("there is no all-trumps kapo: kapo names a suit or no-trumps",
                             "BB-BID-3")
    if code != "pass" and parsed is None:
        return IllegalAction(f"{code!r} is not a bid: use bid:<8-112>:<S|H|D|C|NT|AT>, "
                             "bid:kapo:<strain> or bid:kapo1:<strain>", "BB-CODES")
    if parsed is not None and parsed[0] == "kapo1":
        if s.passed[seat]:
            return IllegalAction("kapo on one hand is not open to a player who has passed",
                                 "BB-BID-11")
        return IllegalAction("kapo on one hand must come before your partner's first call",
                             "BB-BID-11")
    if seat != s.turn:
        return IllegalAction(f"it is not seat {seat}'s turn to call: seat {s.turn} is on turn",
                             "BB-BID-6")
    assert parsed is not None  # a pass on turn is always legal
    level, strain = parsed
    if isinstance(level, int) and not MIN_BID <= level <= MAX_BID:
        return IllegalAction(f"bids go from {MIN_BID} to {MAX_BID}, not {level}", "BB-BID-7")
    if isinstance(level, int) and strain == "AT" and level < MIN_ALL_TRUMPS:
        return IllegalAction(f"an all-trumps bid is at least {MIN_ALL_TRUMPS}", "BB-BID-7")
    if s.high is not None and rank_of(level) <= rank_of(s.high[1]):
        return IllegalAction(f"{code} does not outrank the highest bid "
                             f"{s.high[1]} {s.high[2]}: kapo outranks every number, and a bid "
                             "must be higher", "BB-BID-8")
    if s.changed_pair is not None and pair_of(seat) != s.changed_pair:
        return IllegalAction("after the change of contract your pair may only pass or double",
                             "BB-BID-19")
    return IllegalAction("you have passed: you may bid only in your partner's strain or in "
                         "all-trumps", "BB-BID-9")


def legal_call(s: State, seat: int, code: str) -> bool:
    """True when ``code`` is a legal auction call for ``seat`` now (any phase)."""
    if code in ("contra", "recontra") or code.startswith("bid:kapo1:"):
        return code in off_turn_codes(s, seat)
    if s.phase != "bidding" or seat != s.turn:
        return False
    if code == "pass":
        return True
    parsed = parse_bid(code)
    if parsed is None or parsed[0] == "kapo1":
        return False
    level, strain = parsed  # the same test as ``code in bid_codes(s, seat)``, without the list
    if strain not in allowed_strains(s, seat):
        return False
    high = rank_of(s.high[1]) if s.high is not None else MIN_BID - 1
    if level == "kapo":
        return strain in KAPO_STRAINS and high < rank_of("kapo")
    assert isinstance(level, int)
    return max(high + 1, MIN_ALL_TRUMPS if strain == "AT" else MIN_BID) <= level <= MAX_BID


def call(s: State, seat: int, code: str) -> str:
    """Apply the legal auction call ``code`` by ``seat``; return GOES_ON, ENDED or REDEAL.

    On ENDED the caller starts the play (the contract is ``s.high``); ``s.contra_open`` stays
    true when the last bid ended the bidding itself (BB-BID-13).
    """
    if code == "recontra":
        s.contra, s.recontra_open = 4, False
        s.calls.append([seat, code])
        return GOES_ON
    if code == "contra":
        s.contra, s.contra_open, s.recontra_open = 2, False, True
        s.calls.append([seat, code])
        s.called[seat] = True
        return ENDED if s.phase == "bidding" else GOES_ON  # BB-BID-14
    first_three_passed = len(s.calls) == 3 and all(c == "pass" for _, c in s.calls)
    s.calls.append([seat, code])
    s.called[seat] = True
    was_last_word, s.last_word = s.last_word, False
    if code == "pass":
        s.passed[seat] = True
        s.contra_open = False
        s.passes += 1
        if was_last_word:
            return ENDED  # BB-BID-18: a pass on the last word
        if s.high is None:
            if s.passes == 4:
                return REDEAL  # BB-BID-16
        elif s.passes == 3:
            if s.no_last_word:
                return ENDED  # BB-BID-17
            s.last_word = True  # BB-BID-18: the highest bidder is next on turn
        s.turn = (seat + 1) % 4
        return GOES_ON
    parsed = parse_bid(code)
    assert parsed is not None
    level, strain = parsed
    old = s.high
    s.high = [seat, level, strain]
    s.contra_open, s.passes = True, 0
    if level == "kapo1":
        return ENDED  # BB-BID-12
    s.last_strain[seat] = strain
    if first_three_passed:
        s.no_last_word = True  # BB-BID-17
    if was_last_word:
        assert old is not None
        if strain == old[2]:
            return ENDED  # BB-BID-18: a raise in the same strain ends the bidding
        s.changed_pair = pair_of(seat)  # BB-BID-18 change, BB-BID-19
    s.turn = (seat + 1) % 4
    return GOES_ON
