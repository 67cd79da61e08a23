"""The hand message of a seat that waits (issue #11: a move edits only the mover's and the next
player's hands): it leaves out what every move changes, says the seat waits, and never claims
the match is over."""

from __future__ import annotations

import random

import engine
from bot.i18n import Catalogs
from bot.show.common import TableInfo
from bot.show.hand import render_hand

INFO = TableInfo(table_id=3, version=1, game="deberts", chat_title="Club",
                 names=("Anna", "Boris", "Clara"))


def test_a_waiting_hand_is_the_same_whoever_moves() -> None:
    tr = Catalogs().translator("en")
    m = engine.get_game("deberts").new_match(players=3, seed=11)
    rng = random.Random(2)
    waiting_texts = 0
    for _ in range(400):
        if m.is_over:
            break
        mover = m.to_move
        assert mover is not None
        for seat in range(3):
            codes = m.legal_actions(seat)
            text = render_hand(tr, INFO, m.view(seat), codes).text
            assert "The match is over." not in text
            if seat != mover and not codes:
                waiting_texts += 1
                assert "⏳ Waiting for your turn." in text
                assert "to move" not in text.lower()
        m.apply(mover, rng.choice(m.legal_actions(mover)))
    assert waiting_texts > 100
    over = render_hand(tr, INFO, m.view(0), []).text if m.is_over else ""
    assert not m.is_over or "The match is over." in over
