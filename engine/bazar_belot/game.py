"""Bazar-Belot: the ``Match`` and the registered ``Game`` (bazar_belot.md with the BEL- rules).

Sections in the order every game module keeps: dealing, the face, bidding, declarations, play,
scoring, serialisation, the ``Game``. The auction lives in ``auction``, melds in ``melds``,
arithmetic in ``scoring`` and the views in ``views``.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from typing import Any, cast

from engine.bazar_belot import auction, play, views
from engine.bazar_belot.melds import (
    BELA_POINTS,
    comparison_winner,
    four_of,
    has_meld,
    player_melds,
)
from engine.bazar_belot.options import OPTIONS, resolve_options
from engine.bazar_belot.scoring import (
    Contract,
    match_winner,
    score_deal,
    sheet_cells,
    totals_line,
)
from engine.bazar_belot.state import SIDE_NAMES, TRICKS, State, pair_of, partner_of
from engine.belote.common import (
    CARDS32,
    LAST_TRICK_BONUS,
    PLAY_EVENTS,
    contract_tables,
)
from engine.cards import rank
from engine.errors import IllegalAction, InvalidOptions
from engine.events import (
    Bid,
    DealScored,
    Dealt,
    Declared,
    Event,
    EventLog,
    MatchOver,
    MeldsShown,
    ThrownIn,
    TrickTaken,
    TrumpChosen,
)
from engine.match import Game, GameInfo, Match, ScoreSheet, SheetRow, View, sheet_result
from engine.registry import register
from engine.shuffle import seeded_shuffle
from engine.statecopy import copy_state, state_dict, state_from_dict

_DECLARE = {"declare:none": "none", "declare:best": "best", "declare:four8": "four8",
            "declare:four7": "four7"}


class BazarBelotMatch(Match):
    """A Bazar-Belot match. Build it with ``BAZAR_BELOT.new_match(...)``; see ``Match``."""

    game_id = "bazar_belot"

    def __init__(self, state: State, events: EventLog | None = None) -> None:
        self._s = state
        self._events = events if events is not None else EventLog()
        # the codes ``legal_actions`` listed last, until the next ``apply``: a code among them
        # is not validated again (AI playouts ask both for every action)
        self._listed: tuple[int, Collection[str]] | None = None

    # ---- dealing (BB-DEAL, BB-REDEAL) ------------------------------------------------------

    def _deal(self) -> list[Event]:
        """Deal by BB-DEAL-5 from the given deck (first deal) or a seeded shuffle (BB-DEAL-4)."""
        s = self._s
        if s.deal_no == 0 and s.first_deck is not None:
            d = list(s.first_deck)
        else:
            d = seeded_shuffle(CARDS32, f"bazar_belot:{s.seed}:{s.deal_no}")
        s.deal_no += 1
        s.reset_deal()
        s.hands = [[], [], [], []]
        for i in range(4):
            seat = (s.dealer + 1 + i) % 4
            s.hands[seat] = d[4 * i: 4 * i + 4] + d[16 + 4 * i: 16 + 4 * i + 4]
        s.turn = (s.dealer + 1) % 4  # BB-BID-6
        return [Dealt(deal=s.deal_no, dealer=s.dealer, public={})]

    def _throw_in(self, reason: str, seat: int | None, cards: Sequence[str] = ()) -> list[Event]:
        """BB-REDEAL-1..3: nothing scored, the next player clockwise deals at once."""
        s = self._s
        s.dealer = (s.dealer + 1) % 4
        return [ThrownIn(reason=reason, seat=seat, cards=tuple(cards)), *self._deal()]

    # ---- the face ----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return 4

    @property
    def to_move(self) -> int | None:
        return None if self._s.phase == "over" else self._s.turn

    @property
    def is_over(self) -> bool:
        return self._s.phase == "over"

    @property
    def events(self) -> list[Event]:
        return self._events.items()

    @property
    def state(self) -> State:
        """The match's state (read it, never change it: ``apply`` is the only way)."""
        return self._s

    def legal_actions(self, seat: int) -> list[str]:
        s = self._s
        if seat == s.turn and s.phase == "play" and not s.contra_open and not s.recontra_open \
                and s.declared[seat] is not None:  # the card play: most calls (the playouts)
            codes = play.play_codes(s, seat)
            if s.tricks_done == 1 and self._can_show(seat):
                codes.append("show")
            codes.sort()
            self._listed = (seat, tuple(codes))
            return codes
        return self._listing(seat)

    def _listing(self, seat: int) -> list[str]:
        """``legal_actions`` outside the card play (and the card play itself, the long way)."""
        s = self._s
        if s.phase == "over" or seat not in range(4):
            return []
        if seat == s.turn and s.phase == "bidding":
            listing, listed = auction.bidding_listing(s, seat)
            self._listed = (seat, listed)
            return list(listing)
        # kapo on one hand needs the bidding, contra and recontra their open windows
        codes = auction.off_turn_codes(s, seat) if (
            s.phase == "bidding" or s.contra_open or s.recontra_open) else []
        if seat == s.turn:
            if s.declared[seat] is None:
                codes += self._declare_codes(seat)
            else:
                codes += play.play_codes(s, seat)
                if self._can_show(seat):
                    codes.append("show")
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
            raise IllegalAction(f"an action code is text, not {code!r}", "BB-CODES")
        if s.phase == "over":
            raise IllegalAction("the match is over", "BB-END-4")
        if not isinstance(seat, int) or seat not in range(4):
            raise IllegalAction(f"there is no seat {seat!r}", "BB-DEAL-1")
        if code in ("contra", "recontra") or code.startswith("bid:kapo1:") or (
                s.phase == "bidding" and (code == "pass" or code.startswith("bid:"))):
            events = self._call(seat, code, checked)
        elif s.phase == "bidding":
            if code.startswith(("play:", "declare:")) or code == "show":
                raise IllegalAction("the bidding is not over yet", "BB-BID-21")
            raise IllegalAction(f"{code!r} is not an action of Bazar-Belot", "BB-CODES")
        elif code == "pass" or code.startswith("bid:"):
            raise auction.refusal(s, seat, code)
        elif seat != s.turn:
            if seat == s.dummy:
                raise IllegalAction("your cards are out of play in kapo on one hand",
                                    "BB-PLAY-10")
            raise IllegalAction(f"it is not seat {seat}'s turn: seat {s.turn} is to play",
                                "BB-PLAY-2")
        elif s.declared[seat] is None:
            events = self._declare(seat, code, checked)
        elif code == "show":
            events = self._show(seat)
        else:
            events = self._play(seat, code, checked)
        self._events.extend(events)
        return events

    # ---- bidding (BB-BID) --------------------------------------------------------------------

    def _call(self, seat: int, code: str, checked: bool = False) -> list[Event]:
        s = self._s
        if not checked and not auction.legal_call(s, seat, code):
            raise auction.refusal(s, seat, code)
        outcome = auction.call(s, seat, code)
        events: list[Event] = [Bid(seat=seat, call=code)]
        if outcome == auction.REDEAL:
            return events + self._throw_in("four_passes", None)
        if outcome == auction.ENDED:
            events += self._start_play()
        return events

    def _start_play(self) -> list[Event]:
        """BB-BID-20, BB-BID-21, BB-PLAY-1: the contract is set and the opening leader is on."""
        s = self._s
        assert s.high is not None
        s.declarer, s.level, s.strain = s.high
        s.phase = "play"
        if s.level == "kapo1":
            assert s.declarer is not None
            s.dummy = partner_of(s.declarer)
        lead = (s.dealer + 1) % 4
        s.leader = s.turn = lead if s.active(lead) else s.next_active(lead)
        assert s.declarer is not None
        return [TrumpChosen(seat=s.declarer, suit=s.strain)]

    # ---- declarations (BB-MELD-4, BB-MELD-13, BB-MELD-14) ------------------------------------

    def _declare_codes(self, seat: int) -> list[str]:
        hand = self._s.hands[seat]
        codes = ["declare:none"]
        if has_meld(hand, self._s.kind):
            codes.append("declare:best")
        if four_of(hand, "8"):
            codes.append("declare:four8")
        if four_of(hand, "7"):
            codes.append("declare:four7")
        return codes

    def _declare(self, seat: int, code: str, checked: bool = False) -> list[Event]:
        s = self._s
        if not checked and code not in self._declare_codes(seat):
            raise self._declare_refusal(code)
        what = _DECLARE[code]
        hand = s.hands[seat]
        if what == "four7":  # BB-MELD-14, BB-REDEAL-2
            sevens = [c for c in hand if rank(c) == "7"]
            return [Declared(seat=seat, what="four_sevens"),
                    *self._throw_in("four_sevens", seat, sevens)]
        s.declared[seat] = what
        s.decl_order.append(seat)
        if what == "best":
            melds = player_melds(hand, s.kind, s.trump)
            assert melds  # the most senior first: what is announced (best_meld)
            s.melds[seat] = [m.to_dict() for m in melds]
            s.announced[seat] = melds[0].kind
        elif what == "four8":  # BB-MELD-13
            s.four8 = True
            s.announced[seat] = "four_eights"
        else:
            s.announced[seat] = "none"
        return [Declared(seat=seat, what=s.announced[seat])]

    @staticmethod
    def _declare_refusal(code: str) -> IllegalAction:
        if code.startswith("play:") or code == "show":
            return IllegalAction("declare first (your best meld, nothing, or a four of 7s/8s), "
                                 "then play your first card", "BB-MELD-4")
        if code == "declare:best":
            return IllegalAction("you hold no meld that scores in this contract", "BB-MELD-4")
        if code == "declare:four8":
            return IllegalAction("you do not hold the four 8s", "BB-MELD-13")
        if code == "declare:four7":
            return IllegalAction("you do not hold the four 7s", "BB-MELD-14")
        return IllegalAction(f"{code!r} is not a declaration", "BB-CODES")

    # ---- showing (BB-MELD-5 to BB-MELD-8) ----------------------------------------------------

    def _can_show(self, seat: int) -> bool:
        s = self._s
        return (not s.options["auto_show"] and s.tricks_done == 1 and s.declared[seat] == "best"
                and not s.shown[seat])

    def _show(self, seat: int) -> list[Event]:
        s = self._s
        if not self._can_show(seat):
            if s.options["auto_show"]:
                reason = "the engine shows the winning melds itself (auto_show is on)"
            else:
                reason = ("only a player who announced a meld may show it, once, at his turn "
                          "in trick 2 before his card")
            raise IllegalAction(reason, "BB-MELD-7")
        s.shown[seat] = True
        return [MeldsShown(seat=seat, melds=tuple(s.melds[seat]))]

    def _after_trick_one(self) -> list[Event]:
        """BB-MELD-5, BB-MELD-7: compare the announced melds; with auto_show show the winners."""
        s = self._s
        if s.four8:
            s.melds_settled = True
            return []  # BB-MELD-13: every meld is cancelled
        s.meld_seat = comparison_winner(s.melds, s.decl_order, s.kind, s.trump)
        if s.meld_seat is None or not s.options["auto_show"]:
            s.melds_settled = s.meld_seat is None
            return []
        events: list[Event] = []
        win = pair_of(s.meld_seat)
        for seat in s.decl_order:
            if pair_of(seat) == win and s.declared[seat] == "best":
                s.shown[seat] = True
                s.meld_points[win] += sum(m["points"] for m in s.melds[seat])
                events.append(MeldsShown(seat=seat, melds=tuple(s.melds[seat])))
        s.melds_settled = True
        return events

    def _after_trick_two(self) -> None:
        """BB-MELD-8 (``auto_show`` false): only melds shown before one's trick-2 card score."""
        s = self._s
        if s.melds_settled or s.meld_seat is None:
            return
        win = pair_of(s.meld_seat)
        scoring = win if s.shown[s.meld_seat] else 1 - win
        s.meld_points[scoring] = sum(
            sum(m["points"] for m in s.melds[seat])
            for seat in range(4) if pair_of(seat) == scoring and s.shown[seat])
        s.melds_settled = True

    # ---- play (BB-PLAY, BEL-PLAY) ------------------------------------------------------------

    def _play(self, seat: int, code: str, checked: bool = False) -> list[Event]:
        s = self._s
        if not checked and code not in play.play_codes(s, seat):
            raise play.refusal(s, seat, code)
        card, word, event = PLAY_EVENTS[seat][code]  # a listed code (or one play_codes lists)
        if card[0] in "KQ":  # only a king or a queen changes a bela
            play.update_bela(s, seat, card, word)
        s.hands[seat].remove(card)
        trick = s.trick
        if s.tricks_done == 0 and not trick:
            s.contra_open = s.recontra_open = False  # BB-BID-13, BB-BID-15, BB-BID-21
        trick.append([seat, card])
        if len(trick) < (4 if s.dummy is None else 3):  # s.n_active
            s.turn = s.next_active(seat)  # in trick 1 he declares first (BB-MELD-4)
            return [event]
        return [event, *self._finish_trick()]

    def _finish_trick(self) -> list[Event]:
        s = self._s
        trick = s.trick
        # contract_trick_winner_index and the card points in one pass over the trick
        values, power, trumps = contract_tables(s.kind, s.trump)
        led = trick[0][1][1]
        winner, top, points = trick[0][0], -1, 0
        for p, c in trick:
            points += values[c]
            v = trumps.get(c, power[c] if c[1] == led else -1)
            if v > top:
                winner, top = p, v
        s.tricks_done += 1
        if s.tricks_done == TRICKS:
            points += LAST_TRICK_BONUS  # BEL-LAST-1
        s.card_pts[pair_of(winner)] += points
        s.tricks_won[winner] += 1
        events: list[Event] = [TrickTaken(number=s.tricks_done,
                                          cards=tuple(map(tuple, s.trick)),
                                          winner=winner, points=points)]
        s.last_trick, s.trick = s.trick, []
        if s.tricks_done == 1:
            events += self._after_trick_one()
        elif s.tricks_done == 2:
            self._after_trick_two()
        if s.tricks_done == TRICKS:
            return events + self._score()
        s.turn = s.leader = winner
        return events

    # ---- scoring (BB-SCORE, BB-END, BB-SHEET) ------------------------------------------------

    def contract(self) -> Contract | None:
        """The current contract (or highest bid during the bidding), None before any bid."""
        s = self._s
        if s.high is None:
            return None
        return Contract(level=s.high[1], strain=s.high[2], multiplier=s.contra,
                        pair=pair_of(s.high[0]))

    def bela_points(self) -> list[int]:
        """Big points of completed belas per pair (BB-MELD-10)."""
        out = [0, 0]
        for seat in range(4):
            out[pair_of(seat)] += BELA_POINTS * sum(
                1 for v in self._s.bela[seat].values() if v == "done")
        return out

    def _score(self) -> list[Event]:
        s = self._s
        c = self.contract()
        assert c is not None and s.declarer is not None
        bela = self.bela_points()
        melds = [s.meld_points[p] + bela[p] for p in (0, 1)]
        tricks = [s.tricks_won[p] + s.tricks_won[p + 2] for p in (0, 1)]
        out = score_deal(c, card_points=s.card_pts, tricks=tricks, melds=melds)
        s.totals = [t + w for t, w in zip(s.totals, out.written, strict=True)]
        cells = sheet_cells(out, s.totals)
        number = len(s.rows) + 1
        note = c.notation()
        s.rows.append({"deal": number, "cells": cells, "points": list(out.written),
                       "note": note})
        sides = tuple(
            {"card_points": s.card_pts[p], "melds": s.meld_points[p], "bela": bela[p],
             "tricks": tricks[p], "deal_points": out.written[p], "written": out.written[p],
             "bait": out.bait[p], "cell": cells[p], "total": s.totals[p]}
            for p in (0, 1))
        events: list[Event] = [DealScored(deal=number, declarer=s.declarer,
                                          outcome="made" if out.made else "failed",
                                          sides=sides)]
        winner = match_winner(s.totals, s.options["target"])
        if winner is not None:  # BB-END-1, BB-END-4
            line = totals_line(s.totals, s.options["target"], winner)
            s.phase = "over"
            s.result = {"winner": winner, "line": line, "score": list(s.totals)}
            return [*events, MatchOver(winner=winner, line=line, totals=tuple(s.totals))]
        s.dealer = (s.dealer + 1) % 4  # BB-DEAL-3, BB-DEAL-6
        return events + self._deal()

    @property
    def score_sheet(self) -> ScoreSheet:
        s = self._s
        return {
            "sides": [{"name": SIDE_NAMES[p], "seats": [p, p + 2]} for p in (0, 1)],
            "rows": cast("list[SheetRow]", copy.deepcopy(s.rows)),
            "totals": list(s.totals),
            "pot": 0,
            "result": sheet_result(s.result, s.totals),
        }

    # ---- views (BB-PLAY-12) ------------------------------------------------------------------

    def public_view(self) -> View:
        return views.public_view(self._s, self.contract())

    def view(self, seat: int) -> View:
        return views.seat_view(self._s, seat, self.public_view())

    # ---- serialisation ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "format": 1,
            "state": state_dict(self._s),
            "events": self._events.to_dicts(),
        }

    def clone(self) -> BazarBelotMatch:
        return BazarBelotMatch(copy_state(self._s), self._events.copy())


class BazarBelot(Game):
    """The Bazar-Belot game (engine id ``bazar_belot``)."""

    info = GameInfo(id="bazar_belot", title="Bazar-Belot", min_players=4, max_players=4,
                    options=OPTIONS, pairs_at=(4,))

    def new_match(
        self,
        *,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Sequence[str] | None = None,
    ) -> BazarBelotMatch:
        opts = resolve_options(players, options)
        if deck is not None and (len(deck) != 32 or sorted(deck) != sorted(CARDS32)):
            raise InvalidOptions("deck", "the deck must hold each of the 32 cards once",
                                 "BB-DEAL-2")
        state = State(options=opts, seed=int(seed),
                      first_deck=list(deck) if deck is not None else None,
                      dealer=opts["first_dealer"])
        match = BazarBelotMatch(state)
        match._events.extend(match._deal())
        return match

    def from_json(self, data: Mapping[str, Any]) -> BazarBelotMatch:
        if data.get("game") != "bazar_belot":
            raise ValueError(f"not a bazar_belot match: {data.get('game')!r}")
        state = state_from_dict(State, data["state"])
        return BazarBelotMatch(state, EventLog(stored=data["events"]))


BAZAR_BELOT = register(BazarBelot())
