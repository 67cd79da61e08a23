"""Bot benchmark: playout throughput, decision times and win rates per game. Asserts nothing.

Run: ``.venv/bin/python -m benchmarks.ai [--matches 200] [--games deberts,berg] [--workers 2]``
(or ``python -m engine bench ...``). For every game it prints:

- random-playout throughput: deals per second on one core, each playout being ``clone()`` of a
  deal's starting position and uniformly random legal actions until that deal is over;
- decision time of each level (median and 95th percentile, in ms, over the decisions with more
  than one legal code, measured inside the matches below);
- win rates over ``--matches`` seeded matches for strong vs random, strong vs normal and normal
  vs random, with their binomial standard error, sides alternated between matches (pair games:
  the two partners of a pair play the same level);
- the targets with ok / MISS;
- then, for the trick games, each level's loss against double-dummy play over ``--dd-deals``
  seeded deals (``benchmarks/dd_loss.py`` defines it; ``--dd-deals 0`` leaves it out).

The matches run in ``--workers`` processes (default 2); times are wall-clock per decision.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.ai import get_player

#: Games, their player count and the options of the benchmark matches (the default rules; Berg
#: to its shortest official height so that 200 matches per pairing fit in the run).
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "deberts": (2, {}),
    "bazar_belot": (4, {}),
    "married_bridge": (2, {}),
    "berg": (4, {"berg_height": 5}),
}
PAIRINGS = (("strong", "easy"), ("strong", "normal"), ("normal", "easy"))
MAX_ACTIONS = 40_000
TARGETS = {"strong_p95_ms": 1000.0, "strong_vs_normal": 0.70, "normal_vs_random": 0.90,
           "deberts_deals_per_s": 5000.0}


def playout_throughput(game_id: str, players: int, options: dict[str, Any],
                       seconds: float = 3.0) -> float:
    """Random playouts (clone + random actions to the deal's end) per second, one core."""
    game = engine.get_game(game_id)
    starts = [game.new_match(players=players, options=options, seed=s) for s in range(50)]
    rng = random.Random(1)
    deals = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        for m in starts:
            w = m.clone()
            n = 0
            while not w.is_over and n < MAX_ACTIONS:
                seat = w.to_move
                assert seat is not None
                events = w.apply(seat, rng.choice(w.legal_actions(seat)))
                n += 1
                if any(e.type in ("deal", "match_over") for e in events):
                    break  # the deal is over: the next one was dealt, or the match ended
            deals += 1
    return deals / (time.perf_counter() - begin)


@dataclass
class MatchResult:
    """One benchmark match: did side A win (1), lose (0) or neither (None); decision times."""

    a_won: float | None
    times: dict[str, list[float]] = field(default_factory=dict)
    actions: int = 0
    cpu: dict[str, list[float]] = field(default_factory=dict)  # CPU seconds per decision


def play_match(task: tuple[str, int, dict[str, Any], str, str, int]) -> MatchResult:
    """Play seeded match ``seed`` between levels ``a`` and ``b`` (sides alternate by seed)."""
    game_id, players, options, a, b, seed = task
    game = engine.get_game(game_id)
    m = game.new_match(players=players, options=options, seed=seed)
    sides = m.score_sheet["sides"]
    a_side = seed % len(sides) if len(sides) == 2 else 0
    level = {}
    for i, side in enumerate(sides):
        for member in side["seats"]:
            level[member] = a if i == a_side else b
    if len(sides) > 2:  # three-player Deberts: A at one seat (rotating), B at the others
        a_seat = seed % players
        level = {s: (a if s == a_seat else b) for s in range(players)}
        a_side = a_seat
    bots = {s: get_player(level[s], game_id) for s in range(players)}
    rng = random.Random(seed)
    times: dict[str, list[float]] = {a: [], b: []}
    cpu: dict[str, list[float]] = {a: [], b: []}
    n = 0
    while not m.is_over and n < MAX_ACTIONS:
        seat = m.to_move
        assert seat is not None
        many = len(m.legal_actions(seat)) > 1
        t0, c0 = time.perf_counter(), time.process_time()
        code = bots[seat].choose(m, seat, random.Random(rng.getrandbits(64)))
        if many:
            times[level[seat]].append(time.perf_counter() - t0)
            cpu[level[seat]].append(time.process_time() - c0)
        m.apply(seat, code)
        n += 1
    result = m.score_sheet["result"]
    winner = result.get("winner") if result else None
    a_won = None if winner is None else (1.0 if winner == a_side else 0.0)
    return MatchResult(a_won, times, n, cpu)


def _pct(xs: Sequence[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def bench_game(game_id: str, matches: int, workers: int, out: Any,
               pairings: Sequence[tuple[str, str]] = PAIRINGS, first_seed: int = 0,
               per_match: bool = False) -> dict[str, Any]:
    """Measure one game and print its table; returns the figures.

    ``pairings`` (level a, level b) to play, ``matches`` each; a target whose pairing was not
    played is reported as "not run". Seeds ``first_seed`` on; ``per_match``: a line per match
    as it ends.
    """
    players, options = GAMES[game_id]
    out.write(f"\n== {game_id} ({players} players, options {options or 'default'}) ==\n")
    out.flush()
    dps = playout_throughput(game_id, players, options)
    out.write(f"random playouts: {dps:,.0f} deals/s (one core)\n")
    out.flush()
    times: dict[str, list[float]] = {"easy": [], "normal": [], "strong": []}
    cpu: dict[str, list[float]] = {"easy": [], "normal": [], "strong": []}
    rates: dict[str, tuple[float, int, int, int, float]] = {}
    for a, b in pairings:
        tasks = [(game_id, players, options, a, b, seed)
                 for seed in range(first_seed, first_seed + matches)]
        t0 = time.perf_counter()
        results: list[MatchResult] = []
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for task, r in zip(tasks, pool.imap(play_match, tasks, chunksize=1), strict=True):
                results.append(r)
                if per_match:
                    cs = sorted(r.cpu.get("strong", []))
                    out.write(f"  match {a} vs {b} seed {task[-1]}: "
                              f"{ {1.0: 'won', 0.0: 'lost', None: 'drawn'}[r.a_won]}, "
                              f"{r.actions} actions, {len(cs)} strong decisions, "
                              f"{sum(1 for c in cs if c > 1.0)} over 1 s of CPU, "
                              f"cpu p95 {_pct([1000 * c for c in cs], 0.95):.0f} ms\n")
                    out.flush()
        elapsed = time.perf_counter() - t0
        won = sum(1 for r in results if r.a_won == 1.0)
        lost = sum(1 for r in results if r.a_won == 0.0)
        drawn = len(results) - won - lost
        for r in results:
            for lv, ts in r.times.items():
                times[lv].extend(ts)
            for lv, ts in r.cpu.items():
                cpu[lv].extend(ts)
        rates[f"{a} vs {b}"] = (won / len(results), won, lost, drawn, elapsed)
        out.write(f"  {a} vs {b}: {won}-{lost}-{drawn} ({100 * won / len(results):.1f}%), "
                  f"{elapsed:.0f} s\n")
        out.flush()
    # wall-clock (what a player waits, the machine's load included) and the decision's own
    # CPU time (what it costs on an idle core)
    out.write(f"{'level':<8} {'decisions':>9} {'median ms':>10} {'p95 ms':>9} "
              f"{'cpu median':>10} {'cpu p95':>8}\n")
    for lv in ("easy", "normal", "strong"):
        ts = [t * 1000 for t in times[lv]]
        cs = [t * 1000 for t in cpu[lv]]
        out.write(f"{lv:<8} {len(ts):>9} {_pct(ts, 0.5):>10.2f} {_pct(ts, 0.95):>9.2f} "
                  f"{_pct(cs, 0.5):>10.2f} {_pct(cs, 0.95):>8.2f}\n")
    out.write(f"{'pairing':<18} {'won-lost-drawn':>15} {'win rate':>9} {'se':>6}\n")
    names = {"easy": "random"}
    for key, (rate, won, lost, drawn, _) in rates.items():
        a, b = key.split(" vs ")
        label = f"{names.get(a, a)} vs {names.get(b, b)}"
        n = won + lost + drawn
        se = 100 * (rate * (1 - rate) / n) ** 0.5  # the binomial standard error
        out.write(f"{label:<18} {f'{won}-{lost}-{drawn}':>15} {100 * rate:>8.1f}% "
                  f"{se:>5.1f}%\n")
    p95 = _pct([t * 1000 for t in times["strong"]], 0.95)
    cpu95 = _pct([t * 1000 for t in cpu["strong"]], 0.95)
    checks: list[tuple[str, bool | None]] = [
        ("strong p95 <= 1 s", p95 <= TARGETS["strong_p95_ms"] if times["strong"] else None),
        ("strong cpu p95 <= 1 s",
         cpu95 <= TARGETS["strong_p95_ms"] if cpu["strong"] else None),
        ("strong beats normal >= 70%", rates["strong vs normal"][0]
         >= TARGETS["strong_vs_normal"] if "strong vs normal" in rates else None),
        ("normal beats random >= 90%", rates["normal vs easy"][0]
         >= TARGETS["normal_vs_random"] if "normal vs easy" in rates else None)]
    if game_id == "deberts":
        checks.append(("random playouts >= 5,000 deals/s", dps >= TARGETS["deberts_deals_per_s"]))
    verdict = {True: "ok", False: "MISS", None: "not run"}
    out.write("targets: " + "; ".join(f"{name}: {verdict[ok]}" for name, ok in checks) + "\n")
    out.flush()
    return {"deals_per_s": dps, "times": {k: (statistics.median(v) if v else None)
                                          for k, v in times.items()}, "rates": rates}


def main(argv: Sequence[str] | None = None) -> int:
    """Print the benchmark table for the chosen games."""
    p = argparse.ArgumentParser(prog="benchmarks.ai", description="bot benchmark table")
    p.add_argument("--matches", type=int, default=200, help="matches per pairing (200)")
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    p.add_argument("--workers", type=int, default=2, help="processes for the matches (2)")
    p.add_argument("--quick", action="store_true",
                   help="10 matches per pairing, 4 deals for the double-dummy loss")
    p.add_argument("--dd-deals", type=int, default=30,
                   help="seeded deals per game and level for the loss against double-dummy "
                        "play (30; 0: not measured)")
    p.add_argument("--dd-levels", default="easy,normal,strong",
                   help="comma-separated levels for the loss against double-dummy play "
                        "(Bazar-Belot's deals are the slowest to solve: fewer deals and "
                        "levels keep a run short)")
    p.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                   help="comma-separated level pairs to play (strong-easy,strong-normal,"
                        "normal-easy)")
    p.add_argument("--first-seed", type=int, default=0, help="the first match's seed (0)")
    p.add_argument("--per-match", action="store_true", help="print every match as it ends")
    args = p.parse_args(list(argv) if argv is not None else None)
    matches = 10 if args.quick else args.matches
    if matches < 1 or args.workers < 1 or args.dd_deals < 0:
        sys.stdout.write("--matches and --workers must be at least 1\n")
        return 2
    pairings = [tuple(x.split("-", 1)) for x in args.pairings.split(",")]
    if any(len(x) != 2 or not set(x) <= {"easy", "normal", "strong"} for x in pairings):
        out = sys.stdout
        out.write(f"bad --pairings {args.pairings!r}: use e.g. strong-normal,normal-easy\n")
        return 2
    out = sys.stdout
    out.write(f"bot benchmark: {matches} matches per pairing, {args.workers} worker(s)\n")
    for game_id in args.games.split(","):
        if game_id not in GAMES:
            out.write(f"unknown game {game_id!r}; known: {', '.join(GAMES)}\n")
            return 2
        bench_game(game_id, matches, args.workers, out,
                   [(a, b) for a, b in pairings], args.first_seed, args.per_match)
    dd_deals = 4 if args.quick else args.dd_deals
    if dd_deals > 0:
        from benchmarks.dd_loss import LEVELS, bench_dd  # imports this module: import late

        levels = [lv for lv in args.dd_levels.split(",") if lv in LEVELS] or list(LEVELS)
        bench_dd(args.games.split(","), levels, dd_deals, args.workers, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
