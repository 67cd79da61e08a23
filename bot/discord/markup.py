"""Screens (Telegram-HTML text) turned into Discord markdown and embeds.

The renderer writes the small HTML subset Telegram understands (``<b>``, ``<i>``, ``<pre>``,
``<code>``, ``<a>``, escaped entities) and the moments of ``bot.markup.moment`` (``<time>``).
Discord speaks markdown: tags become their markdown marks, entities become characters, a moment
becomes Discord's timestamp, and every other character that markdown would read is escaped (a
name such as ``*Bob*`` stays as typed).
"""

from __future__ import annotations

from html.parser import HTMLParser

import discord

#: Discord's limits: message content, embed description.
MAX_CONTENT = 2000
MAX_DESCRIPTION = 4096
#: The embeds' side colour: card-table green.
FELT = discord.Colour(0x2E7D32)
_MARKS = {"b": "**", "strong": "**", "i": "*", "em": "*", "u": "__", "s": "~~", "code": "`"}


class _ToMarkdown(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self._raw = 0  # inside <pre> or <code>: no escaping
        self._href: list[str | None] = []
        self._time = False  # inside a moment: Discord's own timestamp replaces its text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "time":  # a moment (bot.markup.moment): Discord shows <t:unix:T> in each
            # reader's time zone, <t:unix:F> (with the date) for one more than a day away
            found = dict(attrs)
            unix = found.get("unix") or ""
            if unix.isdigit():
                self.out.append(f"<t:{unix}:{'F' if found.get('date') == '1' else 'T'}>")
                self._time = True
        elif tag == "pre":
            self.out.append("```\n")
            self._raw += 1
        elif tag == "a":
            self._href.append(dict(attrs).get("href"))
            self.out.append("[")
        elif tag in _MARKS:
            self.out.append(_MARKS[tag])
            self._raw += tag == "code"
        elif tag == "br":
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "time":
            self._time = False
        elif tag == "pre":
            self._raw -= 1
            self.out.append("\n```")
        elif tag == "a":
            href = self._href.pop() if self._href else None
            self.out.append(f"]({href})" if href else "]")
        elif tag in _MARKS:
            self._raw -= tag == "code"
            self.out.append(_MARKS[tag])

    def handle_data(self, data: str) -> None:
        if self._time:
            return
        self.out.append(data if self._raw else discord.utils.escape_markdown(data))


def to_markdown(html: str) -> str:
    """Discord markdown for a text in Telegram's HTML subset."""
    parser = _ToMarkdown()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def embed_of(html: str) -> discord.Embed:
    """The embed showing a screen's text."""
    return discord.Embed(description=clip(to_markdown(html), MAX_DESCRIPTION), colour=FELT)


def notice_of(html: str) -> str:
    """A short notice (the answer to a press) as plain message content."""
    return clip(to_markdown(html), MAX_CONTENT)
