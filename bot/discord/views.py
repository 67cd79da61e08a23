"""Buttons and choice menus: a ``Screen``'s buttons as Discord components, and back.

Drawing only: discord.py matches a press by its custom id's pattern (the ``DynamicItem``s
``PressButton`` and ``ChoiceMenu`` in bot/discord/handlers.py), so a button drawn before a
restart still works after it, and no view is kept in memory per message.
Discord shows at most 5 rows of 5 buttons; a keyboard with more rows has neighbouring rows
merged, and one with more than 25 buttons puts the rest into choice menus (a menu takes a row
and offers up to 25 choices, each carrying a button's custom id).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.ids import (
    HandRequest,
    Pressed,
    pack,
    select_id,
)
from bot.discord.markup import clip
from bot.model import ActData, Button, LobbyData, Screen

MAX_ROWS = 5
PER_ROW = 5
MAX_OPTIONS = 25
MAX_LABEL = 80
MAX_OPTION_LABEL = 100
#: A choice menu's placeholder (language-neutral).
MENU_PLACEHOLDER = "⋯"


@dataclass(frozen=True)
class HandButton(Button):
    """Discord's "My hand" under the table message: shows the presser his hand (ephemeral)."""

    table_id: int = 0


def data_of(button: Button) -> Pressed | None:
    """What pressing ``button`` does (None for a link button)."""
    if isinstance(button, HandButton):
        return HandRequest(button.table_id)
    return button.data


def _style(data: Pressed) -> discord.ButtonStyle:
    if isinstance(data, HandRequest):
        return discord.ButtonStyle.success
    if isinstance(data, ActData):
        return discord.ButtonStyle.primary
    if not isinstance(data, LobbyData):  # choices on a hand, records
        return discord.ButtonStyle.secondary
    if data.op == "join" or (data.op == "stop" and data.arg != "yes"):
        return discord.ButtonStyle.success
    if data.op == "cancel" or data.op == "stop":
        return discord.ButtonStyle.danger
    if data.op == "start":
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


def arrange(rows: tuple[tuple[Button, ...], ...]) -> tuple[list[list[Button]], list[Button]]:
    """Rows that Discord can show (at most 5 of at most 5) and the buttons left for menus.

    When the buttons do not fit, the ``foldable`` ones (settings such as lobby options) go to
    the menus first, so that the actions stay buttons in their rows.
    """
    split = _merged(rows)
    if len(split) > MAX_ROWS:
        folded = [b for row in rows for b in row if b.foldable and data_of(b) is not None]
        menus = -(-len(folded) // MAX_OPTIONS)
        actions = _merged(tuple(left for row in rows
                                if (left := tuple(b for b in row if b not in folded))),
                          MAX_ROWS - menus)
        if folded and len(actions) + menus <= MAX_ROWS:
            return actions, folded
    if len(split) <= MAX_ROWS:
        return split, []
    for menus in range(1, MAX_ROWS + 1):
        kept = split[:MAX_ROWS - menus]
        rest = [b for row in split[MAX_ROWS - menus:] for b in row if data_of(b) is not None]
        if len(rest) <= MAX_OPTIONS * menus:
            return kept, rest
    raise ValueError(f"{sum(map(len, split))} buttons do not fit a Discord message")


def _merged(rows: tuple[tuple[Button, ...], ...], limit: int = MAX_ROWS) -> list[list[Button]]:
    """``rows`` cut to at most 5 buttons each, adjacent small rows merged while over ``limit``
    rows (the smallest pair first)."""
    split = [list(row[i:i + PER_ROW]) for row in rows for i in range(0, len(row), PER_ROW)]
    while len(split) > limit:
        pairs = [(len(split[i]) + len(split[i + 1]), i) for i in range(len(split) - 1)]
        size, i = min(pairs)
        if size > PER_ROW:
            break
        split[i:i + 2] = [split[i] + split[i + 1]]
    return split


def _component(button: Button, row: int) -> discord.ui.Item[Any]:
    data = data_of(button)
    label = clip(button.text, MAX_LABEL)
    if data is None:
        return discord.ui.Button(label=label, url=button.url or None, row=row)
    # a plain button: its press comes back by its custom id's pattern (``PressButton`` in
    # bot/discord/handlers.py), not to this object
    return discord.ui.Button(label=label, custom_id=pack(data), style=_style(data), row=row)


def view_of(screen: Screen) -> discord.ui.View | None:
    """The components of ``screen`` (None when it has no buttons).

    The view is stopped before it is sent: every item is dispatched by its pattern, so
    discord.py need not keep it (nor time it out) in memory.
    """
    if not screen.buttons:
        return None
    rows, rest = arrange(screen.buttons)
    view = discord.ui.View(timeout=None)
    for r, row in enumerate(rows):
        for button in row:
            view.add_item(_component(button, r))
    for m in range(0, len(rest), MAX_OPTIONS):
        options = []
        for button in rest[m:m + MAX_OPTIONS]:
            data = data_of(button)
            assert data is not None
            options.append(discord.SelectOption(label=clip(button.text, MAX_OPTION_LABEL),
                                                value=pack(data)))
        menu = discord.ui.Select[Any](custom_id=select_id(m // MAX_OPTIONS), options=options,
                                      placeholder=MENU_PLACEHOLDER,
                                      row=len(rows) + m // MAX_OPTIONS)
        view.add_item(menu)  # answered by its pattern too (``ChoiceMenu``)
    view.stop()
    return view
