"""``python -m engine play`` after a new player's pass (issue #18): a pair's score and a bot's
numbered name stand apart from the number after them, an out-of-turn call is offered in one
sentence, the command said on leaving replays the very same game (its language too), the
player's own lines read as the other seats' do, his own draw always names its cards, and a seat
named after a preposition is said in a case-free form. Driven through stdin and stdout
(``Player``, tests/bot/test_terminal_play.py) or, for one event, through the terminal's
``Teller``."""

from __future__ import annotations

import re

import pytest

from bot.i18n import Catalogs
from bot.show.common import TableInfo
from bot.show.events import render_event
from bot.terminal.text import Teller, names_of, plain
from tests.bot.test_club_words import BAIT
from tests.bot.test_terminal_play import _play

#: The score line of the hand screen, then the deal's card points, in each language.
SCORE = {"ru": ("Счёт: Ю-С (Вы, 🤖 любитель №3): {a} · З-В (🤖 любитель №2, 🤖 любитель №4): {b}",
                "Очки за карты в раздаче: Ю-С: {a} · З-В: {b}"),
         "uk": ("Рахунок: Пд-Пн (Ви, 🤖 аматор №3): {a} · Зх-Сх (🤖 аматор №2, 🤖 аматор №4): {b}",
                "Очки за карти в роздачі: Пд-Пн: {a} · Зх-Сх: {b}"),
         "en": ("Score: NS (You, 🤖 normal #3): {a} · EW (🤖 normal #2, 🤖 normal #4): {b}",
                "Card points this deal: NS: {a} · EW: {b}")}


def _lines(out: str, template: str) -> tuple[list[str], re.Pattern[str]]:
    """The lines of ``out`` starting with ``template``'s label, and the pattern they must
    match (``{a}``, ``{b}``: any score)."""
    label = template.split(":")[0] + ":"
    pattern = re.escape(template).replace(re.escape("{a}"), r"\d+").replace(re.escape("{b}"),
                                                                            r"\d+")
    return [line for line in out.splitlines() if line.startswith(label)], re.compile(pattern)


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_pairs_score_stands_apart_from_its_bots_numbers(lang: str) -> None:  # BB-SCORE
    out = _play(["bazar_belot", "--seed", "5"], lang, limit=80)[1]
    for template in SCORE[lang]:
        lines, pattern = _lines(out, template)
        assert lines and all(pattern.fullmatch(line) for line in lines), lines[:3]


@pytest.mark.parametrize(("lang", "once", "twice"), [
    ("ru", "Ход: 🤖 любитель №3. Но вы можете заявить сейчас", "⏳ Ходит 🤖 любитель №3"),
    ("uk", "Хід: 🤖 аматор №3. Але ви можете заявити зараз", "⏳ Ходить 🤖 аматор №3"),
    ("en", "🤖 normal #3 is to move, but you may call now", "⏳ 🤖 normal #3 is to move")])
def test_a_call_out_of_turn_is_offered_once(lang: str, once: str, twice: str) -> None:
    out = _play(["bazar_belot", "--seed", "5"], lang, limit=40)[1]
    assert once in out, out[-2000:]
    assert twice not in out, out[out.index(twice) - 300:][:600]


@pytest.mark.parametrize(("lang", "mine", "theirs", "old"), [
    ("ru", "Вы: объявление — ", "🤖 любитель: объявление — ", "Вы объявили"),
    ("uk", "Ви: оголошення — ", "🤖 аматор: оголошення — ", "Ви оголосили"),
    ("en", "You: declared ", "🤖 normal: declared ", "You declared")])
def test_declarations_read_alike_for_every_seat(lang: str, mine: str, theirs: str,
                                                old: str) -> None:  # DB-MELD-5
    out = _play(["deberts", "--seed", "5"], lang, limit=30)[1]
    lines = out.splitlines()
    assert any(line.startswith(mine) for line in lines), out[-1500:]
    assert any(line.startswith(theirs) for line in lines), out[-1500:]
    assert old not in out


@pytest.mark.parametrize(("lang", "draw"), [("ru", "Вы берёте из колоды "),
                                            ("uk", "Ви берете з колоди "),
                                            ("en", "You take ")])
def test_the_players_own_draw_names_its_cards(lang: str, draw: str) -> None:  # BERG-DEAL-5
    # the up-card makes him draw as the deal begins (seed 16: a 7, then an ace in deal 4)
    # (a forced draw is told with the card that made it: "7♣ (🤖 …): вы берёте 2 карты
    # (К♥ 8♠) и пропускаете ход.", tests/bot/test_terminal_berg_effects.py)
    out = _play(["berg", "--seed", "16"], lang, limit=40)[1]
    forced = ": " + draw[:1].lower() + draw[1:].split(" ")[0] + " " + draw.split(" ")[1]
    drawn = [line for line in out.splitlines() if line.startswith(draw) or forced in line]
    assert len(drawn) >= 3, out[:1500]
    assert all(re.search(r": \S+(?: \S+)*\.$", line) if line.startswith(draw)
               else re.search(r" \(\S+(?: \S+)*\) ", line) for line in drawn), drawn
    # never another seat's cards: a bot's draw says how many only
    stock = {"ru": "из колоды", "uk": "з колоди", "en": "from the stock"}[lang]
    theirs = [line for line in out.splitlines() if line.startswith("🤖") and stock in line]
    assert theirs and not [line for line in theirs if ":" in line], theirs


@pytest.mark.parametrize(("lang", "goes"), [("ru", "очки уходят: Вы"),
                                            ("uk", "очки йдуть: Ви"),
                                            ("en", "points go to You")])
def test_a_bait_names_its_taker_in_a_case_free_form(lang: str, goes: str) -> None:  # DB-SCORE-3
    # the bot failed its contract: its points go to the player, named as the terminal names him
    tr = Catalogs().translator(lang)
    names = names_of(tr, 2, 1, "normal")  # the bot at the first seat took the deal on
    text = render_event(tr, TableInfo(0, 0, "deberts", "", names, ((0,), (1,)), me=1), BAIT)
    assert text is not None
    bot = next(line for line in text.splitlines() if line.startswith(names[0] + ":"))
    assert bot.split(" · ")[1] == goes, text


@pytest.mark.parametrize(("lang", "told"), [
    ("ru", "Джокеры показаны — 🤖 любитель №2: на руке чёрный джокер; у вас на руке красный "
           "джокер."),
    ("uk", "Джокери показано — 🤖 аматор №2: на руці чорний джокер; у вас на руці червоний "
           "джокер."),
    ("en", "Jokers shown — 🤖 normal #2 holds the black joker; you hold the red joker.")])
def test_jokers_shown_read_as_one_sentence(lang: str, told: str) -> None:  # BERG-DECL-2
    # the player's own joker is told mid-sentence, after the dash: no capital there
    tr = Catalogs().translator(lang)
    names = names_of(tr, 4, 0, "normal")
    teller = Teller(tr, TableInfo(0, 0, "berg", "", names, ((0, 2), (1, 3)), me=0), 0)
    event = {"type": "jokers_shown", "jokers": [[1, "BJ"], [0, "RJ"]], "seats": [1, 0]}
    assert plain(teller.event(event, {}, {"rows": []}) or "") == told


@pytest.mark.parametrize(("lang", "bot"), [("ru", "🤖 любитель №"), ("en", "🤖 normal #")])
def test_a_bots_number_never_runs_into_a_card_or_a_bid(lang: str, bot: str) -> None:
    # «Торговля: 🤖 любитель №2 8♠, 🤖 любитель №3 9♠» read as bids 28♠ and 39♠
    out = _play(["bazar_belot", "--seed", "7"], lang, limit=60)[1]
    assert re.search(re.escape(bot) + r"\d: \d", out), out[-2000:]
    glued = re.findall(re.escape(bot) + r"\d \d\S*", out)
    assert not glued, glued[:5]


#: A numbered bot's name right before a card (a trick's line): "🤖 любитель №4 Т♣" read as
#: well as "🤖 любитель №2 7♣" only beside its neighbours' "№2: 7♣", so each takes the colon.
_NAME_THEN_CARD = re.compile(r"[№#]\d (?=(?:10|[2-9]|[^\W\d_])[♠♥♦♣])")


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_numbered_name_takes_its_colon_before_any_card(lang: str) -> None:  # BB-PLAY
    out = _play(["bazar_belot", "--seed", "5"], lang, limit=80)[1]
    tricks = [line for line in out.splitlines() if re.search(r"[№#]\d: (10|[2-9])[♠♥♦♣]", line)]
    assert tricks, out[-2000:]  # a card with a number after a numbered name: the colon
    bare = [line for line in out.splitlines() if _NAME_THEN_CARD.search(line)]
    assert not bare, bare[:3]


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "20 или 5 (произвольная) — или любая другая высота больше 0, с шагом 0,5"),
    ("uk", "20 або 5 (довільна) — або будь-яка інша висота понад 0, з кроком 0,5"),
    ("en", "20 or 5 (by agreement) — or any other height above 0, in steps of 0.5")])
def test_the_berg_height_lists_any_height(lang: str, said: str) -> None:  # BERG-OPT-height
    # "20 or 5 (by agreement)" read as the only two heights a club may agree on; the engine
    # takes any height above 0 in steps of 0.5, and the terminal plays it
    line = next(x for x in _play(["berg", "--list-options"], lang)[1].splitlines()
                if x.startswith("  berg_height"))
    assert line.endswith(said), line
    code, out, _ = _play(["berg", "--option", "berg_height=7.5", "--seed", "1"], lang, limit=10)
    assert code == 0 and "--option berg_height=7.5" in out, out[:600]


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "Высота берга: 7,5"), ("uk", "Висота бергу: 7,5"), ("en", "Berg height: 7.5")])
def test_a_half_point_height_reads_in_the_languages_decimals(lang: str, said: str) -> None:
    # BERG-OPT-height, BERG-SCORE-7: «Высота берга: 7.5» beside «Счёт игры: 0,0»
    out = _play(["berg", "--option", "berg_height=7.5", "--seed", "1"], lang, limit=10)[1]
    heights = [x for x in out.splitlines() if x.startswith(said.split(":")[0] + ":")]
    assert heights and all(x == said for x in heights), heights[:2]
