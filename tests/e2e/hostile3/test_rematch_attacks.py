"""The Rematch button attacked: forged data, a vote racing the expiry job, stale presses after
the expiry, a restart mid-vote, the bot out of the group across a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.state.load import is_suspended
from bot.telegram.callbacks import LobbyCb
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import answers, hand_message, play_married_bridge


def labels(message: FakeMessage) -> list[str]:
    return [b.text for row in message.buttons for b in row]


async def _finished(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                    bob: FakeUser) -> tuple[FakeMessage, int]:
    await play_married_bridge(fake, group, alice, bob)
    result = await fake.wait_for_message(group, text_contains="🏆", after=0)
    data = result.buttons[0][0].data
    assert data is not None
    return result, int(data.split("|")[1])


async def _tables(app: Any) -> list[Any]:
    async with app.store.transaction() as tx:
        return list(await tx.unfinished_tables())


async def test_forged_rematch_data(fake: FakeTelegram, kozyr: Any,
                                   club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        result, table_id = await _finished(fake, group, alice, bob)
        await fake.send_text(group, alice, "/new deberts")  # a lobby: not a finished match
        lobby = await fake.wait_for_message(group, text_contains="new table")
        lobby_id = int(next(b.data for row in lobby.buttons for b in row if b.data)
                        .split("|")[1])
        forged = [LobbyCb(t=t, op="rematch", arg="").pack()
                  for t in (lobby_id, table_id + 1000, 2 ** 62, 0)]
        forged += [f"l|{table_id}|rematch|x" * 3, f"l|-{table_id}|rematch|",
                   f"l|{table_id}|rematch", f"l|{table_id}e0|rematch|", "l|||"]
        said = await answers(fake, [fake.press_nowait(alice, result, d, strict=False)
                                    for d in forged])
        assert all(a.text for a in said), said
        await fake.settle()
        assert labels(fake.message(group, result.message_id)) == ["🔁 Rematch"]
        assert [t.status for t in await _tables(app)] == ["lobby"]
        refused = [x for x in fake.calls() if x.status == 400]
        assert not refused, refused


async def test_last_vote_racing_the_expiry_job(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Bob's last vote and the offer's expiry job at the same moment: either the rematch
    starts or the offer is over, and either way no Rematch button is left to press."""
    group, alice, bob = club
    async with kozyr() as app:
        result, table_id = await _finished(fake, group, alice, bob)
        await fake.settle()
        await fake.press_button(alice, result, text="🔁 Rematch")
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                            == ["🔁 Rematch · 1/2"], what="the count")
        data = fake.message(group, result.message_id).buttons[0][0].data
        assert data
        press = fake.press_nowait(bob, fake.message(group, result.message_id), data)
        job = asyncio.create_task(app.service.rematch.on_expired(table_id, 0))
        await answers(fake, [press])
        await job
        await fake.settle()
        assert labels(fake.message(group, result.message_id)) == []
        assert [t.status for t in await _tables(app)] == ["playing"]


async def test_stale_presses_after_the_expiry_and_a_restart(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Alice votes; the bot is down while the offer expires; after the restart the button is
    gone, and presses from clients that still show it (both players, twice, at once) start
    nothing and bring no button back."""
    group, alice, bob = club
    async with kozyr(lobby_timeout=600):
        result, _ = await _finished(fake, group, alice, bob)
        await fake.press_button(alice, result, text="🔁 Rematch")
        await fake.settle()
        data = fake.message(group, result.message_id).buttons[0][0].data
        assert data
    async with kozyr(lobby_timeout=0.5) as app:
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id)) == [],
                            what="the button gone after the restart")
        said = await answers(fake, [fake.press_nowait(u, result, data, strict=False)
                                    for u in (bob, alice, bob, alice)])
        expired = "The rematch offer has expired: open a new table with /new."
        assert {a.text for a in said} == {expired}, said
        await fake.settle()
        assert labels(fake.message(group, result.message_id)) == []
        assert await _tables(app) == []


async def test_bot_back_while_it_was_down(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Kicked, then added back while the bot was down: after the restart the offer works."""
    group, alice, bob = club
    async with kozyr():
        result, _ = await _finished(fake, group, alice, bob)
        fake.set_admin(group, alice)
        fake.kick_bot(group, by=alice)
        await fake.settle()
    fake.add_bot_back(group, by=alice)
    async with kozyr() as app:
        await fake.settle()
        for _ in range(200):
            answer = await fake.press_button(alice, fake.message(group, result.message_id),
                                             text="🔁 Rematch")
            if "not in this group" not in (answer.text or ""):
                break
            await asyncio.sleep(0.05)
        assert answer.text == "Waiting for Bob to press Rematch too.", answer.text
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                            == ["🔁 Rematch · 1/2"], what="the count")
        answer = await fake.press_button(bob, fake.message(group, result.message_id),
                                         text="🔁 Rematch · 1/2")
        assert answer.text is None
        await fake.settle()
        assert [t.status for t in await _tables(app)] == ["playing"]


@pytest.mark.parametrize("kick_first", [False, True])
async def test_last_vote_racing_the_bots_removal(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        kick_first: bool) -> None:
    """Bob's last vote and the bot's removal at the same moment: a rematch that got in first
    is suspended with the group's other games, one that came after is refused; no table plays
    on in a group the bot is not in, and once it is back the game goes on."""
    group, alice, bob = club
    async with kozyr() as app:
        result, _ = await _finished(fake, group, alice, bob)
        await fake.press_button(alice, result, text="🔁 Rematch")
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                            == ["🔁 Rematch · 1/2"], what="the count")
        data = fake.message(group, result.message_id).buttons[0][0].data
        assert data
        fake.set_admin(group, alice)
        if kick_first:
            fake.kick_bot(group, by=alice)
        press = fake.press_nowait(bob, fake.message(group, result.message_id), data)
        if not kick_first:
            fake.kick_bot(group, by=alice)
        await answers(fake, [press])
        await fake.settle()
        tables = await _tables(app)
        assert all(is_suspended(t) for t in tables), [(t.status, t.options) for t in tables]
        fake.add_bot_back(group, by=alice)
        await fake.settle()
        if tables:
            await fake.wait_for(lambda f: any(
                (h := hand_message(f, u)) is not None and h.buttons for u in (alice, bob)),
                what="a move offered after the return")


async def test_offer_expiring_while_the_bot_is_out(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The expiry job fires while the bot is out of the group (its edit is refused): after
    the return the button still shows; a press says the offer expired and takes it away, the
    result's text unchanged."""
    group, alice, bob = club
    async with kozyr(lobby_timeout=2) as app:
        result, table_id = await _finished(fake, group, alice, bob)
        fake.set_admin(group, alice)
        fake.kick_bot(group, by=alice)
        await fake.settle()
        for _ in range(200):  # the job has run: the message's id is dropped
            async with app.store.transaction() as tx:
                table = await tx.get_table(table_id)
            if table is not None and "rematch_message" not in table.options:
                break
            await asyncio.sleep(0.05)
        fake.add_bot_back(group, by=alice)
        await fake.settle()
        shown = fake.message(group, result.message_id)
        if labels(shown):
            answer = await fake.press(bob, shown, shown.buttons[0][0].data or "")
            assert answer.text == "The rematch offer has expired: open a new table with /new."
            await fake.wait_for(lambda f: labels(f.message(group, result.message_id)) == [],
                                what="the button gone")
        assert fake.message(group, result.message_id).text == result.text
        assert await _tables(app) == []
