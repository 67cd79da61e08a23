"""``LaterRedraws`` (bot/show/redraw.py): a table whose screens failed is drawn again once per
pending wait, again after a redraw that fails itself, and not at all once closed."""

from __future__ import annotations

import asyncio

from bot.show.redraw import LaterRedraws


async def test_one_redraw_for_failures_while_one_waits() -> None:
    drawn: list[int] = []
    done = asyncio.Event()

    async def redraw(table_id: int) -> None:
        drawn.append(table_id)
        done.set()

    later = LaterRedraws(redraw, delay=0.01)
    for _ in range(3):  # the table message and two hands failed at once
        later.failed(7)
    assert later.pending(7)
    await asyncio.wait_for(done.wait(), 5)
    await asyncio.sleep(0.05)
    assert drawn == [7] and not later.pending(7)


async def test_a_failing_redraw_is_tried_again() -> None:
    calls: list[int] = []
    done = asyncio.Event()

    async def redraw(table_id: int) -> None:
        calls.append(table_id)
        if len(calls) < 3:
            raise RuntimeError("Telegram is still down")
        done.set()

    later = LaterRedraws(redraw, delay=0.001, longest=0.01)
    later.failed(3)
    await asyncio.wait_for(done.wait(), 5)
    assert calls == [3, 3, 3]
    later.delivered(3)
    await later.close()


async def test_closed_redraws_never_run() -> None:
    drawn: list[int] = []

    async def redraw(table_id: int) -> None:
        drawn.append(table_id)

    later = LaterRedraws(redraw, delay=0.05)
    later.failed(1)
    later.failed(2)
    await later.close()
    await asyncio.sleep(0.1)
    assert drawn == [] and not later.pending(1) and not later.pending(2)


async def test_a_failure_after_close_is_left_to_the_next_start() -> None:
    """The screens still going out while the bot stops fail: the closed bot schedules no
    redraw (its store and queue are gone; hostile9's restart attack)."""
    drawn: list[int] = []

    async def redraw(table_id: int) -> None:
        drawn.append(table_id)

    later = LaterRedraws(redraw, delay=0.01)
    await later.close()
    later.failed(4)
    await asyncio.sleep(0.05)
    assert drawn == [] and not later.pending(4)
