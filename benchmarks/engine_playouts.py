"""Random-playout throughput of each engine game, one core. Prints figures; asserts nothing.

Run: ``.venv/bin/python -m benchmarks.engine_playouts [matches]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import engine


def playout(game_id: str, players: int, seed: int) -> tuple[int, int]:
    """Play one seeded random match; return (deals scored, actions applied)."""
    m = engine.get_game(game_id).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not m.is_over:
        seat = m.to_move
        assert seat is not None
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        actions += 1
    return len(m.score_sheet["rows"]), actions


def main(matches: int = 300) -> None:
    """Print deals/s, actions/s and the time per match for every game."""
    print(f"{'game':<10} {'players':>7} {'matches':>7} {'deals/s':>9} {'actions/s':>10} "
          f"{'ms/match p50':>12} {'p95':>8}")
    for info in engine.list_games():
        times: list[float] = []
        deals = actions = 0
        start = time.perf_counter()
        for seed in range(matches):
            t0 = time.perf_counter()
            d, a = playout(info.id, info.min_players, seed)
            times.append((time.perf_counter() - t0) * 1000)
            deals += d
            actions += a
        total = time.perf_counter() - start
        p95 = statistics.quantiles(times, n=20)[-1]
        print(f"{info.id:<10} {info.min_players:>7} {matches:>7} {deals / total:>9.0f} "
              f"{actions / total:>10.0f} {statistics.median(times):>12.2f} {p95:>8.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
