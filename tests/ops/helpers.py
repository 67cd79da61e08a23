"""Run the ``kozyr`` command line as a real process (``python -m bot``) from the tests."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

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
