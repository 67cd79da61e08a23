"""The command line as processes: ``kozyr check`` against the fake Bot API, ``migrate``, the
data folder, ``--env-file``, and ``scripts/run`` starting without the package index."""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
from pathlib import Path

from tests.e2e.fake import FakeTelegram
from tests.ops.helpers import ROOT, kozyr


async def test_check_reports_each_part(tmp_path: Path) -> None:
    data = tmp_path / "data"
    async with FakeTelegram() as fake:
        env = {"TELEGRAM_TOKEN": fake.token, "TELEGRAM_API_SERVER": fake.base_url,
               "KOZYR_DATA_DIR": str(data)}
        code, out, _ = await kozyr("check", cwd=tmp_path, **env)
        assert code == 1, out
        lines = out.splitlines()
        assert lines[0].startswith("ok    settings:")
        assert lines[1].startswith("FAIL  database:") and "kozyr migrate" in lines[1]
        assert lines[2] == "ok    telegram: the token belongs to @kozyr_test_bot"

        code, out, _ = await kozyr("migrate", cwd=tmp_path, **env)
        assert code == 0, out
        assert (data / "kozyr.sqlite3").is_file()  # the data folder, not the current one
        code, out, _ = await kozyr("check", cwd=tmp_path, **env)
        assert code == 0, out
        assert out.splitlines()[1].startswith(f"ok    database: SQLite file {data}")

        bad = {**env, "TELEGRAM_TOKEN": "999:not-the-token"}
        code, out, _ = await kozyr("check", cwd=tmp_path, **bad)
        assert code == 1
        assert out.splitlines()[2].startswith("FAIL  telegram: Telegram refuses the token")
        assert len(fake.calls("getMe")) == 3  # the refused token reached the fake too


async def test_env_file_option_and_variable(tmp_path: Path) -> None:
    env_file = tmp_path / "kozyr.env"
    env_file.write_text(f"KOZYR_DATA_DIR={tmp_path / 'elsewhere'}\n")
    code, _, err = await kozyr("--env-file", str(env_file), "migrate", cwd=tmp_path)
    assert code == 0, err
    assert (tmp_path / "elsewhere" / "kozyr.sqlite3").is_file()
    code, out, _ = await kozyr("check", cwd=tmp_path, KOZYR_ENV_FILE=str(env_file))
    assert "ok    database: SQLite file " + str(tmp_path / "elsewhere") in out
    code, _, err = await kozyr("--env-file", str(tmp_path / "missing.env"), "check",
                               cwd=tmp_path)
    assert code == 2 and "missing.env does not exist" in err


async def test_invalid_setting_fails_check(tmp_path: Path) -> None:
    code, _, err = await kozyr("check", cwd=tmp_path, WEBHOOK_SECRET="no spaces allowed")
    assert code == 2
    assert err.startswith("FAIL  settings:") and "WEBHOOK_SECRET" in err


def _dead_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _project_copy(tmp_path: Path) -> Path:
    """scripts/ and pyproject.toml, and a .venv whose python only logs how it was called."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "scripts", project / "scripts")
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    python = project / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "$*" >> "$(dirname "$0")/../calls.log"\n')
    python.chmod(0o755)
    return project


def _run_script(project: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PIP_INDEX_URL=f"http://127.0.0.1:{_dead_port()}/simple",
               PIP_NO_INDEX="")
    return subprocess.run([str(project / "scripts" / "run"), "check"], env=env,
                          capture_output=True, text=True, timeout=60)


def test_run_script_installs_only_when_pyproject_changed(tmp_path: Path) -> None:
    project = _project_copy(tmp_path)
    log = project / ".venv" / "calls.log"
    digest = hashlib.sha256((project / "pyproject.toml").read_bytes()).hexdigest()
    (project / ".venv" / ".installed-run").write_text(digest + "\n")

    proc = _run_script(project)
    assert proc.returncode == 0, proc.stderr
    assert log.read_text().splitlines() == ["-m bot check"]  # no pip: starts offline

    log.unlink()
    with (project / "pyproject.toml").open("a") as f:
        f.write("\n# a changed dependency\n")
    proc = _run_script(project)
    assert proc.returncode == 0, proc.stderr
    assert log.read_text().splitlines() == ["-m pip install --quiet -e .", "-m bot check"]
    new_digest = hashlib.sha256((project / "pyproject.toml").read_bytes()).hexdigest()
    assert (project / ".venv" / ".installed-run").read_text().strip() == new_digest


async def test_check_explains_a_database_as_run_does(tmp_path: Path) -> None:
    """``check`` gives the start-up's one-line explanations, also for a URL whose driver kozyr
    lacks (it used to end in a traceback there)."""
    sheet = tmp_path / "scores.csv"
    sheet.write_text("name,points\n")
    for url, words in (("mysql://u:p@localhost/db", "names a database kozyr cannot use"),
                       (f"sqlite+aiosqlite:///{sheet}", "is not a SQLite database")):
        code, out, err = await kozyr("check", cwd=tmp_path, DATABASE_URL=url,
                                     TELEGRAM_TOKEN="", DISCORD_TOKEN="")
        assert code == 1 and "Traceback" not in out + err, out + err
        database = [line for line in out.splitlines() if line.startswith("FAIL  database:")]
        assert len(database) == 1 and words in database[0], out


async def test_backup_into_a_new_folder(tmp_path: Path) -> None:
    code, _, err = await kozyr("migrate", cwd=tmp_path, KOZYR_DATA_DIR=str(tmp_path / "data"))
    assert code == 0, err
    target = tmp_path / "backups" / "nightly" / "kozyr.sqlite3"
    code, out, err = await kozyr("backup", str(target), cwd=tmp_path,
                                 KOZYR_DATA_DIR=str(tmp_path / "data"))
    assert code == 0, err
    assert target.is_file() and "copied to" in out
