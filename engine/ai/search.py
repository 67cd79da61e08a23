"""The search player: determinized Monte Carlo ("perfect-information Monte Carlo", PIMC).

For one decision of ``seat``: imagine ``worlds`` complete deals consistent with what the seat
knows (``GameAI.world``: the unseen cards dealt at random where the public play allows them),
try every candidate action in each world, play each world on to the end of the deal with the
game's fast policy (``GameAI.rollout``), and pick the action whose results average best
(``GameAI.value``). The same world and the same rollout seed are used for every candidate
(common random numbers), so the comparison is between actions, not between lucky deals.

The worlds come from ``GameAI.world``, which reads only the seat's view, the public events and
the score sheet; the choice is therefore the same for two matches that look the same to the seat
(tested by ``tests/engine/test_ai_honesty.py``).
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engine.ai.base import legal_codes
from engine.errors import IllegalAction
from engine.match import Match

T = TypeVar("T")


class PerDecision(Generic[T]):
    """One value remembered per decision: the same match object, as many events, same seat.

    A search samples many worlds for one decision; what they all read from the public events
    is worked out once. The match is held weakly and compared by identity, so a new match (or
    the same one after an action, which always adds an event) is never served a stale value.
    """

    def __init__(self) -> None:
        self._key: tuple[weakref.ref[Match], int, int] | None = None
        self._value: T | None = None

    def get(self, match: Match, seat: int, make: Callable[[], T]) -> T:
        """The remembered value for (match, its event count, seat), or ``make()``."""
        key = self._key
        if (key is not None and key[0]() is match and key[1] == len(match.events)
                and key[2] == seat and self._value is not None):
            return self._value
        value = make()
        self._key, self._value = (weakref.ref(match), len(match.events), seat), value
        return value


def margin(totals: Sequence[float], side: int, result: dict[str, Any] | None, bonus: float
           ) -> float:
    """A rolled-out world's value for ``side``: its lead over the other sides' mean total (in
    the game's points), plus ``bonus`` if ``result`` (given once the match is over) names
    ``side`` the winner, minus ``bonus`` if it does not."""
    others = [t for p, t in enumerate(totals) if p != side]
    v = float(totals[side] - sum(others) / len(others))
    if result is not None:
        v += bonus if result.get("winner") == side else -bonus
    return v


class GameAI(Protocol):
    """What a game gives the bot players (one implementation per game in ``engine.ai``).

    ``normal`` is the rule-based player; ``world``, ``candidates``, ``rollout`` and ``value``
    are what ``SearchPlayer`` needs. ``budget`` is the number of rollouts one decision may use
    (split among the candidates); ``min_worlds`` the fewest worlds any decision uses.
    """

    game_id: str
    budget: int
    min_worlds: int

    def normal(self, match: Match, seat: int, rng: random.Random) -> str:
        """The rule-based choice of ``seat`` (from its view and the public events only)."""
        ...

    def world(self, match: Match, seat: int, rng: random.Random) -> Match:
        """A clone of ``match`` whose hidden cards are dealt again consistently with what
        ``seat`` knows (and whose future shuffles are reseeded from ``rng``)."""
        ...

    def candidates(self, match: Match, seat: int, codes: list[str],
                   rng: random.Random) -> list[str]:
        """The codes worth searching among ``codes`` (all of them, or a short list)."""
        ...

    def exact(self, match: Match, seat: int, codes: list[str]) -> str | None:
        """A code of ``codes`` proven best where the seat knows every card (Married bridge's
        main play: the double-dummy card), or None to search as usual."""
        ...

    def worlds(self, match: Match, seat: int, default: int) -> int:
        """How many worlds to sample (``default``, or fewer where little is hidden)."""
        ...

    def rollout(self, world: Match, rng: random.Random) -> None:
        """Play ``world`` on with the fast policy until the current deal is over."""
        ...

    def value(self, world: Match, seat: int) -> float:
        """How good the rolled-out ``world`` is for ``seat``'s side (larger is better)."""
        ...


class RulePlayer:
    """The ``normal`` level: a game's rule-based player."""

    def __init__(self, ai: GameAI) -> None:
        self.ai = ai

    def choose(self, match: Match, seat: int, rng: random.Random) -> str:
        """A legal code chosen by the game's rules of thumb.

        Raises:
            ValueError: the seat has no legal action.
        """
        codes = legal_codes(match, seat)
        if len(codes) == 1:
            return codes[0]
        code = self.ai.normal(match, seat, rng)
        return code if code in codes else codes[0]


class SearchPlayer:
    """The ``strong`` level: determinized Monte Carlo over the game's rollouts.

    Args:
        ai: the game's ``GameAI``.
        budget: rollouts per decision (default: the game's ``budget``); tests pass a small one.
    """

    def __init__(self, ai: GameAI, budget: int | None = None) -> None:
        self.ai = ai
        self.budget = ai.budget if budget is None else budget

    def choose(self, match: Match, seat: int, rng: random.Random) -> str:
        """The candidate with the best average value over the sampled worlds.

        Raises:
            ValueError: the seat has no legal action.
        """
        codes = legal_codes(match, seat)
        if len(codes) == 1:
            return codes[0]
        proven = self.ai.exact(match, seat, codes)
        if proven in codes:
            assert proven is not None
            return proven
        cands = [c for c in self.ai.candidates(match, seat, codes, rng) if c in codes]
        if not cands:
            cands = codes
        if len(cands) == 1:
            return cands[0]
        # successive halving: every round shares its worlds among the candidates still in, then
        # keeps the better half; the rounds share the budget equally
        rounds = max(1, (len(cands) - 1).bit_length())
        alive = list(range(len(cands)))
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for r in range(rounds):
            per_round = self.budget // rounds
            worlds = self.ai.worlds(match, seat, max(self.ai.min_worlds // rounds or 1,
                                                     per_round // len(alive)))
            for _ in range(worlds):
                self._one_world(match, seat, rng, cands, alive, totals, counts)
            if r == rounds - 1 or len(alive) <= 2:
                continue
            ranked = sorted(alive, key=lambda i: (-self._mean(totals, counts, i), i))
            alive = sorted(ranked[:max(2, (len(alive) + 1) // 2)])
        if not any(counts[i] for i in alive):
            fallback = self.ai.normal(match, seat, rng)
            return fallback if fallback in codes else cands[0]
        best = max(alive, key=lambda i: (self._mean(totals, counts, i), -i))
        return cands[best]

    @staticmethod
    def _mean(totals: list[float], counts: list[int], i: int) -> float:
        return totals[i] / counts[i] if counts[i] else float("-inf")

    def _one_world(self, match: Match, seat: int, rng: random.Random, cands: list[str],
                   alive: list[int], totals: list[float], counts: list[int]) -> None:
        """Sample one world and add every live candidate's rolled-out value to ``totals``."""
        world = self.ai.world(match, seat, rng)
        seed = rng.getrandbits(48)
        results = []
        for i in alive:
            trial = world.clone()
            try:
                trial.apply(seat, cands[i])
            except IllegalAction:
                return  # the world does not allow it: drop the world for every candidate
            self.ai.rollout(trial, random.Random(seed))
            results.append(self.ai.value(trial, seat))
        for i, v in zip(alive, results, strict=True):
            totals[i] += v
            counts[i] += 1
