"""No button or takeback label shows an unfilled ``{field}`` (issue #18, a new player's pass):
the takeback of a Deberts declaration read "Take back: Declare: {best_meld}", its label drawn
from the public table, which does not hold the mover's meld."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from bot.i18n import Catalogs
from bot.show.common import code_label
from bot.show.takeback import label_view, move_label

LANGS = ("ru", "uk", "en")
MELD = {"ru": "Объявить: терц", "uk": "Оголосити: терц", "en": "Declare: terz"}


def _labels(tr: Any, m: engine.Match, seat: int, code: str) -> list[str]:
    view = m.view(seat)
    return [code_label(tr, code, view),
            move_label(tr, {"code": code, "view": label_view(view)}, view),  # the mover's button
            move_label(tr, {"code": code, "view": label_view(m.public_view())}, view),  # older
            move_label(tr, {"code": code}, {"groups": {}})]  # a deal record's bare entry


@pytest.mark.parametrize("game", [g.id for g in engine.list_games()])
def test_no_label_of_a_legal_code_leaves_a_field_unfilled(game: str) -> None:  # DB-MELD-5
    info = engine.get_game(game).info
    trs = [Catalogs().translator(lang) for lang in LANGS]
    for players in range(info.min_players, info.max_players + 1):
        for seed in (1, 2, 3):
            rng = random.Random(seed)
            m = engine.get_game(game).new_match(players=players, seed=seed)
            for _ in range(500):
                if m.to_move is None:
                    break
                for seat in range(players):
                    codes = m.legal_actions(seat)
                    for code in rng.sample(codes, min(len(codes), 25)):
                        for tr in trs:
                            for label in _labels(tr, m, seat, code):
                                assert "{" not in label and "}" not in label, (code, label)
                m.apply(m.to_move, rng.choice(m.legal_actions(m.to_move)))


@pytest.mark.parametrize("lang", LANGS)
def test_a_declaration_taken_back_names_its_meld(lang: str) -> None:  # DB-MELD-5
    tr = Catalogs().translator(lang)
    for seed in range(1, 60):
        m = engine.get_game("deberts").new_match(players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            seat = m.to_move
            if seat is None:
                break
            view = m.view(seat)
            if "declare:best" in m.legal_actions(seat) and \
                    any(f["value"] == "terz" for f in view["private"]):
                named = label_view(view)
                m.apply(seat, "declare:best")
                # the request, the notices and the deal record read the label as it was kept
                assert move_label(tr, {"code": "declare:best", "view": named},
                                  m.public_view()) == MELD[lang]
                assert code_label(tr, "declare:best", m.public_view()) == \
                    tr("code.declare.best.bare")
                return
            m.apply(seat, rng.choice(m.legal_actions(seat)))
    raise AssertionError("no seed gives a terz to declare")
