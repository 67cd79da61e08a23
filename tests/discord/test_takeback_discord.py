"""Takebacks on Discord (issue #18, item 3): the lobby option (a button or a choice menu), the
request on the hand shown by "My hand", "Accept" on the other's, the match rebuilt."""

from __future__ import annotations

from tests.discord.conftest import (
    Kozyr,
    current_match,
    game_id,
    moves_on,
    my_hand,
    only_table_id,
    open_lobby,
)
from tests.discord.fake import FakeChannel, FakeDiscord, FakeMessage, FakeUser

Club = tuple[FakeChannel, FakeUser, FakeUser]


async def _choose(fake: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str
                  ) -> None:
    """Press the component carrying ``custom_id``: a button, or an option of a choice menu."""
    for row in message.rows:
        for c in row:
            if c.get("custom_id") == custom_id:
                await fake.press(user, message, custom_id)
                return
            if c.get("type") == 3 and any(o["value"] == custom_id for o in c["options"]):
                await fake.press(user, message, c["custom_id"], values=[custom_id])
                return
    raise AssertionError(f"{custom_id} not on {message.rows}")


def _labelled(hand: FakeMessage | None, starts: str) -> str | None:
    if hand is None:
        return None
    return next((c["custom_id"] for row in hand.rows for c in row
                 if str(c.get("label", "")).startswith(starts)), None)


async def test_takeback_accepted_on_discord(fake: FakeDiscord, kozyr: Kozyr,
                                            club: Club) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        lobby = await open_lobby(fake, channel, alice, [bob])
        table_id = await only_table_id(app)
        await _choose(fake, alice, lobby, f"kz:l:{table_id}:opt:takebacks=on")
        assert "Takebacks: on (not rated)" in lobby.text
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        for user in (alice, bob):
            await my_hand(fake, user, channel)
        fresh = (await current_match(app, table_id)).to_json()
        mover, other = (alice, bob) if "Your move" in (fake.hand(alice).text or "") \
            else (bob, alice)  # type: ignore[union-attr]
        move = next(m for m in moves_on(fake.hand(mover)) if ":@" not in game_id(m))  # type: ignore[arg-type]
        assert not (await fake.press(mover, fake.hand(mover), move[0], values=move[1])).notices  # type: ignore[arg-type]
        ask = _labelled(fake.hand(mover), "↩️ Take back")
        assert ask is not None
        assert not (await fake.press(mover, fake.hand(mover), ask)).notices  # type: ignore[arg-type]
        assert fake.find(channel, f"Waiting for {other.name}'s answer: the buttons are under "
                                  "🃏 My hand")
        accept = _labelled(fake.hand(other), "✅ Accept")
        assert accept is not None, fake.hand(other)
        assert not (await fake.press(other, fake.hand(other), accept)).notices  # type: ignore[arg-type]
        assert fake.find(channel, f"{other.name} agreed") is not None
        async with app.store.transaction() as tx:
            assert await tx.actions(table_id) == []
        assert (await current_match(app, table_id)).to_json() == fresh


async def test_takeback_in_a_pair_game_asks_all_three_on_discord(
        fake: FakeDiscord, kozyr: Kozyr, club: Club) -> None:  # BB-DEAL-1
    """Four players (Bazar-Belot, two pairs): the three others are asked, the request waits
    until the last of them accepts; a later request declined by one keeps the move."""
    channel, alice, bob = club
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    users = [alice, bob, carol, dave]
    async with kozyr() as app:
        lobby = await open_lobby(fake, channel, alice, [bob, carol, dave], game="bazar_belot")
        table_id = await only_table_id(app)
        await _choose(fake, alice, lobby, f"kz:l:{table_id}:opt:takebacks=on")
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        for user in users:
            await my_hand(fake, user, channel)
        fresh = (await current_match(app, table_id)).to_json()

        async def move_and_ask() -> tuple[FakeUser, list[FakeUser]]:
            mover = next(u for u in users if "Your move" in (fake.hand(u).text or ""))  # type: ignore[union-attr]
            move = next(m for m in moves_on(fake.hand(mover)) if game_id(m).endswith(":pass"))  # type: ignore[arg-type]
            assert not (await fake.press(mover, fake.hand(mover), move[0],  # type: ignore[arg-type]
                                         values=move[1])).notices
            ask = _labelled(fake.hand(mover), "↩️ Take back")
            assert ask is not None
            assert not (await fake.press(mover, fake.hand(mover), ask)).notices  # type: ignore[arg-type]
            return mover, [u for u in users if u is not mover]

        mover, others = await move_and_ask()
        for i, other in enumerate(others):
            accept = _labelled(fake.hand(other), "✅ Accept")
            assert accept is not None, (other.name, fake.hand(other))
            assert not (await fake.press(other, fake.hand(other), accept)).notices  # type: ignore[arg-type]
            done = fake.find(channel, "Everyone agreed")
            if i < len(others) - 1:
                assert done is None, f"taken back after {i + 1} of 3 answers"
                # those still to answer are named (one or two of them, issue #18)
                said = fake.find(channel, f"{other.name} accepts the takeback; still to answer: ")
                assert said is not None
                named = said.text.split("still to answer: ")[1].split(".")[0].split(", ")
                assert sorted(named) == sorted(o.name for o in others[i + 1:]), said.text
                assert _labelled(fake.hand(mover), "✖ Withdraw") is not None
                assert _labelled(fake.hand(other), "✅ Accept") is None  # answered: no button
                async with app.store.transaction() as tx:
                    assert len(await tx.actions(table_id)) == 1
        assert fake.find(channel, "Everyone agreed") is not None
        async with app.store.transaction() as tx:
            assert await tx.actions(table_id) == []
        assert (await current_match(app, table_id)).to_json() == fresh

        mover, others = await move_and_ask()
        decline = _labelled(fake.hand(others[1]), "✖ Decline")
        assert decline is not None
        assert not (await fake.press(others[1], fake.hand(others[1]), decline)).notices  # type: ignore[arg-type]
        assert fake.find(channel, "declined") is not None
        async with app.store.transaction() as tx:
            assert len(await tx.actions(table_id)) == 1
        for other in others:  # the question is gone from every hand
            assert _labelled(fake.hand(other), "✅ Accept") is None
