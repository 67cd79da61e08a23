"""Berg's own words on its screens (issues #18, #20), as render tests in ru, uk and en: one word
for a deal and one for the match in every Berg text, a declaration line with one colon and the
right number, the lobby's options explained in plain words, and the jack's and queen's orders
named the same way on buttons, in the hand, on the table and in the deal record."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.deals import berg_note
from tests.bot.test_berg_screens import INFO

CATALOGS = Catalogs()


def _berg_keys(lang: str) -> list[str]:
    """Every key of a Berg text: the game's catalog and the ``<key>.berg`` variants of shared
    texts (bot/show/common.py ``game_text``)."""
    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES_DIR

    with (LOCALES_DIR / lang / "LC_MESSAGES" / "berg.po").open("rb") as fh:
        own = [str(m.id) for m in read_po(fh, locale=lang) if m.id]
    return own + [k for k in CATALOGS.keys(lang) if k.endswith(".berg")]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_deal_is_a_razdacha_and_the_match_a_game(lang: str) -> None:
    # BERG-DECL-4, BERG-DECL-12, BERG-INS-6 (glossary: deal, match): «добор — один раз за
    # партию» beside «Раздача 3» and «Игра окончена» left a reader guessing whether партия was
    # the deal or the match; Berg's screens say раздача for a deal and игра for the match
    tr = CATALOGS.translator(lang)
    word = {"ru": "парти", "uk": "парті"}[lang]
    used = {k: tr(k) for k in _berg_keys(lang) if word in tr(k).lower()}
    assert not used, used
    deal = {"ru": "раздач", "uk": "роздач"}[lang]
    for key in ("rule.BERG-DECL-4", "rule.BERG-DECL-12", "rule.BERG-INS-6"):
        assert deal in tr(key), (key, tr(key))
    match = {"ru": "игр", "uk": "гр"}[lang]
    assert match in tr("stats.details.berg", deals=3, avg="1,5"), tr("stats.details.berg")


@pytest.mark.parametrize("lang", LANGS)
def test_opened_hand_line_has_one_colon_and_the_right_number(lang: str) -> None:
    # BERG-DECL-10, BERG-SCORE-7: «Борис (2+4): открыли карты: Вера −0,5» had a second colon;
    # one opponent's hand is said in the singular, both opponents' in the plural
    tr = CATALOGS.translator(lang)
    one = berg_note(tr, INFO, "1-3 open:2 -0.5")
    both = berg_note(tr, INFO, "1-3 open:both -1.0")
    assert one.count(":") == 1 and both.count(":") == 1, (one, both)
    assert "Vera" in one, one
    single = {"ru": "соперника (Vera)", "uk": "суперника (Vera)",
              "en": "an opponent's hand (Vera)"}[lang]
    plural = {"ru": "обоих соперников", "uk": "обох суперників",
              "en": "both opponents' hands"}[lang]
    assert single in one and plural in both, (one, both)
