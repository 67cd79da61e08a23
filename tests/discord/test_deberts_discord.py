"""Deberts in a Discord channel, end to end: the real discord.py client (REST through its HTTP
client, interactions through its gateway parser), a real SQLite file, a fake Discord.

The scenarios of the Telegram suite: a whole match, a double press, a stranger, a stale button,
a restart mid-deal, closed DMs; and Discord's own: the 15-minute life of an interaction token,
every interaction acknowledged within 3 seconds (checked after each test by the fixture).
"""

from __future__ import annotations

import copy
import random

import pytest

from bot.discord.client import DiscordApp
from bot.i18n import Catalogs
from bot.show.common import card_text
from tests.discord.conftest import (
    STALE,
    Kozyr,
    current_match,
    moves_on,
    my_hand,
    only_table_id,
    open_lobby,
    open_table,
    play_moves,
)
from tests.discord.fake import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.kit.store import StoredMatches, forced_actions

MAX_MOVES = 3000
NOT_SEATED = "You are not playing at this table."
CARD = r"(?:10|[AKQJ987])[♠♥♦♣]"
Club = tuple[FakeChannel, FakeUser, FakeUser]

#: the cards' names as the channel reads them (built once: a catalog load is ~30 ms)
EN = Catalogs().translator("en")


async def _actions(app: DiscordApp, table_id: int) -> int:
    async with app.store.transaction() as tx:
        return len(await tx.actions(table_id))


async def _mover(fake: FakeDiscord, players: list[FakeUser]
                 ) -> tuple[FakeUser, FakeMessage, tuple[str, list[str] | None]]:
    """The player with moves on his hand, the hand, and its first move."""
    user, hand = await fake.wait_for(
        lambda f: next(((u, h) for u in players if (h := f.hand(u)) and moves_on(h)), None),
        what="a player with moves")
    return user, hand, moves_on(hand)[0]


def _assert_no_leak(stored: StoredMatches, fake: FakeDiscord, channel: FakeChannel,
                    table_id: int, since: dict[int, int]) -> None:
    """No channel message ever showed a card still in someone's hand (DB-PLAY-8)."""
    import re

    match = stored.match(table_id)  # the state the last move stored
    if match.is_over:
        return
    held = {card_text(c, EN) for s in range(match.players) for c in match.view(s)["hand"]}
    leaks = []
    for message in fake.channel_messages(channel, include_deleted=True):
        for text in message.versions[since.get(message.id, 0):]:
            # Shown by rule: four 7s / 8s, the winner's melds, a finished deal's last trick.
            if any(p in text for p in ("redeal", "shows the meld", "Last trick:")):
                continue
            leaks += [f"{c} in {text[:60]!r}" for c in set(re.findall(CARD, text)) & held]
        since[message.id] = len(message.versions)
    assert not leaks


async def test_whole_match_to_the_end(fake: FakeDiscord, kozyr: Kozyr, club: Club,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    channel, alice, bob = club
    stored = StoredMatches(monkeypatch)
    async with kozyr() as app:
        # to 301, the shortest target (DB-OPT-target): what is checked is the same at 501
        await open_table(fake, channel, alice, bob, options={"target": 301})
        table_id = await only_table_id(app)
        facts = (await current_match(app, table_id)).public_view()["facts"]
        assert {f["key"]: f["value"] for f in facts}["target"] == 301
        since: dict[int, int] = {}

        async def check() -> None:
            _assert_no_leak(stored, fake, channel, table_id, since)

        moves = await play_moves(fake, [alice, bob], channel, random.Random(1),
                                 limit=MAX_MOVES, after_move=check)
        assert 0 < moves < MAX_MOVES
        match = await current_match(app, table_id)
        assert match.is_over and match.score_sheet["result"] is not None
        over = fake.find(channel, "🏆")
        winner = ("Alice", "Bob")[match.score_sheet["result"]["winner"]]
        assert over is not None and f"{winner} wins" in over.text
        async with app.store.transaction() as tx:
            rows = await tx.score_rows(table_id)
            table = await tx.get_table(table_id)
        assert table is not None and table.status == "finished"
        assert len(rows) == 2 * len(match.score_sheet["rows"])
        assert await _actions(app, table_id) == moves + await forced_actions(app, table_id)
        # Each hand was one ephemeral message, edited in place all match long.
        for user in (alice, bob):
            hands = [m for m in fake.private_messages(user) if m.is_hand]
            assert len(hands) == 1 and hands[0].ephemeral_for == user.id
            assert not moves_on(hands[0]) and len(hands[0].versions) > 10
        # One table message stays, edited in place and posted anew after each deal.
        tables = [m for m in fake.channel_messages(channel)
                  if m.text.startswith("🃏") and "new table" not in m.text]
        assert len(tables) == 1 and tables[0].id == int(table.message_id or 0)
        assert not tables[0].custom_ids  # no "My hand" once the match is over
        score = await fake.slash(bob, channel, "score", last=True)
        sheet = fake.channel_messages(channel)[-1]
        assert "Deal |" in sheet.text and str(match.score_sheet["totals"][0]) in sheet.text
        assert score.original is not None and score.original.deleted  # the "thinking" went
        # Records: the sheet as a picture (a button under /score), /stats, /top.
        assert not (await fake.press_button(alice, sheet, "Picture")).notices
        # the press is answered at once; the picture follows
        picture = await fake.wait_for(
            lambda f: next((m for m in f.channel_messages(channel) if m.files), None),
            what="the sheet's picture")
        assert [name for name, _ in picture.files] == ["sheet.png"]
        assert picture.files[0][1].startswith(b"\x89PNG")
        await fake.slash(alice, channel, "stats")
        assert "Alice" in fake.channel_messages(channel)[-1].text
        await fake.slash(alice, channel, "top", game="deberts")
        top = fake.channel_messages(channel)[-1].text
        assert "Alice" in top and "Bob" in top


async def test_double_press_applies_once(fake: FakeDiscord, kozyr: Kozyr, club: Club) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, channel, alice, bob)
        table_id = await only_table_id(app)
        user, hand, (custom_id, values) = await _mover(fake, [alice, bob])
        first = fake.press_nowait(user, hand, custom_id, values=values)
        second = fake.press_nowait(user, hand, custom_id, values=values)
        for pressed in (first, second):
            await fake.settle(pressed)
        assert sorted(first.notices + second.notices) == [STALE]
        assert await _actions(app, table_id) == 1


async def test_stranger_and_garbage_change_nothing(fake: FakeDiscord, kozyr: Kozyr,
                                                   club: Club) -> None:
    channel, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        await open_table(fake, channel, alice, bob)
        table_id = await only_table_id(app)
        # Carol is not at the table: "My hand" tells her so.
        pressed = await fake.press_button(carol, fake.table_message(channel), "My hand")
        assert pressed.notices == [NOT_SEATED]
        user, hand, (custom_id, _) = await _mover(fake, [alice, bob])
        # Nobody else sees an ephemeral hand; a client forging its press changes nothing.
        forged = await fake.press(carol, hand, custom_id, strict=False)
        assert forged.notices == [NOT_SEATED]
        other = bob if user is alice else alice
        forged = await fake.press(other, hand, custom_id, strict=False)
        assert forged.notice and forged.notice.startswith("Not allowed")
        # Custom ids that are not ours, or not on the message, are answered and ignored.
        for junk in ("zzz", "kz:a:x:1:take", "kz:a:1", "kz:l:1:explode:",
                     f"kz:a:{table_id}:1:play:ZZ"):
            answered = await fake.press(carol, hand, junk, strict=False)
            assert answered.notices == ["This button is not valid."], junk
        assert await _actions(app, table_id) == 0


async def test_stale_button_is_refused_and_heals(fake: FakeDiscord, kozyr: Kozyr,
                                                 club: Club) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, channel, alice, bob)
        table_id = await only_table_id(app)
        user, hand, (custom_id, values) = await _mover(fake, [alice, bob])
        seen = copy.deepcopy(hand)  # what a lagging client still shows
        assert not (await fake.press(user, hand, custom_id, values=values)).notices
        stale = await fake.press(user, seen, custom_id, values=values)
        assert stale.notices == [STALE]
        assert await _actions(app, table_id) == 1
        # The stale press redrew the hand it came from with the current state.
        current = fake.hand(user)
        assert current is not None and custom_id not in current.custom_ids


async def test_restart_mid_deal_continues(fake: FakeDiscord, kozyr: Kozyr, club: Club) -> None:
    channel, alice, bob = club
    rng = random.Random(2)
    async with kozyr() as app:
        await open_table(fake, channel, alice, bob)
        table_id = await only_table_id(app)
        assert await play_moves(fake, [alice, bob], channel, rng, limit=7) == 7
        before = (await current_match(app, table_id)).to_json()
        table_message = fake.table_message(channel)
        edits = len(table_message.versions)
        user, hand, (custom_id, values) = await _mover(fake, [alice, bob])
    async with kozyr(seed=1) as app:  # the same database, a new process
        assert (await current_match(app, table_id)).to_json() == before
        assert len(table_message.versions) > edits  # redrawn in place at start-up
        # The buttons drawn before the restart still work (matched by their custom ids).
        assert not (await fake.press(user, hand, custom_id, values=values)).notices
        assert await _actions(app, table_id) == 8 + await forced_actions(app, table_id)
        # A hand the bot could not edit since (no interaction token survives a restart)
        # comes back with "My hand".
        moves = await play_moves(fake, [alice, bob], channel, rng, limit=MAX_MOVES,
                                 ask_hand=True)
        assert moves > 0 and (await current_match(app, table_id)).is_over
        live = [m for m in fake.channel_messages(channel) if "🏆" not in m.text
                and m.text.startswith("🃏") and "new table" not in m.text
                and "Deal |" not in m.text]
        assert len(live) == 1
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and table.message_id == str(live[0].id)


async def test_closed_dms_fall_back_to_the_ephemeral_hand(fake: FakeDiscord, kozyr: Kozyr,
                                                          club: Club) -> None:
    channel, alice, bob = club
    bob.dms_open = False
    async with kozyr() as app:
        refused = await fake.slash(bob, channel, "dm", enabled=True)
        assert refused.notice and refused.notice.startswith("I cannot send you direct")
        chosen = await fake.slash(alice, channel, "dm", enabled=True)
        assert chosen.notice == "Done: your cards will come by direct message."
        assert fake.dms(alice)[-1].text.startswith("Hello! I am kozyr")
        lobby = await open_lobby(fake, channel, alice, [bob])
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        # Alice's hand comes by DM unasked; Bob, whose DMs are closed, asks for his.
        hand = fake.hand(alice)
        assert hand is not None and hand in fake.dms(alice)
        await my_hand(fake, bob, channel)
        table_id = await only_table_id(app)
        rng = random.Random(3)
        assert await play_moves(fake, [alice, bob], channel, rng, limit=4) == 4
        # Alice closes her DMs in the middle of the game: no crash, the channel is told, and
        # her hand comes back under "My hand".
        alice.dms_open = False
        await play_moves(fake, [alice, bob], channel, rng, limit=30, ask_hand=True)
        assert any("50007" in r for r in fake.refused)
        notice = fake.find(channel, "I cannot send direct messages to: Alice")
        assert notice is not None
        assert (hand := fake.hand(alice)) is not None and hand.ephemeral_for == alice.id
        assert await _actions(app, table_id) >= 30


async def test_hands_outlive_the_interaction_token(fake: FakeDiscord, kozyr: Kozyr,
                                                   club: Club) -> None:
    channel, alice, bob = club
    rng = random.Random(4)
    async with kozyr() as app:
        await open_table(fake, channel, alice, bob)
        table_id = await only_table_id(app)
        assert await play_moves(fake, [alice, bob], channel, rng, limit=3) == 3
        fake.advance(16 * 60)  # every token handed out so far is dead
        user, hand, (custom_id, values) = await _mover(fake, [alice, bob])
        # The mover's press brings a fresh token for his hand; the other hand's token is dead:
        # Discord refuses the edit, and the player asks again ("My hand", sent anew).
        assert not (await fake.press(user, hand, custom_id, values=values)).notices
        await fake.wait_for(lambda f: any("50027" in r for r in f.refused),
                            what="a refused edit")
        other = bob if user is alice else alice
        old = fake.hand(other)
        fresh = await my_hand(fake, other, channel)
        assert old is not None and fresh.id != old.id
        moves = await play_moves(fake, [alice, bob], channel, rng, limit=10, ask_hand=True)
        assert moves == 10
        assert await _actions(app, table_id) == 14 + await forced_actions(app, table_id)
