"""Each trick game's card play as ``dd.TrickRules``, and its double-dummy position.

``position(match)`` reads a match's full state (every hand: double dummy), so only the
benchmarks' measure against perfect play and the search's imagined worlds use it, never a bot's
view of the real table. It returns None outside the card play (or where the solver's model of
the play does not hold: Bazar-Belot's kapo on one hand, with a seat out of play).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.dd import Trick, TrickRules
from engine.bazar_belot.game import BazarBelotMatch
from engine.bazar_belot.state import pair_of, partner_of
from engine.belote import common
from engine.deberts.game import DebertsMatch
from engine.married_bridge.game import MarriedBridgeMatch
from engine.married_bridge.rules import CARDS52, power
from engine.married_bridge.rules import legal_cards as mb_legal
from engine.match import Match


@dataclass(frozen=True)
class Position:
    """A card-play position: the rules, every hand, the trick so far and the seat to play.

    ``side_of(seat)`` is the seat's side index; ``unit`` names what the values count
    (``card points`` or ``tricks``).
    """

    hands: list[list[str]]
    trick: list[tuple[int, str]]
    turn: int
    game_id: str
    unit: str
    sides: tuple[int, ...]  # side index per seat
    key: tuple[object, ...]  # what fixes the rules (kind, trump, ...): one solver per key

    def rules(self, side: int) -> TrickRules:
        """The deal's ``TrickRules`` with ``side`` maximising."""
        return RULES[self.game_id](self, side)


def _belote_rules(pos: Position, side: int, *, kind: str, trump: str | None,
                  partner_exception: bool, undertrump_required: bool) -> TrickRules:
    sides = pos.sides
    n = len(sides)
    values = {c: common.contract_card_points(c, kind, trump) for c in common.CARDS32}
    power_ = {c: common.contract_strength(c, kind, trump) for c in common.CARDS32}

    # the rules' trick winner (common.contract_trick_winner_index) by table: a trump of a suit
    # contract above every other card, a card of the led suit above the rest
    trumps = {c: 100 + power_[c] for c in common.CARDS32
              if kind == common.SUIT_CONTRACT and c[1] == trump}

    def winner(cards: Sequence[str]) -> int:
        led = cards[0][1]
        best, top = 0, -1
        for i, c in enumerate(cards):
            v = trumps.get(c, power_[c] if c[1] == led else -1)
            if v > top:
                best, top = i, v
        return best

    def legal(seat: int, hand: Sequence[str], trick: Trick) -> list[str]:
        cards = [c for _, c in trick]
        mate_wins = bool(cards) and n == 4 and trick[winner(cards)][0] == partner_of(seat)
        return common.contract_legal_cards(hand, cards, kind, trump,
                                           partner_winning=mate_wins,
                                           partner_exception=partner_exception,
                                           undertrump_required=undertrump_required)

    def worth(cards: Sequence[str], last: bool) -> int:
        return sum(values[c] for c in cards) + (common.LAST_TRICK_BONUS if last else 0)

    return TrickRules(players=n, legal=legal, winner=winner, worth=worth,
                      strength=power_.__getitem__, points=values.__getitem__,
                      side=lambda seat: sides[seat] == side)


def _deberts(pos: Position, side: int) -> TrickRules:
    trump = str(pos.key[0])
    return _belote_rules(pos, side, kind=common.SUIT_CONTRACT, trump=trump,
                         partner_exception=False, undertrump_required=len(pos.sides) == 3)


def _bazar(pos: Position, side: int) -> TrickRules:
    kind, trump = str(pos.key[0]), pos.key[1]
    return _belote_rules(pos, side, kind=kind, trump=None if trump is None else str(trump),
                         partner_exception=True, undertrump_required=False)


_MB_POWER = {c: power(c) for c in CARDS52}


def _married(pos: Position, side: int) -> TrickRules:
    trump = None if pos.key[0] is None else str(pos.key[0])
    sides = pos.sides

    def legal(seat: int, hand: Sequence[str], trick: Trick) -> list[str]:
        led = trick[0][1][1] if trick else None
        return mb_legal(hand, led, trump, may_ruff=trump is not None)

    def winner(cards: Sequence[str]) -> int:
        # two cards (MB-PLAY-5, as ``rules.trick_winner``): the second wins with a higher card
        # of the led suit, or with a trump on a plain lead
        a, b = cards
        if b[1] == a[1]:
            return 1 if _MB_POWER[b] > _MB_POWER[a] else 0
        return 1 if b[1] == trump else 0

    return TrickRules(players=2, legal=legal, winner=winner, worth=lambda cards, last: 1,
                      strength=_MB_POWER.__getitem__, points=lambda c: 0,
                      side=lambda seat: sides[seat] == side)


RULES = {"deberts": _deberts, "bazar_belot": _bazar, "married_bridge": _married}


def position(match: Match) -> Position | None:
    """The card-play position of ``match`` (every hand), or None outside the card play."""
    trick: list[tuple[int, str]]
    if isinstance(match, DebertsMatch):
        s = match._s
        if s.phase != "play" or not s.trump:
            return None
        trick = [(int(p), str(c)) for p, c in s.trick]
        return Position([list(h) for h in s.hands], trick, s.turn, "deberts",
                        "card points", tuple(range(s.players)), (s.trump,))
    if isinstance(match, BazarBelotMatch):
        b = match._s
        if b.phase != "play" or b.dummy is not None or b.strain is None:
            return None
        trick = [(int(p), str(c)) for p, c in b.trick]
        return Position([list(h) for h in b.hands], trick, b.turn, "bazar_belot",
                        "card points", tuple(pair_of(x) for x in range(4)), (b.kind, b.trump))
    if isinstance(match, MarriedBridgeMatch):
        m = match._s
        if m.phase != "main_play":
            return None
        trick = [(int(p), str(c)) for p, c in m.trick]
        return Position([list(h) for h in m.hands], trick, m.turn, "married_bridge",
                        "tricks", (0, 1), (None if m.strain == "NT" else m.strain,))
    return None
