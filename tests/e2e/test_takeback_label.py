"""A move taken back is named as its button named it before it was made (issue #18, a new
player's pass): Deberts' exchange of the trump seven puts the 7 on the table, so a label drawn
from the table after the move read "Exchange the 7 for 7♠"."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, press_move
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_takeback_telegram import TAKE_BACK, _button, _has
from tests.kit.telegram import mover_and_other
from tests.kit.telegram import open_deberts as _open


async def test_the_exchange_of_the_seven_is_named_with_the_card_it_took(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await _open(fake, group, users)
        mover, other = mover_and_other(fake, users)
        hand = hand_message(fake, mover)
        assert hand is not None
        # the seed deals the mover the trump seven of the up-card's suit: he plays it
        assert not (await press_move(fake, mover, hand, _button(hand, "Play "), users)).text
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover))
                                   and _has(m, "Exchange the 7") and m, what="the exchange")
        label = next(b.text for row in hand.buttons for b in row
                     if b.text.startswith("Exchange the 7"))
        # it names the up-card, a card other than the seven (the seven itself comes first:
        # "Exchange the 7♠ for 10♠", DB-DEAL-6)
        assert label.startswith("Exchange the 7♠ for ") and not label.endswith("7♠"), label
        assert not (await press_move(fake, mover, hand, _button(hand, "Exchange the 7"),
                                     users)).text
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered")
        assert f"{TAKE_BACK}: {label}" in hand.button_texts
        assert not (await fake.press(mover, hand, _button(hand, TAKE_BACK))).text
        told = await fake.wait_for_message(group, text_contains="asks to take back")
        asked = await fake.wait_for(lambda f: (m := hand_message(f, other))
                                    and "asks to take back" in (m.text or "") and m,
                                    what="the other is asked")
        assert label in (told.text or "") and label in (asked.text or ""), told.text
        assert not (await fake.press(other, asked, _button(asked, "✅ Accept"))).text
        await fake.wait_for_message(group, text_contains=f"{other.first_name} agreed")
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        done = table.options["taken_back"]
        assert done and done[-1]["code"] == "swap7"
