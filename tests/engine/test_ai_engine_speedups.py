"""The engine internals sped up for the bots' playouts behave exactly as before.

- ``Match.clone()`` (``engine.statecopy.copy_state``, two levels deep) is independent of its
  original for every game: playing a clone to the end of its deal leaves the original's JSON as
  it was, and a fresh clone's JSON equals the original's.
- ``find_melds`` (memoised) gives a fresh list each call, whatever the order of the hand.
- The codes ``legal_actions`` listed are trusted by the next ``apply`` only for that seat and
  only until that ``apply``: anything else is still validated (Deberts, Bazar-Belot).
- Bazar-Belot's arithmetic bid check (``auction.legal_call``) agrees with the list of bids.
- Berg's one-pass placement filter (``rules.fitting``) keeps exactly the cards ``rules.fits``
  allows, for every top card under every order; a clone shares the options (never changed).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.bazar_belot import auction
from engine.belote.common import find_melds
from engine.berg.cards import CARDS42, JOKER_ORDER, ORDER_RANKS, SUITS
from engine.berg.rules import fits, fitting
from engine.berg.state import State
from engine.errors import IllegalAction

from .ai_helpers import CONFIGS, config_id, random_state


def _json(m: Any) -> str:
    return json.dumps(m.to_json(), sort_keys=True)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_clone_is_independent(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    for seed in range(3):
        for steps in (0, 7, 25):
            m = random_state(game_id, players, options, seed * 31 + steps, steps)
            before = _json(m)
            c = m.clone()
            assert _json(c) == before
            rng = random.Random(seed)
            for _ in range(400):
                if c.is_over:
                    break
                seat = c.to_move
                assert seat is not None
                events = c.apply(seat, rng.choice(c.legal_actions(seat)))
                if any(e.type == "deal" for e in events):
                    break
            assert _json(m) == before


def test_find_melds_fresh_lists() -> None:
    hand = ["AS", "KS", "QS", "JS", "9H", "8H", "7H"]
    first = find_melds(hand)
    first.clear()
    again = find_melds(list(reversed(hand)))
    assert [m.kind for m in again] == ["fifty", "terz"]
    assert find_melds(hand, meld_set="bazar")[0].kind == "berz"
    with pytest.raises(ValueError):
        find_melds(hand, meld_set="nope")


@pytest.mark.parametrize("game_id,players", [("deberts", 2), ("bazar_belot", 4)])
def test_listed_codes_trusted_only_for_their_seat(game_id: str, players: int) -> None:
    for seed in range(20):
        m = random_state(game_id, players, {}, seed, 12 + seed)
        seat = m.to_move
        assert seat is not None
        listed = m.legal_actions(seat)
        other = (seat + 1) % players
        for code in listed:
            if code not in m.legal_actions(other):
                m.legal_actions(seat)
                with pytest.raises(IllegalAction):
                    m.apply(other, code)
        m.legal_actions(seat)
        with pytest.raises(IllegalAction):
            m.apply(seat, "play:ZZ")
        m.legal_actions(seat)
        m.apply(seat, listed[0])  # a listed code still applies


def test_bazar_bid_check_matches_the_list() -> None:
    g = engine.get_game("bazar_belot")
    for seed in range(40):
        m = g.new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not m.is_over and m.state.phase == "bidding":
            s = m.state
            for seat in range(4):
                listed = set(auction.bid_codes(s, seat)) if seat == s.turn else set()
                for level in [*range(6, 114, 3), "kapo"]:
                    for strain in ("S", "H", "D", "C", "NT", "AT"):
                        code = f"bid:{level}:{strain}"
                        assert auction.legal_call(s, seat, code) == (code in listed), code
            seat = m.to_move
            assert seat is not None
            m.apply(seat, rng.choice(m.legal_actions(seat)))


def test_berg_fitting_is_fits_for_every_top_and_order() -> None:  # BERG-PLAY-1..5, BERG-EFF-7
    s = State(options={}, seed=0, first_deck=None, dealer=0)
    orders: list[list[str] | None] = [None, *(["card", a] for a in [*ORDER_RANKS, JOKER_ORDER]),
                                      *(["suit", x] for x in SUITS)]
    for top in CARDS42:
        for order in orders:
            s.pile, s.order = [[top, 0]], order
            assert fitting(s, CARDS42) == [c for c in CARDS42 if fits(s, c)], (top, order)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_clone_shares_only_the_options(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    m = random_state(game_id, players, options, 5, 9)
    c = m.clone()
    for key, value in vars(c._s).items():  # type: ignore[attr-defined]
        if isinstance(value, list | dict):
            assert (value is getattr(m._s, key)) == (key == "options"), key  # type: ignore[attr-defined]
