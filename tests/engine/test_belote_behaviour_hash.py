"""Deberts and Bazar-Belot behave exactly as they did before the speed work of #19.

Seeded random matches of every Deberts and Bazar-Belot configuration of
``tests.engine.ai_helpers.CONFIGS``: at every step each seat's ``legal_actions``, the refusal
(rule id and reason) of codes no seat listed and of a listed code offered by a seat off turn,
the events of the applied action in ``to_dict`` form, and every few steps the snapshot
(``to_json``), the public and seat views and the score sheet, all fed to one SHA-256 per
configuration. The digests were taken from the engine before its hot path was rewritten; a
change of any listing, refusal, event or snapshot changes them.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import engine
from engine.errors import IllegalAction

from .ai_helpers import CONFIGS, config_id
from .digest_kit import as_before

#: codes that are never or rarely legal, tried at every step for their refusals
POOL = ("play:AS", "play:7H", "play:KD:bela", "play:XX", "claim", "dave", "take", "pass",
        "trump:S", "offer50", "accept50", "bid:80:S", "bid:110:A", "kapo:N", "coinche",
        "declare:none", "redeal", "meld:tierce", "", "play:", "nonsense")
SEEDS = range(4)
STEPS = 240

#: the digests before the rewrite, per ``config_id``
EXPECTED: dict[str, str] = {
    "deberts-2": "6545ab02bf7ee5b1ecb9aa93b1a511149a0e9a9f0e1d1396a4c7995280e50165",
    "deberts-3": "633b881fac6731ad7a380fc30b3d3f46207a29001b3a9f839811b502750dfdb3",
    "deberts-2-offer_fifty=on-ruleset=moscow":
        "79493d943b1987a2754a10473505b9d35b009334836cddc115dc2108ad58f510",
    "deberts-2-format=short_dave-ruleset=kharkiv":
        "66912eeeaedad6c5e929fac25369a67345f0cf1cde553de384178767604c7ff6",
    "deberts-3-format=short_bait":
        "39d653ef59f158228177972a44642392a9b0782fffff31321e0ac1730aca670d",
    "bazar_belot-4": "ed6d41665443b0905998fdd6a2b3045e5c619eee1e55bc7b51bb7340b5a6021b",
    "bazar_belot-4-auto_show=False":
        "3635c5134a413fd96e3c05fdfd2936bcb758bc1ac0131608fcae1be31f634ed6",
}


def _feed(h: Any, value: Any) -> None:
    h.update(json.dumps(as_before(value), sort_keys=True, default=repr).encode())
    h.update(b"\n")


def _refusal(m: Any, seat: int, code: str) -> list[str]:
    try:
        m.clone().apply(seat, code)
    except IllegalAction as e:
        return [e.rule_id, e.reason]
    return ["accepted"]


def behaviour_digest(game_id: str, players: int, options: dict[str, Any]) -> str:
    """The SHA-256 of what seeded random matches of the configuration list, refuse and emit."""
    h = hashlib.sha256()
    for seed in SEEDS:
        m = engine.get_game(game_id).new_match(players=players, options=options, seed=seed)
        rng = random.Random(seed * 7919 + players)
        _feed(h, m.to_json())
        for step in range(STEPS):
            if m.is_over:
                break
            listed = [m.legal_actions(p) for p in range(m.players)]
            _feed(h, listed)
            seat = m.to_move
            assert seat is not None
            _feed(h, [(p, c, _refusal(m, p, c)) for p in range(m.players) for c in POOL
                      if c not in listed[p]])
            if listed[seat]:
                other = (seat + 1) % m.players
                _feed(h, _refusal(m, other, listed[seat][0]))
            evs = m.apply(seat, rng.choice(listed[seat]))
            _feed(h, [e.to_dict() for e in evs])
            if step % 9 == 0:
                _feed(h, m.to_json())
                _feed(h, [m.public_view(), *(m.view(p) for p in range(m.players))])
                _feed(h, m.score_sheet)
        _feed(h, m.to_json())
        _feed(h, m.score_sheet)
    return h.hexdigest()


BELOTE = [c for c in CONFIGS if c[0] in ("deberts", "bazar_belot")]


@pytest.mark.parametrize("config", BELOTE, ids=config_id)
def test_behaviour_unchanged(config: tuple[str, int, dict[str, Any]]) -> None:
    assert behaviour_digest(*config) == EXPECTED[config_id(config)]


if __name__ == "__main__":  # print the table above
    for c in BELOTE:
        print(f'    "{config_id(c)}": "{behaviour_digest(*c)}",')
