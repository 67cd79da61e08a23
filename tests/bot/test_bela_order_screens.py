"""A bela is said in the play, after every declaration of the first turns, and the table
message reads it there, as the hand message does (Deberts DB-MELD-9, DB-MELD-5; render tests
in every language, on a real match: the table read «Борис: бела 20» above both declarations)."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.hand import render_hand
from bot.show.table import render_table

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))


def _bela_after_declaring() -> engine.Match:
    """Seed 0, a bela taken whenever it is open: Boris says it in trick 2, after both
    declared nothing at their first turns."""
    m = engine.get_game("deberts").new_match(players=2, seed=0)
    rng = random.Random(0)
    while True:
        seat = m.to_move
        assert seat is not None
        codes = m.legal_actions(seat)
        bela = [c for c in codes if "bela" in c]
        m.apply(seat, bela[0] if bela else rng.choice([c for c in codes if c != "pass"]
                                                      or codes))
        if bela:
            return m


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_reads_the_bela_after_the_declarations(lang: str) -> None:  # DB-MELD-9
    tr = CATALOGS.translator(lang)
    m = _bela_after_declaring()
    table = render_table(tr, INFO, m.public_view()).text.splitlines()
    hand = render_hand(tr, INFO, m.view(0), m.legal_actions(0)).text.splitlines()
    for lines in (table, hand):
        bela = next(i for i, x in enumerate(lines) if x.startswith("Boris:") and "20" in x)
        declared = [i for i, x in enumerate(lines) if x.startswith(("Anna:", "Boris:"))
                    and i != bela]
        assert len(declared) == 2 and max(declared) < bela, lines
