"""The cached number formatter (bot/show/common.py) and the sheet picture's wrapping
(bot/records/picture.py) fed hostile values: negative zero, ints and floats of one value,
names of 64 characters without a space, emoji only, right-to-left and combining marks."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import bot.records.picture as picture
import engine
from bot.i18n import Catalogs
from bot.records.picture import load_font, sheet_picture
from bot.show import common
from bot.show.common import MINUS, TableInfo, localize_numbers, num
from bot.show.display import with_sides
from tests.records.conftest import SHORT, play_out


def test_a_negative_zero_does_not_poison_zero() -> None:
    common._formatted.cache_clear()
    tr = Catalogs().translator("ru")
    first = num(tr, 0, pattern="0.0")
    common._formatted.cache_clear()
    localize_numbers(tr, "-0.0")  # an engine-written cell or line with a negative zero
    assert num(tr, 0, pattern="0.0") == first == "0,0"


def test_one_value_as_int_float_and_bool_reads_the_same() -> None:
    """1, 1.0 and True share a cache key: they must read alike under every pattern."""
    tr = Catalogs().translator("uk")
    for pattern in ("0.#", "0.0", "0"):
        common._formatted.cache_clear()
        fresh = [num(tr, x, pattern=pattern) for x in (1, 1.0, 3.5, -2, -2.0)]
        common._formatted.cache_clear()
        reverse = [num(tr, x, pattern=pattern) for x in (-2.0, -2, 3.5, 1.0, 1)][::-1]
        assert fresh == reverse, (pattern, fresh, reverse)
        assert all("-" not in s for s in fresh) and fresh[3].startswith(MINUS)


def test_languages_do_not_share_cached_numbers() -> None:
    common._formatted.cache_clear()
    ru, en = Catalogs().translator("ru"), Catalogs().translator("en")
    assert (num(ru, -0.5), num(en, -0.5), num(ru, -0.5)) == ("−0,5", "−0.5", "−0,5")


HOSTILE = ("W" * 64, "🤖🃏🂡🎴" * 4, "שלום עולם مرحبا بالعالم", "Z" + "\u0336\u0334\u0335" * 40,
           "👨‍👩‍👧‍👦 ❤️ ☕ Ann")


def _check(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.verify()
    width, height = Image.open(io.BytesIO(data)).size
    assert width + height <= 10_000 and max(width, height) / min(width, height) <= 20
    return width, height


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("deberts", 3, 82), ("berg", 4, 84), ("married_bridge", 2, 85)])
def test_hostile_names_in_the_picture(game: str, players: int, seed: int) -> None:
    match = engine.get_game(game).new_match(players=players, options=SHORT.get(game, {}),
                                            seed=seed)
    play_out(match, seed)
    tr = Catalogs().translator("ru")
    info = with_sides(TableInfo(1, 1, game, HOSTILE[2], HOSTILE[:players]), match)
    pic = sheet_picture(tr, info, match.score_sheet, subtitle=HOSTILE[4] * 5,
                        result="Итог: " + HOSTILE[0] * 3)
    width, _ = _check(picture.render_png(pic))
    assert width <= picture.MAX_WIDTH
    drawn = picture._drawable_picture(pic)
    plan = picture.layout(drawn)
    for r, row in enumerate(plan.cells):
        for i, lines in enumerate(row):
            font = load_font(picture.TEXT_SIZE, (r, i) in drawn.marks)
            assert len(lines) <= picture.CELL_LINES
            assert all(font.getlength(x) <= plan.widths[i] - 2 * picture.CELL_PAD_X + 0.5
                       for x in lines), lines


def test_a_note_of_one_endless_word_and_of_spaces() -> None:
    header = ("Deal", "A", "B", "Note")
    for note in ("x" * 5000, " " * 3000, "a " * 2000, "\u200f" * 500 + "ب" * 500, ""):
        pic = picture.SheetPicture("Berg", "Club", header, (("1", "1", "0", note),) * 3)
        plan = picture.layout(pic)
        assert plan.width <= picture.MAX_WIDTH
        assert all(len(c) <= picture.CELL_LINES for row in plan.cells for c in row)
        _check(picture.render_png(pic))


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_font_draws_every_character_of_a_sheet(lang: str) -> None:
    """Every character a sheet picture writes (minus signs U+2212, dashes, suits, Ukrainian
    letters, the results' words) has a glyph in the shipped font: no box drawn for one."""
    font = load_font(picture.TEXT_SIZE)
    missing = font.getmask("\ue000")  # a private-use character: the font's "no glyph" box
    box = (missing.getbbox(), bytes(missing))
    tr = Catalogs().translator(lang)
    seen: set[str] = set()
    for game, players, seed in (("deberts", 2, 81), ("married_bridge", 2, 85)):
        match = engine.get_game(game).new_match(players=players, options=SHORT.get(game, {}),
                                                seed=seed)
        play_out(match, seed)
        info = with_sides(TableInfo(1, 1, game, "Клуб", ("Алла", "Їжак")), match)
        pic = picture._drawable_picture(sheet_picture(tr, info, match.score_sheet))
        for text in (pic.title, *pic.header, *(c for row in pic.rows for c in row),
                     *pic.footer, num(tr, -3.5)):
            seen.update(text)
    unknown = sorted(ch for ch in seen - {" "} if (font.getmask(ch).getbbox(),
                                                   bytes(font.getmask(ch))) == box)
    assert not unknown, [f"U+{ord(ch):04X}" for ch in unknown]


def test_a_name_in_another_script_is_drawn() -> None:
    font = load_font(picture.TEXT_SIZE, True)
    missing = font.getmask("\ue000")
    box = (missing.getbbox(), bytes(missing))
    pic = picture._drawable_picture(picture.SheetPicture(
        "Deberts", "", ("Deal", "山田", "สมชาย", "სანდრო"), (("1", "10", "0", "0"),)))
    boxes = [ch for name in pic.header for ch in name
             if (font.getmask(ch).getbbox(), bytes(font.getmask(ch))) == box]
    assert not boxes, boxes
    # a name the fonts cannot draw at all is headed by its column's number, not left blank
    assert pic.header[1:] == ("#1", "#2", "#3"), pic.header
