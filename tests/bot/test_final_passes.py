"""What players read where the final new-player passes found words wrong (issue #18): Deberts'
rules in the reader's own words, the four-of-a-kind redeal named by its cards and confirmed
conditionally.
"""

from __future__ import annotations

import pytest

from bot.i18n import Catalogs

CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_deberts_rules_say_the_hanging_bait_without_latin(lang: str) -> None:  # DB-SCORE-6
    text = CATALOGS.translator(lang)("rules.deberts")
    assert "(vs)" not in text, text
    hangs = {"ru": "повисают и достаются", "uk": "повисають і дістаються"}[lang]
    assert hangs in text, text


@pytest.mark.parametrize(("lang", "cards"), [
    ("ru", "четыре семёрки или восьмёрки"), ("uk", "чотири сімки або вісімки"),
    ("en", "four 7s or four 8s")])
def test_the_redeal_button_names_the_cards(lang: str, cards: str) -> None:  # DB-REDEAL-2
    label = CATALOGS.translator(lang)("code.redeal")
    # Deberts has no four-of-a-kind melds (DB-MELD-3): the redeal is named by its cards
    assert cards in label and "рамки" not in label, label


@pytest.mark.parametrize(("lang", "first"), [
    ("ru", "Если подтвердите, "), ("uk", "Якщо підтвердите, "), ("en", "If you confirm, ")])
def test_the_redeal_confirmation_says_it_is_not_done_yet(lang: str, first: str) -> None:
    # asked before the redeal is made (DB-REDEAL-2): it must not read as done already
    assert CATALOGS.translator(lang)("confirm.why.redeal").startswith(first)

