"""The misclick guard on Discord (issue #18, item 4): the same question as on Telegram, its
"Yes" a component of its own carrying the state version, "No" back to the moves, and
``/confirm`` answered only to its user."""

from __future__ import annotations

from tests.discord.conftest import (
    Kozyr,
    game_id,
    moves_on,
    my_hand,
    only_table_id,
    open_lobby,
)
from tests.discord.fake import FakeChannel, FakeDiscord, FakeMessage, FakeUser

Club = tuple[FakeChannel, FakeUser, FakeUser]


def _move(hand: FakeMessage | None, ending: str) -> tuple[str, list[str] | None]:
    """The component (button or menu option) of ``hand`` whose move ends with ``ending``."""
    assert hand is not None
    found = [m for m in moves_on(hand) if game_id(m).endswith(ending)]
    assert found, f"no move ending {ending!r}: {[game_id(m) for m in moves_on(hand)]}"
    return found[0]


async def _tap(fake: FakeDiscord, user: FakeUser, ending: str) -> FakeMessage:
    """``user`` taps the move ending with ``ending`` on his hand; returns his hand after."""
    hand = fake.hand(user)
    assert hand is not None
    custom_id, values = _move(hand, ending)
    pressed = await fake.press(user, hand, custom_id, values=values)
    assert not pressed.notices, pressed.notices
    after = fake.hand(user)
    assert after is not None
    return after


async def _codes(app: object, table_id: int) -> list[str]:
    """The calls stored, without the "nothing" the bot declares at once for the leader when it
    is his only declaration (BB-MELD-4, bot/state/forced.py): these tests count the calls."""
    async with app.store.transaction() as tx:  # type: ignore[attr-defined]
        return [a.code for a in await tx.actions(table_id) if a.code != "declare:none"]


async def test_kapo_on_one_hand_asks_and_contra_without(  # BB-BID-4, BB-BID-13
        fake: FakeDiscord, kozyr: Kozyr, club: Club) -> None:
    channel, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr() as app:
        lobby = await open_lobby(fake, channel, alice, users[1:], game="bazar_belot")
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        for user in users:
            await my_hand(fake, user, channel)
        table_id = await only_table_id(app)

        caller = users[0]
        if not any(game_id(m).endswith(":bid:kapo1:S") for m in moves_on(fake.hand(caller))):
            await _tap(fake, caller, ":bid:kapo1")  # a long keyboard: the choice opens first
        asked = await _tap(fake, caller, ":bid:kapo1:S")
        assert "Kapo on one hand ♠ — confirm?" in asked.text
        ids = [game_id(m) for m in moves_on(asked)]
        assert ids and all(i.startswith("kz:x:") for i in ids)  # only "No" is a game move
        yes = next(c["custom_id"] for row in asked.rows for c in row
                   if c.get("custom_id", "").startswith("kz:k:"))
        assert yes.endswith(":bid:kapo1:S")
        assert await _codes(app, table_id) == []
        # "No": back to every move
        no = await fake.press(caller, asked, ids[0])
        assert not no.notices
        back = fake.hand(caller)
        assert back is not None and "confirm?" not in back.text
        assert any(":bid:kapo1" in game_id(m) for m in moves_on(back))
        # asked again; two presses of "Yes" at once (a double click) make the call once
        if not any(game_id(m).endswith(":bid:kapo1:S") for m in moves_on(fake.hand(caller))):
            await _tap(fake, caller, ":bid:kapo1")  # the strains open from one button
        asked = await _tap(fake, caller, ":bid:kapo1:S")
        assert "confirm?" in asked.text
        first = fake.press_nowait(caller, asked, yes)
        second = fake.press_nowait(caller, asked, yes)
        notices = [(await fake.settle(first)).notices, (await fake.settle(second)).notices]
        assert await _codes(app, table_id) == ["bid:kapo1:S"]
        assert sorted(notices) == [[], ["This question is out of date: the table has moved on. "
                                        "Nothing was done."]]

        # an opponent turns the guard off: his contra is made at the first tap
        match_after = await _codes(app, table_id)
        assert match_after == ["bid:kapo1:S"]
        opponents = [u for u in users[1:] if (h := fake.hand(u)) and any(
            game_id(m).endswith(":contra") for m in moves_on(h))]
        assert opponents
        off = await fake.slash(opponents[0], channel, "confirm", enabled=False)
        assert off.notice is not None and "first tap" in off.notice
        asked_state = await fake.slash(opponents[0], channel, "confirm")
        assert asked_state.notice is not None and "/confirm enabled" in asked_state.notice
        await _tap(fake, opponents[0], ":contra")
        assert await _codes(app, table_id) == ["bid:kapo1:S", "contra"]
