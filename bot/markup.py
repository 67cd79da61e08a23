"""HTML texts that cannot forget escaping: ``Html`` marks text that is already HTML.

Every text a chat reads is HTML (Telegram's subset). The translator (bot/i18n.py) escapes every
value it fills into a message unless the value is ``Html``: a name or a chat title goes in as
plain text and comes out escaped, a fragment rendered elsewhere (a translated message, a list
of escaped names) goes in as it is. Why not ``markupsafe.Markup``: its ``+`` escapes a plain
right-hand side, which silently changes the many texts built by concatenation here; ``Html`` is
a bare marker and changes nothing but the translator's choice.
"""

from __future__ import annotations

import html

__all__ = ["Html", "escape", "unescape"]


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
