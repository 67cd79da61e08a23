"""BB-SHEET-4 as /score prints it, in every language: after the last row both pairs' current
totals, by the pair names the table uses; at the match's end the winner is named too."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, side_names
from bot.show.sheet import render_sheet
from tests.kit.bazar_play import low_move

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "bazar_belot", "Club", ("Anna", "Boris", "Vera", "Gleb"),
                 sides=((0, 2), (1, 3)))
TOTALS = {"ru": "Итого", "uk": "Разом", "en": "Totals"}
WINS = {"ru": "побеждают", "uk": "перемагають", "en": "win"}


def _played(deals: int | None) -> engine.Match:
    """Seed 7 played low: ``deals`` deals scored, or the whole match (None)."""
    m = engine.get_game("bazar_belot").new_match(players=4, seed=7)
    rng = random.Random(7)
    while not m.is_over and (deals is None or len(m.score_sheet["rows"]) < deals):
        m.apply(*low_move(m, rng))
    return m


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deals", [2, None])
def test_sheet_ends_with_both_totals_and_the_winner(lang: str, deals: int | None) -> None:
    # BB-SHEET-4
    tr = CATALOGS.translator(lang)
    m = _played(deals)
    text = render_sheet(tr, INFO, m.score_sheet)
    lines = text.replace("</pre>", "\n").splitlines()
    names = side_names(tr, INFO, m.public_view(), players=True)
    totals = next(i for i, x in enumerate(lines) if x.startswith(TOTALS[lang]))
    last_row = max(i for i, x in enumerate(lines) if x.split(" ")[0].isdigit())
    assert totals == last_row + 1, text
    for name, total in zip(names, m.score_sheet["totals"], strict=True):
        assert f"{name} {total}" in lines[totals], text
    winner = [x for x in lines if WINS[lang] in x]
    if deals is None:
        won = max(range(2), key=lambda i: m.score_sheet["totals"][i])
        assert winner and all(p in winner[0] for p in names[won].split(", ")), text
    else:
        assert not winner, text
