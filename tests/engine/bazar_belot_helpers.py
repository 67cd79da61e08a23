"""Shared helpers for the Bazar-Belot engine tests (rules doc `docs/rules/bazar_belot.md`).

- ``deck_for``: the first-deal ``deck`` that gives each seat the cards wanted (BB-DEAL-5).
- ``act`` / ``refuse`` / ``run``: apply codes with the checks every test wants.
- A small *reference model* written from the rules doc alone, independent of the engine's code:
  ``RefAuction`` replays the calls of a deal and answers who may call what (BB-BID), plus card
  orders and values, legal cards, melds, comparison, showing and scoring (BEL-, BB-MELD,
  BB-PLAY, BB-SCORE, BB-SHEET).
- ``Tracker`` follows a match action by action and checks the engine against that model: the
  legal codes of all four seats, the seat on turn, tricks, deal scores, sheet rows, and the
  information rule BB-PLAY-12 (no hidden card in ``public_view()``, another seat's ``view`` or an
  event).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import engine
from engine import IllegalAction
from tests.kit import engine as kit
from tests.kit.engine import act as act  # re-exported: the games' tests import them from here
from tests.kit.engine import dicts as dicts
from tests.kit.engine import of_type as of_type

SUITS = "SHDC"
NATURAL = "AKQJT987"  # BEL-RANK-4
TRUMP_ORDER = "J9ATKQ87"  # BEL-RANK-1
PLAIN_ORDER = "ATKQJ987"  # BEL-RANK-2
TRUMP_VALUE = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}  # BEL-VAL-1
PLAIN_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # BEL-VAL-2
NT_VALUE = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # BEL-VAL-3
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in NATURAL)
STRAINS = ("S", "H", "D", "C", "NT", "AT")
KAPO_STRAINS = ("S", "H", "D", "C", "NT")

_IDS = {
    "BB-DEAL": 7, "BB-BID": 21, "BB-MELD": 15, "BB-PLAY": 13, "BB-SCORE": 12, "BB-END": 4,
    "BB-REDEAL": 3, "BB-SHEET": 4, "BEL-DECK": 3, "BEL-RANK": 4, "BEL-VAL": 4, "BEL-LAST": 2,
    "BEL-PLAY": 11, "BEL-MELD": 8, "BEL-CMP": 11,
}
#: every rule id of bazar_belot.md and belote_common.md: an error must name one of these.
RULE_IDS = kit.rule_ids(
    _IDS,
    "BB-CODES", "BB-OPT", "BB-OPT-target", "BB-OPT-auto-show", "BB-OPT-sheet-locale",
    "BB-OPT-first-dealer",
)

GARBAGE_CODES = (
    "", " ", "play:", "play:XX", "play:10H", "play:jh", "play:JH:", "play:JH:bela:x",
    "play:KH:belote", "ж", "PASS", "pass ", "bid", "bid:", "bid:8", "bid:8:", "bid:8:X",
    "bid:08:H", "bid:7:H", "bid:113:S", "bid:19:AT", "bid:+9:H", "bid:٩:H", "bid:kapo:AT",
    "bid:kapo1:AT", "bid:kapo", "bid:kapo2:S", "contra:1", "recontra:x", "declare:",
    "declare:foo", "declare", "declare:four9", "show:1", "take", "trump:H", "redeal", ":", "::",
    "play::bela", "x" * 30,
)


# ---------------------------------------------------------------- decks and driving


def deck_for(hands: Sequence[Sequence[str]], dealer: int = 3) -> list[str]:
    """The 32-card ``deck`` (top first) that deals ``hands[seat]`` to each seat (BB-DEAL-5).

    Seat ``(dealer+1+i) % 4`` receives ``d[4i..4i+3]`` and ``d[16+4i..16+4i+3]``. ``hands`` may
    give fewer than 8 cards for some seats; the missing cards are filled from the rest of the pack
    in ``ALL_CARDS`` order.
    """
    hands = [*hands, *[[]] * (4 - len(hands))]
    used = [c for h in hands for c in h]
    assert len(used) == len(set(used)) and set(used) <= set(ALL_CARDS), used
    rest = [c for c in ALL_CARDS if c not in used]
    full = []
    for h in hands:
        h = list(h)
        while len(h) < 8:
            h.append(rest.pop(0))
        full.append(h)
    d: list[str] = [""] * 32
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        d[4 * i: 4 * i + 4] = full[seat][:4]
        d[16 + 4 * i: 16 + 4 * i + 4] = full[seat][4:]
    assert sorted(d) == sorted(ALL_CARDS)
    return d


def game() -> engine.Game:
    return engine.get_game("bazar_belot")


def new_match(hands: Sequence[Sequence[str]] | None = None, *, seed: int = 1, dealer: int = 3,
              **options: Any) -> engine.Match:
    """A match whose first deal gives ``hands`` (dealer ``dealer``, set as ``first_dealer``)."""
    if dealer != 3:
        options["first_dealer"] = dealer
    deck = deck_for(hands, dealer) if hands is not None else None
    return game().new_match(players=4, options=options, seed=seed, deck=deck)


def hand(m: engine.Match, seat: int) -> set[str]:
    return set(m.view(seat)["hand"])


def facts(view: dict[str, Any]) -> list[tuple[str, Any, int | None]]:
    return [(f["key"], f["value"], f.get("seat")) for f in view["facts"]]


def run(m: engine.Match, moves: Iterable[tuple[int, str]]) -> list[dict[str, Any]]:
    """``act`` every ``(seat, code)``; return all events."""
    out: list[dict[str, Any]] = []
    for seat, code in moves:
        out += act(m, seat, code)
    return out


def calls(text: str) -> list[tuple[int, str]]:
    """``"0 bid:8:H, 1 pass"`` -> ``[(0, "bid:8:H"), (1, "pass")]`` (the doc's notation)."""
    out = []
    for item in text.split(","):
        seat, code = item.split()
        out.append((int(seat), code))
    return out


def refuse(m: engine.Match, seat: int, code: str, rule: str | None = None) -> IllegalAction:
    """Apply a code that must be refused (``kit.engine.refuse``, with this game's rule ids)."""
    return kit.refuse(m, seat, code, RULE_IDS, rule)


def plays(codes: Iterable[str]) -> list[str]:
    return [c for c in codes if c.startswith("play:")]


def finish_deal(m: engine.Match, limit: int = 80) -> list[dict[str, Any]]:
    """Play the current deal out (declaring nothing, first listed card); return its events."""
    out: list[dict[str, Any]] = []
    for _ in range(limit):
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        code = "declare:none" if "declare:none" in legal else plays(legal)[0]
        out += act(m, seat, code)
        if any(d["type"] in ("deal_scored", "thrown_in") for d in out):
            return out
    raise AssertionError("deal did not end")


# ---------------------------------------------------------------- reference: cards


def suit(card: str) -> str:
    return card[1]


def ref_kind(strain: str) -> str:
    return {"NT": "no_trumps", "AT": "all_trumps"}.get(strain, "suit")


def ref_points(card: str, strain: str) -> int:
    """BEL-VAL-1 to BEL-VAL-4."""
    if strain == "AT" or suit(card) == strain:
        return TRUMP_VALUE[card[0]]
    if strain == "NT":
        return NT_VALUE[card[0]]
    return PLAIN_VALUE[card[0]]


def _order(card: str, strain: str) -> int:
    order = TRUMP_ORDER if strain == "AT" or suit(card) == strain else PLAIN_ORDER
    return 8 - order.index(card[0])


def ref_winner(trick: Sequence[tuple[int, str]], strain: str) -> int:
    """BEL-PLAY-2: the seat winning ``trick`` (``[(seat, card)]`` in play order)."""
    trumps = [(s, c) for s, c in trick if strain in SUITS and suit(c) == strain]
    pool = trumps or [(s, c) for s, c in trick if suit(c) == suit(trick[0][1])]
    return max(pool, key=lambda sc: _order(sc[1], strain))[0]


def ref_legal(hand_cards: Iterable[str], trick: Sequence[tuple[int, str]], strain: str,
              seat: int) -> set[str]:
    """The reference algorithm of belote_common.md section 3 with Bazar-Belot's parameters
    (partner exception on, undertrump free; BB-PLAY-3 to BB-PLAY-9)."""
    held = set(hand_cards)
    if not trick:
        return held
    led = suit(trick[0][1])
    follow = {c for c in held if suit(c) == led}
    if strain == "AT" or led == strain:
        if follow:
            top = max(_order(c, strain) for _, c in trick if suit(c) == led)
            return {c for c in follow if _order(c, strain) > top} or follow
        return held
    if follow:
        return follow
    if strain == "NT":
        return held
    trumps = {c for c in held if suit(c) == strain}
    if not trumps or ref_winner(trick, strain) == (seat + 2) % 4:
        return held
    in_trick = [_order(c, strain) for _, c in trick if suit(c) == strain]
    if in_trick:
        return {t for t in trumps if _order(t, strain) > max(in_trick)} or held
    return trumps


# ---------------------------------------------------------------- reference: melds

_SPLIT = {3: [3], 4: [4], 5: [5], 6: [5], 7: [5], 8: [5, 3]}  # BB-MELD-2, BEL-MELD-2
_SEQ = {3: ("terz", 2), 4: ("berz", 5), 5: ("quint", 10)}
_FOURS = {  # BB-MELD-1, BEL-CMP-3: senior first
    "suit": [("J", 20), ("9", 14), ("A", 11), ("T", 10), ("K", 10), ("Q", 10)],
    "no_trumps": [("A", 19), ("T", 10), ("K", 10), ("Q", 10), ("J", 10)],
}
_FOURS["all_trumps"] = _FOURS["suit"]
FOUR_NAMES = {"J": "four_jacks", "9": "four_nines", "A": "four_aces", "T": "four_tens",
              "K": "four_kings", "Q": "four_queens"}

Meld = tuple[str, tuple[str, ...], int]


def ref_melds(hand_cards: Iterable[str], strain: str) -> list[Meld]:
    """(kind, cards, big points) of every scoring meld in the hand (BB-MELD-1 to BB-MELD-3)."""
    held = set(hand_cards)
    out: list[Meld] = []
    for r, pts in _FOURS[ref_kind(strain)]:
        cards = tuple(r + s for s in SUITS)
        if held >= set(cards):
            out.append((FOUR_NAMES[r], cards, pts))
    for s in SUITS:
        run: list[str] = []
        for r in NATURAL + "-":
            if r + s in held:
                run.append(r + s)
                continue
            i = 0
            for n in _SPLIT.get(len(run), []):
                out.append((_SEQ[n][0], tuple(run[i:i + n]), _SEQ[n][1]))
                i += n
            run = []
    return sorted(out, key=lambda m: ref_key(m, strain, 0), reverse=True)


def ref_key(meld: Meld, strain: str, order: int) -> tuple[int, ...]:
    """BEL-CMP-2 to BEL-CMP-8 with tie rule ``trump_then_order`` (BB-MELD-5)."""
    kind, cards, _ = meld
    if kind.startswith("four_"):
        ranks = [r for r, _ in _FOURS[ref_kind(strain)]]
        return (1, 10 - ranks.index(cards[0][0]), 0, 0, 0)
    trump = int(strain in SUITS and suit(cards[0]) == strain)
    return (0, len(cards), 8 - NATURAL.index(cards[0][0]), trump, -order)


def ref_best(hand_cards: Iterable[str], strain: str) -> Meld | None:
    ms = ref_melds(hand_cards, strain)
    return max(ms, key=lambda m: ref_key(m, strain, 0)) if ms else None


# ---------------------------------------------------------------- reference: auction


def parse_bid(code: str) -> tuple[int | str, str]:
    _, level, strain = code.split(":")
    return (level if level in ("kapo", "kapo1") else int(level)), strain


def bid_rank(level: int | str) -> int:
    return {"kapo": 1000, "kapo1": 2000}.get(level, level) if isinstance(level, str) else level


class RefAuction:
    """The calls of one deal, replayed from the start each time a question is asked (BB-BID)."""

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        self.calls: list[tuple[int, str]] = []
        self.first_card = False

    def replay(self) -> dict[str, Any]:
        """Turn, highest bid, end of the bidding and the restrictions after the calls so far."""
        st: dict[str, Any] = {
            "turn": (self.dealer + 1) % 4, "high": None, "high_at": -1, "ended": False,
            "redeal": False, "last_word": False, "changer": None, "no_last_word": False,
            "mult": 1, "passed": set(), "called": set(), "last": [None] * 4,
        }
        run = 0
        for i, (seat, code) in enumerate(self.calls):
            st["called"].add(seat)
            if code == "contra":
                st["mult"], st["ended"] = 2, True  # BB-BID-14
                continue
            if code == "recontra":
                st["mult"] = 4
                continue
            if code == "pass":
                st["passed"].add(seat)
                if st["last_word"]:
                    st["last_word"], st["ended"] = False, True  # BB-BID-18
                    continue
                run += 1
                if st["high"] is None and run == 4:
                    st["ended"] = st["redeal"] = True  # BB-BID-16
                    continue
                if st["high"] is not None and run == 3:
                    if st["no_last_word"]:
                        st["ended"] = True  # BB-BID-17
                        continue
                    st["last_word"] = True
                st["turn"] = (seat + 1) % 4
                continue
            level, strain = parse_bid(code)
            previous = st["high"]
            st["high"], st["high_at"], run = (seat, level, strain), i, 0
            if level == "kapo1":
                st["ended"] = True  # BB-BID-12
                continue
            st["last"][seat] = strain
            if i == 3 and all(c == "pass" for _, c in self.calls[:3]):
                st["no_last_word"] = True
            if st["last_word"]:
                st["last_word"] = False
                if strain == previous[2]:
                    st["ended"] = True  # raise
                    continue
                st["changer"] = seat % 2  # change (BB-BID-19)
            st["turn"] = (seat + 1) % 4
        return st

    def codes(self, seat: int, *, on_turn_only: bool = False) -> set[str]:
        """Auction codes open to ``seat`` now: on-turn calls if he is on turn, plus off-turn."""
        st = self.replay()
        out: set[str] = set()
        high = st["high"]
        if not st["ended"] and st["turn"] == seat:
            out.add("pass")
            restricted = st["changer"] is not None and seat % 2 != st["changer"]
            mate_strain = st["last"][(seat + 2) % 4]
            for strain in STRAINS:
                if restricted:
                    break
                if seat in st["passed"] and strain not in (mate_strain, "AT"):
                    continue  # BB-BID-9, BB-BID-10
                for n in range(20 if strain == "AT" else 8, 113):
                    if high is None or bid_rank(n) > bid_rank(high[1]):
                        out.add(f"bid:{n}:{strain}")
                if strain != "AT" and (high is None or isinstance(high[1], int)):
                    out.add(f"bid:kapo:{strain}")
        if on_turn_only:
            return out
        if (not st["ended"] and seat not in st["passed"]
                and (seat + 2) % 4 not in st["called"]):
            out |= {f"bid:kapo1:{x}" for x in KAPO_STRAINS}  # BB-BID-11
        if (high is not None and st["mult"] == 1 and seat % 2 != high[0] % 2
                and st["high_at"] == len(self.calls) - 1 and not self.first_card):
            out.add("contra")  # BB-BID-13
        if (st["mult"] == 2 and seat % 2 == high[0] % 2 and not self.first_card):
            out.add("recontra")  # BB-BID-15
        return out


# ---------------------------------------------------------------- reference: scoring


def ref_score(level: int | str, strain: str, mult: int, pair: int, card_points: Sequence[int],
              tricks: Sequence[int], melds: Sequence[int]) -> dict[str, Any]:
    """BB-SCORE-1 to BB-SCORE-10 written out case by case."""
    d, o = pair, 1 - pair
    g = 25 if strain == "AT" else 16
    b = {"kapo": 25, "kapo1": 50}.get(level, level) if isinstance(level, str) else level
    td = card_points[d]
    made = (td + 10 * melds[d] >= 10 * level) if isinstance(level, int) else tricks[d] == 8
    r = min(g, (td + 4) // 10)
    out = {"made": made, "written": [0, 0], "bait": [False, False], "r": r}
    w = out["written"]
    if mult == 1 and made and tricks[d] == 8:  # BB-SCORE-6
        w[d], w[o] = b + 25 + melds[d], melds[o]
    elif mult == 1 and made:  # BB-SCORE-5
        w[d] = b + r + melds[d]
        w[o] = (25 if tricks[o] == 8 else g - r) + melds[o]
    elif mult == 1:  # BB-SCORE-7
        out["bait"][d] = True
        w[o] = b + (25 if tricks[o] == 8 else g) + melds[o] + melds[d]
    elif made:  # BB-SCORE-8
        out["bait"][o] = True
        w[d] = mult * b + (25 if tricks[d] == 8 else g) + melds[d] + melds[o]
    else:  # BB-SCORE-9
        out["bait"][d] = True
        w[o] = mult * b + (25 if tricks[o] == 8 else g) + melds[o] + melds[d]
    return out


def ref_notation(level: int | str, strain: str, mult: int) -> str:
    """BB-SHEET-3, ASCII."""
    head = {"kapo": "K", "kapo1": "K1"}.get(level, str(level)) if isinstance(level, str) \
        else str(level)
    return head + strain + {1: "", 2: "+", 4: "++"}[mult]


def card_strings(obj: Any) -> set[str]:
    """Every string in a JSON-able value that is a card code."""
    found: set[str] = set()
    _add_card_strings(obj, found)
    return found


_CARD_SET = frozenset(ALL_CARDS)


def _add_card_strings(obj: Any, found: set[str]) -> None:
    """Adds ``card_strings(obj)`` to ``found`` (one set for the whole walk, not one a node)."""
    if isinstance(obj, str):
        if obj in _CARD_SET:
            found.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            _add_card_strings(v, found)
    elif isinstance(obj, list | tuple):
        for v in obj:
            _add_card_strings(v, found)


def ref_match_winner(totals: Sequence[int], target: int) -> int | None:
    """BB-END-1, BB-END-2."""
    over = [p for p in (0, 1) if totals[p] >= target]
    if len(over) == 1:
        return over[0]
    if len(over) == 2 and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None


# ---------------------------------------------------------------- the tracker


class Tracker:
    """Follows a match through ``after_action`` and checks it against the reference model.

    Call ``check_legal`` / ``check_state`` whenever you like (they compare the engine's current
    state with the model) and ``after_action(m, seat, code, events)`` after every applied code.
    """

    def __init__(self, m: engine.Match, options: dict[str, Any] | None = None) -> None:
        options = options or {}
        self.target = options.get("target", 301)
        self.auto_show = options.get("auto_show", True)
        self.totals = [0, 0]
        self.rows: list[dict[str, Any]] = []
        self.over = False
        self.deals = 0
        self._new_deal(m)

    # ---- model --------------------------------------------------------------------------

    def _new_deal(self, m: engine.Match) -> None:
        v = m.public_view()
        self.deals += 1
        assert v["deal"] == self.deals and v["phase"] == "bidding"
        self.dealer = v["dealer"]
        self.hands = [set(m.view(s)["hand"]) for s in range(4)]
        assert all(len(h) == 8 for h in self.hands)  # BB-DEAL-2, BB-DEAL-5
        assert set().union(*self.hands) == set(ALL_CARDS)
        self.auction = RefAuction(self.dealer)
        self.phase = "bidding"
        self.turn = (self.dealer + 1) % 4  # BB-BID-6
        self.level: int | str = 0
        self.strain = ""
        self.mult = 1
        self.declarer = -1
        self.dummy: int | None = None
        self.declared: list[str | None] = [None] * 4
        self.decl_order: list[int] = []
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.four8 = False
        self.meld_seat: int | None = None
        self.shown = [False] * 4
        self.meld_points = [0, 0]
        self.bela: list[dict[str, str]] = [{}, {}, {}, {}]
        self.trick: list[tuple[int, str]] = []
        self.last_trick: list[tuple[int, str]] = []
        self.tricks = 0
        self.tricks_won = [0] * 4
        self.card_pts = [0, 0]

    def hidden(self) -> set[str]:
        """Cards in hands that nobody but their holder may see (shown melds are public)."""
        shown = {c for s in range(4) if self.shown[s] for m in self.melds[s] for c in m[1]}
        return set().union(*self.hands) - shown

    def _next(self, seat: int) -> int:
        nxt = (seat + 1) % 4
        return (nxt + 1) % 4 if nxt == self.dummy else nxt

    def _bela_suits(self) -> set[str]:
        if self.strain in SUITS:
            return {self.strain}
        if self.strain == "AT":
            return {suit(self.trick[0][1])} if self.trick else set(SUITS)
        return set()

    def _word(self, seat: int, card: str) -> str:
        x = suit(card)
        if card[0] not in "KQ" or x not in self._bela_suits():
            return ""
        if self.bela[seat].get(x) == "said":
            return "rebela"
        other = ("Q" if card[0] == "K" else "K") + x
        return "bela" if x not in self.bela[seat] and other in self.hands[seat] else ""

    def expected(self, seat: int) -> set[str]:
        """Every code ``seat`` may apply now, by the rules doc."""
        if self.over:
            return set()
        out = self.auction.codes(seat)
        if self.phase == "bidding" or seat != self.turn:
            return out
        h = self.hands[seat]
        if self.tricks == 0 and self.declared[seat] is None:
            out.add("declare:none")  # BB-MELD-4
            if ref_melds(h, self.strain):
                out.add("declare:best")
            if all(r + s in h for r in "8" for s in SUITS):
                out.add("declare:four8")
            if all("7" + s in h for s in SUITS):
                out.add("declare:four7")
            return out
        for c in ref_legal(h, self.trick, self.strain, seat):
            out.add("play:" + c)
            word = self._word(seat, c)
            if word:
                out.add(f"play:{c}:{word}")
        if (not self.auto_show and self.tricks == 1 and self.declared[seat] == "best"
                and not self.shown[seat]):
            out.add("show")  # BB-MELD-7
        return out

    # ---- checks -------------------------------------------------------------------------

    def check_legal(self, m: engine.Match) -> None:
        assert m.to_move == (None if self.over else self.turn)
        for s in range(4):
            got = m.legal_actions(s)
            assert got == sorted(got)
            want = self.expected(s)
            assert set(got) == want, (s, sorted(set(got) ^ want)[:10])
            assert len(got) == len(want)

    def check_state(self, m: engine.Match) -> None:
        v = m.public_view()
        hidden = self.hidden()
        assert "hand" not in v and "private" not in v
        assert not card_strings(v) & hidden, card_strings(v) & hidden  # BB-PLAY-12
        assert v["phase"] == ("over" if self.over else self.phase)
        assert v["totals"] == self.totals and v["pot"] == 0
        assert v["sides"] == [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}]
        if self.over:
            return
        assert v["hand_counts"] == [len(h) for h in self.hands]
        assert v["tricks_won"] == self.tricks_won
        assert v["deal_points"] == self.card_pts
        assert [(g["seat"], g["card"]) for g in v["groups"]["trick"]] == self.trick
        assert [(g["seat"], g["card"]) for g in v["groups"]["last_trick"]] == self.last_trick
        assert [(c["seat"], c["call"]) for c in v["calls"]] == self.auction.calls
        for s in range(4):
            sv = m.view(s)
            assert sv["seat"] == s and set(sv["hand"]) == self.hands[s]
            rest = {k: val for k, val in sv.items() if k != "hand"}
            assert not card_strings(rest) & hidden

    def check_sheet(self, m: engine.Match) -> None:
        sheet = m.score_sheet
        assert sheet["rows"] == self.rows
        assert sheet["totals"] == self.totals
        assert [sum(r["points"][p] for r in sheet["rows"]) for p in (0, 1)] == self.totals
        assert sheet["pot"] == 0

    # ---- following the match ------------------------------------------------------------

    def after_action(self, m: engine.Match, seat: int, code: str, events: list[Any]) -> None:
        evs = dicts(events)
        hidden = self.hidden()
        if code.startswith("play:"):
            hidden.discard(code.split(":")[1])
        for d in evs:  # BB-PLAY-12: events are public
            if d["type"] not in ("melds_shown", "thrown_in"):
                assert not card_strings(d) & hidden, d
        if code in ("pass", "contra", "recontra") or code.startswith("bid:"):
            self._after_call(m, seat, code, evs)
        elif code.startswith("declare:"):
            self._after_declare(m, seat, code, evs)
        elif code == "show":
            self.shown[seat] = True
            assert evs == [{"type": "melds_shown", "seat": seat,
                            "melds": [_meld_dict(x) for x in self.melds[seat]]}]
        else:
            self._after_play(m, seat, code, evs)

    def _after_call(self, m: engine.Match, seat: int, code: str,
                    evs: list[dict[str, Any]]) -> None:
        was = self.phase
        self.auction.calls.append((seat, code))
        st = self.auction.replay()
        assert evs[0] == {"type": "bid", "seat": seat, "call": code}
        if st["redeal"]:  # BB-BID-16, BB-REDEAL-1
            assert [d["type"] for d in evs] == ["bid", "thrown_in", "deal"]
            assert evs[1]["reason"] == "four_passes"
            assert evs[2]["dealer"] == (self.dealer + 1) % 4
            self._new_deal(m)
            return
        self.mult = st["mult"]
        if was == "bidding" and st["ended"]:
            seat0, self.level, self.strain = st["high"]
            self.declarer = seat0
            self.dummy = (seat0 + 2) % 4 if self.level == "kapo1" else None
            self.phase = "play"
            lead = (self.dealer + 1) % 4  # BB-PLAY-1
            self.turn = lead if lead != self.dummy else self._next(lead)
            assert evs[1:] == [{"type": "trump", "seat": seat0, "suit": self.strain}]
        else:
            assert len(evs) == 1
            if was == "bidding":
                self.turn = st["turn"]

    def _after_declare(self, m: engine.Match, seat: int, code: str,
                       evs: list[dict[str, Any]]) -> None:
        what = code.split(":")[1]
        h = self.hands[seat]
        if what == "four7":  # BB-MELD-14, BB-REDEAL-2
            assert [d["type"] for d in evs] == ["declare", "thrown_in", "deal"]
            assert evs[1]["reason"] == "four_sevens" and evs[1]["seat"] == seat
            assert sorted(evs[1]["cards"]) == sorted("7" + s for s in SUITS)
            assert evs[2]["dealer"] == (self.dealer + 1) % 4
            self._new_deal(m)
            return
        self.declared[seat] = what
        self.decl_order.append(seat)
        if what == "best":
            self.melds[seat] = ref_melds(h, self.strain)
            best = ref_best(h, self.strain)
            assert best is not None
            announced = best[0]
        elif what == "four8":
            self.four8 = True
            announced = "four_eights"
        else:
            announced = "none"
        assert evs == [{"type": "declare", "seat": seat, "what": announced}]

    def _after_play(self, m: engine.Match, seat: int, code: str,
                    evs: list[dict[str, Any]]) -> None:
        parts = code.split(":")
        card, word = parts[1], (parts[2] if len(parts) == 3 else "")
        x = suit(card)
        if card[0] in "KQ" and x in self._bela_suits() | ({x} if self.bela[seat].get(x) else set()):
            other = ("Q" if card[0] == "K" else "K") + x
            if word == "bela":
                self.bela[seat][x] = "said"
            elif word == "rebela":
                self.bela[seat][x] = "done"
            elif self.bela[seat].get(x) == "said" or (x not in self.bela[seat]
                                                       and other in self.hands[seat]):
                self.bela[seat][x] = "void"
        elif card[0] in "KQ" and self.strain == "AT":
            other = ("Q" if card[0] == "K" else "K") + x
            if x not in self.bela[seat] and other in self.hands[seat]:
                self.bela[seat][x] = "void"  # BB-MELD-11: discarded on another suit
        self.hands[seat].discard(card)
        if self.tricks == 0 and not self.trick:
            self.auction.first_card = True  # BB-BID-13, BB-BID-15
        self.trick.append((seat, card))
        assert evs[0] == {"type": "play", "seat": seat, "card": card, "call": word}
        n_active = 3 if self.dummy is not None else 4
        if len(self.trick) < n_active:
            assert len(evs) == 1
            self.turn = self._next(seat)
            return
        winner = ref_winner(self.trick, self.strain)
        pts = sum(ref_points(c, self.strain) for _, c in self.trick)
        self.tricks += 1
        if self.tricks == 8:
            pts += 10  # BEL-LAST-1
        self.card_pts[winner % 2] += pts
        self.tricks_won[winner] += 1
        assert evs[1] == {"type": "trick", "number": self.tricks,
                          "cards": [list(t) for t in self.trick], "winner": winner,
                          "points": pts}
        rest = evs[2:]
        self.last_trick, self.trick = self.trick, []
        self.turn = winner
        if self.tricks == 1:
            rest = self._settle_trick_one(rest)
        elif self.tricks == 2 and not self.auto_show:
            self._settle_trick_two()
        if self.tricks == 8:
            self._score(m, rest)
        else:
            assert rest == []

    def _settle_trick_one(self, rest: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """BB-MELD-5, BB-MELD-7, BB-MELD-13."""
        if self.four8:
            return rest
        best: tuple[tuple[int, ...], int] | None = None
        for order, s in enumerate(self.decl_order):
            for meld in self.melds[s]:
                key = ref_key(meld, self.strain, order)
                if best is None or key > best[0]:
                    best = (key, s)
        self.meld_seat = None if best is None else best[1]
        if self.meld_seat is None or not self.auto_show:
            return rest
        win = self.meld_seat % 2
        for s in self.decl_order:
            if s % 2 == win and self.declared[s] == "best":
                self.shown[s] = True
                self.meld_points[win] += sum(x[2] for x in self.melds[s])
                assert rest[0] == {"type": "melds_shown", "seat": s,
                                   "melds": [_meld_dict(x) for x in self.melds[s]]}
                rest = rest[1:]
        return rest

    def _settle_trick_two(self) -> None:
        """BB-MELD-8 (auto_show false)."""
        if self.four8 or self.meld_seat is None:
            return
        win = self.meld_seat % 2
        scoring = win if self.shown[self.meld_seat] else 1 - win
        self.meld_points[scoring] = sum(
            sum(x[2] for x in self.melds[s]) for s in range(4) if s % 2 == scoring
            and self.shown[s])

    def _score(self, m: engine.Match, rest: list[dict[str, Any]]) -> None:
        bela = [0, 0]
        for s in range(4):
            bela[s % 2] += 2 * sum(1 for v in self.bela[s].values() if v == "done")
        melds = [self.meld_points[p] + bela[p] for p in (0, 1)]
        tricks = [self.tricks_won[p] + self.tricks_won[p + 2] for p in (0, 1)]
        assert sum(tricks) == 8
        total_cards = sum(ref_points(c, self.strain) for c in ALL_CARDS) + 10
        if self.dummy is None:
            assert sum(self.card_pts) == total_cards == (258 if self.strain == "AT" else 162)
        else:
            assert sum(self.card_pts) < total_cards  # BB-PLAY-10
        res = ref_score(self.level, self.strain, self.mult, self.declarer % 2, self.card_pts,
                        tricks, melds)
        self.totals = [t + w for t, w in zip(self.totals, res["written"], strict=True)]
        cells = ["BT" if res["bait"][p] else "-" if res["written"][p] == 0
                 else str(self.totals[p]) for p in (0, 1)]
        self.rows.append({"deal": len(self.rows) + 1, "cells": cells,
                          "points": list(res["written"]),
                          "note": ref_notation(self.level, self.strain, self.mult)})
        sides = [{"card_points": self.card_pts[p], "melds": self.meld_points[p],
                  "bela": bela[p], "tricks": tricks[p], "deal_points": res["written"][p],
                  "written": res["written"][p], "bait": res["bait"][p], "cell": cells[p],
                  "total": self.totals[p]} for p in (0, 1)]
        assert rest[0] == {"type": "deal_scored", "deal": len(self.rows),
                           "declarer": self.declarer,
                           "outcome": "made" if res["made"] else "failed", "sides": sides,
                           "pot": 0, "pot_awarded": 0, "trump": None}  # the contract names it
        winner = ref_match_winner(self.totals, self.target)
        if winner is not None:  # BB-END-1, BB-END-4
            names = ("NS", "EW")
            line = (f"Totals: NS {self.totals[0]}, EW {self.totals[1]} — {names[winner]} win "
                    f"(target {self.target})")
            assert rest[1:] == [{"type": "match_over", "winner": winner, "line": line,
                                 "totals": self.totals}]
            self.over = True
            return
        assert [d["type"] for d in rest[1:]] == ["deal"]
        assert rest[1]["dealer"] == (self.dealer + 1) % 4  # BB-DEAL-3
        self._new_deal(m)


def _meld_dict(meld: Meld) -> dict[str, Any]:
    return {"kind": meld[0], "cards": list(meld[1]), "points": meld[2]}
