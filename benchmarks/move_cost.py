"""Cost of one move as a match grows, at the storage + engine level. Prints; asserts nothing.

Run: ``.venv/bin/python -m benchmarks.move_cost [--deberts-moves 150] [--berg-moves 2000]
[--window 20] [--repeats 10]``.

Each move does what the bot does with the match in its move transaction, and nothing else:
load the match record (``Tx.get_match``), decode the snapshot (``Game.from_json``), apply the
action, save the snapshot and log the action (``Tx.store_move``, the bot's own hot path), in one
transaction of a ``Store`` on a temporary SQLite file. The action is chosen by the easy bot
player (seeded), so a match runs long.

First a match is played through the store (each move timed once: the "played" columns, the
mean of ``--window`` moves from the move named, and the bytes of the snapshot and the deal
events as stored after that move). Then the two windows of a game are timed again
``--repeats`` times, in turn (early window, late window(s), early, ...), each on a table of its
own holding the match's action log (with its events) up to that window: before each timed move
the table is set back (not timed) to the state stored before it, so every repetition times the
same moves, and a change of the machine's load falls on both windows alike. Printed: the mean
CPU ms per move of each window over all repetitions, the ratio of each later window to the
early one, with the spread of the repetitions' ratios (their standard error).

- Deberts (2 players, defaults): moves from 2 against moves from 150 (``--deberts-moves``).
- Berg (4 players, defaults): the first moves against the last ones of a match of at least
  ``--berg-moves`` actions (matches are played on, seed after seed, until one is that long),
  and against the first moves of that match's last deal.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import text

import engine
import engine.ai
from storage import Store

SEED = 20261201


@dataclass
class Step:
    """One move: its number (1-based), CPU seconds, the bytes of the match record's stored
    snapshot and deal events after it, and what it was played from (the match record's
    ``snapshot``, ``deal_events`` and ``deal_seq`` as stored before it, the seat and the
    code); ``dealt``: the move dealt a new deal."""

    number: int
    cpu: float
    stored: int
    before: tuple[dict[str, Any], list[dict[str, Any]], int]
    seat: int
    code: str
    dealt: bool


async def new_table(store: Store, game_id: str, players: int, key: str,
                    snapshot: dict[str, Any], seed: int) -> int:
    """A table (in a chat of its own) holding a match record with ``snapshot``; its id."""
    async with store.transaction() as tx:
        user = await tx.upsert_user("bench", key, "Bench")
        chat = await tx.upsert_chat("bench", key, "Bench")  # one table a chat
        assert chat.id is not None and user.id is not None
        table = await tx.create_table(chat.id, game_id, user.id, {})
        assert table.id is not None
        await tx.create_match(table.id, seed, players, {}, None, snapshot)
        return table.id


async def timed_move(store: Store, game: engine.Game, table_id: int, seat: int,
                     code: str) -> float:
    """One move as the bot's move transaction makes it; its CPU seconds."""
    started = time.process_time()
    async with store.transaction() as tx:
        record = await tx.get_match(table_id)
        assert record is not None
        match = game.from_json(record.snapshot)
        events = [e.to_dict() for e in match.apply(seat, code)]
        await tx.store_move(record, seat, code, match.to_json(), events)
    return time.process_time() - started


async def play(store: Store, game_id: str, players: int, seed: int, limit: int
               ) -> tuple[int, list[Step]]:
    """Play one match of easy bots through ``store`` for at most ``limit`` moves; its table
    and the steps."""
    game = engine.get_game(game_id)
    match = game.new_match(players=players, seed=seed)
    bot = engine.ai.get_player("easy", game_id)
    rng = random.Random(seed)
    table_id = await new_table(store, game_id, players, f"{game_id}:{seed}", match.to_json(),
                               seed)
    steps: list[Step] = []
    seq = 0
    while not match.is_over and seq < limit:
        seat = match.to_move
        assert seat is not None
        code = bot.choose(match, seat, rng)  # not timed: the bot player's thinking
        seq += 1
        async with store.transaction() as tx:
            record = await tx.get_match(table_id)
            assert record is not None
            before = (record.snapshot, record.deal_events, record.deal_seq)
        cpu = await timed_move(store, game, table_id, seat, code)
        async with store.transaction() as tx:
            record = await tx.get_match(table_id)
            assert record is not None
            match = game.from_json(await tx.full_snapshot(record))  # the bot reads the events
            dealt = record.deal_seq == seq
        async with store.engine.connect() as conn:
            stored = (await conn.execute(text(
                "SELECT length(snapshot) + length(deal_events) FROM match_record "
                "WHERE table_id = :t"), {"t": table_id})).scalar_one()
        steps.append(Step(seq, cpu, int(stored), before, seat, code, dealt))
    return table_id, steps


def part_of(steps: list[Step], first: int, size: int) -> list[Step]:
    """Moves ``first`` .. ``first + size - 1`` (those the match reached)."""
    return [s for s in steps if first <= s.number < first + size]


async def set_back(store: Store, table_id: int, step: Step) -> None:
    """Table ``table_id`` as it was stored before ``step``: its log cut there, its match
    record's snapshot and deal events as they were."""
    snapshot, deal_events, deal_seq = step.before
    async with store.transaction() as tx:
        await tx.session.exec(text(  # type: ignore[call-overload]
            "DELETE FROM action_log WHERE table_id = :t AND seq >= :s"),
            params={"t": table_id, "s": step.number})
        await tx.save_snapshot(table_id, snapshot, step.number - 1)
        record = await tx.get_match(table_id)
        assert record is not None
        record.deal_events, record.deal_seq = deal_events, deal_seq
        await tx.session.flush()


async def repeat(store: Store, game_id: str, players: int, played: int, steps: list[Step],
                 windows: list[list[Step]], repeats: int) -> list[list[float]]:
    """Time each window's moves again, ``repeats`` times, the windows in turn; per window,
    the mean CPU seconds per move of each repetition."""
    game = engine.get_game(game_id)
    tables = []
    for k, part in enumerate(windows):  # each window's table: the log up to the window
        first = part[0].number
        table_id = await new_table(store, game_id, players, f"{game_id}:w{k}:{first}",
                                   part[0].before[0], SEED)
        async with store.transaction() as tx:  # the played table's log, with its events
            await tx.session.exec(text(  # type: ignore[call-overload]
                "INSERT INTO action_log (table_id, seq, seat, code, by_bot, created_at, events)"
                " SELECT :t, seq, seat, code, by_bot, created_at, events FROM action_log"
                " WHERE table_id = :p AND seq < :s"),
                params={"t": table_id, "p": played, "s": first})
        tables.append(table_id)
    means: list[list[float]] = [[] for _ in windows]
    for _ in range(repeats):
        for k, part in enumerate(windows):
            total = 0.0
            for s in part:
                await set_back(store, tables[k], s)  # not timed
                total += await timed_move(store, game, tables[k], s.seat, s.code)
            means[k].append(total / len(part))
    return means


def report(title: str, steps: list[Step], points: list[int], size: int,
           again: list[list[float]]) -> None:
    print(f"\n{title}: {len(steps)} moves")
    print(f"  {'window':<18} {'played ms/move':>14} {'stored bytes':>15} "
          f"{'repeated ms/move':>17}")
    for first, means in zip(points, again, strict=True):
        part = part_of(steps, first, size)
        label = f"moves {part[0].number}-{part[-1].number}"
        played = sum(s.cpu for s in part) / len(part) * 1000
        print(f"  {label:<18} {played:>14.2f} {part[0].stored:>15,} "
              f"{statistics.fmean(means) * 1000:>17.3f}")
    for first, later in zip(points[1:], again[1:], strict=True):
        ratios = [late / early for early, late in zip(again[0], later, strict=True)]
        spread = statistics.stdev(ratios) / len(ratios) ** 0.5 if len(ratios) > 1 else 0.0
        print(f"  from move {first} / from move {points[0]}, repeated: "
              f"{statistics.fmean(later) / statistics.fmean(again[0]):.3f} (mean of "
              f"{len(ratios)} repetitions' ratios {statistics.fmean(ratios):.3f} ± {spread:.3f})")


async def main_async(args: argparse.Namespace) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="kozyr-move-cost-"))
    store = Store(f"sqlite+aiosqlite:///{workdir / 'kozyr.sqlite3'}")
    await store.start()
    try:
        played, deberts = await play(store, "deberts", 2, SEED,
                                     args.deberts_moves + args.window)
        points = [2, min(args.deberts_moves, len(deberts) - args.window + 1)]
        again = await repeat(store, "deberts", 2, played, deberts,
                             [part_of(deberts, p, args.window) for p in points], args.repeats)
        report("Deberts, 2 players", deberts, points, args.window, again)
        seed = SEED
        while True:
            played, berg = await play(store, "berg", 4, seed, args.berg_moves + 10_000)
            if len(berg) >= args.berg_moves or seed - SEED >= args.berg_tries:
                break
            print(f"  (berg seed {seed}: {len(berg)} moves, too short; next seed)")
            seed += 1
        # and the first moves of its last deal (after the last move that dealt, a window
        # before the end), which tells what grows with the match (the score sheet) from
        # what grows with the deal (its events, which the bot players read)
        tail = [s for s in berg[:-args.window] if s.dealt]
        deal_start = tail[-1].number + 1 if tail else 1
        points = [1, max(1, len(berg) - args.window + 1), deal_start]
        again = await repeat(store, "berg", 4, played, berg,
                             [part_of(berg, p, args.window) for p in points], args.repeats)
        report(f"Berg, 4 easy bots, seed {seed}", berg, points, args.window, again)
    finally:
        await store.close()
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()
    print(f"\nCPU: process time; mean of {args.window} moves from the move named (played: "
          f"once, as the match went; repeated: {args.repeats} times, the windows in turn); "
          f"load average {os.getloadavg()[0]:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--deberts-moves", type=int, default=150)
    parser.add_argument("--berg-moves", type=int, default=2000,
                        help="the Berg match measured has at least this many actions")
    parser.add_argument("--berg-tries", type=int, default=5, help="seeds tried for it")
    parser.add_argument("--window", type=int, default=20, help="moves averaged per figure")
    parser.add_argument("--repeats", type=int, default=10,
                        help="times each window is timed again, the windows in turn")
    asyncio.run(main_async(parser.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
