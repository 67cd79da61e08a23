"""What a club player misread in whole matches of Married bridge and Berg played through the bot
(pass B), as render and engine tests in ru, uk and en: why a Berg deal was tied, and the move
that tied it."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import card_text
from bot.show.events import render_event
from tests.bot.test_berg_screens import INFO
from tests.engine.test_berg_examples import act, arrange, deck_for, new_match

CATALOGS = Catalogs()

#: A word of each tie's reason the result must say, per language (BERG-TIE-1, -2, -10)
TIE_WORDS = {
    "fifth_turnover": {"ru": "пятый переворот", "uk": "п'ятий переворот", "en": "fifth turnover"},
    "exhausted": {"ru": "колода кончилась", "uk": "колода скінчилася", "en": "stock ran out"},
    "bound": {"ru": "50", "uk": "50", "en": "50"},
}


def _tied(lang: str, reason: str, played: dict[str, object] | None) -> str:
    row = {"deal": 5, "note": "tie", "points": [0.5, 0.5], "cells": ["2.5", "0.5"]}
    event = {"type": "deal_scored", "deal": 5, "outcome": "tie", "reason": reason,
             "sides": [{"written": 0.5, "cell": "2.5"}, {"written": 0.5, "cell": "0.5"}]}
    text = render_event(CATALOGS.translator(lang), INFO, event, sheet_rows=[row], played=played)
    assert text
    return text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("reason", sorted(TIE_WORDS))
def test_tie_says_why(lang: str, reason: str) -> None:  # BERG-TIE-1, BERG-TIE-2, BERG-TIE-10
    # «Раздача 5: ничья, по 0,5» and nothing else: was the stock out, or a fifth turnover due?
    text = _tied(lang, reason, None)
    assert TIE_WORDS[reason][lang] in text.lower(), text
    assert "tie:" not in text and reason not in text, text  # no code


@pytest.mark.parametrize("lang", LANGS)
def test_tie_names_the_move_that_tied(lang: str) -> None:  # BERG-TIE-1, BERG-INFO-2
    # the ace that made the next player draw from an empty stock was never shown: the table
    # message went on to the next deal
    tr = CATALOGS.translator(lang)
    text = _tied(lang, "fifth_turnover", {"type": "play", "seat": 0, "card": "AD"})
    line = next(x for x in text.splitlines() if card_text("AD", tr) in x)
    assert INFO.names[0] in line, text


@pytest.mark.parametrize(("setup", "action", "reason"), [
    # BERG-EX-11 (a): a draw would need the fifth turnover
    ({"pile": [(c, 1) for c in ("8S", "8H", "8D", "8C", "9S", "9H")], "turnovers": 4},
     "draw", "fifth_turnover"),
    # BERG-EX-11 (b): nothing to turn over
    ({"pile": [("9S", 1)]}, "draw", "exhausted"),
])
def test_engine_tells_why_a_deal_was_tied(setup: dict[str, object], action: str,
                                          reason: str) -> None:  # BERG-TIE-1, BERG-TIE-2
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["KD"]}, stock=[], turn=0, rest_to=2, **setup)  # type: ignore[arg-type]
    evs = act(m, 0, action)
    at = next(i for i, e in enumerate(evs) if e["type"] == "deal_scored")
    assert evs[at]["outcome"] == "tie"
    assert evs[at + 1] == {"type": "deal_tied", "reason": reason}  # after the result it explains


@pytest.mark.parametrize("lang", LANGS)
def test_score_last_deal_says_why_it_was_tied(lang: str) -> None:  # BERG-TIE-1
    # /score's last deal reads the stored events: the reason follows the result there
    from bot.records.service import last_deal_text

    row = {"deal": 1, "note": "tie", "points": [0.5, 0.5], "cells": ["0.5", "0.5"]}
    events = [{"type": "deal", "deal": 1, "dealer": 3, "public": {}},
              {"type": "play", "seat": 0, "card": "AD"},
              {"type": "deal_scored", "deal": 1, "declarer": None, "outcome": "tie",
               "sides": [{"written": 0.5, "cell": "0.5"}, {"written": 0.5, "cell": "0.5"}]},
              {"type": "deal_tied", "reason": "fifth_turnover"}]
    text = last_deal_text(CATALOGS.translator(lang), INFO, events, [row])
    assert TIE_WORDS["fifth_turnover"][lang] in text.lower(), text


@pytest.mark.parametrize("lang", LANGS)
def test_rules_summary_promises_no_lobby_option_the_lobby_lacks(lang: str) -> None:
    # BERG-OPT-win-comparison, BERG-END-1: «/rules berg» said «по выбору в лобби — не меньше
    # высоты», but the lobby offers no such option: a club looked for it in vain
    import engine

    offered = {o.key for o in engine.get_game("berg").info.options if o.lobby}
    summary = CATALOGS.translator(lang)("rules.berg").lower()
    if "berg_win_comparison" not in offered:
        assert not any(w in summary for w in ("лобби", "лобі", "lobby")), summary


@pytest.mark.parametrize("lang", LANGS)
def test_deal_record_says_why_it_was_tied(lang: str) -> None:  # BERG-TIE-1
    # 📜 the deal record ends with the deal's result, told as the group was told it
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record

    row = {"deal": 1, "note": "tie", "points": [0.5, 0.5], "cells": ["0.5", "0.5"]}
    events = [{"type": "deal", "deal": 1, "dealer": 3, "public": {}},
              {"type": "play", "seat": 0, "card": "AD"},
              {"type": "deal_scored", "deal": 1, "declarer": None, "outcome": "tie",
               "sides": [{"written": 0.5, "cell": "0.5"}, {"written": 0.5, "cell": "0.5"}]},
              {"type": "deal_tied", "reason": "exhausted"}]
    tr = CATALOGS.translator(lang)
    text = render_deal_record(tr, INFO, DealRecord(1, [[], [], [], []], events), [row])
    assert TIE_WORDS["exhausted"][lang] in text.lower(), text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("reason", sorted(TIE_WORDS))
def test_terminal_tells_why_a_deal_was_tied(lang: str, reason: str) -> None:  # BERG-TIE-1
    # the terminal tells each event in turn: the reason after the result, never «deal tied»
    from bot.terminal.text import Teller

    teller = Teller(CATALOGS.translator(lang), INFO, 0)
    said = teller.event({"type": "deal_tied", "reason": reason}, {}, {"rows": []})
    assert said and TIE_WORDS[reason][lang] in said.lower() and "tied" not in said, said
