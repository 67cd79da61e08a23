"""Telegram-flavoured HTML parsing (a Python port of tdlib's ``parse_html`` rules).

Telegram accepts only a handful of tags and only four named entities; anything
else is rejected with ``400 Bad Request: can't parse entities: ...``.  The
messages produced here follow tdlib's wording, including byte offsets (UTF-8)
into the original source.  Entity offsets/lengths are in UTF-16 code units,
exactly as the Bot API reports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["HtmlParseError", "parse_html", "strip_text", "utf16_len"]

SUPPORTED_TAGS = frozenset(
    {
        "a", "b", "strong", "i", "em", "s", "strike", "del", "u", "ins",
        "tg-spoiler", "tg-emoji", "tg-time", "span", "pre", "code", "blockquote",
    }
)  # fmt: skip

_ENTITY_TYPES = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "code": "code",
    "pre": "pre",
}

_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}

# Characters Telegram trims from both ends of a message text.
_TRIM_CHARS = " \t\n\r\v\f"


class HtmlParseError(ValueError):
    """Raised for HTML Telegram refuses; ``str(exc)`` is tdlib's message."""


def utf16_len(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (the unit of entity offsets)."""
    return len(text.encode("utf-16-le")) // 2


@dataclass
class _OpenTag:
    name: str
    start: int  # UTF-16 offset in the output
    attrs: dict[str, str] = field(default_factory=dict)
    language: str | None = None


def _decode_entity(src: str, pos: int) -> tuple[str, int] | None:
    """Decode ``&...;`` at ``pos``; return (character, consumed length) or None."""
    end = src.find(";", pos + 1, pos + 12)
    if end == -1:
        return None
    body = src[pos + 1 : end]
    if body in _NAMED_ENTITIES:
        return _NAMED_ENTITIES[body], end - pos + 1
    code: int | None = None
    if body.startswith(("#x", "#X")) and len(body) > 2:
        try:
            code = int(body[2:], 16)
        except ValueError:
            return None
    elif body.startswith("#") and body[1:].isdigit():
        code = int(body[1:])
    if code is None or code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code), end - pos + 1


def parse_html(src: str) -> tuple[str, list[dict[str, Any]]]:
    """Parse Telegram HTML into ``(plain_text, entities)``.

    The plain text is *not* trimmed; use :func:`strip_text` for that.
    Raises :class:`HtmlParseError` with tdlib's wording on invalid markup.
    """
    out: list[str] = []
    pos16 = 0
    stack: list[_OpenTag] = []
    entities: list[dict[str, Any]] = []
    n = len(src)
    i = 0

    def byte_offset(p: int) -> int:
        return len(src[:p].encode("utf-8"))

    def emit(text: str) -> None:
        nonlocal pos16
        out.append(text)
        pos16 += utf16_len(text)

    while i < n:
        ch = src[i]
        if ch == "&":
            decoded = _decode_entity(src, i)
            if decoded is not None:
                emit(decoded[0])
                i += decoded[1]
            else:
                emit("&")
                i += 1
            continue
        if ch != "<":  # plain text up to the next tag or entity, in one piece
            j = min(k for k in (src.find("<", i), src.find("&", i), n) if k != -1)
            emit(src[i:j])
            i = j
            continue

        begin = i
        if i + 1 < n and src[i + 1] == "/":
            # ---- end tag -------------------------------------------------------
            if not stack:
                raise HtmlParseError(f"Unexpected end tag at byte offset {byte_offset(begin)}")
            j = i + 2
            while j < n and not src[j].isspace() and src[j] != ">":
                j += 1
            end_name = src[i + 2 : j].lower()
            while j < n and src[j].isspace():
                j += 1
            if j >= n or src[j] != ">":
                raise HtmlParseError(f"Unclosed end tag at byte offset {byte_offset(begin)}")
            opened = stack.pop()
            if end_name and end_name != opened.name:
                raise HtmlParseError(
                    f"Unmatched end tag at byte offset {byte_offset(begin)}, "
                    f'expected "</{opened.name}>", found "</{end_name}>"'
                )
            i = j + 1
            _close_tag(opened, pos16, stack, entities)
            continue

        # ---- start tag -------------------------------------------------------------
        j = i + 1
        while j < n and not src[j].isspace() and src[j] != ">":
            j += 1
        if j >= n:
            raise HtmlParseError(f"Unclosed start tag at byte offset {byte_offset(begin)}")
        name = src[i + 1 : j].lower()
        if name not in SUPPORTED_TAGS:
            raise HtmlParseError(
                f'Unsupported start tag "{name}" at byte offset {byte_offset(begin)}'
            )
        attrs: dict[str, str] = {}
        while True:
            while j < n and src[j].isspace():
                j += 1
            if j >= n:
                raise HtmlParseError(
                    f'Unclosed start tag "{name}" at byte offset {byte_offset(begin)}'
                )
            if src[j] == ">":
                break
            attr_begin = j
            while j < n and not src[j].isspace() and src[j] not in "=>":
                j += 1
            attr_name = src[attr_begin:j].lower()
            if not attr_name:
                raise HtmlParseError(
                    f'Empty attribute name in the tag "{name}" at byte offset {byte_offset(begin)}'
                )
            while j < n and src[j].isspace():
                j += 1
            if name == "blockquote" and attr_name == "expandable" and (j >= n or src[j] != "="):
                attrs["expandable"] = ""
                continue
            if j >= n or src[j] != "=":
                raise HtmlParseError(
                    "Expected equal sign in declaration of an attribute of the tag "
                    f'"{name}" at byte offset {byte_offset(begin)}'
                )
            j += 1
            while j < n and src[j].isspace():
                j += 1
            if j >= n:
                raise HtmlParseError(
                    f'Unclosed start tag "{name}" at byte offset {byte_offset(begin)}'
                )
            value: list[str] = []
            if src[j] in "'\"":
                quote = src[j]
                j += 1
                while j < n and src[j] != quote:
                    if src[j] == "&":
                        decoded = _decode_entity(src, j)
                        if decoded is not None:
                            value.append(decoded[0])
                            j += decoded[1]
                            continue
                    value.append(src[j])
                    j += 1
                if j < n:
                    j += 1
            else:
                while j < n and (src[j].isalnum() or src[j] in ".-"):
                    value.append(src[j])
                    j += 1
                if not value:
                    raise HtmlParseError(
                        "Expected quotation mark in declaration of an attribute of the tag "
                        f'"{name}" at byte offset {byte_offset(begin)}'
                    )
            if j >= n:
                raise HtmlParseError(f"Unclosed start tag at byte offset {byte_offset(begin)}")
            attrs[attr_name] = "".join(value)
        i = j + 1
        if name == "span" and attrs.get("class") != "tg-spoiler":
            raise HtmlParseError(
                f'Tag "span" must have class "tg-spoiler" at byte offset {byte_offset(begin)}'
            )
        stack.append(_OpenTag(name=name, start=pos16, attrs=attrs))

    if stack:
        raise HtmlParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1].name}"')
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return "".join(out), entities


def _close_tag(
    opened: _OpenTag, pos16: int, stack: list[_OpenTag], entities: list[dict[str, Any]]
) -> None:
    length = pos16 - opened.start
    name = opened.name
    if name == "code" and stack and stack[-1].name == "pre":
        cls = opened.attrs.get("class", "")
        if cls.startswith("language-") and stack[-1].start == opened.start:
            stack[-1].language = cls.removeprefix("language-")
            return
    if length <= 0:
        return
    entity: dict[str, Any] = {"offset": opened.start, "length": length}
    if name == "a":
        href = opened.attrs.get("href", "")
        if not href:
            return
        entity.update(type="text_link", url=href)
    elif name == "tg-emoji":
        emoji_id = opened.attrs.get("emoji-id", "")
        if not emoji_id:
            return
        entity.update(type="custom_emoji", custom_emoji_id=emoji_id)
    elif name == "tg-time":  # a date_time entity: each reader's client shows his own time
        unix = opened.attrs.get("unix", "")
        if not unix.isdigit():
            return
        entity.update(type="date_time", unix_time=int(unix))
        if opened.attrs.get("format"):
            entity["date_time_format"] = opened.attrs["format"]
    elif name == "blockquote":
        expandable = "expandable" in opened.attrs
        entity.update(type="expandable_blockquote" if expandable else "blockquote")
    else:
        entity["type"] = _ENTITY_TYPES[name]
        if name == "pre" and opened.language:
            entity["language"] = opened.language
    entities.append(entity)


def strip_text(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Trim whitespace from both ends like Telegram does, shifting entities."""
    stripped = text.lstrip(_TRIM_CHARS)
    shift = utf16_len(text) - utf16_len(stripped)
    stripped = stripped.rstrip(_TRIM_CHARS)
    total = utf16_len(stripped)
    result: list[dict[str, Any]] = []
    for entity in entities:
        start = max(0, entity["offset"] - shift)
        end = min(total, entity["offset"] + entity["length"] - shift)
        if end > start:
            result.append({**entity, "offset": start, "length": end - start})
    return stripped, result
