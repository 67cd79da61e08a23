"""A group merge (migrate_to_chat_id) that aborts the supergroup's running game: what its
players are left with (their hands, their old buttons, the supergroup's table message)."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_chat_moves import _merge_by_a_move, _open_game
from tests.kit.telegram import game_buttons, open_bot
from tests.storage.conftest import db_url  # noqa: F401  (SQLite, and PostgreSQL when set)


async def _merge_aborting(fake: FakeTelegram, kozyr: Any, app: Any, group: FakeChat,
                          players: tuple[FakeUser, FakeUser, FakeUser, FakeUser]
                          ) -> tuple[FakeChat, int, dict[str, Any]]:
    """Alice and Bob play in the old group; the group is upgraded unheard of; Carol and Dave
    start a game in the supergroup; the old game's next move merges the chats (aborting the
    supergroup's game). Returns the supergroup, the aborted table and Carol's or Dave's (the
    mover's) hand message and a button from before the merge."""
    alice, bob, carol, dave = players
    await _open_game(fake, group, alice, bob, app)
    new = fake.upgrade_group(group, -1004006, by=alice, notify=False)
    await open_bot(fake, [carol, dave])
    await fake.send_text(new, carol, "/new deberts")
    lobby = await fake.wait_for_message(new, text_contains="new table")
    await fake.press_button(dave, lobby, text="Join")
    assert (await fake.press_button(carol, lobby, text="Start")).text == "Done."
    await fake.wait_for(lambda f: hand_message(f, carol) and hand_message(f, dave),
                        what="the supergroup game's hands")
    await fake.settle()
    async with app.store.transaction() as tx:
        aborted = (await tx.unfinished_tables())[-1].id
    before = {u.first_name: (hand_message(fake, u), game_buttons(hand_message(fake, u)))
              for u in (carol, dave)}
    await _merge_by_a_move(fake, new, [alice, bob])
    async with app.store.transaction() as tx:
        table = await tx.get_table(aborted)
    assert table is not None and table.status == "aborted"
    return new, int(aborted), before


async def test_old_buttons_of_the_aborted_game_are_refused(fake: FakeTelegram,
                                                           kozyr: Any) -> None:
    group = fake.group(-4006, "Old club", supergroup=False)
    users = (fake.user(101, "Alice"), fake.user(102, "Bob"), fake.user(103, "Carol"),
             fake.user(104, "Dave"))
    async with kozyr() as app:
        _, aborted, before = await _merge_aborting(fake, kozyr, app, group, users)
        pressed = 0
        for name, (message, buttons) in before.items():
            user = next(u for u in users if u.first_name == name)
            for button in buttons[:3]:
                answer = await fake.press(user, message, button.data, strict=False)
                assert answer.text, (name, button.text)  # refused with words, never silent
                pressed += 1
        assert pressed
        async with app.store.transaction() as tx:
            assert (await tx.get_table(aborted)).status == "aborted"  # type: ignore[union-attr]
            record = await tx.get_match(aborted)
        assert record is not None
        refused = [c for c in fake.calls() if c.status == 400
                   and "upgraded" not in str(c.response.get("description"))]
        assert not refused, refused


async def test_the_aborted_game_is_shown_ended(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-4007, "Old club", supergroup=False)
    users = (fake.user(101, "Alice"), fake.user(102, "Bob"), fake.user(103, "Carol"),
             fake.user(104, "Dave"))
    async with kozyr() as app:
        _, _, before = await _merge_aborting(fake, kozyr, app, group, users)
        for name, (message, _) in before.items():
            shown = fake.message(fake.private(next(u for u in users if u.first_name == name)),
                                 message.message_id) if message is not None else None
            assert not game_buttons(shown), (name, shown.button_texts if shown else None)
