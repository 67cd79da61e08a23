"""The command-line tools' errors, as the tests read them."""

from __future__ import annotations

import subprocess


def one_line(proc: subprocess.CompletedProcess[str], *, prefix: str | None = None) -> str:
    """The one line a failing command wrote to stderr (no traceback), starting with ``prefix``
    when given; AssertionError otherwise."""
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [x for x in proc.stderr.strip().splitlines() if x.strip()]
    assert len(lines) == 1, proc.stderr
    if prefix is not None:
        assert lines[0].startswith(prefix), lines[0]
    return lines[0]
