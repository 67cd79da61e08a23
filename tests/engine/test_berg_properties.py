"""Property tests (hypothesis) for Berg.

Random seeds, options and action choices; every step goes through ``berg_helpers.Tracker``
(reference legality, scoring, and the information rules BERG-INFO: no hidden card in
``public_view()``, in another seat's ``view`` or in any event). On top: clone independence,
``to_json``/``from_json`` round trip mid-deal, the dealing procedure for any deck (BERG-DEAL-3/4)
and fuzzed action codes (only ``IllegalAction``, never another exception).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction

from .berg_helpers import ALL_CARDS, RULE_IDS, Tracker, dicts

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options_st = st.fixed_dictionaries({}, optional={
    "berg_height": st.sampled_from([0.5, 1, 2, 10]),
    "tie_convention": st.sampled_from(["with_tie", "no_tie_one_deck", "no_tie_two_deck"]),
    "insurance_type": st.sampled_from(["none", "full", "permanent", "half", "absolute",
                                       "simple"]),
    "shuffle_on_turnover": st.sampled_from(["off", "on", "by_declaration"]),
    "enforcement": st.sampled_from(["automatic", "penalty"]),
    "frame_joker_colour_match": st.booleans(),
    "first_dealer": st.integers(0, 3),
    "captain_02": st.sampled_from([0, 2]),
    "captain_13": st.sampled_from([1, 3]),
})
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _start(seed: int, options: dict[str, Any]) -> tuple[engine.Match, Tracker]:
    m = engine.get_game("berg").new_match(players=4, options=options, seed=seed)
    return m, Tracker(m, options)


def _step(m: engine.Match, tracker: Tracker | None, data: Any) -> tuple[int, str]:
    legal = [m.legal_actions(s) for s in range(4)]
    if tracker is not None:
        tracker.check_state(m)
        tracker.check_legal(m)
    pairs = [(s, c) for s in range(4) for c in legal[s]]
    seat, code = data.draw(st.sampled_from(pairs))
    if tracker is not None:
        tracker.before_action(m, seat, code)
    evs = m.apply(seat, code)
    if tracker is not None:
        tracker.after_action(m, seat, code, evs)
    return seat, code


def _drive(m: engine.Match, tracker: Tracker | None, data: Any, steps: int
           ) -> list[tuple[int, str]]:
    done = []
    for _ in range(steps):
        if m.is_over:
            break
        done.append(_step(m, tracker, data))
    return done


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_st, data=st.data())
def test_random_play_keeps_the_rules_and_hides_cards(seed, options, data):  # BERG-INFO, all
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 200), label="steps"))
    tracker.check_state(m)


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data())
def test_clone_independence(seed, options, data):  # Match.clone (DESIGN "Engine face")
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 100), label="prefix"))
    if m.is_over:
        return
    before = (json.dumps(m.to_json(), sort_keys=True), m.public_view(),
              [m.view(s) for s in range(4)], [m.legal_actions(s) for s in range(4)])
    c = m.clone()
    moves = _drive(c, None, data, data.draw(st.integers(1, 40), label="clone moves"))
    after = (json.dumps(m.to_json(), sort_keys=True), m.public_view(),
             [m.view(s) for s in range(4)], [m.legal_actions(s) for s in range(4)])
    assert after == before
    for seat, code in moves:
        m.apply(seat, code)
    assert dicts(m.events) == dicts(c.events) and m.to_json() == c.to_json()


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data())
def test_json_round_trip_mid_deal(seed, options, data):  # Match.to_json / Game.from_json
    game = engine.get_game("berg")
    m, tracker = _start(seed, options)
    _drive(m, tracker, data, data.draw(st.integers(0, 150), label="prefix"))
    snapshot = m.to_json()
    r = game.from_json(json.loads(json.dumps(snapshot)))
    assert r.to_json() == snapshot and dicts(r.events) == dicts(m.events)
    assert r.score_sheet == m.score_sheet and r.public_view() == m.public_view()
    assert [r.legal_actions(s) for s in range(4)] == [m.legal_actions(s) for s in range(4)]
    moves = _drive(m, None, data, data.draw(st.integers(0, 40), label="after"))
    for seat, code in moves:
        r.apply(seat, code)
    assert r.to_json() == m.to_json()


@SETTINGS
@given(deck=st.permutations(ALL_CARDS), dealer=st.integers(0, 3))
def test_dealing_any_deck(deck, dealer):  # BERG-DEAL-3, BERG-DEAL-4
    m = engine.get_game("berg").new_match(players=4, options={"first_dealer": dealer},
                                          deck=deck)
    s = m._s  # type: ignore[attr-defined]
    for i in range(4):
        assert s.hands[(dealer + 1 + i) % 4][:5] == [deck[i + 4 * k] for k in range(5)]
    assert s.pile[0] == [deck[20], dealer]
    drawn = sum(len(h) - 5 for h in s.hands)
    assert s.stock == list(deck[21 + drawn:])


codes_st = st.one_of(
    st.text(max_size=30),
    st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(
        ["play", "frame", "order", "declare", "suggest", "draw", "pass"]), st.text(max_size=20)),
    st.builds(lambda a, b: f"play:{a}:{b}", st.sampled_from(ALL_CARDS), st.text(max_size=3)),
    st.builds(lambda cs, o: "frame:" + ".".join(cs) + o,
              st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=5),
              st.sampled_from(["", ":5", ":JK", ":X", ":"])),
)


@SETTINGS
@given(seed=seeds, options=options_st, data=st.data(),
       codes=st.lists(st.tuples(st.integers(-1, 5), codes_st), max_size=25))
def test_fuzzed_codes_only_raise_illegal_action(seed, options, data, codes):  # BERG-CODES
    m, _ = _start(seed, options)
    _drive(m, None, data, data.draw(st.integers(0, 60), label="prefix"))
    for seat, code in codes:
        legal = m.legal_actions(seat) if seat in range(4) else []
        if code in legal:
            m.apply(seat, code)
            continue
        try:
            m.apply(seat, code)
        except IllegalAction as exc:
            assert exc.rule_id in RULE_IDS and exc.reason
        else:
            raise AssertionError(f"{seat} {code!r} accepted but not listed")
