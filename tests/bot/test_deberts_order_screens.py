"""Deberts screens read in the order things happened (issue #20, render tests in ru, uk and
en): the dealer's exchange of the trump 7 for the up-card comes after the declaration the
non-dealer made before it, on the group's table and on a hand."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.hand import render_hand
from bot.show.table import render_table

NAMES = ("Anna", "Boris")


def _exchange_after_a_declaration() -> engine.Match:
    """A deal where seat 0 (the non-dealer, first to declare, DB-MELD-6) declares a meld and
    then seat 1, the dealer, exchanges the trump 7 (DB-DEAL-6) before his own declaration."""
    for seed in range(1, 400):
        match = engine.get_game("deberts").new_match(players=2, seed=seed)
        for _ in range(40):
            seat = match.to_move
            if seat is None:
                break
            legal = match.legal_actions(seat)
            if "swap7" in legal and seat == 1:
                match.apply(seat, "swap7")
                return match
            if "swap7" in legal:
                break  # the non-dealer holds the 7: another seed
            code = next((c for c in ("take", "declare:best") if c in legal), legal[0])
            if code == "declare:none":
                break  # nothing declared before the exchange: another seed
            match.apply(seat, code)
    raise AssertionError("no seed found")


@pytest.mark.parametrize("lang", LANGS)
def test_the_exchange_follows_the_declaration_made_before_it(lang: str) -> None:
    # DB-MELD-5 (each declares at his first turn, after his own exchange), DB-DEAL-6
    tr = Catalogs().translator(lang)
    match = _exchange_after_a_declaration()
    declared = tr("fact.declaration")
    exchanged = tr("fact.exchanged_seven")
    info = TableInfo(1, 1, "deberts", "Club", NAMES)
    screens = [render_table(tr, info, match.public_view()).text]
    screens += [render_hand(tr, info, match.view(s), match.legal_actions(s)).text for s in (0, 1)]
    for text in screens:
        lines = text.splitlines()
        first = next(i for i, line in enumerate(lines) if declared in line)
        swap = next(i for i, line in enumerate(lines) if exchanged in line)
        assert lines[first].startswith("Anna") and first < swap, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_line_comes_before_the_declarations(lang: str) -> None:
    # DB-BID-5 then DB-MELD-5: «Торговля: Анна играет» was read under her declaration
    tr = Catalogs().translator(lang)
    match = engine.get_game("deberts").new_match(players=2, seed=11)
    match.apply(0, "take")
    match.apply(0, "declare:best")
    info = TableInfo(1, 1, "deberts", "Club", NAMES)
    lines = render_table(tr, info, match.public_view()).text.splitlines()
    auction = next(i for i, x in enumerate(lines) if x.startswith(tr("table.calls") + ":"))
    declared = next(i for i, x in enumerate(lines) if tr("fact.declaration") in x)
    assert auction < declared, "\n".join(lines)
