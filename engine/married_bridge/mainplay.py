"""Dealing (MB-DEAL), the main play (MB-PLAY), scoring a game (MB-SCORE) and the end (MB-END)."""

from __future__ import annotations

from engine.cards import suit
from engine.events import DealScored, Dealt, Event, MatchOver, TrickTaken
from engine.married_bridge.prelim import PLAYED
from engine.married_bridge.rules import (
    BOOK,
    CARDS52,
    PLAY_CODES,
    POWER,
    TRICKS,
    legal_cards,
    split_deck,
)
from engine.married_bridge.scoring import (
    cell,
    contract_text,
    match_result,
    note,
    score_game,
)
from engine.married_bridge.state import MBState
from engine.shuffle import seeded_shuffle


def deal(s: MBState) -> list[Event]:
    """Deal the next game (MB-DEAL-3 to MB-DEAL-6).

    The first game uses the given ``deck`` if any; otherwise the pack is a permutation seeded by
    the match seed and the game number. The non-dealer (elder hand) leads (MB-PRE-1).
    """
    if s.game_no == 0 and s.first_deck is not None:
        d = list(s.first_deck)
    else:
        d = seeded_shuffle(CARDS52, f"married_bridge:{s.seed}:{s.game_no}")
    s.game_no += 1
    elder = 1 - s.dealer
    first, second, talon = split_deck(d)
    s.hands = [[], []]
    s.hands[elder], s.hands[s.dealer], s.talon = first, second, talon
    s.phase, s.turn, s.leader = "preliminary", elder, elder
    s.trick, s.last_trick, s.prelim_done, s.main_done = [], [], 0, 0
    s.drawing, s.draw_leader, s.next_leader = False, elder, elder
    s.drawn, s.offender, s.irregular, s.privileged, s.seen = [False, False], None, "", None, []
    s.calls, s.bid_level, s.bid_strain, s.bidder, s.contra = [], 0, "", None, False
    s.declarer, s.level, s.strain, s.multiplier = None, 0, "", 1
    s.tricks_won = [0, 0]
    return [Dealt(deal=s.game_no, dealer=s.dealer, public={})]


def trump_of(s: MBState) -> str | None:
    """The trump suit of the contract, None in no-trumps (MB-PLAY-2)."""
    return None if s.strain == "NT" else s.strain


def play_codes(s: MBState, seat: int) -> list[str]:
    """``play:<card>`` codes of ``seat`` in the main play (MB-PLAY-3, MB-PLAY-4)."""
    if s.phase != "main_play" or seat != s.turn:
        return []
    trump = trump_of(s)
    led = suit(s.trick[0][1]) if s.trick else None
    return [PLAY_CODES[c] for c in legal_cards(s.hands[seat], led, trump,
                                                may_ruff=trump is not None)]


def play(s: MBState, seat: int, card: str) -> list[Event]:
    """Play ``card``; a completed trick goes to its winner (MB-PLAY-5), who leads (MB-PLAY-6)."""
    s.hands[seat].remove(card)
    trick = s.trick
    if not trick:
        trick.append([seat, card])
        s.turn = 1 - seat
        return [PLAYED[seat][card]]
    trick.append([seat, card])
    first, led = trick[0]  # trick_winner of two cards (in no-trumps no suit is the strain)
    suit = card[1]
    if suit == led[1]:
        winner = seat if POWER[card] > POWER[led] else first
    else:
        winner = seat if suit == s.strain else first  # a trump wins; a discard never does
    s.main_done += 1
    s.tricks_won[winner] += 1
    events: list[Event] = [
        PLAYED[seat][card],
        TrickTaken(number=s.main_done, cards=((first, led), (seat, card)), winner=winner,
                   points=0)]
    s.last_trick, s.trick = trick, []
    s.turn = s.leader = winner
    if s.main_done == TRICKS:  # MB-PLAY-8
        return events + score(s)
    return events


def score(s: MBState) -> list[Event]:
    """Score the game (MB-SCORE), write the sheet row and end the match or deal again.

    The ``deal_scored`` event has one dict per seat: ``tricks`` (main-play tricks taken),
    ``deal_points`` and ``written`` (the points written this game), ``cell`` (sheet notation),
    ``total`` (running total), ``role`` (``declarer`` / ``defender``) and ``needed`` (the tricks
    that seat needed: ``6 + level`` to make, ``8 - level`` to defeat). ``outcome`` is ``made``
    or ``defeated``.
    """
    assert s.declarer is not None
    declarer, defender = s.declarer, 1 - s.declarer
    tricks = s.tricks_won[declarer]
    result = score_game(level=s.level, strain=s.strain, multiplier=s.multiplier, tricks=tricks)
    points = [0, 0]
    points[declarer], points[defender] = result.declarer, result.defender
    s.totals = [t + p for t, p in zip(s.totals, points, strict=True)]
    contract = contract_text(s.level, s.strain, s.multiplier)
    cells = [cell(p) for p in points]
    s.rows.append({"deal": s.game_no, "cells": cells, "points": list(points),
                   "note": note(contract, declarer, tricks)})
    sides = tuple(
        {"tricks": s.tricks_won[p], "deal_points": points[p],
         "written": points[p], "cell": cells[p], "total": s.totals[p],
         "role": "declarer" if p == declarer else "defender",
         "needed": BOOK + s.level if p == declarer else TRICKS + 1 - BOOK - s.level}
        for p in (0, 1))
    events: list[Event] = [DealScored(deal=s.game_no, declarer=declarer,
                                      outcome="made" if result.made else "defeated",
                                      sides=sides)]
    games = 1 if s.options["match_format"] == "single_game" else 2
    if s.game_no >= games:  # MB-END-1, MB-END-2
        winner, line = match_result(s.totals)
        s.phase, s.result = "over", {"winner": winner, "line": line,
                                     "score": list(s.totals)}
        return [*events, MatchOver(winner=winner, line=line, totals=tuple(s.totals))]
    s.dealer = 1 - s.dealer  # MB-DEAL-2
    return events + deal(s)
