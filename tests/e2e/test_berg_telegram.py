"""Berg 2x2 "kapitanka" in a Telegram group, end to end: real aiogram polling, SQLite, fake API.

Four users open a Berg table, pick the berg height and pair 0-2's captain in the lobby
(BERG-SETUP-5, options frozen at start) and play a whole match by pressing buttons they can see:
the player on turn most of the time, now and then a captain's declaration while his partner is
to move (out-of-turn buttons shown to the captain only, BERG-DECL-1, BERG-INFO-5). Jack and
queen orders come as two-step choices when a hand has many codes. The final sheet (half-points),
the stored score rows and the result message are checked, and no group message ever shows a card
hidden in a hand (BERG-INFO).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.conftest import (
    CARD_RE,
    current_match,
    hand_message,
    press_move,
    version_of,
    wait_redrawn,
)
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import StoredMatches
from tests.kit.store import only_table_id as _table_id
from tests.kit.telegram import code_of as _code
from tests.kit.telegram import game_buttons as _game_buttons
from tests.kit.telegram import newest_showing, open_pair_lobby, start_and_deal

MAX_MOVES = 4000
#: group lines that show cards public by rule: the pile, hands bought open, dobor jokers, what
#: a card placed did (BERG-INFO-2, -3; a late edit may show it once the card is in a new deal's
#: hand)
PUBLIC_LINES = ("Below it in the pile, top down:", "Open hands:", "Top of the pile", "holds",
                "went out", "goes out", "misses a turn")


async def _open_table(fake: FakeTelegram, group: FakeChat, users: list[FakeUser]) -> None:
    lobby = await open_pair_lobby(fake, group, users, game="berg", title="Berg 2x2")

    async def choose(prefix: str) -> str:
        message = fake.message(group, lobby.message_id)
        label = next(b.text for row in message.buttons for b in row if b.text.startswith(prefix))
        assert (await fake.press_button(users[0], message, text=label)).text == "Done."
        shown = f"{prefix}: {label.split(' → ')[1]}"
        await fake.wait_for(lambda f: shown in (f.message(group, lobby.message_id).text or ""),
                            what=shown)
        return label

    for _ in range(4):  # berg height: 10 -> 15 -> 25 -> 20 -> 5
        await choose("Berg height")
    assert "Berg height: 5 (by agreement)" in (fake.message(group, lobby.message_id).text or "")
    label = await choose("Captain of pair 1+3")
    # the seats are taken: each side of the arrow names its player, as the option line does
    assert label == f"Captain of pair 1+3: player 1 ({users[0].first_name}) → player 3 " \
                    f"({users[2].first_name})", label
    await start_and_deal(fake, lobby, users)


def _pick(buttons: list[Any], rng: random.Random) -> Any:
    """Moves mostly, draw/pass otherwise; paid declarations rare (BERG-END-7)."""
    declare = [b for b in buttons if _code(b).startswith(("declare:", "suggest:"))]
    moves = [b for b in buttons if _code(b).startswith(("play:", "frame:", "order:"))
             or b.data.startswith("x|")]
    plain = [b for b in buttons if b not in declare]
    if declare and (not plain or rng.random() < 0.01):
        return rng.choice(declare)
    if moves and rng.random() < 0.85:
        return rng.choice(moves)
    return rng.choice(plain)


async def play_berg(fake: FakeTelegram, users: list[FakeUser], rng: random.Random, *,
                    limit: int, after_move: Any = None) -> tuple[int, int]:
    """Press game buttons until nobody has any; return (moves, out-of-turn presses).

    Several players may hold buttons at once (a captain's declarations while his partner is to
    move); the player whose hand says it is his move is chosen nearly always. An expand button
    (``x|``) opens a choice (a jack, then its order), and one of its actions is pressed next.
    """
    moves = off_turn = 0
    while moves < limit:
        movers = [(u, m) for u in users if _game_buttons(m := hand_message(fake, u))]
        if not movers:
            return moves, off_turn
        on_turn = [(u, m) for u, m in movers if "Your move" in (m.text or "")]
        assert len(on_turn) <= 1
        others = [(u, m) for u, m in movers if (u, m) not in on_turn]
        for _, m in others:  # BERG-DECL-1: off turn, only a captain's declarations
            assert all(_code(b).startswith("declare:") or b.data.startswith("x|declare")
                       for b in _game_buttons(m))
        if on_turn and (not others or rng.random() < 0.97):
            user, message = on_turn[0]
        else:
            user, message = rng.choice(others)
            off_turn += 1
        button = _pick(_game_buttons(message), rng)
        for _ in range(2):
            if not button.data.startswith("x|"):
                break
            answer = await fake.press(user, message, button.data)
            assert not answer.text, answer.text
            message = hand_message(fake, user)
            assert message is not None
            choices = _game_buttons(message)
            assert choices, "an expanded choice shows its actions"
            button = rng.choice(choices)
        assert button.data.startswith("a|"), "two steps reach an action"
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, users)
        assert not answer.text, f"a legal button was refused: {answer.text}"
        await wait_redrawn(fake, users, version_of(button.data), since=mark)
        moves += 1
        if after_move is not None:
            await after_move()
    return moves, off_turn


async def test_whole_match_to_the_end(fake: FakeTelegram, kozyr: Any,
                                      club: tuple[FakeChat, FakeUser, FakeUser],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    stored = StoredMatches(monkeypatch)
    async with kozyr() as app:
        await _open_table(fake, group, users)
        table_id = await _table_id(app)
        match = await current_match(app, table_id)
        assert match.score_sheet["sides"] == [{"name": "0-2", "seats": [2, 0]},
                                              {"name": "1-3", "seats": [1, 3]}]
        # the group's table message comes on its own queue, maybe after the hands
        await newest_showing(fake, group, "Pair 1+3: Carol (captain), Alice", "Berg height: 5")
        from bot.i18n import Catalogs
        from bot.show.common import card_text

        tr = Catalogs().translator("en")
        checked: dict[tuple[int, int], int] = {}
        recent: list[set[str]] = []

        async def no_leak() -> None:
            m = stored.match(table_id)  # the state the move stored
            if m.is_over:
                return
            s = m._s  # type: ignore[attr-defined]
            recent.append({card_text(c, tr) for p in range(4) if not s.opened[p]
                           for c in s.hands[p] if c not in s.revealed})
            del recent[:-2]
            hidden = set.intersection(*recent)
            for msg in fake.chat_messages(group, from_bot=True):
                key = (msg.chat.id, msg.message_id)
                for version in msg.versions[checked.get(key, 0):]:
                    lines = [ln for ln in version.text.splitlines()
                             if not any(p in ln for p in PUBLIC_LINES)]
                    leaked = set(CARD_RE.findall("\n".join(lines))) & hidden
                    assert not leaked, (leaked, version.text[:300])
                checked[key] = len(msg.versions)

        moves, off_turn = await play_berg(fake, users, random.Random(12), limit=MAX_MOVES,
                                   after_move=no_leak)
        assert 0 < moves < MAX_MOVES
        match = await current_match(app, table_id)
        assert match.is_over
        sheet = match.score_sheet
        print(f"\nberg e2e: {moves} moves ({off_turn} off turn), {len(sheet['rows'])} rows, "
              f"totals {sheet['totals']}")
        result = sheet["result"]
        assert result is not None and max(sheet["totals"]) > 5
        assert sheet["totals"][result["winner"]] == max(sheet["totals"])
        w = result["winner"]
        assert result["line"] == f"{sheet['totals'][w]:.1f} - {sheet['totals'][1 - w]:.1f}"
        for total in sheet["totals"]:  # half-points as exact decimals
            assert isinstance(total, float) and (total * 2).is_integer()
        for row in sheet["rows"]:  # BERG-SCORE-7
            assert all(c == "-" or c == f"{float(c):.1f}" for c in row["cells"])
            assert row["note"].startswith(("0-2 ", "1-3 ")) or row["note"] == "tie"
        assert [sum(r["points"][p] for r in sheet["rows"]) for p in (0, 1)] == sheet["totals"]
        over = await fake.wait_for_message(group, text_contains="🏆", after=0)
        winners = [users[s].first_name for s in sheet["sides"][w]["seats"]]
        assert all(name in (over.text or "") for name in winners)
        # BERG-END-3: both totals, winner first, joined by " : " as in every game
        assert f"{sheet['totals'][w]:.1f} : " in (over.text or ""), over.text
        # BERG-INFO-3: the table said what attacking cards did ("Vera takes 2 cards and
        # misses a turn")
        texts = [v.text for msg in fake.chat_messages(group, from_bot=True) for v in msg.versions]
        assert any("and misses a turn" in t and "▶" in t for t in texts)
        async with app.store.transaction() as tx:
            rows = await tx.score_rows(table_id)
            stored = await tx.get_table(table_id)
        assert stored is not None and stored.status == "finished"
        # Every sheet row is stored, one per side, declaration rows included (BERG-SCORE-7).
        assert len(rows) == 2 * len(sheet["rows"])
        assert [r.cell for r in rows] == [c for row in sheet["rows"] for c in row["cells"]]
        assert [r.total for r in rows[-2:]] == [float(t) for t in sheet["totals"]]
        for user in users:
            message = hand_message(fake, user)
            assert message is not None and not _game_buttons(message)


async def test_captain_declares_while_partner_is_to_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr() as app:
        await _open_table(fake, group, users)
        table_id = await _table_id(app)
        rng = random.Random(3)
        for _ in range(200):  # play until Alice (seat 0) is to move: her captain Carol sees
            match = await current_match(app, table_id)  # declarations at the same time
            if match.to_move == 0 and match.public_view()["phase"] == "play":
                break
            await play_berg(fake, users, rng, limit=1)
        carol = hand_message(fake, users[2])
        assert carol is not None and "Your move" not in (carol.text or "")
        fire = next(b for b in _game_buttons(carol) if _code(b) == "declare:fire")
        assert fire.text == "Fire the opponents' captain (−0.5)"
        mark = fake.mark()
        # a paid declaration: the misclick guard asks first (BERG-DECL-14), Carol confirms
        answer = await fake.press(users[2], carol, fire.data)
        assert not answer.text
        asked = await fake.wait_for(
            lambda f: (m := hand_message(f, users[2])) and "confirm?" in (m.text or "") and m,
            what="Carol asked to confirm")
        assert "Fire the opponents' captain (−0.5) — confirm?" in (asked.text or "")
        assert (await current_match(app, table_id)).legal_actions(2) == \
            match.legal_actions(2)  # nothing made yet: Carol may still fire him
        answer = await fake.press(users[2], asked, "k" + fire.data[1:])
        assert not answer.text
        await wait_redrawn(fake, users, version_of(fire.data), since=mark)
        match = await current_match(app, table_id)
        assert match.to_move == 0
        assert match.score_sheet["rows"][-1]["note"] == "0-2 fire -0.5"
        await newest_showing(fake, group, "Pair 2+4: Bob, Dave · Bob is no longer captain until "
                                          "the end of the deal")  # BERG-DECL-12; the group's edit
        # may follow the hands
