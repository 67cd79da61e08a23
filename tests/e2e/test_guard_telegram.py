"""The misclick guard end to end (issue #18, item 4): drastic calls ask for a second tap.

Four players at a Bazar-Belot table, the real aiogram stack against the fake Bot API: a kapo on
one hand asks "confirm?" on the caller's hand message, changes nothing until "Yes", "No" goes
back to every move, a question asked before the table moved on is refused, a stranger's forged
"Yes" does nothing, the question survives a restart, and ``/confirm off`` makes a contra at the
first tap.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, version_of
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.e2e.test_bazar_belot_telegram import _open_table, _table_id


def _data(message: FakeMessage | None, ending: str, kind: str = "a|") -> str:
    """The callback data of the button on ``message`` whose data ends with ``ending``."""
    assert message is not None
    found = [b.data for row in message.buttons for b in row
             if b.data and b.data.startswith(kind) and b.data.endswith(ending)]
    assert found, f"no {kind}…{ending} button on {message.buttons!r}"
    return found[0]


async def _codes(app: Any, table_id: int) -> list[tuple[int, str]]:
    """The calls stored, without the "nothing" the bot declares at once for the leader when it
    is his only declaration (BB-MELD-4, bot/state/forced.py): these tests count the calls."""
    async with app.store.transaction() as tx:
        return [(a.seat, a.code) for a in await tx.actions(table_id) if a.code != "declare:none"]


async def _ask(fake: FakeTelegram, user: FakeUser, code: str) -> FakeMessage:
    """``user`` taps ``code`` (opening its choice first if needed); returns his hand asking
    to confirm it."""
    hand = hand_message(fake, user)
    assert hand is not None
    prefix = ":".join(code.split(":")[:2])
    if not any(b.data and b.data.endswith("|" + code) for row in hand.buttons for b in row):
        answer = await fake.press(user, hand, _data(hand, "|" + prefix, "x|"))
        assert not answer.text
        hand = hand_message(fake, user)
    answer = await fake.press(user, hand, _data(hand, "|" + code))
    assert not answer.text  # the question is on the hand message, no toast
    return await fake.wait_for(
        lambda f: (m := hand_message(f, user)) and "confirm?" in (m.text or "") and m,
        what=f"{user.first_name} asked to confirm {code}")


async def test_kapo_on_one_hand_asks_first(  # BB-BID-4, BB-BID-11
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    users = [alice, bob, carol, dave]  # seats 0..3: Alice and Carol against Bob and Dave
    async with kozyr() as app:
        await _open_table(fake, group, users)
        table_id = await _table_id(app)
        kapo = _data(hand_message(fake, carol), "|bid:kapo1", "x|")
        asked = await _ask(fake, carol, "bid:kapo1:S")
        assert "Kapo on one hand ♠ — confirm?" in (asked.text or "")
        assert [b.text for row in asked.buttons for b in row] == \
            ["✅ Yes: Kapo on one hand ♠", "✖ No, back"]
        assert await _codes(app, table_id) == []  # nothing is made by the first tap
        # a second tap on the call (an older copy of the keyboard) asks again, makes nothing
        answer = await fake.press(carol, asked, kapo.replace("x|", "a|") + ":S", strict=False)
        assert not answer.text
        await fake.settle()
        assert await _codes(app, table_id) == []
        asked = hand_message(fake, carol)
        assert asked is not None and "confirm?" in (asked.text or "")
        answer = await fake.press(carol, asked, _data(asked, "|bid:kapo1:S", "k|"))
        assert not answer.text
        assert await _codes(app, table_id) == [(2, "bid:kapo1:S")]
        # the others see the call; Carol's hand no longer asks
        await fake.wait_for(lambda f: (m := hand_message(f, carol))
                            and "confirm?" not in (m.text or ""), what="Carol's hand redrawn")


async def test_question_no_stale_restart_stranger_and_off(  # BB-BID-4, BB-BID-13, BB-BID-15
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    stranger = fake.user(999, "Mallory")

    def seat(user: FakeUser) -> int:
        return seated.index(user)
    seated = [alice, bob, carol, dave]  # seats 0..3: pairs 0-2 and 1-3
    async with kozyr() as app:
        await _open_table(fake, group, seated)
        table_id = await _table_id(app)
        # the lots decide the first dealer: name the players from the one on turn
        first = next(i for i, u in enumerate(seated)
                     if "Your move" in (hand_message(fake, u).text or ""))  # type: ignore[union-attr]
        users = seated[first:] + seated[:first]
        alice, bob, carol, dave = users  # Alice on turn, Carol her partner, then Bob, Dave

        # "No" goes back to every move, nothing made
        asked = await _ask(fake, carol, "bid:kapo1:S")
        answer = await fake.press(carol, asked, _data(asked, "|", "x|"))
        assert not answer.text
        hand = await fake.wait_for(
            lambda f: (m := hand_message(f, carol)) and "confirm?" not in (m.text or "")
            and any("Kapo on one hand" in b.text for row in m.buttons for b in row) and m,
            what="Carol's moves back")
        assert await _codes(app, table_id) == []

        # asked, then the table moves on (Alice passes): the old "Yes" is refused
        asked = await _ask(fake, carol, "bid:kapo1:S")
        old_yes = _data(asked, "|bid:kapo1:S", "k|")
        answer = await fake.press(alice, hand_message(fake, alice),
                                  _data(hand_message(fake, alice), "|pass"))
        assert not answer.text
        answer = await fake.press(carol, asked, old_yes, strict=False)
        assert answer.text == "This question is out of date: the table has moved on. " \
                              "Nothing was done."
        assert await _codes(app, table_id) == [(seat(alice), "pass")]

        # Dave is asked; the bot restarts before he answers; his "Yes" still works after it
        asked = await _ask(fake, dave, "bid:kapo1:H")
        yes = _data(asked, "|bid:kapo1:H", "k|")
    async with kozyr() as app:
        # a stranger's forged "Yes" changes nothing
        answer = await fake.press(stranger, asked, yes, strict=False)
        assert answer.text == "You are not playing at this table."
        assert await _codes(app, table_id) == [(seat(alice), "pass")]
        answer = await fake.press(dave, asked, yes, strict=False)
        assert not answer.text
        assert await _codes(app, table_id) == [(seat(alice), "pass"),
                                               (seat(dave), "bid:kapo1:H")]
        # a double press of "Yes" makes it once
        answer = await fake.press(dave, asked, yes, strict=False)
        assert "out of date" in answer.text
        assert len(await _codes(app, table_id)) == 2

        # Alice turns the guard off: her contra is made at the first tap
        await fake.send_text(fake.private(alice), alice, "/confirm off")
        said = await fake.wait_for_message(alice, text_contains="first tap")
        assert "/confirm on" in (said.text or "")
        hand = await fake.wait_for(
            lambda f: (m := hand_message(f, alice)) and any(
                b.data and b.data.endswith("|contra") for row in m.buttons for b in row) and m,
            what="Alice may double")
        mark = version_of(_data(hand, "|contra"))
        answer = await fake.press(alice, hand, _data(hand, "|contra"))
        assert not answer.text
        await fake.wait_for(lambda f: all(version_of(b.data) > mark
                                          for u in users if (m := hand_message(f, u))
                                          for row in m.buttons for b in row if b.data),
                            what="the contra drawn")
        assert (await _codes(app, table_id))[-1] == (seat(alice), "contra")

        # Bob's guard is on: his recontra asks, and "Yes" makes it
        asked = await _ask(fake, bob, "recontra")
        assert "Recontra — confirm?" in (asked.text or "")
        answer = await fake.press(bob, asked, _data(asked, "|recontra", "k|"))
        assert not answer.text
        assert (await _codes(app, table_id))[-1] == (seat(bob), "recontra")
        # /confirm without a word (or with garbage) says how it is set, and changes nothing
        for text in ("/confirm", "/confirm maybe"):
            await fake.send_text(fake.private(bob), bob, text)
            said = await fake.wait_for_message(bob, text_contains="/confirm off")
            assert "asks you to confirm" in (said.text or "")
        await fake.send_text(group, alice, "/confirm")  # in the group: her own setting
        said = await fake.wait_for_message(group, text_contains="/confirm on")
        assert "first tap" in (said.text or "")
