"""The double-dummy solver (engine/ai/dd.py) against plain minimax with no pruning, no table and
no card merging, on small random deals of a follow-suit trick game with trumps and card points.

The solver is what `python -m engine bench` measures the bot players' loss against, so its
values must be exact: any disagreement with the brute force is a bug in the pruning, the
transposition table or the merging of equivalent cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.dd import Solver, Trick, TrickRules
from engine.ai.dd_games import Position
from engine.belote.common import CARDS32, contract_trick_winner_index

RANKS = "789TJQKA"
POINTS = {"7": 0, "8": 0, "9": 0, "T": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
SUITS = "SHDC"


def _rules(players: int, trump: str, maximiser: int) -> TrickRules:
    def strength(card: str) -> int:
        return RANKS.index(card[0])

    def legal(seat: int, hand: Sequence[str], trick: Trick) -> list[str]:
        if not trick:
            return sorted(hand)
        led = trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        return sorted(follow or hand)

    def winner(cards: Sequence[str]) -> int:
        best = 0
        for i, card in enumerate(cards):
            top = cards[best]
            if (card[1] == trump and top[1] != trump) or (
                    card[1] == top[1] and strength(card) > strength(top)):
                best = i
        return best

    def worth(cards: Sequence[str], last: bool) -> int:
        return sum(POINTS[c[0]] for c in cards) + (10 if last else 0)

    return TrickRules(players=players, legal=legal, winner=winner, worth=worth,
                      strength=strength, points=lambda c: POINTS[c[0]],
                      side=lambda seat: seat % 2 == maximiser % 2)


def _minimax(rules: TrickRules, hands: list[list[str]], trick: list[tuple[int, str]],
             turn: int) -> int:
    """The maximising side's points to the end, by trying every card at every turn."""
    best: int | None = None
    for card in rules.legal(turn, hands[turn], trick):
        hands[turn].remove(card)
        played = [*trick, (turn, card)]
        if len(played) == rules.players:
            taker = played[rules.winner([c for _, c in played])][0]
            last = not any(hands)
            gain = rules.worth([c for _, c in played], last) if rules.side(taker) else 0
            value = gain + (_minimax(rules, hands, [], taker) if not last else 0)
        else:
            value = _minimax(rules, hands, played, (turn + 1) % rules.players)
        hands[turn].append(card)
        if best is None or (value > best if rules.side(turn) else value < best):
            best = value
    assert best is not None
    return best


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]),
       tricks=st.integers(1, 3))
def test_solver_equals_brute_force(seed: int, players: int, tricks: int) -> None:
    rng = random.Random(seed)
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    hands = [sorted(deck[i * tricks:(i + 1) * tricks]) for i in range(players)]
    rules = _rules(players, rng.choice(SUITS), rng.randrange(2))
    leader = rng.randrange(players)
    expected = _minimax(rules, [list(h) for h in hands], [], leader)
    solver = Solver(rules)
    assert solver.solve(hands, [], leader) == expected
    # the card it recommends keeps that value, and so does every card best_cards names
    values = solver.values(hands, [], leader)
    assert values[solver.best_card(hands, [], leader)] == expected
    assert all(values[c] == expected for c in solver.best_cards(hands, [], leader))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 4),
       contract=st.sampled_from([("deberts", ("S",)), ("deberts", ("C",)),
                                 ("bazar_belot", ("suit", "H")),
                                 ("bazar_belot", ("all_trumps", None)),
                                 ("bazar_belot", ("no_trumps", None))]))
def test_the_solvers_belote_winner_is_the_rules_winner(
        seed: int, size: int, contract: tuple[str, tuple[object, ...]]) -> None:  # BEL-PLAY-2
    game_id, key = contract
    cards = random.Random(seed).sample(list(CARDS32), size)
    sides = (0, 1, 0, 1) if game_id == "bazar_belot" else (0, 1)
    rules = Position([[] for _ in sides], [], 0, game_id, "card points", sides, key).rules(0)
    kind, trump = ("suit", key[0]) if game_id == "deberts" else key
    assert rules.winner(cards) == contract_trick_winner_index(cards, str(kind), trump)
