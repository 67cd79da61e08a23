"""What players read where the last new-player passes found words missing (issue #18): the
table message's score labelled, the rules summaries covering what the lobby offers, Berg's
dobor explained to an English player, Married bridge's "one game" said as the one deal it is.
"""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, game_text
from bot.show.table import render_table

CATALOGS = Catalogs()
SCORE = {"en": "Score:", "ru": "Счёт:", "uk": "Рахунок:"}
NAMES = ("Anna", "Boris", "Clara", "Denis")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g.id for g in engine.list_games()])
def test_the_table_message_labels_the_score(game: str, lang: str) -> None:
    info = engine.get_game(game).info
    players = info.min_players
    m = engine.get_game(game).new_match(players=players, seed=1)
    table = TableInfo(1, 1, game, "Club", NAMES[:players])
    second = render_table(CATALOGS.translator(lang), table, m.public_view()).text.splitlines()[1]
    tr = CATALOGS.translator(lang)
    # Berg's counts its running deal's declarations and says so (issue #20)
    want = SCORE[lang] if game != "berg" else game_text(tr, game, "hand.score") + ":"
    assert second.startswith(want + " "), second


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_rules_name_every_target_the_lobby_offers(lang: str) -> None:  # DB-OPT-target
    text = CATALOGS.translator(lang)("rules.deberts")
    [target] = [o for o in engine.get_game("deberts").info.options if o.key == "target"]
    for value in target.values:
        assert str(value) in text, (value, text[:120])
    # and the tie-break line gives each target's final score
    for value in target.values:
        assert f"{value}:{value - 1}" in text, value


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_rules_give_the_passes_of_a_redeal_at_two_and_three(
        lang: str) -> None:  # DB-BID-4, DB-REDEAL-1, DB-3P-3
    text = CATALOGS.translator(lang)("rules.deberts")
    four, six = {"en": ("four passes", "six"), "ru": ("четыре паса", "шесть"),
                 "uk": ("чотири паси", "шість")}[lang]
    line = next(x for x in text.splitlines() if four in x)
    assert six in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_berg_rules_say_what_a_dobor_is(lang: str) -> None:  # BERG-DECL-4, BERG-DECL-7
    text = CATALOGS.translator(lang)("rules.berg")
    word = {"en": "dobor", "ru": "добор", "uk": "добір"}[lang]
    said = text.split(word, 1)[1][:200]
    three = {"en": "three cards", "ru": "трёх карт", "uk": "трьох карт"}[lang]
    joker = {"en": "joker", "ru": "джокер", "uk": "джокер"}[lang]
    assert joker in said and three in said, said


@pytest.mark.parametrize(("lang", "one"), [("en", "one deal"), ("ru", "одну раздачу"),
                                          ("uk", "одну роздачу")])
def test_married_bridge_one_game_is_said_as_one_deal(lang: str, one: str) -> None:  # MB-OPT-format
    tr = CATALOGS.translator(lang)
    assert tr("optval.match_format.single_game") == one
    deal = one.split()[1][:-1]  # "deal", "раздач", "роздач": a rubber counts deals too
    assert deal in tr("optval.match_format.rubber_of_two")
    assert deal in tr("rules.married_bridge").split("\n")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_berg_rules_say_what_a_pair_scores_when_queens_and_jokers_go_last(
        lang: str) -> None:  # BERG-SCORE-2
    # «…а если последними легли значащие карты пары — дамы (1, …) и джокеры (2).» never said
    # what the pair scored then: the sentence names the sum it writes
    text = CATALOGS.translator(lang)("rules.berg")
    out = {"en": "Going out", "ru": "первым сбросил", "uk": "першим скинув"}[lang]
    line = next(x for x in text.splitlines() if out in x)
    total = {"en": "their sum", "ru": "их сумму", "uk": "їхню суму"}[lang]
    assert total in line and "2" in line and ("1.5" in line or "1,5" in line), line
