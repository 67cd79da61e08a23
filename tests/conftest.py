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


#: the longest tests (measured: ``--durations`` of whole runs and of their files, issue #17),
#: longest first, started first.
#: ``scripts/test`` runs pytest-xdist with ``--maxschedchunk 1``: each worker holds the test it
#: runs and the next one, and gets one more each time it finishes one, so in this order the
#: longest are spread over the workers (the longest test pending goes to the first worker free)
#: and the short ones fill the end. Without it xdist's first chunks (a quarter of the suite per
#: worker) would put every one of these on the same worker, one after another.
LONGEST_FIRST = (
    # measured (#17, the worker's seconds): -n 2 or -n 0 on a shared machine
    "tests/e2e/test_berg_telegram.py::test_whole_match_to_the_end",  # 52 s
    "tests/e2e/hostile8/test_restart_mid_deal.py::test_bazar_belot_between_bela_and_rebela",  # 37
    "tests/e2e/test_berg_match_end.py::",  # 31 s
    "tests/e2e/hostile8/test_restart_mid_deal.py::",  # 16 s each
    "tests/e2e/test_kill_loop.py::",  # 13 s
    "tests/ops/test_cli.py::test_check_reports_each_part",
    "tests/engine/test_ai_exact.py::test_strong_plays_a_double_dummy_card_in_the_main_play",
    "tests/e2e/test_bot_players.py::test_one_human_and_bots_finish_a_match_in_a_group",  # 2-12 s
    "tests/e2e/test_bot_players.py::test_married_bridge_in_a_private_chat_with_a_bot",  # 9 s
    "tests/engine/test_conformance.py::test_random_matches[berg-deep-",
    "tests/e2e/test_table_management.py::test_private_chat_table_with_a_bot",
    "tests/bot/test_database_errors.py::",
    "tests/e2e/hostile6/test_bots_read_events.py::",
    "tests/engine/test_conformance.py::test_random_matches[deberts_variants-",
    "tests/engine/test_conformance.py::test_random_matches[",
    "tests/e2e/test_married_bridge_telegram.py::test_whole_rubber_to_the_end",  # 6 s
)
#: tests that wait for others (the conformance coverage reads what every chunk wrote, in
#: whichever worker it ran): last, so that what they wait for has been handed out before them
LAST = ("tests/engine/test_conformance.py::test_every_path_was_exercised",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the ``LONGEST_FIRST`` tests first, in that order, and ``LAST`` last; the others keep
    their order. The second and the fourth places go to short tests: xdist hands each worker
    two tests at the start, and a worker runs its two one after the other."""

    def rank(item: pytest.Item) -> int:
        if item.nodeid.startswith(LAST):
            return len(LONGEST_FIRST) + 1
        return next((i for i, p in enumerate(LONGEST_FIRST) if item.nodeid.startswith(p)),
                    len(LONGEST_FIRST))

    items.sort(key=rank)
    short = [i for i, item in enumerate(items) if rank(item) == len(LONGEST_FIRST)][:2]
    if len(short) == 2 and short[0] > 3:
        later, sooner = items.pop(short[1]), items.pop(short[0])
        items.insert(1, sooner)
        items.insert(3, later)
