"""Married bridge (married_bridge.md): the match and the registered ``Game``.

Sections in the order every game module keeps: the face, the phases (in ``prelim``,
``auction`` and ``mainplay``), refusals, views, serialisation, the ``Game``.
"""

from __future__ import annotations

import copy
from bisect import insort
from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.errors import IllegalAction, InvalidOptions
from engine.events import Event, EventLog
from engine.married_bridge import auction, mainplay, prelim, views
from engine.married_bridge.options import OPTIONS, resolve_options
from engine.married_bridge.refusals import refusal
from engine.married_bridge.rules import CARDS52, PLAY_CODES, is_card
from engine.married_bridge.state import MBState
from engine.match import Game, GameInfo, Match, ScoreSheet, SheetRow, View, sheet_result
from engine.registry import register
from engine.statecopy import copy_state, state_dict, state_from_dict

GAME_ID = views.GAME_ID


def _is_seat(seat: object) -> bool:
    """True for the seats 0 and 1 (ints, not bools or floats)."""
    return type(seat) is int and seat in (0, 1)


class MarriedBridgeMatch(Match):
    """A married bridge match. Build it with ``MARRIED_BRIDGE.new_match(...)``.

    See ``engine.match.Match`` for the face. ``legal_actions`` may be non-empty for the seat
    off turn only with ``manual_draws`` (the irregular draws of MB-PRE-9 b).
    """

    game_id = GAME_ID

    def __init__(self, state: MBState, events: EventLog | None = None) -> None:
        self._s = state
        self._events = events if events is not None else EventLog()
        # the codes ``legal_actions`` listed last, until the next ``apply``: a code among them
        # is not validated again (the playouts ask for both at every action)
        self._listed: tuple[int, list[str]] | None = None
        # per seat, ``(hand, codes)``: the ``play:`` codes of the list ``hand`` (the state's,
        # by identity), sorted; see ``_hand_codes``
        self._codes: list[tuple[list[str], list[str]] | None] = [None, None]

    # ---- the face ----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self._s.phase == "over" else self._s.turn

    @property
    def is_over(self) -> bool:
        return self._s.phase == "over"

    @property
    def events(self) -> list[Event]:
        return self._events.items()

    def legal_actions(self, seat: int) -> list[str]:
        """Every code ``seat`` may apply now, sorted (MB-CODES); empty once the match is over."""
        s = self._s
        if type(seat) is not int or (seat != 0 and seat != 1):  # not _is_seat(seat)
            return []
        phase = s.phase
        if seat != s.turn or phase == "bidding" or phase == "over" or s.drawing:
            if phase == "preliminary":  # off turn: only draws (MB-PRE-9 b)
                codes = prelim.draw_codes(s, seat)
            elif phase == "bidding":
                codes = auction.call_codes(s, seat)
            else:
                codes = []
            codes.sort()
        else:  # prelim.play_codes / mainplay.play_codes from the sorted codes of the hand
            entry = self._codes[seat]
            hand = s.hands[seat]
            if entry is not None and entry[0] is hand and len(entry[1]) == len(hand):
                mine = entry[1]
            else:
                mine = self._hand_codes(seat)
            trick = s.trick
            if not trick:  # the lead: any card (MB-PRE-1, MB-PRE-4, MB-PLAY-1, MB-PLAY-6)
                codes = mine
            else:
                led = trick[0][1][1]
                strain = s.strain
                if phase == "main_play" and strain != "NT":  # MB-PLAY-3: led suit or trump
                    codes = [c for c in mine if c[6] == led or c[6] == strain] or mine
                else:  # MB-PRE-2, MB-PLAY-4: follow suit
                    codes = [c for c in mine if c[6] == led] or mine
        self._listed = (seat, codes)
        return codes[:]

    def _hand_codes(self, seat: int) -> list[str]:
        """The ``play:`` codes of ``seat``'s hand, sorted (the list kept, not a copy).

        Kept from listing to listing: ``apply`` takes a played card's code out before the play,
        and a card drawn since (a hand is only ever changed in place by a play, which removes a
        card, or a draw, which appends one) is put in here. A hand replaced by another list (a
        new deal, a clone's copy, a bot's guess at the hidden cards) is listed afresh.
        """
        hand = self._s.hands[seat]
        entry = self._codes[seat]
        if entry is not None and entry[0] is hand:
            codes = entry[1]
            grown = len(hand) - len(codes)
            if grown == 0:
                return codes
            if grown == 1:  # a draw appended the card
                insort(codes, PLAY_CODES[hand[-1]])
                return codes
        codes = [PLAY_CODES[c] for c in hand]
        codes.sort()
        self._codes[seat] = (hand, codes)
        return codes

    def apply(self, seat: int, code: str) -> list[Event]:
        """Apply ``code`` for ``seat``; return the events it caused.

        Raises:
            IllegalAction: a malformed code (``MB-CODES``), a seat that is not 0 or 1, the match
                over (``MB-END-4``), or a code the rules forbid now (the rule's id).
        """
        s = self._s
        listed, self._listed = self._listed, None
        # ``is``: the listed seat is the int 0 or 1, and a seat that is not that very object
        # (a bool, another int type) is checked below
        if listed is None or listed[0] is not seat or code not in listed[1]:
            # not the codes just listed for this seat: everything is checked
            if not isinstance(code, str):
                raise IllegalAction(f"an action code is text, not {code!r}", "MB-CODES")
            if not _is_seat(seat):
                raise IllegalAction(f"there is no seat {seat!r}: the seats are 0 and 1",
                                    "MB-CODES")
            if s.phase == "over":
                raise IllegalAction("the match is over", "MB-END-4")
            if code not in self.legal_actions(seat):
                raise refusal(s, seat, code)
            self._listed = None
        phase = s.phase
        if phase == "bidding":
            events = auction.call(s, seat, code)
        elif phase == "preliminary" and s.drawing:
            events = prelim.draw(s, seat, code)  # a listed draw code
        else:  # a listed ``play:<card>``
            entry = self._codes[seat]
            if entry is not None and entry[0] is s.hands[seat]:
                entry[1].remove(code)  # _hand_codes: the card leaves the hand
            if phase == "preliminary":
                events = prelim.play(s, seat, code[5:])
            else:
                events = mainplay.play(s, seat, code[5:])
        self._events.extend(events)
        return events

    # ---- score sheet and views ---------------------------------------------------------------

    @property
    def score_sheet(self) -> ScoreSheet:
        """``{"sides", "rows", "totals", "pot": 0, "result"}`` (docs/design.md "Score sheet",
        MB-SCORE-8, MB-END-4)."""
        s = self._s
        return {
            "sides": views.sides(),
            "rows": cast("list[SheetRow]", copy.deepcopy(s.rows)),
            "totals": list(s.totals),
            "pot": 0,
            "result": sheet_result(s.result, s.totals),
        }

    def public_view(self) -> View:
        return views.public_view(self._s, self.to_move)

    def view(self, seat: int) -> View:
        """What ``seat`` may see (MB-INFO-5/6). Raises ``ValueError`` for a seat not 0 or 1."""
        if not _is_seat(seat):
            raise ValueError(f"there is no seat {seat!r}: the seats are 0 and 1")
        return views.seat_view(self._s, seat, self.to_move)

    # ---- serialisation -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "format": 1,
            "state": state_dict(self._s),
            "events": self._events.to_dicts(),
        }

    def clone(self) -> MarriedBridgeMatch:
        return MarriedBridgeMatch(copy_state(self._s), self._events.copy())


class MarriedBridge(Game):
    """The married bridge game (engine id ``married_bridge``)."""

    info = GameInfo(id=GAME_ID, title="Married bridge", min_players=2, max_players=2,
                    options=OPTIONS)

    def new_match(
        self,
        *,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Sequence[str] | None = None,
    ) -> MarriedBridgeMatch:
        """Start a match and deal the first game (see ``Game.new_match``).

        Raises:
            InvalidOptions: players other than 2, an unknown option or bad value (section 1),
                or a ``deck`` that is not the 52 cards once each (``MB-DECK-1``).
        """
        opts = resolve_options(players, options)
        if deck is not None:
            cards = list(deck)
            if (len(cards) != len(CARDS52) or not all(isinstance(c, str) and is_card(c)
                                                       for c in cards)
                    or len(set(cards)) != len(CARDS52)):
                raise InvalidOptions("deck", "the deck must hold each of the 52 cards once, "
                                     "as codes such as AS or TD", "MB-DECK-1")
        state = MBState(options=opts, seed=int(seed),
                        first_deck=list(deck) if deck is not None else None,
                        dealer=opts["first_dealer"])
        match = MarriedBridgeMatch(state)
        match._events.extend(mainplay.deal(state))
        return match

    def from_json(self, data: Mapping[str, Any]) -> MarriedBridgeMatch:
        """Rebuild a match from ``MarriedBridgeMatch.to_json()`` output.

        Raises:
            ValueError: the data is not a married bridge match.
        """
        if data.get("game") != GAME_ID:
            raise ValueError(f"not a married bridge match: {data.get('game')!r}")
        state = state_from_dict(MBState, data["state"])
        return MarriedBridgeMatch(state, EventLog(stored=data["events"]))


MARRIED_BRIDGE = register(MarriedBridge())
