"""The bot players read the current deal's events (engine/ai: Berg's tracking of the pile and
the draws, Deberts' and Bazar-Belot's knowledge of the play); the stored match no longer holds
them in its snapshot, so a bot's load rebuilds them (``load(events=True)``). Attacked: one
human against bot players in every trick game and Berg, a restart mid-deal (a new bot on the
same database) and play going on; every time a bot reads the events they begin with the
deal's ``deal`` event (the tracking would otherwise start from nothing, and Berg's bot falls
back to guessing), and after each human move the stored match is the log replayed."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

import engine.ai.bazar_belot as bb_ai
import engine.ai.berg as berg_ai
import engine.ai.deberts as deberts_ai
from tests.e2e.fake import FakeTelegram, FakeUser
from tests.e2e.hostile6._play import over
from tests.e2e.test_table_management import _set_option
from tests.kit.store import assert_stored_replays, only_table_id
from tests.kit.telegram import game_buttons, hand_message, open_bot, open_choice, press_move

#: game, bot levels of the other seats (Berg's strong ones sample worlds from the tracking),
#: engine options set in the lobby, the AI module and its reader of the events
GAMES: list[tuple[str, list[str], dict[str, Any], Any, str]] = [
    ("deberts", ["normal"], {}, deberts_ai, "_deal_events"),
    ("bazar_belot", ["normal", "easy", "strong"], {}, bb_ai, "knowledge"),
    ("berg", ["strong", "normal", "strong"], {"berg_height": 5}, berg_ai, "track"),
]


class Reads:
    """What the bot players read: the type of the first event they were given, per call."""

    def __init__(self) -> None:
        self.first: list[str] = []
        self._lock = threading.Lock()

    def wrap(self, reader: Callable[..., Any]) -> Callable[..., Any]:
        def read(match: Any, *args: Any, **kwargs: Any) -> Any:
            events = match.events
            with self._lock:
                self.first.append(events[0].type if events else "<none>")
            return reader(match, *args, **kwargs)

        return read


async def _human_moves(fake: FakeTelegram, app: Any, table_id: int, human: FakeUser,
                       rng: random.Random, moves: int) -> int:
    """Up to ``moves`` presses of the human's random game buttons (a press refused because a
    bot moved first does not count), each waited for and followed by the replay check."""
    made = 0
    while made < moves:
        await fake.wait_for(lambda f: over(f) or game_buttons(hand_message(f, human)),
                            what="the human's move")
        hand = hand_message(fake, human)
        if over(fake) or hand is None:
            break
        message, button = await open_choice(fake, human, hand,
                                            rng.choice(game_buttons(hand)), rng)
        answer = await press_move(fake, human, message, button.data, [human])
        if not answer.text:
            made += 1
        await assert_stored_replays(app, table_id)
    return made


@pytest.mark.parametrize(("game", "levels", "options", "module", "reader"), GAMES,
                         ids=[g[0] for g in GAMES])
async def test_bots_read_the_deal_events_across_a_restart(
        fake: FakeTelegram, kozyr: Any, monkeypatch: pytest.MonkeyPatch, game: str,
        levels: list[str], options: dict[str, Any], module: Any, reader: str) -> None:
    reads = Reads()
    monkeypatch.setattr(module, reader, reads.wrap(getattr(module, reader)))
    group = fake.group(-100606, "Bots' night")
    human = fake.user(601, "Lone")
    rng = random.Random(606)
    async with kozyr() as app:
        await open_bot(fake, [human])
        await fake.send_text(group, human, f"/new {game}")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        for level in levels:
            assert (await fake.press_button(human, lobby, text=f"🤖+ {level}")).text \
                == "A bot player sits down."
        table_id = await only_table_id(app)
        if options:
            await _set_option(app, table_id, **options)
        assert (await fake.press_button(human, lobby, text="Start")).text == "Done."
        await fake.wait_for(lambda f: hand_message(f, human), what="the human's hand")
        await _human_moves(fake, app, table_id, human, rng, 8)
    before = len(reads.first)
    assert before, "no bot read the events"
    async with kozyr() as app:  # mid-deal: the bots' next loads read the events back
        await assert_stored_replays(app, table_id)
        await _human_moves(fake, app, table_id, human, rng, 8)
        await fake.settle()
        await assert_stored_replays(app, table_id)
    assert len(reads.first) > before, "no bot moved after the restart"
    assert set(reads.first) == {"deal"}, reads.first
