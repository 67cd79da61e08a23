"""Telegram delivery (issue #11): the outgoing queue against the fake Bot API with flood limits.

Telegram allows a bot about one message a second in a chat, twenty a minute in a group and
thirty a second overall. The fake enforces those limits here with its windows scaled down
(``RateLimits.time_scale``), and the bot keeps the same scaled limits (``telegram_rate_scale``),
so a minute of a busy table takes seconds. No test may see a 429 the bot caused by itself.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import pytest

from bot.model import Screen, Target
from bot.show.display import with_sides
from bot.show.table import render_table
from bot.state.load import load
from tests.e2e.conftest import (
    current_match,
    hand_message,
    open_table,
    play_moves,
    table_message,
)
from tests.e2e.fake import ApiCall, FakeChat, FakeTelegram, FakeUser, RateLimits
from tests.kit.store import only_table_id as _table_id

#: Windows of the limits in these tests: 1 s -> 0.1 s, a minute -> 6 s.
SCALE = 0.1
SENDS = ("sendMessage", "editMessageText", "sendPhoto", "sendDocument")


def _sent_to(fake: FakeTelegram, chat_id: int, *, since: int = 0) -> list[ApiCall]:
    """Successful sends and edits to one chat (what Telegram counts against its limits)."""
    return [c for c in fake.calls(since=since) if c.method in SENDS and c.ok
            and c.params.get("chat_id") == chat_id]


def _flooded(fake: FakeTelegram) -> list[ApiCall]:
    return [c for c in fake.calls() if c.status == 429]


def _no_clock(text: str) -> str:
    """``text`` without the clock line (seconds left, which change while the test runs)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("⏱"))


async def _newest_table_text(app: Any, table_id: int) -> str:
    """The table message's HTML for the stored state, rendered as the display renders it."""
    display = app.service.display
    async with app.store.transaction() as tx:
        loaded = await load(tx, table_id)
    info, tr = display._info(loaded)
    match = await current_match(app, table_id)
    screen = render_table(tr, with_sides(info, match), match.public_view())
    return str(screen.text)


async def test_burst_of_moves_keeps_the_group_limit_and_shows_the_newest_state(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11: a burst of moves in one group yields at most 20 group messages in any rolling
    minute (sends and edits), never a 429, and the table message ends on the newest state."""
    group, alice, bob = club
    fake.rate_limits = RateLimits(time_scale=SCALE)
    async with kozyr(telegram_rate_scale=SCALE) as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        mark = fake.mark()
        moves = await play_moves(fake, [alice, bob], random.Random(11), limit=60)
        await app.service.display.drain()
        sent = _sent_to(fake, group.id, since=mark)
        assert not _flooded(fake)
        minute = 60 * SCALE
        for call in sent:
            window = [c for c in sent if call.at <= c.at < call.at + minute]
            assert len(window) <= 20, f"{len(window)} group messages within a minute"
        assert len(sent) < moves, "edits of the table message were coalesced"
        shown = table_message(fake, group).source
        assert shown is not None
        assert _no_clock(shown) == _no_clock(await _newest_table_text(app, table_id))
        assert len(app.outbox) <= 3  # workers of quiet chats are dropped, not kept for ever


async def test_429_is_retried_after_retry_after_and_other_chats_go_on(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11: a 429 is retried after the given ``retry_after``; meanwhile other chats'
    messages are not delayed behind that chat's queue."""
    group, alice, _ = club
    async with kozyr() as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        fake.fail_next("sendMessage", "Too Many Requests: retry after 1", error_code=429,
                       retry_after=1)
        private = asyncio.ensure_future(
            app.outbox.send(Target(str(alice.id), private=True), Screen("one")))
        await fake.wait_for(lambda f: _flooded(f), what="the 429")
        group_id = await app.outbox.send(Target(str(group.id)), Screen("two"))
        group_done = fake.now()
        await private
        flood = _flooded(fake)[0]
        retry = [c for c in _sent_to(fake, alice.id) if c.params.get("text") == "one"]
        assert len(retry) == 1
        assert retry[0].at - flood.finished_at >= 0.95  # the given second, waited out
        assert group_done < retry[0].at, "the group was not held up by the private chat"
        assert fake.message(group, int(group_id)).text == "two"
        await asyncio.sleep(0.05)
        assert len(app.outbox) == 0  # idle chats' workers are dropped (no limits here)


async def test_403_on_a_hand_tells_the_group_with_the_deep_link(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11: a 403 on a private message (the player blocked the bot) produces the group
    notice naming him, with the button that opens the private chat (deep link); his hand is not
    tried again, nor the group told again, until he starts the bot."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        mover = next(u for u in (alice, bob) if (m := hand_message(fake, u)) and m.buttons)
        blocked = bob if mover is alice else alice  # his hand changes on the mover's move
        fake.block_bot(blocked, notify=False)
        message = hand_message(fake, mover)
        assert message is not None
        button = message.buttons[0][0]
        assert button.data is not None
        assert not (await fake.press(mover, message, button.data)).text
        notice = await fake.wait_for_message(group, text_contains="I cannot send cards to")
        assert blocked.first_name in (notice.text or "")
        urls = [b.data for row in notice.buttons for b in row]
        assert urls == ["https://t.me/kozyr_test_bot?start=hand"]
        await app.service.display.drain()
        # his clock runs out and the bot moves for him: no call to his chat, no second notice
        table_id = await _table_id(app)
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        mark = fake.mark()
        await app.service.play.on_deadline(table_id, table.version)
        await app.service.display.drain()
        assert fake.calls("editMessageText", since=mark), "the move was drawn"
        assert not [c for c in fake.calls(since=mark) if c.params.get("chat_id") == blocked.id]
        assert len([m for m in fake.bot_messages(group)
                    if "I cannot send cards" in (m.text or "")]) == 1
        # he unblocks the bot and starts it: his hand comes again
        blocked.blocked = False
        mark = fake.mark()
        await fake.start_bot(blocked)
        await fake.wait_for(lambda f: [c for c in f.calls("editMessageText", since=mark)
                                       if c.ok and c.params["chat_id"] == blocked.id],
                            what="his hand")


async def test_not_modified_is_success(fake: FakeTelegram, kozyr: Any,
                                       club: tuple[FakeChat, FakeUser, FakeUser],
                                       caplog: pytest.LogCaptureFixture) -> None:
    """Issue #11: Telegram's "message is not modified" counts as a delivered edit: nothing is
    raised or logged, and the message keeps its id."""
    group, alice, bob = club
    async with kozyr() as app:
        target = Target(str(group.id))
        message_id = await app.outbox.send(target, Screen("<b>same</b>"))
        mark = fake.mark()
        assert await app.outbox.edit(target, message_id, Screen("<b>same</b>")) == message_id
        assert "message is not modified" in str(fake.calls("editMessageText", since=mark)[0].error)
        await open_table(fake, group, alice, bob)
        fake_not_modified = fake.calls("editMessageText", since=mark)[0].error
        assert fake_not_modified is not None
        mark = fake.mark()
        fake.fail_next("editMessageText", fake_not_modified, times=3)  # the move's three edits
        mover = next(u for u in (alice, bob) if (m := hand_message(fake, u)) and m.buttons)
        message = hand_message(fake, mover)
        assert message is not None and message.buttons[0][0].data is not None
        assert not (await fake.press(mover, message, message.buttons[0][0].data)).text
        await fake.wait_for(lambda f: not f._injected, what="the three edits answered")
        await app.service.display.drain()
        assert fake.calls("editMessageText", since=mark)[-1].error == fake_not_modified
    assert not [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]


async def test_a_move_edits_only_the_table_the_mover_and_the_next_player(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11 "count and minimise API calls per move": a card played mid-trick at a table of
    three edits the table message, the mover's and the next player's hands and, since issue #20
    (a player who has played sees the trick he waits on), the hand of the trick's leader, whose
    card lies in it; nothing else."""
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    players = [alice, bob, carol]
    async with kozyr() as app:
        for user in players:
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        for user in (bob, carol):
            assert (await fake.press_button(user, lobby, text="Join")).text == \
                "You are at the table."
        assert (await fake.press_button(alice, lobby, text="Start")).text == "Done."
        await fake.wait_for(lambda f: all(hand_message(f, u) for u in players), what="hands")
        table_id = await _table_id(app)
        rng = random.Random(5)
        for _ in range(200):  # play on to a card led in the play phase
            match = await current_match(app, table_id)
            view = match.public_view()
            if view["phase"] == "play" and len(view["groups"].get("trick") or ()) == 1 \
                    and match.to_move is not None \
                    and all(c.startswith("play:") for c in match.legal_actions(match.to_move)):
                break
            await play_moves(fake, players, rng, limit=1)
        else:
            pytest.fail("no trick with one card played")
        await app.service.display.drain()
        match = await current_match(app, table_id)
        mover = match.to_move
        assert mover is not None
        mark = fake.mark()
        await play_moves(fake, players, rng, limit=1)
        await app.service.display.drain()
        after = await current_match(app, table_id)
        assert after.to_move not in (None, mover)
        edits = fake.calls("editMessageText", since=mark)
        chats = sorted(c.params["chat_id"] for c in edits)
        leader = next(c["seat"] for c in after.public_view()["groups"]["trick"])
        assert leader not in (mover, after.to_move)
        expected = sorted([group.id, players[mover].id, players[after.to_move].id,
                           players[leader].id])
        assert chats == expected  # 4 calls: the leader's hand shows the trick's second card
        assert not fake.calls("sendMessage", since=mark)  # no event mid-trick


async def test_queued_edits_coalesce_and_posts_keep_their_order(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11: edits of one message still queued are coalesced (only the newest text is
    sent, in the place of the first), and the chat's posts go out in the order they were made."""
    group, _, _ = club
    fake.rate_limits = RateLimits(time_scale=SCALE)
    async with kozyr(telegram_rate_scale=SCALE) as app:
        target = Target(str(group.id))
        table_id = await app.outbox.send(target, Screen("table 0"))
        mark = fake.mark()
        first = app.outbox.post(target, Screen("event 1"))
        edits = [app.outbox.update(target, Screen(f"table {n}"), message=table_id)
                 for n in range(1, 6)]
        last = app.outbox.post(target, Screen("event 2"))
        assert all(e is edits[0] for e in edits)  # one queued edit, newest screen
        assert await edits[0] == table_id
        await asyncio.gather(first, last)
        await app.outbox.drain()
        texts = [c.params["text"] for c in _sent_to(fake, group.id, since=mark)]
        assert texts == ["event 1", "table 5", "event 2"]
        assert not _flooded(fake)


async def test_busy_groups_do_not_starve_a_private_chat(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11: "private messages are never delayed behind another chat's queue": when groups
    use up their share of the global limit (20 of 25 a second), a private message still goes
    at once, from the part of the budget kept for private chats; nothing hits a 429."""
    _, alice, _ = club
    groups = [fake.group(-100200 - n, f"Club {n}") for n in range(30)]
    fake.rate_limits = RateLimits(time_scale=SCALE)
    async with kozyr(telegram_rate_scale=SCALE) as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await asyncio.sleep(SCALE)  # the welcome leaves the windows
        mark = fake.mark()
        posts = [app.outbox.post(Target(str(g.id)), Screen(f"to {g.title}")) for g in groups]
        private = app.outbox.post(Target(str(alice.id), private=True), Screen("your cards"))
        await asyncio.gather(private, *posts)
        calls = [c for c in fake.calls("sendMessage", since=mark) if c.ok]
        to_groups = sorted(c.at for c in calls if c.params["chat_id"] != alice.id)
        mine = next(c.at for c in calls if c.params["chat_id"] == alice.id)
        assert len(to_groups) == 30
        assert mine < to_groups[20], "the private message waited for the groups' budget"
        assert to_groups[20] - to_groups[0] >= SCALE * 0.9  # groups: 20 in any (scaled) second
        assert not _flooded(fake)
        await asyncio.sleep(3 * SCALE)
        # the private chat's worker is gone; each group's stays while its minute holds a call
        assert len(app.outbox) == 30


async def test_a_table_message_that_cannot_be_edited_is_posted_anew_and_kept(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Issue #11: a table message that can no longer be edited (deleted in the group) is
    posted anew; the new id reaches the table (stored after the delivery, outside the lock),
    so the next move edits the new message instead of posting yet another."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        old = table_message(fake, group)
        fake._delete(group, old.message_id)  # an admin removed it
        rng = random.Random(2)
        await play_moves(fake, [alice, bob], rng, limit=1)
        await app.service.display.drain()
        new = table_message(fake, group)
        assert new.message_id != old.message_id
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and table.message_id == str(new.message_id)
        mark = fake.mark()
        await play_moves(fake, [alice, bob], rng, limit=1)
        await app.service.display.drain()
        assert table_message(fake, group).message_id == new.message_id
        assert [c.params["message_id"] for c in fake.calls("editMessageText", since=mark)
                if c.params["chat_id"] == group.id] == [new.message_id]
