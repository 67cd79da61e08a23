"""A Deberts deal result names the deal's trump: once it is posted, the table message below it
shows the next deal, so the result is the one place a player reads which suit was trumps when
he redoes the sum (render tests, three languages; found playing a whole match through the bot).
"""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.events import render_event
from engine import get_game

CATALOGS = Catalogs()
WORD = {"ru": "Козырь: ♥", "uk": "Козир: ♥", "en": "Trump: ♥"}


def _event(**extra: object) -> dict[str, object]:
    sides = [{"card_points": 51, "melds": 20, "bela": 0, "deal_points": 71, "written": 71,
              "cell": "71", "total": 71},
             {"card_points": 59, "melds": 0, "bela": 20, "deal_points": 79, "written": 79,
              "cell": "79", "total": 79}]
    return {"type": "deal_scored", "deal": 1, "declarer": 1, "outcome": "made",
            "sides": sides, "pot": 0, "pot_awarded": 0, **extra}


@pytest.mark.parametrize("lang", LANGS)
def test_the_deberts_deal_result_names_the_trump(lang: str) -> None:
    # DB-BID-5, DB-SCORE-2: Boris named hearts and made it; the result says hearts were trumps
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    text = render_event(tr, info, _event(trump="H"),
                        last_trick={"cards": [(1, "9C"), (0, "QD")], "winner": 1}) or ""
    lines = text.splitlines()
    assert WORD[lang] in lines, text
    # said before the players' lines, beside the declarer, as the table message has it
    assert lines.index(WORD[lang]) < next(i for i, x in enumerate(lines) if x.startswith("Anna:"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_result_stored_without_its_trump_reads_as_before(lang: str) -> None:
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    text = render_event(tr, info, _event()) or ""
    assert f"{tr('fact.trump')}:" not in text, text


def test_the_engine_says_the_trump_with_the_deal_result() -> None:
    # DB-BID-5: the suit named (or the up-card's) is the deal's trump, carried by deal_scored
    match = get_game("deberts").new_match(players=2, seed=3, options={"target": 301})
    named = None
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        codes = match.legal_actions(seat)
        code = next((c for c in codes if c == "take" or c.startswith("trump:")), codes[0])
        events = match.apply(seat, code)
        for event in events:
            data = event.to_dict()
            if data["type"] == "trump":
                named = data["suit"]
            if data["type"] == "deal_scored":
                assert data["trump"] == named and named is not None and named in "SHDC"
                return
    raise AssertionError("no deal was scored")
