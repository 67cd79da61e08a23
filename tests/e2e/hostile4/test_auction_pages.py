"""Married bridge's auction in two steps (a level page, then the strain) attacked: garbage and
forged pages, the other player's presses on the bidder's page, a strain pressed twice at once,
a level opened twice at once. # MB-BID-1, MB-BID-2"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import current_match, hand_message
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.married_bridge import to_the_auction as _to_the_auction
from tests.kit.telegram import answers, press_move


def _labels(message: FakeMessage | None) -> list[str]:
    return [b.text for row in message.buttons for b in row] if message else []


async def _calls(app: Any, table_id: int) -> list[str]:
    return [c["call"] for c in (await current_match(app, table_id)).public_view()["calls"]]


def _refused_calls(fake: FakeTelegram) -> list[Any]:
    """Bot API calls refused (a restart's redraw of an unchanged message aside)."""
    return [c for c in fake.calls() if c.status == 400
            and "not modified" not in str(c.response.get("description"))]


async def test_garbage_pages_change_nothing(fake: FakeTelegram, kozyr: Any,
                                            club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Every forged page prefix is answered; a page the bot draws for one shows only legal
    bids; no Bot API call is refused; the auction is where it was and the real two steps
    still work after."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, user, _, hand = await _to_the_auction(fake, app, group, alice, bob)
        level = hand.find_button(text="3 …").data
        assert level is not None
        _, t, v, _ = level.split("|", 3)
        legal = set((await current_match(app, table_id)).legal_actions(
            (await current_match(app, table_id)).to_move))
        prefixes = ["bid", "b", "bid:", "bid:3:H", "bid:3:", "bid:1..7", "bid:7..1",
                    "bid:0..99999999999999999999", "bid:-1..3", "pass", "contra", "x" * 50,
                    "bid:3:H:X", "bid:٣", "bid:³", "bid:3 ", " bid:3", "bid:03", "bid:+3",
                    "bid:1e0", "bid:3|bid:4", "play", "play:AS", "|", "bid:1..7..9"]
        said = await answers(fake, [fake.press_nowait(user, hand, f"x|{t}|{v}|{p}",
                                                      strict=False) for p in prefixes])
        assert len(said) == len(prefixes)
        await fake.settle()
        assert not _refused_calls(fake), _refused_calls(fake)
        shown = hand_message(fake, user)
        assert shown is not None
        for row in shown.buttons:
            for b in row:
                if b.data and b.data.startswith("a|"):
                    assert b.data.split("|", 3)[3] in legal, (b.text, b.data)
        assert await _calls(app, table_id) == []
        # stale versions of the page, a forged table
        for data in (f"x|{t}|{int(v) - 1}|bid:3", f"x|{t}|{int(v) + 1}|bid:3",
                     f"x|{int(t) + 1}|{v}|bid:3", f"x|{t}|{v}|bid:3|extra"):
            assert (await fake.press(user, hand, data, strict=False)).text, data
        # a stranger (not at the table) forging the page and a bid on his own private chat
        carol = fake.user(103, "Carol")
        await fake.start_bot(carol)
        welcome = await fake.wait_for_message(carol, text_contains="kozyr")
        for data in (level, f"a|{t}|{v}|bid:3:H", f"a|{t}|{v}|pass"):
            assert (await fake.press(carol, welcome, data, strict=False)).text, data
        assert await _calls(app, table_id) == []
        # the real two steps still work
        assert not (await fake.press(user, hand, level, strict=False)).text
        page = await fake.wait_for(lambda f: (m := hand_message(f, user)) and "3♥" in
                                   _labels(m) and m, what="the strains of 3")
        strain = page.find_button(text="3♥").data
        assert strain is not None
        assert not (await press_move(fake, user, page, strain, [alice, bob])).text
        assert await _calls(app, table_id) == ["bid:3:H"]


async def test_the_other_player_and_double_presses(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The other player presses the bidder's strain (forged on his own hand); the bidder
    presses his strain twice at once and a second strain at the same moment: one bid is
    made, the other presses are told they are late, nothing is answered twice or not at all."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, user, other, hand = await _to_the_auction(fake, app, group, alice, bob)
        level = hand.find_button(text="2 …").data
        assert level is not None
        # the level opened twice at once: one page, both answered
        said = await answers(fake, [fake.press_nowait(user, hand, level) for _ in range(3)])
        assert all(a is not None for a in said)
        page = await fake.wait_for(lambda f: (m := hand_message(f, user)) and "2♠" in
                                   _labels(m) and m, what="the strains of 2")
        strain = page.find_button(text="2♠").data
        second = page.find_button(text="2♦").data
        assert strain is not None and second is not None
        theirs = hand_message(fake, other)
        assert theirs is not None
        stolen = await fake.press(other, theirs, strain, strict=False)
        assert stolen.text
        assert await _calls(app, table_id) == []
        said = await answers(fake, [fake.press_nowait(user, page, strain),
                                    fake.press_nowait(user, page, strain),
                                    fake.press_nowait(user, page, second)])
        await fake.settle()
        assert sorted(bool(a.text) for a in said) == [False, True, True], \
            [a.text for a in said]
        calls = await _calls(app, table_id)
        assert len(calls) == 1 and calls[0] in ("bid:2:S", "bid:2:D"), calls
        assert not _refused_calls(fake), _refused_calls(fake)
        # the other player now answers; the bidder's page (drawn before) is stale
        late = await fake.press(user, page, second, strict=False)
        assert "out of date" in (late.text or "")
        answer_page = await fake.wait_for(lambda f: (m := hand_message(f, other)) and "Pass" in
                                          _labels(m) and m, what="the answer")
        assert "1 …" not in _labels(answer_page)


async def test_forged_bids_with_unicode_digits(fake: FakeTelegram, kozyr: Any,
                                               club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Forged bids whose level is a digit to str.isdigit() but not to int() (superscript,
    circled), or a digit of another script, pressed by the bidder with the misclick guard on:
    each is refused with words, nothing is bid, the real bids still work."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, user, _, hand = await _to_the_auction(fake, app, group, alice, bob)
        level = hand.find_button(text="6 …").data
        assert level is not None
        _, t, v, _ = level.split("|", 3)
        for code in ("bid:³:H", "bid:①:S", "bid:٣:H", "bid:６:N", "bid:3:H:³"):
            answer = await fake.press(user, hand, f"a|{t}|{v}|{code}", strict=False)
            assert answer.text, code
        assert await _calls(app, table_id) == []
        assert not (await fake.press(user, hand, level, strict=False)).text


async def test_a_slam_on_its_page_asks_once_and_is_bid_once(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """# MB-CODES: a small slam pressed on the level page twice at once asks once (the misclick
    guard is on by default); its Yes pressed three times at once bids it once; the question's
    No after that is out of date."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, user, _, hand = await _to_the_auction(fake, app, group, alice, bob)
        level = hand.find_button(text="6 …").data
        assert level is not None
        assert not (await fake.press(user, hand, level)).text
        page = await fake.wait_for(lambda f: (m := hand_message(f, user)) and "6♠" in
                                   _labels(m) and m, what="the strains of 6")
        slam = page.find_button(text="6♠").data
        assert slam is not None
        said = await answers(fake, [fake.press_nowait(user, page, slam) for _ in range(2)])
        assert all(a is not None for a in said)
        question = await fake.wait_for(
            lambda f: (m := hand_message(f, user)) and any(t.startswith("✅ Yes")
                                                           for t in _labels(m)) and m,
            what="the question")
        assert await _calls(app, table_id) == []
        yes = next(b.data for row in question.buttons for b in row if b.text.startswith("✅"))
        no = next((b.data for row in question.buttons for b in row
                   if b.text.startswith("✖")), None)
        assert yes is not None and no is not None
        said = await answers(fake, [fake.press_nowait(user, question, yes) for _ in range(3)])
        await fake.settle()
        assert sorted(bool(a.text) for a in said) == [False, True, True], [a.text for a in said]
        assert await _calls(app, table_id) == ["bid:6:S"]
        assert (await fake.press(user, question, no, strict=False)).text
        assert await _calls(app, table_id) == ["bid:6:S"]
        assert not _refused_calls(fake), _refused_calls(fake)


async def test_a_page_open_across_a_restart(fake: FakeTelegram, kozyr: Any,
                                            club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The bidder opens a level, the bot restarts: the page's strain still bids (the table
    has not moved), its Back still closes it, the other player's presses are still refused."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, user, other, hand = await _to_the_auction(fake, app, group, alice, bob)
        level = hand.find_button(text="4 …").data
        assert level is not None
        assert not (await fake.press(user, hand, level)).text
        page = await fake.wait_for(lambda f: (m := hand_message(f, user)) and "4♣" in
                                   _labels(m) and m, what="the strains of 4")
        await fake.settle()
    async with kozyr() as app:
        await fake.settle()
        page = hand_message(fake, user)
        assert page is not None
        strain = next((b.data for row in page.buttons for b in row if b.text == "4♣"), None)
        if strain is None:  # redrawn at start-up: the levels again
            level = page.find_button(text="4 …").data
            assert level is not None
            assert not (await fake.press(user, page, level)).text
            page = await fake.wait_for(lambda f: (m := hand_message(f, user)) and "4♣" in
                                       _labels(m) and m, what="the strains of 4 again")
            strain = page.find_button(text="4♣").data
        assert strain is not None
        theirs = hand_message(fake, other)
        assert theirs is not None
        assert (await fake.press(other, theirs, strain, strict=False)).text
        back = page.find_button(text="« Back").data
        assert back is not None
        assert not (await fake.press(user, page, back)).text
        assert not (await fake.press(user, page, strain, strict=False)).text
        await fake.settle()
        assert await _calls(app, table_id) == ["bid:4:C"]
        assert not _refused_calls(fake), _refused_calls(fake)
