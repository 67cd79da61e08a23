"""/top, /stats and /history latency in a chat with many finished matches. Prints figures;
asserts nothing.

Run: ``.venv/bin/python -m benchmarks.records_top [matches] [database URL]``
(default 10,000 matches, a temporary SQLite file; e.g. ``postgresql+asyncpg://postgres@
127.0.0.1:5432/bench`` for an empty PostgreSQL database).

The chat's history is written as the bot writes it when matches end (``game_table``,
``seat``, ``match_record``, ``match_result``, ``seat_result``, ``rating``; ratings computed
match by match with OpenSkill), in bulk; then each command runs through ``bot.records.Records``
(transaction, queries, rendering) with a messenger that only records what it would send.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert

from bot.i18n import Catalogs
from bot.model import Person, Place, Screen, Target
from bot.records.core import new_skill, rate
from bot.records.service import Records
from storage import Store
from storage.models import (
    Chat,
    GameTable,
    MatchRecord,
    MatchResult,
    Rating,
    Seat,
    SeatResult,
    User,
)

PLAYERS = 40
GAMES = (("deberts", 2, [[0], [1]]), ("bazar_belot", 4, [[0, 2], [1, 3]]),
         ("married_bridge", 2, [[0], [1]]), ("berg", 4, [[0, 2], [1, 3]]))
PLACE = Place("tg", "-100500", "Benchmark club")
RUNS = 50


class NullMessenger:
    """Sends nothing; keeps the last text (to show what was measured)."""

    platform = "tg"
    last = ""

    async def send(self, target: Target, screen: Screen) -> str:
        self.last = screen.text
        return "1"


def _rows(n: int, rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    """``n`` finished matches of one chat (chat id 1, users 1..PLAYERS) as table rows."""
    start = datetime(2025, 1, 1, tzinfo=UTC)
    out: dict[str, list[dict[str, Any]]] = {k: [] for k in
                                            ("table", "seat", "record", "match", "result")}
    skills: dict[tuple[str, int], Any] = {}
    counts: dict[tuple[str, int], list[int]] = {}
    for t in range(1, n + 1):
        game, players, sides = GAMES[t % len(GAMES)]
        when = start + timedelta(minutes=30 * t)
        users = rng.sample(range(1, PLAYERS + 1), players)
        winner = rng.randrange(len(sides))
        totals = [float(rng.randint(100, 500)) for _ in sides]
        totals[winner] = 501.0
        out["table"].append({"id": t, "chat_id": 1, "game": game, "status": "finished",
                             "creator_id": users[0], "options": {}, "version": 100,
                             "created_at": when, "updated_at": when, "finished_at": when,
                             "winner_side": winner, "result_line": "Result",
                             "paused": False})
        out["record"].append({"table_id": t, "seed": t, "players": players, "options": {},
                              "deck": None, "snapshot": {}, "snapshot_seq": 100})
        out["match"].append({"table_id": t, "chat_id": 1, "game": game, "players": players,
                             "deals": 8, "winner_side": winner, "sides": sides,
                             "totals": totals, "finished_at": when})
        teams = [[skills.get((game, users[s]), new_skill()) for s in side] for side in sides]
        rated = rate(teams, [1 if i == winner else 2 for i in range(len(sides))])
        for i, side in enumerate(sides):
            for k, seat in enumerate(side):
                user = users[seat]
                before, after = teams[i][k], rated[i][k]
                skills[(game, user)] = after
                won = i == winner
                c = counts.setdefault((game, user), [0, 0])
                c[0] += 1
                c[1] += won
                out["seat"].append({"table_id": t, "seat": seat, "user_id": user,
                                    "timeouts": 0})
                out["result"].append({
                    "table_id": t, "chat_id": 1, "game": game, "seat": seat, "side": i,
                    "user_id": user, "outcome": "win" if won else "loss",
                    "place": 1 if won else 2, "points": totals[i], "deals": 8,
                    "baits": rng.randint(0, 3), "capots": int(rng.random() < 0.05),
                    "rating_before": float(before.shown), "rating_after": float(after.shown),
                    "finished_at": when})
    out["rating"] = [{"chat_id": 1, "game": g, "user_id": u, "mu": s.mu, "sigma": s.sigma,
                      "ordinal": s.ordinal, "matches": counts[(g, u)][0],
                      "wins": counts[(g, u)][1], "updated_at": start}
                     for (g, u), s in skills.items()]
    return out


async def fill(store: Store, n: int) -> None:
    """Write the chat, its players and ``n`` finished matches."""
    rows = _rows(n, random.Random(1))
    now = datetime.now(UTC)
    async with store.engine.begin() as conn:
        await conn.execute(insert(Chat), [{"id": 1, "platform": "tg", "ext_id": PLACE.chat_ext_id,
                                           "title": PLACE.title, "created_at": now}])
        await conn.execute(insert(User), [
            {"id": u, "platform": "tg", "ext_id": str(1000 + u), "name": f"Player {u}",
             "username": f"p{u}", "can_dm": True, "created_at": now}
            for u in range(1, PLAYERS + 1)])
        for model, key in ((GameTable, "table"), (Seat, "seat"), (MatchRecord, "record"),
                           (MatchResult, "match"), (SeatResult, "result"), (Rating, "rating")):
            batch = rows[key]
            for i in range(0, len(batch), 2000):
                await conn.execute(insert(model), batch[i:i + 2000])


async def measure(records: Records, what: str, call: Any) -> None:
    """Run ``call`` RUNS times; print the median and the 95th percentile."""
    await call()  # warm-up (connection, statement cache)
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        await call()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{what:<22} p50 {statistics.median(times):7.2f} ms   p95 {p95:7.2f} ms")


async def main(n: int, url: str | None) -> None:
    """Fill a database with ``n`` matches and time the records commands."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(url or f"sqlite+aiosqlite:///{folder}/bench.db")
        await store.start()
        try:
            t0 = time.perf_counter()
            await fill(store, n)
            print(f"{store.dialect}: {n} finished matches written in "
                  f"{time.perf_counter() - t0:.1f} s")
            messenger = NullMessenger()
            records = Records(store=store, catalogs=Catalogs(), messenger=messenger,  # type: ignore[arg-type]
                              default_lang="en")
            me = Person("tg", "1001", "Player 1")
            await measure(records, "/top (every game)", lambda: records.top(PLACE))
            await measure(records, "/top deberts", lambda: records.top(PLACE, "deberts"))
            await measure(records, "/stats", lambda: records.stats(PLACE, me))
            await measure(records, "/history", lambda: records.history(PLACE))
            print("\n" + messenger.last.split("\n")[1])
        finally:
            await store.close()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    asyncio.run(main(count, sys.argv[2] if len(sys.argv) > 2 else None))
