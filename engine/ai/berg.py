"""Bot players for Berg 2x2 "kapitanka" (berg.md).

- ``normal``: never buys a declaration nor suggests one (their costs are certain, their gain is
  not). Each move is scored (``move_score``): going out first of all, more when the last card
  is a queen or a joker (the deal then scores the run of significant cards); frames, which shed
  four cards; attacking cards, which make the left opponent draw and miss his turn (a 7 most,
  then an ace, a joker, a 5 or 6); ballast next; queens and jokers are kept for the end while the
  hand is long. A jack orders the rank the player holds most of (the opponents are then the
  likeliest to lack it), a queen names the suit he holds most of. With no move worth making he
  draws, then plays what fits or passes.
- ``world``: the hidden cards (the other hands and the stock) dealt again among those places;
  the pile (rebuilt from the public events), jokers shown by a dobor and hands bought open stay
  where they are.
- ``rollout``: the same rules from the world's state to the deal's end; ``value``: the pair's
  total against the other pair's, with a bonus or malus when the berg is taken.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.ai.sampling import deal_unseen
from engine.ai.search import PerDecision, margin
from engine.berg import rules
from engine.berg.cards import (
    CARDS42,
    is_attacking,
    is_joker,
    is_significant,
    rank_of,
    suit_of,
    value_half,
)
from engine.berg.game import BergMatch
from engine.berg.state import State, pair_of
from engine.match import Match, View

MATCH_BONUS: Final = 20.0
#: Rollouts stop after this many actions (about two rounds of the table) and are judged by
#: ``outlook``; a deal that ends sooner is judged by its score.
HORIZON: Final = 14
_DEAL_ON: Final = "_berg_deal_on"
#: How much each kind of card is worth playing now (larger: play it sooner).
_PLAY_VALUE: Final = {"7": 9.0, "A": 7.0, "5": 5.0, "6": 5.0, "K": 3.0, "T": 3.0, "9": 3.0,
                      "8": 3.0, "J": 2.0, "Q": -4.0, "": -3.0}
#: Value of going out, plus the run of significant cards it may score (see ``move_score``).
WIN: Final = 100.0


def _cards_of(code: str) -> list[str]:
    """The cards a move code places, in order (``play:QS:H`` -> ``[QS]``)."""
    parts = code.split(":")
    if parts[0] == "frame":
        return parts[1].split(".")
    return [parts[1]]


def move_score(code: str, hand: Sequence[str]) -> float:
    """How good the move ``code`` is for a player holding ``hand`` (see the module docstring)."""
    cards = _cards_of(code)
    rest = len(hand) - len(cards)
    last = cards[-1]
    if rest == 0:
        return WIN + (10.0 if is_significant(last) else 0.0)
    score = 0.0
    for c in cards:
        score += _PLAY_VALUE[rank_of(c)]
        if is_joker(c):
            score += 6.0 if rest >= 4 else -2.0
    if len(cards) == 4:
        score += 12.0
    if is_significant(last) and rest >= 3:
        score -= 4.0
    keep = [c for c in hand if c not in cards]
    if rest <= 2 and any(is_significant(c) for c in keep):
        score += 2.0  # keeps a queen or joker to go out with
    if is_attacking(last):
        score += 1.0
    return score


def _order_arg(code: str) -> str:
    parts = code.split(":")
    if parts[0] == "frame":
        return parts[2] if len(parts) > 2 else ""
    return parts[2] if len(parts) > 2 else ""


def _order_pref(code: str, hand: Sequence[str]) -> float:
    """How good the order named with a jack or queen is: the rank / suit held most."""
    arg = _order_arg(code)
    if not arg:
        return 0.0
    rest = [c for c in hand if c not in _cards_of(code)]
    if rank_of(_cards_of(code)[-1]) == "Q":
        return float(sum(1 for c in rest if suit_of(c) == arg))
    if arg == "JK":
        return 0.5 * sum(1 for c in rest if is_joker(c))
    return float(sum(1 for c in rest if rank_of(c) == arg))


def decide(hand: Sequence[str], codes: Sequence[str], top: str) -> str:
    """The rule-based choice among ``codes`` for the seat on turn holding ``hand``."""
    orders = [c for c in codes if c.startswith("order:")]
    if orders:
        if rank_of(top) == "Q":
            return max(orders, key=lambda c: (sum(1 for h in hand if suit_of(h) == c[6:]), c))
        return max(orders, key=lambda c: (sum(1 for h in hand if rank_of(h) == c[6:]), c))
    moves = [c for c in codes if c.startswith(("play:", "frame:"))]
    if moves:
        best = max(moves, key=lambda c: (move_score(c, hand), _order_pref(c, hand), c))
        if move_score(best, hand) > 0 or "draw" not in codes:
            return best
    if "draw" in codes:
        return "draw"
    if "pass" in codes:
        return "pass"
    playable = [c for c in codes if not c.startswith(("declare:", "suggest:"))]
    return playable[0] if playable else codes[0]


# ---- what the seat knows --------------------------------------------------------------------


@dataclass
class Tracking:
    """What the public events of the deal tell about where the cards are.

    ``known``: cards each seat is known to hold (drawn from a stock whose order is public, shown
    jokers, an opened hand). ``stock``: the stock in draw order when its order is public (a pile
    turned over without shuffling, BERG-TURNOVER-3 and BERG-INFO-6), else None. ``dead``: cards
    out of play for the rest of the deal (the significant cards a deck exchange took out with the
    pile, BERG-TIE-5).
    """

    known: dict[int, list[str]] = field(default_factory=dict)
    stock: list[str] | None = None
    dead: set[str] = field(default_factory=set)
    #: seats that drew and passed and have not drawn since: the (top card, order) then, on
    #: which (bots being the players they are) none of their cards fits
    nofit: dict[int, tuple[str, tuple[str, str] | None]] = field(default_factory=dict)


def fitting(top: str, order: tuple[str, str] | None) -> frozenset[str]:
    """The cards that may go on ``top`` under ``order`` (the engine's ``rules.fits``)."""
    probe = State(options={}, seed=0, first_deck=None, dealer=0)
    probe.pile = [[top, None]]
    probe.order = list(order) if order is not None else None
    return frozenset(c for c in CARDS42 if rules.fits(probe, c))


def _order_after(cards: Sequence[str], arg: str) -> tuple[str, str] | None:
    """The order a move leaves (BERG-EFF-7, -12, -13, BERG-FRAME-3)."""
    last = cards[-1]
    if rank_of(last) == "J" and arg:
        return ("card", arg)
    if rank_of(last) == "Q":
        return ("suit", arg or suit_of(last))
    return None


def track(match: Match) -> Tracking:
    """Follow the deal's public events (see ``Tracking``)."""
    events = match.events
    start = max((i for i, e in enumerate(events) if e.type == "deal"), default=0)
    t = Tracking(known={p: [] for p in range(4)})
    pile: list[str] = []
    order: tuple[str, str] | None = None
    for ev in events[start:]:
        e = ev.to_dict()
        kind = e["type"]
        if kind == "deal":
            pile = list(e["public"].get("up_card", []))
        elif kind == "up_card_order":
            order = ("suit" if rank_of(e["card"]) == "Q" else "card", e["order"])
        elif kind in ("play", "frame"):
            cards = [e["card"]] if kind == "play" else list(e["cards"])
            pile.extend(cards)
            order = _order_after(cards, e["call"] if kind == "play" else e["order"])
            held = t.known[e["seat"]]
            for c in cards:
                if c in held:
                    held.remove(c)
        elif kind == "passed":
            t.nofit[e["seat"]] = (pile[-1], order)
        elif kind == "turnover":
            t.stock = None if e["shuffled"] else pile[:-1]
            pile = pile[-1:]
        elif kind == "drew":
            t.nofit.pop(e["seat"], None)
            if t.stock is not None:
                t.known[e["seat"]] += t.stock[:e["count"]]
                t.stock = t.stock[e["count"]:]
        elif kind == "jokers_shown":
            for seat, card in e["jokers"]:
                if card not in t.known[seat]:
                    t.known[seat].append(card)
        elif kind == "hand_opened":
            t.known[e["seat"]] = list(e["cards"])
        elif kind == "deck_exchange":
            t.dead.update(c for c in pile if is_significant(c))
            t.known = {p: [c for c in cards if is_significant(c)] for p, cards in t.known.items()}
            pile, t.stock, order = [e["up_card"]], None, None
            t.nofit.clear()
    return t


def others_of(seat: int) -> list[int]:
    """The three other seats."""
    return [p for p in range(4) if p != seat]


def _known(view: View) -> dict[int, list[str]]:
    """Cards of other seats everyone sees: hands bought open, jokers shown by a dobor."""
    known: dict[int, list[str]] = {}
    for g in view["groups"].get("open_hands", []):
        owner = g["seat"]
        assert owner is not None  # an open hand's cards carry their seat
        known.setdefault(int(owner), []).append(g["card"])
    for f in view["facts"]:
        if f["key"] == "joker_shown":
            shown_by = f["seat"]
            assert shown_by is not None  # a shown joker names its seat
            known.setdefault(int(shown_by), []).append(f["value"])
    return known


class BergAI:
    """``GameAI`` of Berg (see the module docstring)."""

    game_id = "berg"
    budget = 64
    min_worlds = 6
    horizon = HORIZON

    def __init__(self) -> None:
        self._tracking: PerDecision[Tracking] = PerDecision()

    def normal(self, match: Match, seat: int, rng: random.Random) -> str:
        assert isinstance(match, BergMatch)
        v = match.view(seat)
        codes = match.legal_actions(seat)
        top = next((f["value"] for f in v["facts"] if f["key"] == "top_card"), "")
        if seat != v["to_move"]:  # a captain's window while his partner is to move
            return next((c for c in codes if not c.startswith(("declare:", "suggest:"))),
                        codes[0])
        return decide(v["hand"], codes, top)

    def candidates(self, match: Match, seat: int, codes: list[str],
                   rng: random.Random) -> list[str]:
        plain = [c for c in codes if not c.startswith(("declare:", "suggest:"))]
        if not plain:
            return codes
        assert isinstance(match, BergMatch)
        hand = match._s.hands[seat]
        keep: set[str] = set()
        best: dict[tuple[str, ...], tuple[float, str]] = {}
        for c in plain:
            cards = tuple(_cards_of(c)) if c.startswith(("play:", "frame:")) else (c,)
            pref = (_order_pref(c, hand) if c.startswith(("play:", "frame:")) else 0.0, c)
            if cards not in best or pref > best[cards]:
                best[cards] = pref
        keep.update(c for _, c in best.values())
        keep.add(self.normal(match, seat, rng))
        return sorted(c for c in keep if c in codes)

    def exact(self, match: Match, seat: int, codes: list[str]) -> str | None:
        """Never an exact decision (Berg has no tricks to solve)."""
        return None

    def worlds(self, match: Match, seat: int, default: int) -> int:
        return default

    def world(self, match: Match, seat: int, rng: random.Random) -> Match:
        assert isinstance(match, BergMatch)
        real = match._s
        v = match.view(seat)
        pile = [str(c) for c, _ in real.pile]  # the whole pile is public (BERG-INFO-2)
        t = self._tracking.get(match, seat, lambda: track(match))
        shown = _known(v)
        nofit = {p: fitting(*t.nofit[p]) for p in others_of(seat)
                 if p in t.nofit and not any(real.dobor_active)}
        mine = set(real.hands[seat])
        others = [p for p in range(4) if p != seat]
        known = {p: [c for c in dict.fromkeys(t.known.get(p, []) + shown.get(p, []))
                     if c not in mine] for p in others}
        stock = t.stock if t.stock is not None and len(t.stock) == len(real.stock) else None
        seen = mine | set(pile) | t.dead | set(stock or [])
        for cards in known.values():
            seen.update(cards)
        unseen = [c for c in CARDS42 if c not in seen]
        sizes: dict[Any, int] = {p: len(real.hands[p]) - len(known[p]) for p in others}
        if stock is None:
            sizes["stock"] = len(real.stock)
        if min(sizes.values()) < 0 or sum(sizes.values()) != len(unseen):
            return self._fallback(match, seat, rng)  # events and counts disagree: stay safe
        def allowed(card: str, place: Any) -> bool:
            return place not in nofit or card not in nofit[place]

        deal = deal_unseen(unseen, sizes, rng, allowed=allowed if nofit else None)
        w = match.clone()
        s = w._s
        for p in others:
            s.hands[p] = known[p] + deal[p]
        s.stock = list(stock) if stock is not None else deal["stock"]
        if s.drawn and s.turn != seat and s.hands[s.turn]:
            s.drawn_card = s.hands[s.turn][-1]
        s.seed = rng.getrandbits(32)
        s.first_deck = None
        return w

    @staticmethod
    def _fallback(match: BergMatch, seat: int, rng: random.Random) -> Match:
        """Shuffle every card the seat cannot see among the same places (same sizes)."""
        w = match.clone()
        s = w._s
        v = match.view(seat)
        known = _known(v)
        others = [p for p in range(4) if p != seat]
        pool: list[str] = list(s.stock)
        for p in others:
            pool += [c for c in s.hands[p] if c not in known.get(p, [])]
        sizes: dict[Any, int] = {p: len(s.hands[p]) - len(known.get(p, [])) for p in others}
        sizes["stock"] = len(s.stock)
        deal = deal_unseen(pool, sizes, rng)
        for p in others:
            s.hands[p] = known.get(p, []) + deal[p]
        s.stock = deal["stock"]
        s.seed = rng.getrandbits(32)
        return w

    def rollout(self, world: Match, rng: random.Random) -> None:
        """Play on for at most ``HORIZON`` actions, or to the deal's end if it comes first."""
        assert isinstance(world, BergMatch)
        s = world._s
        deal = s.deal_no
        for _ in range(self.horizon):
            if s.phase == "over" or s.deal_no != deal:
                break
            seat = s.turn
            codes = world.legal_actions(seat)
            code = codes[0] if len(codes) == 1 else decide(s.hands[seat], codes, s.top()[0])
            world.apply(seat, code)
        setattr(world, _DEAL_ON, s.phase != "over" and s.deal_no == deal)

    def value(self, world: Match, seat: int) -> float:
        assert isinstance(world, BergMatch)
        s = world._s
        mine = pair_of(seat)
        v = margin(s.totals, mine, s.result if s.phase == "over" else None, MATCH_BONUS)
        if getattr(world, _DEAL_ON, False):
            v += outlook(s, mine)
        return v


def outlook(s: State, pair: int) -> float:
    """What a deal still in play is worth to ``pair``, in half-points: the chance that it goes
    out first (from who is nearer to it: the shortest hand of each pair, then the pair's cards)
    times what going out may score (0.5, more with queens and jokers in hand to finish on),
    minus the same for the other pair."""
    sizes = [len(h) for h in s.hands]
    mine, theirs = (pair, pair + 2), (1 - pair, 3 - pair)
    lead = (min(sizes[p] for p in theirs) - min(sizes[p] for p in mine)) \
        + 0.25 * (sum(sizes[p] for p in theirs) - sum(sizes[p] for p in mine))
    chance = 1.0 / (1.0 + math.exp(-lead / 1.5))

    def prize(seats: tuple[int, int]) -> float:
        return 1.0 + 0.5 * min(8, sum(value_half(c) for p in seats for c in s.hands[p]))
    return chance * prize(mine) - (1.0 - chance) * prize(theirs)


def _state(match: BergMatch) -> State:
    return match._s
