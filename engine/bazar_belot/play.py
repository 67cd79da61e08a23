"""Card play: legal cards and codes, bela words, refusals (BB-PLAY-3 to BB-PLAY-11, BEL-PLAY).

Functions of the match ``State``; ``play_codes`` lists what the seat on turn may play and
``refusal`` says in plain words (with the rule id) why another ``play:`` code is refused.
"""

from __future__ import annotations

from typing import Final

from engine.bazar_belot.melds import bela_suits, bela_word
from engine.bazar_belot.state import State, partner_of
from engine.belote.common import (
    CARDS32,
    PLAY_CODES,
    SUIT_CONTRACT,
    contract_legal_cards,
    contract_trick_winner_index,
)
from engine.cards import suit
from engine.errors import IllegalAction


def legal_cards(s: State, seat: int) -> list[str]:
    """Cards ``seat`` may play to the current trick (BB-PLAY-3 to BB-PLAY-9).

    Bazar-Belot's parameters of the common algorithm: partner exception on, undertrump free.
    """
    strain = s.strain
    kind = _KIND.get(strain, SUIT_CONTRACT)  # s.kind and s.trump, read once
    trump = strain if kind == SUIT_CONTRACT else None
    return _legal(s, seat, kind, trump)


def _legal(s: State, seat: int, kind: str, trump: str | None) -> list[str]:
    trick = s.trick
    if not trick:
        return list(s.hands[seat])
    cards = [c for _, c in trick]
    winner = trick[contract_trick_winner_index(cards, kind, trump)][0]
    return contract_legal_cards(s.hands[seat], cards, kind, trump,
                                partner_winning=winner == partner_of(seat),
                                partner_exception=True)


_KIND: Final = {"NT": "no_trumps", "AT": "all_trumps"}  # any other strain: a suit contract


def play_codes(s: State, seat: int) -> list[str]:
    """``play:<card>`` for each legal card, plus ``play:<card>:bela`` / ``:rebela`` where the
    word is open (BB-MELD-10, BB-MELD-11, BB-PLAY-11)."""
    strain = s.strain
    kind = _KIND.get(strain, SUIT_CONTRACT)
    trump = strain if kind == SUIT_CONTRACT else None
    trick = s.trick
    if trick:
        legal = _legal(s, seat, kind, trump)
        led: str | None = trick[0][1][1]
    else:  # a lead: every card of the hand (read, not changed)
        legal, led = s.hands[seat], None
    suits = bela_suits(kind, trump, led)
    if not suits:  # no bela word can be said now: one code per card
        return [PLAY_CODES[c] for c in legal]
    hand, status = s.hands[seat], s.bela[seat]
    codes = []
    for c in legal:
        codes.append(PLAY_CODES[c])
        if c[0] in "KQ":
            word = bela_word(c, hand, status, suits)
            if word:
                codes.append(f"play:{c}:{word}")
    return codes


def update_bela(s: State, seat: int, card: str, word: str) -> None:
    """Follow the bela of ``card``'s suit as it is played (BB-MELD-10, BB-MELD-11, BB-PLAY-11).

    ``s.bela[seat][suit]``: ``said`` after ``:bela``, ``done`` after ``:rebela``, ``void``
    when a bela card went without its word (that bela can no longer score), ``lost`` when
    that happened after ``:bela`` was said (the table is told).
    """
    x = card[1]
    if (card[0] not in "KQ" or s.kind == "no_trumps"
            or (s.kind == "suit" and x != s.trump)):
        return
    status = s.bela[seat]
    if word:
        status[x] = "said" if word == "bela" else "done"
        return
    other = ("Q" if card[0] == "K" else "K") + x
    if status.get(x) == "said":  # a said bela voided (BB-MELD-11): public, as its word was
        status[x] = "lost"
    elif x not in status and other in s.hands[seat]:
        status[x] = "void"


def refusal(s: State, seat: int, code: str) -> IllegalAction:
    """Why ``code`` (not in ``play_codes``) is refused for the seat on turn in the play."""
    if code.startswith("declare:"):
        return IllegalAction("you have made your declaration: one per deal, before your "
                             "first card", "BB-MELD-4")
    parts = code.split(":")
    if parts[0] != "play" or len(parts) not in (2, 3) or parts[1] not in CARDS32:
        return IllegalAction(f"{code!r} is not an action here: play a card with "
                             "play:<card>, e.g. play:TS", "BB-CODES")
    card = parts[1]
    if card not in s.hands[seat]:
        return IllegalAction(f"you do not hold {card}", "BB-CODES")
    if len(parts) == 3:
        if parts[2] not in ("bela", "rebela"):
            return IllegalAction(f"{parts[2]!r} is not a word said with a card", "BB-CODES")
        if f"play:{card}" in play_codes(s, seat):
            rule = "BB-MELD-12" if s.kind == "no_trumps" else (
                "BB-MELD-11" if s.kind == "all_trumps" else "BB-PLAY-11")
            return IllegalAction(f"{parts[2]!r} cannot be said with {card} now", rule)
    if not s.trick:
        return IllegalAction(f"{code!r} is not allowed now", "BB-CODES")
    led = suit(s.trick[0][1])
    if s.kind == "all_trumps" and card[1] == led:
        return IllegalAction("you must beat the highest card of the led suit if you can",
                             "BB-PLAY-9")
    if s.trump == led and card[1] == led:
        return IllegalAction("trumps were led: you must beat the highest trump if you can, "
                             "even your partner's", "BB-PLAY-4")
    if any(c[1] == led for c in s.hands[seat]):
        return IllegalAction(f"you must follow suit ({led})", "BB-PLAY-3")
    return IllegalAction("an opponent holds the trick: you must take it with a trump",
                         "BB-PLAY-6")
