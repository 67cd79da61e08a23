"""The deal-record button pressed many times at once, with forged deal numbers, and during a
/stop."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.e2e.test_table_management import _table_id
from tests.kit.store import newest_table_id
from tests.kit.telegram import answers, open_table, play_married_bridge

TITLE = "deal record"


def records(fake: FakeTelegram, group: FakeChat) -> list[FakeMessage]:
    return [m for m in fake.bot_messages(group) if TITLE in (m.text or "")]


def deal_button(message: FakeMessage) -> str:
    data = next((b.data for row in message.buttons for b in row
                 if b.text == "📜 Deal record"), None)
    assert data is not None, message.button_texts
    return data


async def test_many_presses_at_once_post_one_record(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")  # not a player: the record is the group's to read
    async with kozyr():
        await play_married_bridge(fake, group, alice, bob)
        await fake.send_text(group, alice, "/score")
        sheet = await fake.wait_for_message(
            group, predicate=lambda m: "📜 Deal record" in m.button_texts)
        data = deal_button(sheet)
        said = await answers(fake, [fake.press_nowait(u, sheet, data)
                                    for u in (alice, bob, carol) * 4])
        await fake.wait_for(lambda f: records(f, group), what="the record")
        await fake.settle()
        assert len(records(fake, group)) == 1
        assert sorted(a.text or "" for a in said) == [""] + ["Already posted above."] * 11


async def test_forged_deal_numbers(fake: FakeTelegram, kozyr: Any,
                                   club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr():
        await play_married_bridge(fake, group, alice, bob)
        await fake.send_text(group, alice, "/score")
        sheet = await fake.wait_for_message(
            group, predicate=lambda m: "📜 Deal record" in m.button_texts)
        _, t, kind, n = deal_button(sheet).split("|")
        forged = [f"r|{t}|{kind}|{x}" for x in ("0", "-1", str(int(n) + 1), "99999",
                                                str(2 ** 62), "2e3", "", "1|1")]
        forged += [f"r|{t}|dealx|1", f"r|{t}|DEAL|1", f"r|{int(t) + 1}|deal|1"]
        said = await answers(fake, [fake.press_nowait(alice, sheet, d, strict=False)
                                    for d in forged])
        assert all(a.text for a in said), [(d, a.text) for d, a in zip(forged, said, strict=True)]
        await fake.settle()
        assert not records(fake, group)
        refused = [x for x in fake.calls() if x.status == 400]
        assert not refused, refused


async def test_record_pressed_during_a_stop(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The first deal's record pressed (a forged button: the deal is running) together with
    /stop's Yes: refused as not over, or posted whole once the stop made it over; never an
    answer with nothing posted."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        yes = confirm.find_button(text="Yes, stop")
        assert yes.data
        presses = [fake.press_nowait(bob, confirm, f"r|{table_id}|deal|1", strict=False)
                   for _ in range(3)]
        stop = fake.press_nowait(alice, confirm, yes.data)
        said = await answers(fake, [*presses, stop])
        await fake.settle()
        texts = [a.text or "" for a in said[:3]]
        posted = records(fake, group)
        if "" in texts:
            assert len(posted) == 1 and texts.count("") == 1, texts
        else:
            assert not posted
        # after the stop the record is there to ask for, once
        late = await fake.press(bob, confirm, f"r|{table_id}|deal|1", strict=False)
        await fake.settle()
        assert len(records(fake, group)) == 1, (texts, late.text)


async def _stopped_table(fake: FakeTelegram, group: FakeChat, alice: FakeUser, bob: FakeUser,
                         app: Any) -> int:
    """A Deberts table opened and stopped at once: its first deal's record may be asked."""
    await open_table(fake, group, alice, bob)
    table_id = await newest_table_id(app)
    await fake.send_text(group, alice, "/stop")
    confirm = await fake.wait_for_message(
        group, predicate=lambda m: "Stop the game" in (m.text or "") and
        "Yes, stop" in m.button_texts)
    assert (await fake.press_button(alice, confirm, text="Yes, stop")).text
    await fake.settle()
    return table_id


async def test_one_replay_in_flight_per_chat(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A forged client asks the records of many finished deals at once: each is a replay in a
    worker thread, so a chat has one in flight; the others are answered "busy" (nothing
    posted, nothing remembered: the same press later posts it)."""
    import bot.records.service as service

    group, alice, bob = club
    gate = threading.Event()
    running: list[int] = []
    most = [0]
    real = service.deal_record

    def held(export: Any, number: int) -> Any:
        running.append(number)
        most[0] = max(most[0], len(running))
        try:
            gate.wait(10)  # the first replay is held until the other presses are answered
            return real(export, number)
        finally:
            running.remove(number)

    monkeypatch.setattr(service, "deal_record", held)
    async with kozyr() as app:
        first = await _stopped_table(fake, group, alice, bob, app)
        second = await _stopped_table(fake, group, alice, bob, app)
        assert first != second
        sheet = fake.bot_messages(group)[-1]
        asked = [f"r|{t}|deal|1" for t in (first, second)]
        said = [await fake.press(alice, sheet, asked[0], strict=False)]
        said += await answers(fake, [fake.press_nowait(u, sheet, asked[1], strict=False)
                                     for u in (alice, bob, alice)])
        gate.set()
        await fake.wait_for(lambda f: records(f, group), what="the first record")
        await fake.settle()
        assert most[0] == 1, "one replay at a time in a chat"
        assert not said[0].text
        busy = "Another deal record is being prepared here: press again in a moment."
        assert [a.text for a in said[1:]] == [busy] * 3
        assert len(records(fake, group)) == 1
        # nothing lost: the same press now posts the second record
        assert not (await fake.press(bob, sheet, asked[1], strict=False)).text
        await fake.wait_for(lambda f: len(records(f, group)) == 2, what="the second record")
