"""Crafted /start payloads and hostile command arguments: refused with a notice, nothing
seated, nothing refused by Telegram (no HTML broken), no ERROR logged."""

from __future__ import annotations

from typing import Any

from bot.tables.access import join_payload, join_tag
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_strangers import _open_lobby, _seated


def _refused(fake: FakeTelegram) -> list[str]:
    return [f"{c.method}: {c.response.get('description')}" for c in fake.calls()
            if c.status == 400]


async def test_crafted_start_payloads(fake: FakeTelegram, kozyr: Any,
                                      club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        _, table_id = await _open_lobby(fake, group, alice, app)
        secret = app.service.lobby.link_secret
        tag = join_tag(secret, table_id)
        good = join_payload(secret, table_id)
        other = join_tag(secret, table_id + 1)
        before = await _seated(app, table_id)
        mallory = fake.user(666, "Mallory")
        await fake.start_bot(mallory)
        for payload in ("join-", "join--", f"join-{table_id}-", f"join-{table_id}-{tag[:-1]}",
                        f"join-{table_id}-{tag.upper()}", f"join-0{table_id}-{other}",
                        f"join-{table_id + 1}-{tag}", f"join-{table_id}-0-{tag}x",
                        f"join-{table_id}--{tag}", f"join-{table_id}-1-2-{tag}",
                        f"join-{'9' * 18}-{tag}", f"join-{'9' * 30}-{tag}",
                        f"join-٣-{tag}", f"join-{table_id}-{tag} extra", good + "<b>",
                        "join_" + str(table_id), f"JOIN-{table_id}-{tag}"):
            mark = fake.mark()
            await fake.start_bot(mallory, payload=payload)
            # waited for, not settled: on a loaded machine the answer may come after a pause
            # longer than settle's quiet time
            await fake.wait_for(lambda f, m=mark: f.calls("sendMessage", since=m), 30,
                                what=f"an answer to {payload!r}")
        assert await _seated(app, table_id) == before
        # a signed link for a seat that does not exist, followed by a member of the group
        await fake.send_text(group, bob, "hello")
        await fake.start_bot(bob)
        mark = fake.mark()
        await fake.start_bot(bob, payload=join_payload(secret, table_id, 7))
        await fake.wait_for(lambda f: f.calls("sendMessage", since=mark), 30,
                            what="an answer to a link for a seat that does not exist")
        await fake.settle()
        said = [str(c.params.get("text")) for c in fake.calls("sendMessage", since=mark)]
        assert said and "button" not in said[0], said  # a link, not a button
        assert not _refused(fake), _refused(fake)


async def test_hostile_command_arguments(fake: FakeTelegram, kozyr: Any,
                                         club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    async with kozyr():
        await fake.start_bot(alice)
        for text in ("/new <b>x", "/new " + "a" * 3000, "/rules <i>&", "/lang <u>",
                     "/top <script>", "/stats @<b>", "/stats &amp;", "/export #<b>",
                     "/export #99999999999", "/export #-1", "/score <b>", "/history &",
                     "/leave", "/pause", "/resume", "/stop", "/new deberts\u202e",
                     "/new DEBERTS", "/start join-1-abc"):
            mark = fake.mark()
            await fake.send_text(group, alice, text)
            await fake.wait_for(lambda f, m=mark: f.calls(since=m), 30, what=f"a reply to {text!r}")
            await fake.settle()
        assert not _refused(fake), _refused(fake)
