"""Shared helpers for the married bridge engine tests (rules doc `docs/rules/married_bridge.md`).

- The decks of MB-EX-7 (the seed's, which reproduces its out-of-turn lead, and the corrected one)
  and the seed's record of play as action codes.
- A small *reference model* written from the rules doc alone: the deal (MB-DEAL-4/5), legal
  cards (MB-PRE-2, MB-PLAY-3/4), trick winners (MB-PRE-3, MB-PLAY-5), the bid ladder and the
  auction's calls (MB-BID), the draws (MB-PRE-5/8/9) and the scoring (MB-SCORE, MB-END).
- A ``Tracker`` that follows a match action by action, predicts every event and every legal
  code of both seats, and checks views, card conservation and the information rules (MB-INFO).
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

RANKS = "AKQJT98765432"  # MB-DECK-1, high to low
SUITS = "SHDC"  # MB-DECK-2, high to low
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
STRAINS = ("C", "D", "H", "S", "NT")  # MB-BID-3, low to high
BIDS: tuple[tuple[int, str], ...] = tuple((lv, st) for lv in range(1, 8) for st in STRAINS)
BID_CODES: tuple[str, ...] = tuple(f"bid:{lv}:{st}" for lv, st in BIDS)

# Every rule id of married_bridge.md: an IllegalAction / InvalidOptions must name one of these.
_IDS = {"MB-DECK": 3, "MB-DEAL": 6, "MB-PRE": 10, "MB-BID": 10, "MB-PLAY": 8, "MB-SCORE": 8,
        "MB-END": 4, "MB-INFO": 6}
RULE_IDS = kit.rule_ids(
    _IDS,
    "MB-CODES", "MB-OPT", "MB-OPT-format", "MB-OPT-escape", "MB-OPT-manual-draws",
    "MB-OPT-first-dealer",
)

GARBAGE_CODES = (
    "", " ", "play:", "play:XX", "play:10H", "play:qh", "play:QH:", "play:QH:x", "play:1S",
    "bid", "bid:", "bid:0:H", "bid:8:H", "bid:1:N", "bid:1:nt", "bid:1:H:", "bid:01:H",
    "bid:1", "bid:H:1", "draw:", "draw:XX", "draw:QH:1", "contra:1", "recontra:", "PASS",
    "pass ", "take", "trump:H", "declare:none", "redouble", "double", "ж", ":", "::",
    "x" * 30, "play:RJ", "draw:BJ",
)

# ---------------------------------------------------------------- MB-EX-7

_EX7_LINE_1 = "AH TH 9H JH 7H 6H 3H 2H 5H 4H QS KC JC 5S AC QC 9C 4C TC 8C TD 5D 2D 9D 8D 3D"
_EX7_LINE_2 = "8S KS 2S JD AD KH 8H TS 6D 3S KD 4D 6S 4S 7D QH 2C QD 5C JS AS 6C 9S 3C 7S 7C"
SEED_DECK: tuple[str, ...] = tuple(f"{_EX7_LINE_1} {_EX7_LINE_2}".split(" "))
#: swap the talon cards 9S and 3C (deck positions 48 and 49)
CORRECTED_DECK: tuple[str, ...] = (
    *SEED_DECK[:48], SEED_DECK[49], SEED_DECK[48], *SEED_DECK[50:])
SERGEI, OLGA = 0, 1
#: preliminary tricks as the seed tells them: (leader, lead, reply), tricks 1-11
SEED_PRELIM_1_11: tuple[tuple[int, str, str], ...] = (
    (SERGEI, "2H", "4H"), (OLGA, "3D", "2D"), (OLGA, "5H", "3H"), (OLGA, "2S", "8S"),
    (SERGEI, "5D", "8D"), (OLGA, "3S", "TS"), (SERGEI, "4D", "9D"), (OLGA, "4S", "6S"),
    (SERGEI, "4C", "8C"), (OLGA, "5S", "QS"), (SERGEI, "2C", "5C"),
)
CORRECTED_PRELIM_12_13: tuple[tuple[int, str, str], ...] = (
    (OLGA, "7D", "6D"), (OLGA, "3C", "9C"))
EX7_AUCTION: tuple[tuple[int, str], ...] = (
    (OLGA, "bid:1:C"), (SERGEI, "bid:1:H"), (OLGA, "bid:1:NT"), (SERGEI, "bid:2:H"),
    (OLGA, "contra"), (SERGEI, "recontra"))
#: the hands at the auction (the seed's Fig. 18): Sergei, Olga
EX7_AUCTION_HANDS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("AS", "JS", "9S", "AH", "KH", "QH", "TH", "9H", "JD", "TD", "KC", "JC", "7C"),
    ("KS", "7S", "JH", "8H", "7H", "6H", "AD", "KD", "QD", "AC", "QC", "TC", "6C"))
#: main play: (leader, lead, reply, winner)
EX7_MAIN: tuple[tuple[int, str, str, int], ...] = (
    (SERGEI, "QH", "6H", SERGEI), (SERGEI, "KH", "7H", SERGEI), (SERGEI, "AH", "8H", SERGEI),
    (SERGEI, "AS", "JH", OLGA), (OLGA, "QD", "9H", SERGEI), (SERGEI, "JC", "QC", OLGA),
    (OLGA, "KD", "TH", SERGEI), (SERGEI, "JS", "KS", OLGA), (OLGA, "AD", "TD", OLGA),
    (OLGA, "AC", "7C", OLGA), (OLGA, "TC", "KC", SERGEI), (SERGEI, "JD", "6C", SERGEI),
    (SERGEI, "9S", "7S", SERGEI),
)


# ---------------------------------------------------------------- small helpers


def game() -> engine.Game:
    return engine.get_game("married_bridge")


def new_match(deck: Sequence[str] | None = None, *, seed: int = 1,
              **options: Any) -> engine.Match:
    return game().new_match(players=2, options=options, seed=seed,
                            deck=list(deck) if deck is not None else None)


def hand(m: engine.Match, seat: int) -> list[str]:
    return list(m.view(seat)["hand"])


def fact(view: dict[str, Any], key: str, seat: int | None = None) -> Any:
    found = [f["value"] for f in view["facts"] + view.get("private", [])
             if f["key"] == key and (seat is None or f.get("seat") == seat)]
    return found[0] if found else None


def refuse(m: engine.Match, seat: int, code: Any) -> IllegalAction:
    """Apply a code that must be refused (``kit.engine.refuse``, with this game's rule ids)."""
    return kit.refuse(m, seat, code, RULE_IDS)


def play_trick(m: engine.Match, lead: tuple[int, str], reply: str) -> list[dict[str, Any]]:
    seat, card = lead
    return act(m, seat, "play:" + card) + act(m, 1 - seat, "play:" + reply)


def finish_preliminary(m: engine.Match) -> None:
    """Play the preliminary tricks with the first listed codes until the auction."""
    for _ in range(200):
        if m.public_view()["phase"] != "preliminary":
            return
        seat = m.to_move
        assert seat is not None
        act(m, seat, m.legal_actions(seat)[0])
    raise AssertionError("the preliminary play did not end")


def auction(m: engine.Match, calls: Sequence[tuple[int, str]]) -> None:
    for seat, code in calls:
        act(m, seat, code)


def finish_main(m: engine.Match) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for _ in range(30):
        if m.public_view()["phase"] != "main_play":
            return out
        seat = m.to_move
        assert seat is not None
        out += act(m, seat, m.legal_actions(seat)[0])
    raise AssertionError("the main play did not end")


def bridge_sorted(cards: Iterable[str]) -> list[str]:
    """♠ ♥ ♦ ♣, ace first (the task's display order)."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


# ---------------------------------------------------------------- reference model


def ref_deal(deck: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """MB-DEAL-4/5: packets 3-2-3-2-3, the non-dealer first in every round; talon d[26..51]."""
    non_dealer: list[str] = []
    dealer: list[str] = []
    pos = 0
    for size in (3, 2, 3, 2, 3):
        non_dealer += deck[pos:pos + size]
        dealer += deck[pos + size:pos + 2 * size]
        pos += 2 * size
    assert pos == 26
    return non_dealer, dealer, list(deck[26:])


def ref_legal_cards(hand_cards: Iterable[str], led: str | None, trump: str | None,
                    main: bool) -> set[str]:
    """MB-PRE-2 (follow suit), MB-PLAY-3 (led suit or a trump, at his choice), MB-PLAY-4."""
    h = set(hand_cards)
    if led is None:
        return h
    ok = {c for c in h if c[1] == led or (main and trump is not None and c[1] == trump)}
    return ok or h


def ref_winner(cards: Sequence[tuple[int, str]], trump: str | None) -> int:
    """MB-PRE-3 / MB-PLAY-5: the highest trump, else the highest card of the led suit."""
    trumps = [sc for sc in cards if sc[1][1] == trump]
    pool = trumps or [sc for sc in cards if sc[1][1] == cards[0][1][1]]
    return min(pool, key=lambda sc: RANKS.index(sc[1][0]))[0]


def ref_bid_index(level: int, strain: str) -> int:
    return BIDS.index((level, strain))


def ref_score(level: int, strain: str, mult: int, tricks: int) -> tuple[int, int]:
    """(declarer, defender) points (MB-SCORE-1 to MB-SCORE-5)."""
    need = 6 + level
    per = 20 if strain in "CD" else 30
    if tricks >= need:
        value = 40 + 30 * (tricks - 1) if strain == "NT" else per * tricks
        return value * mult, (-50 if mult > 1 else 0)
    return 0, (need - tricks) * per * mult


def ref_contract(level: int, strain: str, mult: int) -> str:
    return f"{level}{strain}" + {1: "", 2: "X", 4: "XX"}[mult]


def ref_cell(points: int) -> str:
    return "0" if points == 0 else (f"+{points}" if points > 0 else str(points))


# ---------------------------------------------------------------- information (MB-INFO)

#: a card code not inside a longer run of letters and digits, the rank first (a character class
#: the regex engine scans for; a lookbehind first would be tried at every position)
_CARD_RE = re.compile(
    r"[AKQJT98765432](?<![A-Za-z0-9][AKQJT98765432])[SHDC](?![A-Za-z0-9])")
_CONTRACT_KEYS = {"contract", "note"}
_CONTRACT_FACTS = {"mb_contract", "mb_contra_on"}


def cards_in(obj: Any) -> set[str]:
    """Every card code written anywhere in a JSON value (a view, a list of facts, an event),
    except contract notations such as ``2H`` (the ``contract`` field, contract facts)."""
    if isinstance(obj, dict):
        obj = {k: v for k, v in obj.items() if k not in _CONTRACT_KEYS}
        if isinstance(obj.get("facts"), list):
            obj["facts"] = [f for f in obj["facts"] if f.get("key") not in _CONTRACT_FACTS]
    elif isinstance(obj, list | tuple):
        obj = [x for x in obj if not (isinstance(x, dict) and x.get("key") in _CONTRACT_FACTS)]
    return set(_CARD_RE.findall(json.dumps(obj)))


# ---------------------------------------------------------------- the tracker


class Tracker:
    """Follows one match and checks every step against the reference model.

    Call ``check(m)`` before an action (legal codes of both seats, views, conservation, leaks;
    ``check(m, views=False)`` leaves out the views)
    and ``after(m, seat, code, events)`` after it (every event predicted).

    Args:
        m: a match just created.
        options: the options it was created with.
        deck: the first game's deck if one was given (the talon order is then known; later
            games are followed from the views: hands and drawn cards, not the talon order).
    """

    def __init__(self, m: engine.Match, options: dict[str, Any],
                 deck: Sequence[str] | None = None) -> None:
        self.manual = bool(options.get("manual_draws", False))
        self.escape = bool(options.get("escape_after_contra", True))
        self.games = 2 if options.get("match_format") == "rubber_of_two" else 1
        self.dealer = int(options.get("first_dealer", 1))
        self.totals = [0, 0]
        self.rows: list[dict[str, Any]] = []
        self.game_no = 0
        self.over = False
        self.result: dict[str, Any] | None = None
        self.seen_events = 0
        self.irregular_draws = 0
        self.expected: list[dict[str, Any]] = []
        self._start_game(m, deck)
        self._compare(m, list(m.events))

    # -- model
    def _start_game(self, m: engine.Match, deck: Sequence[str] | None) -> None:
        self.game_no += 1
        elder = 1 - self.dealer
        self.hands: list[set[str]] = [set(), set()]
        if deck is not None:
            nd, dl, talon = ref_deal(deck)
            self.hands[elder], self.hands[self.dealer] = set(nd), set(dl)
            self.talon: list[str] | None = talon
        else:
            self.hands = [set(hand(m, 0)), set(hand(m, 1))]
            self.talon = None
        self.talon_set = set(ALL_CARDS) - self.hands[0] - self.hands[1]
        assert len(self.hands[0]) == len(self.hands[1]) == 13 and len(self.talon_set) == 26
        self.out: set[str] = set()
        self.phase = "preliminary"
        self.turn = self.leader = elder
        self.cur: list[tuple[int, str]] = []
        self.last: list[tuple[int, str]] = []
        self.prelim = 0
        self.drawing = False
        self.dleader = self.next_leader = elder
        self.drawn = [False, False]
        self.privileged: int | None = None
        self.seen: list[set[str]] = [set(), set()]
        self.calls: list[tuple[int, str]] = []
        self.bid: tuple[int, str] | None = None
        self.bidder: int | None = None
        self.contra = False
        self.contract: tuple[int, str, int] | None = None
        self.declarer: int | None = None
        self.won = [0, 0]
        self.main = 0
        self.expected.append({"type": "deal", "deal": self.game_no, "dealer": self.dealer,
                              "public": {}})

    @property
    def trump(self) -> str | None:
        assert self.contract is not None
        return None if self.contract[1] == "NT" else self.contract[1]

    def expected_legal(self, seat: int) -> set[str]:
        if self.over:
            return set()
        if self.phase == "preliminary" and self.drawing:
            if self.privileged is not None:
                if seat != self.privileged:
                    return set()
                if len(self.talon_set) == 1:
                    return {"draw"}
                if self.talon is None:
                    return {"?privileged"}
                return {"draw:" + c for c in self.talon[:2]}
            return {"draw"}  # due, or irregular (out of turn / a second card), MB-PRE-9
        if seat != self.turn:
            return set()
        if self.phase == "preliminary":
            led = self.cur[0][1][1] if self.cur else None
            return {"play:" + c for c in ref_legal_cards(self.hands[seat], led, None, False)}
        if self.phase == "bidding":
            floor = -1 if self.bid is None else ref_bid_index(*self.bid)
            higher = {c for i, c in enumerate(BID_CODES) if i > floor}
            if self.bid is None:
                return higher  # MB-BID-4
            if self.contra:
                return {"pass", "recontra"} | (higher if self.escape else set())
            return higher | {"contra", "pass"}
        led = self.cur[0][1][1] if self.cur else None
        return {"play:" + c for c in ref_legal_cards(self.hands[seat], led, self.trump, True)}

    # -- checks before an action
    def check(self, m: engine.Match, *, views: bool = True) -> None:
        """The legal codes of both seats by the model and the conservation of the cards, and with
        ``views`` the public view and both seats' views (their facts, MB-INFO leaks)."""
        for s in (0, 1):
            legal = m.legal_actions(s)
            assert legal == sorted(legal) and len(legal) == len(set(legal))
            assert all(len(c) <= 24 and c.isascii() and " " not in c for c in legal)
            expected = self.expected_legal(s)
            if expected == {"?privileged"}:
                cards = {c.split(":")[1] for c in legal}
                assert len(cards) == 2 and all(c.startswith("draw:") for c in legal), legal
                assert cards <= self.talon_set
            else:
                assert set(legal) == expected, (
                    f"seat {s} {self.phase} trick {self.cur} hand {sorted(self.hands[s])}: "
                    f"engine {legal}, rules {sorted(expected)}")
        if self.over:
            assert m.is_over and m.to_move is None
            if views:
                pv = m.public_view()
                assert pv["phase"] == "over" and pv["to_move"] is None
            assert m.score_sheet["result"] == self.result
            return
        assert not m.is_over and m.to_move == self.turn, (m.to_move, self.turn)
        assert m.legal_actions(self.turn), "no legal action for the seat to move"
        if views:
            self._check_views(m)
        self._check_conservation()

    def _check_views(self, m: engine.Match) -> None:
        """The public view and both seats' views against the model (``check``)."""
        pv = m.public_view()
        views = [m.view(0), m.view(1)]
        assert pv["to_move"] == m.to_move
        assert pv["phase"] == self.phase and pv["dealer"] == self.dealer
        assert pv["deal"] == self.game_no and pv["totals"] == self.totals
        assert [(g["seat"], g["card"]) for g in pv["groups"]["trick"]] == self.cur
        assert [(g["seat"], g["card"]) for g in pv["groups"]["last_trick"]] == self.last
        assert pv["calls"] == [{"seat": s, "call": c} for s, c in self.calls]
        assert pv["hand_counts"] == [len(h) for h in self.hands]
        assert pv["tricks_won"] == self.won
        if self.phase == "preliminary":
            assert fact(pv, "mb_talon") == len(self.talon_set)
        if self.contract is not None:
            assert fact(pv, "mb_contract", self.declarer) == ref_contract(*self.contract)
            assert fact(pv, "trump") == self.trump
            assert [fact(pv, "mb_tricks", s) for s in (0, 1)] == self.won
        # MB-INFO: the public view shows only the cards of the trick and the last trick
        shown = {c for _, c in self.cur + self.last}
        leaked = cards_in(pv) - shown
        assert not leaked, f"public_view shows hidden cards {sorted(leaked)}"
        for s in (0, 1):
            v = views[s]
            assert v["hand"] == bridge_sorted(self.hands[s]), (v["hand"], self.hands[s])
            peek = set(self.talon[:2]) if (self.talon is not None and self.drawing
                                           and self.privileged == s) else set()
            # the card he drew last is in his own hand (MB-PRE-5); the rest name talon cards
            drawn = [f["value"] for f in v.get("private", []) if f["key"] == "mb_drawn"]
            assert len(drawn) <= 1 and set(drawn) <= set(self.hands[s]), (drawn, self.hands[s])
            private = cards_in([f for f in v.get("private", []) if f["key"] != "mb_drawn"])
            if self.talon is not None:
                assert private <= self.seen[s] | peek, (private, self.seen[s], peek)
            assert private <= self.talon_set
            leaked = cards_in(v) - shown - self.hands[s] - private
            assert not leaked, f"view({s}) shows hidden cards {sorted(leaked)}"

    def _check_conservation(self) -> None:
        """The model's hands, talon and cards out of play (``check``)."""
        # conservation: hands, talon and cards out of play are the 52 cards once each
        parts = [*self.hands[0], *self.hands[1], *self.talon_set, *self.out,
                 *(c for _, c in self.cur)]
        assert len(parts) == 52 and set(parts) == set(ALL_CARDS)
        if self.talon is not None:
            assert set(self.talon) == self.talon_set and len(self.talon) == len(self.talon_set)
        in_trick = [sum(1 for p, _ in self.cur if p == s) for s in (0, 1)]
        for s in (0, 1):
            if self.phase == "preliminary":
                owed = 1 if self.drawing and not self.drawn[s] else 0
                assert len(self.hands[s]) == 13 - in_trick[s] - owed
                owed_all = sum(1 for x in (0, 1) if self.drawing and not self.drawn[x])
                assert len(self.talon_set) == 26 - 2 * self.prelim + owed_all
            elif self.phase == "bidding":
                assert len(self.hands[s]) == 13 and not self.talon_set
            else:
                assert len(self.hands[s]) == 13 - self.main - in_trick[s]

    def check_sheet(self, m: engine.Match) -> None:
        sheet = m.score_sheet
        assert sheet["sides"] == [{"name": "seat 0", "seats": [0]},
                                  {"name": "seat 1", "seats": [1]}]
        assert sheet["rows"] == self.rows and sheet["totals"] == self.totals
        assert sheet["pot"] == 0 and sheet["result"] == self.result
        sums = [sum(r["points"][s] for r in sheet["rows"]) for s in (0, 1)]
        assert sums == sheet["totals"]

    # -- after an action
    def after(self, m: engine.Match, seat: int, code: str, evs: list[Any]) -> None:
        assert evs, f"{seat} {code}: no event"
        assert list(m.events[self.seen_events:]) == list(evs)
        self.expected = []
        if self.phase == "preliminary" and self.drawing:
            self._draw(m, seat, code)
        elif self.phase == "preliminary":
            self._play(m, seat, code.split(":")[1])
        elif self.phase == "bidding":
            self._call(seat, code)
        else:
            self._play(m, seat, code.split(":")[1])
        self._compare(m, evs)

    def _compare(self, m: engine.Match, evs: list[Any]) -> None:
        got = dicts(evs)
        for d in got:
            json.dumps(d)
            assert event_from_dict(d).to_dict() == d
        assert len(got) == len(self.expected), (got, self.expected)
        for g, e in zip(got, self.expected, strict=True):
            if g["type"] == "deal_scored":
                assert {k: g[k] for k in e if k != "sides"} == {
                    k: v for k, v in e.items() if k != "sides"}, (g, e)
                for gs, es in zip(g["sides"], e["sides"], strict=True):
                    assert {k: gs[k] for k in es} == es, (gs, es)
            else:
                assert g == e, (g, e)
        self.seen_events = len(m.events)

    def _take(self, m: engine.Match, seat: int, kind: str, card: str | None = None) -> None:
        if card is None:
            if self.talon is not None:
                card = self.talon[0]
            else:
                new = set(hand(m, seat)) - self.hands[seat] - {c for _, c in self.cur}
                new = new & self.talon_set
                assert len(new) >= 1, "a drawn card must come from the talon"
                card = sorted(new)[0] if len(new) == 1 else self._unknown_draw(new)
        assert card in self.talon_set
        if self.talon is not None:
            self.talon.remove(card)
        self.talon_set.discard(card)
        self.hands[seat].add(card)
        self.drawn[seat] = True
        for s in (0, 1):
            self.seen[s].discard(card)
        self.expected.append({"type": "talon_draw", "seat": seat, "kind": kind,
                              "talon": len(self.talon_set)})

    @staticmethod
    def _unknown_draw(new: set[str]) -> str:
        raise AssertionError(f"a seat gained several talon cards at once: {sorted(new)}")

    def _draws_done(self) -> None:
        self.drawing, self.privileged = False, None
        if self.prelim == 13:
            assert not self.talon_set
            # the 13th trick stays the last trick through the auction (MB-BID-1, MB-PRE-10)
            self.phase, self.turn = "bidding", self.dealer
        else:
            self.turn = self.leader = self.next_leader

    def _draw(self, m: engine.Match, seat: int, code: str) -> None:
        lead, other = self.dleader, 1 - self.dleader
        if self.privileged is not None:  # MB-PRE-9 (d)
            assert seat == self.privileged
            card = code.split(":")[1] if code != "draw" else None
            if self.talon is not None:
                top = self.talon[:2]
                self._take(m, seat, "privileged", card if card else top[0])
                self.seen[seat] |= set(top) - {card}
            else:
                self._take(m, seat, "privileged", card)
            self._draws_done()
            return
        assert code == "draw"
        if not self.drawn[lead]:
            if seat == lead:
                self._take(m, seat, "regular")
                self.turn = other
            else:  # MB-PRE-9 (c) out of turn
                self._take(m, seat, "out_of_turn")
                self.privileged = self.turn = lead
                self.irregular_draws += 1
            return
        if seat == other:
            self._take(m, seat, "regular")
            self._draws_done()
            return
        # a second card: seen, put back on top
        if self.talon is not None:  # unknown in a seeded game: the views are checked loosely
            self.seen[seat].add(self.talon[0])
        self.privileged = self.turn = other
        self.irregular_draws += 1
        self.expected.append({"type": "talon_draw", "seat": seat, "kind": "second_card",
                              "talon": len(self.talon_set)})

    def _play(self, m: engine.Match, seat: int, card: str) -> None:
        assert card in self.hands[seat]
        self.hands[seat].remove(card)
        self.cur.append((seat, card))
        self.expected.append({"type": "play", "seat": seat, "card": card, "call": ""})
        if len(self.cur) == 1:
            self.turn = 1 - seat
            return
        self.out |= {c for _, c in self.cur}
        if self.phase == "preliminary":
            winner = ref_winner(self.cur, None)
            self.prelim += 1
            self._trick(self.prelim, winner)
            self.dleader, self.next_leader = self.leader, winner
            self.drawn = [False, False]
            if self.manual:
                self.drawing, self.turn = True, self.leader
                return
            self.drawing = True
            lead = self.leader
            self._take(m, lead, "regular")
            self._take(m, 1 - lead, "regular")
            self._draws_done()
            return
        winner = ref_winner(self.cur, self.trump)
        self.main += 1
        self.won[winner] += 1
        self._trick(self.main, winner)
        self.turn = self.leader = winner
        if self.main == 13:
            self._score(m)

    def _trick(self, number: int, winner: int) -> None:
        self.expected.append({"type": "trick", "number": number,
                              "cards": [[p, c] for p, c in self.cur], "winner": winner,
                              "points": 0})
        self.last, self.cur = self.cur, []

    def _call(self, seat: int, code: str) -> None:
        self.calls.append((seat, code))
        self.expected.append({"type": "bid", "seat": seat, "call": code})
        if code.startswith("bid:"):
            _, lv, st = code.split(":")
            self.bid, self.bidder, self.contra = (int(lv), st), seat, False
            self.turn = 1 - seat
            return
        if code == "contra":
            self.contra, self.turn = True, 1 - seat
            return
        mult = 4 if code == "recontra" else 2 if self.contra else 1
        assert self.bid is not None and self.bidder is not None
        self.contract = (self.bid[0], self.bid[1], mult)
        self.declarer = self.bidder
        self.phase, self.turn, self.leader, self.last = "main_play", self.bidder, self.bidder, []
        self.expected.append({"type": "contract_reached", "declarer": self.bidder,
                              "level": self.bid[0], "strain": self.bid[1], "multiplier": mult,
                              "contract": ref_contract(*self.contract)})

    def _score(self, m: engine.Match) -> None:
        assert self.contract is not None and self.declarer is not None
        d = self.declarer
        t = self.won[d]
        pd, po = ref_score(*self.contract, t)
        points = [0, 0]
        points[d], points[1 - d] = pd, po
        self.totals = [a + b for a, b in zip(self.totals, points, strict=True)]
        cells = [ref_cell(p) for p in points]
        self.rows.append({"deal": self.game_no, "cells": cells, "points": points,
                          "note": f"{ref_contract(*self.contract)} by seat {d}, {t} tricks"})
        self.expected.append({
            "type": "deal_scored", "deal": self.game_no, "declarer": d,
            "outcome": "made" if t >= 6 + self.contract[0] else "defeated", "pot": 0,
            "pot_awarded": 0,
            "sides": [{"tricks": self.won[s], "written": points[s], "cell": cells[s],
                       "total": self.totals[s]} for s in (0, 1)]})
        if self.game_no == self.games:
            t0, t1 = self.totals
            winner = None if t0 == t1 else (0 if t0 > t1 else 1)
            line = f"draw {t0} | {t1}" if winner is None else f"seat {winner} wins {t0} | {t1}"
            self.result = {"winner": winner, "line": line, "score": [t0, t1]}
            self.over = True
            self.phase = "over"
            self.expected.append({"type": "match_over", "winner": winner, "line": line,
                                  "totals": [t0, t1]})
            return
        self.dealer = 1 - self.dealer  # MB-DEAL-2
        self._start_game(m, None)
