"""Property tests (hypothesis) for married bridge.

Random decks, seeds, options and action choices (both seats' legal codes, so the irregular
draws of MB-PRE-9 happen too); every step goes through ``married_bridge_helpers.Tracker``
(reference legality and scoring, and the information rules MB-INFO: no hidden card in
``public_view()``, in the other seat's view or in any event). On top: clone independence,
``to_json``/``from_json`` round trip mid-game, determinism, the dealing procedure for any deck
(MB-DEAL-4/5), and fuzzed action codes and seats (only ``IllegalAction``, never another error).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction

from .married_bridge_helpers import ALL_CARDS, Tracker, dicts, fact, hand, new_match, ref_deal

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_st = st.fixed_dictionaries(
    {},
    optional={
        "match_format": st.sampled_from(["single_game", "rubber_of_two"]),
        "escape_after_contra": st.booleans(),
        "manual_draws": st.booleans(),
        "first_dealer": st.sampled_from([0, 1]),
    },
)
decks = st.permutations(ALL_CARDS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _start(deck, seed: int, options: dict[str, Any]) -> tuple[engine.Match, Tracker]:
    m = new_match(list(deck), seed=seed, **options)
    return m, Tracker(m, options, list(deck))


def _choices(m: engine.Match) -> list[tuple[int, str]]:
    return [(s, c) for s in (0, 1) for c in m.legal_actions(s)]


def _drive(m, tracker, data, steps: int) -> list[tuple[int, str]]:
    done = []
    for _ in range(steps):
        if m.is_over:
            break
        if tracker is not None:
            tracker.check(m)
        seat, code = data.draw(st.sampled_from(_choices(m)))
        evs = m.apply(seat, code)
        if tracker is not None:
            tracker.after(m, seat, code, evs)
        done.append((seat, code))
    return done


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=decks, seed=seeds, options=options_st, data=st.data())
def test_random_play_keeps_the_rules_and_hides_cards(deck, seed, options, data):  # MB-INFO, all
    m, tracker = _start(deck, seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 250), label="steps"))
    tracker.check(m)
    tracker.check_sheet(m)


@SETTINGS
@given(deck=decks, seed=seeds, options=options_st, data=st.data())
def test_clone_independence(deck, seed, options, data):  # Match.clone
    m, _ = _start(deck, seed, options)
    _drive(m, None, data, data.draw(st.integers(0, 150), label="prefix"))
    if m.is_over:
        return
    before = (json.dumps(m.to_json(), sort_keys=True), len(m.events), m.public_view(),
              [m.view(s) for s in (0, 1)], [m.legal_actions(s) for s in (0, 1)])
    c = m.clone()
    moves = _drive(c, None, data, data.draw(st.integers(1, 60), label="clone moves"))
    after = (json.dumps(m.to_json(), sort_keys=True), len(m.events), m.public_view(),
             [m.view(s) for s in (0, 1)], [m.legal_actions(s) for s in (0, 1)])
    assert after == before
    for seat, code in moves:
        m.apply(seat, code)
    assert dicts(m.events) == dicts(c.events) and m.to_json() == c.to_json()


@SETTINGS
@given(deck=decks, seed=seeds, options=options_st, data=st.data())
def test_json_round_trip_mid_game(deck, seed, options, data):  # to_json / from_json
    game = engine.get_game("married_bridge")
    m, tracker = _start(deck, seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 200), label="prefix"))
    snapshot = m.to_json()
    r = game.from_json(json.loads(json.dumps(snapshot)))
    assert r.to_json() == snapshot
    assert dicts(r.events) == dicts(m.events) and r.score_sheet == m.score_sheet
    assert (r.to_move, r.is_over) == (m.to_move, m.is_over)
    assert r.public_view() == m.public_view()
    for s in (0, 1):
        assert r.view(s) == m.view(s) and r.legal_actions(s) == m.legal_actions(s)
    moves = _drive(m, tracker, data, data.draw(st.integers(0, 60), label="suffix"))
    for seat, code in moves:
        r.apply(seat, code)
    assert dicts(r.events) == dicts(m.events) and r.to_json() == m.to_json()


@SETTINGS
@given(seed=seeds, options=options_st, choices=st.lists(st.integers(0, 10**6), max_size=300))
def test_determinism(seed, options, choices):  # same seed and actions, same match (MB-DEAL-3)
    a = new_match(seed=seed, **options)
    b = new_match(seed=seed, **options)
    for x in choices:
        if a.is_over:
            break
        legal = _choices(a)
        assert _choices(b) == legal
        seat, code = legal[x % len(legal)]
        assert dicts(a.apply(seat, code)) == dicts(b.apply(seat, code))
    assert a.to_json() == b.to_json()


@SETTINGS
@given(deck=decks, first_dealer=st.sampled_from([0, 1]))
def test_any_deck_is_dealt_by_the_procedure(deck, first_dealer):  # MB-DEAL-4, MB-DEAL-5
    m = new_match(list(deck), first_dealer=first_dealer)
    elder, dealer = 1 - first_dealer, first_dealer
    nd, dl, talon = ref_deal(list(deck))
    assert set(hand(m, elder)) == set(nd) and set(hand(m, dealer)) == set(dl)
    assert fact(m.public_view(), "mb_talon") == 26 and m.to_move == elder
    data = m.to_json()["state"]
    assert data["talon"] == talon


code_st = st.one_of(
    st.text(max_size=30),
    st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(
        ["play", "bid", "draw", "contra", "recontra", "pass", "bid:1", "bid:7"]),
        st.text(max_size=6)),
    st.builds(lambda c: f"play:{c}", st.sampled_from(ALL_CARDS)),
    st.builds(lambda c: f"draw:{c}", st.sampled_from(ALL_CARDS)),
    st.builds(lambda lv, s: f"bid:{lv}:{s}", st.integers(-1, 9),
              st.sampled_from(["C", "D", "H", "S", "NT", "N", "X", ""])),
    st.sampled_from(["pass", "contra", "recontra", "draw"]),
)


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data(),
       codes=st.lists(code_st, min_size=1, max_size=8), seat=st.integers(-2, 3))
def test_fuzzed_codes_only_illegal_action(seed, options, data, codes, seat):  # MB-CODES
    m = new_match(seed=seed, **options)
    _drive(m, None, data, data.draw(st.integers(0, 120), label="prefix"))
    for code in codes:
        listed = seat in (0, 1) and code in m.legal_actions(seat)
        c = m.clone()
        try:
            c.apply(seat, code)
        except IllegalAction as exc:
            assert not listed, (seat, code)
            assert exc.rule_id and exc.reason
            assert len(c.events) == len(m.events)
        else:
            assert listed, f"{seat} {code!r} accepted but not listed"
