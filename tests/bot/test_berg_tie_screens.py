"""A tied Berg deal tells why it is a tie (#18/#20), in the group's deal result and in the
terminal: a fifth turnover (BERG-TIE-1, BERG-TURNOVER-4), an exhausted stock (BERG-TIE-2/-3),
the bound of a deal (BERG-TIE-10). "Ничья, по 0,5" alone left the table guessing."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.events import render_event
from bot.terminal.text import Teller, plain
from tests.engine.berg_helpers import arrange, deck_for, new_match
from tests.kit.engine import act
from tests.kit.rare_deals import info_of

CATALOGS = Catalogs()

#: per cause: how the tie came, and words each language's reason must hold
TIES: dict[str, tuple[dict[str, Any], dict[str, str]]] = {
    "fifth_turnover": (
        {"pile": [(c, 1) for c in ("8S", "8H", "8D", "8C", "9S", "9H")], "turnovers": 4},
        {"ru": "пят", "uk": "п'ят", "en": "fifth"}),
    "exhausted": ({"pile": [("9S", 1)]},
                  {"ru": "одна верхняя карта", "uk": "лише верхня карта",
                   "en": "only its top card"}),
    "bound": ({"pile": [("9S", 1), ("9H", 2), ("9D", 3)], "turnovers": 50,
               "convention": "no_tie_one_deck"},
              {"ru": "50", "uk": "50", "en": "50"}),
}


def _tied(cause: str) -> tuple[engine.Match, dict[str, Any]]:
    how = dict(TIES[cause][0])
    m = new_match(deck_for({}, "9C"), tie_convention=how.pop("convention", "with_tie"))
    arrange(m, hands={0: ["KD"]}, stock=[], turn=0, rest_to=2, **how)
    scored = next(e for e in act(m, 0, "draw") if e["type"] == "deal_scored")
    assert scored["cause"] == cause
    return m, scored


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("cause", list(TIES))
def test_the_group_reads_why_the_deal_is_a_tie(lang: str, cause: str) -> None:
    m, scored = _tied(cause)
    tr = CATALOGS.translator(lang)
    info = info_of("berg", m)
    text = render_event(tr, info, scored, sheet_rows=m.score_sheet["rows"]) or ""
    lines = text.splitlines()
    assert tr("berg.note.tie").lower() in lines[0], lines  # "Раздача 1: ничья, по 0,5"
    why = tr.plural(f"berg.tie.{cause}", 50)  # BERG-TIE-10: 50 turnovers and exchanges
    assert why in lines[1] and TIES[cause][1][lang] in why, lines
    assert "BERG-" not in text and cause not in text and "_" not in text, text
    # the terminal tells the deal's end as the group reads it
    teller = Teller(tr, info, 0)
    told = plain(teller.event(scored, m.view(0), m.score_sheet) or "")
    assert why in told, told


@pytest.mark.parametrize("lang", LANGS)
def test_a_stored_tie_without_its_cause_still_reads(lang: str) -> None:
    # a match stored before the cause was kept: the result reads as it did
    m, scored = _tied("exhausted")
    tr = CATALOGS.translator(lang)
    old = {k: v for k, v in scored.items() if k != "cause"}
    text = render_event(tr, info_of("berg", m), old, sheet_rows=m.score_sheet["rows"]) or ""
    assert tr("berg.note.tie").lower() in text
    assert not any(tr.plural(f"berg.tie.{c}", 50) in text for c in TIES), text
