"""Berg in the terminal: why a seat draws or misses its turn, and who went out (issue #18 item 6).

A whole match is played through the program's stdin and stdout (``tests/bot/test_terminal_play``'s
scripted player). "Вы берёте из колоды 1 карту: К♥. Вы пропускаете ход." after a bot's ace gave no
reason: the forced draws and the skip are the effect of the card on top (BERG-EFF-1..4, the
up-card's too, BERG-DEAL-5), and the group's table says so ("Т♠ (Борис): Вера берёт 1 карту и
пропускает ход"); the terminal says it in one sentence, the card first.
"""

from __future__ import annotations

import re

import pytest

from tests.bot.test_terminal_play import _play, _readable

SKIP = {"ru": "пропускае", "uk": "пропускає", "en": "miss"}
#: What a line telling a skip starts with: the card on top and its player, or the up-card.
CAUSE = {"ru": r"^(Вскрышка \S+|[А-ЯA-Z0-9][^:]* \([^)]+\)): ",
         "uk": r"^(Відкрита карта \S+|[А-ЯІЇЄA-Z0-9][^:]* \([^)]+\)): ",
         "en": r"^(Up-card \S+|[A-Z0-9][^:]* \([^)]+\)): "}
YOU_TAKE = {"ru": r": вы берёте (1 карту|[234] карты|\d+ карт) \(([^)]+)\) и пропускаете ход\.$",
            "uk": r": ви берете (1 карту|[234] карти|\d+ карт) \(([^)]+)\) і пропускаєте хід\.$",
            "en": r": you take (1 card|\d+ cards) \(([^)]+)\) and miss a turn\.$"}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_draw_and_a_skip_say_the_card_that_made_them(lang: str) -> None:
    # BERG-EFF-1..4, BERG-EFF-6, BERG-TURN-3, BERG-DEAL-5
    code, out, _ = _play(["berg", "--seed", "1", "--level", "easy",
                          "--option", "berg_height=5"], lang)
    assert code == 0
    _readable(out)
    told = [line for line in out.splitlines()
            if SKIP[lang] in line.lower() and not line.startswith(("  ", "⚠"))]
    assert told, out[-2000:]
    for line in told:  # every skip names its card, and the draws it brought are in it
        assert re.match(CAUSE[lang], line), line  # a sentence: a capital first
    mine = [m for line in told if (m := re.search(YOU_TAKE[lang], line))]
    assert mine, "\n".join(told)
    for m in mine:  # the cards he drew are named, as many as he drew
        n = int(m.group(1).split()[0])
        assert len(m.group(2).split(" ")) >= n, m.group(0)
    # a forced draw is no longer a sentence of its own before the skip
    alone = {"ru": r"\n[^\n]*берёт из колоды[^\n]*\n[^\n]*пропускает ход",
             "uk": r"\n[^\n]*бере з колоди[^\n]*\n[^\n]*пропускає хід",
             "en": r"\n[^\n]*takes? [^\n]*from the stock[^\n]*\n[^\n]*misses a turn"}[lang]
    assert not re.search(alone, out), re.search(alone, out)
