"""Conformance (STYLE.md "what we take" 6) for Berg: seeded random matches over every option.

Each action is chosen by ``random.Random`` among the legal actions of the seats that have any
(moves preferred, at most one paid declaration per deal: BERG-END-7 says a match in which the
pairs keep buying declarations need not end). Every step goes through ``berg_helpers.Tracker``:
the listed codes of all four seats are exactly the reference model's (BERG-CODES, BERG-PLAY,
BERG-FRAME-10, BERG-INS-8, BERG-DECL-1/3/7/14, BERG-DRAW), the seat to move always has an action
(BERG-TIE-12), cards are conserved (42 in play, 41-42 after a deck exchange), sheet rows, notes,
cells, totals and the berg are as BERG-SCORE and BERG-END say, and no hidden card appears in
``public_view()``, another seat's ``view`` or any event (BERG-INFO). On top: unlisted and garbage
codes refused with ``IllegalAction``; every listed code accepted (on clones, at sampled states);
JSON round trip mid-deal continuing identically; determinism; a bound on the match length.
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

from .berg_helpers import ALL_CARDS, GARBAGE_CODES, RULE_IDS, SUITS, Tracker, dicts

N_MATCHES = 350
CHUNK = 50
N_DEEP = 30  # matches checked against the model at every step (the others: P_MODEL)
MAX_ACTIONS = 40_000
P_MODEL = 0.08  # reference-model check of every seat's legal actions
P_STATE = 0.04  # full state / information checks (always at deal boundaries)
P_JSON = 0.001
P_CLONE = 0.01
P_REFUSE = 0.05
P_DECLARE = 0.04
P_MOVE = 0.8

CODE_POOL = (
    ["draw", "pass"] + [f"play:{c}" for c in ALL_CARDS]
    + [f"play:J{s}:{a}" for s in SUITS for a in ("5", "T", "JK")]
    + [f"play:Q{s}:{x}" for s in SUITS for x in SUITS]
    + ["frame:8S.8H.8D.8C", "frame:7C.7S.7D.RJ", "frame:QS.QH.QD.QC", "frame:JS.JH.JD.JC:9"]
    + [f"order:{a}" for a in ("5", "A", "JK", "S", "H")]
    + [f"declare:{w}" for w in ("dobor", "surrender", "open:0", "open:1", "open:both", "shuffle",
                                "fire", "insure")]
    + [f"suggest:{w}" for w in ("dobor", "surrender", "open", "shuffle", "fire", "insure")]
    + list(GARBAGE_CODES)
)

STATS: collections.Counter[str] = collections.Counter()
TIMES: list[float] = []


def options_for(i: int) -> dict[str, Any]:
    return {
        "berg_height": (0.5, 1, 1.5, 1, 2, 0.5, 1, 3, 1, 10 if i % 100 == 9 else 5)[i % 10],
        "berg_win_comparison": ("gt", "gte")[(i // 6) % 2],
        "tie_convention": ("with_tie", "no_tie_one_deck", "no_tie_two_deck")[i % 3],
        "insurance_type": ("none", "full", "permanent", "half", "absolute", "simple")[
            (i // 3) % 6],
        "full_insurance_price": (0.5, 1.0)[(i // 2) % 2],
        "shuffle_on_turnover": ("off", "on", "by_declaration")[(i // 5) % 3],
        "penalty_size": ("height_plus_5", "cheap_5")[(i // 7) % 2],
        "enforcement": "penalty" if i % 9 == 4 else "automatic",
        "frame_joker_colour_match": i % 4 != 1,
        "first_dealer": i % 4,
        "captain_02": (0, 2)[(i // 4) % 2],
        "captain_13": (1, 3)[(i // 8) % 2],
    }


def _snapshot(m: engine.Match) -> tuple[Any, ...]:
    return ([m.legal_actions(s) for s in range(4)], m.public_view(),
            [m.view(s) for s in range(4)], m.to_move, m.is_over)


def _refusals(m: engine.Match, legal: list[list[str]], rng: random.Random) -> None:
    before = len(m.events)
    seat = rng.randrange(4)
    for code in rng.sample([c for c in CODE_POOL if c not in legal[seat]], 4):
        with pytest.raises(IllegalAction) as info:
            m.apply(seat, code)
        assert info.value.rule_id in RULE_IDS, (code, info.value.rule_id)
        assert info.value.reason
    idle = [s for s in range(4) if not legal[s]]
    turn_codes = legal[m.to_move]  # type: ignore[index]
    if idle:
        with pytest.raises(IllegalAction):
            m.apply(rng.choice(idle), rng.choice(turn_codes))
    assert len(m.events) == before
    assert [m.legal_actions(s) for s in range(4)] == legal


def _all_listed_accepted(m: engine.Match, legal: list[list[str]]) -> None:
    before = (len(m.events), _snapshot(m))
    for seat in range(4):
        for code in legal[seat]:
            c = m.clone()
            evs = c.apply(seat, code)
            assert evs and len(c.events) == len(m.events) + len(evs)
    assert (len(m.events), _snapshot(m)) == before


def _round_trip(game: engine.Game, m: engine.Match, *, full: bool) -> engine.Match:
    data = m.to_json()
    restored = game.from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data
    assert _snapshot(restored) == _snapshot(m)
    if full:
        assert dicts(restored.events) == dicts(m.events)
        assert restored.score_sheet == m.score_sheet
    return restored


def choose(m: engine.Match, legal: list[list[str]], rng: random.Random,
           declared: set[int]) -> tuple[int, str]:
    """The random policy: moves preferred, paid declarations rare (once a deal at most)."""
    turn = m.to_move
    assert turn is not None
    deal = m.public_view()["deal"]
    extra = [(s, c) for s in range(4) for c in legal[s]
             if c.startswith(("declare:", "suggest:"))
             and (c.startswith("suggest:") or deal not in declared)]
    if extra and rng.random() < P_DECLARE:
        seat, code = rng.choice(extra)
        if code.startswith("declare:"):
            declared.add(deal)
        return seat, code
    plain = [c for c in legal[turn] if not c.startswith(("declare:", "suggest:"))]
    moves = [c for c in plain if c.startswith(("play:", "frame:", "order:"))]
    if moves and rng.random() < P_MOVE:
        return turn, rng.choice(moves)
    return turn, rng.choice(plain)


def play_conformance_match(i: int, *, deep: bool = False) -> None:
    game = engine.get_game("berg")
    opts = options_for(i)
    pick = random.Random(1_000_003 * i + 17)
    probe = random.Random(2_000_029 * i + 5)
    m = game.new_match(players=4, options=opts, seed=i)
    tracker = Tracker(m, opts)
    actions: list[tuple[int, str]] = []
    restored: tuple[int, engine.Match] | None = None
    declared: set[int] = set()
    tracker.check_state(m)
    while not m.is_over:
        assert len(actions) < MAX_ACTIONS, f"match {i} did not end"
        legal = [m.legal_actions(s) for s in range(4)]
        assert legal[m.to_move], "the seat to move has no action"  # type: ignore[index]
        if deep or probe.random() < P_MODEL:
            tracker.check_legal(m)
        if deep or probe.random() < P_STATE:
            tracker.check_state(m)
        if probe.random() < P_REFUSE:
            _refusals(m, legal, probe)
        if probe.random() < P_CLONE:
            _all_listed_accepted(m, legal)
        if restored is None and len(m._s.pile) >= 3:  # type: ignore[attr-defined]
            restored = (len(actions), _round_trip(game, m, full=True))
        elif probe.random() < P_JSON:
            _round_trip(game, m, full=False)
        seat, code = choose(m, legal, pick, declared)
        tracker.before_action(m, seat, code)
        evs = m.apply(seat, code)
        tracker.after_action(m, seat, code, evs)
        actions.append((seat, code))
        for d in dicts(evs):
            STATS["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                STATS["outcome:" + d["outcome"]] += 1
                tracker.check_state(m)
            elif d["type"] == "declare":
                STATS["declare:" + d["what"].split(":")[0]] += 1
            elif d["type"] == "frame":
                STATS["frame_with_joker"] += any(c in ("RJ", "BJ") for c in d["cards"])
    tracker.check_state(m)
    assert all(m.legal_actions(s) == [] for s in range(4))
    assert restored is not None, f"match {i}: no mid-deal state met"
    k, r = restored
    for seat, code in actions[k:]:
        r.apply(seat, code)
    assert dicts(r.events) == dicts(m.events)
    assert r.to_json() == m.to_json()
    if i % 5 == 0:
        again = game.new_match(players=4, options=opts, seed=i)
        for seat, code in actions:
            again.apply(seat, code)
        assert again.to_json() == m.to_json()
    STATS["matches"] += 1
    STATS["actions"] += len(actions)
    STATS["deals"] += m.public_view()["deal"]


@pytest.mark.parametrize("chunk", range(N_MATCHES // CHUNK))
def test_random_matches(chunk):  # STYLE.md 6; BERG-* rules via the Tracker
    t0 = time.perf_counter()
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_conformance_match(i)
    TIMES.append(time.perf_counter() - t0)


@pytest.mark.parametrize("chunk", range(2))
def test_random_matches_checked_at_every_step(chunk):  # STYLE.md 6, every step vs the model
    t0 = time.perf_counter()
    half = N_DEEP // 2
    for i in range(100_000 + chunk * half, 100_000 + (chunk + 1) * half):
        play_conformance_match(i, deep=True)
    TIMES.append(time.perf_counter() - t0)


def test_every_path_was_exercised():  # the random matches reached the rules' main paths
    if STATS["matches"] < N_MATCHES + N_DEEP:
        pytest.skip("needs every chunk of test_random_matches in this run")
    for key in ("outcome:win", "outcome:tie", "outcome:surrender", "outcome:penalty",
                "event:turnover", "event:deck_exchange", "event:frame", "frame_with_joker",
                "event:up_card_order", "event:jokers_shown", "event:hand_opened",
                "event:suggest", "declare:dobor", "declare:fire", "declare:insure",
                "declare:shuffle", "declare:open"):
        assert STATS[key] > 0, (key, dict(STATS))
    print(f"\n{STATS['matches']} matches, {STATS['deals']} deals, {STATS['actions']} actions in "
          f"{sum(TIMES):.1f} s;", dict(sorted(STATS.items())))
