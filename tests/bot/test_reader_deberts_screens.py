"""What a club reader found reading whole Deberts matches through the bot (issue #20), as
render tests in ru, uk and en: a comparison winner who took no trick is told why his melds
count nothing."""

from __future__ import annotations

import random

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import code_label
from tests.bot.test_rare_deals_screens import _lines
from tests.kit.rare_deals import NAMES, Deal, play

CATALOGS = Catalogs()


def _melds_lost() -> Deal:
    # three players, seed 3: every seat declares its best melds, the rest is random; deal 1:
    # Boris wins the comparison with 20 and takes no trick
    def policy(m: object, seat: int, legal: list[str], rng: random.Random) -> str:
        return "declare:best" if "declare:best" in legal else rng.choice(legal)
    return play("deberts", 3, seed=3, policy=policy,  # type: ignore[arg-type]
                until=lambda e: any(s.get("melds_lost") for s in e["sides"]))


@pytest.mark.parametrize("lang", LANGS)
def test_melds_without_a_trick_say_why_they_count_nothing(lang: str) -> None:  # DB-MELD-8
    deal = _melds_lost()
    seat = next(i for i, s in enumerate(deal.scored["sides"]) if s.get("melds_lost"))
    side = deal.scored["sides"][seat]
    assert side["melds"] == 0
    tr = CATALOGS.translator(lang)
    line = _lines(deal.result(tr), f"{NAMES[seat]}:")[0]
    assert tr("score.melds_lost", n=side["melds_lost"]) in line, line
    assert str(side["melds_lost"]) in line and f"= <b>{side['deal_points']}</b>" in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_meld_names_are_written_alike(lang: str) -> None:  # DB-MELD-2
    # "«пятьдесят»" in quotes beside a plain "терц", in texts and on the buttons
    tr = CATALOGS.translator(lang)
    quotes = "«»\"“”"
    view = {"game": "deberts", "groups": {}, "facts": [],
            "private": [{"key": "best_meld", "value": "fifty", "kind": "text"}]}
    label = code_label(tr, "declare:best", view)
    assert tr("val.fifty") in label, label
    for text in (tr("val.terz"), tr("val.fifty"), label):
        assert not any(q in text for q in quotes), text
    rules = tr("rules.deberts")
    assert f"{tr('val.terz')} 20, {tr('val.fifty')} 50" in rules, rules
