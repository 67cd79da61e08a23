"""Hostile attacks on the forced "declare nothing" (bot/state/forced.py, issue #18): a takeback
right after the call was made for a player, a restart after it, his stale and forged presses
of "declare nothing" once it was made for him. DB-MELD-5."""

from __future__ import annotations

import random
from typing import Any

import engine
from tests.e2e.conftest import current_match, hand_message, press_move
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_takeback_telegram import TAKE_BACK, _button, _has, _log
from tests.kit.telegram import deberts_table, game_buttons, open_choice, version_of, wait_redrawn
from tests.kit.telegram import open_deberts as _open


def _forced_at_end(record: Any, log: list[tuple[int, str]]) -> bool:
    """Whether the log's last action is a 'declare nothing' that was its seat's only call, made
    right after another seat's move."""
    if len(log) < 2 or log[-1][1] != "declare:none" or log[-2][0] == log[-1][0]:
        return False
    match = engine.get_game("deberts").new_match(players=2, seed=record.seed,
                                                 options=record.options, deck=record.deck)
    for seat, code in log[:-1]:
        match.apply(seat, code)
    return match.legal_actions(log[-1][0]) == ["declare:none"]


async def _play_to_a_forced_call(fake: FakeTelegram, app: Any, table_id: int,
                                 users: list[FakeUser], rng: random.Random
                                 ) -> list[tuple[int, str]]:
    """Random moves until a 'declare nothing' is made for a player right after the other's
    move; returns the log then."""
    for _ in range(300):
        movers = [(u, m) for u in users if (m := hand_message(fake, u)) and game_buttons(m)]
        assert len(movers) == 1, movers
        user, message = movers[0]
        button = rng.choice([b for b in game_buttons(message)
                             if not b.data.split("|")[3].startswith("@")])
        message, button = await open_choice(fake, user, message, button, rng)
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, users)
        assert not answer.text, answer.text
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
        log = await _log(app, table_id)
        async with app.store.transaction() as tx:
            record = await tx.get_match(table_id)
        if _forced_at_end(record, log):
            return log
    raise AssertionError("no forced declaration in 300 moves")


async def test_takeback_right_after_a_forced_declaration(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-MELD-5: the mover takes back his move; the call made for the other goes with it
    async with deberts_table(fake, kozyr, club) as (app, table_id, users, group):
        log = await _play_to_a_forced_call(fake, app, table_id, users, random.Random(11))
        moved_seat, forced_seat = log[-2][0], log[-1][0]
        mover, forced = users[moved_seat], users[forced_seat]
        # the one the call was made for has nothing of his to take back
        assert not _has(hand_message(fake, forced), TAKE_BACK), hand_message(fake, forced)
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered to the mover")
        label = next(b.text for row in hand.buttons for b in row if b.text.startswith(TAKE_BACK))
        assert "nothing" not in label.lower(), label  # his own move, not the call made after it
        ask = _button(hand, TAKE_BACK)
        assert not (await fake.press(mover, hand, ask)).text
        asked = await fake.wait_for(lambda f: (m := hand_message(f, forced))
                                    and _has(m, "✅ Accept") and m, what="the other asked")
        assert not (await fake.press(forced, asked, _button(asked, "✅ Accept"))).text
        await fake.wait_for_message(group, text_contains=f"{forced.first_name} agreed")
        assert await _log(app, table_id) == log[:-2]  # his move and the call made for the other
        rebuilt = await current_match(app, table_id)
        assert rebuilt.to_move == moved_seat
        # the mover is to move again with his choices; nobody holds a lone 'Declare nothing'
        await fake.wait_for(lambda f: (m := hand_message(f, mover)) and game_buttons(m)
                            and not _has(m, TAKE_BACK), what="the mover redrawn")
        texts = [b.text for b in game_buttons(hand_message(fake, forced))]
        assert texts == [], texts


async def test_restart_after_a_forced_declaration_and_stale_presses(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-MELD-5: after a restart the table goes on; his old and forged 'declare nothing' do
    # nothing
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, _):
        log = await _play_to_a_forced_call(fake, app, table_id, users, random.Random(11))
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        version = table.version
    forced = users[log[-1][0]]
    async with kozyr() as app:
        hand = hand_message(fake, forced)
        assert hand is not None
        # a stale press of the call made for him (the version before it) and a forged one at
        # the current version: refused, nothing stored
        for v in (version - 1, version):
            answer = await fake.press(forced, hand, f"a|{table_id}|{v}|declare:none",
                                      strict=False)
            assert answer.text, answer
            assert "declare" not in (answer.text or "").lower() or "out of date" in \
                (answer.text or ""), answer.text
        assert await _log(app, table_id) == log
        # he is to play a card now, his buttons are cards, and a card press is taken
        m = await fake.wait_for(lambda f: (m := hand_message(f, forced)) and game_buttons(m)
                                and m, what="his cards")
        codes = [b.data.split("|")[3] for b in game_buttons(m)]
        assert "declare:none" not in codes and all(c.startswith(("play:", "x")) or c == "claim"
                                                   or c.startswith("@") for c in codes), codes
        data = next(b.data for b in game_buttons(m) if b.data.startswith("a|"))
        assert not (await press_move(fake, forced, m, data, users)).text
        assert len(await _log(app, table_id)) > len(log)


async def test_three_players_with_the_guard_on_only_lone_calls_are_made(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-MELD-5, DB-3P-5: with three players (and the misclick guard on for all) every
    # 'declare nothing' made for a player was his only call, and nobody is shown a lone one
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Vera")]
    async with kozyr() as app:
        for user in users:
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
            await fake.send_text(user, user, "/confirm on")
            await fake.wait_for_message(user, text_contains="asks you to confirm")
        table_id = await _open(fake, group, users, takebacks=False)
        rng = random.Random(4)
        pressed = 0  # 'declare nothing' pressed by a player himself
        for _ in range(120):
            movers = [(u, m) for u in users if (m := hand_message(fake, u)) and game_buttons(m)]
            if not movers:
                break
            assert len(movers) == 1, movers
            user, message = movers[0]
            assert [b.text for b in game_buttons(message)] != ["Declare nothing"], message
            button = rng.choice(game_buttons(message))
            message, button = await open_choice(fake, user, message, button, rng)
            pressed += button.data.endswith("|declare:none")
            mark = fake.mark()
            assert not (await press_move(fake, user, message, button.data, users)).text
            await wait_redrawn(fake, users, version_of(button.data), since=mark)
        async with app.store.transaction() as tx:
            actions = await tx.actions(table_id)
            record = await tx.get_match(table_id)
        assert record is not None
        match = engine.get_game("deberts").new_match(players=3, seed=record.seed,
                                                     options=record.options, deck=record.deck)
        forced = chosen = 0
        for action in actions:
            if action.code == "declare:none":
                if match.legal_actions(action.seat) == ["declare:none"]:
                    forced += 1
                else:
                    chosen += 1
            match.apply(action.seat, action.code)
        assert forced, "no forced declaration: choose another seed"
        assert chosen == pressed  # none made for a player who had another call
