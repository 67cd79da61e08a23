"""A Bazar-Belot meld is told once in the table message (issue #18): its declaration while
trick 1 is played, then, once the melds are compared and shown, one line per scoring player
with the meld's kind, its cards and its points, not the declaration, the comparison, the points
and the shown cards each again. Render tests in every language, on a real match."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, card_text
from bot.show.hand import render_hand
from bot.show.table import render_table
from tests.kit.bazar_play import low_move

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "bazar_belot", "Club", ("Anna", "Boris", "Vera", "Gleb"),
                 sides=((0, 2), (1, 3)))


def _after_trick_one(seed: int = 7) -> engine.Match:
    """Seed 7 played low until trick 1 is complete: Anna declared a terz, Vera a berz, the
    others nothing; Vera's berz is the senior meld and both show theirs (auto_show). Seed 34:
    Gleb shows four aces and a terz A♣ K♣ Q♣, the ace of clubs in both (BB-MELD-3)."""
    m = engine.get_game("bazar_belot").new_match(players=4, seed=seed)
    rng = random.Random(seed)
    while True:
        seat, code = low_move(m, rng)
        if any(e.to_dict()["type"] == "melds_shown" for e in m.apply(seat, code)):
            return m


@pytest.mark.parametrize("lang", LANGS)
def test_each_meld_is_told_once_after_trick_one(lang: str) -> None:  # BB-MELD-4, BB-MELD-7
    tr = CATALOGS.translator(lang)
    m = _after_trick_one()
    text = render_table(tr, INFO, m.public_view()).text
    terz, berz = tr("val.terz"), tr("val.berz")
    assert text.count(terz) == 1 and text.count(berz) == 1, text
    # the declarations have been told as they were made; the comparison is in the lines
    assert tr("fact.meld_winner") not in text, text
    lines = text.splitlines()
    vera = next(x for x in lines if x.startswith("Vera:"))
    assert berz in vera and "(5)" in vera, vera
    # her cards on her meld's line, once
    shown = [c["card"] for c in m.public_view()["groups"]["shown_melds"] if c["seat"] == 2]
    assert " ".join(card_text(c, tr) for c in shown) in vera, vera
    assert text.count(card_text(shown[0], tr)) == 1 + sum(
        card_text(shown[0], tr) in x for x in lines if x.startswith(tr("group.last_trick"))), text


@pytest.mark.parametrize("lang", LANGS)
def test_his_own_meld_is_told_once_in_his_hand(lang: str) -> None:  # BB-MELD-4, BB-MELD-7
    tr = CATALOGS.translator(lang)
    m = _after_trick_one()
    berz = tr("val.berz")
    after = render_hand(tr, INFO, m.view(2), m.legal_actions(2)).text
    assert after.count(berz) == 1, after
    # while trick 1 is played: his declaration with its points, once
    m = engine.get_game("bazar_belot").new_match(players=4, seed=7)
    m.apply(0, "bid:8:S")
    for seat in (1, 2, 3):
        m.apply(seat, "pass")
    m.apply(0, "pass")  # the last word: 8♠ stands, Anna leads
    seat = m.to_move
    assert seat == 0
    m.apply(0, "declare:best")
    told = m.public_view()["facts"]
    kind = next(f["value"] for f in told if f["key"] == "declaration" and f.get("seat") == 0)
    word = tr(f"val.{kind}")
    text = render_hand(tr, INFO, m.view(0), m.legal_actions(0)).text
    assert text.count(word) == 1, text


@pytest.mark.parametrize("lang", LANGS)
def test_each_shown_meld_has_its_own_cards_and_points(lang: str) -> None:
    # BB-MELD-3, BB-MELD-6: «Глеб: рамки тузов, терц Т♠ Т♥ Т♦ Т♣ К♣ Д♣ (13)» read as a terz
    # of two cards; each meld is told with all its cards and its own value, then the sum
    tr = CATALOGS.translator(lang)
    text = render_table(tr, INFO, _after_trick_one(34).public_view()).text
    gleb = next(x for x in text.splitlines() if x.startswith("Gleb:"))
    aces = " ".join(card_text(c, tr) for c in ("AS", "AH", "AD", "AC"))
    terz = " ".join(card_text(c, tr) for c in ("AC", "KC", "QC"))
    assert f"{tr('val.four_aces')} {aces} 11 + {tr('val.terz')} {terz} 2 (13)" in gleb, gleb
