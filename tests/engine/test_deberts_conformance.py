"""Conformance over the registry (STYLE.md "what we take" 6) for deberts with two players.

1,000 seeded random matches, each action chosen by ``random.Random`` among ``legal_actions``.
Every step is checked by ``deberts_helpers.Tracker`` against a reference model written from the
rules doc: the listed codes are exactly the rules' codes (Part D, DB-BID, DB-MELD-5/9,
DB-DEAL-6, DB-REDEAL-2, DB-PLAY-2..5) for the seat on turn and none for the other; cards are
conserved (hands, played cards, up-card and bottom card distinct; 6 then 9 cards a hand; the 18
played cards are exactly the 18 dealt); every trick's winner and points and every deal's card
points, melds, bela, outcome, entries, cells, pot and next dealer are as the rules say; the card
points of a deal are the value of its 18 cards + 10 (<= 162); sheet totals are the sums of the
rows; no hidden card in ``public_view()`` or in any event (DB-PLAY-8). On top of that this file
checks: unlisted codes and off-turn codes refused with ``IllegalAction``; listed codes accepted
(all of them, on clones, at sampled states); JSON round trip (``to_json`` -> ``from_json`` ->
``to_json`` equal, and the restored match continues identically); determinism (same seed and
actions -> same events); every match ends within a bound of actions.
"""

from __future__ import annotations

import collections
import json
import random
import time
from typing import Any

import pytest

import engine
from engine import IllegalAction

from .deberts_helpers import (
    ALL_CARDS,
    GARBAGE_CODES,
    RULE_IDS,
    SUITS,
    Tracker,
    dicts,
)

N_MATCHES = 1000
CHUNK = 100
MAX_ACTIONS = 5000  # a 1001-point match takes a few hundred actions
P_JSON = 0.01  # extra JSON round trips per step (one mid-deal round trip per match always)
P_CLONE = 0.015  # states where every listed code is applied on a clone
P_REFUSE = 0.15  # states where a sample of unlisted codes is tried

CODE_POOL = (
    ["pass", "take", "declare:best", "declare:none", "swap7", "redeal"]
    + [f"trump:{s}" for s in SUITS]
    + [f"play:{c}" for c in ALL_CARDS]
    + [f"play:{r}{s}:bela" for s in SUITS for r in "KQ"]
    + ["play:AS:bela", "play:7H:bela"]
    + list(GARBAGE_CODES)
)

STATS: collections.Counter[str] = collections.Counter()
TIMES: list[float] = []


def options_for(i: int) -> dict[str, Any]:
    opts: dict[str, Any] = {"target": (301, 301, 501, 501, 501, 1001)[i % 6]}
    if i % 2:
        opts["first_dealer"] = 0
    if i % 5 == 0:
        opts["redeal_four"] = "off"
    if i % 7 == 0:
        opts["tie"] = "order_only"
    return opts


def _state(m: engine.Match) -> tuple[Any, ...]:
    return (
        [m.legal_actions(s) for s in (0, 1)],
        m.public_view(),
        [m.view(s) for s in (0, 1)],
        m.to_move,
        m.is_over,
    )


def _refusals(m: engine.Match, seat: int, legal: list[str], rng: random.Random) -> None:
    before = len(m.events)
    unlisted = [c for c in CODE_POOL if c not in legal]
    for code in rng.sample(unlisted, 4):
        with pytest.raises(IllegalAction) as info:
            m.apply(seat, code)
        assert info.value.rule_id in RULE_IDS, (code, info.value.rule_id)
        assert info.value.reason
    # a listed code from the wrong seat is refused too
    with pytest.raises(IllegalAction) as info:
        m.apply(1 - seat, rng.choice(legal))
    assert info.value.rule_id in RULE_IDS
    assert len(m.events) == before
    assert m.legal_actions(seat) == legal


def _all_listed_accepted(m: engine.Match, seat: int, legal: list[str]) -> None:
    before = (len(m.events), _state(m))
    for code in legal:
        c = m.clone()
        evs = c.apply(seat, code)
        assert evs and len(c.events) == len(m.events) + len(evs)
    assert (len(m.events), _state(m)) == before  # clones are independent


def _round_trip(game: engine.Game, m: engine.Match, *, full: bool) -> engine.Match:
    data = m.to_json()
    restored = game.from_json(json.loads(json.dumps(data)))  # JSON-able, and back
    assert restored.to_json() == data
    assert _state(restored) == _state(m)
    if full:
        assert dicts(restored.events) == dicts(m.events)
        assert restored.score_sheet == m.score_sheet
    return restored


def play_conformance_match(i: int) -> None:
    game = engine.get_game("deberts")
    opts = options_for(i)
    pick = random.Random(1_000_003 * i + 17)  # chooses the actions
    probe = random.Random(2_000_029 * i + 5)  # chooses what to check where
    m = game.new_match(players=2, options=opts, seed=i)
    tracker = Tracker(m, opts)
    actions: list[tuple[int, str]] = []
    restored: tuple[int, engine.Match] | None = None
    while not m.is_over:
        assert len(actions) < MAX_ACTIONS, f"match {i} did not end"
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        tracker.check_state(m)
        tracker.check_legal(m, seat, legal)
        if probe.random() < P_REFUSE:
            _refusals(m, seat, legal, probe)
        if probe.random() < P_CLONE:
            _all_listed_accepted(m, seat, legal)
        mid_deal = tracker.phase == "play" and tracker.tricks >= 1
        if restored is None and mid_deal:
            restored = (len(actions), _round_trip(game, m, full=True))
        elif probe.random() < P_JSON:
            _round_trip(game, m, full=False)
        code = pick.choice(legal)
        tracker.before_action(m, seat, code)
        evs = m.apply(seat, code)
        tracker.after_action(m, seat, code, evs)
        actions.append((seat, code))
        for e in evs:
            d = e.to_dict()
            STATS["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                STATS["outcome:" + d["outcome"]] += 1
                STATS["pot_awarded"] += d["pot_awarded"] > 0
                tracker.check_sheet(m)
            elif d["type"] == "thrown_in":
                STATS["thrown_in:" + d["reason"]] += 1
            elif d["type"] == "play" and d["call"]:
                STATS["bela"] += 1
            elif d["type"] == "match_over":
                STATS["end_with_pending_pot"] += tracker.pot > 0
                STATS["end:" + ("both_over" if d["line"].endswith(
                    f"{opts['target']} : {opts['target'] - 1}") else "one_over")] += 1
    tracker.check_state(m)
    tracker.check_sheet(m)
    assert m.legal_actions(0) == [] and m.legal_actions(1) == []
    # the match restored mid-deal continues identically
    assert restored is not None, f"match {i}: no mid-deal state met"
    k, r = restored
    for seat, code in actions[k:]:
        r.apply(seat, code)
    assert dicts(r.events) == dicts(m.events)
    assert r.score_sheet == m.score_sheet and r.is_over
    assert r.to_json() == m.to_json()
    # determinism: same seed and actions give the same events
    if i % 5 == 0:
        again = game.new_match(players=2, options=opts, seed=i)
        for seat, code in actions:
            again.apply(seat, code)
        assert dicts(again.events) == dicts(m.events)
        assert again.to_json() == m.to_json()
    STATS["matches"] += 1
    STATS["actions"] += len(actions)


@pytest.mark.parametrize("chunk", range(N_MATCHES // CHUNK))
def test_random_matches(chunk):  # STYLE.md 6; DB-* and BEL-* rules via the Tracker
    t0 = time.perf_counter()
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_conformance_match(i)
    TIMES.append(time.perf_counter() - t0)


def test_every_outcome_was_exercised():  # the random matches reached every Part A path
    if STATS["matches"] < N_MATCHES:
        pytest.skip("needs every chunk of test_random_matches in this run")
    for key in ("outcome:made", "outcome:bait", "outcome:hanging", "pot_awarded",
                "thrown_in:four_passes", "event:exchange", "event:melds_shown", "bela",
                "end:one_over", "end:both_over"):
        assert STATS[key] > 0, (key, dict(STATS))
    assert STATS["thrown_in:four_sevens"] + STATS["thrown_in:four_eights"] > 0, dict(STATS)
    print(f"\n{N_MATCHES} matches, {STATS['actions']} actions in {sum(TIMES):.1f} s;",
          dict(sorted(STATS.items())))
