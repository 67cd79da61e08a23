"""Strangers cannot sit at a table, end to end through the real bot.

Only members of a table's chat take its seats: a Join pressed elsewhere (a forged press in one's
own private chat) or a deep link is checked with getChatMember; a table opened in a private
chat seats only its owner. Join links are signed (bot/tables/access.py): a guessed or old unsigned
``/start join-<id>`` is refused with a notice. Every refusal changes nothing.
"""

from __future__ import annotations

from typing import Any

from bot.tables.access import join_payload
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.storage.conftest import db_url  # noqa: F401  (SQLite, and PostgreSQL when set)

NOT_MEMBER = "Only members of the table's chat can sit at it."
BAD_LINK = "This link is not valid"


async def _seated(app: Any, table_id: int) -> list[int | None]:
    async with app.store.transaction() as tx:
        return [s.user_id for s in await tx.seats(table_id)]


async def _open_lobby(fake: FakeTelegram, chat: FakeChat | FakeUser, owner: FakeUser,
                      app: Any) -> tuple[FakeMessage, int]:
    await fake.start_bot(owner)
    await fake.wait_for_message(owner, text_contains="kozyr")
    await fake.send_text(chat, owner, "/new deberts")
    lobby = await fake.wait_for_message(chat, text_contains="new table")
    async with app.store.transaction() as tx:
        table_id = (await tx.unfinished_tables())[-1].id
    assert table_id is not None
    return lobby, table_id


async def _stranger(fake: FakeTelegram) -> tuple[FakeUser, FakeMessage]:
    """Mallory, who opened the bot but is in no group; and a bot message in her private chat
    to forge presses on."""
    mallory = fake.user(666, "Mallory")
    await fake.start_bot(mallory)
    welcome = await fake.wait_for_message(mallory, text_contains="kozyr")
    return mallory, welcome


async def test_guessed_links_and_forged_joins_at_a_group_table_are_refused(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        _, table_id = await _open_lobby(fake, group, alice, app)
        mallory, welcome = await _stranger(fake)
        before = await _seated(app, table_id)
        # Guessed links: the old unsigned form, a wrong tag, a seat with a wrong tag.
        for payload in (f"join-{table_id}", f"join-{table_id}-0123456789abcdef",
                        f"join-{table_id}-1-0123456789abcdef", f"join-{table_id + 1}"):
            await fake.start_bot(mallory, payload=payload)
            notice = await fake.wait_for_message(mallory, text_contains=BAD_LINK)
            assert notice.text and "joined" not in notice.text
        # A forged Join (and seat) press in her own private chat: answered, refused.
        for data in (f"l|{table_id}|join|", f"l|{table_id}|sit|1"):
            answer = await fake.press(mallory, welcome, data, strict=False)
            assert answer.text == NOT_MEMBER
        # Even the real, signed link (forwarded to her) does not seat a non-member.
        await fake.start_bot(mallory, payload=join_payload(app.service.lobby.link_secret, table_id))
        assert await fake.wait_for_message(mallory, text_contains=NOT_MEMBER)
        assert await _seated(app, table_id) == before
        # A member of the group follows the same link and sits.
        await fake.send_text(group, bob, "hi all")
        await fake.start_bot(bob, payload=join_payload(app.service.lobby.link_secret, table_id))
        await fake.wait_for_message(bob, text_contains="You are at the table.")
        assert len(await _seated(app, table_id)) == len(before) + 1


async def test_a_private_table_seats_only_its_owner(fake: FakeTelegram, kozyr: Any) -> None:
    solo = fake.user(301, "Solo")
    async with kozyr() as app:
        lobby, table_id = await _open_lobby(fake, solo, solo, app)
        mallory, welcome = await _stranger(fake)
        before = await _seated(app, table_id)
        answer = await fake.press(mallory, welcome, f"l|{table_id}|join|", strict=False)
        assert answer.text == NOT_MEMBER
        await fake.start_bot(mallory, payload=join_payload(app.service.lobby.link_secret, table_id))
        assert await fake.wait_for_message(mallory, text_contains=NOT_MEMBER)
        assert await _seated(app, table_id) == before
        # The owner's own lobby still works: he adds a bot player and starts.
        await fake.press_button(solo, lobby, text="🤖+ strong")
        assert (await fake.press_button(solo, lobby, text="Start")).text == "Done."
