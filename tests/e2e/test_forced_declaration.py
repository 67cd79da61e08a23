"""A Deberts player with no meld is not made to press a lone "Declare nothing" (issue #18, a
new player's pass): when declaring nothing is his only legal call (DB-MELD-5), the bot makes
it in his name in the same transaction as the move before, and logs it as his own move (not a
bot's: the match stays rated); the deal record says it was made for him."""

from __future__ import annotations

import random
from typing import Any

import engine
from bot.i18n import Catalogs
from bot.records.core import deal_record
from bot.records.text import render_deal_record
from bot.show.common import TableInfo
from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.telegram import deberts_table, play_moves


async def test_declaring_nothing_as_the_only_call_is_made_for_him(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-MELD-5
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, _):
        lone: list[str] = []

        def no_lone_declaration() -> None:
            for u in users:
                m = hand_message(fake, u)
                texts = [b.text for row in (m.buttons if m else []) for b in row]
                if texts == ["Declare nothing"]:
                    lone.append(u.first_name)

        await play_moves(fake, users, random.Random(5), limit=200,
                         after_move=no_lone_declaration)
        assert not lone, lone
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
