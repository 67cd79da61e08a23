"""A joker held in Berg is said one way on every screen (issue #20, a new player's pass): the
table's and the hand's line, the terminal's "you" and the dobor's event that shows the jokers
("Anna: holds red joker" beside "Jokers shown: Anna red joker" read as two things). Render
tests in three languages (BERG-DECL-2: the dobor shows every held joker)."""

from __future__ import annotations

import pytest

from bot.i18n import Catalogs
from bot.show.common import TableInfo, render_facts
from bot.terminal.text import Teller

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
HELD = {"en": ("Boris holds the red joker", "You hold the black joker"),
        "ru": ("Boris: на руке красный джокер", "У вас на руке чёрный джокер"),
        "uk": ("Boris: на руці червоний джокер", "У вас на руці чорний джокер")}
NONE = {"en": "Nobody holds a joker.", "ru": "Джокеров ни у кого на руках нет.",
        "uk": "Джокерів ні в кого на руках немає."}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_held_joker_reads_the_same_on_every_screen(lang: str) -> None:
    tr = CATALOGS.translator(lang)
    facts = [{"key": "joker_shown", "value": "RJ", "kind": "card", "seat": 1},
             {"key": "joker_shown", "value": "BJ", "kind": "card", "seat": 0}]
    boris, mine = HELD[lang]
    table = TableInfo(1, 1, "berg", "Club", NAMES)
    assert render_facts(tr, table, facts[:1]) == [boris]
    me = TableInfo(1, 1, "berg", "", ("You", *NAMES[1:]), me=0)
    assert render_facts(tr, me, facts) == [boris, mine]
    teller = Teller(tr, me, 0)
    view = {"game": "berg", "groups": {}, "facts": []}
    said = teller.event({"type": "jokers_shown", "jokers": [[1, "RJ"], [0, "BJ"]]}, view, {})
    # the same words; his own mid-sentence, after the dash, without its capital (issue #18)
    assert said is not None and boris in said and mine[:1].lower() + mine[1:] in said, said
    nobody = teller.event({"type": "jokers_shown", "jokers": []}, view, {})
    assert nobody == NONE[lang]


#: Both jokers in one hand, said once for their holder (issue #18): «у вас на руке красный
#: джокер; у вас на руке чёрный джокер» named the holder twice in one sentence, and the
#: screens gave him two lines.
BOTH = {"en": ("Boris holds the red joker and black joker",
               "You hold the red joker and black joker"),
        "ru": ("Boris: на руке красный джокер и чёрный джокер",
               "У вас на руке красный джокер и чёрный джокер"),
        "uk": ("Boris: на руці червоний джокер і чорний джокер",
               "У вас на руці червоний джокер і чорний джокер")}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
@pytest.mark.parametrize("holder", [0, 1])
def test_both_jokers_in_one_hand_name_their_holder_once(lang: str, holder: int) -> None:
    # BERG-DECL-2: the dobor shows every held joker, here both in one hand
    tr = CATALOGS.translator(lang)
    facts = [{"key": "joker_shown", "value": c, "kind": "card", "seat": holder}
             for c in ("RJ", "BJ")]
    me = TableInfo(1, 1, "berg", "", ("You", *NAMES[1:]), me=0)
    line = BOTH[lang][holder == 0]
    assert render_facts(tr, me, facts) == [line]
    teller = Teller(tr, me, 0)
    view = {"game": "berg", "groups": {}, "facts": []}
    said = teller.event({"type": "jokers_shown", "jokers": [[holder, "RJ"], [holder, "BJ"]]},
                        view, {})
    told = line[:1].lower() + line[1:] if holder == 0 else line
    assert said == tr("term.ev.jokers_shown", jokers=told), said
