"""Takebacks with consent end to end (issue #18, item 3), through the real aiogram stack against
the fake Bot API: a lobby option (off by default), "Take back" on the last human mover's hand,
"Accept" / "Decline" on the others', the match rebuilt from its seed and the log without the
move, every message redrawn; declines, withdrawals, a request lapsing when the next human acts,
stale and repeated buttons, strangers, a restart between request and answer, bots accepting,
and the deal record listing the move taken back.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.e2e.conftest import current_match, hand_message, press_move
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import TAKE_BACK, ask_take_back, mover_and_other, press_first_move
from tests.kit.telegram import open_deberts as _open


def _button(message: FakeMessage | None, starts: str) -> str:
    assert message is not None
    found = [b.data for row in message.buttons for b in row if b.text.startswith(starts)]
    assert found and found[0], f"no {starts!r} button on {message.buttons!r}"
    return found[0]


def _has(message: FakeMessage | None, starts: str) -> bool:
    return message is not None and any(b.text.startswith(starts)
                                       for row in message.buttons for b in row)


async def _log(app: Any, table_id: int) -> list[tuple[int, str]]:
    async with app.store.transaction() as tx:
        return [(a.seat, a.code) for a in await tx.actions(table_id)]


async def _version(app: Any, table_id: int) -> int:
    async with app.store.transaction() as tx:
        table = await tx.get_table(table_id)
    assert table is not None
    return table.version


async def test_ask_decline_accept_and_the_match_rebuilt(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    stranger = fake.user(999, "Mallory")
    async with kozyr() as app:
        table_id = await _open(fake, group, users)
        fresh = await current_match(app, table_id)
        mover, other = mover_and_other(fake, users)
        seat = [u.id for u in users].index(mover.id)
        code = await press_first_move(fake, users, mover)
        # the mover may take it back, the other has no such button (he made no move)
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered")
        assert not _has(hand_message(fake, other), TAKE_BACK)
        ask = _button(hand, TAKE_BACK)
        # a stranger's press and a forged press by the other change nothing
        assert (await fake.press(stranger, hand, ask, strict=False)).text == \
            "You are not playing at this table."
        forged = await fake.press(other, hand_message(fake, other), ask, strict=False)
        assert forged.text == "There is no move of yours to take back now."
        assert await _log(app, table_id) == [(seat, code)]

        # asked, then declined: the move stands
        mark = fake.mark()
        move = next(b.text for row in hand.buttons for b in row  # as his button names it
                    if b.text.startswith(TAKE_BACK)).split(": ", 1)[1]
        assert not (await fake.press(mover, hand, ask)).text
        told = await fake.wait_for_message(
            group, text_contains=f"{mover.first_name} asks to take back")
        asked = await fake.wait_for(lambda f: (m := hand_message(f, other))
                                    and "asks to take back" in (m.text or "") and m,
                                    what="the other is asked")
        assert move in (told.text or "") and move in (asked.text or ""), (move, told.text)
        assert [b.text for b in asked.buttons[0]] == ["✅ Accept", "✖ Decline"]
        waiting = hand_message(fake, mover)
        assert waiting is not None and f"waiting for {other.first_name}" in (waiting.text or "")
        again = await fake.press(mover, hand, ask, strict=False)  # his old button
        assert "out of date" in (again.text or "")
        assert not (await fake.press(other, asked, _button(asked, "✖ Decline"))).text
        await fake.wait_for_message(group, text_contains=f"{other.first_name} declined")
        assert await _log(app, table_id) == [(seat, code)]
        assert fake.calls("sendMessage", since=mark)

        # asked again and accepted: the log and the match are as before the move
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered again")
        # a double press: two presses at once ask once
        ask = _button(hand, TAKE_BACK)
        queries = [fake.press_nowait(mover, hand, ask), fake.press_nowait(mover, hand, ask)]
        answers = [await fake.wait_for(lambda _, q=q: q.answer, what="answered")
                   for q in queries]
        assert sorted(a.text or "" for a in answers) == \
            ["", "This button is out of date: the table has moved on. Nothing was done."]
        asked = await fake.wait_for(lambda f: (m := hand_message(f, other))
                                    and _has(m, "✅ Accept") and m, what="asked again")
        accept = _button(asked, "✅ Accept")
        assert not (await fake.press(other, asked, accept)).text
        # one other player: named, in the singular (issue #20)
        done = await fake.wait_for_message(group, text_contains=f"{other.first_name} agreed")
        assert "Everyone" not in (done.text or "")
        # the notice names whose move went and which move (issue #18)
        assert f"{mover.first_name}'s move is taken back: {move}." in (done.text or ""), done.text
        assert await _log(app, table_id) == []
        rebuilt = await current_match(app, table_id)
        assert rebuilt.to_json() == fresh.to_json()
        # every message redrawn: the mover is to move again, with his moves and no Take back
        await fake.wait_for(lambda f: (m := hand_message(f, mover)) and "Your move" in
                            (m.text or "") and not _has(m, TAKE_BACK), what="redrawn")
        repeated = await fake.press(other, asked, accept, strict=False)
        assert "out of date" in (repeated.text or "")
        assert await _log(app, table_id) == []


async def test_lapse_restart_and_withdraw(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await _open(fake, group, users)
        mover, other = mover_and_other(fake, users)
        await press_first_move(fake, users, mover)
        await ask_take_back(fake, mover, other)
        version = await _version(app, table_id)
    # the bot restarts between the request and the answer: the question is still there
    async with kozyr() as app:
        asked = await fake.wait_for(lambda f: (m := hand_message(f, other))
                                    and _has(m, "✅ Accept") and m, what="asked after restart")
        assert await _version(app, table_id) == version
        accept = _button(asked, "✅ Accept")
        # the other moves instead of answering: the request lapses, his move stands
        code = await press_first_move(fake, users, other)
        moved = await _log(app, table_id)
        assert len(moved) == 2 and moved[-1][1] == code
        late = await fake.press(other, asked, accept, strict=False)
        assert "out of date" in (late.text or "")
        assert len(await _log(app, table_id)) == 2
        # now the other's move is the last: he asks, then withdraws
        hand = await fake.wait_for(lambda f: (m := hand_message(f, other)) and _has(m, TAKE_BACK)
                                   and m, what="the other may take back")
        assert not _has(hand_message(fake, mover), TAKE_BACK)  # the next human acted
        assert not (await fake.press(other, hand, _button(hand, TAKE_BACK))).text
        mine = await fake.wait_for(lambda f: (m := hand_message(f, other))
                                   and _has(m, "✖ Withdraw") and m, what="Withdraw offered")
        assert not (await fake.press(other, mine, _button(mine, "✖ Withdraw"))).text
        await fake.wait_for_message(group, text_contains="withdrew the takeback request")
        assert len(await _log(app, table_id)) == 2
        await fake.wait_for(lambda f: not _has(hand_message(f, mover), "✅ Accept"),
                            what="the question gone")


async def test_bots_accept_and_the_deal_record_shows_it(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    async with kozyr(seed=7) as app:
        table_id = await _open(fake, group, [alice], bots=1)
        rng = random.Random(5)
        taken = False
        for _ in range(400):  # play the first deal out; take back one move on the way
            match = await current_match(app, table_id)
            if match.public_view()["deal"] > 1 or match.is_over:
                break
            hand = hand_message(fake, alice)
            if not taken and _has(hand, TAKE_BACK):
                before = await _log(app, table_id)
                call = next(b.text for row in hand.buttons for b in row  # type: ignore[union-attr]
                            if b.text.startswith(TAKE_BACK)).removeprefix(TAKE_BACK + ": ")
                assert not (await fake.press(alice, hand, _button(hand, TAKE_BACK))).text
                notice = await fake.wait_for_message(group,
                                                     text_contains="the bot players agree")
                assert call and call in (notice.text or "")  # the move named, as to people
                after = await _log(app, table_id)
                # her last move went, and the bot's moves after it: the log is cut there
                assert after == before[:len(after)] and before[len(after)][0] == 0
                assert all(seat == 1 for seat, _ in before[len(after) + 1:])
                taken = True
                continue
            moves = [b.data for row in (hand.buttons if hand else []) for b in row
                     if b.data and b.data[:2] == "a|" and "|@" not in b.data]
            if match.to_move != 0 or not moves:  # the bot is thinking, or the hand lags
                await asyncio.sleep(0.05)
                continue
            assert hand is not None
            answer = await press_move(fake, alice, hand, rng.choice(moves), [alice])
            assert not answer.text or "out of date" in answer.text
        assert taken
        record = await fake.wait_for(
            lambda f: next((m for m in f.bot_messages(group)
                            if _has(m, "📜 Deal record")), None), what="the deal's result")
        assert not (await fake.press_button(alice, record, text="📜 Deal record")).text
        shown = await fake.wait_for_message(group, text_contains="Taken back (everyone agreed)")
        assert "Alice" in (shown.text or "")


async def test_leaving_players_accept_or_withdraw(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol")]
    async with kozyr() as app:
        table_id = await _open(fake, group, users)
        mover = next(u for u in users if "Your move" in (hand_message(fake, u).text or ""))  # type: ignore[union-attr]
        others = [u for u in users if u is not mover]
        await press_first_move(fake, users, mover)
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered")
        # he asks, then leaves the game himself: his request goes with him
        assert not (await fake.press(mover, hand, _button(hand, TAKE_BACK))).text
        await fake.wait_for(lambda f: all(_has(hand_message(f, u), "✅ Accept") for u in others),
                            what="both asked")
        await fake.send_text(group, mover, "/leave")
        await fake.wait_for(lambda f: not any(_has(hand_message(f, u), "✅ Accept")
                                              for u in others), what="the question gone")
        assert len(await _log(app, table_id)) == 1
        hand = hand_message(fake, mover)
        assert hand is not None
        assert (await fake.press(mover, hand, _button(hand, "I'm back"))).text == \
            "Welcome back: your seat is yours again."
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered again")
        # asked again: one accepts, the other leaves: the bot playing his seat accepts
        move = next(b.text for row in hand.buttons for b in row
                    if b.text.startswith(TAKE_BACK)).split(": ", 1)[1]
        assert not (await fake.press(mover, hand, _button(hand, TAKE_BACK))).text
        first = await fake.wait_for(lambda f: (m := hand_message(f, others[0]))
                                    and _has(m, "✅ Accept") and m, what="asked")
        assert not (await fake.press(others[0], first, _button(first, "✅ Accept"))).text
        accepted = await fake.wait_for_message(group, text_contains="accepts the takeback")
        # one answer is left: its player is named, not "the others" (issue #18)
        assert f"still to answer: {others[1].first_name}." in (accepted.text or ""), \
            accepted.text
        assert len(await _log(app, table_id)) == 1
        await fake.send_text(group, others[1], "/leave")
        done = await fake.wait_for_message(group, text_contains="move is taken back")
        # the bot now playing his seat accepted, not he: "Everyone agreed" was untrue (#18)
        assert (f"{others[0].first_name} agreed, and the bot playing for "
                f"{others[1].first_name} agrees too") in (done.text or ""), done.text
        assert "Everyone" not in (done.text or ""), done.text
        # the leave path names the move too, never an empty or raw placeholder (issue #18)
        assert f"{mover.first_name}'s move is taken back: {move}." in (done.text or ""), done.text
        assert await _log(app, table_id) == []


async def test_no_takeback_across_the_end_of_a_deal(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Four passes throw the deal in: the last pass ended it (the group was told), so it is
    not offered for a takeback, and a press of an old button says why."""
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await _open(fake, group, users)
        for _ in range(4):
            mover, _other = mover_and_other(fake, users)
            hand = hand_message(fake, mover)
            assert hand is not None
            data = _button(hand, "Pass")
            assert not (await press_move(fake, mover, hand, data, users)).text
        await fake.wait_for_message(group, text_contains="thrown in")
        last = mover
        await fake.settle()
        assert not _has(hand_message(fake, last), TAKE_BACK)
        version = await _version(app, table_id)
        answer = await fake.press(last, hand_message(fake, last), f"a|{table_id}|{version}|@undo",
                                  strict=False)
        assert answer.text == ("That move ended a deal, and its result is out: it can no "
                               "longer be taken back.")
        assert len(await _log(app, table_id)) == 4


async def test_no_takeback_when_a_bot_ended_the_deal_after_the_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Alice's pass, then the bot's: the bot's threw the deal in, so Alice's pass (which would
    go back with the bot's move) can no longer be taken back."""
    group, alice, _ = club
    async with kozyr() as app:
        table_id = await _open(fake, group, [alice], bots=1)
        for _ in range(2):  # two rounds of passes; the bot passes too (this seed)
            hand = await fake.wait_for(lambda f: (m := hand_message(f, alice))
                                       and "Your move" in (m.text or "") and m,
                                       what="Alice to move")
            assert not (await press_move(fake, alice, hand, _button(hand, "Pass"),
                                         [alice])).text
        await fake.wait_for_message(group, text_contains="thrown in")
        await fake.settle()
        log = await _log(app, table_id)  # Alice at seat 0: the bot's pass threw the deal in
        assert log[:4] == [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")]
        assert not _has(hand_message(fake, alice), TAKE_BACK)
