"""/lang in a private chat with garbage, and the private replies' language it sets."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser

GARBAGE = ("klingon", "ru; DROP TABLE chat", "<b>en</b>", "x" * 3000, "🇺🇦", "en ru", "../uk")


async def test_lang_garbage_in_private_answers_in_the_players_language(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING L1 (minor, a wrong language): /help, /start, /notify answered Olena (her app
    # speaks Ukrainian) in Ukrainian, but '/lang <garbage>' in the same private chat told her
    # its usage in the server's default language (set_lang read the chat's language only)
    olena = fake.user(104, "Olena", language_code="uk")
    async with kozyr():
        await fake.start_bot(olena)
        await fake.wait_for_message(olena, text_contains="kozyr")
        for junk in GARBAGE:
            await fake.send_text(fake.private(olena), olena, f"/lang {junk}")
            said = await fake.wait_for_message(olena, text_contains="/lang")
            assert said.visible_text.startswith("Як змінити мову"), said.visible_text
        await fake.settle()
        refused = [x for x in fake.calls() if x.status == 400]
        assert not refused, refused


async def test_private_lang_beats_the_app_and_the_group(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    olena = fake.user(104, "Olena", language_code="uk")
    async with kozyr():
        await fake.send_text(group, alice, "/lang ru")
        await fake.wait_for_message(group, text_contains="русск", after=0)
        await fake.start_bot(olena)
        await fake.wait_for_message(olena, text_contains="kozyr")
        await fake.send_text(fake.private(olena), olena, "/lang EN")
        await fake.wait_for_message(olena, text_contains="English")
        await fake.send_text(fake.private(olena), olena, "/help")
        said = await fake.wait_for_message(olena, text_contains="/new")
        assert "Привіт" not in said.visible_text and "Привет" not in said.visible_text
    async with kozyr():  # kept across a restart; the group's language is its own
        await fake.send_text(fake.private(olena), olena, "/notify")
        said = await fake.wait_for_message(olena, text_contains="🔕")
        assert "switched off" in said.visible_text, said.visible_text
        await fake.send_text(group, alice, "/help")
        said = await fake.wait_for_message(group, text_contains="/new")
        assert any(ch in said.visible_text for ch in "иы"), said.visible_text


async def test_start_after_lang_in_private(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING L2 (minor, a wrong language): Olena (app in Ukrainian) chose English with /lang
    # in her private chat; /help answered in English but /start greeted her in Ukrainian
    # (private_start asked Kit.reply_tr without her private chat)
    olena = fake.user(104, "Olena", language_code="uk")
    async with kozyr():
        await fake.start_bot(olena)
        said = await fake.wait_for_message(olena, text_contains="kozyr")
        assert said.visible_text.startswith("Привіт!"), said.visible_text
        await fake.send_text(fake.private(olena), olena, "/lang en")
        await fake.wait_for_message(olena, text_contains="English")
        await fake.start_bot(olena)
        said = await fake.wait_for_message(olena, text_contains="kozyr")
        assert not said.visible_text.startswith("Привіт!"), said.visible_text
