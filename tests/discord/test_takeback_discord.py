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
        assert "Takebacks: on (the match is not rated)" in lobby.text
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
        assert fake.find(channel, "The others answer with the buttons under 🃏 My hand")
        accept = _labelled(fake.hand(other), "✅ Accept")
        assert accept is not None, fake.hand(other)
        assert not (await fake.press(other, fake.hand(other), accept)).notices  # type: ignore[arg-type]
        assert fake.find(channel, "Everyone agreed") is not None
        async with app.store.transaction() as tx:
            assert await tx.actions(table_id) == []
        assert (await current_match(app, table_id)).to_json() == fresh
