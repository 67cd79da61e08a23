"""Tests of the fake Telegram Bot API server, driven by the real aiogram stack."""

from __future__ import annotations

import asyncio
import struct
import zlib
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiogram import Bot, Dispatcher, F, Router
from aiogram.client.default import DefaultBotProperties
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramRetryAfter
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    ChatMemberAdministrator,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
)

from .fake import ButtonNotFoundError, FakeChat, FakeTelegram, FakeUser, RateLimits

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


def _keyboard(*buttons: tuple[str, str]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=t, callback_data=d)] for t, d in buttons]
    )


def _png(width: int = 3, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"".join(b"\x00" + b"\x00" * 3 * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def make_dispatcher() -> Dispatcher:
    """A tiny bot: /ping offers a Join button, pressing it edits the message."""
    router = Router()

    @router.message(CommandStart(deep_link=True))
    async def start_deep(message: Message, command: CommandObject) -> None:
        await message.answer(f"payload={command.args}")

    @router.message(CommandStart())
    async def start(message: Message) -> None:
        await message.answer("Hello! Use /ping")

    @router.message(Command("ping"))
    async def ping(message: Message) -> None:
        await message.answer("<b>pong</b>", reply_markup=_keyboard(("Join ✋", "join")))

    @router.callback_query(F.data == "join")
    async def join(query: CallbackQuery) -> None:
        assert isinstance(query.message, Message)
        await query.message.edit_text(
            f"joined by {query.from_user.first_name}",
            reply_markup=_keyboard(("Leave", "leave")),
        )
        await query.answer("Welcome!", show_alert=True)

    @router.callback_query(F.data == "leave")
    async def leave(query: CallbackQuery) -> None:
        assert query.message is not None
        await query.message.answer(f"{query.from_user.first_name} left")
        await query.answer()

    dp = Dispatcher()
    dp.include_router(router)
    return dp


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        yield server


@pytest.fixture
def alice(fake: FakeTelegram) -> FakeUser:
    return fake.user(101, "Alice", username="alice")


@pytest.fixture
def bob(fake: FakeTelegram) -> FakeUser:
    return fake.user(102, "Bob", username="bob")


@pytest.fixture
def group(fake: FakeTelegram) -> FakeChat:
    return fake.group(-1001, "Friday club")


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    """A bot used directly (no polling); HTML by default like the real one."""
    async with fake.make_bot(default=DefaultBotProperties(parse_mode="HTML")) as client:
        yield client


@pytest.fixture
async def polling(fake: FakeTelegram) -> AsyncIterator[Bot]:
    default = DefaultBotProperties(parse_mode="HTML")
    async with fake.polling(make_dispatcher(), fake.make_bot(default=default)) as client:
        yield client


# --------------------------------------------------------------------------- polling
async def test_long_polling_delivers_parked_update(
    fake: FakeTelegram, polling: Bot, group: FakeChat, alice: FakeUser
) -> None:
    await asyncio.sleep(0.2)  # the bot is now parked inside getUpdates (timeout=10)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await fake.send_text(group, alice, "/ping")
    reply = await fake.wait_for_message(group, text_contains="pong")
    assert loop.time() - started < 1.0

    assert reply.text == "pong"
    assert reply.source == "<b>pong</b>"
    assert reply.entities == [{"offset": 0, "length": 4, "type": "bold"}]
    assert reply.buttons == [[("Join ✋", "join")]]
    delivering = next(c for c in fake.calls("getUpdates") if c.result)
    assert delivering.params["timeout"] == 10
    assert delivering.finished_at - delivering.at >= 0.15  # it really was parked
    assert delivering.result[0]["message"]["entities"] == [
        {"type": "bot_command", "offset": 0, "length": 5}
    ]
    assert fake.calls("sendMessage")[0].params["chat_id"] == group.id


async def test_button_round_trip(
    fake: FakeTelegram, polling: Bot, group: FakeChat, alice: FakeUser
) -> None:
    await fake.send_text(group, alice, "/ping@kozyr_test_bot")
    message = await fake.wait_for_message(group, text_contains="pong")

    answer = await fake.press_button(alice, message, text_contains="Join")

    assert (answer.text, answer.show_alert) == ("Welcome!", True)
    assert message.text == "joined by Alice"
    assert message.edit_count == 1
    assert message.buttons == [[("Leave", "leave")]]
    assert [s.text for s in message.versions] == ["pong", "joined by Alice"]
    assert fake.texts_seen(group) == ["pong", "joined by Alice"]
    assert (await fake.press(alice, message, "leave")).text is None
    # By default wait_for_message only considers messages newer than the last user action.
    assert (await fake.wait_for_message(group)).text == "Alice left"
    with pytest.raises(ButtonNotFoundError, match="join"):
        await fake.press(alice, message, "join")
    with pytest.raises(ButtonNotFoundError):
        await fake.press_button(alice, message, text="Nope")


async def test_deep_link_start_and_private_chat(
    fake: FakeTelegram, polling: Bot, alice: FakeUser, bob: FakeUser
) -> None:
    assert not alice.started
    await fake.start_bot(alice, payload="join-42")
    assert alice.started
    assert (await fake.wait_for_message(alice)).text == "payload=join-42"

    await fake.start_bot(bob)
    assert (await fake.wait_for_message(bob)).text == "Hello! Use /ping"
    assert fake.last_message(fake.private(bob)) is fake.bot_messages(bob)[-1]


async def test_privacy_mode_filters_group_messages(
    fake: FakeTelegram, polling: Bot, group: FakeChat, alice: FakeUser
) -> None:
    await fake.send_text(group, alice, "just chatting")
    await fake.send_text(group, alice, "/ping@some_other_bot")
    await fake.send_text(group, alice, "/ping")
    await fake.wait_for_message(group, text_contains="pong")
    assert len(fake.updates) == 1
    assert len(fake.chat_messages(group, from_bot=False)) == 3


# ---------------------------------------------------------------------- errors
async def test_forbidden_unstarted_and_blocked(
    fake: FakeTelegram, bot: Bot, alice: FakeUser
) -> None:
    with pytest.raises(TelegramForbiddenError) as err:
        await bot.send_message(alice.id, "hi")
    assert err.value.message == "Forbidden: bot can't initiate conversation with a user"

    await fake.send_text(alice, alice, "hello bot")  # writing in private == started
    sent = await bot.send_message(alice.id, "hi")
    assert sent.chat.id == alice.id
    assert sent.from_user is not None and sent.from_user.username == "kozyr_test_bot"

    fake.block_bot(alice)
    with pytest.raises(TelegramForbiddenError, match="Forbidden: bot was blocked by the user"):
        await bot.send_message(alice.id, "hi again")
    assert "my_chat_member" in fake.updates[-1]

    with pytest.raises(TelegramBadRequest, match="Bad Request: chat not found"):
        await bot.send_message(999, "nobody")


async def test_callback_data_limit_is_64_bytes(
    fake: FakeTelegram, bot: Bot, group: FakeChat
) -> None:
    ok = await bot.send_message(group.id, "ok", reply_markup=_keyboard(("b", "x" * 64)))
    assert ok.reply_markup is not None
    for data in ("x" * 65, "я" * 33):  # 33 Cyrillic letters are 66 bytes
        with pytest.raises(TelegramBadRequest) as err:
            await bot.send_message(group.id, "bad", reply_markup=_keyboard(("b", data)))
        assert err.value.message == "Bad Request: BUTTON_DATA_INVALID"
    assert len(fake.bot_messages(group)) == 1


async def test_message_not_modified_and_keyboard_removal(
    fake: FakeTelegram, bot: Bot, group: FakeChat
) -> None:
    sent = await bot.send_message(group.id, "<i>hi</i>", reply_markup=_keyboard(("a", "a")))
    with pytest.raises(TelegramBadRequest) as err:
        await bot.edit_message_text(
            "<i>hi</i>",
            chat_id=group.id,
            message_id=sent.message_id,
            reply_markup=_keyboard(("a", "a")),
        )
    assert err.value.message == NOT_MODIFIED
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_reply_markup(
            chat_id=group.id, message_id=sent.message_id, reply_markup=_keyboard(("a", "a"))
        )
    # Same visible text but different formatting is a modification.
    await bot.edit_message_text(
        "<b>hi</b>",
        chat_id=group.id,
        message_id=sent.message_id,
        reply_markup=_keyboard(("a", "a")),
    )
    # Like Telegram, omitting reply_markup on editMessageText drops the keyboard.
    await bot.edit_message_text("<b>hi</b>!", chat_id=group.id, message_id=sent.message_id)
    message = fake.message(group, sent.message_id)
    assert message.buttons == []
    assert message.edit_count == 2
    assert [s.kind for s in fake.history(group)] == ["sent", "edited", "edited"]


async def test_unknown_messages_and_queries(
    fake: FakeTelegram, bot: Bot, group: FakeChat, alice: FakeUser
) -> None:
    with pytest.raises(
        TelegramBadRequest, match=r"^Telegram server says - Bad Request: message to edit not found$"
    ):
        await bot.edit_message_text("x", chat_id=group.id, message_id=777)
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(group.id, 777)
    sent = await bot.send_message(group.id, "bye", reply_markup=_keyboard(("x", "x")))
    assert await bot.delete_message(group.id, sent.message_id)
    assert fake.message(group, sent.message_id).deleted
    assert fake.last_message(group) is None
    assert [s.kind for s in fake.history(group)] == ["sent", "deleted"]
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(group.id, sent.message_id)

    with pytest.raises(TelegramBadRequest) as err:
        await bot.answer_callback_query("123")
    assert err.value.message == (
        "Bad Request: query is too old and response timeout expired or query ID is invalid"
    )
    live = await bot.send_message(group.id, "live", reply_markup=_keyboard(("x", "x")))
    query = fake.press_nowait(alice, fake.message(group, live.message_id), "x")
    assert await bot.answer_callback_query(query.id, text="done")
    assert query.answer is not None and query.answer.text == "done"
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(query.id)


async def test_text_limits_and_html_errors(fake: FakeTelegram, bot: Bot, group: FakeChat) -> None:
    await bot.send_message(group.id, "<b>" + "a" * 4096 + "</b>")
    await bot.send_message(group.id, "&lt;" * 4096)  # 4096 characters once unescaped
    assert fake.last_message(group) is not None
    assert fake.last_message(group).text == "<" * 4096  # type: ignore[union-attr]
    with pytest.raises(TelegramBadRequest) as err:
        await bot.send_message(group.id, "a" * 4097)
    assert err.value.message == "Bad Request: message is too long"

    cases = {
        "line<br>break": 'Unsupported start tag "br" at byte offset 4',
        "<b>bold": 'Can\'t find end tag corresponding to start tag "b"',
        "<b>x</i>": 'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"',
        "ß</b>": "Unexpected end tag at byte offset 2",
        "1 < 2": 'Unsupported start tag "" at byte offset 2',
    }
    for text, detail in cases.items():
        with pytest.raises(TelegramBadRequest) as err:
            await bot.send_message(group.id, text)
        assert err.value.message == f"Bad Request: can't parse entities: {detail}"
    # Plain text mode does not parse.
    await bot.send_message(group.id, "1 < 2", parse_mode=None)

    for empty in ("", "   \n", "<b> </b>"):
        with pytest.raises(TelegramBadRequest, match="Bad Request: message text is empty"):
            await bot.send_message(group.id, empty)


async def test_rate_limits(fake: FakeTelegram, bot: Bot, group: FakeChat, alice: FakeUser) -> None:
    await bot.send_message(group.id, "free")
    await bot.send_message(group.id, "for all")  # off by default
    fake.rate_limits = RateLimits()
    first = await bot.send_message(group.id, "one")
    with pytest.raises(TelegramRetryAfter) as err:
        await bot.send_message(group.id, "two")
    assert err.value.retry_after == 1
    assert fake.calls("sendMessage")[-1].error == "Too Many Requests: retry after 1"
    with pytest.raises(TelegramRetryAfter):  # edits count too
        await bot.edit_message_text("uno", chat_id=group.id, message_id=first.message_id)
    fake.advance_time(1.01)
    await bot.send_message(group.id, "two")

    fake.rate_limits = RateLimits(per_chat_per_second=None)
    for i in range(20):
        await bot.send_message(group.id, f"burst {i}")
    with pytest.raises(TelegramRetryAfter) as err:
        await bot.send_message(group.id, "21st")
    assert 55 <= err.value.retry_after <= 60
    rejected = fake.calls("sendMessage")[-1]
    assert rejected.status == 429
    assert rejected.response["parameters"] == {"retry_after": err.value.retry_after}


async def test_members_admins_and_commands(
    fake: FakeTelegram, bot: Bot, group: FakeChat, alice: FakeUser, bob: FakeUser
) -> None:
    carol = fake.user(103, "Carol")
    fake.set_admin(group, alice)
    fake.set_admin(group, carol, creator=True)
    assert isinstance(await bot.get_chat_member(group.id, alice.id), ChatMemberAdministrator)
    assert isinstance(await bot.get_chat_member(group.id, carol.id), ChatMemberOwner)
    # a user who never was in the group is "left", as Telegram says; writing there joins him
    assert isinstance(await bot.get_chat_member(group.id, bob.id), ChatMemberLeft)
    await fake.send_text(group, bob, "hi")
    assert isinstance(await bot.get_chat_member(group.id, bob.id), ChatMemberMember)
    admins = await bot.get_chat_administrators(group.id)
    assert {a.user.id for a in admins} == {alice.id, carol.id}
    chat = await bot.get_chat(group.id)
    assert (chat.title, chat.type) == ("Friday club", "supergroup")
    me = await bot.get_me()
    assert (me.id, me.username) == (fake.bot_user.id, "kozyr_test_bot")

    from aiogram.types import BotCommand

    assert await bot.set_my_commands([BotCommand(command="new", description="New game")])
    assert [c.command for c in await bot.get_my_commands()] == ["new"]
    assert fake.my_commands() == [{"command": "new", "description": "New game"}]
    assert await bot.delete_webhook(drop_pending_updates=True)
    assert await bot.log_out()


async def test_photo_document_upload_and_download(
    fake: FakeTelegram, bot: Bot, group: FakeChat
) -> None:
    png = _png()
    sent = await bot.send_photo(
        group.id, BufferedInputFile(png, "table.png"), caption="<b>Table</b>"
    )
    assert sent.photo is not None and (sent.photo[-1].width, sent.photo[-1].height) == (3, 2)
    stored = fake.last_message(group)
    assert stored is not None and stored.photo is not None
    assert stored.photo.data == png and stored.caption == "Table"

    doc = await bot.send_document(
        group.id, BufferedInputFile(b"game log", "log.txt"), caption="log"
    )
    assert doc.document is not None and doc.document.file_name == "log.txt"
    message = fake.last_message(group)
    assert message is not None and message.document is not None
    assert (message.document.data, message.document.mime_type) == (b"game log", "text/plain")
    downloaded = await bot.download(doc.document.file_id)
    assert downloaded is not None and downloaded.read() == b"game log"

    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await bot.send_photo(group.id, BufferedInputFile(b"not an image", "x.png"))
    upload_call = fake.calls("sendPhoto")[0]
    assert next(iter(upload_call.files.values())).filename == "table.png"


async def test_group_permissions_and_replies(
    fake: FakeTelegram, bot: Bot, group: FakeChat, alice: FakeUser
) -> None:
    said = await fake.send_text(group, alice, "hello")
    with pytest.raises(TelegramBadRequest, match="message can't be deleted"):
        await bot.delete_message(group.id, said.message_id)  # bot is not an admin
    with pytest.raises(TelegramBadRequest, match="message can't be edited"):
        await bot.edit_message_text("x", chat_id=group.id, message_id=said.message_id)
    with pytest.raises(TelegramBadRequest, match="message to be replied not found"):
        await bot.send_message(group.id, "re", reply_parameters=ReplyParameters(message_id=99))
    reply = await bot.send_message(
        group.id, "re", reply_parameters=ReplyParameters(message_id=said.message_id)
    )
    assert reply.reply_to_message is not None
    assert reply.reply_to_message.message_id == said.message_id
    fake.set_admin(group, fake.bot_user)
    assert await bot.delete_message(group.id, said.message_id)
    fake.kick_bot(group)
    with pytest.raises(TelegramForbiddenError, match="bot was kicked from the supergroup chat"):
        await bot.send_message(group.id, "anyone?")


# --------------------------------------------------------------- protocol/plumbing
async def test_raw_http_json_form_query_and_errors(fake: FakeTelegram, group: FakeChat) -> None:
    base = f"{fake.base_url}/bot{fake.token}"
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{base}/sendMessage",
            json={"chat_id": group.id, "text": "json", "reply_markup": {"inline_keyboard": []}},
        ) as resp:
            body = await resp.json()
            assert body["ok"] and body["result"]["text"] == "json"
        async with http.post(
            f"{base}/SENDMESSAGE", data={"chat_id": str(group.id), "text": "form"}
        ) as resp:
            assert (await resp.json())["result"]["message_id"] == 2
        async with http.get(f"{base}/getMe") as resp:
            assert (await resp.json())["result"]["is_bot"] is True
        async with http.get(f"{base}/noSuchMethod") as resp:
            assert resp.status == 404
            assert await resp.json() == {"ok": False, "error_code": 404, "description": "Not Found"}
        async with http.get(f"{fake.base_url}/bot1:wrong/getMe") as resp:
            assert resp.status == 401
        # A second getUpdates terminates the parked one with 409, like Telegram.
        first = asyncio.create_task(http.get(f"{base}/getUpdates", params={"timeout": "5"}))
        await fake.wait_for(lambda f: f._poll_generation == 1)
        async with http.get(f"{base}/getUpdates", params={"timeout": "0"}) as resp:
            assert (await resp.json())["result"] == []
        async with await first as resp:
            assert resp.status == 409
    assert [c.method for c in fake.calls()][:2] == ["sendMessage", "sendMessage"]


async def test_offset_confirmation_and_injected_errors(
    fake: FakeTelegram, bot: Bot, group: FakeChat, alice: FakeUser
) -> None:
    await fake.send_text(group, alice, "/a")
    await fake.send_text(group, alice, "/b")
    first = await bot.get_updates(timeout=0)
    assert len(first) == 2
    again = await bot.get_updates(offset=first[0].update_id + 1, timeout=0)
    assert [u.update_id for u in again] == [first[1].update_id]
    assert await bot.get_updates(offset=first[1].update_id + 1, timeout=0) == []

    fake.fail_next("sendMessage", "Bad Request: chat not found")
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.send_message(group.id, "x")
    await bot.send_message(group.id, "x")

    with pytest.raises(TimeoutError, match="recent API calls"):
        await fake.wait_for(lambda f: False, timeout=0.05, what="never")
