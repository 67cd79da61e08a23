"""Request parameter decoding and Bot API error values."""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from .models import RateLimits, UploadedFile

__all__ = ["ApiError", "Params", "RateLimiter", "bad_request", "forbidden", "normalize_params"]

# Fields whose values are JSON-serialized objects when sent as form fields.
JSON_FIELDS = frozenset(
    {
        "reply_markup", "link_preview_options", "reply_parameters", "allowed_updates",
        "commands", "scope", "entities", "caption_entities", "media", "message_ids",
        "menu_button", "rights",
    }
)  # fmt: skip
INT_FIELDS = frozenset(
    {
        "chat_id", "from_chat_id", "message_id", "offset", "limit", "timeout",
        "message_thread_id", "user_id", "reply_to_message_id", "cache_time",
        "max_connections",
    }
)  # fmt: skip
BOOL_FIELDS = frozenset(
    {
        "show_alert", "disable_web_page_preview", "disable_notification", "protect_content",
        "drop_pending_updates", "allow_sending_without_reply", "has_spoiler",
        "disable_content_type_detection", "only_if_banned", "show_caption_above_media",
        "allow_paid_broadcast",
    }
)  # fmt: skip


class ApiError(Exception):
    """An error response of the Bot API (``ok: false``)."""

    def __init__(
        self,
        error_code: int,
        description: str,
        *,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def to_json(self) -> dict[str, Any]:
        """The response body Telegram would send."""
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if self.retry_after is not None:
            body["parameters"] = {"retry_after": self.retry_after}
        if self.migrate_to_chat_id is not None:
            body["parameters"] = {"migrate_to_chat_id": self.migrate_to_chat_id}
        return body


def bad_request(message: str) -> ApiError:
    """``400 Bad Request: <message>``."""
    return ApiError(400, f"Bad Request: {message}")


def forbidden(message: str) -> ApiError:
    """``403 Forbidden: <message>``."""
    return ApiError(403, f"Forbidden: {message}")


def _decode(key: str, value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if key in JSON_FIELDS:
        try:
            return json.loads(value)
        except ValueError:
            return value  # left as str; the method reports the parse error
    if key in INT_FIELDS:
        try:
            return int(value)
        except ValueError:
            return value
    if key in BOOL_FIELDS:
        lowered = value.lower()
        if lowered in ("true", "1"):
            return True
        if lowered in ("false", "0", ""):
            return False
    return value


def normalize_params(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Decode form/JSON/query values into their natural Python types."""
    return {key: _decode(key, value) for key, value in raw.items()}


class Params:
    """Typed accessors over the decoded parameters of one request."""

    def __init__(self, values: dict[str, Any], files: dict[str, UploadedFile]) -> None:
        self.values = values
        self.files = files

    def has(self, name: str) -> bool:
        """True if the parameter was passed (and is not null)."""
        return self.values.get(name) is not None

    def get_str(self, name: str) -> str | None:
        """String parameter, or None if absent."""
        value = self.values.get(name)
        if value is None:
            return None
        return value if isinstance(value, str) else str(value)

    def get_int(self, name: str, default: int | None = None) -> int | None:
        """Integer parameter; 400 if present but not an integer."""
        value = self.values.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad_request(f"invalid {name} specified")
        return value

    def require_int(self, name: str, missing: str) -> int:
        """Integer parameter that must be present (``missing`` is the 400 text)."""
        value = self.get_int(name)
        if value is None:
            raise bad_request(missing)
        return value

    def get_bool(self, name: str, default: bool = False) -> bool:
        """Boolean parameter."""
        value = self.values.get(name)
        if value is None:
            return default
        return bool(value)

    def get_json(self, name: str, what: str) -> Any:
        """JSON-object parameter; 400 ``can't parse <what> JSON object`` on garbage."""
        value = self.values.get(name)
        if isinstance(value, str):
            raise bad_request(f"can't parse {what} JSON object")
        return value


class RateLimiter:
    """Sliding-window flood control in the spirit of Telegram's limits."""

    def __init__(self, limits: RateLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self._clock = clock
        self._per_chat: dict[int, deque[float]] = {}
        self._per_group: dict[int, deque[float]] = {}
        self._global: deque[float] = deque()

    @staticmethod
    def _retry(window: deque[float], limit: int | None, span: float, now: float) -> int | None:
        if limit is None:
            return None
        while window and now - window[0] >= span:
            window.popleft()
        if len(window) < limit:
            return None
        return max(1, math.ceil(span - (now - window[0])))

    def consume(self, chat_id: int, is_group: bool) -> None:
        """Count one outgoing message/edit or raise 429 with ``retry_after``."""
        now = self._clock()
        per_chat = self._per_chat.setdefault(chat_id, deque())
        per_group = self._per_group.setdefault(chat_id, deque())
        second, minute = self.limits.time_scale, 60.0 * self.limits.time_scale
        waits = [
            self._retry(per_chat, self.limits.per_chat_per_second, second, now),
            self._retry(self._global, self.limits.global_per_second, second, now),
        ]
        if is_group:
            waits.append(self._retry(per_group, self.limits.per_group_per_minute, minute, now))
        retry = max((w for w in waits if w is not None), default=None)
        if retry is not None:
            raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry)
        per_chat.append(now)
        self._global.append(now)
        if is_group:
            per_group.append(now)
