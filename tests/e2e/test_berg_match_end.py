"""A whole Berg match to its end in a Russian group, through the real bot (#18/#20): sensible
moves (a card or a frame before a draw, no paid declarations), then the end screens as the
group reads them: the last deal's result, the match result (winner first, names, «3,5»), the
score sheet and the rematch button (BERG-END-1, BERG-END-3, BERG-SCORE-6, BERG-SCORE-7)."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.e2e.conftest import current_match, hand_message, press_move, version_of, wait_redrawn
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_table_management import _set_option
from tests.kit.store import only_table_id as _table_id
from tests.kit.telegram import code_of as _code
from tests.kit.telegram import game_buttons as _game_buttons
from tests.kit.telegram import open_pair_lobby, start_and_deal

MAX_MOVES = 3000


def _sensible(buttons: list[Any], rng: random.Random) -> Any:
    """A card, a frame or an order (or a choice that opens them) before a draw, a draw before
    a pass; never a paid declaration."""
    def kind(b: Any) -> int:
        code = _code(b) if b.data.startswith("a|") else b.data[2:]
        if code.startswith(("play", "frame", "order")):
            return 0
        return {"draw": 1, "pass": 2}.get(code, 3)
    best = min(kind(b) for b in buttons)
    return rng.choice([b for b in buttons if kind(b) == best])


async def play_to_the_end(fake: FakeTelegram, users: list[FakeUser], rng: random.Random
                          ) -> int:
    """Each turn's player presses a sensible move until the match is over; returns moves."""
    for moves in range(MAX_MOVES):
        on_turn = [(u, m) for u in users if (m := hand_message(fake, u)) is not None
                   and any(w in (m.text or "") for w in ("Ваш ход", "Your move"))
                   and _game_buttons(m)]
        if not on_turn:
            return moves
        user, message = on_turn[0]
        button = _sensible(_game_buttons(message), rng)
        while button.data.startswith("x|"):  # a jack's or a queen's orders: the second step
            assert not (await fake.press(user, message, button.data)).text
            message = hand_message(fake, user)
            assert message is not None
            button = _sensible([b for b in _game_buttons(message) if b.data.startswith("a|")],
                               rng)
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, users)
        assert not answer.text, answer.text
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
    raise AssertionError(f"no end in {MAX_MOVES} sensible moves")


async def _russian_table(fake: FakeTelegram, app: Any, group: FakeChat,
                         users: list[FakeUser]) -> int:
    """A Berg table of height 2.5 (BERG-OPT-height: a custom height, which no lobby button
    offers: set as the service would; half of the lobby's lowest, 5, for a match half as long,
    whose end screens read the same), its group in Russian; returns its id."""
    lobby = await open_pair_lobby(fake, group, users, game="berg", title="Berg 2x2")
    table_id = await _table_id(app)
    await _set_option(app, table_id, berg_height=2.5)
    await start_and_deal(fake, fake.message(group, lobby.message_id), users)
    await fake.send_text(group, users[0], "/lang ru")
    assert await fake.wait_for_message(group, text_contains="Язык")
    facts = (await current_match(app, table_id)).public_view()["facts"]
    assert {f["key"]: f["value"] for f in facts}["berg_height"] == 2.5
    return table_id


async def test_a_russian_group_reads_the_end_of_a_match(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, *first = club
    users = [*first, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr() as app:
        table_id = await _russian_table(fake, app, group, users)
        moves = await play_to_the_end(fake, users, random.Random(5))
        match = await current_match(app, table_id)
        assert match.is_over, moves
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        sheet = match.score_sheet
        w = sheet["result"]["winner"]
        names = [users[s].first_name for s in sheet["sides"][w]["seats"]]
        won, lost = (f"{sheet['totals'][p]:.1f}".replace(".", ",") for p in (w, 1 - w))
        text = over.text or ""
        # BERG-END-3: the winners by name, their total first, the Russian decimal comma
        assert text.startswith(f"🏆 Итог: берг взяли {names[0]} и {names[1]} — {won} : {lost}")
        # the sheet under it: every row, in the same decimals, the totals line last
        rows = [ln for ln in text.splitlines() if ln[:1].isdigit()]
        assert len(rows) == len(sheet["rows"]), text
        assert "." not in "".join(rows) and "Всего очков: " in text.splitlines()[-1], text
        assert [[b.text for b in r] for r in over.buttons] == [["🔁 Реванш"]]
        said = [m for m in fake.chat_messages(group, from_bot=True)
                if (m.text or "").startswith("Раздача ")]
        last = said[-1].text or ""  # the last deal's result, before the match's
        assert last.startswith(f"Раздача {sheet['rows'][-1]['deal']}: ")
        assert said[-1].message_id < over.message_id
        for m in said:
            deal = m.text or ""
            # «Д♣ 1,0 = 1,0»: a run of one card summed to itself said its value twice
            assert not re.search(r"(\d+,\d) = \1(?!\d)", deal), deal
            if deal.split("\n", 1)[0].endswith("ничья, по 0,5"):
                # why (BERG-TIE-1, -2, -10): the move that tied it (when one did), the reason
                assert any(why in deal for why in ("пятый переворот", "Колода кончилась",
                                                   "это предел")), deal
        assert not re.search(r"(\d+,\d) = \1(?!\d)", text), text  # the sheet's notes too
