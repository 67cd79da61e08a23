"""Takeback requests, answers and notices between players with hostile names (``<b>x``,
``A & B``, ``</i>``), end to end through the fake Bot API, which parses HTML as Telegram does:
no call is refused with "can't parse entities", every text shows the names as typed (escaped
once), and no request is left stuck."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeTelegram
from tests.kit.telegram import (
    TAKE_BACK,
    ask_take_back,
    mover_and_other,
    open_deberts,
    press_first_move,
)

NAMES = [("<b>x", "</i>"), ("A & B", "<i>"), ("</i>", "&amp;")]


def _refused(fake: FakeTelegram) -> list[str]:
    return [f"{c.method}: {c.response.get('description')}" for c in fake.calls()
            if c.status == 400 and "parse entities" in str(c.response.get("description"))]


@pytest.mark.parametrize(("first", "second"), NAMES)
async def test_takeback_between_hostile_names(fake: FakeTelegram, kozyr: Any,
                                              first: str, second: str) -> None:
    group = fake.group(-100777, "</b> & <club>")
    users = [fake.user(201, first, last_name="<u>"), fake.user(202, second, username="a_b")]
    async with kozyr():
        await open_deberts(fake, group, users)
        mover, other = mover_and_other(fake, users)
        await press_first_move(fake, users, mover)
        asked = await ask_take_back(fake, mover, other)
        assert not _refused(fake), _refused(fake)
        await fake.wait_for_message(group, text_contains="asks to take back")
        assert mover.first_name in (asked.text or ""), asked.text
        decline = asked.find_button(text="✖ Decline")
        assert decline is not None and decline.data
        assert not (await fake.press(other, asked, decline.data)).text
        await fake.wait_for_message(group, text_contains="declined")
        assert not _refused(fake), _refused(fake)
        asked = await ask_take_back(fake, mover, other)
        accept = asked.find_button(text="✅ Accept")
        assert accept is not None and accept.data
        assert not (await fake.press(other, asked, accept.data)).text
        done = await fake.wait_for_message(group, text_contains="agreed")
        assert not _refused(fake), _refused(fake)
        assert f"{mover.first_name}" in (done.text or ""), done.text
        await fake.wait_for(lambda f: (m := hand_message(f, mover)) and "Your move" in
                            (m.text or "") and not any(b.text.startswith(TAKE_BACK)
                                                       for row in m.buttons for b in row),
                            what="the mover to move again")
        assert not _refused(fake), _refused(fake)


async def test_a_name_changed_mid_match_to_markup(fake: FakeTelegram, kozyr: Any) -> None:
    """A player renames himself to ``</b><i>&`` mid-match, then presses his move and asks to
    take it back: the notices and hands carry the name with no message refused."""
    group = fake.group(-100778, "Club")
    users = [fake.user(211, "Anna"), fake.user(212, "Boris")]
    async with kozyr():
        await open_deberts(fake, group, users)
        mover, other = mover_and_other(fake, users)
        mover.first_name, mover.last_name = "</b><i>&", "<a href='x'>"
        other.first_name = "&lt;"
        await press_first_move(fake, users, mover)
        asked = await ask_take_back(fake, mover, other)
        await fake.wait_for_message(group, text_contains="asks to take back")
        accept = asked.find_button(text="✅ Accept")
        assert accept is not None and accept.data
        assert not (await fake.press(other, asked, accept.data)).text
        await fake.wait_for_message(group, text_contains="agreed")
        await fake.settle()
        assert not _refused(fake), _refused(fake)
