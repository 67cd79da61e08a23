"""Property tests (hypothesis) for Bazar-Belot.

Random seeds, options and choices among the legal codes of all four seats (off-turn calls
included); every step goes through ``bazar_belot_helpers.Tracker`` (reference legality, scoring
and the information rule BB-PLAY-12: no hidden card in ``public_view()``, in another seat's
``view`` or in any event). On top: clone independence, ``to_json``/``from_json`` round trip
mid-deal, determinism, the dealing procedure for any deck (BB-DEAL-5), and fuzzed action codes
(only ``IllegalAction``, never another exception).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction

from .bazar_belot_helpers import ALL_CARDS, Tracker, dicts, hand

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_st = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([301, 501, 60, 1]),
        "first_dealer": st.sampled_from([0, 1, 2, 3]),
        "auto_show": st.booleans(),
        "sheet_locale": st.sampled_from(["en", "ru"]),
    },
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _start(seed: int, options: dict[str, Any]) -> tuple[engine.Match, Tracker]:
    m = engine.get_game("bazar_belot").new_match(players=4, options=options, seed=seed)
    return m, Tracker(m, options)


def _choices(m: engine.Match) -> list[tuple[int, str]]:
    """Every (seat, code) open now; bids thinned to the three lowest levels (the rest are
    ~600 codes that only make the auction longer)."""
    out = []
    for seat in range(4):
        legal = m.legal_actions(seat)
        nums = [c for c in legal if c.startswith("bid:") and c.split(":")[1].isdigit()]
        if nums:
            low = min(int(c.split(":")[1]) for c in nums)
            keep = {c for c in nums if int(c.split(":")[1]) <= low + 2 or c.endswith(":20:AT")}
            legal = [c for c in legal if c not in nums or c in keep]
        out += [(seat, c) for c in legal]
    return out


def _step(m: engine.Match, tracker: Tracker | None, pick: Any) -> tuple[int, str]:
    if tracker is not None:
        tracker.check_legal(m)
        tracker.check_state(m)
    seat, code = pick(_choices(m))
    evs = m.apply(seat, code)
    if tracker is not None:
        tracker.after_action(m, seat, code, evs)
    return seat, code


def _drive(m, tracker, data, steps: int) -> list[tuple[int, str]]:
    done = []
    for _ in range(steps):
        if m.is_over:
            break
        done.append(_step(m, tracker, lambda xs: data.draw(st.sampled_from(xs))))
    return done


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_st, data=st.data())
def test_random_play_keeps_the_rules_and_hides_cards(seed, options, data):  # BB-PLAY-12, all
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 200), label="steps"))
    tracker.check_state(m)
    tracker.check_sheet(m)


def _snapshot(m: engine.Match) -> tuple[Any, ...]:
    return (json.dumps(m.to_json(), sort_keys=True), len(m.events), m.public_view(),
            [m.view(s) for s in range(4)], [m.legal_actions(s) for s in range(4)])


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data())
def test_clone_independence(seed, options, data):  # Match.clone (DESIGN "Engine face")
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 120), label="prefix"))
    if m.is_over:
        return
    before = _snapshot(m)
    c = m.clone()
    moves = _drive(c, None, data, data.draw(st.integers(1, 40), label="clone moves"))
    assert _snapshot(m) == before
    for seat, code in moves:
        m.apply(seat, code)
    assert dicts(m.events) == dicts(c.events)
    assert m.to_json() == c.to_json()


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data())
def test_json_round_trip_mid_deal(seed, options, data):  # Match.to_json / Game.from_json
    game = engine.get_game("bazar_belot")
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 150), label="prefix"))
    for _ in range(80):  # on to a state inside the play of a deal
        if m.is_over or (tracker.phase == "play" and tracker.tricks >= 1):
            break
        _step(m, tracker, lambda xs: data.draw(st.sampled_from(xs)))
    data_json = m.to_json()
    r = game.from_json(json.loads(json.dumps(data_json)))
    assert r.to_json() == data_json
    assert _snapshot(r) == _snapshot(m)
    assert r.score_sheet == m.score_sheet and (r.to_move, r.is_over) == (m.to_move, m.is_over)
    moves = _drive(m, tracker, data, data.draw(st.integers(0, 40), label="suffix"))
    for seat, code in moves:
        r.apply(seat, code)
    assert dicts(r.events) == dicts(m.events)
    assert r.to_json() == m.to_json()


@SETTINGS
@given(seed=seeds, options=options_st, choices=st.lists(st.integers(0, 10**6), max_size=200))
def test_determinism(seed, options, choices):  # DESIGN: same seed and actions, same match
    a, _ = _start(seed, options)
    b, _ = _start(seed, options)
    for x in choices:
        if a.is_over:
            break
        xs = _choices(a)
        assert _choices(b) == xs
        seat, code = xs[x % len(xs)]
        assert dicts(a.apply(seat, code)) == dicts(b.apply(seat, code))
    assert a.to_json() == b.to_json()


@SETTINGS
@given(deck=st.permutations(ALL_CARDS), first_dealer=st.sampled_from([0, 1, 2, 3]))
def test_any_deck_is_dealt_by_the_procedure(deck, first_dealer):  # BB-DEAL-5
    m = engine.get_game("bazar_belot").new_match(
        players=4, options={"first_dealer": first_dealer}, deck=list(deck))
    Tracker(m, {"first_dealer": first_dealer}).check_state(m)
    for i in range(4):
        seat = (first_dealer + 1 + i) % 4
        assert hand(m, seat) == set(deck[4 * i:4 * i + 4] + deck[16 + 4 * i:20 + 4 * i])
    assert m.to_move == (first_dealer + 1) % 4


code_st = st.one_of(
    st.text(max_size=30),
    st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(
        ["play", "bid", "declare", "pass", "contra", "recontra", "show", "bid:kapo",
         "bid:kapo1", "bid:9", "bid:20"]), st.text(max_size=6)),
    st.builds(lambda c, w: f"play:{c}:{w}", st.sampled_from(ALL_CARDS), st.text(max_size=7)),
    st.builds(lambda n, s: f"bid:{n}:{s}", st.integers(-5, 130),
              st.sampled_from(["S", "H", "D", "C", "NT", "AT", "X", ""])),
)


@SETTINGS
@given(seed=seeds, data=st.data(), codes=st.lists(code_st, min_size=1, max_size=8),
       seat=st.integers(-2, 5))
def test_fuzzed_codes_only_illegal_action(seed, data, codes, seat):  # DESIGN "Errors"
    m, tracker = _start(seed, {})
    _drive(m, tracker, data, data.draw(st.integers(0, 60), label="prefix"))
    for code in codes:
        listed = seat in range(4) and code in m.legal_actions(seat)
        c = m.clone()
        try:
            c.apply(seat, code)
        except IllegalAction as exc:
            assert not listed, (seat, code)
            assert exc.rule_id and exc.reason
            assert len(c.events) == len(m.events)
        else:
            assert listed, f"{seat} {code!r} accepted but not listed"
