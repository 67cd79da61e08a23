"""A Berg hand whose only move is to draw (or, after the draw, to pass) says why (#18/#20): no
card fits the top card, a jack's order or a queen's (BERG-PLAY-1..3, BERG-TURN-4,
BERG-DRAW-2), or the other pair's dobor forbids every move (BERG-DECL-7). A lone "Draw from
the stock" button left the player guessing; the terminal shows the same hand message."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import card_text
from bot.show.hand import render_hand
from tests.engine.berg_helpers import act, arrange, deck_for, new_match
from tests.kit.rare_deals import info_of

CATALOGS = Catalogs()


def _hand(lang: str, drew: bool = False, **position: Any) -> str:
    m = new_match(deck_for({}, "9C"))
    arrange(m, turn=0, **position)
    if drew:
        act(m, 0, "draw")
    tr = CATALOGS.translator(lang)
    return render_hand(tr, info_of("berg", m), m.view(0), m.legal_actions(0)).text


@pytest.mark.parametrize("lang", LANGS)
def test_no_card_fits_the_top_card(lang: str) -> None:  # BERG-PLAY-3, BERG-TURN-4
    tr = CATALOGS.translator(lang)
    text = _hand(lang, hands={0: ["KD", "8C"]}, pile=[("9S", 3)])
    said = tr("hand.berg.no_move.top", top=card_text("9S", tr))
    assert f"{said} — {tr('hand.berg.no_move.draw')}" in text, text
    # after the draw, a card that does not fit either: only the pass is left
    text = _hand(lang, drew=True, hands={0: ["KD", "8C"]}, pile=[("9S", 3)],
                 stock=["6H"])
    assert f"{said} — {tr('hand.berg.no_move.pass')}" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_that_fits_says_nothing(lang: str) -> None:
    tr = CATALOGS.translator(lang)
    text = _hand(lang, hands={0: ["KD", "8S"]}, pile=[("9S", 3)])
    assert tr("hand.berg.no_move.draw") not in text
    # the card drawn fits: he may play it or pass, a choice
    text = _hand(lang, drew=True, hands={0: ["KD", "8C"]}, pile=[("9S", 3)], stock=["6S"])
    assert tr("hand.berg.no_move.pass") not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_jacks_order_nobody_holds(lang: str) -> None:  # BERG-PLAY-1, BERG-EFF-9
    tr = CATALOGS.translator(lang)
    text = _hand(lang, hands={0: ["KD", "8C"]}, pile=[("JS", 3)], order=["card", "6"])
    said = tr("hand.berg.no_move.card_order", order="6")
    assert f"{said} — {tr('hand.berg.no_move.draw')}" in text, text
    assert "6" in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_queens_suit_order(lang: str) -> None:  # BERG-PLAY-2
    tr = CATALOGS.translator(lang)
    text = _hand(lang, hands={0: ["KD", "8C"]}, pile=[("QS", 3)], order=["suit", "H"])
    said = tr("hand.berg.no_move.suit_order", suit="♥")
    assert f"{said} — {tr('hand.berg.no_move.draw')}" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_other_pairs_dobor(lang: str) -> None:  # BERG-DECL-7
    tr = CATALOGS.translator(lang)
    # 9♥ would fit 9♠, but with three cards a move would leave him two
    text = _hand(lang, hands={0: ["9H", "KD", "8C"]}, pile=[("9S", 3)],
                 dobor_declared=[False, True], dobor_active=[False, True])
    said = tr("hand.berg.no_move.dobor")
    assert f"{said} — {tr('hand.berg.no_move.draw')}" in text, text
    assert {"ru": "трёх", "uk": "три", "en": "three"}[lang] in said


#: a jack's order of a face card, as the player reads why he must draw: the order is named as
#: the table's line names it («Заказ валетом: дама»), since «Валет заказал дама» put the rank
#: in the wrong case in Russian and Ukrainian (vtgb)
FACE_ORDER = {
    "ru": "Заказ валетом: дама, а такой карты у вас нет — возьмите карту из колоды",
    "uk": "Замовлення валетом: дама, а такої карти у вас немає — візьміть карту з колоди",
    "en": "Jack's order: queen, and you hold none — draw a card from the stock",
}

#: The hint under a jack's order of a face card or the joker, whole: the order is said as the
#: table's line says it ("Заказ валетом: король"), never "Валет заказал король", which reads
#: as the king giving the order (the name would need its accusative, «короля»).
_ORDERED = {
    "ru": "Заказ валетом: {order}, а такой карты у вас нет — возьмите карту из колоды",
    "uk": "Замовлення валетом: {order}, а такої карти у вас немає — візьміть карту з колоди",
    "en": "Jack's order: {order}, and you hold none — draw a card from the stock",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_jacks_face_order_reads_in_the_right_case(lang: str) -> None:  # BERG-PLAY-1
    text = _hand(lang, hands={0: ["KD", "8C"]}, pile=[("JS", 3)], order=["card", "Q"])
    assert FACE_ORDER[lang] in text, text
    assert "заказал дама" not in text and "замовив дама" not in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("order", ["J", "K", "A", "JK"])
def test_a_jacks_order_of_a_face_card_reads_whole(lang: str, order: str) -> None:
    # BERG-EFF-7, BERG-EFF-9: the jack names a rank or the joker; he holds none of it
    tr = CATALOGS.translator(lang)
    text = _hand(lang, hands={0: ["9D", "8C"]}, pile=[("JS", 3)], order=["card", order])
    named = tr(f"val.{order}")
    assert _ORDERED[lang].format(order=named) in text, text
    assert tr("fact.berg.card_order") + ": " + named in text, text  # the table's line
