"""The Telegram adapter (aiogram 3): routers, callback data, messenger."""
