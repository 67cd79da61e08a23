"""What players read where the final new-player passes found words wrong (issue #18): Deberts'
rules in the reader's own words, the four-of-a-kind redeal named by its cards and confirmed
conditionally.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

import engine
from bot.i18n import Catalogs
from bot.show.common import TableInfo, num
from bot.show.events import render_event
from bot.show.hand import declared_for_you
from bot.state.forced import forced_code
from bot.tables.play import made_for
from bot.terminal.cli import main as play_main
from tests.bot.test_terminal_play import Player

CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_deberts_rules_say_the_hanging_bait_without_latin(lang: str) -> None:  # DB-SCORE-6
    text = CATALOGS.translator(lang)("rules.deberts")
    assert "(vs)" not in text, text
    hangs = {"ru": "повисают и достаются", "uk": "повисають і дістаються"}[lang]
    assert hangs in text, text


@pytest.mark.parametrize(("lang", "cards"), [
    ("ru", "четыре семёрки или восьмёрки"), ("uk", "чотири сімки або вісімки"),
    ("en", "four 7s or four 8s")])
def test_the_redeal_button_names_the_cards(lang: str, cards: str) -> None:  # DB-REDEAL-2
    label = CATALOGS.translator(lang)("code.redeal")
    # Deberts has no four-of-a-kind melds (DB-MELD-3): the redeal is named by its cards
    assert cards in label and "рамки" not in label, label


@pytest.mark.parametrize(("lang", "first"), [
    ("ru", "Если подтвердите, "), ("uk", "Якщо підтвердите, "), ("en", "If you confirm, ")])
def test_the_redeal_confirmation_says_it_is_not_done_yet(lang: str, first: str) -> None:
    # asked before the redeal is made (DB-REDEAL-2): it must not read as done already
    assert CATALOGS.translator(lang)("confirm.why.redeal").startswith(first)



def _married_bridge_deals(deals: int) -> tuple[engine.Match, list[dict[str, Any]]]:
    """A Married bridge rubber played by its first legal calls until ``deals`` deals are
    scored (or it ends); the ``deal_scored`` events, in order."""
    m = engine.get_game("married_bridge").new_match(
        players=2, seed=3, options={"match_format": "rubber_of_two"})
    scored: list[dict[str, Any]] = []
    while len(scored) < deals and not m.is_over:
        seat = m.to_move
        assert seat is not None
        for e in m.apply(seat, sorted(m.legal_actions(seat))[0]):
            if e.to_dict()["type"] == "deal_scored":
                scored.append(e.to_dict())
    return m, scored


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_married_bridge_on_the_sheet_is_the_running_total(lang: str) -> None:  # MB-SCORE-8
    # «… = 480 · на листе: +480» while the total was 780; in every other game «на листе» is
    # the total the player now has
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "married_bridge", "Club", ("Anna", "Boris"))
    m, scored = _married_bridge_deals(3)
    totals = [0, 0]
    for event in scored:
        row = next(r for r in m.score_sheet["rows"] if r["deal"] == event["deal"])
        text = render_event(tr, info, event, row=row) or ""
        for seat, side in enumerate(event["sides"]):
            totals[seat] += side["written"]
            line = next(x for x in text.splitlines() if x.startswith(info.names[seat] + ":"))
            assert line.endswith(f" · {tr('score.sheet')}: {num(tr, totals[seat])}"), line
    # the last deal shows a total that is not its own entry
    assert any(t != s["written"] for t, s in zip(totals, scored[-1]["sides"], strict=True)), totals


def _declared_after_an_exchange() -> tuple[int, list[dict[str, Any]]]:
    """A seat that exchanged the trump 7 (DB-DEAL-6) and then had only «no declaration»
    left, made for him as the table makes it (DB-MELD-5); the change's events."""
    for seed in range(1, 300):
        m = engine.get_game("deberts").new_match(players=2, seed=seed)
        for _ in range(40):
            seat = m.to_move
            assert seat is not None
            legal = m.legal_actions(seat)
            if "swap7" in legal:
                events = [e.to_dict() for e in m.apply(seat, "swap7")]
                if forced_code(m, seat) != "declare:none":
                    break
                more = [e.to_dict() for e in m.apply(seat, "declare:none")]
                return seat, [*events, *made_for(more, "forced")]
            m.apply(seat, next((c for c in ("take", "declare:best") if c in legal), legal[0]))
    raise AssertionError("no seed found")


@pytest.mark.parametrize(("lang", "told"), [
    ("ru", "После обмена объявлять вам нечего: за вас сделано «без объявления»."),
    ("uk", "Після обміну оголошувати вам нічого: за вас зроблено «без оголошення»."),
    ("en", "After the exchange you had nothing to declare, so nothing was declared for you.")])
def test_no_declaration_after_the_exchange_says_the_exchange(lang: str, told: str
                                                             ) -> None:  # DB-DEAL-6, DB-MELD-5
    # the hand had offered «Без объявления» beside the exchange: «объявлять было нечего»
    # read as a contradiction
    seat, events = _declared_after_an_exchange()
    assert declared_for_you(CATALOGS.translator(lang), seat, events) == "ℹ️ " + told


class _Swapper(Player):
    """The scripted player, who takes the exchange of the trump 7 whenever it is offered."""

    def readline(self, size: int | None = -1) -> str:
        swap = CATALOGS.translator(self.lang)("code.swap7").split("{")[0]
        offered = re.search(r"  (\d+)\) " + re.escape(swap), self.out.getvalue()[-400:])
        if offered and not self.script:
            self.asked += 1
            return offered.group(1) + "\n"
        return super().readline(size)


@pytest.mark.parametrize(("lang", "told"), [
    ("ru", "После обмена объявлять вам нечего: за вас сделано «без объявления»."),
    ("uk", "Після обміну оголошувати вам нічого: за вас зроблено «без оголошення»."),
    ("en", "After the exchange you had nothing to declare, so nothing was declared for you.")])
def test_the_terminal_says_the_exchange_left_nothing_to_declare(lang: str, told: str
                                                                ) -> None:  # DB-MELD-5
    out = io.StringIO()
    play_main(["deberts", "--seed", "6", "--level", "easy", "--lang", lang],
              _Swapper(out, lang), out)
    lines = out.getvalue().splitlines()
    assert told in lines
