"""A Berg deal tied (the engine's ``deal_tied`` event tells why, BERG-TIE-1, -2, -10), then
the bot restarts: /score's last deal, the deal record and /history read the reason from the
stored moves, with no refusal and no code in the text."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_berg_match_end import _sensible
from tests.e2e.test_berg_telegram import _open_table
from tests.kit.telegram import game_buttons, hand_message, press_move, version_of, wait_redrawn

#: the reason of a tie, as the group reads it (bot/locales/en berg.po event.berg.tie.*)
WHY = ("A fifth turnover of the stock was due", "The stock ran out", "50 turnovers")
CODES = ("fifth_turnover", "exhausted", "bound", "deal_tied")


def _tied_result(fake: FakeTelegram, group: FakeChat) -> str | None:
    return next((m.text for m in fake.bot_messages(group) if (m.text or "").startswith("Deal ")
                 and any(w in (m.text or "") for w in WHY)), None)


async def _play_to_a_tie(fake: FakeTelegram, group: FakeChat, users: list[FakeUser],
                         rng: random.Random) -> str:
    """Sensible moves until a deal's result says why it was a tie; that result's text."""
    for _ in range(3000):
        if (text := _tied_result(fake, group)) is not None:
            return text
        on_turn = [(u, m) for u in users if (m := hand_message(fake, u)) is not None
                   and "Your move" in (m.text or "") and game_buttons(m)]
        assert on_turn, "nobody to move and no tie"
        user, message = on_turn[0]
        button = _sensible(game_buttons(message), rng)
        while button.data.startswith("x|"):
            assert not (await fake.press(user, message, button.data)).text
            message = hand_message(fake, user)
            assert message is not None
            button = _sensible([b for b in game_buttons(message) if b.data.startswith("a|")],
                               rng)
        mark = fake.mark()
        assert not (await press_move(fake, user, message, button.data, users)).text
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
        await fake.settle()
    raise AssertionError("no tied deal")


async def test_a_tie_read_after_a_restart(  # BERG-TIE-1, BERG-TIE-2, BERG-TIE-10
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, *first = club
    users = [*first, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr():
        await _open_table(fake, group, users)
        said = await _play_to_a_tie(fake, group, users, random.Random(11))
    why = next(w for w in WHY if w in said)
    async with kozyr():
        await fake.settle()
        mark = fake.mark()
        await fake.send_text(group, users[0], "/score")
        sheet = await fake.wait_for_message(
            group, predicate=lambda m: "📜 Deal record" in m.button_texts)
        assert why in (sheet.text or ""), sheet.text
        assert not (await fake.press_button(users[1], sheet, text="📜 Deal record")).text
        record = await fake.wait_for(lambda f: next((m for m in f.bot_messages(group)[::-1]
                                                     if "deal record" in (m.text or "").lower()),
                                                    None), what="the deal record")
        assert why in (record.text or ""), record.text
        await fake.send_text(group, users[0], "/history")
        await fake.settle()
        refused = [c for c in fake.calls(since=mark) if c.status == 400]
        assert not refused, refused
        for m in fake.bot_messages(group):
            assert not any(c in (m.text or "") for c in CODES), m.text
