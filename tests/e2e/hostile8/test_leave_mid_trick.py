"""/leave in the middle of a trick, in a Russian club, at Married bridge (two humans) and Berg
(two humans and two bots): a bot takes the seat and finishes the trick, the game goes on to the
other human, nobody is stuck, the group is told in Russian words (no English, no rule id)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.fake import FakeTelegram
from tests.e2e.hostile8._russian import latin_words, mover, open_russian_table
from tests.kit.store import assert_stored_replays, current_match, stored_actions
from tests.kit.telegram import game_buttons, hand_message, open_choice, press_move, version_of


async def _seats(app: Any, table_id: int) -> list[Any]:
    async with app.store.transaction() as tx:
        return list(await tx.seats(table_id))


async def _user_id(app: Any, user: Any) -> int:
    async with app.store.transaction() as tx:
        found = await tx.find_user("tg", str(user.id))
    assert found is not None
    return int(found.id)


async def _drawn(fake: FakeTelegram, user: Any, data: str) -> None:
    """Until ``user``'s hand no longer shows a button of the version ``data`` was drawn for."""
    version = version_of(data)
    await fake.wait_for(lambda f: all(version_of(b.data) > version
                                      for b in game_buttons(hand_message(f, user))),
                        what="the move drawn")


def _midway(game: str, view: dict[str, Any], codes: list[str]) -> bool:
    """Married bridge: a card already in the trick (MB-PLAY); Berg, which has no tricks: the
    player to move has drawn and must still play or pass (BERG-DRAW)."""
    if game == "berg":
        return "draw" in codes
    return bool(view["groups"].get("trick"))


@pytest.mark.parametrize(("game", "bots", "who"), [("married_bridge", 0, "mover"),
                                                   ("married_bridge", 0, "waiter"),
                                                   ("berg", 2, "mover")])
async def test_leave_in_the_middle_of_a_trick(fake: FakeTelegram, kozyr: Any, game: str,
                                              bots: int, who: str) -> None:
    alice = fake.user(831, "Алиса", language_code="ru")
    bob = fake.user(832, "Борис", language_code="ru")
    users = [alice, bob]
    group = fake.group(-100831, "Клуб")
    rng = random.Random(31)
    codes: list[str] = []
    async with kozyr(default_lang="ru") as app:
        table_id = await open_russian_table(fake, group, users, game, bots=bots)
        for _ in range(40):  # a human to move with a card already in the trick
            found = await fake.wait_for(lambda f: mover(f, users), what="a human to move")
            await fake.settle()
            user, message = found  # type: ignore[misc]
            view = (await current_match(app, table_id)).public_view()
            if _midway(game, view, [b.data.split("|")[3] for b in game_buttons(message)]
                       if game != "berg" else codes[-1:]):
                break
            message, button = await open_choice(fake, user, message,
                                                rng.choice(game_buttons(message)), rng)
            assert not (await press_move(fake, user, message, button.data, users)).text
            codes.append(button.data.split("|")[3])
            await _drawn(fake, user, button.data)
        else:
            raise AssertionError("no trick with a card in it reached")
        leaver = user if who == "mover" else next(u for u in users if u is not user)
        other = next(u for u in users if u is not leaver)
        before = await stored_actions(app, table_id)
        leaver_id = await _user_id(app, leaver)
        leaver_seat = next(r.seat for r in await _seats(app, table_id) if r.user_id == leaver_id)
        await fake.send_text(group, leaver, "/leave")
        await fake.wait_for_message(group, text_contains="выходит из игры: место занимает бот")
        seat = leaver_seat
        # the bot plays in his seat; the other human keeps getting his turns
        for _ in range(6):
            await fake.wait_for(lambda f: (m := hand_message(f, other)) and game_buttons(m)
                                and "Ваш ход" in (m.text or ""), what="the other human to move")
            await fake.settle()
            async with app.store.transaction() as tx:
                log = await tx.actions(table_id)
            if any(a.seat == seat for a in log[before:]):
                break
            message = hand_message(fake, other)
            assert message is not None
            message, button = await open_choice(fake, other, message,
                                                rng.choice(game_buttons(message)), rng)
            assert not (await press_move(fake, other, message, button.data, users)).text
            await _drawn(fake, other, button.data)
        else:
            raise AssertionError("the bot never played in the seat left")
        await fake.settle()
        await assert_stored_replays(app, table_id)
        hand = hand_message(fake, leaver)
        assert hand is not None  # only "back to the table" is left on his hand
        assert [b.data.split("|")[3] for b in game_buttons(hand)] == ["@back"], hand.buttons
        names = {u.first_name for u in users} | {"Клуб"}
        assert not latin_words(fake, [group, *users], names), \
            sorted({w for w, _ in latin_words(fake, [group, *users], names)})
