"""Pure validation/formatting helpers mirroring Telegram's checks and wording."""

from __future__ import annotations

import re
from typing import Any

from .html_parse import HtmlParseError, parse_html, strip_text
from .models import FakeUser
from .params import bad_request

__all__ = [
    "NOT_MODIFIED",
    "QUERY_TOO_OLD",
    "check_button",
    "format_text",
    "image_size",
    "member_json",
]

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA = 64
MAX_CALLBACK_ANSWER = 200
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
_OTHER_BUTTON_KINDS = (
    "switch_inline_query", "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat", "login_url", "web_app", "pay", "callback_game",
    "copy_text",
)  # fmt: skip
BOT_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_ADMIN_FIELDS = (
    "can_manage_chat", "can_delete_messages", "can_manage_video_chats", "can_restrict_members",
    "can_change_info", "can_invite_users", "can_pin_messages",
)  # fmt: skip
_ADMIN_FALSE_FIELDS = (
    "can_be_edited", "is_anonymous", "can_promote_members", "can_post_stories",
    "can_edit_stories", "can_delete_stories", "can_send_welcome_messages",
)  # fmt: skip


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width/height of PNG/JPEG/GIF/WebP/BMP data, or None if not an image."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data.startswith(b"GIF8") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(data) and data[i] == 0xFF:
            marker = data[i + 1]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height = int.from_bytes(data[i + 5 : i + 7], "big")
                return int.from_bytes(data[i + 7 : i + 9], "big"), height
            i += 2 + int.from_bytes(data[i + 2 : i + 4], "big")
        return 512, 512
    if (data.startswith(b"RIFF") and data[8:12] == b"WEBP") or data.startswith(b"BM"):
        return 512, 512
    return None


def format_text(
    text: str, parse_mode: str | None, entities: Any
) -> tuple[str, list[dict[str, Any]]]:
    """Apply ``parse_mode`` (HTML parsed; Markdown passed through) and trim like Telegram."""
    plain = text
    parsed: list[dict[str, Any]] = []
    if parse_mode:
        mode = parse_mode.lower()
        if mode == "html":
            try:
                plain, parsed = parse_html(text)
            except HtmlParseError as exc:
                raise bad_request(f"can't parse entities: {exc}") from exc
        elif mode not in ("markdown", "markdownv2"):
            raise bad_request("unsupported parse_mode")
    elif isinstance(entities, list):
        parsed = entities
    return strip_text(plain, parsed)


def check_button(button: Any) -> None:
    """Validate one inline keyboard button like Telegram (400 on failure)."""
    if not isinstance(button, dict) or not isinstance(button.get("text"), str):
        raise bad_request(
            'can\'t parse inline keyboard button: Field "text" must be of type String'
        )
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode()) <= MAX_CALLBACK_DATA:
            raise bad_request("BUTTON_DATA_INVALID")
    elif "url" in button:
        url = button["url"]
        if not isinstance(url, str) or not url.strip():
            raise bad_request("BUTTON_URL_INVALID")
    elif not any(kind in button for kind in _OTHER_BUTTON_KINDS):
        raise bad_request(
            "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"
        )


def member_json(user: FakeUser, status: str) -> dict[str, Any]:
    """A Bot API ``ChatMember`` object for ``user`` with ``status``."""
    data: dict[str, Any] = {"status": status, "user": user.to_api()}
    if status == "creator":
        data["is_anonymous"] = False
    elif status == "administrator":
        data.update(dict.fromkeys(_ADMIN_FIELDS, True))
        data.update(dict.fromkeys(_ADMIN_FALSE_FIELDS, False))
    elif status == "kicked":
        data["until_date"] = 0
    return data
