"""Bazar-Belot in a Telegram group, end to end: real aiogram polling, SQLite, fake Bot API.

Four users open a Bazar-Belot table and play a whole match by pressing buttons they can see:
the player on turn most of the time, and now and then another player's off-turn button (kapo on
one hand, contra, recontra: docs/design.md "Out-of-turn calls" shows them to every entitled seat
at once). Bid levels come as a two-step choice (a level, then its strain). The final sheet, the
stored score rows and the result message are checked, and no group message ever shows a card
still hidden in a hand (BB-PLAY-12).
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

from bot.tables.access import join_payload, join_tag
from tests.e2e.conftest import (
    CARD_RE,
    current_match,
    hand_message,
    press_move,
    version_of,
    wait_redrawn,
)
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import only_table_id as _table_id
from tests.kit.store import seat_names as _seats
from tests.kit.telegram import game_buttons as _game_buttons
from tests.kit.telegram import newest_showing, open_pair_lobby, start_and_deal, table_showing

MAX_MOVES = 2500
#: group lines that name bids, not cards (``8♥`` there is a bid of 8 hearts, the auction's
#: calls and its highest bid), cards that are
#: public by rule (shown melds, BB-MELD-7; four 7s, BB-MELD-14) or cards already played (the
#: last trick of a deal result, posted when the next deal's hands are out)
DEAL_RE = re.compile(r"· deal (\d+)\b")
PUBLIC_LINES = ("Bidding:", "Highest bid:", "Shown melds:", "shows the meld", "four sevens",
                "Last trick:")


async def _open_table(fake: FakeTelegram, group: FakeChat, users: list[FakeUser]) -> None:
    lobby = await open_pair_lobby(fake, group, users, game="bazar_belot", title="Bazar-Belot")
    await start_and_deal(fake, lobby, users)


def _level(button: Any) -> int | None:
    code = button.data.split("|")[3]
    parts = code.split(":")
    return int(parts[1]) if parts[0] == "bid" and parts[1].isdigit() else None


def _pick(buttons: list[Any], rng: random.Random) -> Any:
    """Pass often, bid low levels mostly, keep kapo on one hand rare (it ends the bidding)."""
    passes = [b for b in buttons if b.data.endswith("|pass")]
    rare = [b for b in buttons if "kapo1" in b.data]
    if passes and rng.random() < 0.55:
        return passes[0]
    levels = sorted((b for b in buttons if _level(b) is not None), key=_level)
    if levels and rng.random() < 0.8:
        return rng.choice(levels[:3])
    common = [b for b in buttons if b not in rare] or buttons
    return rng.choice(rare if rare and rng.random() < 0.02 else common)


async def play_bazar(fake: FakeTelegram, users: list[FakeUser], rng: random.Random, *,
                     limit: int, after_move: Any = None) -> int:
    """Press game buttons until nobody has any; return the moves made.

    Several players may hold buttons at once (off-turn calls); the one whose hand says it is
    his move is chosen nine times in ten. An expand button (``x|``) opens a choice, and one of
    its actions is pressed next.
    """
    moves = 0
    while moves < limit:
        movers = [(u, m) for u in users if _game_buttons(m := hand_message(fake, u))]
        if not movers:
            return moves
        on_turn = [(u, m) for u, m in movers if "Your move" in (m.text or "")]
        user, message = (on_turn[0] if on_turn and rng.random() < 0.9 else rng.choice(movers))
        button = _pick(_game_buttons(message), rng)
        for _ in range(1):  # a range of levels opens every bid of them: two taps at most
            if not button.data.startswith("x|"):
                break
            answer = await fake.press(user, message, button.data)
            assert not answer.text, answer.text
            message = hand_message(fake, user)
            assert message is not None
            choices = [b for b in _game_buttons(message) if not b.data.endswith("|")]
            assert choices, "an expanded choice shows its actions"
            button = rng.choice(choices)
        assert button.data.startswith("a|"), "two taps reach an action"
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, users)
        assert not answer.text, f"a legal button was refused: {answer.text}"
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
        moves += 1
        if after_move is not None:
            await after_move()
    return moves


async def test_whole_match_to_the_end(fake: FakeTelegram, kozyr: Any,
                                      club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr() as app:
        await _open_table(fake, group, users)
        table_id = await _table_id(app)
        # BB-BID-11: before any call every player may call kapo on one hand, so all four
        # hands carry buttons at once; only the player on turn has Pass (BB-BID-6).
        with_buttons = [u for u in users if _game_buttons(hand_message(fake, u))]
        assert with_buttons == users
        with_pass = [u for u in users
                     if any(b.data.endswith("|pass") for b in _game_buttons(hand_message(fake, u)))]
        assert len(with_pass) == 1
        from bot.i18n import Catalogs
        from bot.show.common import card_text

        tr = Catalogs().translator("en")
        checked: dict[tuple[int, int], int] = {}
        recent: list[set[str]] = []  # the hidden cards after the last two moves
        by_deal: dict[int, list[set[str]]] = {}  # the same per deal, as the messages number it

        async def no_leak() -> None:
            match = await current_match(app, table_id)
            if match.is_over:
                return
            pub = match.public_view()
            shown = {g["card"] for g in pub["groups"].get("shown_melds", [])}
            hands = {card_text(c, tr) for s in range(4) for c in match.view(s)["hand"]
                     if c not in shown}
            for kept in (recent, by_deal.setdefault(int(pub["sheet_deal"]), [])):
                kept.append(hands)
                del kept[:-2]
            for msg in fake.chat_messages(group, from_bot=True):
                key = (msg.chat.id, msg.message_id)
                for version in msg.versions[checked.get(key, 0):]:
                    # a version is checked against the deal it shows: an edit of the last
                    # deal's table message may arrive once the next deal has dealt the cards
                    # anew (SQLite in the loop's thread made that timing common)
                    shows = DEAL_RE.search(version.text)
                    kept = by_deal.get(int(shows.group(1)), []) if shows else recent
                    hidden = set.intersection(*kept) if kept else set()
                    lines = [ln for ln in version.text.splitlines()
                             if not any(p in ln for p in PUBLIC_LINES)]
                    leaked = set(CARD_RE.findall("\n".join(lines))) & hidden
                    assert not leaked, (leaked, version.text[:300])
                checked[key] = len(msg.versions)

        moves = await play_bazar(fake, users, random.Random(7), limit=MAX_MOVES,
                                 after_move=no_leak)
        assert 0 < moves < MAX_MOVES
        match = await current_match(app, table_id)
        assert match.is_over
        sheet = match.score_sheet
        assert sheet["sides"] == [{"name": "NS", "seats": [0, 2]},
                                  {"name": "EW", "seats": [1, 3]}]
        result = sheet["result"]
        assert result is not None and max(sheet["totals"]) >= 301
        assert sheet["totals"][result["winner"]] == max(sheet["totals"])
        assert result["line"].startswith(f"Totals: NS {sheet['totals'][0]}, "
                                         f"EW {sheet['totals'][1]} — ")
        for row in sheet["rows"]:  # BB-SHEET-2, BB-SHEET-3
            assert all(c in ("BT", "-") or c.isdigit() for c in row["cells"])
            assert row["note"]
        assert [sum(r["points"][p] for r in sheet["rows"]) for p in (0, 1)] == sheet["totals"]
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        winners = [users[s].first_name for s in sheet["sides"][result["winner"]]["seats"]]
        assert all(name in (over.text or "") for name in winners)
        async with app.store.transaction() as tx:
            rows = await tx.score_rows(table_id)
            table = await tx.get_table(table_id)
        assert table is not None and table.status == "finished"
        assert len(rows) == 2 * len(sheet["rows"])
        last = [r for r in rows if r.deal == len(sheet["rows"])]
        assert [r.total for r in last] == [float(t) for t in sheet["totals"]]
        for user in users:
            message = hand_message(fake, user)
            assert message is not None and not _game_buttons(message)


async def _sit(fake: FakeTelegram, group: FakeChat, lobby_id: int, user: FakeUser, label: str,
               notice: str, shown: str) -> None:
    """``user`` presses the lobby button ``label``; the answer is ``notice``; wait until the
    lobby shows ``shown``."""
    answer = await fake.press_button(user, fake.message(group, lobby_id), text=label)
    assert answer.text == notice
    await fake.wait_for(lambda f: shown in (f.message(group, lobby_id).text or ""), what=shown)


async def test_players_pick_seats_in_pairs_and_the_partner_of_a_lone_player_sits_out(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """BB-DEAL-1 (partners opposite: seats 0+2 against 1+3, shown as 1+3 and 2+4): players
    pick seats, one Joins at a random free seat (the same one every run), one moves; the start
    keeps the chosen seats and the table names the pairs. Then kapo on one hand (BB-BID-4,
    BB-BID-12): the lone player's partner is told his cards are out of play and gets no button
    (BB-PLAY-10)."""
    from bot.tables.lobby import free_seat

    group, alice, bob = club
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    users = [alice, bob, carol, dave]
    async with kozyr() as app:
        for user in users:
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new bazar_belot")
        lobby = await fake.wait_for_message(group, text_contains="Bazar-Belot")
        lobby_id = lobby.message_id
        table_id = await _table_id(app)
        assert "Pair 1+3 (NS): 1. Alice · 3. —" in (lobby.text or "")
        assert "Pair 2+4 (EW): 2. — · 4. —" in (lobby.text or "")
        assert [b.text for b in lobby.buttons[1]] == ["🪑 Seat 3"]  # pair 1's free seat
        assert [b.text for b in lobby.buttons[2]] == ["🪑 Seat 2", "🪑 Seat 4"]
        await _sit(fake, group, lobby_id, bob, "🪑 Seat 3", "You are at the table.",
                   "Pair 1+3 (NS): 1. Alice · 3. Bob")
        # Join: a random free seat, drawn from the table id and the seats taken (reproducible).
        expected = free_seat(table_id, {0, 2}, 4, at_random=True)
        assert expected in (1, 3)
        await _sit(fake, group, lobby_id, carol, "Join", "You are at the table.",
                   f"{expected + 1}. Carol")
        assert (await _seats(app, table_id))[expected] == "Carol"
        # Bob moves to the other seat of pair 2, partnering Carol; seat 3 is free again.
        other = 4 - expected  # 1 <-> 3
        await _sit(fake, group, lobby_id, bob, f"🪑 Seat {other + 1}",
                   f"You moved to seat {other + 1}.", "Pair 1+3 (NS): 1. Alice · 3. —")
        # A seat someone holds cannot be taken (a stale or forged button).
        taken = await fake.press(dave, fake.message(group, lobby_id),
                                 f"l|{table_id}|sit|{other}", strict=False)
        assert taken.text == "That seat is taken."
        await _sit(fake, group, lobby_id, dave, "🪑 Seat 3", "You are at the table.",
                   "Pair 1+3 (NS): 1. Alice · 3. Dave")
        text = fake.message(group, lobby_id).text or ""
        pair2 = sorted([(expected, "Carol"), (other, "Bob")])
        seats = f"{pair2[0][0] + 1}. {pair2[0][1]} · {pair2[1][0] + 1}. {pair2[1][1]}"
        assert f"Pair 2+4 (EW): {seats}" in text
        assert not [b for row in fake.message(group, lobby_id).buttons for b in row
                    if b.text.startswith("🪑")]  # a full table has no free seat
        seats = await _seats(app, table_id)
        assert (await fake.press_button(alice, fake.message(group, lobby_id),
                                        text="Start")).text == "Done."
        await fake.wait_for(lambda f: all(hand_message(f, u) for u in users), what="four hands")
        assert await _seats(app, table_id) == seats  # the start kept every chosen seat
        assert seats == {0: "Alice", 2: "Dave", expected: "Carol", other: "Bob"}
        match = await current_match(app, table_id)
        assert [sorted(s["seats"]) for s in match.score_sheet["sides"]] == [[0, 2], [1, 3]]
        # the table names who partners whom (its message may come after the hands)
        await newest_showing(fake, group, "Alice, Dave", f"{seats[1]}, {seats[3]}")

        # Alice calls kapo on one hand in spades (open to her: Dave has made no call yet,
        # BB-BID-11), on turn or not; the choice of a strain opens in a second step.
        hand = hand_message(fake, alice)
        assert hand is not None
        button = next(b for b in _game_buttons(hand) if "|bid:kapo1" in b.data)
        if button.data.startswith("x|"):
            assert not (await fake.press(alice, hand, button.data)).text
            await fake.wait_for(lambda f: any(
                b.data.endswith("|bid:kapo1:S") for b in _game_buttons(hand_message(f, alice))),
                what="the kapo strains")
            hand = hand_message(fake, alice)
            assert hand is not None
            button = next(b for b in _game_buttons(hand) if b.data.endswith("|bid:kapo1:S"))
        mark = fake.mark()
        # a drastic call: the misclick guard asks, and Alice confirms
        assert not (await press_move(fake, alice, hand, button.data, users)).text
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
        match = await current_match(app, table_id)
        assert match.legal_actions(2) == []
        dave_hand = await fake.wait_for(
            lambda f: (m := hand_message(f, dave)) and "out of play" in (m.text or "") and m,
            what="Dave's hand out of play")
        assert ("⛔ Your hand is out of play this deal: Alice plays alone "
                "(kapo on one hand).") in (dave_hand.text or "")
        assert not _game_buttons(dave_hand)  # no card, no call: he sits this deal out
        alice_hand = hand_message(fake, alice)
        assert alice_hand is not None and "out of play this deal" not in (alice_hand.text or "")
        await newest_showing(fake, group, "Cards out of play (kapo on one hand): Dave")


async def test_seat_picked_before_opening_the_bot_is_kept_by_the_deep_link(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """BB-DEAL-1: a seat button pressed by someone the bot cannot write to yet leads through
    the private chat (deep link ``join-<table>-<seat>-<tag>``) and seats him where he chose."""
    group, alice, bob = club
    async with kozyr() as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new bazar_belot")
        lobby = await fake.wait_for_message(group, text_contains="Bazar-Belot")
        table_id = await _table_id(app)
        answer = await fake.press_button(bob, lobby, text="🪑 Seat 3")
        assert answer.text and "private chat" in answer.text
        invite = await fake.wait_for_message(group, text_contains="Bob")
        url = next(b.data for row in invite.buttons for b in row)
        tag = join_tag(app.service.lobby.link_secret, table_id)
        assert url == f"https://t.me/kozyr_test_bot?start=join-{table_id}-2-{tag}"
        await fake.start_bot(bob, payload=url.split("start=")[1])
        await fake.wait_for(lambda f: "Pair 1+3 (NS): 1. Alice · 3. Bob" in
                            (f.message(group, lobby.message_id).text or ""), what="Bob seated")
        assert await _seats(app, table_id) == {0: "Alice", 2: "Bob"}


async def test_a_join_link_for_a_seat_taken_meanwhile_seats_elsewhere(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """BB-DEAL-1: Bob asks for seat 3 before opening the bot and gets an invitation for it; he
    then asks for seat 4 and gets one for that seat too; Carol takes seat 4 meanwhile, and
    Bob's link for it seats him at a free seat, saying so."""
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        for user in (alice, carol):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new bazar_belot")
        lobby = await fake.wait_for_message(group, text_contains="Bazar-Belot")
        table_id = await _table_id(app)
        for seat in (3, 4):
            mark = fake.mark()
            await fake.press_button(bob, lobby, text=f"🪑 Seat {seat}")
            await fake.wait_for(lambda f, seat=seat, mark=mark: any(
                f"join-{table_id}-{seat - 1}" in str(c.params.get("reply_markup", ""))
                for c in f.calls("sendMessage", since=mark)), what=f"the invitation to {seat}")
        assert (await fake.press_button(carol, lobby, text="🪑 Seat 4")).text == \
            "You are at the table."
        await fake.start_bot(bob, payload=join_payload(app.service.lobby.link_secret, table_id, 3))
        notice = await fake.wait_for_message(bob, text_contains="taken meanwhile")
        seats = await _seats(app, table_id)
        bobs = next(s for s, name in seats.items() if name == "Bob")
        assert f"you sit at seat {bobs + 1}." in (notice.text or "")
        assert seats[3] == "Carol" and bobs in (1, 2)


class _Scored(Exception):
    """Raised after the move that wrote the sheet's first row: the deal to read is played."""


async def test_a_russian_group_names_the_pairs_as_the_club_does(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """BB-DEAL-1, BB-SHEET-1 (issue #18): in a Russian group the pairs are «Ю-С» (seats 0 and
    2) and «З-В» (seats 1 and 3): the table's score line names them with their players once,
    a deal's result names them on its lines, and /score heads the sheet's columns with them."""
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr() as app:
        await _open_table(fake, group, users)
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/lang ru")
        assert await fake.wait_for_message(group, text_contains="Язык")

        async def scored() -> None:
            if (await current_match(app, table_id)).score_sheet["rows"]:
                raise _Scored

        with contextlib.suppress(_Scored):  # stopped once the first deal is written
            await play_bazar(fake, users, random.Random(7), limit=MAX_MOVES, after_move=scored)
        table = await table_showing(fake, group, "Ю-С (Alice, Carol)", "З-В (Bob, Dave)")
        assert "Alice, Carol" not in (table.text or "").split("З-В (Bob, Dave)", 1)[1]
        deal = await fake.wait_for_message(
            group, after=0, predicate=lambda m: "\nЮ-С: " in (m.text or "")
            and "\nЗ-В: " in (m.text or ""))
        assert "Alice, Carol" not in (deal.text or "")  # the players are named in the header
        await fake.send_text(group, bob, "/score")
        sheet = await fake.wait_for_message(group, text_contains="Итого: Ю-С (Alice, Carol) ")
        assert re.search(r"^Раздача\s*\|\s*Ю-С\s*\|\s*З-В\s*\|\s*Заказ$", sheet.text or "", re.M), \
            sheet.text
