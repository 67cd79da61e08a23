"""The preliminary play: 13 tricks without trumps, each followed by two draws (MB-PRE).

Functions of ``MBState``: ``*_codes`` list what a seat may do (unsorted), the others change the
state after the match has checked the code is listed, and return the events.
"""

from __future__ import annotations

from typing import Final

from engine.cards import suit
from engine.events import Event, TalonDrawn, TrickTaken, played
from engine.married_bridge.rules import CARDS52, PLAY_CODES, POWER, TRICKS, legal_cards
from engine.married_bridge.state import MBState

TALON: Final = 26  # MB-DEAL-5


def play_codes(s: MBState, seat: int) -> list[str]:
    """``play:<card>`` codes of ``seat`` in the preliminary play (MB-PRE-1, MB-PRE-2)."""
    if s.phase != "preliminary" or s.drawing or seat != s.turn:
        return []
    led = suit(s.trick[0][1]) if s.trick else None
    return [PLAY_CODES[c] for c in legal_cards(s.hands[seat], led, None, may_ruff=False)]


def play(s: MBState, seat: int, card: str) -> list[Event]:
    """Play ``card``; after the second card the trick is taken (MB-PRE-3) and the draws follow."""
    s.hands[seat].remove(card)
    trick = s.trick
    if not trick:
        trick.append([seat, card])
        s.turn = 1 - seat
        return [PLAYED[seat][card]]
    trick.append([seat, card])
    first, led = trick[0]  # trick_winner of two cards without a trump
    winner = seat if card[1] == led[1] and POWER[card] > POWER[led] else first
    s.prelim_done += 1
    events: list[Event] = [
        PLAYED[seat][card],
        TrickTaken(number=s.prelim_done, cards=((first, led), (seat, card)), winner=winner,
                   points=0)]  # MB-PRE-7: no score
    s.last_trick, s.trick = trick, []
    leader = s.leader
    s.draw_leader, s.next_leader = leader, winner
    s.offender, s.irregular, s.privileged = None, "", None
    if s.options["manual_draws"]:  # MB-PRE-9 (a): the leader is to draw
        s.drawn = [False, False]
        s.drawing, s.turn = True, leader
        return events
    # MB-PRE-8, in the order of MB-PRE-5: the top card each (``_take`` twice), then
    # ``_draws_done``
    talon, hands = s.talon, s.hands
    top = talon.pop(0)
    hands[leader].append(top)
    other = talon.pop(0)
    hands[1 - leader].append(other)
    s.drawn = [True, True]
    if s.seen:
        s.seen = [e for e in s.seen if e[1] != top]
        if s.seen:
            s.seen = [e for e in s.seen if e[1] != other]
    n = len(talon)
    events += (_DRAWN_REGULAR[leader][n + 1], _DRAWN_REGULAR[1 - leader][n])
    s.drawing = False
    if s.prelim_done == TRICKS:
        return events + _draws_done(s)
    s.turn = s.leader = winner
    return events


def draw_codes(s: MBState, seat: int) -> list[str]:
    """``draw`` / ``draw:<card>`` codes of ``seat`` (MB-PRE-9; only with ``manual_draws``).

    While no irregular draw has been made, both seats are offered ``draw``: the one due to draw
    regularly, the other out of turn (before the leader) or for a second card (after his own
    draw). After an irregular draw only the opponent's privileged draw is offered.
    """
    if s.phase != "preliminary" or not s.drawing:
        return []
    if s.privileged is not None:
        if seat != s.privileged:
            return []
        if len(s.talon) >= 2:
            return ["draw:" + c for c in s.talon[:2]]
        return ["draw"]
    return ["draw"]


def draw(s: MBState, seat: int, code: str) -> list[Event]:
    """Make a draw after a preliminary trick (MB-PRE-5, MB-PRE-9 a-d)."""
    lead, other = s.draw_leader, 1 - s.draw_leader
    if s.privileged is not None:  # MB-PRE-9 (d)
        card = s.talon[0] if code == "draw" else code.split(":")[1]
        options = s.talon[:2]
        event = _take(s, seat, card, "privileged")
        for c in options:
            if c != card and [seat, c] not in s.seen:
                s.seen.append([seat, c])  # he looked at it; it stays on top of the talon
        return [event, *_draws_done(s)]
    if not s.drawn[lead]:
        if seat == lead:
            event = _take(s, seat, s.talon[0], "regular")
            s.turn = other
            return [event]
        # MB-PRE-9 (c): a draw out of turn takes the top card and counts as his draw
        event = _take(s, seat, s.talon[0], "out_of_turn")
        s.offender, s.irregular, s.privileged, s.turn = seat, "out_of_turn", lead, lead
        return [event]
    if seat == other:
        return [_take(s, seat, s.talon[0], "regular"), *_draws_done(s)]
    # MB-PRE-9 (c): a second card, seen and put back face down on top of the talon
    if [seat, s.talon[0]] not in s.seen:
        s.seen.append([seat, s.talon[0]])
    s.offender, s.irregular, s.privileged, s.turn = seat, "second_card", other, other
    return [talon_drawn(seat, "second_card", len(s.talon))]


def _take(s: MBState, seat: int, card: str, kind: str) -> Event:
    s.talon.remove(card)
    s.hands[seat].append(card)
    s.drawn[seat] = True
    if s.seen:  # MB-PRE-9 (c): a card seen and put back is no longer a secret once taken
        s.seen = [e for e in s.seen if e[1] != card]
    return talon_drawn(seat, kind, len(s.talon))


_DRAWN: dict[tuple[int, str, int], TalonDrawn] = {}


def talon_drawn(seat: int, kind: str, talon: int) -> TalonDrawn:
    """``TalonDrawn(seat=seat, kind=kind, talon=talon)``, one shared object per value (as
    ``engine.events.played``: frozen, text and numbers only; at most 2 x 4 x 27 of them)."""
    key = (seat, kind, talon)
    event = _DRAWN.get(key)
    if event is None:
        event = _DRAWN[key] = TalonDrawn(seat=seat, kind=kind, talon=talon)
    return event


def _draws_done(s: MBState) -> list[Event]:
    """Both have drawn: the trick's winner leads (MB-PRE-4), or the auction starts (MB-PRE-10)."""
    s.drawing, s.privileged = False, None
    if s.prelim_done == TRICKS:
        assert not s.talon
        # MB-BID-1: the dealer calls; the 13th trick stays in sight as the last trick until
        # the play begins (auction.py clears it then): it is public, and the auction follows it
        s.phase, s.turn = "bidding", s.dealer
        return []
    s.turn = s.leader = s.next_leader
    return []


#: the events of a regular draw by seat and talon size after it, and of a card play by seat and
#: card: made once, shared (``talon_drawn``, ``engine.events.played``)
_DRAWN_REGULAR: Final = tuple(tuple(talon_drawn(p, "regular", n) for n in range(TALON + 1))
                              for p in (0, 1))
PLAYED: Final = tuple({c: played(p, c) for c in CARDS52} for p in (0, 1))
