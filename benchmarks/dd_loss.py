"""How far a bot level plays from perfect play: its loss against double-dummy play. Asserts
nothing; needs no human data.

Run: ``.venv/bin/python -m benchmarks.dd_loss [--deals 30] [--games ...] [--levels ...]`` (also
part of ``python -m engine bench``).

The measure (printed with the figures as ``DEFINITION``), per trick game:

1. Seeded match ``seed`` is played by the level under test at every seat up to the first card
   of its first card play (Deberts and Bazar-Belot: the first trick after the bidding; Married
   bridge: the main play, after the preliminary tricks and the auction). The contract, the
   trumps and every hand are fixed from there on.
2. The tested side is side ``seed % 2`` (seat ``seed % 2`` in the two-player games, pair
   0-2 or 1-3 in Bazar-Belot): sometimes the contract's side, sometimes its opponents.
3. ``DD``: the points the tested side takes in the card play when both sides play perfectly
   with every hand known (``engine.ai.dd``, exact alpha-beta). Points are card points of the
   tricks taken with the last-trick bonus (Deberts, Bazar-Belot: melds, bela and the contract's
   scoring left out) or tricks (Married bridge).
4. The level then plays its side's cards (from what its seats may see, as in a match) and the
   opponents play double dummy: each of their cards keeps the solved value. Every non-card
   action of the opponents (Bazar-Belot's declarations) is the ``normal`` level's.
5. ``loss = DD - achieved`` (never negative: against perfect defence no play does better than
   the double-dummy value). Bazar-Belot's loss is in the deal's points (the big points the
   sheet writes, the side's less the other's), not in card points: its contract is made or
   failed on a threshold of card points plus melds (BB-SCORE-2) and the trick share is written
   rounded and capped (BB-SCORE-3), so card points above what the contract needs are worth
   little or nothing, and a side that takes fewer of them while making its contract has lost
   nothing. The deal's score is a non-decreasing function ``f`` of the side's card points (the
   contract, melds and belas as they ended; a capot is the side holding every card point), and
   the minimax value of a non-decreasing function of an outcome is that function of the
   outcome's minimax value, so the double-dummy deal points are ``f(DD)`` and the loss is
   ``f(DD) - f(achieved)``; the card-point loss is printed beside it. Printed: its mean over
   the deals, per game and level, with its standard deviation and the standard error of the
   mean (sd / sqrt(deals)); the levels play the same seeds, so the strong-against-normal
   target is also judged on the paired differences ``strong - normal / 2`` per deal (mean and
   standard error).

Berg is not a trick game (a shedding game without tricks): it has no double-dummy value here.
Kapo on one hand in Bazar-Belot (a seat out of play) is not measured; such a deal is skipped.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine
from benchmarks.ai import GAMES
from engine.ai import get_player
from engine.ai.dd import Solver
from engine.ai.dd_games import position
from engine.bazar_belot.game import BazarBelotMatch
from engine.bazar_belot.scoring import Contract, score_deal
from engine.events import DealScored, TrickTaken

TRICK_GAMES = ("deberts", "bazar_belot", "married_bridge")
LEVELS = ("easy", "normal", "strong")
#: Reference points: a published two-player-bridge program's and human players' mean loss
#: against double-dummy par, tricks per deal.
ANCHOR = "two-player bridge: a published program loses 0.49 tricks per deal, human players 0.53"
DEFINITION = (
    "loss against double dummy: from the first card of the deal's card play (contract and hands "
    "fixed, the level having played the bidding at every seat), the level plays side seed%2 and "
    "the opponents play double dummy; loss = DD value - points the side took (card points with "
    "the last-trick bonus in Deberts; tricks in Married bridge; in Bazar-Belot the deal's "
    "points, side less opponents, had the side taken the card points of each play, "
    "card-point loss beside)")
END_TYPES = ("deal_scored", "thrown_in", "deal", "match_over", "claim")
MAX_ACTIONS = 2_000


@dataclass
class DealLoss:
    """One measured deal: the double-dummy value, what the side took, seconds spent; for
    Bazar-Belot also ``cards``: (DD, achieved) in card points, ``dd`` and ``achieved`` being
    the deal's points."""

    dd: int
    achieved: int
    seconds: float
    cards: tuple[int, int] | None = None
    cpu: float = 0.0  # CPU seconds of the process for the deal (time.process_time)


def deal_margin(contract: Contract, side: int, points: int, total: int,
                melds: Sequence[int]) -> int:
    """Bazar-Belot: the big points ``side`` writes less the other pair's (BB-SCORE-2 to
    BB-SCORE-10) had it taken ``points`` of the deal's ``total`` card points, with the deal's
    ``melds`` (scored melds plus belas, big points per pair). A capot is taken to be all of the
    card points (one trick without card points is the rare exception); non-decreasing in
    ``points``."""
    cards = [points, total - points] if side == 0 else [total - points, points]
    tricks = [8 if c == total else 0 if c == 0 else 4 for c in cards]
    written = score_deal(contract, card_points=cards, tricks=tricks, melds=melds).written
    return written[side] - written[1 - side]


def measure(task: tuple[str, str, int]) -> DealLoss | None:
    """Play seed ``seed`` of ``game_id`` as the measure above says; None if not measurable."""
    game_id, level, seed = task
    t0, c0 = time.perf_counter(), time.process_time()
    players, options = GAMES[game_id]
    m = engine.get_game(game_id).new_match(players=players, options=options, seed=seed)
    rng = random.Random(seed)
    bot = get_player(level, game_id)
    normal = get_player("normal", game_id)
    n = 0
    while position(m) is None:
        if m.is_over or n > MAX_ACTIONS:
            return None
        seat = m.to_move
        assert seat is not None
        m.apply(seat, bot.choose(m, seat, random.Random(rng.getrandbits(64))))
        n += 1
    pos = position(m)
    assert pos is not None
    side = seed % 2
    key = (game_id, seed, side, pos.key, tuple(map(tuple, pos.hands)), tuple(pos.trick),
           pos.turn)
    solver = _SHARED.get(key)
    if solver is None:  # a new deal: the table of the previous one is let go
        _SHARED.clear()
        solver = _SHARED[key] = Solver(pos.rules(side))
    dd = solver.solve(pos.hands, pos.trick, pos.turn)
    unit_trick = game_id == "married_bridge"
    contract = m.contract() if isinstance(m, BazarBelotMatch) else None
    scored: DealScored | None = None
    got = 0
    while not m.is_over and n < MAX_ACTIONS:
        seat = m.to_move
        assert seat is not None
        codes = m.legal_actions(seat)
        cards = [c for c in codes if c.startswith("play:")]
        if pos.sides[seat] == side:
            code = bot.choose(m, seat, random.Random(rng.getrandbits(64)))
        elif not cards:
            code = normal.choose(m, seat, random.Random(rng.getrandbits(64)))
        else:
            p = position(m)
            if p is None:
                return None  # the play left the solver's model (kapo on one hand)
            card = solver.best_card(p.hands, p.trick, p.turn)
            # the card with any word it may carry (bela costs nothing and scores apart)
            code = max((c for c in cards if c.split(":")[1] == card), key=len)
        events = m.apply(seat, code)
        n += 1
        for e in events:
            if isinstance(e, TrickTaken) and pos.sides[e.winner] == side:
                got += 1 if unit_trick else e.points
            if isinstance(e, DealScored):
                scored = e
        if any(e.type in END_TYPES for e in events):
            break
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    if contract is None:
        return DealLoss(dd, got, seconds, None, cpu)
    if scored is None:
        return None
    total = sum(int(x["card_points"]) for x in scored.sides)
    melds = [int(x["melds"]) + int(x["bela"]) for x in scored.sides]
    return DealLoss(deal_margin(contract, side, dd, total, melds),
                    deal_margin(contract, side, got, total, melds), seconds, (dd, got), cpu)


#: The solver of the deal last measured, by its first position: the levels of one seed reach the
#: same position (the same contract and hands), and a solver's table holds exact values, so
#: ``measure_levels`` lets the levels after the first reuse it (the time falls, never a value).
_SHARED: dict[tuple[object, ...], Solver] = {}


def measure_levels(task: tuple[str, tuple[str, ...], int]) -> list[DealLoss | None]:
    """``measure`` of seed ``seed`` for each of ``levels`` in turn, in one process (sharing the
    deal's solver where the levels reach the same first position)."""
    game_id, levels, seed = task
    return [measure((game_id, level, seed)) for level in levels]


def bench_dd(games: Sequence[str], levels: Sequence[str], deals: int, workers: int,
             out: Any, first_seed: int = 0, per_deal: bool = False
             ) -> dict[tuple[str, str], float]:
    """Measure and print the loss table (seeds ``first_seed`` on; ``per_deal``: also a line
    per deal as it ends); returns mean loss per (game, level)."""
    out.write(f"\n== loss against double-dummy play ({deals} seeded deals per game and level, "
              f"seeds {first_seed}-{first_seed + deals - 1}, {workers} worker(s)) ==\n"
              f"{DEFINITION}.\nAnchor: {ANCHOR}.\n")
    out.write(f"{'game':<15} {'level':<7} {'deals':>5} {'unit':>12} {'DD mean':>8} "
              f"{'took mean':>9} {'loss mean':>9} {'loss sd':>8} {'loss se':>8} {'cpu s':>7}\n")
    out.flush()
    means: dict[tuple[str, str], float] = {}
    per_seed: dict[tuple[str, str], dict[int, int]] = {}
    for game_id in games:
        if game_id not in TRICK_GAMES:
            out.write(f"{game_id:<15} not a trick game: no double-dummy value\n")
            continue
        unit = {"married_bridge": "tricks", "bazar_belot": "deal points"}.get(game_id,
                                                                         "card points")
        seeds = list(range(first_seed, first_seed + deals))
        by_level: dict[str, list[DealLoss | None]] = {lv: [] for lv in levels}
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            tasks = [(game_id, tuple(levels), seed) for seed in seeds]
            for seed, found in zip(seeds, pool.imap(measure_levels, tasks, chunksize=1),
                                   strict=True):
                for level, r in zip(levels, found, strict=True):
                    by_level[level].append(r)
                    if per_deal:
                        out.write(f"deal {game_id} {level} seed {seed}: " + (
                            "not measurable\n" if r is None else
                            f"DD {r.dd} took {r.achieved} loss {r.dd - r.achieved} "
                            f"cpu {r.cpu:.1f} s\n"))
                out.flush()
        for level in levels:
            rows = by_level[level]
            per_seed[(game_id, level)] = {
                seed: r.dd - r.achieved for seed, r in zip(seeds, rows, strict=True)
                if r is not None}
            done = [r for r in rows if r is not None]
            if not done:
                out.write(f"{game_id:<15} {level:<7} no measurable deal\n")
                continue
            losses = [r.dd - r.achieved for r in done]
            means[(game_id, level)] = statistics.mean(losses)
            sd = statistics.stdev(losses) if len(losses) > 1 else 0.0
            out.write(f"{game_id:<15} {level:<7} {len(done):>5} {unit:>12} "
                      f"{statistics.mean(r.dd for r in done):>8.2f} "
                      f"{statistics.mean(r.achieved for r in done):>9.2f} "
                      f"{means[(game_id, level)]:>9.2f} {sd:>8.2f} "
                      f"{sd / len(losses) ** 0.5:>8.2f} "
                      f"{statistics.mean(r.cpu for r in done):>7.1f}\n")
            cards = [r.cards[0] - r.cards[1] for r in done if r.cards is not None]
            if len(cards) > 1:
                out.write(f"{'':<15} {level:<7} {len(cards):>5} {'card points':>12} "
                          f"{'':>8} {'':>9} {statistics.mean(cards):>9.2f} "
                          f"{statistics.stdev(cards):>8.2f} "
                          f"{statistics.stdev(cards) / len(cards) ** 0.5:>8.2f}\n")
            out.flush()
        if (game_id, "strong") in means and (game_id, "normal") in means:
            ok = means[(game_id, "strong")] < means[(game_id, "normal")] / 2
            strong, normal = per_seed[(game_id, "strong")], per_seed[(game_id, "normal")]
            both = [k for k in sorted(strong) if k in normal]
            paired = ""
            if len(both) > 1:
                for name, half in (("strong - normal/2", 0.5), ("strong - normal", 1.0)):
                    diffs = [strong[k] - normal[k] * half for k in both]
                    paired += (f"; paired {name} over {len(diffs)} deals: "
                               f"{statistics.mean(diffs):.2f} "
                               f"(se {statistics.stdev(diffs) / len(diffs) ** 0.5:.2f})")
            out.write(f"target {game_id}: strong loses less than half of normal: "
                      f"{'ok' if ok else 'MISS'}{paired}\n")
    return means


def main(argv: Sequence[str] | None = None) -> int:
    """Print the loss table for the chosen games and levels."""
    p = argparse.ArgumentParser(prog="benchmarks.dd_loss", description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=30, help="seeded deals per game and level")
    p.add_argument("--games", default=",".join(TRICK_GAMES))
    p.add_argument("--levels", default=",".join(LEVELS))
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--first-seed", type=int, default=0, help="the first deal's seed (0)")
    p.add_argument("--per-deal", action="store_true", help="print every deal as it ends")
    args = p.parse_args(list(argv) if argv is not None else None)
    if args.deals < 1 or args.workers < 1:
        sys.stdout.write("--deals and --workers must be at least 1\n")
        return 2
    bench_dd(args.games.split(","), args.levels.split(","), args.deals, args.workers,
             sys.stdout, args.first_seed, args.per_deal)
    return 0


if __name__ == "__main__":
    sys.exit(main())
