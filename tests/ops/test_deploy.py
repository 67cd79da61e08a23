"""deploy/kozyr.service: its keys, and ``systemd-analyze verify`` where systemd is installed
(with /opt/kozyr pointed at this checkout, so that the commands it runs exist)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

from tests.ops.helpers import ROOT

UNIT = ROOT / "deploy" / "kozyr.service"


def _unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # keys are case-sensitive
    parser.read(UNIT)
    return parser


def test_unit_has_the_required_keys() -> None:
    unit = _unit()
    service = unit["Service"]
    assert service["User"] == "kozyr"
    assert service["WorkingDirectory"] == "/opt/kozyr"
    assert service["EnvironmentFile"] == "/etc/kozyr/kozyr.env"
    assert service["ExecStart"] == "/opt/kozyr/.venv/bin/kozyr run"
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"] == "2"  # a configuration error: no restart loop
    assert service["NoNewPrivileges"] == "yes"
    assert service["ProtectSystem"] == "strict"
    assert "/var/lib/kozyr" in service["ReadWritePaths"].split()
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    # Repeated keys (Environment=) keep only the last one in configparser: read the text.
    assert "\nEnvironment=KOZYR_DATA_DIR=/var/lib/kozyr\n" in UNIT.read_text()


def test_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        # Not installed here: the keys are checked by the test above (configparser) instead.
        test_unit_has_the_required_keys()
        return
    unit = tmp_path / "kozyr.service"
    unit.write_text(UNIT.read_text().replace("/opt/kozyr", str(ROOT)))
    if not (ROOT / ".venv" / "bin" / "kozyr").exists():  # a checkout run without .venv
        venv_bin = tmp_path / ".venv" / "bin"
        venv_bin.mkdir(parents=True)
        (venv_bin / "kozyr").symlink_to(shutil.which("true") or "/bin/true")
        unit.write_text(UNIT.read_text().replace("/opt/kozyr", str(tmp_path)))
    proc = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True,
                          timeout=60)
    # verify exits 0 on unknown keys and bad values, but prints them: both must be clean.
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "", proc.stderr
