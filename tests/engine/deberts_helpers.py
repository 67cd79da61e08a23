"""Shared helpers for the Deberts engine tests (rules doc `docs/rules/deberts.md`, Part A).

- ``make_deck`` / ``deck_for``: build a first-deal ``deck`` from the hands wanted, following the
  dealing procedure DB-DEAL-2..5 (non-dealer ``d[0..2]`` + ``d[6..8]``, dealer ``d[3..5]`` +
  ``d[9..11]``, up-card ``d[12]``, extra cards ``d[13..15]`` / ``d[16..18]``, bottom ``d[31]``).
- A small *reference model* of Part A written from the rules doc alone (card orders and values,
  legal cards, melds, comparison, scoring, sheet cells, result line) and a ``Tracker`` that follows
  a match event by event and checks the engine against that model, including the information
  rule DB-PLAY-8 (no hidden card in ``public_view()`` or in any event).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

import engine
from engine import IllegalAction
from engine.events import event_from_dict
from tests.kit import engine as kit
from tests.kit.engine import act as act  # re-exported: the games' tests import them from here
from tests.kit.engine import dicts as dicts
from tests.kit.engine import of_type as of_type

SUITS = "SHDC"
NATURAL = "AKQJT987"  # BEL-RANK-4, high to low
TRUMP_ORDER = "J9ATKQ87"  # BEL-RANK-1, high to low
PLAIN_ORDER = "ATKQJ987"  # BEL-RANK-2, high to low
TRUMP_VALUE = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}  # BEL-VAL-1
PLAIN_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # BEL-VAL-2
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in NATURAL)
NAMES = ("A", "B")

# Every rule id that exists in deberts.md and belote_common.md: an IllegalAction / InvalidOptions
# must name one of these (docs/design.md "Errors and rule ids").
_IDS = {
    "DB-DEAL": 10, "DB-BID": 6, "DB-MELD": 11, "DB-PLAY": 9, "DB-SCORE": 7, "DB-END": 6,
    "DB-REDEAL": 3, "DB-SHEET": 6, "DB-MOS": 18, "DB-ERR": 3, "DB-KHA": 2, "DB-301": 1,
    "DB-SHORT": 7, "DB-DAVE": 7, "DB-OFFER": 5, "DB-3P": 12, "BEL-DECK": 3, "BEL-RANK": 4,
    "BEL-VAL": 4, "BEL-LAST": 2, "BEL-PLAY": 11, "BEL-MELD": 8, "BEL-CMP": 11,
}
RULE_IDS = kit.rule_ids(
    _IDS,
    "DB-CODES",
    "DB-OPT-ruleset", "DB-OPT-players", "DB-OPT-target", "DB-OPT-format", "DB-OPT-tie",
    "DB-OPT-end", "DB-OPT-table-talk", "DB-OPT-offer-fifty", "DB-OPT-dave-progression",
    "DB-OPT-redeal-four", "DB-OPT-manual-scoring", "DB-OPT-first-dealer",
    "BEL-OPT-contract-kind", "BEL-OPT-trump", "BEL-OPT-partner-exception",
    "BEL-OPT-undertrump", "BEL-OPT-meld-set", "BEL-OPT-tie-rule",
)

GARBAGE_CODES = (
    "", " ", "play:", "play:XX", "play:10H", "play:jh", "play:JH:", "play:JH:bela:x", "take:1",
    "ж", "PASS", "pass ", "trump:", "trump:X", "trump:HH", "declare:", "declare:foo", "declare",
    "bid:1:H", "swap7:7H", "redeal:1", "claim", "offer50", "accept50", "decline50", "ask:trump",
    "ask:height", "dave", "dave:accept", "contra", ":", "::", "play::bela", "x" * 30,
)


# ---------------------------------------------------------------- decks


def make_deck(
    nondealer6: Sequence[str],
    dealer6: Sequence[str],
    up: str,
    nondealer3: Sequence[str],
    dealer3: Sequence[str],
    bottom: str,
    rest: Sequence[str] | None = None,
) -> list[str]:
    """The 32-card ``deck`` (top first) that deals these cards under DB-DEAL-2..5."""
    assert len(nondealer6) == 6 and len(dealer6) == 6
    assert len(nondealer3) == 3 and len(dealer3) == 3
    d: list[str | None] = [None] * 32
    d[0:3] = nondealer6[:3]
    d[3:6] = dealer6[:3]
    d[6:9] = nondealer6[3:]
    d[9:12] = dealer6[3:]
    d[12] = up
    d[13:16] = nondealer3
    d[16:19] = dealer3
    d[31] = bottom
    used = [c for c in d if c is not None]
    assert len(used) == 20 and len(set(used)) == 20, used
    assert set(used) <= set(ALL_CARDS), used
    others = [c for c in ALL_CARDS if c not in used]
    if rest is not None:
        assert sorted(rest) == sorted(others)
        others = list(rest)
    d[19:31] = others
    assert sorted(d) == sorted(ALL_CARDS)
    return [c for c in d if c is not None]


def deck_for(nondealer9: Sequence[str], dealer9: Sequence[str], up: str, bottom: str) -> list[str]:
    """Deck giving the non-dealer ``nondealer9`` and the dealer ``dealer9`` after the contract
    (first six of each before it, last three as the extra cards)."""
    return make_deck(
        nondealer9[:6], dealer9[:6], up, nondealer9[6:], dealer9[6:], bottom
    )


def game() -> engine.Game:
    return engine.get_game("deberts")


def new_match(deck: Sequence[str] | None = None, *, seed: int = 1, **options: Any) -> engine.Match:
    return game().new_match(players=2, options=options, seed=seed, deck=deck)


def hand(m: engine.Match, seat: int) -> set[str]:
    return set(m.view(seat)["hand"])


def group_cards(view: dict[str, Any], name: str) -> list[str]:
    return [g["card"] for g in view["groups"].get(name, [])]


def refuse(m: engine.Match, seat: int, code: str) -> IllegalAction:
    """Apply a code that must be refused (``kit.engine.refuse``, with this game's rule ids)."""
    return kit.refuse(m, seat, code, RULE_IDS)


def play_first(m: engine.Match) -> list[dict[str, Any]]:
    """Let the seat on turn make its first listed play (declaring nothing first if needed)."""
    seat = m.to_move
    assert seat is not None
    legal = m.legal_actions(seat)
    if "declare:none" in legal:
        act(m, seat, "declare:none")
        legal = m.legal_actions(seat)
    plays = [c for c in legal if c.startswith("play:")]
    return act(m, seat, plays[0])


def finish_deal(m: engine.Match, limit: int = 40) -> list[dict[str, Any]]:
    """Play the current deal out with the first listed codes; return its events."""
    out: list[dict[str, Any]] = []
    for _ in range(limit):
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        code = "declare:none" if "declare:none" in legal else legal[0]
        out += act(m, seat, code)
        if any(d["type"] in ("deal_scored", "thrown_in") for d in out):
            return out
    raise AssertionError("deal did not end")


# ---------------------------------------------------------------- reference model (Part A)


def suit(card: str) -> str:
    return card[1]


def points(card: str, trump: str) -> int:
    return (TRUMP_VALUE if suit(card) == trump else PLAIN_VALUE)[card[0]]


def trump_rank(card: str) -> int:
    return len(TRUMP_ORDER) - TRUMP_ORDER.index(card[0])


def plain_rank(card: str) -> int:
    return len(PLAIN_ORDER) - PLAIN_ORDER.index(card[0])


def trick_winner(cards: Sequence[tuple[int, str]], trump: str) -> int:
    """BEL-PLAY-2 / DB-PLAY-6."""
    trumps = [(s, c) for s, c in cards if suit(c) == trump]
    if trumps:
        return max(trumps, key=lambda sc: trump_rank(sc[1]))[0]
    led = suit(cards[0][1])
    return max(
        [(s, c) for s, c in cards if suit(c) == led], key=lambda sc: plain_rank(sc[1])
    )[0]


def legal_cards(hand_cards: Iterable[str], trick: Sequence[str], trump: str) -> set[str]:
    """The reference algorithm of belote_common.md section 3 (suit contract, no partners)."""
    hand_cards = set(hand_cards)
    if not trick:
        return hand_cards
    led = suit(trick[0])
    follow = {c for c in hand_cards if suit(c) == led}
    if led == trump:
        if follow:
            top = max((c for c in trick if suit(c) == led), key=trump_rank)
            higher = {c for c in follow if trump_rank(c) > trump_rank(top)}
            return higher or follow
        return hand_cards
    if follow:
        return follow
    trumps = {c for c in hand_cards if suit(c) == trump}
    if not trumps:
        return hand_cards
    in_trick = [c for c in trick if suit(c) == trump]
    if in_trick:
        over = {t for t in trumps if trump_rank(t) > max(trump_rank(c) for c in in_trick)}
        return over or trumps  # undertrump `required` (3 players); never reached with two
    return trumps


def melds(hand_cards: Iterable[str]) -> list[tuple[str, tuple[str, ...], int]]:
    """(kind, cards top-first, points) per DB-MELD-1/2, BEL-MELD-2 (split from the top)."""
    out: list[tuple[str, tuple[str, ...], int]] = []
    held = set(hand_cards)
    for s in SUITS:
        run: list[str] = []
        for r in NATURAL + "-":
            c = r + s
            if c in held:
                run.append(c)
                continue
            i = 0
            while len(run) - i >= 3:
                n = 4 if len(run) - i >= 4 else 3
                kind, pts = ("fifty", 50) if n == 4 else ("terz", 20)
                out.append((kind, tuple(run[i : i + n]), pts))
                i += n
            run = []
    return out


def meld_key(
    meld: tuple[str, tuple[str, ...], int], trump: str, order_only: bool
) -> tuple[int, ...]:
    """Seniority (DB-MELD-6): length, then height, then trump (unless order_only)."""
    _, cards, _ = meld
    height = len(NATURAL) - NATURAL.index(cards[0][0])
    is_trump = 0 if order_only else int(suit(cards[0]) == trump)
    return (len(cards), height, is_trump)


def best_meld(hand_cards: Iterable[str], trump: str) -> tuple[str, tuple[str, ...], int] | None:
    ms = melds(hand_cards)
    if not ms:
        return None
    return max(ms, key=lambda m: meld_key(m, trump, False))


def comparison_winner(
    declared: Sequence[tuple[int, Any]], trump: str, order_only: bool
) -> int | None:
    """``declared`` = [(seat, best meld or None)] in declaration order (BEL-CMP-4..8, 11)."""
    winner: int | None = None
    wkey: tuple[int, ...] | None = None
    for seat, meld in declared:
        if meld is None:
            continue
        key = meld_key(meld, trump, order_only)
        if wkey is None or key > wkey:
            winner, wkey = seat, key
    return winner


def ref_score(declarer: int, deal_points: Sequence[int], pot: int) -> dict[str, Any]:
    """DB-SCORE-2..6 and DB-DEAL-7 for two players."""
    defender = 1 - declarer
    d, o = deal_points[declarer], deal_points[defender]
    written = [0, 0]
    awarded, pot_to = 0, None
    if d > o:
        outcome = "made"
        written[declarer], written[defender] = d + pot, o
        awarded, pot_to, new_pot = pot, declarer, 0
        next_dealer = declarer
    elif d < o:
        outcome = "bait"
        written[defender] = d + o + pot
        awarded, pot_to, new_pot = pot, defender, 0
        next_dealer = defender
    else:
        outcome = "hanging"
        written[defender] = o
        new_pot = pot + d
        next_dealer = declarer
    if awarded == 0:
        pot_to = None
    return {
        "outcome": outcome, "written": written, "pot": new_pot, "pot_awarded": awarded,
        "pot_to": pot_to, "next_dealer": next_dealer,
    }


def ref_cells(score: dict[str, Any], declarer: int, deal_points: Sequence[int],
              totals: Sequence[int]) -> list[str]:
    """DB-SHEET-1..4 (totals after the deal)."""
    cells = [str(t) for t in totals]
    if score["outcome"] == "bait":
        cells[declarer] = "BT"
    elif score["outcome"] == "hanging":
        cells[declarer] = f"vs({deal_points[declarer]})"
    if score["pot_to"] is not None:
        cells[score["pot_to"]] += f" [+{score['pot_awarded']} vs]"
    return cells


def ref_result(totals: Sequence[int], target: int, last_defender: int) -> tuple[int | None, str]:
    """DB-END-3/4 and DB-SHEET-5."""
    over = [i for i in (0, 1) if totals[i] >= target]
    if not over:
        return None, ""
    if len(over) == 1:
        w = over[0]
        return w, f"Result: {NAMES[w]} wins, {totals[w]} : {totals[1 - w]}"
    w = last_defender
    return w, f"Result: {NAMES[w]} wins, {target} : {target - 1}"


def line_score(line: str, winner: int, totals: Sequence[int]) -> list[int]:
    """The figures of a reference result line (``... wins, <winner> : <others in seat
    order>``, DB-SHEET-5) in seat order: what the sheet's ``result["score"]`` must hold."""
    figures = [int(x) for x in line.rsplit(", ", 1)[1].split(" : ")]
    if len(figures) != len(totals):
        return list(totals)
    others = [s for s in range(len(totals)) if s != winner]
    out = [0] * len(totals)
    out[winner] = figures[0]
    for s, f in zip(others, figures[1:], strict=True):
        out[s] = f
    return out


# ---------------------------------------------------------------- information (DB-PLAY-8)

#: a card code not inside a longer run of letters and digits; the rank first, so that the regex
#: engine scans for that character class (the lookbehind before it would be tried at every
#: position of the text: several times slower on a view)
_CARD_RE = re.compile(r"[AKQJT987](?<![A-Za-z0-9][AKQJT987])[SHDC](?![A-Za-z0-9])")


def cards_in(obj: Any) -> set[str]:
    """Every card code written anywhere in a JSON value (keys included); it must be JSON-able."""
    return set(_CARD_RE.findall(json.dumps(obj)))


_ALL = frozenset(ALL_CARDS)


# ---------------------------------------------------------------- the tracker


class Tracker:
    """Follows one two-player classic match and checks every step against the reference model.

    Call ``check_state(m)`` and ``check_legal(m)`` before an action, ``before_action`` just before
    ``apply`` and ``after_action`` with the events it returned.
    """

    def __init__(self, m: engine.Match, options: dict[str, Any], *, full_views: bool = True):
        self.target = int(options.get("target", 501))
        self.redeal_four = options.get("redeal_four", "on") == "on"
        self.order_only = options.get("tie", "trump_then_order") == "order_only"
        self.full_views = full_views
        self.totals = [0, 0]
        self.pot = 0
        self.rows: list[dict[str, Any]] = []
        self.scored = 0
        self.expected_dealer = int(options.get("first_dealer", 1))
        self.over = False
        self.result: dict[str, Any] | None = None
        self.seen = 0
        self.deals = 0
        self.hand_before: set[str] = set()
        self._hands: dict[int, set[str]] = {}  # hands read since the last action, by seat
        self._reset_deal(None)
        self.process(m, None, None, list(m.events))

    # -- per-deal state
    def _reset_deal(self, dealer: int | None) -> None:
        self.dealer = dealer
        self.up: str | None = None
        self.up_now: str | None = None
        self.bottom: str | None = None
        self.trump: str | None = None
        self.declarer: int | None = None
        self.passes = 0
        self.phase = "bidding"
        self.declared: dict[int, Any] = {}
        self.decl_order: list[int] = []
        self.decl_hand: dict[int, frozenset[str]] = {}
        self.bela_ok: set[int] = set()
        self.bela_done: set[int] = set()
        self.cur: list[tuple[int, str]] = []
        self.last: list[tuple[int, str]] = []
        self.tricks = 0
        self.won = [0, 0]
        self.card_pts = [0, 0]
        self.played: set[str] = set()
        self.played_by = [0, 0]
        self.revealed: set[str] = set()
        self.melds_pending: int | None = None  # seat whose melds must still be shown
        self.cmp_winner: int | None = None
        self.swapped = False

    @property
    def nondealer(self) -> int:
        assert self.dealer is not None
        return 1 - self.dealer

    # -- checks before an action
    def check_state(self, m: engine.Match) -> None:
        pv = m.public_view()
        assert pv["to_move"] == m.to_move
        if self.over:
            assert m.is_over and m.to_move is None and pv["phase"] == "over"
            assert m.legal_actions(0) == [] and m.legal_actions(1) == []
        else:
            assert not m.is_over and m.to_move in (0, 1)
            assert pv["phase"] == self.phase, (pv["phase"], self.phase)
            assert pv["dealer"] == self.dealer
        views = [m.view(0), m.view(1)] if self.full_views else None
        hands = [v["hand"] for v in views] if views is not None else None
        if hands is not None:
            self._hands = {s: set(h) for s, h in enumerate(hands)}
        groups = pv["groups"]
        assert group_cards(pv, "up_card") == [self.up_now], (groups, self.up_now)
        assert group_cards(pv, "bottom_card") == ([self.bottom] if self.bottom else [])
        assert [(g["seat"], g["card"]) for g in groups["trick"]] == self.cur
        if self.tricks:
            assert [(g["seat"], g["card"]) for g in groups["last_trick"]] == self.last
        # leaks: the public view shows only what DB-PLAY-8 makes public
        leaked = cards_in(pv) - self.revealed
        assert not leaked, f"public_view shows hidden cards {sorted(leaked)}"
        if hands is None or views is None:
            return
        for s in (0, 1):
            h = hands[s]
            assert len(h) == len(set(h)) == pv["hand_counts"][s]
            expected = 6 if self.phase == "bidding" else 9 - self.played_by[s]
            if not self.over:
                assert len(h) == expected, (s, h, expected)
            if s in self.decl_hand:
                assert set(h) <= self.decl_hand[s]
            leaked = cards_in(views[s]) - self.revealed - set(h)
            assert not leaked, f"view({s}) shows hidden cards {sorted(leaked)}"
        # conservation: hands, played cards, up-card and bottom card are distinct cards
        parts = [*hands[0], *hands[1], *self.played, self.up_now]
        if self.bottom:
            parts.append(self.bottom)
        assert len(parts) == len(set(parts)), parts
        assert set(parts) <= _ALL

    def _hand(self, m: engine.Match, seat: int) -> set[str]:
        """The seat's hand, from the views ``check_state`` just read when it has."""
        h = self._hands.get(seat)
        if h is None:  # read once a step: a view is costly
            h = self._hands[seat] = hand(m, seat)
        return h

    def expected_legal(self, m: engine.Match, seat: int) -> set[str]:
        h = self._hand(m, seat)
        assert self.up is not None
        up_suit = suit(self.up)
        if self.phase == "bidding":
            if self.passes < 2:
                return {"pass", "take"}
            return {"pass"} | {f"trump:{s}" for s in SUITS if s != up_suit}
        assert self.trump is not None
        if seat not in self.declared:  # first turn (Part D, DB-MELD-5)
            codes = {"declare:none"}
            if melds(h):
                codes.add("declare:best")
            if self.trump == up_suit and "7" + self.trump in h:
                codes.add("swap7")
            if self.redeal_four and (
                all(r + s in h for r in "7" for s in SUITS)
                or all(r + s in h for r in "8" for s in SUITS)
            ):
                codes.add("redeal")
            return codes
        codes = set()
        for c in legal_cards(h, [c for _, c in self.cur], self.trump):
            codes.add("play:" + c)
            if (
                c in ("K" + self.trump, "Q" + self.trump)
                and seat in self.bela_ok
                and seat not in self.bela_done
            ):
                codes.add(f"play:{c}:bela")
        return codes

    def check_legal(self, m: engine.Match, seat: int, legal: list[str]) -> None:
        assert legal, "no legal action for the seat on turn"
        assert legal == sorted(legal)
        assert len(legal) == len(set(legal))
        assert m.legal_actions(1 - seat) == []
        assert all(len(c) <= 24 and c.isascii() and " " not in c for c in legal)
        expected = self.expected_legal(m, seat)
        assert set(legal) == expected, (
            f"seat {seat} phase {self.phase} trick {self.cur} hand {sorted(self._hand(m, seat))}: "
            f"engine {legal}, rules {sorted(expected)}"
        )

    # -- the action
    def before_action(self, m: engine.Match, seat: int, code: str) -> None:
        self.hand_before = set(self._hand(m, seat))
        if code.startswith("declare:"):
            self.decl_hand[seat] = frozenset(self.hand_before)
            if {"K" + str(self.trump), "Q" + str(self.trump)} <= self.hand_before:
                self.bela_ok.add(seat)

    def after_action(self, m: engine.Match, seat: int, code: str, evs: list[Any]) -> None:
        assert evs, f"{seat} {code}: no event"
        new = list(m.events[self.seen :])
        assert new == list(evs), "apply() must return exactly the events it appended"
        self._hands = {}
        self.process(m, seat, code, evs)

    def process(self, m: engine.Match, seat: int | None, code: str | None, evs: list[Any]) -> None:
        for ev in evs:
            d = ev.to_dict()
            json.dumps(d)
            assert event_from_dict(d).to_dict() == d
            self.on_event(d, seat, code)
            self.seen += 1

    def _check_public(self, d: dict[str, Any], extra: Iterable[str] = ()) -> None:
        leaked = cards_in(d) - self.revealed - set(extra)
        assert not leaked, f"event {d} shows hidden cards {sorted(leaked)}"

    def on_event(self, d: dict[str, Any], seat: int | None, code: str | None) -> None:
        t = d["type"]
        assert not self.over, f"event {d} after match_over"
        if t != "melds_shown" and t not in ("trick", "deal_scored", "match_over", "deal"):
            assert self.melds_pending is None, f"melds not shown before {d}"
        if t == "deal":
            assert self.dealer is None or self.phase in ("scored", "thrown"), d
            assert d["dealer"] == self.expected_dealer, (d, self.expected_dealer)
            self._reset_deal(d["dealer"])
            self.deals += 1
            ups = cards_in(d)
            assert len(ups) == 1, f"deal event must show only the up-card: {d}"
            self.up = self.up_now = ups.pop()
            self.revealed = {self.up}
        elif t == "bid":
            self._check_public(d)
            assert self.phase == "bidding"
            assert d["seat"] == seat and d["call"] == code
            if code == "pass":
                self.passes += 1
        elif t == "trump":
            assert self.phase == "bidding" and code is not None and self.up is not None
            assert d["seat"] == seat
            assert d["suit"] == (suit(self.up) if code == "take" else code.split(":")[1])
            self.trump, self.declarer = d["suit"], seat
        elif t == "cards_added":
            assert self.trump is not None
            shown = cards_in(d)
            assert len(shown) == 1, f"cards_added must show only the bottom card: {d}"
            self.bottom = shown.pop()
            self.revealed.add(self.bottom)
            self.phase = "play"
        elif t == "thrown_in":
            if code == "pass":
                assert self.passes == 4 and d["reason"] == "four_passes"
                self._check_public(d)
            else:
                assert code == "redeal" and self.phase == "play"
                rank = "7" if d["reason"] == "four_sevens" else "8"
                assert d["reason"] in ("four_sevens", "four_eights")
                four = {rank + s for s in SUITS}
                assert four <= self.hand_before
                self._check_public(d, four)  # shown by the rule (DB-REDEAL-2)
                self.revealed |= four
            self.phase = "thrown"
            assert self.dealer is not None
            self.expected_dealer = 1 - self.dealer  # DB-DEAL-8
        elif t == "exchange":
            assert code == "swap7" and d["seat"] == seat and self.trump is not None
            assert d["gave"] == "7" + self.trump and d["took"] == self.up_now
            self.up_now = d["gave"]
            self.revealed.add(d["gave"])
            self._check_public(d)
        elif t == "declare":
            self._check_public(d)
            assert d["seat"] == seat and code is not None and self.trump is not None
            assert seat not in self.declared
            h = self.decl_hand[seat]
            if code == "declare:none":
                assert d["what"] == "none"
                self.declared[seat] = None
            else:
                b = best_meld(h, self.trump)
                assert b is not None
                assert d["what"] == b[0], (d, b)
                self.declared[seat] = b
            self.decl_order.append(seat)
        elif t == "play":
            assert code is not None and code.startswith("play:")
            card = code.split(":")[1]
            assert d["seat"] == seat and d["card"] == card
            assert d["call"] == ("bela" if code.endswith(":bela") else "")
            assert card in self.hand_before
            if d["call"]:
                self.bela_done.add(seat)
            self.revealed.add(card)
            self._check_public(d)
            self.cur.append((seat, card))
            self.played.add(card)
            self.played_by[seat] += 1
        elif t == "trick":
            self._check_public(d)
            assert self.trump is not None and len(self.cur) == 2
            self.tricks += 1
            assert d["number"] == self.tricks
            assert [tuple(x) for x in d["cards"]] == self.cur
            w = trick_winner(self.cur, self.trump)
            assert d["winner"] == w, (d, w)
            pts = sum(points(c, self.trump) for _, c in self.cur) + (10 if self.tricks == 9 else 0)
            assert d["points"] == pts, (d, pts)
            self.won[w] += 1
            self.card_pts[w] += pts
            self.last, self.cur = self.cur, []
            if self.tricks == 1:
                assert self.decl_order == [self.nondealer, self.dealer]  # BEL-CMP-8
                self.cmp_winner = comparison_winner(
                    [(s, self.declared[s]) for s in self.decl_order], self.trump, self.order_only
                )
                self.melds_pending = self.cmp_winner
        elif t == "melds_shown":
            assert self.melds_pending is not None, f"unexpected {d}"
            assert d["seat"] == self.melds_pending
            want = sorted(
                (k, sorted(cs), p) for k, cs, p in melds(self.decl_hand[self.melds_pending])
            )
            got = sorted((x["kind"], sorted(x["cards"]), x["points"]) for x in d["melds"])
            assert got == want, (got, want)
            self.revealed |= cards_in(d)
            self.melds_pending = None
        elif t == "deal_scored":
            self._score(d)
        elif t == "match_over":
            assert self.result is not None, f"match_over without a result: {d}"
            assert d["winner"] == self.result["winner"] and d["line"] == self.result["line"]
            assert list(d["totals"]) == self.totals
            self.over = True
            self.phase = "over"
        else:  # pragma: no cover - an event type the contract does not list
            raise AssertionError(f"unexpected event {d}")

    def _score(self, d: dict[str, Any]) -> None:
        assert self.tricks == 9 and self.melds_pending is None, "deal scored before trick 9"
        assert self.trump is not None and self.declarer is not None
        # every card dealt to a player was played; card points are exactly what the tricks give
        assert self.played == self.decl_hand[0] | self.decl_hand[1]
        assert len(self.played) == 18
        value = sum(points(c, self.trump) for c in self.played) + 10
        assert sum(self.card_pts) == value <= 162
        meld_pts = [0, 0]
        w = self.cmp_winner
        if w is not None and self.won[w] > 0:  # DB-MELD-7/8
            meld_pts[w] = sum(p for _, _, p in melds(self.decl_hand[w]))
        bela = [20 if s in self.bela_done else 0 for s in (0, 1)]
        dp = [self.card_pts[s] + meld_pts[s] + bela[s] for s in (0, 1)]
        sc = ref_score(self.declarer, dp, self.pot)
        totals = [self.totals[s] + sc["written"][s] for s in (0, 1)]
        cells = ref_cells(sc, self.declarer, dp, totals)
        self.scored += 1
        assert d["deal"] == self.scored
        assert d["declarer"] == self.declarer
        assert d["outcome"] == sc["outcome"], (d, sc)
        assert d["pot"] == sc["pot"] and d["pot_awarded"] == sc["pot_awarded"], (d, sc)
        for s in (0, 1):
            side = d["sides"][s]
            want = {
                "card_points": self.card_pts[s], "melds": meld_pts[s], "bela": bela[s],
                "deal_points": dp[s], "written": sc["written"][s], "cell": cells[s],
                "total": totals[s],
            }
            got = {k: side.get(k) for k in want}
            assert got == want, f"side {s}: engine {got}, rules {want}"
        self.totals, self.pot = totals, sc["pot"]
        self.rows.append(
            {"deal": self.scored, "cells": cells, "points": sc["written"], "note": sc["outcome"]}
        )
        self.phase = "scored"
        self.expected_dealer = sc["next_dealer"]  # DB-DEAL-7
        winner, line = ref_result(totals, self.target, 1 - self.declarer)
        if winner is not None:
            self.result = {"winner": winner, "line": line,
                           "score": line_score(line, winner, totals)}
            if all(t >= self.target for t in totals):  # the sheet says why (DB-END-4)
                self.result["reason"] = "defended"

    def check_sheet(self, m: engine.Match) -> None:
        sheet = m.score_sheet
        assert sheet["sides"] == [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}]
        assert sheet["rows"] == self.rows
        assert sheet["totals"] == self.totals
        assert [sum(r["points"][s] for r in sheet["rows"]) for s in (0, 1)] == sheet["totals"]
        assert sheet["pot"] == (0 if self.over else self.pot)  # DB-SCORE-7, DB-END-6
        assert sheet["result"] == (self.result if self.over else None)
        json.dumps(sheet)


# ---------------------------------------------------------------- worked examples (deberts.md E)

E1_DECK = [
    "JH", "9H", "AH", "TH", "7H", "KS", "AS", "TS", "7C", "QS", "AC", "KD", "8H", "KH", "QH", "8D",
    "JS", "TC", "QD", "9S", "8S", "7S", "AD", "JD", "TD", "9D", "7D", "KC", "QC", "JC", "9C", "8C",
]

# E.1 after the contract (seat 0 takes): the table's moves, in order.
E1_MOVES: tuple[tuple[int, str], ...] = (
    (0, "declare:best"), (0, "play:JH"), (1, "declare:best"), (1, "play:7H"),
    (0, "play:9H"), (1, "play:TH"),
    (0, "play:AH"), (1, "play:QD"),
    (0, "play:KH:bela"), (1, "play:KD"),
    (0, "play:QH"), (1, "play:JS"),
    (0, "play:AS"), (1, "play:QS"),
    (0, "play:TS"), (1, "play:KS"),
    (0, "play:7C"), (1, "play:AC"),
    (1, "play:TC"), (0, "play:8D"),
)

# E.4: A = seat 0 (non-dealer) holds the fifty T-9-8-7 of hearts and the bela K-Q of spades and
# wins no trick; B = seat 1 (dealer) takes on the up-card 8S.
E4_A = ["KS", "QS", "TH", "9H", "8H", "7H", "7D", "9D", "7C"]
E4_B = ["JS", "9S", "AS", "TS", "AD", "TD", "KD", "AC", "TC"]
E4_DECK = deck_for(E4_A, E4_B, "8S", "QH")
E4_MOVES: tuple[tuple[int, str], ...] = (
    (0, "pass"), (1, "take"),
    (0, "declare:best"), (0, "play:7H"), (1, "declare:best"), (1, "play:TS"),
    (1, "play:JS"), (0, "play:QS:bela"),
    (1, "play:9S"), (0, "play:KS"),
    (1, "play:AS"), (0, "play:TH"),
    (1, "play:AD"), (0, "play:7D"),
    (1, "play:TD"), (0, "play:9D"),
    (1, "play:KD"), (0, "play:9H"),
    (1, "play:AC"), (0, "play:7C"),
    (1, "play:TC"), (0, "play:8H"),
)


def run_moves(
    m: engine.Match, moves: Iterable[tuple[int, str]], tracker: Tracker | None = None
) -> list[dict[str, Any]]:
    """Apply moves (each must be listed), checking every step with ``tracker`` if given."""
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
        out += dicts(evs)
    if tracker is not None:
        tracker.check_state(m)
        tracker.check_sheet(m)
    return out


def random_match(
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    chooser: int | None = None,
    deck: Sequence[str] | None = None,
    max_actions: int = 5000,
) -> tuple[engine.Match, Tracker, list[tuple[int, str]]]:
    """Play a whole match choosing uniformly among the listed codes, checked by a Tracker."""
    import random

    options = dict(options or {})
    rng = random.Random(seed if chooser is None else chooser)
    m = game().new_match(players=2, options=options, seed=seed, deck=deck)
    tracker = Tracker(m, options)
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
    return m, tracker, actions
