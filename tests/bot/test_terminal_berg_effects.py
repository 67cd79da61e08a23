"""Berg in the terminal: why a seat draws or misses its turn, and who went out (issue #18 item 6).

A whole match is played through the program's stdin and stdout (``tests/bot/test_terminal_play``'s
scripted player). "Вы берёте из колоды 1 карту: К♥. Вы пропускаете ход." after a bot's ace gave no
reason: the forced draws and the skip are the effect of the card on top (BERG-EFF-1..4, the
up-card's too, BERG-DEAL-5), and the group's table says so ("Т♠ (Борис): Вера берёт 1 карту и
пропускает ход"); the terminal says it in one sentence, the card first.
"""

from __future__ import annotations

import io
import re

import pytest

from bot.terminal.cli import main as play_main
from tests.bot.test_terminal_play import OUT_OF_TURN, _play, _readable

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


class Plays(io.TextIOBase):
    """A player who plays his cards and never declares: on his turn the first card, draw or
    pass offered (a label without a price in brackets), out of turn Enter."""

    def __init__(self, out: io.StringIO, lang: str) -> None:
        self.out, self.lang = out, lang

    def readline(self, size: int | None = -1) -> str:
        screen = self.out.getvalue()[-1500:].split("\n🃏 ")[-1]
        if OUT_OF_TURN[self.lang] in screen:
            return "\n"
        moves = re.findall(r"(\d+)\) ([^(\n]+?)(?=   \d+\)|\n|$)", screen)
        return next((n for n, label in moves if "(" not in label), "1") + "\n"


def _match(seed: str, lang: str) -> str:
    """What ``Plays`` read in a whole match (berg to 5, easy bots)."""
    out = io.StringIO()
    code = play_main(["berg", "--seed", seed, "--level", "easy", "--option", "berg_height=5",
                      "--lang", lang], Plays(out, lang), out)
    assert code == 0
    return out.getvalue()


#: A deal's headline when a pair went out, and the line naming who did it and with which card.
WON = {"ru": r"Раздача \d+: вышла пара", "uk": r"Роздача \d+: вийшла пара",
       "en": r"Deal \d+: [Pp]air .+ went out"}
WENT_OUT = {"ru": (r"^🤖 [^:]+ выходит: \S+", r"^Вы выходите: \S+"),
            "uk": (r"^🤖 [^:]+ виходить: \S+", r"^Ви виходите: \S+"),
            "en": (r"^🤖 [^:]+ goes out: \S+", r"^You go out: \S+")}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_deal_result_says_who_went_out_as_the_group_reads_it(lang: str) -> None:
    # BERG-SCORE-1: the group's result names the player who went out and his card ("Gleb goes
    # out: J♠"); the terminal's named only the pair, by its captain
    seen = {"🤖": 0, "you": 0}
    for seed in ("1", "2", "3"):
        out = _match(seed, lang)
        lines = out.splitlines()
        heads = [i for i, line in enumerate(lines) if re.match(WON[lang], line)]
        assert heads, out[-1500:]
        for i in heads:
            theirs, mine = WENT_OUT[lang]
            said = lines[i + 1]
            assert re.match(theirs, said) or re.match(mine, said), lines[i:i + 3]
            seen["you" if re.match(mine, said) else "🤖"] += 1
    assert seen["🤖"] and seen["you"], seen


HEAD = {"ru": r"Раздача \d+: ", "uk": r"Роздача \d+: ", "en": r"Deal \d+: "}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_forced_draw_that_ends_the_deal_is_its_own_line(lang: str) -> None:
    # BERG-TIE: the fifth turnover, needed by a forced draw, ends the deal before the skip;
    # the draw was glued to the result: "🤖 easy #3 takes 2 cards from the stock. Deal 1: a
    # tie, 0.5 each", with no card said to have made it
    for seed in ("1", "3"):
        lines = _match(seed, lang).splitlines()
        glued = [line for line in lines if re.search(r"\S " + HEAD[lang], line)]
        assert not glued, glued
        heads = [i for i, line in enumerate(lines) if re.match(HEAD[lang], line)]
        before = [lines[i - 2] for i in heads if not lines[i - 1] and lines[i - 2]]
        draws = [line for line in before if re.search(r"\d+ (карт|card)", line)]
        assert draws, before  # the deal ended on a forced draw: said after its card
        assert all(re.match(CAUSE[lang], line) for line in draws), draws


DREW = {"ru": r"^Вы берёте из колоды 1 карту: (.+)\.$",
        "uk": r"^Ви берете з колоди 1 карту: (.+)\.$",
        "en": r"^You take 1 card from the stock: (.+)\.$"}
SHOWN = {"ru": "Вы взяли: ", "uk": "Ви взяли: ", "en": "You drew: "}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_card_drawn_is_told_once(lang: str) -> None:  # BERG-DRAW-1
    # «Вы берёте из колоды 1 карту: 5♦.» and, right under it, the hand's «Вы взяли: 5♦»
    text = _match("2", lang)
    lines = text.splitlines()
    drawn = [i for i, line in enumerate(lines) if re.match(DREW[lang], line)]
    assert drawn, text[-1500:]
    for i in drawn:
        screen = "\n".join(lines[i + 1:]).split("\n▶")[0]
        assert SHOWN[lang] not in screen, screen


TIE = {"ru": r"Раздача \d+: ничья", "uk": r"Роздача \d+: нічия", "en": r"Deal \d+: a tie"}
WHY_TIE = {"ru": ("пятый переворот", "Колода кончилась", "это предел"),
           "uk": ("п'ятий переворот", "Колода скінчилася", "це межа"),
           "en": ("A fifth turnover", "The stock ran out", "the limit")}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_tie_says_why_the_deal_ended(lang: str) -> None:  # BERG-TIE-1, BERG-TIE-2
    # «Раздача 1: ничья, по 0,5» said nothing of the fifth turnover that ended it
    said = []
    for seed in ("1", "3"):
        lines = _match(seed, lang).splitlines()
        # the reason follows the result within its next lines (the engine's deal_tied event)
        said += ["\n".join(lines[i + 1:i + 5]) for i, line in enumerate(lines)
                 if re.match(TIE[lang], line)]
    assert said
    assert all(any(why in line for why in WHY_TIE[lang]) for line in said), said
