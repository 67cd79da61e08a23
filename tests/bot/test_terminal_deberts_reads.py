"""Deberts in the terminal (issue #18 item 6), driven through the program's stdin and stdout
(tests/bot/test_terminal_play.py).

A stake the player wins in a one-deal game: the group's line names its winner in the third
person ("Итог: ставку выигрывает Анна"); with the terminal's «Вы» it read «ставку выигрывает
Вы», "You wins the stake".

The trump 7 exchanged for the up-card: «Вы меняете 7♥ на В♥.» was followed by «Вам пришло:
В♥.», the same card told twice as if a second one had come.
"""

from __future__ import annotations

import pytest

from tests.bot.test_terminal_play import _play, _readable

WON = {"ru": "🏆 Итог: вы выиграли ставку — Вы +", "uk": "🏆 Підсумок: ви виграли ставку — Ви +",
       "en": "🏆 Result: you win the stake — You +"}
LOST = {"ru": "ставку выигрывает 🤖", "uk": "ставку виграє 🤖", "en": "wins the stake"}
#: Seeds with a stake won and one lost by the scripted player (two players; three).
SEEDS = {"2": ("1", "2"), "3": ("12", "1")}
WRONG = {"ru": "выигрывает Вы", "uk": "виграє Ви", "en": "You wins"}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
@pytest.mark.parametrize("players", ["2", "3"])
def test_a_stake_the_player_wins_is_said_to_him(lang: str, players: str) -> None:
    # DB-SHORT-2, DB-SHORT-3, DB-SHORT-6: one stake (one from each loser with three)
    results = []
    for seed in SEEDS[players]:
        code, out, _ = _play(["deberts", "--seed", seed, "--level", "easy", "--players",
                              players, "--option", "format=short_no_bait"], lang)
        assert code == 0
        _readable(out)
        results += [line for line in out.splitlines() if line.startswith("🏆")]
    assert not [line for line in results if WRONG[lang] in line], results
    assert [line for line in results if line.startswith(WON[lang])], results
    assert [line for line in results if LOST[lang] in line], results  # a bot's: as before


EXCHANGE = {"ru": "Вы меняете 7♥ на В♥.", "uk": "Ви міняєте 7♥ на В♥.",
            "en": "You exchange 7♥ for J♥."}
GOT = {"ru": "Вам пришло:", "uk": "Вам прийшло:", "en": "You get:"}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_up_card_taken_in_the_exchange_is_told_once(lang: str) -> None:  # DB-DEAL-6
    # seed 41: the up-card J♥; "2" plays hearts, "2" exchanges the 7♥ held for it
    code, out, _ = _play(["deberts", "--seed", "41", "--option", "target=301"], lang,
                         script=("2", "2"), limit=8)
    assert code == 0
    assert EXCHANGE[lang] in out, out[-1500:]
    after = out[out.index(EXCHANGE[lang]) + len(EXCHANGE[lang]):].split("\n🃏 ")[0]
    assert GOT[lang] not in after, after
