"""A pair game's lobby on Discord: the same seat buttons as on Telegram (issue #4).

BB-DEAL-1: partners sit opposite, seats 0+2 against 1+3 (shown as 1+3 and 2+4). The lobby shows
the two pairs and a button per free seat; pressing one takes that seat or moves the presser.
"""

from __future__ import annotations

from tests.discord.conftest import Kozyr, current_match, only_table_id
from tests.discord.fake import FakeChannel, FakeDiscord, FakeUser

Club = tuple[FakeChannel, FakeUser, FakeUser]


async def test_seat_buttons_take_and_move_seats(fake: FakeDiscord, kozyr: Kozyr,
                                                club: Club) -> None:  # BB-DEAL-1
    channel, alice, bob = club
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    async with kozyr() as app:
        await fake.slash(alice, channel, "new", game="bazar_belot")
        lobby = fake.find(channel, "new table")
        assert lobby is not None
        assert "Pair 1+3 (NS): 1. Alice · 3. —" in lobby.text, lobby.text
        assert len(lobby.components) <= 5
        assert (await fake.press_button(bob, lobby, "Seat 3")).notice == "You are at the table."
        assert "Pair 1+3 (NS): 1. Alice · 3. Bob" in lobby.text
        assert "Seat 3" not in " ".join(lobby.labels)  # taken: no button any more
        moved = await fake.press_button(bob, lobby, "Seat 2")
        assert moved.notice == "You moved to seat 2."
        assert "Pair 2+4 (EW): 2. Bob · 4. —" in lobby.text
        assert (await fake.press_button(carol, lobby, "Seat 4")).notice == \
            "You are at the table."
        assert (await fake.press_button(dave, lobby, "Join")).notice == "You are at the table."
        assert "Pair 1+3 (NS): 1. Alice · 3. Dave" in lobby.text  # the one seat left
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        match = await current_match(app, await only_table_id(app))
        assert [sorted(s["seats"]) for s in match.score_sheet["sides"]] == [[0, 2], [1, 3]]
        table = fake.table_message(channel)
        assert "Alice, Dave" in table.text and "Bob, Carol" in table.text


async def test_berg_lobby_keeps_its_actions_as_buttons(fake: FakeDiscord, kozyr: Kozyr,
                                                       club: Club) -> None:  # BERG-SETUP-1
    """Berg's many options go to the choice menu; Join, the seats and Start stay buttons."""
    channel, alice, bob = club
    async with kozyr():
        await fake.slash(alice, channel, "new", game="berg")
        lobby = fake.find(channel, "new table")
        assert lobby is not None
        assert len(lobby.components) <= 5
        labels = " ".join(lobby.labels)
        for action in ("Join", "Start", "Cancel", "Seat 3"):
            assert action in labels, labels
        assert (await fake.press_button(bob, lobby, "Seat 2")).notice == "You are at the table."
        assert "Pair 2+4: 2. Bob · 4. —" in lobby.text
