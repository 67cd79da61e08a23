"""Random-playout speed of every engine game against the in-place floor game. Asserts nothing.

Run: ``.venv/bin/python -m benchmarks.engine_playouts [rounds] [seconds]`` (default 5 rounds of
1 s per game).

A playout is what the bots' search does thousands of times: ``clone()`` of a dealt position (the
first deal of 50 seeded matches, the options of ``benchmarks.ai.GAMES``) and uniformly random
legal actions (``legal_actions`` then ``apply``) until that deal is over. The floor
(``benchmarks.floor_game``) runs the same loop on a bare in-place trick game. The games run in
turn, one process, ``rounds`` times ``seconds`` each, so that a change in the machine's load
touches all of them alike. Times are the process's CPU time (``time.process_time``), so a
machine shared with other jobs slows the figures less than the wall clock would. Printed per
game: deals per CPU second, actions per deal, CPU µs per action, events per action and the ratio
of µs per action to the floor's (the issue's target: at most 2).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import engine
from benchmarks.ai import GAMES
from benchmarks.floor_game import FloorDeal
from benchmarks.floor_game import playout as floor_playout

Runner = Callable[[float], tuple[int, int, int]]  # seconds -> (deals, actions, events)


def floor_runner() -> Runner:
    """Playouts of the floor game from 50 seeded deals."""
    starts = [FloorDeal.dealt(s) for s in range(50)]
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, int, int]:
        deals = actions = 0
        begin = time.process_time()
        while time.process_time() - begin < seconds:
            for d in starts:
                actions += floor_playout(d, rng)
                deals += 1
        return deals, actions, 0

    return run


def game_runner(game_id: str) -> Runner:
    """Playouts of an engine game from the first deal of 50 seeded matches."""
    players, options = GAMES[game_id]
    game = engine.get_game(game_id)
    starts = [game.new_match(players=players, options=options, seed=s) for s in range(50)]
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, int, int]:
        deals = actions = events = 0
        begin = time.process_time()
        while time.process_time() - begin < seconds:
            for m in starts:
                w = m.clone()
                while not w.is_over:
                    seat = w.to_move
                    assert seat is not None
                    evs = w.apply(seat, rng.choice(w.legal_actions(seat)))
                    actions += 1
                    events += len(evs)
                    if any(e.type == "deal" or e.type == "match_over" for e in evs):
                        break  # the deal is over: the next one was dealt, or the match ended
                deals += 1
        return deals, actions, events

    return run


def main(rounds: int = 5, seconds: float = 1.0) -> dict[str, float]:
    """Print the table; return µs per action per game (``floor`` included)."""
    runners = {"floor": floor_runner(), **{g: game_runner(g) for g in GAMES}}
    sums = {g: [0, 0, 0] for g in runners}
    elapsed = dict.fromkeys(runners, 0.0)
    for _ in range(rounds):
        for g, run in runners.items():
            t0 = time.process_time()
            d, a, e = run(seconds)
            elapsed[g] += time.process_time() - t0
            for i, x in enumerate((d, a, e)):
                sums[g][i] += x
    us = {g: elapsed[g] / max(1, sums[g][1]) * 1e6 for g in runners}
    print(f"random playouts from dealt positions, {rounds} x {seconds:g} CPU s per game, in turn")
    print(f"{'game':<15} {'deals/s':>9} {'actions/deal':>12} {'us/action':>10} "
          f"{'events/action':>13} {'x floor':>8}")
    for g in runners:
        d, a, e = sums[g]
        print(f"{g:<15} {d / elapsed[g]:>9,.0f} {a / max(1, d):>12.1f} {us[g]:>10.2f} "
              f"{(e / a if g != 'floor' else 0):>13.2f} {us[g] / us['floor']:>8.2f}")
    return us


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5,
         float(sys.argv[2]) if len(sys.argv) > 2 else 1.0)
