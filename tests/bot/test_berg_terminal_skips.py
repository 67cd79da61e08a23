"""The terminal says why a Berg player misses his turn and takes cards (#18/#20): the card
that did it, as the group's table says it («7♦ (Anna): Boris берёт 2 карты и пропускает
ход», BERG-TURN-1, BERG-EFF-1..4, BERG-EFF-6, BERG-DEAL-5); «Вы пропускаете ход» alone did
not say it. The human's own forced draw still names the cards it brought."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import card_text
from bot.terminal.text import Teller, plain
from tests.bot.test_terminal_play import _play, _readable
from tests.engine.berg_helpers import arrange, deck_for, new_match
from tests.kit.engine import act
from tests.kit.rare_deals import NAMES, info_of

CATALOGS = Catalogs()
YOU = {"ru": "Вы", "uk": "Ви", "en": "You"}


def _told(lang: str, me: int, card: str, got: tuple[str, ...] = ()) -> list[str]:
    """What the terminal of seat ``me`` says of Anna's ``card`` on 9♦ (seat 1 is hit)."""
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: [card, "KD"], 1: ["8S"], 2: ["8H"], 3: ["8C"]}, pile=[("9D", 3)],
            turn=0)
    tr = CATALOGS.translator(lang)
    info = info_of("berg", m)
    names = tuple(YOU[lang] if s == me else n for s, n in enumerate(NAMES))
    info = replace(info, names=names, me=me)
    teller = Teller(tr, info, me)
    evs = act(m, 0, f"play:{card}")
    out = []
    for e in evs:
        own = e["type"] == "drew" and e.get("seat") == me
        text = teller.event(e, m.view(me), m.score_sheet, cards=teller._cards(got) if own else "")
        out += [plain(before) for before in teller.told_before()]
        if text:
            out.append(plain(text))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_another_seat_takes_cards_because_of_the_card(lang: str) -> None:  # BERG-EFF-2
    tr = CATALOGS.translator(lang)
    said = _told(lang, 2, "7D")
    seven = card_text("7D", tr)
    takes = tr.plural("berg.move.takes", 2, name="Boris")  # the group's own words
    assert said[-1] == f"{seven} (Anna): {takes}.", said
    # the draw is told once, in that sentence
    assert not any(tr.plural("term.ev.drew", 2, name="Boris") in s for s in said), said


@pytest.mark.parametrize("lang", LANGS)
def test_you_take_cards_because_of_the_card(lang: str) -> None:  # BERG-EFF-2, BERG-EFF-6
    tr = CATALOGS.translator(lang)
    said = _told(lang, 1, "7D", got=("5S", "JD"))
    last = said[-1]
    assert last.startswith(f"{card_text('7D', tr)} (Anna): "), said
    assert card_text("5S", tr) in last and card_text("JD", tr) in last, said  # what came
    takes, skips = {"ru": ("вы берёте 2 карты", "пропускаете ход"),
                    "uk": ("ви берете 2 карти", "пропускаєте хід"),
                    "en": ("you take 2 cards", "miss a turn")}[lang]
    assert takes in last and skips in last, said
    assert len(said) == 2, said  # the card played, then what it did: no second draw line


@pytest.mark.parametrize("lang", LANGS)
def test_a_skip_without_cards_names_the_card(lang: str) -> None:  # BERG-EFF-1
    tr = CATALOGS.translator(lang)
    mine = _told(lang, 1, "5D")[-1]
    skipped = tr("term.ev.skipped.you")
    assert mine == f"{card_text('5D', tr)} (Anna): {skipped[:1].lower()}{skipped[1:]}", mine
    theirs = _told(lang, 2, "5D")[-1]
    assert theirs == f"{card_text('5D', tr)} (Anna): " \
                     f"{tr('berg.move.skipped', name='Boris')}.", theirs


def test_a_whole_match_says_what_made_each_skip() -> None:  # BERG-TURN-1, BERG-DEAL-5
    code, out, _ = _play(["berg", "--seed", "1", "--level", "easy",
                          "--option", "berg_height=2"], "ru")
    assert code == 0
    _readable(out)
    lines = out.splitlines()
    skips = [x for x in lines if "пропуска" in x and not x.startswith(("•", "  "))]
    assert skips
    for line in skips:  # each says the card before the colon: «5♥ (Вы): …», «Вскрышка 5♥: …»
        assert re.match(r"(Вскрышка \S+|.+ \(.+\)): ", line), line
    assert "Вскрышка 5♥: вы пропускаете ход." in lines
    assert not any(x.startswith(("Вы пропускаете", "Вы берёте из колоды 2")) for x in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_a_joker_starting_the_line_has_a_capital(lang: str) -> None:  # BERG-EFF-4
    tr = CATALOGS.translator(lang)
    joker = card_text("RJ", tr)
    said = _told(lang, 2, "RJ")[-1]
    assert said.startswith(f"{joker[:1].upper()}{joker[1:]} (Anna): "), said


@pytest.mark.parametrize(("lang", "pile"), [("ru", "Стопка"), ("uk", "Стос")])
def test_the_turnover_names_the_pile_as_the_table_does(lang: str, pile: str) -> None:
    # BERG-TURNOVER-1: the table says «Сверху на стопке», the turnover said «Отбой»
    tr = CATALOGS.translator(lang)
    assert tr("term.ev.turnover").startswith(pile)
    assert pile.lower()[:3] in tr("fact.berg.pile").lower()
