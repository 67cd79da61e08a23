"""Every command with hostile arguments (the minus sign U+2212, other scripts' digits, HTML,
NUL-like controls, RTL marks, a bot's name, 4000 characters), in the group during a Married
bridge auction and in private: no update fails (the e2e fixture fails the test on a logged
ERROR), no Bot API call is refused for the text kozyr wrote, the game is where it was."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import current_match
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile4.test_auction_pages import _calls, _refused_calls, _to_the_auction

COMMANDS = ("new", "stop", "leave", "pause", "resume", "score", "stats", "top", "history",
            "export", "rules", "lang", "notify", "confirm", "tables", "help", "start")
ARGS = ("\u22121", "−5 −0,5", "٣", "³", "１２", "<b>x", "&amp;", "\u200f\u202eabc", "\u0007",
        "@kozyr_test_bot", "married_bridge rubber=−1", "deberts target=\u2212501",
        "x" * 4000, "🃏" * 300, "2e308", "-0", "9" * 40)


async def test_hostile_arguments_to_every_command(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        table_id, user, other, _ = await _to_the_auction(fake, app, group, alice, bob)
        version = (await current_match(app, table_id)).public_view()
        for command in COMMANDS:
            for arg in ARGS:
                if command in ("stop", "leave", "pause") and not arg.startswith("@"):
                    continue  # these act on the table whatever follows: not garbage to them
                await fake.send_text(group, other, f"/{command} {arg}")
                await fake.send_text(fake.private(user), user, f"/{command} {arg}")
            await fake.settle()
        await fake.settle()
        assert await _calls(app, table_id) == []
        assert (await current_match(app, table_id)).public_view()["phase"] == version["phase"]
        assert not _refused_calls(fake), _refused_calls(fake)[:3]
