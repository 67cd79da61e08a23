"""The rematch use case on a real database (SQLite, and PostgreSQL when configured): a pair
game's rematch keeps the partners together and moves the pairs; an offer expires as a lobby
does; a table open in the place holds the last vote back; only a finished match has one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.i18n import Catalogs
from bot.model import Person
from bot.tables.rematch import rotated, rotated_options
from bot.tables.service import TableService
from storage import GameTable, Store
from storage.models import utcnow
from storage.rematch import RematchRepo
from tests.records.conftest import GROUP, PEOPLE, RecordingMessenger, finished_table

ALICE, BOB, CAROL, DAVE = PEOPLE


@pytest.fixture
async def service(store: Store, messenger: RecordingMessenger) -> AsyncIterator[TableService]:
    service = TableService(store=store, catalogs=Catalogs(),
                           messenger=messenger,
                           default_lang="en", new_seed=lambda: 99, lobby_timeout=600)
    try:
        yield service
    finally:
        service.clock.timers.shutdown()


async def active_here(store: Store) -> GameTable | None:
    """The open table of the group (GROUP)."""
    async with store.transaction() as tx:
        chat = await tx.upsert_chat("tg", GROUP.chat_ext_id, GROUP.title)
        return await tx.active_table(chat.id or 0)


async def finished(service: TableService, game: str, players: list[Person],
                   seed: int) -> int:
    """The id of a finished table of ``game`` (bot/records tests' scripted match)."""
    table, _ = await finished_table(service.store, service.records, game=game,
                                    players=players, seed=seed)
    assert table.id is not None
    return table.id


def test_rotation_keeps_partners_and_moves_the_pairs() -> None:
    new = [rotated(s, 4) for s in range(4)]
    assert new == [1, 2, 3, 0]
    assert {new[0], new[2]} == {1, 3} and {new[1], new[3]} == {0, 2}
    assert [rotated(s, 3) for s in range(3)] == [1, 2, 0]


def test_a_captain_stays_captain_of_his_pair() -> None:
    # Berg: seat 2 captained 0+2 and seat 1 captained 1+3; in the rematch they sit at 3 and 2
    options = {"captain_02": 2, "captain_13": 1, "berg_height": 5}
    assert rotated_options("berg", options, 4) == \
        {"captain_02": 2, "captain_13": 3, "berg_height": 5}
    assert rotated_options("berg", {"captain_02": 0, "captain_13": 3}, 4) == \
        {"captain_02": 0, "captain_13": 1}
    assert rotated_options("deberts", {"target": 501}, 2) == {"target": 501}


async def test_a_pair_game_rematch_starts_with_the_last_vote(
        store: Store, service: TableService, messenger: RecordingMessenger) -> None:
    table_id = await finished(service, "bazar_belot", PEOPLE, 21)
    for person in (ALICE, BOB, CAROL):
        notice = await service.rematch.press(person, table_id)
        assert notice.startswith("Waiting for")
    assert "Dave" in notice and "Alice" not in notice
    assert await service.rematch.press(ALICE, table_id) == \
        "You have asked already. Waiting for Dave."
    assert await service.rematch.press(DAVE, table_id) == ""
    new = await active_here(store)
    assert new is not None and new.status == "playing" and new.id is not None
    async with store.transaction() as tx:
        old = {s.user_id: s.seat for s in await tx.seats(table_id)}
        seats = {s.user_id: s.seat for s in await tx.seats(new.id)}
    assert seats == {u: (s + 1) % 4 for u, s in old.items()}
    pairs = [{u for u, s in seats.items() if s % 2 == p} for p in (0, 1)]
    assert {frozenset(p) for p in pairs} == \
        {frozenset(u for u, s in old.items() if s % 2 == p) for p in (0, 1)}
    assert any("the pairs have changed sides" in s.screen.text for s in messenger.sent)
    # bots are named by seat: after the rotation a bot's number is new, and the notice says so
    # (a player saw his partner "№3" become "№4" under "the same pairs")
    assert any("numbered by their new seats" in s.screen.text for s in messenger.sent)
    assert await service.rematch.press(BOB, table_id) == "The rematch has started already."


async def test_an_old_offer_expires_and_only_a_finished_match_has_one(
        store: Store, service: TableService, messenger: RecordingMessenger) -> None:
    table_id = await finished(service, "deberts", [ALICE, BOB], 11)
    async with store.transaction() as tx:
        stored = await tx.get_table(table_id, lock=True)
        assert stored is not None
        stored.finished_at = utcnow() - timedelta(seconds=601)
        await tx.save_table(stored)
    assert await service.rematch.press(ALICE, table_id) == \
        "The rematch offer has expired: open a new table with /new."
    async with store.transaction() as tx:
        assert await RematchRepo(tx.session).voters(table_id) == set()
    await service.lobby.new_table(GROUP, ALICE, "deberts")
    lobby = await active_here(store)
    assert lobby is not None and lobby.id is not None
    assert await service.rematch.press(ALICE, lobby.id) == \
        "A rematch follows only a match played to its end."
    assert await service.rematch.press(ALICE, 10**9) == service.tr("en")("notice.bad_data")


async def test_an_open_table_holds_the_last_vote_back(
        store: Store, service: TableService, messenger: RecordingMessenger) -> None:
    table_id = await finished(service, "deberts", [ALICE, BOB], 12)
    assert (await service.rematch.press(ALICE, table_id)).startswith("Waiting for Bob")
    await service.lobby.new_table(GROUP, CAROL, "married_bridge")
    assert await service.rematch.press(BOB, table_id) == \
        "A table is already open in this chat: finish or cancel it first."
    opened = await active_here(store)
    assert opened is not None and opened.id is not None
    async with store.transaction() as tx:
        assert len(await RematchRepo(tx.session).voters(table_id)) == 1
        lobby = await tx.get_table(opened.id, lock=True)
        assert lobby is not None
        lobby.status = "aborted"
        await tx.save_table(lobby)
    assert await service.rematch.press(BOB, table_id) == ""


async def test_presses_at_once_start_one_rematch(store: Store, service: TableService) -> None:
    table_id = await finished(service, "deberts", [ALICE, BOB], 13)
    notices = await asyncio.gather(service.rematch.press(ALICE, table_id),
                                   service.rematch.press(BOB, table_id),
                                   service.rematch.press(BOB, table_id))
    assert sorted(notices) == sorted(["Waiting for Bob to press Rematch too.", "",
                                      "The rematch has started already."]) or \
        sorted(notices) == sorted(["", "You have asked already. Waiting for Alice.",
                                   "Waiting for Alice to press Rematch too."])
    async with store.transaction() as tx:
        tables = await tx.unfinished_tables()
        assert await RematchRepo(tx.session).voters(table_id) == \
            {s.user_id for s in await tx.seats(table_id)}
    assert len(tables) == 1 and tables[0].status == "playing"
