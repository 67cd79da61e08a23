"""A busy group's budget is spread over the minute, and a restart starts cautious (the outbox's
windows in virtual time: no clock is read, no timing is asserted)."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field

from bot.model import Screen, Target
from bot.show.outbox import Limits, Outbox, _Stamp, _Window, group_wait
from tests.records.conftest import RecordingMessenger, Sent

LIMITS = Limits()


def _sends(demand: list[float], window: _Window, start: float = 0.0) -> list[float]:
    """When each demanded group call goes out, one after another, under ``group_wait``."""
    sent: list[float] = []
    now = start
    for t in demand:
        now = max(now, t)
        while (wait := group_wait(window, now, LIMITS)) > 0:
            now += wait
        window.add(_Stamp(end=now))
        sent.append(now)
    return sent


def _most_in_a_minute(sent: list[float]) -> int:
    return max(sum(1 for s in sent if t <= s < t + LIMITS.minute) for t in sent)


def test_a_fast_table_lags_by_seconds_not_a_minute() -> None:
    # a move a second for three minutes: the group's edits are spread, never frozen
    sent = _sends([float(t) for t in range(180)], _Window(LIMITS.minute))
    gaps = [b - a for a, b in itertools.pairwise(sent)]
    assert max(gaps) < 10, max(gaps)  # was: 20 at once, then about 40 s of silence
    assert _most_in_a_minute(sent) <= LIMITS.group_per_minute
    assert sent[:3] == [0.0, 1.0, 2.0]  # a few quick calls (a deal's result) go at once


async def test_after_a_restart_group_windows_start_cautious() -> None:
    outbox = Outbox(RecordingMessenger(), limits=LIMITS)
    chat = outbox._new_chat(Target("-100"))
    assert chat.long is not None
    now = asyncio.get_running_loop().time()
    # as if the group had used its whole budget over the last minute: calls come spaced
    sent = _sends([now] * 40, chat.long, start=now)
    assert _most_in_a_minute(sent) <= LIMITS.group_per_minute
    assert sent[0] > now  # not at once
    private = outbox._new_chat(Target("7", private=True))
    assert private.long is None  # private chats have no minute window


async def test_a_command_reply_goes_before_queued_table_edits() -> None:
    @dataclass
    class Slow(RecordingMessenger):
        free: asyncio.Event = field(default_factory=asyncio.Event)

        async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
            await self.free.wait()
            self.sent.append(Sent("text", target, screen))
            return message_id

    slow = Slow()
    outbox = Outbox(slow)
    group = Target("-100")
    edits = [outbox.update(group, Screen(f"table {i}"), message=str(i)) for i in range(3)]
    await asyncio.sleep(0)  # the first edit is under way
    reply = outbox.send_soon(group, Screen("/stats"))
    slow.free.set()
    await asyncio.gather(*edits, reply)
    assert [s.screen.text for s in slow.sent] == ["table 0", "/stats", "table 1", "table 2"]
