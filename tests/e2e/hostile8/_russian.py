"""A Russian club: users whose Telegram speaks Russian, a bot whose default language is
Russian, and a check that no English (or developer) text reached them."""

from __future__ import annotations

import re

from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import game_buttons, hand_message, open_bot

YOUR_MOVE = "Ваш ход"
#: Latin words that may appear in a Russian chat: the players' and the group's names, the
#: bot's name, a clock's zone
ALLOWED = {"kozyr", "Kozyr", "UTC", "Start"}  # Start: the label of Telegram's own button
_LATIN = re.compile(r"[A-Za-z_]{3,}")
#: what a Russian text may name in Latin letters: a command with its argument (/new deberts)
_COMMAND = re.compile(r"/[a-z_]+(?: [a-z_]+)?")


def latin_words(fake: FakeTelegram, chats: list[FakeChat | FakeUser],
                names: set[str]) -> list[tuple[str, str]]:
    """(word, text) for each Latin word of three letters or more in any version of a bot
    message (or button) in ``chats``, but names and ``ALLOWED``: English left untranslated or a
    developer's text (a rule id, a code)."""
    found = []
    for chat in chats:
        for message in fake.bot_messages(chat):
            for version in message.versions:
                texts = [version.text or ""]
                texts += [b.text for row in (message.buttons or []) for b in row]
                for text in texts:
                    for word in _LATIN.findall(_COMMAND.sub(" ", text)):
                        if word not in ALLOWED and not any(word in n for n in names):
                            found.append((word, text))
    return found


def mover(fake: FakeTelegram, users: list[FakeUser]) -> tuple[FakeUser, FakeMessage] | None:
    """The human whose hand says "Ваш ход" and shows game buttons, with that hand message."""
    return next(((u, m) for u in users if (m := hand_message(fake, u)) and game_buttons(m)
                 and YOUR_MOVE in (m.text or "")), None)


async def open_russian_table(fake: FakeTelegram, group: FakeChat, users: list[FakeUser],
                             game: str, *, bots: int = 0) -> int:
    """``users[0]`` opens a ``game`` table, the others join, ``bots`` bot players fill it and
    it starts, pressing the lobby's buttons by their data (their labels are Russian); returns
    the table id once every human has his hand."""
    await open_bot(fake, users)
    await fake.send_text(group, users[0], f"/new {game}")
    lobby = await fake.wait_for(lambda f: next((m for m in f.bot_messages(group) if any(
        b.data and b.data.endswith("|start|") for row in m.buttons for b in row)), None),
        what="the lobby")
    assert isinstance(lobby, FakeMessage)
    start = next(b.data for row in lobby.buttons for b in row
                 if b.data and b.data.endswith("|start|"))
    table_id = int(start.split("|")[1])
    for user in users[1:]:
        assert (await fake.press(user, lobby, f"l|{table_id}|join|", strict=False)).text
    for _ in range(bots):
        data = next(b.data for row in fake.message(group, lobby.message_id).buttons
                    for b in row if b.data and b.data.startswith(f"l|{table_id}|bot|"))
        await fake.press(users[0], fake.message(group, lobby.message_id), data)
    await fake.press(users[0], fake.message(group, lobby.message_id), start)
    await fake.wait_for(lambda f: all(hand_message(f, u) for u in users), what="the hands")
    return table_id
