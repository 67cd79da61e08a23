"""Platform-neutral values passed between the adapters, the service and the renderer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Person:
    """A platform user. ``ext_id`` is the platform's own id, as text; ``lang`` the language
    of his app (a code such as ``ru`` or ``en``) where the platform tells it."""

    platform: str
    ext_id: str
    name: str
    username: str | None = None
    lang: str | None = None


@dataclass(frozen=True)
class Place:
    """A group chat (and forum topic, if any) where a table lives."""

    platform: str
    chat_ext_id: str
    title: str
    thread_id: str | None = None


@dataclass(frozen=True)
class ActData:
    """A game button: the table, the state version it was drawn for and the action code.

    ``confirmed``: the second tap of the misclick guard (bot/state/drastic.py): the call is
    made without asking again.
    """

    table_id: int
    version: int
    code: str
    confirmed: bool = False


@dataclass(frozen=True)
class ExpandData:
    """A button that opens (``prefix``) or closes (empty prefix) a choice on the hand message."""

    table_id: int
    version: int
    prefix: str


LobbyOp = Literal["join", "leave", "start", "cancel", "opt", "stop", "bot", "unbot", "sit",
                  "seat", "rematch", "hand"]


@dataclass(frozen=True)
class LobbyData:
    """A lobby button: ``op`` and, for ``opt``, ``arg`` = ``key=value``; for ``sit`` (take or
    move to a seat of a pair game's lobby) ``arg`` is the seat number, 0-based. Two buttons
    around a match ride on it too: ``rematch`` under a finished match's result
    (bot/tables/rematch.py) and ``hand`` on a "your move" ping (bot/tables/ping.py)."""

    table_id: int
    op: LobbyOp
    arg: str = ""


RecordKind = Literal["pic", "deal", "export"]


@dataclass(frozen=True)
class RecordData:
    """A records button (bot/records/service.py): the sheet's picture (``pic``), the record of deal
    ``deal`` (the engine's deal number) or the match's export file (``export``)."""

    table_id: int
    kind: RecordKind
    deal: int = 0


@dataclass(frozen=True)
class Button:
    """One button: it carries game data, lobby data, records data, or opens a URL."""

    text: str
    data: ActData | ExpandData | LobbyData | RecordData | None = None
    url: str | None = None
    #: a setting rather than an action: a platform short of button rows (Discord: 5) may fold
    #: it into a choice menu first, keeping the actions (Join, Start, seats) as buttons
    foldable: bool = False


@dataclass(frozen=True)
class Screen:
    """A message to show: HTML text (Telegram's subset) and rows of buttons."""

    text: str
    buttons: tuple[tuple[Button, ...], ...] = field(default_factory=tuple)
    #: the platform id of a person the message is for (the player to move, on the table
    #: message): a platform that can mention him does (Discord); Telegram pings instead
    mention: str | None = None


@dataclass(frozen=True)
class Target:
    """Where a message goes: a group (``Place``) or a person's private chat."""

    chat_ext_id: str
    thread_id: str | None = None
    private: bool = False


class ChatMigrated(Exception):
    """The group moved to a new chat id (Telegram: upgraded to a supergroup); nothing was sent.

    Attributes:
        new_chat_ext_id: the chat's new id, as text.
    """

    def __init__(self, new_chat_ext_id: str) -> None:
        super().__init__(f"the chat moved to {new_chat_ext_id}")
        self.new_chat_ext_id = new_chat_ext_id


class Undeliverable(Exception):
    """The platform refuses to deliver to this person (never opened the bot, or blocked it),
    or to this group (the bot is not in it: removed, or the chat is gone)."""
