"""``python -m bot`` with broken settings and databases: one line, no traceback."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kit.cli import one_line

ROOT = Path(__file__).resolve().parents[3]


def _run(tmp_path: Path, *args: str, **env_vars: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(PYTHONPATH=str(ROOT), TELEGRAM_TOKEN="123456:dummy-token-for-tests",
               TELEGRAM_API_SERVER="http://127.0.0.1:9", LOG_LEVEL="WARNING",
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'k.sqlite3'}")
    env.update(env_vars)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def _one_line(proc: subprocess.CompletedProcess[str]) -> str:
    return one_line(proc, prefix="kozyr: ")


def test_an_unknown_log_level_is_one_line(tmp_path: Path) -> None:
    # FINDING M4 (major, a traceback): LOG_LEVEL=LOUD passes the settings and then
    # logging.basicConfig raises ValueError: a Python traceback, exit code 1.
    proc = _run(tmp_path, LOG_LEVEL="LOUD")
    assert proc.returncode == 2
    assert "LOG_LEVEL" in _one_line(proc)


def test_a_database_from_a_newer_kozyr_is_one_line(tmp_path: Path) -> None:
    # FINDING M5 (major, a traceback): a database migrated by a newer kozyr (an unknown
    # Alembic revision: the bot was rolled back) fails with alembic's CommandError traceback,
    # exit code 1, instead of a line saying the database is newer than this kozyr.
    first = _run(tmp_path)  # creates and migrates k.sqlite3 (then fails to reach Telegram)
    assert "Telegram" in first.stderr
    # closed, not only committed: the last connection's close moves the WAL into the file, so
    # the bytes compared below hold the change
    with contextlib.closing(sqlite3.connect(tmp_path / "k.sqlite3")) as db, db:
        db.execute("UPDATE alembic_version SET version_num = '0099'")
    before = (tmp_path / "k.sqlite3").read_bytes()
    proc = _run(tmp_path)
    assert proc.returncode == 2
    assert "DATABASE_URL" in _one_line(proc) or "newer" in _one_line(proc)
    assert (tmp_path / "k.sqlite3").read_bytes() == before


@pytest.mark.parametrize("name,value", [("DEFAULT_LANG", "xx"), ("REQUEST_TIMEOUT", "abc"),
                                        ("TELEGRAM_POLL_TIMEOUT", "-5"),
                                        ("KOZYR_TIMEZONE", "Mars/Olympus")])
def test_a_bad_setting_is_one_line(tmp_path: Path, name: str, value: str) -> None:
    # FINDING m2 (minor, wording): a bad setting prints pydantic's four-line dump (with an
    # errors.pydantic.dev link) after "kozyr: bad configuration:", not one line naming it.
    proc = _run(tmp_path, **{name: value})
    assert proc.returncode == 2
    assert name in _one_line(proc)
    check = _run(tmp_path, "check", **{name: value})  # kozyr check: the same, one line
    assert check.returncode == 2
    assert name in one_line(check, prefix="FAIL  settings: ")


def test_a_truncated_database_is_one_line(tmp_path: Path) -> None:
    """Held: a database cut in half gives one line and exit code 2."""
    assert _run(tmp_path, "migrate").returncode == 0  # the database, as `kozyr run` makes it
    data = (tmp_path / "k.sqlite3").read_bytes()
    (tmp_path / "k.sqlite3").write_bytes(data[: len(data) // 2])
    proc = _run(tmp_path)
    assert proc.returncode == 2
    assert "DATABASE_URL" in _one_line(proc)
