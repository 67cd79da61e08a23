"""What a club reader found reading whole Married bridge matches through the bot (issue #20),
as render tests in ru, uk and en: the table and the result name the contract by one word, and
the defender's line says what he writes on the sheet, as the declarer's does."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import render_facts
from tests.kit.rare_deals import play

CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", LANGS)
def test_table_and_result_say_the_contract_alike(lang: str) -> None:  # MB-SCORE-8
    # seed 1, random moves: Boris makes 2♣; the table said "контракт 2♣", the result "заказ"
    deal = play("married_bridge", 2, seed=1, policy=lambda m, s, legal, rng: rng.choice(legal))
    tr = CATALOGS.translator(lang)
    result = deal.result(tr)
    facts = [{"key": "mb_contract", "value": "2♣", "kind": "text", "seat": 1}]
    table_line = render_facts(tr, deal.info, facts)[0]
    word = table_line.split("2♣")[0].replace("Boris", "").strip(": ").lower()
    assert word and word in result.splitlines()[0].lower(), (word, result)
    anna = next(x for x in result.splitlines() if x.startswith("Anna:"))
    assert f"· {tr('score.sheet')}: 0" in anna, anna

