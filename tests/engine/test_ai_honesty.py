"""Honesty: a bot decides from what its seat may know, never from the hidden cards.

Design. For a game and a seed, match A is started from an explicit first-deal ``deck`` and
played by random legal actions for ``k`` steps inside its first deal; the seat ``S`` to move
then is the one tested. Every card that appeared in ``view(S)`` at any step (hand, table groups,
facts, private facts) or in any public event is *seen*; the others are *hidden* from ``S``. Match
B starts from the same seed and a deck in which the hidden cards exchange their positions at
random (so other hands, the stock or the talon differ), and the same ``k`` actions are replayed.
Where B accepts them all and ``view(S)`` and the public events of A and B are identical (they are
unless a hidden card changed a public fact, such as a declared meld's kind), the two matches look
the same to ``S`` but differ in hidden cards. Then, for a fixed RNG seed:

- every level (``easy``, ``normal``, ``strong`` with a small budget) chooses the same code in A
  and in B;
- the strong player's imagined world (``GameAI.world``) is the same JSON for A and for B: it is
  built from the seat's knowledge and the RNG alone.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.ai.players import game_ai
from engine.belote.common import CARDS32
from engine.berg.cards import CARDS42
from engine.cards import is_card_code
from engine.errors import IllegalAction
from engine.married_bridge.rules import CARDS52
from engine.match import Match

from .ai_helpers import CONFIGS, LEVELS, config_id, player

PACKS = {"deberts": CARDS32, "bazar_belot": CARDS32, "married_bridge": CARDS52,
         "berg": CARDS42}
TRIALS = 10
MIN_CHECKED = 4


def _cards(obj: Any, out: set[str]) -> None:
    """Collect every string in ``obj`` that is a card code."""
    if isinstance(obj, str):
        if is_card_code(obj, jokers=True):
            out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            _cards(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            _cards(v, out)


def _events(m: Match) -> list[dict[str, Any]]:
    return [e.to_dict() for e in m.events]


def _twins(game_id: str, players: int, options: dict[str, Any],
           seed: int) -> tuple[Match, Match, int] | None:
    """Matches A and B that look the same to the seat to move but differ in hidden cards."""
    rng = random.Random(seed)
    deck = list(PACKS[game_id])
    rng.shuffle(deck)
    game = engine.get_game(game_id)
    a = game.new_match(players=players, options=options, seed=seed, deck=deck)
    actions: list[tuple[int, str]] = []
    k = rng.randrange(1, 40)
    for _ in range(k):
        seat = a.to_move
        assert seat is not None
        trial = a.clone()
        code = rng.choice(a.legal_actions(seat))
        events = trial.apply(seat, code)
        if trial.is_over or any(e.type in ("deal", "thrown_in", "deal_scored") for e in events):
            break  # stay inside the first deal
        a.apply(seat, code)
        actions.append((seat, code))
    me = a.to_move
    assert me is not None
    # replay to collect every card the seat has seen on the way
    replay = game.new_match(players=players, options=options, seed=seed, deck=deck)
    seen: set[str] = set()
    _cards(replay.view(me), seen)
    for seat, code in actions:
        replay.apply(seat, code)
        _cards(replay.view(me), seen)
    _cards(_events(a), seen)
    hidden = [i for i, c in enumerate(deck) if c not in seen]
    if len(hidden) < 2:
        return None
    moved = [deck[i] for i in hidden]
    rng.shuffle(moved)
    deck_b = list(deck)
    for i, c in zip(hidden, moved, strict=True):
        deck_b[i] = c
    if deck_b == deck:
        return None
    b = game.new_match(players=players, options=options, seed=seed, deck=deck_b)
    try:
        for seat, code in actions:
            b.apply(seat, code)
    except IllegalAction:
        return None  # a hidden card changed what an opponent could do
    if a.view(me) != b.view(me) or _events(a) != _events(b):
        return None  # a hidden card changed a public fact
    assert json.dumps(a.to_json(), sort_keys=True) != json.dumps(b.to_json(), sort_keys=True)
    return a, b, me


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_same_view_same_choice(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    ai = game_ai(game_id)
    assert ai is not None
    checked = 0
    for trial in range(TRIALS * 3):
        twins = _twins(game_id, players, options, 1000 + trial)
        if twins is None:
            continue
        a, b, me = twins
        for level in LEVELS:
            p = player(level, game_id)
            for r in range(2):
                assert p.choose(a, me, random.Random(r)) == p.choose(b, me, random.Random(r)), \
                    (level, trial)
        for r in range(3):
            wa = ai.world(a, me, random.Random(r)).to_json()
            wb = ai.world(b, me, random.Random(r)).to_json()
            assert json.dumps(wa, sort_keys=True) == json.dumps(wb, sort_keys=True), trial
        checked += 1
        if checked >= TRIALS:
            break
    assert checked >= MIN_CHECKED
