"""A takeback asked in a basic group, the group upgraded to a supergroup before the answer:
the "Accept" is made, the "agreed" notice reaches the supergroup, the move is taken back, the
mover may move again and nothing is left stuck."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, press_move
from tests.e2e.fake import FakeTelegram
from tests.kit.store import stored_actions
from tests.kit.telegram import TAKE_BACK, ask_take_back, open_deberts


async def test_accept_after_the_group_was_upgraded(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-4007, "Basic club", supergroup=False)
    users = [fake.user(221, "Anna"), fake.user(222, "Boris")]
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users)
        mover = next(u for u in users if "Your move" in (hand_message(fake, u).text or ""))  # type: ignore[union-attr]
        other = next(u for u in users if u is not mover)
        hand = hand_message(fake, mover)
        assert hand is not None
        data = next(b.data for row in hand.buttons for b in row if b.data and b.data[:2] == "a|"
                    and not b.data.split("|")[3].startswith("@"))
        assert not (await press_move(fake, mover, hand, data, users)).text
        asked = await ask_take_back(fake, mover, other)
        await fake.settle()
        new = fake.upgrade_group(group, -1004007, users[0])
        accept = asked.find_button(text="✅ Accept")
        assert accept is not None and accept.data
        assert not (await fake.press(other, asked, accept.data)).text
        await fake.wait_for(lambda f: any("agreed" in (m.text or "")
                                          for m in f.bot_messages(new)),
                            what="the notice in the supergroup")
        await fake.wait_for(lambda f: (m := hand_message(f, mover)) and "Your move" in
                            (m.text or "") and not any(b.text.startswith(TAKE_BACK)
                                                       for row in m.buttons for b in row),
                            what="the mover to move again")
        await fake.settle()
        assert await stored_actions(app, table_id) == 0
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
            chat = await tx.get_chat(table.chat_id) if table else None
        assert chat is not None and chat.ext_id == str(new.id)
