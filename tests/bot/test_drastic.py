"""The misclick guard's list (bot/state/drastic.py): which calls ask for a second tap, and the
question on a hand message in the three languages."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.model import ActData, ExpandData
from bot.show.common import TableInfo
from bot.show.hand import render_hand
from bot.state.drastic import DRASTIC, drastic_reason, drastic_why, is_drastic


def _bazar_last_word() -> engine.Match:
    """Seat 0 bid 8 spades and the three others passed: seat 0 has the last word."""
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1, options={"first_dealer": 3})
    for seat, code in ((0, "bid:8:S"), (1, "pass"), (2, "pass"), (3, "pass")):
        m.apply(seat, code)
    return m


def test_kapo_and_kapo_on_one_hand_ask() -> None:  # BB-BID-3, BB-BID-4, BB-BID-11
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1, options={"first_dealer": 3})
    assert is_drastic(m, 0, "bid:kapo:S") and is_drastic(m, 2, "bid:kapo1:NT")
    assert not is_drastic(m, 0, "pass") and not is_drastic(m, 0, "bid:8:S")
    # a bid the cards alone cannot make asks though the auction goes on (BB-BID-2, BB-BID-7)
    assert "bid:20:S" in m.legal_actions(0) and is_drastic(m, 0, "bid:20:S")


def test_a_high_raise_on_the_last_word_asks() -> None:  # BB-BID-18
    m = _bazar_last_word()
    assert m.to_move == 0
    assert is_drastic(m, 0, "bid:17:S")  # ends the auction at 17: melds needed on top
    assert not is_drastic(m, 0, "bid:16:S")  # ends it, at a level made with cards alone
    assert is_drastic(m, 0, "bid:17:H")  # a change: the auction goes on, the need is the same
    assert m.public_view()["phase"] == "bidding"  # the trial left the match as it was


def test_contra_recontra_four_sevens() -> None:  # BB-BID-13, BB-BID-15, BB-MELD-14
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1)
    assert all(is_drastic(m, 0, c) for c in ("contra", "recontra", "declare:four7"))
    assert not is_drastic(m, 0, "declare:four8") and not is_drastic(m, 0, "declare:best")


def test_deberts_redeal_claim_concession() -> None:  # DB-REDEAL-2, DB-MOS-15, DB-DAVE-1
    m = engine.get_game("deberts").new_match(players=2, seed=1)
    assert all(is_drastic(m, 0, c) for c in ("redeal", "claim", "dave:concede", "accept50"))
    assert not any(is_drastic(m, 0, c) for c in ("take", "pass", "dave", "dave:accept",
                                                 "declare:best", "play:JH"))


def test_berg_paid_declarations_and_surrender() -> None:  # BERG-DECL-14, BERG-DECL-3
    m = engine.get_game("berg").new_match(players=4, seed=1)
    for code in ("declare:dobor", "declare:surrender", "declare:open:1", "declare:open:both",
                 "declare:shuffle", "declare:fire", "declare:insure"):
        assert is_drastic(m, 0, code), code
    assert not any(is_drastic(m, 0, c) for c in ("suggest:surrender", "suggest:dobor", "draw",
                                                 "pass", "play:7S"))


def test_married_bridge_slams_and_doubles() -> None:  # MB-CODES
    m = engine.get_game("married_bridge").new_match(players=2, seed=1)
    assert all(is_drastic(m, 0, c) for c in ("bid:6:S", "bid:7:NT", "contra", "recontra"))
    assert not any(is_drastic(m, 0, c) for c in ("bid:5:NT", "bid:1:C", "pass", "play:QH"))


def test_every_game_has_its_list() -> None:
    assert set(DRASTIC) == {g.id for g in engine.list_games()}


def test_random_playouts_guard_only_listed_calls() -> None:
    """Over seeded playouts of every game, a card play or a pass is never drastic, but for a
    bela's second card played without the "rebela" it could take (BB-PLAY-11)."""
    for info in engine.list_games():
        m = engine.get_game(info.id).new_match(players=info.max_players, seed=3)
        rng = random.Random(3)
        for _ in range(400):
            if m.is_over or m.to_move is None:
                break
            seat = m.to_move
            codes = m.legal_actions(seat)
            for code in codes:
                skips = f"{code}:rebela" in codes
                if code == "pass" or code.startswith("play:") or code.startswith("draw"):
                    assert is_drastic(m, seat, code) == skips, (info.id, code)
            m.apply(seat, rng.choice(codes))


def test_the_question_in_three_languages() -> None:
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1, options={"first_dealer": 3})
    info = TableInfo(table_id=7, version=3, game="bazar_belot", chat_title="Club",
                     names=("A", "B", "C", "D"))
    codes = m.legal_actions(2)
    expected = {"ru": ("Капо на одной руке ♠ — подтвердить?", "✅ Да: Капо на одной руке ♠"),
                "uk": ("Капо на одній руці ♠ — підтвердити?", "✅ Так: Капо на одній руці ♠"),
                "en": ("Kapo on one hand ♠ — confirm?", "✅ Yes: Kapo on one hand ♠")}
    for lang, (line, yes) in expected.items():
        tr = Catalogs().translator(lang)
        screen = render_hand(tr, info, m.view(2), codes, confirming="bid:kapo1:S")
        assert line in screen.text
        assert [b.text for b in screen.buttons[0]] == [yes]
        assert screen.buttons[0][0].data == ActData(7, 3, "bid:kapo1:S", confirmed=True)
        assert screen.buttons[1][0].data == ExpandData(7, 3, "")
    # a call no longer among the legal codes is never asked about: the usual buttons
    tr = Catalogs().translator("en")
    plain = render_hand(tr, info, m.view(2), codes, confirming="bid:kapo:S")
    assert "confirm?" not in plain.text


def test_the_question_says_why_it_asks() -> None:  # MB-BID-2, MB-SCORE-5, BB-BID-3, DB-DAVE-1
    """Issue #18: "7♠ — confirm?" did not say why; each drastic call names what it costs."""
    m = engine.get_game("married_bridge").new_match(players=2, seed=1)
    info = TableInfo(table_id=7, version=3, game="married_bridge", chat_title="Club",
                     names=("A", "B"))
    grand = {"ru": "все 13 взяток", "uk": "всі 13 взяток", "en": "all 13 tricks"}
    small = {"ru": "12 взяток из 13", "uk": "12 взяток із 13", "en": "12 of the 13 tricks"}
    for lang in ("ru", "uk", "en"):
        tr = Catalogs().translator(lang)
        for code, words in (("bid:7:S", grand), ("bid:6:NT", small)):
            text = render_hand(tr, info, m.view(0), [code], confirming=code).text
            assert words[lang] in text, text
    # every drastic call of every game has its reason, in every language
    for game, patterns in DRASTIC.items():
        for pattern in patterns:
            code = pattern.replace("*", "S")
            key = drastic_reason(game, code)
            assert key is not None, (game, code)
            for lang in ("ru", "uk", "en"):
                assert Catalogs().has(lang, key), (lang, key)
    assert drastic_reason("bazar_belot", "bid:17:S") == "confirm.why.bb_high"


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_high_contracts_are_not_called_slams(lang: str) -> None:  # MB-SCORE-6
    # "Большой шлем" promised a bridge player a slam bonus the game does not have
    tr = Catalogs().translator(lang)
    for key in ("confirm.why.small_slam", "confirm.why.grand_slam"):
        text = tr(key).lower()
        assert "шлем" not in text and "шолом" not in text and "slam" not in text, text
    assert "13" in tr("confirm.why.grand_slam") and "7" in tr("confirm.why.grand_slam")


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", ("стоимость заказа", "заканчивает торговлю", "БТ")),
    ("uk", ("вартість замовлення", "завершує торгівлю", "БТ")),
    ("en", ("contract's value", "ends the bidding", "BT"))])
def test_the_contra_question_says_what_a_contra_does(lang: str, words: tuple[str, ...]
                                                      ) -> None:  # BB-BID-13, -14, BB-SCORE-8
    # «Контра удваивает очки раздачи» was wrong: only the contract value is doubled (the 16
    # and the melds are not), and a contra ends the bidding and risks a BT when the contract
    # is made
    said = drastic_why(Catalogs().translator(lang), "bazar_belot", "contra", "Контра")
    assert all(w in said for w in words), said
    assert "раздачи" not in said and "deal's score" not in said
