"""Deberts in a Telegram group, end to end: real aiogram polling, real SQLite file, fake Bot API.

Simulated users only press buttons they can see. Scenarios of issue "walking skeleton": a whole
match, a restart mid-deal, a double press, a stranger, a stale button, garbage data, a user who
never opened the bot; and no group message ever shows a card still in a hand.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from sqlalchemy import func, select

from bot.i18n import Catalogs
from bot.show.common import card_text
from storage import ActionLog
from tests.e2e.conftest import (
    CARD_RE,
    current_match,
    hand_message,
    open_table,
    play_moves,
    table_message,
)
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import StoredMatches, forced_actions
from tests.kit.store import only_table_id as _table_id

MAX_MOVES = 3000

#: the cards' names as the group reads them (built once: a catalog load is ~30 ms)
EN = Catalogs().translator("en")


async def _action_count(app: Any, table_id: int) -> int:
    async with app.store.transaction() as tx:
        n = await tx.session.scalar(
            select(func.count()).select_from(ActionLog).where(ActionLog.table_id == table_id))
    return int(n or 0)


def _group_leaks(fake: FakeTelegram, group: FakeChat, hands: list[set[str]],
                 since: dict[tuple[int, int], int]) -> list[str]:
    """Cards of ``hands`` visible in any group message version not checked yet (DB-PLAY-8)."""
    held = set().union(*hands)
    leaks = []
    for msg in fake.chat_messages(group, from_bot=True):
        key = (msg.chat.id, msg.message_id)
        for version in msg.versions[since.get(key, 0):]:
            # Shown by rule: four 7s / 8s (DB-REDEAL-2), the winner's melds (DB-MELD-7); a deal
            # result speaks of the finished deal, whose cards are all played.
            public = ("redeal", "shows the meld", "Last trick:")  # "meld: ", "melds: "
            if version.kind == "deleted" or any(p in version.text for p in public):
                continue
            shown = {c for c in CARD_RE.findall(version.text)}
            leaks += [f"{c} in {version.text[:60]!r}" for c in shown & held]
        since[key] = len(msg.versions)
    return leaks


def _assert_no_leak(stored: StoredMatches, fake: FakeTelegram, group: FakeChat, table_id: int,
                    since: dict[tuple[int, int], int]) -> None:
    match = stored.match(table_id)  # the state the last move stored
    if match.is_over:
        return
    hands = [{card_text(c, EN) for c in match.view(s)["hand"]} for s in range(match.players)]
    assert not _group_leaks(fake, group, hands, since)


async def test_whole_match_to_the_end(fake: FakeTelegram, kozyr: Any,
                                      club: tuple[FakeChat, FakeUser, FakeUser],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    group, alice, bob = club
    stored = StoredMatches(monkeypatch)
    async with kozyr() as app:
        # to 301, the shortest target (DB-OPT-target): what is checked is the same at 501
        await open_table(fake, group, alice, bob, options={"target": 301})
        table_id = await _table_id(app)
        facts = (await current_match(app, table_id)).public_view()["facts"]
        assert {f["key"]: f["value"] for f in facts}["target"] == 301
        since: dict[tuple[int, int], int] = {}

        async def check() -> None:
            _assert_no_leak(stored, fake, group, table_id, since)

        moves = await play_moves(fake, [alice, bob], random.Random(1), limit=MAX_MOVES,
                                 after_move=check)
        assert 0 < moves < MAX_MOVES
        match = await current_match(app, table_id)
        assert match.is_over
        sheet = match.score_sheet
        assert sheet["result"] is not None
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        winner = ("Alice", "Bob")[sheet["result"]["winner"]]
        assert f"{winner} wins" in (over.text or "")
        # Every scored deal is stored as one row per side, totals as on the sheet.
        async with app.store.transaction() as tx:
            rows = await tx.score_rows(table_id)
            table = await tx.get_table(table_id)
        assert table is not None and table.status == "finished"
        assert len(rows) == 2 * len(sheet["rows"])
        last = [r for r in rows if r.deal == len(sheet["rows"])]
        assert [r.total for r in last] == [float(t) for t in sheet["totals"]]
        assert await _action_count(app, table_id) == moves + await forced_actions(app, table_id)
        # /score last shows the sheet of the finished match.
        await fake.send_text(group, bob, "/score last")
        scored = await fake.wait_for_message(group, text_contains="Deal |")
        assert str(sheet["totals"][0]) in (scored.text or "")
        # The hands end without buttons.
        for user in (alice, bob):
            message = hand_message(fake, user)
            assert message is not None and not message.buttons


async def test_restart_mid_deal_continues(fake: FakeTelegram, kozyr: Any,
                                          club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    rng = random.Random(2)
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        assert await play_moves(fake, [alice, bob], rng, limit=7) == 7
        before = (await current_match(app, table_id)).to_json()
        table_msg = table_message(fake, group).message_id
    # The bot is down; it comes back with the same database and a different seed source.
    async with kozyr(seed=1) as app:
        after = (await current_match(app, table_id)).to_json()
        assert after == before
        moves = await play_moves(fake, [alice, bob], rng, limit=MAX_MOVES)
        assert moves > 0
        assert (await current_match(app, table_id)).is_over
        # One table message stays in the group: edited in place during a deal, posted anew
        # below each deal result (the old one deleted). The last deletion and the stored id
        # are the display's work after the hands are drawn: it is let finish first.
        await app.service.display.drain()
        live = [m for m in fake.chat_messages(group, include_deleted=False, from_bot=True)
                if (m.text or "").startswith("🃏") and "new table" not in (m.text or "")]
        assert len(live) == 1
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and table.message_id == str(live[0].message_id)
        assert fake.message(group, table_msg).deleted or live[0].message_id == table_msg


async def test_double_press_applies_once(fake: FakeTelegram, kozyr: Any,
                                         club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        user, message = next((u, m) for u in (alice, bob)
                             if (m := hand_message(fake, u)) and m.buttons)
        data = message.buttons[0][0].data
        assert data is not None
        first = fake.press_nowait(user, message, data)
        second = fake.press_nowait(user, message, data)
        await fake.wait_for(lambda _: first.answer and second.answer, what="both answers")
        answers = sorted(a.text or "" for a in (first.answer, second.answer) if a)
        assert answers == ["", "This button is out of date: use the newest message."]
        assert await _action_count(app, table_id) == 1


async def test_stranger_stale_and_garbage_change_nothing(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        lobby = await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        user, message = next((u, m) for u in (alice, bob)
                             if (m := hand_message(fake, u)) and m.buttons)
        data = message.buttons[0][0].data
        assert data is not None
        # A stranger sends the same callback data: refused, nothing applied.
        answer = await fake.press(carol, message, data, strict=False)
        assert answer.text == "You are not playing at this table."
        # The other player presses it (he is seated but it is not his button to press).
        other = bob if user is alice else alice
        answer = await fake.press(other, message, data, strict=False)
        assert answer.text and answer.text.startswith("Not allowed")
        # Garbage callback data of every shape.
        for junk in ("zzz", "a|x|1|take", "a|1", "l|1|explode", f"a|{table_id}|1|play:ZZ"):
            answer = await fake.press(carol, message, junk, strict=False)
            assert answer.text, junk
        # A forged code from the player on turn: refused in words, no rule id, no engine
        # English (the rule id goes to the log), in the chat's language.
        version = data.split("|")[2]
        for lang, latin_ok in (("en", True), ("ru", False)):
            await fake.send_text(group, alice, f"/lang {lang}")
            await fake.wait_for_message(group)  # the language is set
            for code in ("play:ZZ", "bid:7:Q", "declare:nothing"):
                answer = await fake.press(user, message, f"a|{table_id}|{version}|{code}",
                                          strict=False)
                assert answer.text and not re.search(r"[A-Z]{2,}-[A-Z]+", answer.text), code
                assert latin_ok or not re.search(r"[A-Za-z]", answer.text), answer.text
        await fake.send_text(group, alice, "/lang en")
        # Someone not the creator tries to cancel the started lobby.
        answer = await fake.press(carol, lobby, f"l|{table_id}|cancel|", strict=False)
        assert answer.text == "This lobby is closed."
        assert await _action_count(app, table_id) == 0
        # The real move, then the same (now stale) button again.
        assert (await fake.press(user, message, data)).text is None
        stale = await fake.press(user, message, data, strict=False)
        assert stale.text == "This button is out of date: use the newest message."
        assert await _action_count(app, table_id) == 1


async def test_user_who_never_opened_the_bot_joins_by_deep_link(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        answer = await fake.press_button(bob, lobby, text="Join")
        assert answer.text and "private chat" in answer.text
        invite = await fake.wait_for_message(group, text_contains="Bob")
        url = next(b.data for row in invite.buttons for b in row)
        assert url and url.startswith("https://t.me/kozyr_test_bot?start=join-")
        # Bob follows the link: /start join-<id> in private completes the join.
        await fake.start_bot(bob, payload=url.split("start=")[1])
        await fake.wait_for(lambda f: "Bob" in (f.message(group, lobby.message_id).text or ""),
                            what="Bob in the lobby")
        # the invitation has done its work: it leaves the group
        await fake.wait_for(lambda f: f.message(group, invite.message_id).deleted,
                            what="the invitation removed")
        answer = await fake.press_button(alice, lobby, text="Start")
        assert answer.text == "Done."
        await fake.wait_for(lambda f: hand_message(f, bob), what="Bob's hand")
        table_id = await _table_id(app)
        async with app.store.transaction() as tx:
            seats = await tx.seats(table_id)
        assert len(seats) == 2


async def test_score_and_lang_commands(fake: FakeTelegram, kozyr: Any,
                                       club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await fake.send_text(group, alice, "/score")
        assert await fake.wait_for_message(group, text_contains="No match")
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await play_moves(fake, [alice, bob], random.Random(5), limit=60)
        async with app.store.transaction() as tx:
            rows = await tx.score_rows(table_id)
        assert rows, "60 moves should complete at least one deal"
        await fake.send_text(group, alice, "/lang ru")
        assert await fake.wait_for_message(group, text_contains="Язык")
        await fake.send_text(group, bob, "/score")
        sheet = await fake.wait_for_message(group, text_contains="Раздача")
        assert "Alice" in (sheet.text or "") and "Bob" in (sheet.text or "")
        assert f"{int(rows[-1].total)}" in (sheet.text or "")
        await fake.send_text(group, alice, "/rules deberts")
        assert await fake.wait_for_message(group, text_contains="Деберц")
        await fake.send_text(group, alice, "/new deberts")
        assert await fake.wait_for_message(group, text_contains="уже")
        # The hand messages follow the chat's language at the next move.
        await play_moves(fake, [alice, bob], random.Random(6), limit=1)
        hands = [hand_message(fake, u) for u in (alice, bob)]
        assert any("Ваши карты" in (h.text or "") for h in hands if h)


async def test_lobby_options_and_permissions(fake: FakeTelegram, kozyr: Any,
                                            club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        for user in (alice, bob):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        answer = await fake.press_button(alice, lobby, text="Start")
        assert answer.text == "Not enough players: at least 2 are needed."
        await fake.press_button(bob, lobby, text="Join")
        target = next(b.text for row in lobby.buttons for b in row if b.text.startswith("Playing"))
        assert target == "Playing to: 501 → 1001"
        answer = await fake.press_button(bob, lobby, text=target)
        assert answer.text == "Only the table's creator or a chat admin can do that."
        assert (await fake.press_button(bob, lobby, text="Start")).text == answer.text
        assert (await fake.press_button(alice, lobby, text=target)).text == "Done."
        lobby = await fake.wait_for(
            lambda f: (m := f.message(group, lobby.message_id)) and "Playing to: 1001" in
            (m.text or "") and m, what="the lobby showing 1001")
        # A chat admin who is not the creator may start.
        carol = fake.user(103, "Carol")
        fake.set_admin(group, carol)
        assert (await fake.press_button(carol, lobby, text="Start")).text == "Done."
        table_id = await _table_id(app)
        match = await current_match(app, table_id)
        facts = {f["key"]: f["value"] for f in match.public_view()["facts"]}
        assert facts["target"] == 1001
        # The lobby message is closed: its buttons are gone.
        await fake.wait_for(lambda f: not f.message(group, lobby.message_id).buttons,
                            what="the lobby closed")


async def test_choice_opens_and_closes_on_the_hand(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        rng = random.Random(9)
        while True:  # play until the mover's buttons include card plays
            user, message = next((u, m) for u in (alice, bob)
                                 if (m := hand_message(fake, u)) and m.buttons)
            plays = [b.data for row in message.buttons for b in row
                     if b.data and b.data.startswith("a|") and "|play:" in b.data]
            if plays:
                break
            await play_moves(fake, [alice, bob], rng, limit=1)
        version = plays[0].split("|")[2]
        card = plays[0].split("|play:")[1].split(":")[0]
        before = message.text
        original = [b.data for row in message.buttons for b in row]
        answer = await fake.press(user, message, f"x|{table_id}|{version}|play:{card}",
                                  strict=False)
        assert answer.text is None
        opened = fake.message(user, message.message_id)
        datas = [b.data or "" for row in opened.buttons for b in row]
        assert all(f"|play:{card}" in d for d in datas[:-1])
        assert datas[-1] == f"x|{table_id}|{version}|"
        assert opened.text == before
        # Someone else, or an old version, cannot open anything.
        assert (await fake.press(carol, opened, datas[-1], strict=False)).text == \
            "You are not playing at this table."
        stale = f"x|{table_id}|{int(version) - 1}|"
        assert (await fake.press(user, opened, stale, strict=False)).text == \
            "This button is out of date: use the newest message."
        assert (await fake.press(user, opened, datas[-1])).text is None
        closed = fake.message(user, message.message_id)
        assert [b.data for row in closed.buttons for b in row] == original
        assert len(original) > len(datas)
        assert await _action_count(app, table_id) == int(version) - 1


async def test_creator_who_never_opened_the_bot_is_told_he_is_seated(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    async with kozyr():
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        invite = await fake.wait_for_message(group, text_contains="open a chat with me",
                                             after=lobby)
        url = next(b.data for row in invite.buttons for b in row)
        assert url and "start=" in url
        await fake.start_bot(alice, payload=url.split("start=")[1])
        welcome = await fake.wait_for_message(alice)
        # not the generic "add me to a group": he has a table waiting
        assert "Add me to a group" not in welcome.visible_text
        assert "Deberts" in welcome.visible_text
        await fake.wait_for(lambda f: f.message(group, invite.message_id).deleted,
                            what="the invitation removed")
