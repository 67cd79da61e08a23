"""Owner tools through the real aiogram stack: an owner (OWNER_IDS) lists every open table in a
private chat (/tables) and stops one after a confirmation; anybody else gets the ordinary
behaviour of an unknown command, and a forged stop press changes nothing."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import current_match, open_table, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import table_status as _status

OWNER = 999


async def test_owner_lists_and_stops_a_table(fake: FakeTelegram, kozyr: Any,
                                             club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    owner, eve = fake.user(OWNER, "Olga"), fake.user(555, "Eve")
    async with kozyr(owner_ids=frozenset({OWNER})) as app:
        await open_table(fake, group, alice, bob)
        await play_moves(fake, [alice, bob], random.Random(2), limit=3)
        other = fake.group(-100999, "Second club")
        await fake.send_text(other, eve, "/new berg")
        await fake.wait_for_message(other, text_contains="Berg")

        # Anybody else: /tables is an unknown command (the bot says nothing, as for /frobnicate).
        for user in (eve, alice):
            await fake.start_bot(user)
            await fake.settle()
            before = len(fake.bot_messages(user))
            await fake.send_text(user, user, "/frobnicate")
            await fake.send_text(user, user, "/tables")
            await fake.settle()
            assert len(fake.bot_messages(user)) == before

        await fake.send_text(owner, owner, "/tables")
        listing = await fake.wait_for_message(owner, text_contains="Open tables")
        text = listing.text or ""
        assert "Open tables: 2" in text
        assert "#1 Deberts · Friday <club> · Alice, Bob · deal 1 · 0 min since the last move" \
            in text
        assert "#2 Berg 2x2 · Second club · Eve · lobby" in text
        assert listing.button_texts == ["⏹ #1", "⏹ #2"]

        # A forged stop press by someone else (on his own message) changes nothing.
        stop_data = listing.find_button(text="⏹ #1").data
        assert stop_data is not None
        eve_message = fake.bot_messages(eve)[-1]
        forged = await fake.press(eve, eve_message, "own|yes|1", strict=False)
        assert forged.text == "This button is not valid."
        await fake.settle()
        assert await _status(app, 1) == "playing"

        # The owner: stop asks first; "no" keeps it, "yes" stops it.
        assert (await fake.press(owner, listing, stop_data)).text is None
        confirm = await fake.wait_for_message(owner, text_contains="Stop this table?")
        assert (await fake.press_button(owner, confirm, text="No, play on")).text == \
            "Table #1 goes on."
        assert await _status(app, 1) == "playing"
        await fake.press(owner, listing, stop_data)
        confirm = await fake.wait_for_message(owner, text_contains="Stop this table?",
                                              after=confirm)
        assert (await fake.press_button(owner, confirm, text_contains="Yes")).text == \
            "Table #1 stopped."
        assert await _status(app, 1) == "aborted"
        await fake.wait_for_message(group, text_contains="The game was stopped.")
        assert not (await current_match(app, 1)).is_over  # stopped early, the score kept

        await fake.send_text(owner, owner, "/tables")
        again = await fake.wait_for_message(owner, text_contains="Open tables: 1",
                                            after=listing)
        assert "#2 Berg" in (again.text or "") and "#1 " not in (again.text or "")
