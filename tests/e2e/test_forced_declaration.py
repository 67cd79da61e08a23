"""A Deberts player with no meld is not made to press a lone "Declare nothing" (issue #18, a
new player's pass): when declaring nothing is his only legal call (DB-MELD-5), the bot makes
it in his name in the same transaction as the move before, and logs it as his own move (not a
bot's: the match stays rated); the deal record says it was made for him, and so does his hand
message when it is made (he pressed nothing: issue #20)."""

from __future__ import annotations

import random
from typing import Any

import engine
from bot.i18n import Catalogs
from bot.records.core import deal_record
from bot.records.text import render_deal_record
from bot.show.common import TableInfo
from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.store import current_match, forced_actions, seat_names
from tests.kit.telegram import (
    code_of,
    deberts_table,
    game_buttons,
    mover,
    open_choice,
    open_deberts,
    play_moves,
    press_move,
    version_of,
    wait_redrawn,
)


async def test_declaring_nothing_as_the_only_call_is_made_for_him(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-MELD-5
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, _):
        lone: list[str] = []
        told: list[str] = []
        notice = "You had nothing to declare, so nothing was declared for you."

        def no_lone_declaration() -> None:
            for u in users:
                m = hand_message(fake, u)
                texts = [b.text for row in (m.buttons if m else []) for b in row]
                if texts == ["Declare nothing"]:
                    lone.append(u.first_name)
                if m is not None and notice in (m.text or ""):
                    told.append(u.first_name)

        await play_moves(fake, users, random.Random(5), limit=200,
                         after_move=no_lone_declaration)
        assert not lone, lone
        assert told, "his hand never said nothing was declared for him"
        async with app.store.transaction() as tx:
            log = await tx.actions(table_id)
            record = await tx.get_match(table_id)
        assert record is not None
        match = engine.get_game("deberts").new_match(players=2, seed=record.seed,
                                                     options=record.options, deck=record.deck)
        forced = 0
        for action in log:
            if action.code == "declare:none" and match.legal_actions(action.seat) == \
                    ["declare:none"]:
                forced += 1
                assert not action.by_bot  # his own move: the match stays rated
            match.apply(action.seat, action.code)
        assert forced, "no deal had a player without a meld: choose another seed"
        # the deal record of the first deal that had one says so
        data = {"game": "deberts", "players": 2, "seed": record.seed,
                "options": record.options, "deck": record.deck,
                "actions": [(a.seat, a.code) for a in log]}
        tr = Catalogs().translator("en")
        info = TableInfo(table_id, 0, "deberts", "Club", ("Alice", "Bob"))
        texts = [render_deal_record(tr, info, r) for n in (1, 2, 3)
                 if (r := deal_record(data, n)) is not None]
        assert any("nothing was declared for" in t for t in texts), texts


async def _leave(fake: FakeTelegram, group: FakeChat, leaver: FakeUser, user: FakeUser,
                 code: str) -> tuple[FakeMessage, Any]:
    """``leaver`` sends /leave (the bot takes his seat: his hand says "I'm back"); returns
    ``user``'s hand once redrawn at the new version and its button making ``code``."""
    await fake.send_text(group, leaver, "/leave")
    await fake.wait_for(lambda f: (m := hand_message(f, leaver)) and any(
        b.text == "I'm back" for row in m.buttons for b in row), what="the seat automatic")
    message = await fake.wait_for(lambda f: (m := hand_message(f, user)) and any(
        code_of(b) == code for b in game_buttons(m)) and m, what="his hand redrawn")
    assert isinstance(message, FakeMessage)
    return message, next(b for b in game_buttons(message) if code_of(b) == code)


async def test_back_on_a_turn_with_only_nothing_to_declare_shows_his_hand(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-MELD-5: "I'm back" pressed while the bot holds his seat on a turn whose only call is
    # declaring nothing: the call is made for him at once, as after any move, and his hand
    # shows his cards, the trump and his real choice (no lone "Declare nothing" button)
    group, alice, bob = club
    users = [alice, bob]
    rng = random.Random(5)
    async with kozyr(bot_delay=30.0) as app:  # the bot holding his seat waits: he comes back
        table_id = await open_deberts(fake, group, users, takebacks=False)
        names = await seat_names(app, table_id)
        seat_of = {u: next(s for s, n in names.items() if n == u.full_name) for u in users}
        back_user: FakeUser | None = None
        for _ in range(200):
            user, message, _ = mover(fake, users)
            button = rng.choice(game_buttons(message))
            message, button = await open_choice(fake, user, message, button, rng)
            match = await current_match(app, table_id)
            after = engine.get_game("deberts").from_json(match.to_json())
            after.apply(seat_of[user], code_of(button))
            other = next(u for u in users if u is not user)
            if after.to_move == seat_of[other] and \
                    after.legal_actions(seat_of[other]) == ["declare:none"]:
                message, button = await _leave(fake, group, other, user, code_of(button))
                back_user = other
            mark = fake.mark()
            answer = await press_move(fake, user, message, str(button.data), users)
            assert not answer.text, answer.text
            await wait_redrawn(fake, users, version_of(str(button.data)), since=mark)
            if back_user is not None:
                break
        assert back_user is not None, "no turn with only nothing to declare: another seed"
        hand = hand_message(fake, back_user)
        assert hand is not None
        forced = await forced_actions(app, table_id)
        answer = await fake.press_button(back_user, hand, text="I'm back")
        assert answer.text == "Welcome back: your seat is yours again."
        shown = await fake.wait_for(
            lambda f: (m := hand_message(f, back_user)) and game_buttons(m) and not any(
                b.text == "I'm back" for row in m.buttons for b in row) and m,
            what="his hand with his moves")
        assert isinstance(shown, FakeMessage)
        text = shown.text or ""
        assert "Your cards" in text and "Trump" in text and "Your move" in text, text
        labels = [b.text for row in shown.buttons for b in row]
        assert labels != ["Declare nothing"], text
        assert await forced_actions(app, table_id) == forced + 1  # made in his name
