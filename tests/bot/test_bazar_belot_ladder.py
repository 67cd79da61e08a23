"""Bazar-Belot's bid ladder as a new player meets it (issue #20 item 9): the first screen offers
the levels one would actually bid, the next eight above the highest bid, and the higher levels
(legal up to 112, BB-BID-7) sit behind one labelled button per strain; every legal bid is two
taps away at most, the lowest ones one tap. Render tests in every language."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from bot.discord.views import arrange
from bot.i18n import LANGS, Catalogs
from bot.model import ActData, ExpandData
from bot.show.common import TableInfo
from bot.show.hand import hand_buttons

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "bazar_belot", "Club", ("Anna", "Boris", "Vera", "Gleb"),
                 sides=((0, 2), (1, 3)))
#: Telegram's limit of buttons on one message
TELEGRAM_BUTTONS = 100
HIGHER = {"ru": "и выше…", "uk": "і вище…", "en": "and up…"}


def _levels(texts: list[str]) -> set[int]:
    return {int(x.group(1)) for t in texts if (x := re.match(r"(\d+)", t))}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("calls", [(), ("bid:12:H",)])
def test_first_screen_offers_the_next_levels_and_a_button_for_the_rest(
        lang: str, calls: tuple[str, ...]) -> None:  # BB-BID-7, BB-BID-8
    tr = CATALOGS.translator(lang)
    view, codes = _apply(calls)
    bids = [c for c in codes if c.startswith("bid:") and c.split(":")[1].isdigit()]
    low = min(int(c.split(":")[1]) for c in bids)
    top = [b for row in hand_buttons(tr, INFO, view, codes) for b in row]
    texts = [b.text for b in top]
    higher = [b for b in top if b.text.endswith(HIGHER[lang])]
    # the first screen's levels: the next eight, no number a player would never bid
    assert _levels([b.text for b in top if b not in higher]) == set(range(low, low + 8)), texts
    assert not any("112" in t for t in texts), texts
    # the lowest levels in one tap, every strain
    direct = {b.data.code for b in top if isinstance(b.data, ActData)}
    assert {f"bid:{low}:{s}" for s in ("C", "D", "H", "S", "NT")} <= direct
    # one "and up" button per strain, starting above the eighth level
    assert [b.text for b in higher] == [f"{low + 8}{s} {HIGHER[lang]}" for s in "♣♦♥♠"] + [
        f"{low + 8} {'NT' if lang == 'en' else 'БК'} {HIGHER[lang]}",
        f"{max(low + 8, 20)} {'AT' if lang == 'en' else 'ВК'} {HIGHER[lang]}"], texts
    # every legal bid within two taps, no page over Telegram's limit
    reached = set(direct)
    for b in top:
        if isinstance(b.data, ExpandData):
            rows = hand_buttons(tr, INFO, view, codes, expanded=b.data.prefix)
            page = [x for row in rows for x in row]
            assert len(page) <= TELEGRAM_BUTTONS
            arrange(rows)  # Discord too: five rows, the rest in choice menus
            assert all(not isinstance(x.data, ExpandData) or x.data.prefix == "" for x in page)
            reached |= {x.data.code for x in page if isinstance(x.data, ActData)}
    assert reached == set(codes)


def _apply(calls: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1)
    for code in calls:
        assert m.to_move is not None
        m.apply(m.to_move, code)
    seat = m.to_move
    assert seat is not None
    return m.view(seat), list(m.legal_actions(seat))
