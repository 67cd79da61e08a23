"""Berg's lobby in a Telegram group: what a club reads before the first card (issue #20).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.telegram import open_pair_lobby, start_and_deal


def _price_shown(text: str) -> bool:
    return "price of" in text.lower()


async def test_no_insurance_shows_no_price(fake: FakeTelegram, kozyr: Any,
                                           club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # BERG-OPT-insurance, BERG-OPT-full-price (BERG-INS-6): the price belongs to full insurance
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Clara"), fake.user(104, "Denis")]
    async with kozyr():
        lobby = await open_pair_lobby(fake, group, users, game="berg", title="Berg 2x2")
        # BERG-OPT-enforcement: the lobby says what a value does, not a bare «automatic»
        first = fake.message(group, lobby.message_id).text or ""
        assert "Compulsory order: automatic — on a jack's order the bot lets you play only " \
               "the ordered card" in first, first
        seen: list[tuple[str, bool]] = []
        for _ in range(6):  # none → full → permanent → half → absolute → simple → none
            message = fake.message(group, lobby.message_id)
            text = message.text or ""
            kind = next(line for line in text.splitlines()  # the value, without what it means
                        if line.startswith("Insurance: ")).split(" — ")[0]
            buttons = [b.text for row in message.buttons for b in row]
            seen.append((kind, _price_shown(text) or any(_price_shown(b) for b in buttons)))
            versions = len(message.versions)
            assert (await fake.press_button(alice, message, text_contains="Insurance: ")
                    ).text == "Done."
            await fake.wait_for(lambda f, n=versions:
                                len(f.message(group, lobby.message_id).versions) > n,
                                what="lobby redrawn")
        assert seen[0] == ("Insurance: none", False)
        assert [price for kind, price in seen] == \
            [kind == "Insurance: full insurance" for kind, _ in seen], seen
        await start_and_deal(fake, fake.message(group, lobby.message_id), users)
        for message_id in {m.message_id for m in fake.history(group) if m.from_bot}:
            text = fake.message(group, message_id).text or ""  # as it reads now
            assert not _price_shown(text), text
