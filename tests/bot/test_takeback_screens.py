"""What a takeback request reads on the hand of the player asked (render test, three
languages): the answer buttons are his own words, agreeing or not (issue #18: in Russian they
read "Take the move back" / "Do not take it back", the asker's words)."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.model import Screen
from bot.show.common import TableInfo
from bot.show.display import hand_screen
from bot.show.takeback import takeback_notice, with_takeback
from bot.state.load import LAST_HUMAN, TAKEBACK, Loaded
from storage.models import Chat, GameTable, MatchRecord, Seat

ANSWERS = {"ru": ["✅ Согласен", "✖ Не согласен"], "uk": ["✅ Згоден", "✖ Не згоден"],
           "en": ["✅ Accept", "✖ Decline"]}


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_asked_answers_agree_or_not(lang: str) -> None:
    tr = Catalogs().translator(lang)
    match = engine.get_game("deberts").new_match(players=2, seed=1)
    request = {"seat": 0, "seq": 1, "code": "pass", "asked": [1], "yes": []}
    table = GameTable(id=5, chat_id=1, game="deberts", creator_id=1,
                      options={"takebacks": "on", TAKEBACK: request})
    seats = [Seat(table_id=5, seat=s, user_id=s + 1) for s in (0, 1)]
    loaded = Loaded(table, Chat(id=1, platform="tg", ext_id="-1", title="Club"), seats, {},
                    None, match)
    info = TableInfo(5, 3, "deberts", "Club", ("Anna", "Boris"))
    screen = with_takeback(tr, info, loaded, 1, match.view(1), Screen("hand"))
    assert [b.text for b in screen.buttons[0]] == ANSWERS[lang]


WAITING_TAKEBACK = {"ru": "свой последний ход ещё можно вернуть", "uk":
                    "свій останній хід ще можна повернути", "en":
                    "you may still take back your last move"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_waiting_line_beside_a_live_take_back_says_it_may_be_used(lang: str) -> None:
    # issue #18: "Wait for your turn" above a live "↩️ Take back" button read as if nothing
    # could be pressed; the line says the last move may still be taken back
    tr = Catalogs().translator(lang)
    match = engine.get_game("deberts").new_match(players=2, seed=1)
    mover = match.to_move
    assert mover is not None
    code = match.legal_actions(mover)[0]
    match.apply(mover, code)
    assert match.to_move != mover  # he waits for the other
    table = GameTable(id=5, chat_id=1, game="deberts", creator_id=1, status="playing",
                      options={"takebacks": "on",
                               LAST_HUMAN: {"seat": mover, "seq": 1, "code": code}})
    seats = [Seat(table_id=5, seat=s, user_id=s + 1) for s in (0, 1)]
    record = MatchRecord(table_id=5, seed=1, players=2, snapshot_seq=1)
    loaded = Loaded(table, Chat(id=1, platform="tg", ext_id="-1", title="Club"), seats, {},
                    record, match)
    info = TableInfo(5, 3, "deberts", "Club", ("Anna", "Boris"))
    screen = hand_screen(tr, info, match, seats[mover], playing=True, loaded=loaded)
    assert [b.text[:2] for row in screen.buttons for b in row] == ["↩️"], screen.buttons
    waiting = next(line for line in screen.text.splitlines() if line.startswith("⏳"))
    assert WAITING_TAKEBACK[lang] in waiting, waiting
    assert waiting != tr("hand.waiting", name=info.names[1 - mover])
    # without the button (takebacks off) the line is the plain one
    table.options = {}
    plain = hand_screen(tr, info, match, seats[mover], playing=True, loaded=loaded)
    assert tr("hand.waiting", name=info.names[1 - mover]) in plain.text


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("ru", "↩️ Ход отменён (Boris не против): Anna — пас",
     "↩️ Ход отменён (все согласились): Anna — пас"),
    ("uk", "↩️ Хід скасовано (Boris не заперечує): Anna — пас",
     "↩️ Хід скасовано (усі погодилися): Anna — пас"),
    ("en", "↩️ Taken back (Boris agreed): Anna — pass",
     "↩️ Taken back (everyone agreed): Anna — pass")])
def test_the_deal_record_names_the_one_who_agreed(lang: str, one: str, many: str) -> None:
    # issue #20: "everyone agreed" when there was one other player to agree
    from bot.show.takeback import taken_back_lines
    from bot.state.load import TAKEN_BACK

    tr = Catalogs().translator(lang)
    info = TableInfo(5, 1, "deberts", "Club", ("Anna", "Boris", "Vera"))
    done = {"seat": 0, "code": "pass", "deal": 1, "view": {"game": "deberts", "facts": [],
                                                           "groups": {}}}
    lines = taken_back_lines(tr, info, {TAKEN_BACK: [{**done, "asked": [1]}]}, 1)
    assert [x.lower() for x in lines] == [one.lower()]
    lines = taken_back_lines(tr, info, {TAKEN_BACK: [{**done, "asked": [1, 2]}]}, 1)
    assert [x.lower() for x in lines] == [many.lower()]


WAITING_ONE = {"ru": "ждём ответа: Vera", "uk": "чекаємо на відповідь: Vera",
               "en": "still to answer: Vera"}
OTHERS = {"ru": "остальных", "uk": "інших", "en": "the others"}


@pytest.mark.parametrize("lang", LANGS)
def test_one_answer_left_is_named_not_the_others(lang: str) -> None:
    # issue #18: "waiting for the others" when one other player is left to answer; the names
    # follow a colon so that no case ending depends on them
    tr = Catalogs().translator(lang)
    match = engine.get_game("deberts").new_match(players=3, seed=1)
    request = {"seat": 0, "seq": 1, "code": "pass", "asked": [1, 2], "yes": [1]}
    table = GameTable(id=5, chat_id=1, game="deberts", creator_id=1,
                      options={"takebacks": "on", TAKEBACK: request})
    seats = [Seat(table_id=5, seat=s, user_id=s + 1) for s in (0, 1, 2)]
    loaded = Loaded(table, Chat(id=1, platform="tg", ext_id="-1", title="Club"), seats, {},
                    None, match)
    info = TableInfo(5, 3, "deberts", "Club", ("Anna", "Boris", "Vera"))
    text = with_takeback(tr, info, loaded, 1, match.view(1), Screen("hand")).text
    assert WAITING_ONE[lang] in text and OTHERS[lang] not in text, text
    notice = takeback_notice(tr, "tg", "takeback.accepted_one", name="Boris", mover="Anna",
                             call="pass", asked=["Boris", "Vera"], waiting=["Vera"])
    assert notice.startswith("↩️ Boris") and WAITING_ONE[lang] in notice, notice
    assert OTHERS[lang] not in notice, notice


BOT_AGREES = {"ru": ("Бот за игрока Vera согласен", "Все согласились", "Согласие: Boris"),
              "uk": ("Бот за гравця Vera згоден", "Усі погодилися", "Згода: Boris"),
              "en": ("The bot playing for Vera agrees", "Everyone agreed", "Boris agreed")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_that_took_a_seat_agrees_in_its_own_name(lang: str) -> None:
    # issue #18: the last one asked leaves, the bot playing his seat accepts: the notice said
    # "Everyone agreed" though he never did
    tr = Catalogs().translator(lang)
    bot, everyone, agreed = BOT_AGREES[lang]
    alone = takeback_notice(tr, "tg", "takeback.done", name="Vera", mover="Anna", call="pass",
                            asked=["Vera"], waiting=[], by_bot=["Vera"])
    assert bot in alone and everyone not in alone and agreed not in alone, alone
    both = takeback_notice(tr, "tg", "takeback.done", name="Vera", mover="Anna", call="pass",
                           asked=["Boris", "Vera"], waiting=[], by_bot=["Vera"])
    bot_for = bot.lower().rsplit(" ", 1)[0]  # "the bot playing for Vera", "agrees too" after
    assert agreed in both and bot_for in both.lower() and everyone not in both, both
    assert "Anna" in both and "pass" in both, both
    # everyone asked answered himself: "Everyone agreed", and one asked is named
    assert everyone in takeback_notice(tr, "tg", "takeback.done", name="Vera", mover="Anna",
                                       call="pass", asked=["Boris", "Vera"], waiting=[])
