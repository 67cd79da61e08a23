"""Draw the pictures of the README from a real match, so that they never go stale.

A seeded two-player Deberts match is played through the engine by two bot players; the bot's own
render code turns it into the table message (the group's), a hand message (a player's private
one, with its buttons) and, at the end, the score sheet picture that ``/score`` offers. The two
messages are drawn as chat bubbles with Pillow; the sheet is
``bot.records.picture.sheet_png`` itself.

Run from the repository's root: ``.venv/bin/python docs/make_pictures.py`` (writes
``docs/img/*.png``; ``--out DIR`` writes elsewhere). ``tests/test_docs.py`` re-runs it and
compares the result with the committed files.
"""

from __future__ import annotations

import argparse
import html
import io
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
import engine.ai  # noqa: E402
from bot.i18n import Catalogs, Translator  # noqa: E402
from bot.model import Screen  # noqa: E402
from bot.records.picture import load_font  # noqa: E402
from bot.show.common import TableInfo  # noqa: E402
from bot.show.display import with_sides  # noqa: E402
from bot.show.hand import render_hand  # noqa: E402
from bot.show.sheet import result_line  # noqa: E402
from bot.show.table import render_table  # noqa: E402

OUT = ROOT / "docs" / "img"
SEED = 2026
NAMES = ("Anna", "Boris")
CHAT = "Card club"
#: The moment drawn: in this deal, the first time seat 0 answers a card led to a trick.
SHOW_DEAL = 2

WIDTH, PAD, GAP, TEXT_SIZE = 640, 22, 8, 22
CHAT_BG, BUBBLE, INK, BUTTON, BUTTON_INK, MUTED = ("#dfe7ee", "#ffffff", "#1c2430", "#f1f5f8",
                                                   "#2b6cb0", "#6b7785")


def play_match() -> tuple[engine.Match, dict[str, Any]]:
    """Play the seeded match to its end; return it and the snapshot of the moment drawn
    (``table``: public view, ``hand``: seat 0's view, ``codes``: seat 0's legal codes)."""
    match = engine.get_game("deberts").new_match(players=2, seed=SEED)
    players = [engine.ai.get_player("easy", "deberts") for _ in NAMES]
    rng = random.Random(SEED)
    snapshot: dict[str, Any] = {}
    while not match.is_over:
        view = match.public_view()
        seat = match.to_move
        assert seat is not None, "a running match always has a seat to move"
        if (not snapshot and view.get("deal") == SHOW_DEAL and view["phase"] == "play"
                and seat == 0 and view["groups"].get("trick")):
            snapshot = {"table": view, "hand": match.view(0),
                        "codes": match.legal_actions(0)}
        match.apply(seat, players[seat].choose(match, seat, rng))
    if not snapshot:
        raise RuntimeError("the seeded match never reached the moment to draw: change SHOW_DEAL")
    return match, snapshot


def _segments(line: str) -> list[tuple[str, bool]]:
    """A line of Telegram HTML as (text, bold) pieces; other tags are dropped."""
    pieces: list[tuple[str, bool]] = []
    bold = False
    for token in re.split(r"(</?b>)", line):
        if token in ("<b>", "</b>"):
            bold = token == "<b>"
        elif token:
            text = html.unescape(re.sub(r"<[^>]+>", "", token))
            # The font has no emoji (🃏, 🤖): leave them out rather than draw empty boxes.
            text = "".join(ch for ch in text if ord(ch) < 0x10000).lstrip() if not pieces \
                else "".join(ch for ch in text if ord(ch) < 0x10000)
            pieces.append((text, bold))
    return pieces


def _wrap(pieces: list[tuple[str, bool]], width: float) -> list[list[tuple[str, bool]]]:
    """Break a line of pieces into lines no wider than ``width`` pixels, at spaces."""
    fonts = {False: load_font(TEXT_SIZE), True: load_font(TEXT_SIZE, True)}
    lines: list[list[tuple[str, bool]]] = [[]]
    used = 0.0
    for text, bold in pieces:
        for word in re.split(r"(\s+)", text):
            if not word:
                continue
            size = fonts[bold].getlength(word)
            if used + size > width and used > 0 and not word.isspace():
                lines.append([])
                used = 0.0
            if word.isspace() and used == 0:
                continue
            lines[-1].append((word, bold))
            used += size
    return lines


def chat_png(screen: Screen, sender: str) -> bytes:
    """``screen`` drawn as a chat message: a bubble with the text, the buttons below it."""
    fonts = {False: load_font(TEXT_SIZE), True: load_font(TEXT_SIZE, True)}
    small = load_font(TEXT_SIZE - 4, True)
    line_h = int(TEXT_SIZE * 1.45)
    inner = WIDTH - 4 * PAD
    lines = [wrapped for raw in screen.text.split("\n") for wrapped in _wrap(_segments(raw), inner)]
    button_h = line_h + 14
    bubble_h = PAD + line_h + len(lines) * line_h + PAD
    height = PAD + bubble_h + len(screen.buttons) * (button_h + GAP) + PAD
    image = Image.new("RGB", (WIDTH, height), CHAT_BG)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((PAD, PAD, WIDTH - PAD, PAD + bubble_h), radius=16, fill=BUBBLE)
    x0, y = 2 * PAD, PAD + PAD // 2
    draw.text((x0, y), sender, font=small, fill=BUTTON_INK)
    y += line_h
    for line in lines:
        x = float(x0)
        for text, bold in line:
            draw.text((x, y), text, font=fonts[bold], fill=INK)
            x += fonts[bold].getlength(text)
        y += line_h
    y = PAD + bubble_h + GAP
    for row in screen.buttons:
        each = (WIDTH - 2 * PAD - GAP * (len(row) - 1)) / len(row)
        for k, button in enumerate(row):
            left = PAD + k * (each + GAP)
            draw.rounded_rectangle((left, y, left + each, y + button_h), radius=10, fill=BUTTON)
            label = button.text
            while fonts[False].getlength(label) > each - 12 and len(label) > 2:
                label = label[:-2] + "…"
            tw = fonts[False].getlength(label)
            draw.text((left + (each - tw) / 2, y + 7), label, font=fonts[False], fill=BUTTON_INK)
        y += button_h + GAP
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def pictures(tr: Translator | None = None) -> dict[str, bytes]:
    """File name -> PNG bytes of every picture the README shows."""
    from bot.records.picture import sheet_png  # the same function /score's picture button uses

    tr = tr or Catalogs().translator("en")
    match, snap = play_match()
    info = with_sides(TableInfo(table_id=1, version=1, game="deberts", chat_title=CHAT,
                                names=NAMES), match)
    table = render_table(tr, info, snap["table"])
    hand = render_hand(tr, info, snap["hand"], snap["codes"])
    sheet = match.score_sheet
    return {
        "table.png": chat_png(table, "kozyr · " + CHAT),
        "hand.png": chat_png(hand, "kozyr · private chat"),
        "sheet.png": sheet_png(tr, info, sheet, subtitle=CHAT,
                               result=html.unescape(result_line(tr, info, sheet))),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write the pictures to ``--out`` (default ``docs/img``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in pictures().items():
        (args.out / name).write_bytes(data)
        print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
