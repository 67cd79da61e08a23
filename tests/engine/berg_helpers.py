"""Shared helpers for the Berg engine tests (rules doc ``docs/rules/berg.md``).

- ``deck_for``: a first-deal ``deck`` giving the hands wanted (BERG-DEAL-3/4).
- ``arrange``: put a live match into an exact position (white-box: sets the match's state), for
  the worked examples that start mid-deal.
- A small *reference model* written from the rules doc alone, reading only what the views show
  (placement BERG-PLAY, jack orders and insurance BERG-INS-8, frames BERG-FRAME-10 by brute force
  over permutations, declarations BERG-DECL-14, suggestions BERG-DECL-3, draw/pass BERG-DRAW) and
  a ``Tracker`` that checks the engine against it step by step, with scoring (BERG-SCORE-2/6/7),
  the berg (BERG-END-1), card conservation and the information rules (BERG-INFO).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import engine
from engine import IllegalAction
from tests.kit import engine as kit
from tests.kit.engine import act as act  # re-exported: the games' tests import them from here
from tests.kit.engine import dicts as dicts
from tests.kit.engine import of_type as of_type

SUITS = "SHDC"
RANKS = "AKQJT98765"
ORDER_ARGS = ("5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK")
ALL_CARDS: tuple[str, ...] = (*tuple(r + s for s in SUITS for r in RANKS), "RJ", "BJ")
VALUE = {"QC": 1.0, "QD": 1.0, "QH": 1.0, "QS": 1.5, "RJ": 2.0, "BJ": 2.0}
PAIR = ("0-2", "1-3")

# Every rule id of berg.md: an IllegalAction / InvalidOptions must name one of these.
_IDS = {"BERG-SETUP": 5, "BERG-DEAL": 8, "BERG-TURN": 6, "BERG-PLAY": 7, "BERG-EFF": 15,
        "BERG-DRAW": 3, "BERG-FRAME": 10, "BERG-TURNOVER": 5, "BERG-TIE": 12, "BERG-DECL": 14,
        "BERG-INS": 8, "BERG-CAPT": 3, "BERG-PEN": 3, "BERG-SCORE": 7, "BERG-END": 7,
        "BERG-INFO": 7}
RULE_IDS = kit.rule_ids(
    _IDS,
    "BERG-CODES", "BERG-OPT", "BERG-OPT-height", "BERG-OPT-win-comparison", "BERG-OPT-tie",
    "BERG-OPT-insurance", "BERG-OPT-full-price", "BERG-OPT-simple-price", "BERG-OPT-shuffle",
    "BERG-OPT-penalty", "BERG-OPT-enforcement", "BERG-OPT-frame-joker-colour",
    "BERG-OPT-first-dealer", "BERG-OPT-captain-02", "BERG-OPT-captain-13",
)

GARBAGE_CODES = (
    "", " ", "play", "play:", "play:XX", "play:10H", "play:jh", "play:JH:", "play:JH:X",
    "play:QD:HH", "play:JH:T:x", "frame:", "frame:8S.8H.8D", "frame:8S.8H.8D.8C.8S",
    "frame:8S..8D.8C", "frame:8S.8H.8D.8C:", "frame:8S.8H.8D.8C:X", "order", "order:", "order:X",
    "declare", "declare:", "declare:open", "declare:open:4", "declare:open:x", "declare:foo",
    "declare:dobor:1", "suggest", "suggest:open:1", "suggest:foo", "draw:1", "pass:", "PASS",
    "DRAW", "ж", ":", "::", "bid:1:H", "take", "x" * 30, "play:RJ:JK", "frame:RJ.BJ.RJ.BJ",
)


# ---------------------------------------------------------------- building matches


def game() -> engine.Game:
    return engine.get_game("berg")


def _filler_key(card: str) -> tuple[int, str]:
    """Fill unspecified places with ballast first, then other plain cards, specials last."""
    if card in VALUE:
        return (3, card)
    if card[0] in "89TK":
        return (0, card)
    return (1 if card[0] in "56" else 2, card)


def deck_for(hands: Mapping[int, Sequence[str]], up: str, stock: Sequence[str] = (),
             *, dealer: int = 3) -> list[str]:
    """The 42-card deck (top first) dealing ``hands`` (up to 5 cards per seat), ``up`` as the
    up-card and ``stock`` as the first stock cards, by BERG-DEAL-3/4."""
    d: list[str | None] = [None] * 42
    for seat, cards in hands.items():
        assert len(cards) <= 5
        i = (seat - dealer - 1) % 4
        for k, c in enumerate(cards):
            d[i + 4 * k] = c
    d[20] = up
    for k, c in enumerate(stock):
        d[21 + k] = c
    used = [c for c in d if c is not None]
    assert len(used) == len(set(used)) and set(used) <= set(ALL_CARDS), used
    rest = iter(sorted((c for c in ALL_CARDS if c not in used), key=_filler_key))
    out = [c if c is not None else next(rest) for c in d]
    assert sorted(out) == sorted(ALL_CARDS)
    return out


def new_match(deck: Sequence[str] | None = None, *, seed: int = 1, **options: Any
              ) -> engine.Match:
    return game().new_match(players=4, options=options, seed=seed, deck=deck)


def arrange(m: engine.Match, *, hands: Mapping[int, Sequence[str]] | None = None,
            pile: Sequence[tuple[str, int | None]] | None = None,
            stock: Sequence[str] | None = None, rest_to: int | str = "stock",
            **fields: Any) -> engine.Match:
    """Put ``m`` into an exact position (white-box, for tests only).

    ``hands`` replaces the named seats' hands (other seats keep none unless ``rest_to`` is
    their seat); ``pile`` is ``[(card, owner), ...]`` bottom first; ``stock`` top first. Every
    card not placed goes to the end of the stock (``rest_to="stock"``), into seat ``rest_to``'s
    hand, or out of play (``rest_to="out"``). ``fields`` set other state fields (``turn``,
    ``order``, ``turnovers``, ``totals``...); ``phase`` defaults to ``play``, ``order`` to
    None, ``drawn`` to False.
    """
    s = m._s  # type: ignore[attr-defined]
    s.hands = [list(hands.get(p, [])) if hands else [] for p in range(4)]
    s.pile = [[c, o] for c, o in (pile or [])]
    s.stock = list(stock or [])
    placed = [c for h in s.hands for c in h] + [c for c, _ in s.pile] + s.stock
    assert len(placed) == len(set(placed)), placed
    rest = [c for c in ALL_CARDS if c not in placed]
    if rest_to == "stock":
        s.stock += rest
    elif isinstance(rest_to, int):
        s.hands[rest_to] += rest
    fields.setdefault("phase", "play")
    fields.setdefault("order", None)
    fields.setdefault("drawn", False)
    fields.setdefault("drawn_card", "")
    for key, value in fields.items():
        assert hasattr(s, key), key
        setattr(s, key, value)
    return m


def hand(m: engine.Match, seat: int) -> list[str]:
    return list(m.view(seat)["hand"])


def facts(view: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    return [f for f in view["facts"] if f["key"] == key]


def fact(view: Mapping[str, Any], key: str) -> Any:
    found = facts(view, key)
    return found[0]["value"] if found else None


def moves(m: engine.Match, seat: int) -> list[str]:
    return [c for c in m.legal_actions(seat) if c.startswith(("play:", "frame:"))]


def refuse(m: engine.Match, seat: int, code: str) -> IllegalAction:
    """Apply a code that must be refused (``kit.engine.refuse``, with this game's rule ids)."""
    return kit.refuse(m, seat, code, RULE_IDS)


# ---------------------------------------------------------------- reference model


def colour(card: str) -> str:
    return "red" if card == "RJ" or (card not in ("RJ", "BJ") and card[1] in "HD") else "black"


def is_joker(card: str) -> bool:
    return card in ("RJ", "BJ")


def fits(top: str, order: tuple[str, str] | None, card: str) -> bool:
    """BERG-PLAY-1..5 as written."""
    if order and order[0] == "card":
        return is_joker(card) if order[1] == "JK" else (not is_joker(card)
                                                         and card[0] == order[1])
    if order:  # suit order
        suit = order[1]
        return (not is_joker(card) and (card[1] == suit or card[0] == "Q")) or (
            is_joker(card) and colour(card) == ("red" if suit in "HD" else "black"))
    if is_joker(top):
        return is_joker(card) or card[0] == "Q" or colour(card) == colour(top)
    if is_joker(card):
        return colour(card) == colour(top)
    return card[1] == top[1] or card[0] == top[0] or card[0] == "Q"


def orders_allowed(kind: str, after: Sequence[str], *, opp_full: bool, opp_simple_live: bool,
                   turnovers: int) -> list[str]:
    """BERG-INS-8 for a jack leaving ``after`` in hand."""
    out = []
    for a in ORDER_ARGS:
        if a == "JK":
            banned = (kind == "permanent" or (kind == "half" and turnovers >= 1)
                      or (kind == "full" and opp_full) or (kind == "simple" and opp_simple_live)
                      or (kind == "absolute" and not any(is_joker(c) for c in after)))
        else:
            banned = kind == "absolute" and not any(c[0] == a and not is_joker(c) for c in after)
        if not banned:
            out.append(a)
    return out


class Model:
    """What the rules allow, computed only from views and options (no engine internals)."""

    def __init__(self, m: engine.Match, options: Mapping[str, Any]) -> None:
        self.m = m
        self.o = {"insurance_type": "none", "frame_joker_colour_match": True,
                  "enforcement": "automatic", "shuffle_on_turnover": "off",
                  "captain_02": 0, "captain_13": 1, **options}
        self.captains = (self.o["captain_02"], self.o["captain_13"])
        self.opened: set[int] = set()

    def order(self, pv: Mapping[str, Any]) -> tuple[str, str] | None:
        if fact(pv, "card_order") is not None:
            return ("card", fact(pv, "card_order"))
        if fact(pv, "suit_order") is not None:
            return ("suit", fact(pv, "suit_order"))
        return None

    def restricted(self, pv: Mapping[str, Any], seat: int) -> bool:
        return any(f["value"] == "dobor_active" and f["seat"] % 2 != seat % 2
                   for f in facts(pv, "dobor"))

    def insured(self, pv: Mapping[str, Any], pair: int) -> str | None:
        for f in facts(pv, "insured"):
            if f["seat"] % 2 == pair:
                return str(f["value"])
        return None

    def fired(self, pv: Mapping[str, Any], pair: int) -> bool:
        return any(f["value"] % 2 == pair for f in facts(pv, "captain_fired"))

    def moves(self, pv: Mapping[str, Any], seat: int, h: list[str]) -> list[str]:
        top = fact(pv, "top_card")
        order = self.order(pv)
        restricted = self.restricted(pv, seat)
        opp = 1 - seat % 2
        ins = dict(opp_full=self.insured(pv, opp) == "insurance_full",
                   opp_simple_live=self.insured(pv, opp) == "insurance_simple",
                   turnovers=fact(pv, "turnovers"))
        kind = self.o["insurance_type"]
        out = []
        if not restricted or len(h) >= 4:
            for c in h:
                if not fits(top, order, c):
                    continue
                after = [x for x in h if x != c]
                if c[0] == "J" and not is_joker(c) and after:
                    out += [f"play:{c}:{a}" for a in orders_allowed(kind, after, **ins)]
                elif c[0] == "Q" and after and not top.startswith("Q"):
                    out += [f"play:{c}:{x}" for x in SUITS]
                else:
                    out.append(f"play:{c}")
        if restricted and len(h) < 7:
            return out
        captain = seat in self.captains and not self.fired(pv, seat % 2)
        jokers = [c for c in h if is_joker(c)]
        groups = {c[0]: [x for x in h if x[0] == c[0] and not is_joker(x)] + jokers
                  for c in h if not is_joker(c)}
        fours = {f for g in groups.values() for f in itertools.permutations(g, 4)}
        for four in sorted(fours):
            if not self.frame_ok(list(four), h, captain) or not fits(top, order, four[0]):
                continue
            after = [x for x in h if x not in four]
            code = "frame:" + ".".join(four)
            if four[3][0] == "J" and not is_joker(four[3]) and after:
                out += [f"{code}:{a}" for a in orders_allowed(kind, after, **ins)]
            else:
                out.append(code)
        return out

    def frame_ok(self, four: list[str], h: list[str], captain: bool) -> bool:
        """BERG-FRAME-10 steps 1-2 for one ordering of four held cards."""
        real = [c for c in four if not is_joker(c)]
        jok = [c for c in four if is_joker(c)]
        if len({c[0] for c in real}) != 1 or len({c[1] for c in real}) != len(real):
            return False
        if four[:len(real)] != real:  # jokers last
            return False
        if jok:
            if not captain or len(real) < 2:
                return False
            if any(c[0] == real[0][0] and c not in real and not is_joker(c) for c in h):
                return False
            missing = [s for s in SUITS if real[0][0] + s not in real]
            if self.o["frame_joker_colour_match"] and sorted(
                    "red" if s in "HD" else "black" for s in missing) != sorted(
                    colour(j) for j in jok):
                return False
            middle = real[1:]
        else:
            middle = real[1:3]
        keys = [SUITS.index(c[1]) for c in middle]
        return keys == sorted(keys)

    def declarations(self, pv: Mapping[str, Any], pair: int) -> list[str]:
        out = []
        opp = 1 - pair
        if not any(f["seat"] % 2 == pair for f in facts(pv, "dobor")):
            out.append("declare:dobor")
        if fact(pv, "turnovers") == 0:
            out.append("declare:surrender")
        else:
            closed = [x for x in (opp, opp + 2) if x not in self.opened]
            out += [f"declare:open:{x}" for x in closed]
            if len(closed) == 2:
                out.append("declare:open:both")
        if self.o["shuffle_on_turnover"] == "by_declaration" and \
                fact(pv, "shuffle") == "shuffle_off":
            out.append("declare:shuffle")
        if not self.fired(pv, opp):
            out.append("declare:fire")
        if self.o["insurance_type"] in ("full", "simple") and self.insured(pv, pair) is None:
            out.append("declare:insure")
        return out

    def legal_all(self, suggested: Mapping[int, list[str]]) -> list[list[str]]:
        """The sorted legal codes of each seat."""
        pv = self.m.public_view()
        turn = pv["to_move"]
        if turn is None:
            return [[], [], [], []]
        out: list[list[str]] = [[], [], [], []]
        turn_view = self.m.view(turn)
        h = list(turn_view["hand"])
        if pv["phase"] == "order":
            top = fact(pv, "top_card")
            if top[0] == "Q":
                out[turn] = sorted(f"order:{x}" for x in SUITS)
            else:
                out[turn] = sorted(f"order:{a}" for a in orders_allowed(
                    self.o["insurance_type"], h, opp_full=False, opp_simple_live=False,
                    turnovers=0))
            return out
        drawn = any(f["key"] == "drawn_card" for f in turn_view["private"])
        if not drawn:
            decl = self.declarations(pv, turn % 2)
            captain = self.captains[turn % 2]
            out[captain] += decl
            if turn != captain and len(suggested[turn]) < 2:
                whats = {c.split(":")[1] for c in decl}
                out[turn] += [f"suggest:{w}" for w in whats if w not in suggested[turn]]
        mv = self.moves(pv, turn, h)
        out[turn] += mv
        order = self.order(pv)
        if not drawn:
            out[turn].append("draw")
        elif not (order and order[0] == "card" and mv) or self.o["enforcement"] == "penalty":
            out[turn].append("pass")
        return [sorted(x) for x in out]


# ---------------------------------------------------------------- tracker


#: a two-character word that may be a card (``cards_in`` keeps the cards), its first character
#: first: a class the regex engine scans for (a leading word boundary is tried at every position)
_CARD = re.compile(r"[AKQJT98765RB](?<!\w\w)[SHDCJ]\b")
_ALL_CARDS = frozenset(ALL_CARDS)


def cards_in(value: Any) -> set[str]:
    """Every card code written as a word of its own anywhere in a JSON value."""
    return _ALL_CARDS.intersection(_CARD.findall(json.dumps(value)))


class Tracker:
    """Follows a match action by action and checks it against ``Model`` and the scoring rules."""

    def __init__(self, m: engine.Match, options: Mapping[str, Any]) -> None:
        self.model = Model(m, options)
        self.o = self.model.o
        self.height = float(options.get("berg_height", 10))
        self.gte = options.get("berg_win_comparison", "gt") == "gte"
        self.suggested: dict[int, list[str]] = {p: [] for p in range(4)}
        self.deal = m.public_view()["deal"]
        self.pending: dict[str, Any] = {}
        self.rows = 0
        self.totals = [0.0, 0.0]
        self.touched = [False, False]

    # -- checks on a state

    def check_state(self, m: engine.Match) -> None:
        s = m._s  # type: ignore[attr-defined]
        placed = [c for h in s.hands for c in h] + [c for c, _ in s.pile] + list(s.stock)
        assert len(placed) == len(set(placed)) and set(placed) <= set(ALL_CARDS), placed
        # BERG-TIE-11: after deck exchanges the 36 plain cards are in play, and the
        # significant cards still held (an exchange sends the pile, top included, out of play)
        plain = [c for c in placed if c not in VALUE]
        assert len(placed) == 42 or (s.exchanges and len(plain) == 36), len(placed)
        pv = m.public_view()
        if m.is_over:
            assert pv["to_move"] is None
            assert all(m.legal_actions(p) == [] for p in range(4))
            return
        assert sum(pv["hand_counts"]) + fact(pv, "pile") + fact(pv, "stock") == len(placed)
        hidden = set(s.stock)
        for p in range(4):
            shown = {c for c in s.hands[p] if c in s.revealed} if not s.opened[p] else set()
            if not s.opened[p]:
                hidden |= set(s.hands[p]) - shown
        leak = cards_in(pv) & hidden
        assert not leak, ("public view leaks", leak)
        for p in range(4):
            v = m.view(p)
            assert sorted(v["hand"]) == sorted(s.hands[p])
            assert not (cards_in(v) & (hidden - set(s.hands[p]))), ("view leaks", p)

    def check_legal(self, m: engine.Match) -> None:
        want = self.model.legal_all(self.suggested)
        got = [m.legal_actions(p) for p in range(4)]
        assert got == want, (got, want)
        turn = m.to_move
        assert turn is not None and got[turn], "the seat to move has no action"
        for p in range(4):
            assert got[p] == sorted(got[p])
            if p != turn:
                assert all(c.startswith("declare:") for c in got[p]), got[p]

    # -- around an action

    def before_action(self, m: engine.Match, seat: int, code: str) -> None:
        pv = m.public_view()
        s = m._s  # type: ignore[attr-defined]
        self.pending = {"pile": [(g["card"], g["seat"]) for g in pv["groups"]["pile"]],
                        "hidden": set(s.stock) | {c for p in range(4) if not s.opened[p]
                                                  for c in s.hands[p] if c not in s.revealed},
                        "totals": list(self.totals), "seat": seat, "code": code,
                        "hand": list(s.hands[seat])}

    def after_action(self, m: engine.Match, seat: int, code: str, events: list[Any]) -> None:
        ds = dicts(events)
        placed: set[str] = set()
        if code.startswith(("play:", "frame:")):
            body = code.split(":")[1]
            placed = set(body.split("."))
        for d in ds:
            shown = cards_in(d)
            if d["type"] in ("deck_exchange", "hand_opened", "jokers_shown", "deal"):
                placed |= shown
            leak = shown & (self.pending["hidden"] - placed)
            assert not leak, ("event leaks", d, leak)
        if code.startswith("suggest:"):
            self.suggested[seat].append(code.split(":")[1])
        for d in ds:
            if d["type"] == "hand_opened":
                self.model.opened.add(d["seat"])
            if d["type"] == "declare" and d["what"] != "surrender":
                self.expect_row(m, d)
            if d["type"] == "deal_scored":
                self.expect_deal_row(m, seat, code, d)
            if d["type"] == "deal":
                self.suggested = {p: [] for p in range(4)}
                self.model.opened = set()
        sheet = m.score_sheet
        assert len(sheet["rows"]) == self.rows
        assert sheet["totals"] == self.totals
        assert sum(r["points"][0] for r in sheet["rows"]) == self.totals[0]
        assert sum(r["points"][1] for r in sheet["rows"]) == self.totals[1]

    def _write(self, m: engine.Match, pts: list[float], note: str) -> None:
        row = m.score_sheet["rows"][self.rows]
        self.rows += 1
        for p in (0, 1):
            self.totals[p] += pts[p]
            self.touched[p] = self.touched[p] or pts[p] != 0
        cells = [f"{t:.1f}" if seen else "-" for t, seen in zip(self.totals, self.touched,
                                                                strict=True)]
        assert row["points"] == pts, (row, pts)
        assert row["note"] == note, (row, note)
        assert row["cells"] == cells, (row, cells)

    def expect_row(self, m: engine.Match, d: dict[str, Any]) -> None:
        pair = d["seat"] % 2
        what = d["what"]
        if what == "insure":
            kind = self.o["insurance_type"]
            cost = float(self.o.get("full_insurance_price", 0.5)) if kind == "full" else 0.5
        else:
            cost = {"open:both": 1.0, "shuffle": 1.0}.get(what, 0.5)
        pts = [0.0, 0.0]
        pts[pair] = -cost
        self._write(m, pts, f"{PAIR[pair]} {what} -{cost:.1f}")

    def expect_deal_row(self, m: engine.Match, seat: int, code: str, d: dict[str, Any]) -> None:
        outcome = d["outcome"]
        pts = [0.0, 0.0]
        if outcome == "win":
            pair = seat % 2
            cards = code.split(":")[1].split(".")
            assert set(cards) == set(self.pending["hand"]), "won without emptying the hand"
            pile = self.pending["pile"] + [(c, seat) for c in cards]
            run = []
            for c, owner in reversed(pile):
                if owner is None or owner % 2 != pair or c not in VALUE:
                    break
                run.append(c)
            score = sum(VALUE[c] for c in run) if run else 0.5
            pts[pair] = score
            note = (f"{PAIR[pair]} win run {' '.join(run)} = {score:.1f}" if run
                    else f"{PAIR[pair]} win 0.5")
        elif outcome == "tie":
            pts, note = [0.5, 0.5], "tie"
        elif outcome == "surrender":
            pair = seat % 2
            pts[1 - pair] = 0.5
            note = f"{PAIR[pair]} surrender"
        else:
            pair = seat % 2
            assert code == "pass" and self.o["enforcement"] == "penalty"
            other = 1 - pair
            if self.o.get("penalty_size", "height_plus_5") == "height_plus_5":
                pts[other] = max(0.0, self.height + 5 - self.totals[other])
            else:
                pts[other] = 5.0
            note = f"{PAIR[pair]} penalty"
        self._write(m, pts, note)
        qual = [p for p in (0, 1) if (self.totals[p] >= self.height if self.gte
                                      else self.totals[p] > self.height)]
        if outcome == "penalty" and self.o.get("penalty_size", "height_plus_5") \
                == "height_plus_5":
            winner: int | None = 1 - seat % 2
        elif len(qual) == 1:
            winner = qual[0]
        elif len(qual) == 2 and self.totals[0] != self.totals[1]:
            winner = 0 if self.totals[0] > self.totals[1] else 1
        else:
            winner = None
        assert m.is_over == (winner is not None), (self.totals, m.is_over)
        if winner is not None:
            res = m.score_sheet["result"]
            assert res["winner"] == winner
            t = self.totals
            assert res["line"] == f"{t[winner]:.1f} - {t[1 - winner]:.1f}"
