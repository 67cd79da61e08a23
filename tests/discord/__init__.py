"""End-to-end tests of the Discord adapter against a fake Discord (no network)."""

import bot.discord  # noqa: F401  (imports discord.py quietly first: see its docstring)
