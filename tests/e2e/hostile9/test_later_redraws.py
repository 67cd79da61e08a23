"""A table whose screens failed (5xx) waits to be drawn again (bot/show/redraw.py): the table
is stopped meanwhile, the bot restarts meanwhile, two tables fail at once. Each time every
hand ends up current, nothing is drawn twice or from a closed bot, and nothing is logged as
a failure of the bot."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import (
    deberts_table,
    game_buttons,
    hand_message,
    mover,
    open_deberts,
    press_move,
    version_of,
    wait_redrawn,
)


def _bot_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The bot's warnings but the failed edits themselves (the attack makes those)."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
            and r.name.startswith(("bot", "storage", "engine", "asyncio"))
            and "not updated" not in r.getMessage()]


async def until(done: Callable[[], bool], what: str, timeout: float = 40.0) -> None:
    """Wait (polling: the bot's own state, not an API call) until ``done()``."""
    async with asyncio.timeout(timeout):
        while not done():
            await asyncio.sleep(0.05)
    assert done(), what


def _redrawn(fake: FakeTelegram, users: list[FakeUser], version: int) -> bool:
    """Every hand shows buttons newer than ``version`` and some hand shows buttons."""
    buttons = [b for u in users for b in game_buttons(hand_message(fake, u))]
    return bool(buttons) and all(version_of(b.data) > version for b in buttons)


async def test_stopped_while_a_redraw_waits(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    """The edits after a move fail (502, every retry); before the redraw comes the match is
    stopped: the hands lose their buttons, the stop is told once, the redraw changes nothing."""
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, group):
        await fake.settle()
        app.service.display.later.delay = 6.0  # time enough to stop the match meanwhile
        user, message, data = mover(fake, users)
        fake.fail_next("editMessageText", "Bad Gateway", error_code=502, times=12)
        assert not (await fake.press(user, message, data)).text  # a bid: no question asked
        await until(lambda: app.service.display.later.pending(table_id), "a redraw waiting")
        await fake.send_text(group, users[0], "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        await fake.press_button(users[0], confirm, text="Yes, stop")
        await until(lambda: not app.service.display.later.pending(table_id), "the redraw")
        await fake.settle()
        for u in users:
            hand = hand_message(fake, u)
            assert hand is not None and not game_buttons(hand), hand and hand.text
        stopped = [m for m in fake.bot_messages(group) if "stopped" in (m.text or "").lower()]
        assert len(stopped) == 1, [m.text for m in stopped]
        assert not _bot_warnings(caplog), _bot_warnings(caplog)


async def test_restarted_while_the_edits_fail(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    """The bot is stopped right after a move whose edits keep failing (they fail while it
    closes): the next start draws the table, the closed bot draws nothing later."""
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users, takebacks=False)
        await fake.settle()
        user, message, data = mover(fake, users)
        before = await stored_actions(app, table_id)
        fake.fail_next("editMessageText", "Bad Gateway", error_code=502, times=12)
        assert not (await fake.press(user, message, data)).text  # a bid: no question asked
        old = app.service.display.later
    assert not old.pending(table_id), "a redraw waits in the bot that closed"
    async with kozyr() as app:
        await fake.wait_for(lambda f: _redrawn(f, users, version_of(data)),
                            what="the hands drawn at the start")
        await asyncio.sleep(3)  # longer than the first wait of a redraw
        await fake.settle()
        assert await stored_actions(app, table_id) == before + 1
        await assert_stored_replays(app, table_id)
    assert not _bot_warnings(caplog), _bot_warnings(caplog)


async def test_two_tables_fail_at_once(fake: FakeTelegram, kozyr: Any) -> None:
    """Two groups' tables; the edits after a move at each fail at once: both are drawn again,
    and each takes its next move."""
    groups = [fake.group(-100201, "One"), fake.group(-100202, "Two")]
    pairs = [[fake.user(201, "Ann"), fake.user(202, "Ben")],
             [fake.user(203, "Cid"), fake.user(204, "Dan")]]
    async with kozyr() as app:
        tables = [await open_deberts(fake, g, p, takebacks=False) for g, p in zip(
            groups, pairs, strict=True)]
        await fake.settle()
        moves = [mover(fake, p) for p in pairs]
        before = [await stored_actions(app, t) for t in tables]
        fake.fail_next("editMessageText", "Internal Server Error", error_code=500, times=24)
        answers = await asyncio.gather(*(press_move(fake, u, m, d, p) for (u, m, d), p in zip(
            moves, pairs, strict=True)))
        assert not any(a.text for a in answers), [a.text for a in answers]
        for (_, _, data), users in zip(moves, pairs, strict=True):
            version = version_of(data)
            await fake.wait_for(lambda f, u=users, v=version: _redrawn(f, u, v),
                                what="the hands redrawn", timeout=60)
        for table_id, users, count in zip(tables, pairs, before, strict=True):
            user, message, data = mover(fake, users)
            assert not (await press_move(fake, user, message, data, users)).text
            await fake.settle()
            assert await stored_actions(app, table_id) == count + 2
            await assert_stored_replays(app, table_id)


@pytest.mark.parametrize("notify", [True, False], ids=["told", "silent"])
async def test_group_upgraded_while_a_redraw_waits(
        fake: FakeTelegram, kozyr: Any, notify: bool,
        caplog: pytest.LogCaptureFixture) -> None:
    """The edits after a move fail (502); before the redraw the basic group becomes a
    supergroup (told by its service message, or silently: learnt from the redraw's edit): the
    table is drawn in the supergroup, every hand is current, the next move is taken."""
    group = fake.group(-4009, "Basic", supergroup=False)
    users = [fake.user(911, "Ann"), fake.user(912, "Ben")]
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users, takebacks=False)
        await fake.settle()
        app.service.display.later.delay = 6.0
        user, message, data = mover(fake, users)
        fake.fail_next("editMessageText", "Bad Gateway", error_code=502, times=12)
        assert not (await fake.press(user, message, data)).text  # a bid: no question asked
        await until(lambda: app.service.display.later.pending(table_id), "a redraw waiting")
        new = fake.upgrade_group(group, -1004009, users[0], notify=notify)
        await fake.wait_for(lambda f: _redrawn(f, users, version_of(data)),
                            what="the hands redrawn", timeout=60)
        await fake.wait_for(lambda f: any((m.text or "").startswith("🃏")
                                          for m in f.bot_messages(new)),
                            what="the table in the supergroup", timeout=60)
        await fake.settle()
        before = await stored_actions(app, table_id)
        user, message, data = mover(fake, users)
        assert not (await press_move(fake, user, message, data, users)).text
        await fake.settle()
        assert await stored_actions(app, table_id) == before + 1
        await assert_stored_replays(app, table_id)
    assert not _bot_warnings(caplog), _bot_warnings(caplog)


async def test_the_last_move_of_a_match_fails_to_show(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    """One deal for stakes (DB-SHORT): the edits after its last card fail (502, every retry):
    the match is over once, its result posted once, the redraw takes the buttons away."""
    from tests.e2e.test_deberts_variants_telegram import open_variant
    from tests.kit.store import current_match

    group, alice, bob = club
    users = [alice, bob]
    rng = random.Random(5)
    async with kozyr() as app:
        await open_variant(fake, group, users, {"Game": "one deal, no bait"})
        async with app.store.transaction() as tx:
            table_id = int((await tx.unfinished_tables())[0].id)  # type: ignore[arg-type]
        for _ in range(200):
            match = await current_match(app, table_id)
            if match.is_over:
                break
            last = sum(len(match.view(s)["hand"]) for s in range(match.players)) == 1
            user, message, data = mover(fake, users)
            data = rng.choice([b.data for b in game_buttons(message)
                               if b.data.startswith("a|")] or [data])
            if last:
                fake.fail_next("editMessageText", "Bad Gateway", error_code=502, times=12)
                assert not (await fake.press(user, message, data)).text
                await until(lambda: app.service.display.later.pending(table_id),
                            "a redraw waiting")
                await until(lambda: not app.service.display.later.pending(table_id),
                            "the redraw")
            else:
                mark = fake.mark()
                assert not (await press_move(fake, user, message, data, users)).text
                await wait_redrawn(fake, users, version_of(data), since=mark)
            await fake.settle()
        else:
            raise AssertionError("the deal never ended")
        await fake.settle()
        results = [m for m in fake.bot_messages(group) if (m.text or "").startswith("🏆")]
        assert len(results) == 1, [m.text for m in results]
        for u in users:
            assert not game_buttons(hand_message(fake, u)), u.first_name
        await assert_stored_replays(app, table_id)
    assert not _bot_warnings(caplog), _bot_warnings(caplog)


async def test_bot_removed_while_a_redraw_waits(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    """The edits after a move fail (502); before the redraw an admin removes the bot from the
    group, then adds it back: the redraw does not keep trying a chat that refuses it (403), and
    nothing is logged as the bot's failure."""
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, group):
        await fake.settle()
        app.service.display.later.delay = 4.0
        fake.set_admin(group, users[0])
        user, message, data = mover(fake, users)
        fake.fail_next("editMessageText", "Bad Gateway", error_code=502, times=12)
        assert not (await fake.press(user, message, data)).text  # a bid: no question asked
        await until(lambda: app.service.display.later.pending(table_id), "a redraw waiting")
        fake.kick_bot(group, users[0])
        await until(lambda: not app.service.display.later.pending(table_id), "the redraw")
        await fake.settle()
        await asyncio.sleep(0.5)
        assert not app.service.display.later.pending(table_id), "tried again in a closed chat"
        fake.add_bot_back(group, users[0])
        await fake.settle()
        assert not app.service.display.later.pending(table_id)
    assert not _bot_warnings(caplog), _bot_warnings(caplog)
