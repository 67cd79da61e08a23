"""Property tests (hypothesis) for every Deberts variant: any ruleset, 2 or 3 players, any format.

Every step of random play goes through ``deberts_ref.VariantTracker`` (reference legality,
scoring, stakes and the information rule DB-PLAY-8: no hidden card in ``public_view()``, another
seat's ``view`` or any event). On top: clone independence, JSON round trip mid-deal, and fuzzed
codes (only ``IllegalAction``, never another exception, never an unlisted code accepted).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction

from .deberts_helpers import ALL_CARDS, dicts
from .deberts_ref import VariantTracker

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw: Any) -> tuple[int, dict[str, Any]]:
    players = draw(st.sampled_from([2, 3]))
    formats = ["match", "short_no_bait", "short_bait"] + (["short_dave"] if players == 2 else [])
    options = draw(st.fixed_dictionaries(
        {"ruleset": st.sampled_from(["classic", "moscow", "kharkiv"]),
         "format": st.sampled_from(formats)},
        optional={"target": st.sampled_from([301, 501, 1001]),
                  "offer_fifty": st.sampled_from(["on", "off"]),
                  "dave_progression": st.sampled_from(["arithmetic", "geometric"]),
                  "redeal_four": st.sampled_from(["on", "off"]),
                  "end": st.sampled_from(["after_deal", "claim"]),
                  "tie": st.sampled_from(["trump_then_order", "order_only"]),
                  "table_talk": st.sampled_from(["on", "off"]),
                  "first_dealer": st.sampled_from([0, 1])}))
    return players, options


seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _start(seed: int, setup: tuple[int, dict[str, Any]]) -> tuple[engine.Match, VariantTracker]:
    players, options = setup
    m = engine.get_game("deberts").new_match(players=players, options=options, seed=seed)
    return m, VariantTracker(m, options)


def _drive(m: engine.Match, tracker: VariantTracker | None, data: Any,
           steps: int) -> list[tuple[int, str]]:
    done = []
    for _ in range(steps):
        if m.is_over:
            break
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        if tracker is not None:
            tracker.check_state(m)
            tracker.check_legal(m, seat, legal)
        code = data.draw(st.sampled_from(legal))
        if tracker is not None:
            tracker.before_action(m, seat, code)
        evs = m.apply(seat, code)
        if tracker is not None:
            tracker.after_action(m, seat, code, evs)
        done.append((seat, code))
    return done


def _snapshot(m: engine.Match) -> tuple[Any, ...]:
    return (json.dumps(m.to_json(), sort_keys=True), len(m.events), m.public_view(),
            [m.view(s) for s in range(m.players)], [m.legal_actions(s) for s in range(m.players)])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, setup=setups(), data=st.data())
def test_random_play_keeps_the_rules_and_hides_cards(seed, setup, data):  # DB-PLAY-8, Part B
    m, tracker = _start(seed, setup)
    _drive(m, tracker, data, data.draw(st.integers(0, 250), label="steps"))
    tracker.check_state(m)
    tracker.check_sheet(m)


@SETTINGS
@given(seed=seeds, setup=setups(), data=st.data())
def test_clone_independence(seed, setup, data):  # Match.clone
    m, tracker = _start(seed, setup)
    _drive(m, tracker, data, data.draw(st.integers(0, 120), label="prefix"))
    if m.is_over:
        return
    before = _snapshot(m)
    c = m.clone()
    moves = _drive(c, None, data, data.draw(st.integers(1, 40), label="clone moves"))
    assert _snapshot(m) == before
    for seat, code in moves:
        m.apply(seat, code)
    assert m.to_json() == c.to_json()


@SETTINGS
@given(seed=seeds, setup=setups(), data=st.data())
def test_json_round_trip_mid_deal(seed, setup, data):  # Match.to_json / Game.from_json
    m, tracker = _start(seed, setup)
    _drive(m, tracker, data, data.draw(st.integers(0, 150), label="prefix"))
    raw = m.to_json()
    r = engine.get_game("deberts").from_json(json.loads(json.dumps(raw)))
    assert r.to_json() == raw and _snapshot(r) == _snapshot(m)
    assert r.score_sheet == m.score_sheet
    for seat, code in _drive(m, tracker, data, data.draw(st.integers(0, 40), label="suffix")):
        r.apply(seat, code)
    assert dicts(r.events) == dicts(m.events) and r.to_json() == m.to_json()


code_st = st.one_of(
    st.text(max_size=30),
    st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(
        ["play", "trump", "declare", "ask", "dave", "claim", "offer50", "take", "pass"]),
        st.text(max_size=8)),
    st.sampled_from(["claim", "offer50", "accept50", "decline50", "ask:trump", "ask:height",
                     "dave", "dave:accept", "dave:concede", "redeal", "swap7"]),
    st.builds(lambda c, w: f"play:{c}:{w}", st.sampled_from(ALL_CARDS), st.text(max_size=6)),
)


@SETTINGS
@given(seed=seeds, setup=setups(), data=st.data(),
       codes=st.lists(code_st, min_size=1, max_size=8), seat=st.integers(-2, 4))
def test_fuzzed_codes_only_illegal_action(seed, setup, data, codes, seat):  # DESIGN "Errors"
    m, tracker = _start(seed, setup)
    _drive(m, tracker, data, data.draw(st.integers(0, 60), label="prefix"))
    for code in codes:
        listed = seat in range(m.players) and code in m.legal_actions(seat)
        c = m.clone()
        try:
            c.apply(seat, code)
        except IllegalAction as exc:
            assert not listed, (seat, code)
            assert exc.rule_id and exc.reason and len(c.events) == len(m.events)
        else:
            assert listed, f"{seat} {code!r} accepted but not listed"
