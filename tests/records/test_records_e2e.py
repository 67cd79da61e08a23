"""Records end to end: the real bot (aiogram polling, the service, the database) against the
fake Bot API. Two users play a whole married bridge game by pressing the buttons they see;
then the final sheet's picture with the rating changes, /stats, /top, /history, /score's
buttons (picture, deal record, export) and /export, whose file replays to the same sheet.

Runs on SQLite, and on PostgreSQL too when ``TEST_DATABASE_URL`` is set.
"""

from __future__ import annotations

import json
from typing import Any

from bot.records.core import replay
from tests.e2e.conftest import (
    club,
    current_match,
    fake,
    kozyr,
    play_married_bridge,
)
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser

__all__ = ["club", "fake", "kozyr"]  # fixtures used by name

async def _ask(fake: FakeTelegram, group: FakeChat, user: FakeUser, command: str,
               **wait: Any) -> FakeMessage:
    await fake.send_text(group, user, command)
    return await fake.wait_for_message(group, **wait)


async def test_records_after_a_whole_match(fake: FakeTelegram, kozyr: Any,
                                           club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await play_married_bridge(fake, group, alice, bob)
        async with app.store.transaction() as tx:
            table = await tx.last_finished_table(int((await tx.upsert_chat(
                "tg", str(group.id), group.title or "")).id or 0), played=True)
        assert table is not None and table.status == "finished"
        match = await current_match(app, table.id or 0)
        # The final sheet's picture follows the match-over message, with the rating changes.
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        photo = await fake.wait_for_message(group, predicate=lambda m: m.photo is not None,
                                            after=over)
        assert photo.photo is not None and photo.photo.data.startswith(b"\x89PNG")
        # its caption says what it holds: the rating changes and the match sheet (#18)
        assert photo.visible_text.startswith("Married bridge · rating and match sheet\n")
        assert "Rating: Alice 1000 → " in photo.visible_text
        assert "Bob 1000 → " in photo.visible_text
        assert [b.text for row in photo.buttons for b in row] == ["📜 Deal record", "💾 Export"]

        stats = await _ask(fake, group, bob, "/stats @alice", text_contains="Alice")
        assert "played 1" in stats.visible_text and "rating" in stats.visible_text
        top = await _ask(fake, group, alice, "/top married_bridge",
                         text_contains="leaderboard")
        assert "1. " in top.visible_text and "2. " in top.visible_text
        history = await _ask(fake, group, alice, "/history", text_contains="Last matches")
        assert f"#{table.id} · " in history.visible_text
        assert "Alice, Bob" in history.visible_text
        # in a private chat: the matches he played, wherever they were
        await fake.send_text(alice, alice, "/history")
        mine = await fake.wait_for_message(alice, text_contains="Last matches")
        assert f"#{table.id} · " in mine.visible_text
        stranger = fake.user(109, "Stranger")
        await fake.send_text(stranger, stranger, "/history")
        none = await fake.wait_for_message(stranger, text_contains="no finished matches")
        assert "#" not in none.visible_text

        score = await _ask(fake, group, bob, "/score last", text_contains="|")
        labels = [b.text for row in score.buttons for b in row]
        assert labels == ["🖼 Picture", "📜 Deal record", "💾 Export"]
        assert (await fake.press_button(alice, score, text="🖼 Picture")).text is None
        await fake.wait_for_message(group, predicate=lambda m: m.photo is not None)
        await fake.press_button(alice, score, text="📜 Deal record")
        record = await fake.wait_for_message(group, text_contains="Hands as dealt")
        assert "Tricks" in record.visible_text
        again = await fake.press_button(bob, score, text="📜 Deal record")
        assert again.text == "Already posted above."
        await fake.press_button(bob, score, text="💾 Export")
        file = await fake.wait_for_message(group, predicate=lambda m: m.document is not None)
        assert file.document is not None and file.document.filename
        # players read words: no command line in the caption
        assert "python" not in file.visible_text and "replay" not in file.visible_text
        data = json.loads(file.document.data)
        assert replay(data).score_sheet == match.score_sheet

        exported = await _ask(fake, group, alice, "/export",
                              predicate=lambda m: m.document is not None)
        assert exported.document is not None
        assert json.loads(exported.document.data) == data
