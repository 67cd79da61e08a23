"""Cost of one move as a match grows, at the storage + engine level. Prints; asserts nothing.

Run: ``.venv/bin/python -m benchmarks.move_cost [--deberts-moves 150] [--berg-moves 3000]``.

Each move does what the bot does with the match in its move transaction, and nothing else:
load the match record (``Tx.get_match``), decode the snapshot (``Game.from_json``), apply the
action, save the snapshot and log the action (``Tx.store_move``, the bot's own hot path), in one
transaction of a ``Store`` on a temporary SQLite file. The action is chosen outside the timed
part by the easy bot player (seeded), so a match runs long. Printed per game: CPU ms per move
(process time, the mean of ``--window`` moves starting at the move named) and the bytes of the
snapshot as stored (``length(snapshot)`` in SQLite) after that move.

- Deberts (2 players, defaults): move 2 against move 150 (``--deberts-moves``).
- Berg (4 players, defaults): the first moves against the last ones of a match of at least
  ``--berg-moves`` actions (matches are played on, seed after seed, until one is that long).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text

import engine
import engine.ai
from storage import Store

SEED = 20261201


@dataclass
class Step:
    """One timed move: its number (1-based), CPU seconds and stored snapshot bytes."""

    number: int
    cpu: float
    stored: int


async def play(store: Store, game_id: str, players: int, seed: int, limit: int) -> list[Step]:
    """Play one match of easy bots through ``store`` for at most ``limit`` moves; the steps."""
    game = engine.get_game(game_id)
    match = game.new_match(players=players, seed=seed)
    bot = engine.ai.get_player("easy", game_id)
    rng = random.Random(seed)
    async with store.transaction() as tx:
        user = await tx.upsert_user("bench", str(seed), "Bench")
        chat = await tx.upsert_chat("bench", f"{game_id}:{seed}", "Bench")  # one table a chat
        assert chat.id is not None and user.id is not None
        table = await tx.create_table(chat.id, game_id, user.id, {})
        assert table.id is not None
        table_id = table.id
        await tx.create_match(table_id, seed, players, {}, None, match.to_json())
    steps: list[Step] = []
    seq = 0
    while not match.is_over and seq < limit:
        seat = match.to_move
        assert seat is not None
        code = bot.choose(match, seat, rng)  # not timed: the bot player's thinking
        seq += 1
        started = time.process_time()
        async with store.transaction() as tx:
            record = await tx.get_match(table_id)
            assert record is not None
            match = game.from_json(record.snapshot)
            match.apply(seat, code)
            await tx.store_move(record, seat, code, match.to_json())
        cpu = time.process_time() - started
        async with store.engine.connect() as conn:
            stored = (await conn.execute(text(
                "SELECT length(snapshot) FROM match_record WHERE table_id = :t"),
                {"t": table_id})).scalar_one()
        steps.append(Step(seq, cpu, int(stored)))
    return steps


def window(steps: list[Step], first: int, size: int) -> tuple[str, float, int]:
    """(label, mean CPU ms, stored bytes after move ``first``) of moves first..first+size-1."""
    part = [s for s in steps if first <= s.number < first + size]
    if not part:
        return f"move {first} (not reached)", float("nan"), 0
    label = f"moves {part[0].number}-{part[-1].number}"
    return label, sum(s.cpu for s in part) / len(part) * 1000, part[0].stored


def report(title: str, steps: list[Step], points: list[int], size: int) -> None:
    print(f"\n{title}: {len(steps)} moves")
    print(f"  {'window':<18} {'CPU ms/move':>11} {'snapshot bytes':>15}")
    for first in points:
        label, ms, stored = window(steps, first, size)
        print(f"  {label:<18} {ms:>11.2f} {stored:>15,}")


async def main_async(args: argparse.Namespace) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="kozyr-move-cost-"))
    store = Store(f"sqlite+aiosqlite:///{workdir / 'kozyr.sqlite3'}")
    await store.start()
    try:
        deberts = await play(store, "deberts", 2, SEED, args.deberts_moves + args.window)
        report("Deberts, 2 players", deberts, [2, args.deberts_moves], args.window)
        seed = SEED
        while True:
            berg = await play(store, "berg", 4, seed, args.berg_moves + 10_000)
            if len(berg) >= args.berg_moves or seed - SEED >= args.berg_tries:
                break
            print(f"  (berg seed {seed}: {len(berg)} moves, too short; next seed)")
            seed += 1
        last = max(1, len(berg) - args.window + 1)
        report(f"Berg, 4 easy bots, seed {seed}", berg, [1, last], args.window)
    finally:
        await store.close()
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()
    print(f"\nCPU: process time; mean of {args.window} moves from the move named; "
          f"load average {os.getloadavg()[0]:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--deberts-moves", type=int, default=150)
    parser.add_argument("--berg-moves", type=int, default=2000,
                        help="the Berg match measured has at least this many actions")
    parser.add_argument("--berg-tries", type=int, default=5, help="seeds tried for it")
    parser.add_argument("--window", type=int, default=10, help="moves averaged per figure")
    asyncio.run(main_async(parser.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
