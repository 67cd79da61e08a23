"""``python -m bot`` with a database it cannot open: one line saying what is wrong and what to
do, exit code 2, no traceback, nothing written.

The token is a dummy: the database is opened before the bot talks to Telegram, and no Bot API
server listens at TELEGRAM_API_SERVER, so a case that got past the database would fail
differently (and visibly).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from storage import Store
from tests.storage.conftest import PG_ENV

ROOT = Path(__file__).resolve().parents[2]
NOT_A_DATABASE = b"name,points\nAlice,301\n" * 100


def _run(tmp_path: Path, url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), TELEGRAM_TOKEN="123456:dummy-token-for-tests",
               TELEGRAM_API_SERVER="http://127.0.0.1:9", DATABASE_URL=url,
               # `kozyr run` logs the database's location at INFO first; that log line is not
               # the error message this test reads.
               LOG_LEVEL="WARNING")
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def _assert_one_line(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert len(lines) == 1, proc.stderr
    line = lines[0]
    assert line.startswith("kozyr: ") and "DATABASE_URL" in line, line
    for word in words:
        assert word in line, line
    return line


@pytest.fixture
def pg_base() -> str:
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    return base


def test_file_that_is_not_a_database_is_left_unchanged(tmp_path: Path) -> None:
    sheet = tmp_path / "scores.csv"
    sheet.write_bytes(NOT_A_DATABASE)
    proc = _run(tmp_path, f"sqlite:///{sheet}")
    _assert_one_line(proc, str(sheet), "not a SQLite database")
    assert sheet.read_bytes() == NOT_A_DATABASE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scores.csv"]  # no -wal, no -shm


def test_uncreatable_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_bytes(b"a file where the folder should be")
    proc = _run(tmp_path, f"sqlite:///{blocker / 'sub' / 'kozyr.sqlite3'}")
    _assert_one_line(proc, "cannot create the database folder", str(blocker))
    assert blocker.read_bytes() == b"a file where the folder should be"


@pytest.fixture
def small_fs(tmp_path: Path) -> Iterator[Path]:
    """A folder on a file system of its own, a tmpfs, that a test may remount read-only
    (needs root and mount(8))."""
    folder = tmp_path / "volume"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a file system here (not root?)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def _remount_read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def test_read_only_file_system_new_database(tmp_path: Path, small_fs: Path) -> None:
    _remount_read_only(small_fs)
    proc = _run(tmp_path, f"sqlite:///{small_fs / 'data' / 'kozyr.sqlite3'}")
    _assert_one_line(proc, "read-only")


async def test_read_only_file_system_existing_database(tmp_path: Path, small_fs: Path) -> None:
    """A volume holding the bot's database, mounted read-only: refused, the file untouched."""
    path = small_fs / "kozyr.sqlite3"
    store = Store(f"sqlite:///{path}")
    await store.start()
    await store.close()
    before = {p.name: p.read_bytes() for p in small_fs.iterdir()}
    _remount_read_only(small_fs)
    proc = _run(tmp_path, f"sqlite:///{path}")
    _assert_one_line(proc, "read-only", str(path))
    assert {p.name: p.read_bytes() for p in small_fs.iterdir()} == before


def test_read_only_database(tmp_path: Path) -> None:
    """A database SQLite may only read (opened read-only): the migration cannot write it."""
    path = tmp_path / "kozyr.sqlite3"
    path.write_bytes(b"")
    proc = _run(tmp_path, f"sqlite:///file:{path}?mode=ro&uri=true")
    _assert_one_line(proc, "cannot open")
    assert path.read_bytes() == b""


@pytest.mark.parametrize("url, words", [
    ("no url at all", ("is not a database URL",)),
    ("mysql+nosuchdriver://u@h/db", ("kozyr cannot use",)),
    ("oracle://u@h/db", ("kozyr cannot use",)),
])
def test_bad_url(tmp_path: Path, url: str, words: tuple[str, ...]) -> None:
    _assert_one_line(_run(tmp_path, url), *words)
    assert list(tmp_path.iterdir()) == []


def _pg(base: str, **parts: object) -> str:
    return make_url(base).set(**parts).render_as_string(hide_password=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("change, words", [
    (lambda b: _pg(b, username="no_such_role_kozyr"), ("refuses the login", "user")),
    (lambda b: _pg(b, username="no_such_role_kozyr", password="secret-pw"),
     ("refuses the login",)),
    (lambda b: _pg(b, database="no_such_db_kozyr"), ("no such database",)),
    (lambda b: _pg(b, port=1), ("cannot reach", "127.0.0.1")),
    (lambda b: _pg(b, host="no-such-host.invalid"), ("cannot find the database host",)),
], ids=["role", "password", "database", "port", "host"])
def test_postgresql(tmp_path: Path, pg_base: str, change: Callable[[str], str],
                    words: tuple[str, ...]) -> None:
    line = _assert_one_line(_run(tmp_path, change(pg_base)), *words)
    assert "secret-pw" not in line
