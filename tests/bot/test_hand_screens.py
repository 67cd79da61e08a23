"""What a hand message reads (render tests, three languages): the clock where the player
presses, the trick he has played to while he waits, and the Discord form of the clock."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

import engine
from bot.discord.markup import to_markdown
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, card_text
from bot.show.display import _clock
from bot.show.hand import render_hand
from storage import GameTable

CATALOGS = Catalogs()


def _deadline_line(lang: str) -> tuple[str, datetime]:
    deadline = (datetime.now(UTC) + timedelta(seconds=90)).replace(microsecond=0)
    table = GameTable(chat_id=1, game="deberts", status="playing", deadline=deadline)
    line = _clock(CATALOGS.translator(lang), table)
    assert line is not None
    return line, deadline


@pytest.mark.parametrize("lang", LANGS)
def test_the_mover_sees_his_clock(lang: str) -> None:  # the clock where he presses
    tr = CATALOGS.translator(lang)
    line, _ = _deadline_line(lang)
    m = engine.get_game("deberts").new_match(players=2, seed=3)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"), clock=line)
    mover = m.to_move
    assert mover is not None
    mine = render_hand(tr, info, m.view(mover), m.legal_actions(mover)).text
    theirs = render_hand(tr, info, m.view(1 - mover), m.legal_actions(1 - mover)).text
    assert line in mine and line not in theirs


@pytest.mark.parametrize("lang", LANGS)
def test_after_playing_the_hand_shows_the_trick(lang: str) -> None:  # DB-PLAY (the trick)
    tr = CATALOGS.translator(lang)
    m = engine.get_game("bazar_belot").new_match(players=4, seed=3)
    rng = random.Random(2)
    def leads() -> bool:  # a card to lead, to an empty trick
        seat = m.to_move
        return seat is not None and not m.public_view()["groups"].get("trick") and any(
            c.startswith("play:") for c in m.legal_actions(seat))

    while not leads():
        seat = m.to_move
        assert seat is not None
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    names = ("Anna", "Boris", "Vera", "Gleb")
    info = TableInfo(1, 1, "bazar_belot", "Club", names, sides=((0, 2), (1, 3)))
    leader = m.to_move
    assert leader is not None
    code = next(c for c in m.legal_actions(leader) if c.startswith("play:"))
    m.apply(leader, code)
    card = card_text(code.split(":")[1], tr)
    after = render_hand(tr, info, m.view(leader), m.legal_actions(leader)).text
    assert f"{names[leader]} {card}" in after  # his own card, in the trick he waits on
    later = (leader + 2) % 4  # his partner plays after the next one: no card in it yet
    text = render_hand(tr, info, m.view(later), m.legal_actions(later)).text
    assert f"{names[leader]} {card}" not in text  # nothing to edit his hand for, each card


def test_discord_shows_the_clock_in_each_readers_time() -> None:  # Discord's <t:unix:T>
    line, deadline = _deadline_line("en")
    shown = to_markdown(line)
    assert f"<t:{int(deadline.timestamp())}:T>" in shown and "UTC" not in shown
    assert shown == f"⏱ move by <t:{int(deadline.timestamp())}:T>"
    later = deadline + timedelta(days=2)  # another day: Discord's full date and time
    table = GameTable(chat_id=1, game="deberts", status="playing", deadline=later)
    far = _clock(CATALOGS.translator("en"), table)
    assert far is not None and to_markdown(far) == f"⏱ move by <t:{int(later.timestamp())}:F>"


@pytest.mark.parametrize("lang", LANGS)
def test_the_bidder_sees_the_auction_on_his_hand(lang: str) -> None:  # MB-BID-1, BB-PLAY-12
    from tests.bot.test_married_bridge_screens import opened_auction

    tr = CATALOGS.translator(lang)
    m, opener = opened_auction("bid:2:H")
    names = ("Anna", "Boris")
    info = TableInfo(1, 1, "married_bridge", "Club", names)
    mover = 1 - opener
    text = render_hand(tr, info, m.view(mover), m.legal_actions(mover)).text
    assert f"{tr('table.calls')}: {names[opener]} 2♥" in text
    waiting = render_hand(tr, info, m.view(opener), m.legal_actions(opener)).text
    # the auction stays on a waiting hand too (a reader lost track of his own bid, issue #18):
    # a call edits both hands while the auction lasts
    assert f"{tr('table.calls')}: {names[opener]} 2♥" in waiting
