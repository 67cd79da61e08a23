"""Married bridge in a Telegram group, end to end: real aiogram polling, SQLite, fake Bot API.

Two users open a married bridge table, switch the lobby to a rubber of two games and play the
whole match by pressing random visible buttons (preliminary tricks, auction, main play, both
games); the final sheet, the stored score rows and the result message are checked, and no group
message ever shows a card that is still in a hand or in the talon (MB-INFO).
"""

from __future__ import annotations

import random
import re
from typing import Any

from tests.e2e.conftest import current_match, hand_message, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.married_bridge import open_married_bridge as _open_married_bridge
from tests.kit.married_bridge import to_the_auction
from tests.kit.store import only_table_id as _table_id

MAX_MOVES = 600
#: a card as the English catalog shows it (52-card pack)
CARD_RE = re.compile(r"(?<![0-9])(?:10|[AKQJ2-9])[♠♥♦♣]")
#: lines that show bids or contracts (``2♥`` there is a bid, not a card)
BID_LINES = ("Bidding:", "contract", "Double on the bid", "Double:", "Contract:")


def _shown_cards(text: str) -> set[str]:
    lines = [ln for ln in text.splitlines() if not any(k in ln for k in BID_LINES)]
    return set(CARD_RE.findall("\n".join(lines)))


async def test_whole_rubber_to_the_end(fake: FakeTelegram, kozyr: Any,
                                       club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await _open_married_bridge(fake, group, alice, bob, rubber=True)
        table_id = await _table_id(app)
        from bot.i18n import Catalogs
        from bot.show.common import card_text

        tr = Catalogs().translator("en")
        checked: dict[tuple[int, int], int] = {}
        recent: list[set[str]] = []  # hidden cards of the last states (a message may lag)

        async def no_leak() -> None:
            match = await current_match(app, table_id)
            state = match.to_json()["state"]
            recent.append({card_text(c, tr) for c in state["hands"][0] + state["hands"][1]
                           + state["talon"]})
            del recent[:-3]
            # cards played in the last moves are public, even when a new game has dealt them
            # again (the deal-scored message shows the last trick of the game just ended)
            # from the action log: the stored match keeps only the current deal's events
            async with app.store.transaction() as tx:
                log = await tx.actions(table_id)
            played = [card_text(a.code.split(":")[1], tr) for a in log
                      if a.code.startswith("play:")]
            hidden = set.intersection(*recent) - set(played[-6:])
            for msg in fake.chat_messages(group, from_bot=True):
                key = (msg.chat.id, msg.message_id)
                for version in msg.versions[checked.get(key, 0):]:
                    leaked = _shown_cards(version.text or "") & hidden
                    assert not leaked, f"{sorted(leaked)} in {version.text!r}"
                checked[key] = len(msg.versions)

        moves = await play_moves(fake, [alice, bob], random.Random(3), limit=MAX_MOVES,
                                 after_move=no_leak)
        assert 0 < moves < MAX_MOVES
        match = await current_match(app, table_id)
        assert match.is_over
        sheet = match.score_sheet
        assert len(sheet["rows"]) == 2 and sheet["result"] is not None
        assert [sum(r["points"][s] for r in sheet["rows"]) for s in (0, 1)] == sheet["totals"]
        for row in sheet["rows"]:
            assert re.fullmatch(r"[1-7](C|D|H|S|NT)X{0,2} by seat [01], \d+ tricks",
                                row["note"])
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        if sheet["result"]["winner"] is not None:
            winner = ("Alice", "Bob")[sheet["result"]["winner"]]
            assert f"{winner} wins" in (over.text or "")
        async with app.store.transaction() as tx:
            rows = await tx.score_rows(table_id)
            table = await tx.get_table(table_id)
        assert table is not None and table.status == "finished"
        assert len(rows) == 4
        assert [r.total for r in rows if r.deal == 2] == [float(t) for t in sheet["totals"]]
        for user in (alice, bob):
            message = hand_message(fake, user)
            assert message is not None and not message.buttons
        # /score last shows the finished sheet with its cells
        await fake.send_text(group, bob, "/score last")
        scored = await fake.wait_for_message(group, text_contains="Deal |")
        # deal 2's row, its first cell with its sign (MB-SCORE-8)
        cell = re.escape(sheet["rows"][1]["cells"][0])
        assert re.search(rf"^2\s*\|\s*{cell}\s*\|", scored.text or "", re.M), scored.text


async def test_single_game_in_russian(fake: FakeTelegram, kozyr: Any,
                                      club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await fake.send_text(group, alice, "/lang ru")
        assert await fake.wait_for_message(group, text_contains="Язык")
        await fake.send_text(group, alice, "/rules married_bridge")
        rules = await fake.wait_for_message(group, text_contains="Супружеский бридж")
        # The summary ends with where the whole text is.
        assert (rules.text or "").endswith("в документации kozyr, раздел «Правила».")
        for user in (alice, bob):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new married_bridge")
        lobby = await fake.wait_for_message(group, text_contains="Супружеский бридж")
        assert "Играем: одну раздачу" in (lobby.text or "")
        await fake.press_button(bob, lobby, text="Сесть")
        await fake.press_button(alice, lobby, text="Начать")
        await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                            what="both hands")
        table_id = await _table_id(app)
        hands = [hand_message(fake, u) for u in (alice, bob)]
        assert all("Ваши карты" in (h.text or "") for h in hands if h)
        assert any("Карт в талоне: 26" in (h.text or "") for h in hands if h)
        moves = await play_moves(fake, [alice, bob], random.Random(8), limit=MAX_MOVES)
        assert moves > 0
        match = await current_match(app, table_id)
        assert match.is_over and len(match.score_sheet["rows"]) == 1
        assert await fake.wait_for_message(group, text_contains="🏆", after=0)


async def test_the_auction_in_two_steps(fake: FakeTelegram, kozyr: Any,
                                        club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """# MB-BID-1, MB-BID-2: the bidder's hand offers the levels (pass and contra at once, one
    tap); a level opens its strains with Back; a stale second step (the strain button of a
    page drawn before the move) and a forged one (a level the rules do not offer, or a page
    pressed by the other player) are refused and change nothing."""
    from tests.kit.telegram import press_move, version_of, wait_redrawn

    group, alice, bob = club
    players = [alice, bob]
    async with kozyr() as app:
        table_id, user, _, hand = await to_the_auction(fake, app, group, alice, bob)
        # the end of the preliminary tricks is told once: on the table, which names the
        # opener, and in the opener's hand (MB-PRE-10, MB-BID-1, MB-BID-4; issue #18)
        await fake.wait_for(lambda f: any(
            "ℹ️ The 13 preliminary tricks are over" in (m.text or "")
            and "Last preliminary trick: " in (m.text or "")
            for m in f.chat_messages(group, from_bot=True)), what="the auction on the table")
        assert "Auction: you open" in (hand.text or ""), hand.text
        assert not any("talon is empty" in (m.text or "")
                       for m in fake.chat_messages(group, from_bot=True))
        other = bob if user is alice else alice
        assert [b.text for row in hand.buttons for b in row] == [f"{n} …" for n in range(1, 8)]
        level = hand.find_button(text="3 …").data
        assert level is not None
        _, t, v, _ = level.split("|", 3)
        # forged pages: a level beyond the auction, and the other player opening his
        forged = await fake.press(user, hand, f"x|{t}|{v}|bid:9", strict=False)
        assert forged.text and "3♥" not in [b.text for row in hand_message(fake, user).buttons
                                            for b in row]
        theirs = await fake.press(other, hand_message(fake, other), level, strict=False)
        assert theirs.text
        assert not (await fake.press(user, hand, level)).text
        page = await fake.wait_for(lambda f: (m := hand_message(f, user)) and any(
            b.text == "3♥" for row in m.buttons for b in row) and m, what="the strains of 3")
        assert [b.text for b in page.buttons[-1]] == ["« Back"]
        strain = page.find_button(text="3♥").data
        stale = page.find_button(text="3♠").data
        assert strain is not None and stale is not None
        mark = fake.mark()
        assert not (await press_move(fake, user, page, strain, players)).text
        await wait_redrawn(fake, players, version_of(strain), since=mark)
        log = await current_match(app, table_id)
        calls = [c["call"] for c in log.public_view()["calls"]]
        assert calls == ["bid:3:H"]
        # the page drawn before the move: its other strain is stale now
        late = await fake.press(user, page, stale, strict=False)
        assert "out of date" in (late.text or "")
        assert [c["call"] for c in (await current_match(app, table_id)).public_view()["calls"]] \
            == ["bid:3:H"]
        answer = await fake.wait_for(lambda f: (m := hand_message(f, other)) and any(
            b.text == "Pass" for row in m.buttons for b in row) and m, what="the answer")
        labels = [b.text for row in answer.buttons for b in row]
        assert labels == [f"{n} …" for n in range(3, 8)] + ["Double", "Pass"]
