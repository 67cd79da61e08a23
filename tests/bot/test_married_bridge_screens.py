"""What a Married bridge table reads (render tests, three languages): the lobby's player count,
the bidding line's words, the rules' summary of a failed contra. Each test names the rule ids
it checks."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.model import ActData, ExpandData
from bot.show.common import TableInfo, code_label
from bot.show.hand import render_hand
from bot.show.lobby import render_lobby
from bot.show.table import render_table

CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_says_two_players_not_two_to_two(lang: str) -> None:  # MB-DEAL-1 (two players)
    tr = CATALOGS.translator(lang)
    text = render_lobby(tr, table_id=1, game="married_bridge", names=["Anna"], options={},
                        choices={}, min_players=2, max_players=2).text
    assert "2–2" not in text and "2-2" not in text and "2" in text.splitlines()[-1]


def opened_auction(bid: str) -> tuple[engine.Match, int]:
    """A Married bridge match whose preliminary tricks are played and whose dealer opened with
    ``bid``; and the dealer's seat."""
    m = engine.get_game("married_bridge").new_match(players=2, seed=4)
    while m.public_view()["phase"] != "bidding":
        seat = m.to_move
        assert seat is not None
        m.apply(seat, sorted(m.legal_actions(seat))[0])
    opener = m.to_move
    assert opener is not None
    m.apply(opener, bid)
    return m, opener


@pytest.mark.parametrize("lang", LANGS)
def test_bidding_line_says_contra_in_lower_case(lang: str) -> None:  # MB-BID-3
    tr = CATALOGS.translator(lang)
    m, opener = opened_auction("bid:1:C")
    m.apply(1 - opener, "contra")
    info = TableInfo(1, 1, "married_bridge", "Club", ("Anna", "Boris"))
    line = next(x for x in render_table(tr, info, m.public_view()).text.splitlines()
                if x.startswith(tr("table.calls")))
    contra = {"ru": "контра", "uk": "контра", "en": "double"}[lang]  # English bridge says double
    assert line.endswith(f"{('Anna', 'Boris')[1 - opener]} {contra}"), line


@pytest.mark.parametrize("lang", LANGS)
def test_rules_say_who_pays_for_a_failed_contra(lang: str) -> None:  # MB-SCORE-3
    text = CATALOGS.translator(lang)("rules.married_bridge")
    assert "−50" in text
    made = {"ru": "выполнен", "uk": "виконане", "en": "made"}[lang]
    assert made in text.split("−50")[0].rsplit("\n", 1)[-1]


def _at_the_auction() -> engine.Match:
    m = engine.get_game("married_bridge").new_match(players=2, seed=5)
    while m.public_view().get("phase") != "bidding":  # the preliminary tricks
        seat = m.to_move
        assert seat is not None
        m.apply(seat, m.legal_actions(seat)[0])
    return m


def _keys(screen: Any) -> list[list[tuple[str, str | None]]]:
    """Each button's label and what it does: its action code, or the choice it opens."""
    return [[(b.text, b.data.code if isinstance(b.data, ActData) else
              b.data.prefix if isinstance(b.data, ExpandData) else None) for b in row]
            for row in screen.buttons]


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_is_chosen_level_first_then_strain(lang: str) -> None:  # MB-BID-1, MB-BID-2
    tr = CATALOGS.translator(lang)
    m = _at_the_auction()
    info = TableInfo(1, 1, "married_bridge", "Club", ("Anna", "Boris"))
    seat = m.to_move
    assert seat is not None
    codes = m.legal_actions(seat)
    assert len(codes) == 35  # the dealer opens: every bid, no pass
    levels = _keys(render_hand(tr, info, m.view(seat), codes))
    assert [k for row in levels for k in row] == [(f"{n} …", f"bid:{n}") for n in range(1, 8)]
    strains = _keys(render_hand(tr, info, m.view(seat), codes, expanded="bid:3"))
    assert strains[0] == [("3♣", "bid:3:C"), ("3♦", "bid:3:D"), ("3♥", "bid:3:H"),
                          ("3♠", "bid:3:S"), (code_label(tr, "bid:3:NT", m.view(seat)), "bid:3:NT")]
    assert strains[1] == [(tr("button.back"), "")]
    # the answer: the levels left, and contra and pass at once (one tap)
    m.apply(seat, "bid:3:H")
    other = m.to_move
    assert other is not None
    answer = _keys(render_hand(tr, info, m.view(other), m.legal_actions(other)))
    assert answer[0] == [(f"{n} …", f"bid:{n}") for n in range(3, 8)]
    assert [k[1] for row in answer[1:] for k in row] == ["contra", "pass"]
