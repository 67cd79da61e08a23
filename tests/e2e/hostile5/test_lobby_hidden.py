"""Hostile attacks on the lobby's hidden options (OptionInfo.applies_when, issue #18): a forged
press of an option the lobby does not show for the chosen format; a stake ladder set, the
format switched away and back; the match started with hidden values."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import open_bot


async def _lobby(fake: FakeTelegram, group: FakeChat, alice: FakeUser, bob: FakeUser
                 ) -> tuple[FakeMessage, int]:
    await open_bot(fake, [alice, bob])
    await fake.send_text(group, alice, "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="Deberts")
    table_id = int(lobby.find_button(text="Start").data.split("|")[1])  # type: ignore[union-attr]
    return lobby, table_id


def _buttons(fake: FakeTelegram, group: FakeChat, lobby: FakeMessage) -> list[str]:
    return [b.data or "" for row in fake.message(group, lobby.message_id).buttons for b in row]


async def test_stakes_set_then_the_format_away_and_back(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-OPT-dave-progression applies in the short game with dave only (DB-OPT-format)
    group, alice, bob = club
    async with kozyr() as app:
        lobby, table_id = await _lobby(fake, group, alice, bob)
        assert not any("dave_progression" in d for d in _buttons(fake, group, lobby))
        for arg in ("format=short_dave", "dave_progression=geometric", "format=match"):
            assert (await fake.press(alice, lobby, f"l|{table_id}|opt|{arg}",
                                     strict=False)).text == "Done."
        await fake.wait_for(lambda f: not any("dave_progression" in (b.data or "") for row in
                                              f.message(group, lobby.message_id).buttons
                                              for b in row), what="the ladder hidden")
        assert (await fake.press(alice, lobby, f"l|{table_id}|opt|format=short_dave",
                                     strict=False)).text \
            == "Done."
        await fake.wait_for(lambda f: any("dave_progression=arithmetic" in (b.data or "")
                                          for row in f.message(group, lobby.message_id).buttons
                                          for b in row), what="the ladder shown again")
        assert (await fake.press_button(bob, lobby, text="Join")).text == "You are at the table."
        assert (await fake.press_button(alice, fake.message(group, lobby.message_id),
                                        text="Start")).text == "Done."
        await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                            what="the hands")
        async with app.store.transaction() as tx:
            record = await tx.get_match(table_id)
        assert record is not None
        assert record.options["format"] == "short_dave"
        assert record.options["dave_progression"] == "geometric", record.options  # kept hidden


async def test_a_forged_press_of_a_hidden_option_is_refused(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-OFFER-5: the offer of fifty in a match only
    group, alice, bob = club
    async with kozyr() as app:
        lobby, table_id = await _lobby(fake, group, alice, bob)
        assert (await fake.press(alice, lobby, f"l|{table_id}|opt|format=short_dave",
                                     strict=False)).text \
            == "Done."
        await fake.wait_for(lambda f: not any("offer_fifty" in (b.data or "") for row in
                                              f.message(group, lobby.message_id).buttons
                                              for b in row), what="the offer hidden")
        answer = await fake.press(alice, lobby, f"l|{table_id}|opt|offer_fifty=on",
                                  strict=False)
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        assert table.options.get("offer_fifty") != "on", (answer.text, table.options)
        assert answer.text != "Done.", answer.text
