"""Double-dummy solving of the card play of a trick game: the result with every hand known and
both sides playing perfectly.

One solver for every trick game of the engine (Deberts, Bazar-Belot, the main play of Married
bridge); a game gives its ``TrickRules`` (who may play what, who takes a trick, what a trick is
worth, who plays for which side). ``solve`` returns the points the maximising side takes from a
position on; ``best_cards`` the cards that keep that value.

The search is alpha-beta (minimax: the maximising side's seats against the others') with:

- a transposition table at trick boundaries, keyed by the seat to lead and the cards left in
  every hand, holding a lower and an upper bound of the value (the same position is reached
  by many orders of the same tricks);
- equivalent-card merging: of two cards of one hand, one suit and equal worth with no card still
  in play ranking between them, only one is tried (they take and lose the same tricks);
- move ordering: the cards that win the trick so far first, then the strongest.

Values are exact. The cost grows quickly with the cards left: a whole deal (Married bridge's
13 tricks of two cards, Bazar-Belot's 8 tricks of four) takes from half a second to about
twenty on a shared core, the last two or three tricks of a belote deal a millisecond or so
(``benchmarks/dd_loss.py`` prints the seconds per measured deal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

Trick = Sequence[tuple[int, str]]  # the cards played to the trick so far, (seat, card), in order

_INF: Final = 1 << 30


class NodeLimit(Exception):
    """The search visited more positions than the solver's ``limit`` (nothing is wrong)."""


@dataclass(frozen=True)
class TrickRules:
    """The card play of one deal, for the solver.

    Attributes:
        players: seats, 0..players-1, play in turn to the left (``(seat + 1) % players``).
        legal: ``legal(seat, hand, trick)`` -> the cards of ``hand`` ``seat`` may play now.
        winner: ``winner(trick)`` -> the index (play order) of the card taking a full trick.
        worth: ``worth(cards, last)`` -> what a full trick is worth to its taker (``last``: the
            deal's last trick, for a last-trick bonus).
        strength: ``strength(card)`` -> the card's rank within its suit for trick-taking
            (larger wins), used to merge equivalent cards and to order moves.
        points: ``points(card)`` -> what the card itself counts (equal-worth cards merge).
        side: ``side(seat)`` -> True for the maximising side's seats.
    """

    players: int
    legal: Callable[[int, Sequence[str], Trick], list[str]]
    winner: Callable[[Sequence[str]], int]
    worth: Callable[[Sequence[str], bool], int]
    strength: Callable[[str], int]
    points: Callable[[str], int]
    side: Callable[[int], bool]


@dataclass
class Solver:
    """A solver for one deal's cards (its table is reused by every position of that deal).

    Args:
        rules: the game's ``TrickRules``.
        nodes: positions searched so far (a work counter for benchmarks).
        limit: positions a search may visit in all before it raises ``NodeLimit`` (None: no
            limit). A bot that must decide in time gives a fresh solver a limit: the count, and
            so whether it is reached, depends on the position alone.
    """

    rules: TrickRules
    nodes: int = 0
    limit: int | None = None
    _table: dict[tuple[object, ...], tuple[int, int]] = field(default_factory=dict)

    def solve(self, hands: Sequence[Sequence[str]], trick: Trick, turn: int) -> int:
        """The points the maximising side takes from this position to the deal's end, with
        perfect play by both sides (the trick in progress included).

        Args:
            hands: every seat's cards now (all known: double dummy).
            trick: the cards already played to the trick in progress, in order.
            turn: the seat to play.
        """
        h = [list(x) for x in hands]
        return self._search(h, list(trick), turn, -_INF, _INF)

    def at_least(self, hands: Sequence[Sequence[str]], trick: Trick, turn: int,
                 target: int) -> bool:
        """Whether the maximising side takes at least ``target`` points from this position
        with perfect play by both sides: one null-window search, far cheaper than ``solve``.

        Raises:
            NodeLimit: the solver has a ``limit`` and the search went past it.
        """
        h = [list(x) for x in hands]
        return self._search(h, list(trick), turn, target - 1, target) >= target

    def values(self, hands: Sequence[Sequence[str]], trick: Trick, turn: int
               ) -> dict[str, int]:
        """Every legal card of ``turn`` -> the maximising side's points if it is played now and
        both sides play perfectly after it (the trick in progress included)."""
        h = [list(x) for x in hands]
        out: dict[str, int] = {}
        for card in self.rules.legal(turn, h[turn], trick):
            out[card] = self._after(h, list(trick), turn, card, -_INF, _INF)
        return out

    def best_cards(self, hands: Sequence[Sequence[str]], trick: Trick, turn: int
                   ) -> list[str]:
        """The legal cards of ``turn`` that keep the double-dummy value for his side."""
        vals = self.values(hands, trick, turn)
        pick = max if self.rules.side(turn) else min
        best = pick(vals.values())
        return sorted(c for c, v in vals.items() if v == best)

    def best_card(self, hands: Sequence[Sequence[str]], trick: Trick, turn: int) -> str:
        """One legal card of ``turn`` that keeps the double-dummy value for his side: the first
        in the search's move order that a null-window test proves as good as the position's
        value (far cheaper than ``best_cards``, which values every card exactly).

        Raises:
            NodeLimit: the solver has a ``limit`` and the search went past it.
        """
        h = [list(x) for x in hands]
        tr = list(trick)
        target = self._search(h, tr, turn, -_INF, _INF)
        maximise = self.rules.side(turn)
        moves = self._moves(h, tr, turn)
        for card in moves:
            if maximise and self._after(h, tr, turn, card, target - 1, target) >= target:
                return card
            if not maximise and self._after(h, tr, turn, card, target, target + 1) <= target:
                return card
        raise AssertionError("no card keeps the solved value")  # the search is exact

    # ---- the search --------------------------------------------------------------------------

    def _after(self, hands: list[list[str]], trick: list[tuple[int, str]], turn: int,
               card: str, alpha: int, beta: int) -> int:
        """Value after ``turn`` plays ``card`` (hands and trick restored on return)."""
        r = self.rules
        hands[turn].remove(card)
        trick.append((turn, card))
        try:
            if len(trick) < r.players:
                return self._search(hands, trick, (turn + 1) % r.players, alpha, beta)
            cards = [c for _, c in trick]
            taker = trick[r.winner(cards)][0]
            last = not hands[taker]
            got = r.worth(cards, last) if r.side(taker) else 0
            if last:
                return got
            return got + self._search(hands, [], taker, alpha - got, beta - got)
        finally:
            trick.pop()
            hands[turn].append(card)

    def _search(self, hands: list[list[str]], trick: list[tuple[int, str]], turn: int,
                alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise NodeLimit(self.nodes)
        r = self.rules
        key: tuple[object, ...] | None = None
        if not trick:
            if not hands[turn]:
                return 0
            key = (turn, *(frozenset(h) for h in hands))
            bounds = self._table.get(key)
            if bounds is not None:
                lo, hi = bounds
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maximise = r.side(turn)
        best = -_INF if maximise else _INF
        for card in self._moves(hands, trick, turn):
            v = self._after(hands, trick, turn, card, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            lo, hi = self._table.get(key, (-_INF, _INF))
            if best <= a0:
                hi = min(hi, best)  # failed low: an upper bound
            elif best >= b0:
                lo = max(lo, best)  # failed high: a lower bound
            else:
                lo = hi = best
            self._table[key] = (lo, hi)
        return best

    def _moves(self, hands: list[list[str]], trick: list[tuple[int, str]], turn: int
               ) -> list[str]:
        """The legal cards of ``turn`` without equivalent ones, best-looking first."""
        r = self.rules
        legal = r.legal(turn, hands[turn], trick)
        if len(legal) == 1:
            return legal
        st = r.strength
        occupied: set[tuple[str, int]] | None = None  # (suit, strength) of every card in play
        out: list[str] = []
        for c in sorted(legal, key=lambda x: (x[1], st(x))):
            prev = out[-1] if out else None
            if prev is not None and prev[1] == c[1] and r.points(prev) == r.points(c):
                lo, hi = st(prev), st(c)
                if occupied is None:
                    occupied = {(x[1], st(x)) for h in hands for x in h}
                    occupied.update((x[1], st(x)) for _, x in trick)
                x = c[1]
                if not any((x, v) in occupied for v in range(lo + 1, hi)):
                    out[-1] = c  # keep the stronger of two equivalent cards
                    continue
            out.append(c)
        if trick:
            cards = [c for _, c in trick]
            mine = r.side(turn)

            def key(c: str) -> tuple[int, int]:
                i = r.winner([*cards, c])
                if i == len(cards):
                    return (0, -st(c))  # takes the trick so far
                return (1 if r.side(trick[i][0]) == mine else 2, st(c))  # else cheapest first

            out.sort(key=key)
        else:
            out.sort(key=lambda c: -st(c))
        return out
