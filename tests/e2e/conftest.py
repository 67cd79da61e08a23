"""End-to-end fixtures: the real bot (aiogram polling, service, SQLite) against the fake API."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

import engine
from bot.bootstrap import TelegramApp, build_telegram
from bot.settings import Settings
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.e2e.fake.models import CallbackAnswer

SEED = 20261129


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        yield server


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'kozyr.sqlite3'}"




@pytest.fixture
def kozyr(fake: FakeTelegram, db_url: str) -> Callable[..., object]:
    """``async with kozyr() as app``: a running bot; leaving the block stops it (a restart)."""

    @asynccontextmanager
    async def run(seed: int = SEED, **overrides: object) -> AsyncIterator[TelegramApp]:
        # unspaced sends unless a test asks for (scaled) flood limits: tests/e2e/test_delivery.py
        values: dict[str, object] = {"bot_delay": 0.0, "telegram_rate_scale": 0.0,
                                     "turn_ping": 0.0, **overrides}  # pings: test_ping_telegram
        settings = Settings(telegram_token=fake.token, telegram_api_server=fake.base_url,
                            database_url=db_url, default_lang="en", telegram_poll_timeout=1,
                            _env_file=None, **values)  # type: ignore[call-arg, arg-type]
        app = await build_telegram(settings, new_seed=lambda: seed)
        try:
            async with fake.polling(app.dispatcher, app.bot):
                yield app
        finally:
            await app.close()

    return run


@pytest.fixture
def club(fake: FakeTelegram) -> tuple[FakeChat, FakeUser, FakeUser]:
    """A group with two friends."""
    group = fake.group(-100123, "Friday <club>")
    return group, fake.user(101, "Alice", username="alice"), fake.user(102, "Bob")


#: "Your cards" in every language: what tells a hand message from a table message in a private
#: chat (a table hosted in a private chat shows both there).
YOUR_CARDS = ("Your cards", "Ваши карты", "Ваші карти")


def hand_message(fake: FakeTelegram, user: FakeUser) -> FakeMessage | None:
    """The user's private hand message (the bot's message headed with the table)."""
    found = [m for m in fake.bot_messages(user) if (m.text or "").startswith("🃏")
             and any(w in (m.text or "") for w in YOUR_CARDS)]
    return found[-1] if found else None


def table_message(fake: FakeTelegram, group: FakeChat) -> FakeMessage:
    """The group's table message (the newest one showing whose move it is or the end)."""
    found = [m for m in fake.bot_messages(group)
             if (m.text or "").startswith("🃏") and "new table" not in (m.text or "")]
    assert found, "no table message in the group"
    return found[-1]


async def open_table(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                     bob: FakeUser) -> FakeMessage:
    """Both open the bot; Alice opens a Deberts lobby, Bob joins, Alice starts."""
    for user in (alice, bob):
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, alice, "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="Deberts")
    assert (await fake.press_button(bob, lobby, text="Join")).text == "You are at the table."
    answer = await fake.press_button(alice, lobby, text="Start")
    assert answer.text == "Done."
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")
    return lobby


CARD_RE = re.compile(r"(?:10|[AKQJ987])[♠♥♦♣]")


def version_of(data: str) -> int:
    """The state version a game button (``a|t|v|code``, ``x|t|v|prefix``) was drawn for."""
    return int(data.split("|")[2])


def button_versions(fake: FakeTelegram, players: list[FakeUser]) -> list[int]:
    """Versions of every game button on the players' hand messages."""
    return [version_of(b.data) for u in players if (m := hand_message(fake, u))
            for row in m.buttons for b in row if b.data and b.data[:2] in ("a|", "x|")]


async def wait_redrawn(fake: FakeTelegram, players: list[FakeUser], version: int, *,
                       since: int = 0) -> None:
    """Wait until the move made at ``version`` is drawn: no hand shows a button of that
    version any more, and some hand shows newer buttons, or the match-over message ("🏆")
    was posted after API call number ``since``.

    The bot answers a press before it redraws the messages, so tests wait for this.
    """

    def over(f: FakeTelegram) -> bool:
        return any(str(c.params.get("text", "")).startswith("🏆")
                   for c in f.calls("sendMessage", since=since))

    def done(f: FakeTelegram) -> bool:
        versions = button_versions(f, players)
        if not versions:
            return over(f)
        return all(v > version for v in versions)

    await fake.wait_for(done, what=f"the hands redrawn after version {version}")


async def press_move(fake: FakeTelegram, user: FakeUser, message: FakeMessage, data: str,
                     players: list[FakeUser]) -> CallbackAnswer:
    """Press the game button ``data`` as a player who means it: when the misclick guard asks
    (a drastic call, bot/tables/drastic.py), he presses "Yes". Returns the last answer."""
    answer = await fake.press(user, message, data)
    if answer.text or not data.startswith("a|"):
        return answer
    _, table, version, code = data.split("|", 3)
    yes = f"k|{table}|{version}|{code}"

    def asked_or_made(f: FakeTelegram) -> FakeMessage | bool | None:
        hand = hand_message(f, user)
        if hand is not None and any(b.data == yes for row in hand.buttons for b in row):
            return hand
        return all(  # made: no hand shows a button of its version (none at the match's end)
            version_of(b.data) > int(version) for u in players
            if (m := hand_message(f, u)) for row in m.buttons for b in row
            if b.data and b.data[:2] in ("a|", "x|", "k|"))

    asked = await fake.wait_for(asked_or_made, what=f"{code!r} made or asked about")
    if isinstance(asked, FakeMessage):
        return await fake.press(user, asked, yes)
    return answer


async def play_moves(fake: FakeTelegram, players: list[FakeUser], rng: random.Random, *,
                     limit: int, after_move: Callable[[], object] | None = None) -> int:
    """Press a random button on the hand message of whoever has buttons; return moves made."""
    moves = 0
    while moves < limit:
        movers = [(u, m) for u in players if (m := hand_message(fake, u)) and m.buttons]
        if not movers:
            return moves
        assert len(movers) == 1, "two players have buttons at once"
        user, message = movers[0]
        button = rng.choice([b for row in message.buttons for b in row])
        assert button.data is not None
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, players)
        assert not answer.text, f"a legal button was refused: {answer.text}"
        await wait_redrawn(fake, players, version_of(button.data), since=mark)
        moves += 1
        if after_move:
            result = after_move()
            if hasattr(result, "__await__"):
                await result  # type: ignore[misc]
    return moves


async def current_match(app: TelegramApp, table_id: int) -> engine.Match:
    """The match as stored (the snapshot), for assertions."""
    async with app.store.transaction() as tx:
        record = await tx.get_match(table_id)
        table = await tx.get_table(table_id)
    assert record is not None and table is not None
    return engine.get_game(table.game).from_json(record.snapshot)


async def play_married_bridge(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                              bob: FakeUser, *, limit: int = 300) -> None:
    """Both open the bot; Alice opens a married bridge table, Bob joins, they play it out
    (in fewer than ``limit`` moves)."""
    for user in (alice, bob):
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, alice, "/new married_bridge")
    lobby = await fake.wait_for_message(group, text_contains="Married bridge")
    await fake.press_button(bob, lobby, text="Join")
    await fake.press_button(alice, lobby, text="Start")
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")
    moves = await play_moves(fake, [alice, bob], random.Random(3), limit=limit)
    assert 0 < moves < limit
