"""A Moscow claim ends the match in the deal in play (DB-MOS-15): the group is told who claimed
and how his sum is made, the result says "wins by claim" (DB-SHEET-5), and the table names the
deal that was in play though the sheet gives it no row (render tests, three languages)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.events import render_event
from bot.show.sheet import result_line
from bot.show.table import render_table
from tests.engine.deberts_ref import with_state

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
CLAIMS = {"ru": "Anna заявляет, что очков хватает: {b} + {p} в этой раздаче = {t}.",
          "uk": "Anna заявляє, що очок вистачає: {b} + {p} у цій роздачі = {t}.",
          "en": "Anna claims the match: {b} + {p} in this deal = {t}."}
BY_CLAIM = {"ru": "Итог: побеждает Anna по заявке ({b} + {p} в неоконченной раздаче) — {t} : ",
            "uk": "Підсумок: перемагає Anna за заявкою ({b} + {p} у незакінченій роздачі) — {t} : ",
            "en": "Result: Anna wins by claim ({b} + {p} in the unfinished deal) — {t} : "}
DEAL = {"ru": "раздача {n}", "uk": "роздача {n}", "en": "deal {n}"}


def _claimed() -> tuple[engine.Match, dict[str, Any]]:
    """A Moscow match to 501 where Anna (seat 0) stood at 495 and claimed after a trick she
    won; the claim event."""
    for seed in range(100):
        m = engine.get_game("deberts").new_match(players=2, seed=seed,
                                                 options={"ruleset": "moscow"})
        m = with_state(m, totals=[495, 100])
        rng = random.Random(seed)
        for _ in range(60):
            seat = m.to_move
            if seat is None:
                break
            codes = m.legal_actions(seat)
            if seat == 0 and "claim" in codes:
                events = [e.to_dict() for e in m.apply(0, "claim")]
                return m, next(e for e in events if e["type"] == "claim")
            m.apply(seat, rng.choice([c for c in codes if c not in ("claim", "pass")] or codes))
    raise AssertionError("no deal where Anna could claim")


@pytest.mark.parametrize("lang", LANGS)
def test_the_group_is_told_who_claimed_and_his_sum(lang: str) -> None:  # DB-MOS-15
    tr = CATALOGS.translator(lang)
    _, claim = _claimed()
    text = render_event(tr, INFO, claim) or ""
    assert CLAIMS[lang].format(b=495, p=claim["points"], t=claim["total"]) in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_result_says_wins_by_claim(lang: str) -> None:  # DB-SHEET-5
    # «побеждает Anna по заявке — 318» under a sheet whose total is 288: the line says how
    # the figure the sheet has no row for is made
    tr = CATALOGS.translator(lang)
    m, claim = _claimed()
    sheet = m.score_sheet
    assert sheet["totals"][0] == 495  # the deal in play gets no row
    assert BY_CLAIM[lang].format(b=495, p=claim["points"], t=claim["total"]) in result_line(
        tr, INFO, sheet), result_line(tr, INFO, sheet)


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_names_the_deal_in_play(lang: str) -> None:  # DB-SHEET-5
    tr = CATALOGS.translator(lang)
    m, _ = _claimed()
    header = render_table(tr, INFO, m.public_view()).text.splitlines()[0]
    assert header.endswith(DEAL[lang].format(n=len(m.score_sheet["rows"]) + 1)), header


@pytest.mark.parametrize("lang", LANGS)
def test_a_one_deal_game_signs_its_totals_as_its_result(lang: str) -> None:  # DB-SHORT-6
    # "Result: Alice −1 · Bob +1" above "Totals: Alice −1 · Bob 1"
    from bot.show.sheet import totals_line

    tr = CATALOGS.translator(lang)
    sheet = {"sides": [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}],
             "rows": [{"deal": 1, "cells": ["-1", "+1"], "points": [-1, 1], "note": ""}],
             "totals": [-1, 1], "pot": 0,
             "result": {"winner": None, "line": "Result: A -1, B +1", "score": [-1, 1]}}
    assert "Boris +1" in result_line(tr, INFO, sheet)
    assert "Boris +1" in totals_line(tr, INFO, sheet), totals_line(tr, INFO, sheet)
