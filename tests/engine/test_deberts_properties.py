"""Property tests (hypothesis) for Deberts, two players, classic ruleset.

Random seeds, options and action choices; every step goes through ``deberts_helpers.Tracker``
(reference legality, scoring and the information rule DB-PLAY-8: no hidden card in
``public_view()``, in another seat's ``view`` or in any event). On top: clone independence,
``to_json``/``from_json`` round trip mid-deal, determinism, the dealing procedure for any deck
(DB-DEAL-2..5), and fuzzed action codes (only ``IllegalAction``, never another exception).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction

from .deberts_helpers import ALL_CARDS, Tracker, dicts, group_cards, hand, new_match

SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

options_st = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([301, 501, 1001]),
        "first_dealer": st.sampled_from([0, 1]),
        "redeal_four": st.sampled_from(["on", "off"]),
        "tie": st.sampled_from(["trump_then_order", "order_only"]),
    },
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _start(seed: int, options: dict[str, Any]) -> tuple[engine.Match, Tracker]:
    m = engine.get_game("deberts").new_match(players=2, options=options, seed=seed)
    return m, Tracker(m, options)


def _step(m: engine.Match, tracker: Tracker | None, code_of: Any) -> tuple[int, str]:
    seat = m.to_move
    assert seat is not None
    legal = m.legal_actions(seat)
    if tracker is not None:
        tracker.check_state(m)
        tracker.check_legal(m, seat, legal)
    code = code_of(legal)
    if tracker is not None:
        tracker.before_action(m, seat, code)
    evs = m.apply(seat, code)
    if tracker is not None:
        tracker.after_action(m, seat, code, evs)
    return seat, code


def _drive(m, tracker, data, steps: int) -> list[tuple[int, str]]:
    done = []
    for _ in range(steps):
        if m.is_over:
            break
        done.append(_step(m, tracker, lambda legal: data.draw(st.sampled_from(legal))))
    return done


def _to_mid_deal(m, tracker, data) -> None:
    """Continue until a card of the current deal has been played and the deal is not over."""
    for _ in range(60):
        if m.is_over or (tracker.phase == "play" and tracker.played):
            return
        _step(m, tracker, lambda legal: data.draw(st.sampled_from(legal)))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_st, data=st.data())
def test_random_play_keeps_the_rules_and_hides_cards(seed, options, data):  # DB-PLAY-8, all
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 250), label="steps"))
    tracker.check_state(m)
    tracker.check_sheet(m)


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data())
def test_clone_independence(seed, options, data):  # Match.clone (DESIGN "Engine face")
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 120), label="prefix"))
    if m.is_over:
        return
    before = (json.dumps(m.to_json(), sort_keys=True), len(m.events), m.public_view(),
              [m.view(s) for s in (0, 1)], [m.legal_actions(s) for s in (0, 1)])
    c = m.clone()
    moves = _drive(c, None, data, data.draw(st.integers(1, 40), label="clone moves"))
    after = (json.dumps(m.to_json(), sort_keys=True), len(m.events), m.public_view(),
             [m.view(s) for s in (0, 1)], [m.legal_actions(s) for s in (0, 1)])
    assert after == before
    # the original, given the same moves, goes exactly where the clone went
    for seat, code in moves:
        m.apply(seat, code)
    assert dicts(m.events) == dicts(c.events)
    assert m.to_json() == c.to_json()


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data())
def test_json_round_trip_mid_deal(seed, options, data):  # Match.to_json / Game.from_json
    game = engine.get_game("deberts")
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 150), label="prefix"))
    _to_mid_deal(m, tracker, data)
    data_json = m.to_json()
    r = game.from_json(json.loads(json.dumps(data_json)))
    assert r.to_json() == data_json
    assert dicts(r.events) == dicts(m.events)
    assert r.score_sheet == m.score_sheet
    assert (r.to_move, r.is_over) == (m.to_move, m.is_over)
    assert r.public_view() == m.public_view()
    for s in (0, 1):
        assert r.view(s) == m.view(s) and r.legal_actions(s) == m.legal_actions(s)
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
        seat = a.to_move
        legal = a.legal_actions(seat)
        assert b.legal_actions(seat) == legal
        code = legal[x % len(legal)]
        assert dicts(a.apply(seat, code)) == dicts(b.apply(seat, code))
    assert a.to_json() == b.to_json()


@SETTINGS
@given(deck=st.permutations(ALL_CARDS), first_dealer=st.sampled_from([0, 1]),
       dealer_takes=st.booleans())
def test_any_deck_is_dealt_by_the_procedure(deck, first_dealer, dealer_takes):  # DB-DEAL-2..5
    options = {"first_dealer": first_dealer}
    m = new_match(list(deck), **options)
    tracker = Tracker(m, options)  # also checks the views and events against DB-PLAY-8
    nd, dl = 1 - first_dealer, first_dealer
    assert hand(m, nd) == set(deck[0:3] + deck[6:9])
    assert hand(m, dl) == set(deck[3:6] + deck[9:12])
    assert group_cards(m.public_view(), "up_card") == [deck[12]]
    bids = ["pass", "take"] if dealer_takes else ["take"]
    for code in bids:
        _step(m, tracker, lambda legal, code=code: code)
    assert hand(m, nd) == set(deck[0:3] + deck[6:9] + deck[13:16])
    assert hand(m, dl) == set(deck[3:6] + deck[9:12] + deck[16:19])
    assert group_cards(m.public_view(), "bottom_card") == [deck[31]]
    tracker.check_state(m)


code_st = st.one_of(
    st.text(max_size=30),
    st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(
        ["play", "trump", "declare", "take", "pass", "swap7", "redeal", "claim"]),
        st.text(max_size=6)),
    st.builds(lambda c, w: f"play:{c}:{w}", st.sampled_from(ALL_CARDS), st.text(max_size=6)),
)


@SETTINGS
@given(seed=seeds, data=st.data(), codes=st.lists(code_st, min_size=1, max_size=8),
       seat=st.integers(-2, 3))
def test_fuzzed_codes_only_illegal_action(seed, data, codes, seat):  # DESIGN "Errors"
    m, tracker = _start(seed, {})
    _drive(m, tracker, data, data.draw(st.integers(0, 60), label="prefix"))
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
