"""Suite-wide fixtures: a test fails when anything logs an ERROR (docs/design.md "Tests")."""

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


#: the longest tests (measured: ``--durations``), started first: pytest-xdist then hands them
#: out while both workers are busy, instead of one worker finishing the run alone on them
LONGEST_FIRST = (
    "tests/e2e/test_kill_loop.py::",
    "tests/e2e/test_berg_telegram.py::test_whole_match_to_the_end",
    "tests/ops/test_cli.py::test_check_reports_each_part",
    "tests/engine/test_conformance.py::test_random_matches[berg-",
    "tests/e2e/test_table_management.py::test_private_chat_table_with_a_bot",
    "tests/e2e/test_deberts_telegram.py::test_whole_match_to_the_end",
    "tests/discord/test_deberts_discord.py::test_whole_match_to_the_end",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the ``LONGEST_FIRST`` tests first, in that order; the others keep theirs."""

    def rank(item: pytest.Item) -> int:
        return next((i for i, p in enumerate(LONGEST_FIRST) if item.nodeid.startswith(p)),
                    len(LONGEST_FIRST))

    items.sort(key=rank)
