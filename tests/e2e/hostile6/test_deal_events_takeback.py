"""The deal's events stored apart from the snapshot (``deal_events`` up to ``deal_seq``, each
later move's in its log row), attacked with takebacks: one asked right after a deal's end
(refused: no takeback across a deal's result), one mid-deal and accepted, play going on after
each, a restart mid-deal; after every step the stored match is the log replayed
(tests/kit/store.py ``assert_stored_replays``) and the deal records (📜) of the earlier deal
and the screens still read what they read from the events."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile6._play import deal_number, one_move, play_checked
from tests.kit.store import assert_stored_replays
from tests.kit.telegram import TAKE_BACK, ask_take_back, hand_message, open_deberts


def _offers_take_back(fake: FakeTelegram, user: FakeUser) -> bool:
    hand = hand_message(fake, user)
    return hand is not None and any(b.text.startswith(TAKE_BACK)
                                    for row in hand.buttons for b in row)


async def _take_back(fake: FakeTelegram, mover: FakeUser, other: FakeUser,
                     group: FakeChat) -> None:
    """``mover`` asks to take his move back, ``other`` accepts; returns once it is done."""
    newest = fake.bot_messages(group)[-1]
    asked = await ask_take_back(fake, mover, other)
    accept = next(b.data for row in asked.buttons for b in row if b.text.startswith("✅ Accept"))
    assert not (await fake.press(other, asked, accept)).text
    await fake.wait_for_message(group, text_contains=f"{other.first_name} agreed",
                                after=newest)
    await fake.settle()


async def test_takebacks_around_a_deal_end_keep_the_deal_events(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    rng = random.Random(61)
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users)
        await assert_stored_replays(app, table_id)
        # the whole first deal, checked move by move, up to the move that deals the second
        mover: FakeUser | None = None
        while await deal_number(app, table_id) < 2:
            mover, last = await one_move(fake, users, rng)
            assert last, "the match ended in its first deal"
            await assert_stored_replays(app, table_id)
        assert mover is not None
        # right after the deal's end: no takeback across its result (nothing to ask)
        await fake.settle()
        assert not _offers_take_back(fake, mover), "a takeback offered across a deal's result"
        # mid-deal: a move taken back, then play goes on
        await play_checked(fake, app, table_id, users, rng, moves=3)
        movers = [u for u in users if _offers_take_back(fake, u)]
        assert movers, "no takeback offered mid-deal"
        mover = movers[0]
        other = next(u for u in users if u is not mover)
        await _take_back(fake, mover, other, group)
        await assert_stored_replays(app, table_id)
        assert await deal_number(app, table_id) == 2
        assert await play_checked(fake, app, table_id, users, rng, moves=6) == 6
    async with kozyr() as app:  # a restart mid-deal: the deal's events are read back
        await assert_stored_replays(app, table_id)
        assert await play_checked(fake, app, table_id, users, rng, moves=4) == 4
        # the first deal's record is replayed from the log: posted
        table_msg = fake.bot_messages(group)[-1]
        said = await fake.press(alice, table_msg, f"r|{table_id}|deal|1", strict=False)
        assert said.text in ("", None), said.text
        record = await fake.wait_for_message(group, text_contains="📜", after=table_msg)
        print(record.text)
        # the current deal's record is not given away
        said = await fake.press(alice, table_msg, f"r|{table_id}|deal|2", strict=False)
        assert said.text, "the running deal's record was posted"
