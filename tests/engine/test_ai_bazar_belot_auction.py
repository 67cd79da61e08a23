"""The easy Bazar-Belot bot's bazar: it may play weakly, but its bids are ones a club would make.

A random bid in an open-ended bazar (any number from 8 to 112, kapo, kapo on one hand) is
nonsense: "40♠" with three small trumps. Four easy bots bid many seeded deals; each bid must be
within what the hand can bring (BB-BID-1: the number is the pair's promise in tens of points, in
tricks and its own melds; BB-SCORE-3: the card points make 16, 25 in all-trumps).
"""

from __future__ import annotations

import random

import engine
from engine.ai import get_player
from engine.bazar_belot.melds import player_melds
from engine.match import Match

DEALS = 40
#: What a partner may add beyond the 16 (25) card points: his melds, in big points.
PARTNER_MELDS = 5


def _ceiling(hand: list[str], strain: str) -> int:
    """The highest number this hand may sanely bid in ``strain``: all the card points (16, 25
    in all-trumps), its own melds and a bela, and a share for the partner's melds."""
    kind = {"NT": "no_trumps", "AT": "all_trumps"}.get(strain, "suit")
    trump = strain if kind == "suit" else None
    melds = sum(m.points for m in player_melds(hand, kind, trump))
    bela = 2 if trump and {"K" + trump, "Q" + trump} <= set(hand) else 0
    return (25 if kind == "all_trumps" else 16) + melds + bela + PARTNER_MELDS


def _bids(seed: int) -> list[tuple[str, list[str]]]:
    """The calls of the first deal's bazar with four easy bots: (code, the caller's hand)."""
    m: Match = engine.get_game("bazar_belot").new_match(players=4, seed=seed)
    bot, rng = get_player("easy", "bazar_belot"), random.Random(seed)
    made: list[tuple[str, list[str]]] = []
    while m.public_view().get("phase") == "bidding":
        seats = [s for s in range(4) if m.legal_actions(s)]
        seat = m.to_move if m.to_move in seats else seats[0]
        code = bot.choose(m, seat, rng)
        made.append((code, list(m.view(seat)["hand"])))
        m.apply(seat, code)
    return made


def test_easy_bot_bids_within_its_hand() -> None:  # BB-BID-1, BB-SCORE-3
    absurd = []
    for seed in range(DEALS):
        for code, hand in _bids(seed):
            if not code.startswith("bid:"):
                continue
            _, level, strain = code.split(":")
            if not level.isdigit() or int(level) > _ceiling(hand, strain):
                absurd.append((seed, code, sorted(hand)))
    assert not absurd, absurd[:5]
