"""``python -m bot`` without a token: a clear message, exit code 2, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_token_says_what_to_set(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "TELEGRAM_TOKEN" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_bad_setting_is_reported_without_traceback(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DEFAULT_LANG="fr", TELEGRAM_TOKEN="1:x")
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "DEFAULT_LANG" in proc.stderr  # the variable the user sets
    assert "Traceback" not in proc.stderr
