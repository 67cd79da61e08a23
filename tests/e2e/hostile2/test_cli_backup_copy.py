"""``kozyr backup`` and ``kozyr copy-db`` with the paths an organiser may type."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.kit.cli import one_line as _one_line

ROOT = Path(__file__).resolve().parents[3]


def _kozyr(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(PYTHONPATH=str(ROOT), TELEGRAM_TOKEN="123456:dummy-token-for-tests",
               TELEGRAM_API_SERVER="http://127.0.0.1:9", LOG_LEVEL="WARNING",
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'k.sqlite3'}")
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def test_backup_into_an_existing_folder(tmp_path: Path) -> None:
    # FINDING (major, a traceback): "kozyr backup /var/backups/kozyr/" (a folder that exists,
    # as a nightly cron line would name it) ended in IsADirectoryError from os.replace and left
    # "<folder>.part" behind. Now the copy goes into the folder under the database's name.
    assert _kozyr(tmp_path, "migrate").returncode == 0
    (tmp_path / "backups").mkdir()
    proc = _kozyr(tmp_path, "backup", "backups")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    copy = tmp_path / "backups" / "k.sqlite3"
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT count(*) FROM alembic_version").fetchone()[0] == 1
    assert not (tmp_path / "backups.part").exists()


def test_backup_to_a_path_that_cannot_be_created(tmp_path: Path) -> None:
    # FINDING (major, a traceback): a target under a path that cannot exist (a typo, /proc)
    # raises FileNotFoundError from mkdir: a traceback instead of one line.
    assert _kozyr(tmp_path, "migrate").returncode == 0
    (tmp_path / "file").write_text("x")
    proc = _kozyr(tmp_path, "backup", "file/sub/k.sqlite3")
    assert proc.returncode != 0
    assert _one_line(proc).startswith("kozyr: ")


def test_backup_onto_the_live_database_itself(tmp_path: Path) -> None:
    # FINDING (major; critical when the bot runs): "kozyr backup" given the database's own
    # path says "copied" and replaces the file the running bot has open: a connection that
    # keeps writing (the bot) writes into the unlinked old file, and those rows are gone at
    # the next start.
    assert _kozyr(tmp_path, "migrate").returncode == 0
    db = tmp_path / "k.sqlite3"
    live = sqlite3.connect(db)  # the running bot's connection (WAL, as kozyr opens it)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("CREATE TABLE IF NOT EXISTS probe (x INTEGER)")
    live.commit()
    proc = _kozyr(tmp_path, "backup", str(db))
    live.execute("INSERT INTO probe VALUES (1)")  # a move stored after the "backup"
    live.commit()
    live.close()
    again = sqlite3.connect(db)
    try:
        rows = again.execute("SELECT count(*) FROM probe").fetchone()[0]
    finally:
        again.close()
    assert proc.returncode != 0 or rows == 1, (proc.stdout, proc.stderr, rows)


def test_copy_db_to_the_same_file_spelled_relatively(tmp_path: Path) -> None:
    # FINDING (major, a traceback): the same file as a relative URL passes the "same
    # database" check, waits on its own lock and ends in "database is locked" traceback.
    assert _kozyr(tmp_path, "migrate").returncode == 0
    proc = _kozyr(tmp_path, "copy-db", "--to", "sqlite+aiosqlite:///k.sqlite3")
    assert proc.returncode != 0
    assert _one_line(proc).startswith("kozyr: ")
