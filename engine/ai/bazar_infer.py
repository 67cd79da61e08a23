"""Bazar-Belot: how far a sampled world's hidden hands are from the public calls and declarations.

The strong level imagines the hands it cannot see (``BazarBelotAI.world``); of several deals it
keeps the one that fits the public play best. ``misfit`` measures how badly a seat's imagined
hand (the cards it holds and the ones it has played this deal) explains what that seat said:

- each call of the bazar, replayed in order, read by the rule-based bidder's own estimate
  (``strain_points`` with the partner's share, ``engine.ai.bazar_belot``): a bid at level ``L``
  says the estimate in its strain reached ``MARGIN + 10 * L`` small points; a pass by a seat
  whose pair did not hold the highest bid says no open strain reached the lowest level open to
  it; a double says the hand saw the contract failing. The shortfall (or excess), in small
  points, is the misfit. Against players who bid like the bot this is what their calls tell;
  against others it is a soft preference (the least misfit of a few deals is kept, never a
  refusal), so a surprising call never leaves a world unsampled;
- each declaration: ``none`` says no meld and no four 8s; ``four_eights`` says no meld
  (the rule-based order declares a meld first). A contradiction costs ``DECLARED``.

Pure: reads the public calls and declarations (``State.calls``, ``State.declared``) and the
hands given, never the real hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from engine.bazar_belot.melds import has_meld
from engine.bazar_belot.state import MAX_BID, State, pair_of, partner_of, rank_of

#: The misfit of a declaration the imagined hand contradicts (calls cost their small points).
DECLARED: Final = 200.0
#: Small points a seat's estimate may miss a call's threshold by without misfit (the estimate is
#: a rule of thumb; the partner's share as the bidder counts it).
SLACK: Final = 4.0

Estimate = Callable[[Sequence[str], str], float]


def _four8(hand: Sequence[str]) -> bool:
    return sum(1 for c in hand if c[0] == "8") == 4


def misfit(s: State, hands: Mapping[int, Sequence[str]], estimate: Estimate, *,
           partner_share: float, partner_bonus: float, margin: float,
           bound: float = float("inf")) -> float:
    """The total misfit of ``hands`` (seat -> the seat's cards of the deal: held and played)
    with the public calls and declarations of ``s`` (see the module docstring).

    Args:
        estimate: ``strain_points(hand, strain)``, the bidder's small points of a hand.
        partner_share, partner_bonus, margin: the bidder's constants (small points).
        bound: the search may stop once the misfit reaches it (a sampler keeping the best of
            several deals passes the best so far); the value returned is then at least it.
    """
    total = 0.0
    for p, hand in hands.items():
        what = s.declared[p]
        if what in ("none", "four8") and (has_meld(hand, s.kind)
                                          or (what == "none" and _four8(hand))):
            total += DECLARED
    high: tuple[int, int, str] | None = None  # (rank, seat, strain)
    passed = [False] * 4
    last: list[str | None] = [None] * 4
    changed: int | None = None  # the pair that changed strain on the last word (BB-BID-19)
    cache: dict[tuple[int, str], float] = {}

    def raw(p: int, strain: str) -> float:
        key = (p, strain)
        if key not in cache:
            cache[key] = estimate(hands[p], strain)
        return cache[key]

    def est(p: int, strain: str, mate_bid: bool) -> float:
        v = raw(p, strain) + partner_share + (partner_bonus if mate_bid else 0.0)
        return v * 1.4 - 20 if strain == "AT" else v

    for p, code in s.calls:
        if total >= bound:
            return total
        p, code = int(p), str(code)
        parts = code.split(":")
        if p in hands:
            if code == "pass" and (high is None or pair_of(high[1]) != pair_of(p)) and (
                    changed is None or changed == pair_of(p)) and (high is None
                                                                   or high[0] < 1000):
                strains: tuple[str, ...] = ("S", "H", "D", "C", "NT", "AT")
                if passed[p]:
                    strains = tuple(x for x in strains if x in (last[partner_of(p)], "AT"))
                top = high[0] if high is not None else 7
                worst = 0.0
                for x in strains:
                    low = max(top + 1, 20 if x == "AT" else 8)
                    if low > MAX_BID:
                        continue
                    over = est(p, x, x == last[partner_of(p)]) - (margin + 10 * low) - SLACK
                    worst = max(worst, over)
                total += worst
            elif code == "contra" and high is not None:
                total += max(0.0, 55.0 - raw(p, high[2]) - SLACK)
            elif parts[0] == "bid" and parts[1].isdigit():
                level, x = int(parts[1]), parts[2]
                own = high is not None and pair_of(high[1]) == pair_of(p)
                need = margin + 10 * level
                # a raise on the last word (own pair high) counts no partner bonus
                have = raw(p, x) + partner_share if own else est(p, x, x == last[partner_of(p)])
                total += max(0.0, need - have - SLACK)
        if code == "pass":
            passed[p] = True
        elif parts[0] == "bid":
            rank = rank_of(parts[1] if parts[1] in ("kapo", "kapo1") else int(parts[1]))
            if high is not None and high[1] == p and parts[2] != high[2]:
                changed = pair_of(p)
            high = (rank, p, parts[2])
            last[p] = parts[2]
    return total
