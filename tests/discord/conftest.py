"""Discord end-to-end fixtures: the real client (discord.py REST + interaction parsing, service,
SQLite file) against the fake Discord; helpers that play as the users would."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.client import DiscordApp, build_discord
from bot.settings import Settings
from tests.discord.fake import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.kit.databases import migrated_sqlite
from tests.kit.store import current_match as current_match

SEED = 20261129
STALE = "This button is out of date: use the newest message."
Kozyr = Callable[..., AbstractAsyncContextManager[DiscordApp]]


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """The fake Discord. Afterwards: every interaction was acknowledged within 3 seconds and
    once, and no message broke Discord's limits."""
    async with FakeDiscord() as server:
        monkeypatch.setattr(discord.http.Route, "BASE", f"{server.base_url}/api/v10")
        yield server
        late = [(i.kind, i.source and i.source.custom_ids, i.acked_after)
                for i in server.unanswered()]
        assert not late, f"interactions not acknowledged in time: {late}"
        invalid = [r for r in server.refused if "50035" in r or "40060" in r]
        assert not invalid, f"Discord would refuse: {invalid}"


@pytest.fixture
async def db_url(tmp_path: Path) -> str:
    """A SQLite file migrated to the newest revision (a template copied: tests/kit/databases)."""
    return await migrated_sqlite(tmp_path / "kozyr.sqlite3")


@pytest.fixture
def kozyr(fake: FakeDiscord, db_url: str) -> Kozyr:
    """``async with kozyr() as app``: a logged-in bot; leaving the block stops it (a restart)."""

    @asynccontextmanager
    async def run(seed: int = SEED, **overrides: Any) -> AsyncIterator[DiscordApp]:
        values: dict[str, Any] = {"bot_delay": 0.0, **overrides}
        settings = Settings(discord_token=fake.token, database_url=db_url, default_lang="en",
                            _env_file=None, **values)  # type: ignore[call-arg]
        app = await build_discord(settings, new_seed=lambda: seed)
        fake.attach(app.client)
        try:
            yield app
        finally:
            await app.close()

    return run


@pytest.fixture
def club(fake: FakeDiscord) -> tuple[FakeChannel, FakeUser, FakeUser]:
    """A channel and two friends."""
    return (fake.channel(700_000_000_000_000_001, "cards"), fake.user(101, "Alice"),
            fake.user(102, "Bob"))


async def open_lobby(fake: FakeDiscord, channel: FakeChannel, creator: FakeUser,
                     others: list[FakeUser], game: str = "deberts") -> FakeMessage:
    """``/new <game>``; everyone else joins."""
    await fake.slash(creator, channel, "new", game=game)
    lobby = fake.find(channel, "new table")
    assert lobby is not None, [m.text for m in fake.channel_messages(channel)]
    for user in others:
        joined = await fake.press_button(user, lobby, "Join")
        assert joined.notice == "You are at the table.", joined.notices
    return lobby


async def my_hand(fake: FakeDiscord, user: FakeUser, channel: FakeChannel) -> FakeMessage:
    """Press "My hand" under the table message; return the hand shown."""
    pressed = await fake.press_button(user, fake.table_message(channel), "My hand")
    hand = pressed.original
    assert hand is not None and hand.is_hand and hand.ephemeral_for == user.id, pressed.notices
    return hand


def _option_component(lobby: FakeMessage, key: str) -> tuple[str, list[str] | None]:
    """The lobby's component setting ``key`` next: (button id, None), or (menu id, [value])."""
    for row in lobby.rows:
        for c in row:
            if c.get("type") == 3:
                for o in c["options"]:
                    if f":opt:{key}=" in o["value"]:
                        return c["custom_id"], [o["value"]]
            elif f":opt:{key}=" in c.get("custom_id", ""):
                return c["custom_id"], None
    raise AssertionError(f"no option {key!r} on the lobby: {lobby.labels}")


async def set_lobby_options(fake: FakeDiscord, creator: FakeUser, lobby: FakeMessage,
                            options: Mapping[str, object]) -> None:
    """The table's creator presses each option's lobby component (a button "Playing to: 501 →
    1001", or a choice menu's option when the buttons are folded; id
    ``kz:l:table:opt:key=next``) until it has set ``options`` (key: engine or table option,
    value: one of its choices), each press answered "Done."; AssertionError if a value is not
    among the component's choices."""
    for key, value in options.items():
        for _ in range(16):  # an option has fewer choices than this
            custom_id, values = _option_component(lobby, key)
            assert (await fake.press(creator, lobby, custom_id, values=values)).notice == "Done."
            if (values or [custom_id])[0].endswith(f":opt:{key}={value}"):
                break
        else:
            raise AssertionError(f"the lobby never offered {key}={value}")


async def open_table(fake: FakeDiscord, channel: FakeChannel, alice: FakeUser,
                     bob: FakeUser, options: Mapping[str, object] | None = None
                     ) -> FakeMessage:
    """Alice opens a Deberts table, Bob joins, Alice sets the lobby's ``options``
    (``set_lobby_options``; none: the defaults), Alice starts, both ask for their hands."""
    lobby = await open_lobby(fake, channel, alice, [bob])
    await set_lobby_options(fake, alice, lobby, options or {})
    started = await fake.press_button(alice, lobby, "Start")
    assert started.notice == "Done."
    for user in (alice, bob):
        await my_hand(fake, user, channel)
    return lobby


def version_of(custom_id: str) -> int:
    """The state version a game button (``kz:a:t:v:code``, ``kz:x:t:v:prefix``) carries."""
    return int(custom_id.split(":")[3])


def moves_on(message: FakeMessage) -> list[tuple[str, list[str] | None]]:
    """The game components of a hand: (custom id, None) per button, (menu id, [value]) per
    option of a choice menu."""
    found: list[tuple[str, list[str] | None]] = []
    for row in message.rows:
        for c in row:
            if c.get("type") == 3:
                found += [(c["custom_id"], [o["value"]]) for o in c["options"]]
            elif c.get("custom_id", "")[:5] in ("kz:a:", "kz:x:"):
                found.append((c["custom_id"], None))
    return found


def game_id(move: tuple[str, list[str] | None]) -> str:
    """The custom id a move stands for (a menu option's value, or the button's id)."""
    return move[1][0] if move[1] else move[0]


def versions(fake: FakeDiscord, players: list[FakeUser]) -> list[int]:
    """Versions of every game button on the players' hands."""
    return [version_of(game_id(m)) for u in players if (h := fake.hand(u)) for m in moves_on(h)]


async def wait_redrawn(fake: FakeDiscord, players: list[FakeUser], version: int,
                       channel: FakeChannel) -> None:
    """Wait until the move made at ``version`` is drawn: no hand shows a button of that
    version any more, and some hand shows newer ones, or the match is over."""

    def done(f: FakeDiscord) -> bool:
        seen = versions(f, players)
        if not seen:
            return f.find(channel, "🏆") is not None
        return all(v > version for v in seen)

    await fake.wait_for(done, what=f"the hands redrawn after version {version}")


def to_move(fake: FakeDiscord, channel: FakeChannel, players: list[FakeUser]) -> FakeUser | None:
    """The player the table message names to move (None once the match is over)."""
    table = next((m for m in reversed(fake.channel_messages(channel)) if "▶ " in m.text), None)
    line = next((s for s in table.text.splitlines() if s.startswith("▶ ")), "") if table else ""
    return next((u for u in players if u.name in line), None)


async def play_moves(fake: FakeDiscord, players: list[FakeUser], channel: FakeChannel,
                     rng: random.Random, *, limit: int, ask_hand: bool = False,
                     after_move: Callable[[], Any] | None = None) -> int:
    """Press a random game component on the hand of whoever has some (one that opens a
    choice opens it, and the next press is among its moves); return moves made.

    ``ask_hand``: a player whose hand may be out of date (after a restart, a dead token, closed
    DMs) plays as a person would: the one the table names presses "My hand" when his hand shows
    no moves or a press is refused as out of date. Without it every hand must be kept current
    by the bot alone.
    """
    moves = 0
    while moves < limit:
        movers = [(u, h) for u in players if (h := fake.hand(u)) and moves_on(h)]
        if ask_hand:
            user = to_move(fake, channel, players)
            if user is None:
                return moves
            hand = fake.hand(user)
            if hand is None or not moves_on(hand):
                await my_hand(fake, user, channel)
                continue
        elif not movers:
            return moves
        else:
            assert len(movers) == 1, "two players have buttons at once"
            user, hand = movers[0]
        move = rng.choice(moves_on(hand))
        pressed = await fake.press(user, hand, move[0], values=move[1])
        yes = "kz:k:" + game_id(move)[5:]
        asked = fake.hand(user)
        if not pressed.notices and game_id(move).startswith("kz:a:") and asked is not None \
                and any(c.get("custom_id") == yes for row in asked.rows for c in row):
            pressed = await fake.press(user, asked, yes)  # the misclick guard asked: "Yes"
        if ask_hand and pressed.notices == [STALE]:
            await my_hand(fake, user, channel)
            continue
        assert not pressed.notices, f"a legal move was refused: {pressed.notices}"
        if game_id(move).startswith("kz:x:"):
            continue  # a choice opened (an auction's level): its moves are on the hand now
        if not ask_hand:  # the press was handled, redraws included: every hand is current
            await wait_redrawn(fake, players, version_of(game_id(move)), channel)
        moves += 1
        if after_move is not None:
            result = after_move()
            if hasattr(result, "__await__"):
                await result
    return moves




async def only_table_id(app: DiscordApp) -> int:
    """The id of the one unfinished table."""
    async with app.store.transaction() as tx:
        rows = await tx.unfinished_tables()
    assert len(rows) == 1
    return int(rows[0].id or 0)
