"""Conformance over the registry (STYLE.md "what we take" 6) for bazar_belot, four players.

Seeded random matches; each action is chosen by ``random.Random`` among the ``legal_actions`` of
all four seats (off-turn calls included), by a policy that reaches every kind of contract, or,
in one match in four, uniformly. Every step is checked by ``bazar_belot_helpers.Tracker``
against a reference model written from the rules doc: the codes listed for *each* seat are
exactly the rules' codes (BB-CODES, BB-BID, BB-MELD-4/7/10/11, BB-PLAY); cards are conserved (8
a hand, 32 distinct, each card played once); trick winners and points; every deal's card points
(162, or 258 in all-trumps; less in kapo on one hand), melds, bela, outcome, written points,
cells and contract notation; sheet totals are the sums of the rows; the end of the match; no
hidden card in ``public_view()``, another seat's ``view`` or any event (BB-PLAY-12). On top of
that: unlisted codes refused with ``IllegalAction`` (from the seat on turn and from others);
listed codes accepted (all of them, on clones, at sampled states); JSON round trip mid-deal,
continuing identically; determinism; every match ends within a bound of actions.
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

from .bazar_belot_helpers import ALL_CARDS, GARBAGE_CODES, RULE_IDS, Tracker, dicts

N_MATCHES = 600
CHUNK = 50
MAX_ACTIONS = 6000
P_JSON = 0.003
P_CLONE = 0.01
P_REFUSE = 0.08
P_STATE = 0.1  # check_state (views) at this share of steps; check_legal runs at every step

CODE_POOL = (
    ["pass", "contra", "recontra", "show", "declare:best", "declare:none", "declare:four8",
     "declare:four7", "bid:8:S", "bid:9:H", "bid:20:AT", "bid:19:AT", "bid:kapo:NT",
     "bid:kapo:S", "bid:kapo1:H", "bid:112:C", "bid:113:C"]
    + [f"play:{c}" for c in ALL_CARDS]
    + [f"play:{r}{s}:{w}" for s in "SHDC" for r in "KQ" for w in ("bela", "rebela")]
    + list(GARBAGE_CODES)
)

STATS: collections.Counter[str] = collections.Counter()
TIMES: list[float] = []


def options_for(i: int) -> dict[str, Any]:
    opts: dict[str, Any] = {"target": (301, 301, 151, 501, 60, 301)[i % 6]}
    if i % 2:
        opts["auto_show"] = False
    if i % 3:
        opts["first_dealer"] = i % 4
    return opts


def _bid_level(code: str) -> int:
    level = code.split(":")[1]
    return int(level) if level.isdigit() else 999


def choose(m: engine.Match, rng: random.Random, uniform: bool) -> tuple[int, str]:
    """A seat and one of its listed codes (off-turn calls sometimes win the race)."""
    seat = m.to_move
    assert seat is not None
    off = [(s, c) for s in range(4) if s != seat for c in m.legal_actions(s)]
    if off and rng.random() < (0.2 if uniform else 0.04):
        s, c = rng.choice(off)
        if "kapo1" not in c or rng.random() < 0.25:
            return s, c
    legal = m.legal_actions(seat)
    if uniform:
        return seat, rng.choice(legal)
    bids = [c for c in legal if c.startswith("bid:") and "kapo" not in c]
    if bids or "pass" in legal:
        x = rng.random()
        if "contra" in legal and x < 0.08:
            return seat, "contra"
        if bids and x < 0.40:
            low = min(_bid_level(c) for c in bids)
            near = [c for c in bids if _bid_level(c) <= low + 2 and not c.endswith("AT")]
            near_at = [c for c in bids if c.endswith("AT") and _bid_level(c) <= 24]
            pool = near_at if near_at and rng.random() < 0.1 else near or bids
            return seat, rng.choice(pool)
        kapos = [c for c in legal if c.startswith("bid:kapo")]
        if kapos and x < 0.42:
            return seat, rng.choice(kapos)
        return seat, "pass"
    decl = [c for c in legal if c.startswith("declare:")]
    if decl:
        for code, p in (("declare:four7", 0.5), ("declare:four8", 0.7), ("declare:best", 0.85)):
            if code in decl and rng.random() < p:
                return seat, code
        return seat, "declare:none"
    if "show" in legal and rng.random() < 0.75:
        return seat, "show"
    if "recontra" in legal and rng.random() < 0.3:
        return seat, "recontra"
    words = [c for c in legal if c.endswith("bela")]
    if words and rng.random() < 0.8:
        return seat, rng.choice(words)
    return seat, rng.choice([c for c in legal if c.startswith("play:")] or legal)


def _state(m: engine.Match) -> tuple[Any, ...]:
    return ([m.legal_actions(s) for s in range(4)], m.public_view(),
            [m.view(s) for s in range(4)], m.to_move, m.is_over)


def _fingerprint(m: engine.Match) -> tuple[Any, ...]:
    return (len(m.events), m.score_sheet, _state(m))


def _refusals(m: engine.Match, rng: random.Random) -> None:
    before = _fingerprint(m)
    for seat in rng.sample(range(4), 2):
        legal = m.legal_actions(seat)
        unlisted = [c for c in CODE_POOL if c not in legal]
        for code in rng.sample(unlisted, 3):
            with pytest.raises(IllegalAction) as info:
                m.apply(seat, code)
            assert info.value.rule_id in RULE_IDS, (code, info.value.rule_id)
            assert info.value.reason
    assert _fingerprint(m) == before


def _all_listed_accepted(m: engine.Match, rng: random.Random) -> None:
    """Every listed code of every seat is accepted (at most 40 a seat: bids run to ~600)."""
    before = _fingerprint(m)
    for seat in range(4):
        legal = m.legal_actions(seat)
        for code in (legal if len(legal) <= 40 else rng.sample(legal, 40)):
            c = m.clone()
            evs = c.apply(seat, code)
            assert evs and len(c.events) == len(m.events) + len(evs)
    assert _fingerprint(m) == before


def _round_trip(game: engine.Game, m: engine.Match) -> engine.Match:
    data = m.to_json()
    restored = game.from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data
    assert _state(restored) == _state(m)
    assert dicts(restored.events) == dicts(m.events)
    assert restored.score_sheet == m.score_sheet
    return restored


def _count(events: list[dict[str, Any]], m: engine.Match) -> None:
    for d in events:
        STATS["event:" + d["type"]] += 1
        if d["type"] == "deal_scored":
            STATS["outcome:" + d["outcome"]] += 1
            note = m.score_sheet["rows"][-1]["note"]
            kind = "kapo1" if note.startswith("K1") else "kapo" if note.startswith("K") else (
                "AT" if "AT" in note else "NT" if "NT" in note else "suit")
            STATS["contract:" + kind] += 1
            STATS["contra:" + str(note.count("+"))] += 1
            if any(s["tricks"] == 8 for s in d["sides"]):
                STATS["capot"] += 1
            if any(s["melds"] for s in d["sides"]):
                STATS["melds_scored"] += 1
            if any(s["bela"] for s in d["sides"]):
                STATS["bela_scored"] += 1
        elif d["type"] == "thrown_in":
            STATS["thrown_in:" + d["reason"]] += 1
        elif d["type"] == "declare" and d["what"] == "four_eights":
            STATS["four_eights"] += 1
        elif d["type"] == "bid":
            STATS["call:" + d["call"].split(":")[0] + (":" + d["call"].split(":")[1]
                                                        if "kapo" in d["call"] else "")] += 1


def play_conformance_match(i: int) -> None:
    game = engine.get_game("bazar_belot")
    opts = options_for(i)
    uniform = i % 4 == 3
    pick = random.Random(1_000_003 * i + 17)
    probe = random.Random(2_000_029 * i + 5)
    m = game.new_match(players=4, options=opts, seed=i)
    tracker = Tracker(m, opts)
    actions: list[tuple[int, str]] = []
    restored: tuple[int, engine.Match] | None = None
    while not m.is_over:
        assert len(actions) < MAX_ACTIONS, f"match {i} did not end"
        tracker.check_legal(m)
        if probe.random() < P_STATE:
            tracker.check_state(m)
        if probe.random() < P_REFUSE:
            _refusals(m, probe)
        if probe.random() < P_CLONE:
            _all_listed_accepted(m, probe)
        if restored is None and tracker.phase == "play" and tracker.tricks >= 1:
            restored = (len(actions), _round_trip(game, m))
        elif probe.random() < P_JSON:
            _round_trip(game, m)
        seat, code = choose(m, pick, uniform)
        evs = m.apply(seat, code)
        tracker.after_action(m, seat, code, evs)
        actions.append((seat, code))
        _count(dicts(evs), m)
        if any(e.type == "deal_scored" for e in evs):
            tracker.check_sheet(m)
    tracker.check_state(m)
    tracker.check_sheet(m)
    assert all(m.legal_actions(s) == [] for s in range(4)) and m.to_move is None
    if restored is not None:
        k, r = restored
        for seat, code in actions[k:]:
            r.apply(seat, code)
        assert dicts(r.events) == dicts(m.events) and r.to_json() == m.to_json()
    else:
        STATS["no_mid_deal_state"] += 1
    if i % 5 == 0:
        again = game.new_match(players=4, options=opts, seed=i)
        for seat, code in actions:
            again.apply(seat, code)
        assert dicts(again.events) == dicts(m.events) and again.to_json() == m.to_json()
    STATS["matches"] += 1
    STATS["actions"] += len(actions)
    STATS["deals"] += tracker.deals


@pytest.mark.parametrize("chunk", range(N_MATCHES // CHUNK))
def test_random_matches(chunk):  # STYLE.md 6; BB-* and BEL-* rules via the Tracker
    t0 = time.perf_counter()
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_conformance_match(i)
    TIMES.append(time.perf_counter() - t0)


def test_every_path_was_exercised():  # the random matches reached every kind of deal
    if STATS["matches"] < N_MATCHES:
        pytest.skip("needs every chunk of test_random_matches in this run")
    for key in ("outcome:made", "outcome:failed", "contract:suit", "contract:NT",
                "contract:AT", "contract:kapo", "contract:kapo1", "contra:1", "contra:2",
                "thrown_in:four_passes", "thrown_in:four_sevens", "four_eights",
                "event:melds_shown", "melds_scored", "bela_scored", "capot"):
        assert STATS[key] > 0, (key, dict(STATS))
    assert STATS["no_mid_deal_state"] < N_MATCHES // 10
    print(f"\n{N_MATCHES} matches, {STATS['deals']} deals, {STATS['actions']} actions in "
          f"{sum(TIMES):.1f} s;", dict(sorted(STATS.items())))
