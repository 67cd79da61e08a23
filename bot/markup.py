"""HTML texts that cannot forget escaping: ``Html`` marks text that is already HTML.

Every text a chat reads is HTML (Telegram's subset). The translator (bot/i18n.py) escapes every
value it fills into a message unless the value is ``Html``: a name or a chat title goes in as
plain text and comes out escaped, a fragment rendered elsewhere (a translated message, a list
of escaped names) goes in as it is. Why not ``markupsafe.Markup``: its ``+`` escapes a plain
right-hand side, which silently changes the many texts built by concatenation here; ``Html`` is
a bare marker and changes nothing but the translator's choice.

A point in time that each reader should see in his own time zone (the turn's deadline) is kept
in the text as data, ``moment``: a ``<time>`` element with the instant and how much of it to
show. The core writes nothing of a platform's own markup; each platform turns the moments into
its own (``render_moments``: Telegram's date entity in bot/telegram/messenger.py, Discord's
timestamp in bot/discord/markup.py); a target without one reads the element's text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

__all__ = ["Html", "Moment", "escape", "moment", "render_moments", "unescape"]

#: A ``moment`` as the text holds it (its attributes in the order ``moment`` writes them).
MOMENT_RE = re.compile(r'<time unix="(\d+)" seconds="([01])" date="([01])">(.*?)</time>', re.S)


class Html(str):
    """Text that is already HTML: the translator fills it in unchanged."""

    __slots__ = ()


def escape(value: object) -> Html:
    """``value`` as text, with ``&``, ``<``, ``>`` (and quotes) escaped; ``Html`` is kept."""
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value)))


def unescape(text: str) -> str:
    """Plain text of an HTML text's entities (for targets that are not HTML: pictures)."""
    return html.unescape(text)


@dataclass(frozen=True)
class Moment:
    """A point in time in a text: ``at`` (aware), whether its seconds and its date are shown."""

    at: datetime
    seconds: bool
    date: bool

    @property
    def unix(self) -> int:
        """``at`` in whole seconds since the epoch."""
        return int(self.at.timestamp())


def moment(at: datetime, *, seconds: bool, date: bool, text: str) -> Html:
    """``at`` (aware) kept as data in an HTML text, for each platform to show in the reader's
    time zone (``render_moments``); ``text`` (plain, escaped here) is what a target that cannot
    do that reads."""
    return Html(f'<time unix="{int(at.timestamp())}" seconds="{int(seconds)}" '
                f'date="{int(date)}">{escape(text)}</time>')


def render_moments(text: str, render: Callable[[Moment, Html], str]) -> str:
    """``text`` with every ``moment`` in it replaced by ``render(moment, its text)`` (the text
    still escaped HTML)."""
    return MOMENT_RE.sub(lambda m: render(Moment(datetime.fromtimestamp(int(m[1]), UTC),
                                                 m[2] == "1", m[3] == "1"), Html(m[4])), text)
