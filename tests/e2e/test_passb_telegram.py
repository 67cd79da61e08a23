"""What a club player missed in whole matches played through the bot (pass B), end to end
through the fake Bot API: the first deal's attacking up-card, told as every later deal's is."""

from __future__ import annotations

from typing import Any

import engine
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.telegram import open_pair_lobby, start_and_deal, table_showing

#: a seed whose first Berg deal turns up an attacking card (the lobby draws the first dealer
#: as seed % 4, bot/tables/lobby.py)
SEED = 20261204


async def test_first_deal_tells_what_the_up_card_did(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # BERG-DEAL-5, BERG-INFO-3: «Up-card 7♠: Boris takes 2 cards and misses a turn» was said
    # from the second deal on; in the first the left neighbour just held more cards, unexplained
    m = engine.get_game("berg").new_match(players=4, options={"first_dealer": SEED % 4},
                                          seed=SEED)
    opening = [e.to_dict() for e in m.events]
    skipped = next(e["seat"] for e in opening if e["type"] == "skipped")
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Clara"), fake.user(104, "Denis")]
    async with kozyr(seed=SEED):
        lobby = await open_pair_lobby(fake, group, users, game="berg", title="Berg 2x2")
        await start_and_deal(fake, lobby, users)
        table = await table_showing(fake, group, "Up-card ")
        line = next(x for x in (table.text or "").splitlines() if x.startswith("Up-card "))
        assert users[skipped].first_name in line and "misses a turn" in line, table.text
