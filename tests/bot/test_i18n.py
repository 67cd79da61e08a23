"""Translation catalogs: complete in every language, and every key the code uses exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import LANGS, Catalogs

BOT = Path(__file__).resolve().parents[2] / "bot"


@pytest.fixture(scope="module")
def catalogs() -> Catalogs:
    return Catalogs()


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_key_is_translated(catalogs: Catalogs, lang: str) -> None:
    missing = catalogs.keys("en") - catalogs.keys(lang)
    assert not missing


def test_keys_used_in_code_exist(catalogs: Catalogs) -> None:
    used: set[str] = set()
    for path in BOT.rglob("*.py"):
        used |= set(re.findall(r"""\btr\(\s*["']([a-z_]+\.[a-zA-Z_.\-]+)["']""",
                               path.read_text()))
    assert used, "the scan found no keys: the pattern is broken"
    assert not used - catalogs.keys("en")


def test_placeholders_survive_translation(catalogs: Catalogs) -> None:
    for key in catalogs.keys("en"):
        want = set(re.findall(r"{(\w+)}", catalogs.t("en", key)))
        for lang in ("ru", "uk"):
            got = set(re.findall(r"{(\w+)}", catalogs.t(lang, key)))
            assert got == want, (lang, key)


def test_russian_bait_cell(catalogs: Catalogs) -> None:  # DB-SHEET-2 (Russian БТ)
    assert catalogs.t("ru", "cell.BT") == "БТ"


def test_no_key_defined_twice(catalogs: Catalogs) -> None:
    assert catalogs.duplicates == []
