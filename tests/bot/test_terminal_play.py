"""``python -m engine play``: a whole match of each game in the terminal, in words.

The program is driven through its stdin and stdout: ``Player`` is a scripted player that reads
what the program printed and answers as a newcomer would (the first move offered; Enter when a
call out of turn is offered, or the first call when told to take it). One run goes through a
real subprocess (``python -m engine play``); the others call the same ``main`` with in-memory
streams. The assertions are on what a player reads: the bot's labels, "You", sentences, the
deal results and the score sheet, and never a dict, an action code or a 0-based seat.
"""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.terminal.cli import main as play_main
from engine.terminal import main as engine_main

ROOT = Path(__file__).resolve().parents[2]
#: What a player must never read: a dict, an action code, an engine seat index, a raw key.
RAW = re.compile(r"\{['\"]|['\"]\}|\b(?:play|bid|declare|order|frame|draw|dave):[A-Z0-9]"
                 r"|\bseat \d|\bterm\.|\bcode\.|\bval\.|\bfact\.")
OUT_OF_TURN = {"en": "press Enter to let the game go on", "ru": "нажмите Enter, чтобы игра",
               "uk": "натисніть Enter, щоб гра"}
CONFIRM = {"en": ("Type y for yes", "y"), "ru": ("Наберите «д», если да", "д"),
           "uk": ("Наберіть «т», якщо так", "т")}


class Player(io.TextIOBase):
    """A scripted player at the keyboard: answers each prompt by what the screen above it
    says. ``script`` lines are typed first (commands, garbage, chosen numbers); then the first
    move offered on his turn, and out of turn Enter (or ``1`` with ``calls``, confirmed with
    the language's yes word)."""

    def __init__(self, out: io.StringIO, lang: str = "en", *, script: tuple[str, ...] = (),
                 calls: bool = False, limit: int = 20_000) -> None:
        self.out, self.lang, self.script, self.calls = out, lang, list(script), calls
        self.limit = limit
        self.asked = 0
        self.out_of_turn = 0

    def readline(self, size: int | None = -1) -> str:
        self.asked += 1
        if self.asked > self.limit:
            return ""  # the end of the input: the program must stop cleanly
        if self.script:
            return self.script.pop(0) + "\n"
        screen = self.out.getvalue()[-600:]
        question, yes = CONFIRM[self.lang]
        if question in screen.rsplit("\n", 2)[-2]:
            return yes + "\n"
        if OUT_OF_TURN[self.lang] in screen.rsplit("\n", 2)[-2]:
            self.out_of_turn += 1
            return "1\n" if self.calls else "\n"
        return "1\n"


def _play(argv: list[str], lang: str = "en", **kwargs: object) -> tuple[int, str, Player]:
    out = io.StringIO()
    player = Player(out, lang, **kwargs)  # type: ignore[arg-type]
    code = play_main([*argv, "--lang", lang], player, out)
    return code, out.getvalue(), player


def _readable(out: str) -> None:
    bad = RAW.search(out)
    assert bad is None, out[max(0, bad.start() - 300):bad.end() + 100]


def test_deberts_whole_match_in_russian() -> None:  # DB-SHEET-5
    code, out, _ = _play(["deberts", "--seed", "3", "--level", "easy"], "ru")
    assert code == 0
    _readable(out)
    assert "Места: 1. Вы, 2. 🤖 новичок." in out
    assert "запустите: python -m engine play deberts --lang ru --seed 3 --level easy" in out
    assert "▶ Ваш ход" in out and "  1) " in out
    assert "Вы говорите: пас." in out  # calls said as their buttons read, in a sentence
    assert re.search(r"🤖 новичок говорит: (играю|козырь) [♠♥♦♣]\.", out)
    assert re.search(r"🤖 новичок (ходит|говорит)", out)
    assert "Раздача 1: " in out  # the deal's result as the group reads it
    assert "Последняя взятка: " in out
    assert re.search(r"🏆 Итог: (вы выиграли|побеждает 🤖 новичок — \d+ : \d+)", out)
    assert "Всего очков: Вы " in out  # the score sheet at the end


def test_bazar_belot_whole_match_with_two_step_bids() -> None:  # BB-BID-2, BB-BID-13
    code, out, player = _play(["bazar_belot", "--seed", "2", "--level", "easy"])
    assert code == 0
    _readable(out)
    assert "Seats: 1. You, 2. 🤖 easy #2, 3. 🤖 easy #3, 4. 🤖 easy #4." in out
    assert "Your partner: 🤖 easy #3." in out
    # the higher levels of a strain open a page of its bids (the first screen: the next eight)
    assert re.search(r"\d+\) \d+♣ and up…", out)
    assert "You say: 8♣." in out  # the first bid offered, in the bot's label
    # kapo on one hand was on his own menu: his own bid does not bring it back out of turn
    assert OUT_OF_TURN["en"] not in out.split("You say: 8♣.")[1].split("🤖 easy #2 says")[0]
    assert player.out_of_turn > 0  # contra / kapo on one hand offered out of turn
    assert "wait" not in out.lower()
    assert re.search(r"Deal 1: (NS|EW) contract .+ — (made|failed)", out)
    assert "🏆 Result: " in out and "Totals: NS (You, 🤖 easy #3)" in out


def test_berg_whole_match_in_ukrainian() -> None:  # BERG-DECL-1, BERG-END-3
    code, out, player = _play(["berg", "--seed", "1", "--level", "easy",
                               "--option", "berg_height=5"], "uk")
    assert code == 0
    _readable(out)
    assert "Місця: 1. Ви, 2. 🤖 новачок №2, 3. 🤖 новачок №3, 4. 🤖 новачок №4." in out
    # his draw names the cards it brought (issue #18: told after a skip, "Вам прийшло")
    assert re.search(r"Ви берете з колоди \d+ карт[уи]?: ", out)
    assert player.out_of_turn > 0  # the captain's declarations while his partner moves
    # ... but not at each of his partner's turns: declarations he was shown are not offered
    # again in the same deal until something new becomes possible
    assert player.out_of_turn * 4 < out.count("▶ Ваш хід")
    assert "Роздача 1: " in out
    assert "🏆 Підсумок: " in out


def test_married_bridge_whole_match() -> None:  # MB-SCORE-8
    code, out, _ = _play(["married_bridge", "--seed", "5", "--level", "easy"])
    assert code == 0
    _readable(out)
    assert "Seats: 1. You, 2. 🤖 easy." in out
    assert "You get: " in out  # the card drawn from the talon after a preliminary trick
    assert "You take trick 1." in out or "🤖 easy takes trick 1." in out
    # the auction in two steps: the levels first, then a level's strains side by side
    assert re.search(r"  1\) [1-7] … +2\) [2-7] … ", out)
    assert re.search(r"\d+\) (\d)♣ +\d+\) \1♦", out)
    assert re.search(r"Deal 1: contract .+: needed \d+ tricks, took \d+", out)
    assert "🏆 " in out


def test_out_of_turn_call_taken_and_each_window_offered_once() -> None:  # BB-BID-11
    code, out, _ = _play(["bazar_belot", "--seed", "2", "--level", "easy"],
                         calls=True, limit=40)
    assert code == 0
    # the first window offered kapo on one hand, and the player took it by its number
    assert "You say: kapo on one hand ♣." in out
    prompts = out.split("\n> ")
    repeated = [p for a, p in itertools.pairwise(prompts)
                if OUT_OF_TURN["en"] in p and p.split("\n🃏", 1)[-1] == a.split("\n🃏", 1)[-1]]
    assert not repeated


def test_a_call_out_of_turn_needs_a_confirming_word() -> None:  # BB-BID-11
    # seed 2: the first out-of-turn prompt (after the human's "1" bid) offers kapo on one hand
    # as 1; the habit "1" alone must not call it
    code, out, _ = _play(["bazar_belot", "--seed", "2", "--level", "easy"],
                         script=("1", "1", "1", "", "q"))
    assert code == 0
    assert "Kapo on one hand ♣ out of turn — are you sure? Type y for yes" in out
    assert "kapo on one hand ♣." not in out  # "1" again is no yes: back to the calls
    assert "You say: 8♣." in out
    # kapo on one hand opens its strains first (one button, not five long ones): 1, then ♣
    code, out, _ = _play(["bazar_belot", "--seed", "2", "--level", "easy"], "ru",
                         script=("1", "1", "1", "д", "q"))
    assert "Вы говорите: капо на одной руке ♣." in out


def test_enter_lets_the_game_go_on_and_is_never_a_move() -> None:  # BB-BID-13
    # an empty line on his own turn asks again; out of turn it lets the bot move
    code, out, _ = _play(["bazar_belot", "--seed", "2", "--level", "easy"],
                         script=("", "", "q"))
    assert code == 0
    assert "You say" not in out
    assert out.rstrip().endswith(
        "To play it again with the same cards, run: python -m engine play bazar_belot --lang en"
        " --seed 2 --level easy")


def test_enter_on_ones_own_turn_shows_the_hand_again() -> None:  # BB-BID-13
    # not a bare ">": the hand, "your move" and the choices, as after a command
    for lang, mine in (("en", "▶ Your move"), ("ru", "▶ Ваш ход"), ("uk", "▶ Ваш хід")):
        out = _play(["bazar_belot", "--seed", "2", "--level", "easy"], lang,
                    script=("", "q"))[1]
        after = out.split("> ", 1)[1].split("> ", 1)[0]
        assert mine in after and "1) 8♣" in after, after


def test_random_seed_is_printed_and_replays_the_match() -> None:
    code, out, _ = _play(["deberts", "--option", "format=short_bait", "--level", "easy"])
    assert code == 0
    seed = re.search(r"the same cards, run: python -m engine play deberts --lang en --seed (\d+) ",
                     out)
    assert seed
    again = _play(["deberts", "--option", "format=short_bait", "--level", "easy",
                   "--seed", seed.group(1)])[1]
    assert again == out


def test_commands_rules_score_help_and_bad_input_in_russian() -> None:
    code, out, _ = _play(["deberts", "--seed", "4"], "ru",
                         script=("правила", "score", "помощь", "xyz", "0", "99", "²",
                                 "1" * 40, "выход"))
    assert code == 0
    # the bot's own /rules summary, in the player's language
    assert "Деберц (двое или трое игроков, до 301, 501 или 1001" in out
    # it ends in words, with no repository path (a new player's pass: "docs/rules/...md")
    assert "Это краткое изложение" in out and "docs/rules" not in out and ".md" not in out
    # the score sheet before a deal is over: no bare header, it says so
    assert "Деберц\nНи одна раздача не доиграна до конца." in out
    assert "Раздача | Вы | 🤖 любитель" not in out
    assert "Номер выбирает ход" in out
    assert out.count("Выберите 1 или 2 (или наберите «помощь»).") == 5
    assert out.rstrip().endswith("Вы вышли из игры. Чтобы сыграть её ещё раз с теми же картами,"
                                  " запустите: python -m engine play deberts --lang ru --seed 4")


@pytest.mark.parametrize("game", ["deberts", "bazar_belot", "berg", "married_bridge"])
def test_rules_in_every_language(game: str) -> None:
    for lang, word in (("en", "rules"), ("ru", "правила"), ("uk", "правила")):
        code, out, _ = _play([game, "--seed", "1"], lang, script=(word, "q"))
        assert code == 0
        rules = out.split("> ")[1]
        assert len(rules.splitlines()) >= 5 and "•" in rules
        _readable(rules)


def test_list_options_in_the_lobby_words() -> None:
    code, out, _ = _play(["deberts", "--list-options"])
    assert code == 0
    assert "Deberts: 2–3 players (--players)." in out
    assert "format — Game: match * (a match to the target), " in out
    assert "target — Playing to: 301, 501 *, 1001" in out
    # every option has a label; seats are counted from 1, as players count them
    assert "  tie — Equal sequences: trump_then_order * (" in out
    assert "first_dealer — Who deals first (seat): the last seat (leave the option out) *, " \
        "1, 2, 3" in out
    assert all(" — " in line for line in out.splitlines() if line.startswith("  "))
    assert "Example: python -m engine play deberts --option " in out
    code, out, _ = _play(["berg", "--list-options"], "ru")
    assert "berg_height — Высота берга: 10 (турнирная) *, 15 (" in out  # the value said once
    assert "captain_1_3 — Капитан пары 1+3: 1 *, 3" in out
    assert "((" not in out and "))" not in out
    assert "Пример: python -m engine play berg --option " in out
    code, out, _ = _play(["bazar_belot", "--list-options"])
    assert "auto_show — Melds shown by the bot: true * (yes), false (no — each player shows " \
        "his own)" in out
    assert "Example: python -m engine play bazar_belot --option " in out
    assert "deberts" not in out
    code, out, _ = _play(["married_bridge", "--list-options"])  # MB-OPT-format: a game is a deal
    assert "match_format — Match: single_game * (one deal), rubber_of_two (rubber of two " \
        "deals)" in out


def test_sheet_notation_default_is_the_language() -> None:  # BB-OPT-sheet-locale
    # without the option the terminal writes the sheet in --lang's notation: the default is
    # --lang's value where the option has it (a value one can type, issue #18), else words
    for lang, said in (("en", ": en * ("), ("ru", "), ru * ("),
                       ("uk", ": як мова гри (без цього параметра) *, en (")):
        line = next(x for x in _play(["bazar_belot", "--list-options"], lang)[1].splitlines()
                    if x.startswith("  sheet_locale"))
        assert said in line and line.count("*") == 1, line


def test_every_listed_option_marks_its_default() -> None:  # DB-OPT-first-dealer
    # "* marks the default": Deberts' first dealer, left out, is the last seat (seat 2 of two,
    # 3 of three), which the list said nowhere (issue #18); every option line marks one
    for lang, last in (("ru", "последнее место (без этой настройки) *"),
                       ("uk", "останнє місце (без цього параметра) *"),
                       ("en", "the last seat (leave the option out) *")):
        for game in ("deberts", "bazar_belot", "berg", "married_bridge"):
            out = _play([game, "--list-options"], lang)[1]
            lines = [x for x in out.splitlines() if x.startswith("  ")]
            assert all(x.count("*") == 1 for x in lines), (game, lang, lines)
        line = next(x for x in _play(["deberts", "--list-options"], lang)[1].splitlines()
                    if x.startswith("  first_dealer"))
        assert line.endswith(f": {last}, 1, 2, 3"), line


def test_deberts_on_off_options_all_translated() -> None:
    # every on/off option says (да)/(нет) as the others do, none bare
    for lang, yes, no in (("ru", "да", "нет"), ("uk", "так", "ні")):
        out = _play(["deberts", "--list-options"], lang)[1]
        for key in ("table_talk", "manual_scoring", "offer_fifty"):
            line = next(x for x in out.splitlines() if x.startswith(f"  {key} "))
            assert line.endswith(f": off * ({no}), on ({yes})"), line


def test_berg_heights_and_captains_said_once() -> None:  # BERG-OPT-height, BERG-OPT-captain-02
    # the custom heights share one word, said once; a captain option is the pair's, not a seat's
    for lang, heights, captains in (
            ("ru", ": 10 (турнирная) *, 15 (короткая), 25 (длинная), 20 или 5 (произвольная)",
             ("captain_1_3 — Капитан пары 1+3: 1 *, 3", "captain_2_4 — Капитан пары 2+4: 2 *, 4")),
            ("uk", ": 10 (турнірна) *, 15 (коротка), 25 (довга), 20 або 5 (довільна)",
             ("captain_1_3 — Капітан пари 1+3: 1 *, 3", "captain_2_4 — Капітан пари 2+4: 2 *, 4")),
            ("en", ": 10 (tournament) *, 15 (short), 25 (long), 20 or 5 (by agreement)",
             ("captain_1_3 — Captain of pair 1+3: 1 *, 3",
              "captain_2_4 — Captain of pair 2+4: 2 *, 4"))):
        out = _play(["berg", "--list-options"], lang)[1]
        line = next(x for x in out.splitlines() if x.startswith("  berg_height"))
        assert heights + " — " in line, line  # then any other height (test_terminal_pass)
        assert all(c in out for c in captains), out


def test_captain_keys_read_from_one() -> None:  # BERG-OPT-captain-02, BERG-OPT-captain-13
    # issue #18: the keys were the engine's (captain_13: seats 1 and 3 counted from 0, players
    # 2 and 4); the keys listed name the pair as players count, and the engine's work too
    for key in ("captain_2_4", "captain_13"):
        assert _play(["berg", "--option", f"{key}=4"], script=("q",))[0] == 0
        code, out, _ = _play(["berg", "--option", f"{key}=1"])  # player 1 is of the other pair
        assert code == 2 and "captain_2_4" in out, out  # the key as listed


def test_seat_options_count_from_one() -> None:  # BB-OPT-first-dealer
    for seat, dealer in (("1", "You"), ("2", "🤖 easy #2")):
        out = _play(["bazar_belot", "--seed", "2", "--level", "easy", "--option",
                     f"first_dealer={seat}"], script=("q",))[1]
        assert f"New deal. Dealer: {dealer}." in out
    code, out, _ = _play(["bazar_belot", "--option", "first_dealer=0"])
    assert code == 2 and "first_dealer" in out


@pytest.mark.parametrize(("lang", "notation", "cell"), [("en", "ru", r"\| (К|\d+)[пчбт]"),
                                                         ("ru", "en", r"\| (K|\d+)[SHDC]")])
def test_sheet_locale_sets_the_sheets_notation(lang: str, notation: str,
                                               cell: str) -> None:  # BB-SHEET-3
    code, out, _ = _play(["bazar_belot", "--seed", "2", "--level", "easy", "--option",
                          f"sheet_locale={notation}"], lang)
    assert code == 0
    assert re.search(cell, out), out[out.rfind("| "):][:300]


def test_bad_arguments_are_explained() -> None:
    assert _play(["no_such_game"])[:2] == (2, "There is no game no_such_game. Games: "
                                               "bazar_belot, berg, deberts, married_bridge.\n")
    code, out, _ = _play(["deberts", "--option", "target=7"])
    assert code == 2 and out.startswith("Cannot start this match: target: 7 is not one of")
    assert "DB-OPT" not in out  # rule ids are for the log, not for players
    code, out, _ = _play(["bazar_belot", "--players", "3"])
    assert (code, out) == (2, "Cannot start this match: players: Bazar-Belot is for exactly 4 "
                              "players, not 3 (--list-options lists the options).\n")
    for seat in ("0", "3"):
        code, out, _ = _play(["deberts", "--seat", seat])
        assert (code, out) == (2, "This table has seats 1 to 2.\n")
    code, out, _ = _play(["deberts", "--option", "oops"])
    assert code == 2 and "KEY=VALUE, not oops" in out


def test_second_seat_and_end_of_input() -> None:
    code, out, _ = _play(["married_bridge", "--seat", "2", "--seed", "7"], limit=3)
    assert code == 0
    assert "Seats: 1. 🤖 normal, 2. You." in out
    assert out.rstrip().endswith("You left the game. To play it again with the same cards, run:"
                                  " python -m engine play married_bridge --lang en --seed 7"
                                  " --seat 2")


def test_python_m_engine_play_in_a_subprocess() -> None:
    # the engine's command line hands "play" to the front-end; a plain "1" on every line
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", "deberts", "--option", "format=short_no_bait",
         "--seed", "3", "--level", "normal", "--lang", "en"],
        input="1\n" * 300, capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    _readable(out)
    assert "Seats: 1. You, 2. 🤖 normal." in out
    assert "🏆 Result: " in out
    assert "\x1b[" not in out  # no terminal bold when the output is not a terminal


def test_engine_main_delegates_play() -> None:
    out = io.StringIO()
    assert engine_main(["play", "deberts", "--list-options", "--lang", "en"], io.StringIO(),
                       out) == 0
    assert "Deberts: 2–3 players" in out.getvalue()


def test_the_engine_never_imports_the_bot() -> None:
    # the front-end imports the engine; the engine (its shell included) loads the bot only
    # when "play" runs
    code = ("import sys, pkgutil, importlib, engine\n"
            "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
            "    if m.name != 'engine.__main__':\n"
            "        importlib.import_module(m.name)\n"
            "assert not [m for m in sys.modules if m == 'bot' or m.startswith('bot.')]\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_kozyr_play_without_a_token(tmp_path: Path) -> None:
    # ./scripts/run play ... is kozyr play: no token, no database needed
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot", "play", "--lang", "en", "--seed", "9",
                           "married_bridge"], input="q\n", cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith(
        "You left the game. To play it again with the same cards, run: python -m engine play"
        " married_bridge --lang en --seed 9")
    assert list(tmp_path.iterdir()) == []  # no database file was made
    done = subprocess.run([sys.executable, "-m", "bot", "play", "-h"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "--list-options" in done.stdout


def test_menu_lines_stay_narrow_and_numbered_in_reading_order() -> None:
    from bot.model import ActData, Button, ExpandData
    from bot.terminal.menu import WIDTH, entries, numbered

    long = tuple(Button(f"Kapo on one hand {s}", ActData(1, 1, f"bid:kapo1:{s}"))
                 for s in "CDHS")
    rows = (long, (Button("« Back", ExpandData(1, 1, "")), Button("a link", url="https://x")))
    flat, lines = numbered(entries(rows))
    assert [e.code for e in flat] == ["bid:kapo1:C", "bid:kapo1:D", "bid:kapo1:H",
                                      "bid:kapo1:S", None]
    assert flat[-1].opens == ""  # Back: the whole keyboard again; the link is left out
    assert all(len(line) <= WIDTH for line in lines) and len(lines) == 3
    assert lines[-1] == "  5) « Back"


def test_an_event_the_front_end_does_not_know_is_told_in_words() -> None:
    from bot.i18n import Catalogs
    from bot.show.common import TableInfo
    from bot.terminal.text import Teller

    tr = Catalogs().translator("en")
    teller = Teller(tr, TableInfo(0, 0, "deberts", "", ("You", "🤖 normal")), 0)
    view = {"game": "deberts", "groups": {}, "facts": []}
    sheet = {"sides": [], "rows": [], "totals": []}
    assert teller.event({"type": "brand_new", "seat": 1}, view, sheet) == "🤖 normal: brand new."
    assert teller.event({"type": "brand_new", "seat": 0}, view, sheet) == "You: brand new."
    assert teller.event({"type": "brand_new"}, view, sheet) == "brand new"


class Doubter(Player):
    """A player who answers "no" to the first drastic call he is asked to confirm on his own
    turn, then plays on as ``Player``."""

    doubted = False

    def readline(self, size: int | None = -1) -> str:
        last = self.out.getvalue()[-600:].rsplit("\n", 2)[-2]
        if not self.doubted and "— confirm? Type y" in last:
            self.doubted = True
            self.after = len(self.out.getvalue())
            return "n\n"
        return super().readline(size)


def test_drastic_calls_on_ones_own_turn_ask_first() -> None:  # BERG-DECL-1
    out = io.StringIO()
    player = Doubter(out, "en")
    assert play_main(["berg", "--seed", "3", "--level", "easy", "--lang", "en"], player,
                     out) == 0
    text = out.getvalue()
    _readable(text)
    assert player.doubted, "no drastic call was asked about on the player's own turn"
    # "no" goes back to the choices: the hand, "your move" and the menu shown again, nothing
    # was declared
    again = text[player.after:].split("\n> ", 1)[0]
    assert "1)" in again and "▶ Your move" in again and "Your cards:" in again, again


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_name_that_may_be_you_is_never_a_verbs_subject(lang: str) -> None:
    # the terminal names the human "Вы"/"Ви": "Сдаёт Вы", "разыгрывает Вы" read wrong; a line
    # without a ".you" form of its own names the player after a colon ("Сдающий: Вы")
    from bot.i18n import Catalogs

    catalogs = Catalogs()
    for key in sorted(catalogs.keys(lang)):
        text = catalogs.t(lang, key, name="{name}") if key.startswith("term.") else ""
        base = re.sub(r"\.(one|few|many|other)$", "", key)  # a plural form: its key's
        if "{name}" not in text or catalogs.has("en", key + ".you") \
                or catalogs.has("en", base + ".you"):
            continue
        assert re.search(r"(^|: )\{name\}", text), (key, text)
        assert not re.match(r"\{name\} [^:]", text), (key, text)


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_berg_draws_in_plural_forms_and_in_order(lang: str) -> None:  # BERG-PLAY (draws)
    # issue #18: "берёт из колоды карт: 2." and "Вы берёте из колоды карт: 1. Вы пропускаете
    # ход. Вам пришло: 7♥." (the card drawn told last)
    code, out, _ = _play(["berg", "--seed", "1", "--level", "easy",
                          "--option", "berg_height=5"], lang)
    assert code == 0
    raw = {"ru": "из колоды карт:", "uk": "з колоди карт:", "en": "takes? cards from the stock:"}
    assert not re.search(raw[lang], out)
    words = {"ru": (r"берёт из колоды (1 карту|[234] карты|\d+ карт)\.",
                    r"Вы берёте из колоды (1 карту|[234] карты|\d+ карт): [^.]+\."),
             "uk": (r"бере з колоди (1 карту|[234] карти|\d+ карт)\.",
                    r"Ви берете з колоди (1 карту|[234] карти|\d+ карт): [^.]+\."),
             "en": (r"takes (1 card|\d+ cards) from the stock\.",
                    r"You take (1 card|\d+ cards) from the stock: [^.]+\.")}[lang]
    assert re.search(words[0], out) and re.search(words[1], out), out[-2000:]
    got = {"ru": "Вам пришло", "uk": "Вам прийшло", "en": "You get"}[lang]
    assert not re.search(rf"(берёте|берете|You take)[^\n]*\n?[^\n]*{got}", out)


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_meld_is_said_once_on_each_screen(lang: str) -> None:  # DB-MELD-5, DB-MELD-7
    # issue #20: "You declared: terz", "You hold the senior meld: terz (20)" and "Your meld:
    # terz (20)" on one screen; the bot's "declared terz" under "senior meld: terz (20)"
    from bot.i18n import Catalogs

    tr = Catalogs().translator(lang)
    kinds = (tr("val.terz"), tr("val.fifty"))
    said = 0
    for seed in ("3", "4"):
        out = _play(["deberts", "--seed", seed, "--level", "easy"], lang)[1]
        for screen in out.split("\n🃏 ")[1:]:  # a hand, down to its turn line (then moves)
            facts = [x for x in screen.split("\n▶")[0].splitlines()
                     if any(k in x for k in kinds)]
            said += len(facts)
            for whose in (True, False):  # the bot's melds, then the player's own
                of = [x for x in facts if ("🤖" in x) == whose]
                assert len(of) <= 1, "\n".join(of)
    assert said, "no meld was declared: the seeds no longer test it"


def test_the_score_word_typed_with_e_for_yo() -> None:
    # «счет»: most Russians type «е» for «ё»; it was refused with «Выберите 1 или 2»
    code, out, _ = _play(["deberts", "--seed", "4"], "ru", script=("счет", "СЧЁТ", "выход"))
    assert code == 0
    assert out.count("Ни одна раздача не доиграна до конца.") == 2, out
    assert "Выберите 1 или 2" not in out
