"""The ``Messenger`` protocol: all the bot core knows of a platform (docs/design.md "Layers")."""

from __future__ import annotations

from typing import Protocol

from bot.model import Person, Place, Screen, Target


class Messenger(Protocol):
    """Sends and edits messages on one platform. Implemented by each platform adapter."""

    platform: str

    async def send(self, target: Target, screen: Screen) -> str:
        """Post ``screen``; return the new message's id.

        Raises:
            Undeliverable: the person cannot be messaged (private targets only).
            ChatMigrated: the group moved to a new id (Telegram: upgraded to a supergroup).
        """
        ...

    async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
        """Replace a message's text and buttons; return its id (a new one if it was re-posted).

        "Not modified" counts as success. Raises ``Undeliverable`` like ``send``.
        """
        ...

    async def send_photo(self, target: Target, image: bytes, caption: Screen) -> str:
        """Post a PNG picture with ``caption`` (HTML text of at most 1024 characters, and
        buttons, as in ``send``); return the new message's id. Raises like ``send``."""
        ...

    async def send_document(self, target: Target, data: bytes, filename: str,
                            caption: Screen) -> str:
        """Post a file named ``filename`` (e.g. ``kozyr-12.json``) with ``caption`` (as in
        ``send_photo``); return the new message's id. Raises like ``send``."""
        ...

    async def delete(self, target: Target, message_id: str) -> bool:
        """Delete a message of the bot's; False (never an error) when it cannot be deleted."""
        ...

    async def is_admin(self, place: Place, person: Person) -> bool:
        """True when ``person`` administers the chat of ``place``."""
        ...

    async def is_member(self, place: Place, person: Person) -> bool:
        """True when ``person`` is in the chat of ``place`` (a private chat: is its owner);
        False when he is not or the platform cannot tell (an error refuses, never raises)."""
        ...

    def deep_link(self, payload: str) -> str | None:
        """A URL opening a private chat with the bot carrying ``payload``; None if none exists."""
        ...
