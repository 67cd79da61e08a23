"""Fair ratings (issue #18, item 5): the rules of bot/records/fair.py, then on a real database
(SQLite, and PostgreSQL when configured) what a finished match writes: a match with a bot
player or with many moves made by the bot changes no rating and /stats counts
it apart; a player who left a rated match loses it, his partner's rating stays."""

from __future__ import annotations

from sqlmodel import select

from bot.i18n import Catalogs
from bot.model import ActData, LobbyData
from bot.records.fair import (
    BOT_MOVES,
    BOTS,
    MAX_BOT_SHARE,
    TAKEBACKS,
    SeatPlay,
    forfeit_places,
    judge,
    tally,
    unrated_reason,
)
from bot.records.service import Records
from bot.state.load import load
from bot.tables.play import MAX_TIMEOUTS
from bot.tables.service import TableService
from storage import Store
from storage.models import MatchResult, Rating
from storage.records import RecordsRepo
from tests.records.conftest import GROUP, PEOPLE, RecordingMessenger, finished_table
from tests.records.test_records_service import force_winner

ALICE, BOB, CAROL, DAVE = PEOPLE
PAIRS = [[0, 2], [1, 3]]


def test_a_bot_seat_or_takebacks_make_a_match_unrated() -> None:
    assert unrated_reason(bot_seats=False, options={}) == ""
    assert unrated_reason(bot_seats=True, options={}) == BOTS
    # the lobby stores the option as "off" / "on" (bot/tables/lobby.py)
    assert unrated_reason(bot_seats=False, options={"takebacks": "on"}) == TAKEBACKS
    assert unrated_reason(bot_seats=False, options={"takebacks": "off"}) == ""
    humans = [SeatPlay(0, True), SeatPlay(1, True)]
    assert judge(humans, [[0], [1]], {}).rated
    assert judge([SeatPlay(0, True), SeatPlay(1, False)], [[0], [1]], {}).reason == BOTS
    assert judge(humans, [[0], [1]], {"takebacks": "on"}).reason == TAKEBACKS
    assert judge(humans, [[0], [1]], {"takebacks": "off"}).rated


def test_a_seat_the_bot_played_too_often_makes_it_unrated() -> None:
    # 1 bot move in 10 is the most a rated seat may have; 2 in 10 is too many
    few = tally([(0, True, False), (1, True, False)],
                [(0, i == 0) for i in range(10)] + [(1, False)] * 10)
    assert few[0].bot_share == MAX_BOT_SHARE and judge(few, [[0], [1]], {}).rated
    many = tally([(0, True, False), (1, True, False)],
                 [(0, i < 2) for i in range(10)] + [(1, False)] * 10)
    assert judge(many, [[0], [1]], {}).reason == BOT_MOVES
    assert tally([(0, True, False)], [])[0].bot_share == 0.0  # no moves: no share


def test_a_leaver_loses_for_his_side_and_his_partner_is_not_rated() -> None:
    # seat 0 left: his own bot moves do not unrate the match, his side is placed last
    seats = tally([(0, True, True), (1, True, False), (2, True, False), (3, True, False)],
                  [(0, True)] * 9 + [(s, False) for s in (1, 2, 3)] * 9)
    fair = judge(seats, PAIRS, {})
    assert fair.rated and fair.leavers == {0} and fair.unrated_seats == {2}
    assert [fair.rates(s) for s in range(4)] == [True, True, False, True]
    assert forfeit_places([1, 2], PAIRS, fair.leavers) == [2, 1]
    assert forfeit_places([2, 1], PAIRS, fair.leavers) == [2, 1]
    # three players, the winner left: the two others keep their order above him
    assert forfeit_places([1, 2, 3], [[0], [1], [2]], frozenset({0})) == [3, 1, 2]
    assert forfeit_places([1, 1, 3], [[0], [1], [2]], frozenset({2})) == [1, 1, 3]


async def test_bot_moves_unrate_the_match_and_stats_count_it_apart(
        store: Store, records: Records, messenger: RecordingMessenger) -> None:
    # a rated match first, then one where the bot made every move of Bob's seat
    await finished_table(store, records, game="deberts", players=[ALICE, BOB], seed=11)
    table, _ = await finished_table(store, records, game="deberts", players=[ALICE, BOB],
                                    seed=12, by_bot=lambda seq, seat: seat == 1)
    async with store.transaction() as tx:
        rows = await RecordsRepo(tx.session).seat_results(table.id or 0)
        result = await tx.session.get(MatchResult, table.id)
        ratings = (await tx.session.exec(select(Rating))).all()
    assert result is not None and not result.rated
    assert [(r.rated, r.rating_after) for r in rows] == [(False, None), (False, None)]
    assert sorted(r.matches for r in ratings) == [1, 1]  # the first match only
    await records.stats(GROUP, BOB, who="@alice")
    text = messenger.last().screen.text
    assert "played 2" in text and "rated 1, unrated 1" in text


async def test_the_leaver_loses_even_when_his_side_won(store: Store, records: Records) -> None:
    # Alice (seat 0) wins the match on points, but she left it: Bob gets the win, she the loss
    table, match = await finished_table(store, records, game="deberts", players=[ALICE, BOB],
                                        seed=11, chosen=force_winner(0), left=(0,),
                                        by_bot=lambda seq, seat: seat == 0)
    assert match.score_sheet["result"]["winner"] == 0
    async with store.transaction() as tx:
        rows = await RecordsRepo(tx.session).seat_results(table.id or 0)
        ratings = {r.user_id: r for r in (await tx.session.exec(select(Rating))).all()}
    assert [(r.outcome, r.rated) for r in rows] == [("loss", True), ("win", True)]
    assert rows[0].rating_after is not None and rows[0].rating_after < 1000
    assert rows[1].rating_after is not None and rows[1].rating_after > 1000
    assert ratings[rows[1].user_id].wins == 1 and ratings[rows[0].user_id].wins == 0


async def test_a_leavers_partner_keeps_his_rating(store: Store, records: Records) -> None:
    table, _ = await finished_table(store, records, game="bazar_belot", players=PEOPLE,
                                    seed=21, left=(2,), by_bot=lambda seq, seat: seat == 2)
    async with store.transaction() as tx:
        rows = await RecordsRepo(tx.session).seat_results(table.id or 0)
        rated = {r.user_id for r in (await tx.session.exec(select(Rating))).all()}
    assert [r.outcome for r in rows] == ["loss", "win", "loss", "win"]
    assert [r.rated for r in rows] == [False, True, True, True]
    assert rows[0].user_id not in rated and len(rated) == 3


async def test_three_time_outs_in_a_rated_match_are_leaving_it(
        store: Store, messenger: RecordingMessenger) -> None:
    service = TableService(store=store, catalogs=Catalogs(), messenger=messenger,
                           default_lang="en", new_seed=lambda: 5, ping_after=0)
    try:
        await service.lobby.new_table(GROUP, ALICE, "married_bridge")
        async with store.transaction() as tx:
            chat = await tx.upsert_chat("tg", GROUP.chat_ext_id, GROUP.title)
            table = await tx.active_table(chat.id or 0)
        assert table is not None and table.id is not None
        await service.lobby.press(BOB, LobbyData(table.id, "join"))
        await service.lobby.press(ALICE, LobbyData(table.id, "start"))
        timeouts = 0
        while timeouts < MAX_TIMEOUTS:
            async with store.transaction() as tx:
                loaded = await load(tx, table.id)
            assert loaded is not None and loaded.match is not None
            seat = loaded.match.to_move
            assert seat is not None
            if loaded.user(loaded.seats[seat]).name == "Bob":  # type: ignore[union-attr]
                await service.play.on_deadline(table.id, loaded.table.version)
                timeouts += 1
            else:
                code = loaded.match.legal_actions(seat)[0]
                assert await service.play.act(ALICE, ActData(table.id, loaded.table.version,
                                                             code)) == ""
        async with store.transaction() as tx:
            loaded = await load(tx, table.id)
        assert loaded is not None
        bob = next(s for s in loaded.seats if s.user_id and loaded.user(s).name == "Bob")  # type: ignore[union-attr]
        assert bob.bot_level is not None and bob.left_match
    finally:
        service.clock.timers.shutdown()
