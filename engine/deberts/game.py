"""Deberts: the classic two-player table and every named variant (deberts.md Parts A and B).

Sections in the order every game module keeps: dealing, the face, bidding and the offer of fifty,
play and claims, scoring, views, serialisation, the ``Game``. The first turn lives in ``first``,
the card play in ``play``, stake games in ``short``, the arithmetic in ``scoring``, views in
``views`` and the state in ``state`` (all in this package).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.belote.common import (
    BELA_POINTS,
    CARDS32,
    LAST_TRICK_BONUS,
    PLAY_EVENTS,
    SUIT_CONTRACT,
    contract_tables,
)
from engine.cards import SUITS, rank, suit
from engine.deberts.first import first_turn, first_turn_codes, first_turn_refusal, four_of
from engine.deberts.options import OPTIONS, resolve_options
from engine.deberts.play import claim_points, claim_valid, play_codes, play_refusal
from engine.deberts.scoring import (
    DealOutcome,
    awarded,
    gap_result,
    match_result,
    match_result_3p,
    match_result_claim_rules,
    result_line,
    score_deal,
    score_deal3,
    sheet_cells,
    side_dicts,
)
from engine.deberts.short import answer_dave, may_offer_dave, offer_dave, score_short
from engine.deberts.state import (
    NAMES,
    TRICKS_PER_DEAL,
    DebertsState,
    claim_on,
    is_short,
    left_of,
    offer_on,
    opt,
)
from engine.deberts.views import public_view, seat_view
from engine.errors import IllegalAction, InvalidOptions
from engine.events import (
    Bid,
    CardsAdded,
    Claimed,
    DealScored,
    Dealt,
    Event,
    EventLog,
    MatchOver,
    MeldsShown,
    ThrownIn,
    TrickTaken,
    TrumpChosen,
)
from engine.match import (
    Game,
    GameInfo,
    Match,
    ScoreSheet,
    SheetRow,
    View,
    sheet_result,
)
from engine.registry import register
from engine.shuffle import seeded_shuffle
from engine.statecopy import copy_state, state_dict, state_from_dict

OFFER_CODES = {"": ("offer50", "pass"), "made": ("accept50", "decline50")}


class DebertsMatch(Match):
    """A Deberts match. Build it with ``DEBERTS.new_match(...)``; see ``engine.match.Match``."""

    game_id = "deberts"

    def __init__(self, state: DebertsState, events: EventLog | None = None) -> None:
        self._s = state
        self._events = events if events is not None else EventLog()
        # the codes ``legal_actions`` listed last, until the next ``apply``: a code among them
        # is not validated again (AI playouts ask both for every action)
        self._listed: tuple[int, tuple[str, ...]] | None = None
        # the options never change: whether claims and dave can ever be listed, read once
        self._claims = claim_on(state)
        self._dave = opt(state, "format") == "short_dave"

    # ---- dealing (DB-DEAL, DB-3P-2) ------------------------------------------------------------

    def _deal(self) -> list[Event]:
        """Deal a new deal (DB-DEAL-2/3, DB-3P-2) from the given deck or the seed.

        With ``n`` players and dealer ``D`` the seats from ``D+1`` round to ``D`` get ``d[0..3n)``
        three at a time, then ``d[3n..6n)`` the same way; ``d[6n]`` is the up-card.
        """
        s = self._s
        n = s.players
        if s.deal_no == 0 and s.first_deck is not None:
            d = list(s.first_deck)
        else:
            d = seeded_shuffle(CARDS32, f"deberts:{s.seed}:{s.deal_no}")
        s.deal_no += 1
        s.hands = [[] for _ in range(n)]
        for packet in range(2):
            for k in range(n):
                seat = (s.dealer + 1 + k) % n
                start = 3 * (packet * n + k)
                s.hands[seat] += d[start:start + 3]
        s.up_card, s.stock, s.bottom = d[6 * n], d[6 * n + 1:], ""
        nd = left_of(s, s.dealer)
        s.phase, s.round, s.turn, s.calls = "bidding", 1, nd, []
        s.declarer, s.trump, s.swapped = None, "", None
        s.declared, s.decl_order, s.melds = [None] * n, [], [[] for _ in range(n)]
        s.bela_ok, s.bela_said = [False] * n, [False] * n
        s.meld_winner, s.melds_shown = None, False
        s.leader, s.trick, s.last_trick, s.tricks_done = nd, [], [], 0
        s.tricks_won, s.card_pts = [0] * n, [0] * n
        s.offer, s.trump_asked, s.height, s.last_winner = "", [""] * n, None, None
        return [Dealt(deal=s.deal_no, dealer=s.dealer, public={"up_card": [s.up_card]})]

    def _add_cards(self) -> list[Event]:
        """DB-DEAL-4/5, DB-3P-2: three more cards each from the dealer's left, bottom turned."""
        s = self._s
        n = s.players
        for k in range(n):
            s.hands[(s.dealer + 1 + k) % n] += s.stock[3 * k:3 * k + 3]
        s.stock = s.stock[3 * n:]
        s.bottom = s.stock[-1]
        nd = left_of(s, s.dealer)
        s.phase, s.turn, s.leader = "play", nd, nd
        return [CardsAdded(counts=(3,) * n, public={"bottom_card": [s.bottom]})]

    def _throw_in(self, reason: str, seat: int | None, cards: Sequence[str] = ()) -> list[Event]:
        """DB-REDEAL-1..3, DB-DEAL-8, DB-3P-1/4, DB-SHORT-7: nothing scored, the next deals."""
        s = self._s
        events: list[Event] = [ThrownIn(reason=reason, seat=seat, cards=tuple(cards))]
        s.dealer = left_of(s, s.dealer)
        return events + self._deal()

    # ---- the face ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._s.players

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
        s = self._s
        if seat == s.turn and s.phase == "play" and s.dave_by is None \
                and s.declared[seat] is not None:  # the card play: most calls (the playouts)
            codes = play_codes(s, seat)
            if self._claims and not s.trick and s.last_winner == seat and claim_valid(s, seat):
                codes.append("claim")
            if self._dave and may_offer_dave(s, seat):
                codes.append("dave")
            codes.sort()
            self._listed = (seat, tuple(codes))
            return codes
        return self._listing(seat)

    def _listing(self, seat: int) -> list[str]:
        """``legal_actions`` outside the card play (and the card play itself, the long way)."""
        s = self._s
        if s.phase == "over" or seat != s.turn:
            return []
        if s.dave_by is not None:
            return ["dave:accept", "dave:concede"]
        if s.phase == "bidding":
            codes = self._bid_codes()
        elif s.phase == "offer":
            codes = list(OFFER_CODES[s.offer])
        elif s.declared[seat] is None:
            codes = first_turn_codes(s, seat)
        else:
            codes = play_codes(s, seat)
            if claim_valid(s, seat):
                codes.append("claim")
        if may_offer_dave(s, seat):
            codes.append("dave")
        codes.sort()
        self._listed = (seat, tuple(codes))
        return codes

    def apply(self, seat: int, code: str) -> list[Event]:
        s = self._s
        listed, self._listed = self._listed, None
        checked = listed is not None and listed[0] == seat and code in listed[1]
        if checked and code[:5] == "play:":  # listed: the card play, the seat on turn
            events = self._play(seat, code, True)
            self._events.extend(events)
            return events
        if not isinstance(code, str):
            raise IllegalAction(f"an action code is text, not {code!r}", "DB-CODES")
        if s.phase == "over":
            raise IllegalAction("the match is over", "DB-END-6")
        if seat != s.turn:
            rule = {"bidding": "DB-BID-1", "offer": "DB-OFFER-1"}.get(s.phase, "DB-PLAY-1")
            raise IllegalAction(f"it is not seat {seat}'s turn: seat {s.turn} is to move", rule)
        if s.dave_by is not None:
            events = answer_dave(s, seat, code)
        elif code == "dave":
            events = offer_dave(s, seat)
        elif s.phase == "bidding":
            events = self._bid(seat, code)
        elif s.phase == "offer":
            events = self._offer(seat, code)
        elif s.declared[seat] is None:
            events = self._first_turn(seat, code, checked)
        elif code == "claim":
            events = self._claim(seat)
        else:
            events = self._play(seat, code, checked)
        self._events.extend(events)
        return events

    # ---- bidding (DB-BID, DB-3P-3) and the offer of fifty (DB-OFFER) ---------------------------

    def _bid_codes(self) -> list[str]:
        if self._s.round == 1:
            return ["pass", "take"]
        up = suit(self._s.up_card)
        return ["pass"] + [f"trump:{x}" for x in SUITS if x != up]

    def _bid(self, seat: int, code: str) -> list[Event]:
        s = self._s
        if code not in self._bid_codes():
            raise self._bid_refusal(code)
        s.calls.append([seat, code])
        events: list[Event] = [Bid(seat=seat, call=code)]
        if code == "pass":
            if len(s.calls) == 2 * s.players:
                return events + self._throw_in("four_passes" if s.players == 2
                                               else "six_passes", None)
            if len(s.calls) == s.players:
                s.round = 2
            s.turn = left_of(s, seat)
            return events
        s.trump = suit(s.up_card) if code == "take" else code.split(":")[1]
        s.declarer = seat
        events.append(TrumpChosen(seat=seat, suit=s.trump))
        if offer_on(s):  # DB-OFFER-1: the defender decides before the extra cards
            s.phase, s.offer, s.turn = "offer", "", 1 - seat
            return events
        return events + self._add_cards()

    def _bid_refusal(self, code: str) -> IllegalAction:
        up = suit(self._s.up_card)
        if self._s.round == 1 and code.startswith("trump:"):
            return IllegalAction("in round one you may only take the up-card's suit or pass",
                                 "DB-BID-1")
        if self._s.round == 2 and code == "take":
            return IllegalAction("round two: name a suit other than the up-card's, or pass",
                                 "DB-BID-3")
        if code == f"trump:{up}":
            return IllegalAction(f"the up-card's suit {up} cannot be named in round two",
                                 "DB-BID-4")
        return IllegalAction(f"{code!r} is not a call in the bidding", "DB-CODES")

    def _offer(self, seat: int, code: str) -> list[Event]:
        """DB-OFFER-1..3: ``offer50`` / ``pass`` by the defender, then the declarer's answer."""
        s = self._s
        if code not in OFFER_CODES[s.offer]:
            if s.offer == "":
                raise IllegalAction("before the extra cards the defender offers 50 or passes",
                                    "DB-OFFER-1")
            raise IllegalAction("answer the offer: take the 50 or refuse it", "DB-OFFER-2")
        s.calls.append([seat, code])
        events: list[Event] = [Bid(seat=seat, call=code)]
        if code == "offer50":
            s.offer, s.turn = "made", 1 - seat
            return events
        if code == "accept50":
            s.offer = "accepted"
            return events + self._score_fifty()
        s.offer = "passed" if code == "pass" else "declined"
        return events + self._add_cards()

    # ---- first turn (first.py) ---------------------------------------------------------------

    def _first_turn(self, seat: int, code: str, checked: bool = False) -> list[Event]:
        s = self._s
        if code == "redeal":
            r = four_of(s, seat)
            if r is None or code not in first_turn_codes(s, seat):
                raise first_turn_refusal(s, seat, code)
            reason = "four_sevens" if r == "7" else "four_eights"
            shown = [c for c in s.hands[seat] if rank(c) == r]
            return self._throw_in(reason, seat, shown)
        return first_turn(s, seat, code, checked=checked)

    # ---- play (DB-PLAY, DB-3P-7, BEL-PLAY) and claims (DB-MOS-15) ------------------------------

    def _play(self, seat: int, code: str, checked: bool = False) -> list[Event]:
        s = self._s
        if not checked and code not in play_codes(s, seat):
            raise play_refusal(s, seat, code)
        card, call, event = PLAY_EVENTS[seat][code]  # a listed code (or one play_codes lists)
        if call:
            s.bela_said[seat] = True
        s.hands[seat].remove(card)
        trick = s.trick
        trick.append([seat, card])
        if len(trick) < s.players:
            s.turn = (seat + 1) % s.players  # left_of
            return [event]
        return [event, *self._finish_trick()]

    def _finish_trick(self) -> list[Event]:
        s = self._s
        trick = s.trick
        # contract_trick_winner_index and the card points in one pass over the trick
        values, power, trumps = contract_tables(SUIT_CONTRACT, s.trump)
        led = trick[0][1][1]
        winner, top, points = trick[0][0], -1, 0
        for p, c in trick:
            points += values[c]
            v = trumps.get(c, power[c] if c[1] == led else -1)
            if v > top:
                winner, top = p, v
        s.tricks_done += 1
        last = s.tricks_done == TRICKS_PER_DEAL
        if last:
            points += LAST_TRICK_BONUS
        s.card_pts[winner] += points
        s.tricks_won[winner] += 1
        s.last_winner = winner
        events: list[Event] = [TrickTaken(number=s.tricks_done,
                                          cards=tuple(map(tuple, s.trick)),
                                          winner=winner, points=points)]
        s.last_trick, s.trick = s.trick, []
        if s.tricks_done == 1 and s.meld_winner is not None:
            s.melds_shown = True
            events.append(MeldsShown(seat=s.meld_winner, melds=tuple(s.melds[s.meld_winner])))
        if last:
            return events + self._score()
        s.turn = s.leader = winner
        return events

    def _claim(self, seat: int) -> list[Event]:
        """A valid claim ends the match at once; the deal gets no row (DB-MOS-15, DB-SHEET-5)."""
        s = self._s
        if not claim_valid(s, seat):
            raise play_refusal(s, seat, "claim")
        pts = claim_points(s, seat)
        figures = list(s.totals)
        figures[seat] += pts
        line = result_line(seat, figures, NAMES[: s.players], by_claim=True)
        s.phase, s.pot = "over", 0
        s.result = {"winner": seat, "line": line, "score": figures, "claim": True}
        return [Claimed(seat=seat, points=pts, total=figures[seat]),
                MatchOver(winner=seat, line=line, totals=tuple(s.totals))]

    # ---- scoring (DB-SCORE, DB-3P-8..11, DB-OFFER-2, DB-SHORT, DB-END, DB-SHEET) -------------

    def _deal_breakdown(self, seat: int) -> tuple[int, int, int]:
        """(card points, qualified meld points, bela points) of ``seat`` (DB-SCORE-1)."""
        s = self._s
        melds = 0
        if s.meld_winner == seat and s.tricks_won[seat] > 0:  # DB-MELD-7, DB-MELD-8
            melds = sum(m["points"] for m in s.melds[seat])
        bela = BELA_POINTS if s.bela_said[seat] else 0
        return s.card_pts[seat], melds, bela

    def _lost(self) -> list[int]:
        """Per seat, the melds a comparison winner showed and does not score for winning no
        trick (DB-MELD-8); 0 elsewhere."""
        s = self._s
        return [sum(m["points"] for m in s.melds[p])
                if s.meld_winner == p and s.tricks_won[p] == 0 else 0 for p in range(s.players)]

    def _score(self) -> list[Event]:
        s = self._s
        assert s.declarer is not None
        parts = [self._deal_breakdown(p) for p in range(s.players)]
        deal_points = [sum(p) for p in parts]
        if is_short(s):
            return score_short(s, parts, deal_points)  # DB-SHORT-2..6, DB-DAVE-5
        if s.players == 2:
            out = score_deal(declarer=s.declarer, deal_points=deal_points, pot=s.pot)
        else:
            out = score_deal3(declarer=s.declarer, deal_points=deal_points, pot=s.pot,
                              dealer=s.dealer)
        return self._record(out, parts, deal_points, self._lost())

    def _score_fifty(self) -> list[Event]:
        """DB-OFFER-2: the declarer writes 50 (and takes the pot), nobody plays (DB-SHEET-6)."""
        s = self._s
        assert s.declarer is not None
        deal_points = [0, 0]
        deal_points[s.declarer] = 50
        written = list(deal_points)
        written[s.declarer] += s.pot
        out = DealOutcome("offer_fifty", tuple(written), 0, s.pot,
                          s.declarer if s.pot else None, s.declarer)
        return self._record(out, [(0, 0, 0), (0, 0, 0)], deal_points)

    def _record(self, out: DealOutcome, parts: list[tuple[int, int, int]],
                deal_points: list[int], lost: Sequence[int] = ()) -> list[Event]:
        s = self._s
        assert s.declarer is not None
        s.totals = [t + w for t, w in zip(s.totals, out.written, strict=True)]
        s.pot = out.pot
        cells = sheet_cells(out, declarer=s.declarer, deal_points=deal_points, totals=s.totals)
        number = len(s.rows) + 1
        s.rows.append({"deal": number, "cells": cells, "points": list(out.written),
                       "note": out.outcome})
        events: list[Event] = [DealScored(deal=number, declarer=s.declarer, outcome=out.outcome,
                                          sides=side_dicts(parts, deal_points, out.written,
                                                            cells, s.totals, lost),
                                          pot=s.pot, pot_awarded=out.pot_awarded,
                                          trump=s.trump or None)]
        winner, line = self._match_result()
        if winner is not None:
            s.phase, s.pot = "over", 0  # DB-END-6, DB-SCORE-7: a pending pot is dropped
            figures = (awarded(s.totals, s.options["target"], winner)
                       if s.players == 2 and not claim_on(s) else list(s.totals))
            s.result = {"winner": winner, "line": line, "score": figures}
            return [*events, MatchOver(winner=winner, line=line, totals=tuple(s.totals))]
        s.dealer = out.next_dealer
        return events + self._deal()

    def _match_result(self) -> tuple[int | None, str]:
        """The end rules after a recorded deal (DB-END-5 says which apply)."""
        s = self._s
        names, target = NAMES[: s.players], s.options["target"]
        if s.players == 3:
            assert s.last_winner is not None
            return match_result_3p(totals=s.totals, target=target,
                                   last_trick_winner=s.last_winner, names=names)
        if claim_on(s):
            winner, line = match_result_claim_rules(totals=s.totals, target=target,
                                                    last_trick_winner=s.last_winner, names=names)
        else:
            assert s.declarer is not None
            winner, line = match_result(totals=s.totals, target=target,
                                        last_defender=1 - s.declarer, names=names)
        if winner is None and offer_on(s):
            winner, line = gap_result(totals=s.totals, names=names)  # DB-OFFER-4
        return winner, line

    @property
    def score_sheet(self) -> ScoreSheet:
        s = self._s
        return {
            "sides": [{"name": NAMES[p], "seats": [p]} for p in range(s.players)],
            "rows": cast("list[SheetRow]", copy.deepcopy(s.rows)),
            "totals": list(s.totals),
            "pot": s.pot,
            "result": sheet_result(s.result, s.totals, self._result_reason()),
        }

    def _result_reason(self) -> str:
        """Why the winner won when not by the higher total: ``"last_trick"`` when, after a
        recorded deal, the three-player last-trick rule chose him among several over the
        target (DB-3P-12); ``"defended"`` when both of two players are over it and the last
        deal's defender wins (DB-END-4); else ""."""
        s = self._s
        if not s.result or s.result.get("winner") is None or s.result.get("claim"):
            return ""  # a claim (mid-deal) wins as claimed
        over = sum(1 for t in s.totals if t >= s.options["target"])
        if over < 2:
            return ""
        if s.players == 2:  # Moscow's claim rules choose by the last trick (DB-CLAIM rules)
            return "" if claim_on(s) else "defended"
        if s.tricks_done != TRICKS_PER_DEAL:
            return ""
        return "last_trick" if s.result["winner"] == s.last_winner else ""

    # ---- views (DB-PLAY-8; views.py) -----------------------------------------------------------

    def public_view(self) -> View:
        return public_view(self._s, self.game_id, self.to_move)

    def view(self, seat: int) -> View:
        return seat_view(self._s, self.game_id, self.to_move, seat)

    # ---- serialisation ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "format": 1,
            "state": state_dict(self._s),
            "events": self._events.to_dicts(),
        }

    def clone(self) -> DebertsMatch:
        return DebertsMatch(copy_state(self._s), self._events.copy())


class Deberts(Game):
    """The Deberts game (engine id ``deberts``)."""

    info = GameInfo(id="deberts", title="Deberts", min_players=2, max_players=3,
                    options=OPTIONS)

    def new_match(
        self,
        *,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Sequence[str] | None = None,
    ) -> DebertsMatch:
        opts = resolve_options(players, options)
        if deck is not None and sorted(deck) != sorted(CARDS32):
            raise InvalidOptions("deck", "the deck must hold each of the 32 cards once",
                                 "BEL-DECK-1")
        state = DebertsState(players=players, options=opts, seed=int(seed),
                             first_deck=list(deck) if deck is not None else None,
                             dealer=opts["first_dealer"], totals=[0] * players)
        match = DebertsMatch(state)
        match._events.extend(match._deal())
        return match

    def from_json(self, data: Mapping[str, Any]) -> DebertsMatch:
        if data.get("game") != "deberts":
            raise ValueError(f"not a deberts match: {data.get('game')!r}")
        state = state_from_dict(DebertsState, data["state"])
        return DebertsMatch(state, EventLog(stored=data["events"]))


DEBERTS = register(Deberts())
