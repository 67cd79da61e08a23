"""A hand's keyboard as a numbered menu: the bot's own buttons (bot/show/hand.py), each row on
one line, numbered from 1 in reading order. A button that opens a choice (an auction level,
then its suit; a Berg jack, then the order it names) opens it as the bot does, with a Back
entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.model import ActData, Button, ExpandData

#: Entries per printed line at most (a row of six strains stays whole), and the width a line
#: is kept within (a row of long labels goes on over several lines).
LINE = 6
WIDTH = 78


@dataclass(frozen=True)
class Entry:
    """One numbered choice: its label, and either the action code it makes or the prefix of the
    choice it opens (``""``: back to the whole keyboard)."""

    label: str
    code: str | None = None
    opens: str | None = None


def entries(rows: Sequence[Sequence[Button]]) -> list[list[Entry]]:
    """The keyboard's rows as rows of entries (buttons that neither act nor open are left
    out: the terminal has no links)."""
    out = []
    for row in rows:
        line = []
        for b in row:
            if isinstance(b.data, ActData):
                line.append(Entry(b.text, code=b.data.code))
            elif isinstance(b.data, ExpandData):
                line.append(Entry(b.text, opens=b.data.prefix))
        if line:
            out.append(line)
    return out


def numbered(rows: Sequence[Sequence[Entry]]) -> tuple[list[Entry], list[str]]:
    """The entries in number order (entry ``n`` is ``[n - 1]``) and the printed lines:
    ``  1) 7♠   2) K♠   3) 10♥``."""
    flat: list[Entry] = []
    lines = []
    for row in rows:
        line = ""
        count = 0
        for e in row:
            flat.append(e)
            part = f"{len(flat)}) {e.label}"
            if line and (count == LINE or len(line) + 3 + len(part) > WIDTH):
                lines.append(line)
                line, count = "", 0
            line = f"{line}   {part}" if line else f"  {part}"
            count += 1
        lines.append(line)
    return flat, lines
