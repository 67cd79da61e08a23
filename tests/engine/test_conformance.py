"""One conformance test over the registry (docs/design.md "Conformance test"): every game of
``engine.list_games()``, at every player count it allows, plays seeded random matches checked at
every step (``conformance.Driver``: the game's reference model, refusals, clones, JSON round
trips, restore mid-deal, determinism, a bound on the length); ``conformance_games`` says what
each game adds and how many matches it plays.

The coverage test of a suite adds up the counts its chunks left. Chunks may run in other
pytest-xdist workers, so each chunk also writes its counts to a file of the session's shared
temporary folder, and the coverage test waits for the files of every chunk of its suite (all
chunks precede it in every worker's queue, so the wait cannot deadlock).
"""

from __future__ import annotations

import collections
import json
import os
import time
from pathlib import Path

import pytest

from .conformance_games import CHUNKS, SUITES, Chunk, registry, suite_matches

STATS: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
TIMES: dict[str, list[float]] = collections.defaultdict(list)
WAIT = 3600.0  # seconds the coverage test waits for chunks still running in other workers


def _shared(factory: pytest.TempPathFactory) -> Path | None:
    """The folder the workers of this xdist session share (None without xdist)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return None
    folder = factory.getbasetemp().parent / "conformance"
    folder.mkdir(exist_ok=True)
    return folder


def test_every_registered_game_has_its_matches():  # the registry, every player count
    games = registry()
    assert {d.game for d in SUITES.values()} == set(games)
    for gid, info in games.items():
        counts = {c.players for c in CHUNKS if c.driver.game == gid}
        assert counts == set(range(info.min_players, info.max_players + 1)), (gid, counts)


@pytest.mark.parametrize("chunk", [pytest.param(c, id=c.id) for c in CHUNKS])
def test_random_matches(chunk: Chunk, tmp_path_factory: pytest.TempPathFactory
                        ) -> None:  # every rule id via the game's Tracker
    stats: collections.Counter[str] = collections.Counter()
    t0 = time.perf_counter()
    folder = _shared(tmp_path_factory)
    try:
        for i in chunk.matches:
            chunk.driver(i, stats, players=chunk.players, deep=chunk.deep, **chunk.params).play()
    except BaseException:
        if folder is not None:  # the coverage test is told at once instead of waiting for it
            _publish(folder, chunk.id, {"failed": True})
        raise
    seconds = time.perf_counter() - t0
    STATS[chunk.driver.suite].update(stats)
    TIMES[chunk.driver.suite].append(seconds)
    if folder is not None:
        _publish(folder, chunk.id, {"stats": stats, "seconds": seconds})


def _publish(folder: Path, chunk_id: str, data: dict[str, object]) -> None:
    """Write a chunk's outcome for the coverage test of another worker: whole, then renamed,
    so a reader never sees half a file."""
    part = folder / f"{chunk_id}.part"
    part.write_text(json.dumps(data))
    part.rename(folder / f"{chunk_id}.json")


def _gather(suite: str, folder: Path) -> tuple[collections.Counter[str], float]:
    """The counts and seconds of every chunk of ``suite``, once each has written them."""
    ids = [c.id for c in CHUNKS if c.driver.suite == suite]
    deadline = time.monotonic() + WAIT
    while not all((folder / f"{i}.json").exists() for i in ids):
        assert time.monotonic() < deadline, f"chunks of {suite} did not finish"
        time.sleep(0.5)
    stats: collections.Counter[str] = collections.Counter()
    seconds = 0.0
    for i in ids:
        data = json.loads((folder / f"{i}.json").read_text())
        assert not data.get("failed"), f"chunk {i} failed: see its own test"
        stats.update(data["stats"])
        seconds += data["seconds"]
    return stats, seconds


@pytest.mark.parametrize("suite", list(SUITES))
def test_every_path_was_exercised(suite: str, request: pytest.FixtureRequest,
                                  tmp_path_factory: pytest.TempPathFactory
                                  ) -> None:  # the random matches reached every rule's path
    chunk_tests = {f"test_random_matches[{c.id}]" for c in CHUNKS if c.driver.suite == suite}
    if not chunk_tests <= {item.name for item in request.session.items}:
        pytest.skip("needs every chunk of test_random_matches of this suite in this run")
    folder = _shared(tmp_path_factory)
    stats, seconds = ((STATS[suite], sum(TIMES[suite])) if folder is None
                      else _gather(suite, folder))
    assert stats["matches"] == suite_matches(suite), dict(stats)
    driver = SUITES[suite]
    for key in driver.required:
        assert stats[key] > 0, (key, dict(stats))
    driver.check_coverage(stats)
    print(f"\n{suite}: {stats['matches']} matches, {stats['deals']} deals, {stats['actions']} "
          f"actions in {seconds:.1f} s;", dict(sorted(stats.items())))
