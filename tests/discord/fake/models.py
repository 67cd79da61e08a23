"""What the fake Discord knows: users, channels, messages, interactions, and their JSON.

The JSON follows Discord's API v10 payloads closely enough for discord.py to parse them the way
it parses the real ones (users, members with resolved permissions, channels, messages with
embeds and components, interactions).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
#: Flags of a message: only its user sees it; a "thinking" placeholder.
EPHEMERAL = 64
LOADING = 128
#: Resolved permissions of a plain member and of an administrator in a channel.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31)
ADMINISTRATOR = 1 << 3
YOUR_CARDS = ("Your cards", "Ваши карты", "Ваші карти")

_counter = itertools.count()


def snowflake(at: float) -> int:
    """A Discord id minted at ``at`` (seconds since the epoch)."""
    return ((int(at * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) % 4096)


def iso(at: float) -> str:
    """Discord's ISO 8601 timestamp."""
    return datetime.fromtimestamp(at, UTC).isoformat()


@dataclass
class FakeUser:
    """A member of the test server (``dms_open`` False: Discord error 50007 on a DM)."""

    id: int
    name: str
    username: str
    dms_open: bool = True
    admin: bool = False

    def json(self) -> dict[str, Any]:
        """The user object."""
        return {"id": str(self.id), "username": self.username, "global_name": self.name,
                "discriminator": "0", "avatar": None, "bot": False, "public_flags": 0}

    def member_json(self) -> dict[str, Any]:
        """The guild member object of an interaction (permissions resolved in the channel)."""
        permissions = MEMBER_PERMISSIONS | (ADMINISTRATOR if self.admin else 0)
        return {"user": self.json(), "nick": None, "avatar": None, "roles": [],
                "joined_at": iso(time.time() - 86400), "premium_since": None, "deaf": False,
                "mute": False, "flags": 0, "pending": False, "permissions": str(permissions),
                "communication_disabled_until": None}


@dataclass
class FakeChannel:
    """A text channel of the server, or a DM channel (``recipient`` set)."""

    id: int
    name: str
    guild_id: int | None
    recipient: FakeUser | None = None

    def json(self) -> dict[str, Any]:
        """The channel object."""
        if self.recipient is not None:
            return {"id": str(self.id), "type": 1, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.json()]}
        return {"id": str(self.id), "type": 0, "guild_id": str(self.guild_id),
                "name": self.name, "position": 0, "permission_overwrites": [], "nsfw": False,
                "parent_id": None, "topic": None, "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0}


@dataclass
class FakeMessage:
    """A message of the bot: in a channel, in a DM, or ephemeral (only ``ephemeral_for`` sees
    it). ``versions`` keeps every text it showed, for leak checks."""

    id: int
    channel_id: int
    created: float
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    flags: int = 0
    ephemeral_for: int | None = None
    webhook: bool = False
    edited: float | None = None
    deleted: bool = False
    versions: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The embed's description, else the content."""
        return "\n".join(e.get("description", "") for e in self.embeds) or self.content

    @property
    def rows(self) -> list[list[dict[str, Any]]]:
        """The components of each action row."""
        return [row.get("components", []) for row in self.components]

    @property
    def custom_ids(self) -> list[str]:
        """Every component's custom id."""
        return [c["custom_id"] for row in self.rows for c in row if "custom_id" in c]

    def button(self, label: str) -> dict[str, Any]:
        """The button whose label contains ``label``."""
        found = [c for row in self.rows for c in row if label in c.get("label", "")]
        assert found, f"no button {label!r} on {self.text[:60]!r}: {self.labels}"
        return found[0]

    @property
    def labels(self) -> list[str]:
        """Every button's label."""
        return [c.get("label", "") for row in self.rows for c in row]

    @property
    def is_hand(self) -> bool:
        """A hand message (it shows the reader's cards)."""
        return any(w in self.text for w in YOUR_CARDS)

    def apply(self, body: dict[str, Any], at: float) -> None:
        """Take the fields an edit gives (a null clears them)."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = body["embeds"] or []
        if "components" in body:
            self.components = body["components"] or []
        if "files" in body:
            self.files = list(body["files"])
        if "flags" in body and body["flags"] is not None:
            self.flags = (self.flags & EPHEMERAL) | (int(body["flags"]) & ~EPHEMERAL)
        self.flags &= ~LOADING
        self.edited = at
        self.versions.append(self.text)

    def json(self, bot: dict[str, Any], app_id: int, guild_id: int | None) -> dict[str, Any]:
        """The message object."""
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": bot,
            "content": self.content, "timestamp": iso(self.created),
            "edited_timestamp": iso(self.edited) if self.edited else None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [{"id": str(self.id + i), "filename": name, "size": len(data),
                             "url": f"https://cdn.example/{self.id}/{name}",
                             "proxy_url": f"https://media.example/{self.id}/{name}"}
                            for i, (name, data) in enumerate(self.files)],
            "embeds": self.embeds, "pinned": False, "type": 20 if self.webhook else 0,
            "flags": self.flags, "components": self.components,
        }
        if guild_id is not None and not self.ephemeral_for:
            data["guild_id"] = str(guild_id)
        if self.webhook:
            data["webhook_id"] = data["application_id"] = str(app_id)
        return data


@dataclass
class FakeInteraction:
    """One interaction sent to the bot, and what the bot did with it."""

    id: int
    token: str
    kind: int  # 2 command, 3 component, 4 autocomplete
    user: FakeUser
    channel: FakeChannel
    created: float  # the fake clock (tokens live 15 minutes of it)
    sent_at: float  # time.monotonic(): the 3-second limit
    source: FakeMessage | None = None  # the message of a component
    response: int | None = None  # callback type
    acked_after: float | None = None  # seconds from sending to the callback
    original: FakeMessage | None = None  # what @original names
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)
    tasks: set[Any] = field(default_factory=set)

    @property
    def notices(self) -> list[str]:
        """Texts only the user saw: the ephemeral reply (unless it is the source message)
        and ephemeral follow-ups."""
        texts = [m.text for m in self.followups if m.ephemeral_for]
        if self.original is not None and self.original is not self.source \
                and self.original.ephemeral_for and not self.original.deleted:
            texts.insert(0, self.original.text)
        return texts

    @property
    def notice(self) -> str | None:
        """The last notice, or None."""
        return self.notices[-1] if self.notices else None
