"""The sheet of a one-deal Deberts game for stakes sums stakes, not points: its totals line
read «Всего очков: Аня +1 · Борис −1» (DB-SHORT-6; render tests, three languages; found
playing a one-deal game through the bot)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.sheet import totals_line
from engine import get_game

CATALOGS = Catalogs()
STAKES = {"ru": "Ставки: ", "uk": "Ставки: ", "en": "Stakes: "}
#: the result line's word: the totals line must not read like it (a sheet shows both)
RESULT = {"ru": "Итог", "uk": "Підсумок", "en": "Result"}


def _sheet(**options: object) -> dict[str, object]:
    """The score sheet of a Deberts match played out: the first player takes the up-card's
    suit (DB-BID-1), then each makes his first legal move."""
    match = get_game("deberts").new_match(players=2, seed=4, options=options)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        codes = match.legal_actions(seat)
        match.apply(seat, "take" if "take" in codes else codes[0])
    return dict(match.score_sheet)


@pytest.mark.parametrize("lang", LANGS)
def test_the_totals_of_a_game_for_stakes_say_stakes(lang: str) -> None:
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    line = totals_line(tr, info, _sheet(format="short_no_bait"))
    assert line.startswith(STAKES[lang]) and "+1" in line, line
    assert not line.startswith(RESULT[lang]), line
    assert tr("sheet.totals", totals="").rstrip(": ") not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_to_a_target_keeps_its_points_totals(lang: str) -> None:
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    line = totals_line(tr, info, _sheet(target=301))
    assert line.startswith(tr("sheet.totals", totals="")) and "+" not in line, line
