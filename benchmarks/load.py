"""Load benchmark (issue #11): N tables playing through the real bot against a fake Bot API.
Prints figures; asserts nothing.

Run: ``.venv/bin/python -m benchmarks.load [--tables 10,100,500] [--seconds 60] [--think 1-3]
[--limits off|on|off,on] [--game deberts] [--moves M] [--profile DIR]`` (Linux: reads ``/proc``).

The bot runs as it does in production (aiogram long polling, ``TableService``, SQLite in a
temporary file) in a child process of its own, so its CPU time and memory are its own. The fake
Telegram server (``tests/e2e/fake``) and the simulated players run in this process, over
loopback. Each table is a group with ``min_players`` simulated users: they open the bot in
private, one sends ``/new <game>``, the others press Join, he presses Start. Then whoever has
game buttons on his private hand message waits a think time (uniform in ``--think``), presses
one of them at random (seeded) and waits until his hand is redrawn. A finished match is followed
by a new ``/new``. ``--limits on`` makes the fake enforce Telegram's flood limits (1 message/s
per chat, 20/min per group, 30/s overall; sends and edits count) with 429 and ``retry_after``,
and the bot keeps its outgoing queue's spacing (``TELEGRAM_RATE_SCALE=1``); ``--limits off``
turns both off, so that the figures are the bot's own (its CPU, its latency).

A table plays as soon as it is set up (at most 10 lobbies are being opened at once, and the
turn clock runs). When every table is set up (or after ``--setup-seconds``; the rest go on
being set up) and ``--warmup`` seconds more, it measures for ``--seconds`` (or until
``--moves`` moves) and prints one row per number of tables:

- offered: moves/s the players would make if the bot answered instantly (tables / mean think);
  moves/s: moves completed (a game button pressed and the presser's hand redrawn);
- hand p50/p99: ms from the press (the callback update enqueued in the fake) to the fake
  receiving the edit of the presser's hand message; table p50/p99: to the first edit (or post)
  of the group's table message; answer p50: to ``answerCallbackQuery``; poll p50: to the
  fake handing the update to the bot's ``getUpdates`` (queueing before the bot sees it);
- calls/move: the bot's Bot API calls (``getUpdates`` excluded) per move, all methods; a second
  table splits them by method;
- CPU s/1k moves: user + system CPU seconds of the bot process per 1,000 moves, and its CPU
  load (100% = one core of the machine's); gen CPU: the same for this process (fake + players),
  which shares the machine;
- MB/table: the bot's peak RSS (``VmHWM``) minus its RSS once it polled, over N;
- 429s: calls answered "Too Many Requests"; late: presses of the window not followed by an edit
  of the presser's hand before its end (or before he lost patience, ``--patience``, and
  pressed again); below the table: set-up time, the players' repeated actions (a step the bot
  did not answer, done again) and the bot's failed updates and "database is locked" errors.

``--profile DIR`` runs cProfile in the bot process during each window and writes
``DIR/bot-<limits>-<N>.prof`` (``python -m pstats`` to read it). cProfile times the main thread
by the wall clock: leave out the time in ``select.epoll`` (idle); SQLite runs in the same
thread (storage/inline_sqlite.py), so its work is in the profile.

``--vs-floor`` runs, for each table count, ``--rounds`` pairs of windows: kozyr, then the floor
bot (``benchmarks/floor.py``: the same Bot API calls per press and nothing else) against the
same fake at the same offered load, and prints the CPU ms per move of both and their ratio,
with the load average before and after each pair (the machine is shared: compare ratios).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import engine
from benchmarks.process import BotProcess
from tests.e2e.fake import FakeMessage, FakeTelegram, FakeUser, RateLimits
from tests.e2e.fake.models import FakeChat
from tests.e2e.fake.params import Params

SEED = 20261129
#: "Your cards": what tells a hand message from the rest of a private chat (language "en").
YOUR_CARDS = "Your cards"
#: Lobbies set up at once (the rest wait), and how long one step of the set-up may take.
SETUP_CONCURRENCY = 10
SETUP_STEP_TIMEOUT = 30.0
SETUP_ATTEMPTS = 5


# ---------------------------------------------------------------------------- the fake server


class LoadFake(FakeTelegram):
    """The e2e fake with hooks for the benchmark: message versions and callback answers are
    reported to the table that owns the chat (no history kept, nothing re-scanned), and the
    call log is drained into counters so that memory stays flat."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.watchers: dict[int, SimTable] = {}
        self.query_owner: dict[str, SimTable] = {}
        self.delivered: dict[str, float] = {}
        self.calls_by_method: Counter[str] = Counter()
        self.too_many = 0

    def _record_version(self, message: FakeMessage, kind: Any) -> None:
        table = self.watchers.get(message.chat.id)
        if table is not None:
            table.on_message(message, kind, time.monotonic())

    async def _answer_callback_query(self, params: Params) -> bool:
        result = await super()._answer_callback_query(params)
        table = self.query_owner.pop(params.get_str("callback_query_id") or "", None)
        if table is not None:
            table.on_answer(params.get_str("callback_query_id") or "", time.monotonic())
        return result

    async def _long_poll(self, offset: int, limit: int, timeout: float) -> list[dict[str, Any]]:
        batch = await super()._long_poll(offset, limit, timeout)
        now = time.monotonic()
        for update in batch:
            query = update.get("callback_query")
            if query is not None:
                self.delivered.setdefault(query["id"], now)
        return batch

    def drain(self) -> None:
        """Count finished calls by method (and 429s) and forget them; forget old updates."""
        keep = []
        for call in self._calls:
            if call.pending:
                keep.append(call)
                continue
            if call.method != "getUpdates":
                self.calls_by_method[call.method] += 1
                if call.status == 429:
                    self.too_many += 1
        self._calls = keep
        self.updates.clear()
        self.dropped_updates.clear()

    def polled(self) -> bool:
        return any(c.method == "getUpdates" for c in self._calls)


# ------------------------------------------------------------------------------ the players


@dataclass
class Press:
    """One game button pressed by a simulated player."""

    user: FakeUser
    query_id: str
    at: float
    move: bool
    hand_at: float | None = None
    table_at: float | None = None
    answer_at: float | None = None


@dataclass
class Window:
    """The measuring window and what was measured in it."""

    start: float = float("inf")
    end: float = float("inf")
    presses: list[Press] = field(default_factory=list)

    def inside(self, at: float) -> bool:
        return self.start <= at < self.end


def redrawn(press: Press, stop: asyncio.Event) -> bool:
    """The presser's hand was redrawn (or the run is over)."""
    return press.hand_at is not None or stop.is_set()


class SimTable:
    """A group with its simulated players, playing one match after another."""

    def __init__(self, fake: LoadFake, index: int, game: str, players: int,
                 think: tuple[float, float], window: Window, patience: float) -> None:
        self.fake = fake
        self.game = game
        self.think = think
        self.window = window
        self.rng = random.Random(SEED * 1000 + index)
        base = 1_000_000 + index * 10
        self.users = [fake.user(base + k, f"P{index}.{k}") for k in range(players)]
        self.group = fake.group(-1_000_000_000 - index, f"Load table {index}")
        self.hands: dict[int, FakeMessage] = {}
        self.lobby_id: int | None = None
        self.over = False
        self.press: Press | None = None
        self.floor = 0
        self.retries = 0
        self.patience = patience
        self.changed = asyncio.Event()
        for chat in (self.group, *(fake.private(u) for u in self.users)):
            fake.watchers[chat.id] = self

    # ---- hooks called by the fake
    def on_message(self, message: FakeMessage, kind: str, now: float) -> None:
        if not message.from_bot or kind == "deleted":
            return
        text = message.text or ""
        press = self.press
        if message.chat.type == "private":
            if text.startswith("🃏") and YOUR_CARDS in text:
                old = self.hands.get(message.chat.id)
                if old is None or message.message_id >= old.message_id:
                    self.hands[message.chat.id] = message
                if press and press.hand_at is None and message.chat.id == press.user.id:
                    press.hand_at = now
        elif text.startswith("🏆"):
            self.over = True
        elif (text.startswith("🃏") and message.message_id != self.lobby_id and press
              and press.table_at is None):
            press.table_at = now
        self.changed.set()

    def on_answer(self, query_id: str, now: float) -> None:
        if self.press is not None and self.press.query_id == query_id:
            self.press.answer_at = now
        self.changed.set()

    # ---- waiting
    async def until(self, predicate: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked when one of the table's chats
        changes); None on time-out."""
        deadline = time.monotonic() + timeout
        while True:
            self.changed.clear()
            result = predicate()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)

    async def _retrying(self, act: Callable[[], Any], predicate: Callable[[], Any],
                        what: str) -> Any:
        """Do ``act`` and wait for ``predicate``; do it again (as a person would) when nothing
        happens within ``SETUP_STEP_TIMEOUT`` (the bot may have failed the update)."""
        for _ in range(SETUP_ATTEMPTS):
            await act()
            result = await self.until(predicate, SETUP_STEP_TIMEOUT)
            if result:
                return result
            self.retries += 1
        raise TimeoutError(f"{self.group.title}: no {what} after {SETUP_ATTEMPTS} attempts")

    def _new_bot_message(self, chat: FakeChat, after: int) -> FakeMessage | None:
        for message in reversed(self.fake.bot_messages(chat)):
            if message.message_id > after and message.buttons:
                return message
        return None

    async def _press_lobby(self, user: FakeUser, lobby: FakeMessage, text: str) -> None:
        button = lobby.find_button(text=text)
        assert button.data is not None
        data = button.data
        queries: list[Any] = []

        async def press() -> None:
            query = self.fake.press_nowait(user, lobby, data)
            self.fake.query_owner[query.id] = self
            queries.append(query)

        await self._retrying(press, lambda: any(q.answer for q in queries), f"answer to {text}")

    # ---- set-up
    async def open_bot(self) -> None:
        """Every player opens the bot in private (so that the bot may send him his hand)."""
        for user in self.users:
            await self._retrying(partial(self.fake.start_bot, user),
                                 partial(self.fake.bot_messages, user), "welcome")

    async def new_match(self) -> None:
        """The first player opens a lobby, the others join, he starts; wait for the hands
        (a player whose hand does not come sends /start in private, which re-sends it)."""
        creator, *others = self.users
        mark = self.group.next_message_id - 1
        self.over = False
        self.floor = 0
        lobby = await self._retrying(
            lambda: self.fake.send_text(self.group, creator, f"/new {self.game}"),
            lambda: self._new_bot_message(self.group, mark), "lobby")
        self.lobby_id = lobby.message_id
        for user in others:
            await self._press_lobby(user, lobby, "Join")
        hands_before = {u.id: h.message_id for u in self.users if (h := self.hands.get(u.id))}

        def fresh(user: FakeUser) -> bool:
            hand = self.hands.get(user.id)
            return hand is not None and hand.message_id != hands_before.get(user.id)

        await self._press_lobby(creator, lobby, "Start")
        if await self.until(lambda: all(fresh(u) for u in self.users), SETUP_STEP_TIMEOUT):
            return
        for user in self.users:
            if not fresh(user):
                self.retries += 1
                await self._retrying(partial(self.fake.start_bot, user), partial(fresh, user),
                                     "hand")

    # ---- play
    def _mover(self) -> tuple[FakeUser, FakeMessage, list[str]] | None:
        for user in self.users:
            hand = self.hands.get(user.id)
            if hand is None or hand.deleted:
                continue
            datas = [b.data for row in hand.buttons for b in row
                     if b.data and b.data[:2] in ("a|", "x|") and int(b.data.split("|")[2])
                     >= self.floor]
            if datas:
                return user, hand, datas
        return None

    async def play(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            if self.over:
                await self.new_match()
                continue
            if not await self.until(lambda: self._mover() or self.over or stop.is_set(),
                                    self.patience):
                # Nobody has buttons (a redraw failed): the players send /start in private,
                # which redraws their hands.
                self.retries += 1
                for user in self.users:
                    await self.fake.start_bot(user)
                continue
            if stop.is_set() or self.over:
                continue
            await asyncio.sleep(self.rng.uniform(*self.think))
            found = self._mover()
            if found is None or stop.is_set():
                continue
            user, hand, datas = found
            moves = [d for d in datas if d.startswith("a|")]
            data = self.rng.choice(moves or datas)
            move = data.startswith("a|")
            version = int(data.split("|")[2])
            self.floor = version + 1 if move else version
            query = self.fake.press_nowait(user, hand, data)
            self.fake.query_owner[query.id] = self
            press = Press(user, query.id, time.monotonic(), move)
            self.press = press
            if self.window.inside(press.at):
                self.window.presses.append(press)
            if not await self.until(partial(redrawn, press, stop), self.patience):
                self.retries += 1  # nothing happened: he presses again (a new callback query)
                self.floor = version


# ---------------------------------------------------------------------------- the bot process


# ------------------------------------------------------------------------------- one run


@dataclass
class Row:
    bot: str
    limits: str
    tables: int
    playing: int
    failed: int
    setup_s: float
    offered: float
    moves: int
    seconds: float
    hand: list[float]
    table: list[float]
    answer: list[float]
    poll: list[float]
    calls: Counter[str]
    cpu: float
    gen_cpu: float
    mb_per_table: float
    too_many: int
    late: int
    retries: int
    problems: tuple[int, int, int]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


async def run_one(n: int, limits: str, args: argparse.Namespace, kind: str = "kozyr") -> Row:
    """One window of ``n`` tables against ``kind``: "kozyr" or "floor" (benchmarks/floor.py)."""
    game = args.game
    players = engine.get_game(game).info.min_players
    fake = LoadFake(rate_limits=RateLimits() if limits == "on" else False)
    await fake.start()
    workdir = Path(tempfile.mkdtemp(prefix="kozyr-load-"))
    profile = (Path(args.profile) / f"bot-{limits}-{n}.prof"
               if args.profile and kind == "kozyr" else None)
    # limits off: the fake answers at once and the bot's own spacing is off too
    # (TELEGRAM_RATE_SCALE=0), so the figures are the bot's; on: both keep Telegram's limits
    bot = BotProcess(fake, workdir, profile, rate_scale=1.0 if limits == "on" else 0.0, kind=kind)
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []

    async def drainer() -> None:
        while True:
            await asyncio.sleep(0.5)
            fake.drain()

    draining = asyncio.create_task(drainer())
    try:
        for _ in range(600):
            if fake.polled() or bot.proc.poll() is not None:
                break
            await asyncio.sleep(0.1)
        if bot.proc.poll() is not None or not fake.polled():
            raise RuntimeError("the bot did not start:\n" + bot.log.read_text()[-3000:])
        await asyncio.sleep(1.0)  # start-up calls (commands menu) done
        rss0 = bot.memory("VmRSS")
        window = Window()
        sims = [SimTable(fake, i, game, players, args.think, window, args.patience)
                for i in range(n)]
        gate = asyncio.Semaphore(SETUP_CONCURRENCY)
        setup_start = time.monotonic()
        ready: list[SimTable] = []
        failed: list[str] = []

        async def life(sim: SimTable) -> None:
            """Set the table up, then play (at once: its clock runs from the start)."""
            try:
                async with gate:
                    await sim.open_bot()
                    await sim.new_match()
                ready.append(sim)
                await sim.play(stop)
            except TimeoutError as exc:  # the table is given up; the others go on
                failed.append(str(exc))

        tasks = [asyncio.create_task(life(s)) for s in sims]
        setup_end = setup_start + args.setup_seconds
        while len(ready) + len(failed) < n and time.monotonic() < setup_end:
            await asyncio.sleep(0.2)
        setup_s = time.monotonic() - setup_start
        playing = len(ready)
        await asyncio.sleep(args.warmup)
        fake.drain()
        calls0, too_many0 = Counter(fake.calls_by_method), fake.too_many
        cpu0, gen0 = bot.cpu(), time.process_time()
        if profile:
            bot.signal(signal.SIGUSR1)
        window.start = time.monotonic()
        deadline = window.start + args.seconds
        while time.monotonic() < deadline:
            await asyncio.sleep(0.2)
            if args.moves and sum(p.move and p.hand_at is not None
                                  for p in window.presses) >= args.moves:
                break
            for task in tasks:
                if task.done() and (error := task.exception()) is not None:
                    raise error
        window.end = time.monotonic()
        fake.drain()
        cpu, gen_cpu = bot.cpu() - cpu0, time.process_time() - gen0
        if profile:
            bot.signal(signal.SIGUSR1)
        calls = fake.calls_by_method - calls0
        too_many = fake.too_many - too_many0
        hwm = bot.memory("VmHWM")
        moves = [p for p in window.presses if p.move and p.hand_at is not None
                 and p.hand_at < window.end]
        late = sum(1 for p in window.presses if p.hand_at is None or p.hand_at >= window.end)

        def ms(pairs: list[tuple[float | None, float]]) -> list[float]:
            return [(done - at) * 1000 for done, at in pairs if done is not None]

        return Row(
            bot=kind, limits=limits, tables=n, playing=playing, failed=len(failed), setup_s=setup_s,
            offered=playing / (sum(args.think) / 2), moves=len(moves),
            seconds=window.end - window.start,
            hand=ms([(p.hand_at, p.at) for p in moves]),
            table=ms([(p.table_at, p.at) for p in moves]),
            answer=ms([(p.answer_at, p.at) for p in moves]),
            poll=ms([(fake.delivered.get(p.query_id), p.at) for p in moves]),
            calls=calls, cpu=cpu, gen_cpu=gen_cpu,
            mb_per_table=(hwm - rss0) / n, too_many=too_many, late=late,
            retries=sum(s.retries for s in sims), problems=bot.problems())
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await bot.stop()
        draining.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await draining
        with contextlib.suppress(RuntimeError):  # fake-internal errors are not the bot's
            await fake.stop()
        errors = bot.problems()[0]
        if errors:
            print(f"  {errors} failed updates: see {bot.log}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)


# ------------------------------------------------------------------------------- output

SHORT = {"editMessageText": "edit", "sendMessage": "send", "answerCallbackQuery": "answer",
         "deleteMessage": "delete", "sendPhoto": "photo", "editMessageReplyMarkup": "markup"}


def print_rows(rows: list[Row], args: argparse.Namespace) -> None:
    lo, hi = args.think
    print(f"\n{args.game}, {engine.get_game(args.game).info.min_players} players per table, "
          f"think {lo:g}-{hi:g} s uniform, window {args.seconds:g} s after "
          f"{args.warmup:g} s warm-up; {os.cpu_count()} CPUs")
    head = (f"{'limits':>6} {'tables':>6} {'offered':>8} {'moves/s':>8} {'hand p50':>9} "
            f"{'p99':>7} {'table p50':>9} {'p99':>7} {'answer':>7} {'poll':>6} "
            f"{'calls/mv':>8} {'CPU s/1k':>8} {'bot CPU':>7} {'gen CPU':>7} {'MB/table':>8} "
            f"{'429s':>5} {'late':>5}")
    print(head)
    print("-" * len(head))
    for r in rows:
        rate = r.moves / r.seconds if r.seconds else 0.0
        calls = sum(r.calls.values())
        per_move = calls / r.moves if r.moves else float("nan")
        cpu_k = r.cpu / r.moves * 1000 if r.moves else float("nan")
        print(f"{r.limits:>6} {r.tables:>6} {r.offered:>8.1f} {rate:>8.1f} "
              f"{pct(r.hand, .5):>9.1f} {pct(r.hand, .99):>7.0f} {pct(r.table, .5):>9.1f} "
              f"{pct(r.table, .99):>7.0f} {pct(r.answer, .5):>7.1f} {pct(r.poll, .5):>6.1f} "
              f"{per_move:>8.2f} {cpu_k:>8.1f} {r.cpu / r.seconds:>7.0%} "
              f"{r.gen_cpu / r.seconds:>7.0%} {r.mb_per_table:>8.2f} {r.too_many:>5} "
              f"{r.late:>5}")
    print("\nAPI calls per move by method (getUpdates excluded); set-up = lobbies played:")
    for r in rows:
        parts = [f"{SHORT.get(m, m)} {c / r.moves:.2f}" for m, c in r.calls.most_common()
                 if r.moves]
        errors, warnings, locked = r.problems
        print(f"{r.limits:>6} {r.tables:>6}: {', '.join(parts)}  ({r.moves} moves)")
        print(f"{'':>15}set-up {r.setup_s:.0f} s: {r.playing} tables playing when measuring "
              f"began, {r.failed} given up; players' repeated actions {r.retries}; bot "
              f"log: {errors} failed updates, {warnings} warnings, {locked} 'database is "
              f"locked'")
    print("\nLatencies in ms from the press; offered and moves/s in moves per second; "
          "CPU load 100% = one core.")


def vs_floor(args: argparse.Namespace) -> int:
    """Kozyr against the floor bot at the same offered load, interleaved (kozyr, floor, kozyr,
    floor, ...) so that both see the same neighbours on a shared machine; prints the bot
    process's CPU ms per move for both, their ratio and the load average around each pair."""
    limits = args.limits.split(",")[0]
    pairs: list[tuple[Row, Row, tuple[float, float]]] = []
    for n in (int(x) for x in args.tables.split(",")):
        for k in range(args.rounds):
            load0 = os.getloadavg()[0]
            got = {}
            for kind in ("kozyr", "floor"):
                print(f"{kind}: {n} tables, round {k + 1} ...", file=sys.stderr, flush=True)
                try:
                    got[kind] = asyncio.run(run_one(n, limits, args, kind))
                except RuntimeError as exc:  # e.g. a bot that did not start on a busy machine
                    print(f"  round left out: {exc}"[:300], file=sys.stderr, flush=True)
                    break
            else:
                pairs.append((got["kozyr"], got["floor"], (load0, os.getloadavg()[0])))
    print(f"\n{args.game}, limits {limits}, think {args.think[0]:g}-{args.think[1]:g} s, window "
          f"{args.seconds:g} s; CPU = user + system time of the bot process / moves; "
          f"{os.cpu_count()} CPUs")
    head = (f"{'tables':>6} {'kozyr moves':>11} {'ms/move':>8} {'calls/mv':>8} "
            f"{'floor moves':>11} {'ms/move':>8} {'calls/mv':>8} {'ratio':>6} {'load avg':>11}")
    print(head)
    print("-" * len(head))

    def per_move(r: Row) -> tuple[float, float]:
        if not r.moves:
            return float("nan"), float("nan")
        return r.cpu / r.moves * 1000, sum(r.calls.values()) / r.moves

    for kozyr, floor, (la0, la1) in pairs:
        (kc, kk), (fc, fk) = per_move(kozyr), per_move(floor)
        print(f"{kozyr.tables:>6} {kozyr.moves:>11} {kc:>8.1f} {kk:>8.2f} {floor.moves:>11} "
              f"{fc:>8.1f} {fk:>8.2f} {kc / fc:>6.1f} {la0:>5.1f}-{la1:<5.1f}")
    return 0


def parse_think(text: str) -> tuple[float, float]:
    lo, _, hi = text.partition("-")
    return float(lo), float(hi or lo)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--tables", default="10,100,500", help="comma-separated table counts")
    parser.add_argument("--seconds", type=float, default=60.0, help="measuring window per run")
    parser.add_argument("--moves", type=int, default=0, help="end a window after this many moves")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--setup-seconds", type=float, default=180.0,
                        help="time budget for opening the tables; measuring starts then anyway")
    parser.add_argument("--think", type=parse_think, default=(1.0, 3.0),
                        help="a player's think time, seconds: lo-hi (uniform)")
    parser.add_argument("--patience", type=float, default=30.0,
                        help="seconds a player waits for his hand before pressing again")
    parser.add_argument("--limits", default="off", help="off, on, or off,on")
    parser.add_argument("--game", default="deberts", choices=[g.id for g in engine.list_games()])
    parser.add_argument("--profile", default="", help="directory for cProfile files of the bot")
    parser.add_argument("--vs-floor", action="store_true",
                        help="run kozyr and the floor bot (benchmarks/floor.py) in turn, "
                             "--rounds times per table count, and print CPU per move of both")
    parser.add_argument("--rounds", type=int, default=2, help="kozyr/floor pairs per count")
    args = parser.parse_args(argv)
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
    if args.vs_floor:
        return vs_floor(args)
    rows: list[Row] = []
    for limits in args.limits.split(","):
        for n in (int(x) for x in args.tables.split(",")):
            print(f"limits {limits}, {n} tables ...", file=sys.stderr, flush=True)
            rows.append(asyncio.run(run_one(n, limits, args)))
    print_rows(rows, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
