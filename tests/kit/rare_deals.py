"""Deals random play never reaches, built from a deck and a scripted action list or a seeded
policy (the engine is deterministic), and every message a player reads for them: the group's
deal result, the sheet, the deal record (issue #20).
Used by tests/bot/test_rare_deals_screens.py."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from bot.i18n import Translator
from bot.records.core import DealRecord, deal_record, export_data
from bot.records.text import render_deal_record
from bot.show.common import TableInfo
from bot.show.events import render_event
from bot.show.sheet import render_sheet

NAMES = ("Anna", "Boris", "Vera", "Gleb")
Policy = Callable[[engine.Match, int, list[str], random.Random], str]


@dataclass
class Deal:
    """A finished deal: the match just after it, its ``deal_scored`` event, its last trick
    (``{"cards", "winner"}``, None in a game without tricks) and its record."""

    match: engine.Match
    info: TableInfo
    scored: dict[str, Any]
    last_trick: dict[str, Any] | None
    record: DealRecord

    def result(self, tr: Translator) -> str:
        """The group's deal result, as the table's display posts it."""
        text = render_event(tr, self.info, self.scored, last_trick=self.last_trick,
                            sheet_rows=self.match.score_sheet["rows"])
        assert text is not None
        return text

    def sheet(self, tr: Translator) -> str:
        return render_sheet(tr, self.info, self.match.score_sheet)

    def deal_record(self, tr: Translator) -> str:
        return render_deal_record(tr, self.info, self.record,
                                  sheet_rows=self.match.score_sheet["rows"])


def info_of(game: str, match: engine.Match) -> TableInfo:
    sides = tuple(tuple(s["seats"]) for s in match.score_sheet["sides"])
    return TableInfo(1, 1, game, "Club", NAMES[:match.players], sides=sides)


def play(game: str, players: int, *, seed: int = 1, deck: Sequence[str] | None = None,
         actions: Sequence[tuple[int, str]] = (), policy: Policy | None = None,
         until: Callable[[dict[str, Any]], bool] = lambda e: True,
         limit: int = 3000) -> Deal:
    """Play ``actions``, then ``policy`` (a random.Random(seed) to choose with), until a deal
    is scored that ``until`` accepts; its record is replayed from the export data."""
    match = engine.get_game(game).new_match(players=players, seed=seed, deck=deck)
    rng = random.Random(seed)
    done: list[tuple[int, str]] = []
    script = list(actions)
    last: dict[str, Any] | None = None
    for _ in range(limit):
        seat = match.to_move
        assert seat is not None, "the match ended first"
        legal = match.legal_actions(seat)
        if script:
            seat, code = script.pop(0)
        else:
            assert policy is not None, "the script ended before the deal"
            code = policy(match, seat, legal, rng)
        done.append((seat, code))
        for event in (e.to_dict() for e in match.apply(seat, code)):
            if event["type"] == "trick":
                last = {"cards": [tuple(c) for c in event["cards"]], "winner": event["winner"]}
            if event["type"] == "deal_scored" and until(event):
                data = export_data(game=game, players=players, options={}, seed=seed,
                                   deck=None if deck is None else list(deck), actions=done)
                record = deal_record(data, int(event["deal"]))
                assert record is not None
                return Deal(match, info_of(game, match), event, last, record)
    raise AssertionError("never reached")
