"""The bot in a child process of its own, against a fake Bot API: its production wiring
(``build_telegram``, aiogram long polling), its CPU time and memory its own, and killable.

Used by the load benchmark (``benchmarks/load.py``) and by the kill loop
(``tests/e2e/test_kill_loop.py``). ``python -m benchmarks.process --token T --api URL --db URL``
is the child; it imports only the bot (a restart costs the bot's own start-up, nothing more).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.e2e.fake import FakeTelegram

#: seeds of the child's matches
SEED = 20261129

CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class BotProcess:
    """``python -m benchmarks.process`` talking to ``fake``.

    Args:
        fake: the running fake Bot API (its token and address).
        workdir: where ``bot.log`` (appended to: one log over restarts) and the default SQLite
            file go.
        profile: cProfile output of the child (SIGUSR1 toggles it), or None.
        rate_scale: ``TELEGRAM_RATE_SCALE`` of the child (0: no spacing).
        db_url: the database (default: ``workdir/kozyr.sqlite3``).
        kind: ``kozyr`` (this module's child) or ``floor`` (``benchmarks/floor.py``, the bare
            aiogram bot the load benchmark compares kozyr with; it ignores the database).
    """

    def __init__(self, fake: FakeTelegram, workdir: Path, profile: Path | None = None,
                 rate_scale: float = 1.0, db_url: str | None = None,
                 kind: str = "kozyr") -> None:
        self.log = workdir / "bot.log"
        db_url = db_url or f"sqlite+aiosqlite:///{workdir / 'kozyr.sqlite3'}"
        module = "benchmarks.floor" if kind == "floor" else "benchmarks.process"
        args = [sys.executable, "-m", module, "--token", fake.token,
                "--api", fake.base_url, "--db", db_url, "--rate-scale", str(rate_scale)]
        if profile is not None:
            args += ["--profile", str(profile)]
        root = Path(__file__).resolve().parent.parent
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(args, cwd=root, stdout=log, stderr=subprocess.STDOUT)
        self.pid = self.proc.pid

    def cpu(self) -> float:
        """User + system CPU seconds of the bot process so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def memory(self, key: str) -> float:
        """``VmRSS`` or ``VmHWM`` of the bot process, MB."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
        return 0.0

    def signal(self, sig: int) -> None:
        """Send ``sig`` to the process (gone already: nothing)."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, sig)

    def kill(self) -> None:
        """SIGKILL: the process dies where it is, nothing flushed or closed."""
        self.signal(signal.SIGKILL)
        self.proc.wait()

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.proc.poll() is None

    async def stop(self) -> None:
        """SIGTERM, then SIGKILL after 20 s."""
        self.signal(signal.SIGTERM)
        for _ in range(200):
            if self.proc.poll() is not None:
                return
            await asyncio.sleep(0.1)
        self.kill()

    def problems(self) -> tuple[int, int, int]:
        """Errors (failed updates), warnings and "database is locked" lines in the bot's log."""
        lines = self.log.read_text(errors="replace").splitlines()
        return (sum(" ERROR " in line for line in lines),
                sum(" WARNING " in line for line in lines),
                sum("database is locked" in line and "OperationalError" in line
                    for line in lines))


async def child(args: argparse.Namespace) -> None:
    """The bot process: the production wiring (``build_telegram``) with seeded matches."""
    import logging

    from bot.bootstrap import build_telegram
    from bot.settings import Settings

    logging.basicConfig(level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings(telegram_token=args.token, telegram_api_server=args.api,  # type: ignore[call-arg]
                        database_url=args.db, default_lang="en", telegram_poll_timeout=10,
                        bot_delay=0.0, telegram_rate_scale=args.rate_scale, _env_file=None)
    seeds = random.Random(SEED)
    app = await build_telegram(settings, new_seed=lambda: seeds.getrandbits(62))
    profiler = cProfile.Profile()
    profiling = [False]

    def toggle() -> None:  # SIGUSR1: start profiling; again: stop and write the file
        if not profiling[0]:
            profiler.enable()
        else:
            profiler.disable()
            profiler.dump_stats(args.profile)
        profiling[0] = not profiling[0]

    if args.profile:
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, toggle)
    try:
        await app.dispatcher.start_polling(app.bot, polling_timeout=10, handle_signals=True)
    finally:
        await app.close()


def main(argv: list[str] | None = None) -> int:
    """Run the child bot until SIGTERM / SIGINT."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--token", required=True)
    parser.add_argument("--api", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--rate-scale", type=float, default=1.0)
    parser.add_argument("--profile", default="")
    asyncio.run(child(parser.parse_args(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
