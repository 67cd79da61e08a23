"""Pair games at the bot: the lobby laid out in two pairs with a button per free seat, Join's
random (but reproducible) seat, and the hand of the lone player's partner in Bazar-Belot's kapo
on one hand (issue #4).

Pairs: seats 0 and 2 against 1 and 3 (docs/design.md "Seats", BB-DEAL-1, BERG-SETUP-1); shown
to players as seats 1+3 and 2+4.
"""

from __future__ import annotations

import re

import pytest

import engine
from bot.discord import ids
from bot.i18n import LANGS, Catalogs
from bot.model import ActData, LobbyData
from bot.show.common import TableInfo, card_text
from bot.show.hand import out_of_play_line, render_hand
from bot.show.lobby import render_lobby
from bot.tables.lobby import free_seat, lobby_choices, lobby_defaults, seat_arg
from bot.telegram.callbacks import LobbyCb, pack

NAMES = ("Anna", "Boris", "Clara", "Denis")
INFO = TableInfo(table_id=9, version=4, game="bazar_belot", chat_title="Club", names=NAMES)


def _lobby(lang: str, names: list[str | None], *, table_id: int = 12) -> tuple[str, list]:
    screen = render_lobby(Catalogs().translator(lang), table_id=table_id, game="bazar_belot",
                          names=names, options={"target": 301}, choices={"target": [301, 501]},
                          min_players=4, max_players=4, pairs=True)
    return screen.text, [b for row in screen.buttons for b in row]


def test_lobby_lays_the_seats_out_in_two_pairs() -> None:  # BB-DEAL-1
    text, buttons = _lobby("en", ["Anna", None, "Boris", None])
    assert "Pair 1+3 (NS): 1. Anna · 3. Boris" in text
    assert "Pair 2+4 (EW): 2. — · 4. —" in text
    sit = [b for b in buttons if isinstance(b.data, LobbyData) and b.data.op == "sit"]
    # a button for each free seat only, a pair's seats on one row
    assert [(b.text, b.data.arg) for b in sit] == [("🪑 Seat 2", "1"), ("🪑 Seat 4", "3")]
    assert "Join" in [b.text for b in buttons]


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_pairs_in_every_language(lang: str) -> None:  # BB-DEAL-1
    text, buttons = _lobby(lang, ["Anna", "Clara", None, "Denis"])
    tr = Catalogs().translator(lang)
    ns, ew = tr("pair.bazar_belot.ns"), tr("pair.bazar_belot.ew")  # as the game says them
    assert tr("lobby.pair", pair=f"1+3 ({ns})", seats="1. Anna · 3. —") in text
    assert tr("lobby.pair", pair=f"2+4 ({ew})", seats="2. Clara · 4. Denis") in text
    assert [b.text for b in buttons if isinstance(b.data, LobbyData) and b.data.op == "sit"] \
        == [tr("lobby.sit", seat=3)]
    assert "{" not in text


def test_full_pair_lobby_has_no_seat_buttons() -> None:
    _, buttons = _lobby("ru", list(NAMES))
    assert not [b for b in buttons if isinstance(b.data, LobbyData) and b.data.op == "sit"]


def test_seat_buttons_fit_both_platforms() -> None:
    big = 2**62 - 1  # the largest table id a button may carry
    _, buttons = _lobby("en", [None, None, None, None], table_id=big)
    for b in buttons:
        assert isinstance(b.data, LobbyData)
        data = pack(b.data)
        assert len(data.encode()) <= 64, data  # Telegram's callback data limit
        assert LobbyCb.unpack(data).to_data() == b.data
        assert ids.unpack(ids.pack(b.data)) == b.data  # Discord custom ids
    assert pack(LobbyData(big, "sit", "3")) == f"l|{big}|sit|3"


def test_seat_argument_is_checked() -> None:
    assert [seat_arg(a, 4) for a in ("0", "3", "4", "-1", "", "x", "٣", "003", "03")] == \
        [0, 3, None, None, None, None, None, None, None]


def test_join_takes_a_random_free_seat_reproducibly() -> None:
    for table_id in range(1, 40):
        first = free_seat(table_id, {0}, 4, at_random=True)
        assert first in (1, 2, 3)
        assert free_seat(table_id, {0}, 4, at_random=True) == first  # the same presses, same seat
        assert free_seat(table_id, {0, 1, 2}, 4, at_random=True) == 3
    assert {free_seat(t, {0}, 4, at_random=True) for t in range(1, 40)} == {1, 2, 3}
    assert free_seat(5, {0, 2}, 4, at_random=False) == 1  # single-player games: the lowest


# ---------------------------------------------------------------- kapo on one hand


def _kapo1(caller: int) -> engine.Match:
    """A fresh Bazar-Belot match in which ``caller`` calls kapo on one hand in spades before
    anyone else calls (BB-BID-11), which ends the bidding (BB-BID-12)."""
    m = engine.get_game("bazar_belot").new_match(players=4, seed=5)
    assert "bid:kapo1:S" in m.legal_actions(caller)
    m.apply(caller, "bid:kapo1:S")
    return m


@pytest.mark.parametrize("caller", [0, 1, 2, 3])
def test_partner_of_the_lone_player_is_told_his_hand_is_out(caller: int) -> None:
    # BB-BID-4, BB-PLAY-10: the partner's cards are out of play, he has no move to make.
    m = _kapo1(caller)
    partner = (caller + 2) % 4
    tr = Catalogs().translator("en")
    codes = m.legal_actions(partner)
    assert codes == []
    screen = render_hand(tr, INFO, m.view(partner), codes)
    assert (f"⛔ Your hand is out of play this deal: {NAMES[caller]} plays alone "
            "(kapo on one hand).") in screen.text
    assert "Cards out of play" not in screen.text  # the table's line, said once, not twice
    assert screen.buttons == ()
    assert "Your cards" in screen.text  # his cards are still shown to him
    for seat in (caller, (caller + 1) % 4, (caller + 3) % 4):
        assert out_of_play_line(tr, INFO, m.view(seat)) is None
    assert out_of_play_line(tr, INFO, m.public_view()) is None


def test_out_of_play_line_in_russian_and_ukrainian() -> None:  # BB-PLAY-10
    m = _kapo1(1)
    ru = render_hand(Catalogs().translator("ru"), INFO, m.view(3), []).text
    assert "Ваши карты в этой сдаче не играют: Boris играет в одиночку" in ru
    uk = render_hand(Catalogs().translator("uk"), INFO, m.view(3), []).text
    assert "Ваші карти в цій роздачі не грають: Boris грає наодинці" in uk


def test_partner_keeps_only_recontra_after_a_contra() -> None:  # BB-BID-13, BB-BID-15
    m = _kapo1(0)
    defender = next(s for s in (1, 3) if "contra" in m.legal_actions(s))
    m.apply(defender, "contra")
    codes = m.legal_actions(2)
    assert codes == ["recontra"]
    screen = render_hand(Catalogs().translator("en"), INFO, m.view(2), codes)
    assert "out of play" in screen.text
    datas = [b.data for row in screen.buttons for b in row]
    assert [d.code for d in datas if isinstance(d, ActData)] == ["recontra"]  # no card button


@pytest.mark.parametrize("game", ["bazar_belot", "berg"])
def test_table_message_names_the_pairs(game: str) -> None:  # BB-DEAL-1, BERG-SETUP-1
    from bot.show.display import with_sides
    from bot.show.table import render_table

    m = engine.get_game(game).new_match(players=4, seed=2)
    info = with_sides(TableInfo(1, 1, game, "Club", NAMES), m)
    assert sorted(map(sorted, info.sides)) == [[0, 2], [1, 3]]
    header = render_table(Catalogs().translator("en"), info, m.public_view()).text.splitlines()[1]
    if game == "berg":  # a pair by its captain and its seats (BERG-SCORE-6/7)
        assert "Anna (1+3)" in header or "Clara (1+3)" in header, header
        assert "Boris (2+4)" in header or "Denis (2+4)" in header, header
        return
    assert "Anna, Clara" in header or "Clara, Anna" in header  # partners: seats 0 and 2
    assert "Boris, Denis" in header or "Denis, Boris" in header  # partners: seats 1 and 3


def test_deal_record_keeps_the_partners_hand_secret() -> None:  # BB-PLAY-12
    """After a kapo-on-one-hand deal the deal record shows every hand but the partner's, which
    "is seen by nobody else"; the lone player's and the defenders' hands are listed."""
    import random

    from bot.records.core import deal_record
    from bot.records.text import render_deal_record

    m = engine.get_game("bazar_belot").new_match(players=4, seed=5)
    actions: list[tuple[int, str]] = [(1, "bid:kapo1:S")]
    m.apply(1, "bid:kapo1:S")
    rng = random.Random(3)
    scored = False
    while not scored:
        seat = m.to_move
        assert seat is not None
        code = rng.choice([c for c in m.legal_actions(seat) if c not in ("contra", "recontra")])
        actions.append((seat, code))
        scored = any(e.to_dict()["type"] == "deal_scored" for e in m.apply(seat, code))
    data = {"game": "bazar_belot", "players": 4, "options": {}, "seed": 5, "actions": actions}
    record = deal_record(data, 1)
    assert record is not None
    text = render_deal_record(Catalogs().translator("en"), INFO, record)
    assert len(record.hands[3]) == 8
    assert f"{NAMES[3]}: not shown: out of play (kapo on one hand)" in text
    tr = Catalogs().translator("en")
    from bot.show.common import sort_hand

    trump = next((e["suit"] for e in record.events if e["type"] == "trump"), None)
    for seat in (0, 1, 2):  # sorted as a player sorts them, trumps first
        assert f"{NAMES[seat]}: " + " ".join(
            card_text(c, tr) for c in sort_hand(record.hands[seat], trump, INFO.game)) in text


@pytest.mark.parametrize("lang", LANGS)
def test_berg_lobby_names_each_pair_one_way(lang: str) -> None:  # BERG-SETUP-1
    """The pair lines and the captains' options name a pair by its seats, as the lobby numbers
    them (players 1-4, pairs 1+3 and 2+4), never "pair 1" in one line and "pair 1+3" in the
    next."""
    tr = Catalogs().translator(lang)
    options = lobby_defaults("berg")
    screen = render_lobby(tr, table_id=3, game="berg", names=["Anna", "Boris", None, "Denis"],
                          options=options, choices=lobby_choices("berg", options),
                          min_players=4, max_players=4, pairs=True)
    lines = screen.text.splitlines()
    for pair, seats, captain in (("1+3", "1. Anna · 3. —", "opt.captain_02"),
                                 ("2+4", "2. Boris · 4. Denis", "opt.captain_13")):
        assert tr("lobby.pair", pair=pair, seats=seats) in lines
        assert pair in tr(captain)  # "Captain of pair 1+3"
    named = [line for line in lines if re.search(r"\b(Pair|Пара) \d\b(?!\+)", line)]
    assert not named, named


@pytest.mark.parametrize("lang", LANGS)
def test_berg_lobby_prices_only_full_insurance(lang: str) -> None:  # BERG-INS-6
    """Without insurance (or with another kind) the lobby shows no price of full insurance."""
    tr = Catalogs().translator(lang)
    for kind in ("none", "full", "permanent", "half", "absolute", "simple"):
        options = {**lobby_defaults("berg"), "insurance_type": kind}
        screen = render_lobby(tr, table_id=3, game="berg", names=list(NAMES), options=options,
                              choices=lobby_choices("berg", options), min_players=4,
                              max_players=4, pairs=True)
        texts = [screen.text, *(b.text for row in screen.buttons for b in row)]
        assert any(tr("opt.full_insurance_price") in t for t in texts) == (kind == "full"), kind
