"""Fair ratings end to end (issue #18, item 5): the real bot against the fake Bot API. The
lobby says whether the match will be rated; a match against a bot player ends unrated (the
final picture says so, /top stays empty, /stats counts it apart); a player who /leave-s a
rated match is given the loss, whoever the bot then wins it for."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import (
    club,
    fake,
    hand_message,
    kozyr,
    press_move,
    version_of,
    wait_redrawn,
)
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import open_choice

__all__ = ["club", "fake", "kozyr"]  # fixtures used by name


def over(f: FakeTelegram, group: FakeChat) -> bool:
    """Whether the match-over message ("🏆") is in the group."""
    return any((m.text or "").startswith("🏆") for m in f.bot_messages(group))


async def play_to_the_end(fake: FakeTelegram, group: FakeChat, player: FakeUser,
                          rng: random.Random, limit: int = 400) -> None:
    """Press random buttons on ``player``'s hand (the other seats are the bot's) until the
    match is over."""
    for _ in range(limit):
        mover = await fake.wait_for(
            lambda f: "over" if over(f, group) else
            ((m := hand_message(f, player)) and m.buttons and m), timeout=30,
            what="a move for the player or the match's end")
        if mover == "over":
            return
        assert isinstance(mover, FakeMessage)
        mover, button = await open_choice(fake, player, mover,
                                          rng.choice([b for row in mover.buttons for b in row]),
                                          rng)
        assert button.data is not None
        mark = fake.mark()
        answer = await press_move(fake, player, mover, button.data, [player])
        if answer.text:  # a stale press while the bot moved: the next loop sees the new hand
            continue
        await wait_redrawn(fake, [player], version_of(button.data), since=mark)
    raise AssertionError("the match did not end")


async def open_lobby(fake: FakeTelegram, group: FakeChat, *users: FakeUser) -> FakeMessage:
    """Everyone opens the bot; the first one opens a married bridge lobby."""
    for user in users:
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, users[0], "/new married_bridge")
    return await fake.wait_for_message(group, text_contains="Married bridge")


async def start_two(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                    bob: FakeUser) -> None:
    """Alice opens a married bridge table, Bob joins, Alice starts."""
    lobby = await open_lobby(fake, group, alice, bob)
    await fake.press_button(bob, lobby, text="Join")
    await fake.press_button(alice, lobby, text="Start")
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")


async def stop(fake: FakeTelegram, group: FakeChat, boss: FakeUser) -> None:
    """``/stop``, confirmed."""
    await fake.send_text(group, boss, "/stop")
    confirm = await fake.wait_for_message(group, text_contains="Stop the game")
    await fake.press_button(boss, confirm, text="Yes, stop")


async def test_a_match_against_a_bot_is_unrated(fake: FakeTelegram, kozyr: Any,
                                                club: tuple[FakeChat, FakeUser, FakeUser]
                                                ) -> None:
    group, alice, _ = club
    async with kozyr():
        lobby = await open_lobby(fake, group, alice)
        assert "⭐ Rated: the result counts for /top." in lobby.visible_text
        await fake.press_button(alice, lobby, text_contains="🤖+")
        await fake.wait_for(lambda f: "Unrated: a bot player has a seat." in
                            f.message(group, lobby.message_id).visible_text, what="unrated")
        await fake.press_button(alice, lobby, text="Start")
        await play_to_the_end(fake, group, alice, random.Random(5))
        photo = await fake.wait_for_message(group, predicate=lambda m: m.photo is not None,
                                            after=0, timeout=30)
        assert "Unrated match: a bot player had a seat." in photo.visible_text
        assert "Rating:" not in photo.visible_text
        await fake.send_text(group, alice, "/top")
        assert "no" in (await fake.wait_for_message(group)).visible_text.lower()
        await fake.send_text(group, alice, "/stats")
        stats = await fake.wait_for_message(group, text_contains="Alice")
        assert "played 1" in stats.visible_text and "rated 0, unrated 1" in stats.visible_text


async def test_who_leaves_a_rated_match_loses_it(fake: FakeTelegram, kozyr: Any,
                                                 club: tuple[FakeChat, FakeUser, FakeUser]
                                                 ) -> None:
    group, alice, bob = club
    async with kozyr():
        await start_two(fake, group, alice, bob)
        await fake.send_text(group, bob, "/leave")
        left = await fake.wait_for_message(group, text_contains="left the game")
        assert "The match is rated: it counts as a loss." in left.visible_text
        await play_to_the_end(fake, group, alice, random.Random(7))
        photo = await fake.wait_for_message(group, predicate=lambda m: m.photo is not None,
                                            after=0, timeout=30)
        assert "Rating: Alice 1000 → " in photo.visible_text
        await fake.send_text(group, alice, "/stats @alice")
        stats = await fake.wait_for_message(group, text_contains="Alice")
        assert "played 1, won 1" in stats.visible_text
        assert "rated 1, unrated 0" in stats.visible_text
        await fake.send_text(group, alice, "/top married_bridge")
        top = await fake.wait_for_message(group, text_contains="leaderboard")
        assert top.visible_text.index("Alice") < top.visible_text.index("Bob")


async def test_a_stop_after_a_leave_is_still_the_leavers_loss(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr():
        await start_two(fake, group, alice, bob)
        await fake.send_text(group, bob, "/leave")
        await fake.wait_for_message(group, text_contains="counts as a loss")
        await stop(fake, group, alice)
        # the sheet so far (no deal finished: it says so)
        await fake.wait_for_message(group, text_contains="No deal was played to its end")
        await fake.send_text(group, bob, "/stats")
        stats = await fake.wait_for_message(group, text_contains="Bob")
        assert "played 1, won 0" in stats.visible_text
        assert "rated 1, unrated 0" in stats.visible_text
        await fake.send_text(group, bob, "/stats @alice")
        stats = await fake.wait_for_message(group, text_contains="Alice")
        assert "played 1, won 1" in stats.visible_text


async def test_a_plain_stop_counts_nowhere(fake: FakeTelegram, kozyr: Any,
                                           club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr():
        await start_two(fake, group, alice, bob)
        await stop(fake, group, alice)
        await fake.wait_for_message(group, text_contains="No deal was played to its end")
        await fake.send_text(group, bob, "/stats")
        assert "no finished matches" in (await fake.wait_for_message(
            group, text_contains="Bob")).visible_text


async def test_own_time_outs_do_not_unrate_a_match(fake: FakeTelegram, kozyr: Any,
                                                   club: tuple[FakeChat, FakeUser, FakeUser]
                                                   ) -> None:
    """Bob lets his clock run out twice, moves once, and again: the moves made at his
    time-outs are his own (his clock), so the match stays rated and he cannot escape a loss
    by making the bot play most of his moves."""
    group, alice, bob = club
    async with kozyr() as app:
        await start_two(fake, group, alice, bob)
        turns = 0
        for _ in range(400):
            found = await fake.wait_for(
                lambda f: "over" if over(f, group) else next(
                    ((u, m) for u in (alice, bob) if (m := hand_message(f, u)) and m.buttons),
                    None), timeout=30, what="a move or the match's end")
            if found == "over":
                break
            user, hand = found
            first = next(b for row in hand.buttons for b in row if b.data)
            if user is not bob or turns % 3 == 2:  # a move pressed (a level opens its bids)
                hand, first = await open_choice(fake, user, hand, first, random.Random(turns))
            data = first.data
            assert data is not None
            mark = fake.mark()
            if user is bob and turns % 3 != 2:
                await app.service.play.on_deadline(int(data.split("|")[1]), version_of(data))
            elif (await press_move(fake, user, hand, data, [alice, bob])).text:
                continue
            turns += user is bob
            await wait_redrawn(fake, [alice, bob], version_of(data), since=mark)
        else:
            raise AssertionError("the match did not end")
        photo = await fake.wait_for_message(group, predicate=lambda m: m.photo is not None,
                                            after=0, timeout=30)
        assert "Unrated" not in photo.visible_text
        assert "Rating: " in photo.visible_text
