"""Deberts deal results name the trump (``deal_scored.trump``, DB-BID-5); a table whose stored
events were written before they did (no ``trump``) goes on after a restart: /score's last deal
and the deal record name the trump (read from the replayed moves), the next move is taken."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import stored_actions
from tests.kit.telegram import mover, open_table, play_moves, press_move


def _strip_trump(db_url: str) -> int:
    """Remove ``trump`` from every stored ``deal_scored`` event (as the bot wrote them before
    the field existed); returns how many were changed."""
    changed = 0

    def strip(events: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        nonlocal changed
        for e in events or []:
            if e.get("type") == "deal_scored" and "trump" in e:
                del e["trump"]
                changed += 1
        return events

    with sqlite3.connect(db_url.split("///", 1)[1]) as db:
        for row_id, events in db.execute("SELECT id, events FROM action_log").fetchall():
            if events:
                db.execute("UPDATE action_log SET events = ? WHERE id = ?",
                           (json.dumps(strip(json.loads(events))), row_id))
        records = db.execute("SELECT table_id, deal_events FROM match_record").fetchall()
        for row_id, events in records:
            if events:
                db.execute("UPDATE match_record SET deal_events = ? WHERE table_id = ?",
                           (json.dumps(strip(json.loads(events))), row_id))
    return changed


async def test_old_deal_results_after_a_restart(  # DB-BID-5
        fake: FakeTelegram, kozyr: Any, db_url: str,
        club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    rng = random.Random(7)
    async with kozyr():
        await open_table(fake, group, alice, bob)
        for _ in range(400):
            if any((m.text or "").startswith("Deal 1:") for m in fake.bot_messages(group)):
                break
            await play_moves(fake, users, rng, limit=1)
        said = next(m.text or "" for m in fake.bot_messages(group)
                    if (m.text or "").startswith("Deal 1:"))
        await fake.settle()
    assert "Trump: " in said, said
    trump = said.split("Trump: ", 1)[1][:1]
    assert _strip_trump(db_url) >= 1
    async with kozyr() as app:
        await fake.settle()
        await fake.send_text(group, alice, "/score")
        sheet = await fake.wait_for_message(
            group, predicate=lambda m: "📜 Deal record" in m.button_texts)
        assert f"Trump: {trump}" in (sheet.text or ""), sheet.text
        assert not (await fake.press_button(bob, sheet, text="📜 Deal record")).text
        await fake.wait_for(lambda f: any("deal record" in (m.text or "").lower()
                                          for m in f.bot_messages(group)), what="the record")
        table_id = int(sheet.buttons[0][0].data.split("|")[1])
        before = await stored_actions(app, table_id)
        user, message, data = mover(fake, users)
        assert not (await press_move(fake, user, message, data, users)).text
        await fake.settle()
        assert await stored_actions(app, table_id) == before + 1
