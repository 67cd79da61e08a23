"""A takeback asked, then the match stopped (/stop, "Yes, stop") before the other player
answers: his "Accept" (and the asker's "Withdraw") afterwards are answered and change nothing —
no "agreed" notice, no move taken back from the stopped match, no message refused."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, press_move
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import stored_actions
from tests.kit.telegram import ask_take_back, open_deberts


async def test_accept_after_the_stop(fake: FakeTelegram, kozyr: Any,
                                     club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users)
        mover = next(u for u in users if "Your move" in (hand_message(fake, u).text or ""))  # type: ignore[union-attr]
        other = bob if mover is alice else alice
        hand = hand_message(fake, mover)
        assert hand is not None
        data = next(b.data for row in hand.buttons for b in row if b.data and b.data[:2] == "a|"
                    and not b.data.split("|")[3].startswith("@"))
        assert not (await press_move(fake, mover, hand, data, users)).text
        asked = await ask_take_back(fake, mover, other)
        withdraw_on = hand_message(fake, mover)
        assert withdraw_on is not None
        withdraw = withdraw_on.find_button(text="✖ Withdraw the request")
        accept = asked.find_button(text="✅ Accept")
        assert accept is not None and accept.data
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        await fake.press_button(alice, confirm, text="Yes, stop")
        await fake.settle()
        moves = await stored_actions(app, table_id)
        mark = fake.mark()
        answer = await fake.press(other, asked, accept.data, strict=False)
        assert answer.text, "a press at a stopped table must be answered with a notice"
        if withdraw is not None and withdraw.data:
            assert (await fake.press(mover, withdraw_on, withdraw.data, strict=False)).text
        await fake.settle()
        assert await stored_actions(app, table_id) == moves
        said = [str(c.params.get("text", "")) for c in fake.calls("sendMessage", since=mark)]
        assert not any("agreed" in s or "taken back" in s for s in said), said
        assert not [c for c in fake.calls() if c.status == 400
                    and "parse entities" in str(c.response.get("description"))]
