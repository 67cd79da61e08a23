"""Run the ``kozyr`` command line as a real process (``python -m bot``) from the tests."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp

from tests.e2e.fake import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]


def kozyr_env(**values: str) -> dict[str, str]:
    """The environment of a child ``kozyr``: no token or database of the caller's, no .env."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN", "DATABASE_URL", "KOZYR_ENV_FILE",
                        "KOZYR_DATA_DIR", "OWNER_IDS", "WEBHOOK_URL")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(values)
    return env


async def kozyr(*args: str, cwd: Path, **env: str) -> tuple[int, str, str]:
    """Run ``python -m bot ARGS`` in ``cwd`` (asynchronously: a fake server in this loop keeps
    answering); returns (exit code, stdout, stderr)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=cwd, env=kozyr_env(**env),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def free_port() -> int:
    """A local TCP port free at the time of the call."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bot_env(fake: FakeTelegram, data: Path, **values: str) -> dict[str, str]:
    """Settings of a bot process against ``fake``: fast (no bot pause, no spacing), English."""
    return {"TELEGRAM_TOKEN": fake.token, "TELEGRAM_API_SERVER": fake.base_url,
            "KOZYR_DATA_DIR": str(data), "BOT_DELAY": "0", "TELEGRAM_RATE_SCALE": "0",
            "DEFAULT_LANG": "en", "TELEGRAM_POLL_TIMEOUT": "1", **values}


@asynccontextmanager
async def bot_process(cwd: Path, env: dict[str, str]) -> AsyncIterator[asyncio.subprocess.Process]:
    """``python -m bot run`` as a child process for the block; stopped with SIGTERM (its exit
    code must be 0) at the end. Its log goes to ``cwd/bot.log``."""
    log = (cwd / "bot.log").open("ab")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=cwd, env=kozyr_env(**env),
        stdout=log, stderr=log)
    try:
        yield proc
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(proc.wait(), 60)
        log.close()
        assert code == 0, (cwd / "bot.log").read_text()[-3000:]


async def get(url: str, **headers: str) -> tuple[int, str]:
    """GET ``url``: (status, body)."""
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        return response.status, await response.text()


def sample(metrics: str, name: str) -> float:
    """The value of the sample ``name`` (with its labels, as printed) in a /metrics page."""
    for line in metrics.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} not in /metrics")
