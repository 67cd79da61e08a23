"""End-to-end tests driving the real aiogram stack against a fake Bot API server."""
