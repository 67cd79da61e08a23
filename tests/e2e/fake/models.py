"""Plain data objects of the fake Telegram world: users, chats, messages, calls."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

__all__ = [
    "ApiCall",
    "Button",
    "ButtonNotFoundError",
    "CallbackAnswer",
    "CallbackQueryRecord",
    "ChatType",
    "FakeChat",
    "FakeFile",
    "FakeMessage",
    "FakeUser",
    "MemberStatus",
    "MessageSnapshot",
    "RateLimits",
    "UploadedFile",
]

ChatType = Literal["private", "group", "supergroup"]
MemberStatus = Literal["creator", "administrator", "member", "left", "kicked"]


class ButtonNotFoundError(LookupError):
    """A simulated user tried to press a button that is not on the message."""


@dataclass(eq=False)
class FakeUser:
    """A Telegram user (or the bot itself when ``is_bot``)."""

    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = "en"
    is_bot: bool = False
    started: bool = False
    """True once the user has sent anything to the bot in private (e.g. /start)."""
    blocked: bool = False
    """True while the user has blocked the bot."""

    @property
    def full_name(self) -> str:
        """First and last name joined by a space."""
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    def to_api(self) -> dict[str, Any]:
        """Serialize as a Bot API ``User`` object."""
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code and not self.is_bot:
            data["language_code"] = self.language_code
        return data

    def __repr__(self) -> str:
        return f"FakeUser({self.id}, {self.first_name!r})"


@dataclass(eq=False)
class FakeChat:
    """A private chat, group or supergroup known to the fake server."""

    id: int
    type: ChatType
    title: str | None = None
    user: FakeUser | None = None
    """The other party of a private chat."""
    username: str | None = None
    is_forum: bool = False
    members: dict[int, MemberStatus] = field(default_factory=dict)
    """Explicit member statuses by user id (users not listed: ``left`` in a group)."""
    bot_status: MemberStatus = "member"
    next_message_id: int = 1
    pinned_message_id: int | None = None
    action_mark: int = 0
    """Newest message id at the last simulated user action (message or button press)."""
    migrated_to: int | None = None
    """The supergroup this group was upgraded to (``FakeTelegram.upgrade_group``)."""

    @property
    def is_group(self) -> bool:
        """True for groups and supergroups."""
        return self.type in ("group", "supergroup")

    def to_api(self) -> dict[str, Any]:
        """Serialize as a Bot API ``Chat`` object."""
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.type == "private":
            assert self.user is not None
            data["first_name"] = self.user.first_name
            if self.user.last_name:
                data["last_name"] = self.user.last_name
            if self.user.username:
                data["username"] = self.user.username
        else:
            data["title"] = self.title or ""
            if self.username:
                data["username"] = self.username
            if self.is_forum:
                data["is_forum"] = True
        return data

    def __repr__(self) -> str:
        label = self.title if self.title else (self.user.first_name if self.user else "")
        return f"FakeChat({self.id}, {self.type}, {label!r})"


class Button(NamedTuple):
    """One inline button as a user sees it: ``(text, callback_data | url | None)``."""

    text: str
    data: str | None


@dataclass(frozen=True)
class UploadedFile:
    """A file part received in a multipart request."""

    field_name: str
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class FakeFile:
    """A photo or document stored by the fake server."""

    file_id: str
    file_unique_id: str
    kind: Literal["photo", "document"]
    data: bytes
    filename: str | None = None
    mime_type: str | None = None
    width: int = 0
    height: int = 0
    url: str | None = None
    """Set when the bot sent a URL instead of uploading bytes."""

    @property
    def size(self) -> int:
        """Size of the stored bytes."""
        return len(self.data)

    @property
    def file_path(self) -> str:
        """Path under which ``getFile`` exposes the content."""
        ext = ""
        if self.filename and "." in self.filename:
            ext = "." + self.filename.rsplit(".", 1)[1]
        folder = "photos" if self.kind == "photo" else "documents"
        return f"{folder}/{self.file_unique_id}{ext}"


@dataclass(frozen=True)
class MessageSnapshot:
    """One version of a message as it was shown at some moment."""

    chat_id: int
    message_id: int
    version: int
    kind: Literal["sent", "edited", "deleted"]
    text: str
    """Visible text (or caption) after entity parsing."""
    source: str | None
    """Text exactly as sent, e.g. with HTML tags."""
    buttons: tuple[tuple[Button, ...], ...]
    from_bot: bool
    at: float


def _buttons_of(markup: dict[str, Any] | None) -> list[list[Button]]:
    if not markup or "inline_keyboard" not in markup:
        return []
    rows: list[list[Button]] = []
    for row in markup["inline_keyboard"]:
        rows.append(
            [
                Button(
                    str(btn.get("text", "")),
                    btn.get("callback_data") if "callback_data" in btn else btn.get("url"),
                )
                for btn in row
            ]
        )
    return rows


@dataclass(eq=False)
class FakeMessage:
    """A message in a fake chat, mutated in place by edits and deletion."""

    chat: FakeChat
    message_id: int
    sender: FakeUser
    date: int
    text: str | None = None
    """Visible text after parsing (``None`` for media messages)."""
    entities: list[dict[str, Any]] = field(default_factory=list)
    source: str | None = None
    """Text or caption exactly as the sender passed it (e.g. raw HTML)."""
    parse_mode: str | None = None
    caption: str | None = None
    caption_entities: list[dict[str, Any]] = field(default_factory=list)
    reply_markup: dict[str, Any] | None = None
    """Raw inline keyboard JSON (``{"inline_keyboard": [...]}``) or None."""
    photo: FakeFile | None = None
    document: FakeFile | None = None
    message_thread_id: int | None = None
    reply_to: FakeMessage | None = None
    link_preview_options: dict[str, Any] | None = None
    deleted: bool = False
    edit_count: int = 0
    edit_date: int | None = None
    versions: list[MessageSnapshot] = field(default_factory=list)

    @property
    def from_bot(self) -> bool:
        """True if the bot sent this message."""
        return self.sender.is_bot

    @property
    def visible_text(self) -> str:
        """Text, or caption for media messages, or an empty string."""
        return self.text if self.text is not None else (self.caption or "")

    @property
    def buttons(self) -> list[list[Button]]:
        """Inline keyboard as rows of ``Button(text, callback_data | url)``."""
        return _buttons_of(self.reply_markup)

    @property
    def button_texts(self) -> list[str]:
        """Texts of all inline buttons, row by row."""
        return [b.text for row in self.buttons for b in row]

    def find_button(
        self,
        *,
        text: str | None = None,
        text_contains: str | None = None,
        data: str | None = None,
    ) -> Button:
        """Return the first button matching all given criteria.

        Raises :class:`ButtonNotFoundError` listing the available buttons.
        """
        for row in self.buttons:
            for button in row:
                if text is not None and button.text != text:
                    continue
                if text_contains is not None and text_contains not in button.text:
                    continue
                if data is not None and button.data != data:
                    continue
                return button
        wanted = {"text": text, "text_contains": text_contains, "data": data}
        criteria = ", ".join(f"{k}={v!r}" for k, v in wanted.items() if v is not None)
        raise ButtonNotFoundError(
            f"No button with {criteria} on message {self.message_id} in chat {self.chat.id} "
            f"({self.visible_text[:60]!r}); buttons: {self.buttons!r}"
        )

    def snapshot(self, kind: Literal["sent", "edited", "deleted"], at: float) -> MessageSnapshot:
        """Record the current state as a new version and return it."""
        snap = MessageSnapshot(
            chat_id=self.chat.id,
            message_id=self.message_id,
            version=len(self.versions),
            kind=kind,
            text=self.visible_text,
            source=self.source,
            buttons=tuple(tuple(row) for row in self.buttons),
            from_bot=self.from_bot,
            at=at,
        )
        self.versions.append(snap)
        return snap

    def content_key(self) -> str:
        """Canonical form of text + entities + keyboard for "not modified" checks."""
        return json.dumps(
            [self.text, self.entities, self.caption, self.caption_entities, self.reply_markup],
            sort_keys=True,
        )

    def to_api(self, *, include_reply: bool = True) -> dict[str, Any]:
        """Serialize as a Bot API ``Message`` object."""
        data: dict[str, Any] = {
            "message_id": self.message_id,
            "from": self.sender.to_api(),
            "chat": self.chat.to_api(),
            "date": self.date,
        }
        if self.message_thread_id is not None:
            data["message_thread_id"] = self.message_thread_id
            if self.chat.is_forum:
                data["is_topic_message"] = True
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.reply_to is not None and include_reply:
            data["reply_to_message"] = self.reply_to.to_api(include_reply=False)
        if self.text is not None:
            data["text"] = self.text
            if self.entities:
                data["entities"] = self.entities
        if self.photo is not None:
            data["photo"] = [
                {
                    "file_id": self.photo.file_id,
                    "file_unique_id": self.photo.file_unique_id,
                    "width": self.photo.width,
                    "height": self.photo.height,
                    "file_size": self.photo.size,
                }
            ]
        if self.document is not None:
            doc: dict[str, Any] = {
                "file_id": self.document.file_id,
                "file_unique_id": self.document.file_unique_id,
                "file_size": self.document.size,
            }
            if self.document.filename:
                doc["file_name"] = self.document.filename
            if self.document.mime_type:
                doc["mime_type"] = self.document.mime_type
            data["document"] = doc
        if self.caption is not None:
            data["caption"] = self.caption
            if self.caption_entities:
                data["caption_entities"] = self.caption_entities
        if self.link_preview_options:
            data["link_preview_options"] = self.link_preview_options
        if self.reply_markup and self.reply_markup.get("inline_keyboard"):
            data["reply_markup"] = self.reply_markup
        return data

    def __repr__(self) -> str:
        flags = " deleted" if self.deleted else ""
        return (
            f"<FakeMessage chat={self.chat.id} id={self.message_id} "
            f"from={'bot' if self.from_bot else self.sender.id}{flags} "
            f"text={self.visible_text[:50]!r} buttons={self.button_texts!r}>"
        )


@dataclass
class CallbackAnswer:
    """What the bot passed to ``answerCallbackQuery``."""

    text: str | None = None
    show_alert: bool = False
    url: str | None = None
    cache_time: int | None = None


@dataclass(eq=False)
class CallbackQueryRecord:
    """A callback query created by a simulated button press."""

    id: str
    user: FakeUser
    message: FakeMessage
    data: str
    answer: CallbackAnswer | None = None
    pressed_at: float = 0.0
    """Clock time of the press (the fake's ``now()``)."""
    expired: bool = False
    """Forced by a test: answering it fails as a press older than Telegram's time-out does."""

    @property
    def answered(self) -> bool:
        """True once the bot called ``answerCallbackQuery`` for this query."""
        return self.answer is not None


@dataclass
class ApiCall:
    """One recorded HTTP call to the fake Bot API."""

    seq: int
    method: str
    """Canonical method name, e.g. ``sendMessage``."""
    params: dict[str, Any]
    """Parameters with JSON-typed fields decoded (reply_markup is a dict, ...)."""
    files: dict[str, UploadedFile]
    at: float
    """Clock time (monotonic + any ``advance_time``) when the request arrived."""
    finished_at: float = 0.0
    """Clock time when the response was produced (0 while pending)."""
    status: int = 0
    response: dict[str, Any] = field(default_factory=dict)

    @property
    def pending(self) -> bool:
        """True while the request is still being served (e.g. a parked getUpdates)."""
        return self.status == 0

    @property
    def ok(self) -> bool:
        """True if the call succeeded."""
        return bool(self.response.get("ok"))

    @property
    def result(self) -> Any:
        """The ``result`` field of a successful response."""
        return self.response.get("result")

    @property
    def error(self) -> str | None:
        """The error description of a failed call."""
        return None if self.ok else self.response.get("description")

    def summary(self) -> str:
        """One-line human readable description for failure dumps."""
        shown = {k: v for k, v in self.params.items() if v is not None}
        text = json.dumps(shown, ensure_ascii=False, default=str)
        if len(text) > 160:
            text = text[:157] + "..."
        if self.pending:
            outcome = "(pending)"
        else:
            outcome = "ok" if self.ok else f"{self.status} {self.error}"
        return f"#{self.seq} {self.method} {text} -> {outcome}"


@dataclass(frozen=True)
class RateLimits:
    """Flood limits; ``None`` disables an individual limit.

    Defaults follow Telegram's published guidance: about one message per second
    in a single chat, 20 messages per minute in a group, 30 messages per second
    overall.  Sends and edits both count.  ``time_scale`` multiplies the windows
    (1 s and 60 s) so a test can reach the per-minute limit in seconds.
    """

    per_chat_per_second: int | None = 1
    per_group_per_minute: int | None = 20
    global_per_second: int | None = 30
    time_scale: float = 1.0
