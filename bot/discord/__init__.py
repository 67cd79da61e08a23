"""The Discord adapter (discord.py 2): slash commands, persistent buttons, messenger."""

import warnings

with warnings.catch_warnings():
    # discord.py's voice support imports the standard library's audioop, deprecated since
    # Python 3.11; kozyr has no voice, and the warning is not ours to fix.
    warnings.filterwarnings("ignore", message="'audioop' is deprecated",
                            category=DeprecationWarning)
    import discord  # noqa: F401
