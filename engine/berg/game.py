"""Berg 2x2 "kapitanka" (engine id ``berg``, rules doc ``docs/rules/berg.md``).

Sections in the order every game module keeps: state and the face, dealing, drawing (turnover,
ties, deck exchange), moves, declarations, the end of a deal, views, serialisation, the ``Game``.
Legality lives in ``rules`` (what is listed) and ``refusals`` (why anything else is refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.berg.cards import (
    CARDS42,
    JOKERS,
    NON_SIGNIFICANT,
    forced_draws,
    hand_key,
    is_attacking,
    is_significant,
    rank_of,
    suit_of,
)
from engine.berg.options import OPTIONS, cost_half, height_half, resolve_options
from engine.berg.refusals import refusal
from engine.berg.rules import PLAY_PARTS, legal_codes, obliged
from engine.berg.scoring import (
    berg_winner,
    cells,
    deal_score_half,
    penalty_points,
    result_line,
    win_note,
    winning_run,
)
from engine.berg.state import PAIR_TAGS, State, copy_state, fmt_half, pair_of
from engine.berg.views import public_view, seat_view, sides
from engine.errors import InvalidOptions
from engine.events import (
    DealScored,
    Dealt,
    DeckExchanged,
    Declared,
    Drew,
    Event,
    EventLog,
    FramePlayed,
    HandOpened,
    JokersShown,
    MatchOver,
    Passed,
    Penalised,
    PileTurned,
    Skipped,
    Suggested,
    UpCardOrdered,
    played,
)
from engine.match import Game, GameInfo, Match, ScoreSheet, SheetRow, View, sheet_result
from engine.registry import register
from engine.shuffle import seeded_shuffle
from engine.statecopy import state_dict, state_from_dict

_ATTACKING = frozenset(c for c in CARDS42 if is_attacking(c))
#: the forced draws of each attacking card (BERG-EFF-1..4), read once per attack
_DRAWS = {c: forced_draws(c) for c in _ATTACKING}
TIE_BOUND = 50  # BERG-TIE-10: turnovers + exchanges in one deal
WITH_TIE_TURNOVERS = 4  # BERG-TIE-1: the fifth turnover is a tie


class BergMatch(Match):
    """A Berg match. Build it with ``BERG.new_match(...)``; see ``engine.match.Match``."""

    game_id = "berg"

    def __init__(self, state: State, events: EventLog | None = None) -> None:
        self._s = state
        self._events = events if events is not None else EventLog()
        # the codes ``legal_actions`` listed last, until the next ``apply``: a code among them
        # is not validated again (the playouts ask for both at every action)
        self._listed: tuple[int, list[str]] | None = None

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

    def legal_actions(self, seat: int) -> list[str]:
        """Sorted codes of BERG-CODES open to ``seat``; a captain may have declarations while his
        partner is to move (out-of-turn, BERG-DECL-1)."""
        codes = legal_codes(self._s, seat)
        self._listed = (seat, codes)
        return codes[:]

    def apply(self, seat: int, code: str) -> list[Event]:
        """Apply ``code`` for ``seat``.

        Raises:
            IllegalAction: the code is malformed (BERG-CODES) or not legal now (the rule id that
                forbids it, e.g. BERG-PLAY-1, BERG-DECL-7, BERG-FRAME-6).
        """
        s = self._s
        listed, self._listed = self._listed, None
        # ``is``: the listed seat is an int of 0-3, and a seat that is not that very object
        # (a bool, another int type) is checked in full
        trusted = listed is not None and listed[0] is seat and code in listed[1]
        if not trusted and (isinstance(seat, bool) or not isinstance(seat, int)
                            or not isinstance(code, str) or code not in legal_codes(s, seat)):
            raise refusal(s, seat, code)
        single = PLAY_PARTS.get(code)
        if single is not None:  # a single card, the commonest move: parts by table
            events = self._play(seat, single[0], single[1])
            self._events.extend(events)
            return events
        verb, *args = code.split(":")
        arg = args[1] if len(args) > 1 else ""
        if verb == "order":
            events = self._order_up_card(args[0])
        elif verb == "declare":
            events = self._declare(seat, ":".join(args))
        elif verb == "suggest":
            s.suggested[seat].append(args[0])
            events = [Suggested(seat=seat, what=args[0])]
        elif verb == "draw":
            events = self._voluntary_draw(seat)
        elif verb == "pass":
            events = self._pass(seat)
        elif verb == "play":
            events = self._move(seat, [args[0]], arg)
        else:
            events = self._move(seat, args[0].split("."), arg)
        self._events.extend(events)
        return events

    # ---- dealing (BERG-DEAL) -----------------------------------------------------------------

    def _shuffled(self, cards: Sequence[str]) -> list[str]:
        """A seeded uniform permutation; each shuffle of the match uses the next counter."""
        s = self._s
        out = seeded_shuffle(cards, f"berg:{s.seed}:{s.rng_n}")
        s.rng_n += 1
        return out

    def _deal(self) -> list[Event]:
        """BERG-DEAL-2..6, -8: deal five each from the dealer's left, turn the up-card."""
        s = self._s
        if s.deal_no == 0 and s.first_deck is not None:
            d = list(s.first_deck)
        else:
            d = self._shuffled(CARDS42)
        s.deal_no += 1
        s.reset_deal()
        dealer = s.dealer
        hands: list[list[str]] = [[], [], [], []]
        for i in range(4):  # one card at a time from the dealer's left: d[i], d[i + 4]...
            hands[(dealer + 1 + i) % 4] = d[i:20:4]
        s.hands = hands
        up = d[20]
        s.pile, s.stock = [[up, dealer]], d[21:]
        events: list[Event] = [Dealt(deal=s.deal_no, dealer=dealer, public={"up_card": [up]})]
        if up[0] == "J" or up[0] == "Q":  # rank_of (a joker's letter is neither)
            s.phase, s.turn = "order", dealer
            return events
        if up in _ATTACKING:
            return events + self._attack(dealer, _DRAWS[up])
        s.turn, s.drawn, s.drawn_card = (dealer + 1) % 4, False, ""  # _start_turn
        return events

    def _order_up_card(self, arg: str) -> list[Event]:
        """BERG-DEAL-6: the dealer's order for a J or Q up-card; then D+1 has the first turn."""
        s = self._s
        top, _ = s.top()
        s.order = ["suit" if rank_of(top) == "Q" else "card", arg]
        s.phase = "play"
        self._start_turn((s.dealer + 1) % 4)
        return [UpCardOrdered(seat=s.dealer, card=top, order=arg)]

    def _start_turn(self, seat: int) -> None:
        s = self._s
        s.turn, s.drawn, s.drawn_card = seat, False, ""

    # ---- drawing, turnover, ties, exchange (BERG-DRAW, BERG-TURNOVER, BERG-TIE) --------------

    def _draw(self, seat: int, n: int, *, forced: bool) -> tuple[str, list[Event]]:
        """Move ``n`` stock cards to ``seat`` one by one, turning the pile over as needed.

        Returns:
            ``("ok", events)``, ``("exchange", events)`` (a deck exchange interrupted the draw,
            which is not resumed, BERG-TIE-7) or ``("tie:<reason>", events)``.
        """
        s = self._s
        events: list[Event] = []
        pending = 0
        hand = s.hands[seat]  # the same list throughout: an exchange stops the draw
        for _ in range(n):
            if not s.stock:
                if pending:
                    events.append(Drew(seat=seat, count=pending, forced=forced))
                    pending = 0
                status, more = self._refill()
                events += more
                if status != "ok":
                    return status, events
            card = s.stock.pop(0)
            hand.append(card)
            pending += 1
            if True in s.dobor_active:  # a dobor is active (any)
                if card in JOKERS:  # BERG-DECL-8
                    events.append(Drew(seat=seat, count=pending, forced=forced))
                    pending = 0
                    s.revealed.append(card)
                    events.append(JokersShown(jokers=((seat, card),), seats=(seat,)))
                if "RJ" not in s.stock and "BJ" not in s.stock:
                    s.dobor_active = [False, False]  # BERG-DECL-6
        if pending:
            events.append(Drew(seat=seat, count=pending, forced=forced))
        return "ok", events

    def _refill(self) -> tuple[str, list[Event]]:
        """The stock is empty and a card is needed: turnover, tie or exchange (BERG-TURNOVER-1,
        BERG-TIE-1..4, BERG-TIE-10)."""
        s = self._s
        convention = s.options["tie_convention"]
        if s.turnovers + s.exchanges >= TIE_BOUND:
            return "tie:bound", []
        if len(s.pile) >= 2:
            if convention == "with_tie" and s.turnovers >= WITH_TIE_TURNOVERS:
                return "tie:fifth_turnover", []
            cards = [str(c) for c, _ in s.pile[:-1]]
            if s.shuffle_on:
                cards = self._shuffled(cards)
            s.stock, s.pile = cards, s.pile[-1:]
            s.turnovers += 1
            return "ok", [PileTurned(count=s.turnovers, stock=len(cards), shuffled=s.shuffle_on)]
        if convention == "no_tie_two_deck":
            return "exchange", self._exchange()
        return "tie:exhausted", []

    def _exchange(self) -> list[Event]:
        """BERG-TIE-5..7: keep significant cards, deal a new 36-card pack up to five each."""
        s = self._s
        kept = [[c for c in hand if is_significant(c)] for hand in s.hands]
        returned = False
        for hand in kept:
            if len(hand) == 6:
                hand.remove("QH")
                returned = True
        pack = self._shuffled(NON_SIGNIFICANT)
        for i in (1, 2, 3, 0):
            hand = kept[(s.dealer + i) % 4]
            while len(hand) < 5:
                hand.append(pack.pop(0))
        rest = self._shuffled(pack + (["QH"] if returned else []))
        s.hands = kept
        s.pile, s.stock = [[rest[0], None]], rest[1:]
        s.order = None
        s.exchanges += 1
        s.dobor_active = [False, False]
        return [DeckExchanged(count=s.exchanges, up_card=rest[0],
                              counts=tuple(len(h) for h in s.hands), queen_returned=returned)]

    def _voluntary_draw(self, seat: int) -> list[Event]:
        """``draw`` (BERG-DRAW-1); an exchange gives the seat a fresh turn (BERG-TIE-8)."""
        s = self._s
        status, events = self._draw(seat, 1, forced=False)
        if status.startswith("tie"):
            return events + self._tie(status)
        if status == "exchange":
            self._start_turn(seat)
            return events
        s.drawn, s.drawn_card = True, s.hands[seat][-1]
        return events

    def _pass(self, seat: int) -> list[Event]:
        """``pass`` (BERG-DRAW-2, BERG-TURN-2); under ``penalty`` enforcement passing with an
        ordered card in hand ends the deal (BERG-PEN-2)."""
        events: list[Event] = [Passed(seat=seat)]
        if obliged(self._s, seat):
            return events + self._penalty(seat)
        self._start_turn((seat + 1) % 4)
        return events

    # ---- moves (BERG-TURN, BERG-EFF, BERG-FRAME) ---------------------------------------------

    def _play(self, seat: int, card: str, arg: str) -> list[Event]:
        """``_move`` of one card, written out (the commonest move of all)."""
        s = self._s
        hand = s.hands[seat]
        hand.remove(card)
        s.pile.append([card, seat])
        if s.revealed and card in s.revealed:
            s.revealed.remove(card)
        events: list[Event] = [played(seat, card, arg)]
        if not hand:
            s.order = None
            return events + self._win(seat)  # BERG-SCORE-1
        r = card[0]  # a joker's "R" or "B" is no rank of an order
        if r == "J":
            s.order = ["card", arg]
        elif r == "Q":
            s.order = ["suit", arg or card[1]]  # BERG-EFF-13: queen on queen
        else:
            s.order = None  # BERG-EFF-15: a card placed on the ordering card ends its order
        if card in _ATTACKING:
            return events + self._attack(seat, _DRAWS[card])
        s.turn, s.drawn, s.drawn_card = (seat + 1) % 4, False, ""  # _start_turn
        return events

    def _move(self, seat: int, cards: list[str], arg: str) -> list[Event]:
        """Place one card or a frame; the last card decides the order and the next seat."""
        s = self._s
        for c in cards:
            s.hands[seat].remove(c)
            s.pile.append([c, seat])
            if c in s.revealed:
                s.revealed.remove(c)
        events: list[Event] = [
            played(seat, cards[0], arg) if len(cards) == 1
            else FramePlayed(seat=seat, cards=tuple(cards), order=arg)]
        s.order = None  # BERG-EFF-15: a card placed on the ordering card ends its order
        if not s.hands[seat]:
            return events + self._win(seat)  # BERG-SCORE-1
        last = cards[-1]
        r = rank_of(last)
        if r == "J":
            s.order = ["card", arg]
        elif r == "Q":
            s.order = ["suit", arg or suit_of(last)]  # BERG-EFF-13: queen on queen
        if any(c in _ATTACKING for c in cards):  # is_attacking
            return events + self._attack(seat, sum(_DRAWS.get(c, 0) for c in cards))
        self._start_turn((seat + 1) % 4)
        return events

    def _attack(self, seat: int, draws: int) -> list[Event]:
        """BERG-TURN-1, BERG-FRAME-4: the left neighbour takes ``draws`` cards and is skipped."""
        victim = (seat + 1) % 4
        status, events = self._draw(victim, draws, forced=True)
        if status.startswith("tie"):
            return events + self._tie(status)
        events.append(Skipped(seat=victim))
        self._start_turn((seat + 2) % 4)
        return events

    # ---- declarations (BERG-DECL, BERG-INS) --------------------------------------------------

    def _declare(self, seat: int, what: str) -> list[Event]:
        s = self._s
        pair = pair_of(seat)
        events: list[Event] = [Declared(seat=seat, what=what)]
        if what == "surrender":  # BERG-DECL-9
            pts = [0, 0]
            pts[1 - pair] = 1
            return events + self._close("surrender", pts, f"{PAIR_TAGS[pair]} surrender")
        if what == "dobor":  # BERG-DECL-4..6
            s.dobor_declared[pair] = True
            s.dobor_active[pair] = "RJ" in s.stock or "BJ" in s.stock  # any joker
            # per seat, its jokers in hand order (RJ, BJ): the hands need no sorting for that
            jokers = [(p, j) for p in range(4) for j in JOKERS if j in s.hands[p]]
            s.revealed += [c for _, c in jokers if c not in s.revealed]
            events.append(JokersShown(jokers=tuple(jokers), seats=(0, 1, 2, 3),
                                      void=not s.dobor_active[pair]))
        elif what.startswith("open"):  # BERG-DECL-10
            target = what.split(":")[1]
            for x in ((1 - pair, 3 - pair) if target == "both" else (int(target),)):
                s.opened[x] = True
                events.append(HandOpened(seat=x, cards=tuple(sorted(s.hands[x], key=hand_key))))
        elif what == "shuffle":  # BERG-DECL-11
            s.shuffle_on = True
        elif what == "fire":  # BERG-DECL-12
            s.fired[1 - pair] = True
        else:  # insure, BERG-INS-6/7
            s.insured[pair] = s.turnovers
        cost = cost_half(s.options, what)
        pts = [0, 0]
        pts[pair] = -cost
        self._row(pts, f"{PAIR_TAGS[pair]} {what} -{fmt_half(cost)}")  # BERG-DECL-2
        return events

    # ---- the end of a deal (BERG-SCORE, BERG-TIE-9, BERG-PEN, BERG-END) ----------------------

    def _row(self, pts: list[int], note: str) -> None:
        s = self._s
        for p in (0, 1):
            s.totals[p] += pts[p]
            s.touched[p] = s.touched[p] or pts[p] != 0
        s.rows.append({"deal": s.deal_no, "cells": cells(s.totals, s.touched),
                       "points": [x / 2 for x in pts], "note": note})

    def _win(self, seat: int) -> list[Event]:
        pair = pair_of(seat)
        run = winning_run(self._s.pile, pair)
        pts = [0, 0]
        pts[pair] = deal_score_half(run)
        return self._close("win", pts, win_note(pair, run), run=run, winner=pair)

    def _tie(self, status: str) -> list[Event]:
        return self._close("tie", [1, 1], "tie")

    def _penalty(self, seat: int) -> list[Event]:
        s = self._s
        pair = pair_of(seat)
        size = s.options["penalty_size"]
        pts = penalty_points(s.totals, pair, size=size, height_half=height_half(s.options))
        events: list[Event] = [Penalised(seat=seat, rule="BERG-PEN-2")]
        force = 1 - pair if size == "height_plus_5" else None
        return events + self._close("penalty", pts, f"{PAIR_TAGS[pair]} penalty", force=force)

    def _close(self, outcome: str, pts: list[int], note: str, *, run: Sequence[str] = (),
               winner: int | None = None, force: int | None = None) -> list[Event]:
        """Write the deal's row, check the berg, deal the next deal or end the match."""
        s = self._s
        self._row(pts, note)
        row = s.rows[-1]
        side_info = tuple(  # per pair: points written, sheet cell, total, the scoring run
            {"deal_points": pts[p] / 2, "written": pts[p] / 2, "cell": row["cells"][p],
             "total": s.totals[p] / 2, "run": list(run) if p == winner else []}
            for p in (0, 1))
        events: list[Event] = [DealScored(deal=s.deal_no, declarer=None, outcome=outcome,
                                          sides=side_info)]
        taker = force if force is not None else berg_winner(
            s.totals, height_half=height_half(s.options),
            comparison=s.options["berg_win_comparison"])
        if taker is not None:
            s.phase = "over"
            line = result_line(s.totals, taker)
            s.result = {"winner": taker, "line": line, "score": [t / 2 for t in s.totals]}
            return [*events, MatchOver(winner=taker, line=line,
                                       totals=tuple(t / 2 for t in s.totals))]
        s.dealer = (s.dealer + 1) % 4  # BERG-END-4
        return events + self._deal()

    @property
    def score_sheet(self) -> ScoreSheet:
        s = self._s
        totals = [t / 2 for t in s.totals]
        rows = [{**r, "cells": list(r["cells"]), "points": list(r["points"])} for r in s.rows]
        return {
            "sides": sides(s),
            "rows": cast("list[SheetRow]", rows),
            "totals": totals,
            "pot": 0,
            "result": sheet_result(s.result, totals),
        }

    # ---- views (BERG-INFO) -------------------------------------------------------------------

    def public_view(self) -> View:
        return public_view(self._s, self.to_move)

    def view(self, seat: int) -> View:
        return seat_view(self._s, seat, self.to_move)

    # ---- serialisation -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "format": 1,
            "state": state_dict(self._s),
            "events": self._events.to_dicts(),
        }

    def clone(self) -> BergMatch:
        return BergMatch(copy_state(self._s), self._events.copy())


class Berg(Game):
    """The Berg 2x2 "kapitanka" game (engine id ``berg``)."""

    info = GameInfo(id="berg", title="Berg 2x2", min_players=4, max_players=4,
                    options=OPTIONS, pairs_at=(4,))

    def new_match(
        self,
        *,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Sequence[str] | None = None,
    ) -> BergMatch:
        """Start a match and deal the first deal (see ``engine.match.Game.new_match``).

        Raises:
            InvalidOptions: players other than 4 (BERG-SETUP-1), an unknown option or a bad
                value (BERG-OPT-*), a deck that is not the 42 cards once each (BERG-SETUP-2).
        """
        opts = resolve_options(players, options)
        if deck is not None and (isinstance(deck, str)
                                 or not all(isinstance(c, str) for c in deck)
                                 or sorted(deck) != sorted(CARDS42)):
            raise InvalidOptions("deck", "the deck must hold each of the 42 cards once",
                                 "BERG-SETUP-2")
        state = State(options=opts, seed=int(seed),
                      first_deck=list(deck) if deck is not None else None,
                      dealer=opts["first_dealer"],
                      shuffle_on=opts["shuffle_on_turnover"] == "on")
        match = BergMatch(state)
        match._events.extend(match._deal())
        return match

    def from_json(self, data: Mapping[str, Any]) -> BergMatch:
        if data.get("game") != "berg":
            raise ValueError(f"not a berg match: {data.get('game')!r}")
        state = state_from_dict(State, data["state"])
        return BergMatch(state, EventLog(stored=data["events"]))


BERG = register(Berg())
