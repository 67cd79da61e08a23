"""The bot in a child process of its own, against a fake Bot API: its production wiring
(``build_telegram``, aiogram long polling), its CPU time and memory its own, and killable.

Used by the load benchmark (``benchmarks/load.py``) and by the kill loop
(``tests/e2e/test_kill_loop.py``). ``python -m benchmarks.process --token T --api URL --db URL``
is the child; it imports only the bot (a restart costs the bot's own start-up, nothing more).

``forked=True`` (the kill loop, which restarts the bot again and again) forks the child from a
fork server that imported the bot once (``multiprocessing``'s "forkserver"; one per test
process): a restart then costs the bot's start-up (settings, the database, the re-arming, the
first poll) without the ~5 CPU seconds of importing aiogram and the bot anew. The child is the
same ``main`` with the same arguments, and SIGKILL still kills it where it is.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import multiprocessing
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
#: what the fork server imports once (``BotProcess(forked=True)``)
PRELOAD = ["benchmarks.process", "bot.bootstrap", "bot.settings"]

#: the project's root (the child's folder)
ROOT = Path(__file__).resolve().parent.parent
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
        forked: fork the ``kozyr`` child from the fork server (the module docstring) instead of
            starting a new interpreter.
    """

    def __init__(self, fake: FakeTelegram, workdir: Path, profile: Path | None = None,
                 rate_scale: float = 1.0, db_url: str | None = None,
                 kind: str = "kozyr", forked: bool = False) -> None:
        self.log = workdir / "bot.log"
        db_url = db_url or f"sqlite+aiosqlite:///{workdir / 'kozyr.sqlite3'}"
        module = "benchmarks.floor" if kind == "floor" else "benchmarks.process"
        argv = ["--token", fake.token, "--api", fake.base_url, "--db", db_url,
                "--rate-scale", str(rate_scale)]
        if profile is not None:
            argv += ["--profile", str(profile)]
        self.proc: subprocess.Popen[bytes] | None = None
        self.forked: multiprocessing.process.BaseProcess | None = None
        if forked:
            assert kind == "kozyr", "only kozyr's child is forked"
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            self.forked = context.Process(target=forked_child, args=(argv, str(self.log)),
                                          name="kozyr-bot", daemon=True)
            self.forked.start()
            assert self.forked.pid is not None
            self.pid = self.forked.pid
            return
        with self.log.open("a") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", module, *argv], cwd=ROOT,
                                         stdout=log, stderr=subprocess.STDOUT)
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
        if self.forked is not None:
            self.forked.join()
        else:
            assert self.proc is not None
            self.proc.wait()

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        if self.forked is not None:
            return self.forked.is_alive()
        assert self.proc is not None
        return self.proc.poll() is None

    async def stop(self) -> None:
        """SIGTERM, then SIGKILL after 20 s."""
        self.signal(signal.SIGTERM)
        for _ in range(200):
            if not self.alive:
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


def forked_child(argv: list[str], log: str) -> None:
    """The child forked from the fork server: stdout and stderr appended to ``log``, the
    project's root as its folder (as ``python -m benchmarks.process`` has), then ``main``."""
    with open(log, "ab") as out:
        os.dup2(out.fileno(), 1)
        os.dup2(out.fileno(), 2)
    os.chdir(ROOT)
    main(argv)


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
