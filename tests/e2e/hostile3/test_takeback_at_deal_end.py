"""A takeback asked at the very moment a bot's move ends the deal."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_takeback_telegram import _button, _log, _version
from tests.kit.telegram import answers, hand_message
from tests.kit.telegram import open_deberts as _open


async def test_takeback_racing_the_bots_deal_ending_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Alice passes and at once asks to take the pass back (twice, from two clients) while
    the bot's pass throws the deal in: either the takeback wins (the bot's pass is never
    made, nothing was said to the group) or the deal's end wins (the log keeps all four passes
    and the deal's result stays true)."""
    group, alice, _ = club
    async with kozyr() as app:
        table_id = await _open(fake, group, [alice], bots=1)
        hand = await fake.wait_for(lambda f: (m := hand_message(f, alice))
                                   and "Pass" in m.button_texts and m, what="Alice")
        first = _button(hand, "Pass")
        assert not (await fake.press(alice, hand, first)).text

        def again(f: FakeTelegram) -> str | None:
            m = hand_message(f, alice)
            passes = [b.data for row in (m.buttons if m else []) for b in row
                      if b.text == "Pass" and b.data and b.data != first]
            return passes[0] if passes else None

        data = await fake.wait_for(again, what="Alice again")
        await fake.settle()
        hand = hand_message(fake, alice)
        assert hand is not None
        version = int(data.split("|")[2])
        undo = f"a|{table_id}|{version + 1}|@undo"
        said = await answers(fake, [fake.press_nowait(alice, hand, data),
                                    fake.press_nowait(alice, hand, undo, strict=False),
                                    fake.press_nowait(alice, hand, undo, strict=False)])
        await fake.settle()
        log = await _log(app, table_id)
        if len(log) > 2:  # the pass was made: the deal is thrown in, and the group told so
            assert log[:4] == [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")], log
            assert not any(a.text is None for a in said[1:]), said
            await fake.wait_for(lambda f: any("thrown in" in (m.text or "")
                                              for m in f.bot_messages(group)), what="thrown in")
        else:
            assert log == [(0, "pass"), (1, "pass")], (log, said)
            assert not any("thrown in" in (m.text or "") for m in fake.bot_messages(group))
        assert await _version(app, table_id) >= version + 1
        # the table goes on: Alice has a move
        await fake.wait_for(lambda f: (m := hand_message(f, alice)) is not None
                            and any(b.data and b.data[:2] in ("a|", "x|") and "@" not in b.data
                                    for row in m.buttons for b in row), what="Alice to move")
