"""Deberts, classic two-player table (deberts.md Part A, with the BEL- rules it uses).

Sections in the order every game module keeps: state, dealing, bidding, first turn (exchange,
declaration, redeal), play, scoring, views, serialisation, the ``Game``.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.belote.common import (
    BELA_POINTS,
    CARDS32,
    LAST_TRICK_BONUS,
    Meld,
    card_points,
    find_melds,
    hand_sort_key,
    legal_cards,
    meld_key,
    strength,
    trick_winner_index,
)
from engine.belote.deberts_options import OPTIONS, resolve_options
from engine.belote.deberts_scoring import match_result, score_deal, sheet_cells
from engine.cards import SUITS, rank, suit
from engine.errors import IllegalAction, InvalidOptions
from engine.events import (
    Bid,
    CardsAdded,
    DealScored,
    Dealt,
    Declared,
    Event,
    Exchanged,
    MatchOver,
    MeldsShown,
    Played,
    ThrownIn,
    TrickTaken,
    TrumpChosen,
    event_from_dict,
)
from engine.match import Game, GameInfo, Match
from engine.registry import register

NAMES = ("A", "B", "C")
TRICKS_PER_DEAL = 9


@dataclass
class _State:
    """Everything a Deberts match is, as plain JSON-able values (to_json dumps it as is)."""

    players: int
    options: dict[str, Any]
    seed: int
    first_deck: list[str] | None
    dealer: int
    deal_no: int = 0
    totals: list[int] = field(default_factory=list)
    pot: int = 0
    rows: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    phase: str = "bidding"
    turn: int = 0
    hands: list[list[str]] = field(default_factory=list)
    up_card: str = ""
    stock: list[str] = field(default_factory=list)
    bottom: str = ""
    round: int = 1
    calls: list[list[Any]] = field(default_factory=list)
    declarer: int | None = None
    trump: str = ""
    swapped: int | None = None
    declared: list[str | None] = field(default_factory=list)
    decl_order: list[int] = field(default_factory=list)
    melds: list[list[dict[str, Any]]] = field(default_factory=list)
    bela_ok: list[bool] = field(default_factory=list)
    bela_said: list[bool] = field(default_factory=list)
    meld_winner: int | None = None
    melds_shown: bool = False
    leader: int = 0
    trick: list[list[Any]] = field(default_factory=list)
    last_trick: list[list[Any]] = field(default_factory=list)
    tricks_done: int = 0
    tricks_won: list[int] = field(default_factory=list)
    card_pts: list[int] = field(default_factory=list)


class DebertsMatch(Match):
    """A Deberts match. Build it with ``DEBERTS.new_match(...)``; see ``engine.match.Match``."""

    game_id = "deberts"

    def __init__(self, state: _State, events: list[Event] | None = None) -> None:
        self._s = state
        self._events: list[Event] = events if events is not None else []

    # ---- dealing (DB-DEAL) -------------------------------------------------------------------

    def _nondealer(self) -> int:
        return (self._s.dealer + 1) % self._s.players

    def _deal(self) -> list[Event]:
        """Deal a new deal by DB-DEAL-2 and DB-DEAL-3 from the given deck or the seed."""
        s = self._s
        if s.deal_no == 0 and s.first_deck is not None:
            d = list(s.first_deck)
        else:
            d = list(CARDS32)
            random.Random(f"deberts:{s.seed}:{s.deal_no}").shuffle(d)
        s.deal_no += 1
        nd, dl = self._nondealer(), s.dealer
        s.hands = [[], []]
        s.hands[nd] = d[0:3] + d[6:9]
        s.hands[dl] = d[3:6] + d[9:12]
        s.up_card, s.stock, s.bottom = d[12], d[13:], ""
        s.phase, s.round, s.turn, s.calls = "bidding", 1, nd, []
        s.declarer, s.trump, s.swapped = None, "", None
        s.declared, s.decl_order, s.melds = [None, None], [], [[], []]
        s.bela_ok, s.bela_said = [False, False], [False, False]
        s.meld_winner, s.melds_shown = None, False
        s.leader, s.trick, s.last_trick, s.tricks_done = nd, [], [], 0
        s.tricks_won, s.card_pts = [0, 0], [0, 0]
        return [Dealt(deal=s.deal_no, dealer=dl, public={"up_card": [s.up_card]})]

    def _add_cards(self) -> list[Event]:
        """DB-DEAL-4 and DB-DEAL-5: three more cards each, the bottom card turned."""
        s = self._s
        nd, dl = self._nondealer(), s.dealer
        s.hands[nd] += s.stock[0:3]
        s.hands[dl] += s.stock[3:6]
        s.stock = s.stock[6:]
        s.bottom = s.stock[-1]
        s.phase, s.turn, s.leader = "play", nd, nd
        return [CardsAdded(counts=(3, 3), public={"bottom_card": [s.bottom]})]

    def _throw_in(self, reason: str, seat: int | None, cards: Sequence[str] = ()) -> list[Event]:
        """DB-REDEAL-1..3, DB-DEAL-8: nothing scored, the other player deals at once."""
        s = self._s
        events: list[Event] = [ThrownIn(reason=reason, seat=seat, cards=tuple(cards))]
        s.dealer = (s.dealer + 1) % s.players
        return events + self._deal()

    # ---- the face ----------------------------------------------------------------------------

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
        return self._events

    def legal_actions(self, seat: int) -> list[str]:
        s = self._s
        if s.phase == "over" or seat != s.turn:
            return []
        if s.phase == "bidding":
            return sorted(self._bid_codes())
        if s.declared[seat] is None:
            return sorted(self._first_turn_codes(seat))
        return sorted(self._play_codes(seat))

    def apply(self, seat: int, code: str) -> list[Event]:
        s = self._s
        if not isinstance(code, str):
            raise IllegalAction(f"an action code is text, not {code!r}", "DB-CODES")
        if s.phase == "over":
            raise IllegalAction("the match is over", "DB-END-6")
        if seat != s.turn:
            rule = "DB-BID-1" if s.phase == "bidding" else "DB-PLAY-1"
            raise IllegalAction(f"it is not seat {seat}'s turn: seat {s.turn} is to move", rule)
        if s.phase == "bidding":
            events = self._bid(seat, code)
        elif s.declared[seat] is None:
            events = self._first_turn(seat, code)
        else:
            events = self._play(seat, code)
        self._events.extend(events)
        return events

    # ---- bidding (DB-BID) --------------------------------------------------------------------

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
                return events + self._throw_in("four_passes", None)
            if len(s.calls) == s.players:
                s.round = 2
            s.turn = (seat + 1) % s.players
            return events
        s.trump = suit(s.up_card) if code == "take" else code.split(":")[1]
        s.declarer = seat
        events.append(TrumpChosen(seat=seat, suit=s.trump))
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

    # ---- first turn: exchange, declaration, redeal (DB-DEAL-6, DB-MELD-5, DB-REDEAL-2) ------

    def _can_swap(self, seat: int) -> bool:
        s = self._s
        return (s.trump == suit(s.up_card) and s.swapped is None
                and "7" + s.trump in s.hands[seat])

    def _four_of(self, seat: int) -> str | None:
        if self._s.options["redeal_four"] != "on":
            return None
        for r in "78":
            if sum(1 for c in self._s.hands[seat] if rank(c) == r) == 4:
                return r
        return None

    def _first_turn_codes(self, seat: int) -> list[str]:
        codes = ["declare:none"]
        if self._can_swap(seat):
            codes.append("swap7")
        if find_melds(self._s.hands[seat]):
            codes.append("declare:best")
        if self._four_of(seat):
            codes.append("redeal")
        return codes

    def _first_turn(self, seat: int, code: str) -> list[Event]:
        s = self._s
        if code not in self._first_turn_codes(seat):
            raise self._first_turn_refusal(seat, code)
        if code == "swap7":
            seven = "7" + s.trump
            took = s.up_card
            s.hands[seat].remove(seven)
            s.hands[seat].append(took)
            s.up_card, s.swapped = seven, seat
            return [Exchanged(seat=seat, gave=seven, took=took)]
        if code == "redeal":
            r = self._four_of(seat)
            reason = "four_sevens" if r == "7" else "four_eights"
            shown = [c for c in s.hands[seat] if rank(c) == r]
            return self._throw_in(reason, seat, shown)
        hand = s.hands[seat]
        melds = find_melds(hand) if code == "declare:best" else []
        s.melds[seat] = [m.to_dict() for m in melds]
        s.declared[seat] = melds[0].kind if melds else "none"
        s.decl_order.append(seat)
        s.bela_ok[seat] = "K" + s.trump in hand and "Q" + s.trump in hand
        events: list[Event] = [Declared(seat=seat, what=s.declared[seat] or "none")]
        if len(s.decl_order) == s.players:
            s.meld_winner = self._compare()
        return events

    def _first_turn_refusal(self, seat: int, code: str) -> IllegalAction:
        if code.startswith("play:"):
            return IllegalAction("declare first: your best meld or nothing, before your first card",
                                 "DB-MELD-5")
        if code == "swap7":
            return IllegalAction("the 7 of trumps can be exchanged only for the up-card, in a "
                                 "contract on its suit, by the player holding it", "DB-DEAL-6")
        if code == "declare:best":
            return IllegalAction("you hold no terz or fifty to declare", "DB-MELD-5")
        if code == "redeal":
            return IllegalAction("a redeal needs four 7s or four 8s in your hand (and the option "
                                 "on)", "DB-REDEAL-2")
        return IllegalAction(f"{code!r} is not an action at your first turn", "DB-CODES")

    def _compare(self) -> int | None:
        """DB-MELD-6: the seat whose best declared meld is senior, or None (BEL-CMP-11)."""
        s = self._s
        best: tuple[tuple[int, int, int, int], int] | None = None
        for order, seat in enumerate(s.decl_order):
            if not s.melds[seat]:
                continue
            top = s.melds[seat][0]
            meld = Meld(top["kind"], tuple(top["cards"]), top["points"])
            key = meld_key(meld, s.trump, order=order, tie=s.options["tie"])
            if best is None or key > best[0]:
                best = (key, seat)
        return None if best is None else best[1]

    # ---- play (DB-PLAY, BEL-PLAY) ------------------------------------------------------------

    def _legal_cards(self, seat: int) -> list[str]:
        s = self._s
        return legal_cards(s.hands[seat], [c for _, c in s.trick], s.trump,
                           undertrump_required=s.players == 3)

    def _play_codes(self, seat: int) -> list[str]:
        s = self._s
        codes = []
        bela = s.bela_ok[seat] and not s.bela_said[seat]
        for c in self._legal_cards(seat):
            codes.append("play:" + c)
            if bela and suit(c) == s.trump and rank(c) in "KQ":
                codes.append(f"play:{c}:bela")
        return codes

    def _play(self, seat: int, code: str) -> list[Event]:
        s = self._s
        if code not in self._play_codes(seat):
            raise self._play_refusal(seat, code)
        parts = code.split(":")
        card = parts[1]
        call = parts[2] if len(parts) == 3 else ""
        if call:
            s.bela_said[seat] = True
        s.hands[seat].remove(card)
        s.trick.append([seat, card])
        events: list[Event] = [Played(seat=seat, card=card, call=call)]
        if len(s.trick) < s.players:
            s.turn = (seat + 1) % s.players
            return events
        return events + self._finish_trick()

    def _play_refusal(self, seat: int, code: str) -> IllegalAction:
        s = self._s
        parts = code.split(":")
        if parts[0] != "play" or len(parts) not in (2, 3) or parts[1] not in CARDS32:
            return IllegalAction(f"{code!r} is not a play: use play:<card>, e.g. play:TS",
                                 "DB-CODES")
        card = parts[1]
        if card not in s.hands[seat]:
            return IllegalAction(f"you do not hold {card}", "DB-CODES")
        if len(parts) == 3:
            if parts[2] != "bela":
                return IllegalAction(f"{parts[2]!r} is not a word said with a card", "DB-CODES")
            if f"play:{card}" in self._play_codes(seat):
                return IllegalAction(f"no bela to announce with {card}: it needs the king and "
                                     "queen of trumps held at your declaration, said once",
                                     "DB-MELD-9")
        if not s.trick:
            return IllegalAction(f"{code!r} is not allowed", "DB-CODES")
        led = suit(s.trick[0][1])
        hand = s.hands[seat]
        if led == s.trump and suit(card) == s.trump:
            return IllegalAction("trumps were led: you must play a higher trump when you have "
                                 "one", "DB-PLAY-3")
        if any(suit(c) == led for c in hand):
            return IllegalAction(f"you must follow suit ({led})", "DB-PLAY-2")
        trick_trumps = [strength(c, s.trump) for _, c in s.trick if suit(c) == s.trump]
        if trick_trumps:
            return IllegalAction("you must beat the trump in the trick if you can", "BEL-PLAY-9")
        return IllegalAction(f"you have no {led}: you must play a trump", "DB-PLAY-4")

    def _finish_trick(self) -> list[Event]:
        s = self._s
        cards = [c for _, c in s.trick]
        winner = s.trick[trick_winner_index(cards, s.trump)][0]
        points = sum(card_points(c, s.trump) for c in cards)
        s.tricks_done += 1
        last = s.tricks_done == TRICKS_PER_DEAL
        if last:
            points += LAST_TRICK_BONUS
        s.card_pts[winner] += points
        s.tricks_won[winner] += 1
        events: list[Event] = [TrickTaken(number=s.tricks_done,
                                          cards=tuple((p, c) for p, c in s.trick),
                                          winner=winner, points=points)]
        s.last_trick, s.trick = s.trick, []
        if s.tricks_done == 1 and s.meld_winner is not None:
            s.melds_shown = True
            events.append(MeldsShown(seat=s.meld_winner, melds=tuple(s.melds[s.meld_winner])))
        if last:
            return events + self._score()
        s.turn = s.leader = winner
        return events

    # ---- scoring (DB-SCORE, DB-END, DB-SHEET) ------------------------------------------------

    def _deal_breakdown(self, seat: int) -> tuple[int, int, int]:
        """(card points, qualified meld points, bela points) of ``seat`` (DB-SCORE-1)."""
        s = self._s
        melds = 0
        if s.meld_winner == seat and s.tricks_won[seat] > 0:  # DB-MELD-7, DB-MELD-8
            melds = sum(m["points"] for m in s.melds[seat])
        bela = BELA_POINTS if s.bela_said[seat] else 0
        return s.card_pts[seat], melds, bela

    def _score(self) -> list[Event]:
        s = self._s
        assert s.declarer is not None
        parts = [self._deal_breakdown(p) for p in range(s.players)]
        deal_points = [sum(p) for p in parts]
        out = score_deal(declarer=s.declarer, deal_points=deal_points, pot=s.pot)
        s.totals = [t + w for t, w in zip(s.totals, out.written, strict=True)]
        s.pot = out.pot
        cells = sheet_cells(out, declarer=s.declarer, deal_points=deal_points, totals=s.totals)
        number = len(s.rows) + 1
        s.rows.append({"deal": number, "cells": cells, "points": list(out.written),
                       "note": out.outcome})
        sides = tuple(
            {"card_points": cp, "melds": md, "bela": bl, "deal_points": dp, "written": w,
             "cell": cell, "total": t}
            for (cp, md, bl), dp, w, cell, t in zip(parts, deal_points, out.written, cells,
                                                    s.totals, strict=True)
        )
        events: list[Event] = [DealScored(deal=number, declarer=s.declarer, outcome=out.outcome,
                                          sides=sides, pot=s.pot, pot_awarded=out.pot_awarded)]
        winner, line = match_result(totals=s.totals, target=s.options["target"],
                                    last_defender=1 - s.declarer, names=NAMES[: s.players])
        if winner is not None:
            s.phase, s.pot = "over", 0  # DB-END-6, DB-SCORE-7: a pending pot is dropped
            s.result = {"winner": winner, "line": line}
            return [*events, MatchOver(winner=winner, line=line, totals=tuple(s.totals))]
        s.dealer = out.next_dealer
        return events + self._deal()

    @property
    def score_sheet(self) -> dict[str, Any]:
        s = self._s
        return {
            "sides": [{"name": NAMES[p], "seats": [p]} for p in range(s.players)],
            "rows": copy.deepcopy(s.rows),
            "totals": list(s.totals),
            "pot": s.pot,
            "result": dict(s.result) if s.result else None,
        }

    # ---- views (DB-PLAY-8) ------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        s = self._s
        facts: list[dict[str, Any]] = [
            {"key": "target", "value": s.options["target"], "kind": "number"}]
        if s.phase == "bidding":
            facts.append({"key": "bidding_round", "value": s.round, "kind": "number"})
        if s.trump:
            facts.append({"key": "trump", "value": s.trump, "kind": "suit"})
        if s.declarer is not None:
            facts.append({"key": "declarer", "value": s.declarer, "kind": "seat"})
        if s.swapped is not None:
            facts.append({"key": "exchanged_seven", "value": s.up_card, "kind": "card",
                          "seat": s.swapped})
        for seat in s.decl_order:
            facts.append({"key": "declaration", "value": s.declared[seat], "kind": "text",
                          "seat": seat})
        if s.melds_shown and s.meld_winner is not None:
            pts = sum(m["points"] for m in s.melds[s.meld_winner])
            facts.append({"key": "melds_won", "value": pts, "kind": "number",
                          "seat": s.meld_winner})
        for seat in range(s.players):
            if s.bela_said[seat]:
                facts.append({"key": "bela", "value": BELA_POINTS, "kind": "number",
                              "seat": seat})
        return {
            "game": self.game_id,
            "phase": s.phase,
            "deal": s.deal_no,
            "to_move": self.to_move,
            "dealer": s.dealer,
            "seat": None,
            "hand_counts": [len(h) for h in s.hands],
            "tricks_won": list(s.tricks_won),
            "groups": {
                "up_card": [{"card": s.up_card, "seat": None}] if s.up_card else [],
                "bottom_card": [{"card": s.bottom, "seat": None}] if s.bottom else [],
                "trick": [{"card": c, "seat": p} for p, c in s.trick],
                "last_trick": [{"card": c, "seat": p} for p, c in s.last_trick],
            },
            "facts": facts,
            "deal_points": list(s.card_pts),
            "totals": list(s.totals),
            "pot": s.pot,
            "sides": [{"name": NAMES[p], "seats": [p]} for p in range(s.players)],
            "calls": [{"seat": p, "call": c} for p, c in s.calls],
        }

    def view(self, seat: int) -> dict[str, Any]:
        s = self._s
        v = self.public_view()
        v["seat"] = seat
        trump = s.trump or suit(s.up_card)
        v["hand"] = sorted(s.hands[seat], key=lambda c: hand_sort_key(c, trump))
        private: list[dict[str, Any]] = []
        if s.phase == "play" and s.declared[seat] is None:
            melds = find_melds(s.hands[seat])
            if melds:
                private.append({"key": "best_meld", "value": melds[0].kind, "kind": "text"})
        elif s.declared[seat] not in (None, "none"):
            pts = sum(m["points"] for m in s.melds[seat])
            private.append({"key": "my_melds", "value": pts, "kind": "number"})
        v["private"] = private
        return v

    # ---- serialisation ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "format": 1,
            "state": copy.deepcopy(dataclasses.asdict(self._s)),
            "events": [e.to_dict() for e in self._events],
        }

    def clone(self) -> DebertsMatch:
        return DebertsMatch(copy.deepcopy(self._s), list(self._events))


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
        state = _State(players=players, options=opts, seed=int(seed),
                       first_deck=list(deck) if deck is not None else None,
                       dealer=opts["first_dealer"], totals=[0] * players)
        match = DebertsMatch(state)
        match._events.extend(match._deal())
        return match

    def from_json(self, data: Mapping[str, Any]) -> DebertsMatch:
        if data.get("game") != "deberts":
            raise ValueError(f"not a deberts match: {data.get('game')!r}")
        state = _State(**copy.deepcopy(dict(data["state"])))
        return DebertsMatch(state, [event_from_dict(e) for e in data["events"]])


DEBERTS = register(Deberts())
