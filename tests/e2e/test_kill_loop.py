"""The kill loop: a whole Deberts match (one human pressing what he sees, one bot player, a
30-second clock) while the bot process is killed with SIGKILL and restarted each time. SQLite
always, PostgreSQL too when ``TEST_DATABASE_URL`` is set.

Two sizes (the same checks):

- by default, six kills planned across the phases of a match, each armed when the stored match
  reaches its phase (``PLAN``): in a deal's bidding, in its play, on the first calls after a
  restart, at a deal's end (the last trick: its scoring and the next deal), then the second
  deal's bidding and play;
- the soak, ``KOZYR_KILL_SOAK=1 .venv/bin/python -m pytest tests/e2e/test_kill_loop.py``:
  30 kills back to back from the first move, each after 1-6 API calls (minutes per backend).

The bot runs as its own process (``benchmarks/process.py``, the load benchmark's), forked from
a fork server that imported the bot once (a restart costs the bot's start-up, not the imports
of aiogram and the bot: about 5 CPU seconds each); the fake Bot API kills it when a seeded
countdown of its API calls runs out (``before_call``), so kills fall between a commit and its
answer, inside a redraw, in the middle of start-up... After each restart, once the bot polls
again:

- the stored action log replays (engine, from seed + options + actions) to the stored snapshot;
- no move is lost or doubled: every press the bot acknowledged (answered with no notice) is in
  the log once, at its version's place, and every move of the human's seat in the log is one
  the test pressed there;
- the clock of the human, if he is to move, is his own (his deadline counts from the last
  move, not the previous player's) and leaves him at least half his time.

Finally the match ends.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from datetime import datetime
from pathlib import Path

import engine
from benchmarks.process import BotProcess
from bot.state.forced import forced_code
from bot.tables.clock import utcnow
from storage import Store
from storage.snapshot import trim_events
from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.fake.models import ApiCall, CallbackQueryRecord
from tests.e2e.fake.params import ApiError
from tests.records.conftest import db_url, store

# the fixtures: a database (SQLite, and PostgreSQL when set), the test's own Store on it
__all__ = ["db_url", "store"]

#: the soak (module docstring): 30 kills back to back instead of the planned ones
SOAK = os.environ.get("KOZYR_KILL_SOAK", "") not in ("", "0")
#: the default run's kills, in order, each armed once the stored match is in that phase
#: (``_phase``; "restart": on the first calls after the bot polls again)
PLAN = ("bidding", "play", "restart", "deal end", "bidding", "play")
KILLS = 30 if SOAK else len(PLAN)
SEED = 15
#: seconds per move (the shortest clock a lobby offers)
CLOCK = 30
#: a whole run's wall-clock bound (a stuck table fails the test instead of hanging it)
BUDGET = 900.0
#: how long one step (a start-up, an answer) may take before the table counts as stuck
STEP = 60.0


class Killer:
    """The fake's ``before_call`` hook: SIGKILLs the bot at the call its countdown names."""

    def __init__(self) -> None:
        self.bot: BotProcess | None = None
        self.countdown: int | None = None
        self.kills = 0

    async def __call__(self, call: ApiCall) -> None:
        if self.bot is None or self.countdown is None:
            return
        self.countdown -= 1
        if self.countdown > 0:
            return
        self.countdown = None
        self.bot.kill()
        self.kills += 1
        raise ApiError(502, "Bad Gateway")  # nobody reads it: the caller is dead


async def _start(fake: FakeTelegram, workdir: Path, db_url: str) -> BotProcess:
    """A bot process, once it polls (its start-up work, the re-arming included, is done)."""
    mark = fake.mark()
    bot = BotProcess(fake, workdir, rate_scale=0.0, db_url=db_url, forked=True)
    await fake.wait_for(lambda f: not bot.alive or f.calls("getUpdates", since=mark),
                        STEP, what="the bot to poll")
    return bot


async def _check(store: Store, table_id: int, presses: dict[int, list[CallbackQueryRecord]],
                 human: int, *, restarted: datetime | None) -> bool:
    """The invariants of the module docstring (the clock's only when the bot was
    ``restarted``, launched at that time: its start-up has re-armed the clocks); returns
    whether the match is over."""
    async with store.transaction() as tx:
        # the table's lock first, as every move takes it: no move commits while we read (on
        # PostgreSQL each statement would otherwise see the moves committed since the last)
        table = await tx.get_table(table_id, lock=True)
        record = await tx.get_match(table_id)
        actions = await tx.actions(table_id)
        assert table is not None and record is not None
        snapshot = await tx.full_snapshot(record)  # with its current deal's events
    game = engine.get_game(table.game)
    replay = game.new_match(players=record.players, options=record.options, seed=record.seed)
    forced: set[int] = set()  # calls made in the human's name, his only ones (tables/forced.py)
    for action in actions:
        if forced_code(replay, action.seat) == action.code:
            forced.add(action.seq)
        replay.apply(action.seat, action.code)
    stored = game.from_json(snapshot)
    # the stored events are those of the current deal only (storage/snapshot.py): the replay
    # is compared with the same cut (from the second deal on the full lists differ)
    assert trim_events(replay.to_json()) == trim_events(stored.to_json()), \
        "the log does not replay to the snapshot"
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    by_seq = {a.seq: a for a in actions}
    for version, queries in presses.items():
        for query in queries:
            if query.answer is not None and not query.answer.text:  # acknowledged: stored
                done = by_seq.get(version)
                assert done is not None and (done.seat, done.code) == (
                    human, query.data.split("|", 3)[3]), f"acknowledged press {query.data} lost"
    for action in actions:
        if action.seat == human and action.seq not in forced:
            codes = {q.data.split("|", 3)[3] for q in presses.get(action.seq, [])}
            assert action.code in codes, f"move {action.seq} {action.code} was never pressed"
    if restarted is not None and table.status == "playing" and stored.to_move == human:
        assert table.deadline is not None, "the human has no clock"
        left = (table.deadline - max(a.created_at for a in actions)).total_seconds() \
            if actions else CLOCK
        assert left >= CLOCK - 1, "the human's clock counts from an earlier move"
        # half his time from the re-arming, which comes after the launch: counted from the
        # launch, so a slow start-up on a loaded machine is not taken from the bound
        assert (table.deadline - restarted).total_seconds() >= CLOCK / 2 - 1, \
            "the restart left the human less than half his time"
    return stored.is_over and table.status == "finished"


async def _phase(store: Store, table_id: int) -> str:
    """The phase of the stored match as ``PLAN`` names it: "bidding" (the trump's bidding and
    the fifty's offer), "deal end" (the deal's last trick: at most one card in each hand),
    "play", or "over"."""
    async with store.transaction() as tx:
        record = await tx.get_match(table_id)
    assert record is not None
    state = record.snapshot["state"]
    if state["phase"] in ("bidding", "offer"):
        return "bidding"
    if state["phase"] == "play":
        return "deal end" if all(len(hand) <= 1 for hand in state["hands"]) else "play"
    return str(state["phase"])


async def _open(fake: FakeTelegram, group: FakeChat, alice: FakeUser) -> None:
    """Alice opens a Deberts table to 301 with a 30 s clock against a normal bot, and starts."""
    await fake.start_bot(alice)
    await fake.wait_for_message(alice, text_contains="kozyr", timeout=STEP)
    # every acknowledged press must be a stored move (``_check``): the misclick guard's
    # question (a redeal asks first) is acknowledged and stores nothing, so it is off here
    await fake.send_text(fake.private(alice), alice, "/confirm off")
    await fake.wait_for_message(alice, text_contains="first tap", timeout=STEP)
    await fake.send_text(group, alice, "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="Deberts", timeout=STEP)
    table = lobby.find_button(text="Start").data
    assert table is not None
    table_id = table.split("|")[1]
    for option in ("target=301", f"turn_timer={CLOCK}"):
        await fake.press(alice, lobby, f"l|{table_id}|opt|{option}", strict=False, timeout=STEP)
    await fake.press_button(alice, lobby, text="🤖+ normal", timeout=STEP)
    await fake.press_button(alice, lobby, text="Start", timeout=STEP)


async def test_kill_loop(fake: FakeTelegram, store: Store, db_url: str, tmp_path: Path) -> None:
    rng = random.Random(SEED)
    group = fake.group(-100777, "Night club")
    alice = fake.user(101, "Alice", username="alice")
    killer = Killer()
    fake.before_call = killer
    bot = await _start(fake, tmp_path, db_url)
    restarts = 0
    try:
        await _open(fake, group, alice)
        async with store.transaction() as tx:
            table_id = next(t.id for t in await tx.unfinished_tables() if t.id is not None)
        presses: dict[int, list[CallbackQueryRecord]] = {}
        settled: set[int] = set()  # versions whose press was answered (no use pressing again)
        plan = [] if SOAK else list(PLAN)
        armed: list[str] = []  # the phase of each kill armed (``PLAN``'s names)
        just_restarted = False
        ends = time.monotonic() + BUDGET
        killer.bot = bot
        while time.monotonic() < ends:
            if not bot.alive:
                launched = utcnow()
                bot = await _start(fake, tmp_path, db_url)
                killer.bot = bot
                restarts += 1
                just_restarted = True
                if await _check(store, table_id, presses, human=0, restarted=launched):
                    break
                continue
            if killer.countdown is None and SOAK and killer.kills < KILLS:
                killer.countdown = rng.randint(1, 6)
            elif killer.countdown is None and plan:
                phase = "restart" if just_restarted else await _phase(store, table_id)
                if phase == plan[0]:
                    # at a deal's end a few calls more: the last card, then its scoring
                    killer.countdown = rng.randint(2, 6) if phase == "deal end" else \
                        rng.randint(1, 3)
                    armed.append(plan.pop(0))
            just_restarted = False
            hand = hand_message(fake, alice)
            moves = [b.data for row in (hand.buttons if hand else []) for b in row
                     if b.data and b.data.startswith("a|")
                     and int(b.data.split("|")[2]) not in settled]
            if not moves:
                if await _check(store, table_id, presses, human=0, restarted=None):
                    break
                await asyncio.sleep(0.05)
                continue
            assert hand is not None
            data = rng.choice(moves)
            version = int(data.split("|")[2])
            query = fake.press_nowait(alice, hand, data)
            presses.setdefault(version, []).append(query)
            await fake.wait_for(lambda _, q=query, b=bot: q.answer is not None or not b.alive,
                                STEP, what=f"an answer to {data}")
            if query.answer is not None:
                settled.add(version)
        else:
            async with store.transaction() as tx:
                done = len(await tx.actions(table_id))
            raise AssertionError(
                f"the match did not end within {BUDGET} s: {killer.kills} kills, {restarts} "
                f"restarts, {done} moves stored; the bot's log ends with:\n"
                + "\n".join(bot.log.read_text().splitlines()[-30:]))
        assert await _check(store, table_id, presses, human=0, restarted=None)
        assert killer.kills >= KILLS and restarts >= KILLS
        assert SOAK or armed == list(PLAN), f"kills armed in {armed}, planned {PLAN}"
        print(f"kill loop: {killer.kills} kills ({', '.join(armed) or 'soak'}), {restarts} "
              f"restarts, {sum(len(q) for q in presses.values())} presses")
    finally:
        fake.before_call = None
        if bot.alive:
            await bot.stop()
