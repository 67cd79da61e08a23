"""Reference model of the Deberts variants (deberts.md Part B) and a tracker that checks the engine.

Written from the rules doc alone, for any ruleset, 2 or 3 players and every format: the codes a
seat must be offered (Part D, DB-BID, DB-3P-3, DB-OFFER-1/2, DB-MELD-5, DB-MOS-9/10/14,
DB-DEAL-6, DB-REDEAL-2, DB-PLAY-2..5, DB-3P-7, DB-MELD-9, DB-MOS-15, DB-DAVE-3/4), the answers of
the table talk, deal scoring with two players (DB-SCORE), three players (DB-3P-8..11), the offer
of fifty (DB-OFFER-2), short games (DB-SHORT, DB-DAVE), the end of the match (DB-END-3/4,
DB-MOS-15..17, DB-3P-12, DB-OFFER-4), the sheet (DB-SHEET, DB-SHORT-6), dealers (DB-DEAL-7/8,
DB-3P-1) and the information rule DB-PLAY-8 (no hidden card in public views, other seats' views or
events). The pure pieces come from ``deberts_helpers`` (card orders, legal cards, melds).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import engine
from engine.events import event_from_dict

from .deberts_helpers import (
    ALL_CARDS,
    SUITS,
    best_meld,
    cards_in,
    comparison_winner,
    legal_cards,
    line_score,
    meld_key,
    melds,
    points,
    ref_cells,
    ref_result,
    ref_score,
    trick_winner,
)

NAMES = ("A", "B", "C")
KINDS = {"terz": 1, "fifty": 2}
DEFAULTS = {
    "classic": {"tie": "trump_then_order", "end": "after_deal", "table_talk": "off"},
    "moscow": {"tie": "trump_then_order", "end": "claim", "table_talk": "on"},
    "kharkiv": {"tie": "order_only", "end": "claim", "table_talk": "on"},
}


def resolved(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The options in force: the ruleset's defaults for tie / end / table_talk (DB-OPT-ruleset)."""
    ruleset = options.get("ruleset", "classic")
    out = {"ruleset": ruleset, "target": 501, "format": "match", "offer_fifty": "off",
           "dave_progression": "arithmetic", "redeal_four": "on",
           "first_dealer": players - 1, **DEFAULTS[ruleset]}
    out.update(options)
    return out


# ---------------------------------------------------------------- pure reference scoring


def shares(amount: int, declarer: int, dp: Sequence[int]) -> list[int]:
    """DB-3P-9/11: equal halves for the defenders, the odd point to the one with more points
    (equal: the one next clockwise after the declarer)."""
    y, z = (declarer + 1) % 3, (declarer + 2) % 3
    out = [0, 0, 0]
    out[y] = out[z] = amount // 2
    if amount % 2:
        out[z if dp[z] > dp[y] else y] += 1
    return out


def ref_score3(declarer: int, dp: Sequence[int], pot: int) -> dict[str, Any]:
    """DB-3P-8..11 (written includes the pot; pot_shares for the defenders after a bait)."""
    d = dp[declarer]
    best = max(dp[s] for s in range(3) if s != declarer)
    written = list(dp)
    if d > best:
        written[declarer] += pot
        return {"outcome": "made", "written": written, "pot": 0, "pot_awarded": pot,
                "pot_shares": [pot if s == declarer else 0 for s in range(3)]}
    if d < best:
        b, p = shares(d, declarer, dp), shares(pot, declarer, dp)
        written = [dp[s] + b[s] + p[s] if s != declarer else 0 for s in range(3)]
        return {"outcome": "bait", "written": written, "pot": 0, "pot_awarded": pot,
                "pot_shares": p}
    written[declarer] = 0
    return {"outcome": "hanging", "written": written, "pot": pot + d, "pot_awarded": 0,
            "pot_shares": [0, 0, 0]}


def ref_cells3(sc: dict[str, Any], declarer: int, dp: Sequence[int],
               totals: Sequence[int]) -> list[str]:
    """DB-SHEET-1..4 with three players."""
    cells = [str(t) for t in totals]
    if sc["outcome"] == "bait":
        cells[declarer] = "BT"
    elif sc["outcome"] == "hanging":
        cells[declarer] = f"vs({dp[declarer]})"
    for s, share in enumerate(sc["pot_shares"]):
        if share:
            cells[s] += f" [+{share} vs]"
    return cells


def line(winner: int, figures: Sequence[int], claim: bool = False) -> str:
    """DB-SHEET-5: the winner's figure first, the others in seat order."""
    rest = [str(figures[s]) for s in range(len(figures)) if s != winner]
    how = " by claim" if claim else ""
    return f"Result: {NAMES[winner]} wins{how}, " + " : ".join([str(figures[winner]), *rest])


def ref_end(totals: Sequence[int], o: dict[str, Any], *, declarer: int,
            last: int | None) -> tuple[int | None, str]:
    """Who wins after a recorded deal in a match (DB-END-5 decides which rules apply)."""
    target, n = o["target"], len(totals)
    over = [s for s in range(n) if totals[s] >= target]
    if n == 3:  # DB-3P-12
        if not over:
            return None, ""
        if len(over) == 1:
            w = over[0]
        elif last in over:
            w = last
        else:
            assert last is not None
            top = max(totals[s] for s in over)
            w = next(s for s in ((last + 1) % 3, (last + 2) % 3) if s in over and totals[s] == top)
        return w, line(w, totals)
    if o["end"] == "claim":
        if len(over) == 1:
            w, text = over[0], line(over[0], totals)
        elif over:
            assert last is not None  # DB-MOS-17
            w, text = last, line(last, totals)
        else:
            w, text = None, ""
    else:
        w, text = ref_result(totals, target, 1 - declarer)
    if w is None and o["offer_fifty"] == "on" and abs(totals[0] - totals[1]) >= 250:
        w = 0 if totals[0] > totals[1] else 1  # DB-OFFER-4
        text = line(w, totals)
    return w, text


def ref_nets(fmt: str, declarer: int, dp: Sequence[int], stake: int) -> tuple[str, list[int]]:
    """DB-SHORT-2..5, DB-DAVE-5."""
    n = len(dp)
    if fmt == "short_bait":
        d = dp[declarer]
        best = max(dp[s] for s in range(n) if s != declarer)
        if d == best:
            return "short_tie", [0] * n
        if n == 2:
            nets = [0, 0]
            nets[declarer], nets[1 - declarer] = (1, -1) if d > best else (-2, 2)
            return ("made" if d > best else "bait"), nets
        sign = 1 if d > best else -1
        nets = [-sign] * 3
        nets[declarer] = 2 * sign
        return ("made" if sign > 0 else "bait"), nets
    top = max(dp)
    if dp.count(top) > 1:
        return "short_tie", [0] * n
    w = dp.index(top)
    nets = [-stake] * n
    nets[w] = stake * (n - 1)
    return "short_won", nets


def cell(net: int) -> str:
    return f"{net:+d}" if net else "0"


# ---------------------------------------------------------------- the tracker


class VariantTracker:
    """Follows one match of any variant and checks each step against the reference model.

    Use like ``deberts_helpers.Tracker``: ``check_state`` and ``check_legal`` before an action,
    ``before_action`` just before ``apply``, ``after_action`` with the events it returned.
    """

    def __init__(self, m: engine.Match, options: dict[str, Any], *,
                 totals: Sequence[int] | None = None, pot: int = 0) -> None:
        self.n = m.players
        self.o = resolved(options, self.n)
        self.short = self.o["format"] != "match"
        self.talk = self.o["table_talk"] == "on" and self.n == 2
        self.offer_on = self.o["offer_fifty"] == "on" and self.n == 2 and not self.short
        self.claim_on = self.o["end"] == "claim" and not self.short
        self.order_only = self.o["tie"] == "order_only"
        self.totals = list(totals) if totals is not None else [0] * self.n
        self.pot = pot
        self.start_totals = list(self.totals)
        self.rows: list[dict[str, Any]] = []
        self.expected_dealer = int(self.o["first_dealer"])
        self.over = False
        self.result: dict[str, Any] | None = None
        self.seen = 0
        self.deals = 0
        self.claims = 0
        self.stake = 1
        self.dave_right: int | None = None
        self.dave_by: int | None = None
        self.hand_before: set[str] = set()
        self._hands: dict[int, set[str]] = {}  # hands read since the last action, by seat
        self.dealer: int | None = None
        self._reset_deal(None)
        self.process(m, None, None, list(m.events))

    # -- per deal
    def _reset_deal(self, dealer: int | None) -> None:
        self.dealer = dealer
        self.up: str | None = None
        self.up_now: str | None = None
        self.bottom: str | None = None
        self.trump: str | None = None
        self.declarer: int | None = None
        self.passes = 0
        self.phase = "bidding"
        self.offer = ""
        self.declared: dict[int, Any] = {}
        self.kinds: dict[int, str] = {}
        self.decl_order: list[int] = []
        self.decl_hand: dict[int, frozenset[str]] = {}
        self.bela_ok: set[int] = set()
        self.bela_done: set[int] = set()
        self.asked: set[int] = set()
        self.swapped = False
        self.cur: list[tuple[int, str]] = []
        self.last: list[tuple[int, str]] = []
        self.last_winner: int | None = None
        self.tricks = 0
        self.won = [0] * self.n
        self.card_pts = [0] * self.n
        self.played: set[str] = set()
        self.played_by = [0] * self.n
        self.revealed: set[str] = set()
        self.melds_pending: int | None = None
        self.cmp_winner: int | None = None

    def left(self, seat: int) -> int:
        return (seat + 1) % self.n

    # -- state checks
    def check_state(self, m: engine.Match) -> None:
        pv = m.public_view()
        assert pv["to_move"] == m.to_move
        if self.over:
            assert m.is_over and m.to_move is None and pv["phase"] == "over"
            assert all(m.legal_actions(s) == [] for s in range(self.n))
        else:
            assert not m.is_over and m.to_move in range(self.n)
            assert pv["phase"] == self.phase, (pv["phase"], self.phase)
            assert pv["dealer"] == self.dealer
        views = [m.view(s) for s in range(self.n)]
        hands = [v["hand"] for v in views]
        self._hands = {s: set(h) for s, h in enumerate(hands)}
        assert [g["card"] for g in pv["groups"]["up_card"]] == [self.up_now]
        assert [g["card"] for g in pv["groups"]["bottom_card"]] == (
            [self.bottom] if self.bottom else [])
        assert [(g["seat"], g["card"]) for g in pv["groups"]["trick"]] == self.cur
        leaked = cards_in(pv) - self.revealed
        assert not leaked, f"public_view shows hidden cards {sorted(leaked)}"
        facts = {(f["key"], f.get("seat")): f["value"] for f in pv["facts"]}
        if self.o["format"] == "short_dave" and not self.over:
            assert facts[("stake", None)] == self.stake
        for s in range(self.n):
            h = hands[s]
            assert len(h) == len(set(h)) == pv["hand_counts"][s]
            if not self.over:
                want = 6 if self.phase in ("bidding", "offer") else 9 - self.played_by[s]
                assert len(h) == want, (s, h, want)
            if s in self.decl_hand:
                assert set(h) <= self.decl_hand[s]
            leaked = cards_in(views[s]) - self.revealed - set(h)
            assert not leaked, f"view({s}) shows hidden cards {sorted(leaked)}"
        parts = [c for h in hands for c in h] + [*self.played, self.up_now]
        if self.bottom:
            parts.append(self.bottom)
        assert len(parts) == len(set(parts)) and set(parts) <= set(ALL_CARDS), parts

    def _hand(self, m: engine.Match, seat: int) -> set[str]:
        h = self._hands.get(seat)
        if h is None:  # read once a step: a view is costly
            h = self._hands[seat] = set(m.view(seat)["hand"])
        return h

    def claim_points(self, seat: int, h: set[str]) -> int:
        """DB-MOS-15."""
        pts = self.card_pts[seat]
        w = self.cmp_winner
        if w == seat and self.won[seat]:
            pts += sum(p for _, _, p in melds(self.decl_hand[seat]))
        assert self.trump is not None
        pair = {"K" + self.trump, "Q" + self.trump}
        if seat in self.bela_done or (seat in self.bela_ok and pair & h):
            pts += 20
        return pts

    def trump_passes(self, seat: int) -> str:
        """DB-MOS-14, computed from the hands and declarations seen so far."""
        assert self.trump is not None
        opp = 1 - seat
        terz = ("terz", tuple(r + self.trump for r in "987"), 20)
        if opp in self.declared:
            theirs, i_first = self.declared[opp], False
        else:
            theirs, i_first = best_meld(self._opp_hand, self.trump), True
        if theirs is None:
            return "passes"
        mine = meld_key(terz, self.trump, self.order_only)
        other = meld_key(theirs, self.trump, self.order_only)
        return "passes" if mine > other or (mine == other and i_first) else "does_not_pass"

    def expected_legal(self, m: engine.Match, seat: int) -> set[str]:
        if self.dave_by is not None:
            return {"dave:accept", "dave:concede"}
        codes = self._phase_codes(m, seat)
        if self.o["format"] == "short_dave" and self.dave_right in (None, seat):
            codes.add("dave")
        return codes

    def _phase_codes(self, m: engine.Match, seat: int) -> set[str]:
        h = self._hand(m, seat)
        assert self.up is not None
        up_suit = self.up[1]
        if self.phase == "bidding":
            if self.passes < self.n:
                return {"pass", "take"}
            return {"pass"} | {f"trump:{s}" for s in SUITS if s != up_suit}
        if self.phase == "offer":
            return {"offer50", "pass"} if self.offer == "" else {"accept50", "decline50"}
        assert self.trump is not None
        t = self.trump
        if seat not in self.declared:
            codes = {"declare:none"}
            if t == up_suit and "7" + t in h and not self.swapped:
                codes.add("swap7")
            if (self.talk and t == up_suit and seat not in self.asked
                    and {"9" + t, "8" + t, "7" + t} <= h and "T" + t not in h):
                codes.add("ask:trump")
            mine = melds(h)
            if mine:
                theirs = self.kinds.get(1 - seat) if self.talk else None
                top = max(KINDS[k] for k, _, _ in mine)
                if theirs in (None, "none") or top > KINDS[str(theirs)]:
                    codes.add("declare:best")
                elif top == KINDS[str(theirs)]:
                    codes.add("ask:height")
            if self.o["redeal_four"] == "on" and any(
                    all(r + s in h for s in SUITS) for r in "78"):
                codes.add("redeal")
            return codes
        codes = set()
        for c in legal_cards(h, [c for _, c in self.cur], t):
            codes.add("play:" + c)
            if c in ("K" + t, "Q" + t) and seat in self.bela_ok and seat not in self.bela_done:
                codes.add(f"play:{c}:bela")
        if (self.claim_on and not self.cur and self.last_winner == seat and 1 <= self.tricks < 9
                and self.totals[seat] + self.claim_points(seat, h) >= self.o["target"]):
            codes.add("claim")
        return codes

    def check_legal(self, m: engine.Match, seat: int, legal: list[str]) -> None:
        assert legal, "no legal action for the seat on turn"
        assert legal == sorted(legal) and len(legal) == len(set(legal))
        assert all(m.legal_actions(s) == [] for s in range(self.n) if s != seat)
        assert all(len(c) <= 24 and c.isascii() and " " not in c for c in legal)
        if self.n == 2:
            self._opp_hand = self._hand(m, 1 - seat)
        expected = self.expected_legal(m, seat)
        assert set(legal) == expected, (
            f"seat {seat} phase {self.phase} trick {self.cur} hand {sorted(self._hand(m, seat))}:"
            f" engine {legal}, rules {sorted(expected)}")

    # -- the action
    def before_action(self, m: engine.Match, seat: int, code: str) -> None:
        self.hand_before = set(self._hand(m, seat))
        if self.n == 2:
            self._opp_hand = set(self._hand(m, 1 - seat))
        if code.startswith("declare:") or code == "ask:height":
            self.decl_hand[seat] = frozenset(self.hand_before)
            if {"K" + str(self.trump), "Q" + str(self.trump)} <= self.hand_before:
                self.bela_ok.add(seat)

    def after_action(self, m: engine.Match, seat: int, code: str, evs: list[Any]) -> None:
        assert evs, f"{seat} {code}: no event"
        assert list(m.events[self.seen:]) == list(evs), "apply() must return what it appended"
        self._hands = {}
        self.process(m, seat, code, evs)

    def process(self, m: engine.Match, seat: int | None, code: str | None,
                evs: list[Any]) -> None:
        for ev in evs:
            d = ev.to_dict()
            json.dumps(d)
            assert event_from_dict(d).to_dict() == d
            self.on_event(d, seat, code)
            self.seen += 1

    def _public(self, d: dict[str, Any], extra: set[str] | frozenset[str] = frozenset()) -> None:
        leaked = cards_in(d) - self.revealed - set(extra)
        assert not leaked, f"event {d} shows hidden cards {sorted(leaked)}"

    def on_event(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        t = d["type"]
        assert not self.over, f"event {d} after match_over"
        handler = getattr(self, "_ev_" + t, None)
        assert handler is not None, f"unexpected event {d}"
        if t not in ("melds_shown", "trick", "deal_scored", "match_over", "deal", "claim"):
            assert self.melds_pending is None, f"melds not shown before {d}"
        handler(d, seat, code)

    def _ev_deal(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert self.dealer is None or self.phase in ("scored", "thrown"), d
        assert d["dealer"] == self.expected_dealer, (d, self.expected_dealer)
        self._reset_deal(d["dealer"])
        self.deals += 1
        ups = cards_in(d)
        assert len(ups) == 1, d
        self.up = self.up_now = ups.pop()
        self.revealed = {self.up}

    def _ev_bid(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        self._public(d)
        assert d["seat"] == seat and d["call"] == code
        if self.phase == "offer":
            if code == "offer50":
                self.offer = "made"
            elif code in ("pass", "decline50"):
                self.phase = "play"
            return
        assert self.phase == "bidding"
        if code == "pass":
            self.passes += 1

    def _ev_trump(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert self.phase == "bidding" and code is not None and self.up is not None
        assert d["seat"] == seat
        assert d["suit"] == (self.up[1] if code == "take" else code.split(":")[1])
        self.trump, self.declarer = d["suit"], seat
        if self.offer_on:
            self.phase = "offer"

    def _ev_cards_added(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        shown = cards_in(d)
        assert len(shown) == 1 and d["counts"] == [3] * self.n, d
        self.bottom = shown.pop()
        self.revealed.add(self.bottom)
        self.phase = "play"

    def _ev_thrown_in(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        if code == "pass":
            assert self.passes == 2 * self.n
            assert d["reason"] == ("four_passes" if self.n == 2 else "six_passes")
            self._public(d)
        else:
            assert code == "redeal" and d["reason"] in ("four_sevens", "four_eights")
            four = {("7" if d["reason"] == "four_sevens" else "8") + s for s in SUITS}
            assert four <= self.hand_before
            self._public(d, four)
            self.revealed |= four
        self.phase = "thrown"
        assert self.dealer is not None
        self.expected_dealer = self.left(self.dealer)  # DB-DEAL-8, DB-3P-1

    def _ev_exchange(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert code == "swap7" and d["seat"] == seat and self.trump is not None
        assert d["gave"] == "7" + self.trump and d["took"] == self.up_now
        self.up_now = d["gave"]
        self.swapped = True
        self.revealed.add(d["gave"])
        self._public(d)

    def _ev_ask(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        self._public(d)
        assert d["seat"] == seat and seat is not None and self.trump is not None
        if d["question"] == "trump":
            assert code == "ask:trump"
            assert d["answer"] == self.trump_passes(seat), d
            self.asked.add(seat)
        else:
            assert code == "ask:height"
            theirs = self.declared[1 - seat]
            assert theirs is not None
            assert (d["answer"], d["trump"]) == (theirs[1][0][0], theirs[1][0][1] == self.trump)

    def _ev_declare(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        self._public(d)
        assert d["seat"] == seat and seat is not None and self.trump is not None
        assert seat not in self.declared
        h = self.decl_hand[seat]
        if code == "declare:none":
            assert d["what"] == "none"
            self.declared[seat] = None
        else:
            b = best_meld(h, self.trump)
            assert b is not None and d["what"] == b[0], (d, b)
            self.declared[seat] = b
        self.kinds[seat] = d["what"]
        self.decl_order.append(seat)

    def _ev_play(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert code is not None and code.startswith("play:")
        card = code.split(":")[1]
        assert d["seat"] == seat and d["card"] == card and seat is not None
        assert d["call"] == ("bela" if code.endswith(":bela") else "")
        assert card in self.hand_before
        if d["call"]:
            self.bela_done.add(seat)
        self.revealed.add(card)
        self._public(d)
        self.cur.append((seat, card))
        self.played.add(card)
        self.played_by[seat] += 1

    def _ev_trick(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        self._public(d)
        assert self.trump is not None and len(self.cur) == self.n
        self.tricks += 1
        assert d["number"] == self.tricks
        assert [tuple(x) for x in d["cards"]] == self.cur
        w = trick_winner(self.cur, self.trump)
        pts = sum(points(c, self.trump) for _, c in self.cur) + (10 if self.tricks == 9 else 0)
        assert (d["winner"], d["points"]) == (w, pts), (d, w, pts)
        self.won[w] += 1
        self.card_pts[w] += pts
        self.last_winner = w
        self.last, self.cur = self.cur, []
        if self.tricks == 1:
            assert self.dealer is not None
            assert self.decl_order == [(self.dealer + k) % self.n for k in range(1, self.n + 1)]
            self.cmp_winner = comparison_winner(
                [(s, self.declared[s]) for s in self.decl_order], self.trump, self.order_only)
            self.melds_pending = self.cmp_winner

    def _ev_melds_shown(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert self.melds_pending is not None and d["seat"] == self.melds_pending
        want = sorted((k, sorted(cs), p) for k, cs, p in melds(self.decl_hand[d["seat"]]))
        got = sorted((x["kind"], sorted(x["cards"]), x["points"]) for x in d["melds"])
        assert got == want, (got, want)
        self.revealed |= cards_in(d)
        self.melds_pending = None

    def _ev_claim(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert code == "claim" and d["seat"] == seat and seat is not None
        h = self.hand_before
        pts = self.claim_points(seat, h)
        assert (d["points"], d["total"]) == (pts, self.totals[seat] + pts)
        assert d["total"] >= self.o["target"]
        figures = list(self.totals)
        figures[seat] += pts
        self.result = {"winner": seat, "line": line(seat, figures, claim=True),
                       "score": figures, "claim": True}  # "wins by claim" (DB-SHEET-5)
        self.claims += 1

    def _ev_stake(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert d["seat"] == seat and d["call"] == code and seat is not None
        nxt = self.stake * 2 if self.o["dave_progression"] == "geometric" else self.stake + 1
        if code == "dave":
            assert self.dave_by is None and d["stake"] == nxt
            self.dave_by = seat
        elif code == "dave:accept":
            assert self.dave_by == 1 - seat
            self.stake, self.dave_right, self.dave_by = nxt, seat, None
            assert d["stake"] == nxt
        else:
            assert code == "dave:concede" and self.dave_by == 1 - seat and d["stake"] == self.stake
            nets = [0, 0]
            nets[seat], nets[1 - seat] = -self.stake, self.stake
            self._short_end(nets, "conceded")
            self.dave_by = None

    def _short_end(self, nets: list[int], note: str) -> None:
        self.totals = nets
        self.rows.append({"deal": 1, "cells": [cell(v) for v in nets], "points": nets,
                          "note": note})
        text = "Result: " + ", ".join(f"{NAMES[s]} {cell(v)}" for s, v in enumerate(nets))
        self.result = {"winner": None, "line": text, "score": list(nets)}

    def _ev_deal_scored(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert self.trump is not None and self.declarer is not None and self.dealer is not None
        dcl = self.declarer
        if code == "accept50":
            dp, parts = [0] * self.n, [(0, 0, 0)] * self.n
            dp[dcl] = 50
            written = list(dp)
            written[dcl] += self.pot
            sc = {"outcome": "offer_fifty", "written": written, "pot": 0,
                  "pot_awarded": self.pot, "pot_to": dcl if self.pot else None}
            nxt = dcl
        else:
            assert self.tricks == 9 and self.melds_pending is None
            assert self.played == frozenset().union(*self.decl_hand.values())
            assert len(self.played) == 9 * self.n
            assert sum(self.card_pts) == sum(points(c, self.trump) for c in self.played) + 10
            meld_pts = [0] * self.n
            w = self.cmp_winner
            if w is not None and self.won[w]:
                meld_pts[w] = sum(p for _, _, p in melds(self.decl_hand[w]))
            bela = [20 if s in self.bela_done else 0 for s in range(self.n)]
            parts = [(self.card_pts[s], meld_pts[s], bela[s]) for s in range(self.n)]
            dp = [sum(p) for p in parts]
            nxt = self.left(self.dealer)
            if self.short:
                outcome, nets = ref_nets(self.o["format"], dcl, dp, self.stake)
                assert d["outcome"] == outcome and d["deal"] == 1, (d, outcome)
                for s in range(self.n):
                    want = {"card_points": parts[s][0], "melds": parts[s][1],
                            "bela": parts[s][2], "deal_points": dp[s], "written": nets[s],
                            "cell": cell(nets[s]), "total": nets[s]}
                    assert {k: d["sides"][s][k] for k in want} == want, (s, d, want)
                self._short_end(nets, outcome)
                self.phase = "scored"
                return
            if self.n == 2:
                sc = ref_score(dcl, dp, self.pot)
                nxt = sc["next_dealer"]
            else:
                sc = ref_score3(dcl, dp, self.pot)
        totals = [self.totals[s] + sc["written"][s] for s in range(self.n)]
        cells = (ref_cells(sc, dcl, dp, totals) if self.n == 2
                 else ref_cells3(sc, dcl, dp, totals))
        assert d["deal"] == len(self.rows) + 1 and d["declarer"] == dcl
        assert (d["outcome"], d["pot"], d["pot_awarded"]) == (
            sc["outcome"], sc["pot"], sc["pot_awarded"]), (d, sc)
        for s in range(self.n):
            want = {"card_points": parts[s][0], "melds": parts[s][1], "bela": parts[s][2],
                    "deal_points": dp[s], "written": sc["written"][s], "cell": cells[s],
                    "total": totals[s]}
            assert {k: d["sides"][s][k] for k in want} == want, (s, d, want)
        self.totals, self.pot = totals, sc["pot"]
        self.rows.append({"deal": len(self.rows) + 1, "cells": cells, "points": sc["written"],
                          "note": sc["outcome"]})
        self.phase = "scored"
        self.expected_dealer = nxt
        winner, text = ref_end(totals, self.o, declarer=dcl,
                               last=self.last_winner if code != "accept50" else None)
        if winner is not None:
            self.result = {"winner": winner, "line": text,
                           "score": line_score(text, winner, totals)}
            over = [t >= self.o["target"] for t in totals]
            if len(totals) == 3 and sum(over) > 1 and winner == self.last_winner:
                self.result["reason"] = "last_trick"  # DB-3P-12 chose him: the sheet says so
            if len(totals) == 2 and all(over) and not self.claim_on:
                self.result["reason"] = "defended"  # DB-END-4 chose him: the sheet says so

    def _ev_match_over(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        assert self.result is not None, f"match_over without a result: {d}"
        assert d["winner"] == self.result["winner"] and d["line"] == self.result["line"], (
            d, self.result)
        assert list(d["totals"]) == self.totals
        self.over = True
        self.phase = "over"

    def check_sheet(self, m: engine.Match) -> None:
        sheet = m.score_sheet
        assert sheet["sides"] == [{"name": NAMES[s], "seats": [s]} for s in range(self.n)]
        assert sheet["rows"] == self.rows, (sheet["rows"], self.rows)
        assert sheet["totals"] == self.totals
        if self.start_totals == [0] * self.n:
            assert [sum(r["points"][s] for r in sheet["rows"])
                    for s in range(self.n)] == self.totals
        if self.short:
            assert len(sheet["rows"]) <= 1 and sum(self.totals) == 0
        assert sheet["pot"] == (0 if self.over else self.pot)
        assert sheet["result"] == (self.result if self.over else None)
        json.dumps(sheet)


def play_random(m: engine.Match, options: dict[str, Any], rng: Any, *,
                max_actions: int = 5000) -> tuple[VariantTracker, list[tuple[int, str]]]:
    """Play ``m`` to the end choosing among the listed codes with ``rng``, checked throughout."""
    tracker = VariantTracker(m, options)
    actions: list[tuple[int, str]] = []
    while not m.is_over:
        assert len(actions) < max_actions, "match did not end"
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        tracker.check_state(m)
        tracker.check_legal(m, seat, legal)
        code = rng.choice(legal)
        tracker.before_action(m, seat, code)
        evs = m.apply(seat, code)
        tracker.after_action(m, seat, code, evs)
        actions.append((seat, code))
        if any(e.type == "deal_scored" for e in evs):
            tracker.check_sheet(m)
    tracker.check_state(m)
    tracker.check_sheet(m)
    return tracker, actions


# ---------------------------------------------------------------- set-ups for rule tests


def deck3(hands: Sequence[Sequence[str]], up: str, bottom: str, *, dealer: int = 2) -> list[str]:
    """The 32-card ``deck`` that deals ``hands`` (9 cards per seat: the first six before the
    contract, the last three after) with three players and this dealer (DB-3P-2)."""
    d: list[str | None] = [None] * 32
    for k in range(3):
        seat = (dealer + 1 + k) % 3
        h = list(hands[seat])
        assert len(h) == 9
        d[3 * k:3 * k + 3] = h[0:3]
        d[9 + 3 * k:12 + 3 * k] = h[3:6]
        d[19 + 3 * k:22 + 3 * k] = h[6:9]
    d[18], d[31] = up, bottom
    used = [c for c in d if c is not None]
    assert len(used) == len(set(used)) == 29, used
    rest = [c for c in ALL_CARDS if c not in used]
    d[28:31] = rest
    assert sorted(c for c in d if c) == sorted(ALL_CARDS)
    return [c for c in d if c is not None]


def with_state(m: engine.Match, **fields: Any) -> engine.Match:
    """The same match with some state fields replaced (``totals``, ``pot``...), through JSON:
    the way a test sets a match in the middle of its life (e.g. E.5 "before the deal A 470")."""
    data = m.to_json()
    data["state"].update(fields)
    return engine.get_game("deberts").from_json(json.loads(json.dumps(data)))


def drive(m: engine.Match, moves: Sequence[tuple[int, str]],
          tracker: VariantTracker | None = None) -> list[dict[str, Any]]:
    """Apply ``moves`` (each must be listed), checking every step with ``tracker`` if given."""
    out: list[dict[str, Any]] = []
    for seat, code in moves:
        assert m.to_move == seat, (seat, code, m.to_move)
        legal = m.legal_actions(seat)
        if tracker is not None:
            tracker.check_state(m)
            tracker.check_legal(m, seat, legal)
            tracker.before_action(m, seat, code)
        assert code in legal, (seat, code, legal)
        evs = m.apply(seat, code)
        if tracker is not None:
            tracker.after_action(m, seat, code, evs)
        out += [e.to_dict() for e in evs]
    if tracker is not None:
        tracker.check_state(m)
        tracker.check_sheet(m)
    return out


def finish_deal(m: engine.Match, *, avoid: Sequence[str] = ("claim", "dave", "redeal"),
                tracker: VariantTracker | None = None) -> list[dict[str, Any]]:
    """Play on with the first listed code (``declare:none`` first, never ``avoid``) until a deal
    is scored or thrown in or the match ends; return the events."""
    out: list[dict[str, Any]] = []
    for _ in range(200):
        seat = m.to_move
        assert seat is not None
        legal = [c for c in m.legal_actions(seat) if c not in avoid]
        code = next((c for c in ("declare:none", "take", "pass") if c in legal), legal[0])
        out += drive(m, [(seat, code)], tracker)
        if m.is_over or any(d["type"] in ("deal_scored", "thrown_in") for d in out):
            return out
    raise AssertionError("the deal did not end")
