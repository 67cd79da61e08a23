"""One conformance test over the registry (STYLE.md "what we take" 6): every game of
``engine.list_games()``, at every player count it allows, plays seeded random matches checked at
every step (``conformance.Driver``: the game's reference model, refusals, clones, JSON round
trips, restore mid-deal, determinism, a bound on the length); ``conformance_games`` says what
each game adds and how many matches it plays.

The coverage test of a suite reads the counts its chunks left, so each suite's tests form one
xdist group (``--dist loadgroup``): they run in one worker, in order.
"""

from __future__ import annotations

import collections
import time

import pytest

from .conformance_games import CHUNKS, SUITES, Chunk, registry, suite_matches

STATS: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
TIMES: dict[str, list[float]] = collections.defaultdict(list)


def test_every_registered_game_has_its_matches():  # STYLE.md 6: the registry, every player count
    games = registry()
    assert {d.game for d in SUITES.values()} == set(games)
    for gid, info in games.items():
        counts = {c.players for c in CHUNKS if c.driver.game == gid}
        assert counts == set(range(info.min_players, info.max_players + 1)), (gid, counts)


@pytest.mark.parametrize("chunk", [
    pytest.param(c, id=c.id, marks=pytest.mark.xdist_group(c.driver.suite)) for c in CHUNKS])
def test_random_matches(chunk: Chunk):  # STYLE.md 6; every rule id via the game's Tracker
    stats = STATS[chunk.driver.suite]
    t0 = time.perf_counter()
    for i in chunk.matches:
        chunk.driver(i, stats, players=chunk.players, deep=chunk.deep, **chunk.params).play()
    TIMES[chunk.driver.suite].append(time.perf_counter() - t0)


@pytest.mark.parametrize("suite", [
    pytest.param(s, marks=pytest.mark.xdist_group(s)) for s in SUITES])
def test_every_path_was_exercised(suite: str):  # the random matches reached every rule's path
    stats, driver = STATS[suite], SUITES[suite]
    if stats["matches"] < suite_matches(suite):
        pytest.skip("needs every chunk of test_random_matches of this suite in this run")
    for key in driver.required:
        assert stats[key] > 0, (key, dict(stats))
    driver.check_coverage(stats)
    print(f"\n{suite}: {stats['matches']} matches, {stats['deals']} deals, {stats['actions']} "
          f"actions in {sum(TIMES[suite]):.1f} s;", dict(sorted(stats.items())))
