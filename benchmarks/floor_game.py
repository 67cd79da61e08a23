"""The speed floor: an in-place pure-Python trick game, the yardstick of the engines' playouts.

Four seats, 32 cards (7..A in four suits), eight each; follow suit, else trump if you can, else
anything; the highest trump (else the highest card of the led suit) takes the trick and leads the
next. Nothing else: no bidding, no melds, no events, no validation, no serialisation. The state
is a handful of lists changed in place; a playout is a copy of the dealt position and uniformly
random legal cards to the end of the deal, exactly the loop ``engine_playouts`` runs for every
engine game. It is not a kozyr game and nothing imports it but the benchmark.
"""

from __future__ import annotations

import random

SUITS = "SHDC"
RANKS = "789TJQKA"  # low to high
#: card index = suit * 8 + rank index (0..31); rank index grows with strength
DECK = tuple(range(32))


class FloorDeal:
    """One deal of the floor game: hands (lists of card indices), the trick, the trump suit."""

    __slots__ = ("hands", "leader", "taken", "to_move", "trick", "trump")

    def __init__(self, hands: list[list[int]], trump: int, leader: int) -> None:
        self.hands = hands
        self.trump = trump
        self.leader = leader
        self.to_move = leader
        self.trick: list[int] = []
        self.taken = [0, 0, 0, 0]

    @classmethod
    def dealt(cls, seed: int) -> FloorDeal:
        """A seeded deal: shuffled pack, eight cards each, a random trump, seat 0 leads."""
        rng = random.Random(seed)
        cards = list(DECK)
        rng.shuffle(cards)
        return cls([cards[i * 8:(i + 1) * 8] for i in range(4)], rng.randrange(4), 0)

    def clone(self) -> FloorDeal:
        """An independent copy (the only copying a playout does)."""
        new = FloorDeal.__new__(FloorDeal)
        new.hands = [h[:] for h in self.hands]
        new.trump, new.leader, new.to_move = self.trump, self.leader, self.to_move
        new.trick, new.taken = self.trick[:], self.taken[:]
        return new

    @property
    def is_over(self) -> bool:
        """True once every card has been played."""
        return not self.hands[self.to_move]

    def legal(self) -> list[int]:
        """The cards the seat to move may play: follow suit, else trump, else anything."""
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        led = self.trick[0] >> 3
        same = [c for c in hand if c >> 3 == led]
        if same:
            return same
        trumps = [c for c in hand if c >> 3 == self.trump]
        return trumps or hand

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to move (trusted legal); close the trick when full."""
        seat = self.to_move
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < 4:
            self.to_move = (seat + 1) & 3
            return
        led, trump = trick[0] >> 3, self.trump
        best, best_key = 0, -1
        for i, c in enumerate(trick):
            s = c >> 3
            key = 16 + (c & 7) if s == trump else 8 + (c & 7) if s == led else -1
            if key > best_key:
                best, best_key = i, key
        winner = (self.leader + best) & 3
        self.taken[winner] += 1
        self.leader = self.to_move = winner
        trick.clear()


def playout(deal: FloorDeal, rng: random.Random) -> int:
    """Play a copy of ``deal`` to its end with random legal cards; return the actions played."""
    d = deal.clone()
    n = 0
    while not d.is_over:
        d.play(rng.choice(d.legal()))
        n += 1
    return n
