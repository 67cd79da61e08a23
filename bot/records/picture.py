"""The score sheet as a PNG picture (Pillow), readable on a phone, Cyrillic included.

The text sheet stays the record (searchable, accessible); the picture is the same sheet drawn as
a table: a title, a header row with the sides' names, one row per sheet row in the rules'
notation (translated as in the text: ``БТ``, ``14п +``), the totals and the result.

Fonts: DejaVu Sans, shipped in ``bot/fonts`` (a Latin + Cyrillic + card-suit subset, see
``bot/fonts/LICENSE.txt``), so a fresh machine needs nothing else. ``KOZYR_FONT`` /
``KOZYR_FONT_BOLD`` name other TrueType files; if the shipped files are missing (a packaging
mistake) the system's DejaVu or Arial is used, and as a last resort Pillow's own font (which has
no Cyrillic: a warning is logged). A character the font in use has no glyph for (emoji: a bot
seat's 🤖 is said in a word instead) is left out, never drawn as a box.
"""

from __future__ import annotations

import io
import logging
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import Translator
from bot.markup import unescape
from bot.show.cells import cell_text
from bot.show.common import TableInfo, num, side_names
from bot.show.sheet import (
    legend,
    notation_keys,
    note_text,
    totals_line,
    totals_winner,
)

log = logging.getLogger(__name__)

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
_SYSTEM_FONTS = {
    False: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/TTF/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu/DejaVuSans.ttf",
            "/Library/Fonts/Arial Unicode.ttf",
            "/System/Library/Fonts/Supplemental/Arial.ttf",
            "C:/Windows/Fonts/arial.ttf"),
    True: ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
           "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
           "C:/Windows/Fonts/arialbd.ttf"),
}

#: Sizes in pixels: a 1080-pixel-wide phone screen shows the cells at a reading size.
TITLE_SIZE, TEXT_SIZE, SMALL_SIZE = 40, 32, 26
MARGIN, CELL_PAD_X, CELL_PAD_Y = 36, 18, 10
MIN_WIDTH, MAX_WIDTH, MAX_COLUMN = 900, 1800, 560
#: Rows drawn at most; earlier rows are summed up in one line (the text sheet has them all).
MAX_ROWS = 60

BACKGROUND = "#ffffff"
INK = "#1f2328"
MUTED = "#57606a"
HEADER_FILL, HEADER_INK = "#24425f", "#ffffff"
STRIPE = "#f3f6f9"
GRID = "#c9d1d9"
TOTALS_FILL = "#e6edf3"
BAIT_INK = "#b3261e"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def font_path(bold: bool = False) -> str | None:
    """The TrueType file used for text (``bold`` weight), or None for Pillow's own font."""
    wanted = os.environ.get("KOZYR_FONT_BOLD" if bold else "KOZYR_FONT")
    candidates = [wanted] if wanted else []
    candidates.append(str(FONTS_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")))
    candidates += _SYSTEM_FONTS[bold]
    return next((c for c in candidates if c and Path(c).is_file()), None)


@cache
def load_font(size: int, bold: bool = False) -> Font:
    """The font at ``size`` pixels (cached)."""
    path = font_path(bold)
    if path is not None:
        return ImageFont.truetype(path, size)
    log.warning("no TrueType font found (set KOZYR_FONT): sheet pictures lack Cyrillic")
    return ImageFont.load_default(size)


@dataclass(frozen=True)
class SheetPicture:
    """What the picture shows, already translated: plain text, no HTML.

    ``marks`` lists (row, column) cells drawn in the bait colour.
    """

    title: str
    subtitle: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    footer: tuple[str, ...] = ()
    marks: frozenset[tuple[int, int]] = field(default_factory=frozenset)


def _fit(text: str, font: Font, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels: its longest start that fits with the
    ellipsis (found by halving, a few measures even for a name of thousands of characters)."""
    if font.getlength(text) <= width:
        return text
    fits, too_long = 0, len(text)  # text[:too_long] + "…" is wider than ``width``
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if font.getlength(text[:mid] + "…") <= width:
            fits = mid
        else:
            too_long = mid
    return text[:fits] + "…"


def _wrap(text: str, font: Font, width: float) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` pixels (a long word is cut)."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and font.getlength(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    lines.append(current)
    return [_fit(line, font, width) for line in lines]


def _line_height(font: Font) -> int:
    box = font.getbbox("ЙAgjy|")
    return int(box[3] - box[1])


#: A character no font maps (private use): what a font draws for a character it lacks.
_UNMAPPED = "\ue000"


@cache
def has_glyph(font: Font, char: str) -> bool:
    """True when ``font`` draws ``char`` itself, not the box it draws for any character it has
    no glyph for (Pillow names no glyph index: the two masks are compared)."""

    def drawn(c: str) -> tuple[tuple[int, int], bytes]:
        mask = font.getmask(c)
        return mask.size, bytes(mask)
    return drawn(char) != drawn(_UNMAPPED)


#: How the chat marks a bot seat's name ("🤖 новичок"); the picture says it in a word.
BOT_MARK = "🤖"

def _drawable(text: str) -> str:
    """``text`` without the characters the picture's fonts (regular and bold) cannot draw
    (emoji, a chat title's ⭐): a box or a blank gap reads worse than nothing; the space such a
    character leaves at either end or doubled goes with it."""
    fonts = (load_font(TEXT_SIZE), load_font(TEXT_SIZE, True))
    kept = "".join(c for c in text if c.isspace() or all(has_glyph(f, c) for f in fonts))
    return _SPACES.sub(" ", kept).strip(" ") if kept != text else text


_SPACES = re.compile(" {2,}")


def _drawable_picture(pic: SheetPicture) -> SheetPicture:
    """``pic`` with every text passed through `_drawable`; a column whose whole name the fonts
    cannot draw (a player named in a script DejaVu lacks, "山田") is headed by its number
    ("#2"), never left blank."""
    header = tuple(_drawable(h) or (f"#{i}" if h.strip() else "") for i, h in enumerate(pic.header))
    return SheetPicture(_drawable(pic.title), _drawable(pic.subtitle), header,
                        tuple(tuple(map(_drawable, row)) for row in pic.rows),
                        tuple(map(_drawable, pic.footer)), pic.marks)


@dataclass(frozen=True)
class Layout:
    """Where the table of a picture goes: the picture's ``width``, each column's width and
    each row's cells broken into lines (a long note takes a second line rather than being cut,
    issue #20)."""

    width: int
    widths: tuple[float, ...]
    cells: tuple[tuple[tuple[str, ...], ...], ...]


#: Lines a sheet cell may take before the rest is cut (a note of two declarations fits).
CELL_LINES = 3


def layout(pic: SheetPicture) -> Layout:
    """The columns' widths (the last one, a game's notes, may take the room left up to the
    maximum width) and every cell of ``pic``'s rows broken into lines that fit its column."""
    bold_font, text_font = load_font(TEXT_SIZE, True), load_font(TEXT_SIZE)
    title_font, small_font = load_font(TITLE_SIZE, True), load_font(SMALL_SIZE)
    columns = len(pic.header)
    widths: list[float] = []
    for i in range(columns):
        texts = [pic.header[i], *(row[i] for row in pic.rows if i < len(row))]
        widest = max(max(bold_font.getlength(t) for t in texts), bold_font.getlength("0000"))
        cap = (max(MAX_COLUMN, MAX_WIDTH - 2 * MARGIN - sum(widths) - 2 * CELL_PAD_X)
               if i == columns - 1 and i > 0 else MAX_COLUMN)
        widths.append(min(widest, cap) + 2 * CELL_PAD_X)
    room = MAX_WIDTH - 2 * MARGIN
    for i in range(columns):  # a header cut at MAX_COLUMN while the picture has room: whole
        spare = room - sum(widths)
        need = bold_font.getlength(pic.header[i]) + 2 * CELL_PAD_X - widths[i]
        if need > 0 and spare > 0:
            widths[i] += min(need, spare)
    if sum(widths) > room:  # long names in several columns: all narrower, their cells wrap
        widths = [w * room / sum(widths) for w in widths]
    text_widths = [title_font.getlength(pic.title), small_font.getlength(pic.subtitle),
                   *(bold_font.getlength(line) + 16 for line in pic.footer)]
    width = int(min(MAX_WIDTH, max(MIN_WIDTH, sum(widths) + 2 * MARGIN,
                                   max(text_widths) + 2 * MARGIN)))
    width = max(width, int(sum(widths)) + 2 * MARGIN)
    if sum(widths) + 2 * MARGIN < width and columns > 1:  # stretch the side columns
        extra = (width - 2 * MARGIN - sum(widths)) / (columns - 1)
        widths = [widths[0]] + [w + extra for w in widths[1:]]
    cells = []
    for r, row in enumerate(pic.rows):
        line = []
        for i, text in enumerate(row[:columns]):
            font = bold_font if (r, i) in pic.marks else text_font
            wrapped = _wrap(text, font, widths[i] - 2 * CELL_PAD_X)
            if len(wrapped) > CELL_LINES:
                rest = " ".join(wrapped[CELL_LINES - 1:])
                wrapped = [*wrapped[:CELL_LINES - 1], _fit(rest, font, widths[i] - 2 * CELL_PAD_X)]
            line.append(tuple(wrapped))
        cells.append(tuple(line))
    return Layout(width, tuple(widths), tuple(cells))


def render_png(pic: SheetPicture) -> bytes:
    """Draw ``pic`` (emoji dropped: the font has none) and return the PNG file's bytes."""
    pic = _drawable_picture(pic)
    title_font, text_font = load_font(TITLE_SIZE, True), load_font(TEXT_SIZE)
    bold_font, small_font = load_font(TEXT_SIZE, True), load_font(SMALL_SIZE)
    columns = len(pic.header)
    plan = layout(pic)
    width, widths = plan.width, list(plan.widths)
    footer = [(k == 0, line) for k, text in enumerate(pic.footer)
              for line in _wrap(text, bold_font if k == 0 else text_font, width - 2 * MARGIN - 16)]
    text_h = _line_height(bold_font)
    row_h = text_h + 2 * CELL_PAD_Y + 6
    line_gap = text_h + 8  # a cell's second line below its first
    heights = [row_h + line_gap * (max((len(c) for c in cells), default=1) - 1)
               for cells in plan.cells]
    title_h = _line_height(title_font) + 14
    sub_h = _line_height(small_font) + 18 if pic.subtitle else 0
    foot_h = len(footer) * (_line_height(text_font) + 14)
    height = MARGIN + title_h + sub_h + row_h + sum(heights) + 20 + foot_h + MARGIN
    image = Image.new("RGB", (width, int(height)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = float(MARGIN)
    draw.text((MARGIN, y), _fit(pic.title, title_font, width - 2 * MARGIN), font=title_font,
              fill=INK)
    y += title_h
    if pic.subtitle:
        draw.text((MARGIN, y), _fit(pic.subtitle, small_font, width - 2 * MARGIN),
                  font=small_font, fill=MUTED)
        y += sub_h
    table_top = y
    lefts = [MARGIN + sum(widths[:i]) for i in range(columns)]
    right = MARGIN + sum(widths)
    draw.rectangle((MARGIN, y, right, y + row_h), fill=HEADER_FILL)
    for i, text in enumerate(pic.header):
        draw.text((lefts[i] + CELL_PAD_X, y + CELL_PAD_Y), _fit(text, bold_font, widths[i]
                  - 2 * CELL_PAD_X), font=bold_font, fill=HEADER_INK)
    y += row_h
    row_tops = []
    for r, cells in enumerate(plan.cells):
        row_tops.append(y)
        if r % 2:
            draw.rectangle((MARGIN, y, right, y + heights[r]), fill=STRIPE)
        for i, lines in enumerate(cells):
            ink = BAIT_INK if (r, i) in pic.marks else INK
            font = bold_font if (r, i) in pic.marks else text_font
            for k, text in enumerate(lines):
                draw.text((lefts[i] + CELL_PAD_X, y + CELL_PAD_Y + k * line_gap), text,
                          font=font, fill=ink)
        y += heights[r]
    draw.rectangle((MARGIN, table_top, right, y), outline=GRID, width=2)
    for left in lefts[1:]:
        draw.line((left, table_top, left, y), fill=GRID, width=2)
    for line_y in [table_top + row_h, *row_tops[1:]]:
        draw.line((MARGIN, line_y, right, line_y), fill=GRID, width=1)
    y += 20
    for first, line in footer:
        font = bold_font if first else text_font
        if first:
            draw.rectangle((MARGIN, y - 6, width - MARGIN, y + _line_height(font) + 8),
                           fill=TOTALS_FILL)
        draw.text((MARGIN + 8, y), _fit(line, font, width - 2 * MARGIN - 16), font=font, fill=INK)
        y += _line_height(text_font) + 14
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def sheet_picture(tr: Translator, info: TableInfo, sheet: Mapping[str, Any], *,
                  subtitle: str = "", result: str = "") -> SheetPicture:
    """The picture's content for a score sheet (the same columns as ``render_sheet``).

    Args:
        tr: the chat's language.
        info: names of the seats (the sides come from the sheet).
        sheet: ``Match.score_sheet``.
        subtitle: e.g. the chat's title and the date.
        result: the result line in plain text ("" while the match runs).
    """
    note_header = tr.maybe(f"sheet.note.{info.game}", "")
    header = (tr("sheet.deal"), *side_names(tr, info, sheet),
              *([note_header] if note_header else []))
    rows: list[tuple[str, ...]] = []
    marks: set[tuple[int, int]] = set()
    shown: Sequence[dict[str, Any]] = sheet["rows"]
    if len(shown) > MAX_ROWS:
        hidden = len(shown) - MAX_ROWS + 1
        shown = shown[-(MAX_ROWS - 1):]
        rows.append(("…", tr("pic.earlier_rows", n=hidden)))
    for row in shown:
        cells = [str(c) for c in row["cells"]]
        for i, cell in enumerate(cells):
            if cell == "BT" or cell.startswith("vs("):
                marks.add((len(rows), i + 1))
        rows.append((str(row["deal"]), *(cell_text(tr, c) for c in cells),
                     *([note_text(tr, info, str(row.get("note", "")))] if note_header else [])))
    footer = []
    if sheet["rows"]:
        footer.append(totals_line(tr, info, sheet))  # a picture: plain text
    if sheet.get("pot"):
        footer.append(tr("score.pot_now", pot=num(tr, sheet["pot"])))
    footer += [unescape(key) for key in  # what vs(81) and [+81 vs] mean (DB-SHEET-3, 4)
               notation_keys(tr, (str(c) for r in shown for c in r["cells"]))]
    key = legend(tr, info, sheet)
    if key:
        footer.append(key)
    if result and totals_winner(info, sheet) is None:  # else the totals line said it
        footer.append(result)
    title = tr.maybe(f"game.{info.game}", info.game)
    # the font has no emoji: a bot seat ("🤖 новичок") is marked by a word instead (issue #20)
    bot = tr("pic.bot")

    def words(texts: Sequence[str]) -> tuple[str, ...]:
        return tuple(t.replace(BOT_MARK + " ", bot + " ").replace(BOT_MARK, bot) for t in texts)
    return SheetPicture(title, words([subtitle])[0], words(header), tuple(map(words, rows)),
                        words(footer), frozenset(marks))


def sheet_png(tr: Translator, info: TableInfo, sheet: Mapping[str, Any], *, subtitle: str = "",
              result: str = "") -> bytes:
    """The score sheet drawn as a PNG (see `sheet_picture`)."""
    return render_png(sheet_picture(tr, info, sheet, subtitle=subtitle, result=result))
