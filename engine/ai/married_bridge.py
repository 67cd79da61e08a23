"""Bot players for Married bridge (married_bridge.md).

In the preliminary play the opponent's hand and the talon are hidden; once the talon is empty
every card not in one's hand and not played is in the opponent's hand, so the auction and the
main play are games of complete information. Hence:

- ``normal``: in the preliminary play, shed the cards worth least for the main play (low cards of
  short suits; the longest suit, the likely trumps, and the honours are kept). In the auction,
  each strain is judged by playing the main play out on the known hands with the greedy card
  play below (``tricks``): bid the best contract the hands make, at the lowest legal level;
  facing a bid, overcall when that scores more than letting it stand, double a contract that
  fails, redouble one that makes. In the main play, greedy: lead a card the opponent cannot beat
  (top trumps first), else the cheapest card; take the trick with the cheapest winner, else throw
  the cheapest card.
- ``world``: the unseen cards dealt again between the opponent's hand and the talon (talon cards
  the seat has seen stay on top); with the talon empty this is the one true deal.
- ``rollout``: the engine's preliminary play with the same rules; from the end of the
  preliminary play on, ``value`` plays the auction and the main play out on plain card lists
  (``finish``: the searching seat calls as the strong level does, ``dd_call`` on the greedy
  outlook, the other by the rules of thumb), fast. In the last tricks of the main play (at
  most ``EXACT_TRICKS`` left) the outcome is solved exactly (``solve``).
- ``value``: the seat's total minus the opponent's (the game in hand included), plus a bonus or
  malus when the match is decided; a world rolled out to the end of the preliminary play adds
  ``hand_margin`` (how far up the bid ladder the seat's built hand outbids the opponent's),
  ``RANK_WEIGHT`` a step: the preliminary tricks score nothing and only build the two hands
  (MB-PRE-7), and a smooth measure of them tells the cards apart in fewer worlds than the
  match's win or loss alone. The preliminary play samples ``PRELIM_WORLDS`` times the worlds.
- ``exact``: in the auction the strong level calls by double-dummy tests of the contracts
  (``dd_call``: a single game is won by making one's contract or defeating the opponent's).
  In the main play every card is known (the seat's own hand, the cards played, and
  the opponent holds the rest), so the strong level plays the double-dummy card
  (``engine.ai.dd``) whenever a fresh solver proves it within ``EXACT_NODES`` positions; above
  that (the first tricks of some deals) it searches as everywhere else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from engine.ai.dd import NodeLimit, Solver
from engine.ai.dd_games import Position
from engine.ai.mb_infer import deal_capped, suit_caps
from engine.ai.sampling import deal_unseen
from engine.cards import rank, suit
from engine.married_bridge.game import MarriedBridgeMatch
from engine.married_bridge.rules import BIDS, BOOK, CARDS52, STRAINS, bid_rank, power
from engine.married_bridge.scoring import score_game
from engine.married_bridge.state import MBState
from engine.match import Match, View

MATCH_BONUS: Final = 400.0
#: Solve the main play exactly from this many tricks left (per player) down.
EXACT_TRICKS: Final = 7
#: Positions the strong level's double-dummy search of a real main-play decision may visit
#: (about 0.3 s of CPU on a loaded core; most decisions need far fewer).
EXACT_NODES: Final = 25_000
#: Positions one double-dummy test of a contract in the auction may visit (about 0.1 s of CPU;
#: above that the contract is judged by the greedy estimate).
PROBE_NODES: Final = 15_000
#: The preliminary play's searches sample this many times the worlds of a decision elsewhere
#: (a rollout of the rest of the preliminary play costs under 1 ms of CPU).
PRELIM_WORLDS: Final = 4
#: Value of one step of the bid ladder (MB-BID-3) in the margin ``hand_margin`` adds to a world
#: rolled out to the end of the preliminary play.
RANK_WEIGHT: Final = 15.0
_FINAL: Final = "_mb_final"  # attribute a rollout leaves on the world: the game it rolled out


def _trump(strain: str) -> str | None:
    return None if strain == "NT" else strain


# ---- the main play on plain card lists ---------------------------------------------------------


def _legal(hand: Sequence[str], led: str | None, trump: str | None) -> list[str]:
    """MB-PLAY-3/4: follow the led suit or trump at will; holding neither, anything."""
    if led is None:
        return list(hand)
    ok = [c for c in hand if suit(c) == led or (trump is not None and suit(c) == trump)]
    return ok or list(hand)


_POWER: Final = {c: power(c) for c in CARDS52}
#: Ties between cards of equal power break on the card code (``greedy_*``): by suit letter.
_SUIT_AT: Final = {x: x for x in "CDHS"}


def _beats(card: str, led_card: str, trump: str | None) -> bool:
    if card[1] == led_card[1]:
        return _POWER[card] > _POWER[led_card]
    return card[1] == trump


def greedy_lead(hand: Sequence[str], opp: Sequence[str], trump: str | None) -> str:
    """Lead a card the opponent cannot beat (top trumps first, while he has trumps), else the
    cheapest side card. A side card is safe only from an opponent without trumps, since he may
    ruff while holding the suit (MB-PLAY-3)."""
    top: dict[str, int] = {}
    for o in opp:
        p = _POWER[o]
        if p > top.get(o[1], 0):
            top[o[1]] = p
    opp_ruffs = trump is not None and trump in top
    best: tuple[int, int, str] | None = None
    for c in hand:
        x, p = c[1], _POWER[c]
        if p < top.get(x, 0) or (opp_ruffs and x != trump):
            continue
        key = (1 if x == trump and opp_ruffs else 0 if x == trump else 2 if opp_ruffs else 1, p,
               c)
        if best is None or key > best:
            best = key
    if best is not None:
        return best[2]
    side = [c for c in hand if c[1] != trump] or list(hand)
    return min(side, key=lambda c: (_POWER[c], c))


def greedy_follow(hand: Sequence[str], led_card: str, trump: str | None) -> str:
    """Take the trick with the cheapest winner (same suit first), else throw the cheapest."""
    led, lp = led_card[1], _POWER[led_card]
    legal = [c for c in hand if c[1] == led or c[1] == trump] or list(hand)
    win: tuple[int, int, str] | None = None
    low: tuple[int, int, str] | None = None
    for c in legal:
        x, p = c[1], _POWER[c]
        if (x == led and p > lp) or (x == trump and led != trump):
            key = (0 if x == led else 1, p, c)
            if win is None or key < win:
                win = key
        key = (1 if x == trump else 0, p, c)
        if low is None or key < low:
            low = key
    if win is not None:
        return win[2]
    assert low is not None
    return low[2]


def tricks(hands: Sequence[Sequence[str]], trump: str | None, leader: int) -> list[int]:
    """Tricks each seat takes when both play ``greedy_*`` on the known hands from ``leader``.

    The same plays as ``greedy_lead`` and ``greedy_follow`` trick by trick, on hands kept per
    suit in rising power (the outlook of every world in the auction's and the preliminary
    play's searches plays ten of these)."""
    by: list[dict[str, list[int]]] = [{}, {}]  # seat -> suit -> powers, rising
    for seat in (0, 1):
        for c in hands[seat]:
            by[seat].setdefault(c[1], []).append(_POWER[c])
        for v in by[seat].values():
            v.sort()
    won = [0, 0]
    left = len(hands[leader])
    while left:
        mine, theirs = by[leader], by[1 - leader]
        x, p = _greedy_lead_by(mine, theirs, trump)
        mine[x].remove(p)
        if not mine[x]:
            del mine[x]
        y, q = _greedy_follow_by(theirs, x, p, trump)
        theirs[y].remove(q)
        if not theirs[y]:
            del theirs[y]
        if (y == x and q > p) or (y != x and y == trump):
            leader = 1 - leader
        won[leader] += 1
        left -= 1
    return won


def _greedy_lead_by(mine: dict[str, list[int]], theirs: dict[str, list[int]],
                    trump: str | None) -> tuple[str, int]:
    """``greedy_lead`` on hands by suit: (suit, power) of the card led."""
    opp_ruffs = trump is not None and trump in theirs
    best: tuple[int, int, str] | None = None
    for x, ps in mine.items():
        top = ps[-1]
        if (opp_ruffs and x != trump) or (x in theirs and top < theirs[x][-1]):
            continue
        key = (1 if x == trump and opp_ruffs else 0 if x == trump else 2 if opp_ruffs else 1,
               top, _SUIT_AT[x])
        if best is None or key > best:
            best = key
    if best is not None:
        return best[2], best[1]
    side = [x for x in mine if x != trump] or list(mine)
    x = min(side, key=lambda s: (mine[s][0], _SUIT_AT[s]))
    return x, mine[x][0]


def _greedy_follow_by(hand: dict[str, list[int]], led: str, lp: int, trump: str | None
                      ) -> tuple[str, int]:
    """``greedy_follow`` on a hand by suit: (suit, power) of the reply to ``led``'s ``lp``."""
    follow = hand.get(led)
    if follow is not None and follow[-1] > lp:
        return led, next(p for p in follow if p > lp)
    ruffs = hand.get(trump) if trump is not None and led != trump else None
    if ruffs:
        return str(trump), ruffs[0]
    if follow is not None:  # no winner: the cheapest card of the led suit
        return led, follow[0]
    legal = [x for x in (led, trump) if x is not None and x in hand] or list(hand)
    x = min(legal, key=lambda s: (1 if s == trump else 0, hand[s][0], _SUIT_AT[s]))
    return x, hand[x][0]


def solve(hands: Sequence[Sequence[str]], trump: str | None, leader: int, declarer: int) -> int:
    """The declarer's tricks with best play by both (exact; keep the hands small)."""
    return _solve(tuple(sorted(hands[0])), tuple(sorted(hands[1])), trump or "", leader,
                  declarer)


@lru_cache(maxsize=1 << 16)
def _solve(h0: tuple[str, ...], h1: tuple[str, ...], trump: str, leader: int,
           declarer: int) -> int:
    hands = (h0, h1)
    if not h0:
        return 0
    t = trump or None
    best = -1 if leader == declarer else 99
    lead_hand, follow_hand = hands[leader], hands[1 - leader]
    for first in _distinct(lead_hand, follow_hand):
        worst = 99 if leader == declarer else -1
        for reply in _distinct(_legal(follow_hand, suit(first), t), lead_hand):
            winner = 1 - leader if _beats(reply, first, t) else leader
            rest = [list(h0), list(h1)]
            rest[leader].remove(first)
            rest[1 - leader].remove(reply)
            got = (1 if winner == declarer else 0) + _solve(tuple(rest[0]), tuple(rest[1]),
                                                            trump, winner, declarer)
            worst = min(worst, got) if leader == declarer else max(worst, got)
        best = max(best, worst) if leader == declarer else min(best, worst)
    return best


def _distinct(cards: Sequence[str], other: Sequence[str]) -> list[str]:
    """``cards`` without those that play exactly like a weaker one: two cards of one suit with
    no card of the ``other`` hand ranking between them win and lose the same tricks."""
    out: list[str] = []
    for c in sorted(cards, key=lambda x: (x[1], _POWER[x])):
        prev = out[-1] if out else None
        if prev is not None and prev[1] == c[1] and not any(
                o[1] == c[1] and _POWER[prev] < _POWER[o] < _POWER[c] for o in other):
            continue
        out.append(c)
    return out


def play_out(hands: Sequence[Sequence[str]], trump: str | None, leader: int,
             taken: Sequence[int], trick: Sequence[str] = (), declarer: int = 0) -> list[int]:
    """Tricks each seat has at the end of the main play if it goes on from here: greedy play
    (``tricks``), solved exactly (``solve``, for ``declarer``) in the last ``EXACT_TRICKS``.

    Args:
        hands: both hands now; ``trump``: the trump suit or None.
        leader: the seat leading the trick in progress; ``taken``: tricks won so far.
        trick: the card already led to the trick in progress, if any.
    """
    h = [list(hands[0]), list(hands[1])]
    won = list(taken)
    if trick:
        reply = greedy_follow(h[1 - leader], trick[0], trump)
        h[1 - leader].remove(reply)
        leader = 1 - leader if _beats(reply, trick[0], trump) else leader
        won[leader] += 1
    if len(h[leader]) <= EXACT_TRICKS:
        got = solve(h, trump, leader, declarer) if h[leader] else 0
        won[declarer] += got
        won[1 - declarer] += len(h[leader]) - got
        return won
    more = tricks(h, trump, leader)
    return [won[0] + more[0], won[1] + more[1]]


def main_play_points(hands: Sequence[Sequence[str]], contract: tuple[int, str, int, int],
                     leader: int, taken: Sequence[int], trick: Sequence[str] = ()) -> list[int]:
    """Points each seat writes if the main play goes on from here (``play_out``).

    Args:
        hands: both hands now; ``contract``: (level, strain, multiplier, declarer).
        leader: the seat leading the trick in progress; ``taken``: tricks won so far.
        trick: the card already led to the trick in progress, if any.
    """
    level, strain, mult, declarer = contract
    won = play_out(hands, _trump(strain), leader, taken, trick, declarer)
    res = score_game(level=level, strain=strain, multiplier=mult, tricks=won[declarer])
    pts = [0, 0]
    pts[declarer], pts[1 - declarer] = res.declarer, res.defender
    return pts


# ---- the auction on known hands -------------------------------------------------------------


def _outlook(hands: Sequence[Sequence[str]]) -> dict[tuple[int, str], int]:
    """Greedy main-play tricks for each (declarer, strain): the declarer leads (MB-PLAY-1)."""
    return _outlook_of(tuple(hands[0]), tuple(hands[1]))


@lru_cache(maxsize=256)
def _outlook_of(h0: tuple[str, ...], h1: tuple[str, ...]) -> dict[tuple[int, str], int]:
    hands = (h0, h1)
    return {(d, x): tricks(hands, _trump(x), d)[d] for d in (0, 1) for x in STRAINS}


def _made_points(level: int, strain: str, mult: int, t: int) -> int:
    """Points for the declarer minus the defender's, contract ``level strain`` and ``t`` tricks."""
    res = score_game(level=level, strain=strain, multiplier=mult, tricks=t)
    return res.declarer - res.defender


def auction_call(seat: int, legal: Sequence[str], last: tuple[int, str] | None,
                 bidder: int | None, contra: bool, outlook: dict[tuple[int, str], int]) -> str:
    """The rule-based call of ``seat`` (see the module docstring)."""
    floor = bid_rank(*last) if last else -1
    best: tuple[int, str] | None = None
    for level, strain in BIDS:
        if bid_rank(level, strain) <= floor:
            continue
        code = f"bid:{level}:{strain}"
        t = outlook[(seat, strain)]
        if code in legal and t >= BOOK + level:
            gain = _made_points(level, strain, 1, t)
            if best is None or gain > best[0]:
                best = (gain, code)
    if last is None or bidder is None:  # the dealer opens: a bid he makes, or the cheapest
        return best[1] if best else min((c for c in legal if c.startswith("bid:")),
                                        key=lambda c: (outlook[(seat, c.split(":")[2])] * -1, c))
    level, strain = last
    t_opp = outlook[(bidder, strain)]
    if bidder == seat:  # my bid was doubled: redouble if it makes, else escape or stand
        makes = outlook[(seat, strain)] >= BOOK + level
        if makes and "recontra" in legal:
            return "recontra"
        if not makes and best is not None:
            return best[1]
        return "pass"
    stand = -_made_points(level, strain, 1, t_opp)
    options = [(stand, "pass")]
    if "contra" in legal:
        options.append((-_made_points(level, strain, 2, t_opp), "contra"))
    if best is not None:
        options.append((best[0], best[1]))
    return max(options)[1]


def makes(hands: Sequence[Sequence[str]], strain: str, declarer: int, level: int) -> bool:
    """Whether ``declarer`` takes the ``BOOK + level`` tricks of ``level strain`` in the main
    play on the known hands (he leads, MB-PLAY-1): double dummy when a fresh solver proves it
    within ``PROBE_NODES`` positions, else by ``play_out``'s estimate."""
    return _makes(tuple(sorted(hands[0])), tuple(sorted(hands[1])), strain, declarer,
                  BOOK + level)


@lru_cache(maxsize=1 << 12)
def _makes(h0: tuple[str, ...], h1: tuple[str, ...], strain: str, declarer: int,
           need: int) -> bool:
    hands = [list(h0), list(h1)]
    trump = _trump(strain)
    pos = Position(hands, [], declarer, "married_bridge", "tricks", (0, 1), (trump,))
    try:
        return Solver(pos.rules(declarer), limit=PROBE_NODES).at_least(hands, [], declarer,
                                                                        need)
    except NodeLimit:
        return play_out(hands, trump, declarer, [0, 0], (), declarer)[declarer] >= need


def dd_call(seat: int, codes: Sequence[str], test: Callable[[str, int, int], bool],
            last: tuple[int, str] | None, bidder: int | None) -> str | None:
    """The strong level's call on known hands, or None where it sees no winning call (then it
    searches). ``test(strain, declarer, level)`` tells whether a contract makes (``makes``, or
    an estimate in the search's rollouts). A single game is won by the declarer when his
    contract makes and by the defender when it fails (MB-SCORE-2 to MB-SCORE-4), so: let a
    contract of the opponent's that fails stand; over one that makes, bid the cheapest
    contract that makes; answer a contra on a contract that makes with recontra, on one that
    fails by escaping into the cheapest contract that makes (MB-BID-7, MB-OPT-escape)."""
    floor = bid_rank(*last) if last else -1
    ladder = sorted((bid_rank(lv, x), lv, x) for x in STRAINS
                    for lv in [next((v for v in range(1, 8) if bid_rank(v, x) > floor), 0)]
                    if lv and f"bid:{lv}:{x}" in codes)
    bid = next((f"bid:{lv}:{x}" for _, lv, x in ladder if test(x, seat, lv)), None)
    if last is None or bidder is None:
        return bid
    if bidder == seat:  # my contract was doubled
        if test(last[1], seat, last[0]):
            return "recontra" if "recontra" in codes else "pass"
        return bid
    if not test(last[1], bidder, last[0]):
        return "pass"
    return bid


def finish(hands: Sequence[Sequence[str]], dealer: int,
           state: tuple[tuple[int, str] | None, int | None, bool] = (None, None, False),
           to_call: int | None = None, escape: bool = True, me: int | None = None
           ) -> list[int]:
    """Points each seat writes if the auction (from ``state``) and the main play are played
    out by the rules of thumb on the known hands (seat ``me`` calling as the strong level,
    ``dd_call`` on the greedy outlook, where it finds a call).

    Args:
        hands: both 13-card hands; ``dealer``: the dealer (he calls first).
        state: (last bid or None, its bidder, doubled and not yet answered).
        to_call: the seat to call now (default: the dealer).
        escape: MB-OPT-escape.
        me: the seat calling by ``dd_call``, or None.
    """
    outlook = _outlook(hands)

    def test(strain: str, declarer: int, level: int) -> bool:
        return outlook[(declarer, strain)] >= BOOK + level

    last, bidder, contra = state
    seat = dealer if to_call is None else to_call
    mult = 2 if contra else 1
    for _ in range(80):
        legal = _legal_calls(last, contra, escape)
        call = (dd_call(seat, legal, test, last, bidder) if seat == me else None) \
            or auction_call(seat, legal, last, bidder, contra, outlook)
        if call.startswith("bid:"):
            _, lv, st = call.split(":")
            last, bidder, contra, mult = (int(lv), st), seat, False, 1
        elif call == "contra":
            contra, mult = True, 2
        elif call == "recontra":
            mult = 4
            break
        else:
            break
        seat = 1 - seat
    assert last is not None and bidder is not None
    return main_play_points(hands, (last[0], last[1], mult, bidder), bidder, [0, 0])


def _legal_calls(last: tuple[int, str] | None, contra: bool, escape: bool) -> list[str]:
    floor = bid_rank(*last) if last else -1
    higher = [f"bid:{lv}:{st}" for lv, st in BIDS if bid_rank(lv, st) > floor]
    if last is None:
        return higher
    if contra:
        return ["pass", "recontra", *(higher if escape else [])]
    return [*higher, "contra", "pass"]


# ---- the preliminary play ---------------------------------------------------------------------


def hand_margin(hands: Sequence[Sequence[str]], seat: int) -> int:
    """How many steps of the bid ladder (MB-BID-3) the highest contract ``seat`` makes as
    declarer stands above the opponent's, both judged by the greedy outlook on the known
    hands (a contract under one level counted on down the ladder)."""
    outlook = _outlook(hands)

    def top(d: int) -> int:
        return max(bid_rank(outlook[(d, x)] - BOOK, x) for x in STRAINS)

    return top(seat) - top(1 - seat)




def keep_value(card: str, hand: Sequence[str]) -> float:
    """How much a card is worth keeping for the main play: rank, length of its suit, honours."""
    length = sum(1 for c in hand if suit(c) == suit(card))
    honours = 3 if rank(card) in "AK" else 0
    return power(card) + 1.5 * length + honours


def prelim_card(hand: Sequence[str], legal: Sequence[str]) -> str:
    """Shed the legal card worth least for the main play (``keep_value``, the suits' lengths
    counted once: the rollouts shed a card at every step)."""
    length: dict[str, int] = {}
    for c in hand:
        length[c[1]] = length.get(c[1], 0) + 1
    best: tuple[float, str] | None = None
    for c in legal:
        key = (_POWER[c] + 1.5 * length.get(c[1], 0) + (3 if c[0] in "AK" else 0), c)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[1]


# ---- what the seat knows, and the GameAI --------------------------------------------------------


def played_cards(match: Match) -> set[str]:
    """Every card played to a trick in the current game, the trick in progress included
    (public, MB-INFO-2): the pack less both hands and the talon.

    The set the game's ``play`` events name, worked out from what is left rather than read from
    the events, which a stored match keeps only in part (a log cut short must not make the
    bot imagine played cards back into the hands). The same for any two deals that look the
    same to a seat: it is the public record of play (tests/engine/test_ai_honesty.py).
    """
    assert isinstance(match, MarriedBridgeMatch)
    s = match._s
    held = {*s.hands[0], *s.hands[1], *s.talon}
    return {c for c in CARDS52 if c not in held}


class MarriedBridgeAI:
    """``GameAI`` of Married bridge (see the module docstring)."""

    game_id = "married_bridge"
    budget = 160
    min_worlds = 6
    prelim_worlds = PRELIM_WORLDS
    rank_weight = RANK_WEIGHT
    #: In the preliminary play, worlds give the opponent no more cards of a suit he failed to
    #: follow than he has drawn since (``suit_caps``).
    infer_voids = True

    def normal(self, match: Match, seat: int, rng: random.Random) -> str:
        assert isinstance(match, MarriedBridgeMatch)
        s = match._s
        v = match.view(seat)
        hand = list(v["hand"])
        codes = match.legal_actions(seat)
        if s.phase == "preliminary":
            if s.drawing:
                return self._draw(codes, v)
            return "play:" + prelim_card(hand, [c[5:] for c in codes])
        opp = self._opponent_hand(match, seat, hand)
        hands = [hand, opp] if seat == 0 else [opp, hand]
        if s.phase == "bidding":
            last = (s.bid_level, s.bid_strain) if s.bid_level else None
            return auction_call(seat, codes, last, s.bidder, s.contra, _outlook(hands))
        trump = _trump(s.strain)
        cards = [c[5:] for c in codes]
        if not s.trick:
            card = greedy_lead(hand, opp, trump)
        else:
            card = greedy_follow(hand, s.trick[0][1], trump)
        return "play:" + (card if card in cards else cards[0])

    @staticmethod
    def _draw(codes: Sequence[str], view: View) -> str:
        if "draw" in codes:
            return "draw"
        hand = list(view["hand"])
        return max(codes, key=lambda c: (keep_value(c[5:], [*hand, c[5:]]), c))

    @staticmethod
    def _opponent_hand(match: MarriedBridgeMatch, seat: int, hand: Sequence[str]) -> list[str]:
        """With the talon empty: every card neither held nor played (MB-INFO-2, MB-PRE-6)."""
        gone = played_cards(match) | set(hand)
        return [c for c in CARDS52 if c not in gone]

    def exact(self, match: Match, seat: int, codes: list[str]) -> str | None:
        """The double-dummy card of ``seat`` in the main play, or None (the preliminary play, or
        the search would pass ``EXACT_NODES``); in the auction, ``dd_call``. Reads only what the
        seat knows: its hand, the played cards, the trick and the strain (once the talon is
        empty the opponent holds every other card)."""
        assert isinstance(match, MarriedBridgeMatch)
        s = match._s
        if s.phase == "bidding":
            hand = list(match.view(seat)["hand"])
            opp = self._opponent_hand(match, seat, hand)
            last = (s.bid_level, s.bid_strain) if s.bid_level else None
            hands = [hand, opp] if seat == 0 else [opp, hand]
            return dd_call(seat, codes, lambda x, d, lv: makes(hands, x, d, lv), last,
                           s.bidder)
        if s.phase != "main_play" or not all(c.startswith("play:") for c in codes):
            return None
        hand = list(match.view(seat)["hand"])
        opp = self._opponent_hand(match, seat, hand)
        hands = [hand, opp] if seat == 0 else [opp, hand]
        trick = [(int(p), str(c)) for p, c in s.trick]
        pos = Position(hands, trick, seat, "married_bridge", "tricks", (0, 1),
                       (_trump(s.strain),))
        solver = Solver(pos.rules(seat), limit=EXACT_NODES)
        try:
            card = solver.best_card(hands, trick, seat)
        except NodeLimit:
            return None
        return "play:" + card

    def candidates(self, match: Match, seat: int, codes: list[str],
                   rng: random.Random) -> list[str]:
        assert isinstance(match, MarriedBridgeMatch)
        if all(c.startswith("play:") for c in codes):
            # cards that play alike: no card the others may hold ranks between them
            hand = list(match.view(seat)["hand"])
            if match._s.phase == "main_play":
                other = self._opponent_hand(match, seat, hand)
            else:
                gone = played_cards(match) | set(hand)
                other = [c for c in CARDS52 if c not in gone]
            same = set(_distinct([c[5:] for c in codes], other))
            return [c for c in codes if c[5:] in same]
        if match._s.phase != "bidding":
            return codes
        keep = {c for c in codes if not c.startswith("bid:")}
        keep.add(self.normal(match, seat, rng))
        bids = [c for c in codes if c.startswith("bid:")]
        for strain in STRAINS:
            first = [c for c in bids if c.endswith(":" + strain)]
            keep.update(first[:2])
        return sorted(keep)

    def worlds(self, match: Match, seat: int, default: int) -> int:
        """One world once the talon is empty: every card is then known (and rollouts beyond
        the preliminary play are deterministic)."""
        assert isinstance(match, MarriedBridgeMatch)
        return default * self.prelim_worlds if match._s.phase == "preliminary" else 1

    def world(self, match: Match, seat: int, rng: random.Random) -> Match:
        assert isinstance(match, MarriedBridgeMatch)
        real = match._s
        opp = 1 - seat
        v = match.view(seat)
        mine = list(real.hands[seat])
        top = [f["value"] for f in v["private"] if f["key"] in ("mb_seen_in_talon",
                                                                 "mb_talon_top")]
        top = [c for i, c in enumerate(top) if c not in top[:i]]
        seen = set(mine) | played_cards(match) | set(top)
        seen.update(c for _, c in real.trick)
        unseen = [c for c in CARDS52 if c not in seen]
        sizes = {opp: len(real.hands[opp]), "talon": len(real.talon) - len(top)}
        caps = suit_caps(match, opp) if self.infer_voids and real.phase == "preliminary" \
            else {}
        if caps:
            hand, rest = deal_capped(unseen, sizes[opp], caps, rng)
            deal: dict[object, list[str]] = {opp: hand, "talon": rest}
        else:
            deal = dict(deal_unseen(unseen, sizes, rng))
        w = match.clone()
        s = w._s
        s.hands[opp] = deal[opp]
        s.talon = top + deal["talon"]
        s.seen = [e for e in s.seen if e[0] == seat]
        s.seed = rng.getrandbits(32)
        s.first_deck = None
        return w

    def rollout(self, world: Match, rng: random.Random) -> None:
        assert isinstance(world, MarriedBridgeMatch)
        s = world._s
        game = s.game_no
        while s.phase == "preliminary" and s.game_no == game:
            seat = s.turn
            codes = world.legal_actions(seat)
            if len(codes) == 1:
                code = codes[0]
            elif s.drawing:
                code = "draw" if "draw" in codes else codes[0]
            else:
                code = "play:" + prelim_card(s.hands[seat], [c[5:] for c in codes])
            world.apply(seat, code)
        setattr(world, _FINAL, game)

    @staticmethod
    def _rest_of_game(s: MBState, me: int) -> list[int]:
        """Points each seat will write for the game in progress (auction and play simulated,
        ``me`` calling as the strong level)."""
        if s.phase == "bidding":
            last = (s.bid_level, s.bid_strain) if s.bid_level else None
            return finish(s.hands, s.dealer, (last, s.bidder, s.contra), s.turn,
                          bool(s.options["escape_after_contra"]), me)
        if s.phase == "main_play":
            assert s.declarer is not None
            return main_play_points(s.hands, (s.level, s.strain, s.multiplier, s.declarer),
                                    s.leader, s.tricks_won, [c for _, c in s.trick])
        return [0, 0]

    def value(self, world: Match, seat: int) -> float:
        assert isinstance(world, MarriedBridgeMatch)
        s = world._s
        game = getattr(world, _FINAL, None)
        pending = self._rest_of_game(s, seat) if game == s.game_no else [0, 0]
        mine = s.totals[seat] + pending[seat]
        theirs = s.totals[1 - seat] + pending[1 - seat]
        v = float(mine - theirs)
        last_game = s.options["match_format"] == "single_game" or s.game_no >= 2
        if s.phase == "over" or (last_game and any(pending)):
            v += MATCH_BONUS if mine > theirs else (-MATCH_BONUS if mine < theirs else 0)
        if game == s.game_no and s.phase == "bidding" and self.rank_weight:
            v += self.rank_weight * hand_margin(s.hands, seat)
        return v

