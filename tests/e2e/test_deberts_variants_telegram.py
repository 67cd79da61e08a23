"""Deberts variants (deberts.md Part B) in a Telegram group, end to end through the real bot.

The creator picks the options in the lobby by pressing its option buttons (values in players'
words from ``deberts.po``); the others join with the Join button; everybody then presses only
buttons he can see until nobody has any. Scenarios: a three-player Kharkiv game to 301 (three
people join), a Moscow match where claims are pressed as soon as they are offered, and each short
format settled in stakes. After every move no group message may show a card still in a hand
(DB-PLAY-8); at the end the stored sheet, the score rows and the match-over message agree.
"""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import (
    CARD_RE,
    current_match,
    hand_message,
    press_move,
    table_message,
    version_of,
    wait_redrawn,
)
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import newest_showing

MAX_MOVES = 3000


def _lines(message: FakeMessage) -> list[str]:
    return (message.text or "").splitlines()


def _options(message: FakeMessage) -> list[str]:
    """The lobby's lines without the few words that follow a club term (" — ...")."""
    return [line.split(" — ")[0] for line in _lines(message)]


async def open_variant(fake: FakeTelegram, group: FakeChat, users: list[FakeUser],
                       choices: dict[str, str]) -> FakeMessage:
    """Everybody opens the bot; the first user opens a Deberts lobby, sets each option by
    pressing its button until the lobby shows ``<label>: <value>``, the others join, he starts."""
    creator = users[0]
    for user in users:
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, creator, "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="Deberts")
    for label, value in choices.items():
        for _ in range(5):
            lobby = fake.message(group, lobby.message_id)
            if f"{label}: {value}" in _options(lobby):
                break
            answer = await fake.press_button(creator, lobby, text_contains=f"{label}: ")
            assert answer.text == "Done.", answer.text
            seen, mid = len(lobby.versions), lobby.message_id
            await fake.wait_for(lambda f, n=seen, i=mid: len(f.message(group, i).versions) > n,
                                what="lobby redrawn")
        assert f"{label}: {value}" in _options(fake.message(group, lobby.message_id)), choices
    for user in users[1:]:
        lobby = fake.message(group, lobby.message_id)
        assert (await fake.press_button(user, lobby, text="Join")).text == "You are at the table."
    lobby = fake.message(group, lobby.message_id)
    assert (await fake.press_button(creator, lobby, text="Start")).text == "Done."
    await fake.wait_for(lambda f: all(hand_message(f, u) for u in users), what="every hand")
    return lobby


def _leaks(fake: FakeTelegram, group: FakeChat, held: set[str],
           since: dict[int, int]) -> list[str]:
    """Cards still in a hand shown by a group message version not checked yet (DB-PLAY-8)."""
    found = []
    for msg in fake.chat_messages(group, from_bot=True):
        for version in msg.versions[since.get(msg.message_id, 0):]:
            public = ("redeal", "shows the meld", "Last trick:")  # shown by rule
            if version.kind == "deleted" or any(p in version.text for p in public):
                continue
            found += [f"{c} in {version.text[:60]!r}"
                      for c in set(CARD_RE.findall(version.text)) & held]
        since[msg.message_id] = len(msg.versions)
    return found


async def play_to_the_end(fake: FakeTelegram, app: Any, group: FakeChat,
                          users: list[FakeUser], rng: random.Random, *,
                          prefer: tuple[str, ...] = ()) -> tuple[Any, int]:
    """Press buttons (a ``prefer``red code when shown, else a random one) until nobody has any;
    check for leaks after every move. Returns the stored match and the number of presses."""
    from bot.i18n import Catalogs
    from bot.show.common import card_text

    tr = Catalogs().translator("en")
    async with app.store.transaction() as tx:
        table_id = int((await tx.unfinished_tables())[0].id)
    since: dict[int, int] = {}
    moves = 0
    while moves < MAX_MOVES:
        movers = [(u, m) for u in users if (m := hand_message(fake, u)) and m.buttons]
        if not movers:
            break
        assert len(movers) == 1, "two players have buttons at once"
        user, message = movers[0]
        buttons = [b for row in message.buttons for b in row if b.data]
        wanted = [b for b in buttons if b.data and b.data.split("|")[-1] in prefer]
        button = (wanted or [rng.choice(buttons)])[0]
        assert button.data is not None
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, users)
        assert not answer.text, f"a legal button was refused: {answer.text}"
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
        moves += 1
        match = await current_match(app, table_id)
        if not match.is_over:
            held = {card_text(c, tr) for s in range(match.players) for c in match.view(s)["hand"]}
            assert not _leaks(fake, group, held, since)
    match = await current_match(app, table_id)
    assert match.is_over and 0 < moves < MAX_MOVES
    async with app.store.transaction() as tx:
        rows = await tx.score_rows(table_id)
        table = await tx.get_table(table_id)
    sheet = match.score_sheet
    assert table is not None and table.status == "finished"
    assert len(rows) == match.players * len(sheet["rows"])
    if sheet["rows"]:
        last = [r for r in rows if r.deal == len(sheet["rows"])]
        assert [r.total for r in last] == [float(t) for t in sheet["totals"]]
    await fake.wait_for_message(group, text_contains="🏆", after=0)
    for user in users:
        final = hand_message(fake, user)
        assert final is not None and not final.buttons
    return match, moves


async def test_three_player_kharkiv_to_301(fake: FakeTelegram, kozyr: Any,
                                           club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        await open_variant(fake, group, [alice, bob, carol],
                           {"Rules": "Kharkiv variant", "Playing to": "301"})
        await newest_showing(fake, group, "Alice", "Bob", "Carol")  # maybe after the hands
        match, _ = await play_to_the_end(fake, app, group, [alice, bob, carol],
                                         random.Random(3))
        sheet = match.score_sheet
        assert match.players == 3 and len(sheet["sides"]) == 3
        opts = match.to_json()["state"]["options"]
        assert (opts["ruleset"], opts["target"], opts["tie"], opts["end"]) == (
            "kharkiv", 301, "order_only", "claim")
        result = sheet["result"]
        assert result is not None and result["winner"] in (0, 1, 2)
        winner = ("Alice", "Bob", "Carol")[result["winner"]]
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        assert f"{winner} wins" in (over.text or "")
        if "by claim" not in result["line"]:
            assert sheet["totals"][result["winner"]] >= 301


async def test_moscow_match_with_claims(fake: FakeTelegram, kozyr: Any,
                                        club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_variant(fake, group, [alice, bob], {"Rules": "Moscow rules"})
        match, _ = await play_to_the_end(fake, app, group, [alice, bob], random.Random(4),
                                         prefer=("claim",))
        result = match.score_sheet["result"]
        assert result is not None and "wins by claim" in result["line"]
        claim = [e.to_dict() for e in match.events if e.type == "claim"]
        assert len(claim) == 1 and claim[0]["total"] >= 501
        assert claim[0]["seat"] == result["winner"]
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        name = ("Alice", "Bob")[result["winner"]]
        # the result says how the match was won and with what the claim counted (DB-SHEET-5)
        before = claim[0]["total"] - claim[0]["points"]
        assert (f"Result: {name} wins by claim ({before} + {claim[0]['points']} in the "
                f"unfinished deal) — {claim[0]['total']} : ") in (over.text or "")
        # the group is told who claimed and how his sum is made: the sheet has no row for the
        # deal, so its totals stand below the result's (DB-MOS-15)
        told = await fake.wait_for_message(group, text_contains="claims the match", after=0)
        before = claim[0]["total"] - claim[0]["points"]
        assert before == match.score_sheet["totals"][result["winner"]]
        assert (f"{name} claims the match: {before} + {claim[0]['points']} in this deal = "
                f"{claim[0]['total']}.") in (told.text or ""), told.text
        # the table names the deal that was in play, which the sheet does not number
        deal = len(match.score_sheet["rows"]) + 1
        assert f"deal {deal}\n" in (table_message(fake, group).text or "") + "\n"


async def _short_game(fake: FakeTelegram, kozyr: Any, group: FakeChat, users: list[FakeUser],
                      game: str, seed: int, extra: dict[str, str] | None = None,
                      prefer: tuple[str, ...] = ()) -> Any:
    async with kozyr() as app:
        await open_variant(fake, group, users, {"Game": game, **(extra or {})})
        match, _ = await play_to_the_end(fake, app, group, users, random.Random(seed),
                                         prefer=prefer)
        sheet = match.score_sheet
        assert len(sheet["rows"]) == 1 and sum(sheet["totals"]) == 0  # stakes won and lost
        assert sheet["rows"][0]["cells"] == [f"{n:+d}" if n else "0" for n in sheet["totals"]]
        assert sheet["result"]["winner"] is None
        await fake.send_text(group, users[0], "/score last")
        scored = await fake.wait_for_message(group, text_contains="Deal |")
        for cell in sheet["rows"][0]["cells"]:  # read as the totals are: "−1", "1"
            assert cell.removeprefix("+").replace("-", "\u2212") in (scored.text or "")
        return match


async def test_short_game_without_bait(fake: FakeTelegram, kozyr: Any,
                                       club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    match = await _short_game(fake, kozyr, group, [alice, bob], "one deal, no bait", 5)
    assert match.to_json()["state"]["options"]["format"] == "short_no_bait"


async def test_short_game_with_bait_three_players(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    match = await _short_game(fake, kozyr, group, [alice, bob, carol], "one deal with bait", 6)
    assert match.players == 3 and sorted(match.score_sheet["totals"]) in (
        [-2, 1, 1], [-1, -1, 2], [0, 0, 0])


async def test_short_game_with_dave(fake: FakeTelegram, kozyr: Any,
                                    club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    # every dave is accepted, so the deal is played out at a raised stake
    match = await _short_game(fake, kozyr, group, [alice, bob], "one deal with dave", 7,
                              {"Dave stakes": "1, 2, 4, 8…"}, prefer=("dave:accept",))
    calls = [e.to_dict() for e in match.events if e.type == "stake"]
    accepted = [c["stake"] for c in calls if c["call"] == "dave:accept"]
    assert accepted and accepted == [2 ** k for k in range(1, len(accepted) + 1)]
    assert abs(match.score_sheet["totals"][0]) in (0, accepted[-1])
    assert any(e.type == "deal_scored" for e in match.events)
    assert match.to_json()["state"]["options"]["dave_progression"] == "geometric"


async def test_a_conceded_dave_is_told_and_a_second_yes_is_out_of_date(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-DAVE-1: the dave is offered and conceded (the guard asks, "Yes" concedes); the group
    # is told the deal ends unplayed; the same "Yes" pressed again is out of date, not "over"
    group, alice, bob = club
    async with kozyr() as app:
        await open_variant(fake, group, [alice, bob], {"Game": "one deal with dave"})
        match, _ = await play_to_the_end(fake, app, group, [alice, bob], random.Random(7),
                                         prefer=("dave", "dave:concede"))
        assert any(e.type == "stake" and e.to_dict()["call"] == "dave:concede"
                   for e in match.events)
        told = await fake.wait_for_message(group, text_contains="Dave conceded", after=0)
        assert "the stake" in (told.text or "")
        yes = next(q for q in fake.callback_queries() if q.data.endswith("|dave:concede")
                   and q.data.startswith("k|"))
        again = await fake.press(yes.user, yes.message, yes.data, strict=False)
        assert "out of date" in (again.text or ""), again.text


async def test_the_lobby_offers_only_the_options_of_the_chosen_game(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # DB-OPT-target, DB-OPT-offer-fifty, DB-OPT-dave-progression (issue #18: a match's lobby
    # offered dave stakes, which only the short game with dave has)
    group, alice, bob = club

    def shown(label: str) -> bool:
        lobby = fake.message(group, lobby_id)
        texts = [b.text for row in lobby.buttons for b in row]
        return any(x.startswith(f"{label}: ") for x in [*_lines(lobby), *texts])

    async with kozyr():
        for user in (alice, bob):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby_id = (await fake.wait_for_message(group, text_contains="Deberts")).message_id
        assert shown("Playing to") and shown("Offer of 50") and not shown("Dave stakes")
        for _ in range(3):  # a match → one deal → one deal with bait → one deal with dave
            lobby = fake.message(group, lobby_id)
            seen = len(lobby.versions)
            assert (await fake.press_button(alice, lobby, text_contains="Game: ")).text == "Done."
            await fake.wait_for(lambda f, n=seen: len(f.message(group, lobby_id).versions) > n,
                                what="lobby redrawn")
        assert "Game: one deal with dave" in _options(fake.message(group, lobby_id))
        # the club word said in a few words, where a new player first meets it (issue #20)
        assert any(line.startswith("Game: one deal with dave — ") and "raise the stake" in line
                   for line in _lines(fake.message(group, lobby_id)))
        assert shown("Dave stakes") and not shown("Playing to") and not shown("Offer of 50")
