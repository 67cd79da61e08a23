"""Conformance (STYLE.md "what we take" 6) for married bridge: many seeded random matches.

Each match has a random first-game ``deck`` (so the reference model knows the talon order) and
options that vary with its number (single game or rubber, manual draws with irregular draws,
escape after contra on or off, either first dealer). Actions are chosen at random among the
legal codes of both seats (the seat to move, and with ``manual_draws`` the out-of-turn draws);
in the auction a call other than a bid, or one of the five lowest bids, is preferred so that
contracts are often made and doubled. Every step goes through ``married_bridge_helpers.Tracker``
(every legal code of both seats predicted from the rules, every event predicted, views, hand
order, card conservation: hands + talon + cards out of play = the 52 cards; no hidden card in
``public_view()``, in the other seat's view or in any event; each game's points and the sheet,
totals the sums of the rows). On top of that: unlisted codes refused with ``IllegalAction``
naming a rule of the doc; every listed code accepted on clones at sampled states; a JSON round
trip mid-game whose restored match continues identically; determinism; a bound on the length.
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

from .married_bridge_helpers import (
    ALL_CARDS,
    BID_CODES,
    GARBAGE_CODES,
    RULE_IDS,
    Tracker,
    dicts,
)

N_MATCHES = 1000
CHUNK = 100
MAX_ACTIONS = 400  # a rubber of two games with manual draws and a 37-call auction: < 300
P_JSON = 0.01
P_CLONE = 0.02
P_REFUSE = 0.1

CODE_POOL = (
    ["pass", "contra", "recontra", "draw"] + list(BID_CODES)
    + [f"play:{c}" for c in ALL_CARDS] + [f"draw:{c}" for c in ALL_CARDS]
    + list(GARBAGE_CODES)
)

STATS: collections.Counter[str] = collections.Counter()
TIMES: list[float] = []


def options_for(i: int) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if i % 2:
        opts["match_format"] = "rubber_of_two"
    if i % 3 == 0:
        opts["manual_draws"] = True
    if i % 5 == 0:
        opts["escape_after_contra"] = False
    if i % 4 >= 2:
        opts["first_dealer"] = 0
    return opts


def choose(rng: random.Random, m: engine.Match) -> tuple[int, str]:
    """A random legal (seat, code): any listed code of either seat, calls biased low."""
    choices = [(s, c) for s in (0, 1) for c in m.legal_actions(s)]
    calls = [sc for sc in choices if not sc[1].startswith(("bid:", "play:", "draw"))]
    bids = [sc for sc in choices if sc[1].startswith("bid:")]
    if bids:
        if calls and rng.random() < 0.5:
            return rng.choice(calls)
        bids.sort(key=lambda sc: BID_CODES.index(sc[1]))
        return rng.choice(bids[:5])
    return rng.choice(choices)


def _state(m: engine.Match) -> tuple[Any, ...]:
    return ([m.legal_actions(s) for s in (0, 1)], m.public_view(), [m.view(s) for s in (0, 1)],
            m.to_move, m.is_over)


def _refusals(m: engine.Match, rng: random.Random) -> None:
    before = (len(m.events), _state(m))
    for seat in (0, 1):
        legal = m.legal_actions(seat)
        unlisted = [c for c in CODE_POOL if c not in legal]
        for code in rng.sample(unlisted, 3):
            with pytest.raises(IllegalAction) as info:
                m.apply(seat, code)
            assert info.value.rule_id in RULE_IDS, (code, info.value.rule_id)
            assert info.value.reason
    assert (len(m.events), _state(m)) == before


def _all_listed_accepted(m: engine.Match) -> None:
    before = (len(m.events), _state(m))
    for seat in (0, 1):
        for code in m.legal_actions(seat):
            c = m.clone()
            evs = c.apply(seat, code)
            assert evs and len(c.events) == len(m.events) + len(evs)
    assert (len(m.events), _state(m)) == before  # clones are independent


def _round_trip(game: engine.Game, m: engine.Match) -> engine.Match:
    data = m.to_json()
    restored = game.from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data
    assert _state(restored) == _state(m)
    assert dicts(restored.events) == dicts(m.events)
    assert restored.score_sheet == m.score_sheet
    return restored


def play_conformance_match(i: int) -> None:
    game = engine.get_game("married_bridge")
    opts = options_for(i)
    pick = random.Random(1_000_003 * i + 17)
    probe = random.Random(2_000_029 * i + 5)
    deck = list(ALL_CARDS)
    random.Random(i).shuffle(deck)
    m = game.new_match(players=2, options=opts, seed=i, deck=deck)
    tracker = Tracker(m, opts, deck)
    actions: list[tuple[int, str]] = []
    restored: tuple[int, engine.Match] | None = None
    while not m.is_over:
        assert len(actions) < MAX_ACTIONS, f"match {i} did not end"
        tracker.check(m)
        if probe.random() < P_REFUSE:
            _refusals(m, probe)
        if probe.random() < P_CLONE:
            _all_listed_accepted(m)
        phase = m.public_view()["phase"]
        if restored is None and phase in ("main_play", "preliminary") and len(actions) > 30:
            restored = (len(actions), _round_trip(game, m))
        elif probe.random() < P_JSON:
            _round_trip(game, m)
        seat, code = choose(pick, m)
        if seat != m.to_move:
            STATS["out_of_turn_action"] += 1
        evs = m.apply(seat, code)
        tracker.after(m, seat, code, evs)
        actions.append((seat, code))
        for d in dicts(evs):
            STATS["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                STATS["outcome:" + d["outcome"]] += 1
                tracker.check_sheet(m)
            elif d["type"] == "contract_reached":
                STATS[f"multiplier:{d['multiplier']}"] += 1
                STATS["strain:" + d["strain"]] += 1
            elif d["type"] == "talon_draw":
                STATS["draw:" + d["kind"]] += 1
            elif d["type"] == "match_over":
                STATS["winner:" + str(d["winner"])] += 1
        if code.startswith("bid:") and len(tracker.calls) >= 2 and tracker.calls[-2][1] == "contra":
            STATS["escape"] += 1
    tracker.check(m)
    tracker.check_sheet(m)
    assert m.legal_actions(0) == [] and m.legal_actions(1) == []
    assert restored is not None, f"match {i}: no mid-game state met"
    k, r = restored
    for seat, code in actions[k:]:
        r.apply(seat, code)
    assert dicts(r.events) == dicts(m.events)
    assert r.score_sheet == m.score_sheet and r.is_over and r.to_json() == m.to_json()
    if i % 5 == 0:
        again = game.new_match(players=2, options=opts, seed=i, deck=deck)
        for seat, code in actions:
            again.apply(seat, code)
        assert again.to_json() == m.to_json()
    STATS["matches"] += 1
    STATS["games"] += len(m.score_sheet["rows"])
    STATS["actions"] += len(actions)


@pytest.mark.parametrize("chunk", range(N_MATCHES // CHUNK))
def test_random_matches(chunk):  # STYLE.md 6; every MB- rule via the Tracker
    t0 = time.perf_counter()
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_conformance_match(i)
    TIMES.append(time.perf_counter() - t0)


def test_every_path_was_exercised():  # the random matches reached every branch of the rules
    if STATS["matches"] < N_MATCHES:
        pytest.skip("needs every chunk of test_random_matches in this run")
    for key in ("outcome:made", "outcome:defeated", "multiplier:1", "multiplier:2",
                "multiplier:4", "strain:NT", "strain:C", "strain:S", "draw:regular",
                "draw:out_of_turn", "draw:second_card", "draw:privileged", "escape",
                "winner:0", "winner:1", "out_of_turn_action"):
        assert STATS[key] > 0, (key, dict(STATS))
    print(f"\n{N_MATCHES} matches, {STATS['games']} games, {STATS['actions']} actions in "
          f"{sum(TIMES):.1f} s;", dict(sorted(STATS.items())))
