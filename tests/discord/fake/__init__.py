"""A fake Discord: REST API over local HTTP, interactions through discord.py's gateway parser."""

from .gateway import FakeDiscord
from .models import FakeChannel, FakeInteraction, FakeMessage, FakeUser

__all__ = ["FakeChannel", "FakeDiscord", "FakeInteraction", "FakeMessage", "FakeUser"]
