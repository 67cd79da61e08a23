"""The sheet's picture: a valid PNG within Telegram's photo limits for every game, drawn with a
font that has Cyrillic on a fresh machine (the one shipped in bot/fonts)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

import bot.records.picture as picture
import engine
from bot.i18n import Catalogs
from bot.records.picture import MAX_ROWS, font_path, load_font, sheet_picture, sheet_png
from bot.show.common import TableInfo
from bot.show.display import with_sides
from tests.records.conftest import SHORT, play_out

GAMES = [("deberts", 2, 81), ("deberts", 3, 82), ("bazar_belot", 4, 83), ("berg", 4, 84),
         ("married_bridge", 2, 85)]
NAMES = ("Алиса", "Богдан Довгоіменний", "Віра", "Zoë")


@pytest.fixture
def fresh_fonts() -> Iterator[None]:
    load_font.cache_clear()
    yield
    load_font.cache_clear()


def check_png(data: bytes) -> Image.Image:
    """Open ``data`` as a PNG and check Telegram's photo limits."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    width, height = image.size
    assert width >= 900 and width + height <= 10_000 and max(width, height) / min(
        width, height) <= 20
    assert len(data) < 10 * 2**20
    return image


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_picture_of_every_game(game: str, players: int, seed: int, lang: str) -> None:
    match = engine.get_game(game).new_match(players=players, options=SHORT.get(game, {}),
                                            seed=seed)
    play_out(match, seed)
    tr = Catalogs().translator(lang)
    info = with_sides(TableInfo(1, 1, game, "Клуб", NAMES[:players]), match)
    image = check_png(sheet_png(tr, info, match.score_sheet, subtitle="Клуб · 29.11.2026",
                                result="Итог: выигрывает Алиса"))
    rows = min(len(match.score_sheet["rows"]), MAX_ROWS)
    assert image.size[1] > 60 * rows  # every row is drawn at a readable height


def test_long_sheets_are_cut_to_the_last_rows() -> None:
    sheet = {"sides": [{"seats": [0, 2]}, {"seats": [1, 3]}],
             "rows": [{"deal": i, "cells": [f"{i}.0", "-"], "points": [1, 0], "note": "x"}
                      for i in range(1, 200)], "totals": [199, 0], "pot": 0, "result": None}
    tr = Catalogs().translator("en")
    pic = sheet_picture(tr, TableInfo(1, 1, "berg", "c", ("A", "B", "C", "D")), sheet)
    assert len(pic.rows) == MAX_ROWS and pic.rows[-1][0] == "199"
    assert pic.rows[0][1] == "earlier rows: 140"  # 199 - 59 shown
    check_png(picture.render_png(pic))


def _ink(text: str) -> Image.Image:
    font = load_font(40)
    image = Image.new("L", (80, 60), 0)
    ImageDraw.Draw(image).text((10, 5), text, font=font, fill=255)
    return image


def test_the_shipped_font_has_cyrillic_and_suits(fresh_fonts: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOZYR_FONT", raising=False)
    assert font_path() == str(picture.FONTS_DIR / "DejaVuSans.ttf")
    assert font_path(bold=True) == str(picture.FONTS_DIR / "DejaVuSans-Bold.ttf")
    missing = _ink("\u4e00")  # not in the subset: the "missing glyph" box
    for text in ("Ж", "ї", "♠", "♥", "БТ"):
        assert ImageChops.difference(_ink(text), missing).getbbox() is not None, text


def test_font_choice_and_last_resort(fresh_fonts: None, monkeypatch: pytest.MonkeyPatch,
                                     tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    system = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
    if system.is_file():
        monkeypatch.setenv("KOZYR_FONT", str(system))
        assert font_path() == str(system)
    monkeypatch.setenv("KOZYR_FONT", str(tmp_path / "missing.ttf"))
    monkeypatch.setattr(picture, "FONTS_DIR", tmp_path)
    monkeypatch.setattr(picture, "_SYSTEM_FONTS", {False: (), True: ()})
    assert font_path() is None
    tr = Catalogs().translator("en")
    sheet = {"sides": [{"seats": [0]}, {"seats": [1]}],
             "rows": [{"deal": 1, "cells": ["10", "BT"], "points": [10, 0], "note": ""}],
             "totals": [10, 0], "pot": 0, "result": None}
    check_png(sheet_png(tr, TableInfo(1, 1, "deberts", "c", ("A", "B")), sheet))
    assert "no TrueType font" in caplog.text


def test_a_bot_seat_name_leaves_no_gap_in_the_picture() -> None:
    """A bot seat is named "🤖 новичок 3" in the chat; the picture's font has no emoji, so the
    picture drops the emoji instead of drawing a blank gap ("Анна,    новичок 3")."""
    with_emoji = picture.SheetPicture(
        "Базар-белот", "Клуб", ("Раздача", "Анна, 🤖 новичок 3", "🤖 новичок 2, Борис"),
        (("1", "66", "БТ"),), ("Итого: Анна, 🤖 новичок 3 66 · 🤖 новичок 2, Борис 0",))
    plain = picture.SheetPicture(
        "Базар-белот", "Клуб", ("Раздача", "Анна, новичок 3", "новичок 2, Борис"),
        (("1", "66", "БТ"),), ("Итого: Анна, новичок 3 66 · новичок 2, Борис 0",))
    assert picture.render_png(with_emoji) == picture.render_png(plain)


def test_a_long_note_is_drawn_whole_when_the_width_allows() -> None:
    """Berg's notes ("Анна, Вера: открыли карты -1,0") were cut to "открыли карт…" by a
    per-column cap while the picture could still grow: the last column takes the room left
    up to the picture's maximum width (issue #20)."""
    note = "Анна, Вера: уволили капитана соперников -0,5"
    pic = picture.SheetPicture("Берг", "Клуб", ("Раздача", "Анна, Вера", "Борис, Глеб", "Запись"),
                               (("1", "-0,5", "-", note),))
    image = check_png(picture.render_png(pic))
    font = load_font(picture.TEXT_SIZE, True)
    needed = sum(font.getlength(t) for t in ("Раздача", "Анна, Вера", "Борис, Глеб", note))
    assert image.size[0] >= int(needed + 8 * picture.CELL_PAD_X + 2 * picture.MARGIN)


def test_a_note_too_long_for_the_widest_picture_takes_a_second_line() -> None:
    """A Berg row can carry two declarations and a win ("Анна, Вера: уволили капитана
    соперников −0,5; ..."): wider than the picture may ever be, it was cut with "…". It is
    broken onto a second line of its cell instead, and the row grows (issue #20)."""
    note = ("Анна, Вера: уволили капитана соперников −0,5, открыли карты обоих −1,0, "
            "игра с тасованием −1,0; Борис, Глеб выиграли 0,5")
    header = ("Раздача", "Анна, Вера", "Борис, Глеб", "Запись")
    long_pic = picture.SheetPicture("Берг", "Клуб", header, (("1", "−2,5", "0,5", note),))
    short_pic = picture.SheetPicture("Берг", "Клуб", header, (("1", "−2,5", "0,5", "ничья"),))
    plan = picture.layout(long_pic)
    lines = plan.cells[0][3]
    assert len(lines) >= 2 and " ".join(lines) == note, lines  # nothing cut, nothing lost
    assert plan.width <= picture.MAX_WIDTH
    font = load_font(picture.TEXT_SIZE)
    assert all(font.getlength(x) <= plan.widths[3] - 2 * picture.CELL_PAD_X for x in lines)
    tall = check_png(picture.render_png(long_pic))
    low = check_png(picture.render_png(short_pic))
    assert tall.size[1] > low.size[1]


def test_a_long_header_is_drawn_whole_when_the_picture_has_room() -> None:
    # "бот мастер №2, бот новичок …" was cut at the column cap in a 1342 px picture
    from bot.records import picture

    header = ("Раздача", "Маша, Петя", "бот мастер №2, бот новичок №4, бот любитель №5", "Заказ")
    pic = picture.SheetPicture(title="Базар-белот", subtitle="", header=header,
                               rows=[("1", "68", "БТ", "Кб")], footer=(), marks=frozenset())
    plan = picture.layout(pic)
    font = picture.load_font(picture.TEXT_SIZE, True)
    assert plan.widths[2] >= font.getlength(header[2]) + 2 * picture.CELL_PAD_X
    assert plan.width <= picture.MAX_WIDTH
