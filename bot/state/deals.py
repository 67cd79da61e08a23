"""Which deals of a match are over, read from the match as it stands (no replay): only such a
deal may show its hands. The deal's result message (bot/show/display.py) and the records
(bot/records/service.py) ask it alike."""

from __future__ import annotations

import engine


def deal_is_over(match: engine.Match, number: int, ended: bool = False) -> bool:
    """Whether deal ``number`` (the engine's numbering, from 1) is over, from the match as it
    stands, without a replay: a deal before the current one, or the current one once the
    match is over (or ``ended``: finished or stopped). Only such a deal shows its hands."""
    current = int(match.public_view().get("deal") or 0)
    return 1 <= number < current or (number == current and (match.is_over or ended))


def last_over_deal(match: engine.Match, ended: bool = False) -> int:
    """The number of the last deal that is over (`deal_is_over`), 0 while the first runs."""
    current = int(match.public_view().get("deal") or 0)
    return current if deal_is_over(match, current, ended) else current - 1

