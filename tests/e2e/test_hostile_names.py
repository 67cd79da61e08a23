"""Names and titles with ``<`` and ``&`` never break a message, end to end.

The fake Bot API parses HTML as Telegram does (tests/e2e/fake/html_parse.py: an unescaped ``<``
is refused with "can't parse entities"); every text kozyr builds goes through the translator,
which escapes every value it fills in (bot/i18n.py, bot/markup.py). A group with a hostile
title and two players with hostile names go through the invitation, the lobby, hands and the
table, the half-time reminder, time-outs, /leave and "I'm back", /pause and /resume, /score,
/stats, /top, /history and /stop: no call is refused, and each text shows the names as they are
(escaped once, not twice).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, play_married_bridge
from tests.e2e.fake import FakeTelegram
from tests.storage.conftest import db_url  # noqa: F401  (SQLite, and PostgreSQL when set)

TITLE = "<b>&amp; Club"
ALICE = "<b>&amp;"
BOB = "Tom & <Jerry>"


def _refused(fake: FakeTelegram) -> list[str]:
    return [f"{c.method}: {c.response.get('description')}" for c in fake.calls()
            if c.status == 400 and "parse entities" in str(c.response.get("description"))]


def _said(fake: FakeTelegram, chat: Any, *parts: str) -> bool:
    return any(all(p in (m.text or "") for p in parts) for m in fake.bot_messages(chat))


async def _wait_said(fake: FakeTelegram, chat: Any, *parts: str) -> None:
    await fake.wait_for(lambda f: _said(f, chat, *parts), what=f"{parts!r}")
    assert not _refused(fake), _refused(fake)


async def test_hostile_names_and_titles_in_every_notice(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-100555, TITLE)
    alice, bob = fake.user(101, ALICE), fake.user(102, BOB)
    async with kozyr() as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        # Bob has not opened the bot: the group gets an invitation naming him.
        await fake.press_button(bob, lobby, text="Join")
        invite = await fake.wait_for_message(  # the press's own reply, not an older message
            group, text_contains=f"{BOB}, I need to send you your cards")
        assert not _refused(fake), _refused(fake)
        url = next(b.data for row in invite.buttons for b in row)
        assert url is not None
        await fake.start_bot(bob, payload=url.split("start=")[1])
        await fake.wait_for(lambda f: BOB in (f.message(group, lobby.message_id).text or ""),
                            what="Bob in the lobby")
        assert ALICE in (fake.message(group, lobby.message_id).text or "")
        async with app.store.transaction() as tx:
            table_id = (await tx.unfinished_tables())[-1].id
        assert table_id is not None
        async with app.service.kit.locks(table_id), app.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            assert table is not None
            table.options = {**table.options, "turn_timer": 1}
            await tx.save_table(table)
        await fake.press_button(alice, lobby, text="Start")
        # Hands and the table message, the reminder with the chat's title, a time-out notice.
        await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                            what="both hands")
        await _wait_said(fake, group, "ran out of time")
        assert _said(fake, group, "ran out of time") and (
            _said(fake, group, ALICE, "ran out of time")
            or _said(fake, group, BOB, "ran out of time"))
        await fake.wait_for(lambda f: _said(f, alice, f"«{TITLE}»") or _said(f, bob, f"«{TITLE}»"),
                            what="a reminder naming the chat")
        async with app.service.kit.locks(table_id), app.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            assert table is not None
            table.options = {**table.options, "turn_timer": 0}
            await tx.save_table(table)
        # /leave and I'm back.
        await fake.send_text(group, bob, "/leave")
        await _wait_said(fake, group, f"{BOB} left the game")
        await fake.wait_for(lambda f: "I'm back" in (hand_message(f, bob).button_texts
                                                       if hand_message(f, bob) else []),
                            what="Bob's I'm back button")
        back = hand_message(fake, bob)
        assert back is not None
        assert (await fake.press_button(bob, back, text="I'm back")).text.startswith("Welcome")
        # /pause, /resume, /score, /stats, /top, /history, /stop.
        for command, said in (("/pause", "paused"), ("/resume", "run again"),
                              ("/score", ALICE), ("/stats", ALICE), ("/top", ""),
                              ("/history", "")):
            mark = len(fake.bot_messages(group))
            await fake.send_text(group, alice, command)
            await fake.wait_for(lambda f, mark=mark: len(f.bot_messages(group)) > mark,
                                what=f"an answer to {command}")
            assert not _refused(fake), (command, _refused(fake))
            await _wait_said(fake, group, said)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        assert (await fake.press_button(alice, confirm, text="Yes, stop")).text == \
            "The game was stopped."
        await fake.settle()
        await _wait_said(fake, group, "The game was stopped")
        # Nothing double-escaped anywhere.
        for chat in (group, fake.private(alice), fake.private(bob)):
            for m in fake.bot_messages(chat):
                assert "&amp;amp;" not in (m.text or "") and "&lt;" not in (m.text or ""), m.text


async def test_hostile_names_in_results_and_records(fake: FakeTelegram, kozyr: Any) -> None:
    """A whole married-bridge match between hostile names: the result, the final sheet's
    picture caption (rating changes), /score last, /stats, /top, /history, a deal's record."""
    group = fake.group(-100556, TITLE)
    alice, bob = fake.user(101, ALICE, username="alice"), fake.user(102, BOB)
    async with kozyr():
        await play_married_bridge(fake, group, alice, bob)
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        assert ALICE in over.visible_text or BOB in over.visible_text
        photo = await fake.wait_for_message(group, predicate=lambda m: m.photo is not None,
                                            after=over)
        assert f"{ALICE} 1000 → " in photo.visible_text and f"{BOB} 1000 → " in \
            photo.visible_text
        replies: dict[str, Any] = {}
        for command, said in (("/score last", "|"), ("/stats @alice", ALICE),
                              ("/top married_bridge", f"{BOB}"),
                              ("/history", f"{ALICE}, {BOB}")):
            # Each reply is looked for after its own command: the group already holds
            # older messages with the same words (the table, the sheet).
            await fake.send_text(group, alice, command)
            replies[command] = await fake.wait_for_message(
                group, predicate=lambda m, said=said: said in m.visible_text)
            assert not _refused(fake), _refused(fake)
        score = replies["/score last"]
        assert "📜 Deal record" in score.button_texts, score.button_texts
        await fake.press_button(alice, score, text="📜 Deal record")
        await _wait_said(fake, group, "Hands as dealt", ALICE)
        assert not _refused(fake)
        for m in fake.bot_messages(group):
            assert "&amp;amp;" not in m.visible_text and "&lt;" not in m.visible_text, m.text
