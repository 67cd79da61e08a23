"""``python -m engine play`` in plain sentences (issue #20, a new player's pass): the end of the
game says how to deal it again as a command to run, a bad answer says which numbers to choose,
the screens' heading carries no "seed", and no fact about the player reads "You: ...". Driven
through stdin and stdout (``Player``, tests/bot/test_terminal_play.py)."""

from __future__ import annotations

import pytest

from tests.bot.test_terminal_play import _play, _readable

BYE = {"en": "You left the game. To play it again with the same cards, run: {cmd}",
       "ru": "Вы вышли из игры. Чтобы сыграть её ещё раз с теми же картами, запустите: {cmd}",
       "uk": "Ви вийшли з гри. Щоб зіграти її ще раз з тими самими картами, запустіть: {cmd}"}
TWO = {"en": "Choose 1 or 2 (or type help).", "ru": "Выберите 1 или 2 (или наберите «помощь»).",
       "uk": "Виберіть 1 або 2 (або наберіть «допомога»)."}
MANY = {"en": "Choose a number from 1 to {n} (or type help).",
        "ru": "Выберите число от 1 до {n} (или наберите «помощь»).",
        "uk": "Виберіть число від 1 до {n} (або наберіть «допомога»)."}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_leaving_says_the_command_that_deals_the_game_again(lang: str) -> None:
    code, out, _ = _play(["bazar_belot", "--seed", "2", "--level", "easy"], lang,
                         script=("q",))
    assert code == 0
    # the language is part of it: the same command plays the same game in the same words
    cmd = f"python -m engine play bazar_belot --lang {lang} --seed 2 --level easy"
    assert out.rstrip().endswith(BYE[lang].format(cmd=cmd)), out[-300:]
    # the first lines say the same command; a seat, players and options are part of it
    out = _play(["deberts", "--seed", "4", "--seat", "2", "--players", "3", "--option",
                 "target=301"], lang, script=("q",))[1]
    cmd = (f"python -m engine play deberts --lang {lang} --seed 4 --players 3 --seat 2 "
           "--option target=301")
    assert out.rstrip().endswith(BYE[lang].format(cmd=cmd)), out[-300:]
    assert out.count(cmd) == 2


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_bad_answer_names_the_numbers_to_choose(lang: str) -> None:
    out = _play(["deberts", "--seed", "4"], lang, script=("xyz", "q"))[1]
    assert TWO[lang] in out, out  # pass or play: two choices
    out = _play(["married_bridge", "--seed", "9"], lang, script=("99", "q"))[1]
    assert MANY[lang].format(n=13) in out, out


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
@pytest.mark.parametrize("game", ["bazar_belot", "deberts", "married_bridge"])
def test_no_line_reads_like_a_form(lang: str, game: str) -> None:
    # "🃏 Deberts · seed 5 · deal 1", "You: tricks needed 7"; a declaration is said as every
    # seat's is, next to the bots' ("🤖 easy: declared terz", issue #18)
    code, out, _ = _play([game, "--seed", "5", "--level", "easy"], lang)
    assert code == 0
    _readable(out)
    you = {"en": "You: ", "ru": "Вы: ", "uk": "Ви: "}[lang]
    alike = you + {"en": "declared ", "ru": "объявление — ", "uk": "оголошення — "}[lang]
    facts = [line for line in out.splitlines() if line.startswith(you) and " · " not in line
             and not line.startswith(alike)]
    assert not facts, facts[:5]  # a deal's result ("You: cards 40 = 4 · on the sheet: 4") is not
    seed = {"en": "seed", "ru": "сид", "uk": "сід"}[lang]
    assert not [line for line in out.splitlines() if line.startswith("🃏") and seed in line]


@pytest.mark.parametrize(("lang", "told"), [
    ("en", "You had nothing to declare, so nothing was declared for you."),
    ("ru", "Объявлять вам было нечего, поэтому за вас сделано «без объявления»."),
    ("uk", "Оголошувати вам було нічого, тому за вас зроблено «без оголошення».")])
def test_a_declaration_made_for_the_player_is_said(lang: str, told: str) -> None:  # DB-MELD-5
    out = _play(["deberts", "--seed", "3", "--level", "easy"], lang)[1]
    assert told in out.splitlines()
