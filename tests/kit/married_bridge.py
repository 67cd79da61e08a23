"""Married bridge tables in a Telegram group for e2e tests: open one, play to the auction.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.store import current_match, only_table_id
from tests.kit.telegram import hand_message, mover, press_move, version_of, wait_redrawn


async def open_married_bridge(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                              bob: FakeUser, *, rubber: bool) -> FakeMessage:
    """Both open the bot; Alice opens a table (a rubber of two deals with ``rubber``), Bob
    joins, Alice starts; returns the lobby message once both hands are there."""
    for user in (alice, bob):
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, alice, "/new married_bridge")
    lobby = await fake.wait_for_message(group, text_contains="Married bridge")
    assert (await fake.press_button(bob, lobby, text="Join")).text == "You are at the table."
    if rubber:
        option = next(b.text for row in lobby.buttons for b in row
                      if b.text.startswith("Match:"))
        assert option == "Match: one deal → rubber of two deals"
        assert (await fake.press_button(alice, lobby, text=option)).text == "Done."
        await fake.wait_for(
            lambda f: "Match: rubber of two deals" in (f.message(group, lobby.message_id).text
                                                       or ""), what="the rubber in the lobby")
        lobby = fake.message(group, lobby.message_id)
    answer = await fake.press_button(alice, lobby, text="Start")
    assert answer.text == "Done."
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")
    return lobby


async def to_the_auction(fake: FakeTelegram, app: Any, group: FakeChat, alice: FakeUser,
                         bob: FakeUser) -> tuple[int, FakeUser, FakeUser, FakeMessage]:
    """Open a one-deal table and play the preliminary tricks (the first card offered each
    time, MB-PRE): returns the table id, the bidder, the other player and the bidder's hand
    once it shows the levels (the auction's first step, MB-BID-1)."""
    players = [alice, bob]
    await open_married_bridge(fake, group, alice, bob, rubber=False)
    table_id = await only_table_id(app)
    for _ in range(60):
        if (await current_match(app, table_id)).public_view()["phase"] == "bidding":
            break
        user, message, data = mover(fake, players)
        mark = fake.mark()
        assert not (await press_move(fake, user, message, data, players)).text
        await wait_redrawn(fake, players, version_of(data), since=mark)

    def bidder(f: FakeTelegram) -> tuple[FakeUser, FakeMessage] | None:
        for u in players:
            m = hand_message(f, u)
            if m is not None and any(b.text == "1 …" for row in m.buttons for b in row):
                return u, m
        return None

    found = await fake.wait_for(bidder, what="the levels on the bidder's hand")
    assert found is not None
    user, hand = found
    return table_id, user, (bob if user is alice else alice), hand
