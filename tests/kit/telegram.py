"""A Telegram player's moves against the fake Bot API: open the bot, open a table, find the
hand and table messages, press buttons, wait until a move is drawn.

Every function takes the running ``FakeTelegram`` (``tests.e2e.fake``) and the fake users and
chats it made; none reaches into the bot's internals (``kit.store`` reads what the bot stored).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from tests.e2e.fake import CallbackAnswer, FakeChat, FakeMessage, FakeTelegram, FakeUser

#: "Your cards" in every language: what tells a hand message from a table message in a private
#: chat (a table hosted in a private chat shows both there).
YOUR_CARDS = ("Your cards", "Ваши карты", "Ваші карти")


def hand_message(fake: FakeTelegram, user: FakeUser) -> FakeMessage | None:
    """The user's private hand message (the bot's message headed with the table)."""
    found = [m for m in fake.bot_messages(user) if (m.text or "").startswith("🃏")
             and any(w in (m.text or "") for w in YOUR_CARDS)]
    return found[-1] if found else None


def table_message(fake: FakeTelegram, group: FakeChat) -> FakeMessage:
    """The group's table message (the newest one showing whose move it is or the end)."""
    found = [m for m in fake.bot_messages(group)
             if (m.text or "").startswith("🃏") and "new table" not in (m.text or "")]
    assert found, "no table message in the group"
    return found[-1]


async def table_showing(fake: FakeTelegram, group: FakeChat, *parts: str) -> FakeMessage:
    """The group's table message (``table_message``) once its text holds every one of
    ``parts``; TimeoutError (with the text shown last) if it never does.

    A group's messages go out on a queue of their own (bot/show/outbox.py), so a table
    message may still show the screen before a move once the hands show the move."""

    def shown(f: FakeTelegram) -> FakeMessage | None:
        found = [m for m in f.bot_messages(group)
                 if (m.text or "").startswith("🃏") and "new table" not in (m.text or "")]
        return found[-1] if found and all(p in (found[-1].text or "") for p in parts) else None

    try:
        return await fake.wait_for(shown, what=f"the table message showing {parts!r}")
    except TimeoutError as exc:
        raise AssertionError(f"{exc}\nthe table message shows: "
                             f"{table_message(fake, group).text!r}") from None


async def newest_showing(fake: FakeTelegram, chat: FakeChat | FakeUser,
                         *parts: str) -> FakeMessage:
    """The chat's newest visible bot message once it is one whose text holds every one of
    ``parts`` (a message still to come, or an edit still to be made, is waited for);
    AssertionError naming the newest text if that never happens."""

    def shown(f: FakeTelegram) -> FakeMessage | None:
        found = f.bot_messages(chat)
        return found[-1] if found and all(p in (found[-1].text or "") for p in parts) else None

    try:
        return await fake.wait_for(shown, what=f"the newest message showing {parts!r}")
    except TimeoutError as exc:
        found = fake.bot_messages(chat)
        raise AssertionError(f"{exc}\nthe newest message shows: "
                             f"{found[-1].text if found else None!r}") from None


async def open_table(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                     bob: FakeUser, options: Mapping[str, object] | None = None
                     ) -> FakeMessage:
    """Both open the bot; Alice opens a Deberts lobby, Bob joins, Alice sets the lobby's
    ``options`` (``set_lobby_options``; none: the defaults), Alice starts."""
    await open_bot(fake, [alice, bob])
    await fake.send_text(group, alice, "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="Deberts")
    assert (await fake.press_button(bob, lobby, text="Join")).text == "You are at the table."
    lobby = await set_lobby_options(fake, group, alice, lobby, options or {})
    answer = await fake.press_button(alice, lobby, text="Start")
    assert answer.text == "Done."
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")
    return lobby


async def set_lobby_options(fake: FakeTelegram, chat: FakeChat | FakeUser, creator: FakeUser,
                            lobby: FakeMessage, options: Mapping[str, object]) -> FakeMessage:
    """The table's creator presses each option's lobby button ("Playing to: 501 → 1001", data
    ``l|table|opt|key=next``) until it has set ``options`` (key: engine or table option, value:
    one of its choices), each press answered "Done." and the lobby redrawn; returns the lobby
    message as last drawn. AssertionError if a value is not among the button's choices."""
    for key, value in options.items():
        for _ in range(16):  # an option has fewer choices than this
            shown = fake.message(chat, lobby.message_id)
            data = next(b.data for row in shown.buttons for b in row
                        if b.data and b.data.split("|")[2:3] == ["opt"]
                        and b.data.split("|", 3)[3].startswith(f"{key}="))
            assert (await fake.press(creator, shown, data)).text == "Done."
            await fake.wait_for(lambda f, d=data: all(
                b.data != d for row in f.message(chat, lobby.message_id).buttons for b in row),
                what=f"the lobby redrawn after {data!r}")
            if data.split("|", 3)[3] == f"{key}={value}":
                break
        else:
            raise AssertionError(f"the lobby never offered {key}={value}")
    return fake.message(chat, lobby.message_id)


CARD_RE = re.compile(r"(?:10|[AKQJ987])[♠♥♦♣]")


def version_of(data: str) -> int:
    """The state version a game button (``a|t|v|code``, ``x|t|v|prefix``) was drawn for."""
    return int(data.split("|")[2])


def button_versions(fake: FakeTelegram, players: list[FakeUser]) -> list[int]:
    """Versions of every game button on the players' hand messages."""
    return [version_of(b.data) for u in players if (m := hand_message(fake, u))
            for row in m.buttons for b in row if b.data and b.data[:2] in ("a|", "x|")]


async def wait_redrawn(fake: FakeTelegram, players: list[FakeUser], version: int, *,
                       since: int = 0) -> None:
    """Wait until the move made at ``version`` is drawn: no hand shows a button of that
    version any more, and some hand shows newer buttons, or the match-over message ("🏆")
    was posted after API call number ``since``.

    The bot answers a press before it redraws the messages, so tests wait for this.
    """

    def over(f: FakeTelegram) -> bool:
        return any(str(c.params.get("text", "")).startswith("🏆")
                   for c in f.calls("sendMessage", since=since))

    def done(f: FakeTelegram) -> bool:
        versions = button_versions(f, players)
        if not versions:
            return over(f)
        return all(v > version for v in versions)

    await fake.wait_for(done, what=f"the hands redrawn after version {version}")


async def press_move(fake: FakeTelegram, user: FakeUser, message: FakeMessage, data: str,
                     players: list[FakeUser]) -> CallbackAnswer:
    """Press the game button ``data`` as a player who means it: when the misclick guard asks
    (a drastic call, bot/state/drastic.py), he presses "Yes". Returns the last answer."""
    # a button the message no longer shows (open_choice's late press) is pressed as a player's
    # old client would: sent all the same, and refused
    shown = any(b.data == data for row in message.buttons for b in row)
    answer = await fake.press(user, message, data, strict=shown)
    if answer.text or not data.startswith("a|"):
        return answer
    _, table, version, code = data.split("|", 3)
    yes = f"k|{table}|{version}|{code}"

    def asked_or_made(f: FakeTelegram) -> FakeMessage | bool | None:
        hand = hand_message(f, user)
        if hand is not None and any(b.data == yes for row in hand.buttons for b in row):
            return hand
        return all(  # made: no hand shows a button of its version (none at the match's end)
            version_of(b.data) > int(version) for u in players
            if (m := hand_message(f, u)) for row in m.buttons for b in row
            if b.data and b.data[:2] in ("a|", "x|", "k|"))

    asked = await fake.wait_for(asked_or_made, what=f"{code!r} made or asked about")
    if isinstance(asked, FakeMessage):
        return await fake.press(user, asked, yes)
    return answer


#: the answer to a button of an older version than the table's (notice.stale)
STALE = "This button is out of date: use the newest message."


async def open_choice(fake: FakeTelegram, user: FakeUser, message: FakeMessage, button: Any,
                      rng: random.Random) -> tuple[FakeMessage, Any]:
    """``button`` when it makes a move; when it opens a choice in two steps (an auction's
    level, a jack's order), it is pressed and a random move of the opened page is returned,
    with the hand message that shows it."""
    if not (button.data and button.data.startswith("x|") and not button.data.endswith("|")):
        return message, button
    answer = await fake.press(user, message, button.data)
    if answer.text == STALE:
        # a bot moved first (an off-turn choice such as kapo on one hand is on the hand while
        # others call): once the hand is redrawn, a choice of its new buttons
        old = version_of(button.data)
        fresh = await fake.wait_for(
            lambda f: (m := hand_message(f, user)) is not None and all(
                version_of(b.data) > old for row in m.buttons for b in row
                if b.data and b.data[:2] in ("a|", "x|")) and m, what="the hand redrawn")
        assert isinstance(fresh, FakeMessage)
        buttons = [b for row in fresh.buttons for b in row
                   if b.data and b.data[:2] in ("a|", "x|")]
        if not buttons:  # not his turn any more, and no off-turn call: pressed late, as the
            return fresh, button  # button it was (press_move sends it; it is refused)
        return await open_choice(fake, user, fresh, rng.choice(buttons), rng)
    assert not answer.text, f"a choice was refused: {answer.text}"
    opened = await fake.wait_for(
        lambda f: (m := hand_message(f, user)) and any(
            b.data and b.data.startswith("x|") and b.data.endswith("|")
            for row in m.buttons for b in row) and m, what="the choice opened")
    assert isinstance(opened, FakeMessage)
    return opened, rng.choice([b for row in opened.buttons for b in row
                               if b.data and b.data.startswith("a|")])


async def play_moves(fake: FakeTelegram, players: list[FakeUser], rng: random.Random, *,
                     limit: int, after_move: Callable[[], object] | None = None) -> int:
    """Press a random button on the hand message of whoever has buttons (a button opening a
    choice is pressed, then one of its moves); return moves made."""
    moves = 0
    while moves < limit:
        movers = [(u, m) for u in players if (m := hand_message(fake, u)) and m.buttons]
        if not movers:
            return moves
        assert len(movers) == 1, "two players have buttons at once"
        user, message = movers[0]
        button = rng.choice([b for row in message.buttons for b in row])
        assert button.data is not None
        message, button = await open_choice(fake, user, message, button, rng)
        assert button.data is not None
        mark = fake.mark()
        answer = await press_move(fake, user, message, button.data, players)
        assert not answer.text, f"a legal button was refused: {answer.text}"
        await wait_redrawn(fake, players, version_of(button.data), since=mark)
        moves += 1
        if after_move:
            result = after_move()
            if hasattr(result, "__await__"):
                await result  # type: ignore[misc]
    return moves


async def play_married_bridge(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                              bob: FakeUser, *, limit: int = 300) -> None:
    """Both open the bot; Alice opens a married bridge table, Bob joins, they play it out
    (in fewer than ``limit`` moves)."""
    await open_bot(fake, [alice, bob])
    await fake.send_text(group, alice, "/new married_bridge")
    lobby = await fake.wait_for_message(group, text_contains="Married bridge")
    await fake.press_button(bob, lobby, text="Join")
    await fake.press_button(alice, lobby, text="Start")
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")
    moves = await play_moves(fake, [alice, bob], random.Random(3), limit=limit)
    assert 0 < moves < limit


def game_buttons(message: FakeMessage | None) -> list[Any]:
    """The game buttons of a hand message (moves ``a|...`` and choices ``x|...``, not the
    button that closes a choice)."""
    if message is None:
        return []
    return [b for row in message.buttons for b in row
            if b.data and b.data[:2] in ("a|", "x|") and not b.data.endswith("|")]


def code_of(button: Any) -> str:
    """The action code (or choice prefix) a game button carries."""
    return str(button.data).split("|")[3]


def mover(fake: FakeTelegram, players: list[FakeUser]) -> tuple[FakeUser, FakeMessage, str]:
    """The player with game buttons, his hand message and the first of his moves."""
    for user in players:
        message = hand_message(fake, user)
        if message is not None:
            moves = [b.data for row in message.buttons for b in row
                     if b.data and b.data.startswith("a|")]
            if moves:
                return user, message, moves[0]
    raise AssertionError("nobody has a move")


async def answers(fake: FakeTelegram, queries: list[Any]) -> list[Any]:
    """The answers to presses made with ``press_nowait``, once each has come."""
    return list(await asyncio.gather(*[fake.wait_for(lambda _, q=q: q.answer, what="answer")
                                       for q in queries]))


async def open_bot(fake: FakeTelegram, users: list[FakeUser]) -> None:
    """Each user presses Start in his private chat with the bot and gets its greeting."""
    for user in users:
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")


async def open_pair_lobby(fake: FakeTelegram, group: FakeChat, users: list[FakeUser], *,
                          game: str, title: str) -> FakeMessage:
    """All open the bot; ``users[0]`` opens a lobby of the pair game ``game`` (its lobby
    message contains ``title``) and the others take seats 2, 3, 4 in turn, so that ``users[i]``
    sits at seat ``i`` (0-based) and partners are users 0+2 and 1+3 (pair games seat at random
    on Join, issue #4). Returns the lobby message, not started."""
    await open_bot(fake, users)
    await fake.send_text(group, users[0], f"/new {game}")
    lobby = await fake.wait_for_message(group, text_contains=title)
    lobby_id = lobby.message_id
    for seat, user in enumerate(users[1:], start=2):
        answer = await fake.press_button(user, fake.message(group, lobby_id),
                                         text=f"🪑 Seat {seat}")
        assert answer.text == "You are at the table."
        await fake.wait_for(lambda f, u=user: u.first_name in
                            (f.message(group, lobby_id).text or ""), what="seated")
    return lobby


async def start_and_deal(fake: FakeTelegram, lobby: FakeMessage, users: list[FakeUser]) -> None:
    """``users[0]`` presses Start; returns once every user has his hand."""
    answer = await fake.press_button(users[0], lobby, text="Start")
    assert answer.text == "Done."
    await fake.wait_for(lambda f: all(hand_message(f, u) for u in users),
                        what=f"{len(users)} hands")


#: The label a hand's takeback request button starts with (English catalog).
TAKE_BACK = "↩️ Take back"


async def take_back_offered(fake: FakeTelegram, user: FakeUser,
                            what: str = "Take back offered") -> FakeMessage:
    """``user``'s hand once it offers "Take back" (after his own move)."""
    hand = await fake.wait_for(lambda f: (m := hand_message(f, user)) and any(
        b.text.startswith(TAKE_BACK) for row in m.buttons for b in row) and m, what=what)
    assert isinstance(hand, FakeMessage)
    return hand


async def ask_take_back(fake: FakeTelegram, mover: FakeUser, other: FakeUser) -> FakeMessage:
    """``mover`` asks to take back his move (the button on his hand, once offered); returns
    ``other``'s hand once it asks him (its "✅ Accept" button)."""
    hand = await take_back_offered(fake, mover)
    ask = next(b.data for row in hand.buttons for b in row if b.text.startswith(TAKE_BACK))
    assert not (await fake.press(mover, hand, ask)).text
    asked = await fake.wait_for(lambda f: (m := hand_message(f, other)) and any(
        b.text.startswith("✅ Accept") for row in m.buttons for b in row) and m, what="asked")
    assert isinstance(asked, FakeMessage)
    return asked


async def open_deberts(fake: FakeTelegram, group: FakeChat, users: list[FakeUser], *,
                takebacks: bool = True, bots: int = 0) -> int:
    """The first user opens a Deberts table (takebacks on), the others join; it starts.
    Returns the table id."""
    for user in users:
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, users[0], "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="Deberts")
    table_id = int(lobby.find_button(text="Start").data.split("|")[1])  # type: ignore[union-attr]
    assert "Takebacks: off" in (lobby.text or "")  # off unless the lobby turns it on
    if takebacks:
        answer = await fake.press(users[0], lobby, f"l|{table_id}|opt|takebacks=on")
        assert answer.text == "Done."
        await fake.wait_for(lambda f: "Takebacks: on (not rated)"
                            in (f.message(group, lobby.message_id).text or ""),
                            what="the lobby says takebacks are on")
    await join_and_start(fake, group, lobby, users, bots=bots)
    await fake.wait_for(lambda f: all(hand_message(f, u) for u in users), what="the hands")
    return table_id


async def join_and_start(fake: FakeTelegram, group: FakeChat, lobby: FakeMessage,
                         users: list[FakeUser], *, bots: int = 0) -> None:
    """At the open lobby ``lobby``: ``users[1:]`` join, ``users[0]`` adds ``bots`` normal bot
    players and presses Start (answered "Done.")."""
    for user in users[1:]:
        assert (await fake.press_button(user, lobby, text="Join")).text == \
            "You are at the table."
    for _ in range(bots):
        await fake.press_button(users[0], fake.message(group, lobby.message_id),
                                text="🤖+ normal")
    assert (await fake.press_button(users[0], fake.message(group, lobby.message_id),
                                    text="Start")).text == "Done."


@asynccontextmanager
async def deberts_table(fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
                        *, takebacks: bool = True
                        ) -> AsyncIterator[tuple[Any, int, list[FakeUser], FakeChat]]:
    """``async with deberts_table(...) as (app, table_id, users, group)``: the bot running, the
    club's two friends at a started Deberts table (``open_deberts``)."""
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        yield app, await open_deberts(fake, group, users, takebacks=takebacks), users, group


async def press_first_move(fake: FakeTelegram, users: list[FakeUser], mover: FakeUser) -> str:
    """``mover`` presses the first move button of his hand (a bid, in the first round of a
    Deberts deal), which must be taken without an answer text; returns its action code."""
    hand = hand_message(fake, mover)
    assert hand is not None
    data = next(b.data for row in hand.buttons for b in row if b.data and b.data[:2] == "a|"
                and not b.data.split("|")[3].startswith("@"))
    answer = await press_move(fake, mover, hand, data, users)
    assert not answer.text
    return data.split("|")[3]


def mover_and_other(fake: FakeTelegram, users: list[FakeUser]) -> tuple[FakeUser, FakeUser]:
    """The one of two ``users`` whose hand says "Your move", and the other one."""
    mover = next(u for u in users if "Your move" in (hand_message(fake, u).text or ""))  # type: ignore[union-attr]
    return mover, next(u for u in users if u is not mover)
