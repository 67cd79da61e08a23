"""Fixtures of the records tests: a Store on SQLite (and on PostgreSQL when ``TEST_DATABASE_URL``
is set), a recording messenger, and scripted matches played to their end."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.i18n import Catalogs
from bot.model import Person, Place, Screen, Target
from bot.records.service import Records
from storage import GameTable, Store
from tests.kit.databases import database_url


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A database migrated to the newest revision (tests/kit/databases.py): a SQLite file, or
    a fresh PostgreSQL database."""
    async with database_url(request.param, tmp_path / "records.db", migrated=True) as url:
        yield url


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    s = Store(db_url)
    await s.start()
    try:
        yield s
    finally:
        await s.close()


@dataclass
class Sent:
    """One message the bot sent through `RecordingMessenger`."""

    kind: str  # "text" | "photo" | "document"
    target: Target
    screen: Screen
    data: bytes = b""
    filename: str = ""


@dataclass
class RecordingMessenger:
    """A Messenger that keeps what was sent (no platform)."""

    platform: str = "tg"
    sent: list[Sent] = field(default_factory=list)

    def _id(self) -> str:
        return str(len(self.sent))

    async def send(self, target: Target, screen: Screen) -> str:
        self.sent.append(Sent("text", target, screen))
        return self._id()

    async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
        return message_id

    async def send_photo(self, target: Target, image: bytes, caption: Screen) -> str:
        self.sent.append(Sent("photo", target, caption, image))
        return self._id()

    async def send_document(self, target: Target, data: bytes, filename: str,
                            caption: Screen) -> str:
        self.sent.append(Sent("document", target, caption, data, filename))
        return self._id()

    async def delete(self, target: Target, message_id: str) -> bool:
        return True

    async def is_admin(self, place: Place, person: Person) -> bool:
        return False

    async def is_member(self, place: Place, person: Person) -> bool:
        return True

    def deep_link(self, payload: str) -> str | None:
        return None

    def last(self, kind: str = "text") -> Sent:
        found = [s for s in self.sent if s.kind == kind]
        assert found, f"nothing of kind {kind} was sent"
        return found[-1]


@pytest.fixture(scope="session")
def catalogs() -> Catalogs:
    return Catalogs()


@pytest.fixture
def messenger() -> RecordingMessenger:
    return RecordingMessenger()


@pytest.fixture
def records(store: Store, catalogs: Catalogs, messenger: RecordingMessenger) -> Records:
    return Records(store=store, catalogs=catalogs, messenger=messenger,  # type: ignore[arg-type]
                   default_lang="en")


GROUP = Place("tg", "-100777", "Friday club")
PEOPLE = [Person("tg", str(100 + i), name, name.lower()) for i, name in
          enumerate(["Alice", "Bob", "Carol", "Dave"])]


#: Berg played at random hardly ends (declarations cost points): this order of verbs ends it.
BERG_VERBS = ("frame", "play", "draw", "pass")
#: Options that keep the scripted matches short.
SHORT = {"berg": {"berg_height": 5}}


def play_out(match: engine.Match, seed: int, limit: int = 50_000) -> list[tuple[int, str]]:
    """Play ``match`` to its end with seeded random legal moves; return the actions.

    In Berg, going out comes first (a random Berg match may never end)."""
    rng = random.Random(seed)
    actions: list[tuple[int, str]] = []
    while not match.is_over and len(actions) < limit:
        seat = match.to_move
        if seat is None or not match.legal_actions(seat):
            seat = next(s for s in range(match.players) if match.legal_actions(s))
        codes = match.legal_actions(seat)
        if match.game_id == "berg":
            codes = next(([c for c in codes if c.split(":")[0] == verb] for verb in BERG_VERBS
                          if any(c.split(":")[0] == verb for c in codes)), codes)
        code = rng.choice(codes)
        match.apply(seat, code)
        actions.append((seat, code))
    assert match.is_over, "the scripted match did not end"
    return actions


async def finished_table(store: Store, records: Records, *, game: str, players: list[Person],
                         seed: int, options: dict[str, Any] | None = None,
                         bots: tuple[int, ...] = (), place: Place = GROUP,
                         chosen: Any = None, table_options: dict[str, Any] | None = None,
                         left: tuple[int, ...] = (), by_bot: Any = None
                         ) -> tuple[GameTable, engine.Match]:
    """A table of ``game`` in ``place`` whose match is stored and played to its end (seeded),
    finished as the service finishes one, with ``records.on_match_finished`` called.

    ``players`` sit in seats 0.. (``bots``: seats given to bot players instead); ``chosen``
    (a function of the match) may replace the random play to force an outcome;
    ``table_options`` are the table's own (lobby) options beside the engine's; ``left``: seats
    whose human left with /leave; ``by_bot`` (a function of the action's seq and seat): which
    logged moves the bot made.
    """
    n = len(players)
    opts = dict(SHORT.get(game, {}) if options is None else options)
    match = engine.get_game(game).new_match(players=n, options=opts, seed=seed)
    actions = chosen(match) if chosen else play_out(match, seed)
    async with store.transaction() as tx:
        chat = await tx.upsert_chat(place.platform, place.chat_ext_id, place.title)
        users = [await tx.upsert_user(p.platform, p.ext_id, p.name, p.username) for p in players]
        assert chat.id is not None and users[0].id is not None
        table = await tx.create_table(chat.id, game, users[0].id,
                                      {**opts, **(table_options or {})})
        assert table.id is not None
        for seat, user in enumerate(users):
            if seat in bots:
                await tx.add_seat(table.id, seat, None, bot_level="easy")
            else:
                row = await tx.add_seat(table.id, seat, user.id)
                if seat in left:
                    row.left_match, row.bot_level = True, "normal"
                    await tx.save_seat(row)
        start = engine.get_game(game).new_match(players=n, options=opts, seed=seed)
        await tx.create_match(table.id, seed, n, opts, None, start.to_json())
        for seq, (seat, code) in enumerate(actions, 1):
            await tx.append_action(table.id, seq, seat, code,
                                   by_bot=bool(by_bot and by_bot(seq, seat)))
        await tx.save_snapshot(table.id, match.to_json(), len(actions))
        result = match.score_sheet["result"] or {}
        table.status = "finished"
        table.winner_side = result.get("winner")
        table.result_line = result.get("line")
        await tx.save_table(table)
        await records.on_match_finished(tx, table, match, announce=False)
    return table, match
