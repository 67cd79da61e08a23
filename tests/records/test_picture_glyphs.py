"""The sheet's picture draws only what its font has (issue #20): every character a picture of
any game can show in any language is in the bundled DejaVu subset, a bot player is named in
words as the text sheet names him (the font has no 🤖), and a character the font lacks (a chat
title's ⭐) is left out rather than drawn as a box."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.markup import unescape
from bot.records.picture import (
    TEXT_SIZE,
    SheetPicture,
    has_glyph,
    load_font,
    render_png,
    sheet_picture,
)
from bot.show.common import TableInfo, bot_name
from bot.show.display import with_sides
from bot.show.lobby import BOT_LEVELS
from bot.show.sheet import render_sheet, result_line
from tests.records.conftest import SHORT, play_out
from tests.records.test_records_picture import GAMES

CATALOGS = Catalogs()


def _texts(pic: SheetPicture) -> list[str]:
    return [pic.title, pic.subtitle, *pic.header, *(c for row in pic.rows for c in row),
            *pic.footer]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_character_a_picture_draws_is_in_the_font(game: str, players: int, seed: int,
                                                        lang: str) -> None:
    tr = CATALOGS.translator(lang)
    names = ["Алиса", *(bot_name(tr, level, seat) for seat, level in
                        enumerate(BOT_LEVELS, start=1))][:players]
    match = engine.get_game(game).new_match(players=players, options=SHORT.get(game, {}),
                                            seed=seed)
    play_out(match, seed)
    info = with_sides(TableInfo(1, 1, game, "Клуб", tuple(names)), match)
    result = unescape(result_line(tr, info, match.score_sheet))
    pic = sheet_picture(tr, info, match.score_sheet, subtitle="Клуб · 29.11.2026",
                        result=result)
    fonts = (load_font(TEXT_SIZE), load_font(TEXT_SIZE, True))
    missing = {ch for text in _texts(pic) for ch in text
               if not ch.isspace() and not all(has_glyph(f, ch) for f in fonts)}
    assert not missing, (missing, _texts(pic))
    # each bot is named as the text sheet names him, the mark said in a word
    sheet = unescape(render_sheet(tr, info, match.score_sheet))
    drawn = "\n".join(_texts(pic))
    for name in names[1:]:
        worded = name.replace("🤖", tr("pic.bot"))
        assert (name in sheet) == (worded in drawn), (name, drawn)
        assert name not in drawn


def test_a_character_the_font_lacks_is_left_out() -> None:
    # a chat titled «⭐ Клуб ✅» drew two boxes: the emoji of the Basic Multilingual Plane were
    # kept, only the others dropped
    font = load_font(TEXT_SIZE)
    assert not has_glyph(font, "⭐") and not has_glyph(font, "✅") and has_glyph(font, "♠")
    with_boxes = SheetPicture("Берг", "⭐ Клуб ✅ · 29.11.2026", ("Раздача", "Анна"),
                              (("1", "0,5"),))
    plain = SheetPicture("Берг", "Клуб · 29.11.2026", ("Раздача", "Анна"), (("1", "0,5"),))
    assert render_png(with_boxes) == render_png(plain)
