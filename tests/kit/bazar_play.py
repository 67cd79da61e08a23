"""A plain way to play a Bazar-Belot match for render tests: low bids now and then, the best
declaration, random legal cards (deterministic for a given ``random.Random``)."""

from __future__ import annotations

import random

import engine


def low_move(m: engine.Match, rng: random.Random) -> tuple[int, str]:
    """The seat to move and a code for it: his best declaration at his first turn of trick 1,
    a random card in the play, in the auction the lowest numeric bid about one time in three,
    else a pass. Raises AssertionError when nobody is to move."""
    seat = m.to_move
    assert seat is not None
    codes = m.legal_actions(seat)
    bids = [c for c in codes if c.startswith("bid:") and c.split(":")[1].isdigit()]
    plays = [c for c in codes if c.startswith("play:")]
    if any(c.startswith("declare:") for c in codes):
        return seat, "declare:best" if "declare:best" in codes else "declare:none"
    if plays:
        return seat, rng.choice(plays)
    if bids and rng.random() < 0.35:
        return seat, min(bids, key=lambda c: int(c.split(":")[1]))
    return seat, "pass"
