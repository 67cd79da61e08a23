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
from typing import Any, Final

from engine.ai.sampling import deal_unseen
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
from engine.match import Match

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


def dead_cards(match: Match) -> set[str]:
    """Cards out of play for the rest of the deal: the significant cards a deck exchange took
    out with the pile (BERG-TIE-5), rebuilt from the public events."""
    events = match.events
    start = max((i for i, e in enumerate(events) if e.type == "deal"), default=0)
    pile: list[str] = []
    dead: set[str] = set()
    for ev in events[start:]:
        e = ev.to_dict()
        t = e["type"]
        if t == "deal":
            pile = list(e["public"].get("up_card", []))
        elif t == "play":
            pile.append(e["card"])
        elif t == "frame":
            pile.extend(e["cards"])
        elif t == "turnover":
            pile = pile[-1:]
        elif t == "deck_exchange":
            dead.update(c for c in pile if is_significant(c))
            pile = [e["up_card"]]
    return dead


def _known(view: dict[str, Any]) -> dict[int, list[str]]:
    """Cards of other seats everyone sees: hands bought open, jokers shown by a dobor."""
    known: dict[int, list[str]] = {}
    for g in view["groups"].get("open_hands", []):
        known.setdefault(int(g["seat"]), []).append(g["card"])
    for f in view["facts"]:
        if f["key"] == "joker_shown":
            known.setdefault(int(f["seat"]), []).append(f["value"])
    return known


class BergAI:
    """``GameAI`` of Berg (see the module docstring)."""

    game_id = "berg"
    budget = 96
    min_worlds = 6
    horizon = HORIZON

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

    def worlds(self, match: Match, seat: int, default: int) -> int:
        return default

    def world(self, match: Match, seat: int, rng: random.Random) -> Match:
        assert isinstance(match, BergMatch)
        real = match._s
        v = match.view(seat)
        pile = [str(c) for c, _ in real.pile]  # the whole pile is public (BERG-INFO-2)
        known = _known(v)
        others = [p for p in range(4) if p != seat]
        seen = set(real.hands[seat]) | set(pile) | dead_cards(match)
        for cards in known.values():
            seen.update(cards)
        unseen = [c for c in CARDS42 if c not in seen]
        sizes: dict[Any, int] = {p: len(real.hands[p]) - len(known.get(p, [])) for p in others}
        sizes["stock"] = len(real.stock)
        if sum(sizes.values()) != len(unseen):  # a pile the events do not explain: keep it
            return self._fallback(match, seat, rng)
        deal = deal_unseen(unseen, sizes, rng)
        w = match.clone()
        s = w._s
        for p in others:
            s.hands[p] = known.get(p, []) + deal[p]
        s.stock = deal["stock"]
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
        v = float(s.totals[mine] - s.totals[1 - mine])
        if s.phase == "over" and s.result is not None:
            v += MATCH_BONUS if s.result.get("winner") == mine else -MATCH_BONUS
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
