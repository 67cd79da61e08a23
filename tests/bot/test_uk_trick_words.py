"""Ukrainian Deberts and Bazar-Belot screens say «взятка» (feminine) on every trick line, as
Married bridge's do and as the same lines' «— взятку бере …» already did: «Попередній взяток:
Аня 7♠, 🤖 Т♠ — взятку бере 🤖» mixed two genders in one line; and they spell the failed
contract «байт», as its mark БТ and the explanations beside it do («без байду» stood next to
«байт — штраф» in one lobby line). Found playing a whole Deberts match in Ukrainian."""

from __future__ import annotations

import pytest

from bot.i18n import Catalogs
from bot.show.common import TableInfo, group
from bot.show.events import render_event

UK = Catalogs().translator("uk")
CARDS = [{"card": "7S", "seat": 0}, {"card": "AS", "seat": 1}]
FACTS = [{"key": "last_trick_winner", "value": 1, "kind": "seat"}]


@pytest.mark.parametrize("game", ["deberts", "bazar_belot"])
def test_the_trick_lines_say_vziatka(game: str) -> None:
    info = TableInfo(1, 1, game, "Club", ("Anna", "Boris", "Vera", "Gleb")[
        :2 if game == "deberts" else 4])
    for name, start in (("trick", "Взятка: "), ("last_trick", "Попередня взятка: ")):
        line = group(UK, info, name, CARDS, "play", FACTS)
        assert line.startswith(start) and "взяток" not in line, line


def test_the_deal_result_says_the_last_trick_in_one_gender() -> None:
    # BEL-LAST-1, BEL-LAST-2: «Остання взятка: … (+10)», «карти 72 (у т. ч. остання взятка 10)»
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    sides = [{"card_points": p, "melds": 0, "bela": 0, "deal_points": p, "written": p,
              "cell": str(p), "total": p} for p in (90, 72)]
    text = render_event(UK, info, {"type": "deal_scored", "deal": 1, "declarer": 0,
                                   "outcome": "made", "sides": sides},
                        last_trick={"cards": [(0, "7S"), (1, "AS")], "winner": 1}) or ""
    assert "Остання взятка: " in text and "остання взятка 10" in text, text
    assert "взяток" not in text, text
    assert UK("score.melds_lost", n=20).endswith("жодної взятки")
    assert UK("score.tricks") == "взяток"  # «взяток 5»: the plural's genitive, as "5 взяток"


def test_the_failed_contract_is_spelled_bait_as_its_mark() -> None:
    words = [UK(key) for key in ("val.bait", "val.hanging")]
    words += [UK(f"{kind}.{f}") for kind in ("optval.format", "val")
              for f in ("short_no_bait", "short_bait")]
    rules = UK("rules.deberts")
    for text in [*words, rules]:
        assert "байд" not in text, text
    assert "байт" in UK("val.bait") and "байт" in rules
    assert "Пд-Пн проти Зх-Сх" in UK("rules.bazar_belot")
