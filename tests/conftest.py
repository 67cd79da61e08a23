"""Suite-wide fixtures: a test fails when anything logs an ERROR (STYLE.md point 13)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from tests.kit.databases import drop_templates


@pytest.fixture(autouse=True)
def fail_on_error_log(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail the test if any logger emitted an ERROR or worse while it ran."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    if errors:
        pytest.fail("ERROR logged: " + "; ".join(r.getMessage() for r in errors))


@pytest.fixture(scope="session", autouse=True)
def database_templates() -> Iterator[None]:
    """Remove the migrated template databases this process made (tests/kit/databases.py)."""
    yield
    drop_templates()
